#include "replay/SampledTableNote.h"

#include "core/schema/PropertyGrowth.h"

#include <cmath>

namespace tablelint::replay {

std::string sampledTableNote(const EntityFamily &F) {
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
  const std::string Type =
      F.EntityType.empty() ? "" : " (entity type '" + F.EntityType + "')";
  return "table '" + F.Table + "'" + Type + " " + Source +
         "; the replay started it with " +
         std::to_string(F.ExistingCount) +
         " of them, a uniform sample, each counting as " +
         std::to_string(F.ExistingWeight) +
         " entities in scans, budgets, pages and costs; " +
         (F.SampleAddressed
              ? std::string("no operation of the run creates any, so its "
                            "updates, merges and point reads address the "
                            "sample's entities, each as the one entity of "
                            "its key")
              : "operations of the run address only entities written during "
                "it" +
                    (F.OnlyExisting
                         ? std::string(", and none creates any: its updates, "
                                       "merges and deletes do not run")
                         : std::string()));
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
