// `tablelint suggest`: a better design for a schema. Every finding with a
// design remedy is applied to a copy of the schema, and each changed element
// gets a Note saying which finding it answers, with the figures:
//
//   # bucketed partition key for time-based-partition-key: 6860 entities/s
//   # over 8 buckets of 'deviceId' = 858/s on the busiest partition (42.9%
//   # of the 2000/s target; aim: at most 50%)
//
// Remedies, each applied only when it keeps what every query returns
// (replay checks that: replay/AnswerCheck.h): a time or constant key
// re-keyed by the property its queries read, every query rewritten into the
// new keys (checks/schema/RekeyRemedy.h); a time bucket for a sweep of what
// falls due, on the table or an expiry index
// (checks/schema/SweepBucketRemedy.h); else a hash bucket on time-based,
// hot or too-narrow partition keys (bucket count from the load at most 50%
// of the partition target, a power of two; the bucket property one the
// RowKey holds whole; queries that cannot know the bucket fan out over all
// of them); a sparse index table for lookups by a non-key property (only the
// queried value's rows, only the properties the query needs; the writes
// mirrored under the same names, the query moved there under its name); the
// log tail (a RowKey reversed on the time a `newest` "latest N" read orders
// by: checks/schema/LogTailRemedy.h); a projection (select = uses);
// exponential backoff without non-retryable codes; SAS for browser and
// mobile clients; JSON without metadata instead of AtomPub; a data series
// folded into one entity. Logical writes and queries keep their names.
// Batching and an index on a value updates change are advice: they could
// change answers. Each remedy is a file in checks/schema/remedies/, run in
// the order of its registry (remedies/Remedies.cpp).
#pragma once

#include "checks/schema/SchemaChecks.h"

#include <functional>
#include <string>
#include <vector>

namespace tablelint::schema {

struct SuggestedChange {
  std::string RuleId;
  std::string ElementPath; // in the suggested design
  std::string Description; // the Note written on the element
  // The element of the current design the remedy answers (a client, table
  // or query path): the unit a RemedyFilter allows or refuses.
  std::string Subject;
};

// Which remedies to apply: by rule and subject; empty: all of them.
using RemedyFilter =
    std::function<bool(const std::string &Rule, const std::string &Subject)>;

struct SuggestResult {
  Schema Design;
  std::vector<SuggestedChange> Changes;
  // Remedies not applied (they could change what the workload means, or
  // the replay found them worse): ElementPath in the current design.
  std::vector<SuggestedChange> Advice;
  // The suggested design's own findings (not suppressed): those without a
  // design remedy, and any a remedy could not remove.
  std::vector<Finding> Remaining;
};

SuggestResult suggestDesign(const Schema &Current,
                            const SchemaCheckOptions &Options,
                            const RemedyFilter &Allow = {});

} // namespace tablelint::schema
