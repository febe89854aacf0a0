// The simulated service on its own: budgets per PartitionKey, per range
// partition and per account, splits and the single-PartitionKey ceiling,
// the append pattern, warm start, entity limits, paging with continuations,
// and the entity group transaction rules.
#include "replay/SimulatedService.h"

#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace tablelint::replay {
namespace {

using test::telemetrySchema;

struct ServiceFixture {
  schema::Schema S = telemetrySchema(1);
  Workload W;
  ServiceFixture() {
    std::vector<InputError> Errors;
    W = buildWorkloadModel(S, Errors);
  }
  // An entity whose status is Status (codes of the value list: ok, failing).
  std::uint32_t entity(bool Failing) {
    const std::uint32_t E = W.addEntity(0);
    W.setCode(E, 3, W.Families[0].Properties[3].ListCodes[Failing ? 1 : 0]);
    return E;
  }
  SimulatedService service(std::size_t Tables = 1,
                           const ServiceModel &Model = {}) {
    std::vector<std::pair<std::string, std::uint32_t>> List;
    for (std::size_t I = 0; I < Tables; ++I)
      List.emplace_back("T" + std::to_string(I), 0);
    return SimulatedService(Model, W, List, {Model.AccountEntitiesPerSecond},
                            10, 6);
  }
};

// A model whose range partitions serve one key's target: splits happen at
// the rates these tests can offer quickly (the mechanism is the same at the
// default budget).
ServiceModel smallRanges() {
  ServiceModel M;
  M.RangeEntitiesPerSecond = limits::PartitionEntitiesPerSecond;
  return M;
}

// Throttled requests by cause.
using CauseCounts = std::array<std::uint64_t, ThrottleCauses>;

// Offers Rate inserts/s spread evenly over Keys partition keys of Table for
// Seconds; returns how many were accepted.
std::uint64_t offer(SimulatedService &S, ServiceFixture &F, double Rate,
                    double Seconds, std::vector<std::string> Keys,
                    std::uint32_t Table = 0, double Start = 0,
                    std::uint64_t *Throttled = nullptr,
                    CauseCounts *Causes = nullptr) {
  std::uint64_t Accepted = 0;
  const auto N = static_cast<std::uint64_t>(Rate * Seconds);
  const std::uint32_t Entity = F.entity(false);
  double NextTick = std::ceil(Start / 15) * 15;
  for (std::uint64_t I = 0; I < N; ++I) {
    const double Now = Start + static_cast<double>(I) / Rate;
    while (NextTick <= Now) {
      S.managerTick(NextTick);
      NextTick += 15;
    }
    const std::string &Pk = Keys[I % Keys.size()];
    const ServiceResponse R =
        S.write(Now, Table, schema::WriteKind::InsertOrReplace, Pk,
                std::to_string(I % 5000), Entity);
    if (R.Status == StatusOk)
      ++Accepted;
    else if (Throttled && isThrottle(R.Status))
      ++*Throttled;
    if (Causes)
      ++(*Causes)[static_cast<std::size_t>(R.Cause)];
  }
  return Accepted;
}

TEST(SimulatedService, PartitionServesItsBudgetAndThrottlesTheRest) {
  ServiceFixture F;
  SimulatedService S = F.service();
  std::uint64_t Throttled = 0;
  CauseCounts Causes{};
  // 3,000/s on one partition key for 20 s: 2,000/s get through (plus the
  // one-second burst), the rest is answered 503 by the key's own budget
  // (its range partition has room).
  const std::uint64_t Accepted =
      offer(S, F, 3000, 20, {"20250101"}, 0, 0, &Throttled, &Causes);
  EXPECT_NEAR(static_cast<double>(Accepted), 2000 * 20 + 2000, 200);
  EXPECT_NEAR(static_cast<double>(Throttled), 60000 - Accepted, 1);
  EXPECT_EQ(Causes[static_cast<std::size_t>(ThrottleCause::PartitionKey)],
            Throttled);
  // Below the budget nothing is throttled.
  ServiceFixture G;
  SimulatedService Quiet = G.service();
  EXPECT_EQ(offer(Quiet, G, 1500, 20, {"20250101"}), 30000u);
}

TEST(SimulatedService, AccountBudgetCapsManyTables) {
  ServiceFixture F;
  SimulatedService S = F.service(20);
  // 20 tables at 1,500/s each: every partition is under its 2,000/s, the
  // account (20,000/s) is not.
  std::uint64_t Accepted = 0;
  const double Seconds = 10;
  const std::uint32_t Entity = F.entity(false);
  for (std::uint64_t I = 0; I < 30000 * Seconds; ++I) {
    const double Now = static_cast<double>(I) / 30000;
    const ServiceResponse R = S.write(Now, static_cast<std::uint32_t>(I % 20),
                                      schema::WriteKind::InsertOrReplace, "p",
                                      std::to_string(I % 5000), Entity);
    Accepted += R.Status == StatusOk;
  }
  EXPECT_NEAR(static_cast<double>(Accepted), 20000 * Seconds + 20000, 500);
}

TEST(SimulatedService, PartitionKeyBudgetDoesNotLimitTheOtherKeysOfItsRange) {
  ServiceFixture F;
  SimulatedService S = F.service();
  // One key asked for 3,000/s next to four quiet keys at 1,000/s each, all
  // in the one range partition of a new table (7,000/s, under the range's
  // 10,000): only the hot key is throttled, to its 2,000/s.
  std::vector<std::string> Keys = {"hot", "hot", "hot", "q1", "q2", "q3",
                                   "q4"};
  std::uint64_t Throttled = 0;
  CauseCounts Causes{};
  offer(S, F, 7000, 30, Keys, 0, 0, &Throttled, &Causes);
  const auto &T = S.tables()[0];
  for (const PartitionKeyStats &K : T.Pks) {
    if (K.Key == "hot")
      EXPECT_NEAR(static_cast<double>(K.Accessed) / 30, 2000, 100);
    else
      EXPECT_EQ(K.Throttled, 0u) << K.Key;
  }
  EXPECT_EQ(Causes[static_cast<std::size_t>(ThrottleCause::PartitionKey)],
            Throttled);
  EXPECT_GT(Throttled, 25000u);
  EXPECT_EQ(S.rangeCount(0), 1u);
}

TEST(SimulatedService, EachOfManyPartitionKeysKeepsItsOwnFigures) {
  ServiceFixture F;
  SimulatedService S = F.service();
  // 5,000 keys, several of them prefixes of others, one longer than a
  // short string holds, each written (Key index % 7) + 1 times in an order
  // that rarely repeats the last key; then one key over its own budget.
  // Every key is one entry with its own count, in first-write order, and
  // only the hot key is throttled.
  std::vector<std::string> Keys;
  for (int I = 0; I < 5000; ++I)
    Keys.push_back(I % 3 ? "k" + std::to_string(I)
                         : "tenant-with-a-long-name-" + std::to_string(I));
  Keys.push_back("k1"); // already present: the index must find it
  const std::uint32_t Entity = F.entity(false);
  double Now = 0;
  for (int Round = 0; Round < 7; ++Round)
    for (std::size_t I = 0; I < 5000; ++I)
      if (Round <= static_cast<int>(I % 7)) {
        ASSERT_EQ(S.write(Now, 0, schema::WriteKind::InsertOrReplace, Keys[I],
                          "r" + std::to_string(Round), Entity)
                      .Status,
                  StatusOk);
        Now += 1.0 / 4000;
      }
  std::uint64_t Throttled = 0;
  offer(S, F, 3000, 5, {Keys[0]}, 0, Now, &Throttled);
  const auto &T = S.tables()[0];
  ASSERT_EQ(T.Pks.size(), 5000u);
  for (std::size_t I = 0; I < 5000; ++I) {
    ASSERT_EQ(T.Pks[I].Key, Keys[I]);
    if (I == 0)
      continue;
    EXPECT_EQ(T.Pks[I].Accessed, I % 7 + 1) << Keys[I];
    EXPECT_EQ(T.Pks[I].Throttled, 0u) << Keys[I];
  }
  // 15,000 offered in 5 s: 2,000/s and the one-second burst get through.
  EXPECT_NEAR(static_cast<double>(Throttled), 3000, 200);
  EXPECT_EQ(T.Pks[0].Throttled, Throttled);
}

TEST(SimulatedService, RangeBudgetThrottlesManyQuietKeysUntilTheRangeSplits) {
  // Twenty keys at 750/s each (15,000/s, each far under its own 2,000/s)
  // in the one range partition of a new table: the range serves its
  // 10,000/s until the partition manager splits it, then nothing is
  // throttled.
  ServiceFixture F;
  SimulatedService S = F.service();
  std::vector<std::string> Keys;
  for (int I = 0; I < 20; ++I)
    Keys.push_back("k" + std::to_string(100 + I));
  std::uint64_t Early = 0;
  CauseCounts Causes{};
  const std::uint64_t Served =
      offer(S, F, 15000, 150, Keys, 0, 0, &Early, &Causes);
  EXPECT_NEAR(static_cast<double>(Served) / 150,
              limits::AssumedRangeEntitiesPerSecond, 200);
  EXPECT_EQ(Causes[static_cast<std::size_t>(ThrottleCause::Range)], Early);
  EXPECT_EQ(S.rangeCount(0), 1u) << "no split before the detection delay";
  offer(S, F, 15000, 90, Keys, 0, 150);
  EXPECT_EQ(S.rangeCount(0), 2u);
  std::uint64_t Late = 0;
  EXPECT_EQ(offer(S, F, 15000, 30, Keys, 0, 260, &Late), 450000u);
  EXPECT_EQ(Late, 0u);
}

TEST(SimulatedService, AppendPatternStaysHotAfterEverySplit) {
  // Keys that grow with time (a new key every 10 entities, zero-padded so
  // the byte order is the time order) at 3,000/s against ranges of
  // 2,000/s: every split puts the newest keys in the upper half, where
  // all the new load lands, so the last range stays throttled.
  ServiceFixture F;
  SimulatedService S = F.service(1, smallRanges());
  std::uint64_t Late = 0;
  CauseCounts Causes{};
  const double Rate = 3000;
  double NextTick = 15;
  const std::uint32_t Entity = F.entity(false);
  for (std::uint64_t I = 0; I < static_cast<std::uint64_t>(Rate * 600); ++I) {
    const double Now = static_cast<double>(I) / Rate;
    while (NextTick <= Now) {
      S.managerTick(NextTick);
      NextTick += 15;
    }
    char Pk[16];
    std::snprintf(Pk, sizeof Pk, "%010llu",
                  static_cast<unsigned long long>(I / 10));
    const ServiceResponse R = S.write(
        Now, 0, schema::WriteKind::Insert, Pk, "r" + std::to_string(I % 10),
        Entity);
    if (Now >= 540) {
      Late += isThrottle(R.Status);
      ++Causes[static_cast<std::size_t>(R.Cause)];
    }
  }
  EXPECT_GE(S.splits().size(), 2u) << "the hot range keeps being split";
  EXPECT_GT(static_cast<double>(Late) / (Rate * 60), 0.25)
      << "...and the last minute is still throttled";
  EXPECT_GT(Causes[static_cast<std::size_t>(ThrottleCause::Range)], 0u);
  EXPECT_EQ(S.appendHotTables(), std::vector<std::string>{"T0"});
}

TEST(SimulatedService, SplitsAfterTheDetectionDelayNeverInsideAPartitionKey) {
  // 16 bucket keys sharing 6,000/s: the range is split (after the
  // detection delay) until each range is under its budget.
  ServiceFixture F;
  SimulatedService S = F.service(1, smallRanges());
  std::vector<std::string> Buckets;
  for (int I = 0; I < 16; ++I)
    Buckets.push_back((I < 10 ? "0" : "") + std::to_string(I) + "_20250101");
  std::uint64_t Early = 0, Late = 0;
  offer(S, F, 6000, 170, Buckets, 0, 0, &Early);
  EXPECT_EQ(S.rangeCount(0), 1u) << "no split before the detection delay";
  EXPECT_GT(Early, 170u * 3000u);
  offer(S, F, 6000, 600, Buckets, 0, 170);
  EXPECT_GE(S.rangeCount(0), 3u);
  ASSERT_FALSE(S.splits().empty());
  EXPECT_GE(S.splits().front().Time, limits::SplitDetectionSeconds);
  for (const SplitRecord &Split : S.splits())
    EXPECT_NE(std::find(Buckets.begin(), Buckets.end(), Split.AtKey),
              Buckets.end())
        << "splits fall on partition key boundaries: " << Split.AtKey;
  const std::uint64_t Accepted = offer(S, F, 6000, 60, Buckets, 0, 770, &Late);
  EXPECT_EQ(Late, 0u);
  EXPECT_EQ(Accepted, 360000u);
  EXPECT_TRUE(S.appendHotTables().empty()) << "spread keys: no append note";
}

TEST(SimulatedService, OnePartitionKeyStaysAtItsBudgetHoweverLong) {
  ServiceFixture F;
  SimulatedService S = F.service();
  // A date key: all 6,000/s on "20250101", well past the detection delay.
  offer(S, F, 6000, 540, {"20250101"});
  const std::uint64_t Accepted = offer(S, F, 6000, 60, {"20250101"}, 0, 540);
  EXPECT_NEAR(static_cast<double>(Accepted) / 60, 2000, 50);
  EXPECT_EQ(S.rangeCount(0), 1u);
  ASSERT_EQ(S.unsplittable().size(), 1u);
  EXPECT_EQ(S.unsplittable()[0].second, "20250101");
}

// Requests the account turns away come back as retries, so a key's demand
// can pass its own target while what its writes ask stays under it (816
// inserts/s on a day's key of an account saturated by another table's
// scans). The key never ran into its own budget: it is not a key that
// "alone was asked for more", and splitting is not what it lacks.
TEST(SimulatedService, AKeyTheAccountThrottlesIsNotNotedAsOverItsOwnTarget) {
  ServiceFixture F;
  ServiceModel Model;
  Model.AccountEntitiesPerSecond = 1000;
  SimulatedService S = F.service(1, Model);
  CauseCounts Causes{};
  std::uint64_t Throttled = 0;
  const std::uint64_t Accepted =
      offer(S, F, 3000, 60, {"20250101"}, 0, 0, &Throttled, &Causes);
  EXPECT_NEAR(static_cast<double>(Accepted) / 60, 1000, 50);
  EXPECT_EQ(Causes[static_cast<std::size_t>(ThrottleCause::Account)],
            Throttled);
  EXPECT_TRUE(S.unsplittable().empty());
}

TEST(SimulatedService, SplitTakesTheRangeOfflineBriefly) {
  ServiceFixture F;
  SimulatedService S = F.service(1, smallRanges());
  offer(S, F, 3000, 200, {"a", "b"});
  ASSERT_EQ(S.splits().size(), 1u);
  const double At = S.splits()[0].Time;
  const ServiceResponse During = S.write(
      At + 1, 0, schema::WriteKind::InsertOrReplace, "a", "x", F.entity(false));
  EXPECT_EQ(During.Status, StatusTimedOut);
  EXPECT_EQ(During.Cause, ThrottleCause::Offline);
  const ServiceResponse After =
      S.write(At + limits::SplitOfflineSeconds + 1, 0,
              schema::WriteKind::InsertOrReplace, "a", "y", F.entity(false));
  EXPECT_EQ(After.Status, StatusOk);
}

// Fills table 0 with N entities on partition key Pk, every Every-th failing.
void fill(SimulatedService &S, ServiceFixture &F, const std::string &Pk, int N,
          int Every, double &Now) {
  for (int I = 0; I < N; ++I) {
    char Rk[16];
    std::snprintf(Rk, sizeof Rk, "%06d", I);
    Now += 0.001;
    ASSERT_EQ(S.write(Now, 0, schema::WriteKind::Insert, Pk, Rk,
                      F.entity(Every && I % Every == 0))
                  .Status,
              StatusOk);
  }
}

// Each page's entities (returned, scanned) of a query of table 0 that
// Filter selects, read to its end.
std::vector<std::pair<std::uint64_t, std::uint64_t>>
readPages(SimulatedService &S, const char *Filter, double Now) {
  FilterParseResult Where = parseFilter(Filter);
  EXPECT_TRUE(Where);
  QueryCursor C;
  C.Where = &Where.filter();
  scopeRanges(C.Where, C.Ranges);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> Pages;
  while (C.More) {
    EXPECT_EQ(S.queryPage(Now, 0, C).Status, StatusOk);
    Pages.emplace_back(C.PageReturned, C.PageScanned);
  }
  return Pages;
}

TEST(SimulatedService, PagesHoldAThousandEntitiesWithContinuations) {
  ServiceFixture F;
  ServiceModel Model;
  Model.PartitionEntitiesPerSecond = 1e9; // paging only
  Model.AccountEntitiesPerSecond = 1e9;
  // Pages costed from the partition's count, and pages walking its rows.
  for (const bool Counted : {true, false}) {
    Model.CountedPages = Counted;
    SimulatedService S = F.service(1, Model);
    double Now = 0;
    fill(S, F, "p", 2500, 0, Now);
    using Pages = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
    EXPECT_EQ(readPages(S, "PartitionKey eq 'p'", Now),
              (Pages{{1000, 1000}, {1000, 1000}, {500, 500}}))
        << Counted;
    // A selective filter on a non-key property: every entity is scanned,
    // few are returned, and a page may be empty yet carry a continuation.
    std::uint64_t Scanned = 0, Returned = 0;
    for (const auto &[PageReturned, PageScanned] :
         readPages(S, "status eq 'failing'", Now)) {
      Returned += PageReturned;
      Scanned += PageScanned;
    }
    EXPECT_EQ(Scanned, 2500u);
    EXPECT_EQ(Returned, 0u);
  }
}

TEST(SimulatedService, ContinuationAtARangePartitionBoundary) {
  ServiceFixture F;
  SimulatedService S = F.service(1, smallRanges());
  double Now = 0;
  // Two partition keys, hot enough together to be split apart.
  offer(S, F, 3000, 200, {"a", "b"});
  ASSERT_EQ(S.rangeCount(0), 2u);
  Now = 400;
  FilterParseResult Where = parseFilter("status eq 'ok'");
  QueryCursor C;
  C.Where = &Where.filter();
  scopeRanges(C.Where, C.Ranges);
  Now += 10;
  // First page: the whole of partition "a" (under 1,000? no: capped at
  // 1,000), then pages until the boundary, which ends a page early.
  std::vector<std::size_t> Sizes;
  while (C.More) {
    ASSERT_EQ(S.queryPage(Now, 0, C).Status, StatusOk);
    Sizes.push_back(C.Page.size());
    Now += 1;
  }
  std::uint64_t Total = 0;
  bool ShortPageBeforeEnd = false;
  for (std::size_t I = 0; I < Sizes.size(); ++I) {
    Total += Sizes[I];
    if (I + 1 < Sizes.size() && Sizes[I] < 1000)
      ShortPageBeforeEnd = true;
  }
  EXPECT_EQ(Total, S.tables()[0].Rows.size());
  EXPECT_TRUE(ShortPageBeforeEnd)
      << "a page ends at the range boundary with a continuation";
}

TEST(SimulatedService, BatchRules) {
  ServiceFixture F;
  SimulatedService S = F.service();
  auto Batch = [&](int N, const std::string &SecondPk = "p",
                   std::uint64_t Bytes = 100, bool Duplicate = false) {
    std::vector<BatchOperation> Ops;
    for (int I = 0; I < N; ++I)
      Ops.push_back({schema::WriteKind::Insert, I == 1 ? SecondPk : "p",
                     Duplicate && I == 1 ? "r0" : "r" + std::to_string(I),
                     F.entity(false), Bytes});
    return Ops;
  };
  EXPECT_EQ(S.batch(1, 0, Batch(101)).Status, StatusBadRequest);
  EXPECT_EQ(S.batch(1, 0, Batch(3, "q")).Status, StatusBadRequest);
  EXPECT_EQ(S.batch(1, 0, Batch(3, "p", 100, true)).Status, StatusBadRequest);
  EXPECT_EQ(S.batch(1, 0, Batch(4, "p", 1024 * 1024)).Status, StatusTooLarge);
  EXPECT_TRUE(S.tables()[0].Rows.empty()) << "rejected batches change nothing";
  const ServiceResponse Ok = S.batch(1, 0, Batch(100));
  EXPECT_EQ(Ok.Status, StatusOk);
  EXPECT_EQ(Ok.Charged, 100u) << "a batch of n counts n entities";
  EXPECT_EQ(S.tables()[0].Rows.size(), 100u);
  // Atomic: one conflicting insert fails the whole batch.
  std::vector<BatchOperation> Mixed = Batch(3);
  Mixed[0].RowKey = "fresh";
  Mixed[1].RowKey = "r5"; // exists
  Mixed[2].RowKey = "fresh2";
  EXPECT_EQ(S.batch(2, 0, Mixed).Status, StatusConflict);
  EXPECT_EQ(S.tables()[0].Rows.size(), 100u);
  EXPECT_EQ(S.tables()[0].Rows.count(rowKey("p", "fresh")), 0u);
  // One entity over a limit fails the whole batch with 400.
  std::vector<BatchOperation> Big = Batch(3);
  for (BatchOperation &Op : Big)
    Op.RowKey += "-big";
  Big[2].LargestValue = limits::MaxPropertyBytes + 1;
  EXPECT_EQ(S.batch(3, 0, Big).Status, StatusBadRequest);
  EXPECT_EQ(S.tables()[0].Rows.size(), 100u);
}

TEST(SimulatedService, EntityLimitsAnswer400AtTheServiceLimits) {
  ServiceFixture F;
  SimulatedService S = F.service();
  const std::uint32_t E = F.entity(false);
  auto Put = [&](const std::string &Pk, const std::string &Rk,
                 EntityShape Shape) {
    return S.write(1, 0, schema::WriteKind::InsertOrReplace, Pk, Rk, E, Shape)
        .Status;
  };
  const EntityShape Fits{limits::MaxEntityBytes, limits::MaxUserProperties,
                         limits::MaxPropertyBytes};
  // At every limit: stored.
  EXPECT_EQ(Put(std::string(512, 'p'), std::string(512, 'r'), Fits), StatusOk);
  // One over: 400 (EntityTooLarge, TooManyProperties,
  // PropertyValueTooLarge, a key over 1 KiB), and nothing is stored.
  EntityShape Over = Fits;
  Over.Bytes += 1;
  EXPECT_EQ(Put("p", "a", Over), StatusBadRequest);
  Over = Fits;
  Over.Properties += 1;
  EXPECT_EQ(Put("p", "b", Over), StatusBadRequest);
  Over = Fits;
  Over.LargestValue += 1;
  EXPECT_EQ(Put("p", "c", Over), StatusBadRequest);
  EXPECT_EQ(Put(std::string(513, 'p'), "d", Fits), StatusBadRequest);
  EXPECT_EQ(Put("p", std::string(513, 'r'), Fits), StatusBadRequest);
  EXPECT_EQ(S.tables()[0].Rows.size(), 1u);
}

TEST(SimulatedService, PresplitCutsAnEstablishedTableAtKeyBoundaries) {
  ServiceFixture F;
  SimulatedService S = F.service();
  // 40 keys of 250 entities: four ranges of about 2,500 entities each,
  // every cut at the first entity of a key.
  for (int K = 0; K < 40; ++K)
    for (int R = 0; R < 250; ++R)
      S.preload(0, "k" + std::to_string(100 + K), std::to_string(1000 + R),
                F.entity(false));
  S.presplit(0, 4);
  ASSERT_EQ(S.rangeCount(0), 4u);
  const auto &Ranges = S.tables()[0].Ranges;
  EXPECT_EQ(Ranges[1].Low, "k110");
  EXPECT_EQ(Ranges[2].Low, "k120");
  EXPECT_EQ(Ranges[3].Low, "k130");
  EXPECT_TRUE(S.splits().empty()) << "an established table, not a split";
  // One key alone cannot be cut.
  ServiceFixture G;
  SimulatedService One = G.service();
  for (int R = 0; R < 1000; ++R)
    One.preload(0, "only", std::to_string(R), G.entity(false));
  One.presplit(0, 4);
  EXPECT_EQ(One.rangeCount(0), 1u);
}

} // namespace
} // namespace tablelint::replay
