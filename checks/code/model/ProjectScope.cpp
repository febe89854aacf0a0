// Limiting the traversal to the project's code (see ProjectScope.h).
#include "checks/code/model/ProjectScope.h"

#include <clang-tidy/ClangTidyDiagnosticConsumer.h>
#include <clang-tidy/ClangTidyModule.h>
#include <clang-tidy/ClangTidyModuleRegistry.h>
#include <clang/Basic/SourceManager.h>

#include <mutex>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace tablelint::code {

namespace {

// The names of every registered clang-tidy check that is not ours (the
// modules linked into this process: clang-tidy's own when loaded as a
// plugin, none besides ours in the tablelint binary).
const std::vector<std::string> &otherCheckNames() {
  static const std::vector<std::string> Names = [] {
    clang::tidy::ClangTidyCheckFactories Factories;
    for (const auto &Entry : clang::tidy::ClangTidyModuleRegistry::entries())
      Entry.instantiate()->addCheckFactories(Factories);
    std::vector<std::string> Out;
    for (const auto &Factory : Factories)
      if (!Factory.getKey().starts_with("tablelint-"))
        Out.push_back(Factory.getKey().str());
    return Out;
  }();
  return Names;
}

// True when the Checks globs may enable one of the static analyzer's checks
// ("*", "clang-analyzer-*", "clang-*", "clang-analyzer-core.*"): those are
// not in the module registry, and their consumer shares the ASTContext.
// Later terms win, as in clang-tidy: a project's .clang-tidy that lists
// "clang-analyzer-*" and a command line that appends "-*,tablelint-*"
// enable no analyzer check.
bool mayEnableAnalyzer(llvm::StringRef Checks) {
  constexpr llvm::StringLiteral Analyzer = "clang-analyzer-";
  llvm::SmallVector<llvm::StringRef, 8> Terms;
  Checks.split(Terms, ',', -1, false);
  bool May = false;
  for (llvm::StringRef Term : Terms) {
    Term = Term.trim();
    const bool Negative = Term.consume_front("-");
    Term = Term.trim();
    if (Term.empty())
      continue;
    const llvm::StringRef Prefix =
        Term.take_until([](char C) { return C == '*'; });
    if (!Negative) {
      // A term may match an analyzer check when its literal start is a
      // prefix of "clang-analyzer-" or starts with it.
      if (Analyzer.starts_with(Prefix) || Prefix.starts_with(Analyzer))
        May = true;
    } else if (Term == (Prefix + "*").str() && Analyzer.starts_with(Prefix)) {
      // "-*", "-clang-*", "-clang-analyzer-*": every analyzer check off.
      May = false;
    }
  }
  return May;
}

class ScopeCallback : public MatchFinder::MatchCallback {
public:
  void run(const MatchFinder::MatchResult &Result) override {
    limitTraversalToProject(*Result.Context);
  }
};

} // namespace

bool onlyTablelintChecksEnabled(clang::tidy::ClangTidyContext &Context) {
  if (mayEnableAnalyzer(Context.getOptions().Checks.value_or("")))
    return false;
  for (const std::string &Name : otherCheckNames())
    if (Context.isCheckEnabled(Name))
      return false;
  return true;
}

void limitTraversalToProject(ASTContext &Ctx) {
  const std::vector<Decl *> Current = Ctx.getTraversalScope();
  const bool WholeUnit =
      Current.size() == 1 && isa<TranslationUnitDecl>(Current.front());
  if (!WholeUnit)
    return; // already limited for this TU
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Project;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const SourceLocation Loc = D->getLocation();
    if (Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      continue;
    Project.push_back(D);
  }
  // A TU with no project declaration still gets a limited scope (the empty
  // one), which is what "already limited" above recognises.
  Ctx.setTraversalScope(Project);
}

void registerProjectScope(MatchFinder *Finder) {
  static ScopeCallback Callback;
  Finder->addMatcher(translationUnitDecl(), &Callback);
}

} // namespace tablelint::code
