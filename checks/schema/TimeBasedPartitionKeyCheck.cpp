// time-based-partition-key (checklist 19): a partition key that leads with a
// date/time, growing or slowly changing value (`changes: 90d`, the current
// season), so every write goes to the newest key range
// (the append-only pattern) and the service cannot spread it.
#include "checks/schema/Checks.h"

#include <algorithm>

namespace tablelint::schema {

// The leading placeholder of a key when it is sequential and not bucketed.
const KeyPart *leadingSequentialPart(const KeyTemplate &Key,
                                     const KeyShare &Share) {
  for (const KeyPart &Part : Key.Parts) {
    if (!Part.IsPlaceholder)
      continue;
    const bool Seq = std::find(Share.SequentialProperties.begin(),
                               Share.SequentialProperties.end(),
                               Part.Text) != Share.SequentialProperties.end();
    const bool Hashed = std::any_of(
        Part.Functions.begin(), Part.Functions.end(),
        [](const KeyFunction &F) { return F.Fn == KeyFunction::Hash; });
    return Seq && !Hashed ? &Part : nullptr;
  }
  return nullptr;
}

namespace {

// A property to bucket by in the hint: the row key's first one with a
// declared spread that is not itself time-based (rows already carry it)
// whose Buckets buckets bring the busiest under Target at Rate; else the
// one whose busiest bucket takes the least (a skewed property's hot value
// stays in one bucket, however many); the time property when there is
// none.
std::string bucketHint(const Table &T, const std::string &Lead,
                       unsigned Buckets, double Rate, double Target) {
  std::string Best = Lead;
  double BestTop = 2;
  for (const std::string &Name : T.RowKey.properties()) {
    std::string Error;
    std::optional<KeyTemplate> K = parseKeyTemplate(
        "{" + Name + "|hash:" + std::to_string(Buckets) + "}", Error);
    if (!K || Name == Lead)
      continue;
    const KeyShare S = keyShare(T, *K);
    if (!S.Known || S.Sequential)
      continue;
    if (S.Top * Rate <= Target)
      return Name;
    if (S.Top < BestTop) {
      Best = Name;
      BestTop = S.Top;
    }
  }
  return Best;
}

} // namespace

void checkTimeBasedPartitionKey(const SchemaContext &C, FindingSink &Sink) {
  const double Target = C.Options.PartitionEntitiesPerSecond;
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    const KeyPart *Lead =
        leadingSequentialPart(T.PartitionKey, TA.PartitionShare);
    if (!TA.PartitionShare.Known || !Lead)
      continue;
    // Writes to the newest partition (a purge deletes from the oldest).
    double Rate = 0;
    for (const OperationLoad &L : TA.PartitionWrites)
      if (!L.AgedPartitions)
        Rate += L.Rate;
    // At the target the newest partition has no room left for a burst.
    if (Rate < Target)
      continue;
    const unsigned Buckets = bucketCountFor(Rate, Target);
    const Property *LeadProperty = T.property(Lead->Text);
    const std::string Moves =
        LeadProperty && LeadProperty->ChangesEverySeconds
            ? "which changes only every " +
                  formatFigure(*LeadProperty->ChangesEverySeconds / 86400) +
                  " days"
            : std::string("which only grows");
    Sink.report(T.Path, partitionKeyPosition(T),
                "partition key '" + T.PartitionKey.Text + "' leads with '" +
                    Lead->Text + "', " + Moves + ": all " + formatFigure(Rate) +
                    " writes/s of table '" + T.Name +
                    "' go to the newest key range (one partition serves " +
                    formatFigure(Target) + "/s); prefix a hash bucket, e.g. '" +
                    "{" + bucketHint(T, Lead->Text, Buckets, Rate, Target) +
                    "|hash:" + std::to_string(Buckets) + "}_'");
  }
}

} // namespace tablelint::schema
