// Where an entity's keys come from (see EntityKeys.h).
#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/TableModel.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/Invariance.h"
#include "checks/code/model/StringRecovery.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

constexpr KeyPart BothKeys[] = {KeyPart::Partition, KeyPart::Row};

unsigned index(KeyPart P) { return P == KeyPart::Partition ? 0 : 1; }

std::optional<KeySource> &partOf(EntityKeys &K, KeyPart P) {
  return P == KeyPart::Partition ? K.PartitionKey : K.RowKey;
}

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

// ---- How a key is set: the one reading of the role maps -------------------

// The key members of an entity type, from all its role entries (the current
// accessors and the beta.1 public fields).
struct KeyMembers {
  std::set<std::string> Setters[2]; // [index(KeyPart)]
  std::set<std::string> Getters[2];

  std::optional<KeyPart> setterPart(StringRef Name) const {
    for (KeyPart P : BothKeys)
      if (Setters[index(P)].count(Name.str()))
        return P;
    return std::nullopt;
  }
};

std::optional<KeyMembers> keyMembersOf(const CXXRecordDecl *R,
                                       const ApiRoles &Roles) {
  if (!R)
    return std::nullopt;
  const std::string Name = R->getQualifiedNameAsString();
  std::optional<KeyMembers> Out;
  for (const ApiType *A : Roles.types(TypeRole::Entity)) {
    if (!nameIs(A->QualifiedNames, Name))
      continue;
    if (!Out)
      Out.emplace();
    const char *Fields[2][2] = {{"setPartitionKey", "partitionKey"},
                                {"setRowKey", "rowKey"}};
    for (KeyPart P : BothKeys) {
      if (std::string S = A->field(Fields[index(P)][0]); !S.empty())
        Out->Setters[index(P)].insert(S);
      if (std::string G = A->field(Fields[index(P)][1]); !G.empty())
        Out->Getters[index(P)].insert(G);
    }
  }
  return Out;
}

std::optional<KeyMembers> keyMembersOf(QualType T, const ApiRoles &Roles) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  return keyMembersOf(T->getAsCXXRecordDecl(), Roles);
}

// Argument I of a call or construction, unless it is missing or defaulted.
template <typename CallLike>
const Expr *argumentOf(const CallLike *Call, std::optional<unsigned> I) {
  if (!I || *I >= Call->getNumArgs() ||
      isa<CXXDefaultArgExpr>(Call->getArg(*I)))
    return nullptr;
  return Call->getArg(*I);
}

// The argument that sets one key in a call or construction whose role entry
// is F (its partitionKey and rowKey arguments).
template <typename CallLike>
const Expr *keyArgument(const CallLike *Call, const ApiFunction &F,
                        KeyPart P) {
  return argumentOf(Call,
                    F.arg(P == KeyPart::Partition ? "partitionKey" : "rowKey"));
}

// The arguments an entity construction sets the keys from: its
// entity-construct role entry (table_entity(pk, rk)), or else its parameter
// names, for entity types mapped without one. A copy or move sets none.
std::array<const Expr *, 2> constructorKeys(const CXXConstructExpr *C,
                                            const ApiRoles &Roles) {
  std::array<const Expr *, 2> Out{};
  const CXXConstructorDecl *Ctor = C->getConstructor();
  if (Ctor->isCopyOrMoveConstructor())
    return Out;
  if (const ApiFunction *F = Roles.find(Ctor->getQualifiedNameAsString(),
                                        ApiRole::EntityConstruct)) {
    for (KeyPart P : BothKeys)
      Out[index(P)] = keyArgument(C, *F, P);
    return Out;
  }
  for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); ++I) {
    const std::string Param = normalized(Ctor->getParamDecl(I)->getName());
    if (Param == "partitionkey")
      Out[index(KeyPart::Partition)] = C->getArg(I);
    else if (Param == "rowkey")
      Out[index(KeyPart::Row)] = C->getArg(I);
  }
  return Out;
}

// What a use of a key member of an entity (ME: the setter or, beta.1, the
// public key field) does to the key.
struct MemberKeyUse {
  enum { Reads, Sets, Unfollowed } Kind = Reads;
  const Expr *Value = nullptr; // for Sets: the new key
  const Stmt *At = nullptr;    // for Sets: the setter call or assignment
};

MemberKeyUse keyUseThrough(ASTContext &Ctx, const MemberExpr *ME) {
  const DynTypedNode Up = visibleParent(Ctx, ME);
  if (isa<CXXMethodDecl>(ME->getMemberDecl())) {
    // e.SetPartitionKey(pk)
    const auto *Call = Up.get<CXXMemberCallExpr>();
    if (!Call || Call->getNumArgs() < 1)
      return {MemberKeyUse::Unfollowed};
    return {MemberKeyUse::Sets, Call->getArg(0), Call};
  }
  // e.PartitionKey = pk; a compound assignment is a change we do not follow.
  if (const auto *Op = Up.get<CXXOperatorCallExpr>()) {
    if (Op->getNumArgs() == 2 && Op->getArg(0)->IgnoreParenImpCasts() == ME) {
      if (Op->getOperator() == OO_Equal)
        return {MemberKeyUse::Sets, Op->getArg(1), Op};
      if (Op->isAssignmentOp())
        return {MemberKeyUse::Unfollowed};
    }
    return {};
  }
  if (const auto *BO = Up.get<BinaryOperator>())
    if (BO->isAssignmentOp() && BO->getLHS()->IgnoreParenImpCasts() == ME)
      return BO->getOpcode() == BO_Assign
                 ? MemberKeyUse{MemberKeyUse::Sets, BO->getRHS(), BO}
                 : MemberKeyUse{MemberKeyUse::Unfollowed};
  return {};
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

// ---- Backward: following an entity variable --------------------------------

void keysFromConstructor(const CXXConstructExpr *C, EntityKeys &K,
                         const ApiRoles &Roles) {
  const std::array<const Expr *, 2> Args = constructorKeys(C, Roles);
  for (KeyPart P : BothKeys)
    if (const Expr *A = Args[index(P)])
      partOf(K, P) = KeySource{A, nullptr, C};
}

// One place where the code sets a key of an entity variable.
struct KeySet {
  KeyPart Key;
  const Expr *Value;
  const Stmt *At;
};

// How one reference to an entity variable uses it: sets a key, reads it,
// or does something that may change its keys behind our back.
enum class EntityUse { Read, SetKey, Opaque };

EntityUse classifyEntityRef(ASTContext &Ctx, const DeclRefExpr *R,
                            const KeyMembers &N, std::vector<KeySet> &Sets) {
  const DynTypedNode P = visibleParent(Ctx, R);
  if (const auto *ME = P.get<MemberExpr>()) {
    const std::optional<KeyPart> Key =
        N.setterPart(ME->getMemberDecl()->getNameAsString());
    if (!Key)
      return EntityUse::Read; // other methods and fields leave the keys alone
    const MemberKeyUse Use = keyUseThrough(Ctx, ME);
    if (Use.Kind == MemberKeyUse::Sets) {
      Sets.push_back({*Key, Use.Value, Use.At});
      return EntityUse::SetKey;
    }
    if (Use.Kind == MemberKeyUse::Unfollowed)
      return EntityUse::Opaque;
    // A beta.1 key field read, or changed by one of its own methods.
    if (const auto *MC = visibleParent(Ctx, ME).get<MemberExpr>()) {
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

} // namespace

std::vector<std::string>
entityMemberNames(const ApiRoles &Roles,
                  std::initializer_list<const char *> Fields) {
  std::vector<std::string> Out;
  for (const ApiType *T : Roles.types(TypeRole::Entity))
    for (const char *F : Fields)
      if (std::string Member = T->field(F); !Member.empty())
        for (const std::string &Q : T->QualifiedNames)
          Out.push_back(Q + "::" + Member);
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

// ---- Forward: every key site -------------------------------------------------

std::vector<KeySite> keySites(const TableModel &Model) {
  std::vector<KeySite> Out;
  ASTContext &Ctx = Model.context();
  const ApiRoles &Roles = Model.roles();
  // The key setters and the beta.1 public key fields.
  for (const MemberExpr *ME : Model.keyMemberUses()) {
    const ValueDecl *M = ME->getMemberDecl();
    const std::optional<KeyMembers> Members =
        keyMembersOf(dyn_cast<CXXRecordDecl>(M->getDeclContext()), Roles);
    const std::optional<KeyPart> Part =
        Members ? Members->setterPart(M->getName()) : std::nullopt;
    const MemberKeyUse Use = keyUseThrough(Ctx, ME);
    if (Part && Use.Kind == MemberKeyUse::Sets)
      Out.push_back({*Part, Use.Value, true, M->getNameAsString()});
  }
  // The entity constructors.
  for (const RoleCall &C : Model.calls(ApiRole::EntityConstruct))
    if (const CXXConstructExpr *E = C.construction()) {
      const std::array<const Expr *, 2> Args = constructorKeys(E, Roles);
      for (KeyPart P : BothKeys)
        if (const Expr *A = Args[index(P)])
          Out.push_back({P, A, true, E->getConstructor()->getNameAsString()});
    }
  // The project's own write wrappers, recognised by their summaries.
  for (const ProjectCall &C : Model.projectCalls()) {
    const FunctionSummary *S = wrapperSummary(C.Callee, Ctx, Roles);
    const ApiFunction *F = S ? S->entry(ApiRole::Write) : nullptr;
    if (!F)
      continue;
    for (KeyPart P : BothKeys)
      if (const Expr *A = keyArgument(C.Call, *F, P))
        Out.push_back({P, A, true, C.Callee->getNameAsString()});
  }
  // The key arguments of reads, writes and batch calls.
  for (ApiRole R : {ApiRole::PointRead, ApiRole::Write, ApiRole::BatchAdd,
                    ApiRole::BatchCreate})
    for (const RoleCall &C : Model.calls(R)) {
      const CallExpr *Call = C.call();
      if (!Call)
        continue;
      const ApiFunction *F = C.Function;
      const bool Written =
          R != ApiRole::PointRead &&
          !(R == ApiRole::BatchAdd && F->attr("kind") == "retrieve");
      for (KeyPart P : BothKeys)
        if (const Expr *A = keyArgument(Call, *F, P))
          Out.push_back({P, A, Written, C.Callee->getNameAsString()});
    }
  return Out;
}

// ---- Backward: the keys at a use ---------------------------------------------

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
      const std::vector<const DeclRefExpr *> Refs =
          referencesTo(V, Fn->getBody());
      if (Refs.size() != 1)
        return std::nullopt;
      const Expr *Ref = Refs.front();
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
  const std::optional<KeyMembers> Members = keyMembersOf(S->getType(), Roles);
  if (!Members)
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
  std::vector<KeySet> Sets;
  for (const DeclRefExpr *R : referencesTo(V, Fn->getBody()))
    if (classifyEntityRef(Ctx, R, *Members, Sets) == EntityUse::Opaque)
      return std::nullopt;
  std::sort(Sets.begin(), Sets.end(), [&](const KeySet &A, const KeySet &B) {
    return isBefore(Ctx, A.At, B.At);
  });
  // Loops around the use: a key set later in one of them may run first.
  std::vector<const Stmt *> Loops;
  for (const Stmt *Cur = Use; Cur; Cur = parentStmt(Ctx, Cur))
    if (isLoop(Cur))
      Loops.push_back(Cur);
  for (KeyPart Key : BothKeys) {
    std::optional<KeySource> &Out = partOf(K, Key);
    Out = partOf(Initial, Key);
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
    const CompoundStmt *Block = straightLineBlock(Ctx, Last->At);
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
  const Expr *PK = keyArgument(Call, F, KeyPart::Partition);
  const Expr *RK = keyArgument(Call, F, KeyPart::Row);
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
  const std::optional<KeyMembers> Members =
      keyMembersOf(Object->getType(), Roles);
  if (!Members ||
      !Members->Getters[index(PartitionKey ? KeyPart::Partition : KeyPart::Row)]
           .count(Member))
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

bool keyLoopInvariant(const KeySource &K, const Stmt *Loop, ASTContext &Ctx) {
  if (K.SetAt && !isInside(Ctx, K.SetAt, Loop))
    return true; // set once, before the loop
  if (K.OwnKeyOf)
    return untouchedByLoop(K.OwnKeyOf, Loop, Ctx);
  return K.Value && isLoopInvariant(K.Value, Loop, Ctx);
}

bool keyVariesWithLoop(const KeySource &K, const Stmt *Loop, ASTContext &Ctx) {
  if (!K.Value || (K.SetAt && !isInside(Ctx, K.SetAt, Loop)))
    return false;
  return variesWithLoop(K.Value, Loop, Ctx);
}

} // namespace tablelint::code
