// Per-TU summaries of user functions (see FunctionSummaries.h).
#include "checks/code/model/FunctionSummaries.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/StringRecovery.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/ASTMatchers/ASTMatchers.h>
#include <clang/Basic/SourceManager.h>

#include <llvm/ADT/DenseMap.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>

namespace tablelint::code {

using namespace clang;

namespace {

// Helpers calling helpers: deeper than this, a callee is not followed.
constexpr unsigned MaxDepth = 4;

// The roles whose calls send a request to the service.
bool sendsRequest(ApiRole R) {
  switch (R) {
  case ApiRole::Query:
  case ApiRole::PointRead:
  case ApiRole::Write:
  case ApiRole::Execute:
  case ApiRole::BatchSubmit:
  case ApiRole::AsyncOperation:
  case ApiRole::TableAdmin:
    return true;
  default:
    return false;
  }
}

// The argument keys a summary follows, per role.
bool followedArg(ApiRole R, llvm::StringRef Key) {
  switch (R) {
  case ApiRole::ConnectionString:
  case ApiRole::Client:
    return Key == "connectionString";
  case ApiRole::Credential:
    return Key == "accountName" || Key == "accountKey";
  case ApiRole::SetFilter:
    return Key == "filter";
  case ApiRole::SetSelect:
    return Key == "select";
  case ApiRole::Query:
    return Key == "filter" || Key == "select" || Key == "partitionKey" ||
           Key == "rowKey";
  case ApiRole::Write:
  case ApiRole::BatchAdd:
    return Key == "entity" || Key == "partitionKey" || Key == "rowKey";
  case ApiRole::EntityConstruct:
  case ApiRole::PointRead:
    return Key == "partitionKey" || Key == "rowKey";
  default:
    return false;
  }
}

struct State {
  const ASTContext *For = nullptr;
  // Keyed by the canonical declaration. A function being computed is in
  // InProgress: a recursive call of it sees no summary.
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FunctionSummary>> Done;
  std::set<const FunctionDecl *> InProgress;
  // wrapperSummary's answer per callee: every check asks it for every call
  // of a user function, and the role-map lookup is by name.
  llvm::DenseMap<const FunctionDecl *, const FunctionSummary *> Wrappers;
};

thread_local State Summaries;

// Empties the state when it belongs to another AST.
void useFor(const ASTContext &Ctx) {
  if (Summaries.For == &Ctx)
    return;
  Summaries.Done.clear();
  Summaries.InProgress.clear();
  Summaries.Wrappers.clear();
  Summaries.For = &Ctx;
}


class Summariser : public RecursiveASTVisitor<Summariser> {
public:
  Summariser(const FunctionDecl *Def, ASTContext &Ctx, const ApiRoles &Roles,
             unsigned Depth, FunctionSummary &Out)
      : Def(Def), Ctx(Ctx), Roles(Roles), Depth(Depth), Out(Out) {}

  void run() {
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *I : Ctor->inits())
        if (I->getInit() && I->isWritten())
          TraverseStmt(I->getInit());
    TraverseStmt(Def->getBody());
    finish();
  }

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD)
      return true;
    // A member operator's object is argument 0 but no parameter.
    const unsigned Shift =
        isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(FD) ? 1 : 0;
    std::vector<const Expr *> Args;
    for (unsigned I = Shift; I < C->getNumArgs(); ++I)
      Args.push_back(C->getArg(I));
    callee(FD, Args);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (!Ctor || Ctor->isCopyOrMoveConstructor())
      return true;
    const std::vector<const Expr *> Args(C->arg_begin(), C->arg_end());
    callee(Ctor, Args);
    return true;
  }

  // `opts.Filter = filter`, `opts.PartitionKey = pk` on query options.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
      optionsField(Op->getArg(0), Op->getArg(1));
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      optionsField(B->getLHS(), B->getRHS());
    return true;
  }

  // A loop around table I/O that sleeps or catches is a retry loop.
  bool TraverseForStmt(ForStmt *S) { return loop(S, [&] {
      return RecursiveASTVisitor::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) { return loop(S, [&] {
      return RecursiveASTVisitor::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(DoStmt *S) { return loop(S, [&] {
      return RecursiveASTVisitor::TraverseDoStmt(S); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { return loop(S, [&] {
      return RecursiveASTVisitor::TraverseCXXForRangeStmt(S); }); }
  bool VisitCXXTryStmt(CXXTryStmt *) {
    Catches = true;
    return true;
  }

private:
  template <typename Fn> bool loop(Stmt *, Fn &&Traverse) {
    const bool IO = Out.TableIO, Sleeps = Out.Sleeps, Caught = Catches;
    Out.TableIO = Out.Sleeps = Catches = false;
    const bool R = Traverse();
    if (Out.TableIO && (Out.Sleeps || Catches))
      Out.Retries = true;
    Out.TableIO |= IO;
    Out.Sleeps |= Sleeps;
    Catches |= Caught;
    return R;
  }

  // The parameter of Def that E is, unchanged: directly, converted, as
  // c_str(), or through a const local initialised from it.
  std::optional<unsigned> parameterOf(const Expr *E, unsigned Hops = 0) const {
    if (!E || Hops > 3)
      return std::nullopt;
    E = stripStringWrappers(E)->IgnoreParenImpCasts();
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      if (const auto *M = MC->getMethodDecl();
          M && M->getIdentifier() &&
          (M->getName() == "c_str" || M->getName() == "data") &&
          MC->getNumArgs() == 0)
        return parameterOf(MC->getImplicitObjectArgument(), Hops + 1);
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = Call->getDirectCallee();
          FD && FD->getIdentifier() && Call->getNumArgs() == 1 &&
          (FD->getName() == "to_string_t" || FD->getName() == "move" ||
           FD->getName() == "to_utf8string"))
        return parameterOf(Call->getArg(0), Hops + 1);
    const auto *D = dyn_cast<DeclRefExpr>(E);
    if (!D)
      return std::nullopt;
    if (const auto *P = dyn_cast<ParmVarDecl>(D->getDecl())) {
      for (unsigned I = 0; I < Def->getNumParams(); ++I)
        if (Def->getParamDecl(I) == P)
          return I;
      return std::nullopt;
    }
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
        V && V->hasLocalStorage() && V->getInit() &&
        V->getType().getNonReferenceType().isConstQualified())
      return parameterOf(V->getInit(), Hops + 1);
    return std::nullopt;
  }

  void use(unsigned Param, ApiRole R, llvm::StringRef Arg) {
    for (const ParameterUse &U : Out.Uses)
      if (U.Param == Param && U.Role == R && U.Arg == Arg)
        return;
    Out.Uses.push_back({Param, R, Arg.str()});
  }

  void callee(const FunctionDecl *FD, const std::vector<const Expr *> &Args) {
    if (isSleep(FD))
      Out.Sleeps = true;
    const std::string Name = FD->getQualifiedNameAsString();
    bool Mapped = false;
    for (const ApiFunction &F : Roles.Functions) {
      if (!std::any_of(F.QualifiedNames.begin(), F.QualifiedNames.end(),
                       [&](const std::string &N) {
                         return llvm::StringRef(N).drop_front(2) == Name;
                       }))
        continue;
      Mapped = true;
      if (sendsRequest(F.Role))
        Out.TableIO = true;
      if (F.Role == ApiRole::Query)
        ++Queries;
      if (F.Role == ApiRole::Write && WriteKind.empty())
        WriteKind = F.attr("kind");
      for (const auto &[Key, Index] : F.Args) {
        if (!followedArg(F.Role, Key) || Index >= Args.size())
          continue;
        const std::optional<unsigned> P = parameterOf(Args[Index]);
        if (F.Role == ApiRole::SetFilter || F.Role == ApiRole::SetSelect) {
          // What the function's query sends: from a parameter or not.
          (P ? QueryFromParams : QueryFromElsewhere) = true;
          if (P)
            use(*P, ApiRole::Query, Key);
          continue;
        }
        if (P)
          use(*P, F.Role, Key);
      }
    }
    if (Mapped)
      return;
    // A summarised helper: its parameters' uses become ours.
    const FunctionSummary *S =
        Depth < MaxDepth ? summaryAt(FD, Ctx, Roles, Depth + 1) : nullptr;
    if (!S)
      return;
    Out.TableIO |= S->TableIO;
    Out.Sleeps |= S->Sleeps;
    Out.Retries |= S->Retries;
    for (const ParameterUse &U : S->Uses)
      if (U.Param < Args.size())
        if (const std::optional<unsigned> P = parameterOf(Args[U.Param]))
          use(*P, U.Role, U.Arg);
    for (const ApiFunction &E : S->Entries) {
      if (E.Role == ApiRole::Query)
        ++Queries;
      if (E.Role == ApiRole::Write && WriteKind.empty())
        WriteKind = E.attr("kind");
    }
  }

  void optionsField(const Expr *Lhs, const Expr *Value) {
    const auto *ME = dyn_cast<MemberExpr>(Lhs->IgnoreParenImpCasts());
    if (!ME || !isa<FieldDecl>(ME->getMemberDecl()))
      return;
    const CXXRecordDecl *R = ME->getBase()
                                 ->getType()
                                 .getNonReferenceType()
                                 ->getAsCXXRecordDecl();
    const ApiType *T = R ? Roles.findType(R->getQualifiedNameAsString(),
                                          TypeRole::QueryOptions)
                         : nullptr;
    if (!T)
      return;
    const StringRef Field = ME->getMemberDecl()->getName();
    for (const char *K : {"filter", "select", "partitionKey", "rowKey"}) {
      if (T->field(K) != Field)
        continue;
      const std::optional<unsigned> P = parameterOf(Value);
      (P ? QueryFromParams : QueryFromElsewhere) = true;
      if (P)
        use(*P, ApiRole::Query, K);
    }
  }

  // The role entries the uses add up to.
  void finish() {
    auto Entry = [&](ApiRole R) -> ApiFunction & {
      for (ApiFunction &F : Out.Entries)
        if (F.Role == R)
          return F;
      ApiFunction F;
      F.QualifiedNames = {"::" + Def->getQualifiedNameAsString()};
      F.Role = R;
      F.Api = "summary";
      const SourceManager &SM = Ctx.getSourceManager();
      const PresumedLoc L = SM.getPresumedLoc(Def->getLocation());
      F.Source = L.isValid() ? std::string(L.getFilename()) + ":" +
                                   std::to_string(L.getLine())
                             : std::string();
      Out.Entries.push_back(std::move(F));
      return Out.Entries.back();
    };
    for (const ParameterUse &U : Out.Uses) {
      switch (U.Role) {
      case ApiRole::ConnectionString:
      case ApiRole::Client:
        Entry(ApiRole::ConnectionString).Args.emplace(U.Arg, U.Param);
        break;
      case ApiRole::Credential:
        Entry(ApiRole::Credential).Args.emplace(U.Arg, U.Param);
        break;
      case ApiRole::Query:
        // One query, whose filter, keys and projection all come from the
        // parameters: otherwise the call alone does not say what is sent.
        if (Queries == 1 && !QueryFromElsewhere)
          Entry(ApiRole::Query).Args.emplace(U.Arg, U.Param);
        break;
      case ApiRole::Write:
      case ApiRole::BatchAdd:
      case ApiRole::EntityConstruct:
        // Keys or an entity that the function writes.
        if (!WriteKind.empty()) {
          ApiFunction &W = Entry(ApiRole::Write);
          W.Args.emplace(U.Arg, U.Param);
          W.Attrs.emplace("kind", WriteKind);
        }
        break;
      default:
        break;
      }
    }
    // An entity and its own keys cannot both describe the write.
    for (ApiFunction &F : Out.Entries)
      if (F.Role == ApiRole::Write && F.Args.count("entity") &&
          (F.Args.count("partitionKey") || F.Args.count("rowKey"))) {
        F.Args.erase("partitionKey");
        F.Args.erase("rowKey");
      }
  }

public:
  static const FunctionSummary *summaryAt(const FunctionDecl *FD,
                                          ASTContext &Ctx,
                                          const ApiRoles &Roles,
                                          unsigned Depth);

private:
  const FunctionDecl *Def;
  ASTContext &Ctx;
  const ApiRoles &Roles;
  unsigned Depth;
  FunctionSummary &Out;
  bool Catches = false;
  unsigned Queries = 0;
  bool QueryFromParams = false, QueryFromElsewhere = false;
  std::string WriteKind;
};

const FunctionSummary *Summariser::summaryAt(const FunctionDecl *FD,
                                             ASTContext &Ctx,
                                             const ApiRoles &Roles,
                                             unsigned Depth) {
  useFor(Ctx);
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || !isSummarisable(Def, Ctx))
    return nullptr;
  const FunctionDecl *Key = FD->getCanonicalDecl();
  if (auto It = Summaries.Done.find(Key); It != Summaries.Done.end())
    return It->second.get();
  if (!Summaries.InProgress.insert(Key).second)
    return nullptr; // recursion
  auto S = std::make_unique<FunctionSummary>();
  Summariser(Def, Ctx, Roles, Depth, *S).run();
  Summaries.InProgress.erase(Key);
  return (Summaries.Done[Key] = std::move(S)).get();
}

} // namespace

bool isSleep(const FunctionDecl *FD) {
  if (!FD->getIdentifier())
    return false;
  const StringRef N = FD->getName();
  return N == "sleep_for" || N == "sleep_until" || N == "usleep" ||
         N == "sleep" || N == "Sleep" || N == "nanosleep";
}

const ApiFunction *FunctionSummary::entry(ApiRole R) const {
  for (const ApiFunction &F : Entries)
    if (F.Role == R && !F.Args.empty())
      return &F;
  return nullptr;
}

bool isSummarisable(const FunctionDecl *FD, ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isInStdNamespace() ||
      Def->isDependentContext())
    return false;
  const SourceLocation L = Def->getLocation();
  return L.isValid() && !Ctx.getSourceManager().isInSystemHeader(L);
}

const FunctionSummary *functionSummary(const FunctionDecl *FD, ASTContext &Ctx,
                                       const ApiRoles &Roles) {
  return Summariser::summaryAt(FD, Ctx, Roles, 0);
}

const FunctionSummary *wrapperSummary(const FunctionDecl *FD, ASTContext &Ctx,
                                      const ApiRoles &Roles) {
  if (!FD)
    return nullptr;
  useFor(Ctx);
  const FunctionDecl *Key = FD->getCanonicalDecl();
  if (auto It = Summaries.Wrappers.find(Key); It != Summaries.Wrappers.end())
    return It->second;
  const FunctionSummary *S =
      isSummarisable(FD, Ctx) && !Roles.find(FD->getQualifiedNameAsString())
          ? functionSummary(FD, Ctx, Roles)
          : nullptr;
  Summaries.Wrappers[Key] = S;
  return S;
}

ast_matchers::StatementMatcher userFunctionCall(llvm::StringRef Id) {
  using namespace ast_matchers;
  return callExpr(unless(isExpansionInSystemHeader()),
                  unless(cxxOperatorCallExpr()),
                  callee(functionDecl(unless(isExpansionInSystemHeader()))))
      .bind(Id);
}

const ApiFunction *roleOfCallee(const FunctionDecl *FD, ApiRole R,
                                ASTContext &Ctx, const ApiRoles &Roles) {
  if (!FD)
    return nullptr;
  if (const ApiFunction *F = Roles.find(FD->getQualifiedNameAsString(), R))
    return F;
  const FunctionSummary *S = functionSummary(FD, Ctx, Roles);
  return S ? S->entry(R) : nullptr;
}

void forgetFunctionSummaries() {
  Summaries.Done.clear();
  Summaries.InProgress.clear();
  Summaries.Wrappers.clear();
  Summaries.For = nullptr;
}

} // namespace tablelint::code
