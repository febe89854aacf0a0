// The schema checks: CHECKLIST.md's schema-detected rules run over a loaded
// schema model. Each rule is one function in its own file (see
// SchemaCheckRegistry.cpp for the list); runSchemaChecks runs them all and
// returns their findings, located at the element each is about.
#pragma once

#include "core/Finding.h"
#include "core/ServiceLimits.h"
#include "core/schema/Schema.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::schema {

// Thresholds; the defaults are the service's targets (core/ServiceLimits.h)
// and the rule catalog's option defaults, so the CLI can override each.
struct SchemaCheckOptions {
  // partition-throughput EntitiesPerSecond; also the target the design
  // rules (hot-partition, partition-key-design, time-based-partition-key)
  // and `suggest` size buckets against.
  double PartitionEntitiesPerSecond = limits::PartitionEntitiesPerSecond;
  // account-throughput EntitiesPerSecond (an account's declared
  // entitiesPerSecond wins).
  double AccountEntitiesPerSecond = limits::AccountEntitiesPerSecond;
  double AccountIngressGbps = limits::AccountIngressGbps;
  double AccountEgressGbps = limits::AccountEgressGbps;
  // account-count MaxAccountsPerRegion.
  unsigned MaxAccountsPerRegion = limits::AccountsPerRegion;
  // low-density-query MaxScannedPerReturned.
  double MaxScannedPerReturned = 10;
  // filter-too-complex MaxComparisons.
  unsigned MaxComparisons = limits::MaxFilterComparisons;
  // entity-limits KeyWarnCharacters.
  unsigned KeyWarnCharacters = limits::KeyWarnCharacters;
  // unbatched-writes: single-entity writes per second to one partition from
  // which batching pays. The default is one full transaction a second, so a
  // writer that buffers for a second fills whole batches. (The catalog's
  // MinWrites counts writes per loop in code, a different measure.)
  double MinWritesPerPartitionPerSecond = limits::MaxBatchOperations;
  // data-series-entity: fewest rows a query reads as one series.
  unsigned MinSeriesRows = 4;
  // missing-projection: a property at least this large (declared bytes) read
  // without being used is reported even when a projection is given.
  unsigned LargePropertyBytes = 1024;
  // Rules not to run (ids without the "tablelint-" prefix).
  std::set<std::string> DisabledRules;
};

// The defaults above, with the catalog's option defaults applied (a catalog
// edit changes the checks without a code change).
SchemaCheckOptions defaultSchemaCheckOptions();

// Sets one threshold by the catalog's rule and option name, as
// .tablelint.yaml or the command line give it ("partition-throughput",
// "EntitiesPerSecond", "500"). Returns true when applied; false with Error
// empty when the schema checks do not use that option (it may be a code
// check's), false with Error set when the value is bad.
bool applySchemaCheckOption(SchemaCheckOptions &O, std::string_view Rule,
                            std::string_view Option, std::string_view Value,
                            std::string &Error);

struct SchemaContext;

// Collects findings of one rule run.
class FindingSink {
public:
  FindingSink(const Schema &S, std::vector<Finding> &Out) : S(S), Out(Out) {}
  void setRule(std::string_view RuleId);
  // A finding at an element, with the rule's default severity.
  void report(const std::string &ElementPath, SourcePos Pos,
              std::string Message);
  // The same, with another severity (a note for a milder form).
  void report(const std::string &ElementPath, SourcePos Pos,
              std::string Message, Severity Level);

private:
  const Schema &S;
  std::vector<Finding> &Out;
  std::string Rule;
  Severity Default = Severity::Warning;
};

using SchemaCheckFn = void (*)(const SchemaContext &, FindingSink &);

struct SchemaCheck {
  const char *RuleId;
  SchemaCheckFn Run;
};

// Every schema check, by rule id.
const std::vector<SchemaCheck> &schemaCheckRegistry();

// Runs the enabled checks; findings are sorted by line, column and rule.
// Suppressions are not applied here (see SchemaLint.h). SourceText, the
// file's text when known, places findings inside filter values exactly.
std::vector<Finding> runSchemaChecks(const Schema &S,
                                     const SchemaCheckOptions &Options,
                                     std::string_view SourceText = {});

} // namespace tablelint::schema
