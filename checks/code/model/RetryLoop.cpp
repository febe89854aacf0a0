// Recognising hand-written retry loops around table calls.
#include "checks/code/model/RetryLoop.h"
#include "checks/code/model/AstWalk.h"

#include "checks/code/model/RetriedWrappers.h"

#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace tablelint::code {

using namespace clang;

namespace {


// "result().http_status_code()" -> "http_status_code".
std::string lastMember(std::string Path) {
  while (Path.size() >= 2 && Path.compare(Path.size() - 2, 2, "()") == 0)
    Path.resize(Path.size() - 2);
  const std::size_t Dot = Path.find_last_of(".>");
  return Dot == std::string::npos ? Path : Path.substr(Dot + 1);
}

// What the jumps in S do to the loop S sits in directly.
struct Jumps {
  bool Break = false;    // a break out of the loop
  bool Continue = false; // a continue of the loop
  bool Return = false;
};

void collectJumps(const Stmt *S, Jumps &J, bool InLoop, bool InSwitch) {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return;
  if (isa<BreakStmt>(S)) {
    J.Break |= !InLoop && !InSwitch;
    return;
  }
  if (isa<ContinueStmt>(S)) {
    J.Continue |= !InLoop;
    return;
  }
  J.Return |= isa<ReturnStmt>(S);
  const bool Loop = InLoop || isLoop(S);
  const bool Switch = InSwitch || isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    collectJumps(C, J, Loop, Switch);
}

Jumps jumpsIn(const Stmt *S) {
  Jumps J;
  collectJumps(S, J, false, false);
  return J;
}

// The try statements and if statements of one iteration of the loop: not
// those of nested loops (theirs) or lambdas.
void collectOwn(const Stmt *S, std::vector<const CXXTryStmt *> &Tries) {
  if (!S || isa<LambdaExpr, BlockExpr>(S) || isLoop(S))
    return;
  if (const auto *T = dyn_cast<CXXTryStmt>(S))
    Tries.push_back(T);
  for (const Stmt *C : S->children())
    collectOwn(C, Tries);
}

const CallExpr *firstRetriedCall(const Stmt *S, const ApiRoles &Roles,
                                 ASTContext &Ctx, RetryLoop &R) {
  const CallExpr *Found = nullptr;
  forEachRunStmt(S, [&](const Stmt *C) {
    if (Found)
      return;
    const auto *Call = dyn_cast<CallExpr>(C);
    if (!Call)
      return;
    if (const ApiFunction *F = retriedCall(Call, Roles)) {
      Found = Call;
      R.Function = F;
    } else if (const FunctionSummary *W = retriedWrapper(Call, Ctx, Roles)) {
      Found = Call;
      R.Wrapper = W;
    }
  });
  return Found;
}

void collectVariables(const Stmt *S, std::vector<const VarDecl *> &Vars) {
  forEachRunStmt(S, [&](const Stmt *C) {
    if (const auto *R = dyn_cast<DeclRefExpr>(C))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        Vars.push_back(V);
  });
}

// True when S assigns one of Vars (a success flag: `done = true`).
bool assignsOneOf(const Stmt *S, const std::vector<const VarDecl *> &Vars) {
  bool Found = false;
  forEachRunStmt(S, [&](const Stmt *C) {
    const Expr *LHS = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(C);
        BO && BO->isAssignmentOp())
      LHS = BO->getLHS();
    else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C);
             OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      LHS = OC->getArg(0);
    if (!LHS)
      return;
    if (const auto *R = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts()))
      Found |= std::find(Vars.begin(), Vars.end(), R->getDecl()) != Vars.end();
  });
  return Found;
}

// The statement of Body's top level that holds S, as an index, or -1.
int topLevelIndex(const CompoundStmt *Body, const Stmt *S) {
  int I = 0;
  for (const Stmt *C : Body->body()) {
    if (C == S)
      return I;
    ++I;
  }
  return -1;
}

bool laterStatementLeaves(const CompoundStmt *Body, int Index) {
  int I = 0;
  for (const Stmt *C : Body->body())
    if (I++ > Index && alwaysLeaves(C))
      return true;
  return false;
}

// After the try statement at Index: `if (flag) break;` with the flag set
// in the try block.
bool laterFlagCheckLeaves(const CompoundStmt *Body, int Index,
                          const Stmt *TryBlock) {
  int I = 0;
  for (const Stmt *C : Body->body()) {
    if (I++ <= Index)
      continue;
    const auto *If = dyn_cast<IfStmt>(C);
    if (!If || !alwaysLeaves(If->getThen()))
      continue;
    std::vector<const VarDecl *> Vars;
    collectVariables(If->getCond(), Vars);
    if (assignsOneOf(TryBlock, Vars))
      return true;
  }
  return false;
}

// The variable a statement changes: `++i`, `it++`, `i += 2`, `key = next`.
const VarDecl *changedVariable(const Stmt *S) {
  const Expr *Target = nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp())
    Target = U->getSubExpr();
  else if (const auto *B = dyn_cast<BinaryOperator>(S);
           B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto *O = dyn_cast<CXXOperatorCallExpr>(S);
           O && O->getNumArgs() >= 1 &&
           (O->getOperator() == OO_PlusPlus ||
            O->getOperator() == OO_MinusMinus || O->isAssignmentOp()))
    Target = O->getArg(0);
  const auto *R =
      Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
  return R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
}

bool contains(const Stmt *Outer, const Decl *D, const SourceManager &SM) {
  const SourceRange R = Outer->getSourceRange();
  return !SM.isBeforeInTranslationUnit(D->getLocation(), R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), D->getLocation());
}

// True when the call works on something the loop steps through: an index,
// an iterator or a key that changes between iterations (`keys[i]`), directly
// or through a variable of the body initialised from it. Such a loop visits
// items; a retry sends the same request again.
bool callFollowsTheLoop(const CallExpr *Call, const Stmt *Loop,
                        const Stmt *Body, const SourceManager &SM) {
  std::vector<const VarDecl *> Stepped;
  forEachRunStmt(Loop, [&](const Stmt *S) {
    if (const VarDecl *V = changedVariable(S); V && !contains(Body, V, SM))
      Stepped.push_back(V);
  });
  const auto UsesStepped = [&](const Stmt *S, unsigned Depth,
                               auto &Self) -> bool {
    bool Found = false;
    forEachRunStmt(S, [&](const Stmt *C) {
      const auto *R = dyn_cast<DeclRefExpr>(C);
      const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
      if (!V || Found)
        return;
      if (std::find(Stepped.begin(), Stepped.end(), V) != Stepped.end())
        Found = true;
      else if (Depth < 2 && V->getInit() && contains(Body, V, SM))
        Found = Self(V->getInit(), Depth + 1, Self);
    });
    return Found;
  };
  for (const Expr *A : Call->arguments())
    if (UsesStepped(A, 0, UsesStepped))
      return true;
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call))
    return UsesStepped(M->getImplicitObjectArgument(), 0, UsesStepped);
  return false;
}

std::optional<RetryLoop> exceptionStyle(const Stmt *Loop, const Stmt *Body,
                                        const Expr *Cond,
                                        const ApiRoles &Roles,
                                        ASTContext &Ctx) {
  std::vector<const CXXTryStmt *> Tries;
  collectOwn(Body, Tries);
  const auto *Block = dyn_cast<CompoundStmt>(Body);
  std::vector<const VarDecl *> CondVars;
  collectVariables(Cond, CondVars);
  for (const CXXTryStmt *T : Tries) {
    RetryLoop R;
    R.Loop = Loop;
    R.Try = T;
    R.TableCall = firstRetriedCall(T->getTryBlock(), Roles, Ctx, R);
    if (!R.TableCall)
      continue;
    const Jumps InTry = jumpsIn(T->getTryBlock());
    const int Index = Block ? topLevelIndex(Block, T) : -1;
    const bool LeavesOnSuccess =
        InTry.Break || InTry.Return ||
        assignsOneOf(T->getTryBlock(), CondVars) ||
        (Index >= 0 && laterFlagCheckLeaves(Block, Index, T->getTryBlock()));
    // `try { call(); } catch (...) { continue; } break;`
    const bool LeavesAfter = Index >= 0 && laterStatementLeaves(Block, Index);
    if (!LeavesOnSuccess && !LeavesAfter)
      continue;
    for (unsigned I = 0; I < T->getNumHandlers(); ++I) {
      const CXXCatchStmt *H = T->getHandler(I);
      if (alwaysLeaves(H->getHandlerBlock()))
        continue;
      if (!LeavesOnSuccess && !jumpsIn(H->getHandlerBlock()).Continue)
        continue; // falls through to the exit after the try
      R.RetryingHandlers.push_back(H);
    }
    if (!R.RetryingHandlers.empty())
      return R;
  }
  return std::nullopt;
}

// `auto r = table.execute(op); if (r.http_status_code() == 204) break;`
// (the fall-through retries), or `if (status == 503) continue;` before an
// exit.
std::optional<RetryLoop> statusStyle(const Stmt *Loop, const Stmt *Body,
                                     const ApiRoles &Roles, ASTContext &Ctx) {
  const auto *Block = dyn_cast<CompoundStmt>(Body);
  if (!Block)
    return std::nullopt;
  const StatusReaders Status(Roles);
  RetryLoop R;
  R.Loop = Loop;
  int Index = 0;
  for (const Stmt *C : Block->body()) {
    const int I = Index++;
    if (!R.TableCall)
      R.TableCall = firstRetriedCall(C, Roles, Ctx, R);
    const auto *If = dyn_cast<IfStmt>(C);
    if (!R.TableCall || !If || !Status.readIn(If->getCond()))
      continue;
    const bool ElseLeaves = If->getElse() && alwaysLeaves(If->getElse());
    const bool LaterLeaves = laterStatementLeaves(Block, I);
    if (alwaysLeaves(If->getThen()) && !ElseLeaves && !LaterLeaves) {
      R.StatusCheck = If;
      return R;
    }
    if (jumpsIn(If->getThen()).Continue && !alwaysLeaves(If->getThen()) &&
        LaterLeaves) {
      R.StatusCheck = If;
      return R;
    }
  }
  return std::nullopt;
}

// The standard exception classes a table call's status error derives from
// (RequestFailedException and storage_exception are std::runtime_errors).
// Library names, not SDK knowledge, so they are named here.
constexpr const char *StandardExceptionBases[] = {"std::exception",
                                                  "std::runtime_error"};

bool catchesStatusErrors(const CXXCatchStmt *H, const ApiRoles &Roles) {
  const QualType T = H->getCaughtType();
  if (T.isNull())
    return true; // catch (...)
  const CXXRecordDecl *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record)
    return false;
  const std::string Name = Record->getQualifiedNameAsString();
  for (const char *Base : StandardExceptionBases)
    if (Name == Base)
      return true;
  return derivesFromAny(Record, Roles.typeNames(TypeRole::RequestFailed));
}

} // namespace

bool derivesFromAny(const CXXRecordDecl *Record,
                    const std::vector<std::string> &Names) {
  if (!Record)
    return false;
  const std::string Name = Record->getQualifiedNameAsString();
  for (const std::string &N : Names)
    if (llvm::StringRef(N).ltrim(':') == Name)
      return true;
  const CXXRecordDecl *Def = Record->getDefinition();
  if (!Def)
    return false;
  for (const CXXBaseSpecifier &B : Def->bases())
    if (derivesFromAny(B.getType()->getAsCXXRecordDecl(), Names))
      return true;
  return false;
}

bool handlerSeesStatusErrors(const CXXTryStmt *Try, unsigned I,
                             const ApiRoles &Roles) {
  for (unsigned J = 0; J < I; ++J)
    if (catchesStatusErrors(Try->getHandler(J), Roles))
      return false;
  return catchesStatusErrors(Try->getHandler(I), Roles);
}

StatusReaders::StatusReaders(const ApiRoles &Roles) {
  for (TypeRole T : {TypeRole::RequestFailed, TypeRole::RetryPolicyBase})
    for (const ApiType *Type : Roles.types(T))
      for (const char *Field : {"status", "retryable", "errorCode"})
        if (std::string Path = Type->field(Field); !Path.empty())
          Names.push_back(lastMember(Path));
}

bool StatusReaders::isReader(llvm::StringRef MemberName) const {
  return std::find(Names.begin(), Names.end(), MemberName) != Names.end();
}

bool StatusReaders::readIn(const Stmt *S) const {
  bool Found = false;
  forEachRunStmt(S, [&](const Stmt *C) {
    if (const auto *M = dyn_cast<MemberExpr>(C))
      Found |= isReader(M->getMemberDecl()->getName());
  });
  return Found;
}

const ApiFunction *retriedCall(const CallExpr *Call, const ApiRoles &Roles) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return nullptr;
  const std::string Name = FD->getQualifiedNameAsString();
  for (ApiRole R : RetriedRoles)
    if (const ApiFunction *F = Roles.find(Name, R))
      return F;
  return nullptr;
}

std::optional<RetryLoop> findRetryLoop(const Stmt *Loop, const ApiRoles &Roles,
                                       ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = nullptr;
  const Expr *Cond = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(Loop)) {
    Body = F->getBody();
    Cond = F->getCond();
  } else if (const auto *W = dyn_cast<WhileStmt>(Loop)) {
    Body = W->getBody();
    Cond = W->getCond();
  } else if (const auto *D = dyn_cast<DoStmt>(Loop)) {
    Body = D->getBody();
    Cond = D->getCond();
  }
  if (!Body)
    return std::nullopt;
  std::optional<RetryLoop> R = exceptionStyle(Loop, Body, Cond, Roles, Ctx);
  if (!R)
    R = statusStyle(Loop, Body, Roles, Ctx);
  if (R && callFollowsTheLoop(R->TableCall, Loop, Body, SM))
    return std::nullopt;
  return R;
}

void forEachRunStmt(const Stmt *S, llvm::function_ref<void(const Stmt *)> F) {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return;
  F(S);
  for (const Stmt *C : S->children())
    forEachRunStmt(C, F);
}

bool alwaysLeaves(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    S = E->IgnoreImplicit()->IgnoreParens();
  if (isa<BreakStmt, ReturnStmt, GotoStmt, CXXThrowExpr>(S))
    return true;
  // A block leaves when one of its statements does, unless an earlier one
  // may go round first (`if (busy) { wait(); continue; } throw;`).
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *X : C->body()) {
      if (alwaysLeaves(X))
        return true;
      if (jumpsIn(X).Continue)
        return false;
    }
    return false;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() && alwaysLeaves(If->getThen()) &&
           alwaysLeaves(If->getElse());
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = Call->getDirectCallee())
      return FD->isNoReturn();
  return false;
}

std::string shortName(const FunctionDecl *FD) {
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
    return (M->getParent()->getName() + "::" + M->getName()).str();
  return FD->getNameAsString();
}

std::string listStatusCodes(llvm::ArrayRef<int> Codes) {
  std::string Out;
  for (std::size_t I = 0; I < Codes.size(); ++I) {
    if (I)
      Out += I + 1 == Codes.size() ? " and " : ", ";
    Out += std::to_string(Codes[I]);
  }
  return Out;
}

} // namespace tablelint::code
