// Shared AST walks (see AstWalk.h).
#include "checks/code/model/AstWalk.h"

#include "core/Text.h"
#include "core/Utf8Text.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Analysis/Analyses/ExprMutationAnalyzer.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>

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

DynTypedNode visibleParent(ASTContext &Ctx, const Stmt *S) {
  DynTypedNode N = DynTypedNode::create(*S);
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(N);
    if (Ps.empty())
      return DynTypedNode();
    N = Ps[0];
    const auto *E = N.get<Expr>();
    if (!E || !isa<ParenExpr, ImplicitCastExpr>(E))
      return N;
  }
}

bool isInside(ASTContext &Ctx, const Stmt *Inner, const Stmt *Outer) {
  if (!Inner || !Outer)
    return false;
  DynTypedNode N = DynTypedNode::create(*Inner);
  for (unsigned Guard = 0; Guard < 4096; ++Guard) {
    if (N.get<Stmt>() == Outer)
      return true;
    if (N.get<FunctionDecl>())
      return false;
    DynTypedNodeList Ps = Ctx.getParents(N);
    if (Ps.empty())
      return false;
    N = Ps[0];
  }
  return false;
}

const FunctionDecl *enclosingFunction(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *F = P.get<FunctionDecl>())
      return F;
    if (const auto *L = P.get<LambdaExpr>())
      return L->getCallOperator();
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

const Stmt *innermostLoop(ASTContext &Ctx, const Stmt *S) {
  DynTypedNode N = DynTypedNode::create(*S);
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(N);
    if (Ps.empty())
      return nullptr;
    N = Ps[0];
    if (N.get<FunctionDecl>() || N.get<LambdaExpr>() || N.get<BlockExpr>())
      return nullptr;
    if (const auto *P = N.get<Stmt>(); P && isLoop(P))
      return P;
  }
}

std::optional<std::uint64_t> constantTripCount(const Stmt *Loop,
                                               ASTContext &Ctx) {
  auto IntValue = [&](const Expr *E) -> std::optional<std::int64_t> {
    Expr::EvalResult R;
    if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    return R.Val.getInt().getExtValue();
  };
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(Loop)) {
    const Expr *Range = stripCopies(RF->getRangeInit());
    if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(Range))
      Range = stripCopies(IL->getSubExpr());
    if (const auto *IL = dyn_cast<InitListExpr>(Range))
      return IL->getNumInits();
    const QualType T =
        Range->getType().getNonReferenceType().getCanonicalType();
    if (const auto *A = Ctx.getAsConstantArrayType(T))
      return A->getSize().getZExtValue();
    if (const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            T->getAsCXXRecordDecl()))
      if (S->getName() == "array" && S->isInStdNamespace() &&
          S->getTemplateArgs().size() == 2 &&
          S->getTemplateArgs()[1].getKind() == TemplateArgument::Integral)
        return S->getTemplateArgs()[1].getAsIntegral().getZExtValue();
    return std::nullopt;
  }
  const auto *F = dyn_cast<ForStmt>(Loop);
  if (!F || !F->getBody())
    return std::nullopt;
  const auto *Init = dyn_cast_or_null<DeclStmt>(F->getInit());
  const auto *I = Init && Init->isSingleDecl()
                      ? dyn_cast<VarDecl>(Init->getSingleDecl())
                      : nullptr;
  if (!I || !I->getType()->isIntegerType())
    return std::nullopt;
  const auto Start = IntValue(I->getInit());
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(F->getCond());
  if (!Start || !Cond)
    return std::nullopt;
  const auto *L = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
  const auto End = IntValue(Cond->getRHS());
  if (!L || L->getDecl() != I || !End)
    return std::nullopt;
  std::int64_t Step = 0;
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    const auto *D =
        dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts());
    if (D && D->getDecl() == I)
      Step = U->isIncrementOp() ? 1 : U->isDecrementOp() ? -1 : 0;
  } else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    const auto *D = dyn_cast<DeclRefExpr>(C->getLHS()->IgnoreParenImpCasts());
    const auto By = IntValue(C->getRHS());
    if (D && D->getDecl() == I && By && *By > 0)
      Step = C->getOpcode() == BO_AddAssign   ? *By
             : C->getOpcode() == BO_SubAssign ? -*By
                                              : 0;
  }
  if (Step == 0)
    return std::nullopt;
  // The body must leave the counter alone.
  ExprMutationAnalyzer Body(*F->getBody(), Ctx);
  if (Body.isMutated(I))
    return std::nullopt;
  std::int64_t Span = 0;
  switch (Cond->getOpcode()) {
  case BO_LT:
    Span = Step > 0 ? *End - *Start : -1;
    break;
  case BO_LE:
    Span = Step > 0 ? *End - *Start + 1 : -1;
    break;
  case BO_GT:
    Span = Step < 0 ? *Start - *End : -1;
    break;
  case BO_GE:
    Span = Step < 0 ? *Start - *End + 1 : -1;
    break;
  case BO_NE:
    Span = (Step > 0 ? *End - *Start : *Start - *End);
    if (Span < 0 || Span % (Step > 0 ? Step : -Step) != 0)
      return std::nullopt;
    break;
  default:
    return std::nullopt;
  }
  if (Span < 0)
    return std::nullopt;
  const std::int64_t By = Step > 0 ? Step : -Step;
  return static_cast<std::uint64_t>((Span + By - 1) / By);
}

const CompoundStmt *declaringBlock(ASTContext &Ctx, const VarDecl *V) {
  for (const DynTypedNode &P : Ctx.getParents(*V))
    if (const auto *DS = P.get<DeclStmt>()) {
      const Stmt *Up = parentOf(Ctx, DS);
      return dyn_cast_or_null<CompoundStmt>(Up);
    }
  return nullptr;
}

bool isStraightLineIn(ASTContext &Ctx, const Stmt *S,
                      const CompoundStmt *Block) {
  if (!Block)
    return false;
  for (const Stmt *Cur = S; Cur;) {
    const Stmt *P = parentOf(Ctx, Cur);
    if (!P)
      return false;
    if (P == Block)
      return true;
    if (isa<CompoundStmt, IfStmt, ForStmt, WhileStmt, DoStmt, SwitchStmt,
            CXXForRangeStmt, ConditionalOperator, BinaryConditionalOperator,
            LambdaExpr, CXXTryStmt, CXXCatchStmt, CaseStmt, DefaultStmt>(P))
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      if (BO->isLogicalOp())
        return false;
    Cur = P;
  }
  return false;
}

const CompoundStmt *straightLineBlock(ASTContext &Ctx, const Stmt *S) {
  for (const Stmt *Cur = S; Cur;) {
    const Stmt *P = parentStmt(Ctx, Cur);
    if (const auto *B = dyn_cast_or_null<CompoundStmt>(P))
      return isStraightLineIn(Ctx, S, B) ? B : nullptr;
    Cur = P;
  }
  return nullptr;
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

const Expr *soleArgument(const CXXConstructExpr *C) {
  if (C->getNumArgs() < 1 ||
      !std::all_of(C->arg_begin() + 1, C->arg_end(),
                   [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
    return nullptr;
  return C->getArg(0);
}

const Expr *
stripValueWrappers(const Expr *E,
                   llvm::function_ref<const Expr *(const Expr *)> Unwrap) {
  while (E) {
    const Expr *Before = E;
    E = stripTemporaries(E);
    if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else
      E = Unwrap(E);
    if (E == Before)
      return E;
  }
  return E;
}

const Expr *stripCopies(const Expr *E) {
  return stripValueWrappers(E, [](const Expr *W) {
    const auto *C = dyn_cast<CXXConstructExpr>(W);
    const Expr *Source = C ? soleArgument(C) : nullptr;
    return Source && C->getConstructor()->isCopyOrMoveConstructor() ? Source
                                                                     : W;
  });
}

namespace {

class ReferenceCollector : public RecursiveASTVisitor<ReferenceCollector> {
public:
  explicit ReferenceCollector(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (!V || E->getDecl() == V)
      Refs.push_back(E);
    return true;
  }
  const VarDecl *V; // nullptr: every reference
  std::vector<const DeclRefExpr *> Refs;
};

} // namespace

std::vector<const DeclRefExpr *> referencesTo(const VarDecl *V,
                                              const Stmt *Root) {
  ReferenceCollector C(V);
  C.TraverseStmt(const_cast<Stmt *>(Root));
  return std::move(C.Refs);
}

std::vector<const DeclRefExpr *> referencesIn(const Stmt *Root) {
  return referencesTo(nullptr, Root);
}

std::string shortSource(const Expr *E, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const CharSourceRange R = SM.getExpansionRange(E->getSourceRange());
  const StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  return ellipsize(foldWhitespace(Text), 60);
}

unsigned lineOf(SourceLocation Loc, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getExpansionLineNumber(Loc);
}

} // namespace tablelint::code
