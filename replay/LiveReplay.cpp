// `replay --live URL`: the scaled-down workload run through each design on a
// real Table endpoint, and the per-query comparison of the logical results
// (see LiveReplay.h for the scaling and comparison rules).
#include "replay/LiveReplay.h"

#include "replay/EntityText.h"
#include "replay/live/TableRestClient.h"

#include "core/Redact.h"
#include "core/ServiceLimits.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <unordered_set>

namespace tablelint::replay {

using live::BatchAction;
using live::BatchOperation;
using live::RestEntity;
using live::RestResult;
using live::TableRestClient;

namespace {

BatchAction batchAction(schema::WriteKind Kind) {
  switch (Kind) {
  case schema::WriteKind::Insert:
    return BatchAction::Insert;
  case schema::WriteKind::Update:
    return BatchAction::Update;
  case schema::WriteKind::Merge:
    return BatchAction::Merge;
  case schema::WriteKind::InsertOrReplace:
    return BatchAction::InsertOrReplace;
  case schema::WriteKind::InsertOrMerge:
    return BatchAction::InsertOrMerge;
  case schema::WriteKind::Delete:
    return BatchAction::Delete;
  }
  return BatchAction::Insert;
}

RestResult sendSingle(TableRestClient &Client, const std::string &Table,
                      schema::WriteKind Kind, const RestEntity &E) {
  switch (Kind) {
  case schema::WriteKind::Insert:
    return Client.insertEntity(Table, E);
  case schema::WriteKind::Update:
    return Client.updateEntity(Table, E);
  case schema::WriteKind::Merge:
    return Client.mergeEntity(Table, E);
  case schema::WriteKind::InsertOrReplace:
    return Client.insertOrReplace(Table, E);
  case schema::WriteKind::InsertOrMerge:
    return Client.insertOrMerge(Table, E);
  case schema::WriteKind::Delete:
    return Client.deleteEntity(Table, E.PartitionKey, E.RowKey);
  }
  return RestResult();
}

// Whether an execution of Op writes its entities together as one entity
// group transaction (entitiesPerWrite > 1, or a declared transaction).
bool isGroupedWrite(const LogicalOp &Op) {
  return !Op.IsQuery && (Op.EntitiesPerExecution > 1 || Op.Unit >= 0);
}

// Whether write event Next belongs to the group of write event Ev, the one
// before it: same time and the same grouped write, or a write of the same
// unit (the simulator's grouping, Simulation.cpp).
bool continuesGroup(const Workload &W, const WorkloadEvent &Ev,
                    const WorkloadEvent &Next) {
  const LogicalOp &Op = W.Ops[Ev.Op];
  if (!isGroupedWrite(Op) || Next.Time != Ev.Time)
    return false;
  return Next.Op == Ev.Op || (Op.Unit >= 0 && W.Ops[Next.Op].Unit == Op.Unit);
}

// What one entity adds to a $batch body: its JSON and the sub-request's
// part boundary, request line and headers (a generous allowance).
std::uint64_t batchPartBytes(const RestEntity &E) {
  constexpr std::uint64_t PartOverhead = 512;
  return live::encodeEntityJson(E).size() + E.PartitionKey.size() +
         E.RowKey.size() + PartOverhead;
}

// The compared properties of query op Op across the plans.
std::vector<std::string> comparedProperties(const Workload &W,
                                            const std::vector<DesignPlan> &P,
                                            std::uint32_t Op) {
  std::optional<std::set<std::string>> Selected;
  for (const DesignPlan &Plan : P) {
    const std::optional<QueryTarget> &Q = Plan.Queries[Op];
    if (!Q || !Q->Decl->HasSelect)
      continue;
    std::set<std::string> Names(Q->Decl->Select.begin(), Q->Decl->Select.end());
    if (!Selected) {
      Selected = std::move(Names);
      continue;
    }
    std::set<std::string> Both;
    for (const std::string &N : Names)
      if (Selected->count(N))
        Both.insert(N);
    Selected = std::move(Both);
  }
  std::vector<std::string> Out;
  if (Selected) {
    for (const std::string &N : *Selected)
      if (N != "PartitionKey" && N != "RowKey" && N != "Timestamp")
        Out.push_back(N);
    return Out;
  }
  for (const PropertyDomain &D : W.Families[W.Ops[Op].Family].Properties)
    Out.push_back(D.Name);
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::string rowText(const RestEntity &E,
                    const std::vector<std::string> &Names) {
  std::string Out = "{";
  for (std::size_t I = 0; I < Names.size(); ++I) {
    if (I)
      Out += ", ";
    Out += Names[I] + ": " + edmValueText(E.find(Names[I]));
  }
  return Out + "}";
}

// How requests of workload client C (null: none declared) are retried: as
// the design declares, every client's maxRetries replaced by Override
// (--live-retries) when given.
live::RetryPolicy retryPolicyFor(const schema::Client *C,
                                 const std::optional<unsigned> &Override) {
  live::RetryPolicy P;
  if (C)
    P.Spec = C->Retry;
  if (Override)
    P.Spec.MaxRetries = *Override;
  return P;
}

// A failure of the endpoint rather than of the request: a 5xx status, or
// no response at all. It says nothing about the design.
bool isServiceFailure(const RestResult &R) {
  return R.Status == 0 || R.Status >= 500;
}

// SIGINT/SIGTERM during a live run: the first asks the run to stop and
// delete its tables (SA_RESETHAND: a second one ends the process).
volatile std::sig_atomic_t CaughtSignal = 0;

extern "C" void onStopSignal(int Signal) { CaughtSignal = Signal; }

class StopSignalGuard {
public:
  StopSignalGuard() {
    CaughtSignal = 0;
    struct sigaction Action {};
    Action.sa_handler = onStopSignal;
    sigemptyset(&Action.sa_mask);
    Action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &Action, &OldInt);
    sigaction(SIGTERM, &Action, &OldTerm);
  }
  ~StopSignalGuard() {
    sigaction(SIGINT, &OldInt, nullptr);
    sigaction(SIGTERM, &OldTerm, nullptr);
  }
  StopSignalGuard(const StopSignalGuard &) = delete;
  StopSignalGuard &operator=(const StopSignalGuard &) = delete;

private:
  struct sigaction OldInt {}, OldTerm {};
};

// Each request of the clean-up gets this long, whatever the deadline.
constexpr long CleanupRequestTimeoutMs = 10'000;

// The outcome of one query event in one design.
struct QueryOutcome {
  bool Ran = false, Ok = false;
  // Failed on the endpoint's side (5xx, no response): not compared.
  bool ServiceFailure = false;
  std::string Filter, Status;
  std::vector<std::string> Rows; // sorted
};

class DesignRunner {
public:
  DesignRunner(const Workload &W, const DesignPlan &Plan,
               TableRestClient &Client, LiveDesignResult &R,
               std::optional<unsigned> RetriesOverride)
      : W(W), Plan(Plan), Client(Client), R(R),
        RetriesOverride(RetriesOverride) {}

  // GroupEnds: the event is the last of its entity group (the group's
  // transactions go out with it).
  void write(std::uint32_t EventIndex, bool GroupEnds);
  QueryOutcome query(std::uint32_t EventIndex,
                     const std::vector<std::string> &Compared);
  void flushAll();

private:
  struct Buffer {
    std::string Table, Op;
    const schema::Client *Issuer = nullptr; // whose retry policy applies
    std::vector<BatchOperation> Ops;
    std::uint64_t Bytes = 0;
    unsigned Limit = 1;
  };
  RestEntity entity(const WriteTarget &T, std::uint32_t Entity);
  bool landedAsSent(const std::string &Table, BatchAction Action,
                    const RestEntity &E);
  void flush(Buffer &B);
  void fail(const std::string &Op, const std::string &Table,
            const RestResult &Result, std::uint64_t Count);
  // The next requests are Issuer's: retried as the design declares for it.
  void issueAs(const schema::Client *Issuer) {
    Client.setRetryPolicy(retryPolicyFor(Issuer, RetriesOverride));
  }

  const Workload &W;
  const DesignPlan &Plan;
  TableRestClient &Client;
  LiveDesignResult &R;
  std::optional<unsigned> RetriesOverride;
  std::map<std::string, Buffer> Buffers; // table '\0' op '\0' PartitionKey
  // The buffers the current entity group wrote to.
  std::vector<Buffer *> GroupBuffers;
  bool CurrentGroupSplit = false;
  std::map<std::string, std::size_t> FailureIndex;
  std::string Scratch;
  EdmValue ValueScratch;
};

void DesignRunner::fail(const std::string &Op, const std::string &Table,
                        const RestResult &Result, std::uint64_t Count) {
  R.FailedOperations += Count;
  if (Result.Retry.GaveUp)
    R.FailedAfterRetries += Count;
  const std::string Status = Result.describe();
  if (isServiceFailure(Result)) {
    if (!R.ServiceFailures++)
      R.FirstServiceFailure = Status;
  }
  const std::string Key = Op + '\0' + Table + '\0' + Status;
  auto [It, New] = FailureIndex.try_emplace(Key, R.Failures.size());
  if (New)
    R.Failures.push_back({Op, Table, Status, 0});
  R.Failures[It->second].Count += Count;
}

// An ambiguous write (its retry met 409 or 404 after an attempt of unknown
// outcome): whether it landed as this run sent it. An insert is read back:
// the entity under its keys must hold what was sent, else the 409 is a key
// collision of the design (one extra round trip). A delete cannot be told
// apart (the entity is gone either way): taken as landed.
bool DesignRunner::landedAsSent(const std::string &Table, BatchAction Action,
                                const RestEntity &E) {
  if (Action != BatchAction::Insert)
    return true;
  const live::EntityResult Held =
      Client.getEntity(Table, E.PartitionKey, E.RowKey);
  // Unreadable (the endpoint failing): it cannot be told, taken as landed.
  if (!Held.ok())
    return Held.Status != 404;
  return live::sameEntity(Held.Entity, E);
}

RestEntity DesignRunner::entity(const WriteTarget &T, std::uint32_t Entity) {
  RestEntity E;
  T.PartitionKey.render(W, Entity, E.PartitionKey, ValueScratch);
  T.RowKey.render(W, Entity, E.RowKey, ValueScratch);
  const EntityFamily &F = W.Families[W.familyOf(Entity)];
  auto Add = [&](std::uint32_t P) {
    EdmValue V;
    W.value(Entity, P, V);
    E.Properties.emplace_back(F.Properties[P].Name, std::move(V));
  };
  if (T.Sent.empty())
    for (std::uint32_t P = 0; P < F.Properties.size(); ++P)
      Add(P);
  else
    for (std::uint32_t P : T.Sent)
      Add(P);
  return E;
}

void DesignRunner::write(std::uint32_t EventIndex, bool GroupEnds) {
  const WorkloadEvent &Ev = W.Events[EventIndex];
  const LogicalOp &Op = W.Ops[Ev.Op];
  const bool GroupedOp = isGroupedWrite(Op);
  for (const WriteTarget &T : Plan.Writes[Ev.Op]) {
    // A sparse table holds only what its `when` keeps, as in the simulator.
    if (!T.reaches(W, Ev.Entity))
      continue;
    const std::string &Table = R.Tables[T.Table];
    RestEntity E = entity(T, Ev.Entity);
    // A fan-out's rows as its table's client sends them (FanOutWrite.h):
    // one by one, or in batches per partition or as they come.
    const bool OneByOne = T.FanOut == FanOutSending::OneByOne;
    const bool Grouped = GroupedOp && !OneByOne;
    if ((T.Decl->BatchSize > 1 && !OneByOne) || Grouped) {
      // Per write, as in the simulator: one write's entities, never
      // another's, in a transaction (a unit's share its leader's buffer).
      Buffer &B =
          Buffers[Table + '\0' +
                  std::to_string(Grouped && Op.Unit >= 0
                                     ? static_cast<std::uint32_t>(Op.Unit)
                                     : Ev.Op) +
                  '\0' +
                  (T.FanOut == FanOutSending::AsTheyCome ? std::string()
                                                         : E.PartitionKey)];
      // A buffered entity written again goes in the next transaction.
      if (!Grouped && std::any_of(B.Ops.begin(), B.Ops.end(),
                                  [&](const BatchOperation &Buffered) {
                                    return Buffered.Entity.RowKey == E.RowKey;
                                  }))
        flush(B);
      if (B.Ops.empty()) {
        B.Op = Op.Name; // a unit's transaction is named after its leader
        B.Issuer = T.Client;
      }
      B.Table = Table;
      B.Limit = T.Decl->BatchSize > 1 ? T.Decl->BatchSize
                                      : limits::MaxBatchOperations;
      const std::uint64_t Bytes = batchPartBytes(E);
      // The payload must stay under 4 MiB: a group that would not is split
      // (the service would refuse it whole).
      if (!B.Ops.empty() && B.Bytes + Bytes >= limits::MaxBatchPayloadBytes) {
        CurrentGroupSplit = Grouped;
        flush(B);
      }
      B.Ops.push_back({batchAction(Op.Kind), std::move(E), "*"});
      B.Bytes += Bytes;
      if (Grouped && std::find(GroupBuffers.begin(), GroupBuffers.end(), &B) ==
                         GroupBuffers.end())
        GroupBuffers.push_back(&B);
      if (B.Ops.size() >= B.Limit) {
        // A group of more than 100 entities under one key goes on in the
        // next transaction.
        CurrentGroupSplit = CurrentGroupSplit || (Grouped && !GroupEnds);
        flush(B);
      }
      continue;
    }
    ++R.WriteRequests;
    issueAs(T.Client);
    const RestResult Result = sendSingle(Client, Table, Op.Kind, E);
    const bool Landed =
        Result.Ambiguous && landedAsSent(Table, batchAction(Op.Kind), E);
    if (Result.ok() || Landed)
      ++R.EntitiesWritten;
    else
      fail(Op.Name, Table, Result, 1);
    R.AmbiguousRetries += Landed ? 1 : 0;
  }
  if (GroupedOp && GroupEnds) {
    for (Buffer *B : GroupBuffers)
      flush(*B);
    GroupBuffers.clear();
    R.GroupsSplit += CurrentGroupSplit ? 1 : 0;
    CurrentGroupSplit = false;
  }
}

void DesignRunner::flush(Buffer &B) {
  if (B.Ops.empty())
    return;
  ++R.WriteRequests;
  issueAs(B.Issuer);
  const live::BatchResult Result = Client.submitBatch(B.Table, B.Ops);
  // A change set is atomic: all of its entities are written or none. A
  // retry that met what a lost first attempt would have done: the change
  // set landed whole if the operation the service rejected did.
  const bool Landed =
      Result.Ambiguous &&
      (!Result.FailedIndex || *Result.FailedIndex >= B.Ops.size() ||
       landedAsSent(B.Table, B.Ops[*Result.FailedIndex].Action,
                    B.Ops[*Result.FailedIndex].Entity));
  if (Result.ok() || Landed)
    R.EntitiesWritten += B.Ops.size();
  else
    fail(B.Op, B.Table, Result, B.Ops.size());
  R.AmbiguousRetries += Landed ? B.Ops.size() : 0;
  B.Ops.clear();
  B.Bytes = 0;
}

void DesignRunner::flushAll() {
  for (auto &Entry : Buffers)
    flush(Entry.second);
}

QueryOutcome DesignRunner::query(std::uint32_t EventIndex,
                                 const std::vector<std::string> &Compared) {
  QueryOutcome Out;
  const WorkloadEvent &Ev = W.Events[EventIndex];
  const std::optional<QueryTarget> &Target = Plan.Queries[Ev.Op];
  if (!Target)
    return Out;
  // Buffered batches go out first: the query must see the writes before it.
  flushAll();
  Out.Ran = true;
  const std::uint64_t Reads = Target->reads(W, Ev.Entity);
  std::string Select;
  if (Target->Decl->HasSelect) {
    for (const std::string &N : Target->Decl->Select)
      Select += (Select.empty() ? "" : ",") + N;
    // An empty select list means keys only; a fan-out merges on the keys.
    if (Select.empty())
      Select = "PartitionKey,RowKey";
    else if (Reads > 1)
      Select += ",PartitionKey,RowKey";
  }
  const std::string &Table = R.Tables[Target->Table];
  const unsigned Keep = static_cast<unsigned>(Target->Decl->Top.value_or(0));
  // A "latest N" reader that reads every match keeps the newest by the
  // property's value, so it asks for that property too.
  const std::string &Newest = Target->Decl->Newest;
  if (Target->ReadsAllForNewest && Keep && !Select.empty() &&
      ("," + Select + ",").find("," + Newest + ",") == std::string::npos)
    Select += "," + Newest;
  // A "latest N" reader of an oldest-first RowKey reads every match.
  const unsigned Top = Target->ReadsAllForNewest ? 0 : Keep;
  // Each read in key order, cut at $top; a fan-out's reads merged in
  // (RowKey, PartitionKey) order and cut at $top again (AnswerCheck.h).
  std::vector<RestEntity> Rows;
  std::string Filter;
  for (std::uint64_t Read = 0; Read < Reads; ++Read) {
    Target->renderRead(W, Ev.Entity, Read, Filter, ValueScratch);
    if (Read == 0)
      Out.Filter = filterAsSent(Filter);
    // Pages until the continuations end or $top rows are in, as a client
    // asking for the first N does.
    std::size_t Got = 0;
    live::QueryContinuation From;
    do {
      issueAs(Target->Client);
      live::QueryPage Page =
          Client.queryEntities(Table, Filter, Select, Top, From);
      ++R.QueryRequests;
      if (!Page.ok()) {
        Out.Status = Page.describe();
        Out.ServiceFailure = isServiceFailure(Page);
        fail(W.Ops[Ev.Op].Name, Table, Page, 1);
        return Out;
      }
      for (RestEntity &E : Page.Entities)
        if (!Top || Got < Top) {
          Rows.push_back(std::move(E));
          ++Got;
        }
      From = std::move(Page.Next);
    } while (From.more() && !(Top && Got >= Top));
  }
  if (Reads > 1) {
    std::sort(Rows.begin(), Rows.end(),
              [](const RestEntity &A, const RestEntity &B) {
                return std::tie(A.RowKey, A.PartitionKey) <
                       std::tie(B.RowKey, B.PartitionKey);
              });
    if (Top && Rows.size() > Top)
      Rows.resize(Top);
  }
  if (Target->ReadsAllForNewest && Keep)
    keepNewest(Rows, Keep, [&](const RestEntity &E) {
      const EdmValue *V = E.find(Newest);
      return V ? V->Int : 0;
    });
  Out.Ok = true;
  R.EntitiesReturned += Rows.size();
  for (const RestEntity &E : Rows)
    Out.Rows.push_back(rowText(E, Compared));
  std::sort(Out.Rows.begin(), Out.Rows.end());
  return Out;
}

std::string randomSuffix() {
  static const char Chars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device Device;
  std::mt19937 Gen(Device());
  std::string Out;
  for (int I = 0; I < 6; ++I)
    Out += Chars[Gen() % 36];
  return Out;
}

// The first row A has more often than B, as text; empty when none.
std::string firstExtraRow(const std::vector<std::string> &A,
                          const std::vector<std::string> &B) {
  std::vector<std::string> Extra;
  std::set_difference(A.begin(), A.end(), B.begin(), B.end(),
                      std::back_inserter(Extra));
  return Extra.empty() ? std::string() : Extra.front();
}

std::string describeDifference(const std::vector<DesignPlan> &Plans,
                               const std::vector<QueryOutcome> &O) {
  for (std::size_t I = 0; I < O.size(); ++I)
    if (!O[I].Ok)
      return Plans[I].Label + " failed: " + O[I].Status;
  std::string Out;
  for (std::size_t I = 0; I < 2; ++I) {
    const std::string Row = firstExtraRow(O[I].Rows, O[1 - I].Rows);
    if (!Row.empty())
      Out += (Out.empty() ? "only " : "; only ") + Plans[I].Label +
             " returned " + Row;
  }
  return Out;
}

// Budget query events out of Queries (in time order): every query name
// gets an equal share (what a rare one cannot use goes to the others), its
// executions kept evenly spaced over the whole run, so a query that runs
// twice an hour is compared as surely as one that runs every second.
std::vector<std::uint32_t> spreadQueries(const Workload &W,
                                         const std::vector<std::uint32_t> &Queries,
                                         std::size_t Budget) {
  std::map<std::uint32_t, std::vector<std::uint32_t>> ByOp;
  for (std::uint32_t E : Queries)
    ByOp[W.Events[E].Op].push_back(E);
  std::vector<std::pair<std::size_t, std::uint32_t>> Sizes; // rarest first
  for (const auto &[Op, Events] : ByOp)
    Sizes.emplace_back(Events.size(), Op);
  std::sort(Sizes.begin(), Sizes.end());
  std::vector<std::uint32_t> Kept;
  std::size_t Left = Budget, Ops = Sizes.size();
  for (const auto &[Count, Op] : Sizes) {
    const std::size_t Share = std::max<std::size_t>(1, Left / Ops--);
    const std::size_t Take = std::min(Count, Share);
    const std::vector<std::uint32_t> &Events = ByOp[Op];
    for (std::size_t I = 0; I < Take; ++I)
      Kept.push_back(Events[I * Count / Take]);
    Left -= std::min(Left, Take);
  }
  std::sort(Kept.begin(), Kept.end());
  return Kept;
}

} // namespace

int liveInterruptSignal() { return CaughtSignal; }

std::string liveTableName(const std::string &Table, std::size_t Design,
                          const std::string &Suffix) {
  std::string Name;
  for (char C : Table)
    if ((C >= 'A' && C <= 'Z') || (C >= 'a' && C <= 'z') ||
        (C >= '0' && C <= '9'))
      Name += C;
  if (Name.empty() || !((Name[0] >= 'A' && Name[0] <= 'Z') ||
                        (Name[0] >= 'a' && Name[0] <= 'z')))
    Name = "t" + Name;
  const std::string Tail = "d" + std::to_string(Design) + Suffix;
  const std::size_t MaxLength = 63;
  if (Name.size() + Tail.size() > MaxLength)
    Name.resize(MaxLength - std::min(Tail.size(), MaxLength - 1));
  return Name + Tail;
}

std::vector<std::uint32_t> scaleDownWorkload(const Workload &W,
                                             std::size_t MaxOperations) {
  std::vector<std::uint32_t> Queries, Writes;
  for (std::uint32_t I = 0; I < W.Events.size(); ++I)
    (W.Ops[W.Events[I].Op].IsQuery ? Queries : Writes).push_back(I);
  std::vector<std::uint32_t> Kept;
  if (Queries.size() + Writes.size() <= MaxOperations) {
    Kept.resize(W.Events.size());
    for (std::uint32_t I = 0; I < Kept.size(); ++I)
      Kept[I] = I;
    return Kept;
  }
  // Queries get a quarter of the budget, or what the writes leave.
  const std::size_t QueryBudget = std::min(
      Queries.size(),
      std::max(MaxOperations / 4,
               MaxOperations - std::min(Writes.size(), MaxOperations)));
  if (QueryBudget < Queries.size())
    Queries = spreadQueries(W, Queries, QueryBudget);
  const std::size_t WriteBudget = MaxOperations - QueryBudget;
  const std::size_t N = Writes.size();
  std::unordered_set<std::uint32_t> Inserted;
  std::vector<std::uint32_t> KeptWrites;
  bool KeepGroup = true;
  for (std::size_t I = 0; I < N; ++I) {
    const WorkloadEvent &E = W.Events[Writes[I]];
    // An entity group is kept or dropped as a whole, as its first write is.
    const bool InGroup = I > 0 && Writes[I - 1] + 1 == Writes[I] &&
                         continuesGroup(W, W.Events[Writes[I - 1]], E);
    // Evenly spaced: write I is kept when it starts a new 1/WriteBudget
    // share of the writes.
    if (!InGroup)
      KeepGroup = WriteBudget >= N ||
                  ((I + 1) * WriteBudget) / N != (I * WriteBudget) / N;
    if (!KeepGroup)
      continue;
    if (createsEntity(W.Ops[E.Op].Kind))
      Inserted.insert(E.Entity);
    else if (!Inserted.count(E.Entity))
      continue;
    KeptWrites.push_back(Writes[I]);
  }
  std::merge(KeptWrites.begin(), KeptWrites.end(), Queries.begin(),
             Queries.end(), std::back_inserter(Kept));
  return Kept;
}

std::optional<LiveRun> runLive(const Workload &W,
                               const std::vector<DesignPlan> &Plans,
                               const LiveOptions &Options, std::string &Error) {
  std::string CredError;
  std::optional<live::LiveCredentials> Credentials =
      live::credentialsForEndpoint(Options.Url, CredError);
  if (!Credentials) {
    Error = redactSecrets(CredError);
    return std::nullopt;
  }
  std::unique_ptr<TableRestClient> Client =
      TableRestClient::create(Options.Url, *Credentials, {}, Error);
  if (!Client) {
    Error = redactSecrets(Error);
    return std::nullopt;
  }
  // The run's own requests (tables): azure-core's defaults.
  Client->setRetryPolicy(retryPolicyFor(nullptr, Options.Retries));

  LiveRun Run;
  Run.Endpoint = redactSecrets(Client->endpoint().BaseUrl);
  Run.SourceOperations = W.Events.size();
  Run.MaxRetries = Options.Retries;
  const std::string Suffix =
      Options.RunSuffix.empty() ? randomSuffix() : Options.RunSuffix;
  for (std::size_t D = 0; D < Plans.size(); ++D) {
    LiveDesignResult R;
    R.Label = Plans[D].Label;
    for (const PlannedTable &T : Plans[D].Tables)
      R.Tables.push_back(liveTableName(T.Name, D, Suffix));
    Run.Designs.push_back(std::move(R));
  }

  // The deadline and the stop signals abandon the request under way too.
  StopSignalGuard Signals;
  using Clock = std::chrono::steady_clock;
  const Clock::time_point Deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(
                             std::min(Options.DeadlineSeconds, 1e9)));
  bool PastDeadline = false;
  auto ShouldStop = [&] {
    if (CaughtSignal)
      return true;
    if (Clock::now() >= Deadline)
      PastDeadline = true;
    return PastDeadline;
  };
  Client->setAbortCheck(ShouldStop);
  Client->setDeadline(Deadline);
  std::size_t OperationsDone = 0, OperationsPlanned = 0;
  // The tables whose creation was sent and not refused outright: only
  // those may exist (a lost answer or a 500 may hide a creation).
  std::set<std::string> MaybeCreated;

  auto DropTables = [&] {
    Client->setAbortCheck(nullptr);
    Client->setRequestTimeoutMs(CleanupRequestTimeoutMs);
    Client->setRetryPolicy(retryPolicyFor(nullptr, Options.Retries));
    // Each deletion, its retries included, within the clean-up's bound.
    for (LiveDesignResult &R : Run.Designs) {
      if (Options.Keep)
        continue;
      bool All = true;
      for (const std::string &T : R.Tables) {
        if (!MaybeCreated.count(T))
          continue;
        Client->setDeadline(std::chrono::steady_clock::now() +
                            std::chrono::milliseconds(CleanupRequestTimeoutMs));
        const RestResult Deleted = Client->deleteTable(T);
        All = All && (Deleted.ok() || Deleted.Status == 404);
      }
      R.TablesDeleted = All;
    }
  };
  // Why the run stopped early, and what became of its tables.
  auto StopMessage = [&] {
    std::string Out =
        CaughtSignal
            ? std::string("interrupted by ") +
                  (CaughtSignal == SIGINT ? "SIGINT" : "SIGTERM")
            : "the live run did not finish within --live-deadline " +
                  schema::formatDuration(Options.DeadlineSeconds);
    Out += " (" + std::to_string(OperationsDone) + " of " +
           std::to_string(OperationsPlanned) + " operations done); ";
    std::vector<std::string> Left;
    for (const LiveDesignResult &R : Run.Designs)
      if (!R.TablesDeleted)
        Left.insert(Left.end(), R.Tables.begin(), R.Tables.end());
    if (Left.empty())
      return Out + "the run's tables were deleted";
    Out += Options.Keep ? "tables kept (--keep):" : "tables left on the endpoint:";
    for (const std::string &T : Left)
      Out += " " + T;
    return Out;
  };

  for (LiveDesignResult &R : Run.Designs)
    for (const std::string &T : R.Tables) {
      MaybeCreated.insert(T);
      const RestResult Created = Client->createTable(T);
      if (Created.ok())
        continue;
      if (Created.Status != 0 && Created.Status != 500 && Created.Status != 504)
        MaybeCreated.erase(T);
      if (ShouldStop()) {
        DropTables();
        Error = redactSecrets(StopMessage());
        return std::nullopt;
      }
      Error = Created.Status == 0
                  ? "cannot reach the Table endpoint " + Options.Url + ": " +
                        Created.ErrorMessage
                  : "the Table endpoint " + Options.Url +
                        " refused to create table '" + T +
                        "': " + Created.describe();
      Error = redactSecrets(Error);
      if (Created.Status != 0)
        DropTables();
      return std::nullopt;
    }

  const std::vector<std::uint32_t> Events =
      scaleDownWorkload(W, Options.MaxOperations);
  OperationsPlanned = Events.size() * Plans.size();
  std::map<std::uint32_t, std::vector<std::string>> Compared;
  for (std::uint32_t E : Events) {
    const std::uint32_t Op = W.Events[E].Op;
    if (!W.Ops[Op].IsQuery) {
      ++Run.Writes;
      continue;
    }
    ++Run.Queries;
    if (!Compared.count(Op)) {
      Compared[Op] = comparedProperties(W, Plans, Op);
      std::string Line = W.Ops[Op].Name + ":";
      for (const std::string &N : Compared[Op])
        Line += " " + N;
      Run.ComparedProperties.push_back(Line);
    }
  }

  // Design by design: the same events in the same order.
  std::vector<std::vector<QueryOutcome>> Outcomes(Plans.size());
  for (std::size_t D = 0; D < Plans.size() && !ShouldStop(); ++D) {
    LiveDesignResult &R = Run.Designs[D];
    DesignRunner Runner(W, Plans[D], *Client, R, Options.Retries);
    Client->resetTraffic();
    for (std::size_t I = 0; I < Events.size(); ++I) {
      if (ShouldStop())
        break;
      const std::uint32_t E = Events[I];
      const std::uint32_t Op = W.Events[E].Op;
      if (W.Ops[Op].IsQuery)
        Outcomes[D].push_back(Runner.query(E, Compared[Op]));
      else
        Runner.write(
            E, I + 1 == Events.size() ||
                   !continuesGroup(W, W.Events[E], W.Events[Events[I + 1]]));
      // An operation the stop abandoned is not done.
      if (!ShouldStop())
        ++OperationsDone;
    }
    if (!ShouldStop())
      Runner.flushAll();
    R.RoundTrips = Client->traffic().RoundTrips;
    R.BytesSent = Client->traffic().BytesSent;
    R.BytesReceived = Client->traffic().BytesReceived;
    R.ThrottledRequests = Client->retries().Throttled;
    R.RetriedRequests = Client->retries().Retries;
    R.BackoffSeconds = Client->retries().BackoffSeconds;
  }
  const bool Stopped = ShouldStop();
  DropTables();
  if (Stopped) {
    Error = redactSecrets(StopMessage());
    return std::nullopt;
  }

  if (Plans.size() == 2) {
    std::size_t Q = 0;
    for (std::uint32_t E : Events) {
      const std::uint32_t Op = W.Events[E].Op;
      if (!W.Ops[Op].IsQuery)
        continue;
      std::vector<QueryOutcome> O = {Outcomes[0][Q], Outcomes[1][Q]};
      ++Q;
      // A query the endpoint failed compares nothing about the designs.
      if (!O[0].Ran || !O[1].Ran || O[0].ServiceFailure ||
          O[1].ServiceFailure) {
        ++Run.QueriesSkipped;
        continue;
      }
      if (O[0].Ok && O[1].Ok && O[0].Rows == O[1].Rows) {
        ++Run.QueriesEqual;
        continue;
      }
      ++Run.QueriesDifferent;
      if (Run.Differences.size() >= Options.MaxDifferences)
        continue;
      LiveDifference Diff;
      Diff.Query = W.Ops[Op].Name;
      Diff.Time = W.Events[E].Time;
      for (const QueryOutcome &One : O) {
        Diff.Filters.push_back(One.Filter);
        Diff.Counts.push_back(One.Rows.size());
      }
      Diff.Detail = describeDifference(Plans, O);
      Run.Differences.push_back(std::move(Diff));
    }
  }
  return Run;
}

} // namespace tablelint::replay
