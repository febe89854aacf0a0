// Findings for one query's filter: scope (table-scan, partition-scan),
// density (low-density-query) and size (filter-too-complex).
#include "core/FilterProblems.h"

#include "core/Utf8Text.h"

namespace tablelint {

namespace {

std::string overTable(const FilterProblemOptions &O) {
  return O.Table.empty() ? "" : " over '" + O.Table + "'";
}

std::string quoted(const std::vector<std::string> &Names) {
  std::string Out;
  for (std::size_t I = 0; I < Names.size(); ++I)
    Out += (I ? ", '" : "'") + Names[I] + "'";
  return Out;
}

} // namespace

std::string quoteFilterForMessage(const Filter &F) {
  return "\"" + ellipsize(F.str(), MaxQuotedFilter) + "\"";
}

std::vector<FilterProblem> findFilterProblems(const Filter *F,
                                              const QueryScope &Scope,
                                              const FilterProblemOptions &O) {
  std::vector<FilterProblem> Out;
  const std::string What =
      !F ? "query without a filter"
      : O.FilterText.empty()
          ? "filter " + quoteFilterForMessage(*F)
          : "filter \"" + ellipsize(O.FilterText, MaxQuotedFilter) + "\"";
  switch (Scope.Class) {
  case QueryClass::TableScan:
    if (F)
      Out.push_back({"table-scan", What + " pins no partition key (" +
                                       Scope.Reason + "): table scan" +
                                       overTable(O)});
    else
      Out.push_back({"table-scan", "query has no filter and no partition "
                                   "key: table scan" +
                                       overTable(O) +
                                       " reads every entity"});
    break;
  case QueryClass::PartitionScan: {
    // A RowKey bound limits what is read to the rows inside it: not all of
    // the partition, whatever else the filter asks.
    const bool Bounded = Scope.RowLow || Scope.RowHigh;
    Out.push_back(
        {"partition-scan",
         What +
             (Bounded          ? " reads the RowKey range of partition "
              : O.MayStopEarly ? " reads partition "
                               : " reads all of partition ") +
             (O.PartitionText.empty() ? Scope.PartitionKeys.front().str()
                                      : O.PartitionText) +
             (O.MayStopEarly ? " in key order" : "") +
             " and keeps what matches (" + Scope.Reason + "): partition scan" +
             overTable(O)});
    break;
  }
  default:
    break;
  }
  // Only non-key properties: nothing narrows the read, so the entities
  // scanned per entity returned is the table size over the matches.
  if (F && Scope.Class == QueryClass::TableScan &&
      !Scope.NonKeyProperties.empty() &&
      Scope.NonKeyProperties.size() == Scope.Properties.size())
    Out.push_back({"low-density-query",
                   What + " selects only on non-key " +
                       (Scope.NonKeyProperties.size() > 1 ? "properties "
                                                          : "property ") +
                       quoted(Scope.NonKeyProperties) +
                       ": every entity is read to return the few that match"});
  if (F && Scope.Comparisons > O.MaxComparisons)
    Out.push_back({"filter-too-complex",
                   What + " has " + std::to_string(Scope.Comparisons) +
                       " comparisons; the service accepts at most " +
                       std::to_string(O.MaxComparisons)});
  return Out;
}

} // namespace tablelint
