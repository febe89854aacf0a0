// The rows each table's reads visit (see ReadRanges.h).
#include "replay/ReadRanges.h"

#include "core/Filter.h"
#include "replay/DesignPlan.h"
#include "replay/SimulatedService.h"
#include "replay/Workload.h"

#include <algorithm>

namespace tablelint::replay {

bool TableReads::covers(std::string_view Key) const {
  if (All)
    return true;
  // The last range starting at or before Key.
  auto It = std::upper_bound(
      Ranges.begin(), Ranges.end(), Key,
      [](std::string_view K, const std::pair<std::string, std::string> &R) {
        return K < std::string_view(R.first);
      });
  if (It == Ranges.begin())
    return false;
  --It;
  return It->second.empty() || Key < std::string_view(It->second);
}

bool answeredBySet(const Workload &W, std::uint32_t Op, const QueryTarget &Q) {
  if (Q.reads() != 1 || Q.Decl->Top.value_or(0) != 0 || Q.ReadsAllForNewest)
    return false;
  const EntityFamily &F = W.Families[W.Ops[Op].Family];
  for (const BoundTemplate::Piece &P : Q.Filter.Pieces) {
    if (!P.Part.IsPlaceholder) {
      if (P.Part.Text.find("PartitionKey") != std::string::npos ||
          P.Part.Text.find("RowKey") != std::string::npos)
        return false;
      continue;
    }
    if (P.InQuotes)
      continue;
    if (P.Property >= F.Properties.size())
      return false;
    switch (F.Properties[P.Property].Type) {
    case EdmType::Int32:
    case EdmType::Int64:
    case EdmType::Double:
    case EdmType::Boolean:
    case EdmType::DateTime:
      continue;
    default:
      return false;
    }
  }
  return true;
}

std::vector<TableReads> rowsReadByQueries(const Workload &W,
                                          const DesignPlan &Plan,
                                          bool SetReadsUnordered) {
  const std::size_t Tables = Plan.Tables.size();
  std::vector<TableReads> Reads(Tables);
  // Executions per operation, then writes and reads per table.
  std::vector<std::uint64_t> PerOp(W.Ops.size(), 0);
  for (const WorkloadEvent &Ev : W.Events)
    ++PerOp[Ev.Op];
  std::vector<std::uint64_t> Writes(Tables, 0), Queries(Tables, 0);
  std::vector<bool> Unlisted(W.Ops.size(), false);
  for (std::uint32_t Op = 0; Op < W.Ops.size(); ++Op) {
    if (W.Ops[Op].IsQuery) {
      if (!Plan.Queries[Op])
        continue;
      if (SetReadsUnordered && answeredBySet(W, Op, *Plan.Queries[Op])) {
        Unlisted[Op] = true;
        continue;
      }
      Queries[Plan.Queries[Op]->Table] += PerOp[Op] * Plan.Queries[Op]->reads();
      continue;
    }
    for (const WriteTarget &T : Plan.Writes[Op]) {
      Writes[T.Table] += PerOp[Op];
      // A write with a `when` reaches a share of its entities (a sparse
      // index): its table grows as it fills instead.
      if (createsEntity(W.Ops[Op].Kind) && !T.When)
        Reads[T.Table].NewRowsAtMost += PerOp[Op];
    }
  }
  for (std::size_t T = 0; T < Tables; ++T)
    if (Writes[T] > 0 && Queries[T] * WritesPerListedRead <= Writes[T])
      Reads[T].All = false;
  std::string FilterText;
  EdmValue Scratch;
  std::vector<std::pair<std::string, std::string>> Ranges;
  for (const WorkloadEvent &Ev : W.Events) {
    if (!W.Ops[Ev.Op].IsQuery || !Plan.Queries[Ev.Op] || Unlisted[Ev.Op])
      continue;
    const QueryTarget &Q = *Plan.Queries[Ev.Op];
    TableReads &R = Reads[Q.Table];
    if (R.All)
      continue;
    for (std::uint64_t Read = 0; Read < Q.reads() && !R.All; ++Read) {
      if (Q.Filter.Pieces.empty()) {
        R.All = true;
        break;
      }
      Q.renderRead(W, Ev.Entity, Read, FilterText, Scratch);
      FilterParseResult Parsed = parseFilter(FilterText);
      if (!Parsed)
        continue; // the service rejects the read before reading anything
      scopeRanges(&Parsed.filter(), Ranges);
      for (auto &Range : Ranges) {
        if (Range.second.empty()) { // open at its end: the rest of the table
          R.All = true;
          break;
        }
        R.Ranges.push_back(std::move(Range));
      }
    }
  }
  for (std::size_t T = 0; T < Tables; ++T) {
    TableReads &R = Reads[T];
    if (R.All) {
      R.Ranges.clear();
      continue;
    }
    std::sort(R.Ranges.begin(), R.Ranges.end());
    std::size_t Out = 0;
    for (std::size_t I = 0; I < R.Ranges.size(); ++I) {
      if (R.Ranges[I].first >= R.Ranges[I].second)
        continue; // empty
      if (Out > 0 && R.Ranges[I].first <= R.Ranges[Out - 1].second) {
        R.Ranges[Out - 1].second =
            std::max(R.Ranges[Out - 1].second, R.Ranges[I].second);
        continue;
      }
      if (Out != I)
        R.Ranges[Out] = std::move(R.Ranges[I]);
      ++Out;
    }
    R.Ranges.resize(Out);
  }
  return Reads;
}

} // namespace tablelint::replay
