// How long the simulated service takes to answer one request: a modelling
// assumption (docs/replay.md, "Latency"), drawn per request so that p50,
// p95 and p99 say something about the operations a design sends.
//
// A request's time is the client's round trip to the service (a constant:
// the network of a client in the account's region) plus a service time
// drawn from a lognormal distribution per kind of request: a point read,
// a single write (insert, upsert, merge, replace, delete), an entity group
// transaction, a query page, and a request turned away (503, 400). Batches
// and pages also cost per entity written or scanned, so a page scanning
// 1,000 entities is slower than one scanning 10. The medians, spreads and
// per-entity costs are measured against Azurite on loopback
// (bench/azurite_service_time.py): no public figure gives the cloud's, so
// the emulator says how the kinds compare, not what the cloud takes. A
// throttled request is answered at once (503), as the service does: the
// queueing under throttling is the client's (requests waiting for a
// concurrency slot held by retries) and the retry waits, which the
// simulation models (replay/Simulation.h).
//
// The draws come from a stream of the replay's seed, one per request in the
// order the service answers them: the same seed gives the same latencies.
#pragma once

#include "replay/Random.h"

#include <cstdint>

namespace tablelint::replay {

enum class RequestType : std::uint8_t {
  PointRead,
  Write,
  Batch,
  QueryPage,
  Rejected, // throttled (503) or refused before serving (400, 413)
};

struct ServiceTimeModel {
  // The client's round trip in the account's region (an assumption).
  double RoundTripSeconds = 0.004;
  struct Kind {
    double MedianSeconds = 0;    // of the service time, before entities
    double Sigma = 0;            // lognormal spread: p99 = median x e^(2.33 s)
    double PerEntitySeconds = 0; // written (batch) or scanned (page)
  };
  // Azurite 3.37, in memory, loopback: see docs/replay.md for the run.
  Kind PointRead{0.0007, 0.8, 0};
  Kind Write{0.0009, 0.8, 0};
  Kind Batch{0.0009, 0.5, 0.00004};
  Kind QueryPage{0.0016, 0.8, 0.0000037};
  Kind Rejected{0.0005, 0.5, 0};
};

class ServiceTime {
public:
  ServiceTime(const ServiceTimeModel &Model, std::uint64_t Seed);

  // Seconds from sending one request to its answer: the round trip and a
  // service time drawn for its type, Entities written (a batch) or scanned
  // (a page) included.
  double draw(RequestType Type, std::uint64_t Entities);

private:
  const ServiceTimeModel::Kind &kind(RequestType Type) const;
  double standardNormal();

  ServiceTimeModel Model;
  Rng Stream;
  // Box-Muller draws two normals at a time: the second, when kept.
  double Spare = 0;
  bool HasSpare = false;
};

} // namespace tablelint::replay
