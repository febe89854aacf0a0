// Re-key with query rewriting: a table keyed by a time or a constant whose
// queries read by one more property is keyed by that property, every query
// rewritten into the new keys (the plan: RekeyRemedy.h). Advice, saying
// why, when a query cannot be rewritten or the property is too hot; the
// hash bucket after it answers the finding then.
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/RekeyRemedy.h"

#include <iterator>
#include <memory>

namespace tablelint::schema {

namespace {

// The key findings it answers, in the order one is picked for a table.
constexpr const char *KeyRules[] = {"time-based-partition-key",
                                    "hot-partition", "partition-key-design"};

class Rekey : public Remedy {
public:
  const char *id() const override { return "rekey"; }
  std::vector<std::string> rules() const override {
    return {std::begin(KeyRules), std::end(KeyRules)};
  }

  void apply(RemedyContext &Ctx, Table &T) const override {
    const char *Rule = nullptr;
    for (const char *R : KeyRules)
      if (!Rule && Ctx.found().has(R, T.Path))
        Rule = R;
    if (!Rule || Ctx.KeyedTables.count(T.Path))
      return;
    const std::optional<RekeyPlan> Plan = planRekey(T, Ctx.Options);
    if (!Plan)
      return;
    if (!Plan->Blocker.empty()) {
      Ctx.R.Advice.push_back({Rule, T.Path, Plan->Why, T.Path});
      return;
    }
    // Not allowed: the key finding is this remedy's or none's.
    Ctx.KeyedTables.insert(T.Path);
    if (!Ctx.allowed(Rule, T.Path))
      return;
    std::vector<std::string> Was;
    for (const Query &Q : T.Queries)
      Was.push_back(Q.Filter);
    applyRekey(T, *Plan);
    for (std::size_t I = 0; I < T.Queries.size(); ++I)
      if (T.Queries[I].Filter != Was[I])
        addNote(T.Queries[I].Note, "rewritten into the new keys (" +
                                       std::string(Rule) + "); was: " +
                                       Was[I]);
    Ctx.change(Rule, T.Path, T.Note, Plan->Why + ", for " + Rule);
  }
};

} // namespace

std::unique_ptr<Remedy> makeRekey() { return std::make_unique<Rekey>(); }

} // namespace tablelint::schema
