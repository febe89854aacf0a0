// Carrying a query's partition over to the entities it returns (see
// QueryPinnedResults.h).
#include "checks/code/model/QueryPinnedResults.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/QueryModel.h"
#include "checks/code/model/QueryResults.h"
#include "core/Filter.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>

namespace tablelint::code {

using namespace clang;

namespace {

// The calls with the Query role in a function body.
class QueryCalls : public RecursiveASTVisitor<QueryCalls> {
public:
  explicit QueryCalls(const ApiRoles &Roles) : Roles(Roles) {}
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *FD = Call->getDirectCallee())
      if (const ApiFunction *F =
              Roles.find(FD->getQualifiedNameAsString(), ApiRole::Query))
        Found.emplace_back(Call, F);
    return true;
  }
  const ApiRoles &Roles;
  std::vector<std::pair<const CallExpr *, const ApiFunction *>> Found;
};

// The one partition a modelled query reads, when it reads one.
std::optional<PinnedKey> onePartition(const QueryModel &M) {
  if (!M.Understood)
    return std::nullopt;
  std::optional<Filter> Parsed;
  if (M.Filter) {
    FilterParseOptions Options;
    Options.Placeholder = UnknownValueMarker;
    FilterParseResult R = parseFilter(M.Filter->Text, Options);
    if (!R)
      return std::nullopt;
    Parsed = std::move(R.filter());
  }
  const QueryScope S = classifyQuery(M.Address, Parsed ? &*Parsed : nullptr);
  if (S.Contradictory || S.PartitionKeys.size() != 1 ||
      (S.Class != QueryClass::Point && S.Class != QueryClass::RowRange &&
       S.Class != QueryClass::PartitionScan))
    return std::nullopt;
  return S.PartitionKeys.front();
}

} // namespace

std::optional<PinnedQuery> pinnedQueryOfDelete(const CallExpr *Operation,
                                               const Stmt *Loop,
                                               ASTContext &Ctx,
                                               const ApiRoles &Roles) {
  const FunctionDecl *Fn = enclosingFunction(Ctx, Operation);
  if (!Fn || !Fn->hasBody())
    return std::nullopt;
  QueryCalls Calls(Roles);
  Calls.TraverseStmt(Fn->getBody());
  for (const auto &[Query, F] : Calls.Found) {
    const QueryResults &R = analyzeResults(Query, Ctx, Roles);
    const bool Deletes =
        std::any_of(R.Uses.begin(), R.Uses.end(), [&](const EntityUse &U) {
          return U.Kind == EntityUseKind::Delete && U.Read == Operation;
        });
    const bool OverLoop =
        std::any_of(R.Loops.begin(), R.Loops.end(),
                    [&](const ResultLoop &L) { return L.Loop == Loop; });
    if (!Deletes || !OverLoop)
      continue;
    const std::optional<QueryModel> M = modelQuery(Query, *F, Ctx, Roles);
    if (!M)
      continue;
    if (std::optional<PinnedKey> PK = onePartition(*M))
      return PinnedQuery{Query, *PK};
  }
  return std::nullopt;
}

} // namespace tablelint::code
