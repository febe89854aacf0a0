// Rows split by what the replay's reads visit (replay/RowSet.h): the table
// of key hashes (replay/HashedRows.h) answers as a map does, a row set
// answers writes as one store whichever half holds a row and walks in order
// every row of the ranges reads visit, and a replay gives the same report
// and the same answer check with every row ordered.
#include "core/schema/SchemaLoader.h"
#include "replay/AnswerCheck.h"
#include "replay/HashedRows.h"
#include "replay/Random.h"
#include "replay/ReadRanges.h"
#include "replay/Report.h"
#include "replay/RowSet.h"
#include "replay/SimulatedService.h"

#include "ReplayFixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tablelint::replay {
namespace {

// A key of the shape the replay stores: bucket and site, NUL, device and
// ticks.
std::string rowOf(Rng &R, std::uint64_t Devices) {
  const std::uint64_t Device = R.below(Devices);
  return std::to_string(Device % 4) + "_site" + std::to_string(Device % 3) +
         std::string(1, '\0') + "deviceId-" + std::to_string(Device) + "_" +
         std::to_string(638000000000000000ULL + R.below(1000));
}

TEST(HashedRows, AnswersAsAMapDoesThroughGrowthAndErases) {
  // Many erases among the inserts: each leaves a hole that the entries
  // probed past it move into; a small reserved table wraps at its end.
  for (const std::size_t Reserve : {std::size_t(0), std::size_t(700)}) {
    HashedRows H;
    H.reserve(Reserve);
    std::unordered_map<std::string, std::uint32_t> M;
    Rng R(11 + Reserve);
    for (std::uint32_t Step = 0; Step < 200000; ++Step) {
      const std::string Key = rowOf(R, Reserve ? 200 : 5000);
      switch (R.below(4)) {
      case 0:
        ASSERT_EQ(H.erase(Key), M.erase(Key) == 1) << Step;
        break;
      case 1: {
        std::uint32_t Previous = 0;
        const bool Existed = H.exchange(Key, Step, Previous);
        const auto It = M.find(Key);
        ASSERT_EQ(Existed, It != M.end()) << Step;
        if (Existed)
          ASSERT_EQ(Previous, It->second);
        M[Key] = Step;
        break;
      }
      default:
        ASSERT_EQ(H.insert(Key, Step), M.emplace(Key, Step).second) << Step;
      }
      ASSERT_EQ(H.size(), M.size());
      const std::string Probe = rowOf(R, Reserve ? 200 : 5000);
      const std::uint32_t *Found = H.find(Probe);
      const auto It = M.find(Probe);
      ASSERT_EQ(Found != nullptr, It != M.end()) << Step;
      if (Found)
        ASSERT_EQ(*Found, It->second);
    }
    for (const auto &[Key, Value] : M) {
      const std::uint32_t *Found = H.find(Key);
      ASSERT_NE(Found, nullptr);
      EXPECT_EQ(*Found, Value);
    }
  }
}

TEST(HashedRows, KeysThatDifferOnlyInLengthOrOneByteAreTwoRows) {
  HashedRows H;
  const std::string Base = "p" + std::string(1, '\0') + "r";
  EXPECT_TRUE(H.insert(Base, 1));
  EXPECT_TRUE(H.insert(Base + std::string(1, '\0'), 2));
  EXPECT_TRUE(H.insert(Base + std::string(7, '\0'), 3));
  EXPECT_TRUE(H.insert("q" + std::string(1, '\0') + "r", 4));
  EXPECT_TRUE(H.insert(std::string(), 5));
  EXPECT_FALSE(H.insert(Base, 9));
  EXPECT_EQ(H.size(), 5u);
  EXPECT_EQ(*H.find(Base), 1u);
  EXPECT_EQ(*H.find(Base + std::string(7, '\0')), 3u);
  EXPECT_EQ(*H.find(std::string()), 5u);
}

TEST(TableReads, CoversTheHalfOpenRangesOnly) {
  TableReads R;
  R.All = false;
  R.Ranges = {{"a", "c"}, {"m", "m\x01"}, {"x", "z"}};
  for (const char *In : {"a", "b", "bzzz", "m", "m\x00", "x", "yy"})
    EXPECT_TRUE(R.covers(In)) << In;
  for (const char *Out : {"", "\x01", "c", "l", "m\x01", "n", "z", "zz"})
    EXPECT_FALSE(R.covers(Out)) << Out;
  TableReads Everything;
  EXPECT_TRUE(Everything.covers("anything"));
}

TEST(TableReads, TheIndexedLookUpAnswersAsASearchOfEveryRange) {
  // Ranges inside partitions (a device's rows, a whole partition), ranges
  // spanning partitions (one ends inside a partition that has ranges of its
  // own, one starts inside such a partition), and one without a NUL; then
  // many row keys in and near them, looked up before and after index().
  const std::string Nul(1, '\0');
  auto P = [&](int Bucket, int Site) {
    return std::to_string(Bucket) + "_site" + std::to_string(Site);
  };
  TableReads R;
  R.All = false;
  for (int Bucket = 0; Bucket < 4; ++Bucket)
    for (int Site = 0; Site < 3; ++Site)
      for (int Device = Bucket; Device < 60; Device += 7)
        R.Ranges.push_back(
            {P(Bucket, Site) + Nul + "deviceId-" + std::to_string(Device) + "_",
             P(Bucket, Site) + Nul + "deviceId-" + std::to_string(Device) +
                 "_~"});
  R.Ranges.push_back({P(2, 0) + '\x01', P(2, 1) + Nul + "deviceId-1"});
  R.Ranges.push_back({P(3, 2) + Nul + "deviceId-8", P(3, 2) + "\x01zz"});
  R.Ranges.push_back({P(1, 1) + Nul, P(1, 1) + '\x01'}); // a whole partition
  R.Ranges.push_back({"9", "9_site1"});                  // no NUL
  // Starts that tie on the eight bytes after what they share.
  const std::string Long = "7_long" + Nul + "dev-";
  for (const char *Tail : {"SAME8BYT1", "SAME8BYT3", "SAME8BYT5x", "SAME8BYU",
                           "A"})
    R.Ranges.push_back({Long + Tail, Long + Tail + "~"});
  R.Ranges.push_back({Long + "SAME8BY", Long + "SAME8BY0"}); // disjoint
  std::sort(R.Ranges.begin(), R.Ranges.end());
  const TableReads Unindexed = R;
  R.index();
  Rng G(23);
  std::size_t In = 0, Out = 0;
  for (int I = 0; I < 200000; ++I) {
    const int Bucket = static_cast<int>(G.below(11));
    std::string Key = (Bucket == 10 ? "9_site0" : P(Bucket, static_cast<int>(G.below(3)))) +
                      (G.below(50) ? Nul : std::string("\x01")) + "deviceId-" +
                      std::to_string(G.below(70)) +
                      (G.below(2) ? "_" + std::to_string(G.below(1000)) : "");
    if (G.below(4) == 0) // near the tied starts
      Key = Long + (G.below(8) ? "SAME8BY" : "") +
            std::string(1, "ATU12345x~"[G.below(10)]) +
            (G.below(2) ? std::string(1, "12345x~"[G.below(7)]) : "") +
            (G.below(3) ? "" : "~");
    const bool Expected = Unindexed.covers(Key);
    ASSERT_EQ(R.covers(Key), Expected) << Key;
    ++(Expected ? In : Out);
  }
  EXPECT_GT(In, 20000u);
  EXPECT_GT(Out, 20000u);
  // Keys of the spanning ranges, by hand.
  EXPECT_TRUE(R.covers(P(2, 1) + Nul + "deviceId-0"));
  EXPECT_FALSE(R.covers(P(2, 1) + Nul + "deviceId-1"));
  EXPECT_TRUE(R.covers(P(3, 2) + Nul + "deviceId-9"));
  EXPECT_TRUE(R.covers(P(1, 1) + Nul + "anything"));
  EXPECT_TRUE(R.covers("9_site0"));
  EXPECT_TRUE(R.covers(Long + "SAME8BYT3"));
  EXPECT_TRUE(R.covers(Long + "SAME8BYT5x"));
  EXPECT_FALSE(R.covers(Long + "SAME8BYT5"));
  EXPECT_FALSE(R.covers(Long + "SAME8BYT2"));
  EXPECT_TRUE(R.covers(Long + "SAME8BY"));
  EXPECT_FALSE(R.covers(Long + "SAME8B"));
}

TEST(RowSet, AnswersWritesAsOneStoreAndOrdersWhatReadsVisit) {
  // Reads visit two devices' rows of one partition and a whole partition;
  // the other rows are written, updated, deleted and preloaded alike.
  TableReads Reads;
  Reads.All = false;
  const std::string P0 = "0_site0" + std::string(1, '\0');
  const std::string P1 = "1_site1" + std::string(1, '\0');
  Reads.Ranges = {{P0 + "deviceId-12_", P0 + "deviceId-12_~"},
                  {P0 + "deviceId-24_", P0 + "deviceId-24_~"},
                  {"1_site1" + std::string(1, '\0'), "1_site1\x01"}};
  std::sort(Reads.Ranges.begin(), Reads.Ranges.end());
  Reads.NewRowsAtMost = 1000;
  RowSet S;
  S.readBy(&Reads);
  std::map<std::string, std::uint32_t> M;
  Rng R(5);
  // A warm start first: preloaded rows inside and outside the ranges.
  for (std::uint32_t E = 0; E < 3000; ++E) {
    const std::string Key = rowOf(R, 60);
    S.preload(Key, E);
    M[Key] = E;
  }
  ASSERT_EQ(S.size(), M.size());
  const std::size_t Preloaded = M.size();
  EXPECT_EQ(S.orderedSize(), Preloaded); // every preloaded row, in order
  for (std::uint32_t Step = 0; Step < 60000; ++Step) {
    const std::string Key = rowOf(R, 60);
    const std::uint32_t Value = 10000 + Step;
    switch (R.below(5)) {
    case 0:
      ASSERT_EQ(S.erase(Key), M.erase(Key) == 1) << Step;
      break;
    case 1: {
      std::uint32_t Previous = 0;
      const auto It = M.find(Key);
      const bool Had = It != M.end();
      const std::uint32_t Was = Had ? It->second : 0;
      ASSERT_EQ(S.exchange(Key, Value, Previous), Had) << Step;
      if (Had)
        ASSERT_EQ(Previous, Was);
      M[Key] = Value;
      break;
    }
    case 2: // update in place, as the service does
      if (std::uint32_t *Stored = S.find(Key)) {
        ASSERT_TRUE(M.count(Key)) << Step;
        *Stored = Value;
        M[Key] = Value;
      } else {
        ASSERT_FALSE(M.count(Key)) << Step;
      }
      break;
    default:
      ASSERT_EQ(S.insert(Key, Value), M.emplace(Key, Value).second) << Step;
    }
    ASSERT_EQ(S.size(), M.size()) << Step;
  }
  for (const auto &[Key, Value] : M) {
    const std::uint32_t *Found = std::as_const(S).find(Key);
    ASSERT_NE(Found, nullptr);
    EXPECT_EQ(*Found, Value);
  }
  // Every row of every range, in order, with its entity.
  for (const auto &[Low, High] : Reads.Ranges) {
    std::vector<std::pair<std::string, std::uint32_t>> Walked, Expected;
    for (RowStore::Cursor It = S.lowerBound(Low);
         It.valid() && It.key() < High; It.next())
      Walked.emplace_back(std::string(It.key()), It.value());
    for (auto It = M.lower_bound(Low); It != M.end() && It->first < High; ++It)
      Expected.emplace_back(It->first, It->second);
    EXPECT_FALSE(Expected.empty());
    EXPECT_EQ(Walked, Expected) << Low;
  }
  // Most rows written outside the ranges were never ordered.
  EXPECT_GT(S.unordered(), M.size() / 2);
  EXPECT_LT(S.orderedSize(), Preloaded + M.size() / 2);
}

TEST(RowSet, WithoutReadRangesEveryRowIsOrdered) {
  RowSet S;
  S.readBy(nullptr);
  EXPECT_TRUE(S.insert("b", 1));
  EXPECT_TRUE(S.insert("a", 2));
  EXPECT_FALSE(S.insert("a", 3));
  EXPECT_EQ(S.unordered(), 0u);
  EXPECT_EQ(S.orderedSize(), 2u);
  RowStore::Cursor It = S.begin();
  ASSERT_TRUE(It.valid());
  EXPECT_EQ(It.key(), "a");
}

// Both designs replayed and their answers checked, the replay's and the
// check's rows each split (replay/RowSet.h) or all ordered.
void replayAndCheck(test::Replay &R, const schema::Schema &Current,
                    const schema::Schema &Suggested, const WorkloadOptions &WO,
                    bool OrderReplay, bool OrderCheck) {
  ReplayOptions O;
  O.OrderEveryRow = OrderReplay;
  test::runReplay(R, {&Current, &Suggested}, WO, O);
  AnswerCheckOptions A;
  A.OrderEveryRow = OrderCheck;
  R.Report.Answers = checkAnswers(R.W, R.Plans[0], R.Plans[1], A);
}

// Inserts, merges and deletes of a warm table, read by device ranges and
// point reads: 90,000 writes against 900 reads, so rows no read visits are
// kept unordered.
const char *const ReadingsYaml = R"(version: 1
accounts: [{name: main, region: westeurope}]
clients:
  - {name: app, kind: service, region: westeurope, auth: token, payload: json-nometadata,
     retry: {policy: exponential, baseDelay: 1s, maxDelay: 30s, maxRetries: 4}}
tables:
  - name: Readings
    account: main
    partitionKey: "{deviceId|hash:4}_{site}"
    rowKey: "{deviceId}_{readingTime:ticks}"
    entities: 200000
    properties:
      deviceId: {type: string, distinct: 20000}
      site: {type: string, distinct: 3}
      readingTime: {type: datetime, grows: true}
      level: {type: int32}
    writes:
      - {name: add, client: app, op: insert, rate: 1500/s}
      - {name: fix, client: app, op: merge, rate: 100/s, properties: [level]}
      - {name: drop, client: app, op: delete, rate: 50/s}
    queries:
      - {name: device-history, client: app, filter: "PartitionKey eq '{deviceId|hash:4}_{site}' and RowKey ge '{deviceId}_' and RowKey lt '{deviceId}_~'", uses: [level], rate: 5/s}
      - {name: one-reading, client: app, filter: "PartitionKey eq '{deviceId|hash:4}_{site}' and RowKey eq '{deviceId}_{readingTime:ticks}'", rate: 10/s}
)";

TEST(RowSet, AReplayReportsTheSameWithEveryRowOrdered) {
  schema::SchemaLoad Current = schema::loadSchemaText(ReadingsYaml, "a.yaml");
  // The same table keyed by site alone: its reads cover whole partitions.
  std::string Other = ReadingsYaml;
  Other.replace(Other.find("{deviceId|hash:4}_{site}\"\n"),
                std::string("{deviceId|hash:4}_{site}").size(), "{site}");
  for (std::size_t At; (At = Other.find("'{deviceId|hash:4}_{site}'")) !=
                       std::string::npos;)
    Other.replace(At + 1, std::string("{deviceId|hash:4}_{site}").size(),
                  "{site}");
  schema::SchemaLoad Suggested = schema::loadSchemaText(Other, "b.yaml");
  ASSERT_TRUE(Current.ok() && Suggested.ok());
  WorkloadOptions WO;
  WO.DurationSeconds = 40;
  test::Replay Split, Ordered;
  replayAndCheck(Split, Current.Value, Suggested.Value, WO, false, false);
  replayAndCheck(Ordered, Current.Value, Suggested.Value, WO, true, true);
  // The split is made: the reads of the first design visit a small part
  // of its table.
  const std::vector<TableReads> Reads = rowsReadByQueries(Split.W, Split.Plans[0]);
  ASSERT_EQ(Reads.size(), 1u);
  EXPECT_FALSE(Reads[0].All);
  EXPECT_GT(Reads[0].Ranges.size(), 100u);
  // Merges and deletes found their rows, reads found rows.
  const DesignResult &D = Split.Results[0];
  EXPECT_EQ(test::op(D, "fix").Failed, 0u);
  EXPECT_EQ(test::op(D, "drop").Failed, 0u);
  EXPECT_GT(D.EntitiesReturned, 500u);
  EXPECT_EQ(formatJson(Split.Report), formatJson(Ordered.Report));
  ASSERT_TRUE(Split.Report.Answers && Ordered.Report.Answers);
  EXPECT_GT(Split.Report.Answers->Compared, 500u);
  EXPECT_EQ(Split.Report.Answers->Different, 0u);
  EXPECT_EQ(Split.Report.Answers->Equal, Ordered.Report.Answers->Equal);
}

// A table read in key ranges by one query and whole by others whose
// answers are sets (no `top`, no key in the filter), next to a table whose
// whole-table read keeps the first rows by key (`top`).
const char *const SetReadsYaml = R"(version: 1
accounts: [{name: main, region: westeurope}]
clients:
  - {name: app, kind: service, region: westeurope, auth: token, payload: json-nometadata,
     retry: {policy: exponential, baseDelay: 1s, maxDelay: 30s, maxRetries: 4}}
tables:
  - name: Readings
    account: main
    partitionKey: "{deviceId|hash:4}_{site}"
    rowKey: "{deviceId}_{readingTime:ticks}"
    properties:
      deviceId: {type: string, distinct: 20000}
      site: {type: string, distinct: 3}
      readingTime: {type: datetime, grows: true}
      code: {type: int32, values: [200, 404, 500], weights: [0.9, 0.07, 0.03]}
      state: {type: string, values: [ok, fail], weights: [0.95, 0.05]}
    writes:
      - {name: add, client: app, op: insert, rate: 1500/s}
      - {name: fix, client: app, op: merge, rate: 100/s, properties: [code]}
      - {name: drop, client: app, op: delete, rate: 50/s}
    queries:
      - {name: device-history, client: app, filter: "PartitionKey eq '{deviceId|hash:4}_{site}' and RowKey ge '{deviceId}_' and RowKey lt '{deviceId}_~'", rate: 5/s}
      - {name: at-least-code, client: app, filter: "code ge {code}", select: [deviceId], rate: 0.5/s}
      - {name: failing, client: app, filter: "state eq 'fail'", select: [deviceId], rate: 0.25/s}
  - name: Alerts
    account: main
    partitionKey: "{site}"
    rowKey: "{alertId}"
    properties:
      alertId: {type: string, distinct: 1000000}
      site: {type: string, distinct: 3}
      severity: {type: string, values: [low, high], weights: [0.8, 0.2]}
    writes:
      - {name: raise, client: app, op: insert, rate: 200/s}
    queries:
      - {name: first-high, client: app, filter: "severity eq 'high'", top: 5, rate: 0.5/s}
)";

TEST(RowSet, AnAnswerThatIsASetIsCheckedWithoutOrder) {
  schema::SchemaLoad Current = schema::loadSchemaText(SetReadsYaml, "a.yaml");
  // The same design but for one bound: answers differ wherever a reading
  // has the code the query asks for.
  std::string Other = SetReadsYaml;
  Other.replace(Other.find("code ge {code}"), 14, "code gt {code}");
  schema::SchemaLoad Suggested = schema::loadSchemaText(Other, "b.yaml");
  ASSERT_TRUE(Current.ok() && Suggested.ok());
  WorkloadOptions WO;
  WO.DurationSeconds = 40;
  // The service's rows split as always; the check's split, then ordered.
  test::Replay Split, Ordered;
  replayAndCheck(Split, Current.Value, Suggested.Value, WO, false, false);
  replayAndCheck(Ordered, Current.Value, Suggested.Value, WO, false, true);

  const Workload &W = Split.W;
  const DesignPlan &P = Split.Plans[0];
  auto BySet = [&](const char *Name) {
    const int Op = W.opIndex(Name);
    EXPECT_GE(Op, 0) << Name;
    return Op >= 0 && answeredBySet(W, static_cast<std::uint32_t>(Op),
                                    *P.Queries[static_cast<std::size_t>(Op)]);
  };
  EXPECT_TRUE(BySet("at-least-code"));
  EXPECT_TRUE(BySet("failing"));
  EXPECT_FALSE(BySet("device-history")); // names the keys
  EXPECT_FALSE(BySet("first-high"));     // the first 5 by key

  // The service pages through Readings whole, in key order; the check
  // orders only the ranges device-history reads. Alerts' first-high needs
  // every row in order either way.
  const std::vector<TableReads> Service = rowsReadByQueries(W, P);
  const std::vector<TableReads> Check = rowsReadByQueries(W, P, true);
  ASSERT_EQ(Service.size(), 2u);
  ASSERT_EQ(Check.size(), 2u);
  EXPECT_TRUE(Service[0].All);
  EXPECT_FALSE(Check[0].All);
  EXPECT_GT(Check[0].Ranges.size(), 50u);
  EXPECT_TRUE(Service[1].All);
  EXPECT_TRUE(Check[1].All);

  // The check finds the same answers, and the same differences, as with
  // every row ordered and read in key order.
  ASSERT_TRUE(Split.Report.Answers && Ordered.Report.Answers);
  const AnswerCheck &S = *Split.Report.Answers, &O = *Ordered.Report.Answers;
  EXPECT_EQ(S.Compared, O.Compared);
  EXPECT_EQ(S.Equal, O.Equal);
  EXPECT_EQ(S.Different, O.Different);
  ASSERT_EQ(S.PerQuery.size(), O.PerQuery.size());
  for (std::size_t I = 0; I < S.PerQuery.size(); ++I) {
    EXPECT_EQ(S.PerQuery[I].Query, O.PerQuery[I].Query);
    EXPECT_EQ(S.PerQuery[I].Compared, O.PerQuery[I].Compared) << S.PerQuery[I].Query;
    EXPECT_EQ(S.PerQuery[I].Different, O.PerQuery[I].Different) << S.PerQuery[I].Query;
    EXPECT_GT(S.PerQuery[I].Compared, 0u) << S.PerQuery[I].Query;
  }
  ASSERT_EQ(S.Differences.size(), O.Differences.size());
  ASSERT_FALSE(S.Differences.empty());
  for (std::size_t I = 0; I < S.Differences.size(); ++I) {
    EXPECT_EQ(S.Differences[I].Query, "at-least-code");
    EXPECT_EQ(S.Differences[I].Query, O.Differences[I].Query);
    EXPECT_EQ(S.Differences[I].Counts, O.Differences[I].Counts);
    EXPECT_EQ(S.Differences[I].Detail, O.Differences[I].Detail);
    ASSERT_EQ(S.Differences[I].Counts.size(), 2u);
    EXPECT_GT(S.Differences[I].Counts[0], S.Differences[I].Counts[1]);
  }
  for (const QueryComparison &Q : S.PerQuery)
    if (Q.Query == "failing" || Q.Query == "device-history" ||
        Q.Query == "first-high")
      EXPECT_EQ(Q.Different, 0u) << Q.Query;
}

} // namespace
} // namespace tablelint::replay
