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
// add up (ScanBudgetPerQuery). The writes after the last compared
// execution are not applied: no answer sees them. Where a core is spare
// the two designs run on two threads, meeting at each compared execution
// (SpareThread).
//
// A long run checks a sample (SampleShare below 1): the logical entities
// whose id hashes into the share (inAnswerSample), the same entities in
// both designs whatever their keys. Only their rows are stored, so each
// query's answer is the set of sampled entities it returns, compared as
// above: the workload of the sampled entities' operations, run exactly.
// A table a `top` query reads keeps every row (tablesKeptWhole), since the
// first N of a sample are not the sampled members of the first N; a query
// that reads such tables in both designs is compared on every entity.
// What the sample cannot see: two entities under one key (an insert
// refused, an upsert that replaces another entity) where one of them is
// outside the sample; in a batch, rows outside the sample count towards
// its size and payload and are taken to succeed.
#pragma once

#include "replay/DesignPlan.h"
#include "replay/ExistingKeys.h"
#include "replay/Workload.h"

#include <cstdint>
#include <functional>
#include <memory>
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
  // The share of the logical entities whose rows are stored and compared:
  // 1 every entity; below 1 the sample inAnswerSample draws.
  double SampleShare = 1;
  // The existing entities' keys rendered once for the replays of this
  // workload (replay/ExistingKeys.h); null: each check renders its own.
  std::shared_ptr<ExistingKeyCache> ExistingKeys;
  // The two designs side by side, the suggested one on a thread of its own
  // (replay/SideBySide.h), in each step where SpareThread says a core is
  // free now (the caller's other tasks may hold them all): they meet at
  // each compared execution. Null: one thread. The result is the same
  // either way.
  std::function<bool()> SpareThread;
};

// The share of the logical entities a sampled answer check compares
// (replay --answers sample, and a run whose full check does not fit
// --memory).
inline constexpr double DefaultAnswerSample = 0.01;
// A sample holds at least this many of the run's entities (a few
// megabytes of rows): a shorter run is sampled at a larger share, so a
// value written one time in a thousand is still in the sample hundreds of
// times.
inline constexpr double MinAnswerSampleEntities = 250000;
// The share a sampled check of W compares: DefaultAnswerSample, or the
// larger share that holds MinAnswerSampleEntities of W's entities (1: all).
double answerSampleShare(const Workload &W);

// Whether Entity is in a sample of Share of the logical entities: by a hash
// of its id, so the same entities in every design and every run of one
// workload. Every entity when Share >= 1.
bool inAnswerSample(std::uint32_t Entity, double Share);

// Per table of Plan: whether a sampled check keeps every row of it (a
// table a query with `top` reads).
std::vector<bool> tablesKeptWhole(const Workload &W, const DesignPlan &Plan);

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
  double SampleShare = 1; // AnswerCheckOptions'
  // With a sample: the tables kept whole, "Items (current)".
  std::vector<std::string> WholeTables;
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
