// Matching, modelling and classifying query calls once per AST.
#include "checks/code/QueryCheck.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/NolintLines.h"
#include "checks/code/model/QueryResults.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/Basic/TargetInfo.h>
#include <clang/Lex/Lexer.h>

#include <map>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// Parses and classifies a modelled query.
void classify(AnalyzedQuery &Q) {
  if (!Q.Model.Understood)
    return;
  if (!Q.Model.Filter) {
    Q.Scope = classifyQuery(Q.Model.Address, nullptr);
    return;
  }
  FilterParseOptions Options;
  Options.Placeholder = UnknownValueMarker;
  FilterParseResult R = parseFilter(Q.Model.Filter->Text, Options);
  if (!R) {
    Q.ParseError = R.error();
    return;
  }
  Q.Parsed = std::move(R.filter());
  Q.Scope = classifyQuery(Q.Model.Address, &*Q.Parsed);
}

// Every query check sees the same calls and URLs; each is analysed once
// per AST (checks of one TU run on one thread, one after the other). The
// cache is emptied at the start of each TU: the next TU's ASTContext and
// statements may be allocated at the addresses of the last one's.
thread_local std::map<const Stmt *, std::optional<AnalyzedQuery>> QueryCache;

template <typename Analyze>
const std::optional<AnalyzedQuery> &cached(const Stmt *Key, Analyze &&Fn) {
  auto &Cache = QueryCache;
  auto It = Cache.find(Key);
  if (It == Cache.end())
    It = Cache.emplace(Key, Fn()).first;
  return It->second;
}

// The whole string expression a literal is part of: up through +,
// conversions, temporaries and c_str().
const Expr *outermostString(ASTContext &Ctx, const Expr *E) {
  const Expr *Cur = E;
  for (;;) {
    const Stmt *Parent = nullptr;
    for (const DynTypedNode &P : Ctx.getParents(*Cur))
      if ((Parent = P.get<Stmt>()))
        break;
    const auto *PE = dyn_cast_or_null<Expr>(Parent);
    if (!PE)
      return Cur;
    if (isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
            CXXBindTemporaryExpr, CXXFunctionalCastExpr, ExprWithCleanups>(
            PE)) {
      Cur = PE;
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(PE))
      if (C->getNumArgs() >= 1 && C->getArg(0) == Cur) {
        Cur = PE;
        continue;
      }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(PE))
      if (Op->getOperator() == OO_Plus) {
        Cur = PE;
        continue;
      }
    if (const auto *M = dyn_cast<MemberExpr>(PE)) {
      const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(
          Ctx.getParents(*M).empty() ? nullptr
                                     : Ctx.getParents(*M)[0].get<Stmt>());
      if (MC && MC->getMethodDecl() &&
          (MC->getMethodDecl()->getName() == "c_str" ||
           MC->getMethodDecl()->getName() == "data")) {
        Cur = MC;
        continue;
      }
    }
    return Cur;
  }
}

} // namespace

void QueryCheck::onStartOfTranslationUnit() {
  TablelintCheck::onStartOfTranslationUnit();
  QueryCache.clear();
  forgetQueryResults();
}

void QueryCheck::registerCheckMatchers(MatchFinder *Finder) {
  const std::vector<std::string> Names = roles().functionNames(ApiRole::Query);
  if (Names.empty())
    return;
  // hasAnyName copies the names into the matcher.
  const std::vector<llvm::StringRef> Refs(Names.begin(), Names.end());
  Finder->addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                              callee(functionDecl(hasAnyName(Refs))))
                         .bind("query"),
                     this);
  // The project's own query wrappers, recognised by their summaries.
  Finder->addMatcher(userFunctionCall("query-wrapper"), this);
  if (wantsUrlQueries())
    Finder->addMatcher(
        stringLiteral(unless(isExpansionInSystemHeader())).bind("url-part"),
        this);
}

void QueryCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Lit = Result.Nodes.getNodeAs<StringLiteral>("url-part")) {
    // Cheap test first: most literals are not REST URLs.
    if (!Lit->isOrdinary() || !Lit->getString().contains("$filter="))
      return;
    const Expr *Url = outermostString(Ctx, Lit);
    const auto &Q = cached(Url, [&]() -> std::optional<AnalyzedQuery> {
      StringRecovery SR(Ctx, roles());
      auto Text = SR.recover(Url);
      auto Model = Text ? modelUrlQuery(Url, *Text) : std::nullopt;
      if (!Model)
        return std::nullopt;
      AnalyzedQuery A;
      A.Model = std::move(*Model);
      // Point at the literal that holds "$filter=", not the URL's start.
      A.Model.Location = Lit->getBeginLoc();
      classify(A);
      return A;
    });
    if (Q)
      checkQuery(*Q, Ctx);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("query");
  const ApiFunction *F = nullptr;
  if (Call) {
    if (const FunctionDecl *FD = Call->getDirectCallee())
      F = roles().find(FD->getQualifiedNameAsString(), ApiRole::Query);
  } else if ((Call = Result.Nodes.getNodeAs<CallExpr>("query-wrapper"))) {
    if (const FunctionSummary *S =
            wrapperSummary(Call->getDirectCallee(), Ctx, roles()))
      F = S->entry(ApiRole::Query);
  }
  if (!F)
    return;
  const auto &Q = cached(Call, [&]() -> std::optional<AnalyzedQuery> {
    AnalyzedQuery A;
    A.Model = *modelQuery(Call, *F, Ctx, roles());
    classify(A);
    return A;
  });
  checkQuery(*Q, Ctx);
}

SourceLocation QueryCheck::filterLocation(const AnalyzedQuery &Q,
                                          std::size_t Offset,
                                          ASTContext &Ctx) const {
  if (Q.Model.Filter && Q.Model.Filter->Source) {
    const auto *L =
        dyn_cast<StringLiteral>(stripStringWrappers(Q.Model.Filter->Source));
    if (L && L->getString() == Q.Model.Filter->Text &&
        Offset <= L->getByteLength()) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation Loc =
          L->getLocationOfByte(static_cast<unsigned>(Offset), SM,
                               Ctx.getLangOpts(), Ctx.getTargetInfo());
      if (Loc.isValid())
        return Loc;
    }
  }
  return Q.Model.Location;
}

void QueryCheck::reportAt(SourceLocation Primary, SourceLocation Other,
                          llvm::StringRef OtherNote, llvm::StringRef Message,
                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation P = SM.getExpansionLoc(Primary);
  const SourceLocation O =
      Other.isValid() ? SM.getExpansionLoc(Other) : SourceLocation();
  const bool OtherLine = O.isValid() && (SM.getFileID(O) != SM.getFileID(P) ||
                                         SM.getExpansionLineNumber(O) !=
                                             SM.getExpansionLineNumber(P));
  if (OtherLine && nolintCovers(SM, O, "tablelint-" + ruleId().str()))
    return;
  diag(Primary, "%0") << Message;
  if (OtherLine)
    diag(Other, OtherNote, DiagnosticIDs::Note);
}

SourceLocation QueryCheck::filterOrigin(const AnalyzedQuery &Q) const {
  if (!Q.Model.Filter || !Q.Model.Filter->Source)
    return {};
  const Expr *E = stripStringWrappers(Q.Model.Filter->Source);
  // A variable initialised once (a constant, a local) moves the origin to
  // its initializer; a chain of them is followed a few steps.
  for (unsigned Step = 0; Step < 4; ++Step) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    const Expr *Init = V ? V->getInit() : nullptr;
    if (!Init || isa<ParmVarDecl>(V))
      break;
    E = stripStringWrappers(Init);
  }
  return E->getBeginLoc();
}

} // namespace tablelint::code
