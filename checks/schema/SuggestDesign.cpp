// `tablelint suggest`'s driver: the remedies of checks/schema/remedies/,
// applied to a copy of the schema in their registry's order (clients, index
// tables, series, log tail, partition keys, batching, projections), then
// the suggested design checked for what remains.
#include "checks/schema/SuggestDesign.h"

#include "checks/schema/remedies/Remedy.h"
#include "core/schema/Suppressions.h"

#include <set>

namespace tablelint::schema {

namespace {

// Tables with several entity types are kept as they are: the types share
// their keys, so a remedy for one type's load would move the others' too.
// Their findings stay as advice. A table per period or tenant (a name
// template) is one design for all its instances: its keys, batches,
// projections and index tables (one per instance) are remedied as any
// table's, in every instance alike.
bool kept(const Table &T) { return !T.EntityTypes.empty(); }

// The rules the table remedies answer, in name order.
std::vector<std::string> tableRemedyRules() {
  std::set<std::string> Rules;
  for (const Remedy *Rem : remedies())
    if (Rem->onTables())
      for (const std::string &Rule : Rem->rules())
        Rules.insert(Rule);
  return {Rules.begin(), Rules.end()};
}

// Whether T is kept as it is; if so, said only when a finding there has a
// remedy that is not made (a table remedy's rule).
bool declineTable(RemedyContext &Ctx, const Table &T) {
  if (!kept(T))
    return false;
  const std::vector<std::string> Left =
      Ctx.found().rulesUnder(T.Path, tableRemedyRules());
  if (Left.empty())
    return true;
  std::string Rules;
  for (const std::string &Rule : Left)
    Rules += (Rules.empty() ? "" : ", ") + Rule;
  Ctx.R.Advice.push_back({Left.front(), T.Path,
                          "not redesigned: table '" + T.Name + "' declares " +
                              std::to_string(T.EntityTypes.size()) +
                              " entity types; suggest keeps tables with "
                              "several entity types as they are (act by hand "
                              "on its findings: " +
                              Rules + ")",
                          T.Path});
  return true;
}

void runRemedies(RemedyContext &Ctx, const SchemaCheckOptions &Options) {
  SuggestResult &R = Ctx.R;
  const std::vector<const Remedy *> &All = remedies();
  for (Client &C : R.Design.Clients)
    for (const Remedy *Rem : All)
      Rem->applyToClient(Ctx, C);
  // Tables are added (index tables); the remedies below work on the
  // tables as they were declared.
  const std::size_t Declared = R.Design.Tables.size();
  for (std::size_t I = 0; I < Declared; ++I)
    if (!declineTable(Ctx, R.Design.Tables[I]))
      for (const Remedy *Rem : All)
        Rem->addTables(Ctx, I);
  for (std::size_t I = 0; I < Declared; ++I) {
    Table &T = R.Design.Tables[I];
    if (kept(T))
      continue;
    for (const Remedy *Rem : All)
      Rem->apply(Ctx, T);
  }
  if (R.Design.Tables.size() == Declared)
    return;
  // The added tables carry the writes they mirror: their own keys and
  // batching are judged like any table's, on the suggested design.
  const FindingIndex AddedFindings(R.Design, Options);
  Ctx.useFindings(AddedFindings);
  for (std::size_t I = Declared; I < R.Design.Tables.size(); ++I) {
    // Part of the remedy that added it: its subject is that remedy's.
    Ctx.Subject = Ctx.AddedSubjects[I - Declared];
    for (const Remedy *Rem : All)
      if (Rem->onAddedTables())
        Rem->apply(Ctx, R.Design.Tables[I]);
  }
}

} // namespace

SuggestResult suggestDesign(const Schema &Current,
                            const SchemaCheckOptions &Options,
                            const RemedyFilter &Allow) {
  SuggestResult R;
  R.Design = Current;
  {
    RemedyContext Ctx(Current, Options, Allow, R);
    runRemedies(Ctx, Options);
  }
  Schema Marks = R.Design;
  for (Finding &F : runSchemaChecks(R.Design, Options))
    if (!isSuppressed(Marks, F.RuleId, F.Anchor))
      R.Remaining.push_back(std::move(F));
  return R;
}

} // namespace tablelint::schema
