// The base of every tablelint clang-tidy check: the API role maps that apply
// to the file being checked (built-ins plus the project's .tablelint.yaml),
// the rule's catalog entry, and its options with catalog defaults.
//
// The standard and SDK headers are most of a TU and user code is never
// there: when tablelint's checks run alone the traversal skips them
// (model/ProjectScope.h); next to other clang-tidy checks it does not, so
// every matcher still starts with unless(isExpansionInSystemHeader()),
// cheaper than the name tests that follow.
#pragma once

#include "core/ApiRoles.h"
#include "core/ProjectConfig.h"
#include "core/RuleCatalog.h"

#include <clang-tidy/ClangTidyCheck.h>

#include <memory>

namespace tablelint::code {

class TableModel;

class TablelintCheck : public clang::tidy::ClangTidyCheck {
public:
  TablelintCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  // Registers the project scope (model/ProjectScope.h), then the check's
  // own matchers.
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) final;
  // The check's matchers (see above on system headers).
  virtual void registerCheckMatchers(clang::ast_matchers::MatchFinder *) {}
  // A check that is a query on the TU's table model (model/TableModel.h)
  // returns true here and judges the model in checkModel, once per TU,
  // before the matchers' traversal of the TU.
  virtual bool usesModel() const { return false; }
  virtual void checkModel(const TableModel &, clang::ASTContext &) {}
  // Drops the per-TU analyses shared by the checks (the table model,
  // function summaries, query results).
  // Checks that override it call it too.
  void onStartOfTranslationUnit() override;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }

protected:
  const ApiRoles &roles() const { return *Roles; }
  // "table-scan" for "tablelint-table-scan".
  llvm::StringRef ruleId() const { return RuleId; }
  // An option of this rule: the user's value, or the catalog's default.
  std::string option(llvm::StringRef Name) const;
  unsigned unsignedOption(llvm::StringRef Name) const;

private:
  // Calls checkModel when the TU is matched (a callback of its own, so
  // that the checks' check() sees only their matchers' results).
  class ModelCallback : public clang::ast_matchers::MatchFinder::MatchCallback {
  public:
    explicit ModelCallback(TablelintCheck &Owner) : Owner(Owner) {}
    void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;

  private:
    TablelintCheck &Owner;
  };

  std::string RuleId;
  ModelCallback Model{*this};
  bool OnlyTablelintChecks = false;
  std::shared_ptr<const ApiRoles> Roles;
};

} // namespace tablelint::code
