// Following a query's results to their uses (see QueryResults.h).
#include "checks/code/model/QueryResults.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/StringRecovery.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>

#include <llvm/ADT/DenseMap.h>

#include <algorithm>
#include <map>
#include <memory>

namespace tablelint::code {

using namespace clang;

namespace {

// Aliases of aliases of ... stay cheap and cannot loop.
constexpr unsigned MaxDepth = 8;

const CXXRecordDecl *recordOf(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  const auto *R =
      T.getCanonicalType().getUnqualifiedType()->getAsCXXRecordDecl();
  return R && R->hasDefinition() ? R->getDefinition() : R;
}

const ApiType *entityRole(QualType T, const ApiRoles &Roles) {
  const CXXRecordDecl *R = recordOf(T);
  return R ? Roles.findType(R->getQualifiedNameAsString(), TypeRole::Entity)
           : nullptr;
}

// True when Member is what one of the Entity role entries of T names Field
// (several entries may describe one type: beta.1 key fields and the
// current getters of TableEntity).
bool entityMemberIs(QualType T, StringRef Member, std::string_view Field,
                    const ApiRoles &Roles) {
  const CXXRecordDecl *R = recordOf(T);
  if (!R)
    return false;
  const std::string Name = "::" + R->getQualifiedNameAsString();
  for (const ApiType *E : Roles.types(TypeRole::Entity))
    if (std::find(E->QualifiedNames.begin(), E->QualifiedNames.end(), Name) !=
            E->QualifiedNames.end() &&
        E->field(Field) == Member)
      return true;
  return false;
}

// A container or iterator of entities: a class template whose first
// argument has the Entity role (std::vector<TableEntity>,
// result_iterator<table_entity>).
bool isSequenceType(QualType T, const ApiRoles &Roles) {
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (!S || S->getTemplateArgs().size() == 0)
    return false;
  const TemplateArgument &A = S->getTemplateArgs()[0];
  return A.getKind() == TemplateArgument::Type &&
         entityRole(A.getAsType(), Roles);
}

// An iterator (has a unary operator*), as opposed to a container.
bool isIteratorType(QualType T, ASTContext &Ctx) {
  const CXXRecordDecl *R = recordOf(T);
  if (!R || !R->hasDefinition())
    return false;
  return !R->lookup(Ctx.DeclarationNames.getCXXOperatorName(OO_Star)).empty();
}

// A results object: a member (field or accessor) holds the entities.
bool isResultsType(QualType T, const ApiRoles &Roles) {
  const CXXRecordDecl *R = recordOf(T);
  if (!R || !R->hasDefinition())
    return false;
  for (const FieldDecl *F : R->fields())
    if (isSequenceType(F->getType(), Roles))
      return true;
  for (const CXXMethodDecl *M : R->methods())
    if (!M->isStatic() && M->getNumParams() == 0 &&
        !isa<CXXConstructorDecl>(M) &&
        isSequenceType(M->getReturnType(), Roles))
      return true;
  return false;
}

bool mentionsEntity(QualType T, const ApiRoles &Roles) {
  return entityRole(T, Roles) || isSequenceType(T, Roles);
}

bool isLocalVariable(const VarDecl *V) {
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V);
}

// A copy or move of the expression (a by-value argument, `auto e = *it`).
bool isCopyOf(const Expr *P, const Expr *Child) {
  const auto *C = dyn_cast<CXXConstructExpr>(P);
  if (!C || C->getNumArgs() == 0 || C->getArg(0) != Child ||
      !C->getConstructor()->isCopyOrMoveConstructor())
    return false;
  return std::all_of(C->arg_begin() + 1, C->arg_end(),
                     [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); });
}

class RefIndex : public RecursiveASTVisitor<RefIndex> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Refs[V].push_back(E);
    return true;
  }
  llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> Refs;
};

// The calls of each function defined outside system headers, made from
// code outside system headers: where a wrapper's results go. Built once per
// AST, the first time a wrapper returns results.
class CallIndex : public RecursiveASTVisitor<CallIndex> {
public:
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      Calls[F->getCanonicalDecl()].push_back(C);
    return true;
  }
  void build(ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (D->getLocation().isValid() && !SM.isInSystemHeader(D->getLocation()))
        TraverseDecl(D);
  }
  llvm::DenseMap<const FunctionDecl *, std::vector<const CallExpr *>> Calls;
};

thread_local const ASTContext *CallsFor = nullptr;
thread_local std::unique_ptr<CallIndex> Calls;

const std::vector<const CallExpr *> &callsOf(const FunctionDecl *F,
                                             ASTContext &Ctx) {
  if (CallsFor != &Ctx || !Calls) {
    Calls = std::make_unique<CallIndex>();
    Calls->build(Ctx);
    CallsFor = &Ctx;
  }
  return Calls->Calls[F->getCanonicalDecl()];
}

bool isLambdaBody(const FunctionDecl *F) {
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  return M && M->getParent()->isLambda();
}

class Analyzer {
public:
  Analyzer(ASTContext &Ctx, const ApiRoles &Roles, QueryResults &Out)
      : Ctx(Ctx), Roles(Roles), Out(Out) {}

  void run(const CallExpr *Query) {
    const FunctionDecl *F = enclosingFunction(Ctx, Query);
    if (!F || !F->hasBody()) {
      Out.Escapes.push_back(Query);
      return;
    }
    indexBody(F);
    const QualType T = Query->getType();
    if (isSequenceType(T, Roles))
      sequence(Query, 0);
    else if (isResultsType(T, Roles))
      results(Query, 0);
    else if (const Expr *Got = awaited(Query))
      results(Got, 0); // execute_query_segmented_async(...).get()
    else
      Out.Escapes.push_back(Query); // a task, a wrapper's own type, ...
  }

private:
  enum class Holds { Results, Sequence, Entity };

  // `task.get()` right on an asynchronous query whose task yields a
  // results object: the get() call, which then holds the results.
  const Expr *awaited(const Expr *Query) const {
    const User U = userOf(Query);
    const auto *ME = U.Node.get<MemberExpr>();
    if (!ME || ME->getBase() != U.Top || !ME->getMemberDecl()->getIdentifier() ||
        ME->getMemberDecl()->getName() != "get")
      return nullptr;
    const DynTypedNodeList Ps = Ctx.getParents(*ME);
    const auto *Call = Ps.empty() ? nullptr : Ps[0].get<CXXMemberCallExpr>();
    return Call && Call->getNumArgs() == 0 &&
                   isResultsType(Call->getType(), Roles)
               ? Call
               : nullptr;
  }

  // What E is used for: the first parent that is not parentheses, an
  // implicit conversion, a temporary or a copy. Top is E's outermost
  // wrapper (the child of that parent).
  struct User {
    DynTypedNode Node;
    const Expr *Top;
  };
  User userOf(const Expr *E) const {
    const Expr *Top = E;
    while (true) {
      const DynTypedNodeList Ps = Ctx.getParents(*Top);
      if (Ps.empty())
        return {DynTypedNode(), Top};
      const auto *PE = Ps[0].get<Expr>();
      if (PE && (isa<ParenExpr, ImplicitCastExpr, MaterializeTemporaryExpr,
                     CXXBindTemporaryExpr, ExprWithCleanups>(PE) ||
                 isCopyOf(PE, Top))) {
        Top = PE;
        continue;
      }
      return {Ps[0], Top};
    }
  }

  void indexBody(const FunctionDecl *F) {
    if (Indexed.insert(F->getCanonicalDecl()).second)
      Index.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  }

  // Results returned whole by a function defined here (a one-line wrapper,
  // `return table.QueryEntities(o);`): each call of it holds them, so they
  // are followed there. A wrapper no code here calls, or one called where
  // its results are not what it returns, keeps them out of sight.
  void returned(const ReturnStmt *Ret, const Expr *Top, Holds H,
                unsigned Depth) {
    const FunctionDecl *F = enclosingFunction(Ctx, Ret);
    if (!F || isLambdaBody(F) || !isSummarisable(F, Ctx))
      return escape(Top);
    const std::vector<const CallExpr *> &Sites = callsOf(F, Ctx);
    if (Sites.empty())
      return escape(Top);
    for (const CallExpr *Call : Sites) {
      const FunctionDecl *Caller = enclosingFunction(Ctx, Call);
      const QualType T = Call->getType();
      if (!Caller || !Caller->hasBody() ||
          !(H == Holds::Results ? isResultsType(T, Roles)
                                : isSequenceType(T, Roles))) {
        escape(Call);
        continue;
      }
      indexBody(Caller);
      if (H == Holds::Results)
        results(Call, Depth + 1);
      else
        sequence(Call, Depth + 1);
    }
  }

  void escape(const Expr *E) { Out.Escapes.push_back(E); }
  void entityUse(EntityUseKind K, std::string Name, const Expr *Read) {
    Out.Uses.push_back({K, std::move(Name), Read});
  }
  void addLoop(const Stmt *Loop, const Stmt *Body) {
    for (const ResultLoop &L : Out.Loops)
      if (L.Loop == Loop)
        return;
    Out.Loops.push_back({Loop, Body});
  }

  void track(const VarDecl *V, Holds H, unsigned Depth) {
    if (!Out.Vars.insert(V).second)
      return;
    auto It = Index.Refs.find(V);
    if (It == Index.Refs.end())
      return;
    for (const DeclRefExpr *R : It->second) {
      if (H == Holds::Results)
        results(R, Depth + 1);
      else if (H == Holds::Sequence)
        sequence(R, Depth + 1);
      else
        entity(R, Depth + 1);
    }
    if (H == Holds::Sequence && isIteratorType(V->getType(), Ctx))
      for (const DeclRefExpr *R : It->second)
        iteratorLoop(R);
  }

  // A for/while/do loop whose condition tests the iterator runs its body
  // once per entity.
  void iteratorLoop(const DeclRefExpr *R) {
    const Stmt *Prev = R;
    for (DynTypedNodeList Ps = Ctx.getParents(*R); !Ps.empty();) {
      const auto *P = Ps[0].get<Stmt>();
      if (!P)
        return;
      if (const auto *F = dyn_cast<ForStmt>(P))
        return Prev == F->getCond() ? addLoop(F, F->getBody()) : void();
      if (const auto *W = dyn_cast<WhileStmt>(P))
        return Prev == W->getCond() ? addLoop(W, W->getBody()) : void();
      if (const auto *D = dyn_cast<DoStmt>(P))
        return Prev == D->getCond() ? addLoop(D, D->getBody()) : void();
      if (!isa<Expr>(P))
        return;
      Prev = P;
      Ps = Ctx.getParents(*P);
    }
  }

  // A local variable initialised from the results: follow it, or, for the
  // hidden range variable of a range-for, the loop variable.
  void variable(const VarDecl *V, const Expr *Top, Holds H, unsigned Depth) {
    if (V->isImplicit() && H == Holds::Sequence) {
      for (const DynTypedNode &P : Ctx.getParents(*V))
        if (const auto *DS = P.get<DeclStmt>())
          for (const DynTypedNode &PP : Ctx.getParents(*DS))
            if (const auto *FR = PP.get<CXXForRangeStmt>();
                FR && FR->getRangeStmt() == DS) {
              const VarDecl *Loop = FR->getLoopVariable();
              if (!entityRole(Loop->getType(), Roles))
                return escape(Top); // a structured binding, a conversion
              addLoop(FR, FR->getBody());
              return track(Loop, Holds::Entity, Depth);
            }
      return escape(Top);
    }
    if (!isLocalVariable(V) || V->isImplicit() || V->getInit() != Top)
      return escape(Top);
    track(V, H, Depth);
  }

  void results(const Expr *E, unsigned Depth) {
    if (Depth > MaxDepth)
      return escape(E);
    const User U = userOf(E);
    if (const auto *V = U.Node.get<VarDecl>())
      return variable(V, U.Top, Holds::Results, Depth);
    if (const auto *Ret = U.Node.get<ReturnStmt>())
      return returned(Ret, U.Top, Holds::Results, Depth);
    const auto *ME = U.Node.get<MemberExpr>();
    if (!ME || ME->getBase() != U.Top)
      return escape(U.Top);
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
      if (isSequenceType(F->getType(), Roles))
        return sequence(ME, Depth + 1);
      if (mentionsEntity(F->getType(), Roles))
        return escape(ME);
      return; // NextPartitionKey, RawResponse, ...: not the entities
    }
    const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    const DynTypedNodeList Ps = Ctx.getParents(*ME);
    const auto *Call = Ps.empty() ? nullptr : Ps[0].get<CXXMemberCallExpr>();
    if (!M || !Call)
      return escape(ME);
    const QualType R = M->getReturnType();
    if (isSequenceType(R, Roles))
      return sequence(Call, Depth + 1);
    if (mentionsEntity(R, Roles) || isResultsType(R, Roles))
      return escape(Call);
    // HasPage(), MoveToNextPage(), continuation_token(): paging.
  }

  void sequence(const Expr *E, unsigned Depth) {
    if (Depth > MaxDepth)
      return escape(E);
    const User U = userOf(E);
    if (const auto *V = U.Node.get<VarDecl>())
      return variable(V, U.Top, Holds::Sequence, Depth);
    if (const auto *Ret = U.Node.get<ReturnStmt>())
      return returned(Ret, U.Top, Holds::Sequence, Depth);
    if (const auto *Op = U.Node.get<CXXOperatorCallExpr>()) {
      switch (Op->getOperator()) {
      case OO_Star:
      case OO_Arrow:
      case OO_Subscript:
        if (Op->getArg(0) == U.Top)
          return entity(Op, Depth + 1);
        return escape(U.Top);
      case OO_PlusPlus:
      case OO_EqualEqual:
      case OO_ExclaimEqual:
        return; // advancing or comparing an iterator
      default:
        return escape(U.Top);
      }
    }
    if (const auto *ME = U.Node.get<MemberExpr>();
        ME && ME->getBase() == U.Top) {
      const DynTypedNodeList Ps = Ctx.getParents(*ME);
      const auto *Call = Ps.empty() ? nullptr : Ps[0].get<CXXMemberCallExpr>();
      const NamedDecl *D = ME->getMemberDecl();
      const StringRef Name = D->getIdentifier() ? D->getName() : StringRef();
      if (Call && (Name == "size" || Name == "empty" || Name == "end" ||
                   Name == "cend"))
        return; // a count, or the end an iterator is compared with
      if (Call && (Name == "begin" || Name == "cbegin"))
        return sequence(Call, Depth + 1); // an iterator over the entities
      if (Call && (Name == "front" || Name == "back" || Name == "at"))
        return entity(Call, Depth + 1);
    }
    escape(U.Top);
  }

  void entity(const Expr *E, unsigned Depth) {
    if (Depth > MaxDepth)
      return escape(E);
    const User U = userOf(E);
    if (const auto *V = U.Node.get<VarDecl>()) {
      if (!entityRole(V->getType(), Roles) || V->getType()->isPointerType())
        return entityUse(EntityUseKind::Escape, "", U.Top);
      if (!isLocalVariable(V) || V->getInit() != U.Top)
        return entityUse(EntityUseKind::Escape, "", U.Top);
      return track(V, Holds::Entity, Depth);
    }
    if (const auto *ME = U.Node.get<MemberExpr>(); ME && ME->getBase() == U.Top)
      return member(ME, E, Depth);
    if (const auto *Call = U.Node.get<CallExpr>();
        Call && !isa<CXXOperatorCallExpr>(Call))
      return passed(Call, U.Top);
    entityUse(EntityUseKind::Escape, "", U.Top);
  }

  // A member of the entity: its properties, a key, the ETag.
  void member(const MemberExpr *ME, const Expr *Entity, unsigned Depth) {
    const QualType T = Entity->getType();
    const NamedDecl *D = ME->getMemberDecl();
    if (!D->getIdentifier())
      return entityUse(EntityUseKind::Escape, "", ME);
    const StringRef Name = D->getName();
    auto Is = [&](std::string_view Field) {
      return entityMemberIs(T, Name, Field, Roles);
    };
    const Expr *Use = ME;
    if (isa<CXXMethodDecl>(D)) {
      const DynTypedNodeList Ps = Ctx.getParents(*ME);
      Use = Ps.empty() ? nullptr : Ps[0].get<CXXMemberCallExpr>();
      if (!Use)
        return entityUse(EntityUseKind::Escape, "", ME);
    } else if (!isa<FieldDecl>(D)) {
      return entityUse(EntityUseKind::Escape, "", ME);
    }
    if (Is("properties"))
      return properties(Use, Depth);
    if (Is("partitionKey"))
      return entityUse(EntityUseKind::Key, "PartitionKey", Use);
    if (Is("rowKey"))
      return entityUse(EntityUseKind::Key, "RowKey", Use);
    // The other system properties, which the role maps do not name:
    // Timestamp is a property the projection must list (azure::storage adds
    // it itself); the ETag comes back as metadata whatever $select says.
    if (Name == "GetTimestamp" || Name == "timestamp")
      return entityUse(EntityUseKind::Key, "Timestamp", Use);
    if (Name == "GetETag" || Name == "etag" || Name == "ETag")
      return entityUse(EntityUseKind::Metadata, "", Use);
    entityUse(EntityUseKind::Escape, "", Use);
  }

  // The property map: a lookup by a name known at compile time is a read
  // of that property; anything else (iterating, size, a computed name)
  // depends on every property.
  void properties(const Expr *Map, unsigned Depth) {
    const User U = userOf(Map);
    // `const properties_type &p = it->properties();`: the map held in a
    // local reference (or copied into a local) is used through it.
    if (const auto *V = U.Node.get<VarDecl>()) {
      // (Not a range-for's hidden range: iterating reads every property.)
      if (V->isImplicit() && V->getInit() == U.Top)
        return entityUse(EntityUseKind::RuntimeColumns, "", U.Top);
      if (Depth > MaxDepth || !isLocalVariable(V) || V->isImplicit() ||
          V->getInit() != U.Top)
        return entityUse(EntityUseKind::Escape, "", U.Top);
      auto It = Index.Refs.find(V);
      if (It != Index.Refs.end())
        for (const DeclRefExpr *R : It->second)
          properties(R, Depth + 1);
      return;
    }
    StringRecovery SR(Ctx, Roles);
    auto Named = [&](const Expr *Arg, const Expr *Read) {
      auto T = SR.recover(Arg);
      if (T && !T->empty() && StringRecovery::fullyKnown(*T))
        return entityUse(EntityUseKind::Property, *T, Read);
      entityUse(EntityUseKind::RuntimeColumns, "", Read);
    };
    if (const auto *Op = U.Node.get<CXXOperatorCallExpr>();
        Op && Op->getOperator() == OO_Subscript && Op->getArg(0) == U.Top)
      return Named(Op->getArg(1), Op);
    if (const auto *ME = U.Node.get<MemberExpr>();
        ME && ME->getBase() == U.Top) {
      const DynTypedNodeList Ps = Ctx.getParents(*ME);
      const auto *Call = Ps.empty() ? nullptr : Ps[0].get<CXXMemberCallExpr>();
      const NamedDecl *D = ME->getMemberDecl();
      const StringRef Name = D->getIdentifier() ? D->getName() : StringRef();
      if (Call && Call->getNumArgs() >= 1 &&
          (Name == "at" || Name == "find" || Name == "count" ||
           Name == "contains"))
        return Named(Call->getArg(0), Call);
      if (Call && (Name == "end" || Name == "cend"))
        return; // compared with find()'s result
      if (Call && (Name == "begin" || Name == "cbegin"))
        return entityUse(EntityUseKind::RuntimeColumns, "", Call);
    }
    entityUse(EntityUseKind::Escape, "", U.Top);
  }

  // The entity passed whole to a call: a delete needs only its keys (and
  // ETag); any other call may read everything.
  void passed(const CallExpr *Call, const Expr *Arg) {
    const FunctionDecl *FD = Call->getDirectCallee();
    std::optional<unsigned> Index;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == Arg)
        Index = I;
    if (FD && Index) {
      const std::string Name = FD->getQualifiedNameAsString();
      for (ApiRole R : {ApiRole::Write, ApiRole::BatchAdd})
        if (const ApiFunction *F = Roles.find(Name, R);
            F && F->attr("kind") == "delete" && F->arg("entity") == Index)
          return entityUse(EntityUseKind::Delete, "", Call);
    }
    entityUse(EntityUseKind::Escape, "", Arg);
  }

  ASTContext &Ctx;
  const ApiRoles &Roles;
  QueryResults &Out;
  RefIndex Index;
  llvm::SmallPtrSet<const FunctionDecl *, 4> Indexed;
};

bool mentionsIn(const Stmt *S, const QueryResults &R) {
  if (!S)
    return false;
  if (S == R.Query)
    return true;
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && R.Vars.count(V))
      return true;
  for (const Stmt *C : S->children())
    if (mentionsIn(C, R))
      return true;
  return false;
}

} // namespace

bool QueryResults::complete() const {
  return Escapes.empty() &&
         std::none_of(Uses.begin(), Uses.end(), [](const EntityUse &U) {
           return U.Kind == EntityUseKind::Escape ||
                  U.Kind == EntityUseKind::RuntimeColumns;
         });
}

const EntityUse *QueryResults::onlyRuntimeColumns() const {
  if (!Escapes.empty())
    return nullptr;
  const EntityUse *First = nullptr;
  for (const EntityUse &U : Uses) {
    if (U.Kind == EntityUseKind::Escape)
      return nullptr;
    if (U.Kind == EntityUseKind::RuntimeColumns && !First)
      First = &U;
  }
  return First;
}

const EntityUse *QueryResults::useAt(const Expr *E) const {
  if (!E)
    return nullptr;
  for (const Expr *Before = nullptr; E != Before;) {
    Before = E;
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
  }
  for (const EntityUse &U : Uses)
    if (U.Read == E)
      return &U;
  return nullptr;
}

bool QueryResults::mentions(const Stmt *S) const {
  return mentionsIn(S, *this);
}

namespace {

// True when passing Cur as argument I of Call cannot change it (by value
// or by const reference).
bool readOnlyArgument(const CallExpr *Call, const Expr *Cur) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return false;
  // A member operator's object is argument 0 but no parameter.
  const unsigned Shift =
      isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (Call->getArg(I) != Cur)
      continue;
    if (I < Shift)
      return cast<CXXMethodDecl>(FD)->isConst();
    if (I - Shift >= FD->getNumParams())
      return false; // variadic
    const QualType T = FD->getParamDecl(I - Shift)->getType();
    return !T->isReferenceType() && !T->isPointerType()
               ? true
               : T->getPointeeType().isConstQualified();
  }
  return false;
}

// True when T's class has a const operator[]: indexing it reads.
bool hasConstSubscript(QualType T) {
  const CXXRecordDecl *R = recordOf(T);
  if (!R || !R->hasDefinition())
    return false;
  for (const CXXMethodDecl *M : R->methods())
    if (M->getOverloadedOperator() == OO_Subscript && M->isConst())
      return true;
  return false;
}

// True when the reference R (a DeclRefExpr or this->field) is only read.
bool isReadOnlyUse(const Expr *R, ASTContext &Ctx) {
  const Expr *Cur = R;
  for (;;) {
    const DynTypedNodeList Ps = Ctx.getParents(*Cur);
    const auto *P = Ps.empty() ? nullptr : Ps[0].get<Expr>();
    if (!P) {
      // A statement of its own or a condition only reads; a non-const
      // reference bound to it may write later.
      const auto *V = Ps.empty() ? nullptr : Ps[0].get<VarDecl>();
      return !V || !V->getType()->isReferenceType() ||
             V->getType().getNonReferenceType().isConstQualified();
    }
    if (const auto *C = dyn_cast<ImplicitCastExpr>(P);
        C && C->getCastKind() == CK_LValueToRValue)
      return true;
    if (isa<ParenExpr, ImplicitCastExpr, MaterializeTemporaryExpr>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(P))
      return !(B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Cur);
    if (const auto *U = dyn_cast<UnaryOperator>(P))
      return !U->isIncrementDecrementOp() && U->getOpcode() != UO_AddrOf;
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
        return M->isConst();
      Cur = P; // a field of the object: read unless that field is written
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(P)) {
      const CXXConstructorDecl *Ctor = C->getConstructor();
      return Ctor->isCopyConstructor() ||
             (C->getNumArgs() == 1 && Ctor->getNumParams() >= 1 &&
              !Ctor->getParamDecl(0)->getType()->isReferenceType());
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(P)) {
      // An element of a container that can be indexed without changing it
      // (a const operator[] exists: vector, array, string; not map): read
      // unless that element is written.
      if (Op->getOperator() == OO_Subscript && Op->getArg(0) == Cur &&
          hasConstSubscript(Cur->getType())) {
        Cur = P;
        continue;
      }
      switch (Op->getOperator()) {
      case OO_EqualEqual:
      case OO_ExclaimEqual:
      case OO_Less:
      case OO_Greater:
      case OO_LessEqual:
      case OO_GreaterEqual:
        return true;
      default:
        return readOnlyArgument(Op, Cur);
      }
    }
    if (const auto *Call = dyn_cast<CallExpr>(P))
      return readOnlyArgument(Call, Cur);
    return false;
  }
}

void collectWrites(const Stmt *S, const ValueDecl *D, ASTContext &Ctx,
                   bool &Written) {
  if (!S || Written)
    return;
  const Expr *Ref = nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == D)
    Ref = DR;
  if (const auto *ME = dyn_cast<MemberExpr>(S);
      ME && ME->getMemberDecl() == D &&
      isa<CXXThisExpr>(ME->getBase()->IgnoreImpCasts()))
    Ref = ME;
  if (Ref && !isReadOnlyUse(Ref, Ctx)) {
    Written = true;
    return;
  }
  for (const Stmt *C : S->children())
    collectWrites(C, D, Ctx, Written);
}

} // namespace

bool isWrittenIn(const Stmt *S, const ValueDecl *D, ASTContext &Ctx) {
  bool Written = false;
  collectWrites(S, D, Ctx, Written);
  return Written;
}

bool isEntityType(QualType T, const ApiRoles &Roles) {
  return entityRole(T, Roles) != nullptr;
}

namespace {
// The three result checks see the same calls; each is analysed once per
// AST (checks of one TU run on one thread, one after the other).
thread_local const ASTContext *CacheFor = nullptr;
thread_local std::map<const CallExpr *, QueryResults> Cache;
} // namespace

void forgetQueryResults() {
  Calls.reset();
  CallsFor = nullptr;
  Cache.clear();
  CacheFor = nullptr;
}

const QueryResults &analyzeResults(const CallExpr *Query, ASTContext &Ctx,
                                   const ApiRoles &Roles) {
  if (CacheFor != &Ctx) {
    Cache.clear();
    CacheFor = &Ctx;
  }
  auto [It, New] = Cache.try_emplace(Query);
  if (New) {
    It->second.Query = Query;
    Analyzer(Ctx, Roles, It->second).run(Query);
  }
  return It->second;
}

} // namespace tablelint::code
