// Following a delay through a loop: its initial value, the statements of
// the loop that change it, and the expressions it is computed from.
#include "checks/code/model/DelayGrowth.h"

#include "checks/code/model/Durations.h"
#include "checks/code/model/RetryLoop.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace tablelint::code {

using namespace clang;

namespace {

// The overloaded operators that shape a delay, as their built-in kinds.
constexpr std::pair<OverloadedOperatorKind, BinaryOperatorKind>
    OverloadedOps[] = {
        {OO_Star, BO_Mul},
        {OO_Slash, BO_Div},
        {OO_Plus, BO_Add},
        {OO_Minus, BO_Sub},
        {OO_LessLess, BO_Shl},
        {OO_Equal, BO_Assign},
        {OO_StarEqual, BO_MulAssign},
        {OO_SlashEqual, BO_DivAssign},
        {OO_PlusEqual, BO_AddAssign},
        {OO_MinusEqual, BO_SubAssign},
        {OO_LessLessEqual, BO_ShlAssign},
};

Growth combineSum(Growth A, Growth B) {
  if (A == Growth::Geometric || B == Growth::Geometric)
    return Growth::Geometric; // jitter added to an exponential delay
  if (A == Growth::Unknown || B == Growth::Unknown)
    return Growth::Unknown;
  return A == Growth::Constant && B == Growth::Constant ? Growth::Constant
                                                        : Growth::Linear;
}

Growth combineProduct(Growth A, Growth B) {
  if (A == Growth::Geometric || B == Growth::Geometric)
    return Growth::Geometric;
  if (A == Growth::Unknown || B == Growth::Unknown)
    return Growth::Unknown;
  if (A == Growth::Linear && B == Growth::Linear)
    return Growth::Unknown; // quadratic: grows, not our concern
  return A == Growth::Constant && B == Growth::Constant ? Growth::Constant
                                                        : Growth::Linear;
}

// Classifies delay expressions against one loop: a value that does not
// change between iterations is constant, a counter stepped by a constant is
// linear, anything multiplied or shifted by something that changes (or
// passed through a backoff helper) is geometric.
class DelayClassifier {
public:
  DelayClassifier(const Stmt *Loop, const Stmt *Body, ASTContext &Ctx)
      : Loop(Loop), Body(Body), Ctx(Ctx) {}

  Growth classify(const Expr *E, unsigned Depth = 0) const {
    if (!E || Depth > MaxDepth)
      return Growth::Unknown;
    if (constantDelay(E, Ctx))
      return Growth::Constant;
    E = stripConversions(E);
    if (constantDelay(E, Ctx))
      return Growth::Constant;
    if (auto B = asBinaryOp(E))
      return binary(*B, Depth);
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus))
      return classify(U->getSubExpr(), Depth + 1);
    if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
      const Growth T = classify(C->getTrueExpr(), Depth + 1);
      return T == classify(C->getFalseExpr(), Depth + 1) ? T : Growth::Unknown;
    }
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl())) {
        if (Helper && V->getDeclContext() == Helper)
          return helperVariable(V, Depth);
        return storage(V, Depth);
      }
    if (const auto *M = dyn_cast<MemberExpr>(E))
      if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
          F && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
        return storage(F, Depth);
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return call(Call, Depth);
    return Growth::Unknown;
  }

  // Classifying a delay written in a helper that Loop calls: its
  // parameters grow as the call's arguments do.
  void throughHelper(const FunctionDecl *Def, const CallExpr *Call) {
    Helper = Def;
    for (unsigned I = 0; I < Def->getNumParams() && I < Call->getNumArgs();
         ++I)
      Params[Def->getParamDecl(I)] = classify(Call->getArg(I));
  }

private:
  static constexpr unsigned MaxDepth = 8;

  // A parameter or local of the helper: as its argument, or as the value
  // it starts from (a helper computes its delay once per call).
  Growth helperVariable(const VarDecl *V, unsigned Depth) const {
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      auto It = Params.find(P);
      return It == Params.end() ? Growth::Unknown : It->second;
    }
    return V->hasLocalStorage() && V->getInit()
               ? classify(V->getInit(), Depth + 1)
               : Growth::Unknown;
  }

  Growth binary(const BinaryOp &B, unsigned Depth) const {
    switch (B.Op) {
    case BO_Shl: {
      const Growth Shift = classify(B.R, Depth + 1);
      if (Shift == Growth::Constant)
        return classify(B.L, Depth + 1);
      return Shift == Growth::Unknown ? Growth::Unknown : Growth::Geometric;
    }
    case BO_Mul: {
      const Growth L = classify(B.L, Depth + 1), R = classify(B.R, Depth + 1);
      // `config.baseDelay() * attempt`, `attempt * cfg.delayMs`, `500ms *
      // (tid % 4 + 1)`: a value we cannot see, the same on every pass,
      // scales a counter or a constant. It grows as the other side does,
      // whatever its value.
      if (isKnownScale(L) && R == Growth::Unknown && invariant(B.R, Depth))
        return L;
      if (isKnownScale(R) && L == Growth::Unknown && invariant(B.L, Depth))
        return R;
      return combineProduct(L, R);
    }
    case BO_Div:
      return classify(B.R, Depth + 1) == Growth::Constant
                 ? classify(B.L, Depth + 1)
                 : Growth::Unknown;
    case BO_Add:
    case BO_Sub:
      // A deadline: `steady_clock::now() + delay`.
      if (B.Op == BO_Add && isClockNow(B.L))
        return classify(B.R, Depth + 1);
      {
        // `cfg.maxAttempts - left`: a counter offset by a value the loop
        // does not change grows as the counter does.
        const Growth L = classify(B.L, Depth + 1);
        const Growth R = classify(B.R, Depth + 1);
        if (isKnownScale(L) && R == Growth::Unknown && invariant(B.R, Depth))
          return L;
        if (isKnownScale(R) && L == Growth::Unknown && invariant(B.L, Depth))
          return R;
        return combineSum(L, R);
      }
    default:
      return Growth::Unknown;
    }
  }

  Growth call(const CallExpr *Call, unsigned Depth) const {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return Growth::Unknown;
    const llvm::StringRef Name = FD->getName();
    if (Name.lower().find("backoff") != std::string::npos)
      return Growth::Geometric; // benefit of the doubt
    std::vector<Growth> Args;
    for (const Expr *A : Call->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        Args.push_back(classify(A, Depth + 1));
    const auto Any = [&](Growth G) {
      return std::find(Args.begin(), Args.end(), G) != Args.end();
    };
    if (Name == "pow" || Name == "exp2" || Name == "ldexp" || Name == "exp")
      return Any(Growth::Unknown)                            ? Growth::Unknown
             : Any(Growth::Linear) || Any(Growth::Geometric) ? Growth::Geometric
                                                             : Growth::Constant;
    const std::string Q = FD->getQualifiedNameAsString();
    if (Q == "std::min" || Q == "std::max" || Q == "std::clamp" ||
        Q == "std::chrono::duration_cast") {
      if (Args.empty() || Any(Growth::Unknown))
        return Growth::Unknown;
      if (Any(Growth::Geometric))
        return Growth::Geometric;
      return Any(Growth::Linear) ? Growth::Linear : Growth::Constant;
    }
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call);
        M && Name == "count" &&
        isDurationType(M->getImplicitObjectArgument()->getType()))
      return classify(M->getImplicitObjectArgument(), Depth + 1);
    return Growth::Unknown;
  }

  // A call whose value is unknown but whose arguments are the same on
  // every pass (a configured base delay, a getter): a factor that does not
  // change with the loop as far as the code shows.
  bool opaqueFactor(const Expr *E, unsigned Depth) const {
    const auto *Call = dyn_cast<CallExpr>(stripConversions(E));
    if (!Call || isa<CXXOperatorCallExpr>(Call) ||
        classify(Call, Depth + 1) != Growth::Unknown)
      return false;
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call)) {
      const Expr *Object = M->getImplicitObjectArgument();
      if (!Object || !M->getMethodDecl() || !M->getMethodDecl()->isConst() ||
          classifyObject(Object, Depth) != Growth::Constant)
        return false;
    }
    for (const Expr *A : Call->arguments())
      if (!isa<CXXDefaultArgExpr>(A) &&
          classify(A, Depth + 1) != Growth::Constant)
        return false;
    return true;
  }

  static bool isKnownScale(Growth G) {
    return G == Growth::Constant || G == Growth::Linear;
  }

  // A value the loop does not change, though the analysis cannot compute
  // it: a constant, an opaque getter, a field of an object the loop leaves
  // alone (`cfg.delayMs`), a function object called with such values
  // (`std::hash<std::thread::id>{}(std::this_thread::get_id())`), and
  // arithmetic on them.
  bool invariant(const Expr *E, unsigned Depth) const {
    if (Depth > MaxDepth)
      return false;
    if (classify(E, Depth + 1) == Growth::Constant || opaqueFactor(E, Depth))
      return true;
    E = stripConversions(E);
    if (auto B = asBinaryOp(E))
      return !BinaryOperator::isAssignmentOp(B->Op) &&
             invariant(B->L, Depth + 1) && invariant(B->R, Depth + 1);
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && (B->getOpcode() == BO_Rem || B->getOpcode() == BO_And ||
              B->getOpcode() == BO_Or || B->getOpcode() == BO_Xor))
      return invariant(B->getLHS(), Depth + 1) &&
             invariant(B->getRHS(), Depth + 1);
    if (const auto *M = dyn_cast<MemberExpr>(E))
      return isa<FieldDecl>(M->getMemberDecl()) &&
             invariantObject(M->getBase(), Depth);
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Call && Op->getNumArgs() >= 1) {
      // A function object made on the spot (`std::hash<T>{}`) or one the
      // loop does not change.
      const Expr *Object = Op->getArg(0)->IgnoreImplicit()->IgnoreParens();
      if (!isa<CXXConstructExpr, CXXFunctionalCastExpr, InitListExpr>(
              Object) &&
          !invariantObject(Object, Depth))
        return false;
      for (unsigned I = 1; I < Op->getNumArgs(); ++I)
        if (!invariant(Op->getArg(I), Depth + 1))
          return false;
      return true;
    }
    return false;
  }

  bool invariantObject(const Expr *Object, unsigned Depth) const {
    Object = Object->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(Object))
      return isa<FieldDecl>(M->getMemberDecl()) &&
             invariantObject(M->getBase(), Depth);
    // A local of the body is made afresh on every pass.
    if (const auto *R = dyn_cast<DeclRefExpr>(Object);
        R && declaredInBody(R->getDecl()))
      return false;
    return classifyObject(Object, Depth) == Growth::Constant;
  }

  // An object a const getter is called on: one the loop does not change.
  Growth classifyObject(const Expr *Object, unsigned Depth) const {
    Object = Object->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Object))
      return callsMutatingMethod() ? Growth::Unknown : Growth::Constant;
    if (const auto *R = dyn_cast<DeclRefExpr>(Object))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl())) {
        std::vector<std::pair<const Expr *, bool>> Refs;
        collectReferences(Loop, V, false, Refs);
        for (const auto &[Ref, InLambda] : Refs)
          if (InLambda || modification(Ref, V, Depth))
            return Growth::Unknown;
        return Growth::Constant;
      }
    return Growth::Unknown;
  }

  bool refersTo(const Stmt *S, const ValueDecl *D) const {
    bool Found = false;
    forEachRunStmt(S, [&](const Stmt *C) { Found |= isReference(C, D); });
    return Found;
  }

  static bool isReference(const Stmt *S, const ValueDecl *D) {
    if (const auto *R = dyn_cast<DeclRefExpr>(S))
      return R->getDecl() == D;
    if (const auto *M = dyn_cast<MemberExpr>(S))
      return M->getMemberDecl() == D &&
             isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
    return false;
  }

  void
  collectReferences(const Stmt *S, const ValueDecl *D, bool InLambda,
                    std::vector<std::pair<const Expr *, bool>> &Out) const {
    if (!S)
      return;
    if (isReference(S, D))
      Out.emplace_back(cast<Expr>(S), InLambda);
    const bool Nested = InLambda || isa<LambdaExpr, BlockExpr>(S);
    for (const Stmt *C : S->children())
      collectReferences(C, D, Nested, Out);
  }

  // The node that uses E, above implicit nodes and parentheses, and the
  // child of it that holds E.
  std::pair<std::optional<DynTypedNode>, const Expr *>
  user(const Expr *E) const {
    const Expr *Child = E;
    while (true) {
      const DynTypedNodeList Parents = Ctx.getParents(*Child);
      if (Parents.empty())
        return {std::nullopt, Child};
      const auto *P = Parents[0].get<Expr>();
      if (P && isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr>(P)) {
        Child = P;
        continue;
      }
      return {Parents[0], Child};
    }
  }

  // How one reference to D changes it: nullopt for a read.
  std::optional<Growth> modification(const Expr *Ref, const ValueDecl *D,
                                     unsigned Depth) const {
    const auto [Node, Child] = user(Ref);
    if (!Node)
      return std::nullopt;
    if (const auto *V = Node->get<VarDecl>()) // `auto &alias = delay;`
      return V->getType()->isReferenceType() &&
                     !V->getType().getNonReferenceType().isConstQualified()
                 ? std::optional<Growth>(Growth::Unknown)
                 : std::nullopt;
    const auto *P = Node->get<Stmt>();
    if (!P)
      return std::nullopt;
    if (const auto *U = dyn_cast<UnaryOperator>(P)) {
      if (U->isIncrementDecrementOp())
        return Growth::Linear;
      return U->getOpcode() == UO_AddrOf
                 ? std::optional<Growth>(Growth::Unknown)
                 : std::nullopt;
    }
    if (const auto *O = dyn_cast<CXXOperatorCallExpr>(P);
        O &&
        (O->getOperator() == OO_PlusPlus || O->getOperator() == OO_MinusMinus))
      return Growth::Linear;
    if (const auto *E = dyn_cast<Expr>(P))
      if (auto B = asBinaryOp(E)) {
        if (!BinaryOperator::isAssignmentOp(B->Op) ||
            B->L->IgnoreParenImpCasts() != Ref)
          return std::nullopt;
        switch (B->Op) {
        case BO_Assign:
          return assigned(B->R, D, Depth);
        case BO_MulAssign:
        case BO_ShlAssign:
          return Growth::Geometric;
        case BO_AddAssign:
        case BO_SubAssign:
          if (refersTo(B->R, D))
            return Growth::Geometric; // delay += delay
          return classify(B->R, Depth + 1) == Growth::Constant
                     ? Growth::Linear
                     : Growth::Unknown;
        default:
          return Growth::Unknown;
        }
      }
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isAssignmentOp())
      return B->getLHS()->IgnoreParenImpCasts() == Ref
                 ? std::optional<Growth>(Growth::Unknown)
                 : std::nullopt;
    if (const auto *M = dyn_cast<MemberExpr>(P)) {
      const auto *Method = dyn_cast<CXXMethodDecl>(M->getMemberDecl());
      return Method && !Method->isConst()
                 ? std::optional<Growth>(Growth::Unknown)
                 : std::nullopt;
    }
    if (const auto *Call = dyn_cast<CallExpr>(P))
      return passedByReference(
          Call->getDirectCallee(), Call->getNumArgs(),
          [&](unsigned I) { return Call->getArg(I); }, Child);
    if (const auto *C = dyn_cast<CXXConstructExpr>(P))
      return passedByReference(
          C->getConstructor(), C->getNumArgs(),
          [&](unsigned I) { return C->getArg(I); }, Child);
    return std::nullopt;
  }

  template <typename ArgAt>
  static std::optional<Growth> passedByReference(const FunctionDecl *FD,
                                                 unsigned NumArgs, ArgAt Arg,
                                                 const Expr *Child) {
    for (unsigned I = 0; I < NumArgs; ++I) {
      if (Arg(I) != Child)
        continue;
      if (!FD || I >= FD->getNumParams())
        return Growth::Unknown;
      const QualType T = FD->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        return Growth::Unknown;
    }
    return std::nullopt;
  }

  // `delay = <Value>` inside the loop.
  Growth assigned(const Expr *Value, const ValueDecl *D, unsigned Depth) const {
    if (!refersTo(Value, D))
      return classify(Value, Depth + 1); // computed afresh each time
    bool Geometric = false;
    forEachRunStmt(Value, [&](const Stmt *S) {
      const auto *E = dyn_cast<Expr>(S);
      auto B = E ? asBinaryOp(E) : std::nullopt;
      if (!B)
        return;
      const bool L = refersTo(B->L, D), R = refersTo(B->R, D);
      if ((B->Op == BO_Mul || B->Op == BO_Shl) && (L || R))
        Geometric = true;
      if (B->Op == BO_Add && L && R)
        Geometric = true;
    });
    if (Geometric)
      return Growth::Geometric;
    if (auto B = asBinaryOp(stripConversions(Value));
        B && (B->Op == BO_Add || B->Op == BO_Sub)) {
      const bool L = isReference(stripConversions(B->L), D);
      const bool R = isReference(stripConversions(B->R), D);
      const Expr *Other = L ? B->R : R ? B->L : nullptr;
      if (Other && classify(Other, Depth + 1) == Growth::Constant)
        return Growth::Linear;
    }
    return Growth::Unknown;
  }

  bool declaredInBody(const Decl *D) const {
    const SourceManager &SM = Ctx.getSourceManager();
    const SourceRange R = Body->getSourceRange();
    return !SM.isBeforeInTranslationUnit(D->getLocation(), R.getBegin()) &&
           !SM.isBeforeInTranslationUnit(R.getEnd(), D->getLocation());
  }

  // A non-const method of this class called in the loop may change any
  // member.
  bool callsMutatingMethod() const {
    bool Found = false;
    forEachRunStmt(Loop, [&](const Stmt *S) {
      if (const auto *M = dyn_cast<CXXMemberCallExpr>(S))
        if (const CXXMethodDecl *Method = M->getMethodDecl())
          Found |= !Method->isConst() &&
                   isa<CXXThisExpr>(
                       M->getImplicitObjectArgument()->IgnoreParenImpCasts());
    });
    return Found;
  }

  // A variable or member of *this used as a delay.
  Growth storage(const ValueDecl *D, unsigned Depth) const {
    const QualType T = D->getType();
    Growth Start = Growth::Constant;
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        return Growth::Unknown; // an alias of something else
      if (!V->hasLocalStorage() && !T.isConstQualified())
        return Growth::Unknown; // anything may change a global
      if (V->hasLocalStorage() && declaredInBody(V))
        Start =
            V->getInit() ? classify(V->getInit(), Depth + 1) : Growth::Unknown;
    } else if (!T.isConstQualified() && callsMutatingMethod()) {
      return Growth::Unknown;
    }
    std::vector<std::pair<const Expr *, bool>> Refs;
    collectReferences(Loop, D, false, Refs);
    std::vector<Growth> Changes = {Start};
    for (const auto &[Ref, InLambda] : Refs) {
      if (InLambda)
        return Growth::Unknown;
      if (auto G = modification(Ref, D, Depth))
        Changes.push_back(*G);
    }
    const auto Any = [&](Growth G) {
      return std::find(Changes.begin(), Changes.end(), G) != Changes.end();
    };
    if (Any(Growth::Geometric))
      return Growth::Geometric;
    if (Any(Growth::Unknown))
      return Growth::Unknown;
    return Any(Growth::Linear) ? Growth::Linear : Growth::Constant;
  }

  const Stmt *Loop;
  const Stmt *Body;
  ASTContext &Ctx;
  const FunctionDecl *Helper = nullptr;
  std::map<const ParmVarDecl *, Growth> Params;
};

const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getBody();
  return nullptr;
}

} // namespace

Growth delayGrowth(const Expr *Delay, const Stmt *Loop, ASTContext &Ctx) {
  const Stmt *Body = loopBody(Loop);
  if (!Body)
    return Growth::Unknown;
  return DelayClassifier(Loop, Body, Ctx).classify(Delay);
}

Growth delayGrowthThroughHelper(const Expr *HelperDelay, const CallExpr *Call,
                                const Stmt *Loop, ASTContext &Ctx) {
  const Stmt *Body = loopBody(Loop);
  const FunctionDecl *FD = Call->getDirectCallee();
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Body || !Def)
    return Growth::Unknown;
  DelayClassifier C(Loop, Body, Ctx);
  C.throughHelper(Def, Call);
  return C.classify(HelperDelay);
}

std::optional<BinaryOp> asBinaryOp(const Expr *E) {
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return BinaryOp{B->getOpcode(), B->getLHS(), B->getRHS()};
  const auto *O = dyn_cast<CXXOperatorCallExpr>(E);
  if (!O || O->getNumArgs() != 2)
    return std::nullopt;
  for (const auto &[Overloaded, Builtin] : OverloadedOps)
    if (O->getOperator() == Overloaded)
      return BinaryOp{Builtin, O->getArg(0), O->getArg(1)};
  return std::nullopt;
}

const Expr *stripConversions(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *C = dyn_cast<ExplicitCastExpr>(Next))
      Next = C->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(Next);
             C && C->getNumArgs() == 1 && !isa<CXXDefaultArgExpr>(C->getArg(0)))
      Next = C->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

bool isClockNow(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(stripConversions(E));
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  return FD && FD->getIdentifier() && FD->getName() == "now";
}

std::optional<double> constantDelay(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  const Expr *Plain = E->IgnoreImplicit();
  if (isDurationType(Plain->getType()))
    return constantMilliseconds(Plain, Ctx);
  if (!Plain->getType()->isArithmeticType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!Plain->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return std::nullopt;
  if (R.Val.isInt())
    return static_cast<double>(R.Val.getInt().getExtValue());
  if (R.Val.isFloat())
    return R.Val.getFloat().convertToDouble();
  return std::nullopt;
}

} // namespace tablelint::code
