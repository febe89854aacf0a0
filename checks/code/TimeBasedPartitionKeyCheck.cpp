// Follows a written partition key back to what its leading part is made of
// (see the header). The walk is local to the function: variables are
// followed through their initializer and the writes before the use in
// straight-line code, as StringRecovery does for text.
#include "checks/code/TimeBasedPartitionKeyCheck.h"
#include "checks/code/model/AstWalk.h"

#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/StringRecovery.h"
#include "core/ServiceLimits.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/Lex/Lexer.h>

#include <cstring>
#include <optional>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

constexpr unsigned MaxDepth = 10;

// What the leading part of a value is made of. Constant parts (a literal
// prefix, a separator) do not decide: the next part does.
enum class LeadKind { Constant, Time, Counter, Other };

struct Lead {
  LeadKind Kind = LeadKind::Other;
  std::string Origin; // "std::chrono::system_clock::now()", "counter 'seq'"

  static Lead constant() { return {LeadKind::Constant, ""}; }
  static Lead other() { return {LeadKind::Other, ""}; }
  bool decided() const {
    return Kind == LeadKind::Time || Kind == LeadKind::Counter;
  }
};

// True when D lives in namespace Top (std, fmt, utility), at any depth,
// or is a C library function (declared at global scope or extern "C").
bool inNamespace(const Decl *D, StringRef Top) {
  const DeclContext *DC = D->getDeclContext();
  const NamespaceDecl *Outer = nullptr;
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Outer = NS;
  return Outer && Outer->getName() == Top;
}

bool isCLibrary(const FunctionDecl *FD) {
  return FD->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
         inNamespace(FD, "std");
}

bool isAtomicType(QualType T) {
  const auto *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  return R &&
         (R->getName() == "atomic" || R->getName().starts_with("__atomic"));
}

bool isStringType(QualType T) {
  const auto *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  return R && (R->getName() == "basic_string" ||
               R->getName() == "basic_string_view");
}

bool isCountable(QualType T) {
  T = T.getNonReferenceType();
  return T->isIntegerType() || isAtomicType(T);
}

// The variable or member an lvalue names (seq, this->next_).
const ValueDecl *namedDecl(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return D->getDecl();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->getMemberDecl();
  return nullptr;
}

// Finds increments of one variable or member in a function body.
class IncrementFinder : public RecursiveASTVisitor<IncrementFinder> {
public:
  explicit IncrementFinder(const ValueDecl *D) : D(D) {}
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() && namedDecl(U->getSubExpr()) == D)
      Found = true;
    return !Found;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *B) {
    if ((B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) &&
        namedDecl(B->getLHS()) == D)
      Found = true;
    return !Found;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    const auto K = Op->getOperator();
    if ((K == OO_PlusPlus || K == OO_MinusMinus || K == OO_PlusEqual ||
         K == OO_MinusEqual) &&
        Op->getNumArgs() >= 1 && namedDecl(Op->getArg(0)) == D)
      Found = true;
    return !Found;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && (M->getName() == "fetch_add" || M->getName() == "fetch_sub") &&
        namedDecl(MC->getImplicitObjectArgument()) == D)
      Found = true;
    return !Found;
  }
  const ValueDecl *D;
  bool Found = false;
};

// True for a loop's own induction variable (for (int i = 0; ...; ++i)):
// it enumerates, it does not count across calls.
bool isForInductionVariable(ASTContext &Ctx, const VarDecl *V) {
  for (const DynTypedNode &P : Ctx.getParents(*V))
    if (const auto *DS = P.get<DeclStmt>())
      if (const auto *For = dyn_cast_or_null<ForStmt>(parentOf(Ctx, DS)))
        return For->getInit() == DS;
  return false;
}

// Stream manipulators change how the next value is written, not what.
bool isManipulator(const Expr *E) {
  E = stripStringWrappers(E);
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return isa<FunctionDecl>(D->getDecl());
  if (const auto *C = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = C->getDirectCallee())
      return inNamespace(FD, "std") && FD->getName().starts_with("set");
  return false;
}

class KeyOrigin {
public:
  KeyOrigin(ASTContext &Ctx, const ApiRoles &Roles)
      : Ctx(Ctx), SR(Ctx, Roles) {}

  Lead lead(const Expr *E, unsigned Depth = 0);

private:
  Lead fromCall(const CallExpr *C, unsigned Depth);
  Lead fromVariable(const VarDecl *V, const Expr *Use, unsigned Depth);
  Lead fromFormat(const CallExpr *C, unsigned Depth);
  Lead fromPrintf(const CallExpr *C, unsigned FormatArg, unsigned Depth);
  std::optional<Lead> counter(const ValueDecl *D, const Expr *Use);
  // The first decided part of a sequence of parts.
  Lead sequence(const std::vector<const Expr *> &Parts, unsigned Depth);
  Lead arithmetic(const Expr *L, const Expr *R, unsigned Depth);
  std::string text(const Expr *E) const;

  ASTContext &Ctx;
  StringRecovery SR;
};

std::string KeyOrigin::text(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const StringRef T =
      Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                           SM, Ctx.getLangOpts());
  return T.str();
}

std::optional<Lead> KeyOrigin::counter(const ValueDecl *D, const Expr *Use) {
  if (!D || !isCountable(D->getType()))
    return std::nullopt;
  if (const auto *V = dyn_cast<VarDecl>(D))
    if (isa<ParmVarDecl>(V) || isForInductionVariable(Ctx, V))
      return std::nullopt;
  const FunctionDecl *F = enclosingFunction(Ctx, Use);
  if (!F || !F->hasBody())
    return std::nullopt;
  IncrementFinder Finder(D);
  Finder.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  if (!Finder.Found)
    return std::nullopt;
  return Lead{LeadKind::Counter,
              std::string(isAtomicType(D->getType()) ? "atomic counter '"
                                                     : "counter '") +
                  D->getNameAsString() + "'"};
}

Lead KeyOrigin::sequence(const std::vector<const Expr *> &Parts,
                         unsigned Depth) {
  for (const Expr *P : Parts) {
    Lead L = lead(P, Depth + 1);
    if (L.Kind != LeadKind::Constant)
      return L;
  }
  return Lead::constant();
}

Lead KeyOrigin::arithmetic(const Expr *L, const Expr *R, unsigned Depth) {
  Lead A = lead(L, Depth + 1);
  if (A.decided())
    return A;
  Lead B = lead(R, Depth + 1);
  if (B.decided())
    return B; // also `Max - now`: reversed timestamps pile up at the start
  if (A.Kind == LeadKind::Constant && B.Kind == LeadKind::Constant)
    return Lead::constant();
  return Lead::other();
}

Lead KeyOrigin::lead(const Expr *E, unsigned Depth) {
  if (!E || Depth > MaxDepth)
    return Lead::other();
  E = stripStringWrappers(E);
  if (isa<StringLiteral, IntegerLiteral, CharacterLiteral, FloatingLiteral,
          CXXBoolLiteralExpr, CXXNullPtrLiteralExpr>(E))
    return Lead::constant();
  if (!E->isValueDependent() && !E->isTypeDependent() &&
      E->getType()->isIntegralOrEnumerationType() && E->isEvaluatable(Ctx))
    return Lead::constant();
  // Not StringRecovery here: it takes a buffer filled through a pointer
  // (strftime(day, ...)) for an empty constant.

  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    return lead(C->getSubExprAsWritten(), Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Deref:
    case UO_AddrOf:
    case UO_Minus:
    case UO_Plus:
      return lead(U->getSubExpr(), Depth + 1);
    case UO_PreInc:
    case UO_PostInc:
    case UO_PreDec:
    case UO_PostDec:
      if (const ValueDecl *D = namedDecl(U->getSubExpr()))
        return {LeadKind::Counter, "counter '" + D->getNameAsString() + "'"};
      return Lead::other();
    default:
      return Lead::other();
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    switch (B->getOpcode()) {
    case BO_Assign:
    case BO_Comma:
      return lead(B->getRHS(), Depth + 1);
    case BO_AddAssign:
      if (const ValueDecl *D = namedDecl(B->getLHS()))
        return {LeadKind::Counter, "counter '" + D->getNameAsString() + "'"};
      return Lead::other();
    case BO_Add:
    case BO_Sub:
    case BO_Mul:
    case BO_Div:
    case BO_Shr:
      return arithmetic(B->getLHS(), B->getRHS(), Depth);
    default:
      return Lead::other(); // %, &, ^: buckets, not an order
    }
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    const auto K = Op->getOperator();
    if (K == OO_Plus && Op->getNumArgs() == 2 && isStringType(E->getType()))
      return sequence({Op->getArg(0), Op->getArg(1)}, Depth);
    if ((K == OO_Plus || K == OO_Minus || K == OO_Slash || K == OO_Star) &&
        Op->getNumArgs() == 2)
      return arithmetic(Op->getArg(0), Op->getArg(1), Depth);
    if ((K == OO_PlusPlus || K == OO_PlusEqual) && Op->getNumArgs() >= 1 &&
        isAtomicType(Op->getArg(0)->getType()))
      if (const ValueDecl *D = namedDecl(Op->getArg(0)))
        return {LeadKind::Counter,
                "atomic counter '" + D->getNameAsString() + "'"};
    return Lead::other();
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    Lead A = lead(C->getTrueExpr(), Depth + 1);
    Lead B = lead(C->getFalseExpr(), Depth + 1);
    return A.decided() && A.Kind == B.Kind ? A : Lead::other();
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return fromVariable(V, D, Depth);
    return Lead::other();
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (auto C = counter(M->getMemberDecl(), M))
      return *C;
    // A field of a time value (tm.tm_year) is part of that time.
    if (isa<FieldDecl>(M->getMemberDecl())) {
      Lead Base = lead(M->getBase(), Depth + 1);
      if (Base.decided())
        return Base;
    }
    return Lead::other();
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return fromCall(C, Depth);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    if (C->getNumArgs() == 0 ||
        std::all_of(C->arg_begin(), C->arg_end(),
                    [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
      return Lead::constant(); // empty: a default string, stream or buffer
    // A copy keeps the value (std::tm utc = *std::gmtime(&t)).
    if (C->getConstructor()->isCopyOrMoveConstructor())
      return lead(C->getArg(0), Depth + 1);
    // Time types built from a time point keep it (Azure::DateTime(now)).
    const StringRef Class = C->getConstructor()->getParent()->getName();
    if (Class == "DateTime" || Class == "datetime" || Class == "time_point" ||
        Class == "duration")
      return lead(C->getArg(0), Depth + 1);
    return Lead::other();
  }
  return Lead::other();
}

Lead KeyOrigin::fromCall(const CallExpr *C, unsigned Depth) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return Lead::other();
  const StringRef Name = FD->getName();
  auto Arg = [&](unsigned I) -> const Expr * {
    return I < C->getNumArgs() ? C->getArg(I) : nullptr;
  };
  auto Origin = [&] {
    std::string T = text(C->getCallee());
    return (T.empty() ? FD->getQualifiedNameAsString() : T) + "()";
  };
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD)) {
    if (M->isStatic()) {
      const StringRef Class = M->getParent()->getName();
      if (Name == "now" &&
          (Class.ends_with("clock") || Class.ends_with("Clock")))
        return {LeadKind::Time, Origin()};
      if (Name == "utc_now")
        return {LeadKind::Time, Origin()};
      if (Name == "to_time_t" || Name == "from_time_t")
        return lead(Arg(0), Depth + 1);
      return Lead::other();
    }
    const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
    const Expr *Object = MC ? MC->getImplicitObjectArgument() : nullptr;
    if (!Object)
      return Lead::other();
    if (Name == "fetch_add") {
      const ValueDecl *D = namedDecl(Object);
      return {LeadKind::Counter, "atomic counter '" +
                                     (D ? D->getNameAsString() : text(Object)) +
                                     "'"};
    }
    // Reading a time or a text keeps its leading part.
    if (Name == "time_since_epoch" || Name == "count" || Name == "to_string" ||
        Name == "to_interval" || Name == "ToString" || Name == "c_str" ||
        Name == "data" || Name == "str")
      return C->getNumArgs() == 0 || Name == "to_string" || Name == "ToString"
                 ? lead(Object, Depth + 1)
                 : Lead::other();
    if (Name == "substr") {
      Expr::EvalResult R;
      const Expr *From = Arg(0);
      if (!From || (!From->isValueDependent() && From->EvaluateAsInt(R, Ctx) &&
                    R.Val.getInt() == 0))
        return lead(Object, Depth + 1);
    }
    return Lead::other();
  }
  if (inNamespace(FD, "fmt")) {
    if (Name == "format")
      return fromFormat(C, Depth);
    if (Name == "to_string")
      return lead(Arg(0), Depth + 1);
    return Lead::other();
  }
  if (inNamespace(FD, "utility")) {
    if (Name == "to_string_t" || Name == "to_utf8string" ||
        Name == "to_utf16string" || Name == "print_string")
      return lead(Arg(0), Depth + 1);
    return Lead::other();
  }
  if (!isCLibrary(FD))
    return Lead::other();
  if (Name == "time")
    return {LeadKind::Time, Origin()};
  if (Name == "format" && inNamespace(FD, "std"))
    return fromFormat(C, Depth);
  if (Name == "to_string" || Name == "to_wstring" || Name == "duration_cast" ||
      Name == "time_point_cast" || Name == "floor" || Name == "ceil" ||
      Name == "round" || Name == "gmtime" || Name == "localtime" ||
      Name == "gmtime_r" || Name == "localtime_r" || Name == "put_time" ||
      Name == "mktime" || Name == "timegm" || Name == "asctime" ||
      Name == "ctime" || Name == "move")
    return lead(Arg(0), Depth + 1);
  return Lead::other();
}

Lead KeyOrigin::fromFormat(const CallExpr *C, unsigned Depth) {
  if (C->getNumArgs() == 0)
    return Lead::other();
  const std::optional<std::string> Format = SR.recover(C->getArg(0));
  if (!Format || !StringRecovery::fullyKnown(*Format))
    return Lead::other();
  unsigned Next = 0;
  for (std::size_t I = 0; I < Format->size(); ++I) {
    const char Ch = (*Format)[I];
    if ((Ch == '{' || Ch == '}') && I + 1 < Format->size() &&
        (*Format)[I + 1] == Ch) {
      ++I; // an escaped brace: constant text
      continue;
    }
    if (Ch != '{')
      continue;
    const std::size_t Close = Format->find('}', I);
    if (Close == std::string::npos)
      return Lead::other();
    const std::string Field = Format->substr(I + 1, Close - I - 1);
    const std::string Index = Field.substr(0, Field.find(':'));
    unsigned Arg = Next++;
    if (!Index.empty()) {
      if (!std::all_of(Index.begin(), Index.end(),
                       [](char D) { return D >= '0' && D <= '9'; }))
        return Lead::other(); // a named argument
      Arg = static_cast<unsigned>(std::stoul(Index));
    }
    if (Arg + 1 >= C->getNumArgs())
      return Lead::other();
    Lead L = lead(C->getArg(Arg + 1), Depth + 1);
    if (L.Kind != LeadKind::Constant)
      return L;
    I = Close;
  }
  return Lead::constant();
}

Lead KeyOrigin::fromPrintf(const CallExpr *C, unsigned FormatArg,
                           unsigned Depth) {
  if (FormatArg >= C->getNumArgs())
    return Lead::other();
  const std::optional<std::string> Format = SR.recover(C->getArg(FormatArg));
  if (!Format || !StringRecovery::fullyKnown(*Format))
    return Lead::other();
  unsigned Next = FormatArg + 1;
  for (std::size_t I = 0; I < Format->size(); ++I) {
    if ((*Format)[I] != '%')
      continue;
    if (I + 1 < Format->size() && (*Format)[I + 1] == '%') {
      ++I;
      continue;
    }
    // Flags, width, precision and length, then the conversion; a `*`
    // width or precision takes an argument of its own.
    std::size_t J = I + 1;
    for (; J < Format->size() &&
           std::strchr("-+ #0123456789.*hlLjzt", (*Format)[J]);
         ++J)
      if ((*Format)[J] == '*')
        ++Next;
    if (J >= Format->size() || Next >= C->getNumArgs())
      return Lead::other();
    Lead L = lead(C->getArg(Next++), Depth + 1);
    if (L.Kind != LeadKind::Constant)
      return L;
    I = J;
  }
  return Lead::constant();
}

Lead KeyOrigin::fromVariable(const VarDecl *V, const Expr *Use,
                             unsigned Depth) {
  if (auto C = counter(V, Use))
    return *C;
  if (isa<ParmVarDecl>(V))
    return Lead::other();
  if (!V->hasLocalStorage() || V->isStaticLocal()) {
    const bool Const = V->getType().isConstQualified() || V->isConstexpr();
    return Const && V->getAnyInitializer()
               ? lead(V->getAnyInitializer(), Depth + 1)
               : Lead::other();
  }
  const FunctionDecl *F = enclosingFunction(Ctx, Use);
  const CompoundStmt *Block = declaringBlock(Ctx, V);
  if (!F || !F->hasBody() || !Block)
    return Lead::other();
  Lead Current =
      V->getInit() ? lead(V->getInit(), Depth + 1) : Lead::constant();

  const SourceManager &SM = Ctx.getSourceManager();
  const std::vector<const DeclRefExpr *> Refs =
      referencesTo(V, F->getBody());
  for (const DeclRefExpr *R : Refs) {
    if (R == Use ||
        !SM.isBeforeInTranslationUnit(R->getBeginLoc(), Use->getBeginLoc()))
      continue;
    // Climb to the expression that uses the variable, noting whether its
    // value is only read on the way.
    const Expr *Top = R;
    const Stmt *User = parentOf(Ctx, R);
    bool Read = false;
    while (User && isa<ParenExpr, ImplicitCastExpr, UnaryOperator>(User)) {
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(User))
        Read |= IC->getCastKind() == CK_LValueToRValue ||
                IC->getCastKind() == CK_NoOp;
      if (const auto *U = dyn_cast<UnaryOperator>(User)) {
        if (U->getOpcode() != UO_AddrOf)
          break;
      }
      Top = cast<Expr>(User);
      User = parentOf(Ctx, User);
    }
    if (Read)
      continue;
    enum { Ignore, Replace, Append, Unknown } Effect = Ignore;
    std::vector<const Expr *> Parts;
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(User)) {
      if (Op->getNumArgs() == 2 && Op->getArg(0) == Top) {
        const auto K = Op->getOperator();
        if (K == OO_Equal) {
          Effect = Replace;
          Parts = {Op->getArg(1)};
        } else if (K == OO_PlusEqual) {
          Effect = Append;
          Parts = {Op->getArg(1)};
        } else if (K == OO_LessLess) {
          // os << a << b: every inserted value, in order.
          Effect = Append;
          const CXXOperatorCallExpr *Link = Op;
          while (Link) {
            if (!isManipulator(Link->getArg(1)))
              Parts.push_back(Link->getArg(1));
            const Stmt *Up = parentOf(Ctx, Link);
            while (Up && isa<ImplicitCastExpr, ParenExpr>(Up))
              Up = parentOf(Ctx, Up);
            const auto *Next = dyn_cast_or_null<CXXOperatorCallExpr>(Up);
            Link = Next && Next->getOperator() == OO_LessLess ? Next : nullptr;
          }
        }
      }
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(User)) {
      if (BO->getLHS()->IgnoreParens() == Top && BO->isAssignmentOp())
        Effect = BO->getOpcode() == BO_Assign ? Replace : Unknown;
      if (Effect == Replace)
        Parts = {BO->getRHS()};
    } else if (const auto *ME = dyn_cast_or_null<MemberExpr>(User)) {
      const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(parentOf(Ctx, ME));
      const auto *M = MC ? MC->getMethodDecl() : nullptr;
      if (M && M->getName() == "append" && MC->getNumArgs() >= 1) {
        Effect = Append;
        Parts = {MC->getArg(0)};
      } else if (M && (M->getName() == "assign" || M->getName() == "str") &&
                 MC->getNumArgs() == 1) {
        Effect = Replace;
        Parts = {MC->getArg(0)};
      } else if (M && !M->isConst()) {
        Effect = Unknown;
      } else if (!M && isa<FieldDecl>(ME->getMemberDecl())) {
        // tm.tm_mday = 1: a part changed we do not follow.
        const Stmt *Up = parentOf(Ctx, ME);
        if (const auto *A = dyn_cast_or_null<BinaryOperator>(Up))
          if (A->isAssignmentOp() && A->getLHS()->IgnoreParens() == ME)
            Effect = Unknown;
      }
    } else if (const auto *Call = dyn_cast_or_null<CallExpr>(User)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      unsigned Index = 0;
      while (Index < Call->getNumArgs() && Call->getArg(Index) != Top)
        ++Index;
      const StringRef Name = FD && FD->getIdentifier() ? FD->getName() : "";
      if (FD && isCLibrary(FD) && Index < Call->getNumArgs()) {
        if ((Name == "strftime" || Name == "wcsftime") && Index == 0 &&
            Call->getNumArgs() == 4) {
          Effect = Replace;
          Parts = {Call->getArg(3)}; // the time formatted
        } else if ((Name == "snprintf" || Name == "swprintf") && Index == 0) {
          Lead L = fromPrintf(Call, 2, Depth + 1);
          if (!isStraightLineIn(Ctx, Call, Block))
            return Lead::other();
          Current = L;
          continue;
        } else if (Name == "sprintf" && Index == 0) {
          Lead L = fromPrintf(Call, 1, Depth + 1);
          if (!isStraightLineIn(Ctx, Call, Block))
            return Lead::other();
          Current = L;
          continue;
        } else if (Name == "time" && Index == 0) {
          Effect = Replace;
          Parts = {Call};
        } else if ((Name == "gmtime_r" || Name == "localtime_r") &&
                   Index == 1) {
          Effect = Replace;
          Parts = {Call->getArg(0)};
        }
      }
      if (Effect == Ignore && FD && Index < FD->getNumParams()) {
        // Passed by non-const reference or pointer: written where we do
        // not look.
        const QualType P = FD->getParamDecl(Index)->getType();
        const QualType Pointee = P->isReferenceType() || P->isPointerType()
                                     ? P->getPointeeType()
                                     : QualType();
        if (!Pointee.isNull() && !Pointee.isConstQualified() &&
            !(P->isRValueReferenceType()))
          Effect = Unknown;
      }
    } else if (isa_and_nonnull<UnaryOperator>(User)) {
      Effect = Unknown; // ++/-- on a non-counter
    }
    if (Effect == Ignore)
      continue;
    if (Effect == Unknown)
      return Lead::other();
    Lead Part = sequence(Parts, Depth);
    const bool Straight = isStraightLineIn(Ctx, R, Block);
    if (Effect == Replace) {
      if (!Straight)
        return Lead::other();
      Current = Part;
    } else if (Current.Kind == LeadKind::Constant) {
      if (!Straight)
        return Lead::other();
      Current = Part;
    }
    // Appending to a value whose start is decided keeps the start.
  }
  return Current;
}

} // namespace

void TimeBasedPartitionKeyCheck::checkModel(const TableModel &Model,
                                            ASTContext &Ctx) {
  KeyOrigin Origins(Ctx, roles());
  for (const KeySite &K : keySites(Model)) {
    if (K.Part != KeyPart::Partition || !K.Written)
      continue;
    const Lead L = Origins.lead(K.Value);
    if (!L.decided())
      continue;
    const unsigned Target =
        static_cast<unsigned>(limits::PartitionEntitiesPerSecond);
    if (L.Kind == LeadKind::Time)
      diag(K.Value->getBeginLoc(),
           "partition key starts with the current time (%0): every writer "
           "appends to the newest partition, which alone serves about %1 "
           "entities/s; put a spreading prefix first (an id the readers know, "
           "or a hash bucket of one)")
          << L.Origin << Target;
    else
      diag(K.Value->getBeginLoc(),
           "partition key starts with %0, a value that only grows: every "
           "writer appends to the newest partition, which alone serves about "
           "%1 entities/s; put a spreading prefix first (an id the readers "
           "know, or a hash bucket of one)")
          << L.Origin << Target;
  }
}

} // namespace tablelint::code
