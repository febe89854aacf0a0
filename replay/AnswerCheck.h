// The answer check of every two-design replay: does each query of the
// suggested design return the same logical entities as the current design?
//
// Both designs run the logical workload side by side on a functional store
// (no budgets, no latency, no failures but the service's own rules: an
// insert of an existing row, an update of a missing one, a batch that
// breaks the transaction rules), every write applied at its intended time
// and every compared query read right after the writes before it. So a
// difference is the design's doing, never throttling's.
//
// A query execution's result is the set of logical entity ids it returns:
// all pages of every read (a fan-out query reads each bucket, merges the
// reads in (RowKey, PartitionKey) order and applies `top` after the merge).
// Entity ids are logical identities, the same in both designs.
//
// Cost: the writes are applied once per design (a store of keys); queries
// are compared up to MaxComparedPerQuery executions per query, spread evenly
// over the run, so a rare query is compared every time it runs; a query
// whose executions scan many entities is compared less often as its scans
// add up (ScanBudgetPerQuery).
#pragma once

#include "replay/DesignPlan.h"
#include "replay/Workload.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tablelint::replay {

struct AnswerCheckOptions {
  std::uint64_t MaxComparedPerQuery = 20000;
  // A query that has scanned this many entities in compared executions
  // is compared half as often from then on (and again after as many
  // more): a scan-heavy query cannot make the check cost more than the
  // replay.
  std::uint64_t ScanBudgetPerQuery = 2000000;
  std::size_t MaxDifferences = 5; // described; all are counted
  // Keep every row in key order (ReplayOptions::OrderEveryRow).
  bool OrderEveryRow = false;
};

struct AnswerDifference {
  std::string Query;
  double Time = 0;                   // the execution's intended time
  std::vector<std::string> Filters;  // per design (the first read's)
  std::vector<std::uint64_t> Reads;  // requests per design (fan-out)
  std::vector<std::uint64_t> Counts; // entities returned per design
  // One entity only one design returned: "only current returned {...}".
  std::string Detail;
};

struct QueryComparison {
  std::string Query;
  std::uint64_t Executions = 0, Compared = 0, Different = 0;
};

struct AnswerCheck {
  bool Ran = false;
  std::uint64_t Compared = 0, Equal = 0, Different = 0;
  // Query names only one design declares (not compared).
  std::vector<std::string> NotInBoth;
  std::vector<QueryComparison> PerQuery;
  std::vector<AnswerDifference> Differences;
  // Per query with differences whose table is filled by other logical
  // writes in one design than in the other (an index table that declares
  // a write of its own instead of its table's write): why the answers
  // cannot agree, and what to change.
  std::vector<std::string> Causes;
};

AnswerCheck checkAnswers(const Workload &W, const DesignPlan &Current,
                         const DesignPlan &Suggested,
                         const AnswerCheckOptions &Options = {});

} // namespace tablelint::replay
