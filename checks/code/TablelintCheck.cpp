// Shared set-up of tablelint's checks. An option comes from, in this order:
// clang-tidy's CheckOptions (`.clang-tidy`, --config; `tablelint lint` passes
// .tablelint.yaml's thresholds this way), the `thresholds:` of the
// .tablelint.yaml found upward from the file (so that clang-tidy with the
// plugin, in an editor, agrees with the CLI without a copy in .clang-tidy),
// the catalog default.
#include "checks/code/TablelintCheck.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/ProjectScope.h"
#include "checks/code/model/QueryResults.h"
#include "checks/code/model/TableModel.h"

#include <cstdlib>

namespace tablelint::code {

TablelintCheck::TablelintCheck(llvm::StringRef Name,
                               clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RuleId(Name.starts_with("tablelint-") ? Name.drop_front(10).str()
                                            : Name.str()),
      OnlyTablelintChecks(onlyTablelintChecksEnabled(*Context)) {
  std::shared_ptr<const ProjectConfig> Config;
  Roles = apiRolesForFile(getCurrentMainFile().str(), &Config);
  if (Config)
    for (const InputError &E : Config->Errors)
      configurationDiag("%0") << E.str();
}

std::string TablelintCheck::option(llvm::StringRef Name) const {
  if (std::optional<llvm::StringRef> Given = Options.get(Name))
    return Given->str();
  // The same configuration the role maps came from (cached per file).
  std::shared_ptr<const ProjectConfig> Config;
  apiRolesForFile(getCurrentMainFile().str(), &Config);
  if (Config) {
    auto Rule = Config->Thresholds.find(RuleId);
    if (Rule != Config->Thresholds.end()) {
      auto Value = Rule->second.find(Name.str());
      if (Value != Rule->second.end())
        return Value->second;
    }
  }
  const Rule *R = builtinCatalog().find(RuleId);
  const RuleOption *O = R ? R->option(Name) : nullptr;
  return O ? O->Default : std::string();
}

unsigned TablelintCheck::unsignedOption(llvm::StringRef Name) const {
  const std::string V = option(Name);
  unsigned Out = 0;
  if (llvm::StringRef(V).getAsInteger(10, Out)) {
    const Rule *R = builtinCatalog().find(RuleId);
    const RuleOption *O = R ? R->option(Name) : nullptr;
    llvm::StringRef(O ? O->Default : "0").getAsInteger(10, Out);
  }
  return Out;
}

void TablelintCheck::onStartOfTranslationUnit() {
  forgetTableModel();
  forgetFunctionSummaries();
  forgetQueryResults();
}

void TablelintCheck::registerMatchers(
    clang::ast_matchers::MatchFinder *Finder) {
  if (OnlyTablelintChecks)
    registerProjectScope(Finder);
  if (usesModel())
    Finder->addMatcher(clang::ast_matchers::translationUnitDecl(), &Model);
  registerCheckMatchers(Finder);
}

void TablelintCheck::ModelCallback::run(
    const clang::ast_matchers::MatchFinder::MatchResult &R) {
  Owner.checkModel(tableModel(*R.Context, *Owner.Roles), *R.Context);
}

void TablelintCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  if (const Rule *R = builtinCatalog().find(RuleId))
    for (const RuleOption &O : R->Options)
      this->Options.store(Opts, O.Name, option(O.Name));
}

} // namespace tablelint::code
