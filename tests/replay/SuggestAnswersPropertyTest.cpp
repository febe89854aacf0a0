// Property: for random designs and workloads, the design `suggest` proposes
// returns the same logical entities for every query execution as the
// design it came from (the simulator's answer check, replay/AnswerCheck.h).
// Each seed draws a table (constant, time-based, low- or high-cardinality
// partition keys; plain, log-tail or compound row keys), write rates from
// quiet to far over a partition's target, and queries of every class (latest
// N of a partition, lookups by a non-key property, rare sparse values,
// point reads, one user's items inside a partition).
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
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "clients:\n"
         "  - {name: app, kind: service, region: westeurope, auth: token, "
         "payload: json-nometadata,\n"
         "     retry: {policy: exponential, baseDelay: 2s, maxDelay: 30s, "
         "maxRetries: 4}}\n"
         "tables:\n"
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
         std::to_string(50 + Rng() % 100000) +
         "}\n"
         "      flagged: {type: boolean, values: [true, false], weights: [0.01, "
         "0.99]}\n"
         "      tenantId: {type: string, distinct: 200, distribution: "
         "\"hotspot(0.005, 0.6)\"}\n"
         "      body: {type: string, bytes: 300}\n"
         "    writes:\n"
         "      - {name: add-item, client: app, op: insert, rate: " +
         std::to_string(Rate) +
         "/s}\n"
         "    queries:\n" +
         Queries;
}

TEST(SuggestAnswersProperty, SuggestedDesignsReturnTheSameEntities) {
  // The last seeds draw a heavy tenant's table.
  const int Seeds = 24, TenantSeeds = 4;
  int Changed = 0, PartitionIndexes = 0, HeavyKeys = 0;
  for (int Seed = 1; Seed <= Seeds + TenantSeeds; ++Seed) {
    std::mt19937_64 Rng(static_cast<std::uint64_t>(Seed));
    std::string Why;
    const std::string Text = randomDesign(Rng, Why, Seed > Seeds);
    SCOPED_TRACE("seed " + std::to_string(Seed) + ": " + Why);
    schema::SchemaLoad Current = schema::loadSchemaText(Text, "random.yaml");
    ASSERT_TRUE(Current.ok()) << Current.Errors.front().str() << "\n" << Text;
    schema::SuggestResult S = schema::suggestDesign(
        Current.Value, schema::defaultSchemaCheckOptions());
    Changed += S.Changes.empty() ? 0 : 1;
    for (const schema::SuggestedChange &C : S.Changes)
      if (C.RuleId == "denormalize-for-query" &&
          C.Description.find("' inside partition '") != std::string::npos)
        ++PartitionIndexes;
      else if (C.Description.rfind("bucketed only the heavy keys", 0) == 0)
        ++HeavyKeys;
    // What `suggest` writes is what replay reads.
    const std::string Yaml = schema::writeSchemaYaml(S.Design);
    schema::SchemaLoad Suggested = schema::loadSchemaText(Yaml, "sug.yaml");
    ASSERT_TRUE(Suggested.ok()) << Suggested.Errors.front().str() << "\n"
                                << Yaml;
    std::vector<InputError> Errors;
    Workload W = buildWorkloadModel(Current.Value, Errors);
    WorkloadOptions O;
    O.DurationSeconds = 8;
    O.Seed = static_cast<std::uint64_t>(Seed);
    generateEvents(W, O);
    const DesignPlan A = planDesign(W, Current.Value, "current", Errors);
    const DesignPlan B = planDesign(W, Suggested.Value, "suggested", Errors);
    ASSERT_TRUE(Errors.empty()) << Errors.front().str() << "\n" << Yaml;
    const AnswerCheck Check = checkAnswers(W, A, B);
    EXPECT_GT(Check.Compared, 0u);
    EXPECT_EQ(Check.Different, 0u)
        << (Check.Differences.empty()
                ? std::string()
                : Check.Differences[0].Query + ": " +
                      Check.Differences[0].Detail)
        << "\n"
        << Yaml;
  }
  // The property is only worth something if suggest changed designs, with
  // every kind of remedy among the changes.
  EXPECT_GT(Changed, Seeds / 2);
  EXPECT_GT(PartitionIndexes, 0);
  EXPECT_GT(HeavyKeys, 0);
}

} // namespace
} // namespace tablelint::replay
