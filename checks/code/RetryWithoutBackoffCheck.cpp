// Finds retries without exponential backoff: linear retry policies, capped
// RetryOptions and hand-written retry loops with a constant sleep or none.
#include "checks/code/RetryWithoutBackoffCheck.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/DelayGrowth.h"
#include "checks/code/model/Durations.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/StringRecovery.h"
#include "core/ServiceLimits.h"

#include <clang/ASTMatchers/ASTMatchFinder.h>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// The standard and POSIX ways to wait, with the argument that holds the
// delay and its unit. Library names, not SDK knowledge, so they are named
// here rather than in a role map.
struct SleepFunction {
  llvm::StringLiteral Name;
  unsigned Arg;
  double MsPerUnit;      // 0: a std::chrono duration or time point
  bool Deadline = false; // the argument is a time point
};
constexpr SleepFunction SleepFunctions[] = {
    {"std::this_thread::sleep_for", 0, 0},
    {"std::this_thread::sleep_until", 0, 0, true},
    {"std::condition_variable::wait_for", 1, 0},
    {"std::condition_variable::wait_until", 1, 0, true},
    {"std::condition_variable_any::wait_for", 1, 0},
    {"std::condition_variable_any::wait_until", 1, 0, true},
    {"usleep", 0, 0.001},
    {"sleep", 0, 1000},
    {"Sleep", 0, 1}, // Windows, milliseconds
};

const SleepFunction *sleepFunction(const FunctionDecl *FD) {
  const std::string Name = FD->getQualifiedNameAsString();
  for (const SleepFunction &S : SleepFunctions)
    if (Name == S.Name)
      return &S;
  return nullptr;
}

// A helper whose name says it waits: its delay is out of sight, so it gets
// the benefit of the doubt.
bool nameSuggestsWaiting(llvm::StringRef Name) {
  const std::string Lower = Name.lower();
  for (const char *Word : {"sleep", "wait", "backoff", "delay", "pause"})
    if (Lower.find(Word) != std::string::npos)
      return true;
  return false;
}

// "back off exponentially with jitter (for example 2, 4, 10, 30 s)".
std::string backoffAdvice() {
  std::string Schedule;
  for (double Seconds : limits::ChecklistBackoffSeconds)
    Schedule += (Schedule.empty() ? "" : ", ") +
                std::to_string(static_cast<long long>(Seconds));
  return "back off exponentially with jitter (for example " + Schedule +
         " s) so that a throttled partition can recover";
}

// The expression that holds the delay of a sleep call: its argument, or X
// in a deadline `now() + X`.
const Expr *delayOperand(const CallExpr *Call, const SleepFunction &SF) {
  if (SF.Arg >= Call->getNumArgs())
    return nullptr;
  const Expr *A = Call->getArg(SF.Arg);
  if (SF.Deadline)
    if (auto B = asBinaryOp(stripConversions(A));
        B && B->Op == BO_Add && isClockNow(B->L))
      return B->R;
  return A;
}

// --- Retries the application decides on
// ------------------------------------------

bool isNonRetryableCode(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return false;
  const auto Code = R.Val.getInt().getExtValue();
  return std::find(limits::NonRetryableStatusCodes.begin(),
                   limits::NonRetryableStatusCodes.end(),
                   Code) != limits::NonRetryableStatusCodes.end();
}

// `if (e.StatusCode == HttpStatusCode::Unauthorized) { refresh(); continue; }`
// or `switch (status) { case 412: ... }`: a retry the application decided on
// for a code that throttling never causes (a refreshed credential, a
// re-read entity), not a throttling retry.
bool retriesOnPurpose(const Stmt *S, const StatusReaders &Status,
                      ASTContext &Ctx) {
  bool Found = false;
  const auto EqualsCode = [&](const Stmt *Cond) {
    bool Match = false;
    forEachRunStmt(Cond, [&](const Stmt *C) {
      const auto *BO = dyn_cast<BinaryOperator>(C);
      const auto *OC = dyn_cast<CXXOperatorCallExpr>(C);
      const bool Equal =
          (BO && BO->getOpcode() == BO_EQ) ||
          (OC && OC->getOperator() == OO_EqualEqual && OC->getNumArgs() == 2);
      if (!Equal)
        return;
      const Expr *L = BO ? BO->getLHS() : OC->getArg(0);
      const Expr *R = BO ? BO->getRHS() : OC->getArg(1);
      Match |= (Status.readIn(L) && isNonRetryableCode(R, Ctx)) ||
               (Status.readIn(R) && isNonRetryableCode(L, Ctx));
    });
    return Match;
  };
  forEachRunStmt(S, [&](const Stmt *C) {
    if (const auto *If = dyn_cast<IfStmt>(C))
      Found |= !alwaysLeaves(If->getThen()) && EqualsCode(If->getCond());
    if (const auto *Sw = dyn_cast<SwitchStmt>(C);
        Sw && Status.readIn(Sw->getCond()))
      for (const SwitchCase *Case = Sw->getSwitchCaseList(); Case;
           Case = Case->getNextSwitchCase())
        if (const auto *CS = dyn_cast<CaseStmt>(Case))
          Found |= isNonRetryableCode(CS->getLHS(), Ctx);
  });
  return Found;
}

// --- Retry options
// ------------------------------------------------------------

enum class RetryField { Delay, MaxDelay, MaxRetries };

struct RetryOptionsWrite {
  std::string Object; // identifies the options object within the function
  RetryField Field;
  const ApiType *Type;
  const Expr *Value;
  SourceLocation Loc;
};

// "options.Retry" as a key made of declarations; nullopt for anything but a
// chain of members from a variable or `this`.
std::optional<std::string> objectKey(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    auto Base = objectKey(M->getBase());
    if (!Base)
      return std::nullopt;
    return *Base + "." +
           std::to_string(reinterpret_cast<std::uintptr_t>(M->getMemberDecl()));
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    return std::to_string(reinterpret_cast<std::uintptr_t>(R->getDecl()));
  if (isa<CXXThisExpr>(E))
    return std::string("this");
  return std::nullopt;
}

std::optional<RetryOptionsWrite> retryOptionsWrite(const Stmt *S,
                                                   const ApiRoles &Roles) {
  const auto *E = dyn_cast<Expr>(S);
  auto B = E ? asBinaryOp(E) : std::nullopt;
  if (!B || B->Op != BO_Assign)
    return std::nullopt;
  const auto *M = dyn_cast<MemberExpr>(B->L->IgnoreParenImpCasts());
  const auto *FD = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  if (!FD)
    return std::nullopt;
  const ApiType *T = Roles.findType(FD->getParent()->getQualifiedNameAsString(),
                                    TypeRole::RetryOptions);
  if (!T)
    return std::nullopt;
  RetryField Field;
  if (FD->getName() == T->field("delay"))
    Field = RetryField::Delay;
  else if (FD->getName() == T->field("maxDelay"))
    Field = RetryField::MaxDelay;
  else if (FD->getName() == T->field("maxRetries"))
    Field = RetryField::MaxRetries;
  else
    return std::nullopt;
  auto Key = objectKey(M->getBase());
  if (!Key)
    return std::nullopt;
  return RetryOptionsWrite{*Key, Field, T, B->R, M->getMemberLoc()};
}

// A sleep between attempts: a sleep call of the loop, or one in a project
// helper the loop calls (At, the helper's call; Sleep, in its body).
struct LoopSleep {
  const CallExpr *At;
  const CallExpr *Sleep;
  const SleepFunction *Function;
};

// What a retry loop does between attempts.
struct LoopWaits {
  std::vector<LoopSleep> Sleeps;
  bool Opaque = false; // a wait we cannot see into (a helper, co_await)
  bool Reads = false;  // a point read or query
  bool Writes = false; // a write or batch
};

bool waits(const FunctionDecl *G) {
  return G && (sleepFunction(G) ||
               (G->getIdentifier() && nameSuggestsWaiting(G->getName())));
}

// True when Fn changes state that outlives a call (a member, a static or
// global): `delay_ *= 2` makes its next sleep longer, which the delay's
// expression alone does not show.
bool keepsState(const FunctionDecl *Fn) {
  bool Found = false;
  forEachRunStmt(Fn->getBody(), [&](const Stmt *S) {
    const Expr *Target = nullptr;
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && U->isIncrementDecrementOp())
      Target = U->getSubExpr();
    else if (const auto *E = dyn_cast<Expr>(S))
      if (auto B = asBinaryOp(E); B && BinaryOperator::isAssignmentOp(B->Op))
        Target = B->L;
    if (!Target)
      return;
    Target = Target->IgnoreParenImpCasts();
    if (isa<MemberExpr>(Target))
      Found = true;
    if (const auto *R = dyn_cast<DeclRefExpr>(Target))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        Found |= !V->hasLocalStorage();
  });
  return Found;
}

// A project helper called between attempts, judged by its summary rather
// than its name: `backoff(attempt)` that sleeps is a sleep of the loop
// (its delay followed through the argument), one that only logs is no
// wait, and a wrapper that sleeps between its own attempts waits inside.
void helperWaits(const CallExpr *Call, const FunctionDecl *Def,
                 const FunctionSummary &S, LoopWaits &W) {
  std::vector<LoopSleep> Own;
  bool Hidden = false;
  forEachRunStmt(Def->getBody(), [&](const Stmt *In) {
    const auto *Inner = dyn_cast<CallExpr>(In);
    if (!Inner)
      return;
    const FunctionDecl *G = Inner->getDirectCallee();
    if (!G) {
      Hidden = true; // a callable we cannot see may wait
    } else if (const SleepFunction *SF = sleepFunction(G)) {
      Own.push_back({Call, Inner, SF});
    } else if (waits(G) && !isSummarisable(G, Def->getASTContext())) {
      Hidden = true;
    }
  });
  if (!S.Sleeps && Own.empty()) {
    W.Opaque |= Hidden;
    return;
  }
  // Sleeps deeper down, or around the helper's own table calls (a wrapper
  // that retries with its own delays): waits we do not follow.
  if (Own.empty() || Hidden || S.TableIO || S.Retries || keepsState(Def)) {
    W.Opaque = true;
    return;
  }
  W.Sleeps.insert(W.Sleeps.end(), Own.begin(), Own.end());
}

LoopWaits waitsIn(const Stmt *Loop, const ApiRoles &Roles, ASTContext &Ctx) {
  LoopWaits W;
  forEachRunStmt(Loop, [&](const Stmt *S) {
    W.Opaque |= isa<CoawaitExpr>(S);
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return;
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD) {
      W.Opaque = true; // a callable we cannot see may wait
      return;
    }
    if (const ApiFunction *F = retriedCall(Call, Roles)) {
      W.Reads |= F->Role == ApiRole::PointRead || F->Role == ApiRole::Query;
      W.Writes |= F->Role == ApiRole::Write || F->Role == ApiRole::BatchSubmit;
    } else if (const SleepFunction *SF = sleepFunction(FD)) {
      W.Sleeps.push_back({Call, Call, SF});
    } else if (const FunctionSummary *Summary =
                   isSummarisable(FD, Ctx) ? functionSummary(FD, Ctx, Roles)
                                           : nullptr) {
      helperWaits(Call, FD->getDefinition(), *Summary, W);
    } else if (waits(FD)) {
      W.Opaque = true; // its body is out of sight: the benefit of the doubt
    }
  });
  return W;
}

// True when the loop may retry a throttled request: some retrying handler
// receives status errors (not only transport failures after
// `catch (RequestFailedException&) { throw; }`), and the retry is not one
// the application decides on for a 401 or 412. ReadsStatus tells whether
// the retry looks at the status at all.
bool retriesThrottling(const RetryLoop &R, const ApiRoles &Roles,
                       ASTContext &Ctx, bool &ReadsStatus) {
  const StatusReaders Status(Roles);
  bool SeesStatus = R.StatusCheck != nullptr;
  ReadsStatus = R.StatusCheck != nullptr;
  bool OnPurpose =
      R.StatusCheck && retriesOnPurpose(R.StatusCheck, Status, Ctx);
  for (const CXXCatchStmt *H : R.RetryingHandlers) {
    for (unsigned I = 0; I < R.Try->getNumHandlers(); ++I)
      if (R.Try->getHandler(I) == H)
        SeesStatus |= handlerSeesStatusErrors(R.Try, I, Roles);
    ReadsStatus |= Status.readIn(H->getHandlerBlock());
    OnPurpose |= retriesOnPurpose(H->getHandlerBlock(), Status, Ctx);
  }
  return SeesStatus && !OnPurpose;
}

} // namespace

void RetryWithoutBackoffCheck::checkPolicy(const CXXConstructExpr *C,
                                           ASTContext &Ctx) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  const ApiFunction *F =
      roles().find(Ctor->getQualifiedNameAsString(), ApiRole::RetryPolicy);
  if (!F || F->attr("kind") != "linear")
    return;
  std::optional<double> Ms;
  if (auto I = F->arg("delay");
      I && *I < C->getNumArgs() && !isa<CXXDefaultArgExpr>(C->getArg(*I)))
    Ms = constantMilliseconds(C->getArg(*I)->IgnoreImplicit(), Ctx);
  // The exponential policy of the same API, to suggest by name.
  std::string Instead = "an exponential retry policy";
  for (const ApiFunction *G : roles().functions(ApiRole::RetryPolicy))
    if (G->Api == F->Api && G->attr("kind") == "exponential") {
      const llvm::StringRef Q = G->QualifiedNames.front();
      Instead = Q.rsplit("::").first.rsplit("::").second.str();
      break;
    }
  const std::string Policy = Ctor->getParent()->getNameAsString();
  const std::string Tail = ": use " + Instead +
                           ", which backs off exponentially with jitter so "
                           "that a throttled partition can recover";
  if (Ms)
    diag(C->getBeginLoc(), "retry policy waits a constant %0 between attempts "
                           "(%1)%2")
        << formatMilliseconds(*Ms) << Policy << Tail;
  else
    diag(C->getBeginLoc(), "retry policy waits the same delay before every "
                           "attempt (%0)%1")
        << Policy << Tail;
}

void RetryWithoutBackoffCheck::checkRetryOptions(const Expr *Assignment,
                                                 ASTContext &Ctx) {
  const auto W = retryOptionsWrite(Assignment, roles());
  if (!W || W->Field == RetryField::MaxRetries)
    return;
  const FunctionDecl *Fn = enclosingFunction(Ctx, Assignment);
  if (!Fn || !Fn->getBody())
    return;
  std::vector<RetryOptionsWrite> Writes;
  forEachRunStmt(Fn->getBody(), [&](const Stmt *S) {
    if (auto X = retryOptionsWrite(S, roles()); X && X->Object == W->Object)
      Writes.push_back(*X);
  });
  const auto Ms = [&](const RetryOptionsWrite &X) {
    return constantMilliseconds(X.Value->IgnoreImplicit(), Ctx);
  };
  for (const RetryOptionsWrite &X : Writes)
    if (X.Field == RetryField::MaxRetries) {
      Expr::EvalResult R;
      if (!X.Value->isValueDependent() && X.Value->EvaluateAsInt(R, Ctx) &&
          R.Val.getInt().isZero())
        return; // no retries at all: nothing to back off
    }
  const std::string Delay = W->Type->field("delay");
  if (W->Field == RetryField::Delay) {
    if (auto V = Ms(*W); V && *V == 0)
      diag(W->Loc, "retry options set %0 to 0: retries follow each other at "
                   "once, with no backoff; keep the default %1 or more")
          << Delay
          << formatMilliseconds(limits::SdkDefaultRetryDelaySeconds * 1000);
    return;
  }
  const RetryOptionsWrite *DelayWrite = nullptr;
  unsigned Delays = 0, MaxDelays = 0;
  for (const RetryOptionsWrite &X : Writes) {
    if (X.Field == RetryField::Delay) {
      ++Delays;
      DelayWrite = &X;
    }
    MaxDelays += X.Field == RetryField::MaxDelay;
  }
  if (Delays != 1 || MaxDelays != 1)
    return; // which value wins depends on the flow
  const auto Max = Ms(*W), Base = Ms(*DelayWrite);
  if (!Max || !Base || *Base == 0 || *Max > *Base)
    return;
  diag(W->Loc, "retry options cap %0 at %1, not above %2 %3: every retry "
               "waits about %1 and the backoff never grows; keep %0 well "
               "above %2")
      << W->Type->field("maxDelay") << formatMilliseconds(*Max) << Delay
      << formatMilliseconds(*Base);
}

void RetryWithoutBackoffCheck::checkLoop(const Stmt *Loop, ASTContext &Ctx) {
  const std::optional<RetryLoop> R =
      findRetryLoop(Loop, roles(), Ctx);
  bool ReadsStatus = false;
  if (!R || !retriesThrottling(*R, roles(), Ctx, ReadsStatus))
    return;
  const LoopWaits W = waitsIn(Loop, roles(), Ctx);
  // Re-read, modify, write again on a 412: an optimistic-concurrency loop
  // retries at once by design.
  if (W.Opaque || (W.Reads && W.Writes && ReadsStatus))
    return;
  const std::string Callee = shortName(R->TableCall->getDirectCallee());
  if (W.Sleeps.empty()) {
    diag(Loop->getBeginLoc(), "retry loop around '%0' retries at once, "
                              "without waiting between attempts: %1")
        << Callee << backoffAdvice();
    return;
  }
  bool Linear = false;
  for (const LoopSleep &S : W.Sleeps) {
    const Expr *Delay = delayOperand(S.Sleep, *S.Function);
    const Growth G =
        !Delay          ? Growth::Unknown
        : S.At == S.Sleep ? delayGrowth(Delay, Loop, Ctx)
                          : delayGrowthThroughHelper(Delay, S.At, Loop, Ctx);
    if (G == Growth::Geometric || G == Growth::Unknown)
      return;
    Linear |= G == Growth::Linear;
  }
  const LoopSleep &First = W.Sleeps.front();
  if (Linear) {
    diag(First.At->getBeginLoc(), "retry loop around '%0' sleeps a delay that "
                                  "grows only linearly between attempts: %1")
        << Callee << backoffAdvice();
    return;
  }
  std::optional<double> Value =
      constantDelay(delayOperand(First.Sleep, *First.Function), Ctx);
  if (Value && First.Function->MsPerUnit != 0)
    *Value *= First.Function->MsPerUnit;
  if (Value)
    diag(First.At->getBeginLoc(), "retry loop around '%0' sleeps a constant "
                                  "%1 between attempts: %2")
        << Callee << formatMilliseconds(*Value) << backoffAdvice();
  else
    diag(First.At->getBeginLoc(), "retry loop around '%0' sleeps the same "
                                  "delay before every attempt: %1")
        << Callee << backoffAdvice();
}

void RetryWithoutBackoffCheck::checkModel(const TableModel &Model,
                                          ASTContext &Ctx) {
  // opts.Retry.RetryDelay = 10ms: the delays written into retry options.
  for (const FieldWrite &W : Model.fieldWrites(TypeRole::RetryOptions))
    if (!isa<CXXMemberCallExpr>(W.Site) && (W.is("delay") || W.is("maxDelay")))
      checkRetryOptions(W.Site, Ctx);
  // Retry policies constructed with their settings (not copied).
  for (const RoleCall &C : Model.calls(ApiRole::RetryPolicy))
    if (const CXXConstructExpr *E = C.construction())
      if (!E->getConstructor()->isCopyOrMoveConstructor())
        checkPolicy(E, Ctx);
  for (const Stmt *Loop : Model.retryLoopCandidates())
    checkLoop(Loop, Ctx);
}

} // namespace tablelint::code
