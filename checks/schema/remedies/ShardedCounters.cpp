// Sharded counters: a write-hot key that is one entity (the click counter
// of a viral short link) is over its partition's target, and no bucket
// splits one entity. Its writes go to one of N shards drawn at random
// (`shards: N`, the PartitionKey `{key}_{shard}`), N sized so that each
// shard takes at most 50% of the target with its reads; every read of the
// entity names `{shard}` and reads all N shards (N point reads), which
// the reader sums. The shards differ by PartitionKey: shards under one
// PartitionKey would be read by one partition query, but would share one
// partition's throughput, the very limit they are meant to spread.
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/SchemaContext.h"

#include <cmath>
#include <memory>

namespace tablelint::schema {

namespace {

// The most shards a counter gets: each read of it reads every one.
constexpr double MaxShards = 64;

// What loads the busiest key of a table: its writes and the reads that
// pin its partition.
struct KeyLoad {
  double Writes = 0;
  double Reads = 0;        // entities/s on the busiest key
  double ReadsPerSecond = 0; // executions of those reads, every key
};

KeyLoad busiestKeyLoad(const Table &T) {
  KeyLoad L;
  for (const Write &W : T.Writes)
    L.Writes += writeLoad(T, W).HottestPartitionEntitiesPerSecond.value_or(0);
  for (const Query &Q : T.Queries) {
    const QueryAnalysis A = analyzeQuery(T, Q);
    if (!A.Filter.PinnedPartition)
      continue;
    L.Reads += A.Load.HottestPartitionEntitiesPerSecond.value_or(0);
    L.ReadsPerSecond += Q.Frequency.PerSecond;
  }
  return L;
}

// Whether every write of T stores the entity whole under its key: an
// insert-or-merge or insert-or-replace, which creates a shard's row the
// first time a write draws it. An update or merge would fail with 404 on
// a shard not written yet, an insert with 409 on one that was.
bool upsertsOnly(const Table &T) {
  if (T.Writes.empty())
    return false;
  for (const Write &W : T.Writes)
    if (W.Op != WriteKind::InsertOrMerge && W.Op != WriteKind::InsertOrReplace)
      return false;
  return true;
}

// The rule shards answer on T, the first of those found; null if none.
const char *shardRule(const FindingIndex &F, const Table &T) {
  for (const char *Rule : {"hot-partition", "partition-key-design"})
    if (F.has(Rule, T.Path))
      return Rule;
  return nullptr;
}

// Whether T is a key shards can spread: one entity per key, one key
// template, not bucketed, sharded or per period already.
bool shardable(const Table &T) {
  return !T.Shards && !T.Buckets && T.EntityTypes.empty() &&
         !T.NameTemplate && !T.PartitionKey.isConstant() &&
         oneEntityPerKey(T) && upsertsOnly(T) &&
         !T.property(ShardPlaceholder);
}

class ShardedCounters : public Remedy {
public:
  const char *id() const override { return "sharded-counters"; }
  std::vector<std::string> rules() const override {
    return {"hot-partition", "partition-key-design"};
  }

  void apply(RemedyContext &Ctx, Table &T) const override {
    const char *Rule = shardRule(Ctx.found(), T);
    if (!Rule || Ctx.KeyedTables.count(T.Path) || !shardable(T))
      return;
    const KeyLoad L = busiestKeyLoad(T);
    const double Target = Ctx.Options.PartitionEntitiesPerSecond;
    const double Goal = Target * BucketTargetShare;
    // Write-hot and over the target; each read reads every shard, so the
    // reads must leave room under the aim for the writes' share.
    if (L.Writes + L.Reads <= Target || 2 * L.Writes <= L.Writes + L.Reads ||
        L.Reads >= Goal)
      return;
    const double Shards =
        std::max(2.0, std::ceil(L.Writes / (Goal - L.Reads)));
    if (Shards > MaxShards || !Ctx.allowed(Rule, T.Path))
      return;
    const std::uint64_t N = static_cast<std::uint64_t>(Shards);
    const std::string Was = T.PartitionKey.Text;
    if (!shardKey(T, N))
      return;
    const std::vector<std::string> Readers = shardReads(T, Rule, N);
    Ctx.KeyedTables.insert(T.Path);
    Ctx.change(Rule, T.Path, T.Note, note(Ctx, Rule, Was, L, N, Readers));
  }

private:
  // T's PartitionKey gets the shard as its last placeholder.
  static bool shardKey(Table &T, std::uint64_t N) {
    std::string Error;
    std::optional<KeyTemplate> K =
        parseKeyTemplate(T.PartitionKey.Text + "_{shard}", Error);
    if (!K)
      return false;
    K->Pos = T.PartitionKey.Pos;
    T.PartitionKey = std::move(*K);
    declareShards(T, N, T.PartitionKey.Pos);
    return true;
  }

  // Each query that pinned the entity's partition names every shard; the
  // names of those readers, quoted.
  static std::vector<std::string> shardReads(Table &T, const char *Rule,
                                             std::uint64_t N) {
    std::vector<std::string> Readers;
    for (Query &Q : T.Queries) {
      const QueryFilter QF = parseQueryFilter(Q);
      if (!QF.PinnedPartition)
        continue;
      const std::string From =
          "PartitionKey eq '" + QF.PinnedPartition->Text + "'";
      const std::size_t At = Q.Filter.find(From);
      if (At == std::string::npos)
        continue;
      Q.Filter.replace(At, From.size(),
                       "PartitionKey eq '" + QF.PinnedPartition->Text +
                           "_{shard}'");
      Q.FilterPos = {};
      Readers.push_back("'" + Q.Name + "'");
      addNote(Q.Note, "reads every shard (" + std::string(Rule) + "): " +
                          std::to_string(N) +
                          " point reads per execution, summed by the reader; " +
                          formatFigure(Q.Frequency.PerSecond *
                                       static_cast<double>(N)) +
                          " reads/s");
    }
    return Readers;
  }

  // "sharded the counter for hot-partition: ..." with the figures, where
  // the shards are, what the reads pay and why, and the consistency.
  static std::string note(const RemedyContext &Ctx, const char *Rule,
                          const std::string &Was, const KeyLoad &L,
                          std::uint64_t N,
                          const std::vector<std::string> &Readers) {
    const double Target = Ctx.Options.PartitionEntitiesPerSecond;
    const double Shards = static_cast<double>(N);
    const double PerShard = L.Writes / Shards + L.Reads;
    std::string Last;
    appendHashBucket(N - 1, N, Last);
    std::string First;
    appendHashBucket(0, N, First);
    std::string Text =
        "sharded the counter for " + std::string(Rule) +
        ": the busiest key takes " + formatFigure(L.Writes) +
        " writes/s, over the " + formatFigure(Target) +
        "/s target, and it is one entity, which no bucket splits; each "
        "write now goes to one of " + std::to_string(N) +
        " shards drawn at random ('" + Was + "_" + First + "' to '" + Was +
        "_" + Last + "'), " + formatFigure(PerShard) +
        "/s on the busiest shard with its reads (" +
        formatPercent(PerShard / Target) + " of the target; aim: at most " +
        formatPercent(BucketTargetShare) + "); the trade-off: ";
    if (Readers.empty())
      Text += "no query reads the entity by its key";
    else
      Text += "each read by " + joined(Readers) + " reads all " +
              std::to_string(N) + " shards (" +
              formatFigure(L.ReadsPerSecond * Shards) +
              " point reads/s instead of " + formatFigure(L.ReadsPerSecond) +
              ") and sums them";
    return Text +
           "; the shards differ by PartitionKey, so each has a partition's "
           "throughput (under one PartitionKey they would be one partition "
           "query, but share the one partition's target); the sum is "
           "eventually consistent: a read while clicks arrive counts each "
           "shard as it was when read";
  }

  static std::string joined(const std::vector<std::string> &Names) {
    std::string Out;
    for (std::size_t I = 0; I < Names.size(); ++I)
      Out += (I ? I + 1 == Names.size() ? " and " : ", " : "") + Names[I];
    return Out;
  }
};

} // namespace

std::unique_ptr<Remedy> makeShardedCounters() {
  return std::make_unique<ShardedCounters>();
}

} // namespace tablelint::schema
