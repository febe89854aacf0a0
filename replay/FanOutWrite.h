// Fan-out on write (a write's `fanOut`: a post copied into the feed of each
// follower, one row per follower), as the replay models it (docs/replay.md,
// "Fan-out on write"):
//
// - one execution writes N rows (fanOutRows): the write's
//   `entitiesPerWrite`, or without one its `batch` (an execution fills at
//   least one batch), else one; `rate` still counts rows;
// - each row takes another value of every fanned-out property and the
//   execution's values for the rest (the post's id, time and text);
// - each table the write reaches sends them as its declaration says
//   (fanOutSending): one request per row without a batch; with a batch of
//   B, per partition key in chunks of B where the PartitionKey holds the
//   fanned-out property as a hash bucket (or not at all), and in chunks of
//   B rows as they come where it holds it as is: such a transaction spans
//   partitions, and the service rejects it (400, every row fails), as the
//   invalid-batch rule reports.
#pragma once

#include "core/schema/Schema.h"

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace tablelint::replay {

struct EntityFamily;
struct LogicalOp;

// Rows one execution of fan-out write W writes.
std::uint32_t fanOutRows(const schema::Write &W);

// How a table's client sends the rows of one fan-out execution.
enum class FanOutSending : std::uint8_t {
  None,         // not a fan-out write: the write's own batching
  OneByOne,     // no batch: one request per row
  PerPartition, // batches of the rows that share a PartitionKey
  AsTheyCome,   // batches of B rows in order, across partitions (400)
};

// How write W's rows go to table T, whose PartitionKey template (the
// instance's) is Pk.
FanOutSending fanOutSending(const schema::KeyTemplate &Pk,
                            const schema::Write &W);

// Makes Op (an insert or upsert of Family) a fan-out of W's rows: the rows
// of an execution share every property but the fanned-out ones.
void bindFanOut(LogicalOp &Op, const EntityFamily &Family,
                const schema::Write &W);

// The fanned-out values the rows of one execution have taken: each row
// must take another (two rows of one follower would be one entity).
class FanOutRows {
public:
  void startExecution() { Seen.clear(); }
  // Whether Combined (the fanned-out codes of a row, combined) is new in
  // this execution; it is recorded.
  bool take(std::uint64_t Combined) { return Seen.insert(Combined).second; }

private:
  std::unordered_set<std::uint64_t> Seen;
};

} // namespace tablelint::replay
