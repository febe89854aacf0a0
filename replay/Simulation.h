// Runs the logical workload through one design on the simulated service,
// with the client model of the design's schema (concurrency limit, retry
// policy), and measures what the report shows.
//
// Discrete-event: workload events arrive at their intended times; each
// becomes one request per target table (writes fan out to index tables),
// batched per PartitionKey when the write declares a batch size, or one
// request per query page. A client with a concurrency limit queues requests
// beyond it; a throttled or failed request is retried by the client's
// policy. Latency runs from the intended send time of the logical operation
// to the completion of its last request, so waiting in a queue or between
// retries counts (no coordinated omission).
#pragma once

#include "replay/DesignPlan.h"
#include "replay/ExistingKeys.h"
#include "replay/Percentiles.h"
#include "replay/SimulatedService.h"
#include "replay/Workload.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tablelint::replay {

struct ReplayOptions {
  ServiceModel Service;
  // After the workload ends, retries and queued requests may finish for
  // this long; what is still pending then counts as failed.
  double DrainSeconds = 120;
  // Buffers of batched writes are sent when full or this often.
  double BatchFlushSeconds = 1;
  // Time buckets of the heatmap and the curves.
  std::size_t TimeBuckets = 60;
  // Rows of the heatmap (contiguous partition-key ranges).
  std::size_t HeatmapRows = 48;
  // Hottest keys listed.
  std::size_t HotKeys = 5;
  // Price per 10,000 billable transactions in US dollars (an assumption:
  // the list price of standard Table storage transactions; set it to your
  // region's price).
  double PricePer10kTransactions = 0.00036;
  // Whether throttled (503/500) requests are billed.
  bool ThrottledBillable = limits::ThrottledRequestsBillable;
  // Seed of the clients' retry jitter (the workload's seed).
  std::uint64_t Seed = 1;
  // Called now and then with the share of the simulated time done and
  // the workload's operations dispatched so far (the command's progress
  // line); null: none.
  std::function<void(const std::string &Label, double Done,
                     std::uint64_t Operations)>
      Progress;
  // Keep every stored row in key order, also those no read of the run
  // visits (replay/RowSet.h): the same results, slower; tests compare.
  bool OrderEveryRow = false;
  // Latencies an operation keeps exactly; beyond, they are counted in a
  // histogram whose percentiles are within 0.1% of the exact ones
  // (replay/Percentiles.h: LatencyRecord), so a day's run does not keep
  // four bytes per operation. Tests set 0 to compare the two.
  std::size_t ExactLatencies = LatencyRecord::DefaultExactLimit;
  // The existing entities' keys rendered once for the replays of this
  // workload (replay/ExistingKeys.h); null: each replay renders its own.
  std::shared_ptr<ExistingKeyCache> ExistingKeys;
};

struct OpResult {
  std::string Name;
  bool IsQuery = false;
  std::uint64_t Issued = 0, Completed = 0, Failed = 0;
  double P50 = 0, P95 = 0, P99 = 0; // seconds
  std::uint64_t Scanned = 0, Returned = 0, Pages = 0;
  // 4xx answers by HTTP status.
  std::map<int, std::uint64_t> ClientErrors;
  // Executions never sent: an update, merge or delete of an entity whose
  // insert did not succeed while it waited (the code never learnt of the
  // entity). Not among Completed or Failed.
  std::uint64_t NotSent = 0;
};

struct HotKey {
  std::string Table, PartitionKey;
  std::uint64_t Accessed = 0, Throttled = 0;
  std::uint64_t Scanned = 0; // of Accessed: read by queries
  std::uint64_t ScannedInRuns = 0; // of Scanned: by pages reading several
  // Of Throttled: while a scan's page had overdrawn the key's budget.
  std::uint64_t ThrottledByScan = 0;
};

struct HeatRow {
  std::string Table, FirstKey, LastKey;
  std::size_t Keys = 0;
  std::vector<std::uint64_t> Cells; // entities per time bucket
};

struct TimeBucket {
  std::uint64_t Completed = 0; // logical operations
  std::uint64_t Requests = 0;
  std::uint64_t Throttled = 0; // 503/500 responses
};

struct DesignResult {
  std::string Label, File;
  std::uint64_t Issued = 0, Completed = 0, Failed = 0;
  std::uint64_t NotSent = 0; // OpResult::NotSent, summed
  std::uint64_t Requests = 0, Throttled = 0, ServerBusy = 0, TimedOut = 0;
  // Throttled requests by the budget they ran into (ThrottleCause order).
  std::array<std::uint64_t, ThrottleCauses> ThrottledBy{};
  std::uint64_t ClientErrors = 0; // 4xx
  std::uint64_t Retries = 0;
  double ThrottledPercent = 0; // of requests
  // The same over the last tenth of the workload: whether the design has
  // recovered (after splits) or stays throttled.
  double LateThrottledPercent = 0;
  double P50 = 0, P95 = 0, P99 = 0, MaxLatency = 0;
  std::uint64_t EntitiesWritten = 0, EntitiesScanned = 0, EntitiesReturned = 0;
  double ScannedPerReturned = 0;
  std::uint64_t QueryPages = 0;
  // Of QueryPages: costed from the partitions' entity counts
  // (ServiceModel::CountedPages), not by walking rows.
  std::uint64_t CountedPages = 0;
  std::uint64_t BillableTransactions = 0;
  std::uint64_t RequestBytes = 0, ResponseBytes = 0;
  double Cost = 0, CostPerMonth = 0;
  // Query executions still pending when the run ended, and the pages they
  // still needed to finish (replay/UnfinishedQueries.h): what Cost leaves
  // out of a query throttled to a crawl.
  std::uint64_t UnfinishedQueries = 0, UnfinishedQueryPages = 0;
  // Requests that failed on a throttle or a timeout after their last
  // retry, and the transactions they still needed: one for a write or a
  // batch, the pages to the end for a query (replay/UnfinishedQueries.h,
  // counted when the query gave up). Cost leaves them out too: a design
  // whose table scans fail looks cheap next to one that serves them.
  std::uint64_t GaveUpRequests = 0, GaveUpTransactions = 0;
  std::vector<OpResult> Ops;
  std::vector<HotKey> MostAccessed, MostThrottled;
  double BucketSeconds = 0;
  std::vector<HeatRow> Heatmap;
  std::vector<TimeBucket> Timeline;
  std::vector<SplitRecord> Splits;
  std::vector<std::string> Notes;
  std::vector<std::string> Missing;
  std::vector<std::string> Unplayed; // DesignPlan::Unplayed
  double SimulatedSeconds = 0;
};

DesignResult simulateDesign(const Workload &W, const DesignPlan &Plan,
                            const ReplayOptions &Options);

// What a design pays per completed operation in the run (Cost / Completed,
// in dollars; infinity when nothing completed). A throttled design pays for
// fewer transactions than it needs (throttled requests are not billed,
// failed operations are not done), so its monthly cost alone makes it look
// cheaper than the design that serves the workload. The pages that queries still pending at the
// end needed to finish count as paid (a scan throttled to a crawl pays for
// few pages in a short replay, not for fewer in all), and so do the
// transactions of requests given up on a throttle or a timeout (a table
// scan that fails on a saturated account is not a scan saved). The
// replay report's "cost per million completed ops" and suggest's verify
// gate both read this.
double costPerCompleted(const DesignResult &D);

// The billing size of an entity: 4 + 2 len(PK + RK) + sum over properties
// of 8 + 2 len(name) + value size (limits::*Bytes). Sent: the properties
// included (null: all of them). Values are sized from their codes, never
// materialized.
std::uint64_t entityBytes(const Workload &W, std::uint32_t Entity,
                          std::size_t KeyChars,
                          const std::vector<std::uint32_t> *Sent);
// The same with what the service's entity limits look at.
EntityShape entityShape(const Workload &W, std::uint32_t Entity,
                        std::size_t KeyChars,
                        const std::vector<std::uint32_t> *Sent);

// entityShape() with what does not depend on the entity worked out once per
// family and list of properties sent (a number's, a date's or a boolean's
// size is its type's): per entity only its string, GUID and binary values
// are sized. Every part of a shape is a whole number of bytes (the payload
// too, though summed as doubles, far below 2^53), so the sums come out the
// same in any order: the shapes are entityShape()'s. Sent lists must stay
// where they are while this is used (a plan's, a query's selection).
class EntityShapes {
public:
  explicit EntityShapes(const Workload &W) : W(W) {}
  EntityShape of(std::uint32_t Entity, std::size_t KeyChars,
                 const std::vector<std::uint32_t> *Sent);

private:
  struct Fixed {
    std::uint32_t Family = 0;
    const std::vector<std::uint32_t> *Sent = nullptr;
    EntityShape Shape; // without the keys and the sized values
    double Payload = 0;
    std::vector<std::uint32_t> Sized; // properties sized per entity
  };
  const Fixed &fixedFor(std::uint32_t Family,
                        const std::vector<std::uint32_t> *Sent);

  const Workload &W;
  std::vector<Fixed> Known;
  std::size_t Last = 0; // the entry the last call used (writes repeat it)
};

} // namespace tablelint::replay
