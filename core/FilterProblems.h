// What is wrong with a query's filter, by rule: the findings the code checks,
// the schema checks and `tablelint filter` all report for one filter, worded
// the same everywhere.
#pragma once

#include "core/Filter.h"
#include "core/QueryScope.h"
#include "core/ServiceLimits.h"

#include <string>
#include <vector>

namespace tablelint {

struct FilterProblem {
  std::string RuleId; // "table-scan"
  std::string Message;
};

struct FilterProblemOptions {
  // The table queried, for messages ("table scan over 'Orders'"); may be empty.
  std::string Table;
  // filter-too-complex threshold.
  unsigned MaxComparisons = limits::MaxFilterComparisons;
  // When set: the filter as written (a schema's template, placeholders
  // named), quoted instead of the canonical form with {?} for values.
  std::string FilterText;
  // When set: the partition a partition scan reads ("'{queueId}'"),
  // instead of the pinned key's value or "<runtime value>".
  std::string PartitionText;
  // A partition scan that may stop before the partition's end (`top`):
  // it reads the partition in key order, not all of it.
  bool MayStopEarly = false;
};

// Bytes of a filter that messages quote; longer ones are cut (on a
// character boundary) and end in "...".
inline constexpr std::size_t MaxQuotedFilter = 120;

// The filter as messages quote it: canonical, unknown values as {?}, cut to
// MaxQuotedFilter.
std::string quoteFilterForMessage(const Filter &F);

// Problems of one classified query. F may be null (a query without filter:
// default QueryEntitiesOptions, an empty table_query).
std::vector<FilterProblem> findFilterProblems(const Filter *F,
                                              const QueryScope &Scope,
                                              const FilterProblemOptions &Options);

} // namespace tablelint
