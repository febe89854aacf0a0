// The model of single-entity calls for the write checks (EntityKeys.h).
#include "checks/code/model/EntityKeys.h"

#include "core/Text.h"
#include "core/Utf8Text.h"

#include "checks/code/model/StringRecovery.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Analysis/Analyses/ExprMutationAnalyzer.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace tablelint::code {

using namespace clang;

namespace {

// Deeper than this, an expression is not followed (variables initialised
// from variables, ...): the answer is the conservative one.
constexpr unsigned MaxDepth = 6;

class DeclRefs : public RecursiveASTVisitor<DeclRefs> {
public:
  explicit DeclRefs(const ValueDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (!V || E->getDecl() == V)
      Refs.push_back(E);
    return true;
  }
  const ValueDecl *V; // nullptr: every reference
  std::vector<const DeclRefExpr *> Refs;
};

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

// "partition_key", "partitionKey" -> "partitionkey".
std::string normalized(StringRef Name) {
  std::string Out;
  for (char C : Name)
    if (C != '_')
      Out += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return Out;
}

bool nameIs(const std::vector<std::string> &Qualified, StringRef Name) {
  return std::any_of(
      Qualified.begin(), Qualified.end(),
      [&](const std::string &Q) { return StringRef(Q).drop_front(2) == Name; });
}

// The key setters and getters of an entity type, from all its role entries
// (the current accessors and the beta.1 public fields).
struct KeyNames {
  std::set<std::string> Set[2]; // [0] partition key, [1] row key
  std::set<std::string> Get[2];
};

std::optional<KeyNames> keyNamesOf(QualType T, const ApiRoles &Roles) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const auto *R = T->getAsCXXRecordDecl();
  if (!R)
    return std::nullopt;
  const std::string Name = R->getQualifiedNameAsString();
  std::optional<KeyNames> Out;
  for (const ApiType *A : Roles.types(TypeRole::Entity)) {
    if (!nameIs(A->QualifiedNames, Name))
      continue;
    if (!Out)
      Out.emplace();
    const char *Keys[2][2] = {{"setPartitionKey", "partitionKey"},
                              {"setRowKey", "rowKey"}};
    for (int K = 0; K < 2; ++K) {
      if (std::string S = A->field(Keys[K][0]); !S.empty())
        Out->Set[K].insert(S);
      if (std::string G = A->field(Keys[K][1]); !G.empty())
        Out->Get[K].insert(G);
    }
  }
  return Out;
}

// Argument I of a call or construction, unless it is missing or defaulted.
template <typename CallLike>
const Expr *argumentOf(const CallLike *Call, std::optional<unsigned> I) {
  if (!I || *I >= Call->getNumArgs() ||
      isa<CXXDefaultArgExpr>(Call->getArg(*I)))
    return nullptr;
  return Call->getArg(*I);
}

// The keys a constructor sets: its entity-construct role entry
// (table_entity(pk, rk)), or else its parameter names, for entity types
// mapped without one.
void keysFromConstructor(const CXXConstructExpr *C, EntityKeys &K,
                         const ApiRoles &Roles) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  if (const ApiFunction *F = Roles.find(Ctor->getQualifiedNameAsString(),
                                        ApiRole::EntityConstruct)) {
    if (const Expr *PK = argumentOf(C, F->arg("partitionKey")))
      K.PartitionKey = KeySource{PK, nullptr, C};
    if (const Expr *RK = argumentOf(C, F->arg("rowKey")))
      K.RowKey = KeySource{RK, nullptr, C};
    return;
  }
  for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); ++I) {
    const std::string P = normalized(Ctor->getParamDecl(I)->getName());
    if (P == "partitionkey")
      K.PartitionKey = KeySource{C->getArg(I), nullptr, C};
    else if (P == "rowkey")
      K.RowKey = KeySource{C->getArg(I), nullptr, C};
  }
}

bool isDefaultConstruction(const Expr *E) {
  const auto *C = dyn_cast<CXXConstructExpr>(E);
  return C && std::all_of(C->arg_begin(), C->arg_end(), [](const Expr *A) {
           return isa<CXXDefaultArgExpr>(A);
         });
}

bool isBefore(ASTContext &Ctx, const Stmt *A, const Stmt *B) {
  return Ctx.getSourceManager().isBeforeInTranslationUnit(A->getBeginLoc(),
                                                          B->getBeginLoc());
}

} // namespace

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

namespace {

// One place where the code sets a key of an entity variable.
struct KeySet {
  int Key; // 0 partition, 1 row
  const Expr *Value;
  const Stmt *At;
};

// How one reference to an entity variable uses it: sets a key, reads it,
// or does something that may change its keys behind our back.
enum class EntityUse { Read, SetKey, Opaque };

EntityUse classifyEntityRef(ASTContext &Ctx, const DeclRefExpr *R,
                            const KeyNames &N, std::vector<KeySet> &Sets) {
  const DynTypedNode P = visibleParent(Ctx, R);
  if (const auto *ME = P.get<MemberExpr>()) {
    const ValueDecl *M = ME->getMemberDecl();
    const std::string Name = M->getNameAsString();
    int Key = N.Set[0].count(Name) ? 0 : N.Set[1].count(Name) ? 1 : -1;
    if (isa<CXXMethodDecl>(M)) {
      if (Key < 0)
        return EntityUse::Read; // other methods leave the keys alone
      const auto *Call = visibleParent(Ctx, ME).get<CXXMemberCallExpr>();
      if (!Call || Call->getNumArgs() < 1)
        return EntityUse::Opaque;
      Sets.push_back({Key, Call->getArg(0), Call});
      return EntityUse::SetKey;
    }
    if (Key < 0)
      return EntityUse::Read; // Properties, ETag
    // A beta.1 public key field: `e.PartitionKey = pk`.
    const DynTypedNode Up = visibleParent(Ctx, ME);
    if (const auto *Op = Up.get<CXXOperatorCallExpr>()) {
      if (Op->getNumArgs() == 2 && Op->getArg(0)->IgnoreParenImpCasts() == ME) {
        if (Op->getOperator() != OO_Equal)
          return Op->isAssignmentOp() ? EntityUse::Opaque : EntityUse::Read;
        Sets.push_back({Key, Op->getArg(1), Op});
        return EntityUse::SetKey;
      }
      return EntityUse::Read;
    }
    if (const auto *BO = Up.get<BinaryOperator>()) {
      if (BO->isAssignmentOp() && BO->getLHS()->IgnoreParenImpCasts() == ME) {
        if (BO->getOpcode() != BO_Assign)
          return EntityUse::Opaque;
        Sets.push_back({Key, BO->getRHS(), BO});
        return EntityUse::SetKey;
      }
      return EntityUse::Read;
    }
    if (const auto *MC = Up.get<MemberExpr>()) {
      const auto *Method = dyn_cast<CXXMethodDecl>(MC->getMemberDecl());
      return Method && Method->isConst() ? EntityUse::Read : EntityUse::Opaque;
    }
    return EntityUse::Read;
  }
  if (const auto *Op = P.get<CXXOperatorCallExpr>()) {
    if (Op->getNumArgs() >= 1 && Op->getArg(0)->IgnoreParenImpCasts() == R &&
        Op->isAssignmentOp())
      return EntityUse::Opaque;
  }
  if (const auto *U = P.get<UnaryOperator>())
    if (U->getOpcode() == UO_AddrOf)
      return EntityUse::Opaque;
  if (const auto *Call = P.get<CallExpr>()) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD)
      return EntityUse::Opaque;
    const unsigned Shift =
        isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (Call->getArg(I)->IgnoreParenImpCasts() != R)
        continue;
      if (I < Shift)
        return EntityUse::Read; // the object of a member operator
      if (I - Shift >= FD->getNumParams())
        return EntityUse::Opaque; // variadic
      const QualType T = FD->getParamDecl(I - Shift)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        return EntityUse::Opaque;
    }
    return EntityUse::Read;
  }
  if (const auto *V = P.get<VarDecl>()) {
    const QualType T = V->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
      return EntityUse::Opaque;
  }
  return EntityUse::Read;
}

const CompoundStmt *innermostStraightBlock(ASTContext &Ctx, const Stmt *S) {
  for (const Stmt *Cur = S; Cur;) {
    const Stmt *P = parentStmt(Ctx, Cur);
    if (const auto *B = dyn_cast_or_null<CompoundStmt>(P))
      return isStraightLineIn(Ctx, S, B) ? B : nullptr;
    Cur = P;
  }
  return nullptr;
}

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
      DeclRefs All(nullptr);
      All.TraverseStmt(const_cast<CallExpr *>(Call));
      const bool ReadsVariable = std::any_of(
          All.Refs.begin(), All.Refs.end(),
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

const Expr *stripCopies(const Expr *E) {
  while (E) {
    const Expr *Before = E;
    E = stripTemporaries(E);
    if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getNumArgs() >= 1 &&
          C->getConstructor()->isCopyOrMoveConstructor() &&
          std::all_of(C->arg_begin() + 1, C->arg_end(),
                      [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
        E = C->getArg(0);
    }
    if (E == Before)
      return E;
  }
  return E;
}

std::optional<EntityRequest> requestOf(const CallExpr *Operation,
                                       const ApiFunction &F, ASTContext &Ctx,
                                       const ApiRoles &Roles) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Operation)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && !M->isStatic())
      return EntityRequest{Operation, &F, Operation,
                           MC->getImplicitObjectArgument()};
  }
  // A factory (table_operation::insert_entity): the request is the execute
  // call it is passed to, directly or through one local variable.
  auto ExecuteOf = [&](const Stmt *Arg, const Expr *Inner) -> const CallExpr * {
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Arg);
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    if (!FD)
      return nullptr;
    const ApiFunction *E =
        Roles.find(FD->getQualifiedNameAsString(), ApiRole::Execute);
    const Expr *Op = E ? argumentOf(Call, E->arg("operation")) : nullptr;
    return Op && stripCopies(Op) == Inner ? Call : nullptr;
  };
  const Expr *Cur = Operation;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    if (Ps.empty())
      return std::nullopt;
    if (const auto *V = Ps[0].get<VarDecl>()) {
      // auto op = table_operation::insert_entity(e); table.execute(op);
      const FunctionDecl *Fn = enclosingFunction(Ctx, Operation);
      if (!Fn || !Fn->hasBody() || !V->hasLocalStorage())
        return std::nullopt;
      DeclRefs Refs(V);
      Refs.TraverseStmt(Fn->getBody());
      if (Refs.Refs.size() != 1)
        return std::nullopt;
      const Expr *Ref = Refs.Refs.front();
      const Stmt *Up = Ref;
      while (Up && isa<Expr>(Up) && !isa<CallExpr>(Up))
        Up = parentStmt(Ctx, Up);
      if (const CallExpr *Exec = ExecuteOf(Up, Ref))
        return EntityRequest{
            Operation, &F, Exec,
            cast<CXXMemberCallExpr>(Exec)->getImplicitObjectArgument()};
      return std::nullopt;
    }
    const auto *P = Ps[0].get<Expr>();
    if (!P)
      return std::nullopt;
    if (const CallExpr *Exec = ExecuteOf(P, Operation))
      return EntityRequest{
          Operation, &F, Exec,
          cast<CXXMemberCallExpr>(Exec)->getImplicitObjectArgument()};
    if (!isa<ParenExpr, ImplicitCastExpr, MaterializeTemporaryExpr,
             CXXBindTemporaryExpr, ExprWithCleanups, CXXConstructExpr>(P))
      return std::nullopt;
    Cur = P;
  }
}

std::optional<EntityKeys> entityKeys(const Expr *E, const Stmt *Use,
                                     ASTContext &Ctx, const ApiRoles &Roles) {
  if (!E)
    return std::nullopt;
  const Expr *S = stripCopies(E);
  const std::optional<KeyNames> Names = keyNamesOf(S->getType(), Roles);
  if (!Names)
    return std::nullopt;
  EntityKeys K;
  if (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
    keysFromConstructor(C, K, Roles); // a temporary: table_entity(pk, rk)
    return K;
  }
  const auto *D = dyn_cast<DeclRefExpr>(S);
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  const FunctionDecl *Fn = enclosingFunction(Ctx, Use);
  if (!V || !Fn || !Fn->hasBody() || V->getDeclContext() != Fn)
    return std::nullopt;
  K.Entity = V;
  // The keys the variable starts with.
  EntityKeys Initial;
  if (isa<ParmVarDecl>(V) || !V->getInit()) {
    Initial.PartitionKey = KeySource{nullptr, V, nullptr};
    Initial.RowKey = Initial.PartitionKey;
  } else {
    const Expr *Init = stripCopies(V->getInit());
    const auto *C = dyn_cast<CXXConstructExpr>(Init);
    if (C && !isDefaultConstruction(C) &&
        !C->getConstructor()->isCopyOrMoveConstructor()) {
      keysFromConstructor(C, Initial, Roles);
    } else if (!C || C->getConstructor()->isCopyOrMoveConstructor()) {
      // A copy of an entity from elsewhere keeps that entity's keys.
      Initial.PartitionKey = KeySource{nullptr, V, nullptr};
      Initial.RowKey = Initial.PartitionKey;
    }
  }
  // Every place the function sets a key, or lets the entity escape.
  DeclRefs Refs(V);
  Refs.TraverseStmt(Fn->getBody());
  std::vector<KeySet> Sets;
  for (const DeclRefExpr *R : Refs.Refs)
    if (classifyEntityRef(Ctx, R, *Names, Sets) == EntityUse::Opaque)
      return std::nullopt;
  std::sort(Sets.begin(), Sets.end(), [&](const KeySet &A, const KeySet &B) {
    return isBefore(Ctx, A.At, B.At);
  });
  // Loops around the use: a key set later in one of them may run first.
  std::vector<const Stmt *> Loops;
  for (const Stmt *Cur = Use; Cur; Cur = parentStmt(Ctx, Cur))
    if (isLoop(Cur))
      Loops.push_back(Cur);
  for (int Key = 0; Key < 2; ++Key) {
    std::optional<KeySource> &Out = Key == 0 ? K.PartitionKey : K.RowKey;
    Out = Key == 0 ? Initial.PartitionKey : Initial.RowKey;
    const KeySet *Last = nullptr;
    bool Unknown = false;
    for (const KeySet &Set : Sets) {
      if (Set.Key != Key)
        continue;
      if (isBefore(Ctx, Set.At, Use)) {
        Last = &Set;
        continue;
      }
      for (const Stmt *L : Loops)
        if (isInside(Ctx, Set.At, L))
          Unknown = true;
    }
    if (Unknown) {
      Out.reset();
      continue;
    }
    if (!Last)
      continue;
    // The last setter before the use must run on every path to it.
    const CompoundStmt *Block = innermostStraightBlock(Ctx, Last->At);
    if (Block && isInside(Ctx, Use, Block))
      Out = KeySource{Last->Value, nullptr, Last->At};
    else
      Out.reset();
  }
  return K;
}

std::optional<EntityKeys> keysOfCall(const CallExpr *Call, const ApiFunction &F,
                                     const Stmt *Use, ASTContext &Ctx,
                                     const ApiRoles &Roles) {
  const Expr *PK = argumentOf(Call, F.arg("partitionKey"));
  const Expr *RK = argumentOf(Call, F.arg("rowKey"));
  if (PK || RK) {
    EntityKeys K;
    if (PK)
      K.PartitionKey = keyOfArgument(PK, true, Ctx, Roles);
    if (RK)
      K.RowKey = keyOfArgument(RK, false, Ctx, Roles);
    return K;
  }
  return entityKeys(argumentOf(Call, F.arg("entity")), Use, Ctx, Roles);
}

KeySource keyOfArgument(const Expr *Arg, bool PartitionKey, ASTContext &Ctx,
                        const ApiRoles &Roles) {
  const KeySource Plain{Arg, nullptr, nullptr};
  const Expr *S = stripCopies(Arg);
  // e.GetPartitionKey().Value: the property's value field.
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (isa<FieldDecl>(ME->getMemberDecl()) &&
        isa<CXXMemberCallExpr>(stripCopies(ME->getBase())))
      S = stripCopies(ME->getBase());
  const Expr *Object = nullptr;
  std::string Member;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    Object = MC->getImplicitObjectArgument();
    if (MC->getMethodDecl())
      Member = MC->getMethodDecl()->getNameAsString();
  } else if (const auto *ME = dyn_cast<MemberExpr>(S)) {
    Object = ME->getBase();
    Member = ME->getMemberDecl()->getNameAsString();
  }
  if (!Object)
    return Plain;
  const std::optional<KeyNames> Names = keyNamesOf(Object->getType(), Roles);
  if (!Names || !Names->Get[PartitionKey ? 0 : 1].count(Member))
    return Plain;
  const std::optional<EntityKeys> K = entityKeys(Object, Arg, Ctx, Roles);
  const std::optional<KeySource> &Key =
      K ? (PartitionKey ? K->PartitionKey : K->RowKey) : std::nullopt;
  return Key ? *Key : Plain;
}

std::optional<std::string> keyText(const KeySource &K, ASTContext &Ctx,
                                   const ApiRoles &Roles) {
  if (!K.Value)
    return std::nullopt;
  StringRecovery SR(Ctx, Roles);
  return SR.recover(K.Value);
}

std::string keyDisplay(const KeySource &K, ASTContext &Ctx,
                       const ApiRoles &Roles) {
  if (K.OwnKeyOf)
    return "the key of '" + K.OwnKeyOf->getNameAsString() + "'";
  if (auto T = keyText(K, Ctx, Roles); T && StringRecovery::fullyKnown(*T))
    return "'" + *T + "'";
  return K.Value ? shortSource(K.Value, Ctx) : std::string("?");
}

bool sameKey(const KeySource &A, const KeySource &B, ASTContext &Ctx,
             const ApiRoles &Roles) {
  if (A.OwnKeyOf || B.OwnKeyOf)
    return A.OwnKeyOf == B.OwnKeyOf;
  if (A.SetAt && A.SetAt == B.SetAt && A.Value == B.Value)
    return true;
  return A.Value && B.Value && sameValue(A.Value, B.Value, Ctx, Roles);
}

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
  DeclRefs All(nullptr);
  All.TraverseStmt(const_cast<Expr *>(E));
  for (const DeclRefExpr *R : All.Refs) {
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

bool keyLoopInvariant(const KeySource &K, const Stmt *Loop, ASTContext &Ctx) {
  if (K.SetAt && !isInside(Ctx, K.SetAt, Loop))
    return true; // set once, before the loop
  Invariance I(*Loop, Ctx, /*IsLoop=*/true);
  if (K.OwnKeyOf)
    return !I.declaredInside(K.OwnKeyOf) && !I.modified(K.OwnKeyOf);
  return K.Value && I.invariant(K.Value);
}

bool keyVariesWithLoop(const KeySource &K, const Stmt *Loop, ASTContext &Ctx) {
  if (!K.Value || (K.SetAt && !isInside(Ctx, K.SetAt, Loop)))
    return false;
  return variesWithLoop(K.Value, Loop, Ctx);
}

const CompoundStmt *straightLineBlock(ASTContext &Ctx, const Stmt *S) {
  return innermostStraightBlock(Ctx, S);
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
