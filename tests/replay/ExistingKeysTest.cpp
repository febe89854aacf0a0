// The existing entities' keys rendered once (replay/ExistingKeys.h): each
// the key its templates render, in byte order with equal keys in entity
// order (what a store that keeps the first or the last of them needs),
// shared between replays of one workload only when their templates are
// the same, also from threads asking at once; and the simulated service's
// preload of them all at once leaves what one entity at a time left.
#include "replay/ExistingKeys.h"

#include "core/schema/SchemaLoader.h"
#include "replay/DesignPlan.h"
#include "replay/LoadCounts.h"
#include "replay/SimulatedService.h"
#include "replay/Workload.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

namespace tablelint::replay {
namespace {

// Keys that tie on their first 8 and 16 bytes, end inside an 8-byte chunk
// or right at its edge, prefix one another and repeat (3 regions x 8
// codes over 30,000 entities).
const char *const ReadingsYaml = R"(version: 1
accounts: [{name: main, region: westeurope}]
tables:
  - name: Readings
    account: main
    partitionKey: "{region}"
    rowKey: "{code}"
    entities: 30000
    properties:
      region: {type: string, values: [eu, us, "eu-west-long-name"]}
      code: {type: string, values: [a, ab, abcdefg, abcdefgh, abcdefghi, abcdefghijklmnop, abcdefghijklmnopq, b]}
      id: {type: string, distinct: 30000}
      at: {type: datetime, grows: true}
    writes:
      - {name: put, op: insert, rate: 100/s}
)";

class ExistingKeysTest : public ::testing::Test {
protected:
  void SetUp() override {
    const schema::SchemaLoad S = schema::loadSchemaText(ReadingsYaml, "r.yaml");
    ASSERT_TRUE(S.ok()) << S.Errors.front().str();
    std::vector<InputError> Errors;
    W = buildWorkloadModel(S.Value, Errors);
    ASSERT_TRUE(Errors.empty());
    WorkloadOptions O;
    O.DurationSeconds = 2;
    generateEvents(W, O);
    ASSERT_EQ(W.Families[0].ExistingCount, 30000u);
  }

  BoundTemplate bind(const std::string &Text) {
    std::string Error, Missing;
    const std::optional<schema::KeyTemplate> T =
        schema::parseKeyTemplate(Text, Error);
    EXPECT_TRUE(T.has_value()) << Error;
    BoundTemplate B;
    EXPECT_TRUE(B.bindKey(*T, W.Families[0], Missing)) << Missing;
    return B;
  }

  Workload W;
};

// The ordinals by (key, ordinal), compared whole: what byKey() must be.
std::vector<std::uint32_t> sortedWhole(const ExistingKeys &K) {
  std::vector<std::uint32_t> Out(K.size());
  std::iota(Out.begin(), Out.end(), 0u);
  std::sort(Out.begin(), Out.end(), [&K](std::uint32_t A, std::uint32_t B) {
    return K.key(A) != K.key(B) ? K.key(A) < K.key(B) : A < B;
  });
  return Out;
}

TEST_F(ExistingKeysTest, KeysAreTheRenderedOnesInByteOrderTiesInEntityOrder) {
  const std::pair<const char *, const char *> Pairs[] = {
      {"{region}", "{code}"},                      // few keys, many repeats
      {"{region}-{code}", "{id}"},                 // ties past 16 bytes
      {"tenant-with-a-long-constant-name", "{at:yyyyMMddHHmmss}"},
      {"{code}", ""},                              // empty RowKey
  };
  for (const auto &[PkText, RkText] : Pairs) {
    SCOPED_TRACE(std::string(PkText) + " / " + RkText);
    const BoundTemplate Pk = bind(PkText), Rk = bind(RkText);
    const ExistingKeys K(W, 0, Pk, Rk);
    ASSERT_EQ(K.size(), W.Families[0].ExistingCount);
    EXPECT_EQ(K.first(), W.Families[0].FirstExisting);
    std::string P, R;
    EdmValue Scratch;
    for (std::uint32_t I = 0; I < K.size(); ++I) {
      Pk.render(W, K.first() + I, P, Scratch);
      Rk.render(W, K.first() + I, R, Scratch);
      ASSERT_EQ(K.key(I), rowKey(P, R)) << "ordinal " << I;
      ASSERT_EQ(K.partitionKey(I), P);
      ASSERT_EQ(K.rowKey(I), R);
    }
    EXPECT_EQ(K.byKey(), sortedWhole(K));
  }
}

TEST_F(ExistingKeysTest, ACacheSharesOneRenderingPerTemplatesAndWorkload) {
  ExistingKeyCache Cache(W);
  // Bound separately (as each design's plan binds its own), the same text.
  const BoundTemplate Pk1 = bind("{region}"), Rk1 = bind("{code}");
  const BoundTemplate Pk2 = bind("{region}"), Rk2 = bind("{code}");
  const BoundTemplate Other = bind("{region}-{code}");
  const auto First = existingKeys(&Cache, W, 0, Pk1, Rk1);
  EXPECT_EQ(existingKeys(&Cache, W, 0, Pk2, Rk2), First);
  // Another key pair, or another workload, is not served this rendering.
  EXPECT_NE(existingKeys(&Cache, W, 0, Other, Rk1), First);
  EXPECT_NE(existingKeys(&Cache, W, 0, Rk1, Pk1), First);
  Workload Copy = W;
  const auto OfCopy = existingKeys(&Cache, Copy, 0, Pk1, Rk1);
  EXPECT_NE(OfCopy, First);
  EXPECT_EQ(OfCopy->byKey(), First->byKey());
  // No cache: rendered for the caller.
  EXPECT_NE(existingKeys(nullptr, W, 0, Pk1, Rk1), First);
}

TEST_F(ExistingKeysTest, ThreadsAskingAtOnceShareOneRenderingInHalves) {
  ExistingKeyCache Cache(W);
  constexpr int Threads = 4;
  std::vector<BoundTemplate> Pks, Rks;
  for (int I = 0; I < Threads; ++I) {
    Pks.push_back(bind("{region}-{code}"));
    Rks.push_back(bind("{id}"));
  }
  std::vector<std::shared_ptr<const ExistingKeys>> Got(Threads);
  std::vector<std::thread> Running;
  for (int I = 0; I < Threads; ++I)
    Running.emplace_back(
        [&, I] { Got[I] = existingKeys(&Cache, W, 0, Pks[I], Rks[I]); });
  for (std::thread &T : Running)
    T.join();
  for (int I = 1; I < Threads; ++I)
    EXPECT_EQ(Got[I], Got[0]);
  EXPECT_EQ(Got[0]->byKey(), sortedWhole(*Got[0]));
  // Two halves (30,000 entities: split), whoever rendered the second:
  // the same keys as one rendering of the whole.
  const ExistingKeys Whole(W, 0, Pks[0], Rks[0]);
  ASSERT_EQ(Got[0]->size(), Whole.size());
  for (std::uint32_t I = 0; I < Whole.size(); ++I) {
    ASSERT_EQ(Got[0]->key(I), Whole.key(I)) << "ordinal " << I;
    ASSERT_EQ(Got[0]->partitionKey(I), Whole.partitionKey(I));
  }
  EXPECT_EQ(Got[0]->byKey(), Whole.byKey());
}

TEST_F(ExistingKeysTest, PiecesRenderedApartMakeTheWhole) {
  const BoundTemplate Pk = bind("{region}"), Rk = bind("{code}-{id}");
  const ExistingKeys Whole(W, 0, Pk, Rk);
  const std::uint32_t N = Whole.size();
  std::vector<ExistingKeys::Piece> Pieces;
  for (const auto [From, To] : {std::pair<std::uint32_t, std::uint32_t>{0, 1},
                                {1, N / 3}, {N / 3, N / 3}, {N / 3, N}})
    Pieces.push_back(ExistingKeys::render(W, 0, Pk, Rk, From, To));
  const ExistingKeys Joined(W, 0, std::move(Pieces));
  ASSERT_EQ(Joined.size(), N);
  for (std::uint32_t I = 0; I < N; ++I) {
    ASSERT_EQ(Joined.key(I), Whole.key(I)) << "ordinal " << I;
    ASSERT_EQ(Joined.rowKey(I), Whole.rowKey(I));
  }
  EXPECT_EQ(Joined.byKey(), Whole.byKey());
  EXPECT_EQ(Joined.first(), Whole.first());
}

// Every row of a table in key order, and each partition's count and
// example entity.
struct Stored {
  std::vector<std::pair<std::string, std::uint32_t>> Rows;
  std::vector<std::pair<std::string, PartitionCount>> Counts;
};
Stored storedIn(const SimulatedService &S) {
  Stored Out;
  const SimulatedService::TableState &T = S.tables()[0];
  for (RowStore::Cursor C = T.Rows.begin(); C.valid(); C.next())
    Out.Rows.emplace_back(std::string(C.key()), C.value());
  LoadCounts Counts = T.Counts;
  Counts.forEachFrom("", [&](std::string_view Key, const PartitionCount &C) {
    Out.Counts.emplace_back(std::string(Key), C);
    return true;
  });
  return Out;
}

TEST_F(ExistingKeysTest, PreloadedAtOnceAsOneByOne) {
  // Repeated keys (the last entity under a key is stored), keys over the
  // service's limits left out, and counted partitions whose example is
  // the last entity stored there in entity order.
  const BoundTemplate Pk = bind("{region}"), Rk = bind("{code}");
  const ExistingKeys K(W, 0, Pk, Rk);
  std::vector<bool> Reached(K.size());
  for (std::uint32_t I = 0; I < K.size(); ++I)
    Reached[I] = I % 7 != 3; // a sparse table's `when`
  auto Service = [&] {
    SimulatedService S(ServiceModel{}, W, {{"Readings", 0}},
                       {ServiceModel{}.AccountEntitiesPerSecond}, 10, 6);
    TableReads Counted;
    Counted.All = false;
    Counted.CountsFiltered = true;
    S.setReadRanges({Counted});
    return S;
  };
  SimulatedService OneByOne = Service(), AtOnce = Service();
  ASSERT_TRUE(OneByOne.tables()[0].Counting);
  for (std::uint32_t I = 0; I < K.size(); ++I)
    if (Reached[I])
      OneByOne.preload(0, std::string(K.partitionKey(I)),
                       std::string(K.rowKey(I)), K.first() + I);
  AtOnce.preload(0, K, Reached);
  const Stored A = storedIn(OneByOne), B = storedIn(AtOnce);
  EXPECT_EQ(A.Rows, B.Rows);
  ASSERT_EQ(A.Counts.size(), B.Counts.size());
  EXPECT_EQ(A.Counts.size(), 3u);
  for (std::size_t I = 0; I < A.Counts.size(); ++I) {
    EXPECT_EQ(A.Counts[I].first, B.Counts[I].first);
    EXPECT_EQ(A.Counts[I].second.Entities, B.Counts[I].second.Entities);
    EXPECT_EQ(A.Counts[I].second.Example, B.Counts[I].second.Example)
        << A.Counts[I].first;
    EXPECT_EQ(A.Counts[I].second.ExampleKeyChars,
              B.Counts[I].second.ExampleKeyChars);
    EXPECT_EQ(A.Counts[I].second.Extra, B.Counts[I].second.Extra);
  }
  EXPECT_EQ(A.Rows.size(), 3u * 8u) << "one row per (region, code)";
}

} // namespace
} // namespace tablelint::replay
