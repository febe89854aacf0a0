// Building the per-TU model of table traffic (see TableModel.h).
#include "checks/code/model/TableModel.h"
#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/RestHeaders.h"
#include "checks/code/model/RetryLoop.h"
#include "checks/code/model/StdFactory.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/ADT/STLExtras.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/ADT/StringSet.h>

namespace tablelint::code {

using namespace clang;

namespace {

// Parses and classifies a modelled query.
void classify(AnalyzedQuery &Q) {
  if (!Q.Model.Understood)
    return;
  if (!Q.Model.Filter) {
    Q.Scope = classifyQuery(Q.Model.Address, nullptr);
    return;
  }
  FilterParseOptions Options;
  Options.Placeholder = UnknownValueMarker;
  FilterParseResult R = parseFilter(Q.Model.Filter->Text, Options);
  if (!R) {
    Q.ParseError = R.error();
    return;
  }
  Q.Parsed = std::move(R.filter());
  Q.Scope = classifyQuery(Q.Model.Address, &*Q.Parsed);
}

bool inSystemHeader(const SourceManager &SM, SourceLocation Loc) {
  return Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

// True for a declaration the compiler instantiated from a template (what
// the isInTemplateInstantiation matcher looks for among the ancestors).
bool isInstantiation(const Decl *D) {
  auto Instantiated = [](TemplateSpecializationKind K) {
    return K == TSK_ImplicitInstantiation ||
           K == TSK_ExplicitInstantiationDefinition;
  };
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return Instantiated(FD->getTemplateSpecializationKind());
  if (const auto *RD = dyn_cast<CXXRecordDecl>(D))
    return Instantiated(RD->getTemplateSpecializationKind());
  if (const auto *VD = dyn_cast<VarDecl>(D))
    return Instantiated(VD->getTemplateSpecializationKind());
  return false;
}

// The role maps as a lookup from a qualified name (without the leading
// "::") to each role's entry; later entries win, as in ApiRoles::find.
using RoleEntries = std::array<const ApiFunction *, NumApiRoles>;

llvm::StringMap<RoleEntries> roleIndex(const ApiRoles &Roles) {
  llvm::StringMap<RoleEntries> Index;
  for (const ApiFunction &F : Roles.Functions)
    for (const std::string &Name : F.QualifiedNames) {
      llvm::StringRef Bare(Name);
      while (Bare.consume_front("::")) {
      }
      auto [It, Added] = Index.try_emplace(Bare);
      if (Added)
        It->second.fill(nullptr);
      It->second[static_cast<std::size_t>(F.Role)] = &F;
    }
  return Index;
}

} // namespace

bool mentionsTableStorage(llvm::StringRef S) {
  return S.contains(".table.core.") || S.contains(".table.cosmos.") ||
         S.contains("devstoreaccount1") || S.contains("/Tables") ||
         S.contains("PartitionKey");
}

// One traversal of the project's declarations (the top-level declarations
// outside system headers, whatever the AST's traversal scope is),
// instantiations and implicit code included, as clang-tidy's matchers see
// them.
class TableModelBuilder : public RecursiveASTVisitor<TableModelBuilder> {
public:
  explicit TableModelBuilder(TableModel &M)
      : M(M), SM(M.Ctx.getSourceManager()) {
    for (const ApiType *T : M.Roles.types(TypeRole::RetryPolicyBase))
      if (std::string Name = T->field("decide"); !Name.empty())
        DecideNames.push_back(std::move(Name));
    for (const std::string &Q :
         entityMemberNames(M.Roles, {"setPartitionKey", "setRowKey"})) {
      llvm::StringRef Bare(Q);
      while (Bare.consume_front("::")) {
      }
      KeyMemberNames.insert(Bare);
      KeyMemberLastNames.insert(Bare.rsplit("::").second);
    }
  }

  // Key setters and key fields: the last name first, the qualified name
  // only for those.
  bool VisitMemberExpr(MemberExpr *ME) {
    const ValueDecl *D = ME->getMemberDecl();
    const IdentifierInfo *Id = D->getIdentifier();
    if (Id && KeyMemberLastNames.contains(Id->getName()) &&
        KeyMemberNames.contains(D->getQualifiedNameAsString()) &&
        !inSystemHeader(SM, ME->getBeginLoc()))
      M.KeyMembers.push_back(ME);
    return true;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  void build() {
    for (Decl *D : M.Ctx.getTranslationUnitDecl()->decls()) {
      if (inSystemHeader(SM, D->getLocation()))
        continue;
      TraverseDecl(D);
    }
    for (const auto &[Loop, Retried] : Loops)
      if (Retried)
        M.RetryLoops.push_back(Loop);
  }

  // Loops are traversed with a stack of the open ones, so that a call can
  // mark every loop around it.
  bool TraverseForStmt(ForStmt *S) {
    return traverseLoop(S, [&] { return RecursiveASTVisitor::TraverseForStmt(S); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return traverseLoop(S, [&] { return RecursiveASTVisitor::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    return traverseLoop(S, [&] { return RecursiveASTVisitor::TraverseDoStmt(S); });
  }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    const bool Instantiation = isInstantiation(D);
    InstantiationDepth += Instantiation;
    const bool Result = RecursiveASTVisitor::TraverseDecl(D);
    InstantiationDepth -= Instantiation;
    return Result;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
    if (!FD)
      return true;
    if (!OpenLoops.empty() && Loops[OpenLoops.back()].second == false &&
        (!inSystemHeader(SM, FD->getBeginLoc()) || isRetried(FD)))
      for (auto It = OpenLoops.rbegin();
           It != OpenLoops.rend() && !Loops[*It].second; ++It)
        Loops[*It].second = true;
    if (inSystemHeader(SM, Call->getBeginLoc()))
      return true;
    if (isHeaderCall(Call))
      M.HeaderCalls.push_back(Call);
    else if (isStdFactoryCall(Call))
      M.StdFactoryCalls.push_back({Call, FD, nullptr, InstantiationDepth > 0});
    const bool Roles = addRoleCalls(Call, FD);
    if (!isa<CXXOperatorCallExpr>(Call) &&
        !inSystemHeader(SM, FD->getBeginLoc()))
      M.Project.push_back({Call, FD});
    M.TalksToTable |= Roles;
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (inSystemHeader(SM, E->getBeginLoc()))
      return true;
    const CXXConstructorDecl *Ctor = E->getConstructor();
    if (!Ctor)
      return true;
    M.TalksToTable |= addRoleCalls(E, Ctor);
    if (!inSystemHeader(SM, Ctor->getBeginLoc()))
      M.ProjectConstructions.push_back(E);
    return true;
  }

  bool VisitStringLiteral(StringLiteral *L) {
    if (!L->isOrdinary() && !L->isUTF8())
      return true;
    const StringRef S = L->getString();
    const bool Url = L->isOrdinary() && S.contains("$filter=");
    const bool Evidence = !M.TalksToTable && mentionsTableStorage(S);
    if ((Url || Evidence) && !inSystemHeader(SM, L->getBeginLoc())) {
      if (Url)
        M.FilterLiterals.push_back(L);
      M.TalksToTable |= Evidence;
    }
    return true;
  }

  // Writes to fields of classes with a type role: x.Field = v, and
  // x.Field.insert(...) and other member calls on the field.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
      addFieldWrite(Op, Op->getArg(0));
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      addFieldWrite(B, B->getLHS());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    if (const Expr *Object = Call->getImplicitObjectArgument())
      addFieldWrite(Call, Object);
    return true;
  }

  bool VisitCXXMethodDecl(CXXMethodDecl *Method) {
    if (DecideNames.empty() || !Method->getIdentifier() ||
        !Method->isThisDeclarationADefinition() ||
        !llvm::is_contained(DecideNames, Method->getName()) ||
        inSystemHeader(SM, Method->getLocation()))
      return true;
    M.RetryDecisions.push_back(Method);
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) && holdsBatch(V) &&
        !inSystemHeader(SM, V->getLocation()))
      M.BatchVariables.push_back(V);
    return true;
  }

private:
  template <typename Traverse> bool traverseLoop(Stmt *S, Traverse &&Base) {
    const bool Project = !inSystemHeader(SM, S->getBeginLoc());
    if (Project) {
      OpenLoops.push_back(Loops.size());
      Loops.emplace_back(S, false);
    }
    const bool Result = Base();
    if (Project)
      OpenLoops.pop_back();
    return Result;
  }

  bool isRetried(const FunctionDecl *FD) {
    for (ApiRole R : RetriedRoles)
      if (M.roleOf(FD, R))
        return true;
    return false;
  }

  // The class of a type, through sugar (typedefs, auto), not references.
  static const CXXRecordDecl *recordOf(QualType T) {
    const auto *R = dyn_cast<RecordType>(T->getUnqualifiedDesugaredType());
    return R ? dyn_cast<CXXRecordDecl>(R->getDecl()) : nullptr;
  }

  bool hasTypeRole(const CXXRecordDecl *RD, TypeRole Role) {
    auto [It, Added] = TypeRoles.try_emplace({RD, static_cast<int>(Role)});
    if (Added)
      It->second =
          M.Roles.findType(RD->getQualifiedNameAsString(), Role) != nullptr;
    return It->second;
  }

  // A batch object, or a std::vector of transaction steps.
  bool holdsBatch(const VarDecl *V) {
    const CXXRecordDecl *RD = recordOf(V->getType());
    if (!RD)
      return false;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
        Spec && Spec->getTemplateArgs().size() > 0 &&
        Spec->isInStdNamespace() && Spec->getName() == "vector") {
      const TemplateArgument &Arg = Spec->getTemplateArgs()[0];
      const CXXRecordDecl *Element =
          Arg.getKind() == TemplateArgument::Type ? recordOf(Arg.getAsType())
                                                  : nullptr;
      return Element && hasTypeRole(Element, TypeRole::TransactionStep);
    }
    return hasTypeRole(RD, TypeRole::Batch);
  }

  void addFieldWrite(const Expr *Site, const Expr *Target) {
    const auto *ME = dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts());
    const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    const auto *RD = F ? dyn_cast<CXXRecordDecl>(F->getParent()) : nullptr;
    if (!RD || inSystemHeader(SM, Site->getBeginLoc()))
      return;
    const TypeEntries &Types = typeEntries(RD);
    for (std::size_t R = 0; R < Types.size(); ++R)
      if (Types[R])
        M.FieldWrites.push_back(
            {FieldWrite{Site, ME, Types[R]}, static_cast<TypeRole>(R)});
  }

  using TypeEntries = std::array<const ApiType *, NumTypeRoles>;
  const TypeEntries &typeEntries(const CXXRecordDecl *RD) {
    auto [It, Added] = RecordTypes.try_emplace(RD);
    if (Added) {
      const std::string Name = RD->getQualifiedNameAsString();
      for (std::size_t R = 0; R < NumTypeRoles; ++R)
        It->second[R] = M.Roles.findType(Name, static_cast<TypeRole>(R));
    }
    return It->second;
  }

  // Files Site under every role FD has; true when it has one.
  bool addRoleCalls(const Expr *Site, const FunctionDecl *FD) {
    const RoleEntries &E = M.entries(FD);
    bool Any = false;
    for (std::size_t R = 0; R < NumApiRoles; ++R)
      if (E[R]) {
        M.Calls[R].push_back({Site, FD, E[R], InstantiationDepth > 0});
        Any = true;
      }
    return Any;
  }

  TableModel &M;
  const SourceManager &SM;
  unsigned InstantiationDepth = 0;
  // The names of the retry decisions of RetryPolicyBase types.
  std::vector<std::string> DecideNames;
  // The entity key setters and fields, qualified and by their last name.
  llvm::StringSet<> KeyMemberNames, KeyMemberLastNames;
  // Every loop of the project's code in traversal order, with whether a
  // call a retry loop may be about is inside; the indices of the open ones.
  std::vector<std::pair<const Stmt *, bool>> Loops;
  std::vector<std::size_t> OpenLoops;
  llvm::DenseMap<std::pair<const CXXRecordDecl *, int>, bool> TypeRoles;
  llvm::DenseMap<const CXXRecordDecl *, TypeEntries> RecordTypes;
};

namespace {

struct ModelSlot {
  const ASTContext *Ctx = nullptr;
  const ApiRoles *Roles = nullptr;
  std::unique_ptr<TableModel> Model;
  llvm::StringMap<RoleEntries> Index;
};

// Checks of one TU run on one thread, one after the other.
thread_local ModelSlot Slot;

} // namespace

TableModel::TableModel(ASTContext &Ctx, const ApiRoles &Roles)
    : Ctx(Ctx), Roles(Roles) {}

const TableModel::RoleEntries &
TableModel::entries(const FunctionDecl *FD) const {
  FD = FD->getCanonicalDecl();
  auto [It, Added] = Entries.try_emplace(FD);
  if (Added) {
    It->second.fill(nullptr);
    // Most callees are named in no role map: one hash lookup says so.
    auto Found = Slot.Index.find(FD->getQualifiedNameAsString());
    if (Found != Slot.Index.end())
      It->second = Found->second;
  }
  return It->second;
}

const ApiFunction *TableModel::roleOf(const FunctionDecl *FD,
                                      ApiRole R) const {
  return FD ? entries(FD)[static_cast<std::size_t>(R)] : nullptr;
}

bool TableModel::hasRole(const FunctionDecl *FD) const {
  if (!FD)
    return false;
  for (const ApiFunction *F : entries(FD))
    if (F)
      return true;
  return false;
}

const std::optional<AnalyzedQuery> &
TableModel::query(const CallExpr *Call, const ApiFunction &F) const {
  auto [It, Added] = Queries.try_emplace(Call);
  if (Added) {
    if (std::optional<QueryModel> Model = modelQuery(Call, F, Ctx, Roles)) {
      AnalyzedQuery A;
      A.Model = std::move(*Model);
      classify(A);
      It->second = std::move(A);
    }
  }
  return It->second;
}

const std::optional<AnalyzedQuery> &
TableModel::urlQuery(const Expr *Url, SourceLocation At) const {
  auto [It, Added] = Queries.try_emplace(Url);
  if (Added) {
    StringRecovery SR(Ctx, Roles);
    std::optional<std::string> Text = SR.recover(Url);
    if (std::optional<QueryModel> Model =
            Text ? modelUrlQuery(Url, *Text) : std::nullopt) {
      AnalyzedQuery A;
      A.Model = std::move(*Model);
      A.Model.Location = At;
      classify(A);
      It->second = std::move(A);
    }
  }
  return It->second;
}

bool FieldWrite::is(llvm::StringRef Key) const {
  const std::string Name = Type->field(Key);
  return !Name.empty() && Field->getMemberDecl()->getName() == Name;
}

std::vector<FieldWrite> TableModel::fieldWrites(TypeRole R) const {
  std::vector<FieldWrite> Out;
  for (const auto &[W, Role] : FieldWrites)
    if (Role == R)
      Out.push_back(W);
  return Out;
}

const TableModel &tableModel(ASTContext &Ctx, const ApiRoles &Roles) {
  if (Slot.Model && Slot.Ctx == &Ctx && Slot.Roles == &Roles)
    return *Slot.Model;
  if (Slot.Roles != &Roles)
    Slot.Index = roleIndex(Roles);
  Slot.Ctx = &Ctx;
  Slot.Roles = &Roles;
  Slot.Model = std::make_unique<TableModel>(Ctx, Roles);
  TableModelBuilder(*Slot.Model).build();
  return *Slot.Model;
}

void forgetTableModel() {
  Slot.Model.reset();
  Slot.Ctx = nullptr;
  // The index depends only on the role maps, which outlive the TU; it is
  // rebuilt when another map is used. The pointer is compared, so it is
  // forgotten too (a later map may be allocated at the same address).
  Slot.Roles = nullptr;
}

} // namespace tablelint::code
