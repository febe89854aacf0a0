// Time-bucketed keys for sweeps (SweepBucketRemedy.h): find the swept time,
// size the bucket from the sweep's interval and the writes, then re-key the
// table or build an expiry index.
#include "checks/schema/SweepBucketRemedy.h"

#include "checks/schema/IndexMirror.h"
#include "checks/schema/KeyRewrite.h"
#include "checks/schema/Load.h"
#include "checks/schema/RekeyRemedy.h"
#include "checks/schema/SchemaContext.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

struct BucketPeriod {
  const char *Name;
  const char *Format;
  double Seconds;
};

// The bucket for a sweep every IntervalSeconds: the longest of a second, a
// minute, an hour and a day that is not longer than the interval, so each
// sweep reads about the buckets that fell due since the one before. A
// minute bucket under a poll every ten seconds would make each poll read
// the whole minute, six times what fell due, in one burst on the
// partition the purge deletes from.
BucketPeriod periodFor(double IntervalSeconds) {
  if (IntervalSeconds >= 86400)
    return {"day", "yyyyMMdd", 86400};
  if (IntervalSeconds >= 3600)
    return {"hour", "yyyyMMddHH", 3600};
  if (IntervalSeconds >= 60)
    return {"minute", "yyyyMMddHHmm", 60};
  return {"second", "yyyyMMddHHmmss", 1};
}

} // namespace

std::string sweptProperty(const Table &T, const Query &Q) {
  const QueryFilter QF = parseQueryFilter(Q);
  if (!QF.Parsed || !Q.FanOut.empty())
    return "";
  std::string Swept;
  for (const std::uint32_t I : QF.Parsed->conjuncts()) {
    const FilterNode &N = QF.Parsed->node(I);
    if (N.Kind != FilterNodeKind::Compare ||
        (N.Op != CompareOp::Lt && N.Op != CompareOp::Le))
      return "";
    const Property *P = T.property(N.Property);
    if (!P || P->Type != EdmType::DateTime || !P->Grows ||
        QF.templateText(Q.Filter, N.Literal.Offset, N.Literal.Length) !=
            "datetime'{" + N.Property + "}'" ||
        (!Swept.empty() && Swept != N.Property))
      return "";
    Swept = N.Property;
  }
  return Swept;
}

namespace {

bool deletes(const Table &T) {
  return std::any_of(T.Writes.begin(), T.Writes.end(), [](const Write &W) {
    return W.Op == WriteKind::Delete;
  });
}

// The expiry index of T for Sweep: keyed by the bucket, the source's keys
// in the RowKey, the properties the sweep needs, the writes mirrored under
// their names and the sweep moved there.
Table expiryIndex(const Table &T, const Query &Sweep, const SweepPlan &Plan,
                  const std::string &Name, const std::string &SweepFilter) {
  Table Idx;
  Idx.Name = Name;
  Idx.Account = T.Account;
  Idx.Path = "tables[" + Name + "]";
  std::string Error;
  Idx.PartitionKey = *parseKeyTemplate(Plan.Bucket, Error);
  Idx.RowKey = *parseKeyTemplate(Plan.RowKey, Error);
  std::vector<std::string> Keep;
  if (Sweep.HasSelect || !Sweep.Uses.empty()) {
    Keep = T.PartitionKey.properties();
    for (const std::vector<std::string> &More :
         {T.RowKey.properties(), Sweep.Select, Sweep.Uses,
          std::vector<std::string>{Plan.Property}})
      Keep.insert(Keep.end(), More.begin(), More.end());
  }
  Idx.Properties = indexEntityProperties(T, Keep, Idx.Path);
  Idx.Writes = mirroredWrites(T, Idx, "");
  Query Moved = Sweep;
  Moved.Filter = SweepFilter;
  Moved.FilterPos = {};
  Moved.Path = Idx.Path + ".queries[" + Sweep.Name + "]";
  Moved.Note = "moved from " + T.Name + " (low-density-query)";
  Idx.Queries.push_back(std::move(Moved));
  Idx.Entities = T.Entities;
  Idx.RetentionSeconds = T.RetentionSeconds;
  return Idx;
}

// The figures of the note: what the sweep reads now and after, and the
// trade-off of a time key.
std::string sweepFigures(const Table &T, const Query &Sweep,
                         const BucketPeriod &Period, double Inserts,
                         const SchemaCheckOptions &Options) {
  const QueryAnalysis A = analyzeQuery(T, Sweep);
  std::string Out = "the sweep reads the partitions up to its cut-off's " +
                    std::string(Period.Name) +
                    " (`PartitionKey le`), which hold about what fell due "
                    "since it last ran where it deletes what it sweeps (" +
                    formatFigure(Inserts * Period.Seconds) +
                    " entities a " + Period.Name + ")";
  if (A.Scanned)
    Out += ", where it scanned " + formatFigure(*A.Scanned);
  return Out + "; the trade-off: the writes of one " + Period.Name +
         " share its partition, " + formatFigure(Inserts) + " entities/s (" +
         formatPercent(Inserts / Options.PartitionEntitiesPerSecond) +
         " of the " + formatFigure(Options.PartitionEntitiesPerSecond) +
         "/s target; above " + formatPercent(BucketTargetShare) +
         " the key needs a hash bucket too)";
}

} // namespace

std::optional<SweepPlan> planSweepBucket(const Table &T, const Query &Sweep,
                                         const std::string &IndexName,
                                         const SchemaCheckOptions &Options) {
  if (!T.EntityTypes.empty() || T.NameTemplate || !deletes(T) ||
      Sweep.Frequency.PerSecond <= 0)
    return std::nullopt;
  SweepPlan Plan;
  Plan.Property = sweptProperty(T, Sweep);
  const std::vector<std::string> InKey = T.PartitionKey.properties();
  if (Plan.Property.empty() ||
      std::find(InKey.begin(), InKey.end(), Plan.Property) != InKey.end())
    return std::nullopt;
  const BucketPeriod Period = periodFor(1 / Sweep.Frequency.PerSecond);
  Plan.Period = Period.Name;
  Plan.Bucket = "{" + Plan.Property + ":" + Period.Format + "}";
  Plan.RowKey = T.PartitionKey.isConstant()
                    ? T.RowKey.Text
                    : T.PartitionKey.Text + "_" + T.RowKey.Text;
  const std::string Head = "for the sweep '" + Sweep.Name + "' by " +
                           Plan.Property + ", a " + Period.Name + " bucket `" +
                           Plan.Bucket + "`";
  const double Inserts = insertRate(T);
  if (Inserts > Options.PartitionEntitiesPerSecond * BucketTargetShare) {
    Plan.Blocker = "the " + formatFigure(Inserts) +
                   " entities/s written in one " + Period.Name +
                   " would share its partition, over " +
                   formatPercent(BucketTargetShare) + " of the " +
                   formatFigure(Options.PartitionEntitiesPerSecond) +
                   "/s target: prefix a hash bucket of " +
                   std::to_string(bucketCountFor(
                       Inserts, Options.PartitionEntitiesPerSecond)) +
                   " and have the sweep read each bucket's range";
    Plan.Why = "not keyed " + Head + ": " + Plan.Blocker;
    return Plan;
  }
  const std::string SweepFilter =
      "PartitionKey le '" + Plan.Bucket + "' and " + Sweep.Filter;
  std::string Error;
  const KeyTemplate Pk = *parseKeyTemplate(Plan.Bucket, Error);
  const std::optional<KeyTemplate> Rk = parseKeyTemplate(Plan.RowKey, Error);
  if (!Rk)
    return std::nullopt;
  // Re-key the table when every other query reads the same entities on
  // the new keys.
  std::string Kept;
  for (const Query &Q : T.Queries) {
    if (Q.Name == Sweep.Name) {
      Plan.Filters.push_back(SweepFilter);
      continue;
    }
    const RewrittenFilter R = rewriteQueryForKeys(T, Q, Pk, *Rk);
    if (!R.Why.empty()) {
      Kept = "query `" + Q.Name + "` reads by them: " + R.Why;
      break;
    }
    Plan.Filters.push_back(R.Filter);
  }
  const std::string Figures =
      sweepFigures(T, Sweep, Period, Inserts, Options);
  if (Kept.empty()) {
    Plan.Rekey = true;
    Plan.Why = "keyed by time " + Head + ": PartitionKey `" + Plan.Bucket +
               "` instead of `" + T.PartitionKey.Text + "`, RowKey `" +
               Plan.RowKey + "`; " + Figures;
    return Plan;
  }
  Plan.Filters.clear();
  if (const Write *W = changesProperty(T, Plan.Property)) {
    Plan.Blocker = "no expiry index: write '" + W->Name + "' (" +
                   std::string(writeKindName(W->Op)) + ") can change '" +
                   Plan.Property +
                   "' of a stored entity, and its index row under the old "
                   "time would stay";
    Plan.Why = "not keyed " + Head + ": the table keeps its keys (" + Kept +
               "), and " + Plan.Blocker;
    return Plan;
  }
  Plan.Index = expiryIndex(T, Sweep, Plan, IndexName, SweepFilter);
  Plan.Why = "expiry index " + Head + ", RowKey `" + Plan.RowKey +
             "`, written with every write of " + T.Name +
             " under the same names (the writes keep it eventually "
             "consistent: a failed mirror write must be retried); " + T.Name +
             " keeps its keys (" + Kept + "); " + Figures;
  return Plan;
}

} // namespace tablelint::schema
