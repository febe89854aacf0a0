// Workload generation: samplers match their distributions, arrivals match
// the declared rates and ramp-up, queries reuse written entities, and the
// same seed gives the same workload.
#include "core/schema/SchemaLoader.h"
#include "replay/Workload.h"
#include "replay/Random.h"

#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>

namespace tablelint::replay {
namespace {

using namespace test;

TEST(Random, ZipfFollowsItsLaw) {
  // P(rank k) = k^-s / H(N, s).
  const std::uint64_t N = 1000;
  const double S = 0.99;
  double H = 0;
  for (std::uint64_t K = 1; K <= N; ++K)
    H += std::pow(static_cast<double>(K), -S);
  ZipfSampler Z(N, S);
  Rng R(7);
  std::vector<std::uint64_t> Count(N + 1, 0);
  const int Draws = 400000;
  for (int I = 0; I < Draws; ++I) {
    const std::uint64_t K = Z.sample(R);
    ASSERT_GE(K, 1u);
    ASSERT_LE(K, N);
    ++Count[K];
  }
  for (std::uint64_t K : {1, 2, 10, 100}) {
    const double Expected = Draws * std::pow(static_cast<double>(K), -S) / H;
    EXPECT_NEAR(static_cast<double>(Count[K]), Expected,
                5 * std::sqrt(Expected))
        << "rank " << K;
  }
}

TEST(Random, AliasTableFollowsWeights) {
  AliasTable A({0.7, 0.2, 0.1, 0});
  Rng R(3);
  std::vector<int> Count(4, 0);
  for (int I = 0; I < 100000; ++I)
    ++Count[A.sample(R)];
  EXPECT_NEAR(Count[0], 70000, 700);
  EXPECT_NEAR(Count[1], 20000, 600);
  EXPECT_NEAR(Count[2], 10000, 500);
  EXPECT_EQ(Count[3], 0);
}

TEST(Random, SameSeedSameStreamOtherSeedOtherStream) {
  Rng A(42), B(42), C(43);
  bool Differs = false;
  for (int I = 0; I < 100; ++I) {
    const std::uint64_t X = A.next();
    EXPECT_EQ(X, B.next());
    Differs = Differs || X != C.next();
  }
  EXPECT_TRUE(Differs);
}

Workload generate(const schema::Schema &S, WorkloadOptions O) {
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(S, Errors);
  EXPECT_TRUE(Errors.empty());
  generateEvents(W, O);
  return W;
}

TEST(Workload, ArrivalsFollowTheRateAndTheRampUp) {
  schema::Schema S = telemetrySchema(500);
  WorkloadOptions O;
  O.DurationSeconds = 100;
  O.RampUpSeconds = 40;
  Workload W = generate(S, O);
  // Ramp: 0..40 s carries half of 40 s at full rate; 40..100 s the full
  // rate. Poisson: within a few standard deviations.
  std::uint64_t Ramp = 0, Full = 0;
  for (const WorkloadEvent &E : W.Events)
    (E.Time < 40 ? Ramp : Full)++;
  EXPECT_NEAR(static_cast<double>(Ramp), 500 * 20, 5 * std::sqrt(10000.0));
  EXPECT_NEAR(static_cast<double>(Full), 500 * 60, 5 * std::sqrt(30000.0));
  for (std::size_t I = 1; I < W.Events.size(); ++I)
    ASSERT_LE(W.Events[I - 1].Time, W.Events[I].Time);
}

TEST(Workload, ValuesFollowTheDeclaredDistributions) {
  schema::Schema S = telemetrySchema(1000);
  schema::Property &Device = S.Tables[0].Properties[0];
  Device.Distinct = 100;
  Device.Dist.Kind = schema::DistributionKind::Hotspot;
  Device.Dist.Text = "hotspot(0.2, 0.8)";
  S.Tables[0].Properties[3].Weights = {0.9, 0.1};
  WorkloadOptions O;
  O.DurationSeconds = 50;
  Workload W = generate(S, O);
  std::map<std::string, int> Devices, Status;
  EdmValue V;
  for (const WorkloadEvent &E : W.Events) {
    W.value(E.Entity, 0, V);
    ++Devices[V.Text];
    W.value(E.Entity, 3, V);
    ++Status[V.Text];
    // readingTime grows with the simulated clock.
    W.value(E.Entity, 1, V);
    EXPECT_NEAR(static_cast<double>(V.Int - W.StartTicks) / 1e7, E.Time, 1e-6);
  }
  const double N = static_cast<double>(W.Events.size());
  EXPECT_NEAR(Status["failing"] / N, 0.1, 0.01);
  // The 20 hot devices (deviceId-0..19) get 80% of the writes.
  int Hot = 0;
  for (const auto &[Name, Count] : Devices)
    if (std::stoi(Name.substr(Name.find('-') + 1)) < 20)
      Hot += Count;
  EXPECT_NEAR(Hot / N, 0.8, 0.02);
  EXPECT_LE(Devices.size(), 100u);
}

// The share of draws of property Index that took each value.
std::map<std::string, double> shares(const Workload &W, std::uint32_t Index) {
  std::map<std::string, double> Out;
  EdmValue V;
  for (const WorkloadEvent &E : W.Events) {
    W.value(E.Entity, Index, V);
    Out[V.Text] += 1.0 / static_cast<double>(W.Events.size());
  }
  return Out;
}

TEST(Workload, ZipfSequentialAndLatestProperties) {
  schema::Schema S = telemetrySchema(1000);
  schema::Property &Device = S.Tables[0].Properties[0];
  Device.Distinct = 1000;
  Device.Dist.Kind = schema::DistributionKind::Zipf;
  Device.Dist.Param = 0.99;
  WorkloadOptions O;
  O.DurationSeconds = 60;
  Workload Z = generate(S, O);
  std::map<std::string, double> Zipf = shares(Z, 0);
  // Rank 1 of Zipf(0.99) over 1,000 values: 1 / H(1000, 0.99), about 13%.
  EXPECT_NEAR(Zipf["deviceId-0"], 0.13, 0.01);
  EXPECT_GT(Zipf["deviceId-0"], 1.8 * Zipf["deviceId-1"]);

  // Sequential: each new entity takes the next value, past `distinct`
  // too (as the schema checks read it: every insert on the newest key).
  Device.Dist.Kind = schema::DistributionKind::Sequential;
  Device.Distinct = 50;
  Workload Seq = generate(S, O);
  EdmValue V;
  for (std::size_t I = 0; I < 120; ++I) {
    Seq.value(Seq.Events[I].Entity, 0, V);
    ASSERT_EQ(V.Text, "deviceId-" + std::to_string(I));
  }

  // Latest: most draws are the newest value or close behind it.
  Device.Dist.Kind = schema::DistributionKind::Latest;
  Device.Distinct = 100000;
  Workload L = generate(S, O);
  std::size_t Recent = 0;
  for (std::size_t I = 0; I < L.Events.size(); ++I) {
    L.value(L.Events[I].Entity, 0, V);
    const long long Value = std::stoll(V.Text.substr(9));
    Recent += static_cast<long long>(I) - Value >= 0 &&
              static_cast<long long>(I) - Value < 100;
  }
  EXPECT_GT(static_cast<double>(Recent) / L.Events.size(), 0.4);
}

TEST(Workload, GrowsAndSequentialMeanTheSameAsInTheSchemaChecks) {
  // An integer that grows and one that is sequential both count up, one
  // per new entity; a datetime without a declared domain takes the clock
  // like one that grows.
  schema::Schema S = telemetrySchema(500);
  schema::Property Grows = property("counter", EdmType::Int64);
  Grows.Grows = true;
  schema::Property Sequential = property("sequence", EdmType::Int64, 1000);
  Sequential.Dist.Kind = schema::DistributionKind::Sequential;
  schema::Property Stamp = property("stamp", EdmType::DateTime);
  S.Tables[0].Properties.push_back(Grows);
  S.Tables[0].Properties.push_back(Sequential);
  S.Tables[0].Properties.push_back(Stamp);
  WorkloadOptions O;
  O.DurationSeconds = 10;
  Workload W = generate(S, O);
  ASSERT_GT(W.Events.size(), 4000u);
  EdmValue Counter, Sequence, Time, Clock;
  for (std::size_t I = 0; I < W.Events.size(); ++I) {
    const std::uint32_t E = W.Events[I].Entity;
    W.value(E, 4, Counter);
    W.value(E, 5, Sequence);
    W.value(E, 6, Time);
    W.value(E, 1, Clock); // readingTime: grows
    ASSERT_EQ(Counter.Int, static_cast<std::int64_t>(I));
    ASSERT_EQ(Sequence.Int, static_cast<std::int64_t>(I));
    ASSERT_EQ(Time.Int, Clock.Int);
  }
}

TEST(Workload, ExistingEntitiesComeFirstUnlessCold) {
  schema::Schema S = telemetrySchema(100);
  S.Tables[0].Entities = 5000;
  S.Tables[0].RetentionSeconds = 86400;
  schema::Property Counter = property("counter", EdmType::Int64);
  Counter.Grows = true;
  S.Tables[0].Properties.push_back(Counter);
  WorkloadOptions O;
  O.DurationSeconds = 10;
  Workload Warm = generate(S, O);
  const EntityFamily &F = Warm.Families[0];
  ASSERT_EQ(F.ExistingCount, 5000u);
  EdmValue V;
  // Their times lie in the retention before time 0, in order; a counter
  // continues after them.
  Warm.value(F.FirstExisting, 1, V);
  EXPECT_NEAR(static_cast<double>(V.Int - Warm.StartTicks) / 1e7, -86400, 1);
  Warm.value(F.FirstExisting + 4999, 1, V);
  EXPECT_LT(V.Int, Warm.StartTicks);
  Warm.value(Warm.Events.front().Entity, 4, V);
  EXPECT_EQ(V.Int, 5000);
  O.Cold = true;
  Workload Cold = generate(S, O);
  EXPECT_EQ(Cold.Families[0].ExistingCount, 0u);
  Cold.value(Cold.Events.front().Entity, 4, V);
  EXPECT_EQ(V.Int, 0);
}

TEST(Workload, UpdatesAndDeletesAddressEntitiesThatExist) {
  schema::Schema S = telemetrySchema(50);
  S.Tables[0].Writes.push_back(
      write("fix-reading", 40, 1, schema::WriteKind::Merge));
  S.Tables[0].Writes.push_back(
      write("drop-reading", 30, 1, schema::WriteKind::Delete));
  WorkloadOptions O;
  O.DurationSeconds = 60;
  Workload W = generate(S, O);
  std::set<std::uint32_t> Live;
  std::uint64_t Merges = 0, Deletes = 0;
  for (const WorkloadEvent &E : W.Events) {
    const LogicalOp &Op = W.Ops[E.Op];
    if (Op.Kind == schema::WriteKind::Insert) {
      Live.insert(E.Entity);
      continue;
    }
    ASSERT_TRUE(Live.count(E.Entity))
        << Op.Name << " at " << E.Time << " addresses no entity";
    if (Op.Kind == schema::WriteKind::Delete) {
      Live.erase(E.Entity);
      ++Deletes;
    } else {
      ++Merges;
    }
  }
  EXPECT_GT(Merges, 1000u);
  EXPECT_GT(Deletes, 1000u);
}

// A transaction that merges an order's header and deletes one of its
// lines (test-inputs/schemas/replay/order-updates.yaml): the line deleted
// is one of that order's, never deleted twice nor addressed afterwards.
TEST(Workload, TransactionFollowersAddressEntitiesUnderTheLeadersKey) {
  const schema::SchemaLoad L = schema::loadSchemaFile(
      std::string(TABLELINT_SOURCE_DIR) +
      "/test-inputs/schemas/replay/order-updates.yaml");
  ASSERT_TRUE(L.ok());
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(L.Value, Errors);
  ASSERT_TRUE(Errors.empty());
  WorkloadOptions O;
  O.DurationSeconds = 120;
  generateEvents(W, O);
  const int Reprice = W.opIndex("reprice"), Remove = W.opIndex("remove-line");
  const int Ship = W.opIndex("ship"), Record = W.opIndex("record-shipment");
  ASSERT_GE(Remove, 0);
  const std::uint32_t Header = W.Ops[Reprice].Family;
  const std::uint32_t Line = W.Ops[Remove].Family;
  const int HShop = W.Families[Header].propertyIndex("shopId"),
            HOrder = W.Families[Header].propertyIndex("orderId"),
            LShop = W.Families[Line].propertyIndex("shopId"),
            LOrder = W.Families[Line].propertyIndex("orderId");
  std::set<std::uint32_t> Deleted;
  std::size_t Removes = 0, Reprices = 0, Ships = 0, Records = 0;
  for (std::size_t I = 0; I < W.Events.size(); ++I) {
    const WorkloadEvent &E = W.Events[I];
    if (!W.Ops[E.Op].IsQuery)
      EXPECT_FALSE(Deleted.count(E.Entity))
          << W.Ops[E.Op].Name << " addresses a deleted entity";
    Reprices += E.Op == static_cast<std::uint32_t>(Reprice);
    Ships += E.Op == static_cast<std::uint32_t>(Ship);
    if (E.Op == static_cast<std::uint32_t>(Record)) {
      ++Records;
      ASSERT_GT(I, 0u);
      EXPECT_EQ(W.Events[I - 1].Op, static_cast<std::uint32_t>(Ship));
    }
    if (E.Op != static_cast<std::uint32_t>(Remove))
      continue;
    ++Removes;
    // Right after its leader, at its time, under its order's key.
    ASSERT_GT(I, 0u);
    const WorkloadEvent &Lead = W.Events[I - 1];
    ASSERT_EQ(Lead.Op, static_cast<std::uint32_t>(Reprice));
    EXPECT_EQ(Lead.Time, E.Time);
    EXPECT_EQ(W.code(E.Entity, LShop), W.code(Lead.Entity, HShop));
    EXPECT_EQ(W.code(E.Entity, LOrder), W.code(Lead.Entity, HOrder));
    Deleted.insert(E.Entity);
  }
  // Every shipping records its shipment; nearly every repricing finds a
  // line of its order left to remove (an order has 6).
  EXPECT_GT(Ships, 400u);
  EXPECT_EQ(Records, Ships);
  EXPECT_GT(Reprices, 700u);
  EXPECT_LE(Removes, Reprices);
  EXPECT_GT(Removes, Reprices * 9 / 10);
}

// A chat design: each post inserts a message and merges its
// conversation's one header row ("meta") in one transaction. Conversations
// and Headers: the counts declared; Followers: the writes after the post.
std::string chatYaml(const std::string &Conversations,
                     const std::string &Headers,
                     const std::string &Followers) {
  return "version: 1\n"
         "accounts: [{name: chat, region: westeurope}]\n"
         "tables:\n"
         "  - name: Conversations\n"
         "    account: chat\n"
         "    partitionKey: \"{conversationId}\"\n"
         "    properties:\n"
         "      conversationId: {type: string, distinct: " +
         Conversations + ", distribution: zipf(0.9)}\n"
         "    entityTypes:\n"
         "      - name: meta\n"
         "        rowKey: \"meta\"\n"
         "        entities: " + Headers + "\n"
         "        properties:\n"
         "          messageCount: {type: int32, distinct: 10000}\n"
         "      - name: message\n"
         "        rowKey: \"msg_{sentAt:ticks}\"\n"
         "        properties:\n"
         "          sentAt: {type: datetime}\n"
         "    writes:\n"
         "      - {name: post, entityType: message, op: insert, rate: 100/s}\n"
         "      - {name: touch, entityType: meta, op: merge, rate: 100/s}\n"
         "      - {name: count, entityType: meta, op: merge, rate: 100/s}\n"
         "    transactions:\n"
         "      - {name: post-message, writes: [post, " + Followers + "]}\n";
}

// A table holds one entity per key: where every key property takes a
// fixed set of values, warm start gives its entities distinct keys. With
// as many headers as conversations, every post finds its conversation's
// header (drawn at random, about a third of the conversations had none,
// and 13% of the posts, the hot ones being drawn most, left theirs out).
TEST(Workload, ExistingEntitiesOfAFixedKeySpaceHoldEachKeyOnce) {
  for (const char *Headers : {"4000", "3000"}) {
    SCOPED_TRACE(Headers);
    const schema::SchemaLoad L =
        schema::loadSchemaText(chatYaml("4000", Headers, "touch"), "chat.yaml");
    ASSERT_TRUE(L.ok());
    std::vector<InputError> Errors;
    Workload W = buildWorkloadModel(L.Value, Errors);
    ASSERT_TRUE(Errors.empty());
    WorkloadOptions O;
    O.DurationSeconds = 60;
    generateEvents(W, O);
    const std::uint32_t Meta = W.Ops[W.opIndex("touch")].Family;
    const EntityFamily &F = W.Families[Meta];
    ASSERT_EQ(F.ExistingCount, std::stoul(Headers));
    const int Id = F.propertyIndex("conversationId");
    std::set<std::uint64_t> Keys;
    for (std::uint32_t E = F.FirstExisting;
         E < F.FirstExisting + F.ExistingCount; ++E)
      Keys.insert(W.code(E, Id));
    // Fewer headers than conversations: drawn as any value, a key drawn
    // twice drawn again (at random, 3,000 draws of zipf(0.9) over 4,000
    // keys hit about 1,300 distinct ones).
    EXPECT_GE(Keys.size(), F.ExistingCount * 99 / 100);
    if (F.ExistingCount == 4000) {
      EXPECT_EQ(Keys.size(), 4000u);
      EXPECT_EQ(W.Ops[W.opIndex("touch")].Unaddressed, 0u);
    }
  }
}

// One counter row per tenant, tenants zipf(0.99): the table holds each
// tenant's row once, so merges, deletes and point reads draw their tenant
// as declared (the busiest tenant's row takes its 10.6%) instead of
// picking a row uniformly (each of the 5,000 rows 0.02%). With tenants
// drawn uniformly, no row stands out.
TEST(Workload, AddressedRowsOfAFixedKeySpaceFollowTheDeclaredSkew) {
  for (const char *Distribution : {", distribution: zipf(0.99)", ""})
  for (bool Deletes : {false, true}) {
    SCOPED_TRACE(std::string(Distribution) + (Deletes ? " deletes" : ""));
    const schema::SchemaLoad L = schema::loadSchemaText(
        countersYaml(Distribution, "3000/s", true, Deletes), "counters.yaml");
    ASSERT_TRUE(L.ok());
    WorkloadOptions O;
    O.DurationSeconds = 20;
    Workload W = generate(L.Value, O);
    const std::uint32_t Family = W.Ops[W.opIndex("bump")].Family;
    const int Tenant = W.Families[Family].propertyIndex("tenantId");
    std::map<std::string, std::map<std::uint64_t, std::uint64_t>> PerTenant;
    std::map<std::string, std::uint64_t> Total;
    std::set<std::uint32_t> Deleted;
    for (const WorkloadEvent &E : W.Events) {
      const LogicalOp &Op = W.Ops[E.Op];
      ASSERT_FALSE(Deleted.count(E.Entity))
          << Op.Name << " at " << E.Time << " addresses a deleted row";
      if (Op.Kind == schema::WriteKind::Delete && !Op.IsQuery)
        Deleted.insert(E.Entity);
      ++PerTenant[Op.Name][W.code(E.Entity, Tenant)];
      ++Total[Op.Name];
    }
    if (Deletes) {
      // A deleted row is never addressed again, even its hot tenant's
      // (whose draws then find other rows).
      EXPECT_GT(Deleted.size(), 300u);
      continue;
    }
    for (const char *Name : {"bump", "read-counter"}) {
      SCOPED_TRACE(Name);
      std::uint64_t Busiest = 0;
      for (const auto &[Code, Count] : PerTenant[Name])
        Busiest = std::max(Busiest, Count);
      const double Share = static_cast<double>(Busiest) / Total[Name];
      if (*Distribution)
        EXPECT_NEAR(Share, 0.106, 0.01);
      else
        EXPECT_LT(Share, 0.002);
      EXPECT_EQ(W.Ops[W.opIndex(Name)].Unaddressed, 0u);
    }
  }
}

// Two merges of the conversation's one header in one transaction address
// that one entity twice: the service answers each such transaction with
// 400 (InvalidDuplicateRow), and the replay does too, instead of leaving
// the second merge out.
TEST(Workload, TwoWritesOfAConstantRowKeyInOneTransactionAreOneEntityTwice) {
  const schema::SchemaLoad L = schema::loadSchemaText(
      chatYaml("2000", "2000", "touch, count"), "chat.yaml");
  ASSERT_TRUE(L.ok());
  Replay R;
  WorkloadOptions O;
  O.DurationSeconds = 30;
  runReplay(R, {&L.Value}, O);
  const int Touch = R.W.opIndex("touch"), Count = R.W.opIndex("count");
  std::size_t Pairs = 0;
  for (std::size_t I = 1; I < R.W.Events.size(); ++I)
    if (R.W.Events[I].Op == static_cast<std::uint32_t>(Count)) {
      ASSERT_EQ(R.W.Events[I - 1].Op, static_cast<std::uint32_t>(Touch));
      EXPECT_EQ(R.W.Events[I].Entity, R.W.Events[I - 1].Entity);
      ++Pairs;
    }
  EXPECT_EQ(R.W.Ops[Count].Unaddressed, 0u);
  EXPECT_GT(Pairs, 2000u);
  const DesignResult &D = R.Results[0];
  EXPECT_EQ(D.ClientErrors, op(D, "post").Issued);
  EXPECT_EQ(op(D, "post").Completed, 0u);
}

TEST(Workload, QueriesUseValuesOfEntitiesWrittenBefore) {
  schema::Schema S = telemetrySchema(200);
  S.Tables[0].Queries.push_back(
      query("device-day",
            "PartitionKey eq '{readingTime:yyyyMMdd}' and "
            "deviceId eq '{deviceId}'",
            20));
  WorkloadOptions O;
  O.DurationSeconds = 30;
  Workload W = generate(S, O);
  std::set<std::uint32_t> Written;
  std::uint64_t Queries = 0;
  for (const WorkloadEvent &E : W.Events) {
    if (!W.Ops[E.Op].IsQuery) {
      Written.insert(E.Entity);
      continue;
    }
    ++Queries;
    if (!Written.empty())
      EXPECT_TRUE(Written.count(E.Entity)) << "query at " << E.Time;
  }
  EXPECT_NEAR(static_cast<double>(Queries), 600, 5 * std::sqrt(600.0));
}

TEST(Workload, SlowlyChangingValueIsTheSameForAWholePeriod) {
  // The current season changes every hour here: every insert of the first
  // hour takes one value of the list, every insert of the second the next.
  schema::Schema S = telemetrySchema(20);
  schema::Property Season = property("season", EdmType::String);
  Season.Values = {"spring", "summer", "autumn", "winter"};
  Season.ChangesEverySeconds = 3600;
  S.Tables[0].Properties.push_back(Season);
  WorkloadOptions O;
  O.DurationSeconds = 7200;
  Workload W = generate(S, O);
  const int P = W.Families[0].propertyIndex("season");
  ASSERT_GE(P, 0);
  std::set<std::string> First, Second;
  EdmValue V;
  for (const WorkloadEvent &E : W.Events) {
    W.value(E.Entity, static_cast<std::uint32_t>(P), V);
    (E.Time < 3600 ? First : Second).insert(V.Text);
  }
  ASSERT_EQ(First.size(), 1u);
  ASSERT_EQ(Second.size(), 1u);
  EXPECT_NE(*First.begin(), *Second.begin());
  const std::vector<std::string> &List = Season.Values;
  const auto At = std::find(List.begin(), List.end(), *First.begin());
  ASSERT_NE(At, List.end());
  EXPECT_EQ(*Second.begin(), List[(At - List.begin() + 1) % List.size()])
      << "the next value of the list";
}

// Readings of a series (the entity carries the clock): each device of a
// uniform domain reports once per round of its count, in an order the seed
// fixes, as a collector sampling every device in its period does; drawn
// independently, a device would report twice within a few draws.
TEST(Workload, ReadingsOfASeriesComeFromEachDeviceInTurn) {
  schema::Schema S = telemetrySchema(400);
  S.Tables[0].Properties[0].Distinct = 200;
  WorkloadOptions O;
  O.DurationSeconds = 30;
  Workload W = generate(S, O);
  ASSERT_GT(W.Events.size(), 10000u);
  std::vector<std::string> Devices;
  std::map<std::string, int> Status;
  EdmValue V;
  for (const WorkloadEvent &E : W.Events) {
    W.value(E.Entity, 0, V);
    Devices.push_back(V.Text);
    W.value(E.Entity, 3, V);
    ++Status[V.Text];
  }
  // Any 200 consecutive readings come from 200 devices.
  for (std::size_t I = 0; I + 200 <= Devices.size(); I += 37) {
    const std::set<std::string> Window(Devices.begin() + I,
                                       Devices.begin() + I + 200);
    ASSERT_EQ(Window.size(), 200u) << "readings " << I << " to " << I + 199;
  }
  // The order is not the order of the domain: neighbours in time are
  // devices far apart.
  EXPECT_NE(Devices[1], "deviceId-" + std::to_string(
                                          std::stoi(Devices[0].substr(9)) + 1));
  // A value list is no identity: its weights hold, drawn independently.
  EXPECT_NEAR(Status["failing"] / static_cast<double>(Devices.size()), 0.001,
              0.001);

  // Without the clock (the time drawn from a domain) the entities are no
  // series: devices are drawn independently and repeat within a round.
  S.Tables[0].Properties[1].Grows = false;
  S.Tables[0].Properties[1].Distinct = 1000;
  const Workload Independent = generate(S, O);
  std::set<std::string> FirstRound;
  for (std::size_t I = 0; I < 200; ++I) {
    Independent.value(Independent.Events[I].Entity, 0, V);
    FirstRound.insert(V.Text);
  }
  EXPECT_LT(FirstRound.size(), 180u);
}

// A datetime with a domain of 30 values that the partition key formats as
// a day (booking slots 30 days ahead): the schema checks count 30
// partitions, and the replay must not draw 30 seconds of one day.
TEST(Workload, ADatetimeDomainSpreadsOverTheUnitItsKeyFormats) {
  const schema::SchemaLoad L = schema::loadSchemaText(
      "version: 1\n"
      "accounts: [{name: a, region: westeurope}]\n"
      "tables:\n"
      "  - name: Bookings\n"
      "    account: a\n"
      "    partitionKey: \"{slotDay:yyyyMMdd}_{resourceId}\"\n"
      "    rowKey: \"{slotTime}\"\n"
      "    properties:\n"
      "      slotDay: {type: datetime, distinct: 30}\n"
      "      resourceId: {type: string, distinct: 100}\n"
      "      slotTime: {type: string, distinct: 32}\n"
      "    writes:\n"
      "      - {name: book, op: insert-or-replace, rate: 2/s}\n",
      "bookings.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors.front().str();
  WorkloadOptions O;
  O.DurationSeconds = 600;
  const Workload W = generate(L.Value, O);
  const auto Day = static_cast<std::int64_t>(86400) * 10000000;
  const int Slot = W.Families[0].propertyIndex("slotDay");
  ASSERT_GE(Slot, 0);
  std::set<std::int64_t> SlotDays;
  for (const WorkloadEvent &E : W.Events) {
    const auto SlotTicks = static_cast<std::int64_t>(
        W.code(E.Entity, static_cast<std::uint32_t>(Slot)));
    SlotDays.insert(SlotTicks / Day);
  }
  EXPECT_EQ(SlotDays.size(), 30u);
}

// An index table declared before the table it indexes, kept by the same
// write: the write's entities are those of the table that has every
// property of both tables' keys, whichever comes first.
TEST(Workload, AMirroredWriteWritesTheEntitiesOfTheTableThatHasAllItsKeys) {
  const schema::SchemaLoad L = schema::loadSchemaText(
      "version: 1\n"
      "accounts: [{name: a, region: westeurope}]\n"
      "tables:\n"
      "  - name: ByStatus\n"
      "    account: a\n"
      "    partitionKey: \"{status}\"\n"
      "    rowKey: \"{deviceId}\"\n"
      "    properties:\n"
      "      status: {type: string, values: [ok, fail]}\n"
      "      deviceId: {type: string, distinct: 1000}\n"
      "    writes:\n"
      "      - {name: ingest, op: insert-or-replace, rate: 50/s}\n"
      "  - name: Readings\n"
      "    account: a\n"
      "    partitionKey: \"{deviceId}\"\n"
      "    rowKey: \"{readingTime|reverse}\"\n"
      "    properties:\n"
      "      deviceId: {type: string, distinct: 1000}\n"
      "      readingTime: {type: datetime, grows: true}\n"
      "      status: {type: string, values: [ok, fail]}\n"
      "    writes:\n"
      "      - {name: ingest, op: insert-or-replace, rate: 50/s}\n",
      "mirrored.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors.front().str();
  WorkloadOptions O;
  O.DurationSeconds = 10;
  const Workload W = generate(L.Value, O);
  const int Ingest = W.opIndex("ingest");
  ASSERT_GE(Ingest, 0);
  EXPECT_EQ(W.Families[W.Ops[static_cast<std::size_t>(Ingest)].Family].Table,
            "Readings");
  std::vector<InputError> Errors;
  const DesignPlan Plan = planDesign(W, L.Value, "current", Errors);
  EXPECT_TRUE(Errors.empty()) << Errors.front().str();
  EXPECT_EQ(Plan.Writes[static_cast<std::size_t>(Ingest)].size(), 2u);
}

TEST(Workload, SameSeedSameWorkload) {
  schema::Schema S = telemetrySchema(300);
  WorkloadOptions O;
  O.DurationSeconds = 20;
  Workload A = generate(S, O), B = generate(S, O);
  O.Seed = 2;
  Workload C = generate(S, O);
  ASSERT_EQ(A.Events.size(), B.Events.size());
  EdmValue VA, VB;
  for (std::size_t I = 0; I < A.Events.size(); ++I) {
    ASSERT_EQ(A.Events[I].Time, B.Events[I].Time);
    A.value(A.Events[I].Entity, 0, VA);
    B.value(B.Events[I].Entity, 0, VB);
    ASSERT_EQ(VA.Text, VB.Text);
  }
  EXPECT_NE(A.Events.size() == C.Events.size() &&
                A.Events.front().Time == C.Events.front().Time,
            true);
}

TEST(Workload, BadValueListIsAnInputError) {
  schema::Schema S = telemetrySchema(1);
  schema::Property P = property("level", EdmType::Int32);
  P.Values = {"1", "high"};
  P.Pos = {12, 7};
  S.Tables[0].Properties.push_back(P);
  std::vector<InputError> Errors;
  buildWorkloadModel(S, Errors);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].str(),
            "current.yaml:12:7: error: value 'high' of property 'level' is "
            "not of type int32");
}

// An event names its op in 16 bits: past MaxOps queries and writes the
// model refuses the first that does not fit, where it is declared, once,
// and keeps the ops before it (whose events name them correctly).
TEST(Workload, RefusesTheOpsPastWhatAnEventCanName) {
  schema::Schema S = telemetrySchema(10);
  schema::Table &T = S.Tables[0];
  for (std::size_t I = 0; I < MaxOps + 2; ++I) {
    schema::Query Q = query("q" + std::to_string(I),
                            "PartitionKey eq '{readingTime:yyyyMMdd}'", 0.001);
    Q.Pos = {static_cast<unsigned>(I + 10), 7};
    T.Queries.push_back(Q);
  }
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(S, Errors);
  ASSERT_EQ(Errors.size(), 1u);
  // The write is op 0, so query MaxOps - 1 is the first past the limit.
  EXPECT_EQ(Errors[0].str(),
            "current.yaml:" + std::to_string(MaxOps - 1 + 10) +
                ":7: error: the replay models at most 65535 queries and "
                "writes; this one and those after it are beyond that");
  ASSERT_EQ(W.Ops.size(), MaxOps);
  EXPECT_EQ(W.Ops.back().Name, "q" + std::to_string(MaxOps - 2));
  EXPECT_LT(W.opIndex("q" + std::to_string(MaxOps - 1)), 0);

  // The last op that fits is named by its events.
  W.Ops.back().PerSecond = 5;
  WorkloadOptions O;
  O.DurationSeconds = 10;
  generateEvents(W, O);
  std::size_t OfLast = 0;
  for (const WorkloadEvent &E : W.Events)
    OfLast += E.Op == MaxOps - 1;
  EXPECT_GT(OfLast, 20u);
}

} // namespace
} // namespace tablelint::replay
