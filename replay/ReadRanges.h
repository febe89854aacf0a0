// Which rows of a table the replay's reads can visit: the key ranges every
// query execution of a design reads, found before the run (the workload's
// events are all known then). A row outside them is never returned, scanned
// or paged over, so the simulated service and the answer check keep it
// unordered (replay/RowSet.h), where an ordered store would cost a chain of
// dependent loads per write for an order nothing reads.
#pragma once

#include "core/Filter.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tablelint::replay {

struct DesignPlan;
struct QueryTarget;
class Workload;

struct TableReads {
  // Every row may be read (a table scan, a range open at an end, or more
  // reads than it pays to list): all rows are kept in order.
  bool All = true;
  // Half-open ranges of row keys (PartitionKey "\0" RowKey), sorted by
  // their start and disjoint.
  std::vector<std::pair<std::string, std::string>> Ranges;
  // Writes of the run that may store a new row (inserts, upserts, but not
  // those with a `when`): about the most rows the run adds.
  std::uint64_t NewRowsAtMost = 0;
  // Some reads of the table filter on declared values and are costed from
  // counts (replay/DeclaredShare.h): they are not listed, and the service
  // counts the table's entities per PartitionKey from its first row on.
  bool CountsFiltered = false;

  // Whether a read may visit the row Key. Every write asks, so after
  // index() it looks Key's PartitionKey up by hash and searches only the
  // ranges inside that partition (and those spanning partitions, rare);
  // before index(), it searches all the ranges.
  bool covers(std::string_view Key) const;
  // Builds covers()'s look-up from Ranges (sorted, disjoint); call again
  // after changing them.
  void index();

private:
  static bool
  inRanges(const std::vector<std::pair<std::string, std::string>> &Ranges,
           std::size_t Begin, std::size_t End, std::string_view Key);
  // A partition key with ranges inside it: Ranges[Begin, End), whose
  // starts share their first Shared bytes (the partition's PartLen, its
  // NUL, and what its ranges have in common: "deviceId-" of one device
  // per range).
  struct PartitionSlot {
    std::uint64_t Hash = 0; // 0: empty
    std::uint32_t Begin = 0, End = 0;
    std::uint32_t PartLen = 0, Shared = 0;
  };
  // Whether Key, a row of slot S's partition, lies in one of its ranges:
  // a search of their Heads, then of the few starts that tie.
  bool inPartition(const PartitionSlot &S, std::string_view Key) const;
  std::vector<PartitionSlot> Partitions; // a power of two; empty: no index
  // Per range inside a partition, the 8 bytes of its start after what the
  // partition's starts share, as a big-endian integer (zeros past its end):
  // integers that order as the starts do, up to ties.
  std::vector<std::uint64_t> Heads;
  // The ranges not inside one partition, sorted (usually none).
  std::vector<std::pair<std::string, std::string>> Spanning;
};

// A table's reads are listed only when its writes outnumber its query
// executions this many times: listing renders and parses each execution's
// filter once more, which pays only when most writes are then spared the
// ordered store.
inline constexpr std::uint64_t WritesPerListedRead = 64;

// Whether the answer of query Op (target Q) is the set of rows its filter
// matches, whatever their order and keys: one read (no fan-out), no `top`,
// and a filter that cannot name PartitionKey or RowKey (no literal text
// does, and every placeholder outside quotes renders a number, a boolean
// or a datetime, never a name). Such a read visits the whole table and
// judges each row by its entity alone. The answer check finds its answer
// by visiting every row unordered (AnswerCheck.cpp); the simulated service
// cannot, as it pages through the rows in key order.
bool answeredBySet(const Workload &W, std::uint32_t Op, const QueryTarget &Q);

// Per table of Plan (DesignPlan::Tables), the rows its queries read over
// the whole workload W. With SetReadsUnordered, queries answeredBySet()
// are left out: they need no order, so their table is listed by its other
// reads (all its rows unordered when it has none). With CountFiltered (the
// simulated service's counted pages), so are the reads the service costs
// from counts and declared values (countedRead) in tables no write fills
// sparsely (`when`): TableReads::CountsFiltered.
std::vector<TableReads> rowsReadByQueries(const Workload &W,
                                          const DesignPlan &Plan,
                                          bool SetReadsUnordered = false,
                                          bool CountFiltered = false);

// Whether the service costs a read from counts and declared values
// (replay/DeclaredShare.h): countedFilter() splits its filter, and its
// ranges (scopeRanges) are not confined to single partitions.
bool countedRead(const Workload &W, std::uint32_t Family, const Filter &F,
                 const std::vector<std::pair<std::string, std::string>> &Ranges);

} // namespace tablelint::replay
