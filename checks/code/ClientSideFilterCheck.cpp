// Reports loops that drop query results the $filter could have dropped.
#include "checks/code/ClientSideFilterCheck.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/QueryResults.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <set>

namespace tablelint::code {

using namespace clang;

namespace {

enum class ValueKind : std::uint8_t { String, Int32, Int64, Double, Bool };

const Expr *strip(const Expr *E) {
  return stripStringWrappers(E)->IgnoreParenImpCasts();
}

std::optional<ValueKind> kindOf(QualType T, const ASTContext &Ctx) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (T->isBooleanType())
    return ValueKind::Bool;
  if (T->isIntegerType() && !T->isEnumeralType() && !T->isAnyCharacterType())
    return Ctx.getTypeSize(T) <= 32 ? ValueKind::Int32 : ValueKind::Int64;
  if (T->isRealFloatingType())
    return ValueKind::Double;
  if (const auto *R = T->getAsCXXRecordDecl())
    if (R->getName() == "basic_string" || R->getName() == "basic_string_view")
      return ValueKind::String;
  return std::nullopt;
}

struct PropertyOperand {
  std::string Name;
  ValueKind Kind;
};

struct Comparison {
  const Expr *Left = nullptr;
  const Expr *Right = nullptr;
  CompareOp Op = CompareOp::Eq;
  SourceLocation Loc;
};

std::optional<CompareOp> compareOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_EQ:
    return CompareOp::Eq;
  case BO_NE:
    return CompareOp::Ne;
  case BO_LT:
    return CompareOp::Lt;
  case BO_GT:
    return CompareOp::Gt;
  case BO_LE:
    return CompareOp::Le;
  case BO_GE:
    return CompareOp::Ge;
  default:
    return std::nullopt;
  }
}

std::optional<Comparison> plainComparison(const Expr *E);

// `a.compare(b)` on a string, null for anything else (a compare() of a
// part of the value takes more arguments).
const CXXMemberCallExpr *stringCompare(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
  if (!MC || MC->getNumArgs() != 1 || !MC->getMethodDecl() ||
      !MC->getMethodDecl()->getIdentifier() ||
      MC->getMethodDecl()->getName() != "compare")
    return nullptr;
  const auto *R = MC->getImplicitObjectArgument()
                      ->getType()
                      .getNonReferenceType()
                      ->getAsCXXRecordDecl();
  return R && (R->getName() == "basic_string" ||
               R->getName() == "basic_string_view")
             ? MC
             : nullptr;
}

bool isZero(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult Res;
  return !E->isValueDependent() && E->EvaluateAsInt(Res, Ctx) &&
         Res.Val.getInt().isZero();
}

// `a OP b`, also written `a.compare(b) OP 0` (or `0 OP a.compare(b)`).
std::optional<Comparison> comparison(const Expr *E, const ASTContext &Ctx) {
  auto C = plainComparison(E);
  if (!C)
    return C;
  if (const CXXMemberCallExpr *MC = stringCompare(C->Left);
      MC && isZero(C->Right, Ctx))
    return Comparison{MC->getImplicitObjectArgument(), MC->getArg(0), C->Op,
                      C->Loc};
  if (const CXXMemberCallExpr *MC = stringCompare(C->Right);
      MC && isZero(C->Left, Ctx))
    return Comparison{MC->getImplicitObjectArgument(), MC->getArg(0),
                      mirrorCompareOp(C->Op), C->Loc};
  return C;
}

std::optional<Comparison> plainComparison(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (auto Op = compareOp(B->getOpcode()))
      return Comparison{B->getLHS(), B->getRHS(), *Op, B->getOperatorLoc()};
  if (const auto *RW = dyn_cast<CXXRewrittenBinaryOperator>(E)) {
    const auto D = RW->getDecomposedForm();
    if (auto Op = compareOp(D.Opcode))
      return Comparison{D.LHS, D.RHS, *Op, RW->getOperatorLoc()};
  }
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E);
      Call && Call->getNumArgs() == 2)
    if (auto Op =
            compareOp(BinaryOperator::getOverloadedOpcode(Call->getOperator())))
      return Comparison{Call->getArg(0), Call->getArg(1), *Op,
                        Call->getOperatorLoc()};
  return std::nullopt;
}

const char *cppOperator(CompareOp Op) {
  switch (Op) {
  case CompareOp::Eq:
    return "==";
  case CompareOp::Ne:
    return "!=";
  case CompareOp::Gt:
    return ">";
  case CompareOp::Ge:
    return ">=";
  case CompareOp::Lt:
    return "<";
  case CompareOp::Le:
    return "<=";
  }
  return "==";
}

// One condition of the loop that the $filter could carry.
struct Clause {
  std::string Property;
  CompareOp Op = CompareOp::Eq;
  std::string Filter; // "Status eq 'open'"
  std::string Shown;  // 'Status' == "open"
  SourceLocation Loc;
};

class FilterFinder {
public:
  FilterFinder(ASTContext &Ctx, const ApiRoles &Roles, const QueryResults &R,
               const ResultLoop &Loop)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Roles(Roles), R(R), Loop(Loop) {}

  // The conditions the loop keeps entities by: `if (c) continue;` at the
  // top, or an if without else that is the last statement of the body
  // (before the step of the iterator, in a loop that steps it in its
  // body). Only declarations and statements that change nothing but locals
  // of the body may come before.
  std::vector<Clause> clauses() {
    if (!visitsEveryEntity())
      return {};
    std::vector<const Stmt *> Stmts;
    if (const auto *C = dyn_cast<CompoundStmt>(Loop.Body))
      Stmts.assign(C->body_begin(), C->body_end());
    else
      Stmts.push_back(Loop.Body);
    const bool StepsInBody = !loopStep();
    if (StepsInBody)
      while (!Stmts.empty() && stepsIterator(Stmts.back()))
        Stmts.pop_back();
    std::vector<Clause> Out;
    for (std::size_t I = 0; I < Stmts.size(); ++I) {
      if (changesOnlyBodyLocals(Stmts[I]))
        continue;
      const auto *If = dyn_cast<IfStmt>(Stmts[I]);
      if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
          If->isConsteval())
        break;
      if (isContinue(If->getThen(), StepsInBody)) {
        conjuncts(If->getCond(), /*Negated=*/true, Out);
        continue;
      }
      if (I + 1 == Stmts.size())
        conjuncts(If->getCond(), /*Negated=*/false, Out);
      break;
    }
    return Out;
  }

private:
  // The step a for loop makes in its header (null for while and do loops).
  const Expr *loopStep() const {
    const auto *F = dyn_cast<ForStmt>(Loop.Loop);
    return F ? F->getInc() : nullptr;
  }

  // A loop that tests or steps something else besides the results
  // (`n < 100`, `++n`) depends on the entities it skips. An end iterator
  // held in a variable the loop does not change is part of the results.
  bool visitsEveryEntity() const {
    if (const auto *W = dyn_cast<WhileStmt>(Loop.Loop))
      return onlyResults(W->getCond());
    const auto *F = dyn_cast<ForStmt>(Loop.Loop);
    if (!F)
      return true;
    return onlyResults(F->getCond()) && onlyResults(F->getInc());
  }

  bool onlyResults(const Stmt *S) const {
    if (!S)
      return true;
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
          V && !R.Vars.count(V) && !isEndIterator(V))
        return false;
    for (const Stmt *C : S->children())
      if (!onlyResults(C))
        return false;
    return true;
  }

  // `table_query_iterator end;` compared with the iterator and not changed.
  bool isEndIterator(const VarDecl *V) const {
    return V->hasLocalStorage() && V->getType()->isRecordType() &&
           llvm::any_of(R.Vars,
                        [&](const VarDecl *Results) {
                          return Ctx.hasSameUnqualifiedType(
                              V->getType().getNonReferenceType(),
                              Results->getType().getNonReferenceType());
                        }) &&
           !isWrittenIn(Loop.Loop, V, Ctx);
  }

  // `++it` or `it++` on the iterator over the results.
  bool stepsIterator(const Stmt *S) const {
    const Expr *Operand = nullptr;
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementOp())
      Operand = U->getSubExpr();
    else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
             Op && Op->getOperator() == OO_PlusPlus)
      Operand = Op->getArg(0);
    const auto *D =
        Operand ? dyn_cast<DeclRefExpr>(Operand->IgnoreParenImpCasts())
                : nullptr;
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && R.Vars.count(V);
  }

  // A declaration, or a statement whose only effects are on variables
  // declared in the loop body: it does the same whether the entity was
  // dropped by the service or here. A call of a function (which may log or
  // count) or a change to anything else is not.
  bool changesOnlyBodyLocals(const Stmt *S) const {
    if (isa<NullStmt>(S))
      return true;
    if (isa<DeclStmt>(S))
      return true;
    return isa<Expr>(S) && !effectOutsideBody(S, S);
  }

  bool effectOutsideBody(const Stmt *S, const Stmt *Whole) const {
    if (isa<CXXThisExpr>(S))
      return true;
    if (const auto *C = dyn_cast<CallExpr>(S);
        C && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(C))
      return true;
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
          V && !SM.isPointWithin(V->getLocation(), Loop.Body->getBeginLoc(),
                                 Loop.Body->getEndLoc()) &&
          isWrittenIn(Whole, V, Ctx))
        return true;
    for (const Stmt *C : S->children())
      if (C && effectOutsideBody(C, Whole))
        return true;
    return false;
  }

  // `continue;`, or `{ ++it; continue; }` in a loop that steps the
  // iterator in its body.
  bool isContinue(const Stmt *S, bool StepsInBody) const {
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      if (C->size() == 2 && StepsInBody && stepsIterator(C->body_front()))
        return isa<ContinueStmt>(C->body_back());
      return C->size() == 1 && isa<ContinueStmt>(C->body_front());
    }
    return isa<ContinueStmt>(S);
  }

  // The conditions an entity must meet to be kept: `a && b` kept, or
  // `a || b` skipped, is two conditions.
  void conjuncts(const Expr *E, bool Negated, std::vector<Clause> &Out) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if ((B->getOpcode() == BO_LAnd && !Negated) ||
          (B->getOpcode() == BO_LOr && Negated)) {
        conjuncts(B->getLHS(), Negated, Out);
        conjuncts(B->getRHS(), Negated, Out);
        return;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_LNot)
      return conjuncts(U->getSubExpr(), !Negated, Out);
    atom(E, Negated, Out);
  }

  void atom(const Expr *E, bool Negated, std::vector<Clause> &Out) {
    if (auto C = comparison(E, Ctx)) {
      const Expr *Other = C->Right;
      CompareOp Op = C->Op;
      auto P = property(C->Left);
      if (!P) {
        P = property(C->Right);
        Other = C->Left;
        Op = mirrorCompareOp(Op);
      }
      // Property against property is not a $filter (the service rejects it).
      if (!P || property(Other))
        return;
      auto V = value(Other, P->Kind);
      if (!V)
        return;
      if (Negated)
        Op = negateCompareOp(Op);
      Out.push_back(
          {P->Name, Op,
           P->Name + " " + std::string(compareOpKeyword(Op)) + " " + V->first,
           "'" + P->Name + "' " + cppOperator(Op) + " " + V->second, C->Loc});
      return;
    }
    // A boolean property on its own: `if (!active) continue;`.
    if (auto P = property(E); P && P->Kind == ValueKind::Bool)
      Out.push_back({P->Name, CompareOp::Eq,
                     P->Name + " eq " + (Negated ? "false" : "true"),
                     std::string(Negated ? "!" : "") + "'" + P->Name + "'",
                     E->getExprLoc()});
  }

  const EntityUse *readAt(const Expr *E) const {
    const EntityUse *U = R.useAt(E);
    return U && (U->Kind == EntityUseKind::Property ||
                 U->Kind == EntityUseKind::Key)
               ? U
               : nullptr;
  }

  // A property value read plainly by a literal name: the read itself when
  // it is a value (partition_key()), its value field (.Value) or a typed
  // value accessor (int32_value()); also through a local of the loop body
  // initialised with one and never changed. Not a function of it.
  std::optional<PropertyOperand> property(const Expr *E) const {
    E = strip(E);
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
          V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() &&
          SM.isPointWithin(V->getLocation(), Loop.Body->getBeginLoc(),
                           Loop.Body->getEndLoc()) &&
          !isWrittenIn(Loop.Body, V, Ctx))
        E = strip(V->getInit());
    auto Typed = [&](const EntityUse *U,
                     QualType T) -> std::optional<PropertyOperand> {
      if (!U)
        return std::nullopt;
      if (auto K = kindOf(T, Ctx))
        return PropertyOperand{U->Name, *K};
      return std::nullopt;
    };
    // A key getter returns the value itself; a property lookup returns the
    // property (or an iterator, a count) and needs an accessor.
    if (const EntityUse *U = readAt(E))
      return U->Kind == EntityUseKind::Key ? Typed(U, E->getType())
                                           : std::nullopt;
    if (const auto *ME = dyn_cast<MemberExpr>(E);
        ME && isa<FieldDecl>(ME->getMemberDecl()))
      return Typed(readAt(ME->getBase()), ME->getType());
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
        MC && MC->getNumArgs() == 0) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      if (M && M->isConst() && M->getIdentifier() &&
          M->getName().ends_with_insensitive("value"))
        return Typed(readAt(MC->getImplicitObjectArgument()), MC->getType());
    }
    return std::nullopt;
  }

  // A value fixed for the whole loop: a constant, or a variable or
  // parameter set before the query and not changed in the loop. Returns
  // the $filter literal and the value as written.
  std::optional<std::pair<std::string, std::string>> value(const Expr *E,
                                                           ValueKind K) const {
    if (R.mentions(E))
      return std::nullopt;
    const std::string Shown =
        Lexer::getSourceText(
            CharSourceRange::getTokenRange(E->getSourceRange()), SM,
            Ctx.getLangOpts())
            .str();
    const Expr *S = strip(E);
    if (K == ValueKind::String) {
      // A literal, or a variable that holds one value for the whole loop
      // (its text when known, a placeholder otherwise).
      if (!isa<StringLiteral>(S) && !fixedForLoop(S))
        return std::nullopt;
      StringRecovery SR(Ctx, Roles);
      const auto T = SR.recover(E);
      if (!T)
        return std::nullopt;
      if (StringRecovery::fullyKnown(*T))
        return std::make_pair(quoteFilterString(*T), Shown);
      return std::make_pair("'{" + Shown + "}'", Shown);
    }
    Expr::EvalResult Res;
    if (!S->isValueDependent() && S->EvaluateAsRValue(Res, Ctx) &&
        !Res.HasSideEffects) {
      const APValue &V = Res.Val;
      if (K == ValueKind::Bool && V.isInt())
        return std::make_pair(V.getInt().getBoolValue() ? "true" : "false",
                              Shown);
      if (V.isInt() && K != ValueKind::Bool) {
        std::string Text = llvm::toString(V.getInt(), 10);
        if (K == ValueKind::Int64)
          Text += "L";
        if (K == ValueKind::Double)
          Text += ".0";
        return std::make_pair(Text, Shown);
      }
      if (V.isFloat() && K == ValueKind::Double) {
        llvm::SmallString<32> Text;
        V.getFloat().toString(Text);
        if (Text.find_first_of(".eE") == llvm::StringRef::npos)
          Text += ".0";
        return std::make_pair(Text.str().str(), Shown);
      }
      return std::nullopt;
    }
    if (!S->getType()->isScalarType() || !fixedForLoop(S))
      return std::nullopt;
    return std::make_pair("{" + Shown + "}", Shown);
  }

  // A variable, a parameter or a field of one (or of `this` in a const
  // member function) that holds the same value throughout the loop.
  bool fixedForLoop(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    // An element of a fixed container at a fixed index: `paths[2]`,
    // `parts.at(0)`.
    if (const Expr *Index = elementIndex(E))
      return fixedIndex(Index) && fixedForLoop(elementContainer(E));
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (!isa<FieldDecl>(ME->getMemberDecl()))
        return false;
      E = ME->getBase()->IgnoreParenImpCasts();
      if (isa<CXXThisExpr>(E)) {
        const auto *M =
            dyn_cast_or_null<CXXMethodDecl>(enclosingFunction(Ctx, R.Query));
        return M && M->isConst();
      }
    }
    const auto *D = dyn_cast<DeclRefExpr>(E);
    if (!D)
      return false;
    if (isa<EnumConstantDecl>(D->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V)
      return false;
    if (!V->hasLocalStorage())
      return V->getType().isConstQualified() || V->isConstexpr();
    if (!isa<ParmVarDecl>(V) &&
        !SM.isBeforeInTranslationUnit(V->getLocation(), R.Query->getBeginLoc()))
      return false;
    return !isWrittenIn(Loop.Loop, V, Ctx);
  }

  // The index of `c[i]` or `c.at(i)`, null for anything else.
  static const Expr *elementIndex(const Expr *E) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
      return Op->getArg(1);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
        MC && MC->getNumArgs() == 1 && MC->getMethodDecl() &&
        MC->getMethodDecl()->getIdentifier() &&
        MC->getMethodDecl()->getName() == "at")
      return MC->getArg(0);
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      return A->getIdx();
    return nullptr;
  }
  static const Expr *elementContainer(const Expr *E) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
      return Op->getArg(0);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      return MC->getImplicitObjectArgument();
    return cast<ArraySubscriptExpr>(E)->getBase();
  }
  bool fixedIndex(const Expr *Index) const {
    Expr::EvalResult Res;
    if (!Index->isValueDependent() && Index->EvaluateAsInt(Res, Ctx))
      return true;
    return !R.mentions(Index) && fixedForLoop(Index);
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const ApiRoles &Roles;
  const QueryResults &R;
  const ResultLoop &Loop;
};

} // namespace

void ClientSideFilterCheck::checkQuery(const AnalyzedQuery &Q,
                                       ASTContext &Ctx) {
  const QueryModel &M = Q.Model;
  // The query's own filter must be known: a condition it already has is
  // not a client-side filter.
  if (!M.Call || !M.Understood || (M.Filter && !Q.Parsed))
    return;
  std::set<std::string> Constrained;
  if (Q.Parsed)
    for (const std::string &P : Q.Parsed->properties())
      Constrained.insert(P);
  if (M.Address.PartitionKey)
    Constrained.insert("PartitionKey");
  if (M.Address.RowKey)
    Constrained.insert("RowKey");

  const QueryResults &R = analyzeResults(M.Call, Ctx, roles());
  const unsigned Line =
      Ctx.getSourceManager().getPresumedLineNumber(M.Location);
  for (const ResultLoop &L : R.Loops) {
    std::vector<Clause> Clauses = FilterFinder(Ctx, roles(), R, L).clauses();
    Clauses.erase(std::remove_if(Clauses.begin(), Clauses.end(),
                                 [&](const Clause &C) {
                                   return Constrained.count(C.Property) > 0;
                                 }),
                  Clauses.end());
    if (Clauses.empty())
      continue;
    std::string Shown, Filter;
    bool PinsPartition = false;
    for (const Clause &C : Clauses) {
      Shown += (Shown.empty() ? "" : " and ") + C.Shown;
      Filter += (Filter.empty() ? "" : " and ") + C.Filter;
      PinsPartition |= C.Property == "PartitionKey" && C.Op == CompareOp::Eq;
    }
    const bool Scan = Q.Scope && Q.Scope->Class == QueryClass::TableScan;
    diag(Clauses.front().Loc,
         "results of the query at line %0 are filtered in client code "
         "(keeps %1): add the condition %2 to its $filter so the service "
         "drops the other entities%3")
        << Line << Shown << Filter
        << (PinsPartition && Scan
                ? "; the PartitionKey condition also makes it read one "
                  "partition instead of the whole table"
                : "");
  }
}

} // namespace tablelint::code
