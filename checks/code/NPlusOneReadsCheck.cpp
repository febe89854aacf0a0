// Reports point reads made once per result of a query (N+1 round trips).
#include "checks/code/NPlusOneReadsCheck.h"

#include "checks/code/ReadBeforeWriteCheck.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/QueryResults.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Basic/SourceManager.h>

namespace tablelint::code {

using namespace clang;

namespace {

void callsWithRole(const Stmt *S, ApiRole Role, const ApiRoles &Roles,
                   std::vector<const CallExpr *> &Out) {
  if (!S)
    return;
  if (const auto *C = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = C->getDirectCallee();
        FD && Roles.find(FD->getQualifiedNameAsString(), Role))
      Out.push_back(C);
  for (const Stmt *Child : S->children())
    callsWithRole(Child, Role, Roles, Out);
}

// Local containers that a loop over the results fills with something
// taken from them (`ids.push_back(e.GetRowKey().Value)`).
void filledContainers(const Stmt *S, const QueryResults &R,
                      std::vector<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    const auto *D = dyn_cast<DeclRefExpr>(
        MC->getImplicitObjectArgument()->IgnoreParenImpCasts());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (M && M->getIdentifier() && V && V->hasLocalStorage() &&
        !R.Vars.count(V) &&
        llvm::is_contained({"push_back", "emplace_back", "push_front",
                            "emplace_front", "push", "emplace", "insert"},
                           M->getName()) &&
        std::any_of(MC->arg_begin(), MC->arg_end(),
                    [&](const Expr *A) { return R.mentions(A); }) &&
        !llvm::is_contained(Out, V))
      Out.push_back(V);
  }
  for (const Stmt *Child : S->children())
    filledContainers(Child, R, Out);
}

// Range-for loops over V that start after Pos.
void loopsOver(const Stmt *S, const VarDecl *V, SourceLocation Pos,
               const SourceManager &SM, std::vector<ResultLoop> &Out) {
  if (!S)
    return;
  if (const auto *FR = dyn_cast<CXXForRangeStmt>(S)) {
    const auto *D =
        dyn_cast<DeclRefExpr>(FR->getRangeInit()->IgnoreParenImpCasts());
    if (D && D->getDecl() == V &&
        SM.isBeforeInTranslationUnit(Pos, FR->getBeginLoc()))
      Out.push_back({FR, FR->getBody()});
  }
  for (const Stmt *Child : S->children())
    loopsOver(Child, V, Pos, SM, Out);
}

// `if (!cached) cached = client.GetEntity(...)`: the condition tests a
// variable (or member) from before the loop that the branch sets.
bool memoized(const IfStmt *If, const ResultLoop &L, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const ValueDecl *> Tested;
  std::vector<const Stmt *> Work = {If->getCond()};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
          V &&
          SM.isBeforeInTranslationUnit(V->getLocation(), L.Loop->getBeginLoc()))
        Tested.push_back(V);
    if (const auto *ME = dyn_cast<MemberExpr>(S);
        ME && isa<FieldDecl>(ME->getMemberDecl()) &&
        isa<CXXThisExpr>(ME->getBase()->IgnoreImpCasts()))
      Tested.push_back(ME->getMemberDecl());
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return std::any_of(Tested.begin(), Tested.end(), [&](const ValueDecl *D) {
    return isWrittenIn(If->getThen(), D, Ctx);
  });
}

// True when the read cannot run more than once per run of the loop: a
// break, return or throw follows it unconditionally, it is returned, or it
// fills a cache tested before it.
bool runsAtMostOnce(const CallExpr *Read, const ResultLoop &L,
                    ASTContext &Ctx) {
  bool InnerLoop = false, InLambda = false;
  for (const Stmt *Cur = Read; Cur && Cur != L.Body;) {
    const Stmt *P = parentStmt(Ctx, Cur);
    if (!P)
      return false;
    if (isa<ReturnStmt>(P) && !InLambda)
      return true;
    if (const auto *C = dyn_cast<CompoundStmt>(P)) {
      bool After = false;
      for (const Stmt *S : C->body()) {
        if (S == Cur) {
          After = true;
          continue;
        }
        if (!After)
          continue;
        if (((isa<ReturnStmt>(S) || isa<GotoStmt>(S)) && !InLambda) ||
            (isa<BreakStmt>(S) && !InnerLoop))
          return true;
        if (const auto *E = dyn_cast<Expr>(S);
            E && isa<CXXThrowExpr>(E->IgnoreImplicit()) && !InLambda)
          return true;
      }
    }
    if (const auto *If = dyn_cast<IfStmt>(P);
        If && Cur == If->getThen() && memoized(If, L, Ctx))
      return true;
    if (isLoop(P) || isa<SwitchStmt>(P))
      InnerLoop = true;
    if (isa<LambdaExpr>(P))
      InLambda = true;
    Cur = P;
  }
  return false;
}

bool isInside(ASTContext &Ctx, const Stmt *S, const Stmt *Outer,
              const Stmt *Stop) {
  for (const Stmt *Cur = S; Cur && Cur != Stop; Cur = parentStmt(Ctx, Cur))
    if (Cur == Outer)
      return true;
  return false;
}

} // namespace

void NPlusOneReadsCheck::onStartOfTranslationUnit() {
  TablelintCheck::onStartOfTranslationUnit();
  Reported.clear();
}

void NPlusOneReadsCheck::checkQuery(const AnalyzedQuery &Q, ASTContext &Ctx) {
  const QueryModel &M = Q.Model;
  if (!M.Call)
    return;
  const QueryResults &R = analyzeResults(M.Call, Ctx, roles());
  if (R.Loops.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();

  // The loops over the entities, then loops over containers filled in them.
  std::vector<ResultLoop> Loops = R.Loops;
  const FunctionDecl *F = enclosingFunction(Ctx, M.Call);
  if (F && F->hasBody()) {
    std::vector<const VarDecl *> Containers;
    for (const ResultLoop &L : R.Loops)
      filledContainers(L.Body, R, Containers);
    for (const VarDecl *C : Containers)
      for (const ResultLoop &L : R.Loops)
        loopsOver(F->getBody(), C, L.Loop->getEndLoc(), SM, Loops);
  }

  const unsigned Line = SM.getPresumedLineNumber(M.Location);
  for (const ResultLoop &L : Loops) {
    // A read inside the loop of another query nested in this loop belongs
    // to that query.
    std::vector<const CallExpr *> Inner;
    callsWithRole(L.Body, ApiRole::Query, roles(), Inner);
    std::vector<const Stmt *> InnerLoops;
    for (const CallExpr *Call : Inner)
      for (const ResultLoop &IL : analyzeResults(Call, Ctx, roles()).Loops)
        InnerLoops.push_back(IL.Body);

    std::vector<const CallExpr *> Reads;
    callsWithRole(L.Body, ApiRole::PointRead, roles(), Reads);
    for (const CallExpr *Read : Reads) {
      if (Reported.count(Read) || runsAtMostOnce(Read, L, Ctx) ||
          std::any_of(InnerLoops.begin(), InnerLoops.end(), [&](const Stmt *B) {
            return isInside(Ctx, Read, B, L.Body);
          }))
        continue;
      // A read only there to write the entity back is read-before-write's
      // finding: one finding per problem, and its fix removes this read.
      if (readBeforeWriteReports(Read, Ctx, roles()))
        continue;
      Reported.insert(Read);
      diag(Read->getExprLoc(),
           "point read inside the loop over the results of the query at line "
           "%0: one round trip per entity; denormalize the data the loop reads "
           "into the queried entities or fetch them with one range query")
          << Line;
    }
  }
}

} // namespace tablelint::code
