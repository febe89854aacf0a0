// The query checks: the query calls of the TU's table model, each
// modelled, parsed and classified once (model/TableModel.h).
#include "checks/code/QueryCheck.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/NolintLines.h"
#include "checks/code/model/QueryResults.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/Basic/TargetInfo.h>
#include <clang/Lex/Lexer.h>

#include <map>

namespace tablelint::code {

using namespace clang;
using namespace clang::ast_matchers;

void QueryCheck::checkModel(const TableModel &Model, ASTContext &Ctx) {
  for (const RoleCall &C : Model.calls(ApiRole::Query))
    if (const CallExpr *Call = C.call())
      if (const auto &Q = Model.query(Call, *C.Function))
        checkQuery(*Q, Ctx);
  // The project's own query wrappers, recognised by their summaries.
  for (const ProjectCall &C : Model.projectCalls())
    if (const FunctionSummary *S = wrapperSummary(C.Callee, Ctx, roles()))
      if (const ApiFunction *F = S->entry(ApiRole::Query))
        if (const auto &Q = Model.query(C.Call, *F))
          checkQuery(*Q, Ctx);
  if (!wantsUrlQueries())
    return;
  for (const StringLiteral *Lit : Model.filterLiterals())
    // Findings point at the literal that holds "$filter=", not the URL's
    // start.
    if (const auto &Q =
            Model.urlQuery(outermostString(Ctx, Lit), Lit->getBeginLoc()))
      checkQuery(*Q, Ctx);
}

SourceLocation QueryCheck::filterLocation(const AnalyzedQuery &Q,
                                          std::size_t Offset,
                                          ASTContext &Ctx) const {
  if (Q.Model.Filter && Q.Model.Filter->Source) {
    const auto *L =
        dyn_cast<StringLiteral>(stripStringWrappers(Q.Model.Filter->Source));
    if (L && L->getString() == Q.Model.Filter->Text &&
        Offset <= L->getByteLength()) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation Loc =
          L->getLocationOfByte(static_cast<unsigned>(Offset), SM,
                               Ctx.getLangOpts(), Ctx.getTargetInfo());
      if (Loc.isValid())
        return Loc;
    }
  }
  return Q.Model.Location;
}

void QueryCheck::reportAt(SourceLocation Primary, SourceLocation Other,
                          llvm::StringRef OtherNote, llvm::StringRef Message,
                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation P = SM.getExpansionLoc(Primary);
  const SourceLocation O =
      Other.isValid() ? SM.getExpansionLoc(Other) : SourceLocation();
  const bool OtherLine = O.isValid() && (SM.getFileID(O) != SM.getFileID(P) ||
                                         SM.getExpansionLineNumber(O) !=
                                             SM.getExpansionLineNumber(P));
  if (OtherLine && nolintCovers(SM, O, "tablelint-" + ruleId().str()))
    return;
  diag(Primary, "%0") << Message;
  if (OtherLine)
    diag(Other, OtherNote, DiagnosticIDs::Note);
}

SourceLocation QueryCheck::filterOrigin(const AnalyzedQuery &Q) const {
  if (!Q.Model.Filter || !Q.Model.Filter->Source)
    return {};
  const Expr *E = stripStringWrappers(Q.Model.Filter->Source);
  // A variable initialised once (a constant, a local) moves the origin to
  // its initializer; a chain of them is followed a few steps.
  for (unsigned Step = 0; Step < 4; ++Step) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    const Expr *Init = V ? V->getInit() : nullptr;
    if (!Init || isa<ParmVarDecl>(V))
      break;
    E = stripStringWrappers(Init);
  }
  return E->getBeginLoc();
}

} // namespace tablelint::code
