// Matching, modelling and classifying query calls once per AST.
#include "checks/code/QueryCheck.h"

#include <clang/AST/ExprCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/Basic/TargetInfo.h>
#include <clang/Lex/Lexer.h>

#include <map>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

AnalyzedQuery analyze(const CallExpr *Call, const ApiFunction &F,
                      ASTContext &Ctx, const ApiRoles &Roles) {
  AnalyzedQuery Q;
  Q.Model = *modelQuery(Call, F, Ctx, Roles);
  if (!Q.Model.Understood)
    return Q;
  if (!Q.Model.Filter) {
    Q.Scope = classifyQuery(Q.Model.Address, nullptr);
    return Q;
  }
  FilterParseOptions Options;
  Options.Placeholder = UnknownValueMarker;
  FilterParseResult R = parseFilter(Q.Model.Filter->Text, Options);
  if (!R) {
    Q.ParseError = R.error();
    return Q;
  }
  Q.Parsed = std::move(R.filter());
  Q.Scope = classifyQuery(Q.Model.Address, &*Q.Parsed);
  return Q;
}

// Every query check sees the same calls; the model is computed once per
// AST (checks of one TU run on one thread, one after the other).
const AnalyzedQuery &cachedAnalysis(const CallExpr *Call, const ApiFunction &F,
                                    ASTContext &Ctx, const ApiRoles &Roles) {
  thread_local const ASTContext *CacheFor = nullptr;
  thread_local std::map<const CallExpr *, AnalyzedQuery> Cache;
  if (CacheFor != &Ctx) {
    Cache.clear();
    CacheFor = &Ctx;
  }
  auto It = Cache.find(Call);
  if (It == Cache.end())
    It = Cache.emplace(Call, analyze(Call, F, Ctx, Roles)).first;
  return It->second;
}

} // namespace

void QueryCheck::registerMatchers(MatchFinder *Finder) {
  const std::vector<std::string> Names = roles().functionNames(ApiRole::Query);
  if (Names.empty())
    return;
  // hasAnyName copies the names into the matcher.
  const std::vector<llvm::StringRef> Refs(Names.begin(), Names.end());
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(Refs)))).bind("query"), this);
}

void QueryCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("query");
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD)
    return;
  const ApiFunction *F =
      roles().find(FD->getQualifiedNameAsString(), ApiRole::Query);
  if (!F)
    return;
  checkQuery(cachedAnalysis(Call, *F, *Result.Context, roles()), *Result.Context);
}

SourceLocation QueryCheck::filterLocation(const AnalyzedQuery &Q,
                                          std::size_t Offset,
                                          ASTContext &Ctx) const {
  if (Q.Model.Filter && Q.Model.Filter->Source) {
    const auto *L = dyn_cast<StringLiteral>(
        stripStringWrappers(Q.Model.Filter->Source));
    if (L && L->getString() == Q.Model.Filter->Text &&
        Offset <= L->getByteLength()) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation Loc = L->getLocationOfByte(
          static_cast<unsigned>(Offset), SM, Ctx.getLangOpts(),
          Ctx.getTargetInfo());
      if (Loc.isValid())
        return Loc;
    }
  }
  return Q.Model.Location;
}

} // namespace tablelint::code
