// Finds TCP_NODELAY turned off (see NagleEnabledCheck.h).
#include "checks/code/NagleEnabledCheck.h"
#include "checks/code/model/AstWalk.h"

#include <clang/AST/Expr.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

constexpr llvm::StringLiteral CurlId = "curl-nodelay";
constexpr llvm::StringLiteral SocketId = "setsockopt";

// IPPROTO_TCP and TCP_NODELAY have these values on Linux, the BSDs, macOS
// and Windows; they are macros or enumerators depending on the headers.
constexpr int64_t IpProtoTcp = 6;
constexpr int64_t TcpNoDelay = 1;

std::optional<int64_t> constantValue(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

// True when Ref only reads the variable: a conversion to its value, sizeof,
// or its address given as setsockopt's option value (a const void *).
bool onlyReads(ASTContext &Ctx, const DeclRefExpr *Ref) {
  const Stmt *P = parentOf(Ctx, Ref);
  while (isa_and_nonnull<ParenExpr>(P))
    P = parentOf(Ctx, P);
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P))
    return Cast->getCastKind() == CK_LValueToRValue;
  if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(P))
    return true;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(P);
      U && U->getOpcode() == UO_AddrOf) {
    const Stmt *Up = parentOf(Ctx, U);
    while (isa_and_nonnull<CastExpr, ParenExpr>(Up))
      Up = parentOf(Ctx, Up);
    const auto *Call = dyn_cast_or_null<CallExpr>(Up);
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    return FD && FD->getIdentifier() && FD->getName() == "setsockopt";
  }
  return false;
}

// The value of an integer the code gives: a constant, or a local variable
// initialised with a constant and never written afterwards.
std::optional<int64_t> provenValue(const Expr *E, ASTContext &Ctx) {
  if (std::optional<int64_t> V = constantValue(E, Ctx))
    return V;
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getInit())
    return std::nullopt;
  const std::optional<int64_t> Init = constantValue(V->getInit(), Ctx);
  const auto *F =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!Init || !F || !F->getBody())
    return std::nullopt;
  for (const DeclRefExpr *R : referencesTo(V, F->getBody()))
    if (!onlyReads(Ctx, R))
      return std::nullopt;
  return Init;
}

// The variable whose address is the option value (&v, (char *)&v).
const Expr *pointee(const Expr *E) {
  const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
  return U && U->getOpcode() == UO_AddrOf ? U->getSubExpr() : nullptr;
}

} // namespace

void NagleEnabledCheck::registerCheckMatchers(MatchFinder *Finder) {
  // libcurl and POSIX sockets are not Table APIs: their names are here.
  Finder->addMatcher(
      callExpr(
          unless(isExpansionInSystemHeader()),
          callee(functionDecl(hasName("::curl_easy_setopt"))),
          argumentCountIs(3),
          hasArgument(1, ignoringParenImpCasts(declRefExpr(to(enumConstantDecl(
                             hasName("CURLOPT_TCP_NODELAY")))))))
          .bind(CurlId),
      this);
  Finder->addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                              callee(functionDecl(hasName("::setsockopt"))),
                              argumentCountIs(5))
                         .bind(SocketId),
                     this);
}

void NagleEnabledCheck::checkModel(const TableModel &Model, ASTContext &) {
  TalksToTable = Model.talksToTableStorage();
}

void NagleEnabledCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(CurlId)) {
    if (provenValue(Call->getArg(2), Ctx) == std::optional<int64_t>(0))
      Candidates.push_back({Call->getBeginLoc(), true});
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(SocketId)) {
    if (constantValue(Call->getArg(1), Ctx) !=
            std::optional<int64_t>(IpProtoTcp) ||
        constantValue(Call->getArg(2), Ctx) !=
            std::optional<int64_t>(TcpNoDelay))
      return;
    const Expr *Value = pointee(Call->getArg(3));
    if (Value && provenValue(Value, Ctx) == std::optional<int64_t>(0))
      Candidates.push_back({Call->getBeginLoc(), false});
  }
}

void NagleEnabledCheck::onEndOfTranslationUnit() {
  if (TalksToTable)
    for (const Candidate &C : Candidates)
      diag(C.Loc,
           "%0 turns Nagle's algorithm back on in a file that sends table "
           "requests: small requests wait for the server's delayed "
           "acknowledgement (40-200 ms); %1")
          << (C.Curl ? "CURLOPT_TCP_NODELAY set to 0"
                     : "TCP_NODELAY set to 0 with setsockopt")
          << (C.Curl ? "remove the option (on by default since libcurl 7.50.2) "
                       "or set it to 1L"
                     : "set it to 1 before the first request");
  Candidates.clear();
  TalksToTable = false;
}

} // namespace tablelint::code
