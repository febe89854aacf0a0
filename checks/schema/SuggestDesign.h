// `tablelint suggest`: a better design for a schema. Every finding with a
// design remedy is applied to a copy of the schema, and each changed element
// gets a Note saying which finding it answers, with the figures:
//
//   # bucketed partition key for time-based-partition-key: 6000 writes/s
//   # over 4 buckets = 1500/s per partition
//
// Remedies: a hash bucket on time-based, hot or too-narrow partition keys
// (bucket count from the load over the partition target with 25% headroom,
// a power of two); an index table for lookups by a non-key property (the
// writes mirrored under the same names, the query moved there under its
// name); batching of unbatched writes; a projection (select = uses);
// exponential backoff without non-retryable codes; SAS for browser and
// mobile clients; JSON without metadata instead of AtomPub; a data series
// folded into one entity. Logical writes and queries keep their names.
#pragma once

#include "checks/schema/SchemaChecks.h"

#include <string>
#include <vector>

namespace tablelint::schema {

struct SuggestedChange {
  std::string RuleId;
  std::string ElementPath; // in the suggested design
  std::string Description; // the Note written on the element
};

struct SuggestResult {
  Schema Design;
  std::vector<SuggestedChange> Changes;
  // The suggested design's own findings (not suppressed): those without a
  // design remedy, and any a remedy could not remove.
  std::vector<Finding> Remaining;
};

SuggestResult suggestDesign(const Schema &Current,
                            const SchemaCheckOptions &Options);

} // namespace tablelint::schema
