// The schema facts of a translation unit (see the header), as named steps:
// queries (SDK, point reads, REST URLs), writes (single and batched),
// retry policies (role-map policies, RetryOptions, hand-written loops) and
// account names.
#include "checks/code/model/SchemaFacts.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/DelayGrowth.h"
#include "checks/code/model/EntityKeys.h"
#include "checks/code/model/QueryModel.h"
#include "checks/code/model/QueryResults.h"
#include "checks/code/model/RetryLoop.h"
#include "checks/code/model/StringRecovery.h"
#include "checks/code/model/TableModel.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <set>

namespace tablelint::code {

using namespace clang;

namespace {

// Where S (at Loc) is written, and the function it is in.
CodePlace placeOf(const Stmt *S, SourceLocation Loc, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return {};
  const FunctionDecl *F = enclosingFunction(Ctx, S);
  // A lambda's body is named after the function that holds the lambda.
  while (const auto *M = dyn_cast_or_null<CXXMethodDecl>(F)) {
    if (!M->getParent()->isLambda())
      break;
    F = dyn_cast<FunctionDecl>(M->getParent()->getDeclContext());
  }
  return {P.getFilename(), P.getLine(), F ? F->getNameAsString() : "",
          P.getColumn()};
}

CodeTemplate literalTemplate(const std::string &Text) {
  CodeTemplate T;
  for (char C : Text) {
    if (C == '{' || C == '}')
      T.Text += C;
    T.Text += C;
  }
  return T;
}

const Expr *objectOf(const CallExpr *Call) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    return MC->getImplicitObjectArgument();
  return nullptr;
}

// The table a client or table object was made for, as a template.
CodeTemplate tableTemplate(const Expr *Object, ASTContext &Ctx,
                           const ApiRoles &Roles) {
  const TableSource S = tableSourceOf(Object, Roles);
  if (S.Argument)
    return codeTemplate(S.Argument, Ctx, Roles);
  return literalTemplate(S.Fixed);
}

const Expr *argumentOf(const CallExpr *Call, const ApiFunction &F,
                       std::string_view Key) {
  const std::optional<unsigned> I = F.arg(Key);
  const unsigned Offset = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  if (!I || *I + Offset >= Call->getNumArgs())
    return nullptr;
  return Call->getArg(*I + Offset);
}

// `Key eq '<value>'` appended to a filter template.
void addEquality(CodeTemplate &Filter, llvm::StringRef Key,
                 const CodeTemplate &Value) {
  if (!Filter.Text.empty())
    Filter.Text += " and ";
  Filter.Text += Key.str() + " eq '" + Value.Text + "'";
  Filter.Placeholders.insert(Filter.Placeholders.end(),
                             Value.Placeholders.begin(),
                             Value.Placeholders.end());
}

// The value assigned to a key field of the query options a query reads
// (options.PartitionKey = site), in the query's function.
const Expr *assignedKey(const TableModel &Model, const CallExpr *Query,
                        llvm::StringRef Field, ASTContext &Ctx) {
  const FunctionDecl *F = enclosingFunction(Ctx, Query);
  const Expr *Found = nullptr;
  for (const FieldWrite &W : Model.fieldWrites(TypeRole::QueryOptions)) {
    if (!W.is(Field) || enclosingFunction(Ctx, W.Site) != F)
      continue;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(W.Site))
      Found = Op->getNumArgs() == 2 ? Op->getArg(1) : nullptr;
    else if (const auto *B = dyn_cast<BinaryOperator>(W.Site))
      Found = B->getRHS();
  }
  return Found;
}

std::optional<CodeTemplate> keyOfAddress(const TableModel &Model,
                                         const CallExpr *Query,
                                         const std::optional<PinnedKey> &Key,
                                         llvm::StringRef Field,
                                         ASTContext &Ctx) {
  if (!Key)
    return std::nullopt;
  if (Key->Known)
    return literalTemplate(Key->Value);
  if (const Expr *E = assignedKey(Model, Query, Field, Ctx))
    return codeTemplate(E, Ctx, Model.roles());
  CodeTemplate T;
  T.Text = "{" + Field.str() + "}";
  T.Placeholders.push_back({Field.str(), EdmType::String, "", false});
  return T;
}

std::vector<std::string> splitColumns(const std::string &Text) {
  std::vector<std::string> Out;
  std::size_t Start = 0;
  while (Start <= Text.size()) {
    std::size_t End = Text.find(',', Start);
    if (End == std::string::npos)
      End = Text.size();
    llvm::StringRef Column =
        llvm::StringRef(Text).slice(Start, End).trim(" \t");
    if (!Column.empty())
      Out.push_back(Column.str());
    Start = End + 1;
  }
  return Out;
}

// The properties read from a query's results, when all uses are followed.
std::optional<std::vector<std::string>>
usesOf(const CallExpr *Call, ASTContext &Ctx, const ApiRoles &Roles) {
  const QueryResults &R = analyzeResults(Call, Ctx, Roles);
  if (!R.complete())
    return std::nullopt;
  std::vector<std::string> Names;
  for (const EntityUse &U : R.Uses)
    if (U.Kind == EntityUseKind::Property &&
        std::find(Names.begin(), Names.end(), U.Name) == Names.end())
      Names.push_back(U.Name);
  return Names;
}

// $top: the take count set on the query object in the query's function.
std::optional<unsigned> topOf(const TableModel &Model, const CallExpr *Query,
                              ASTContext &Ctx) {
  const FunctionDecl *F = enclosingFunction(Ctx, Query);
  std::optional<unsigned> Top;
  for (const RoleCall &C : Model.calls(ApiRole::SetTake)) {
    const CallExpr *Call = C.call();
    const Expr *Count = Call ? argumentOf(Call, *C.Function, "count") : nullptr;
    Expr::EvalResult R;
    if (Count && enclosingFunction(Ctx, Call) == F &&
        !Count->isValueDependent() && Count->EvaluateAsInt(R, Ctx) &&
        R.Val.getInt().isStrictlyPositive())
      Top = static_cast<unsigned>(R.Val.getInt().getLimitedValue(1u << 30));
  }
  return Top;
}

void literalsIn(const Stmt *S, std::vector<std::string> &Out) {
  if (const auto *L = dyn_cast_or_null<StringLiteral>(S)) {
    Out.push_back(L->getString().str());
    return;
  }
  if (S)
    for (const Stmt *Child : S->children())
      literalsIn(Child, Out);
}

// The columns of a projection set as a list (set_select_columns({U("a")})),
// in the query's function: the literals of the list.
std::vector<std::string> listedColumns(const TableModel &Model,
                                       const CallExpr *Query,
                                       ASTContext &Ctx) {
  const FunctionDecl *F = enclosingFunction(Ctx, Query);
  std::vector<std::string> Columns;
  for (const RoleCall &C : Model.calls(ApiRole::SetSelect))
    if (const CallExpr *Call = C.call();
        Call && enclosingFunction(Ctx, Call) == F) {
      Columns.clear();
      literalsIn(argumentOf(Call, *C.Function, "select"), Columns);
    }
  return Columns;
}

CodeQueryFact sdkQuery(const TableModel &Model, const RoleCall &C,
                       const AnalyzedQuery &Q) {
  ASTContext &Ctx = Model.context();
  const CallExpr *Call = C.call();
  CodeQueryFact Fact;
  Fact.Place = placeOf(Call, Q.Model.Location, Ctx);
  Fact.Table = Q.Model.Table.empty()
                   ? tableTemplate(objectOf(Call), Ctx, Model.roles())
                   : literalTemplate(Q.Model.Table);
  CodeTemplate Filter;
  if (auto PK = keyOfAddress(Model, Call, Q.Model.Address.PartitionKey,
                             "partitionKey", Ctx))
    addEquality(Filter, "PartitionKey", *PK);
  if (auto RK = keyOfAddress(Model, Call, Q.Model.Address.RowKey, "rowKey",
                             Ctx))
    addEquality(Filter, "RowKey", *RK);
  if (Q.Model.Filter) {
    CodeTemplate Own = Q.Model.Filter->Source
                           ? codeTemplate(Q.Model.Filter->Source, Ctx,
                                          Model.roles())
                           : literalTemplate(Q.Model.Filter->Text);
    const bool Parenthesise =
        !Filter.Text.empty() && Own.Text.find(" or ") != std::string::npos;
    Filter.Text += (Filter.Text.empty() ? "" : " and ") +
                   (Parenthesise ? "(" + Own.Text + ")" : Own.Text);
    Filter.Placeholders.insert(Filter.Placeholders.end(),
                               Own.Placeholders.begin(), Own.Placeholders.end());
  }
  if (!Filter.Text.empty())
    Fact.Filter = std::move(Filter);
  if (Q.Model.Select && StringRecovery::fullyKnown(Q.Model.Select->Text)) {
    Fact.HasSelect = true;
    Fact.Select = splitColumns(Q.Model.Select->Text);
  } else if (Q.Model.HasSelect) {
    Fact.Select = listedColumns(Model, Call, Ctx);
    Fact.HasSelect = !Fact.Select.empty();
  }
  Fact.Top = topOf(Model, Call, Ctx);
  Fact.Uses = usesOf(Call, Ctx, Model.roles());
  return Fact;
}

std::optional<CodeQueryFact> pointRead(const TableModel &Model,
                                       const RoleCall &C) {
  const CallExpr *Call = C.call();
  if (!Call)
    return std::nullopt;
  const Expr *PK = argumentOf(Call, *C.Function, "partitionKey");
  const Expr *RK = argumentOf(Call, *C.Function, "rowKey");
  if (!PK || !RK)
    return std::nullopt;
  ASTContext &Ctx = Model.context();
  CodeQueryFact Fact;
  Fact.PointRead = true;
  Fact.Place = placeOf(Call, Call->getExprLoc(), Ctx);
  Fact.Table = tableTemplate(objectOf(Call), Ctx, Model.roles());
  CodeTemplate Filter;
  addEquality(Filter, "PartitionKey", codeTemplate(PK, Ctx, Model.roles()));
  addEquality(Filter, "RowKey", codeTemplate(RK, Ctx, Model.roles()));
  Fact.Filter = std::move(Filter);
  return Fact;
}

std::string urlDecoded(llvm::StringRef Text) {
  std::string Out;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    unsigned Byte = 0;
    if (Text[I] == '%' && I + 2 < Text.size() &&
        !Text.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Out += static_cast<char>(Byte);
      I += 2;
    } else {
      Out += Text[I] == '+' ? ' ' : Text[I];
    }
  }
  return Out;
}

// The value of one query parameter of a URL template ("$filter").
std::optional<std::string> urlParameter(const std::string &Url,
                                        llvm::StringRef Name) {
  const std::size_t At = Url.find(Name.str() + "=");
  if (At == std::string::npos)
    return std::nullopt;
  const std::size_t Start = At + Name.size() + 1;
  const std::size_t End = Url.find('&', Start);
  return urlDecoded(llvm::StringRef(Url).slice(Start, End));
}

std::optional<CodeQueryFact> restQuery(const TableModel &Model,
                                       const StringLiteral *Lit) {
  ASTContext &Ctx = Model.context();
  const Expr *Url = outermostString(Ctx, Lit);
  const auto &Q = Model.urlQuery(Url, Lit->getBeginLoc());
  if (!Q)
    return std::nullopt;
  CodeTemplate Whole = codeTemplate(Url, Ctx, Model.roles());
  CodeQueryFact Fact;
  Fact.Place = placeOf(Lit, Lit->getBeginLoc(), Ctx);
  Fact.Table = literalTemplate(Q->Model.Table);
  if (auto Filter = urlParameter(Whole.Text, "$filter")) {
    CodeTemplate F;
    F.Text = *Filter;
    for (const TemplatePlaceholder &P : Whole.Placeholders)
      if (Filter->find("{" + P.Name) != std::string::npos)
        F.Placeholders.push_back(P);
    Fact.Filter = std::move(F);
  }
  if (auto Select = urlParameter(Whole.Text, "$select")) {
    Fact.HasSelect = true;
    Fact.Select = splitColumns(*Select);
  }
  if (auto Top = urlParameter(Whole.Text, "$top")) {
    unsigned N = 0;
    if (!llvm::StringRef(*Top).getAsInteger(10, N) && N > 0)
      Fact.Top = N;
  }
  return Fact;
}

void collectQueries(const TableModel &Model, SchemaFacts &Out) {
  for (const RoleCall &C : Model.calls(ApiRole::Query))
    if (const CallExpr *Call = C.call(); Call && !C.InTemplateInstantiation)
      if (const auto &Q = Model.query(Call, *C.Function))
        Out.Queries.push_back(sdkQuery(Model, C, *Q));
  for (const RoleCall &C : Model.calls(ApiRole::PointRead))
    if (!C.InTemplateInstantiation)
      if (auto Fact = pointRead(Model, C))
        Out.Queries.push_back(std::move(*Fact));
  for (const StringLiteral *Lit : Model.filterLiterals())
    if (auto Fact = restQuery(Model, Lit))
      Out.Queries.push_back(std::move(*Fact));
}

// ---- writes ------------------------------------------------------------

std::optional<CodeTemplate> keyTemplate(const std::optional<KeySource> &K,
                                        ASTContext &Ctx,
                                        const ApiRoles &Roles) {
  if (!K || !K->Value)
    return std::nullopt;
  return codeTemplate(K->Value, Ctx, Roles);
}

const VarDecl *batchVariableOf(const CallExpr *Add) {
  const Expr *Object = objectOf(Add);
  const auto *D =
      Object ? dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts()) : nullptr;
  return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
}

// The client a batch variable is submitted through (execute_batch(batch)).
const Expr *submittedTo(const TableModel &Model, const VarDecl *Batch) {
  if (!Batch)
    return nullptr;
  for (const RoleCall &C : Model.calls(ApiRole::BatchSubmit)) {
    const CallExpr *Call = C.call();
    const Expr *Steps = Call ? argumentOf(Call, *C.Function, "steps") : nullptr;
    const auto *D =
        Steps ? dyn_cast<DeclRefExpr>(Steps->IgnoreParenImpCasts()) : nullptr;
    if (D && D->getDecl() == Batch)
      return objectOf(Call);
  }
  return nullptr;
}

// The adds to one batch: a fixed number when none of them is in a loop.
unsigned fixedBatchSize(const TableModel &Model, const VarDecl *Batch) {
  if (!Batch)
    return 0;
  unsigned Adds = 0;
  for (const RoleCall &C : Model.calls(ApiRole::BatchAdd)) {
    const CallExpr *Call = C.call();
    if (!Call || batchVariableOf(Call) != Batch)
      continue;
    if (innermostLoop(Model.context(), Call))
      return 0;
    ++Adds;
  }
  return Adds;
}

CodeWriteFact writeFact(const TableModel &Model, const RoleCall &C,
                        const Expr *Client, bool Batched) {
  ASTContext &Ctx = Model.context();
  const CallExpr *Call = C.call();
  CodeWriteFact Fact;
  Fact.Kind = C.Function->attr("kind");
  Fact.Place = placeOf(Call, Call->getExprLoc(), Ctx);
  Fact.Table = tableTemplate(Client, Ctx, Model.roles());
  Fact.Batched = Batched;
  if (auto Keys = keysOfCall(Call, *C.Function, Call, Ctx, Model.roles())) {
    Fact.PartitionKey = keyTemplate(Keys->PartitionKey, Ctx, Model.roles());
    Fact.RowKey = keyTemplate(Keys->RowKey, Ctx, Model.roles());
  }
  return Fact;
}

void collectWrites(const TableModel &Model, SchemaFacts &Out) {
  ASTContext &Ctx = Model.context();
  for (const RoleCall &C : Model.calls(ApiRole::Write)) {
    const CallExpr *Call = C.call();
    if (!Call || C.InTemplateInstantiation)
      continue;
    auto Request = requestOf(Call, *C.Function, Ctx, Model.roles());
    if (!Request)
      continue;
    Out.Writes.push_back(writeFact(Model, C, Request->Client, false));
  }
  // One write per batch: its first add (the others go with it).
  llvm::SmallPtrSet<const VarDecl *, 4> Batches;
  for (const RoleCall &C : Model.calls(ApiRole::BatchAdd)) {
    const CallExpr *Call = C.call();
    if (!Call || C.InTemplateInstantiation ||
        C.Function->attr("kind") == "retrieve")
      continue;
    const VarDecl *Batch = batchVariableOf(Call);
    if (Batch && !Batches.insert(Batch).second)
      continue;
    CodeWriteFact Fact = writeFact(Model, C, submittedTo(Model, Batch), true);
    Fact.BatchSize = fixedBatchSize(Model, Batch);
    Out.Writes.push_back(std::move(Fact));
  }
}

// ---- retry policies -----------------------------------------------------

std::optional<unsigned> intValue(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) ||
      R.Val.getInt().isNegative())
    return std::nullopt;
  return static_cast<unsigned>(R.Val.getInt().getLimitedValue(1u << 30));
}

void collectPolicyObjects(const TableModel &Model, SchemaFacts &Out) {
  ASTContext &Ctx = Model.context();
  for (const RoleCall &C : Model.calls(ApiRole::RetryPolicy)) {
    CodeRetryFact Fact;
    Fact.Policy = C.Function->attr("kind");
    Fact.Place = placeOf(C.Site, C.Site->getExprLoc(), Ctx);
    const auto Arg = [&](std::string_view Key) -> const Expr * {
      const std::optional<unsigned> I = C.Function->arg(Key);
      if (const CallExpr *Call = C.call())
        return argumentOf(Call, *C.Function, Key);
      const CXXConstructExpr *Ctor = C.construction();
      return Ctor && I && *I < Ctor->getNumArgs() ? Ctor->getArg(*I) : nullptr;
    };
    if (const Expr *D = Arg("delay"))
      Fact.DelayMs = constantDelay(D, Ctx);
    Fact.MaxRetries = intValue(Arg("attempts"), Ctx);
    Out.Retries.push_back(std::move(Fact));
  }
}

// azure-core's RetryOptions: an exponential policy with the fields set.
void collectRetryOptions(const TableModel &Model, SchemaFacts &Out) {
  ASTContext &Ctx = Model.context();
  std::optional<CodeRetryFact> Fact;
  for (const FieldWrite &W : Model.fieldWrites(TypeRole::RetryOptions)) {
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(W.Site);
    const auto *B = dyn_cast<BinaryOperator>(W.Site);
    const Expr *Value = Op && Op->getNumArgs() == 2 ? Op->getArg(1)
                        : B                         ? B->getRHS()
                                                    : nullptr;
    if (!Value)
      continue;
    if (!Fact) {
      Fact.emplace();
      Fact->Policy = "exponential";
      Fact->Place = placeOf(W.Site, W.Site->getExprLoc(), Ctx);
    }
    if (W.is("maxRetries"))
      Fact->MaxRetries = intValue(Value, Ctx);
    else if (W.is("delay"))
      Fact->DelayMs = constantDelay(Value, Ctx);
    else if (W.is("maxDelay"))
      Fact->MaxDelayMs = constantDelay(Value, Ctx);
  }
  if (Fact)
    Out.Retries.push_back(std::move(*Fact));
}

bool isSleepCall(const CallExpr *Call) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || Call->getNumArgs() == 0)
    return false;
  const std::string Name = FD->getQualifiedNameAsString();
  return Name == "std::this_thread::sleep_for" || Name == "Sleep" ||
         Name == "usleep" || Name == "sleep";
}

// The delay of a sleep call in milliseconds (usleep: microseconds, sleep:
// seconds, Sleep and durations: milliseconds).
std::optional<double> sleepMs(const CallExpr *Call, ASTContext &Ctx) {
  std::optional<double> V = constantDelay(Call->getArg(0), Ctx);
  const std::string Name = Call->getDirectCallee()->getNameAsString();
  if (V && Name == "usleep")
    *V /= 1000;
  if (V && Name == "sleep")
    *V *= 1000;
  return V;
}

// A hand-written retry loop: the sleep between attempts and the number of
// attempts of a counted loop (for (int a = 0; a < 5; ++a): 4 retries).
std::optional<CodeRetryFact> loopPolicy(const RetryLoop &L, ASTContext &Ctx) {
  CodeRetryFact Fact;
  Fact.Place = placeOf(L.Loop, L.Loop->getBeginLoc(), Ctx);
  Fact.Policy = "immediate";
  forEachRunStmt(L.Loop, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!isSleepCall(Call) || Fact.Policy != "immediate")
      return;
    Fact.DelayMs = sleepMs(Call, Ctx);
    switch (delayGrowth(Call->getArg(0), L.Loop, Ctx)) {
    case Growth::Constant: Fact.Policy = "constant"; break;
    case Growth::Linear: Fact.Policy = "linear"; break;
    case Growth::Geometric: Fact.Policy = "exponential"; break;
    case Growth::Unknown: Fact.Policy = ""; break;
    }
  });
  if (Fact.Policy.empty())
    return std::nullopt;
  if (auto Passes = constantTripCount(L.Loop, Ctx); Passes && *Passes > 0)
    Fact.MaxRetries = static_cast<unsigned>(*Passes - 1);
  return Fact;
}

void collectRetryLoops(const TableModel &Model, SchemaFacts &Out) {
  for (const Stmt *Loop : Model.retryLoopCandidates())
    if (auto L = findRetryLoop(Loop, Model.roles(), Model.context()))
      if (auto Fact = loopPolicy(*L, Model.context()))
        Out.Retries.push_back(std::move(*Fact));
}

// ---- accounts -----------------------------------------------------------

// "AccountName=contoso;" or "https://contoso.table.core.windows.net".
std::optional<std::string> accountIn(llvm::StringRef Text) {
  if (std::size_t At = Text.find("AccountName="); At != llvm::StringRef::npos) {
    llvm::StringRef Name = Text.substr(At + 12).take_until(
        [](char C) { return C == ';' || C == '\x1a'; });
    if (!Name.empty())
      return Name.str();
  }
  if (std::size_t At = Text.find(".table."); At != llvm::StringRef::npos) {
    llvm::StringRef Host = Text.take_front(At);
    Host = Host.substr(Host.rfind('/') + 1);
    if (!Host.empty() && Host.find('\x1a') == llvm::StringRef::npos)
      return Host.str();
  }
  return std::nullopt;
}

void addAccount(std::optional<std::string> Name, SchemaFacts &Out) {
  if (Name && std::find(Out.Accounts.begin(), Out.Accounts.end(), *Name) ==
                  Out.Accounts.end())
    Out.Accounts.push_back(*Name);
}

// Account names in the string arguments of client constructions and
// connection-string parsers, and the account name of a shared-key
// credential.
void collectAccounts(const TableModel &Model, SchemaFacts &Out) {
  StringRecovery SR(Model.context(), Model.roles());
  for (ApiRole R : {ApiRole::Client, ApiRole::ConnectionString,
                    ApiRole::Credential})
    for (const RoleCall &C : Model.calls(R)) {
      const CallExpr *Call = C.call();
      const CXXConstructExpr *Ctor = C.construction();
      const unsigned N = Call ? Call->getNumArgs() : Ctor->getNumArgs();
      const std::optional<unsigned> NameArg = C.Function->arg("accountName");
      for (unsigned I = 0; I < N; ++I) {
        std::optional<std::string> Text =
            SR.recover(Call ? Call->getArg(I) : Ctor->getArg(I));
        if (!Text)
          continue;
        if (NameArg && *NameArg == I && StringRecovery::fullyKnown(*Text))
          addAccount(*Text, Out);
        else
          addAccount(accountIn(*Text), Out);
      }
    }
  // Hand-written REST: the host of a query URL.
  for (const StringLiteral *Lit : Model.filterLiterals())
    if (auto Text = SR.recover(outermostString(Model.context(), Lit)))
      addAccount(accountIn(*Text), Out);
}

} // namespace

SchemaFacts schemaFacts(ASTContext &Ctx, const ApiRoles &Roles) {
  const TableModel &Model = tableModel(Ctx, Roles);
  SchemaFacts Out;
  collectQueries(Model, Out);
  collectWrites(Model, Out);
  collectPolicyObjects(Model, Out);
  collectRetryOptions(Model, Out);
  collectRetryLoops(Model, Out);
  collectAccounts(Model, Out);
  return Out;
}

} // namespace tablelint::code
