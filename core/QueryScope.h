// What a query makes the Table service read: the query class of
// CHECKLIST.md ("Query classes"), the partition keys it pins and the key
// ranges it scans.
//
//   point           PartitionKey eq and RowKey eq (other conditions are
//                   checked on that one entity: still a point read)
//   row range       PartitionKey eq and a RowKey range (or no RowKey bound:
//                   the whole partition, every entity read is returned)
//   partition scan  PartitionKey eq and anything else: non-key predicates,
//                   `or` across row keys, RowKey ne
//   partition range a PartitionKey range, or `or` over several partition keys
//   table scan      no PartitionKey constraint, even with a RowKey one; an
//                   `or` where one branch does not pin the partition key
#pragma once

#include "core/Filter.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

enum class QueryClass : std::uint8_t {
  Point,
  RowRange,
  PartitionScan,
  PartitionRange,
  TableScan,
};

// "point", "row range", "partition scan", "partition range", "table scan".
std::string_view queryClassName(QueryClass C);

// A key value the query pins. Value is meaningful when Known; otherwise the
// value comes from a runtime expression (a placeholder) and KnownPrefix holds
// what is known of it.
struct PinnedKey {
  bool Known = true;
  std::string Value;
  std::string KnownPrefix;

  // 'value', or 'prefix…' / <runtime value> when not known.
  std::string str() const;
  friend bool operator==(const PinnedKey &A, const PinnedKey &B) {
    return A.Known == B.Known && A.Value == B.Value &&
           A.KnownPrefix == B.KnownPrefix;
  }
};

struct KeyBound {
  PinnedKey Key;
  bool Inclusive = true;
};

struct QueryScope {
  QueryClass Class = QueryClass::TableScan;
  // The partition keys pinned by equality, in order of first appearance,
  // each once. One for point/row range/partition scan; several for an `or`
  // over partition keys; empty otherwise.
  std::vector<PinnedKey> PartitionKeys;
  // Point: the row key.
  std::optional<PinnedKey> RowKey;
  // Row range / partition scan: RowKey bounds when the filter has them.
  std::optional<KeyBound> RowLow, RowHigh;
  // Partition range by comparison: PartitionKey bounds.
  std::optional<KeyBound> PartitionLow, PartitionHigh;
  // The key predicates cannot all hold (PartitionKey eq 'a' and
  // PartitionKey eq 'b'): the query returns nothing.
  bool Contradictory = false;
  // Comparisons in the filter (the service allows at most 15).
  unsigned Comparisons = 0;
  // Every property the filter names, sorted, each once.
  std::vector<std::string> Properties;
  // Those other than PartitionKey, RowKey: filtered while scanning.
  std::vector<std::string> NonKeyProperties;
  // Why the class is what it is, for messages:
  // "no PartitionKey equality", "'or' across row keys".
  std::string Reason;

  bool isScan() const {
    return Class == QueryClass::PartitionScan ||
           Class == QueryClass::TableScan;
  }
};

// The key address of a request path, `Table(PartitionKey='a',RowKey='b')`,
// or the PartitionKey/RowKey fields of QueryEntitiesOptions. Empty fields
// are absent.
struct KeyAddress {
  std::optional<PinnedKey> PartitionKey;
  std::optional<PinnedKey> RowKey;
};

// Classifies a parsed filter.
QueryScope classifyFilter(const Filter &F);
// Classifies a request: key address and optional filter together. With
// neither, the query reads the whole table.
QueryScope classifyQuery(const KeyAddress &Address, const Filter *F);

} // namespace tablelint
