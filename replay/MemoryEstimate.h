// What a generated replay will hold in memory, estimated before anything
// is generated, so that a run too large for the machine is refused at once
// with the --duration that fits, rather than killed by the system after
// minutes of simulation.
//
// A replay holds its whole workload (an event per logical operation, the
// property codes of every entity it creates) and, per design, every row it
// stores and a request state per event, for the whole run
// (docs/replay.md): its memory grows with the simulated time at the
// declared rates. Latencies grow only up to ReplayOptions::ExactLatencies
// per operation; past it they are counted in a histogram of fixed size. The figures per event, entity and
// row are measured on the demo workload (bench/README.md) and rounded up,
// and a design is assumed to store every write it is sent, so the estimate
// errs high for a throttled design and a read-heavy workload.
#pragma once

#include "replay/DesignPlan.h"
#include "replay/Workload.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tablelint::replay {

struct MemoryEstimate {
  // What each part of the replay holds: a fixed amount (the process, the
  // warm start's existing entities and rows) plus an amount per second of
  // simulated time at the declared rates.
  // And what grows only up to a bound (an operation's exact latencies):
  // bytes per second up to a most.
  struct Capped {
    double PerSecond = 0, Most = 0;
  };
  struct Part {
    double Fixed = 0, PerSecond = 0;
    std::vector<Capped> UpTo;
    double at(double Seconds) const {
      double Bytes = Fixed + PerSecond * Seconds;
      for (const Capped &C : UpTo)
        Bytes += std::min(C.PerSecond * Seconds, C.Most);
      return Bytes;
    }
  };
  Part Shared; // the process and the workload, held by every task
  // The tasks that run side by side with -j: each design's simulation,
  // and with two designs the answer check (a store of each design's rows).
  std::vector<Part> Tasks;
  unsigned Jobs = 1;
  double OperationsPerSecond = 0; // logical operations, at the full rate

  // Logical operations generated over Duration with the ramp-up.
  double operations(double Duration, double RampUp) const;
  // Peak bytes over Duration with the ramp-up: the shared part and the
  // Jobs largest tasks.
  double bytes(double Duration, double RampUp) const;
  // The longest duration (whole minutes, at least one) whose peak stays
  // within Available bytes; 0 when not even a minute does.
  double longestDuration(double Available, double RampUp) const;
};

// AnswerSample: with two designs, the share of the entities whose rows the
// answer check stores (AnswerCheckOptions::SampleShare; tables a `top`
// query reads count whole); 0: no answer check.
MemoryEstimate estimateReplayMemory(const Workload &W,
                                    const std::vector<DesignPlan> &Plans,
                                    const WorkloadOptions &Options,
                                    unsigned Jobs, double AnswerSample = 1);

} // namespace tablelint::replay
