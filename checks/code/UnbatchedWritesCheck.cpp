// Single-entity writes that one entity group transaction could carry.
#include "checks/code/UnbatchedWritesCheck.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/Invariance.h"
#include "checks/code/model/QueryPinnedResults.h"
#include "checks/code/model/StringRecovery.h"
#include "checks/code/model/WrapperWriteKeys.h"
#include "core/ServiceLimits.h"
#include "core/Utf8Text.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <algorithm>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

std::string calleeName(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  return FD ? FD->getNameAsString() : std::string("write");
}

// The table calls inside one statement: single-entity writes, and whether
// anything else talks to the service (a read, a query, a batch).
class TableCalls : public RecursiveASTVisitor<TableCalls> {
public:
  TableCalls(const ApiRoles &Roles, ASTContext &Ctx) : Roles(Roles), Ctx(Ctx) {}
  bool VisitLambdaExpr(LambdaExpr *) {
    Other = true; // runs who knows when
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD)
      return true;
    const std::string Name = FD->getQualifiedNameAsString();
    if (const ApiFunction *F = Roles.find(Name, ApiRole::Write)) {
      if (auto R = requestOf(Call, *F, Ctx, Roles))
        Writes.push_back(*R);
      else
        Other = true;
      return true;
    }
    if (Roles.find(Name, ApiRole::Execute))
      return true; // the request of a write factory, counted there
    if (Roles.find(Name))
      Other = true;
    return true;
  }
  const ApiRoles &Roles;
  ASTContext &Ctx;
  std::vector<EntityRequest> Writes;
  bool Other = false;
};

// Whether a loop already collects its writes into a batch.
class BatchUse : public RecursiveASTVisitor<BatchUse> {
public:
  explicit BatchUse(const ApiRoles &Roles) : Roles(Roles) {}
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD)
      return true;
    const std::string Name = FD->getQualifiedNameAsString();
    for (ApiRole R :
         {ApiRole::BatchAdd, ApiRole::BatchSubmit, ApiRole::BatchCreate})
      if (Roles.find(Name, R))
        Found = true;
    // steps.push_back(TransactionStep{...}): a vector of transaction steps.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      const QualType T = MC->getImplicitObjectArgument()
                             ->getType()
                             .getNonReferenceType()
                             .getCanonicalType();
      if (const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
              T->getAsCXXRecordDecl()))
        if (S->getName() == "vector" && S->getTemplateArgs().size() >= 1 &&
            S->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
          if (const auto *E = S->getTemplateArgs()[0]
                                  .getAsType()
                                  .getCanonicalType()
                                  ->getAsCXXRecordDecl())
            if (Roles.findType(E->getQualifiedNameAsString(),
                               TypeRole::TransactionStep))
              Found = true;
    }
    return true;
  }
  const ApiRoles &Roles;
  bool Found = false;
};

bool insideCatch(ASTContext &Ctx, const Stmt *S) {
  for (const Stmt *Cur = parentStmt(Ctx, S); Cur; Cur = parentStmt(Ctx, Cur))
    if (isa<CXXCatchStmt>(Cur))
      return true;
  return false;
}

} // namespace

UnbatchedWritesCheck::UnbatchedWritesCheck(
    StringRef Name, clang::tidy::ClangTidyContext *Context)
    : TablelintCheck(Name, Context),
      // One write alone is never a batch.
      MinWrites(std::max(2u, unsignedOption("MinWrites"))) {}

void UnbatchedWritesCheck::checkModel(const TableModel &Model,
                                      ASTContext &Ctx) {
  for (const RoleCall &C : Model.calls(ApiRole::Write))
    if (const CallExpr *Call = C.call())
      checkWrite(Call, C.Function, Ctx);
  // The project's own write wrappers (a member function whose parameters
  // are the keys it writes), recognised by their summaries.
  for (const ProjectCall &C : Model.projectCalls())
    checkWrapperCall(C.Call, Ctx);
}

void UnbatchedWritesCheck::checkWrapperCall(const CallExpr *Call,
                                            ASTContext &Ctx) {
  {
    const FunctionSummary *S =
        wrapperSummary(Call->getDirectCallee(), Ctx, roles());
    if (!S || !S->TableIO)
      return;
    const ApiFunction *F = S->entry(ApiRole::Write);
    auto R = F ? requestOf(Call, *F, Ctx, roles()) : std::nullopt;
    // A wrapper that writes one entity straight through, with a partition
    // of its own (`save(id, v)` writing partition 'grid', keys set through
    // the entity's setters): its keys as the body writes them.
    const Expr *ClientArg = nullptr;
    const std::optional<EntityKeys> Through =
        wrapperWriteKeys(Call, Ctx, roles(), &ClientArg);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call); !R && Through && MC)
      R = EntityRequest{Call, nullptr, Call, MC->getImplicitObjectArgument()};
    // A free function given the client (`save(table, pk, rk)`): the
    // caller's client argument.
    if (!R && Through && ClientArg && !isa<CXXMemberCallExpr>(Call))
      R = EntityRequest{Call, nullptr, Call, ClientArg};
    if (!R)
      return;
    // Only loops: a run of wrapper calls in a block is not followed. The
    // wrapper object is fixed when it is `this` (a member function calling
    // its class's wrapper) or a variable declared before the loop that
    // nothing but wrapper calls use in it.
    const Stmt *Loop = innermostLoop(Ctx, R->Request);
    if (Loop && isa<CXXThisExpr>(R->Client->IgnoreParenImpCasts())) {
      checkLoop(*R, Loop, Ctx, /*ClientFixed=*/true, Through ? &*Through : nullptr);
      return;
    }
    const auto *Object = dyn_cast<DeclRefExpr>(R->Client->IgnoreParenImpCasts());
    const auto *V = Object ? dyn_cast<VarDecl>(Object->getDecl()) : nullptr;
    if (!Loop || !V ||
        !Ctx.getSourceManager().isBeforeInTranslationUnit(V->getLocation(),
                                                          Loop->getBeginLoc()))
      return;
    for (const DeclRefExpr *Ref : referencesTo(V, Loop)) {
      const auto *ME = dyn_cast_or_null<MemberExpr>(parentOf(Ctx, Ref));
      const auto *MC =
          ME ? dyn_cast_or_null<CXXMemberCallExpr>(parentOf(Ctx, ME)) : nullptr;
      const FunctionDecl *M = MC ? MC->getDirectCallee() : nullptr;
      // Or the client handed to a project function (`save(table, ...)`).
      if (!MC)
        if (const auto *C = dyn_cast_or_null<CallExpr>(
                visibleParent(Ctx, Ref).get<Stmt>());
            C && !isa<CXXMemberCallExpr>(C) &&
            llvm::any_of(C->arguments(), [&](const Expr *A) {
              return A->IgnoreParenImpCasts() == Ref;
            }))
          M = C->getDirectCallee();
      if (!M || !isSummarisable(M, Ctx))
        return; // used otherwise in the loop: may change
    }
    checkLoop(*R, Loop, Ctx, /*ClientFixed=*/true, Through ? &*Through : nullptr);
  }
}

void UnbatchedWritesCheck::checkWrite(const CallExpr *Call,
                                      const ApiFunction *F, ASTContext &Ctx) {
  const std::optional<EntityRequest> R =
      F ? requestOf(Call, *F, Ctx, roles()) : std::nullopt;
  if (!R)
    return;
  if (const Stmt *Loop = innermostLoop(Ctx, R->Request))
    checkLoop(*R, Loop, Ctx);
  if (const CompoundStmt *Block = straightLineBlock(Ctx, R->Request))
    if (SeenBlocks.insert(Block).second)
      checkBlock(Block, Ctx);
}

bool UnbatchedWritesCheck::loopBatches(const Stmt *Loop) const {
  BatchUse Use(roles());
  Use.TraverseStmt(const_cast<Stmt *>(Loop));
  return Use.Found;
}

void UnbatchedWritesCheck::checkLoop(const EntityRequest &R, const Stmt *Loop,
                                     ASTContext &Ctx, bool ClientFixed,
                                     const EntityKeys *WrapperKeys) {
  // A loop in a catch handler is usually the fallback of a failed batch.
  if (insideCatch(Ctx, Loop) || loopBatches(Loop))
    return;
  if (auto Passes = constantTripCount(Loop, Ctx); Passes && *Passes < MinWrites)
    return;
  // Deleting each result of a query pinned to one partition: the keys
  // are the entities' own, and the query's filter says they share one
  // PartitionKey (and differ by RowKey).
  if (R.Client && isLoopInvariant(R.Client, Loop, Ctx))
    if (const auto Pinned =
            pinnedQueryOfDelete(R.Operation, Loop, Ctx, roles())) {
      diag(R.Operation->getExprLoc(),
           "%0 in a loop sends one request per entity although every "
           "entity comes from the query at line %1, which reads one "
           "partition (partition key %2): %3")
          << calleeName(R.Operation)
          << lineOf(Pinned->Query->getExprLoc(), Ctx)
          << Pinned->PartitionKey.str() << batchHint(R);
      return;
    }
  const std::optional<EntityKeys> Keys =
      WrapperKeys ? std::optional<EntityKeys>(*WrapperKeys)
                  : keysOfCall(R.Operation, *R.Function, R.Request, Ctx, roles());
  if (!Keys || !Keys->PartitionKey || !Keys->RowKey || !R.Client)
    return;
  if (!keyLoopInvariant(*Keys->PartitionKey, Loop, Ctx) ||
      !keyVariesWithLoop(*Keys->RowKey, Loop, Ctx) ||
      (!ClientFixed && !isLoopInvariant(R.Client, Loop, Ctx)))
    return;
  diag(R.Operation->getExprLoc(),
       "%0 in a loop sends one request per entity although every pass writes "
       "to the same partition (partition key %1) with a row key that changes "
       "per pass: %2")
      << calleeName(R.Operation)
      << keyDisplay(*Keys->PartitionKey, Ctx, roles()) << batchHint(R);
}

void UnbatchedWritesCheck::checkBlock(const CompoundStmt *Block,
                                      ASTContext &Ctx) {
  struct Item {
    EntityRequest Request;
    KeySource PartitionKey;
    std::string RowKey;
  };
  std::vector<Item> Run;
  auto Close = [&] {
    if (Run.size() >= MinWrites) {
      std::string RowKeys;
      for (std::size_t I = 0; I < Run.size() && I < 3; ++I) {
        RowKeys += (I ? ", '" : "'") + ellipsize(Run[I].RowKey, 24) + "'";
      }
      if (Run.size() > 3)
        RowKeys += ", ...";
      diag(Run.front().Request.Operation->getExprLoc(),
           "%0 single-entity writes in a row go to the same partition "
           "(partition key %1) with different row keys (%2): %3")
          << static_cast<unsigned>(Run.size())
          << keyDisplay(Run.front().PartitionKey, Ctx, roles()) << RowKeys
          << batchHint(Run.front().Request);
    }
    Run.clear();
  };
  for (const Stmt *S : Block->body()) {
    if (!isa<Expr, DeclStmt, NullStmt>(S)) {
      Close(); // a branch, loop or return: the writes may not run together
      continue;
    }
    TableCalls Calls(roles(), Ctx);
    Calls.TraverseStmt(const_cast<Stmt *>(S));
    if (Calls.Writes.empty() && !Calls.Other)
      continue; // building an entity, logging: does not separate writes
    if (Calls.Other || Calls.Writes.size() != 1 ||
        !isStraightLineIn(Ctx, Calls.Writes.front().Request, Block)) {
      Close();
      continue;
    }
    const EntityRequest &W = Calls.Writes.front();
    const std::optional<EntityKeys> Keys =
        keysOfCall(W.Operation, *W.Function, W.Request, Ctx, roles());
    const std::optional<std::string> RowKey =
        Keys && Keys->RowKey ? keyText(*Keys->RowKey, Ctx, roles())
                             : std::nullopt;
    if (!Keys || !Keys->PartitionKey || !RowKey ||
        !StringRecovery::fullyKnown(*RowKey) || !W.Client) {
      Close();
      continue;
    }
    const KeySource &PK = *Keys->PartitionKey;
    bool Joins = !Run.empty();
    if (Joins) {
      const Item &First = Run.front();
      const auto PA = keyText(First.PartitionKey, Ctx, roles());
      const auto PB = keyText(PK, Ctx, roles());
      const bool SamePartition =
          (PA && PB && StringRecovery::fullyKnown(*PA) &&
           StringRecovery::fullyKnown(*PB))
              ? *PA == *PB
              : sameKey(First.PartitionKey, PK, Ctx, roles());
      Joins = SamePartition &&
              sameValue(First.Request.Client, W.Client, Ctx, roles()) &&
              std::none_of(Run.begin(), Run.end(),
                           [&](const Item &I) { return I.RowKey == *RowKey; });
    }
    if (!Joins)
      Close();
    Run.push_back({W, PK, *RowKey});
  }
  Close();
}

std::string UnbatchedWritesCheck::batchHint(const EntityRequest &R) const {
  const std::string Limit = std::to_string(limits::MaxBatchOperations);
  const auto *Method =
      dyn_cast_or_null<CXXMethodDecl>(R.Request->getDirectCallee());
  const CXXRecordDecl *Client = Method ? Method->getParent() : nullptr;
  if (Client)
    for (const CXXMethodDecl *M : Client->methods()) {
      const std::string Name = M->getQualifiedNameAsString();
      const ApiFunction *Submit = roles().find(Name, ApiRole::BatchSubmit);
      if (!Submit || roles().find(Name, ApiRole::AsyncOperation))
        continue;
      std::string Hint = "an entity group transaction takes up to " + Limit +
                         " writes per " + M->getNameAsString();
      // execute_batch takes a table_batch_operation; SubmitTransaction a
      // vector of steps.
      if (auto I = Submit->arg("steps"); I && *I < M->getNumParams()) {
        const QualType T = M->getParamDecl(*I)
                               ->getType()
                               .getNonReferenceType()
                               .getCanonicalType()
                               .getUnqualifiedType();
        if (const auto *B = T->getAsCXXRecordDecl())
          if (roles().findType(B->getQualifiedNameAsString(), TypeRole::Batch))
            Hint += " (" + B->getNameAsString() + ")";
      }
      return Hint;
    }
  return "an entity group transaction takes up to " + Limit +
         " writes to one partition in one request";
}

} // namespace tablelint::code
