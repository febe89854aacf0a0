// Invariance of values across a loop or a function (see Invariance.h).
#include "checks/code/model/Invariance.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/StringRecovery.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Analysis/Analyses/ExprMutationAnalyzer.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <map>

namespace tablelint::code {

using namespace clang;

namespace {

// Deeper than this, an expression is not followed (variables initialised
// from variables, ...): the answer is the conservative one.
constexpr unsigned MaxDepth = 6;

class FieldRefs : public RecursiveASTVisitor<FieldRefs> {
public:
  explicit FieldRefs(const FieldDecl *F) : F(F) {}
  bool VisitMemberExpr(MemberExpr *E) {
    if (E->getMemberDecl() == F &&
        isa<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts()))
      Refs.push_back(E);
    return true;
  }
  const FieldDecl *F;
  std::vector<const MemberExpr *> Refs;
};

// Whether an expression has the same value throughout a region: a loop
// (every pass), or a function body (every place in it).
class Invariance {
public:
  Invariance(const Stmt &Region, ASTContext &Ctx, bool IsLoop)
      : Region(Region), Ctx(Ctx), Mutation(Region, Ctx), IsLoop(IsLoop) {}

  bool invariant(const Expr *E, unsigned Depth = 0) {
    if (!E || Depth > MaxDepth)
      return false;
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E))
      return invariant(C->getSubExpr(), Depth + 1);
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      return invariant(M->getSubExpr(), Depth + 1);
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      return invariant(B->getSubExpr(), Depth + 1);
    if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      return invariant(W->getSubExpr(), Depth + 1);
    if (isa<StringLiteral, IntegerLiteral, FloatingLiteral, CharacterLiteral,
            CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, CXXDefaultArgExpr,
            CXXThisExpr>(E))
      return true;
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      if (isa<EnumConstantDecl>(D->getDecl()))
        return true;
      const auto *V = dyn_cast<VarDecl>(D->getDecl());
      return V && variableInvariant(V, Depth);
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      return F && invariant(ME->getBase(), Depth + 1) && !fieldModified(F);
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      const auto *M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
      if ((M && !M->isConst()) || Op->isAssignmentOp() ||
          Op->getOperator() == OO_PlusPlus ||
          Op->getOperator() == OO_MinusMinus || Op->getOperator() == OO_Call)
        return false;
      return allInvariant(Op->arguments(), Depth);
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      return M && (M->isConst() || M->isStatic()) &&
             invariant(MC->getImplicitObjectArgument(), Depth + 1) &&
             allInvariant(MC->arguments(), Depth);
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      // A function of invariant values; one without variable arguments
      // (now(), NewGuid(), time(nullptr)) may return anything.
      if (!Call->getDirectCallee() || Call->getNumArgs() == 0)
        return false;
      const std::vector<const DeclRefExpr *> All = referencesIn(Call);
      const bool ReadsVariable = std::any_of(
          All.begin(), All.end(),
          [](const DeclRefExpr *R) { return isa<VarDecl>(R->getDecl()); });
      return ReadsVariable && allInvariant(Call->arguments(), Depth);
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E))
      return allInvariant(C->arguments(), Depth);
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      return std::all_of(IL->begin(), IL->end(), [&](const Stmt *S) {
        return invariant(dyn_cast<Expr>(S), Depth + 1);
      });
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return !BO->isAssignmentOp() && invariant(BO->getLHS(), Depth + 1) &&
             invariant(BO->getRHS(), Depth + 1);
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return !U->isIncrementDecrementOp() &&
             invariant(U->getSubExpr(), Depth + 1);
    if (const auto *C = dyn_cast<ConditionalOperator>(E))
      return invariant(C->getCond(), Depth + 1) &&
             invariant(C->getTrueExpr(), Depth + 1) &&
             invariant(C->getFalseExpr(), Depth + 1);
    return false;
  }

  bool declaredInside(const VarDecl *V) const {
    const SourceManager &SM = Ctx.getSourceManager();
    const SourceLocation L = SM.getExpansionLoc(V->getLocation());
    return SM.isPointWithin(L, SM.getExpansionLoc(Region.getBeginLoc()),
                            SM.getExpansionLoc(Region.getEndLoc()));
  }
  bool modified(const VarDecl *V) { return Mutation.isMutated(V); }

private:
  template <typename Range> bool allInvariant(Range Args, unsigned Depth) {
    for (const Expr *A : Args)
      if (!invariant(A, Depth + 1))
        return false;
    return true;
  }

  bool variableInvariant(const VarDecl *V, unsigned Depth) {
    const QualType T = V->getType();
    const bool Constant =
        !T->isReferenceType() && (T.isConstQualified() || V->isConstexpr());
    if (Constant) {
      if (IsLoop && declaredInside(V))
        return V->getInit() && invariant(V->getInit(), Depth + 1);
      return true;
    }
    if (!V->hasLocalStorage() || V->isStaticLocal())
      return false; // may change behind any call
    if (modified(V))
      return false;
    if (IsLoop && declaredInside(V))
      return !isa<ParmVarDecl>(V) && V->getInit() &&
             invariant(V->getInit(), Depth + 1);
    return true;
  }

  bool fieldModified(const FieldDecl *F) {
    auto It = FieldCache.find(F);
    if (It != FieldCache.end())
      return It->second;
    FieldRefs Refs(F);
    Refs.TraverseStmt(const_cast<Stmt *>(&Region));
    bool Modified = false;
    for (const MemberExpr *ME : Refs.Refs)
      if (Mutation.isMutated(ME))
        Modified = true;
    FieldCache[F] = Modified;
    return Modified;
  }

  const Stmt &Region;
  ASTContext &Ctx;
  ExprMutationAnalyzer Mutation;
  bool IsLoop;
  std::map<const FieldDecl *, bool> FieldCache;
};

} // namespace

bool sameValue(const Expr *A, const Expr *B, ASTContext &Ctx,
               const ApiRoles &Roles) {
  StringRecovery SR(Ctx, Roles);
  const auto TA = SR.recover(A), TB = SR.recover(B);
  if (TA && TB && StringRecovery::fullyKnown(*TA) &&
      StringRecovery::fullyKnown(*TB))
    return *TA == *TB;
  const Expr *SA = stripCopies(stripStringWrappers(A));
  const Expr *SB = stripCopies(stripStringWrappers(B));
  llvm::FoldingSetNodeID IA, IB;
  SA->Profile(IA, Ctx, /*Canonical=*/true);
  SB->Profile(IB, Ctx, /*Canonical=*/true);
  if (IA != IB)
    return false;
  const FunctionDecl *Fn = enclosingFunction(Ctx, A);
  if (!Fn || !Fn->hasBody() || Fn != enclosingFunction(Ctx, B))
    return false;
  Invariance Body(*Fn->getBody(), Ctx, /*IsLoop=*/false);
  return Body.invariant(SA);
}

bool isLoopInvariant(const Expr *E, const Stmt *Loop, ASTContext &Ctx) {
  Invariance I(*Loop, Ctx, /*IsLoop=*/true);
  return I.invariant(E);
}

namespace {

bool variesWithLoopAt(const Expr *E, const Stmt *Loop, ASTContext &Ctx,
                      Invariance &I, unsigned Depth) {
  if (!E || Depth > MaxDepth)
    return false;
  for (const DeclRefExpr *R : referencesIn(E)) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (!V)
      continue;
    if (!I.declaredInside(V)) {
      if (V->hasLocalStorage() && I.modified(V))
        return true; // a counter or iterator the loop advances
      continue;
    }
    if (const auto *RF = dyn_cast<CXXForRangeStmt>(Loop))
      if (RF->getLoopVariable() == V)
        return true;
    // A counter declared in the loop's init, or a key built up in the body.
    if (I.modified(V))
      return true;
    // Derived inside the loop: `auto rk = fmt::format("{:05}", i);`.
    if (V->getInit() && variesWithLoopAt(V->getInit(), Loop, Ctx, I, Depth + 1))
      return true;
  }
  return false;
}

} // namespace

bool variesWithLoop(const Expr *E, const Stmt *Loop, ASTContext &Ctx) {
  Invariance I(*Loop, Ctx, /*IsLoop=*/true);
  return variesWithLoopAt(E, Loop, Ctx, I, 0);
}

bool untouchedByLoop(const VarDecl *V, const Stmt *Loop, ASTContext &Ctx) {
  Invariance I(*Loop, Ctx, /*IsLoop=*/true);
  return !I.declaredInside(V) && !I.modified(V);
}

} // namespace tablelint::code
