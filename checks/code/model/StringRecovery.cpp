// Compile-time recovery of string values (see StringRecovery.h).
#include "checks/code/model/StringRecovery.h"
#include "checks/code/model/AstWalk.h"

#include "core/Filter.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/AST/StmtCXX.h>

#include <algorithm>
#include <cstdio>
#include <functional>

namespace tablelint::code {

using namespace clang;

namespace {

// Deeper than this, a value is "unknown": recursion through helpers and
// variables stays cheap and cannot loop.
constexpr unsigned MaxDepth = 8;

// The OData operator spelled by each azure::storage operator constant. The
// real SDK declares them extern (defined in its library), so their value is
// not visible to the compiler; their names are stable API.
std::optional<std::string_view> operatorConstant(const VarDecl *V) {
  const auto *Class = dyn_cast<CXXRecordDecl>(V->getDeclContext());
  if (!Class)
    return std::nullopt;
  const StringRef ClassName = Class->getName();
  const StringRef Name = V->getName();
  if (ClassName == "query_comparison_operator") {
    static const std::pair<StringRef, std::string_view> Map[] = {
        {"equal", "eq"},        {"not_equal", "ne"},
        {"greater_than", "gt"}, {"greater_than_or_equal", "ge"},
        {"less_than", "lt"},    {"less_than_or_equal", "le"}};
    for (const auto &[N, Op] : Map)
      if (Name == N)
        return Op;
  }
  if (ClassName == "query_logical_operator") {
    if (Name == "op_and")
      return "and";
    if (Name == "op_or")
      return "or";
    if (Name == "op_not")
      return "not";
  }
  return std::nullopt;
}

bool isStringLikeType(QualType T) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *P = T->getAs<PointerType>())
    return P->getPointeeType()->isAnyCharacterType();
  if (T->isArrayType())
    return T->getArrayElementTypeNoTypeQual()->isAnyCharacterType();
  if (const auto *R = T->getAsCXXRecordDecl()) {
    const StringRef Name = R->getName();
    return Name == "basic_string" || Name == "basic_string_view" ||
           Name == "Nullable";
  }
  return false;
}

// The return statements of a body, lambdas' own excluded.
class ReturnCounter : public RecursiveASTVisitor<ReturnCounter> {
public:
  bool VisitReturnStmt(ReturnStmt *) {
    ++Count;
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  unsigned Count = 0;
};

unsigned countReturns(const Stmt *Body) {
  ReturnCounter C;
  C.TraverseStmt(const_cast<Stmt *>(Body));
  return C.Count;
}

// True when the helper only reads its parameter P: a const parameter, or a
// by-value one that no statement of Body writes (+=, =, a non-const method).
bool parameterOnlyRead(ASTContext &Ctx, const ParmVarDecl *P,
                       const Stmt *Body) {
  if (P->getType().getNonReferenceType().isConstQualified())
    return true;
  if (P->getType()->isReferenceType())
    return false;
  for (const DeclRefExpr *R : referencesTo(P, Body)) {
    const Stmt *Up = parentOf(Ctx, R);
    while (Up && isa<ParenExpr>(Up))
      Up = parentOf(Ctx, Up);
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Up))
      if (Op->isAssignmentOp() && Op->getNumArgs() > 0 &&
          stripTemporaries(Op->getArg(0)) == R)
        return false;
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(Up)) {
      const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
      if (M && !M->isConst())
        return false;
    }
  }
  return true;
}

std::string escapeQuotes(const std::string &S) {
  std::string Out;
  for (char C : S) {
    Out += C;
    if (C == '\'')
      Out += '\'';
  }
  return Out;
}

} // namespace

std::string unknownText() { return std::string(1, UnknownValueMarker); }

bool StringRecovery::fullyKnown(const std::string &Text) {
  return Text.find(UnknownValueMarker) == std::string::npos;
}

bool StringRecovery::nothingKnown(const std::string &Text) {
  return std::all_of(Text.begin(), Text.end(),
                     [](char C) { return C == UnknownValueMarker; });
}

std::string shownValue(const std::string &Recovered) {
  constexpr std::size_t MaxShown = 48;
  std::string Out;
  for (std::size_t I = 0; I < Recovered.size(); ++I) {
    const auto C = static_cast<unsigned char>(Recovered[I]);
    // Cut at a character boundary (not inside a UTF-8 sequence).
    if (I >= MaxShown && (C & 0xC0) != 0x80) {
      Out += "...";
      break;
    }
    char Buf[8];
    if (Recovered[I] == UnknownValueMarker) {
      Out += "{?}";
    } else if (C < 0x20 || C == 0x7F) {
      // Control characters are shown escaped, never raw.
      std::snprintf(Buf, sizeof Buf, "\\x%02X", C);
      Out += Buf;
    } else if (C == 0xC2 && I + 1 < Recovered.size() &&
               static_cast<unsigned char>(Recovered[I + 1]) <= 0x9F &&
               static_cast<unsigned char>(Recovered[I + 1]) >= 0x80) {
      std::snprintf(Buf, sizeof Buf, "\\u%04X",
                    static_cast<unsigned char>(Recovered[I + 1]));
      Out += Buf;
      ++I;
    } else {
      Out += Recovered[I];
    }
  }
  return Out;
}

const Expr *stripStringWrappers(const Expr *E) {
  return stripValueWrappers(E, [](const Expr *W) -> const Expr * {
    if (const auto *C = dyn_cast<CXXConstructExpr>(W)) {
      // Converting and copying constructors: the value is the first
      // argument's (extra arguments must be defaulted, e.g. an allocator).
      const Expr *Source = soleArgument(C);
      return Source && isStringLikeType(Source->getType()) ? Source : W;
    }
    // A conversion operator (string -> string_view) keeps the value.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(W))
      if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
        return MC->getImplicitObjectArgument();
    return W;
  });
}

std::optional<std::string> StringRecovery::recover(const Expr *E) {
  if (!E)
    return std::nullopt;
  const Expr *S = stripStringWrappers(E);
  if (!isStringLikeType(S->getType()) && !isStringLikeType(E->getType()))
    return std::nullopt;
  return value(E, 0);
}

std::string StringRecovery::value(const Expr *E, unsigned Depth) {
  if (!E || Depth > MaxDepth)
    return unknownText();
  E = stripStringWrappers(E);
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return value(D->getExpr(), Depth + 1);
  if (const auto *L = dyn_cast<StringLiteral>(E)) {
    if (L->isOrdinary() || L->isUTF8())
      return L->getString().str();
    std::string Out;
    for (unsigned I = 0; I < L->getLength(); ++I) {
      const uint32_t C = L->getCodeUnit(I);
      if (C >= 128)
        return unknownText();
      Out += static_cast<char>(C);
    }
    return Out;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return fromVariable(V, D, Depth);
    return unknownText();
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Plus && Op->getNumArgs() == 2)
      return value(Op->getArg(0), Depth + 1) + value(Op->getArg(1), Depth + 1);
    return unknownText();
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return fromCall(C, Depth);
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    std::string A = value(Cond->getTrueExpr(), Depth + 1);
    std::string B = value(Cond->getFalseExpr(), Depth + 1);
    return A == B ? A : unknownText();
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    if (C->getNumArgs() == 0 ||
        std::all_of(C->arg_begin(), C->arg_end(),
                    [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
      return ""; // a default-constructed (empty) string
  return unknownText();
}

std::string StringRecovery::fromVariable(const VarDecl *V, const Expr *Use,
                                         unsigned Depth) {
  if (auto Op = operatorConstant(V))
    return std::string(*Op);
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    for (auto It = Bound.rbegin(); It != Bound.rend(); ++It)
      if (It->first == P)
        return It->second;
    return unknownText();
  }
  const QualType T = V->getType();
  const bool IsConst = T.isConstQualified() || V->isConstexpr() ||
                       (T->isPointerType() && T->getPointeeType().isConstQualified() &&
                        V->getType().isConstQualified());
  if (IsConst) {
    const Expr *Init = V->getAnyInitializer();
    return Init ? value(Init, Depth + 1) : unknownText();
  }
  if (!V->hasLocalStorage() || V->isStaticLocal())
    return unknownText();
  // A char buffer is filled through pointers: only a snprintf before the
  // use is followed (strftime and the rest are writes we cannot follow). A
  // pointer to const chars is a value like any other, reassigned or not.
  if (T->isArrayType() &&
      T->getArrayElementTypeNoTypeQual()->isAnyCharacterType())
    return fromFilledBuffer(V, Use, Depth);
  if (T->isArrayType() ||
      (T->isPointerType() && !T->getPointeeType().isConstQualified()))
    return unknownText();
  // A local string built in straight-line code: the initializer, then each
  // +=, append and assignment that sits directly in the declaring block
  // before the use. Any other write (in a loop or branch, through a
  // reference) makes the value unknown.
  const FunctionDecl *F = enclosingFunction(Ctx, Use);
  if (!F || !F->hasBody())
    return unknownText();
  const SourceManager &SM = Ctx.getSourceManager();
  const CompoundStmt *Block = declaringBlock(Ctx, V);
  if (!Block)
    return unknownText();
  const std::vector<const DeclRefExpr *> Refs =
      referencesTo(V, F->getBody());
  struct Edit {
    SourceLocation Loc;
    bool Append;
    const Expr *Value;
  };
  std::vector<Edit> Edits;
  for (const DeclRefExpr *R : Refs) {
    if (R == Use || !SM.isBeforeInTranslationUnit(R->getBeginLoc(),
                                                  Use->getBeginLoc()))
      continue;
    // How this reference uses the variable: a read (a conversion, a copy,
    // a const method, a comparison or +), or a write we can follow (+=,
    // =, append). Anything else is a write we cannot follow.
    const Stmt *P = parentOf(Ctx, R);
    while (P && isa<ParenExpr>(P))
      P = parentOf(Ctx, P);
    std::optional<Edit> E;
    bool ReadOnly = isa_and_nonnull<ImplicitCastExpr>(P);
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P)) {
      const bool IsTarget =
          Op->getNumArgs() == 2 && stripStringWrappers(Op->getArg(0)) == R;
      if (IsTarget && Op->getOperator() == OO_PlusEqual)
        E = Edit{Op->getBeginLoc(), true, Op->getArg(1)};
      else if (IsTarget && Op->getOperator() == OO_Equal)
        E = Edit{Op->getBeginLoc(), false, Op->getArg(1)};
      else
        ReadOnly = Op->getOperator() == OO_Plus ||
                   Op->getOperator() == OO_EqualEqual ||
                   Op->getOperator() == OO_ExclaimEqual ||
                   Op->getOperator() == OO_Less;
    } else if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
      const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(parentOf(Ctx, ME));
      const auto *Method = MC ? MC->getMethodDecl() : nullptr;
      if (Method && Method->getName() == "append" && MC->getNumArgs() == 1)
        E = Edit{MC->getBeginLoc(), true, MC->getArg(0)};
      else
        ReadOnly = Method && Method->isConst();
    } else if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(P)) {
      ReadOnly = CE->getConstructor()->isCopyOrMoveConstructor();
    }
    if (ReadOnly)
      continue;
    if (!E)
      return unknownText(); // written in a way we do not follow
    if (!isStraightLineIn(Ctx, R, Block))
      return unknownText(); // conditional or repeated write
    Edits.push_back(*E);
  }
  std::sort(Edits.begin(), Edits.end(), [&](const Edit &A, const Edit &B) {
    return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
  });
  std::string Text = V->getInit() ? value(V->getInit(), Depth + 1) : "";
  for (const Edit &E : Edits) {
    const std::string Part = value(E.Value, Depth + 1);
    Text = E.Append ? Text + Part : Part;
  }
  return Text;
}

std::string StringRecovery::fromCall(const CallExpr *Call, unsigned Depth) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return unknownText();
  const std::string Name = FD->getQualifiedNameAsString();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    const StringRef M = FD->getName();
    if ((M == "c_str" || M == "data" || M == "str") && Call->getNumArgs() == 0)
      return value(MC->getImplicitObjectArgument(), Depth + 1);
  }
  if (const ApiFunction *F = Roles.find(Name, ApiRole::FilterCondition))
    return fromFilterCondition(Call, *F, Depth);
  if (const ApiFunction *F = Roles.find(Name, ApiRole::FilterCombine)) {
    const auto L = F->arg("left"), O = F->arg("operator"), R = F->arg("right");
    if (!L || !O || !R || std::max({*L, *O, *R}) >= Call->getNumArgs())
      return unknownText();
    return "(" + value(Call->getArg(*L), Depth + 1) + ") " +
           value(Call->getArg(*O), Depth + 1) + " (" +
           value(Call->getArg(*R), Depth + 1) + ")";
  }
  const StringRef Short = FD->getName();
  if (Short == "format" && (Name.rfind("fmt::", 0) == 0 || Name.rfind("std::", 0) == 0))
    return fromFormat(Call, Depth);
  // Conversions that keep the text (cpprestsdk, std).
  if ((Short == "to_string_t" || Short == "to_utf8string" ||
       Short == "to_utf16string") &&
      Call->getNumArgs() == 1)
    return value(Call->getArg(0), Depth + 1);
  return fromHelper(Call, FD, Depth);
}

// A helper of this TU: the text it returns, with each parameter standing
// for the caller's argument (locals of the helper built in straight-line
// code are followed as anywhere else). Its return is its only one, ending
// its body, or the one a switch or if-chain on its integer and enum
// parameters picks for the caller's constant arguments.
std::string StringRecovery::fromHelper(const CallExpr *Call,
                                       const FunctionDecl *FD, unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def || FD->isInStdNamespace() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return unknownText();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->body_empty())
    return unknownText();
  const ReturnStmt *Ret = nullptr;
  if (countReturns(Body) == 1)
    Ret = dyn_cast<ReturnStmt>(Body->body_back());
  // Member calls: `this` is not modelled, so only the arguments bind.
  const unsigned Offset = isa<CXXOperatorCallExpr>(Call) &&
                                  isa<CXXMethodDecl>(Def)
                              ? 1
                              : 0;
  std::vector<std::pair<const ParmVarDecl *, std::string>> Args;
  std::vector<std::pair<const ParmVarDecl *, std::int64_t>> Ints;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const unsigned A = I + Offset;
    const Expr *Arg = A < Call->getNumArgs() ? Call->getArg(A) : nullptr;
    Args.emplace_back(P, Arg && isStringLikeType(P->getType()) &&
                                 parameterOnlyRead(Ctx, P, Def->getBody())
                             ? value(Arg, Depth + 1)
                             : unknownText());
    if (Arg && P->getType()->isIntegralOrEnumerationType())
      if (const std::optional<std::int64_t> V = intValue(Arg);
          V && parameterOnlyRead(Ctx, P, Def->getBody()))
        Ints.emplace_back(P, *V);
  }
  const std::size_t Mark = Bound.size(), IntMark = IntBound.size();
  IntBound.insert(IntBound.end(), Ints.begin(), Ints.end());
  if (!Ret)
    Ret = chosenReturn(Body);
  std::string Out = unknownText();
  if (Ret && Ret->getRetValue()) {
    Bound.insert(Bound.end(), Args.begin(), Args.end());
    Out = value(Ret->getRetValue(), Depth + 1);
  }
  Bound.resize(Mark);
  IntBound.resize(IntMark);
  return Out;
}

// The value of an integer or enum expression: a bound parameter, a
// comparison or logical operator over known values, or a constant.
std::optional<std::int64_t> StringRecovery::intValue(const Expr *E) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *P = dyn_cast<ParmVarDecl>(D->getDecl())) {
      for (auto It = IntBound.rbegin(); It != IntBound.rend(); ++It)
        if (It->first == P)
          return It->second;
      return std::nullopt;
    }
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_LNot)
    if (const std::optional<std::int64_t> V = intValue(U->getSubExpr()))
      return *V == 0;
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    const std::optional<std::int64_t> L = intValue(B->getLHS());
    const std::optional<std::int64_t> R = intValue(B->getRHS());
    switch (B->getOpcode()) {
    case BO_EQ:
      return L && R ? std::optional<std::int64_t>(*L == *R) : std::nullopt;
    case BO_NE:
      return L && R ? std::optional<std::int64_t>(*L != *R) : std::nullopt;
    case BO_LAnd:
      if ((L && !*L) || (R && !*R))
        return 0;
      return L && R ? std::optional<std::int64_t>(1) : std::nullopt;
    case BO_LOr:
      if ((L && *L) || (R && *R))
        return 1;
      return L && R ? std::optional<std::int64_t>(0) : std::nullopt;
    default:
      break;
    }
  }
  Expr::EvalResult R;
  if (S->getType()->isIntegralOrEnumerationType() && S->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  return std::nullopt;
}

namespace {

// How a statement ends when run with the bound parameters.
enum class Flow { Next, Break, Returned, Unknown };

// The statement under a chain of case and default labels.
const Stmt *unlabelled(const Stmt *S) {
  while (true) {
    if (const auto *C = dyn_cast<SwitchCase>(S))
      S = C->getSubStmt();
    else if (const auto *A = dyn_cast<AttributedStmt>(S))
      S = A->getSubStmt();
    else
      return S;
  }
}

} // namespace

const ReturnStmt *StringRecovery::chosenReturn(const Stmt *Body) {
  const ReturnStmt *Out = nullptr;
  // Runs S; Out is set when it returns.
  std::function<Flow(const Stmt *)> Run = [&](const Stmt *S) -> Flow {
    if (!S || isa<NullStmt, DeclStmt>(S))
      return Flow::Next;
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      Out = R;
      return Flow::Returned;
    }
    if (isa<BreakStmt>(S))
      return Flow::Break;
    if (const auto *A = dyn_cast<AttributedStmt>(S))
      return Run(A->getSubStmt());
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : C->body())
        if (const Flow F = Run(Child); F != Flow::Next)
          return F;
      return Flow::Next;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable() || If->isConsteval())
        return Flow::Unknown;
      const std::optional<std::int64_t> C = intValue(If->getCond());
      return C ? Run(*C ? If->getThen() : If->getElse()) : Flow::Unknown;
    }
    if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
      const auto *Cases = dyn_cast_or_null<CompoundStmt>(Sw->getBody());
      const std::optional<std::int64_t> V =
          Sw->getInit() || Sw->getConditionVariable() || !Cases
              ? std::nullopt
              : intValue(Sw->getCond());
      if (!V)
        return Flow::Unknown;
      // The first statement the value jumps to: its case, or the default.
      std::optional<std::size_t> Start, Default;
      for (std::size_t I = 0; I < Cases->size() && !Start; ++I)
        for (const Stmt *L = Cases->body_begin()[I]; isa<SwitchCase>(L);
             L = cast<SwitchCase>(L)->getSubStmt()) {
          if (isa<DefaultStmt>(L)) {
            Default = I;
            continue;
          }
          const auto *Case = cast<CaseStmt>(L);
          const std::optional<std::int64_t> C = intValue(Case->getLHS());
          if (!C || Case->caseStmtIsGNURange())
            return Flow::Unknown;
          if (*C == *V)
            Start = I;
        }
      if (!Start)
        Start = Default;
      for (std::size_t I = Start.value_or(Cases->size()); I < Cases->size();
           ++I) {
        const Flow F = Run(unlabelled(Cases->body_begin()[I]));
        if (F == Flow::Break)
          return Flow::Next;
        if (F != Flow::Next)
          return F;
      }
      return Flow::Next;
    }
    // Expressions run for their effects (a log line); a throw ends the
    // path with no value; loops, try and jumps are not followed.
    if (const auto *E = dyn_cast<Expr>(S))
      return isa<CXXThrowExpr>(E->IgnoreImplicit()) ? Flow::Unknown
                                                     : Flow::Next;
    return Flow::Unknown;
  };
  return Run(Body) == Flow::Returned ? Out : nullptr;
}

// A local char buffer filled once, in straight-line code before the use,
// by snprintf or sprintf (the only other references are sizeof).
std::string StringRecovery::fromFilledBuffer(const VarDecl *V, const Expr *Use,
                                             unsigned Depth) {
  const FunctionDecl *F = enclosingFunction(Ctx, Use);
  const CompoundStmt *Block = declaringBlock(Ctx, V);
  if (!F || !F->hasBody() || !Block || V->getInit())
    return unknownText();
  const SourceManager &SM = Ctx.getSourceManager();
  const CallExpr *Fill = nullptr;
  unsigned FormatArg = 0;
  for (const DeclRefExpr *R : referencesTo(V, F->getBody())) {
    if (R == Use ||
        !SM.isBeforeInTranslationUnit(R->getBeginLoc(), Use->getBeginLoc()))
      continue;
    const Stmt *P = parentOf(Ctx, R);
    while (P && isa<ImplicitCastExpr, ParenExpr>(P))
      P = parentOf(Ctx, P);
    if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(P))
      continue; // sizeof buffer
    const auto *Call = dyn_cast_or_null<CallExpr>(P);
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    if (Fill || !FD || !FD->getIdentifier() || Call->getNumArgs() < 2 ||
        Call->getArg(0)->IgnoreParenImpCasts() != R ||
        !(FD->isInStdNamespace() ||
          FD->getDeclContext()->getRedeclContext()->isTranslationUnit()) ||
        !isStraightLineIn(Ctx, Call, Block))
      return unknownText();
    if (FD->getName() == "snprintf")
      FormatArg = 2;
    else if (FD->getName() == "sprintf")
      FormatArg = 1;
    else
      return unknownText();
    Fill = Call;
  }
  return Fill ? fromPrintf(Fill, FormatArg, Depth) : unknownText();
}

// The text a printf-style call writes: %s of known strings, %d/%i/%u of
// constants; any other conversion, or one with flags, width or precision,
// is an unknown stretch.
std::string StringRecovery::fromPrintf(const CallExpr *Call, unsigned FormatArg,
                                       unsigned Depth) {
  if (FormatArg >= Call->getNumArgs())
    return unknownText();
  const std::string Format = value(Call->getArg(FormatArg), Depth + 1);
  if (!fullyKnown(Format))
    return unknownText();
  std::string Out;
  unsigned NextArg = FormatArg + 1;
  auto TakeArg = [&]() -> const Expr * {
    return NextArg < Call->getNumArgs() ? Call->getArg(NextArg++) : nullptr;
  };
  for (std::size_t I = 0; I < Format.size(); ++I) {
    if (Format[I] != '%') {
      Out += Format[I];
      continue;
    }
    if (I + 1 < Format.size() && Format[I + 1] == '%') {
      Out += '%';
      ++I;
      continue;
    }
    std::size_t J = I + 1;
    bool Plain = true;
    auto Skip = [&](StringRef Set) {
      while (J < Format.size() && Set.contains(Format[J])) {
        Plain = false;
        if (Format[J] == '*')
          TakeArg();
        ++J;
      }
    };
    Skip("-+ #0");
    Skip("0123456789*");
    Skip(".0123456789*");
    while (J < Format.size() && StringRef("hlLqjzt").contains(Format[J]))
      ++J;
    if (J >= Format.size())
      return Out + unknownText();
    const char Conversion = Format[J];
    const Expr *A = TakeArg();
    I = J;
    Expr::EvalResult R;
    if (Plain && A && Conversion == 's') {
      Out += value(A, Depth + 1);
    } else if (Plain && A && StringRef("diu").contains(Conversion) &&
               !A->isValueDependent() && A->EvaluateAsInt(R, Ctx)) {
      Out += std::to_string(R.Val.getInt().getExtValue());
    } else {
      Out += unknownText();
    }
  }
  return Out;
}

std::string StringRecovery::fromFormat(const CallExpr *Call, unsigned Depth) {
  if (Call->getNumArgs() == 0)
    return unknownText();
  const std::string Format = value(Call->getArg(0), Depth + 1);
  if (!fullyKnown(Format))
    return unknownText();
  std::string Out;
  unsigned NextArg = 1;
  for (std::size_t I = 0; I < Format.size(); ++I) {
    const char C = Format[I];
    if ((C == '{' || C == '}') && I + 1 < Format.size() && Format[I + 1] == C) {
      Out += C;
      ++I;
      continue;
    }
    if (C != '{') {
      Out += C;
      continue;
    }
    const std::size_t Close = Format.find('}', I);
    if (Close == std::string::npos)
      return unknownText();
    const std::string Field = Format.substr(I + 1, Close - I - 1);
    I = Close;
    unsigned Index = NextArg++;
    bool Plain = true;
    if (!Field.empty()) {
      if (std::all_of(Field.begin(), Field.end(),
                      [](char D) { return D >= '0' && D <= '9'; }))
        Index = static_cast<unsigned>(std::stoul(Field)) + 1;
      else
        Plain = false; // a format spec: the text depends on it
    }
    // A placeholder is the argument's text when that is a known string.
    if (Plain && Index < Call->getNumArgs()) {
      const Expr *A = Call->getArg(Index);
      if (isStringLikeType(stripStringWrappers(A)->getType())) {
        Out += value(A, Depth + 1);
        continue;
      }
      Expr::EvalResult R;
      if (A->getType()->isIntegerType() && !A->isValueDependent() &&
          A->EvaluateAsInt(R, Ctx)) {
        Out += std::to_string(R.Val.getInt().getExtValue());
        continue;
      }
    }
    Out += unknownText();
  }
  return Out;
}

std::string StringRecovery::fromFilterCondition(const CallExpr *Call,
                                                const ApiFunction &F,
                                                unsigned Depth) {
  const auto P = F.arg("property"), O = F.arg("operator"), V = F.arg("value");
  if (!P || !O || !V || std::max({*P, *O, *V}) >= Call->getNumArgs())
    return unknownText();
  return value(Call->getArg(*P), Depth + 1) + " " +
         value(Call->getArg(*O), Depth + 1) + " " +
         typedLiteral(Call->getArg(*V), Depth);
}

// The OData literal generate_filter_condition writes for a value: its form
// follows the overload's parameter type.
std::string StringRecovery::typedLiteral(const Expr *Value, unsigned Depth) {
  const Expr *Stripped = Value->IgnoreParenImpCasts();
  QualType T = Value->getType().getNonReferenceType().getCanonicalType();
  if (isStringLikeType(T) || isStringLikeType(Stripped->getType()))
    return "'" + escapeQuotes(value(Value, Depth + 1)) + "'";
  T = T.getUnqualifiedType();
  if (T->isBooleanType()) {
    bool B = false;
    if (!Value->isValueDependent() && Value->EvaluateAsBooleanCondition(B, Ctx))
      return B ? "true" : "false";
    return unknownText();
  }
  if (T->isIntegerType()) {
    Expr::EvalResult R;
    const bool Wide = Ctx.getTypeSize(T) > 32;
    if (!Value->isValueDependent() && Value->EvaluateAsInt(R, Ctx))
      return std::to_string(R.Val.getInt().getExtValue()) + (Wide ? "L" : "");
    return unknownText();
  }
  if (T->isRealFloatingType()) {
    llvm::APFloat F(0.0);
    if (!Value->isValueDependent() && Value->EvaluateAsFloat(F, Ctx)) {
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "%.17g", F.convertToDouble());
      std::string S = Buf;
      if (S.find_first_of(".eE") == std::string::npos)
        S += ".0";
      return S;
    }
    return unknownText();
  }
  if (const auto *R = T->getAsCXXRecordDecl()) {
    const StringRef N = R->getName();
    if (N == "datetime")
      return "datetime'" + unknownText() + "'";
    if (N == "uuid")
      return "guid'" + unknownText() + "'";
    if (N == "vector")
      return "X'" + unknownText() + "'";
  }
  return unknownText();
}

// The whole string expression a literal is part of: up through +,
// conversions, temporaries and c_str().
const Expr *outermostString(ASTContext &Ctx, const Expr *E) {
  const Expr *Cur = E;
  for (;;) {
    const Stmt *Parent = nullptr;
    for (const DynTypedNode &P : Ctx.getParents(*Cur))
      if ((Parent = P.get<Stmt>()))
        break;
    const auto *PE = dyn_cast_or_null<Expr>(Parent);
    if (!PE)
      return Cur;
    if (isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
            CXXBindTemporaryExpr, CXXFunctionalCastExpr, ExprWithCleanups>(
            PE)) {
      Cur = PE;
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(PE))
      if (C->getNumArgs() >= 1 && C->getArg(0) == Cur) {
        Cur = PE;
        continue;
      }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(PE))
      if (Op->getOperator() == OO_Plus) {
        Cur = PE;
        continue;
      }
    if (const auto *M = dyn_cast<MemberExpr>(PE)) {
      const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(
          Ctx.getParents(*M).empty() ? nullptr
                                     : Ctx.getParents(*M)[0].get<Stmt>());
      if (MC && MC->getMethodDecl() &&
          (MC->getMethodDecl()->getName() == "c_str" ||
           MC->getMethodDecl()->getName() == "data")) {
        Cur = MC;
        continue;
      }
    }
    return Cur;
  }
}

} // namespace tablelint::code
