// Keys of straight-line write wrappers (see WrapperWriteKeys.h).
#include "checks/code/model/WrapperWriteKeys.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/StringRecovery.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace tablelint::code {

using namespace clang;

namespace {

// The single-entity writes of a body, and whether it loops.
class WriteCalls : public RecursiveASTVisitor<WriteCalls> {
public:
  explicit WriteCalls(const ApiRoles &Roles) : Roles(Roles) {}
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *FD = C->getDirectCallee())
      if (const ApiFunction *F =
              Roles.find(FD->getQualifiedNameAsString(), ApiRole::Write)) {
        Write = C;
        Function = F;
        ++Count;
      }
    return true;
  }
  bool VisitStmt(Stmt *S) {
    Loops |= isLoop(S);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *) {
    Loops = true; // runs who knows when
    return true;
  }
  const ApiRoles &Roles;
  const CallExpr *Write = nullptr;
  const ApiFunction *Function = nullptr;
  unsigned Count = 0;
  bool Loops = false;
};

// The caller's view of a key the wrapper wrote.
std::optional<KeySource> atCaller(const std::optional<KeySource> &K,
                                  bool PartitionKey, const FunctionDecl *Def,
                                  const CallExpr *Call, ASTContext &Ctx,
                                  const ApiRoles &Roles) {
  if (!K || !K->Value)
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(
      stripStringWrappers(K->Value)->IgnoreParenImpCasts());
  if (const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr) {
    for (unsigned I = 0; I < Def->getNumParams(); ++I)
      if (Def->getParamDecl(I) == P && I < Call->getNumArgs())
        return keyOfArgument(Call->getArg(I), PartitionKey, Ctx, Roles);
    return std::nullopt;
  }
  const std::optional<std::string> Text = keyText(*K, Ctx, Roles);
  if (Text && StringRecovery::fullyKnown(*Text))
    return K;
  return std::nullopt;
}

} // namespace

std::optional<EntityKeys> wrapperWriteKeys(const CallExpr *Call,
                                           ASTContext &Ctx,
                                           const ApiRoles &Roles,
                                           const Expr **ClientAtCaller) {
  if (ClientAtCaller)
    *ClientAtCaller = nullptr;
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Def || !Def->getBody())
    return std::nullopt;
  WriteCalls Calls(Roles);
  Calls.TraverseStmt(Def->getBody());
  if (Calls.Count != 1 || Calls.Loops)
    return std::nullopt;
  const std::optional<EntityKeys> Inner =
      keysOfCall(Calls.Write, *Calls.Function, Calls.Write, Ctx, Roles);
  if (!Inner)
    return std::nullopt;
  EntityKeys Out;
  Out.PartitionKey =
      atCaller(Inner->PartitionKey, true, Def, Call, Ctx, Roles);
  Out.RowKey = atCaller(Inner->RowKey, false, Def, Call, Ctx, Roles);
  if (!Out.PartitionKey || !Out.RowKey)
    return std::nullopt;
  if (ClientAtCaller)
    if (const std::optional<EntityRequest> R =
            requestOf(Calls.Write, *Calls.Function, Ctx, Roles);
        R && R->Client)
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(R->Client->IgnoreParenImpCasts()))
        if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
          for (unsigned I = 0; I < Def->getNumParams(); ++I)
            if (Def->getParamDecl(I) == P && I < Call->getNumArgs())
              *ClientAtCaller = Call->getArg(I);
  return Out;
}

} // namespace tablelint::code
