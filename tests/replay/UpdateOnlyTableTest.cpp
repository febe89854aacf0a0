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

#include <set>

namespace tablelint::replay {
namespace {

using test::op;

// Stock per warehouse and SKU, reserved (merged) at 200/s and read by
// point reads at 300/s; Entities existing stock rows; Warehouse the
// declaration of the warehouse property.
std::string
inventory(const std::string &Entities, const std::string &Skus = "10000",
          const std::string &Warehouse = "{type: string, distinct: 12}") {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: Inventory\n"
         "    account: a\n"
         "    partitionKey: \"{warehouse}\"\n"
         "    rowKey: \"{sku}\"\n"
         "    properties:\n"
         "      warehouse: " +
         Warehouse +
         "\n"
         "      sku: {type: string, distinct: " +
         Skus +
         "}\n"
         "      onHand: {type: int32}\n"
         "    entities: " +
         Entities +
         "\n"
         "    writes:\n"
         "      - {name: reserve, op: merge, rate: 200/s, properties: "
         "[onHand]}\n"
         "    queries:\n"
         "      - {name: stock, filter: \"PartitionKey eq '{warehouse}' and "
         "RowKey eq '{sku}'\", rate: 300/s}\n";
}

// The current design of Yaml replayed for 20 s, holding at most
// MaxExisting existing entities per table.
DesignResult replayYaml(const std::string &Yaml, Workload &W,
                        std::uint64_t MaxExisting =
                            WorkloadOptions().MaxExistingEntities) {
  const schema::SchemaLoad L = schema::loadSchemaText(Yaml, "design.yaml");
  EXPECT_TRUE(L.ok()) << (L.Errors.empty() ? "" : L.Errors.front().str());
  std::vector<InputError> Errors;
  W = buildWorkloadModel(L.Value, Errors);
  WorkloadOptions O;
  O.DurationSeconds = 20;
  O.MaxExistingEntities = MaxExisting;
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

// An index table whose only insert is its table's write, mirrored: the
// note says where its writes come from instead of that nothing creates
// its entities (the run writes thousands into it).
// Stock of every SKU in each of four warehouses (1M keys, all held), the
// first warehouse weighted to 55% of the operations, held as a sample of
// 250,000 rows standing for 4 each. The real table has 250,000 rows in
// every warehouse whatever its share of the traffic, so the sample is
// spread evenly over the warehouses; and the merges and point reads, which
// address the sample's rows, keep the declared 55% on the hot warehouse.
// Before, the sample was drawn by the weights (55% of its rows in the hot
// warehouse) and the reads by key found the hot warehouse's rows more
// often: about 80% of the operations landed there, so a design under its
// partition target was throttled in the replay and not in lint.
TEST(UpdateOnlyTable, ASampleOfAFullTableKeepsTheDeclaredSkewOfItsKeys) {
  const std::string Yaml =
      inventory("1M", "250000",
                "{type: string, values: [w1, w2, w3, w4], weights: [0.55, "
                "0.15, 0.15, 0.15]}");
  Workload W;
  const DesignResult D = replayYaml(Yaml, W);
  const EntityFamily &F = W.Families[0];
  ASSERT_EQ(F.ExistingCount, 250000u);
  ASSERT_EQ(F.ExistingWeight, 4u);
  ASSERT_TRUE(F.SampleAddressed);
  const int Warehouse = F.propertyIndex("warehouse");
  ASSERT_GE(Warehouse, 0);
  const auto P = static_cast<std::uint32_t>(Warehouse);
  const std::uint64_t Hot = F.Properties[P].ListCodes.at(0);
  std::uint64_t HotRows = 0;
  for (std::uint32_t E = F.FirstExisting; E < F.FirstExisting + F.ExistingCount;
       ++E)
    HotRows += W.code(E, P) == Hot;
  EXPECT_NEAR(static_cast<double>(HotRows) / F.ExistingCount, 0.25, 0.01);
  std::uint64_t Events = 0, HotEvents = 0;
  for (const WorkloadEvent &Ev : W.Events) {
    ++Events;
    HotEvents += W.code(Ev.Entity, P) == Hot;
  }
  ASSERT_GT(Events, 9000u);
  EXPECT_NEAR(static_cast<double>(HotEvents) / Events, 0.55, 0.02);
  // Every one of them still addresses a row that is there.
  EXPECT_EQ(op(D, "reserve").Completed, op(D, "reserve").Issued);
  EXPECT_EQ(op(D, "stock").Returned, op(D, "stock").Completed);
  EXPECT_EQ(D.ClientErrors, 0u);
}

TEST(UpdateOnlyTable, AMirroredIndexSaysWhereItsInsertsComeFrom) {
  Workload W;
  const DesignResult D = replayYaml(
      "version: 1\n"
      "accounts: [{name: pay}]\n"
      "tables:\n"
      "  - name: Entries\n"
      "    account: pay\n"
      "    partitionKey: \"{accountId}\"\n"
      "    rowKey: \"{entryId}\"\n"
      "    properties:\n"
      "      accountId: {type: string, distinct: 1000}\n"
      "      entryId: {type: guid}\n"
      "    writes:\n"
      "      - {name: post-entry, op: insert, rate: 100/s}\n"
      "    retention: 30d\n"
      "  - name: EntriesById\n"
      "    account: pay\n"
      "    partitionKey: \"{entryId}\"\n"
      "    rowKey: \"e\"\n"
      "    properties:\n"
      "      entryId: {type: guid}\n"
      "      accountId: {type: string, distinct: 1000}\n"
      "    writes:\n"
      "      - {name: post-entry, op: insert, rate: 100/s}\n"
      "    queries:\n"
      "      - {name: by-id, filter: \"PartitionKey eq '{entryId}' and "
      "RowKey eq 'e'\", rate: 10/s}\n"
      "    retention: 30d\n",
      W);
  EXPECT_GT(D.EntitiesWritten, 2 * op(D, "post-entry").Completed - 1);
  EXPECT_TRUE(hasNote(D, "table 'EntriesById' holds about 259200000 "
                         "entities"));
  EXPECT_TRUE(hasNote(D, "the run's inserts into it ('post-entry') are "
                         "another table's writes mirrored here, whose "
                         "entities its own operations do not pick, so its "
                         "updates, merges and point reads address the "
                         "sample's entities"));
  EXPECT_FALSE(hasNote(D, "no operation of the run creates any"));
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
                         "not address, none written at least 2 s before them)"));
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

// Player profiles keyed by player id (Ids of them, Entities existing);
// sign-ups insert a profile at 200/s.
std::string players(const std::string &Entities, const std::string &Ids) {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: Players\n"
         "    account: a\n"
         "    partitionKey: \"{playerId}\"\n"
         "    rowKey: \"profile\"\n"
         "    entities: " + Entities + "\n"
         "    properties:\n"
         "      playerId: {type: guid, " + Ids + "}\n"
         "      nickname: {type: string, bytes: 16}\n"
         "    writes:\n"
         "      - {name: create-profile, op: insert, rate: 200/s}\n"
         "    queries:\n"
         "      - {name: profile, filter: \"PartitionKey eq '{playerId}' and "
         "RowKey eq 'profile'\", rate: 100/s}\n";
}

// A table holding every player id it can (3,000 of 3,000 held whole; 3
// million, 1 in 12 held as a sample): a sign-up brings a new player id
// instead of failing with 409 in a share set by how many existing
// entities the replay holds (all of them held: every insert; a sample:
// 1 in 12). The new players are read like the others. A table with ids to
// spare (a third held) draws them as declared, and some inserts meet a
// player it holds; so does a key made of value lists only.
TEST(UpdateOnlyTable, AnInsertBringsANewKeyIntoAFixedKeySpace) {
  for (const auto &[Entities, Ids] :
       {std::pair<std::string, std::string>{"3000", "distinct: 3000"},
        {"3M", "distinct: 3M"}}) {
    SCOPED_TRACE(Entities);
    Workload W;
    const DesignResult D = replayYaml(players(Entities, Ids), W);
    const OpResult &Create = op(D, "create-profile");
    ASSERT_GT(Create.Issued, 3000u);
    EXPECT_EQ(Create.Failed, 0u);
    EXPECT_EQ(D.ClientErrors, 0u);
    const OpResult &Profile = op(D, "profile");
    EXPECT_EQ(Profile.Returned, Profile.Completed);
    const EntityFamily &F = W.Families[0];
    const int Id = F.propertyIndex("playerId");
    const std::uint64_t Count = Entities == "3000" ? 3000 : 3000000;
    std::set<std::uint64_t> Existing;
    for (std::uint32_t E = F.FirstExisting;
         E < F.FirstExisting + F.ExistingCount; ++E)
      Existing.insert(W.code(E, Id));
    std::set<std::uint64_t> New;
    for (const WorkloadEvent &Ev : W.Events)
      if (Ev.Op == static_cast<std::uint32_t>(W.opIndex("create-profile"))) {
        EXPECT_EQ(Existing.count(W.code(Ev.Entity, Id)), 0u);
        New.insert(W.code(Ev.Entity, Id));
      }
    EXPECT_EQ(New.size(), Create.Issued);
    EXPECT_EQ(*New.begin(), Count);
  }
  {
    Workload W;
    const DesignResult Spare = replayYaml(players("1M", "distinct: 3M"), W);
    const OpResult &Create = op(Spare, "create-profile");
    EXPECT_GT(Create.Failed, 0u);
    EXPECT_LT(Create.Failed, Create.Issued / 2);
  }
  const std::string Listed =
      "version: 1\n"
      "accounts: [{name: a, region: westeurope}]\n"
      "tables:\n"
      "  - name: Flags\n"
      "    account: a\n"
      "    partitionKey: \"{region}\"\n"
      "    rowKey: \"{flag}\"\n"
      "    properties:\n"
      "      region: {type: string, values: [eu, us]}\n"
      "      flag: {type: string, values: [beta, dark]}\n"
      "    writes:\n"
      "      - {name: set-flag, op: insert, rate: 10/s}\n";
  Workload W;
  const DesignResult D = replayYaml(Listed, W);
  const OpResult &Set = op(D, "set-flag");
  EXPECT_EQ(Set.Failed, Set.Issued - 4);
}

// A ledger: one balance per account (Accounts accounts, Balances of them
// with a balance) and the entries posted to it, each entry inserted with a
// merge of its account's balance in one transaction under the account's
// key (200/s); Scan: also a scan of every balance once a second.
std::string ledger(const std::string &Accounts, const std::string &Balances,
                   const std::string &Distribution, bool Scan) {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: Ledger\n"
         "    account: a\n"
         "    partitionKey: \"{accountId}\"\n"
         "    properties:\n"
         "      accountId: {type: string, distinct: " + Accounts +
         ", distribution: " + Distribution + "}\n"
         "    entityTypes:\n"
         "      - name: balance\n"
         "        rowKey: \"balance\"\n"
         "        entities: " + Balances + "\n"
         "        properties:\n"
         "          available: {type: int64}\n"
         "      - name: entry\n"
         "        rowKey: \"e_{txnId}\"\n"
         "        properties:\n"
         "          txnId: {type: guid}\n"
         "          amount: {type: int64}\n"
         "    writes:\n"
         "      - {name: post-entry, entityType: entry, op: insert, rate: "
         "200/s}\n"
         "      - {name: apply-payment, entityType: balance, op: merge, "
         "rate: 200/s, properties: [available]}\n" +
         (Scan ? "    queries:\n"
                 "      - {name: all-balances, entityType: balance, filter: "
                 "\"RowKey eq 'balance'\", rate: 1/s}\n"
               : "") +
         "    transactions:\n"
         "      - {name: post-payment, writes: [post-entry, apply-payment]}\n";
}

// Every account has its balance (4,000 of 4,000), held as a sample of 1,000
// each standing for 4; the accounts are zipf-skewed, so the sample holds
// the hot ones and most cold accounts' balances are outside it. A merge
// bound to its entry's account runs wherever the real table holds the
// balance, which is every time: as often as its entry, each transaction
// one request of two entities. What it merges outside the sample is not
// stored, so a scan of every balance returns the sample's weights, no more,
// from the first execution to the last.
TEST(UpdateOnlyTable, ATransactionsMergeRunsWhereverTheRealTableHoldsItsEntity) {
  Workload W;
  const DesignResult D =
      replayYaml(ledger("4000", "4000", "zipf(0.99)", true), W, 1000);
  const EntityFamily &Balances = W.Families[0];
  ASSERT_EQ(Balances.EntityType, "balance");
  ASSERT_EQ(Balances.ExistingWeight, 4u);
  ASSERT_TRUE(Balances.SampleAddressed);
  EXPECT_DOUBLE_EQ(Balances.KeySpaceHeld, 1.0);
  const OpResult &Entry = op(D, "post-entry");
  const OpResult &Merge = op(D, "apply-payment");
  ASSERT_GT(Entry.Issued, 3500u);
  EXPECT_EQ(Entry.Completed, Entry.Issued);
  EXPECT_EQ(Merge.Issued, Entry.Issued);
  EXPECT_EQ(Merge.Completed, Entry.Completed);
  EXPECT_EQ(D.ClientErrors, 0u);
  EXPECT_EQ(D.EntitiesWritten, 2 * Entry.Completed);
  // Many of the merges are of balances outside the sample, and say so.
  const LogicalOp &MergeOp =
      W.Ops[static_cast<std::size_t>(W.opIndex("apply-payment"))];
  EXPECT_GT(MergeOp.FoundOutsideSample, Entry.Issued / 10);
  EXPECT_EQ(MergeOp.MissingOutsideSample, 0u);
  EXPECT_FALSE(hasNote(D, "did not run"));
  EXPECT_TRUE(hasNote(
      D, "'apply-payment' (merge): " +
             std::to_string(MergeOp.FoundOutsideSample) + " of its " +
             std::to_string(Merge.Issued) +
             " executions addressed a key of table 'Ledger' (entity type "
             "'balance') its sample holds nothing under (the transaction's "
             "key); the real table holds an entity there with chance "
             "100.0%"));
  EXPECT_TRUE(hasNote(D, "a transaction's update, merge or delete under a key "
                         "the sample holds nothing under addresses the entity "
                         "the real table holds there"));
  // One billable request per transaction, plus the scans' pages (a
  // throttled request, retried, is not billed).
  const OpResult &Scan = op(D, "all-balances");
  ASSERT_GT(Scan.Completed, 10u);
  EXPECT_EQ(D.BillableTransactions, Entry.Completed + Scan.Pages);
  EXPECT_EQ(D.Requests, D.BillableTransactions + D.Throttled);
  // Each scan returns what the sample stands for: its distinct keys
  // (draws of a hot account share one row) times 4, every time.
  std::set<std::uint64_t> Keys;
  for (std::uint32_t E = Balances.FirstExisting;
       E < Balances.FirstExisting + Balances.ExistingCount; ++E)
    Keys.insert(W.code(E, 0));
  EXPECT_EQ(Scan.Returned, Scan.Completed * Keys.size() * 4);
}

// Half of the accounts have a balance (4,000 of 8,000 keys; uniform): a
// merge under a key the sample does not hold finds one with chance
// 0.5 (1 - 1/4) / (1 - 0.5 / 4) = 3/7, and with the sample's own share that
// makes half of the merges find their balance, as on the service. The
// others are answered 404 there, failing their transactions: the entry
// posted with the merge fails with it.
TEST(UpdateOnlyTable, ATransactionsMergeFailsItsTransactionWhereTheTableHasNoEntity) {
  Workload W;
  const DesignResult D =
      replayYaml(ledger("8000", "4000", "uniform", false), W, 1000);
  const EntityFamily &Balances = W.Families[0];
  ASSERT_EQ(Balances.ExistingWeight, 4u);
  EXPECT_DOUBLE_EQ(Balances.KeySpaceHeld, 0.5);
  const OpResult &Entry = op(D, "post-entry");
  const OpResult &Merge = op(D, "apply-payment");
  ASSERT_GT(Merge.Issued, 3500u);
  EXPECT_EQ(Merge.Issued, Entry.Issued);
  const double Share = static_cast<double>(Merge.Completed) /
                       static_cast<double>(Merge.Issued);
  EXPECT_GT(Share, 0.45);
  EXPECT_LT(Share, 0.55);
  // All or nothing: each failed merge failed its entry, in one 404.
  EXPECT_EQ(Entry.Completed, Merge.Completed);
  EXPECT_EQ(Entry.Failed, Merge.Failed);
  EXPECT_EQ(Merge.Completed + Merge.Failed, Merge.Issued);
  EXPECT_EQ(D.ClientErrors, Merge.Failed);
  EXPECT_EQ(D.EntitiesWritten, 2 * Merge.Completed);
  const LogicalOp &MergeOp =
      W.Ops[static_cast<std::size_t>(W.opIndex("apply-payment"))];
  EXPECT_EQ(Merge.Failed, MergeOp.MissingOutsideSample);
  EXPECT_TRUE(hasNote(D, "the real table holds an entity there with chance "
                         "42.9% (it holds 50.0% of the keys its templates "
                         "form"));
  EXPECT_TRUE(hasNote(D, std::to_string(MergeOp.MissingOutsideSample) +
                             " found none, and the service answers 404 to "
                             "such a transaction: its other writes failed "
                             "with it"));
}

// A table no write names at all: the season read from a one-row config
// table on every request, 2,500 reads/s of one key. Its one declared
// entity is stored where its query reads it, so each read returns it and
// the key is over its 2,000/s (before, the table started empty, every read
// returned nothing, and nothing was throttled). The table is only read in
// both designs: the suggested one keeps it in another table.
TEST(UpdateOnlyTable, ATableOnlyReadHoldsItsEntitiesWhereItsQueriesReadThem) {
  const std::string Yaml =
      "version: 1\n"
      "accounts: [{name: game, region: westeurope}]\n"
      "tables:\n"
      "  - name: Config\n"
      "    account: game\n"
      "    partitionKey: \"config\"\n"
      "    rowKey: \"season\"\n"
      "    entities: 1\n"
      "    properties:\n"
      "      currentSeason: {type: string, values: [s31]}\n"
      "    queries:\n"
      "      - {name: current-season, filter: \"PartitionKey eq 'config' and "
      "RowKey eq 'season'\", rate: 2500/s}\n";
  Workload W;
  const DesignResult D = replayYaml(Yaml, W);
  const OpResult &Read = op(D, "current-season");
  ASSERT_GT(Read.Completed, 30000u);
  EXPECT_EQ(Read.Returned, Read.Pages);
  EXPECT_GT(D.ThrottledBy[static_cast<std::size_t>(ThrottleCause::PartitionKey)],
            5000u);
  ASSERT_FALSE(D.MostThrottled.empty());
  EXPECT_EQ(D.MostThrottled[0].PartitionKey, "config");
}

} // namespace
} // namespace tablelint::replay
