// The clang-tidy module of tablelint: registers every check under its
// clang-tidy name (tablelint-<rule-id>). Nothing else knows the list.
#include "checks/code/InvalidFilterCheck.h"
#include "checks/code/QueryScopeCheck.h"

#include <clang-tidy/ClangTidyModule.h>
#include <clang-tidy/ClangTidyModuleRegistry.h>

namespace tablelint::code {

class TablelintModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &F) override {
    // Query scope (checklist item 21, 22) and filter limits.
    F.registerCheck<QueryScopeCheck>("tablelint-table-scan");
    F.registerCheck<QueryScopeCheck>("tablelint-partition-scan");
    F.registerCheck<QueryScopeCheck>("tablelint-low-density-query");
    F.registerCheck<QueryScopeCheck>("tablelint-filter-too-complex");
    F.registerCheck<InvalidFilterCheck>("tablelint-invalid-filter");
  }
};

} // namespace tablelint::code

static clang::tidy::ClangTidyModuleRegistry::Add<tablelint::code::TablelintModule>
    TablelintModuleRegistration("tablelint-module",
                                "Azure Table Storage design checks (tablelint).");

// Referenced by the tablelint binary so the linker keeps this module.
volatile int TablelintModuleAnchorSource = 0;
