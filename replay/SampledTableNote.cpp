#include "replay/SampledTableNote.h"

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

} // namespace tablelint::replay
