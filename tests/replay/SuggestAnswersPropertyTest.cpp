// Property: for random designs and workloads, the design `suggest` proposes
// returns the same logical entities for every query execution as the
// design it came from (the simulator's answer check, replay/AnswerCheck.h).
// Each seed draws a table (constant, time-based, low- or high-cardinality
// partition keys; plain, log-tail or compound row keys), write rates from
// quiet to far over a partition's target, and queries of every class (latest
// N of a partition, lookups by a non-key property, rare sparse values,
// point reads, one user's items inside a partition), and counters of a
// skewed key, sharded.
#include "checks/schema/SchemaChecks.h"
#include "checks/schema/SuggestDesign.h"
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaWriter.h"
#include "replay/AnswerCheck.h"
#include "replay/DesignPlan.h"
#include "replay/Workload.h"

#include <gtest/gtest.h>

#include <random>

namespace tablelint::replay {
namespace {

// The account and the client every design here shares, up to its tables.
std::string designHeader() {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "clients:\n"
         "  - {name: app, kind: service, region: westeurope, auth: token, "
         "payload: json-nometadata,\n"
         "     retry: {policy: exponential, baseDelay: 2s, maxDelay: 30s, "
         "maxRetries: 4}}\n"
         "tables:\n";
}

// The items table with keys Pk and Rk, Rate inserts/s (and as many deletes
// with Deletes), Distinct users and the query lines Queries.
std::string itemsDesign(const std::string &Pk, const std::string &Rk, int Rate,
                        std::uint64_t Distinct, const std::string &Queries,
                        bool Deletes = false,
                        const std::string &MoreProperties = "") {
  return designHeader() +
         "  - name: Items\n"
         "    account: a\n"
         "    partitionKey: \"" +
         Pk +
         "\"\n"
         "    rowKey: \"" +
         Rk +
         "\"\n"
         "    retention: 1d\n"
         "    properties:\n"
         "      itemId: {type: guid}\n"
         "      postedAt: {type: datetime, grows: true}\n"
         "      region: {type: string, values: [eu, us, asia], weights: [0.6, "
         "0.3, 0.1]}\n"
         "      userId: {type: string, distinct: " +
         std::to_string(Distinct) +
         "}\n"
         "      flagged: {type: boolean, values: [true, false], weights: [0.01, "
         "0.99]}\n"
         "      body: {type: string, bytes: 300}\n" +
         MoreProperties +
         "    writes:\n"
         "      - {name: add-item, client: app, op: insert, rate: " +
         std::to_string(Rate) + "/s}\n" +
         (Deletes ? "      - {name: drop-item, client: app, op: delete, "
                    "rate: " +
                        std::to_string(Rate) + "/s}\n"
                  : std::string()) +
         "    queries:\n" + Queries;
}

// Tenant: a table keyed by a tenant of which one makes 60% of the writes,
// busy enough for that tenant's partition to need buckets (suggest then
// buckets the heavy tenant only).
std::string randomDesign(std::mt19937_64 &Rng, std::string &Why,
                         bool Tenant = false) {
  auto Pick = [&](std::initializer_list<const char *> L) {
    std::vector<const char *> V(L);
    return std::string(V[Rng() % V.size()]);
  };
  std::string Pk = Pick({"all", "{postedAt:yyyyMMdd}", "{region}",
                         "{userId}", "{region}_{postedAt:yyyyMMddHH}"});
  const std::string Rk =
      Pick({"{itemId}", "{postedAt|reverse}_{itemId}", "{userId}_{itemId}"});
  int Rate = static_cast<int>(100 + Rng() % 4000);
  if (Tenant) {
    Pk = "{tenantId}";
    Rate = 3600 + Rate % 2000;
  }
  const int Top = static_cast<int>(1 + Rng() % 50);
  std::string Queries;
  Queries += "      - {name: partition-latest, filter: \"PartitionKey eq '" +
             Pk + "'\", top: " + std::to_string(Top) + ", rate: 5/s}\n";
  if (Rng() % 2)
    Queries += "      - {name: by-user, filter: \"userId eq '{userId}'\", "
               "select: [itemId], rate: 1/s}\n";
  if (Rng() % 2)
    Queries += "      - {name: flagged, filter: \"flagged eq true\", select: "
               "[itemId, userId], rate: 12/min}\n";
  if (Rng() % 2)
    Queries += "      - {name: point, filter: \"PartitionKey eq '" + Pk +
               "' and RowKey eq '" + Rk + "'\", rate: 20/s}\n";
  // One user's items inside a partition: an index keyed by the partition's
  // key and the user where the scan reads far more than it returns.
  if (Rng() % 2)
    Queries += "      - {name: user-in-partition, filter: \"PartitionKey eq '" +
               Pk + "' and userId eq '{userId}'\", select: [itemId, postedAt], "
               "rate: 1/s}\n";
  Why = "partitionKey " + Pk + ", rowKey " + Rk + ", " +
        std::to_string(Rate) + " inserts/s, top " + std::to_string(Top);
  const std::uint64_t Distinct = 50 + Rng() % 100000;
  return itemsDesign(Pk, Rk, Rate, Distinct, Queries, false,
                     Tenant ? "      tenantId: {type: string, distinct: 200, "
                              "distribution: \"hotspot(0.005, 0.6)\"}\n"
                            : "");
}

// Whether suggest changed the design Text; checks that its design returns
// the same entities for every query execution of an 8 s run.
bool suggestKeepsAnswers(const std::string &Text, int Seed,
                         const char *Expect = nullptr,
                         int *PartitionIndexes = nullptr) {
  schema::SchemaLoad Current = schema::loadSchemaText(Text, "random.yaml");
  EXPECT_TRUE(Current.ok()) << Current.Errors.front().str() << "\n" << Text;
  if (!Current.ok())
    return false;
  schema::SuggestResult S = schema::suggestDesign(
      Current.Value, schema::defaultSchemaCheckOptions());
  bool Expected = !Expect;
  for (const schema::SuggestedChange &C : S.Changes) {
    Expected |= Expect && C.Description.find(Expect) != std::string::npos;
    if (PartitionIndexes && C.RuleId == "denormalize-for-query" &&
        C.Description.find("' inside partition '") != std::string::npos)
      ++*PartitionIndexes;
  }
  // What `suggest` writes is what replay reads.
  const std::string Yaml = schema::writeSchemaYaml(S.Design);
  schema::SchemaLoad Suggested = schema::loadSchemaText(Yaml, "sug.yaml");
  EXPECT_TRUE(Suggested.ok()) << Suggested.Errors.front().str() << "\n"
                              << Yaml;
  if (!Suggested.ok())
    return false;
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(Current.Value, Errors);
  WorkloadOptions O;
  O.DurationSeconds = 8;
  O.Seed = static_cast<std::uint64_t>(Seed);
  O.EveryOpAtLeastOnce = true; // a sweep a minute is compared too
  generateEvents(W, O);
  const DesignPlan A = planDesign(W, Current.Value, "current", Errors);
  const DesignPlan B = planDesign(W, Suggested.Value, "suggested", Errors);
  EXPECT_TRUE(Errors.empty()) << Errors.front().str() << "\n" << Yaml;
  if (!Errors.empty())
    return false;
  const AnswerCheck Check = checkAnswers(W, A, B);
  EXPECT_GT(Check.Compared, 0u);
  EXPECT_EQ(Check.Different, 0u)
      << (Check.Differences.empty()
              ? std::string()
              : Check.Differences[0].Query + ": " +
                    Check.Differences[0].Detail)
      << "\n"
      << Yaml;
  return !S.Changes.empty() && Expected;
}

// How many of the designs Design draws for seeds FirstSeed.. (Seeds of
// them) suggest changed (with a change whose note has Expect, when given),
// each checked to return the same entities.
template <typename Generator>
int changedOverSeeds(Generator Design, int Seeds, const char *Expect = nullptr,
                     int *PartitionIndexes = nullptr, int FirstSeed = 1) {
  int Changed = 0;
  for (int Seed = FirstSeed; Seed < FirstSeed + Seeds; ++Seed) {
    std::mt19937_64 Rng(static_cast<std::uint64_t>(Seed));
    std::string Why;
    const std::string Text = Design(Rng, Why);
    SCOPED_TRACE("seed " + std::to_string(Seed) + ": " + Why);
    Changed +=
        suggestKeepsAnswers(Text, Seed, Expect, PartitionIndexes) ? 1 : 0;
  }
  return Changed;
}

TEST(SuggestAnswersProperty, SuggestedDesignsReturnTheSameEntities) {
  // The property is only worth something if suggest changed designs, with
  // every kind of remedy among the changes.
  int PartitionIndexes = 0;
  auto AnyDesign = [](std::mt19937_64 &Rng, std::string &Why) {
    return randomDesign(Rng, Why);
  };
  EXPECT_GT(changedOverSeeds(AnyDesign, 24, nullptr, &PartitionIndexes),
            24 / 2);
  EXPECT_GT(PartitionIndexes, 0);
}

// A table keyed by a tenant of which one makes 60% of the writes: suggest
// buckets that tenant only, and every query still returns the same
// entities.
TEST(SuggestAnswersProperty, HeavyTenantBucketsReturnTheSameEntities) {
  auto TenantDesign = [](std::mt19937_64 &Rng, std::string &Why) {
    return randomDesign(Rng, Why, true);
  };
  EXPECT_GT(changedOverSeeds(TenantDesign, 4, "bucketed only the heavy keys",
                             nullptr, 25),
            0);
}

// Queries written on the physical keys, the way a team first writes them:
// a user's items as a RowKey prefix inside a day's, an hour's or a
// constant partition, a point read, a condition on a property beside the
// prefix, the first N of the prefix in key order. Suggest re-keys such a
// table by the user and rewrites every query into the new keys; the
// rewritten queries return the same entities.
std::string physicalKeyDesign(std::mt19937_64 &Rng, std::string &Why) {
  auto Pick = [&](std::initializer_list<const char *> L) {
    std::vector<const char *> V(L);
    return std::string(V[Rng() % V.size()]);
  };
  const std::string Pk =
      Pick({"all", "{postedAt:yyyyMMdd}", "{postedAt:yyyyMMddHH}"});
  const std::string Rk =
      Pick({"{userId}_{itemId}", "{userId}_{region}_{itemId}",
            "{userId}_{postedAt|reverse}_{itemId}"});
  const int Rate = static_cast<int>(1500 + Rng() % 3000);
  const std::string InPartition = "PartitionKey eq '" + Pk + "'";
  const std::string Prefix =
      InPartition + " and RowKey ge '{userId}_' and RowKey lt '{userId}`'";
  std::string Queries = "      - {name: user-items, filter: \"" + Prefix +
                        "\", rate: 20/s}\n";
  if (Rng() % 2)
    Queries += "      - {name: point, filter: \"" + InPartition +
               " and RowKey eq '" + Rk + "'\", rate: 20/s}\n";
  if (Rng() % 2)
    Queries += "      - {name: user-flagged, filter: \"" + Prefix +
               " and flagged eq true\", rate: 5/s}\n";
  if (Rng() % 2)
    Queries += "      - {name: user-first, filter: \"" + Prefix +
               "\", top: " + std::to_string(1 + Rng() % 10) +
               ", rate: 5/s}\n";
  if (Rk.find("{region}") != std::string::npos && Rng() % 2)
    Queries += "      - {name: user-region, filter: \"" + InPartition +
               " and RowKey ge '{userId}_{region}_' and RowKey lt "
               "'{userId}_{region}`'\", rate: 5/s}\n";
  Why = "partitionKey " + Pk + ", rowKey " + Rk + ", " +
        std::to_string(Rate) + " inserts/s";
  return itemsDesign(Pk, Rk, Rate, 2000 + Rng() % 100000, Queries);
}

TEST(SuggestAnswersProperty, ReKeyedDesignsReturnTheSameEntities) {
  // Worth something only if the designs were re-keyed.
  EXPECT_GT(changedOverSeeds(physicalKeyDesign, 12, "re-keyed by userId"),
            12 / 2);
}

// Sweeps of what falls due (items older than a cut-off, deleted as they
// are swept; the cut-off the time the sweep runs, an hour before it, or an
// entity's time) every minute, ten seconds or hour, over tables keyed by the
// user, the item or a constant, read by their keys or not: suggest keys
// the table by a time bucket or adds an expiry index, and the sweep reads
// the buckets up to its cut-off's. The sweep reads what it archives
// (`flagged`), not only keys: it is no mere purge that a table per period
// would replace (TablesPerPeriodReturnTheSameEntities).
std::string sweptDesign(std::mt19937_64 &Rng, std::string &Why) {
  auto Pick = [&](std::initializer_list<const char *> L) {
    std::vector<const char *> V(L);
    return std::string(V[Rng() % V.size()]);
  };
  const std::string Pk = Pick({"{userId}", "{itemId}", "all"});
  const std::string Rk = Pick({"{itemId}", "{region}_{itemId}"});
  const int Rate = static_cast<int>(50 + Rng() % 900);
  const std::string Every = Pick({"1/min", "6/min", "1/h"});
  // When it sweeps: at the time it runs (what the run wrote before it),
  // what expired an hour ago (nothing the run wrote), or undeclared (an
  // entity's time).
  const std::string Cutoff = Pick({"now", "now - 1h", ""});
  std::string Queries = "      - {name: sweep, filter: \"postedAt lt "
                        "datetime'{postedAt}'\", select: [itemId, flagged], " +
                        (Cutoff.empty() ? "" : "cutoff: " + Cutoff + ", ") +
                        "rate: " + Every + "}\n";
  if (Rng() % 2)
    Queries += "      - {name: point, filter: \"PartitionKey eq '" + Pk +
               "' and RowKey eq '" + Rk + "'\", rate: 20/s}\n";
  Why = "partitionKey " + Pk + ", rowKey " + Rk + ", " +
        std::to_string(Rate) + " inserts and deletes/s, a sweep " + Every +
        (Cutoff.empty() ? "" : ", cutoff " + Cutoff);
  return itemsDesign(Pk, Rk, Rate, 2000 + Rng() % 100000, Queries, true);
}

TEST(SuggestAnswersProperty, TimeBucketedSweepsReturnTheSameEntities) {
  // Worth something only if the sweeps were bucketed.
  EXPECT_GT(changedOverSeeds(sweptDesign, 12, "for the sweep 'sweep'"),
            12 / 2);
}

// Tables kept for their retention (two hours, three days, ninety days) by
// a purge that deletes what expired, found by a sweep on the time: suggest
// names the table by the period (an hour, a day, a month) and drops the
// purge and the sweep; the reads, each inside one period (an item by its
// time, a user's period), return the same entities from the period's
// table.
std::string purgedDesign(std::mt19937_64 &Rng, std::string &Why) {
  auto Pick = [&](std::initializer_list<const char *> L) {
    std::vector<const char *> V(L);
    return std::string(V[Rng() % V.size()]);
  };
  const std::string Retention = Pick({"2h", "3d", "90d"});
  const std::string Period = Retention == "2h"   ? "yyyyMMddHH"
                             : Retention == "3d" ? "yyyyMMdd"
                                                 : "yyyyMM";
  const std::string Pk = Pick({"{userId}", "{region}_{userId}"});
  const std::string Rk = "{postedAt:yyyyMMddHHmmssfff}_{itemId}";
  const int Rate = static_cast<int>(20 + Rng() % 400);
  std::string Queries =
      "      - {name: item, filter: \"PartitionKey eq '" + Pk +
      "' and RowKey eq '" + Rk + "'\", rate: 20/s}\n"
      "      - {name: expired, filter: \"postedAt lt datetime'{postedAt}'\", "
      "select: [], cutoff: now - " +
      Retention + ", rate: 1/h}\n";
  if (Rng() % 2)
    Queries += "      - {name: user-period, filter: \"PartitionKey eq '" + Pk +
               "' and RowKey ge '{postedAt:" + Period +
               "}' and RowKey lt '{postedAt:" + Period +
               "}~'\", rate: 5/s}\n";
  Why = "partitionKey " + Pk + ", " + std::to_string(Rate) +
        " inserts and purges/s, retention " + Retention;
  std::string Text =
      itemsDesign(Pk, Rk, Rate, 200 + Rng() % 2000, Queries, true);
  Text.replace(Text.find("retention: 1d"), 13, "retention: " + Retention);
  return Text;
}

TEST(SuggestAnswersProperty, TablesPerPeriodReturnTheSameEntities) {
  // Worth something only if the tables became tables per period.
  EXPECT_EQ(changedOverSeeds(purgedDesign, 8, "a table per "), 8);
}

// Counters of a skewed key (clicks of short codes, likes of posts),
// upserted on every event and read by key, sometimes also listed whole:
// the busiest key is one entity over a partition's target, which suggest
// shards. Each read then reads every shard and keeps the newest; the
// answers are the same entities.
std::string counterDesign(std::mt19937_64 &Rng, std::string &Why) {
  auto Pick = [&](std::initializer_list<const char *> L) {
    std::vector<const char *> V(L);
    return std::string(V[Rng() % V.size()]);
  };
  const std::string Pk = Pick({"{code}", "c_{code}", "{code}-count"});
  const std::string Skew =
      Pick({"distinct: 1M, distribution: zipf(1.3)",
            "distinct: 100000, distribution: zipf(1.5)",
            "distinct: 1000, distribution: \"hotspot(0.001, 0.5)\""});
  const std::string Op = Pick({"insert-or-merge", "insert-or-replace"});
  const int Rate = static_cast<int>(9000 + Rng() % 15000);
  const int Reads = static_cast<int>(1 + Rng() % 40);
  std::string Queries = "      - {name: stats, client: app, filter: "
                        "\"PartitionKey eq '" + Pk +
                        "' and RowKey eq 'count'\", rate: " +
                        std::to_string(Reads) + "/s}\n";
  if (Rng() % 2)
    Queries += "      - {name: every-counter, client: app, filter: \"RowKey "
               "eq 'count'\", rate: 1/s}\n";
  Why = "partitionKey " + Pk + ", code " + Skew + ", " + Op + " " +
        std::to_string(Rate) + "/s, stats " + std::to_string(Reads) + "/s";
  return designHeader() +
         "  - name: Counters\n"
         "    account: a\n"
         "    partitionKey: \"" + Pk + "\"\n"
         "    rowKey: \"count\"\n"
         "    properties:\n"
         "      code: {type: string, " + Skew + "}\n"
         "      total: {type: int64}\n"
         "    writes:\n"
         "      - {name: count, client: app, op: " + Op +
         ", properties: [total], rate: " + std::to_string(Rate) + "/s}\n"
         "    queries:\n" + Queries;
}

TEST(SuggestAnswersProperty, ShardedCountersReturnTheSameEntities) {
  // Worth something only if the counters were sharded.
  EXPECT_EQ(changedOverSeeds(counterDesign, 8, "sharded the counter"), 8);
}

} // namespace
} // namespace tablelint::replay
