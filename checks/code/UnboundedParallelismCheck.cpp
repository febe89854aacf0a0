// Decides whether work started in a loop runs unbounded (see the header).
#include "checks/code/UnboundedParallelismCheck.h"
#include "checks/code/model/AstWalk.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/StringRecovery.h"
#include "checks/code/model/TableModel.h"
#include "core/ServiceLimits.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/Lex/Lexer.h>

#include <functional>
#include <optional>
#include <set>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// How deep helpers called by the started work (or by the loop, for waits)
// are followed.
constexpr unsigned MaxHelperDepth = 2;

// The table roles whose calls make started work "table work", most telling
// first (a cloud_table::execute of an insert_entity is a write).
constexpr std::pair<ApiRole, const char *> TableWork[] = {
    {ApiRole::Write, "table writes"},
    {ApiRole::BatchSubmit, "batch submits"},
    {ApiRole::Query, "table queries"},
    {ApiRole::PointRead, "point reads"},
    {ApiRole::Execute, "table operations"},
    {ApiRole::AsyncOperation, "asynchronous table operations"},
};

std::string sourceText(ASTContext &Ctx, SourceRange R) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

StringRef recordName(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  if (const auto *R = T->getAsCXXRecordDecl())
    return R->getName();
  return "";
}

bool isStdThreadType(QualType T) {
  const auto *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  return R && R->isInStdNamespace() &&
         (R->getName() == "thread" || R->getName() == "jthread");
}

bool isStdDecl(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "std" &&
          NS->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
  return false;
}

// The variable or member an lvalue is rooted in (futures, futures[i],
// this->pending_, batch.tasks).
const ValueDecl *rootDecl(const Expr *E) {
  while (E) {
    E = stripTemporaries(E);
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return D->getDecl();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
        return M->getMemberDecl();
      E = M->getBase();
      continue;
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (Op->getOperator() == OO_Subscript || Op->getOperator() == OO_Arrow ||
          Op->getOperator() == OO_Star) {
        E = Op->getArg(0);
        continue;
      }
      return nullptr;
    }
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      E = A->getBase();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

// The function body a callable runs: a lambda, a function or member
// function named directly or through &, std::bind, or a local variable
// holding a lambda.
const Stmt *bodyOfCallable(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return nullptr;
  E = stripTemporaries(E);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    if (C->getNumArgs() == 1) // a copy or move of the callable
      return bodyOfCallable(C->getArg(0), Depth + 1);
  if (const auto *L = dyn_cast<LambdaExpr>(E))
    return L->getBody();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      return bodyOfCallable(U->getSubExpr(), Depth + 1);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      return F->hasBody() ? F->getBody() : nullptr;
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return V->getInit() ? bodyOfCallable(V->getInit(), Depth + 1) : nullptr;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = Call->getDirectCallee())
      if (isStdDecl(FD) &&
          (FD->getName() == "bind" || FD->getName() == "bind_front") &&
          Call->getNumArgs() >= 1)
        return bodyOfCallable(Call->getArg(0), Depth + 1);
  return nullptr;
}

// The function body of a call to a function of this TU (not the standard
// library's), including a lambda's call operator.
const Stmt *helperBody(const CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD || !FD->hasBody() || isStdDecl(FD))
    return nullptr;
  return FD->getBody();
}

// The table roles called in a body, following helpers of this TU.
class TableWorkFinder : public RecursiveASTVisitor<TableWorkFinder> {
public:
  explicit TableWorkFinder(const ApiRoles &Roles) : Roles(Roles) {}

  void scan(const Stmt *Body, unsigned Depth) {
    if (!Body || Depth > MaxHelperDepth || !Visited.insert(Body).second)
      return;
    const unsigned Saved = CurrentDepth;
    CurrentDepth = Depth;
    TraverseStmt(const_cast<Stmt *>(Body));
    CurrentDepth = Saved;
  }

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD)
      return true;
    const std::string Name = FD->getQualifiedNameAsString();
    bool Mapped = false;
    for (const auto &[Role, Phrase] : TableWork)
      if (Roles.find(Name, Role)) {
        Found.insert(Role);
        Mapped = true;
      }
    // A hand-written REST client (cpprestsdk): table traffic when the
    // work also writes Table text (a $batch path, PartitionKey, an
    // endpoint).
    if (!Mapped && FD->getName() == "request" &&
        FD->getQualifiedNameAsString() == "web::http::client::http_client::request")
      RestRequest = true;
    if (!Mapped)
      scan(helperBody(C), CurrentDepth + 1);
    return true;
  }

  bool VisitStringLiteral(StringLiteral *L) {
    if (!L->isOrdinary() && !L->isUTF8())
      return true;
    const StringRef S = L->getString();
    RestBatch |= S.contains("$batch");
    RestTable |= RestBatch || mentionsTableStorage(S);
    return true;
  }

  std::optional<const char *> phrase() const {
    for (const auto &[Role, Phrase] : TableWork)
      if (Found.count(Role))
        return Phrase;
    if (RestRequest && RestTable)
      return RestBatch ? "REST batch requests" : "REST table requests";
    return std::nullopt;
  }

private:
  bool RestRequest = false, RestTable = false, RestBatch = false;
  const ApiRoles &Roles;
  std::set<ApiRole> Found;
  std::set<const Stmt *> Visited;
  unsigned CurrentDepth = 0;
};

// Something in the loop body that limits how much runs at once: a
// semaphore acquire, a wait on futures, tasks or threads (in the same
// iteration or every N), directly or in a helper called there. The started
// expression itself is skipped: waits inside the work bound nothing.
class BoundFinder : public RecursiveASTVisitor<BoundFinder> {
public:
  explicit BoundFinder(const Stmt *Skip) : Skip(Skip) {}

  bool TraverseStmt(Stmt *S) {
    if (!S || S == Skip || Found)
      return true;
    // A wait that runs on the last pass only bounds nothing before it.
    if (const auto *If = dyn_cast<IfStmt>(S); If && LastPass &&
                                             LastPass(If->getCond())) {
      TraverseStmt(const_cast<Stmt *>(If->getElse()));
      return true;
    }
    return RecursiveASTVisitor::TraverseStmt(S);
  }

  // A continuation (`task.then([](...) { t.get(); })`) runs after the
  // task, off the loop: a wait inside it holds nothing back.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    for (const DynTypedNode &P : Ctx->getParents(*L)) {
      const Stmt *Up = P.get<Stmt>();
      while (Up && isa<MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                       ImplicitCastExpr, CXXConstructExpr>(Up))
        Up = parentOf(*Ctx, Up);
      if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Up))
        if (const CXXMethodDecl *M = MC->getMethodDecl();
            M && M->getIdentifier() && M->getName() == "then")
          return true;
    }
    return RecursiveASTVisitor::TraverseLambdaExpr(L);
  }

  // Set by the caller: true for an if condition that holds on the last
  // pass only.
  std::function<bool(const Expr *)> LastPass;
  ASTContext *Ctx = nullptr;

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD || !FD->getIdentifier()) {
      // A lambda called in the loop (drain()): look inside.
      followHelper(C);
      return true;
    }
    const StringRef Name = FD->getName();
    if (Name.starts_with("acquire") || Name.starts_with("try_acquire") ||
        Name == "wait" || Name == "wait_for" || Name == "wait_until" ||
        Name == "when_all") {
      Found = true;
      return false;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
      const StringRef Object =
          recordName(MC->getImplicitObjectArgument()->getType());
      if ((Name == "get" && (Object.contains("future") || Object == "task")) ||
          (Name == "join" && (Object == "thread" || Object == "jthread"))) {
        Found = true;
        return false;
      }
    }
    followHelper(C);
    return true;
  }

  bool Found = false;

private:
  void followHelper(const CallExpr *C) {
    if (Depth >= MaxHelperDepth)
      return;
    const Stmt *Body = helperBody(C);
    if (!Body || !Visited.insert(Body).second)
      return;
    ++Depth;
    TraverseStmt(const_cast<Stmt *>(Body));
    --Depth;
  }

  const Stmt *Skip;
  unsigned Depth = 0;
  std::set<const Stmt *> Visited;
};

// Whether E refers to any of the variables.
class UsesAny : public RecursiveASTVisitor<UsesAny> {
public:
  explicit UsesAny(const std::set<const VarDecl *> &Vars) : Vars(Vars) {}
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && Vars.count(V))
      Found = true;
    return !Found;
  }
  const std::set<const VarDecl *> &Vars;
  bool Found = false;
};

// The variables an iteration declares (not those of lambdas it creates:
// they belong to the work).
class VarCollector : public RecursiveASTVisitor<VarCollector> {
public:
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitVarDecl(VarDecl *V) {
    Vars.insert(V);
    return true;
  }
  std::set<const VarDecl *> Vars;
};

bool isCollectingMethod(StringRef Name) {
  return Name == "push_back" || Name == "emplace_back" || Name == "push" ||
         Name == "emplace" || Name == "insert" || Name == "push_front" ||
         Name == "emplace_front" || Name == "try_emplace" ||
         Name == "insert_or_assign";
}

// The loop a start sits in, and what it runs over.
struct LoopInfo {
  const Stmt *Loop = nullptr;
  const Stmt *Body = nullptr;
  std::string Range;                     // "each element of 'rows'"
  std::set<const VarDecl *> ElementVars; // loop variables and body locals
};

class Analysis {
public:
  Analysis(ASTContext &Ctx) : Ctx(Ctx) {}

  // The innermost loop whose body holds S, in the same function (a lambda
  // body is another function). nullopt when it is not runtime-sized.
  std::optional<LoopInfo> loopOf(const Stmt *S);
  // True when the object built by Start (a future, a thread) outlives the
  // iteration: kept in something declared outside the loop, or detached.
  bool outlivesIteration(const Expr *Start, const LoopInfo &L, bool Thread,
                         bool &Detached);

private:
  bool declaredInside(const ValueDecl *D, const LoopInfo &L);
  bool constantBound(const Expr *Cond);
  // The use of a value: climbs through temporaries and moves.
  const Stmt *consumer(const Expr *E, const Expr *&Climbed);
  bool escapesThrough(const Expr *Value, const LoopInfo &L, bool Thread,
                      bool &Detached, unsigned Depth);

  ASTContext &Ctx;
};

bool Analysis::constantBound(const Expr *Cond) {
  if (!Cond)
    return true; // for (;;): not a range
  Cond = Cond->IgnoreParenImpCasts();
  if (!Cond->isValueDependent() && Cond->isEvaluatable(Ctx))
    return true;
  auto Constant = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    return !E->isValueDependent() && E->isEvaluatable(Ctx);
  };
  if (const auto *B = dyn_cast<BinaryOperator>(Cond))
    if (B->isComparisonOp())
      return Constant(B->getLHS()) || Constant(B->getRHS());
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Cond))
    if (Op->isComparisonOp() && Op->getNumArgs() == 2)
      return Constant(Op->getArg(0)) || Constant(Op->getArg(1));
  return false;
}

std::optional<LoopInfo> Analysis::loopOf(const Stmt *S) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  const Stmt *Child = S;
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (P.get<VarDecl>()) { // an initializer: on to its declaration
      Parents = Ctx.getParents(P);
      continue;
    }
    if (P.get<LambdaExpr>() || P.get<Decl>())
      return std::nullopt; // reached the function or lambda boundary
    const Stmt *PS = P.get<Stmt>();
    if (!PS)
      return std::nullopt;
    LoopInfo L;
    L.Loop = PS;
    if (const auto *R = dyn_cast<CXXForRangeStmt>(PS);
        R && R->getBody() == Child) {
      const QualType T = R->getRangeInit()->getType().getNonReferenceType();
      const StringRef Name = recordName(T);
      if (T->isConstantArrayType() || Name == "array" ||
          Name == "initializer_list" ||
          isa<InitListExpr>(R->getRangeInit()->IgnoreParenImpCasts()))
        return std::nullopt; // a compile-time number of elements
      L.Body = R->getBody();
      L.Range = "each element of '" +
                sourceText(Ctx, R->getRangeInit()->getSourceRange()) + "'";
      L.ElementVars.insert(R->getLoopVariable());
    } else if (const auto *F = dyn_cast<ForStmt>(PS);
               F && F->getBody() == Child) {
      if (constantBound(F->getCond()))
        return std::nullopt;
      L.Body = F->getBody();
      L.Range = "each iteration of the loop on '" +
                sourceText(Ctx, F->getCond()->getSourceRange()) + "'";
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            L.ElementVars.insert(V);
    } else if (const auto *W = dyn_cast<WhileStmt>(PS);
               W && W->getBody() == Child) {
      if (constantBound(W->getCond()))
        return std::nullopt;
      L.Body = W->getBody();
      L.Range = "each iteration of the loop while '" +
                sourceText(Ctx, W->getCond()->getSourceRange()) + "'";
      if (const VarDecl *V = W->getConditionVariable())
        L.ElementVars.insert(V);
    } else if (const auto *D = dyn_cast<DoStmt>(PS);
               D && D->getBody() == Child) {
      if (constantBound(D->getCond()))
        return std::nullopt;
      L.Body = D->getBody();
      L.Range = "each iteration of the loop while '" +
                sourceText(Ctx, D->getCond()->getSourceRange()) + "'";
    } else if (isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(PS)) {
      return std::nullopt; // in a loop's condition or header, not its body
    } else {
      Child = PS;
      Parents = Ctx.getParents(P);
      continue;
    }
    // Variables declared in the body are per iteration too.
    VarCollector Locals;
    Locals.TraverseStmt(const_cast<Stmt *>(L.Body));
    L.ElementVars.insert(Locals.Vars.begin(), Locals.Vars.end());
    return L;
  }
  return std::nullopt;
}

bool Analysis::declaredInside(const ValueDecl *D, const LoopInfo &L) {
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  return V && L.ElementVars.count(V);
}

const Stmt *Analysis::consumer(const Expr *E, const Expr *&Climbed) {
  Climbed = E;
  const Stmt *P = parentOf(Ctx, E);
  while (P &&
         isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
             ParenExpr, ExprWithCleanups, CXXFunctionalCastExpr>(P)) {
    Climbed = cast<Expr>(P);
    P = parentOf(Ctx, P);
  }
  // A move construction of the result (into a parameter or a variable).
  if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(P))
    if (C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
      return consumer(C, Climbed);
  return P;
}

bool Analysis::escapesThrough(const Expr *Value, const LoopInfo &L, bool Thread,
                              bool &Detached, unsigned Depth) {
  if (Depth > 3)
    return false;
  const Expr *Climbed = nullptr;
  const Stmt *P = consumer(Value, Climbed);
  // std::move(x): the moved value's consumer.
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P))
    if (const FunctionDecl *FD = Call->getDirectCallee())
      if (isStdDecl(FD) && FD->getName() == "move" && Call->getNumArgs() == 1)
        return escapesThrough(Call, L, Thread, Detached, Depth + 1);
  // A method called on it: t.detach() lets the thread run on; get(),
  // wait() and join() finish the work in this iteration.
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    if (Thread && ME->getMemberDecl()->getName() == "detach") {
      Detached = true;
      return true;
    }
    return false;
  }
  // Collected into a container that lives outside the loop.
  if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(P)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    const ValueDecl *Root = rootDecl(MC->getImplicitObjectArgument());
    return M && isCollectingMethod(M->getName()) && Root &&
           !declaredInside(Root, L);
  }
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P)) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(1) == Climbed) {
      const ValueDecl *Root = rootDecl(Op->getArg(0));
      return Root && !declaredInside(Root, L);
    }
    return false;
  }
  // A variable of the iteration: follow its uses in the body.
  const VarDecl *V = nullptr;
  for (const DynTypedNode &N : Ctx.getParents(*Climbed))
    if (const auto *D = N.get<VarDecl>(); D && D->getInit() == Climbed)
      V = D;
  if (!V || !declaredInside(V, L))
    return false;
  const std::vector<const DeclRefExpr *> Refs = referencesTo(V, L.Body);
  for (const DeclRefExpr *R : Refs)
    if (escapesThrough(R, L, Thread, Detached, Depth + 1))
      return true;
  return false;
}

bool Analysis::outlivesIteration(const Expr *Start, const LoopInfo &L,
                                 bool Thread, bool &Detached) {
  return escapesThrough(Start, L, Thread, Detached, 0);
}

// A condition true on the loop's last pass only: the loop's own index or
// element compared for equality with the end of the range (`i + 1 ==
// rows.size()`, `&row == &rows.back()`, `i == n - 1`). A counter reset
// every N (`++inFlight == 64`) is not the loop's index.
bool isLastPassTest(const Expr *Cond, const LoopInfo &L) {
  Cond = Cond->IgnoreParenImpCasts();
  const Expr *A = nullptr, *B = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && BO->getOpcode() == BO_EQ) {
    A = BO->getLHS();
    B = BO->getRHS();
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Cond);
             Op && Op->getOperator() == OO_EqualEqual && Op->getNumArgs() == 2) {
    A = Op->getArg(0);
    B = Op->getArg(1);
  } else {
    return false;
  }
  // The variables of the loop header (the index, the range-for element).
  std::set<const VarDecl *> Header;
  if (const auto *F = dyn_cast<ForStmt>(L.Loop)) {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Header.insert(V);
  } else if (const auto *R = dyn_cast<CXXForRangeStmt>(L.Loop)) {
    Header.insert(R->getLoopVariable());
  }
  if (Header.empty())
    return false;
  auto Mentions = [&](const Expr *E) {
    UsesAny U(Header);
    U.TraverseStmt(const_cast<Expr *>(E));
    return U.Found;
  };
  // The end of the range: a size()/back()/end() call, or `n - 1`.
  class EndOfRange : public RecursiveASTVisitor<EndOfRange> {
  public:
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      if (const CXXMethodDecl *M = C->getMethodDecl(); M && M->getIdentifier())
        Found |= M->getName() == "size" || M->getName() == "back" ||
                 M->getName() == "end" || M->getName() == "length";
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *O) {
      Found |= O->getOpcode() == BO_Sub || O->getOpcode() == BO_Add;
      Modulo |= O->getOpcode() == BO_Rem || O->getOpcode() == BO_And;
      return true;
    }
    bool Found = false, Modulo = false;
  };
  const bool AIndex = Mentions(A), BIndex = Mentions(B);
  if (AIndex == BIndex)
    return false;
  EndOfRange End;
  End.TraverseStmt(const_cast<Expr *>(AIndex ? B : A));
  End.TraverseStmt(const_cast<Expr *>(AIndex ? A : B));
  return End.Found && !End.Modulo;
}

bool isLaunchAsync(const Expr *Policy) {
  const auto *D = dyn_cast<DeclRefExpr>(Policy->IgnoreParenImpCasts());
  const auto *E = D ? dyn_cast<EnumConstantDecl>(D->getDecl()) : nullptr;
  if (!E || E->getName() != "async")
    return false;
  const auto *Enum = dyn_cast<EnumDecl>(E->getDeclContext());
  return Enum && Enum->getName() == "launch";
}

// What a project function returns when it starts work and hands back its
// future or task: `return std::async(std::launch::async, [..] { ... });` or
// `return table.execute_async(op);`. The call that starts it, or null.
class ReturnedStart : public RecursiveASTVisitor<ReturnedStart> {
public:
  explicit ReturnedStart(const ApiRoles &Roles) : Roles(Roles) {}
  bool VisitReturnStmt(ReturnStmt *R) {
    const auto *C = R->getRetValue()
                        ? dyn_cast<CallExpr>(stripCopies(R->getRetValue()))
                        : nullptr;
    const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
    if (!FD)
      return true;
    if (FD->isInStdNamespace() && FD->getIdentifier() &&
        FD->getName() == "async") {
      if (C->getNumArgs() >= 2 && isLaunchAsync(C->getArg(0)))
        Found = C;
    } else if (Roles.find(FD->getQualifiedNameAsString(),
                          ApiRole::AsyncOperation)) {
      Found = C;
      Sdk = true;
    }
    return !Found;
  }
  // Lambdas in the body return from themselves, not from the function.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  const ApiRoles &Roles;
  const CallExpr *Found = nullptr;
  bool Sdk = false;
};

} // namespace

void UnboundedParallelismCheck::checkModel(const TableModel &Model,
                                           ASTContext &Ctx) {
  // The project's own asynchronous wrappers, called in a loop: judged by
  // the work they start and return.
  for (const ProjectCall &C : Model.projectCalls()) {
    const FunctionDecl *Def = C.Callee->getDefinition();
    if (!Def || !Def->getBody() || !isSummarisable(Def, Ctx) ||
        !innermostLoop(Ctx, C.Call))
      continue;
    // An SDK function defined inline in a header included with -I (the
    // SDK's one-argument execute_async returns its full overload's task)
    // is the SDK call the matchers judge, not a helper of the project: one
    // finding per call.
    if (roles().find(Def->getQualifiedNameAsString()))
      continue;
    ReturnedStart Returned(roles());
    Returned.TraverseStmt(Def->getBody());
    if (!Returned.Found)
      continue;
    const std::string Name = Def->getNameAsString() + "()";
    if (Returned.Sdk)
      judge(C.Call, nullptr, Name + ", which returns its " +
                                 Returned.Found->getDirectCallee()
                                     ->getNameAsString() + " task,",
            false, true, Ctx);
    else
      judge(C.Call, Returned.Found->getArg(1),
            Name + ", which returns a std::async future,", false, false, Ctx);
  }
}

void UnboundedParallelismCheck::registerCheckMatchers(MatchFinder *Finder) {
  const auto InLoop = hasAncestor(
      stmt(anyOf(forStmt(), cxxForRangeStmt(), whileStmt(), doStmt())));
  Finder->addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                              callee(functionDecl(hasName("::std::async"))),
                              InLoop)
                         .bind("async"),
                     this);
  Finder->addMatcher(
      cxxConstructExpr(unless(isExpansionInSystemHeader()),
                       hasDeclaration(cxxConstructorDecl(ofClass(
                           hasAnyName("::std::thread", "::std::jthread")))),
                       InLoop)
          .bind("thread"),
      this);
  Finder->addMatcher(
      cxxMemberCallExpr(
          unless(isExpansionInSystemHeader()),
          callee(cxxMethodDecl(hasAnyName("emplace_back", "emplace"))), InLoop)
          .bind("emplace"),
      this);
  const std::vector<std::string> Async =
      roles().functionNames(ApiRole::AsyncOperation);
  if (!Async.empty()) {
    const std::vector<StringRef> Refs(Async.begin(), Async.end());
    Finder->addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                                callee(functionDecl(hasAnyName(Refs))), InLoop)
                           .bind("sdk"),
                       this);
  }
}

void UnboundedParallelismCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const Expr *Start = nullptr;
  const Expr *Callable = nullptr;
  std::string What;
  bool Thread = false, Sdk = false;
  if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("async")) {
    if (C->getNumArgs() < 2 || !isLaunchAsync(C->getArg(0)))
      return; // deferred, or the implementation's choice
    Start = C;
    Callable = C->getArg(1);
    What = "std::async";
  } else if (const auto *C =
                 Result.Nodes.getNodeAs<CXXConstructExpr>("thread")) {
    if (C->getNumArgs() == 0 || C->getConstructor()->isCopyOrMoveConstructor())
      return;
    Start = C;
    Callable = C->getArg(0);
    What = "std::thread";
    Thread = true;
  } else if (const auto *C =
                 Result.Nodes.getNodeAs<CXXMemberCallExpr>("emplace")) {
    // threads.emplace_back(work, row): a std::thread built in place.
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        C->getImplicitObjectArgument()
            ->getType()
            .getNonReferenceType()
            ->getAsCXXRecordDecl());
    if (!Spec || Spec->getTemplateArgs().size() == 0 ||
        Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
        !isStdThreadType(Spec->getTemplateArgs()[0].getAsType()) ||
        C->getNumArgs() == 0)
      return;
    Start = C;
    Callable = C->getArg(0);
    What = "std::thread";
    Thread = true;
  } else if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("sdk")) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD)
      return;
    Start = C;
    What = FD->getQualifiedNameAsString();
    // "cloud_table::execute_async", as a reader knows it.
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
      What = M->getParent()->getNameAsString() + "::" + M->getNameAsString();
    Sdk = true;
  }
  if (Start)
    judge(Start, Callable, What, Thread, Sdk, Ctx);
}

void UnboundedParallelismCheck::judge(const Expr *Start, const Expr *Callable,
                                      const std::string &What, bool Thread,
                                      bool Sdk, ASTContext &Ctx) {
  Analysis A(Ctx);
  const std::optional<LoopInfo> Loop = A.loopOf(Start);
  if (!Loop)
    return;
  // The work must be per element: it uses the loop variable or something
  // made in the iteration (a pool of N workers does not).
  UsesAny Uses(Loop->ElementVars);
  Uses.TraverseStmt(const_cast<Expr *>(Start));
  if (!Uses.Found)
    return;

  bool Detached = false;
  if (const auto *Emplace = dyn_cast<CXXMemberCallExpr>(Start)) {
    // The container the threads are built in must outlive the iteration.
    const ValueDecl *Root = rootDecl(Emplace->getImplicitObjectArgument());
    const auto *V = dyn_cast_or_null<VarDecl>(Root);
    if (!Root || (V && Loop->ElementVars.count(V)))
      return;
  } else if (!Sdk && !A.outlivesIteration(Start, *Loop, Thread, Detached)) {
    return;
  }

  const char *Work = "asynchronous table operations";
  if (!Sdk) {
    TableWorkFinder Finder(roles());
    Finder.scan(bodyOfCallable(Callable), 0);
    // Arguments evaluated for the work (std::thread(f, table.execute(...)))
    // run in the loop, not in the work: only the callable counts.
    auto Phrase = Finder.phrase();
    if (!Phrase)
      return;
    Work = *Phrase;
  }

  BoundFinder Bound(Sdk ? nullptr : Start);
  Bound.Ctx = &Ctx;
  Bound.LastPass = [&](const Expr *Cond) {
    return isLastPassTest(Cond, *Loop);
  };
  Bound.TraverseStmt(const_cast<Stmt *>(Loop->Body));
  if (Bound.Found)
    return;

  const unsigned Target =
      static_cast<unsigned>(limits::PartitionEntitiesPerSecond);
  if (Sdk)
    diag(Start->getExprLoc(),
         "%0 started for %1 with no bound: as many table requests in flight "
         "as elements, beyond what a partition (about %2 entities/s) or the "
         "account serves, so the service answers 503 ServerBusy; keep a fixed "
         "number in flight (wait every N, or a semaphore)")
        << What << Loop->Range << Target;
  else
    diag(Start->getExprLoc(),
         "%0 started for %1 with %2 inside and no bound%3: as many threads and "
         "concurrent requests as elements, beyond what a partition (about %4 "
         "entities/s) or the account serves, so the service answers 503 "
         "ServerBusy; run them on a fixed number of workers or behind a "
         "semaphore")
        << What << Loop->Range << Work << (Detached ? " (detached)" : "")
        << Target;
}

} // namespace tablelint::code
