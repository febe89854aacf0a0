// Modelling a query call: filter, key address, projection and table.
#include "checks/code/model/QueryModel.h"
#include "checks/code/model/AstWalk.h"
#include "core/Uri.h"

#include "core/Text.h"

#include <clang/AST/DeclCXX.h>

#include <cctype>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

namespace tablelint::code {

using namespace clang;

namespace {

std::string qualifiedTypeName(QualType T) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *R = T->getAsCXXRecordDecl())
    return R->getQualifiedNameAsString();
  return "";
}

const Expr *unwrap(const Expr *E) {
  E = stripStringWrappers(E);
  while (true) {
    const Expr *Before = E;
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    if (E == Before)
      return E;
  }
}

// True when E builds an object with no arguments: T{}, T(), a defaulted
// argument.
bool isDefaultObject(const Expr *E) {
  E = unwrap(E);
  if (isa<CXXDefaultArgExpr>(E))
    return true;
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return C->getNumArgs() == 0 ||
           std::all_of(C->arg_begin(), C->arg_end(),
                       [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); });
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return std::all_of(IL->begin(), IL->end(), [](const Stmt *I) {
      return isa<ImplicitValueInitExpr, CXXDefaultInitExpr>(I) ||
             (isa<CXXConstructExpr>(I) &&
              cast<CXXConstructExpr>(I)->getNumArgs() == 0);
    });
  if (isa<CXXScalarValueInitExpr, ImplicitValueInitExpr>(E))
    return true;
  return false;
}

PinnedKey pinnedFrom(const std::string &Text) {
  PinnedKey K;
  if (StringRecovery::fullyKnown(Text)) {
    K.Value = Text;
    return K;
  }
  K.Known = false;
  K.KnownPrefix = Text.substr(0, Text.find(UnknownValueMarker));
  return K;
}

// One write to a field or through a setter, found before the query.
struct Write {
  std::string Field; // filter, select, partitionKey, rowKey
  const Expr *Value = nullptr;
  bool InDeclBlock = false;
};

// Collects the writes to the query-options or query-object variable V
// made before Use. Returns false when V is used in a way we cannot follow
// (passed by reference, written in a loop, ...).
bool collectWrites(ASTContext &Ctx, const ApiRoles &Roles, const VarDecl *V,
                   const ApiType *OptionsType, const Expr *Use,
                   std::vector<Write> &Out) {
  const FunctionDecl *F = enclosingFunction(Ctx, Use);
  if (!F || !F->hasBody())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  const CompoundStmt *DeclBlock = declaringBlock(Ctx, V);
  const std::vector<const DeclRefExpr *> Refs =
      referencesTo(V, F->getBody());
  for (const DeclRefExpr *R : Refs) {
    if (!SM.isBeforeInTranslationUnit(R->getBeginLoc(), Use->getBeginLoc()))
      continue;
    const Stmt *P = parentOf(Ctx, R);
    while (P && isa<ParenExpr>(P))
      P = parentOf(Ctx, P);
    if (isa_and_nonnull<ImplicitCastExpr>(P))
      continue; // a read
    const auto *ME = dyn_cast_or_null<MemberExpr>(P);
    if (!ME)
      return false; // passed by non-const reference, or something else
    const Stmt *Above = parentOf(Ctx, ME);
    while (Above && isa<ImplicitCastExpr, ParenExpr>(Above))
      Above = parentOf(Ctx, Above);
    const bool InBlock = isStraightLineIn(Ctx, ME, DeclBlock);
    // QueryEntitiesOptions: `opts.Filter = ...`.
    if (OptionsType && isa<FieldDecl>(ME->getMemberDecl())) {
      const StringRef Field = ME->getMemberDecl()->getName();
      std::string Role;
      for (const char *K : {"filter", "select", "partitionKey", "rowKey"})
        if (OptionsType->field(K) == Field)
          Role = K;
      if (Role.empty()) {
        // Another field (NextPartitionKey, ...): irrelevant to the scope.
        continue;
      }
      const Expr *Value = nullptr;
      if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Above)) {
        if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
          Value = Op->getArg(1);
      } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Above)) {
        if (BO->getOpcode() == BO_Assign)
          Value = BO->getRHS();
      } else if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Above)) {
        // opts.Filter.Value(), opts.PartitionKey.empty(): reads.
        if (MC->getMethodDecl() && MC->getMethodDecl()->isConst())
          continue;
        return false;
      }
      if (!Value)
        return false;
      Out.push_back({Role, Value, InBlock});
      continue;
    }
    // table_query: `q.set_filter_string(...)`.
    const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Above);
    const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
    if (!M)
      return false;
    const std::string Name = M->getQualifiedNameAsString();
    if (const ApiFunction *S = Roles.find(Name, ApiRole::SetFilter)) {
      auto I = S->arg("filter");
      if (!I || *I >= MC->getNumArgs())
        return false;
      Out.push_back({"filter", MC->getArg(*I), InBlock});
    } else if (const ApiFunction *S = Roles.find(Name, ApiRole::SetSelect)) {
      auto I = S->arg("select");
      if (!I || *I >= MC->getNumArgs())
        return false;
      Out.push_back({"select", MC->getArg(*I), InBlock});
    } else if (!M->isConst() && !Roles.find(Name, ApiRole::SetTake)) {
      return false;
    }
  }
  return true;
}

// Applies collected writes: each field written once, in straight-line code
// of the declaring block; otherwise the query is not understood.
bool applyWrites(const std::vector<Write> &Writes, StringRecovery &SR,
                 QueryModel &M) {
  std::map<std::string, int> Count;
  for (const Write &W : Writes)
    if (++Count[W.Field] > 1 || !W.InDeclBlock)
      return false;
  for (const Write &W : Writes) {
    if (W.Field == "select") {
      M.HasSelect = true;
      if (auto T = SR.recover(W.Value))
        M.Select = RecoveredText{*T, W.Value};
      continue;
    }
    auto Text = SR.recover(W.Value);
    if (!Text)
      Text = unknownText();
    if (W.Field == "filter") {
      M.Filter = RecoveredText{*Text, W.Value};
    } else if (!Text->empty()) {
      // An empty key field is absent (the SDK leaves it out of the path).
      (W.Field == "partitionKey" ? M.Address.PartitionKey : M.Address.RowKey) =
          pinnedFrom(*Text);
    }
  }
  return true;
}

const VarDecl *localVariable(const Expr *E) {
  const auto *D = dyn_cast<DeclRefExpr>(unwrap(E));
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage())
    return nullptr;
  return V;
}

// The table argument of a client construction or table-reference call.
TableSource tableSourceOfConstruction(const Expr *Init, const ApiRoles &Roles) {
  Init = unwrap(Init);
  if (const auto *C = dyn_cast<CXXConstructExpr>(Init)) {
    // The constructors' argument order changed between SDK versions; the
    // parameter name says which one is the table.
    const CXXConstructorDecl *Ctor = C->getConstructor();
    for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); ++I) {
      const StringRef P = Ctor->getParamDecl(I)->getName();
      if (P == "tableName" || P == "table_name" || P == "table")
        return {C->getArg(I), ""};
    }
    return {};
  }
  if (const auto *Call = dyn_cast<CallExpr>(Init)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD)
      return {};
    const std::string Name = FD->getQualifiedNameAsString();
    const ApiFunction *F = Roles.find(Name, ApiRole::TableReference);
    if (!F)
      F = Roles.find(Name, ApiRole::Client);
    if (!F)
      return {};
    if (std::string Fixed = F->attr("table"); !Fixed.empty())
      return {nullptr, Fixed};
    if (auto I = F->arg("table"); I && *I < Call->getNumArgs())
      return {Call->getArg(*I), ""};
  }
  return {};
}

// The table a construction names, when known at compile time.
std::string tableOfConstruction(const Expr *Init, ASTContext &Ctx,
                                const ApiRoles &Roles) {
  const TableSource S = tableSourceOfConstruction(Init, Roles);
  if (!S.Argument)
    return S.Fixed;
  StringRecovery SR(Ctx, Roles);
  auto T = SR.recover(S.Argument);
  return T && StringRecovery::fullyKnown(*T) ? *T : "";
}

} // namespace

std::string tableOfObject(const Expr *Object, ASTContext &Ctx,
                          const ApiRoles &Roles) {
  if (!Object)
    return "";
  const Expr *E = unwrap(Object);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (V && V->getAnyInitializer())
      return tableOfConstruction(V->getAnyInitializer(), Ctx, Roles);
    return "";
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // A member client of a repository class: its initializer, in the
    // class or in a constructor's initializer list.
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!Field)
      return "";
    if (const Expr *Init = Field->getInClassInitializer())
      return tableOfConstruction(Init, Ctx, Roles);
    const auto *Class = dyn_cast<CXXRecordDecl>(Field->getParent());
    if (!Class)
      return "";
    std::string Found;
    for (const CXXConstructorDecl *Ctor : Class->ctors())
      for (const CXXCtorInitializer *I : Ctor->inits())
        if (I->getMember() == Field && I->isWritten()) {
          const std::string T = tableOfConstruction(I->getInit(), Ctx, Roles);
          if (T.empty() || (!Found.empty() && Found != T))
            return "";
          Found = T;
        }
    return Found;
  }
  return tableOfConstruction(E, Ctx, Roles);
}

TableSource tableSourceOf(const Expr *Object, const ApiRoles &Roles) {
  if (!Object)
    return {};
  const Expr *E = unwrap(Object);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    return V && V->getAnyInitializer()
               ? tableSourceOfConstruction(V->getAnyInitializer(), Roles)
               : TableSource{};
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!Field)
      return {};
    if (const Expr *Init = Field->getInClassInitializer())
      return tableSourceOfConstruction(Init, Roles);
    // The constructors' definitions: one written outside the class has
    // its initializers there.
    if (const auto *Class = dyn_cast<CXXRecordDecl>(Field->getParent()))
      for (const CXXConstructorDecl *Ctor : Class->ctors()) {
        const FunctionDecl *Def = nullptr;
        const auto *Defined = Ctor->hasBody(Def)
                                  ? dyn_cast<CXXConstructorDecl>(Def)
                                  : Ctor;
        for (const CXXCtorInitializer *I : Defined->inits())
          if (I->getMember() == Field && I->isWritten())
            return tableSourceOfConstruction(I->getInit(), Roles);
      }
    return {};
  }
  return tableSourceOfConstruction(E, Roles);
}

namespace {

// The value of a query parameter ("$filter"), URL-decoded.
std::optional<std::string> queryParameter(const std::string &Url,
                                          const std::string &Name) {
  for (std::size_t At = Url.find(Name + "="); At != std::string::npos;
       At = Url.find(Name + "=", At + 1)) {
    if (At > 0 && Url[At - 1] != '?' && Url[At - 1] != '&')
      continue;
    const std::size_t Start = At + Name.size() + 1;
    const std::size_t End = Url.find('&', Start);
    return percentDecode(Url.substr(Start, End == std::string::npos
                                                ? std::string::npos
                                                : End - Start));
  }
  return std::nullopt;
}

// "PartitionKey='a',RowKey='b'" -> the key address.
void readAddress(const std::string &Args, KeyAddress &A) {
  for (const char *Key : {"PartitionKey", "RowKey"}) {
    const std::string Prefix = std::string(Key) + "='";
    const std::size_t At = Args.find(Prefix);
    if (At == std::string::npos)
      continue;
    std::string Value;
    std::size_t I = At + Prefix.size();
    for (; I < Args.size(); ++I) {
      if (Args[I] == '\'' && I + 1 < Args.size() && Args[I + 1] == '\'') {
        Value += '\'';
        ++I;
      } else if (Args[I] == '\'') {
        break;
      } else {
        Value += Args[I];
      }
    }
    if (I >= Args.size())
      continue;
    (std::string(Key) == "PartitionKey" ? A.PartitionKey : A.RowKey) =
        pinnedFrom(Value);
  }
}

} // namespace

std::optional<QueryModel> modelUrlQuery(const Expr *Url, const std::string &Text) {
  std::optional<std::string> Filter = queryParameter(Text, "$filter");
  if (!Filter || Filter->empty() || StringRecovery::nothingKnown(*Filter))
    return std::nullopt;
  QueryModel M;
  M.Location = Url->getBeginLoc();
  M.Filter = RecoveredText{*Filter, Url};
  if (auto Select = queryParameter(Text, "$select")) {
    M.HasSelect = true;
    M.Select = RecoveredText{*Select, Url};
  }
  // The resource: the last path segment before '?', "Orders()" or
  // "Orders(PartitionKey='a',RowKey='b')".
  const std::string Path = Text.substr(0, Text.find('?'));
  const std::size_t Slash = Path.rfind('/');
  std::string Resource = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  if (const std::size_t Paren = Resource.find('('); Paren != std::string::npos) {
    readAddress(Resource.substr(Paren + 1), M.Address);
    Resource = Resource.substr(0, Paren);
  }
  if (!Resource.empty() && StringRecovery::fullyKnown(Resource) &&
      std::all_of(Resource.begin(), Resource.end(),
                  [](char C) { return std::isalnum(static_cast<unsigned char>(C)); }))
    M.Table = Resource;
  return M;
}

std::optional<QueryModel> modelQuery(const CallExpr *Call,
                                     const ApiFunction &F, ASTContext &Ctx,
                                     const ApiRoles &Roles) {
  QueryModel M;
  M.Call = Call;
  M.Function = &F;
  M.Location = Call->getExprLoc();
  const Expr *Object = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    Object = MC->getImplicitObjectArgument();
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()))
      M.Location = ME->getMemberLoc();
  }
  StringRecovery SR(Ctx, Roles);
  if (auto I = F.arg("options")) {
    if (*I >= Call->getNumArgs() || isDefaultObject(Call->getArg(*I))) {
      // Default options: no key, no filter, no projection.
    } else if (const VarDecl *V = localVariable(Call->getArg(*I))) {
      const ApiType *T = Roles.findType(qualifiedTypeName(V->getType()),
                                        TypeRole::QueryOptions);
      std::vector<Write> Writes;
      if (!T || (V->getInit() && !isDefaultObject(V->getInit())) ||
          !collectWrites(Ctx, Roles, V, T, Call, Writes) ||
          !applyWrites(Writes, SR, M))
        M.Understood = false;
    } else {
      M.Understood = false;
    }
  } else if (auto I = F.arg("queryObject")) {
    if (*I >= Call->getNumArgs() || isDefaultObject(Call->getArg(*I))) {
      // A default table_query reads the whole table.
    } else if (const VarDecl *V = localVariable(Call->getArg(*I))) {
      std::vector<Write> Writes;
      if ((V->getInit() && !isDefaultObject(V->getInit())) ||
          !collectWrites(Ctx, Roles, V, nullptr, Call, Writes) ||
          !applyWrites(Writes, SR, M))
        M.Understood = false;
    } else {
      M.Understood = false;
    }
  } else {
    // A wrapper that takes the filter, projection or keys as arguments.
    auto Arg = [&](const char *Key) -> const Expr * {
      auto I = F.arg(Key);
      if (!I || *I >= Call->getNumArgs() || isa<CXXDefaultArgExpr>(Call->getArg(*I)))
        return nullptr;
      return Call->getArg(*I);
    };
    if (const Expr *E = Arg("filter")) {
      auto T = SR.recover(E);
      M.Filter = RecoveredText{T.value_or(unknownText()), E};
      if (M.Filter->Text.empty())
        M.Filter.reset();
    }
    if (const Expr *E = Arg("select")) {
      auto T = SR.recover(E);
      M.HasSelect = !T || !T->empty();
      if (T)
        M.Select = RecoveredText{*T, E};
    }
    for (const char *K : {"partitionKey", "rowKey"})
      if (const Expr *E = Arg(K)) {
        auto T = SR.recover(E);
        if (T && !T->empty())
          (std::string(K) == "partitionKey" ? M.Address.PartitionKey
                                            : M.Address.RowKey) = pinnedFrom(*T);
      }
  }
  M.Table = F.attr("table");
  if (M.Table.empty())
    M.Table = tableOfObject(Object, Ctx, Roles);
  return M;
}

} // namespace tablelint::code
