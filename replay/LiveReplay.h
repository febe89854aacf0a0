// `replay --live URL`: runs a scaled-down copy of the logical workload
// through every design against a real Table endpoint (Azurite or an Azure
// account), checks that each query event returns the same logical entities
// in every design, and counts the real round trips and bytes.
//
// Scaling down (scaleDownWorkload): at most MaxOperations events are run, in
// time order. Queries keep up to a quarter of the budget, shared equally by
// the query names (a rare query keeps all of its executions, the others
// theirs evenly spaced over the run), and the writes are thinned evenly to
// fill the rest of the budget. An
// update, merge or delete is kept only when the insert of its entity was,
// so no write fails merely because the scaling dropped its entity. The
// events of one entity group (an execution of an `entitiesPerWrite` write,
// or of a declared transaction: same time, same write or unit) are kept or
// dropped together.
//
// Writing: the entities of one group go out as one entity group
// transaction per table and PartitionKey ($batch, one change set), as the
// simulator sends them: one round trip per execution, and a rejected
// sub-operation fails every entity of its change set.
//
// Retries: every request is retried as the design being run declares for
// the workload client that issues it (its `retry:`; a write or query
// without a client: azure-core's defaults), by the rules the simulator
// follows (core/RetrySchedule.h, live/TableRestClient.h's RetryPolicy);
// Options.Retries, when set, replaces every client's maxRetries. Waits are
// bounded by the run's deadline; a $batch is resent whole. Only what still fails after the
// last retry is a failure. A write whose retry met what its lost first
// attempt would explain (409/404) is read back (an insert): holding what
// was sent, it counts as written and as ambiguous; else it is a key
// collision, the design's failure.
//
// Comparison (precise rule): per query event, each design's result is the
// multiset of rows, a row being the values of the compared properties (a
// missing property counts as null). The compared properties are the logical
// entity's non-key properties when neither design's query has a select; the
// select list when one has; the intersection of both select lists when both
// have. PartitionKey, RowKey and Timestamp are never compared: keys differ
// between designs by construction. $top is sent as the page size and
// continuations are followed until $top rows are in (all of them without
// $top); a fan-out query
// reads every bucket and merges the reads in (RowKey, PartitionKey) order
// before the cut, as the simulator's answer check does.
//
// Layering: this header depends on replay/ only; LiveReplay.cpp (library
// tablelint-replay-live) uses the REST client of replay/live/.
#pragma once

#include "replay/DesignPlan.h"
#include "replay/Workload.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tablelint::replay {

struct LiveOptions {
  std::string Url;
  // Logical operations run (writes + queries), taken as described above.
  std::size_t MaxOperations = 2000;
  // Keep the tables after the run (else they are deleted).
  bool Keep = false;
  // Appended to every table name; empty: a random 6-character suffix.
  std::string RunSuffix;
  // Differences described in the report (all are counted).
  std::size_t MaxDifferences = 5;
  // The whole run, table creation to deletion, must end within this time
  // (--live-deadline); past it the run stops, deletes its tables and fails.
  // No retry backoff sleeps past it.
  double DeadlineSeconds = 600;
  // Retries of a throttled or timed-out request for every client
  // (--live-retries), in place of each client's declared maxRetries; the
  // declared policy, delays and retryOn still apply. Unset: as declared.
  // Also the retries of the run's own requests (table creation, deletion;
  // azure-core's 3 unless set).
  std::optional<unsigned> Retries;
};

// One kind of failure of a write or query: the operation, the status and
// how many logical operations it hit.
struct LiveFailure {
  std::string Operation;
  std::string Table;
  std::string Status; // "409 EntityAlreadyExists: ..."
  std::uint64_t Count = 0;
};

struct LiveDesignResult {
  std::string Label;
  std::vector<std::string> Tables; // names created on the endpoint
  // Wire figures of the workload's requests (table creation and deletion
  // excluded).
  std::uint64_t RoundTrips = 0, BytesSent = 0, BytesReceived = 0;
  std::uint64_t WriteRequests = 0, QueryRequests = 0;
  std::uint64_t EntitiesWritten = 0, EntitiesReturned = 0;
  std::uint64_t FailedOperations = 0;
  // Entity groups (one execution of a grouped write or unit, one partition
  // key) larger than one transaction may carry (100 entities, 4 MiB): sent
  // as several, as a client must, since the service refuses them whole.
  std::uint64_t GroupsSplit = 0;
  std::vector<LiveFailure> Failures;
  // Requests the endpoint itself failed (5xx, or no response): not the
  // design's doing, and the comparison is incomplete without them.
  std::uint64_t ServiceFailures = 0;
  std::string FirstServiceFailure; // "503 ServerBusy: ..."
  // The retry policy at work on the workload's requests:
  // 503 and 500 answers received (each one, retried or not),
  std::uint64_t ThrottledRequests = 0;
  // requests sent again (round trips count them too),
  std::uint64_t RetriedRequests = 0;
  // logical operations that still failed after their last retry (also in
  // FailedOperations and ServiceFailures),
  std::uint64_t FailedAfterRetries = 0;
  // time spent waiting between attempts,
  double BackoffSeconds = 0;
  // and logical operations of writes retried after an attempt of unknown
  // outcome that met 409 EntityAlreadyExists (an insert) or 404
  // ResourceNotFound (a delete) and whose first attempt landed (an insert
  // read back holding what was sent; a delete): written, not failed.
  std::uint64_t AmbiguousRetries = 0;
  bool TablesDeleted = false;
};

struct LiveDifference {
  std::string Query;
  double Time = 0;                   // the query event's intended time
  std::vector<std::string> Filters;  // per design
  std::vector<std::uint64_t> Counts; // entities returned per design
  std::string Detail; // a row only one design returned, or a failure
};

struct LiveRun {
  std::string Endpoint;
  std::size_t SourceOperations = 0;    // events of the full workload
  std::size_t Writes = 0, Queries = 0; // logical operations run
  // --live-retries when given (every client's maxRetries); unset: each
  // client's declared maxRetries applied.
  std::optional<unsigned> MaxRetries;
  std::vector<std::string> ComparedProperties; // per query op: "q: a, b"
  std::vector<LiveDesignResult> Designs;
  // Query events compared (two designs that both declare the query).
  std::uint64_t QueriesEqual = 0, QueriesDifferent = 0, QueriesSkipped = 0;
  std::vector<LiveDifference> Differences; // the first MaxDifferences

  bool agree() const { return QueriesDifferent == 0; }
  std::uint64_t serviceFailures() const {
    std::uint64_t N = 0;
    for (const LiveDesignResult &D : Designs)
      N += D.ServiceFailures;
    return N;
  }
};

// The events run live (indices into W.Events, in time order).
std::vector<std::uint32_t> scaleDownWorkload(const Workload &W,
                                             std::size_t MaxOperations);

// Runs the scaled-down workload through every plan. Returns nullopt and sets
// Error for a bad URL, missing credentials (naming the environment
// variables), an endpoint that cannot be reached or refuses the account, a
// run past Options.DeadlineSeconds, or SIGINT/SIGTERM during the run (see
// liveInterruptSignal). The run's tables are deleted in every case (unless
// Options.Keep). Messages never carry a secret of the URL.
std::optional<LiveRun> runLive(const Workload &W,
                               const std::vector<DesignPlan> &Plans,
                               const LiveOptions &Options, std::string &Error);

// The signal (SIGINT or SIGTERM) that stopped the last runLive, or 0. The
// caller re-raises it once its own cleanup is done, so the shell sees the
// usual status. While runLive runs, the first such signal only asks it to
// stop (and clean up); a second one ends the process at once.
int liveInterruptSignal();

// A table name for the run: the design's table name reduced to letters and
// digits (a leading letter ensured), the design's index and the suffix,
// matching ^[A-Za-z][A-Za-z0-9]{2,62}$.
std::string liveTableName(const std::string &Table, std::size_t Design,
                          const std::string &Suffix);

} // namespace tablelint::replay
