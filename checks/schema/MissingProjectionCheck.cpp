// missing-projection (checklist 24): a query that reads whole entities while
// its caller uses only some properties, or that selects large properties it
// never uses.
#include "checks/schema/Checks.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

bool contains(const std::vector<std::string> &List, const std::string &Name) {
  return std::find(List.begin(), List.end(), Name) != List.end();
}

std::string names(const std::vector<std::string> &List) {
  std::string Out;
  for (const std::string &N : List)
    Out += (Out.empty() ? "" : ", ") + N;
  return Out;
}

} // namespace

void checkMissingProjection(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    for (const Query &Q : T.Queries) {
      if (Q.Uses.empty())
        continue; // what the caller reads is not declared
      if (!Q.HasSelect) {
        std::vector<std::string> Unused;
        for (const Property &P : T.Properties)
          if (!contains(Q.Uses, P.Name))
            Unused.push_back(P.Name);
        if (Unused.empty())
          continue;
        const EntitySize Whole = entitySize(T);
        const EntitySize Used = entitySize(T, &Q.Uses);
        Sink.report(
            Q.Path, Q.Pos,
            "query '" + Q.Name + "' reads whole entities but uses only " +
                names(Q.Uses) + "; " + names(Unused) +
                " come back unread (at least " +
                formatFigure(Whole.PayloadBytes - Used.PayloadBytes) +
                " bytes per entity): add select: [" + names(Q.Uses) + "]");
        continue;
      }
      for (const std::string &Name : Q.Select) {
        const Property *P = T.property(Name);
        if (!P || contains(Q.Uses, Name) || !P->Bytes ||
            *P->Bytes < C.Options.LargePropertyBytes)
          continue;
        Sink.report(Q.Path, Q.Pos,
                    "query '" + Q.Name + "' selects '" + Name + "' (" +
                        formatFigure(static_cast<double>(*P->Bytes)) +
                        " bytes) but uses only " + names(Q.Uses) +
                        ": leave it out of select");
      }
    }
  }
}

} // namespace tablelint::schema
