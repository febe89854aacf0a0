// Finding entity keys and property-map accesses (see EntityAccess.h).
#include "checks/code/model/EntityAccess.h"
#include "checks/code/model/AstWalk.h"

#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/StringRecovery.h"
#include "core/Filter.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <cstdio>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// The names of a member (setter, key field, properties map) of every
// entity type, as "::Ns::Type::member" for hasAnyName.
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

bool typeHasName(const ApiType &T, const std::string &Qualified) {
  for (const std::string &Q : T.QualifiedNames)
    if (llvm::StringRef(Q).drop_front(2) == Qualified)
      return true;
  return false;
}

// Which key a member of an entity class sets (a setter method or, in the
// beta.1 shape, a public field), if any.
std::optional<KeyPart> keyMemberPart(const ApiRoles &Roles,
                                     const NamedDecl *Member) {
  const auto *Class = dyn_cast<CXXRecordDecl>(Member->getDeclContext());
  if (!Class)
    return std::nullopt;
  const std::string ClassName = Class->getQualifiedNameAsString();
  for (const ApiType *T : Roles.types(TypeRole::Entity)) {
    if (!typeHasName(*T, ClassName))
      continue;
    if (T->field("setPartitionKey") == Member->getName())
      return KeyPart::Partition;
    if (T->field("setRowKey") == Member->getName())
      return KeyPart::Row;
  }
  return std::nullopt;
}

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
                   std::vector<PropertyAccess> &Out);

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

void matchKeySites(const ApiRoles &Roles, MatchFinder *Finder,
                   MatchFinder::MatchCallback *Callback) {
  const std::vector<std::string> Members =
      entityMemberNames(Roles, {"setPartitionKey", "setRowKey"});
  if (!Members.empty()) {
    const std::vector<StringRef> Refs(Members.begin(), Members.end());
    Finder->addMatcher(
        cxxMemberCallExpr(unless(isExpansionInSystemHeader()),
                          callee(cxxMethodDecl(hasAnyName(Refs))))
            .bind("tl-key-setter"),
        Callback);
    Finder->addMatcher(memberExpr(unless(isExpansionInSystemHeader()),
                                  member(fieldDecl(hasAnyName(Refs))))
                           .bind("tl-key-field"),
                       Callback);
  }
  const std::vector<std::string> Ctors =
      Roles.functionNames(ApiRole::EntityConstruct);
  if (!Ctors.empty()) {
    const std::vector<StringRef> Refs(Ctors.begin(), Ctors.end());
    Finder->addMatcher(
        cxxConstructExpr(unless(isExpansionInSystemHeader()),
                         hasDeclaration(cxxConstructorDecl(hasAnyName(Refs))))
            .bind("tl-key-ctor"),
        Callback);
  }
  // The project's own write wrappers, recognised by their summaries.
  Finder->addMatcher(userFunctionCall("tl-key-wrapper"), Callback);
  const std::vector<std::string> Calls =
      Roles.functionNames({ApiRole::PointRead, ApiRole::Write,
                           ApiRole::BatchAdd, ApiRole::BatchCreate});
  if (!Calls.empty()) {
    const std::vector<StringRef> Refs(Calls.begin(), Calls.end());
    Finder->addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                                callee(functionDecl(hasAnyName(Refs))))
                           .bind("tl-key-call"),
                       Callback);
  }
}

std::vector<KeySite> keySitesIn(const MatchFinder::MatchResult &Result,
                                const ApiRoles &Roles) {
  std::vector<KeySite> Out;
  ASTContext &Ctx = *Result.Context;
  if (const auto *MC =
          Result.Nodes.getNodeAs<CXXMemberCallExpr>("tl-key-setter")) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && MC->getNumArgs() >= 1)
      if (auto Part = keyMemberPart(Roles, M))
        Out.push_back({*Part, MC->getArg(0), true, M->getNameAsString()});
  }
  if (const auto *ME = Result.Nodes.getNodeAs<MemberExpr>("tl-key-field")) {
    if (const Expr *V = assignedTo(Ctx, ME))
      if (auto Part = keyMemberPart(Roles, ME->getMemberDecl()))
        Out.push_back({*Part, V, true, ME->getMemberDecl()->getNameAsString()});
  }
  if (const auto *C = Result.Nodes.getNodeAs<CXXConstructExpr>("tl-key-ctor")) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    const ApiFunction *F =
        Roles.find(Ctor->getQualifiedNameAsString(), ApiRole::EntityConstruct);
    if (F && !Ctor->isCopyOrMoveConstructor())
      for (auto [Key, Part] : {std::pair{"partitionKey", KeyPart::Partition},
                               std::pair{"rowKey", KeyPart::Row}})
        if (auto I = F->arg(Key);
            I && *I < C->getNumArgs() && !isa<CXXDefaultArgExpr>(C->getArg(*I)))
          Out.push_back({Part, C->getArg(*I), true, Ctor->getNameAsString()});
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("tl-key-wrapper")) {
    const FunctionDecl *FD = Call->getDirectCallee();
    const FunctionSummary *S = wrapperSummary(FD, Ctx, Roles);
    const ApiFunction *F = S ? S->entry(ApiRole::Write) : nullptr;
    if (!F)
      return Out;
    for (auto [Key, Part] : {std::pair{"partitionKey", KeyPart::Partition},
                             std::pair{"rowKey", KeyPart::Row}})
      if (auto I = F->arg(Key); I && *I < Call->getNumArgs() &&
                                !isa<CXXDefaultArgExpr>(Call->getArg(*I)))
        Out.push_back({Part, Call->getArg(*I), true, FD->getNameAsString()});
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("tl-key-call")) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD)
      return Out;
    const std::string Name = FD->getQualifiedNameAsString();
    for (ApiRole R : {ApiRole::PointRead, ApiRole::Write, ApiRole::BatchAdd,
                      ApiRole::BatchCreate}) {
      const ApiFunction *F = Roles.find(Name, R);
      if (!F)
        continue;
      const bool Written =
          R != ApiRole::PointRead &&
          !(R == ApiRole::BatchAdd && F->attr("kind") == "retrieve");
      for (auto [Key, Part] : {std::pair{"partitionKey", KeyPart::Partition},
                               std::pair{"rowKey", KeyPart::Row}})
        if (auto I = F->arg(Key); I && *I < Call->getNumArgs() &&
                                  !isa<CXXDefaultArgExpr>(Call->getArg(*I)))
          Out.push_back(
              {Part, Call->getArg(*I), Written, FD->getNameAsString()});
    }
  }
  return Out;
}

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
