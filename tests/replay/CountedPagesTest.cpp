// Pages costed from entity counts (replay/LoadCounts.h,
// ServiceModel::CountedPages) against pages that walk the stored rows: the
// counts themselves, and the figures of every test schema replayed both
// ways.
#include "ReplayFixtures.h"

#include "core/schema/SchemaLoader.h"
#include "replay/LoadCounts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace tablelint::replay {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> keysFrom(LoadCounts &C, std::string_view From) {
  std::vector<std::string> Keys;
  C.forEachFrom(From, [&](std::string_view K, const PartitionCount &N) {
    Keys.push_back(std::string(K) + "=" + std::to_string(N.Entities));
    return true;
  });
  return Keys;
}

TEST(LoadCounts, CountsPerKeyInKeyOrder) {
  LoadCounts C;
  C.change("b", 3, 7, 4);
  C.change("a", 1);
  C.change("b", -1);
  EXPECT_EQ(C.entities("b"), 2u);
  EXPECT_EQ(C.entities("zz"), 0u);
  EXPECT_EQ(keysFrom(C, ""), (std::vector<std::string>{"a=1", "b=2"}));
  // Keys added after the first walk are merged into the order.
  C.change("ab", 5);
  C.change("0", 1);
  EXPECT_EQ(keysFrom(C, "a"),
            (std::vector<std::string>{"a=1", "ab=5", "b=2"}));
  // An emptied key is passed over; a count never goes below zero.
  C.change("ab", -9);
  EXPECT_EQ(keysFrom(C, "a"), (std::vector<std::string>{"a=1", "b=2"}));
  EXPECT_EQ(C.total(), 4u);
  // The example entity is the last one written.
  C.forEachFrom("b", [](std::string_view, const PartitionCount &N) {
    EXPECT_EQ(N.Example, 7u);
    EXPECT_EQ(N.ExampleKeyChars, 4u);
    return false;
  });
}

// Schema replayed alone for Seconds with pages counted, then walked.
void replayBothWays(const schema::Schema &S, double Seconds,
                    test::Replay &Counted, test::Replay &Walked) {
  WorkloadOptions WO;
  WO.DurationSeconds = Seconds;
  ReplayOptions Rows;
  Rows.Service.CountedPages = false;
  test::runReplay(Counted, {&S}, WO);
  test::runReplay(Walked, {&S}, WO, Rows);
}

// Keys added between walks, in no order, thousands of them: every walk
// visits them in key order (the recent ones merged in as they come).
TEST(LoadCounts, ManyKeysAddedBetweenWalksStayInOrder) {
  LoadCounts C;
  std::map<std::string, std::uint64_t> Expected;
  std::uint64_t Seed = 7;
  for (int Round = 0; Round < 40; ++Round) {
    for (int I = 0; I < 50 + Round * 10; ++I) {
      Seed = Seed * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::string Key = "k" + std::to_string(Seed >> 44);
      C.change(Key, 1);
      ++Expected[Key];
    }
    const std::string From = "k" + std::to_string(Round * 20000);
    std::vector<std::string> Want;
    for (auto It = Expected.lower_bound(From); It != Expected.end(); ++It)
      Want.push_back(It->first + "=" + std::to_string(It->second));
    ASSERT_EQ(keysFrom(C, From), Want) << Round;
  }
}

// Keys added one or a few at a time between walks, as an index keyed by a
// unique value gains them: each is put in its place (blocks filling and
// splitting), keys before the first and after the last included, and
// every walk still visits them in key order from wherever it starts.
TEST(LoadCounts, KeysAddedOneByOneBetweenWalksStayInOrder) {
  LoadCounts C;
  std::map<std::string, std::uint64_t> Expected;
  std::uint64_t Seed = 11;
  auto Next = [&Seed] {
    Seed = Seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return Seed >> 33;
  };
  auto Add = [&](const std::string &Key) {
    C.change(Key, 1);
    ++Expected[Key];
  };
  for (int I = 0; I < 2000; ++I)
    Add("m" + std::to_string(Next() % 100000));
  auto FirstFrom = [&](const std::string &From, std::size_t N) {
    std::vector<std::string> Want;
    for (auto It = Expected.lower_bound(From);
         It != Expected.end() && Want.size() < N; ++It)
      Want.push_back(It->first + "=" + std::to_string(It->second));
    std::vector<std::string> Got;
    C.forEachFrom(From, [&](std::string_view K, const PartitionCount &E) {
      Got.push_back(std::string(K) + "=" + std::to_string(E.Entities));
      return Got.size() < N;
    });
    return std::make_pair(Got, Want);
  };
  for (int Step = 0; Step < 30000; ++Step) {
    const std::uint64_t R = Next();
    // Mostly new keys among the others, some before all and after all.
    const char Lead = R % 50 == 0 ? 'a' : (R % 50 == 1 ? 'z' : 'm');
    Add(std::string(1, Lead) + std::to_string(Next() % 1000000));
    if (Step % 7 != 0)
      continue;
    const std::string From = "m" + std::to_string(Next() % 1000000);
    const auto [Got, Want] = FirstFrom(From, 40);
    ASSERT_EQ(Got, Want) << "step " << Step << " from " << From;
  }
  EXPECT_EQ(keysFrom(C, ""), FirstFrom("", Expected.size()).second);
  EXPECT_EQ(keysFrom(C, "zz"), std::vector<std::string>{});
  EXPECT_EQ(C.keys(), Expected.size());
}

// One partition growing to 90,000 entities (new RowKeys at its end, as
// time-ordered keys are), read whole once a minute at 1,000 a page.
const char *const BigPartitionYaml = R"(version: 1
accounts: [{name: main, region: westeurope}]
tables:
  - name: Events
    account: main
    partitionKey: "{tenant}"
    rowKey: "{at:ticks}"
    properties:
      tenant: {type: string, values: [acme]}
      at: {type: datetime, grows: true}
      body: {type: string, bytes: 200}
    writes:
      - {name: add, op: insert, rate: 1000/s}
    queries:
      - {name: all-events, filter: "PartitionKey eq 'acme'", rate: 1/min}
)";

TEST(CountedPages, AWholePartitionIsPagedAsItsRowsAre) {
  const schema::SchemaLoad S =
      schema::loadSchemaText(BigPartitionYaml, "big.yaml");
  ASSERT_TRUE(S.ok());
  test::Replay Counted, Walked;
  replayBothWays(S.Value, 90, Counted, Walked);
  const DesignResult &C = Counted.Results[0], &R = Walked.Results[0];
  EXPECT_GT(C.CountedPages, 50u);
  EXPECT_EQ(C.CountedPages, C.QueryPages);
  EXPECT_EQ(R.CountedPages, 0u);
  EXPECT_GT(C.EntitiesScanned, 30000u);
  EXPECT_EQ(C.EntitiesScanned, R.EntitiesScanned);
  EXPECT_EQ(C.EntitiesReturned, R.EntitiesReturned);
  EXPECT_EQ(C.QueryPages, R.QueryPages);
  EXPECT_EQ(C.Throttled, R.Throttled);
  // Every entity has the same size: the bytes are exact too.
  EXPECT_EQ(C.ResponseBytes, R.ResponseBytes);
}

// The same partition keyed by a GUID: the inserts land before and after
// a scan's position. The walk goes on after the last key it read and
// misses those before it; the count goes on after the number it read, and
// reads its share of them (docs/replay.md, "Pages from counts").
TEST(CountedPages, RandomKeysWrittenUnderAScanAreReadByTheCount) {
  std::string Yaml = BigPartitionYaml;
  auto Replace = [&Yaml](const std::string &From, const std::string &To) {
    Yaml.replace(Yaml.find(From), From.size(), To);
  };
  Replace("{at:ticks}", "{eventId}");
  Replace("at: {type: datetime, grows: true}", "eventId: {type: guid}");
  const schema::SchemaLoad S = schema::loadSchemaText(Yaml, "guid.yaml");
  ASSERT_TRUE(S.ok()) << S.Errors.front().str();
  test::Replay Counted, Walked;
  replayBothWays(S.Value, 90, Counted, Walked);
  const DesignResult &C = Counted.Results[0], &R = Walked.Results[0];
  EXPECT_EQ(C.CountedPages, C.QueryPages);
  EXPECT_GT(C.EntitiesScanned, R.EntitiesScanned);
  EXPECT_LT(C.EntitiesScanned, R.EntitiesScanned * 1.05);
  EXPECT_EQ(C.Completed, R.Completed);
  EXPECT_EQ(C.Failed, R.Failed);
}

// A filter on a property other than PartitionKey is read row by row.
TEST(CountedPages, AFilterOnOtherPropertiesReadsRows) {
  std::string Yaml = BigPartitionYaml;
  Yaml.replace(Yaml.find("PartitionKey eq 'acme'"),
               std::string("PartitionKey eq 'acme'").size(),
               "PartitionKey eq 'acme' and body ne 'x'");
  const schema::SchemaLoad S = schema::loadSchemaText(Yaml, "big.yaml");
  ASSERT_TRUE(S.ok());
  WorkloadOptions WO;
  WO.DurationSeconds = 90;
  test::Replay R;
  test::runReplay(R, {&S.Value}, WO);
  EXPECT_GT(R.Results[0].QueryPages, 50u);
  EXPECT_EQ(R.Results[0].CountedPages, 0u);
}

// Every schema the replay, pattern, design and suggest tests use, replayed
// alone for a simulated minute with pages counted and with pages walked.
std::vector<fs::path> testSchemas() {
  std::vector<fs::path> Files;
  const fs::path Root = fs::path(TABLELINT_SOURCE_DIR) / "test-inputs/schemas";
  for (const char *Dir : {"replay", "patterns", "designs", "suggest"})
    for (const fs::directory_entry &E : fs::directory_iterator(Root / Dir))
      if (E.is_regular_file() && E.path().extension() == ".yaml")
        Files.push_back(E.path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

// Counted and walked pages may differ where the rows a count stands for
// are not all alike or change under a scan:
// - response bytes: a counted page sizes each partition's entities as its
//   last written one (exact where a table's entities have one size);
// - a scan paging through a partition while it is written continues after
//   the count of entities it read, where the walk continues after the last
//   row key it read: an insert before that key moves the counted scan's
//   next page one entity back.
// Everything else is counted exactly as the rows are.
constexpr double BytesTolerance = 0.05;
constexpr double ScanTolerance = 0.01;

void expectNear(std::uint64_t Counted, std::uint64_t Walked, double Tolerance,
                const std::string &What) {
  const double Allowed =
      Tolerance * static_cast<double>(std::max(Counted, Walked));
  EXPECT_LE(std::fabs(static_cast<double>(Counted) -
                      static_cast<double>(Walked)),
            std::max(Allowed, 1.0))
      << What << ": counted " << Counted << ", walked " << Walked;
}

// A table scan filtered on a property with declared values and weights
// (replay/DeclaredShare.h): 50 tenants, a tenth of the entities failing,
// written slowly enough that no budget throttles the scans.
const char *const StatusScanYaml = R"(version: 1
accounts: [{name: main, region: westeurope}]
tables:
  - name: Events
    account: main
    partitionKey: "{tenant}"
    rowKey: "{at:ticks}"
    properties:
      tenant: {type: string, distinct: 50}
      at: {type: datetime, grows: true}
      status: {type: string, values: [ok, fail], weights: [0.9, 0.1]}
      body: {type: string, bytes: 200}
    writes:
      - {name: add, op: insert, rate: 100/s}
    queries:
      - {name: failing, filter: "status eq 'fail'", rate: 6/min}
)";

schema::SchemaLoad statusScan(const std::string &Filter,
                              const std::string &When = "") {
  std::string Yaml = StatusScanYaml;
  Yaml.replace(Yaml.find("status eq 'fail'"),
               std::string("status eq 'fail'").size(), Filter);
  if (!When.empty())
    Yaml.replace(Yaml.find("rate: 100/s}"), std::string("rate: 100/s}").size(),
                 "rate: 100/s, when: \"" + When + "\"}");
  return schema::loadSchemaText(Yaml, "status.yaml");
}

// Its pages are counted: each partition's entities scanned, and of them
// the declared share returned, where the walk evaluates each row's drawn
// value. The two agree within the draws' spread.
TEST(CountedPages, AFilterOnDeclaredValuesIsCountedAtItsShare) {
  for (const char *Filter : {"status eq 'fail'", "status ne 'ok'",
                             "PartitionKey lt 'tenant-2' and status eq 'fail'"}) {
    const schema::SchemaLoad S = statusScan(Filter);
    ASSERT_TRUE(S.ok()) << S.Errors.front().str();
    test::Replay Counted, Walked;
    replayBothWays(S.Value, 150, Counted, Walked);
    const DesignResult &C = Counted.Results[0], &R = Walked.Results[0];
    EXPECT_GT(C.EntitiesScanned, 5000u) << Filter;
    EXPECT_GT(C.CountedPages, 0u) << Filter;
    EXPECT_EQ(C.CountedPages, C.QueryPages) << Filter;
    EXPECT_EQ(R.CountedPages, 0u) << Filter;
    EXPECT_EQ(C.Completed, R.Completed) << Filter;
    EXPECT_EQ(C.Failed, R.Failed) << Filter;
    // A page that returns 1,000 ends early where the draws hold more than
    // the share: the walk may take a page more or less.
    expectNear(C.QueryPages, R.QueryPages, 0.1,
               std::string(Filter) + ": pages");
    expectNear(C.EntitiesScanned, R.EntitiesScanned, ScanTolerance,
               std::string(Filter) + ": scanned");
    // A tenth of what was scanned (less the fraction of an entity each
    // execution leaves), within four standard deviations of the walk's
    // draws.
    const double Scanned = static_cast<double>(C.EntitiesScanned);
    EXPECT_LE(static_cast<double>(C.EntitiesReturned), 0.1 * Scanned + 1e-6)
        << Filter;
    EXPECT_GE(static_cast<double>(C.EntitiesReturned + C.QueryPages),
              0.1 * Scanned)
        << Filter;
    EXPECT_NEAR(static_cast<double>(C.EntitiesReturned),
                static_cast<double>(R.EntitiesReturned),
                4 * std::sqrt(Scanned * 0.1 * 0.9) + 0.01 * Scanned)
        << Filter;
  }
}

// Where the declared share is not what the table holds, or a condition is
// not on declared values, or the read stays in one partition, the rows
// are read: a table filled only with failing entities (`when`), a RowKey
// condition, a property without a value list, one tenant's partition.
TEST(CountedPages, FiltersTheSharesDoNotDescribeReadRows) {
  struct Case {
    const char *Filter, *When;
  } Cases[] = {{"status eq 'fail'", "status eq 'fail'"},
               {"status eq 'fail' and RowKey ge '0'", ""},
               {"body ne 'x'", ""},
               {"status eq 'fail' and body ne 'x'", ""},
               {"status gt 'ok'", ""},
               {"PartitionKey eq 'tenant-1' and status eq 'fail'", ""}};
  for (const Case &K : Cases) {
    const schema::SchemaLoad S = statusScan(K.Filter, K.When);
    ASSERT_TRUE(S.ok()) << S.Errors.front().str();
    WorkloadOptions WO;
    WO.DurationSeconds = 150;
    test::Replay R;
    test::runReplay(R, {&S.Value}, WO);
    EXPECT_GT(R.Results[0].QueryPages, 0u) << K.Filter;
    EXPECT_EQ(R.Results[0].CountedPages, 0u) << K.Filter;
  }
}

// The inputs whose queries read by PartitionKey alone, in tables without a
// sampled warm start: their pages are counted, so the comparison below is
// not between two walks there. (The patterns' and designs' keyed reads are
// of sampled warm tables, whose pages walk the sample's rows.)
const char *const CountedInputs[] = {
    "replay/established",
    "replay/fan-out-4096",
    "replay/feed-fan-out-batched-per-follower",
    "replay/feed-fan-out-one-by-one",
    "replay/order-lines",
    "replay/order-updates",
    "replay/suggested",
    "replay/table-instances",
    "suggest/shop"};

bool countedInput(const fs::path &File) {
  const std::string Name =
      File.parent_path().filename().string() + "/" + File.stem().string();
  return std::find(std::begin(CountedInputs), std::end(CountedInputs),
                   Name) != std::end(CountedInputs);
}

class TestSchema : public testing::TestWithParam<fs::path> {};

TEST_P(TestSchema, CountedPagesGiveTheFiguresOfItsRows) {
  const schema::SchemaLoad S = schema::loadSchemaFile(GetParam().string());
  if (!S.ok())
    GTEST_SKIP() << "does not load: " << S.Errors.front().str();
  // 4,096 reads per execution of its fan-out query: a few seconds are
  // tens of thousands of counted pages, and fit the test's time.
  const bool FanOut = GetParam().stem() == "fan-out-4096";
  test::Replay Counted, Walked;
  replayBothWays(S.Value, FanOut ? 5 : 30, Counted, Walked);
  const DesignResult &C = Counted.Results[0], &R = Walked.Results[0];
  EXPECT_EQ(R.CountedPages, 0u);
  EXPECT_EQ(C.CountedPages > 0, countedInput(GetParam())) << C.CountedPages;
  EXPECT_EQ(C.Completed, R.Completed);
  EXPECT_EQ(C.Failed, R.Failed);
  EXPECT_EQ(C.Throttled, R.Throttled);
  EXPECT_EQ(C.BillableTransactions, R.BillableTransactions);
  EXPECT_EQ(C.QueryPages, R.QueryPages);
  expectNear(C.EntitiesScanned, R.EntitiesScanned, ScanTolerance, "scanned");
  expectNear(C.EntitiesReturned, R.EntitiesReturned, ScanTolerance,
             "returned");
  expectNear(C.ResponseBytes, R.ResponseBytes, BytesTolerance,
             "response bytes");
  EXPECT_DOUBLE_EQ(C.Cost, R.Cost);
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, TestSchema, testing::ValuesIn(testSchemas()),
    [](const testing::TestParamInfo<fs::path> &Info) {
      std::string Name = Info.param.parent_path().filename().string() + "_" +
                         Info.param.stem().string();
      for (char &Ch : Name)
        if (!std::isalnum(static_cast<unsigned char>(Ch)))
          Ch = '_';
      return Name;
    });

} // namespace
} // namespace tablelint::replay
