// The clang-tidy module of tablelint: registers every check under its
// clang-tidy name (tablelint-<rule-id>). Nothing else knows the list.
#include "checks/code/InvalidFilterCheck.h"
#include "checks/code/QueryScopeCheck.h"
// includes: query results (missing-projection, client-side-filter, n-plus-one-reads)
// includes: retries (retry-non-retryable, retry-without-backoff)
// includes: writes (unbatched-writes, invalid-batch, read-before-write)
// includes: clients and transport (client-per-request, shared-key-in-client, legacy-client-library, atompub-payload, nagle-enabled)
// includes: keys, names, parallelism (unbounded-parallelism, time-based-partition-key, entity-limits, invalid-name)

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
    // Query results (checklist items 23, 24, 25).
    // Retries (checklist items 14, 15).
    // Writes (checklist items 8, 26, 27; entity group transactions).
    // Clients and transport (checklist items 7, 10, 13, 16, 17).
    // Keys, names, parallelism (checklist items 12, 19; data-model limits).
  }
};

} // namespace tablelint::code

static clang::tidy::ClangTidyModuleRegistry::Add<tablelint::code::TablelintModule>
    TablelintModuleRegistration("tablelint-module",
                                "Azure Table Storage design checks (tablelint).");

// Referenced by the tablelint binary so the linker keeps this module.
volatile int TablelintModuleAnchorSource = 0;
