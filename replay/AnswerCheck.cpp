// The answer check: both designs on a functional store, side by side, and
// the logical results of each query execution compared.
#include "replay/AnswerCheck.h"

#include "core/ServiceLimits.h"
#include "replay/BatchUndo.h"
#include "replay/EntityFilter.h"
#include "replay/EntityText.h"
#include "replay/HashedRows.h"
#include "replay/LogicalEntityView.h"
#include "replay/ReadRanges.h"
#include "replay/RowSet.h"
#include "replay/RowStore.h"
#include "replay/SimulatedService.h"
#include "replay/SideBySide.h"
#include "replay/Simulation.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

namespace tablelint::replay {

namespace {

using schema::WriteKind;

// The entity of a row a sampled entity held until an entity outside the
// sample took it (an upsert, an update of another entity): the key stays
// taken, and queries skip it. Not an id (RowSet keeps 0xffffffff).
constexpr std::uint32_t OutsideSample = 0xfffffffeu;

struct StagedWrite {
  WriteKind Kind = WriteKind::Insert;
  std::string Row; // PartitionKey "\0" RowKey
  std::uint32_t Entity = 0;
  std::uint32_t Event = 0; // the write's, for a sharded table's merge
  std::uint64_t Bytes = 0;
  // An entity outside the sample (FunctionalDesign::applyOutside): the
  // store does not hold its row.
  bool Outside = false;
};

struct Answer {
  bool Ok = true; // false: a rendered filter did not parse
  std::string Filter;
  std::uint64_t Reads = 0;
  std::uint64_t Scanned = 0;
  std::vector<std::uint32_t> Entities; // sorted
  // For a "latest N" query: each returned entity's value of the `newest`
  // property, by entity.
  std::vector<std::pair<std::uint32_t, std::int64_t>> Newest;
};

// Whether two "latest N" answers differ only among entities that tie at
// their boundary: values within one Step (the coarser of the two keys'
// orders, core/schema keyOrderStep) tie, and each key orders ties its own
// way (an oldest-first key by the rest of the key, a reversed one by
// ticks). Both full (N entities), the same count per step, and the same
// entities above the oldest step.
bool sameUpToTies(const Answer &A, const Answer &B, std::int64_t Step,
                  std::uint64_t Keep) {
  if (Step <= 0 || A.Newest.size() != Keep || B.Newest.size() != Keep)
    return false;
  auto Steps = [Step](const Answer &X) {
    std::vector<std::int64_t> Out;
    for (const auto &[Entity, Value] : X.Newest)
      Out.push_back(Value / Step);
    std::sort(Out.begin(), Out.end());
    return Out;
  };
  const std::vector<std::int64_t> SA = Steps(A), SB = Steps(B);
  if (SA != SB)
    return false;
  auto Above = [&](const Answer &X) {
    std::vector<std::uint32_t> Out;
    for (const auto &[Entity, Value] : X.Newest)
      if (Value / Step > SA.front())
        Out.push_back(Entity);
    return Out; // by entity, as Newest is
  };
  return Above(A) == Above(B);
}

// One design's tables as a functional store: which row holds which logical
// entity, changed by the service's rules and nothing else.
class FunctionalDesign {
public:
  FunctionalDesign(const Workload &W, const DesignPlan &Plan,
                   bool OrderEveryRow, double Share,
                   ExistingKeyCache *KeyCache)
      : W(W), Plan(Plan), Share(Share), KeyCache(KeyCache), Tables(Plan.Tables.size()),
        Existing(Plan.Tables.size()), Sharded(Plan.Tables.size(), false),
        StoredBy(Plan.Tables.size()), View(W) {
    for (std::size_t T = 0; T < Plan.Tables.size(); ++T)
      Sharded[T] = Plan.Schema && T < Plan.Schema->Tables.size() &&
                   Plan.Schema->Tables[T].Shards.has_value();
    if (Share < 1) {
      Whole = tablesKeptWhole(W, Plan);
      findSilentInserts();
    }
    // The compared executions are among the queries of the run: rows no
    // query reads are kept unordered (replay/RowSet.h), and so are the rows
    // only reads whose answer is a set visit (they visit every row, in no
    // order: answeredBySet).
    if (!OrderEveryRow) {
      Reads = rowsReadByQueries(W, Plan, true);
      for (std::size_t T = 0; T < Tables.size(); ++T) {
        Tables[T].readBy(&Reads[T]);
        if (!holdsEveryEntity(static_cast<std::uint32_t>(T)))
          Tables[T].keepShare(Share);
      }
      BySet.assign(W.Ops.size(), false);
      for (std::uint32_t Op = 0; Op < W.Ops.size(); ++Op)
        if (W.Ops[Op].IsQuery && Plan.Queries[Op])
          BySet[Op] = answeredBySet(W, Op, *Plan.Queries[Op]);
    }
    holdExistingRows();
  }

  void write(std::uint32_t EventIndex);
  void flushAll();
  Answer query(std::uint32_t EventIndex);
  // The writes of events From up to Query applied, then the answer of
  // query Query: one step of the check.
  Answer answerAt(std::uint32_t From, std::uint32_t Query) {
    for (std::uint32_t E = From; E < Query; ++E)
      if (!W.Ops[W.Events[E].Op].IsQuery)
        write(E);
    flushAll();
    return query(Query);
  }
  // Whether Table holds every entity's rows (no sample, or kept whole).
  bool holdsEveryEntity(std::uint32_t Table) const {
    return Share >= 1 || Whole[Table];
  }

private:
  bool holds(std::uint32_t Table, std::uint32_t Entity) const {
    return holdsEveryEntity(Table) || inAnswerSample(Entity, Share);
  }
  // A query answeredBySet: every row of its table visited in no order.
  Answer queryBySet(std::uint32_t EventIndex);
  // Read number Read's filter for Entity: A.Filter set (the first read's),
  // Where parsed (unset: no filter); false and A.Ok false when it does not
  // parse.
  bool renderFilter(const QueryTarget &Q, std::uint32_t Entity,
                    std::uint64_t Read, Answer &A, std::optional<Filter> &Where);

  // The rows of the tables' existing entities (warm start), where the
  // simulated service preloads them (Simulation.cpp: warmStart). The check
  // compares what the run writes, so queries do not read them; an insert
  // of a key one of them holds is refused (409) as the service refuses it,
  // and a delete removes it. Without them an insert the service turned
  // away was stored here, and a merge of the existing entity then made its
  // row another entity's: a design with an index answered differently
  // from the same design without one.
  void holdExistingRows();
  bool heldBeforeTheRun(std::uint32_t Table, std::string_view Row) const {
    return Existing[Table].contains(Row);
  }

  // A single write, applied when the service's rules allow it (an insert
  // of a new row, an update, merge or delete of an existing one), in one
  // search of the store: the check's cost is its searches.
  static void applyIfAllowed(RowSet &Store, const StagedWrite &S) {
    switch (S.Kind) {
    case WriteKind::Insert:
      Store.insert(S.Row, S.Entity); // refused when present
      return;
    case WriteKind::InsertOrReplace:
    case WriteKind::InsertOrMerge:
      Store.assign(S.Row, S.Entity);
      return;
    case WriteKind::Update:
    case WriteKind::Merge:
      if (std::uint32_t *Stored = Store.find(S.Row))
        *Stored = S.Entity;
      return;
    case WriteKind::Delete:
      Store.erase(S.Row); // refused when absent
      return;
    }
  }
  // A write of an entity outside the sample: its row is not held, but a
  // held row under its key is its business. An insert finds the key
  // taken (false: refused); a delete removes the row; an upsert, update
  // or merge takes it (OutsideSample). Where no row is held the write is
  // taken to succeed: the rows outside the sample are not known.
  bool applyOutside(std::uint32_t Table, const StagedWrite &S) {
    RowSet &Store = Tables[Table];
    switch (S.Kind) {
    case WriteKind::Insert:
      return !heldBeforeTheRun(Table, S.Row) && !Store.find(S.Row);
    case WriteKind::Delete:
      Existing[Table].erase(S.Row);
      Store.erase(S.Row);
      return true;
    default:
      if (std::uint32_t *Stored = Store.find(S.Row))
        *Stored = OutsideSample;
      return true;
    }
  }
  void flush(std::uint32_t Table, std::vector<StagedWrite> &Ops);
  // A sharded table's reader merges one entity's shards into the newest
  // (mergeShards): each of its rows remembers the write that stored it.
  void noteStored(std::uint32_t Table, const StagedWrite &S) {
    if (!Sharded[Table])
      return;
    const std::uint32_t *Stored = Tables[Table].find(S.Row);
    if (Stored && *Stored == S.Entity)
      StoredBy[Table][S.Row] = S.Event;
  }
  void mergeShards(const QueryTarget &Q,
                   std::vector<std::pair<std::string, std::uint32_t>> &Rows)
      const;
  // Inserts of an entity outside the sample that cannot change the
  // sample's rows (SilentInserts).
  void findSilentInserts();

  struct Buffer {
    std::uint32_t Table = 0;
    unsigned Limit = 1;
    std::vector<StagedWrite> Ops;
    // A fan-out's batch of rows as they come (FanOutSending::AsTheyCome):
    // the PartitionKey of its first row, and whether another row has
    // another (the service rejects it whole).
    std::string FirstPk;
    bool Spans = false;
  };
  // Applies B's batch, or drops it when it spans partitions.
  void flush(Buffer &B) {
    if (B.Spans)
      B.Ops.clear();
    B.Spans = false;
    flush(B.Table, B.Ops);
  }

  const Workload &W;
  const DesignPlan &Plan;
  const double Share;
  ExistingKeyCache *KeyCache; // may be null
  std::vector<bool> Whole; // per table, with a sample: tablesKeptWhole
  // Per op, with a sample: a single insert into tables none kept whole,
  // whose execution outside the sample changes nothing the check holds
  // (refused, it stores nothing; else it is not stored), so is skipped
  // before its keys are rendered.
  std::vector<bool> SilentInserts;
  std::vector<TableReads> Reads; // per table, when rows are split
  std::vector<bool> BySet; // per op: queryBySet (when rows are split)
  std::vector<RowSet> Tables;
  // Rows only, by hash like the rows no read visits (replay/HashedRows.h):
  // the check asks only whether a key is there. See holdExistingRows.
  std::vector<HashedRows> Existing;
  std::vector<bool> Sharded;      // per table: Table::Shards
  // Per sharded table: the event that stored each row (noteStored).
  std::vector<std::unordered_map<std::string, std::uint32_t>> StoredBy;
  std::map<std::string, Buffer> Buffers; // table "\0" PartitionKey
  LogicalEntityView View;
  std::string Pk, Rk, FilterText;
  EdmValue Scratch;
  std::vector<std::pair<std::string, std::string>> Ranges;
  // A batch's rows (duplicate check) and what it changed (to undo it).
  std::vector<std::string_view> BatchRows;
  BatchUndo Undo;
};

void FunctionalDesign::holdExistingRows() {
  for (const ExistingPlacement &P : existingPlacements(W, Plan)) {
    const WriteTarget &T = *P.Target;
    const std::shared_ptr<const ExistingKeys> Keys =
        existingKeys(KeyCache, W, P.Family, T.PartitionKey, T.RowKey);
    // Room for the rows held: all of them, or about the sample's share.
    const double Held = static_cast<double>(Keys->size()) *
                        (holdsEveryEntity(T.Table) ? 1.0 : Share * 1.1);
    Existing[T.Table].reserve(Existing[T.Table].size() +
                              static_cast<std::size_t>(Held));
    for (std::uint32_t I = 0; I < Keys->size(); ++I) {
      const std::uint32_t E = Keys->first() + I;
      if (holds(T.Table, E) && T.reaches(View, E))
        Existing[T.Table].insert(Keys->key(I), E);
    }
  }
}

void FunctionalDesign::findSilentInserts() {
  SilentInserts.assign(W.Ops.size(), false);
  for (std::uint32_t Op = 0; Op < W.Ops.size(); ++Op)
    SilentInserts[Op] =
        !W.Ops[Op].IsQuery && W.Ops[Op].Kind == WriteKind::Insert &&
        std::none_of(Plan.Writes[Op].begin(), Plan.Writes[Op].end(),
                     [&](const WriteTarget &T) {
                       return Whole[T.Table] || T.Decl->BatchSize > 1;
                     });
}

void FunctionalDesign::write(std::uint32_t EventIndex) {
  const WorkloadEvent &Ev = W.Events[EventIndex];
  const WriteKind Kind = W.Ops[Ev.Op].Kind;
  if (!SilentInserts.empty() && SilentInserts[Ev.Op] &&
      !inAnswerSample(Ev.Entity, Share))
    return;
  for (const WriteTarget &T : Plan.Writes[Ev.Op]) {
    if (!T.reaches(View, Ev.Entity))
      continue;
    T.PartitionKey.render(W, Ev.Entity, Pk, Scratch);
    T.RowKey.render(W, Ev.Entity, Rk, Scratch);
    StagedWrite S{Kind, rowKey(Pk, Rk), Ev.Entity, EventIndex, 0,
                  !holds(T.Table, Ev.Entity)};
    if (S.Outside && T.Decl->BatchSize <= 1) {
      if (!applyOutside(T.Table, S))
        return; // refused: the logical write ends (below)
      continue;
    }
    if (T.Decl->BatchSize <= 1) {
      // An insert the service refuses (409: the key is taken) ends the
      // logical write: the application writes its tables in the order
      // the design declares them, and does not copy into an index a
      // product its home table turned away. Copied anyway, the index held
      // rows its home lacked, and an index design answered differently
      // from the design without one.
      if (Kind == WriteKind::Insert) {
        if (heldBeforeTheRun(T.Table, S.Row) ||
            !Tables[T.Table].insert(S.Row, S.Entity))
          return;
        noteStored(T.Table, S);
        continue;
      }
      if (Kind == WriteKind::Delete)
        Existing[T.Table].erase(S.Row);
      applyIfAllowed(Tables[T.Table], S);
      noteStored(T.Table, S);
      continue;
    }
    S.Bytes = entityBytes(W, Ev.Entity, Pk.size() + Rk.size(),
                          T.Sent.empty() ? nullptr : &T.Sent);
    // A fan-out's rows batched as they come share one buffer per table,
    // each batch holding rows of one execution (FanOutWrite.h).
    const bool AsTheyCome = T.FanOut == FanOutSending::AsTheyCome;
    Buffer &B = Buffers[std::to_string(T.Table) + '\0' +
                        (AsTheyCome ? std::string("\1") : Pk)];
    if (AsTheyCome && !B.Ops.empty() &&
        W.Events[B.Ops.back().Event].Time != Ev.Time)
      flush(B);
    if (AsTheyCome && B.Ops.empty())
      B.FirstPk = Pk;
    B.Spans = B.Spans || (AsTheyCome && Pk != B.FirstPk);
    B.Table = T.Table;
    B.Limit = T.Decl->BatchSize;
    B.Ops.push_back(std::move(S));
    if (B.Ops.size() >= B.Limit)
      flush(B);
  }
}

// An entity group transaction: all of it or nothing (the rules of
// SimulatedService::batch). The rows are distinct, so each write is checked
// against the store as the batch found it while it is applied (one search
// each), and what was applied is undone, newest first, when one is refused.
void FunctionalDesign::flush(std::uint32_t Table,
                             std::vector<StagedWrite> &Ops) {
  if (Ops.empty())
    return;
  RowSet &Store = Tables[Table];
  std::uint64_t Bytes = 0;
  BatchRows.clear();
  for (const StagedWrite &S : Ops) {
    Bytes += S.Bytes;
    BatchRows.push_back(S.Row);
  }
  std::sort(BatchRows.begin(), BatchRows.end());
  if (Ops.size() > limits::MaxBatchOperations ||
      std::adjacent_find(BatchRows.begin(), BatchRows.end()) !=
          BatchRows.end() ||
      Bytes >= limits::MaxBatchPayloadBytes ||
      std::any_of(Ops.begin(), Ops.end(), [&](const StagedWrite &S) {
        return S.Kind == WriteKind::Insert && heldBeforeTheRun(Table, S.Row);
      })) {
    Ops.clear();
    return;
  }
  Undo.clear();
  // A write outside the sample as applyOutside takes it: on a held row,
  // an insert is refused, a delete applied, another write takes the row.
  auto Apply = [&](std::size_t I) {
    const StagedWrite &S = Ops[I];
    if (!S.Outside)
      return Undo.apply(Store, I, S.Kind, S.Row, S.Entity);
    if (!Store.find(S.Row))
      return BatchUndo::Refusal::None;
    switch (S.Kind) {
    case WriteKind::Insert:
    case WriteKind::Delete:
      return Undo.apply(Store, I, S.Kind, S.Row, S.Entity);
    default:
      return Undo.apply(Store, I, WriteKind::InsertOrReplace, S.Row,
                        OutsideSample);
    }
  };
  bool Applied = true;
  for (std::size_t I = 0; I < Ops.size() && Applied; ++I)
    if (Apply(I) != BatchUndo::Refusal::None) {
      Undo.undo(Store, [&](std::size_t At) -> std::string_view {
        return Ops[At].Row;
      });
      Applied = false;
    }
  for (std::size_t I = 0; I < Ops.size() && Applied; ++I)
    noteStored(Table, Ops[I]);
  Ops.clear();
}

void FunctionalDesign::flushAll() {
  for (auto &Entry : Buffers)
    flush(Entry.second);
}

bool FunctionalDesign::renderFilter(const QueryTarget &Q, std::uint32_t Entity,
                                    std::uint64_t Read, Answer &A,
                                    std::optional<Filter> &Where) {
  Q.renderRead(W, Entity, Read, FilterText, Scratch);
  if (Read == 0)
    A.Filter = filterAsSent(FilterText);
  if (Q.Filter.Pieces.empty())
    return true;
  FilterParseResult Parsed = parseFilter(FilterText);
  if (!Parsed) {
    A.Ok = false;
    return false;
  }
  Where = std::move(Parsed.filter());
  return true;
}

Answer FunctionalDesign::queryBySet(std::uint32_t EventIndex) {
  const WorkloadEvent &Ev = W.Events[EventIndex];
  const QueryTarget &Q = *Plan.Queries[Ev.Op];
  Answer A;
  A.Reads = 1;
  std::optional<Filter> Where;
  if (!renderFilter(Q, Ev.Entity, 0, A, Where))
    return A;
  // Each row is judged Far rows after it is visited: its entity's slot
  // starts loading when it is visited, where its codes are Far - Near
  // rows before it is judged (as prefetchAhead does in key order).
  constexpr std::uint64_t Far = 12, Near = 6, Ring = 16;
  std::uint32_t Pending[Ring];
  std::uint64_t In = 0, Out = 0;
  const EntityFilter Matches(Where ? &*Where : nullptr, W);
  auto Judge = [&](std::uint32_t E) {
    if (E == OutsideSample)
      return;
    View.reset(E);
    if (Matches.matches(View))
      A.Entities.push_back(E);
  };
  Tables[Q.Table].forEach([&](std::uint32_t E) {
    W.prefetchEntity(E);
    Pending[In++ % Ring] = E;
    if (In > Near)
      W.prefetchEntity(Pending[(In - 1 - Near) % Ring], true);
    if (In > Far)
      Judge(Pending[Out++ % Ring]);
  });
  while (Out < In)
    Judge(Pending[Out++ % Ring]);
  A.Scanned = In;
  std::sort(A.Entities.begin(), A.Entities.end());
  return A;
}

Answer FunctionalDesign::query(std::uint32_t EventIndex) {
  const WorkloadEvent &Ev = W.Events[EventIndex];
  if (!BySet.empty() && BySet[Ev.Op])
    return queryBySet(EventIndex);
  const QueryTarget &Q = *Plan.Queries[Ev.Op];
  const RowSet &Store = Tables[Q.Table];
  // A "latest N" reader of a RowKey that does not put the newest first
  // reads every match and keeps the `top` newest (below).
  const std::uint64_t Keep = Q.Decl->Top.value_or(0);
  const std::uint64_t Top = Q.ReadsAllForNewest ? 0 : Keep;
  Answer A;
  A.Reads = Q.reads(W, Ev.Entity);
  // (row, entity) of every read, each read in key order, cut at `top`.
  std::vector<std::pair<std::string, std::uint32_t>> Rows;
  for (std::uint64_t Read = 0; Read < A.Reads; ++Read) {
    std::optional<Filter> Where;
    if (!renderFilter(Q, Ev.Entity, Read, A, Where))
      return A;
    scopeRanges(Where ? &*Where : nullptr, Ranges);
    const EntityFilter Matches(Where ? &*Where : nullptr, W);
    std::uint64_t Found = 0;
    for (const auto &[Low, High] : Ranges) {
      for (RowStore::Cursor It = Store.lowerBound(Low);
           It.valid() && (High.empty() || It.key() < High) &&
           !(Top && Found >= Top);
           It.next()) {
        ++A.Scanned;
        prefetchAhead(W, It);
        if (It.value() == OutsideSample)
          continue;
        View.reset(It.value(), It.key());
        if (!Matches.matches(View))
          continue;
        Rows.emplace_back(It.key(), It.value());
        ++Found;
      }
    }
  }
  if (A.Reads > 1) {
    // The client's merge: RowKey order (the buckets split one logical
    // partition), then PartitionKey; `top` after the merge.
    auto RowKeyOf = [](std::string_view Row) {
      return Row.substr(Row.find('\0') + 1);
    };
    std::sort(Rows.begin(), Rows.end(),
              [&](const auto &L, const auto &R) {
                       const std::string_view LR = RowKeyOf(L.first);
                       const std::string_view RR = RowKeyOf(R.first);
                       return LR != RR ? LR < RR : L.first < R.first;
                     });
  }
  // A sharded entity's rows are one entity before `top` counts them.
  if (Q.Shards)
    mergeShards(Q, Rows);
  if (A.Reads > 1 && Top && Rows.size() > Top)
    Rows.resize(Top);
  if (Q.ReadsAllForNewest && Keep)
    keepNewest(Rows, Keep, [&](const std::pair<std::string, std::uint32_t> &Row) {
      View.reset(Row.second, Row.first);
      const EdmValue *V = View.property(Q.Decl->Newest);
      return V ? V->Int : 0;
    });
  for (const auto &Row : Rows)
    A.Entities.push_back(Row.second);
  std::sort(A.Entities.begin(), A.Entities.end());
  if (!Q.Decl->Newest.empty() && Keep) {
    for (const auto &Row : Rows) {
      View.reset(Row.second, Row.first);
      const EdmValue *V = View.property(Q.Decl->Newest);
      A.Newest.emplace_back(Row.second, V ? V->Int : 0);
    }
    std::sort(A.Newest.begin(), A.Newest.end());
  }
  return A;
}

// The reader of a sharded table sums a counter's shards: one logical
// entity whose latest write is the newest of its shard rows. Rows of one
// entity share their keys but for the shard's digits; each group keeps
// the row the latest write stored, in the group's first place.
void FunctionalDesign::mergeShards(
    const QueryTarget &Q,
    std::vector<std::pair<std::string, std::uint32_t>> &Rows) const {
  const std::unordered_map<std::string, std::uint32_t> &By = StoredBy[Q.Table];
  auto EventOf = [&](const std::string &Row) -> std::int64_t {
    const auto It = By.find(Row);
    return It == By.end() ? -1 : It->second;
  };
  std::unordered_map<std::string, std::size_t> Group; // logical key -> kept
  std::vector<std::pair<std::string, std::uint32_t>> Kept;
  std::string Scratch;
  for (auto &Row : Rows) {
    const std::size_t Nul = Row.first.find('\0');
    std::string Logical(unshardedPartitionKey(
        Q, std::string_view(Row.first).substr(0, Nul), Scratch));
    Logical += std::string_view(Row.first).substr(Nul);
    const auto [It, New] = Group.emplace(std::move(Logical), Kept.size());
    if (New)
      Kept.push_back(std::move(Row));
    else if (EventOf(Row.first) > EventOf(Kept[It->second].first))
      Kept[It->second] = std::move(Row);
  }
  Rows = std::move(Kept);
}

// One entity only one answer has, described; empty when none.
std::string onlyIn(const Workload &W, const std::string &Label,
                   const Answer &A, const Answer &B) {
  std::vector<std::uint32_t> Extra;
  std::set_difference(A.Entities.begin(), A.Entities.end(),
                      B.Entities.begin(), B.Entities.end(),
                      std::back_inserter(Extra));
  if (Extra.empty())
    return {};
  return "only " + Label + " returned " + logicalEntityText(W, Extra.front()) +
         (Extra.size() > 1 ? " (and " + std::to_string(Extra.size() - 1) +
                                 " more)"
                           : "");
}

// The logical writes that create the entities of table Table in design P.
std::vector<std::uint32_t> fillingWrites(const Workload &W, const DesignPlan &P,
                                         std::uint32_t Table) {
  std::vector<std::uint32_t> Out;
  for (std::uint32_t Op = 0; Op < W.Ops.size(); ++Op) {
    if (W.Ops[Op].IsQuery || !createsEntity(W.Ops[Op].Kind))
      continue;
    for (const WriteTarget &T : P.Writes[Op])
      if (T.Table == Table) {
        Out.push_back(Op);
        break;
      }
  }
  return Out;
}

std::string quotedNames(const Workload &W, const std::vector<std::uint32_t> &Ops,
                        const DesignPlan &Other) {
  if (Ops.empty())
    return "no write of the workload";
  std::string Out;
  for (std::size_t I = 0; I < Ops.size(); ++I) {
    Out += (I ? ", '" : "'") + W.Ops[Ops[I]].Name + "'";
    if (Other.Writes[Ops[I]].empty())
      Out += " (not declared in " + Other.Label + ")";
  }
  return Out;
}

// Why query Op's answers differ, when the two designs fill the tables it
// reads with different logical writes; empty otherwise.
std::string differentSources(const Workload &W, std::uint32_t Op,
                             const DesignPlan *const Plans[2]) {
  std::vector<std::uint32_t> Filled[2];
  for (int D = 0; D < 2; ++D)
    Filled[D] = fillingWrites(W, *Plans[D], Plans[D]->Queries[Op]->Table);
  if (Filled[0] == Filled[1])
    return "";
  std::string Out = W.Ops[Op].Name + ": ";
  for (int D = 0; D < 2; ++D) {
    const DesignPlan &P = *Plans[D];
    Out += (D ? "; " : "") + P.Label + " reads table '" +
           P.Tables[P.Queries[Op]->Table].Name + "', whose entities come from " +
           quotedNames(W, Filled[D], *Plans[1 - D]);
  }
  return Out +
         ". A logical write is one set of entities: a table holds the same "
         "entities as another only when it declares the same write (by "
         "name), as an index table declares the write of the table it "
         "indexes";
}

// An answer with only the sampled entities it returned.
void keepSampled(Answer &A, double Share) {
  auto Outside = [Share](std::uint32_t E) { return !inAnswerSample(E, Share); };
  A.Entities.erase(
      std::remove_if(A.Entities.begin(), A.Entities.end(), Outside),
      A.Entities.end());
  A.Newest.erase(std::remove_if(A.Newest.begin(), A.Newest.end(),
                                [&](const auto &N) { return Outside(N.first); }),
                 A.Newest.end());
}

// The tables each design keeps whole, as "Items (current)".
std::vector<std::string> wholeTableNames(const Workload &W,
                                         const DesignPlan *const Plans[2]) {
  std::vector<std::string> Out;
  for (int D = 0; D < 2; ++D) {
    const std::vector<bool> Whole = tablesKeptWhole(W, *Plans[D]);
    for (std::size_t T = 0; T < Whole.size(); ++T)
      if (Whole[T])
        Out.push_back(Plans[D]->Tables[T].Name + " (" + Plans[D]->Label + ")");
  }
  return Out;
}

// "Latest N" query Op: answers that differ only among entities within one
// step of the coarser key's order tie (sameUpToTies); 0 for another query,
// -1 where a key does not order by the newest property.
std::int64_t tieStep(std::uint32_t Op, const DesignPlan *const Plans[2]) {
  const std::string &Newest = Plans[0]->Queries[Op]->Decl->Newest;
  if (Newest.empty())
    return 0;
  std::int64_t Step = 0;
  for (int D = 0; D < 2; ++D) {
    const DesignPlan *P = Plans[D];
    const schema::Table &T = P->Schema->Tables[P->Queries[Op]->Table];
    const std::optional<std::int64_t> S = schema::keyOrderStep(
        T.RowKey, Newest, schema::pinnedDateUnits(T, Newest));
    Step = S && (Step >= 0) ? std::max(Step, *S) : -1;
  }
  return Step;
}

// The comparison of query execution E's answers A (one per design) counted
// in Q and Check, and a difference described (up to MaxDifferences).
void noteComparison(const Workload &W, const DesignPlan *const Plans[2],
                    std::uint32_t E, const Answer (&A)[2], std::int64_t TieStep,
                    const AnswerCheckOptions &Options, QueryComparison &Q,
                    AnswerCheck &Check) {
  ++Q.Compared;
  ++Check.Compared;
  const std::uint32_t Op = W.Events[E].Op;
  if (A[0].Ok && A[1].Ok &&
      (A[0].Entities == A[1].Entities ||
       sameUpToTies(A[0], A[1], TieStep,
                    Plans[0]->Queries[Op]->Decl->Top.value_or(0)))) {
    ++Check.Equal;
    return;
  }
  ++Q.Different;
  ++Check.Different;
  if (Check.Differences.size() >= Options.MaxDifferences)
    return;
  AnswerDifference Diff;
  Diff.Query = W.Ops[Op].Name;
  Diff.Time = W.Events[E].Time;
  for (int D = 0; D < 2; ++D) {
    Diff.Filters.push_back(A[D].Filter);
    Diff.Reads.push_back(A[D].Reads);
    Diff.Counts.push_back(A[D].Entities.size());
    if (!A[D].Ok)
      Diff.Detail = Plans[D]->Label + "'s filter '" + A[D].Filter +
                    "' does not parse";
  }
  for (int D = 0; D < 2 && Diff.Detail.empty(); ++D)
    Diff.Detail = onlyIn(W, Plans[D]->Label, A[D], A[1 - D]);
  Check.Differences.push_back(std::move(Diff));
}

} // namespace

bool inAnswerSample(std::uint32_t Entity, double Share) {
  if (Share >= 1)
    return true;
  // splitmix64's finalizer: every bit of the id moves every bit of the
  // hash, so consecutive ids (one batch, one burst) are sampled apart.
  std::uint64_t H = Entity + 0x9e3779b97f4a7c15ULL;
  H = (H ^ (H >> 30)) * 0xbf58476d1ce4e5b9ULL;
  H = (H ^ (H >> 27)) * 0x94d049bb133111ebULL;
  H ^= H >> 31;
  return static_cast<double>(H >> 11) < Share * 9007199254740992.0; // 2^53
}

double answerSampleShare(const Workload &W) {
  const double Entities = static_cast<double>(W.entityCount());
  return Entities <= MinAnswerSampleEntities
             ? 1.0
             : std::max(DefaultAnswerSample,
                        MinAnswerSampleEntities / Entities);
}

std::vector<bool> tablesKeptWhole(const Workload &W, const DesignPlan &Plan) {
  // A sharded table: its reader takes the newest shard of an entity,
  // which only every entity's rows can tell.
  std::vector<bool> Whole(Plan.Tables.size(), false);
  for (std::size_t T = 0; T < Plan.Tables.size(); ++T)
    Whole[T] = Plan.Schema && T < Plan.Schema->Tables.size() &&
               Plan.Schema->Tables[T].Shards.has_value();
  for (std::uint32_t Op = 0; Op < W.Ops.size(); ++Op)
    if (W.Ops[Op].IsQuery && Op < Plan.Queries.size() && Plan.Queries[Op] &&
        Plan.Queries[Op]->Decl->Top)
      Whole[Plan.Queries[Op]->Table] = true;
  return Whole;
}

namespace {

// Which executions of each query the check compares, chosen in event order:
// up to MaxComparedPerQuery spread evenly over a query's executions, and
// half as many from each time the entities both designs scanned in its
// compared executions pass ScanBudgetPerQuery.
class ComparedExecutions {
public:
  ComparedExecutions(const Workload &W, const AnswerCheckOptions &Options)
      : W(W), Max(std::max<std::uint64_t>(1, Options.MaxComparedPerQuery)),
        Budget(Options.ScanBudgetPerQuery), Executions(W.Ops.size(), 0),
        Seen(W.Ops.size(), 0), Stride(W.Ops.size(), 1),
        Scanned(W.Ops.size(), 0), Compared(W.Ops.size(), false) {
    for (const WorkloadEvent &Ev : W.Events)
      if (W.Ops[Ev.Op].IsQuery)
        ++Executions[Ev.Op];
  }
  std::uint64_t executions(std::uint32_t Op) const { return Executions[Op]; }
  // Query Op is compared (it is in both designs).
  void compare(std::uint32_t Op) { Compared[Op] = true; }

  // The next compared execution from event From on; W.Events.size() when
  // none is left.
  std::uint32_t next(std::uint32_t From) {
    for (std::uint32_t E = From; E < W.Events.size(); ++E) {
      const std::uint32_t Op = W.Events[E].Op;
      if (!W.Ops[Op].IsQuery || !Compared[Op])
        continue;
      // Execution k is compared when it starts a new 1/Max share of the
      // query's executions.
      const std::uint64_t K = Seen[Op]++, N = Executions[Op];
      if (N > Max && (K * Max) / N == ((K + 1) * Max) / N)
        continue;
      if (K % Stride[Op] == 0)
        return E;
    }
    return static_cast<std::uint32_t>(W.Events.size());
  }
  // The entities the designs scanned for the compared execution of Op.
  void scanned(std::uint32_t Op, std::uint64_t Entities) {
    Scanned[Op] += Entities;
    if (Scanned[Op] > Budget) {
      Stride[Op] *= 2;
      Scanned[Op] = 0;
    }
  }

private:
  const Workload &W;
  const std::uint64_t Max, Budget;
  std::vector<std::uint64_t> Executions, Seen, Stride, Scanned;
  std::vector<bool> Compared;
};

// A step of the check takes its helper thread when it applies at least
// this many events: a meeting of the threads costs some microseconds, a
// write's application about one.
constexpr std::uint32_t StepApart = 512;

} // namespace

AnswerCheck checkAnswers(const Workload &W, const DesignPlan &Current,
                         const DesignPlan &Suggested,
                         const AnswerCheckOptions &Options) {
  AnswerCheck Check;
  Check.Ran = true;
  const double Share = std::clamp(Options.SampleShare, 0.0, 1.0);
  Check.SampleShare = Share;
  const DesignPlan *Plans[2] = {&Current, &Suggested};
  if (Share < 1)
    Check.WholeTables = wholeTableNames(W, Plans);
  ComparedExecutions Picks(W, Options);
  std::vector<int> Row(W.Ops.size(), -1); // index into PerQuery
  std::vector<std::int64_t> TieStep(W.Ops.size(), 0);
  for (std::uint32_t Op = 0; Op < W.Ops.size(); ++Op) {
    if (!W.Ops[Op].IsQuery)
      continue;
    if (!Current.Queries[Op] || !Suggested.Queries[Op]) {
      Check.NotInBoth.push_back(W.Ops[Op].Name);
      continue;
    }
    TieStep[Op] = tieStep(Op, Plans);
    Row[Op] = static_cast<int>(Check.PerQuery.size());
    Check.PerQuery.push_back({W.Ops[Op].Name, Picks.executions(Op), 0, 0});
    Picks.compare(Op);
  }
  // The two designs side by side, each on its own thread (a plan caches
  // the text it last rendered: one plan twice stays on one thread).
  SideBySide Pair(Options.SpareThread && &Current != &Suggested);
  std::optional<FunctionalDesign> Designs[2];
  auto Build = [&](int D) {
    Designs[D].emplace(W, *Plans[D], Options.OrderEveryRow, Share,
                       Options.ExistingKeys.get());
  };
  auto Spare = [&Options] {
    return Options.SpareThread && Options.SpareThread();
  };
  Pair.run([&] { Build(0); }, [&] { Build(1); }, Spare());
  for (std::uint32_t From = 0;;) {
    const std::uint32_t E = Picks.next(From);
    if (E == W.Events.size())
      break; // the writes after the last compared execution change nothing
    Answer A[2];
    Pair.run([&] { A[0] = Designs[0]->answerAt(From, E); },
             [&] { A[1] = Designs[1]->answerAt(From, E); },
             E - From >= StepApart && Spare());
    From = E + 1;
    const std::uint32_t Op = W.Events[E].Op;
    Picks.scanned(Op, A[0].Scanned + A[1].Scanned);
    // Both from tables of every entity: compared whole; else on the
    // sample (a table kept whole answers with entities outside it).
    if (!Designs[0]->holdsEveryEntity(Current.Queries[Op]->Table) ||
        !Designs[1]->holdsEveryEntity(Suggested.Queries[Op]->Table))
      for (Answer &X : A)
        keepSampled(X, Share);
    noteComparison(W, Plans, E, A, TieStep[Op], Options,
                   Check.PerQuery[static_cast<std::size_t>(Row[Op])], Check);
  }
  for (std::uint32_t Op = 0; Op < W.Ops.size(); ++Op)
    if (Row[Op] >= 0 && Check.PerQuery[static_cast<std::size_t>(Row[Op])].Different)
      if (std::string Cause = differentSources(W, Op, Plans); !Cause.empty())
        Check.Causes.push_back(std::move(Cause));
  return Check;
}

} // namespace tablelint::replay
