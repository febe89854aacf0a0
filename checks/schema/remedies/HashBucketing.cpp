// A hash bucket on time-based, hot or too-narrow partition keys: the bucket
// count from the load at most 50% of the partition target, a power of two;
// the bucket property one the RowKey holds whole; queries that cannot know
// the bucket fan out over all of them. A skewed key whose few busiest
// values carry the load gets per-key buckets instead: those values only,
// each sized from its own rate, every other key left in one partition (its
// reads do not fan out). Advice instead, with the figures,
// where a bucket would not bring the busiest partition under the target.
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/KeyRewrite.h"
#include "checks/schema/SchemaContext.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

namespace tablelint::schema {

namespace {

// The most buckets a suggested key gets: every fan-out read reads each.
constexpr unsigned MaxBuckets = 4096;

struct BucketChoice {
  std::string Property;
  unsigned Buckets = 0;
  KeyTemplate Key;
  double PerPartition = 0;
};

// A "latest N" read of the busiest partition and its load there: a fan-out
// reads N rows of every bucket, so this load does not split.
struct TopRead {
  const Query *Q = nullptr;
  double Load = 0;
};

// What loads the busiest partition of a table.
struct BusiestLoad {
  double Load = 0;          // entities/s, reads and writes
  double BusiestWrites = 0; // the writes' part of it
  std::vector<TopRead> TopReads;
  std::vector<TopRead> Reads; // every read of the busiest partition
  // The part of it that lists whole partitions (isWholePartitionListing),
  // and which queries those are.
  double Listings = 0;
  std::string Listed;
  // A leading time part of the key: all writes share the newest range.
  const KeyPart *Lead = nullptr;
};

// The new partition key with a bucket prefix (time-based or constant keys)
// or suffix (hot or narrow keys) of property By.
std::string bucketedKey(const Table &T, const std::string &By, unsigned Buckets,
                        bool Prefix) {
  const std::string Bucket =
      "{" + By + "|hash:" + std::to_string(Buckets) + "}";
  return Prefix ? Bucket + "_" + T.PartitionKey.Text
                : T.PartitionKey.Text + "_" + Bucket;
}

// Properties the RowKey renders whole (a placeholder without format or
// function): equal RowKeys mean equal values of these.
std::vector<std::string> exactRowKeyProperties(const Table &T) {
  std::vector<std::string> Out;
  for (const KeyPart &P : T.RowKey.Parts)
    if (P.IsPlaceholder && P.Format.empty() && P.Functions.empty())
      Out.push_back(P.Text);
  return Out;
}

// Whether a query's filter names property By (it can then pin the bucket
// of By instead of fanning out).
bool namesProperty(const Query &Q, const std::string &By) {
  return Q.Filter.find("{" + By + "}") != std::string::npos ||
         Q.Filter.find("{" + By + ":") != std::string::npos ||
         Q.Filter.find("{" + By + "|") != std::string::npos;
}

// "'top-100' (top 100, 5000 entities/s) reads", or several "... read".
std::string topReadsText(const std::vector<TopRead> &Reads) {
  std::string Out;
  for (std::size_t I = 0; I < Reads.size(); ++I) {
    if (I)
      Out += I + 1 == Reads.size() ? " and " : ", ";
    Out += "'" + Reads[I].Q->Name + "' (top " +
           std::to_string(Reads[I].Q->Top.value_or(0)) + ", " +
           formatFigure(Reads[I].Load) + " entities/s)";
  }
  return Out + (Reads.size() > 1 ? " read" : " reads");
}

// The rule a bucket answers on T, the first of those found; null if none.
const char *bucketRule(const FindingIndex &F, const Table &T) {
  for (const char *Rule :
       {"time-based-partition-key", "hot-partition", "partition-key-design"})
    if (F.has(Rule, T.Path))
      return Rule;
  return nullptr;
}

// The load to split: the busiest partition's, or for a leading time key
// all writes (they share the newest range).
BusiestLoad busiestLoad(const Table &T) {
  BusiestLoad B;
  const KeyShare Share = keyShare(T, T.PartitionKey);
  double Writes = 0;
  for (const Write &W : T.Writes) {
    Writes += W.Frequency.PerSecond;
    B.Load += writeLoad(T, W).HottestPartitionEntitiesPerSecond.value_or(0);
  }
  // What the writes put on the busiest partition: its share of them (a
  // skewed key's busiest value), or all of them on a leading time key.
  B.BusiestWrites = B.Load;
  for (const Query &Q : T.Queries) {
    const QueryAnalysis A = analyzeQuery(T, Q);
    if (!A.Filter.PinnedPartition)
      continue;
    const double L = A.Load.HottestPartitionEntitiesPerSecond.value_or(0);
    B.Load += L;
    if (L > 0)
      B.Reads.push_back({&Q, L});
    if (Q.Top)
      B.TopReads.push_back({&Q, L});
    if (L > 0 && isWholePartitionListing(Q, A)) {
      B.Listings += L;
      B.Listed += (B.Listed.empty() ? "'" : ", '") + Q.Name + "' (" +
                  formatFigure(L) + "/s)";
    }
  }
  B.Lead = leadingSequentialPart(T.PartitionKey, Share);
  if (B.Lead) {
    B.Load = std::max(B.Load, Writes);
    B.BusiestWrites = std::max(B.BusiestWrites, Writes);
  }
  return B;
}

// What loads the busiest partition, each read and the writes: "'resolve'
// 3351/s, writes 12.9/s".
std::string busiestLoadText(const BusiestLoad &B) {
  std::string What;
  for (const TopRead &Read : B.Reads)
    What += (What.empty() ? "" : ", ") + ("'" + Read.Q->Name + "' ") +
            formatFigure(Read.Load) + "/s";
  if (B.BusiestWrites > 0)
    What += (What.empty() ? "" : ", ") + std::string("writes ") +
            formatFigure(B.BusiestWrites) + "/s";
  return What;
}

// One heavy value of a skewed partition key and its own buckets.
struct HeavyValue {
  std::string Value;
  double Load = 0;    // entities/s on its partition before
  unsigned Buckets = 0;
  double PerBucket = 0;
};

// Bucketing only the heavy keys: the skewed property, the values whose
// load needs buckets (each sized from its own rate), the bucket property,
// and what the other values keep.
struct HeavyPlan {
  std::string By;       // the partition key's skewed property
  std::string Property; // the property hashed into the heavy keys' buckets
  std::vector<HeavyValue> Heavy;
  double RestLoad = 0;  // the busiest value left whole
  double Others = 0;    // how many values stay in one partition
  KeyTemplate Key;
};

// The most heavy values a per-key bucketing lists; more heavy values than
// this are a key that needs buckets for everyone.
constexpr std::size_t MaxHeavyValues = 16;

// The values of P the load model can name, busiest first for generated
// ones: a value list, or the first values of a generated distribution.
std::vector<std::string> candidateValues(const Property &P) {
  if (!P.Values.empty())
    return P.Values;
  std::vector<std::string> Out;
  const std::uint64_t N = std::min<std::uint64_t>(P.Distinct.value_or(0), 64);
  for (std::uint64_t K = 0; K < N; ++K)
    Out.push_back(P.Name + "-" + std::to_string(K));
  return Out;
}

// The partition key's one property when it is a skewed one the load
// model can name values of ("{tenantId}", "t_{tenantId}"); null otherwise.
const Property *skewedKeyProperty(const Table &T) {
  const std::vector<std::string> Props = T.PartitionKey.properties();
  if (Props.size() != 1 || T.Buckets || bucketedPart(T.PartitionKey))
    return nullptr;
  for (const KeyPart &Part : T.PartitionKey.Parts)
    if (Part.IsPlaceholder && (!Part.Format.empty() || !Part.Functions.empty()))
      return nullptr;
  const Property *P = T.property(Props[0]);
  if (!P || !busiestShareExcept(*P, {}))
    return nullptr;
  return P;
}

// The bucket property for the heavy keys: one the RowKey holds whole and
// the partition key does not use, preferring one the queries name (they
// can pin one bucket).
std::string heavyBucketProperty(const Table &T, const std::string &By) {
  std::string Best;
  int BestScore = -1;
  for (const std::string &P : exactRowKeyProperties(T)) {
    if (P == By)
      continue;
    int Score = 0;
    for (const Query &Q : T.Queries)
      if (namesProperty(Q, P))
        Score += 4;
    if (Score > BestScore) {
      BestScore = Score;
      Best = P;
    }
  }
  return Best;
}

class HashBucketing : public Remedy {
public:
  const char *id() const override { return "hash-bucketing"; }
  std::vector<std::string> rules() const override {
    return {"time-based-partition-key", "hot-partition",
            "partition-key-design"};
  }
  bool onAddedTables() const override { return true; }

  void apply(RemedyContext &Ctx, Table &T) const override {
    const char *Rule = bucketRule(Ctx.found(), T);
    // An index table's bucket belongs to its index remedy (Subject set).
    const bool IsIndex = !Ctx.Current.table(T.Name);
    if (!Rule || Ctx.KeyedTables.count(T.Path) ||
        (!IsIndex && !Ctx.allowed(Rule, T.Path)))
      return;
    const BusiestLoad B = busiestLoad(T);
    // A partition made hot by reads another remedy took away (an index
    // table took the scan): what is left is under the target, nothing to
    // spread.
    if (std::strcmp(Rule, "hot-partition") == 0 && !B.Lead &&
        B.Load < Ctx.Options.PartitionEntitiesPerSecond)
      return;
    // Most of the load from listings of whole partitions: a bucket would
    // send each listing to every bucket (512 requests for a tenant of 5
    // users); page or cache them instead.
    if (!B.Lead && 2 * B.Listings > B.Load) {
      adviseListings(Ctx, T, Rule, B);
      return;
    }
    // A bucket goes before a time-based or constant key, after other keys;
    // decided on the key as it was, before it is replaced below (the
    // queries' pinned keys are rewritten the same way).
    const bool Prefix = B.Lead || T.PartitionKey.isConstant();
    // A skewed key whose busiest few values carry the load: bucket those
    // only, so every other key's reads stay on one partition.
    if (!Prefix)
      if (std::optional<HeavyPlan> Plan = heavyKeys(Ctx.Options, T, B)) {
        applyHeavy(Ctx, T, Rule, B, *Plan);
        return;
      }
    std::optional<BucketChoice> Closest;
    const std::optional<BucketChoice> Choice =
        chooseBuckets(Ctx.Options, T, B, Prefix, Closest);
    const double Target = Ctx.Options.PartitionEntitiesPerSecond;
    if (!Choice && !Closest && bucketCountFor(B.Load, Target) > MaxBuckets) {
      adviseBeyondMaxBuckets(Ctx, T, Rule, B);
      return;
    }
    if (!Choice) {
      if (Closest && Closest->PerPartition >= Target)
        adviseStillOverTarget(Ctx, T, Rule, B, *Closest);
      else if (!Closest && !B.Lead && B.Load > Target && oneEntityPerKey(T))
        adviseOneEntity(Ctx, T, Rule, B);
      return;
    }
    rekey(T, Rule, B, *Choice, Prefix);
    Ctx.change(Rule, T.Path, T.Note,
               "bucketed partition key for " + std::string(Rule) + ": " +
                   formatFigure(B.Load) + " entities/s over " +
                   std::to_string(Choice->Buckets) + " buckets of '" +
                   Choice->Property +
                   "' = " + formatFigure(Choice->PerPartition) +
                   "/s on the busiest partition (" +
                   formatPercent(Choice->PerPartition / Target) + " of the " +
                   formatFigure(Target) + "/s target; aim: at most " +
                   formatPercent(BucketTargetShare) + ")");
  }

private:
  // The heavy values of a skewed key, each with the fewest buckets that
  // bring its partitions to at most 50% of the target; none when the key
  // is not skewed so, when more than MaxHeavyValues values need buckets,
  // or when a value left whole would still be over the aim.
  static std::optional<HeavyPlan> heavyKeys(const SchemaCheckOptions &Options,
                                            const Table &T,
                                            const BusiestLoad &B) {
    const Property *By = skewedKeyProperty(T);
    if (!By)
      return std::nullopt;
    const double Top = busiestShareExcept(*By, {}).value_or(0);
    if (Top <= 0)
      return std::nullopt;
    HeavyPlan Plan;
    Plan.By = By->Name;
    Plan.Property = heavyBucketProperty(T, By->Name);
    if (Plan.Property.empty())
      return std::nullopt;
    // Top reads that cannot name the bucket property stay whole on every
    // bucket of their key; the rest of a value's load splits.
    double Whole = 0;
    for (const TopRead &TR : B.TopReads)
      if (!namesProperty(*TR.Q, Plan.Property))
        Whole += TR.Load;
    const double Target = Options.PartitionEntitiesPerSecond;
    const double Goal = Target * BucketTargetShare;
    std::vector<std::string> Listed;
    for (const std::string &Value : candidateValues(*By)) {
      const double Share = valueShareOf(*By, Value).value_or(0);
      const double Load = B.Load * Share / Top;
      if (Load <= Goal)
        continue;
      const double WholePart = Whole * Share / Top;
      if (WholePart >= Goal)
        return std::nullopt; // a read no bucket splits: not for buckets
      unsigned Buckets = 2;
      while (Buckets < MaxBuckets &&
             WholePart + (Load - WholePart) / Buckets > Goal)
        Buckets *= 2;
      const double PerBucket = WholePart + (Load - WholePart) / Buckets;
      if (PerBucket > Goal)
        return std::nullopt; // past any bucket count: the advice says why
      Plan.Heavy.push_back({Value, Load, Buckets, PerBucket});
      Listed.push_back(Value);
    }
    if (Plan.Heavy.empty() || Plan.Heavy.size() > MaxHeavyValues)
      return std::nullopt;
    Plan.RestLoad =
        B.Load * busiestShareExcept(*By, Listed).value_or(1) / Top;
    if (Plan.RestLoad > Goal)
      return std::nullopt;
    Plan.Others = (By->Values.empty()
                       ? static_cast<double>(By->Distinct.value_or(0))
                       : static_cast<double>(By->Values.size())) -
                  static_cast<double>(Plan.Heavy.size());
    if (Plan.Others < 1)
      return std::nullopt; // every value is heavy: a bucket for every key

    unsigned Most = 1;
    for (const HeavyValue &H : Plan.Heavy)
      Most = std::max(Most, H.Buckets);
    std::string Error;
    std::optional<KeyTemplate> K =
        parseKeyTemplate(bucketedKey(T, Plan.Property, Most, false), Error);
    if (!K)
      return std::nullopt;
    Plan.Key = std::move(*K);
    return Plan;
  }

  // T's PartitionKey gets the bucket, its `buckets` lists the heavy values;
  // the Note says which keys, why, and what their readers pay.
  static void applyHeavy(RemedyContext &Ctx, Table &T, const char *Rule,
                         const BusiestLoad &B, const HeavyPlan &Plan) {
    KeyBuckets Buckets;
    Buckets.By = Plan.By;
    Buckets.Default = 1;
    unsigned Most = 1;
    for (const HeavyValue &H : Plan.Heavy) {
      Buckets.Heavy.emplace_back(H.Value, H.Buckets);
      Most = std::max(Most, H.Buckets);
    }
    std::vector<std::string> FannedOut;
    for (const Query &Q : T.Queries)
      if (parseQueryFilter(Q).PinnedPartition &&
          !namesProperty(Q, Plan.Property))
        FannedOut.push_back("'" + Q.Name + "'");
    rekey(T, Rule, B, BucketChoice{Plan.Property, Most, Plan.Key, 0}, false,
          &Plan);
    T.Buckets = std::move(Buckets);
    Ctx.change(Rule, T.Path, T.Note, heavyNote(Ctx, Rule, Plan, FannedOut));
  }

  // "bucketed only the heavy keys for hot-partition: 'tenantId-0' 2400
  // entities/s over 4 buckets of 'eventId' = 600/s each (30% of the
  // 2000/s target); ..."
  static std::string heavyNote(const RemedyContext &Ctx, const char *Rule,
                               const HeavyPlan &Plan,
                               const std::vector<std::string> &FannedOut) {
    const double Target = Ctx.Options.PartitionEntitiesPerSecond;
    std::string Heavy;
    for (std::size_t I = 0; I < Plan.Heavy.size(); ++I) {
      const HeavyValue &H = Plan.Heavy[I];
      Heavy += (I ? I + 1 == Plan.Heavy.size() ? " and " : ", " : "") +
               ("'" + H.Value + "' ") + formatFigure(H.Load) +
               " entities/s over " + std::to_string(H.Buckets) +
               " buckets = " + formatFigure(H.PerBucket) + "/s each (" +
               formatPercent(H.PerBucket / Target) + " of the " +
               formatFigure(Target) + "/s target)";
    }
    std::string Text =
        "bucketed only the heavy keys for " + std::string(Rule) + ": " +
        Heavy + ", by '" + Plan.Property + "'; the other " +
        formatFigure(Plan.Others) + " '" + Plan.By +
        "' values stay in one partition each (the busiest " +
        formatFigure(Plan.RestLoad) + "/s, under " +
        formatPercent(BucketTargetShare) +
        " of the target), so a bucket for every key would only make their "
        "reads fan out; the trade-off: ";
    if (FannedOut.empty())
      return Text + "none for the reads: no query reads a heavy key's "
                    "partition without naming '" + Plan.Property +
             "', so none fans out";
    std::string Names;
    for (std::size_t I = 0; I < FannedOut.size(); ++I)
      Names += (I ? ", " : "") + FannedOut[I];
    return Text + "a read of a heavy key by " + Names +
           " goes to each of its buckets (merged in RowKey order), a read of "
           "any other key to its one partition";
  }

  // The bucketing that brings Load on the busiest partition under the
  // target with headroom: the fewest buckets, and among equals a property
  // the queries name (they can still pin one bucket), then one the row key
  // uses. The leading time property itself is the last resort. Closest: of
  // every bucketing tried, the one whose busiest partition is least loaded
  // (set when none gets under the target: why no remedy).
  static std::optional<BucketChoice>
  chooseBuckets(const SchemaCheckOptions &Options, const Table &T,
                const BusiestLoad &B, bool Prefix,
                std::optional<BucketChoice> &Closest) {
    const double Load = B.Load;
    const KeyPart *Lead = B.Lead;
    const KeyShare Before = keyShare(T, T.PartitionKey);
    const double Scale = Lead ? 1.0 : (Before.Top > 0 ? 1.0 / Before.Top : 0);
    const double Goal = Options.PartitionEntitiesPerSecond * BucketTargetShare;
    const std::vector<std::string> InKey = T.PartitionKey.properties();
    const std::vector<std::string> InRow = T.RowKey.properties();
    const std::vector<std::string> Exact = exactRowKeyProperties(T);
    std::optional<BucketChoice> Best, Fallback;
    int BestScore = -1;
    for (unsigned Buckets =
             bucketCountFor(Load, Options.PartitionEntitiesPerSecond);
         Buckets <= MaxBuckets; Buckets *= 2) {
      for (const Property &P : T.Properties) {
        // Only a property the RowKey holds whole: rows that share both keys
        // then share the bucket, so no two rows that were one become two
        // (an insert that failed, an upsert that replaced, stay so).
        if (std::find(Exact.begin(), Exact.end(), P.Name) == Exact.end())
          continue;
        const bool IsLead = Lead && P.Name == Lead->Text;
        if (!IsLead &&
            std::find(InKey.begin(), InKey.end(), P.Name) != InKey.end())
          continue;
        std::string Error;
        std::optional<KeyTemplate> K =
            parseKeyTemplate(bucketedKey(T, P.Name, Buckets, Prefix), Error);
        if (!K)
          continue;
        const KeyShare After = keyShare(T, *K);
        if (!After.Known || leadingSequentialPart(*K, After))
          continue;
        // The busiest partition's share after, relative to before; reads
        // that will fan out stay whole on every bucket.
        double Whole = 0;
        for (const TopRead &TR : B.TopReads)
          if (IsLead || !namesProperty(*TR.Q, P.Name))
            Whole += TR.Load;
        const double Split = std::max(0.0, Load - Whole);
        const double PerPartition =
            Whole + (Lead ? Split * After.Top / std::max(Before.Top, 1e-12)
                          : Split * Scale * After.Top);
        if (!Closest || PerPartition < Closest->PerPartition - 1e-9)
          Closest = BucketChoice{P.Name, Buckets, *K, PerPartition};
        if (PerPartition > Goal) {
          // Short of the aim but under the target: the fewest buckets
          // that get there (every bucket more is one more read of each
          // fan-out query).
          if (PerPartition < Options.PartitionEntitiesPerSecond &&
              (!Fallback || (Fallback->Buckets == Buckets &&
                             PerPartition < Fallback->PerPartition)))
            Fallback = BucketChoice{P.Name, Buckets, *K, PerPartition};
          continue;
        }
        // Queries that name the property can still pin one bucket (not
        // so for the time itself: a day's rows spread over all buckets).
        int Score = IsLead ? 0 : 1;
        if (std::find(InRow.begin(), InRow.end(), P.Name) != InRow.end())
          Score += 2;
        for (const Query &Q : T.Queries)
          if (!IsLead && Q.Filter.find("{" + P.Name) != std::string::npos)
            Score += 4;
        // Fewest buckets first: a better property must score higher.
        if (Score > BestScore) {
          BestScore = Score;
          Best = BucketChoice{P.Name, Buckets, *K, PerPartition};
        }
      }
    }
    return Best ? Best : Fallback;
  }

  static void adviseListings(RemedyContext &Ctx, const Table &T,
                             const char *Rule, const BusiestLoad &B) {
    Ctx.R.Advice.push_back(
        {Rule, T.Path,
         "not bucketed: most of the busiest partition's " +
             formatFigure(B.Load) +
             " entities/s are listings of the whole "
             "partition (" +
             B.Listed +
             "), which a bucket would turn into one request per bucket "
             "each: read a page at a time (`top` with the continuation of "
             "the last page), or cache the listing; a bucket then spreads "
             "what is left",
         T.Path});
  }

  // Past any bucket count: say what loads the partition and what to bound
  // instead (a day's partition read whole by a nightly job).
  static void adviseBeyondMaxBuckets(RemedyContext &Ctx, const Table &T,
                                     const char *Rule, const BusiestLoad &B) {
    const std::string What = busiestLoadText(B);
    Ctx.R.Advice.push_back(
        {Rule, T.Path,
         "not bucketed: the busiest partition takes " + formatFigure(B.Load) +
             " entities/s (" + What + "); under the " +
             formatFigure(Ctx.Options.PartitionEntitiesPerSecond) +
             "/s target that needs more than the " +
             std::to_string(MaxBuckets) +
             " buckets suggest tries, and a read of a whole partition "
             "would fan out over every one of them: bound what the reads "
             "scan (a RowKey range, top, or an entity the writes keep up "
             "to date with what they read), then a bucket spreads the "
             "writes",
         T.Path});
  }

  // Say why no bucketing gets under the target: a bucket spreads the
  // values of a property, never the load of one value (a hot SKU, a hot
  // counter). A top read that is most of the load and filters a scan of
  // the partition (the next 32 pending jobs of a queue, 1 row in 20 kept)
  // is narrowed, not cached: a cached "next pending" hands every worker
  // the same jobs.
  static void adviseStillOverTarget(RemedyContext &Ctx, const Table &T,
                                    const char *Rule, const BusiestLoad &B,
                                    const BucketChoice &Closest) {
    // Only one read can be more than half of the load.
    std::string Narrow;
    for (const TopRead &TR : B.TopReads)
      if (2 * TR.Load > B.Load) {
        Narrow = scanLoadRemedy(T, *TR.Q, analyzeQuery(T, *TR.Q), TR.Load);
        break;
      }
    const std::vector<TopRead> &TopReads = B.TopReads;
    Ctx.R.Advice.push_back(
        {Rule, T.Path,
         "not bucketed: with " + std::to_string(Closest.Buckets) +
             " buckets of '" + Closest.Property +
             "' the busiest partition still takes " +
             formatFigure(Closest.PerPartition) + " of " +
             formatFigure(B.Load) + " entities/s, over the " +
             formatFigure(Ctx.Options.PartitionEntitiesPerSecond) +
             "/s target: " +
             (!Narrow.empty() ? Narrow
              : TopReads.empty()
                  ? "the busiest '" + Closest.Property +
                        "' value alone is that hot, and no key splits "
                        "one value; key by '" +
                        Closest.Property +
                        "' to spread the others, and cache the hot "
                        "entity's reads or shard its writes (sum the "
                        "shards on read)"
                  : topReadsText(TopReads) +
                        " every bucket, so buckets do not split " +
                        (TopReads.size() > 1 ? "their" : "its") +
                        " load: cache " +
                        (TopReads.size() > 1 ? "their results" : "its result") +
                        " (fewer reads a second), and a bucket then "
                        "spreads the rest"),
         T.Path});
  }

  // No property can bucket the busiest key: the RowKey adds nothing to it,
  // so it is one entity, which no key splits. Say what would, sized with
  // the figures: write-hot, shards (N sub-keys at most 50% of the target
  // each, the reads merging them), where ShardedCounters did not apply
  // them; read-hot, a cache or copies, which are outside the table's design
  // and not applied.
  static void adviseOneEntity(RemedyContext &Ctx, const Table &T,
                              const char *Rule, const BusiestLoad &B) {
    const double Target = Ctx.Options.PartitionEntitiesPerSecond;
    const double Reads = std::max(0.0, B.Load - B.BusiestWrites);
    const bool WriteHot = 2 * B.BusiestWrites > B.Load;
    const double Spread = WriteHot ? B.BusiestWrites : Reads;
    const unsigned N = static_cast<unsigned>(
        std::max(2.0, std::ceil(Spread / (Target * BucketTargetShare))));
    const std::string What = busiestLoadText(B);
    const std::string Key = T.PartitionKey.Text;
    const std::string Shards =
        "'" + Key + "_0' to '" + Key + "_" + std::to_string(N - 1) + "'";
    std::string How;
    if (WriteHot) {
      How = "shard it into " + std::to_string(N) + " entities under " + Shards +
            ", each write to one at random (" +
            formatFigure(B.BusiestWrites / N) +
            "/s each, at most 50% of the target), and read all " +
            std::to_string(N) + " and merge them (a counter sums them)";
      if (Reads > 0)
        How += ": " + formatFigure(Reads * N) + " point reads/s instead of " +
               formatFigure(Reads);
    } else {
      How = "serve its reads from a cache in front of the table (an entry "
            "kept for a second is read once a second per cache), or keep " +
            std::to_string(N) + " copies under " + Shards;
      if (B.BusiestWrites > 0)
        How += ", each write to all of them (" +
               formatFigure(B.BusiestWrites * N) + " writes/s instead of " +
               formatFigure(B.BusiestWrites) + ")";
      How += ", each read from one at random (" + formatFigure(Reads / N) +
             "/s each)";
    }
    Ctx.R.Advice.push_back(
        {Rule, T.Path,
         "not bucketed: the busiest key takes " + formatFigure(B.Load) +
             " entities/s (" + What + "), over the " + formatFigure(Target) +
             "/s target, and it is one entity (the RowKey adds nothing to "
             "the PartitionKey), which no bucket splits: " +
             How + "; suggest does not make this change (" +
             (WriteHot ? "it shards a key only where every write is an "
                         "upsert and the reads leave room on each shard"
                       : "a cache or a replica is outside the table") +
             ")",
         T.Path});
  }

  // T's PartitionKey becomes the chosen one. Queries that pinned a
  // partition pin its bucketed form; those that do not know the bucket
  // property read every bucket.
  static void rekey(Table &T, const char *Rule, const BusiestLoad &B,
                    const BucketChoice &Choice, bool Prefix,
                    const HeavyPlan *Heavy = nullptr) {
    // Lead points into the key about to be replaced: keep its name.
    const std::string LeadName = B.Lead ? B.Lead->Text : std::string();
    const unsigned Buckets = Choice.Buckets;
    const SourcePos Pos = T.PartitionKey.Pos;
    const KeyTemplate Was = T.PartitionKey;
    T.PartitionKey = Choice.Key;
    T.PartitionKey.Pos = Pos;
    for (Query &Q : T.Queries) {
      const QueryFilter QF = parseQueryFilter(Q);
      if (!QF.PinnedPartition)
        continue;
      const std::string Pinned = QF.PinnedPartition->Text;
      const std::string From = "PartitionKey eq '" + Pinned + "'";
      const std::size_t At = Q.Filter.find(From);
      if (At == std::string::npos)
        continue;
      const std::string &By = Choice.Property;
      const std::string Bucket =
          "{" + By + "|hash:" + std::to_string(Buckets) + "}";
      // A query that names By only in a RowKey range that does not pin it
      // (a page from a cursor: the next rows of every value) reads every
      // bucket.
      const LogicalFilter Keys = mapKeyConditions(Q.Filter, Was, T.RowKey);
      const bool KnowsBucket =
          !(!LeadName.empty() && By == LeadName) && namesProperty(Q, By) &&
          (Keys.Why.empty() || givesWholeValue(Keys, By));
      Q.Filter.replace(
          At, From.size(),
          "PartitionKey eq '" +
              (Prefix ? Bucket + "_" + Pinned : Pinned + "_" + Bucket) + "'");
      Q.FilterPos = {};
      if (!KnowsBucket && Heavy)
        noteHeavyFanOut(Q, Rule, *Heavy);
      else if (!KnowsBucket)
        noteFanOut(Q, Rule, By, Buckets);
    }
  }

  // Per-key buckets: a read of a heavy key reads its buckets, any other
  // key's reads one partition.
  static void noteHeavyFanOut(Query &Q, const char *Rule,
                              const HeavyPlan &Plan) {
    Q.FanOut.push_back(Plan.Property);
    std::string Each;
    for (const HeavyValue &H : Plan.Heavy)
      Each += (Each.empty() ? "" : ", ") + std::to_string(H.Buckets) +
              " for '" + H.Value + "'";
    addNote(Q.Note, "fans out over the buckets of a heavy '" + Plan.By +
                        "' only (" + Rule + "): " + Each +
                        ", merged in RowKey order" +
                        (Q.Top ? ", top " + std::to_string(*Q.Top) +
                                     " after the merge"
                               : std::string()) +
                        "; one read for every other '" + Plan.By + "'");
  }

  // The reader cannot know the bucket: it reads every one, merges in
  // RowKey order and applies top after the merge (fanOut).
  static void noteFanOut(Query &Q, const char *Rule, const std::string &By,
                         unsigned Buckets) {
    Q.FanOut.push_back(By);
    addNote(
        Q.Note,
        "fans out over the " + std::to_string(Buckets) + " buckets of '" + By +
            "' (" + Rule + "): " + std::to_string(Buckets) +
            " reads per execution, merged in RowKey order" +
            (Q.Top ? ", top " + std::to_string(*Q.Top) + " after the merge"
                   : std::string()) +
            "; " +
            formatFigure(Q.Frequency.PerSecond * static_cast<double>(Buckets)) +
            " partition reads/s");
  }
};

} // namespace

std::unique_ptr<Remedy> makeHashBucketing() {
  return std::make_unique<HashBucketing>();
}

} // namespace tablelint::schema
