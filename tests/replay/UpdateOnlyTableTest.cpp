// A table the workload only updates and reads (stock levels): no write
// creates its entities, so they are the table's existing ones. The replay
// stores them where its writes' keys put them and its merges and point
// reads address them, each as one entity also where they are a sample (too
// many to hold); a sample the run would delete from is not addressed, and
// the report says so instead of showing a silent 0/0.
#include "core/schema/SchemaLoader.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>

namespace tablelint::replay {
namespace {

using test::op;

// Stock per warehouse and SKU, reserved (merged) at 200/s and read by
// point reads at 300/s; Entities existing stock rows.
std::string inventory(const std::string &Entities,
                      const std::string &Skus = "10000") {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: Inventory\n"
         "    account: a\n"
         "    partitionKey: \"{warehouse}\"\n"
         "    rowKey: \"{sku}\"\n"
         "    properties:\n"
         "      warehouse: {type: string, distinct: 12}\n"
         "      sku: {type: string, distinct: " + Skus + "}\n"
         "      onHand: {type: int32}\n"
         "    entities: " + Entities + "\n"
         "    writes:\n"
         "      - {name: reserve, op: merge, rate: 200/s, properties: "
         "[onHand]}\n"
         "    queries:\n"
         "      - {name: stock, filter: \"PartitionKey eq '{warehouse}' and "
         "RowKey eq '{sku}'\", rate: 300/s}\n";
}

// The current design of Yaml replayed for 20 s.
DesignResult replayYaml(const std::string &Yaml, Workload &W) {
  const schema::SchemaLoad L = schema::loadSchemaText(Yaml, "design.yaml");
  EXPECT_TRUE(L.ok()) << (L.Errors.empty() ? "" : L.Errors.front().str());
  std::vector<InputError> Errors;
  W = buildWorkloadModel(L.Value, Errors);
  WorkloadOptions O;
  O.DurationSeconds = 20;
  generateEvents(W, O);
  const DesignPlan Plan = planDesign(W, L.Value, "current", Errors);
  EXPECT_TRUE(Errors.empty());
  return simulateDesign(W, Plan, ReplayOptions());
}

DesignResult replayInventory(const std::string &Entities, Workload &W,
                             const std::string &Skus = "10000") {
  return replayYaml(inventory(Entities, Skus), W);
}

bool hasNote(const DesignResult &D, const std::string &Text) {
  for (const std::string &N : D.Notes)
    if (N.find(Text) != std::string::npos)
      return true;
  return false;
}

TEST(UpdateOnlyTable, MergesAndPointReadsAddressTheExistingEntities) {
  Workload W;
  const DesignResult D = replayInventory("100000", W);
  EXPECT_EQ(W.Families[0].ExistingCount, 100000u);
  EXPECT_EQ(W.Families[0].ExistingWeight, 1u);
  const OpResult &Reserve = op(D, "reserve");
  const OpResult &Stock = op(D, "stock");
  // 200/s for 20 s, every one on a stored row: no 404.
  EXPECT_GT(Reserve.Issued, 3500u);
  EXPECT_LT(Reserve.Issued, 4500u);
  EXPECT_EQ(Reserve.Completed, Reserve.Issued);
  EXPECT_EQ(D.ClientErrors, 0u);
  // Each point read finds its row.
  EXPECT_GT(Stock.Completed, 5000u);
  EXPECT_EQ(Stock.Returned, Stock.Completed);
  EXPECT_FALSE(hasNote(D, "did not run"));
}

// Held as a sample (1M rows among 12M possible keys, each sampled row
// standing for 4 in scans), the stock rows are still what the run's merges
// and point reads address, each as the one row of its key.
TEST(UpdateOnlyTable, ASampledTableIsAddressedEntityByEntity) {
  Workload W;
  const DesignResult D = replayInventory("1M", W, "1M");
  EXPECT_EQ(W.Families[0].ExistingCount, 250000u);
  EXPECT_EQ(W.Families[0].ExistingWeight, 4u);
  const OpResult &Reserve = op(D, "reserve");
  EXPECT_GT(Reserve.Issued, 3500u);
  EXPECT_EQ(Reserve.Completed, Reserve.Issued);
  EXPECT_EQ(D.ClientErrors, 0u);
  EXPECT_EQ(D.EntitiesWritten, Reserve.Completed);
  const OpResult &Stock = op(D, "stock");
  EXPECT_GT(Stock.Completed, 5000u);
  EXPECT_EQ(Stock.Returned, Stock.Completed);
  EXPECT_EQ(Stock.Scanned, Stock.Returned);
  EXPECT_FALSE(hasNote(D, "did not run"));
  EXPECT_TRUE(hasNote(D, "no operation of the run creates any, so its "
                         "updates, merges and point reads address the "
                         "sample's entities, each as the one entity of its "
                         "key"));
}

// Where the run also deletes, a sampled row is not addressed (deleting it
// would take the 4 it stands for out of every scan), and the report says
// what did not run instead of showing a silent 0/0.
TEST(UpdateOnlyTable, ASampledTableWithDeletesSaysItsMergesDoNotRun) {
  std::string Yaml = inventory("1M", "1M");
  const std::string Reserve = "      - {name: reserve, op: merge";
  Yaml.insert(Yaml.find(Reserve),
              "      - {name: discontinue, op: delete, rate: 1/s}\n");
  Workload W;
  const DesignResult D = replayYaml(Yaml, W);
  EXPECT_EQ(W.Families[0].ExistingWeight, 4u);
  EXPECT_EQ(op(D, "reserve").Issued, 0u);
  EXPECT_TRUE(hasNote(D, "'reserve' (merge): "));
  EXPECT_TRUE(hasNote(D, " executions did not run: no entity of table "
                         "'Inventory' to address when they arrived (its "
                         "existing entities are a sample, which the run does "
                         "not address, none written before them)"));
  EXPECT_TRUE(hasNote(D, "none creates any: its updates, merges and deletes "
                         "do not run"));
  // A point read of a random key finds a row one time in 12 (1M of 12M
  // keys): the sample holds one in 48 and the rest is found with the
  // share of keys the table holds.
  const OpResult &Stock = op(D, "stock");
  const double PerRead = static_cast<double>(Stock.Returned) /
                         static_cast<double>(Stock.Completed);
  EXPECT_GT(PerRead, 1.0 / 12 * 0.75);
  EXPECT_LT(PerRead, 1.0 / 12 * 1.25);
}

// One balance per account, every account's there (5M of 5M keys), read by
// point reads whose accounts are zipf-skewed. The sample holds the hot
// accounts nearly always (it is drawn like the writes), and counting a hit
// as the 20 entities each sampled one stands for made a read return 13 on
// average and a design that serves 1,500 entities/s throttle its account.
TEST(UpdateOnlyTable, APointReadOfASampledTableFindsOneEntityWhereAllKeysExist) {
  const std::string Yaml =
      "version: 1\n"
      "accounts: [{name: a, region: westeurope}]\n"
      "tables:\n"
      "  - name: Balances\n"
      "    account: a\n"
      "    partitionKey: \"{accountId}\"\n"
      "    rowKey: \"balance\"\n"
      "    entities: 5M\n"
      "    properties:\n"
      "      accountId: {type: string, distinct: 5M, distribution: "
      "zipf(0.99)}\n"
      "      available: {type: int64}\n"
      "    writes:\n"
      "      - {name: apply, op: merge, rate: 50/s, properties: "
      "[available]}\n"
      "    queries:\n"
      "      - {name: balance, filter: \"PartitionKey eq '{accountId}' and "
      "RowKey eq 'balance'\", rate: 1500/s}\n";
  Workload W;
  const DesignResult D = replayYaml(Yaml, W);
  ASSERT_EQ(W.Families[0].ExistingWeight, 20u);
  const OpResult &Balance = op(D, "balance");
  ASSERT_GT(Balance.Completed, 25000u);
  EXPECT_EQ(Balance.Completed, Balance.Issued);
  // Every read finds its balance, and no more than it.
  EXPECT_EQ(Balance.Returned, Balance.Completed);
  EXPECT_EQ(Balance.Scanned, Balance.Returned);
  EXPECT_EQ(D.Throttled, 0u);
}

} // namespace
} // namespace tablelint::replay
