// Finding evidence of Table traffic in the project's code (see
// TableTraffic.h).
#include "checks/code/model/TableTraffic.h"

#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

constexpr llvm::StringLiteral LiteralId = "table-traffic-literal";
constexpr llvm::StringLiteral ApiUseId = "table-traffic-api";

} // namespace

// Text only Table storage code writes: endpoint host names (public, sovereign
// and Cosmos DB Table clouds), the emulator account, the Tables resource,
// and the key property every entity has.
bool mentionsTableStorage(llvm::StringRef S) {
  return S.contains(".table.core.") || S.contains(".table.cosmos.") ||
         S.contains("devstoreaccount1") || S.contains("/Tables") ||
         S.contains("PartitionKey");
}

void TableTrafficEvidence::registerMatchers(
    MatchFinder *Finder, MatchFinder::MatchCallback *Callback,
    const ApiRoles &Roles) {
  Finder->addMatcher(
      stringLiteral(unless(isExpansionInSystemHeader())).bind(LiteralId),
      Callback);
  std::vector<std::string> Names;
  for (const ApiFunction &F : Roles.Functions)
    Names.insert(Names.end(), F.QualifiedNames.begin(), F.QualifiedNames.end());
  if (Names.empty())
    return;
  const std::vector<llvm::StringRef> Refs(Names.begin(), Names.end());
  Finder->addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                              callee(functionDecl(hasAnyName(Refs))))
                         .bind(ApiUseId),
                     Callback);
  Finder->addMatcher(
      cxxConstructExpr(unless(isExpansionInSystemHeader()),
                       hasDeclaration(functionDecl(hasAnyName(Refs))))
          .bind(ApiUseId),
      Callback);
}

bool TableTrafficEvidence::observe(const MatchFinder::MatchResult &Result) {
  if (Result.Nodes.getNodeAs<Expr>(ApiUseId)) {
    Found = true;
    return true;
  }
  if (const auto *L = Result.Nodes.getNodeAs<StringLiteral>(LiteralId)) {
    if (!Found && (L->isOrdinary() || L->isUTF8()) &&
        mentionsTableStorage(L->getString()))
      Found = true;
    return true;
  }
  return false;
}

} // namespace tablelint::code
