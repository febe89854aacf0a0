// A point read used only to choose between insert and update.
#include "checks/code/ReadBeforeWriteCheck.h"
#include "checks/code/model/AstWalk.h"

#include "checks/code/model/Invariance.h"
#include "checks/code/model/QueryResults.h"
#include "checks/code/model/StringRecovery.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// HTTP statuses that say whether the entity was found.
constexpr std::int64_t NotFoundStatus = 404;
constexpr std::int64_t FirstSuccessStatus = 200;
constexpr std::int64_t FirstRedirectStatus = 300;

bool isWrapper(const Stmt *S) {
  return isa<ParenExpr, ImplicitCastExpr, MaterializeTemporaryExpr,
             CXXBindTemporaryExpr, ExprWithCleanups, CXXFunctionalCastExpr>(S);
}

// A branch on the read's status: `if (r.http_status_code() == 404)`,
// `if (ex.StatusCode != HttpStatusCode::NotFound)`.
struct StatusBranch {
  const IfStmt *If = nullptr;
  bool ThenMissing = false; // the then-branch runs when the entity is missing
};

// Follows a use of the read's result up to a status comparison that an if
// tests. nullopt when the use is anything else (the value is used).
std::optional<StatusBranch> statusBranchOf(const Expr *Use, ASTContext &Ctx) {
  const Stmt *Cur = Use;
  while (true) {
    const Stmt *P = parentStmt(Ctx, Cur);
    if (!P)
      return std::nullopt;
    if (isWrapper(P)) {
      Cur = P;
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      // .RawResponse, ->GetStatusCode(), .http_status_code()
      const Stmt *Up = parentStmt(Ctx, ME);
      if (const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(Up)) {
        if (Call->getNumArgs() != 0 || !Call->getMethodDecl() ||
            !Call->getMethodDecl()->isConst())
          return std::nullopt;
        Cur = Call;
      } else {
        if (!isa<FieldDecl>(ME->getMemberDecl()))
          return std::nullopt;
        Cur = ME;
      }
      continue;
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(P);
        Op && Op->getOperator() == OO_Arrow) {
      Cur = Op; // unique_ptr<RawResponse>::operator->
      continue;
    }
    const Expr *L = nullptr, *R = nullptr;
    bool Equal = false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P);
        BO && BO->isEqualityOp()) {
      L = BO->getLHS();
      R = BO->getRHS();
      Equal = BO->getOpcode() == BO_EQ;
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(P);
               Op &&
               (Op->getOperator() == OO_EqualEqual ||
                Op->getOperator() == OO_ExclaimEqual) &&
               Op->getNumArgs() == 2) {
      L = Op->getArg(0);
      R = Op->getArg(1);
      Equal = Op->getOperator() == OO_EqualEqual;
    } else {
      return std::nullopt;
    }
    const Expr *Other = L->IgnoreParenImpCasts() == Cur ? R : L;
    Expr::EvalResult V;
    if (Other->isValueDependent() || !Other->EvaluateAsInt(V, Ctx))
      return std::nullopt;
    const std::int64_t Status = V.Val.getInt().getExtValue();
    bool MissingWhenTrue;
    if (Status == NotFoundStatus)
      MissingWhenTrue = Equal;
    else if (Status >= FirstSuccessStatus && Status < FirstRedirectStatus)
      MissingWhenTrue = !Equal;
    else
      return std::nullopt;
    // The comparison must be what an if tests (maybe negated).
    const Stmt *Test = P;
    for (const Stmt *Up = parentStmt(Ctx, Test); Up;
         Up = parentStmt(Ctx, Test)) {
      if (isWrapper(Up)) {
        Test = Up;
        continue;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(Up);
          U && U->getOpcode() == UO_LNot) {
        MissingWhenTrue = !MissingWhenTrue;
        Test = Up;
        continue;
      }
      break;
    }
    const auto *If = dyn_cast_or_null<IfStmt>(parentStmt(Ctx, Test));
    if (!If || If->getCond() != Test)
      return std::nullopt;
    return StatusBranch{If, MissingWhenTrue};
  }
}

bool isDefaultArgument(const Expr *E) {
  E = stripCopies(E);
  if (isa<CXXDefaultArgExpr, CXXScalarValueInitExpr, ImplicitValueInitExpr>(E))
    return true;
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return std::all_of(C->arg_begin(), C->arg_end(),
                       [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); });
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return std::all_of(IL->begin(), IL->end(), [](const Stmt *I) {
      return isa<ImplicitValueInitExpr, CXXDefaultInitExpr>(I);
    });
  return false;
}

// True when a call passes nothing but the operation's own arguments:
// options (If-Match) or other settings make it another kind of write.
bool plainCall(const CallExpr *Call, const Expr *Keep) {
  for (const Expr *A : Call->arguments()) {
    const Expr *S = stripCopies(A);
    if (S == stripCopies(Keep) || isDefaultArgument(A))
      continue;
    // table.execute(op) with `auto op = table_operation::...(e);`
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
          V && V->getInit() && stripCopies(V->getInit()) == stripCopies(Keep))
        continue;
    return false;
  }
  return true;
}

struct FoundWrite {
  EntityRequest Request;
  std::string Kind;
};

// The writes of one key through one client inside a region.
class KeyWrites : public RecursiveASTVisitor<KeyWrites> {
public:
  KeyWrites(ASTContext &Ctx, const ApiRoles &Roles, const KeySource &PK,
            const KeySource &RK, const Expr *Client, const FunctionDecl *Fn,
            const Stmt *After)
      : Ctx(Ctx), Roles(Roles), PK(PK), RK(RK), Client(Client), Fn(Fn),
        After(After) {}
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    const ApiFunction *F =
        FD ? Roles.find(FD->getQualifiedNameAsString(), ApiRole::Write)
           : nullptr;
    if (!F)
      return true;
    const auto R = requestOf(Call, *F, Ctx, Roles);
    if (!R || !R->Client || enclosingFunction(Ctx, R->Request) != Fn)
      return true;
    if (After && !Ctx.getSourceManager().isBeforeInTranslationUnit(
                     After->getEndLoc(), R->Request->getBeginLoc()))
      return true;
    const auto EntityArg = F->arg("entity");
    const Expr *Entity = EntityArg && *EntityArg < Call->getNumArgs()
                             ? Call->getArg(*EntityArg)
                             : nullptr;
    if (!Entity || !plainCall(Call, Entity) ||
        (R->Request != Call && !plainCall(R->Request, Call)))
      return true;
    const auto Keys = keysOfCall(Call, *F, R->Request, Ctx, Roles);
    if (!Keys || !Keys->PartitionKey || !Keys->RowKey ||
        !sameKey(PK, *Keys->PartitionKey, Ctx, Roles) ||
        !sameKey(RK, *Keys->RowKey, Ctx, Roles) ||
        !sameValue(Client, R->Client, Ctx, Roles))
      return true;
    Found.push_back({*R, F->attr("kind")});
    return true;
  }

  ASTContext &Ctx;
  const ApiRoles &Roles;
  const KeySource &PK, &RK;
  const Expr *Client;
  const FunctionDecl *Fn;
  const Stmt *After;
  std::vector<FoundWrite> Found;
};

// The local entity a read's result hands over (`auto e = r.entity();`,
// `auto e = users.GetEntity(pk, rk).Value;`): Use is the read or a use of
// its result. Null for anything else.
const VarDecl *entityLocalOf(const Expr *Use, ASTContext &Ctx,
                             const ApiRoles &Roles) {
  const Stmt *Cur = Use;
  const Stmt *P = parentStmt(Ctx, Cur);
  while (P && isWrapper(P)) {
    Cur = P;
    P = parentStmt(Ctx, Cur);
  }
  const auto *ME = dyn_cast_or_null<MemberExpr>(P);
  if (!ME || ME->getBase() != Cur)
    return nullptr;
  const Expr *Entity = ME;
  if (const auto *Call =
          dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(Ctx, ME))) {
    if (Call->getNumArgs() != 0)
      return nullptr;
    Entity = Call;
  } else if (!isa<FieldDecl>(ME->getMemberDecl())) {
    return nullptr;
  }
  if (!isEntityType(Entity->getType(), Roles))
    return nullptr;
  for (DynTypedNodeList Ps = Ctx.getParents(*Entity); !Ps.empty();
       Ps = Ctx.getParents(Ps[0])) {
    if (const auto *V = Ps[0].get<VarDecl>())
      return V->hasLocalStorage() && !V->getType()->isReferenceType() &&
                     stripCopies(V->getInit()) == stripCopies(Entity)
                 ? V
                 : nullptr;
    const auto *S = Ps[0].get<Stmt>();
    if (!S || !(isWrapper(S) || isa<CXXConstructExpr>(S)))
      return nullptr;
  }
  return nullptr;
}

// True when Ref (a reference to an entity local) only writes it: the base
// of a property or key assignment (`e.properties()[U("Seen")] = now`,
// `e.Properties["Seen"] = v`, `e.set_etag(...)` is not one).
bool onlyWritten(const DeclRefExpr *Ref, ASTContext &Ctx) {
  const Stmt *Cur = Ref;
  for (const Stmt *P = parentStmt(Ctx, Cur); P; P = parentStmt(Ctx, Cur)) {
    if (isWrapper(P) || isa<MemberExpr>(P) ||
        (isa<CXXMemberCallExpr>(P) &&
         cast<CXXMemberCallExpr>(P)->getCallee() == Cur) ||
        (isa<CXXOperatorCallExpr>(P) &&
         cast<CXXOperatorCallExpr>(P)->getOperator() == OO_Subscript &&
         cast<CXXOperatorCallExpr>(P)->getArg(0)->IgnoreParenImpCasts() ==
             Cur)) {
      Cur = P;
      continue;
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(P);
        Op && Op->getOperator() == OO_Equal && Op->getArg(0) == Cur)
      return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(P);
        BO && BO->getOpcode() == BO_Assign && BO->getLHS() == Cur)
      return true;
    return false;
  }
  return false;
}

// The upsert that writes the entity local back (Ref one of its references):
// a plain upsert call through the read's client, after the read.
std::optional<EntityRequest> upsertOf(const DeclRefExpr *Ref,
                                      const EntityRequest &Read,
                                      ASTContext &Ctx, const ApiRoles &Roles) {
  const Stmt *Cur = Ref;
  const Stmt *P = parentStmt(Ctx, Cur);
  while (P && (isWrapper(P) || isa<CXXConstructExpr>(P))) {
    Cur = P;
    P = parentStmt(Ctx, Cur);
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(P);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  const ApiFunction *F =
      FD ? Roles.find(FD->getQualifiedNameAsString(), ApiRole::Write) : nullptr;
  if (!F || !StringRef(F->attr("kind")).starts_with("upsert"))
    return std::nullopt;
  const auto EntityArg = F->arg("entity");
  if (!EntityArg || *EntityArg >= Call->getNumArgs() ||
      Call->getArg(*EntityArg) != Cur || !plainCall(Call, Call->getArg(*EntityArg)))
    return std::nullopt;
  const auto R = requestOf(Call, *F, Ctx, Roles);
  if (!R || !R->Client || (R->Request != Call && !plainCall(R->Request, Call)) ||
      !sameValue(Read.Client, R->Client, Ctx, Roles) ||
      !Ctx.getSourceManager().isBeforeInTranslationUnit(
          Read.Request->getEndLoc(), R->Request->getBeginLoc()))
    return std::nullopt;
  return R;
}

std::string calleeName(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  return FD ? FD->getNameAsString() : std::string("write");
}

std::optional<std::string>
writeBackProblem(const CallExpr *Call, const EntityRequest &Read,
                 const VarDecl *Entity, const FunctionDecl *Fn, ASTContext &Ctx,
                 const ApiRoles &Roles);
std::string upsertFor(const EntityRequest &Write, StringRef Kind,
                      const ApiRoles &Roles);

} // namespace

void ReadBeforeWriteCheck::checkModel(const TableModel &Model,
                                      ASTContext &Ctx) {
  for (const RoleCall &C : Model.calls(ApiRole::PointRead))
    if (const CallExpr *Call = C.call())
      if (const std::optional<std::string> Message =
              readBeforeWriteProblem(Call, C.Function, Ctx, roles()))
        diag(Call->getExprLoc(), "%0") << *Message;
}

bool readBeforeWriteReports(const CallExpr *Call, ASTContext &Ctx,
                            const ApiRoles &Roles) {
  const FunctionDecl *FD = Call->getDirectCallee();
  const ApiFunction *F =
      FD ? Roles.find(FD->getQualifiedNameAsString(), ApiRole::PointRead)
         : nullptr;
  return F && readBeforeWriteProblem(Call, F, Ctx, Roles).has_value();
}

std::optional<std::string> readBeforeWriteProblem(const CallExpr *Call,
                                                  const ApiFunction *F,
                                                  ASTContext &Ctx,
                                                  const ApiRoles &Roles) {
  const auto Read = F ? requestOf(Call, *F, Ctx, Roles) : std::nullopt;
  const FunctionDecl *Fn =
      Read ? enclosingFunction(Ctx, Read->Request) : nullptr;
  const auto PKIndex = F ? F->arg("partitionKey") : std::nullopt;
  const auto RKIndex = F ? F->arg("rowKey") : std::nullopt;
  if (!Read || !Read->Client || !Fn || !Fn->hasBody() || !PKIndex || !RKIndex ||
      std::max(*PKIndex, *RKIndex) >= Call->getNumArgs())
    return std::nullopt;
  const KeySource PK =
      keyOfArgument(Call->getArg(*PKIndex), true, Ctx, Roles);
  const KeySource RK =
      keyOfArgument(Call->getArg(*RKIndex), false, Ctx, Roles);

  // What the code does with the result: nothing, or test its status. Any
  // other use (a property, the ETag) makes it a read-modify-write.
  std::vector<StatusBranch> Branches;
  const Stmt *Cur = Read->Request;
  const VarDecl *ResultVar = nullptr;
  while (true) {
    const DynTypedNodeList Ps = Ctx.getParents(*Cur);
    if (Ps.empty())
      return std::nullopt;
    if (const auto *V = Ps[0].get<VarDecl>()) {
      if (!V->hasLocalStorage())
        return std::nullopt;
      ResultVar = V;
      break;
    }
    const auto *P = Ps[0].get<Stmt>();
    if (!P)
      return std::nullopt;
    if (isWrapper(P) ||
        (isa<CXXConstructExpr>(P) && cast<CXXConstructExpr>(P)
                                         ->getConstructor()
                                         ->isCopyOrMoveConstructor())) {
      Cur = P;
      continue;
    }
    if (isa<CompoundStmt>(P))
      break; // the result is discarded
    const auto B = statusBranchOf(cast<Expr>(Cur), Ctx);
    if (!B) {
      if (const VarDecl *E = entityLocalOf(cast<Expr>(Cur), Ctx, Roles))
        return writeBackProblem(Call, *Read, E, Fn, Ctx, Roles);
      return std::nullopt;
    }
    Branches.push_back(*B);
    break;
  }
  const VarDecl *EntityLocal = nullptr;
  if (ResultVar) {
    for (const DeclRefExpr *U : referencesTo(ResultVar, Fn->getBody())) {
      if (const auto B = statusBranchOf(U, Ctx)) {
        Branches.push_back(*B);
        continue;
      }
      const VarDecl *E = entityLocalOf(U, Ctx, Roles);
      if (!E || (EntityLocal && EntityLocal != E))
        return std::nullopt;
      EntityLocal = E;
    }
  }
  if (EntityLocal)
    return Branches.empty()
               ? writeBackProblem(Call, *Read, EntityLocal, Fn, Ctx, Roles)
               : std::nullopt;

  // Where the entity is missing and where it exists.
  std::vector<std::pair<const Stmt *, const Stmt *>> Missing,
      Present; // region, after
  for (const StatusBranch &B : Branches) {
    const Stmt *Then = B.If->getThen(), *Else = B.If->getElse();
    if (const Stmt *M = B.ThenMissing ? Then : Else)
      Missing.push_back({M, nullptr});
    if (const Stmt *P = B.ThenMissing ? Else : Then)
      Present.push_back({P, nullptr});
  }
  // try { read; ...present... } catch (RequestFailedException) { ...missing...
  // }
  for (const Stmt *S = parentStmt(Ctx, Read->Request); S;
       S = parentStmt(Ctx, S)) {
    if (isa<CXXCatchStmt, LambdaExpr>(S))
      break;
    const auto *Try = dyn_cast<CXXTryStmt>(S);
    if (!Try)
      continue;
    for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
      const CXXCatchStmt *H = Try->getHandler(I);
      const CXXRecordDecl *Caught =
          H->getCaughtType().isNull()
              ? nullptr
              : H->getCaughtType().getNonReferenceType()->getAsCXXRecordDecl();
      if (Caught && Roles.findType(Caught->getQualifiedNameAsString(),
                                     TypeRole::RequestFailed))
        Missing.push_back({H->getHandlerBlock(), nullptr});
    }
    Present.push_back({Try->getTryBlock(), Read->Request});
    break;
  }

  auto Writes =
      [&](const std::vector<std::pair<const Stmt *, const Stmt *>> &Regions,
          std::initializer_list<StringRef> Kinds) -> std::optional<FoundWrite> {
    for (const auto &[Region, After] : Regions) {
      KeyWrites W(Ctx, Roles, PK, RK, Read->Client, Fn, After);
      W.TraverseStmt(const_cast<Stmt *>(Region));
      for (const FoundWrite &Found : W.Found)
        for (StringRef K : Kinds)
          if (Found.Kind == K)
            return Found;
    }
    return std::nullopt;
  };
  // Nothing looks at the result (no status test, no catch of "not found")
  // and an upsert of the same key follows: the upsert writes whether the
  // entity exists or not, so the read only costs a round trip.
  if (Branches.empty() && Missing.empty()) {
    const auto Upsert =
        Writes({{Fn->getBody(), Read->Request}},
               {"upsert-merge", "upsert-replace", "upsert"});
    if (!Upsert)
      return std::nullopt;
    return calleeName(Call) +
           " reads the entity but nothing uses the result, and " +
           calleeName(Upsert->Request.Operation) + " (line " +
           std::to_string(
               lineOf(Upsert->Request.Operation->getExprLoc(), Ctx)) +
           ") writes it whether it exists or not: drop the read, the upsert "
           "needs no existence test";
  }
  const auto Insert = Writes(Missing, {"insert"});
  const auto Update = Writes(Present, {"replace", "merge"});
  if (!Insert || !Update)
    return std::nullopt;
  const std::string Upsert = upsertFor(Update->Request, Update->Kind, Roles);
  return calleeName(Call) + " reads the entity only to choose between " +
         calleeName(Insert->Request.Operation) + " when it is missing (line " +
         std::to_string(lineOf(Insert->Request.Operation->getExprLoc(), Ctx)) +
         ") and " + calleeName(Update->Request.Operation) +
         " when it exists (line " +
         std::to_string(lineOf(Update->Request.Operation->getExprLoc(), Ctx)) +
         "): use " + (Upsert.empty() ? std::string("an upsert") : Upsert) +
         ", one request that does both without racing other writers";
}

namespace {

// The read's entity, held in a local, changed and written back by an
// upsert, with no test of whether the read found it. When the changes do
// not depend on what was read, the read only costs a round trip: an upsert
// of the keys and the changed properties (a merge keeps the others) does
// the same. When they do (a counter, a list appended to), the read is
// needed but the unconditional write loses a change made in between: the
// write should carry the read's ETag.
std::optional<std::string>
writeBackProblem(const CallExpr *Call, const EntityRequest &Read,
                 const VarDecl *Entity, const FunctionDecl *Fn, ASTContext &Ctx,
                 const ApiRoles &Roles) {
  for (const Stmt *S = parentStmt(Ctx, Read.Request); S;
       S = parentStmt(Ctx, S))
    if (isa<CXXTryStmt>(S))
      return std::nullopt; // a catch may be the existence branch
  std::optional<EntityRequest> Upsert;
  bool OldValuesRead = false;
  for (const DeclRefExpr *Ref : referencesTo(Entity, Fn->getBody())) {
    if (auto W = upsertOf(Ref, Read, Ctx, Roles)) {
      if (Upsert)
        return std::nullopt; // written back more than once
      Upsert = W;
    } else if (!onlyWritten(Ref, Ctx)) {
      OldValuesRead = true;
    }
  }
  if (!Upsert)
    return std::nullopt;
  const std::string Write = calleeName(Upsert->Operation);
  const std::string Line =
      std::to_string(lineOf(Upsert->Operation->getExprLoc(), Ctx));
  if (OldValuesRead)
    return calleeName(Call) +
           " reads the entity, changes it from its old values and " + Write +
           " (line " + Line +
           ") writes it back unconditionally: a change made between the two "
           "is lost; write it back with the read's ETag (a conditional update "
           "or merge, retried on 412)";
  return calleeName(Call) + " reads the entity only to write it back with " +
         Write + " (line " + Line +
         "), which writes whether it exists or not: drop the read and upsert "
         "the keys with just the changed properties (a merge keeps the "
         "others)";
}

std::string upsertFor(const EntityRequest &Write, StringRef Kind,
                      const ApiRoles &Roles) {
  const auto *Method =
      dyn_cast_or_null<CXXMethodDecl>(Write.Operation->getDirectCallee());
  const CXXRecordDecl *Class = Method ? Method->getParent() : nullptr;
  if (!Class)
    return "";
  const CXXMethodDecl *Exact = nullptr, *Generic = nullptr;
  const ApiFunction *GenericRole = nullptr;
  for (const CXXMethodDecl *M : Class->methods()) {
    const ApiFunction *F =
        Roles.find(M->getQualifiedNameAsString(), ApiRole::Write);
    if (!F)
      continue;
    const std::string K = F->attr("kind");
    if (!Exact && K == ("upsert-" + Kind).str())
      Exact = M;
    if (!Generic && K == "upsert") {
      Generic = M;
      GenericRole = F;
    }
  }
  auto Named = [&](const CXXMethodDecl *M) {
    return M->isStatic()
               ? Class->getNameAsString() + "::" + M->getNameAsString()
               : M->getNameAsString();
  };
  if (Exact)
    return Named(Exact);
  if (!Generic)
    return "";
  // beta.2-beta.5: UpsertEntity(entity, UpsertEntityOptions{UpsertKind::...}),
  // the kind an enum field of the options parameter.
  const std::string Name = Named(Generic);
  const unsigned EntityIndex = GenericRole->arg("entity").value_or(0);
  for (unsigned I = EntityIndex + 1; I < Generic->getNumParams(); ++I) {
    const CXXRecordDecl *Options = Generic->getParamDecl(I)
                                       ->getType()
                                       .getNonReferenceType()
                                       ->getAsCXXRecordDecl();
    if (!Options)
      continue;
    for (const FieldDecl *Field : Options->fields()) {
      const auto *Enum = Field->getType()->getAsTagDecl();
      const auto *ED = dyn_cast_or_null<EnumDecl>(Enum);
      if (!ED)
        continue;
      for (const EnumConstantDecl *C : ED->enumerators()) {
        const StringRef N = C->getName();
        const bool Merge = N.starts_with("Merge");
        if (Merge == (Kind == "merge"))
          return Name + "(entity, " + Options->getNameAsString() + "{" +
                 ED->getNameAsString() + "::" + N.str() + "})";
      }
    }
  }
  return Name;
}

} // namespace

} // namespace tablelint::code
