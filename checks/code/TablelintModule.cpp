// The clang-tidy module of tablelint: registers every check under its
// clang-tidy name (tablelint-<rule-id>). Nothing else knows the list.
#include "checks/code/InvalidFilterCheck.h"
#include "checks/code/QueryScopeCheck.h"
// includes: query results (missing-projection, client-side-filter, n-plus-one-reads)
#include "checks/code/ClientSideFilterCheck.h"
#include "checks/code/MissingProjectionCheck.h"
#include "checks/code/NPlusOneReadsCheck.h"
// includes: retries (retry-non-retryable, retry-without-backoff)
#include "checks/code/RetryNonRetryableCheck.h"
#include "checks/code/RetryWithoutBackoffCheck.h"
// includes: writes (unbatched-writes, invalid-batch, read-before-write)
#include "checks/code/InvalidBatchCheck.h"
#include "checks/code/ReadBeforeWriteCheck.h"
#include "checks/code/UnbatchedWritesCheck.h"
// includes: clients and transport (client-per-request, shared-key-in-client, legacy-client-library, atompub-payload, nagle-enabled)
#include "checks/code/AtomPubPayloadCheck.h"
#include "checks/code/ClientPerRequestCheck.h"
#include "checks/code/LegacyClientLibraryCheck.h"
#include "checks/code/NagleEnabledCheck.h"
#include "checks/code/SharedKeyInClientCheck.h"
// includes: keys, names, parallelism (unbounded-parallelism, time-based-partition-key, entity-limits, invalid-name)
#include "checks/code/EntityLimitsCheck.h"
#include "checks/code/InvalidNameCheck.h"
#include "checks/code/TimeBasedPartitionKeyCheck.h"
#include "checks/code/UnboundedParallelismCheck.h"

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
    F.registerCheck<ClientSideFilterCheck>("tablelint-client-side-filter");
    F.registerCheck<MissingProjectionCheck>("tablelint-missing-projection");
    F.registerCheck<NPlusOneReadsCheck>("tablelint-n-plus-one-reads");
    // Retries (checklist items 14, 15).
    F.registerCheck<RetryWithoutBackoffCheck>("tablelint-retry-without-backoff");
    F.registerCheck<RetryNonRetryableCheck>("tablelint-retry-non-retryable");
    // Writes (checklist items 8, 26, 27; entity group transactions).
    F.registerCheck<UnbatchedWritesCheck>("tablelint-unbatched-writes");
    F.registerCheck<InvalidBatchCheck>("tablelint-invalid-batch");
    F.registerCheck<ReadBeforeWriteCheck>("tablelint-read-before-write");
    // Clients and transport (checklist items 7, 10, 13, 16, 17).
    F.registerCheck<SharedKeyInClientCheck>("tablelint-shared-key-in-client");
    F.registerCheck<ClientPerRequestCheck>("tablelint-client-per-request");
    F.registerCheck<LegacyClientLibraryCheck>("tablelint-legacy-client-library");
    F.registerCheck<AtomPubPayloadCheck>("tablelint-atompub-payload");
    F.registerCheck<NagleEnabledCheck>("tablelint-nagle-enabled");
    // Keys, names, parallelism (checklist items 12, 19; data-model limits).
    F.registerCheck<UnboundedParallelismCheck>("tablelint-unbounded-parallelism");
    F.registerCheck<TimeBasedPartitionKeyCheck>("tablelint-time-based-partition-key");
    F.registerCheck<EntityLimitsCheck>("tablelint-entity-limits");
    F.registerCheck<InvalidNameCheck>("tablelint-invalid-name");
  }
};

} // namespace tablelint::code

static clang::tidy::ClangTidyModuleRegistry::Add<tablelint::code::TablelintModule>
    TablelintModuleRegistration("tablelint-module",
                                "Azure Table Storage design checks (tablelint).");

// Referenced by the tablelint binary so the linker keeps this module.
volatile int TablelintModuleAnchorSource = 0;
