// Finds retries of status codes that fail again on every attempt.
#include "checks/code/RetryNonRetryableCheck.h"

#include "core/ServiceLimits.h"

#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <algorithm>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

bool isNonRetryable(int Code) {
  return std::find(limits::NonRetryableStatusCodes.begin(),
                   limits::NonRetryableStatusCodes.end(),
                   Code) != limits::NonRetryableStatusCodes.end();
}

std::string retryableCodes() {
  return listStatusCodes(limits::RetryableStatusCodes);
}

std::string nonRetryableCodes() {
  return listStatusCodes(limits::NonRetryableStatusCodes);
}

// "BadRequest" -> "Bad Request".
std::string spaced(llvm::StringRef Name) {
  std::string Out;
  for (std::size_t I = 0; I < Name.size(); ++I) {
    const char C = Name[I];
    const bool Upper = C >= 'A' && C <= 'Z';
    if (I && Upper) {
      const char Prev = Name[I - 1];
      const bool PrevUpper = Prev >= 'A' && Prev <= 'Z';
      const bool NextLower =
          I + 1 < Name.size() && Name[I + 1] >= 'a' && Name[I + 1] <= 'z';
      if (!PrevUpper || NextLower)
        Out += ' ';
    }
    Out += C;
  }
  return Out;
}

// The enumerator of Enum with value Code, for the reason phrase.
std::string enumeratorName(const EnumDecl *Enum, int Code) {
  if (Enum)
    for (const EnumConstantDecl *E : Enum->enumerators())
      if (E->getInitVal() == Code)
        return spaced(E->getName());
  return "";
}

struct StatusCodeUse {
  int Code;
  std::string Reason; // "Bad Request", empty when unknown
  const Expr *Where;
};

// The status codes written in E: enumerators (`HttpStatusCode::BadRequest`)
// and casts to the enumeration (`static_cast<HttpStatusCode>(400)`).
void collectStatusCodes(const Stmt *S, ASTContext &Ctx,
                        std::vector<StatusCodeUse> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *E = dyn_cast<Expr>(S);
      E && E->getType()->isEnumeralType() &&
      (isa<ExplicitCastExpr>(E) ||
       (isa<DeclRefExpr>(E) &&
        isa<EnumConstantDecl>(cast<DeclRefExpr>(E)->getDecl())))) {
    Expr::EvalResult R;
    if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx)) {
      const int Code = static_cast<int>(R.Val.getInt().getExtValue());
      const auto *Enum = E->getType()->castAs<EnumType>()->getDecl();
      Out.push_back({Code, enumeratorName(Enum, Code), E});
    }
    return;
  }
  for (const Stmt *C : S->children())
    collectStatusCodes(C, Ctx, Out);
}

// Every member named in a status path: "last_request_result().
// http_status_code()" -> {"last_request_result", "http_status_code"}.
std::vector<std::string> pathMembers(llvm::StringRef Path) {
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Path.split(Parts, '.');
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (P.starts_with("->"))
      P = P.drop_front(2);
    while (P.ends_with("()"))
      P = P.drop_back(2);
    if (!P.empty())
      Out.push_back(P.str());
  }
  return Out;
}

bool refersToParameter(const Expr *E, const FunctionDecl *Fn) {
  bool Found = false;
  forEachRunStmt(E, [&](const Stmt *S) {
    if (const auto *R = dyn_cast<DeclRefExpr>(S))
      if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()))
        Found |= P->getDeclContext() == Fn;
  });
  return Found;
}

// True when the returned value asks for a retry: `true`, or a decision
// object built from arguments (`retry_info(context)`), directly or through a
// local initialised that way.
bool returnsRetry(const Expr *V, const FunctionDecl *Fn, ASTContext &Ctx,
                  unsigned Depth = 0) {
  if (!V || Depth > 3 || V->isValueDependent())
    return false;
  if (Fn->getReturnType()->isBooleanType()) {
    bool B = false;
    return V->EvaluateAsBooleanCondition(B, Ctx) && B;
  }
  const Expr *E = V->IgnoreImplicit()->IgnoreParens();
  while (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    E = C->getSubExpr()->IgnoreImplicit()->IgnoreParens();
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && C->getNumArgs() == 1)
      return returnsRetry(C->getArg(0), Fn, Ctx, Depth + 1);
    return C->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(C->getArg(0));
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    if (const auto *Local = dyn_cast<VarDecl>(R->getDecl());
        Local && Local->hasLocalStorage() && !isa<ParmVarDecl>(Local))
      return returnsRetry(Local->getInit(), Fn, Ctx, Depth + 1);
  return false;
}

// "Azure::Core::RequestFailedException", "std::exception" or "...".
std::string caughtName(const CXXCatchStmt *H) {
  const QualType T = H->getCaughtType();
  if (T.isNull())
    return "...";
  if (const CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl())
    return R->getQualifiedNameAsString();
  return T.getNonReferenceType().getUnqualifiedType().getAsString();
}

// The handler hands the exception on (to a helper, a dynamic_cast,
// std::current_exception): the status may be looked at there.
bool inspectsElsewhere(const CXXCatchStmt *H) {
  const VarDecl *Ex = H->getExceptionDecl();
  bool Found = false;
  const auto IsException = [&](const Expr *A) {
    const auto *R = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
    return Ex && R && R->getDecl() == Ex;
  };
  forEachRunStmt(H->getHandlerBlock(), [&](const Stmt *S) {
    if (isa<CXXDynamicCastExpr>(S))
      Found = true;
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && U->getOpcode() == UO_AddrOf && IsException(U->getSubExpr()))
      Found = true;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (const FunctionDecl *FD = Call->getDirectCallee();
          FD && FD->getIdentifier() && FD->getName() == "current_exception")
        Found = true;
      Found |= std::any_of(Call->arg_begin(), Call->arg_end(), IsException);
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(S))
      Found |= std::any_of(C->arg_begin(), C->arg_end(), IsException);
  });
  return Found;
}

} // namespace

void RetryNonRetryableCheck::checkStatusCodes(const Expr *Codes,
                                              const MemberExpr *Field,
                                              ASTContext &Ctx) {
  std::vector<StatusCodeUse> Uses;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(Codes)) {
    for (const Expr *A : Call->arguments())
      collectStatusCodes(A, Ctx, Uses);
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Codes);
             Op && Op->getNumArgs() == 2) {
    collectStatusCodes(Op->getArg(1), Ctx, Uses);
  }
  const std::string Name = Field ? Field->getMemberDecl()->getNameAsString()
                                 : std::string("StatusCodes");
  for (const StatusCodeUse &U : Uses)
    if (isNonRetryable(U.Code))
      diag(U.Where->getBeginLoc(),
           "retry options retry %1%2: the same request fails again on every "
           "attempt; keep %0 to %3")
          << Name << std::to_string(U.Code)
          << (U.Reason.empty() ? std::string() : " " + U.Reason)
          << retryableCodes();
}

void RetryNonRetryableCheck::checkDecision(const CXXMethodDecl *M,
                                           ASTContext &Ctx) {
  const Stmt *Body = M->getBody();
  if (!Body)
    return;
  const ApiType *Base = nullptr;
  for (const ApiType *T : roles().types(TypeRole::RetryPolicyBase))
    if (T->field("decide") == M->getName() &&
        derivesFromAny(M->getParent(), T->QualifiedNames))
      Base = T;
  if (!Base)
    return;
  const StatusReaders Status(roles());
  const std::vector<std::string> Path = pathMembers(Base->field("status"));
  bool Guarded = false;
  const ReturnStmt *Retry = nullptr;
  forEachRunStmt(Body, [&](const Stmt *S) {
    if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      const std::string Member = ME->getMemberDecl()->getNameAsString();
      Guarded |= Status.isReader(Member) ||
                 std::find(Path.begin(), Path.end(), Member) != Path.end() ||
                 Member == M->getNameAsString(); // the base's own decision
    }
    // A helper handed the context or response decides; operators on the
    // parameters (`retryAfter = 2s`) do not.
    if (const auto *Call = dyn_cast<CallExpr>(S);
        Call && !isa<CXXOperatorCallExpr>(Call))
      Guarded |=
          std::any_of(Call->arg_begin(), Call->arg_end(),
                      [&](const Expr *A) { return refersToParameter(A, M); });
    if (const auto *R = dyn_cast<ReturnStmt>(S);
        R && !Retry && returnsRetry(R->getRetValue(), M, Ctx))
      Retry = R;
  });
  if (Guarded || !Retry)
    return;
  diag(Retry->getBeginLoc(),
       "custom retry policy '%0' retries without reading the status code: %1 "
       "fail the same way on every attempt; retry only %2")
      << shortName(M) << nonRetryableCodes() << retryableCodes();
}

void RetryNonRetryableCheck::checkLoop(const Stmt *Loop, ASTContext &Ctx) {
  const std::optional<RetryLoop> R =
      findRetryLoop(Loop, roles(), Ctx);
  if (!R || !R->Try)
    return;
  const StatusReaders Status(roles());
  for (unsigned I = 0; I < R->Try->getNumHandlers(); ++I) {
    const CXXCatchStmt *H = R->Try->getHandler(I);
    if (std::find(R->RetryingHandlers.begin(), R->RetryingHandlers.end(), H) ==
            R->RetryingHandlers.end() ||
        !handlerSeesStatusErrors(R->Try, I, roles()) ||
        Status.readIn(H->getHandlerBlock()) || inspectsElsewhere(H))
      continue;
    diag(H->getCatchLoc(),
         "catch (%0) retries '%1' without checking the status code: %2 fail "
         "the same way on every attempt; retry only %3")
        << caughtName(H) << shortName(R->TableCall->getDirectCallee())
        << nonRetryableCodes() << retryableCodes();
  }
}

void RetryNonRetryableCheck::checkModel(const TableModel &Model,
                                        ASTContext &Ctx) {
  // The status codes written into retry options: codes.insert(...),
  // emplace, or an assignment of a whole list.
  for (const FieldWrite &W : Model.fieldWrites(TypeRole::RetryOptions)) {
    if (!W.is("statusCodes"))
      continue;
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(W.Site)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      const IdentifierInfo *Id = Method ? Method->getIdentifier() : nullptr;
      if (!Id || (Id->getName() != "insert" && Id->getName() != "emplace" &&
                  Id->getName() != "emplace_hint"))
        continue;
    } else if (!isa<CXXOperatorCallExpr>(W.Site)) {
      continue;
    }
    checkStatusCodes(W.Site, W.Field, Ctx);
  }
  for (const CXXMethodDecl *M : Model.retryDecisionCandidates())
    checkDecision(M, Ctx);
  for (const Stmt *Loop : Model.retryLoopCandidates())
    checkLoop(Loop, Ctx);
}

} // namespace tablelint::code
