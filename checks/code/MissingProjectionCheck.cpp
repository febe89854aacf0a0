// Reports queries that return whole entities to code that reads a few of
// their properties, with a fix-it that adds the projection.
#include "checks/code/MissingProjectionCheck.h"

#include "checks/code/model/AstWalk.h"
#include "checks/code/model/QueryResults.h"
#include "core/Text.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <set>

namespace tablelint::code {

using namespace clang;

namespace {

// The options or query object of the call, when it is a local variable.
// The argument naming the local query options or query object, if any.
const DeclRefExpr *queryArgument(const QueryModel &M) {
  for (const char *Key : {"options", "queryObject"}) {
    auto I = M.Function->arg(Key);
    if (!I || *I >= M.Call->getNumArgs())
      continue;
    const auto *D = dyn_cast<DeclRefExpr>(
        stripStringWrappers(M.Call->getArg(*I))->IgnoreParenImpCasts());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V))
      return D;
  }
  return nullptr;
}

bool mentionsVar(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == V)
    return true;
  for (const Stmt *C : S->children())
    if (mentionsVar(C, V))
      return true;
  return false;
}

// The statement of V's block after which the projection goes: the last
// one before the query that mentions V (its declaration, when nothing
// else does). QueryModel accepted the query, so every write to V sits
// directly in that block.
const Stmt *insertionAnchor(ASTContext &Ctx, const VarDecl *V,
                            const CallExpr *Query) {
  const CompoundStmt *Block = declaringBlock(Ctx, V);
  if (!Block)
    return nullptr;
  const Stmt *InBlock = Query;
  for (;;) {
    // Up through statements and the declarations in them (`auto page =`).
    DynTypedNodeList Ps = Ctx.getParents(*InBlock);
    while (!Ps.empty() && !Ps[0].get<Stmt>() && Ps[0].get<VarDecl>())
      Ps = Ctx.getParents(Ps[0]);
    const auto *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (!P)
      return nullptr;
    if (P == Block)
      break;
    InBlock = P;
  }
  const Stmt *Anchor = nullptr;
  for (const Stmt *S : Block->body()) {
    if (S == InBlock)
      return Anchor;
    if (mentionsVar(S, V))
      Anchor = S;
  }
  return nullptr;
}

// Just after the semicolon that ends S.
SourceLocation afterStatement(const Stmt *S, const SourceManager &SM,
                              const LangOptions &LO) {
  const SourceLocation End = S->getEndLoc();
  if (End.isInvalid() || End.isMacroID())
    return {};
  Token Tok;
  if (!Lexer::getRawToken(End, Tok, SM, LO, /*IgnoreWhiteSpace=*/true) &&
      Tok.is(tok::semi))
    return Lexer::getLocForEndOfToken(End, 0, SM, LO);
  return Lexer::findLocationAfterToken(
      End, tok::semi, SM, LO,
      /*SkipTrailingWhitespaceAndNewLine=*/false);
}

std::string indentationOf(const Stmt *S, const SourceManager &SM) {
  const SourceLocation Begin = SM.getSpellingLoc(S->getBeginLoc());
  const auto [File, Offset] = SM.getDecomposedLoc(Begin);
  const StringRef Buffer = SM.getBufferData(File);
  const std::size_t LineStart = Buffer.rfind('\n', Offset) + 1; // npos+1 == 0
  std::string Indent;
  for (std::size_t I = LineStart;
       I < Offset && (Buffer[I] == ' ' || Buffer[I] == '\t'); ++I)
    Indent += Buffer[I];
  return Indent;
}

// The projection setter of a query object type (set_select_columns).
std::string selectSetter(const VarDecl *V, const ApiRoles &Roles) {
  const auto *R = V->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!R)
    return "";
  const std::string Prefix = "::" + R->getQualifiedNameAsString() + "::";
  for (const ApiFunction *F : Roles.functions(ApiRole::SetSelect))
    for (const std::string &N : F->QualifiedNames)
      if (N.rfind(Prefix, 0) == 0 && F->arg("select") == 0u)
        return N.substr(Prefix.size());
  return "";
}

} // namespace

// The code picks the columns at run time: no projection is guessed, the
// query is only pointed out.
void MissingProjectionCheck::noteRuntimeColumns(const QueryModel &M,
                                                const DeclRefExpr *Argument,
                                                const EntityUse &Runtime,
                                                ASTContext &Ctx) {
  const unsigned Line = Ctx.getSourceManager().getPresumedLineNumber(
      Runtime.Read->getBeginLoc());
  diag(Argument->getBeginLoc(),
       "%0 returns whole entities and the properties read are chosen at run "
       "time (line %1): no projection can be worked out from the code; if "
       "the names come from a known set, select those",
       DiagnosticIDs::Remark)
      << (M.Table.empty() ? std::string("query")
                          : "query over '" + M.Table + "'")
      << Line;
}

void MissingProjectionCheck::checkQuery(const AnalyzedQuery &Q,
                                        ASTContext &Ctx) {
  const QueryModel &M = Q.Model;
  if (!M.Call || !M.Understood || M.HasSelect)
    return;
  const DeclRefExpr *Argument = queryArgument(M);
  if (!Argument)
    return; // default options: no variable to put the projection on
  const auto *V = cast<VarDecl>(Argument->getDecl());
  const QueryResults &R = analyzeResults(M.Call, Ctx, roles());
  if (const EntityUse *Runtime = R.onlyRuntimeColumns())
    return noteRuntimeColumns(M, Argument, *Runtime, Ctx);
  if (!R.complete() || (R.Uses.empty() && R.Loops.empty()))
    return;

  // What the code needs back. azure::storage always adds PartitionKey,
  // RowKey and Timestamp to $select; the Data::Tables client sends the list
  // as it is, so the keys read must be in it.
  const auto *RD = V->getType().getNonReferenceType()->getAsCXXRecordDecl();
  const ApiType *Options = RD ? roles().findType(RD->getQualifiedNameAsString(),
                                                 TypeRole::QueryOptions)
                              : nullptr;
  const std::string Setter = Options ? "" : selectSetter(V, roles());
  if (Options ? Options->field("select").empty() : Setter.empty())
    return;
  const bool KeysImplied = !Options;
  std::set<std::string> Properties, Keys;
  bool Deletes = false;
  for (const EntityUse &U : R.Uses) {
    if (U.Kind == EntityUseKind::Property)
      Properties.insert(U.Name);
    else if (U.Kind == EntityUseKind::Key)
      Keys.insert(U.Name);
    else if (U.Kind == EntityUseKind::Delete)
      Deletes = true;
  }
  if (KeysImplied) {
    for (const char *K : {"PartitionKey", "RowKey", "Timestamp"})
      Properties.erase(K);
  } else {
    if (Keys.count("Timestamp"))
      Properties.insert("Timestamp");
    if (!Properties.empty()) {
      Properties.insert(Keys.begin(), Keys.end());
      if (Deletes) // the delete addresses the entity by its keys
        Properties.insert({"PartitionKey", "RowKey"});
    }
  }
  const bool KeysOnly = Properties.empty();
  const std::vector<std::string> Selected =
      KeysOnly ? std::vector<std::string>{"PartitionKey", "RowKey"}
               : std::vector<std::string>(Properties.begin(), Properties.end());

  std::string Projection;
  if (Options) {
    std::string List;
    for (const std::string &S : Selected)
      List += (List.empty() ? "" : ",") + S;
    Projection = V->getName().str() + "." + Options->field("select") + " = \"" +
                 List + "\";";
  } else {
    std::string List;
    for (const std::string &S : Selected)
      List += (List.empty() ? "U(\"" : ", U(\"") + S + "\")";
    Projection = V->getName().str() + "." + Setter + "({" + List + "});";
  }

  const std::string Over =
      M.Table.empty() ? "query" : "query over '" + M.Table + "'";
  std::string Message;
  if (!KeysOnly)
    Message = Over + " returns whole entities but only " +
              quotedList(Selected) +
              (Selected.size() == 1 ? " is read: select it"
                                    : " are read: select them");
  else if (Deletes && Keys.empty())
    Message = Over + " returns whole entities only to delete them: select "
                     "just the keys (PartitionKey,RowKey)";
  else
    Message = Over + " returns whole entities but only their keys are read: "
                     "select just the keys (PartitionKey,RowKey)";

  // At the query argument, the options sent without a projection: the
  // call's name is where the scope rules report the same query.
  auto D = diag(Argument->getBeginLoc(), "%0") << Message;
  const SourceManager &SM = Ctx.getSourceManager();
  if (const Stmt *Anchor = insertionAnchor(Ctx, V, M.Call)) {
    const SourceLocation At = afterStatement(Anchor, SM, Ctx.getLangOpts());
    if (At.isValid())
      D << FixItHint::CreateInsertion(At, "\n" + indentationOf(Anchor, SM) +
                                              Projection);
  }
}

} // namespace tablelint::code
