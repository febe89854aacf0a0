#include "replay/SampledTableNote.h"

#include "core/Text.h"
#include "core/schema/PropertyGrowth.h"
#include "core/schema/SchemaValues.h"

#include <cmath>
#include <cstdio>

namespace tablelint::replay {

namespace {

// "table 'Ledger' (entity type 'balance')", or "table 'Ledger'".
std::string familyName(const EntityFamily &F) {
  return F.EntityType.empty()
             ? "table '" + F.Table + "'"
             : "table '" + F.Table + "' (entity type '" + F.EntityType + "')";
}

std::string percent(double Share) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.1f%%", 100 * Share);
  return Text;
}

} // namespace

std::string sampledTableNote(const EntityFamily &F, bool OutsideSample) {
  const auto Modelled =
      static_cast<unsigned long long>(std::llround(F.ModelledEntities));
  std::string Source =
      F.DeclaredEntities
          ? "declares " + std::to_string(F.DeclaredEntities) + " entities"
          : "holds about " + std::to_string(Modelled) +
                (F.ModelledKeyBound
                     ? " entities (the distinct keys its key templates form "
                       "over its retention, fewer than its inserts; as the "
                       "lint model sizes it)"
                     : " entities (its inserts kept for its retention, as "
                       "the lint model sizes it)");
  // A table with several entity types has a family, and a note, per type.
  // A transaction's write under a key the sample holds nothing under
  // addresses the real table's entity there instead (outsideSampleNote).
  const std::string Outside =
      OutsideSample ? "; a transaction's update, merge or delete under a key "
                      "the sample holds nothing under addresses the entity "
                      "the real table holds there, found as often as a point "
                      "read of such a key finds one, and not stored"
                    : "";
  return familyName(F) + " " + Source + "; the replay started it with " +
         std::to_string(F.ExistingCount) +
         " of them, a uniform sample, each counting as " +
         std::to_string(F.ExistingWeight) +
         " entities in scans, budgets, pages and costs; " +
         (F.SampleAddressed
              ? (F.MirroredCreates.empty()
                     ? std::string("no operation of the run creates any")
                     : "the run's inserts into it (" +
                           quotedList(F.MirroredCreates) +
                           ") are another table's writes mirrored here, "
                           "whose entities its own operations do not pick") +
                    ", so its updates, merges and point reads address the "
                    "sample's entities, each as the one entity of its key"
              : "operations of the run address only entities written during "
                "it" +
                    (F.OnlyExisting
                         ? std::string(", and none creates any: its updates, "
                                       "merges and deletes do not run") +
                               (OutsideSample ? " outside transactions" : "")
                         : std::string())) +
         Outside;
}

std::optional<std::string> outsideSampleNote(const LogicalOp &Op,
                                             const EntityFamily &F,
                                             std::uint64_t Issued) {
  const std::uint64_t Outside = Op.FoundOutsideSample + Op.MissingOutsideSample;
  if (Outside == 0)
    return std::nullopt;
  const double Sampled = 1 / static_cast<double>(F.ExistingWeight);
  const double Chance = F.KeySpaceHeld * (1 - Sampled) /
                        (1 - F.KeySpaceHeld * Sampled);
  std::string Note =
      "'" + Op.Name + "' (" + std::string(schema::writeKindName(Op.Kind)) +
      "): " + std::to_string(Outside) + " of its " + std::to_string(Issued) +
      " executions addressed a key of " + familyName(F) +
      " its sample holds nothing under (the transaction's key); the real "
      "table holds an entity there with chance " + percent(Chance) +
      " (it holds " + percent(F.KeySpaceHeld) +
      " of the keys its templates form, its sample some of them): " +
      std::to_string(Op.FoundOutsideSample) +
      " ran, each as one entity written that the replay does not store "
      "(scans count the sample's weights only)";
  if (Op.MissingOutsideSample)
    Note += "; " + std::to_string(Op.MissingOutsideSample) +
            " found none, and the service answers 404 to such a "
            "transaction: its other writes failed with it";
  return Note;
}

std::optional<std::string> emptyPeriodNote(const schema::Table &T) {
  // What: the template's name; Starts: what of the table starts empty.
  auto Find = [&](const schema::KeyTemplate &Key, const char *What,
                  const char *Starts) -> std::optional<std::string> {
    for (const schema::KeyPart &Part : Key.Parts) {
      if (!Part.IsPlaceholder || Part.Format.empty() || Part.Format == "ticks")
        continue;
      const schema::Property *P = T.property(Part.Text);
      const double Period = schema::formatPeriodSeconds(Part);
      if (!P || P->Type != EdmType::DateTime || !schema::takesNewestValue(*P) ||
          Period < 3600)
        continue;
      return "table '" + T.Name + "': its " + What + " '" + Key.Text +
             "' formats growing '" + P->Name + "' by " +
             (Period >= 365 * 86400.0  ? "the year"
              : Period >= 30 * 86400.0 ? "the month"
              : Period >= 86400.0      ? "the day"
                                       : "the hour") +
             ", and the run starts at 2025-01-01T00:00:00Z, where every such "
             "period begins: its current " + Starts +
             " empty and fill during the run, where the schema checks size a "
             "read of one as a whole period (reads of the current period cost "
             "less here than later in it)";
    }
    return std::nullopt;
  };
  if (T.NameTemplate)
    if (std::optional<std::string> Note =
            Find(*T.NameTemplate, "name", "table starts"))
      return Note;
  if (std::optional<std::string> Note =
          Find(T.PartitionKey, "PartitionKey", "partitions start"))
    return Note;
  for (const schema::EntityType &Type : T.EntityTypes)
    if (Type.PartitionKey)
      if (std::optional<std::string> Note =
              Find(*Type.PartitionKey, "PartitionKey", "partitions start"))
        return Note;
  return std::nullopt;
}

} // namespace tablelint::replay
