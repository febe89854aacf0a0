// Property-map accesses of entities (see EntityProperties.h).
#include "checks/code/model/EntityProperties.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/StringRecovery.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// The parent, skipping parentheses, implicit casts and temporaries.
const Stmt *semanticParent(ASTContext &Ctx, const Stmt *S) {
  const Stmt *P = parentOf(Ctx, S);
  while (P && isa<ParenExpr, ImplicitCastExpr, MaterializeTemporaryExpr,
                  CXXBindTemporaryExpr>(P))
    P = parentOf(Ctx, P);
  return P;
}

const Expr *bare(const Expr *E) {
  return E ? stripStringWrappers(E)->IgnoreParenImpCasts() : nullptr;
}

// The right-hand side when S is the left-hand side of an assignment.
const Expr *assignedTo(ASTContext &Ctx, const Expr *S) {
  const Stmt *P = semanticParent(Ctx, S);
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P))
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        bare(Op->getArg(0)) == S->IgnoreParenImpCasts())
      return Op->getArg(1);
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    if (BO->getOpcode() == BO_Assign &&
        BO->getLHS()->IgnoreParenImpCasts() == S)
      return BO->getRHS();
  return nullptr;
}

// The value stored into a property reached by Element (Properties["X"]):
// assigned to it or to one of its fields (.Value = v), or set by a setter
// (.set_value(v)).
const Expr *storedValue(ASTContext &Ctx, const Expr *Element) {
  if (const Expr *V = assignedTo(Ctx, Element))
    return V;
  const Stmt *P = semanticParent(Ctx, Element);
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    if (isa<FieldDecl>(ME->getMemberDecl()))
      return assignedTo(Ctx, ME);
    if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(parentOf(Ctx, ME)))
      if (ME->getMemberDecl()->getName() == "set_value" &&
          MC->getNumArgs() == 1)
        return MC->getArg(0);
  }
  return nullptr;
}

// A {name, value} pair as written in insert(...).
std::pair<const Expr *, const Expr *> pairParts(const Expr *E) {
  E = bare(E);
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    if (IL->getNumInits() == 2)
      return {IL->getInit(0), IL->getInit(1)};
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    if (C->getNumArgs() == 2)
      return {C->getArg(0), C->getArg(1)};
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = Call->getDirectCallee())
      if (FD->getName() == "make_pair" && Call->getNumArgs() == 2)
        return {Call->getArg(0), Call->getArg(1)};
  return {nullptr, nullptr};
}

// Decodes how the map expression Map is used.
void accessesOfMap(ASTContext &Ctx, const Expr *Map, const Expr *Entity,
                   std::vector<PropertyAccess> &Out) {
  const Stmt *P = semanticParent(Ctx, Map);
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P)) {
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
        bare(Op->getArg(0)) == Map->IgnoreParenImpCasts())
      Out.push_back({Entity, Op->getArg(1), storedValue(Ctx, Op), true});
    return;
  }
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(parentOf(Ctx, ME));
    if (!MC || MC->getNumArgs() == 0)
      return;
    const StringRef M = ME->getMemberDecl()->getName();
    if (M == "insert" && MC->getNumArgs() == 1) {
      auto [Name, Value] = pairParts(MC->getArg(0));
      if (Name)
        Out.push_back({Entity, Name, Value, true});
    } else if (M == "emplace" || M == "try_emplace" ||
               M == "insert_or_assign") {
      Out.push_back({Entity, MC->getArg(0),
                     MC->getNumArgs() == 2 ? MC->getArg(1) : nullptr, true});
    } else if (M == "at" || M == "find" || M == "count" || M == "contains" ||
               M == "erase") {
      Out.push_back({Entity, MC->getArg(0), nullptr, false});
    }
    return;
  }
  // `auto &props = e.properties();` then props[U("X")] = ...
  if (P)
    return;
  for (const DynTypedNode &N : Ctx.getParents(*Map)) {
    const auto *V = N.get<VarDecl>();
    if (!V || !V->getType()->isReferenceType() || !V->hasLocalStorage())
      continue;
    const FunctionDecl *F =
        dyn_cast<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!F || !F->hasBody())
      return;
    const std::vector<const DeclRefExpr *> Refs = referencesTo(V, F->getBody());
    for (const DeclRefExpr *R : Refs)
      accessesOfMap(Ctx, R, Entity, Out);
  }
}

} // namespace

void matchPropertyMaps(const ApiRoles &Roles, MatchFinder *Finder,
                       MatchFinder::MatchCallback *Callback) {
  const std::vector<std::string> Names =
      entityMemberNames(Roles, {"properties"});
  if (Names.empty())
    return;
  const std::vector<StringRef> Refs(Names.begin(), Names.end());
  // The role map does not say whether the map is a data member
  // (TableEntity::Properties) or an accessor (table_entity::properties()).
  Finder->addMatcher(memberExpr(unless(isExpansionInSystemHeader()),
                                member(fieldDecl(hasAnyName(Refs))))
                         .bind("tl-props"),
                     Callback);
  Finder->addMatcher(cxxMemberCallExpr(unless(isExpansionInSystemHeader()),
                                       callee(cxxMethodDecl(hasAnyName(Refs))))
                         .bind("tl-props"),
                     Callback);
}

std::vector<PropertyAccess>
propertyAccessesIn(const MatchFinder::MatchResult &Result) {
  std::vector<PropertyAccess> Out;
  const auto *Map = Result.Nodes.getNodeAs<Expr>("tl-props");
  if (!Map)
    return Out;
  const Expr *Entity = nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(Map))
    Entity = ME->getBase();
  else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Map))
    Entity = MC->getImplicitObjectArgument();
  if (Entity)
    accessesOfMap(*Result.Context, Map, Entity, Out);
  return Out;
}

bool isServiceManagedPropertyName(StringRef Name) {
  return Name == "PartitionKey" || Name == "RowKey" || Name == "Timestamp" ||
         Name.starts_with("odata.") || Name.contains("@odata.");
}

const ValueDecl *entityDeclOf(const Expr *Entity) {
  if (!Entity)
    return nullptr;
  Entity = Entity->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(Entity))
    return dyn_cast<VarDecl>(D->getDecl());
  if (const auto *ME = dyn_cast<MemberExpr>(Entity))
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return dyn_cast<FieldDecl>(ME->getMemberDecl());
  return nullptr;
}

} // namespace tablelint::code
