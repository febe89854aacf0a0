// Table per period for retention (the plan: TablePerPeriodRemedy.h): the
// table's name takes the period of the time its entities expire by, and the
// purge's deletes and the query that finds them go. Advice with the reason
// when a query reads across periods or the finding query reads more than
// keys.
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/TablePerPeriodRemedy.h"

#include <algorithm>
#include <memory>

namespace tablelint::schema {

namespace {

constexpr const char *Rule = "retention-by-delete";

class TablePerPeriod : public Remedy {
public:
  const char *id() const override { return "table-per-period"; }
  std::vector<std::string> rules() const override { return {Rule}; }

  // The advice, while the table is as declared (a sweep bucket may move
  // the query that finds the expired entities to an index after this).
  void addTables(RemedyContext &Ctx, std::size_t Index) const override {
    const Table &T = Ctx.R.Design.Tables[Index];
    const std::optional<PeriodPlan> Plan = planTablePerPeriod(T);
    const std::string Finding = findingPath(Ctx, T);
    if (!Plan || Plan->Blocker.empty() || Finding.empty())
      return;
    Ctx.R.Advice.push_back({Rule, Finding,
                            "not a table per " + Plan->Period + ": " +
                                Plan->Blocker + "; " + Plan->Why,
                            Finding});
  }

  void apply(RemedyContext &Ctx, Table &T) const override {
    const std::optional<PeriodPlan> Plan = planTablePerPeriod(T);
    if (!Plan || !Plan->Blocker.empty() || Ctx.KeyedTables.count(T.Path))
      return;
    const std::string Finding = findingPath(Ctx, T);
    if (Finding.empty())
      return;
    std::string Error;
    std::optional<KeyTemplate> Name = parseKeyTemplate(Plan->Name, Error);
    if (!Name || !Ctx.allowed(Rule, Finding))
      return;
    T.Name = Plan->Name;
    T.NameTemplate = std::move(*Name);
    eraseNamed(T.Writes, Plan->Purges);
    eraseNamed(T.Queries, Plan->Finders);
    Ctx.change(Rule, T.Path, T.Note, Plan->Why + ", for " + Rule);
  }

private:
  // The element the finding is on: the purge's write.
  static std::string findingPath(RemedyContext &Ctx, const Table &T) {
    for (const Write &W : T.Writes)
      if (W.Op == WriteKind::Delete && Ctx.found().has(Rule, W.Path))
        return W.Path;
    return "";
  }

  template <typename Element>
  static void eraseNamed(std::vector<Element> &Elements,
                         const std::vector<std::string> &Names) {
    Elements.erase(std::remove_if(Elements.begin(), Elements.end(),
                                  [&](const Element &E) {
                                    return std::find(Names.begin(),
                                                     Names.end(),
                                                     E.Name) != Names.end();
                                  }),
                   Elements.end());
  }
};

} // namespace

std::unique_ptr<Remedy> makeTablePerPeriod() {
  return std::make_unique<TablePerPeriod>();
}

} // namespace tablelint::schema
