// Finds retries of status codes that fail again on every attempt.
#include "checks/code/RetryNonRetryableCheck.h"

#include "checks/code/model/FunctionSummaries.h"
#include "core/ServiceLimits.h"

#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <llvm/ADT/SmallPtrSet.h>

#include <algorithm>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// How a retryable failure reads in an error's text: the service's error
// codes for throttling and timeouts, and the reason phrases of the
// retryable statuses (and of 429, which proxies send). Sources: "Table
// service error codes", RFC 9110, RFC 6585.
constexpr const char *RetryableErrorTexts[] = {
    "ServerBusy",          "OperationTimedOut",  "InternalError",
    "Too Many Requests",   "Service Unavailable", "Gateway Timeout",
    "Request Timeout",     "Bad Gateway",         "Internal Server Error"};

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

// --- What a handler that reads the status lets go round ---------------------

// E reads the status as a number: a reader member (`e.StatusCode`), a call
// of one (`e.result().http_status_code()`), through casts, or a local
// initialised with one.
bool readsStatusCode(const Expr *E, const StatusReaders &Status,
                     unsigned Depth = 0) {
  E = E->IgnoreParenImpCasts();
  while (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    E = C->getSubExpr()->IgnoreParenImpCasts();
  if (!E->getType()->isIntegralOrEnumerationType() ||
      E->getType()->isBooleanType())
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
           V->getInit() && Depth < 2 &&
           readsStatusCode(V->getInit(), Status, Depth + 1);
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    E = MC->getCallee()->IgnoreParenImpCasts();
  const auto *ME = dyn_cast<MemberExpr>(E);
  return ME && ME->getMemberDecl()->getIdentifier() &&
         Status.isReader(ME->getMemberDecl()->getName());
}

bool compares(BinaryOperatorKind Op, std::int64_t L, std::int64_t R) {
  switch (Op) {
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  case BO_LT:
    return L < R;
  case BO_LE:
    return L <= R;
  case BO_GT:
    return L > R;
  default:
    return L >= R;
  }
}

// Whether Cond holds for an error with status Code; nullopt when it tests
// anything but the status against constants.
std::optional<bool> holdsFor(const Expr *Cond, int Code,
                             const StatusReaders &Status, ASTContext &Ctx) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond);
      U && U->getOpcode() == UO_LNot) {
    const std::optional<bool> V = holdsFor(U->getSubExpr(), Code, Status, Ctx);
    return V ? std::optional<bool>(!*V) : std::nullopt;
  }
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return std::nullopt;
  if (B->isLogicalOp()) {
    const std::optional<bool> L = holdsFor(B->getLHS(), Code, Status, Ctx);
    const std::optional<bool> R = holdsFor(B->getRHS(), Code, Status, Ctx);
    if (!L || !R)
      return std::nullopt;
    return B->getOpcode() == BO_LAnd ? *L && *R : *L || *R;
  }
  if (!B->isComparisonOp())
    return std::nullopt;
  const Expr *Read = B->getLHS();
  const Expr *Value = B->getRHS();
  BinaryOperatorKind Op = B->getOpcode();
  if (!readsStatusCode(Read, Status)) {
    std::swap(Read, Value);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  Expr::EvalResult Res;
  if (!readsStatusCode(Read, Status) || Value->isValueDependent() ||
      !Value->EvaluateAsInt(Res, Ctx))
    return std::nullopt;
  return compares(Op, Code, Res.Val.getInt().getExtValue());
}

// A branch that leaves the loop: return, throw or break, last in a block.
bool leaves(const Stmt *S) {
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return !C->body_empty() && leaves(C->body_back());
  if (const auto *E = dyn_cast<Expr>(S))
    return isa<CXXThrowExpr>(E->IgnoreParenImpCasts());
  return isa<ReturnStmt, BreakStmt>(S);
}

// A branch that goes round after at most a wait: `{ sleep_for(d); continue;
// }`. A branch that does more first (refreshes a credential, re-reads the
// entity) retries on purpose and is not judged here.
bool waitsAndRetries(const Stmt *S, ASTContext &Ctx, const ApiRoles &Roles) {
  const auto *C = dyn_cast<CompoundStmt>(S);
  if (!C)
    return isa<ContinueStmt>(S);
  if (C->body_empty() || !isa<ContinueStmt>(C->body_back()))
    return false;
  return std::all_of(C->body_begin(), C->body_end() - 1, [&](const Stmt *W) {
    const auto *E = dyn_cast<Expr>(W);
    const auto *Call =
        E ? dyn_cast<CallExpr>(E->IgnoreImplicit()->IgnoreParens()) : nullptr;
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    if (!FD)
      return false;
    if (isSleep(FD))
      return true;
    const FunctionSummary *Sum = functionSummary(FD, Ctx, Roles);
    return Sum && Sum->Sleeps && !Sum->TableIO;
  });
}

// One status test of a handler, in order: the codes it holds for leave the
// loop, or go round again. A null Cond holds for every code (an exit that
// is not a test).
struct StatusBranch {
  const Expr *Cond = nullptr;
  bool Retries = false;
};

struct StatusOutcomes {
  std::vector<int> Leaving;     // the known codes that leave the loop
  std::vector<int> FallThrough; // non-retryable codes that reach the end
  bool RetryableFallThrough = false; // and a retryable one reaches it too
  std::vector<int> Explicit; // codes about the request a branch retries
};

// The codes about the request itself (its syntax, size, format or HTTP
// version): no wait, refreshed credential or re-read entity changes the
// answer. A branch that retries 401, 404, 409 or 412 may be waiting for
// something the application expects.
bool describesRequest(int Code) {
  return Code == 400 || Code == 413 || Code == 415 || Code == 501 ||
         Code == 505;
}

// The branches of a handler that reads the status only in `if (test)
// leave;` and `if (test) { wait; continue; }` statements of its own block
// (a retry count or a log may sit between them); nullopt for any other
// shape.
std::optional<std::vector<StatusBranch>>
statusBranches(const CompoundStmt *Block, const StatusReaders &Status,
               ASTContext &Ctx, const ApiRoles &Roles) {
  // `const auto status = e.StatusCode;`: the local is the status too.
  llvm::SmallPtrSet<const VarDecl *, 2> Locals;
  const auto ReadsStatus = [&](const Stmt *S) {
    bool Found = Status.readIn(S);
    forEachRunStmt(S, [&](const Stmt *C) {
      if (const auto *R = dyn_cast<DeclRefExpr>(C))
        Found |= Locals.count(dyn_cast<VarDecl>(R->getDecl())) > 0;
    });
    return Found;
  };
  std::vector<StatusBranch> Out;
  for (const Stmt *S : Block->body()) {
    if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *Each : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(Each);
            V && V->getInit() && readsStatusCode(V->getInit(), Status))
          Locals.insert(V);
      continue;
    }
    if (!ReadsStatus(S)) {
      if (leaves(S)) {
        Out.push_back({nullptr, false});
        break;
      }
      continue;
    }
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
        ReadsStatus(If->getThen()))
      return std::nullopt;
    if (leaves(If->getThen()))
      Out.push_back({If->getCond(), false});
    else if (waitsAndRetries(If->getThen(), Ctx, Roles))
      Out.push_back({If->getCond(), true});
    else
      return std::nullopt;
  }
  return Out;
}

// What happens to each known status code in a handler whose end goes round
// again: the first branch that holds for it decides, none means the end.
std::optional<StatusOutcomes> statusOutcomes(const CXXCatchStmt *H,
                                             const StatusReaders &Status,
                                             ASTContext &Ctx,
                                             const ApiRoles &Roles) {
  const auto *Block = dyn_cast<CompoundStmt>(H->getHandlerBlock());
  if (!Block)
    return std::nullopt;
  const auto Branches = statusBranches(Block, Status, Ctx, Roles);
  if (!Branches || Branches->empty())
    return std::nullopt;
  std::vector<int> Known(limits::NonRetryableStatusCodes.begin(),
                         limits::NonRetryableStatusCodes.end());
  Known.insert(Known.end(), limits::RetryableStatusCodes.begin(),
               limits::RetryableStatusCodes.end());
  std::sort(Known.begin(), Known.end());
  StatusOutcomes Out;
  for (int Code : Known) {
    const StatusBranch *Taken = nullptr;
    for (const StatusBranch &B : *Branches) {
      std::optional<bool> Holds = true;
      if (B.Cond)
        Holds = holdsFor(B.Cond, Code, Status, Ctx);
      if (!Holds)
        return std::nullopt;
      if (*Holds) {
        Taken = &B;
        break;
      }
    }
    if (Taken && !Taken->Retries)
      Out.Leaving.push_back(Code);
    else if (Taken && describesRequest(Code))
      Out.Explicit.push_back(Code);
    else if (!Taken && isNonRetryable(Code))
      Out.FallThrough.push_back(Code);
    else if (!Taken)
      Out.RetryableFallThrough = true;
  }
  return Out;
}

// The handler goes round only for an error whose text names a retryable
// condition: an if of it tests the text against "ServerBusy", "Too Many
// Requests", ...
bool guardedByErrorText(const CXXCatchStmt *H) {
  bool Found = false;
  forEachRunStmt(H->getHandlerBlock(), [&](const Stmt *S) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If)
      return;
    forEachRunStmt(If->getCond(), [&](const Stmt *C) {
      const auto *L = dyn_cast<StringLiteral>(C);
      if (!L || L->getCharByteWidth() != 1)
        return;
      for (const char *Text : RetryableErrorTexts)
        Found |= L->getString().contains(Text);
    });
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
  if (!R)
    return;
  const StatusReaders Status(roles());
  if (!R->Try) {
    if (R->StatusCheck)
      checkStatusRetry(*R, Status, Ctx);
    return;
  }
  for (unsigned I = 0; I < R->Try->getNumHandlers(); ++I) {
    const CXXCatchStmt *H = R->Try->getHandler(I);
    if (std::find(R->RetryingHandlers.begin(), R->RetryingHandlers.end(), H) ==
            R->RetryingHandlers.end() ||
        !handlerSeesStatusErrors(R->Try, I, roles()) || inspectsElsewhere(H))
      continue;
    if (Status.readIn(H->getHandlerBlock())) {
      checkExclusions(*R, H, Status, Ctx);
      continue;
    }
    if (guardedByErrorText(H))
      continue;
    diag(H->getCatchLoc(),
         "catch (%0) retries '%1' without checking the status code: %2 fail "
         "the same way on every attempt; retry only %3")
        << caughtName(H) << shortName(R->TableCall->getDirectCallee())
        << nonRetryableCodes() << retryableCodes();
  }
}

void RetryNonRetryableCheck::checkExclusions(const RetryLoop &R,
                                             const CXXCatchStmt *H,
                                             const StatusReaders &Status,
                                             ASTContext &Ctx) {
  const std::optional<StatusOutcomes> O =
      statusOutcomes(H, Status, Ctx, roles());
  if (!O)
    return;
  const std::string Call = shortName(R.TableCall->getDirectCallee());
  if (!O->Explicit.empty()) {
    diag(H->getCatchLoc(),
         "catch (%0) retries '%1' on status %2: %3 the same way on every "
         "attempt; retry only %4")
        << caughtName(H) << Call << listStatusCodes(O->Explicit)
        << (O->Explicit.size() == 1 ? "it fails" : "they fail")
        << retryableCodes();
    return;
  }
  // Only some codes go round (`if (status != 412) throw;`): a retry the
  // application chose, not everything but a few. A handler that lets every
  // 4xx leave is not blamed for 501 and 505 alone.
  if (O->Leaving.empty() || !O->RetryableFallThrough ||
      std::none_of(O->FallThrough.begin(), O->FallThrough.end(),
                   [](int Code) { return Code >= 400 && Code < 500; }))
    return;
  diag(H->getCatchLoc(),
       "catch (%0) retries '%1' on every status but %2: %3 fail the same way "
       "on every attempt; retry only %4")
      << caughtName(H) << Call << listStatusCodes(O->Leaving)
      << listStatusCodes(O->FallThrough) << retryableCodes();
}

void RetryNonRetryableCheck::checkStatusRetry(const RetryLoop &R,
                                              const StatusReaders &Status,
                                              ASTContext &Ctx) {
  const IfStmt *If = R.StatusCheck;
  if (If->getElse() || !waitsAndRetries(If->getThen(), Ctx, roles()))
    return;
  std::vector<int> Retried;
  for (int Code : limits::NonRetryableStatusCodes) {
    const std::optional<bool> Holds = holdsFor(If->getCond(), Code, Status, Ctx);
    if (!Holds)
      return;
    if (*Holds && describesRequest(Code))
      Retried.push_back(Code);
  }
  if (Retried.empty())
    return;
  diag(If->getIfLoc(), "'%0' is retried on status %1: %2 the same way on "
                       "every attempt; retry only %3")
      << shortName(R.TableCall->getDirectCallee()) << listStatusCodes(Retried)
      << (Retried.size() == 1 ? "it fails" : "they fail") << retryableCodes();
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
