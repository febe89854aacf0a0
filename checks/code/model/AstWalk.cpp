// Shared AST walks (see AstWalk.h).
#include "checks/code/model/AstWalk.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>

using namespace clang;

namespace tablelint::code {

const Stmt *parentOf(ASTContext &Ctx, const Stmt *S) {
  for (const DynTypedNode &P : Ctx.getParents(*S))
    if (const auto *PS = P.get<Stmt>())
      return PS;
  return nullptr;
}

const Stmt *parentStmt(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Ps = Ctx.getParents(*S);
  while (!Ps.empty()) {
    if (const auto *PS = Ps[0].get<Stmt>())
      return PS;
    if (!Ps[0].get<VarDecl>())
      return nullptr;
    Ps = Ctx.getParents(Ps[0]);
  }
  return nullptr;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

const Expr *stripTemporaries(const Expr *E) {
  while (E) {
    const Expr *Before = E;
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    if (E == Before)
      return E;
  }
  return E;
}

namespace {

class ReferenceCollector : public RecursiveASTVisitor<ReferenceCollector> {
public:
  explicit ReferenceCollector(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == V)
      Refs.push_back(E);
    return true;
  }
  const VarDecl *V;
  std::vector<const DeclRefExpr *> Refs;
};

} // namespace

std::vector<const DeclRefExpr *> referencesTo(const VarDecl *V,
                                              const Stmt *Root) {
  ReferenceCollector C(V);
  C.TraverseStmt(const_cast<Stmt *>(Root));
  return std::move(C.Refs);
}

} // namespace tablelint::code
