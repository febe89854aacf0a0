// The rows each table's reads visit (see ReadRanges.h).
#include "replay/ReadRanges.h"

#include "core/Filter.h"
#include "replay/DeclaredShare.h"
#include "replay/DesignPlan.h"
#include "replay/HashedRows.h"
#include "replay/KeyBlock.h"
#include "replay/SimulatedService.h"
#include "replay/Workload.h"

#include <algorithm>

namespace tablelint::replay {

bool TableReads::inRanges(
    const std::vector<std::pair<std::string, std::string>> &Ranges,
    std::size_t Begin, std::size_t End, std::string_view Key) {
  // The last range starting at or before Key.
  auto It = std::upper_bound(
      Ranges.begin() + static_cast<std::ptrdiff_t>(Begin),
      Ranges.begin() + static_cast<std::ptrdiff_t>(End), Key,
      [](std::string_view K, const std::pair<std::string, std::string> &R) {
        return K < std::string_view(R.first);
      });
  if (It == Ranges.begin() + static_cast<std::ptrdiff_t>(Begin))
    return false;
  --It;
  return It->second.empty() || Key < std::string_view(It->second);
}

namespace {

// The PartitionKey of a row key (the text before its NUL); false when it
// has none.
bool partitionOfRow(std::string_view Row, std::string_view &Partition) {
  const std::size_t Nul = Row.find('\0');
  if (Nul == std::string_view::npos)
    return false;
  Partition = Row.substr(0, Nul);
  return true;
}

std::uint64_t partitionHash(std::string_view Partition) {
  return HashedRows::hashOf(Partition).A; // never 0
}

// The 8 bytes of Text from At as a big-endian integer, zeros past its end
// (the heads of replay/KeyBlock.h).
std::uint64_t headAt(std::string_view Text, std::size_t At) {
  return KeyBlock::headOf(Text.substr(std::min(At, Text.size())));
}

} // namespace

bool TableReads::inPartition(const PartitionSlot &S,
                             std::string_view Key) const {
  const std::string &First = Ranges[S.Begin].first;
  const int Prefix = Key.substr(0, S.Shared)
                         .compare(std::string_view(First).substr(0, S.Shared));
  std::size_t Last; // the last range starting at or before Key
  if (Prefix < 0)
    return false; // before every start
  if (Prefix > 0) {
    Last = S.End - 1; // after every start
  } else {
    const std::uint64_t Head = headAt(Key, S.Shared);
    const auto HB = Heads.begin();
    const auto Low = std::lower_bound(HB + S.Begin, HB + S.End, Head);
    const auto High = std::upper_bound(Low, HB + S.End, Head);
    // Starts whose heads are below Key's are below Key; of those that tie,
    // the full starts decide.
    std::size_t At = static_cast<std::size_t>(Low - HB);
    for (auto I = Low;
         I != High &&
         std::string_view(Ranges[static_cast<std::size_t>(I - HB)].first) <=
             Key;
         ++I)
      At = static_cast<std::size_t>(I - HB) + 1;
    if (At == S.Begin)
      return false;
    Last = At - 1;
  }
  const std::string &End = Ranges[Last].second;
  return End.empty() || Key < std::string_view(End);
}

bool TableReads::covers(std::string_view Key) const {
  if (All)
    return true;
  std::string_view Partition;
  if (Partitions.empty() || !partitionOfRow(Key, Partition))
    return inRanges(Ranges, 0, Ranges.size(), Key);
  const std::uint64_t Hash = partitionHash(Partition);
  const std::size_t Mask = Partitions.size() - 1;
  for (std::size_t I = Hash & Mask;; I = (I + 1) & Mask) {
    const PartitionSlot &S = Partitions[I];
    if (S.Hash == 0)
      break;
    if (S.Hash == Hash && S.PartLen == Partition.size() &&
        std::string_view(Ranges[S.Begin].first).substr(0, S.PartLen) ==
            Partition) {
      if (inPartition(S, Key))
        return true;
      break;
    }
  }
  return !Spanning.empty() && inRanges(Spanning, 0, Spanning.size(), Key);
}

void TableReads::index() {
  Partitions.clear();
  Spanning.clear();
  Heads.clear();
  if (All || Ranges.empty())
    return;
  // A range [Low, High) lies inside partition P when Low is a row of P
  // (P "\0" ...) and High is at most P "\x01", the bound just past P's rows.
  struct Run {
    std::string_view Partition;
    std::uint32_t Begin, End;
  };
  std::vector<Run> Runs;
  for (std::size_t I = 0; I < Ranges.size(); ++I) {
    const auto &[Low, High] = Ranges[I];
    std::string_view Partition;
    if (!partitionOfRow(Low, Partition) || High.empty() ||
        std::string_view(High) > std::string(Partition) + '\x01') {
      Spanning.push_back(Ranges[I]);
      continue;
    }
    // Ranges are sorted and disjoint, so a partition's lie next to each
    // other: a spanning range that ends inside a partition comes before
    // its ranges, one that starts inside it after them.
    if (!Runs.empty() && Runs.back().Partition == Partition) {
      Runs.back().End = static_cast<std::uint32_t>(I + 1);
      continue;
    }
    Runs.push_back({Partition, static_cast<std::uint32_t>(I),
                    static_cast<std::uint32_t>(I + 1)});
  }
  std::size_t Size = 16;
  while (Size < Runs.size() * 2)
    Size *= 2;
  Partitions.assign(Size, {});
  Heads.assign(Ranges.size(), 0);
  const std::size_t Mask = Size - 1;
  for (const Run &R : Runs) {
    // What the run's starts share: at least the partition and its NUL.
    const std::string_view First = Ranges[R.Begin].first;
    std::size_t Shared = First.size();
    for (std::uint32_t I = R.Begin + 1; I < R.End; ++I) {
      const std::string_view Start = Ranges[I].first;
      std::size_t N = 0;
      while (N < Shared && N < Start.size() && Start[N] == First[N])
        ++N;
      Shared = N;
    }
    for (std::uint32_t I = R.Begin; I < R.End; ++I)
      Heads[I] = headAt(Ranges[I].first, Shared);
    const std::uint64_t Hash = partitionHash(R.Partition);
    std::size_t I = Hash & Mask;
    while (Partitions[I].Hash != 0)
      I = (I + 1) & Mask;
    Partitions[I] = {Hash, R.Begin, R.End,
                     static_cast<std::uint32_t>(R.Partition.size()),
                     static_cast<std::uint32_t>(Shared)};
  }
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

bool countedRead(
    const Workload &W, std::uint32_t Family, const Filter &F,
    const std::vector<std::pair<std::string, std::string>> &Ranges) {
  return !confinedToPartitions(Ranges) && countedFilter(W, Family, F);
}

std::vector<TableReads> rowsReadByQueries(const Workload &W,
                                          const DesignPlan &Plan,
                                          bool SetReadsUnordered,
                                          bool CountFiltered) {
  const std::size_t Tables = Plan.Tables.size();
  std::vector<TableReads> Reads(Tables);
  // Executions per operation, then writes and reads per table.
  std::vector<std::uint64_t> PerOp(W.Ops.size(), 0);
  for (const WorkloadEvent &Ev : W.Events)
    ++PerOp[Ev.Op];
  std::vector<std::uint64_t> Writes(Tables, 0), Queries(Tables, 0);
  // Tables a write fills sparsely: a filter's declared share is not theirs.
  std::vector<bool> Sparse(Tables, false);
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
      if (T.When)
        Sparse[T.Table] = true;
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
    const std::uint64_t Reads = Q.reads(W, Ev.Entity);
    for (std::uint64_t Read = 0; Read < Reads && !R.All; ++Read) {
      if (Q.Filter.Pieces.empty()) {
        R.All = true;
        break;
      }
      Q.renderRead(W, Ev.Entity, Read, FilterText, Scratch);
      FilterParseResult Parsed = parseFilter(FilterText);
      if (!Parsed)
        continue; // the service rejects the read before reading anything
      scopeRanges(&Parsed.filter(), Ranges);
      if (CountFiltered && !Sparse[Q.Table] &&
          countedRead(W, W.Ops[Ev.Op].Family, Parsed.filter(), Ranges)) {
        R.CountsFiltered = true;
        continue;
      }
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
    R.index();
  }
  return Reads;
}

} // namespace tablelint::replay
