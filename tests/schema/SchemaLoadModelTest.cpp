// The load model and the check runner on schemas built in code: the figures
// the messages explain, the finding fields reporters rely on, options.
#include "checks/schema/Load.h"
#include "checks/schema/SchemaChecks.h"
#include "checks/schema/SchemaLint.h"

#include "core/AtomicFile.h"
#include "core/schema/EntityTypes.h"
#include "core/schema/TableSize.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>

namespace tablelint::schema {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

KeyTemplate key(const std::string &Text) {
  std::string Error;
  std::optional<KeyTemplate> K = parseKeyTemplate(Text, Error);
  EXPECT_TRUE(K) << Error;
  return K ? *K : KeyTemplate();
}

Property prop(const std::string &Name, EdmType Type) {
  Property P;
  P.Name = Name;
  P.Type = Type;
  P.Path = "tables[T].properties[" + Name + "]";
  return P;
}

Table table(const std::string &Pk, std::vector<Property> Props) {
  Table T;
  T.Name = "T";
  T.Account = "a";
  T.Path = "tables[T]";
  T.PartitionKey = key(Pk);
  T.RowKey = key("r");
  T.Properties = std::move(Props);
  return T;
}

Write write(const std::string &Name, double Rate) {
  Write W;
  W.Name = Name;
  W.Frequency.PerSecond = Rate;
  W.Path = "tables[T].writes[" + Name + "]";
  W.Pos = {12, 9};
  return W;
}

// Figures in messages stay readable at every size: a table scan of 851
// billion entities at 4,000/s is 3.41e+15 entities/s, not "3.41e+06
// billion".
TEST(LoadModel, FiguresReadAtEverySize) {
  EXPECT_EQ(formatFigure(1523), "1523");
  EXPECT_EQ(formatFigure(15.6e6), "15.6 million");
  EXPECT_EQ(formatFigure(851e9), "851 billion");
  EXPECT_EQ(formatFigure(14.2e12), "14.2 trillion");
  EXPECT_EQ(formatFigure(999e12), "999 trillion");
  EXPECT_EQ(formatFigure(3.41e15), "3.41e+15");
  EXPECT_EQ(formatFigure(999.7e6), "1 billion");
  EXPECT_EQ(formatFigure(999.7e12), "1e+15");
}

TEST(LoadModel, GeneralizedHarmonicNumbers) {
  EXPECT_DOUBLE_EQ(generalizedHarmonic(1, 0.99), 1.0);
  EXPECT_NEAR(generalizedHarmonic(4, 1), 1 + 0.5 + 1.0 / 3 + 0.25, 1e-12);
  // Beyond a million terms the tail is integrated: H(10^7, 1) = ln + gamma.
  EXPECT_NEAR(generalizedHarmonic(10000000, 1),
              std::log(1e7) + 0.5772156649 + 0.5e-7, 1e-6);
  // The zipf(0.99) top share over 500 tenants the hot-partition rule's
  // documentation quotes (~14%).
  EXPECT_NEAR(1 / generalizedHarmonic(500, 0.99), 0.143, 0.001);
}

// 100 tenants drawn hotspot(Data, Ops).
Property hotspotTenant(double Data, double Ops) {
  Property Tenant = prop("tenant", EdmType::String);
  Tenant.Distinct = 100;
  Tenant.Dist.Kind = DistributionKind::Hotspot;
  Tenant.Dist.HotDataFraction = Data;
  Tenant.Dist.HotOpFraction = Ops;
  return Tenant;
}

TEST(LoadModel, KeySharesByDistribution) {
  const Property Tenant = hotspotTenant(0.2, 0.8);
  Property Day = prop("day", EdmType::DateTime);
  Day.Grows = true;
  Property Id = prop("id", EdmType::Guid);
  const Table T = table("{tenant}", {Tenant, Day, Id});

  // hotspot(0.2, 0.8) over 100: each of the 20 hot values gets 4%.
  KeyShare S = keyShare(T, key("{tenant}"));
  ASSERT_TRUE(S.Known);
  EXPECT_NEAR(S.Top, 0.04, 1e-12);
  EXPECT_TRUE(S.Skewed);
  // A time key takes everything; a hash:8 bucket of it an eighth.
  S = keyShare(T, key("{day:yyyyMMdd}"));
  EXPECT_TRUE(S.Sequential);
  EXPECT_DOUBLE_EQ(S.Top, 1);
  S = keyShare(T, key("{day|hash:8}_{day:yyyyMMdd}"));
  EXPECT_FALSE(S.Sequential);
  EXPECT_DOUBLE_EQ(S.Top, 0.125);
  // Shares multiply: hot tenant x its day.
  S = keyShare(T, key("{tenant}_{day:yyyyMMdd}"));
  EXPECT_NEAR(S.Top, 0.04, 1e-12);
  EXPECT_TRUE(S.Sequential);
  // A unique guid: every entity has its own key.
  S = keyShare(T, key("{id}"));
  EXPECT_DOUBLE_EQ(S.Top, 0);
  EXPECT_FALSE(S.Distinct);
  // Constant.
  S = keyShare(T, key("all"));
  EXPECT_DOUBLE_EQ(S.Top, 1);
  EXPECT_EQ(*S.Distinct, 1);
  // Undeclared property: nothing decided.
  S = keyShare(T, key("{missing}"));
  EXPECT_FALSE(S.Known);
  EXPECT_EQ(S.Undeclared, std::vector<std::string>{"missing"});
}

TEST(LoadModel, PerKeyBucketsSpreadEachHeavyValueOverItsOwnCount) {
  // hotspot(0.01, 0.6) over 100 tenants: tenant-0 takes 60%, each of the
  // other 99 0.4/99, as the replay draws them.
  const Property Tenant = hotspotTenant(0.01, 0.6);
  Property Id = prop("id", EdmType::Guid);
  Table T = table("{tenant}_{id|hash:8}", {Tenant, Id});
  EXPECT_NEAR(*valueShareOf(Tenant, "tenant-0"), 0.6, 1e-12);
  EXPECT_NEAR(*valueShareOf(Tenant, "tenant-7"), 0.4 / 99, 1e-12);
  EXPECT_DOUBLE_EQ(*valueShareOf(Tenant, "someone"), 0);
  EXPECT_NEAR(*busiestShareExcept(Tenant, {"tenant-0"}), 0.4 / 99, 1e-12);
  // Without per-key buckets every tenant spreads over the 8.
  EXPECT_NEAR(keyShare(T, T.PartitionKey).Top, 0.6 / 8, 1e-12);
  // With them: tenant-0 over its 8, every other tenant in one partition.
  KeyBuckets B;
  B.By = "tenant";
  B.Heavy = {{"tenant-0", 8}};
  T.Buckets = B;
  KeyShare S = keyShare(T, T.PartitionKey);
  EXPECT_NEAR(S.Top, 0.6 / 8, 1e-12);
  EXPECT_THAT(S.why(), HasSubstr("per-key buckets of 'tenant'"));
  // 100 tenants' partitions and tenant-0's 7 more.
  ASSERT_TRUE(S.Distinct);
  EXPECT_DOUBLE_EQ(*S.Distinct, 107);
  // Too few buckets for it: the heavy value decides the busiest partition.
  T.Buckets->Heavy = {{"tenant-0", 2}};
  EXPECT_NEAR(keyShare(T, T.PartitionKey).Top, 0.3, 1e-12);
  // Other key templates of the table are not per-key.
  EXPECT_NEAR(keyShare(T, key("{tenant}")).Top, 0.6, 1e-12);
}

// A sharded counter: each write of a code goes to one of its shards, so
// the busiest partition takes a quarter of the busiest code's writes, and
// hot-partition is silent where the same counter unsharded is reported.
TEST(LoadModel, ShardsSpreadOneKeysWritesOverItsShards) {
  const std::string Text =
      readFile(std::string(TABLELINT_SOURCE_DIR) +
               "/test-inputs/schemas/loader/good/sharded-counter.yaml")
          .value_or("");
  ASSERT_FALSE(Text.empty());
  const SchemaLintResult Sharded =
      lintSchemaText(Text, "sharded.yaml", defaultSchemaCheckOptions());
  ASSERT_TRUE(Sharded.Errors.empty()) << Sharded.Errors.front().str();
  const Table &T = Sharded.Model.Tables.at(0);
  const double Code = keyShare(T, key("{code}")).Top;
  EXPECT_GT(Code, 0.2);
  EXPECT_NEAR(keyShare(T, T.PartitionKey).Top, Code / 4, 1e-12);
  auto HotPartitions = [](const SchemaLintResult &R) {
    unsigned N = 0;
    for (const Finding &F : R.Findings)
      N += F.RuleId == "hot-partition" && F.Anchor == "tables[ClickCounts]";
    return N;
  };
  EXPECT_EQ(HotPartitions(Sharded), 0u);
  std::string Whole = Text;
  for (const std::string &Cut : {std::string("_{shard}"),
                                 std::string("    shards: 4\n")})
    for (std::size_t At; (At = Whole.find(Cut)) != std::string::npos;)
      Whole.erase(At, Cut.size());
  const SchemaLintResult One =
      lintSchemaText(Whole, "one.yaml", defaultSchemaCheckOptions());
  ASSERT_TRUE(One.Errors.empty()) << One.Errors.front().str();
  EXPECT_EQ(HotPartitions(One), 1u);
}

TEST(LoadModel, TableSizeFromEntitiesOrRetention) {
  Table T = table("{id}", {prop("id", EdmType::Guid)});
  T.Writes.push_back(write("w", 10));
  EXPECT_FALSE(tableSize(T).Known);
  T.RetentionSeconds = 86400;
  TableSize S = tableSize(T);
  ASSERT_TRUE(S.Known);
  EXPECT_DOUBLE_EQ(S.Entities, 864000);
  EXPECT_THAT(S.Why, HasSubstr("10 inserts/s kept for 1 days"));
  T.Entities = 5;
  EXPECT_DOUBLE_EQ(tableSize(T).Entities, 5);
}

// Counters upserted per tenant, hour and meter: the table holds the keys
// its templates form over the retention, not every write.
TEST(LoadModel, TableSizeBoundedByTheKeysTheTemplatesForm) {
  Property Tenant = prop("tenantId", EdmType::Guid);
  Tenant.Distinct = 20000;
  Property Hour = prop("hour", EdmType::DateTime);
  Hour.Grows = true;
  Property Meter = prop("meter", EdmType::String);
  Meter.Values = {"api-calls", "storage-gb", "seats", "emails"};
  Table T = table("{tenantId}", {Tenant, Hour, Meter});
  T.RowKey = key("{hour:yyyyMMddHH}_{meter}");
  T.Writes.push_back(write("meter", 3000));
  T.Writes.back().Op = WriteKind::InsertOrMerge;
  T.RetentionSeconds = 400 * 86400.0;
  // 20000 tenants x 4 meters x 9601 hours (both ends of 400 days).
  ASSERT_EQ(keySpaceOver(T, *T.RetentionSeconds), 20000.0 * 4 * 9601);
  TableSize S = tableSize(T);
  ASSERT_TRUE(S.Known);
  EXPECT_DOUBLE_EQ(S.Entities, 20000.0 * 4 * 9601);
  EXPECT_THAT(S.Why, HasSubstr("3000 inserts/s kept for 400 days, at most "
                               "the 768 million distinct keys"));
  // Hashed only, a property takes at most its buckets.
  T.RowKey = key("{hour:yyyyMMddHH}_{meter|hash:2}");
  EXPECT_EQ(keySpaceOver(T, *T.RetentionSeconds), 20000.0 * 2 * 9601);
  // A guid without `distinct`, or a time to the tick, bounds nothing:
  // every insert adds an entity.
  T.RowKey = key("{hour}_{meter}");
  EXPECT_EQ(keySpaceOver(T, *T.RetentionSeconds),
            20000.0 * 4 * (400 * 86400.0 * 1e7 + 1));
  EXPECT_DOUBLE_EQ(tableSize(T).Entities, 3000 * 400 * 86400.0);
  T.Properties[0].Distinct.reset();
  T.RowKey = key("{hour:yyyyMMddHH}_{meter}");
  EXPECT_FALSE(keySpaceOver(T, *T.RetentionSeconds));
  EXPECT_THAT(tableSize(T).Why, HasSubstr("every insert assumed to add one"));
}

TEST(LoadModel, EntitySizeByTheServiceFormula) {
  Property Name = prop("name", EdmType::String);
  Name.Bytes = 10;
  Table T = table("pk", {Name, prop("n", EdmType::Int32)});
  // 4 + 2*(2+1) + (8 + 2*4 + 2*10+4) + (8 + 2*1 + 4)
  EXPECT_DOUBLE_EQ(entitySize(T).BillingBytes, 4 + 6 + 40 + 14);
  EXPECT_TRUE(entitySize(T).Exact);
}

Schema withTable(Table T) {
  Schema S;
  S.File = "t.yaml";
  Account A;
  A.Name = "a";
  A.Path = "accounts[a]";
  S.Accounts.push_back(A);
  S.Tables.push_back(std::move(T));
  return S;
}

// The findings of rule Rule on a schema holding only T.
std::vector<Finding> findingsOf(const Table &T, const std::string &Rule) {
  std::vector<Finding> Found;
  for (Finding &F : runSchemaChecks(withTable(T), defaultSchemaCheckOptions()))
    if (F.RuleId == Rule)
      Found.push_back(std::move(F));
  return Found;
}

// Orders under one partition per customer (10 of them): 200 headers and
// 800 lines, and 5000 index entities kept under their own partition key.
Table customerOrders() {
  Property Customer = prop("customerId", EdmType::String);
  Customer.Distinct = 10;
  Table T = table("{customerId}", {Customer, prop("orderId", EdmType::Guid)});
  T.RowKey = KeyTemplate();
  Property Status = prop("status", EdmType::String);
  Status.Values = {"placed", "shipped"};
  Status.Weights = {0.1, 0.9};
  Property PlacedAt = prop("placedAt", EdmType::DateTime);
  PlacedAt.Grows = true;
  Property Sku = prop("sku", EdmType::String);
  Sku.Distinct = 100;
  EntityType Header;
  Header.Name = "header";
  Header.RowKey = key("order_{orderId}");
  Header.Properties = {Status, PlacedAt};
  Header.Entities = 200;
  EntityType Line;
  Line.Name = "line";
  Line.RowKey = key("line_{orderId}_{lineNo:D3}");
  Line.Properties = {prop("lineNo", EdmType::Int32), Sku};
  Line.Entities = 800;
  EntityType BySku;
  BySku.Name = "by-sku";
  BySku.PartitionKey = key("sku_{sku}");
  BySku.RowKey = key("{orderId}");
  BySku.Properties = {Sku};
  BySku.Entities = 5000;
  T.EntityTypes = {Header, Line, BySku};
  return T;
}

// The same headers alone, in a table of one type.
Table customerHeaders() {
  const Table Orders = customerOrders();
  Table T = entityTypeViews(Orders)[0];
  T.EntityTypes.clear();
  T.Entities = 200;
  return T;
}

Query headerQuery(const std::string &Filter) {
  Query Q;
  Q.Name = "q";
  Q.Path = "tables[T].queries[q]";
  Q.Filter = Filter;
  Q.EntityTypeName = "header";
  Q.Frequency.PerSecond = 2;
  return Q;
}

TEST(LoadModel, PartitionScanReadsEveryTypeOfThePartition) {
  const Table Orders = customerOrders();
  const Table Headers = entityTypeViews(Orders)[0];
  const Query Q =
      headerQuery("PartitionKey eq '{customerId}' and status eq 'placed'");
  const QueryAnalysis A = analyzeQuery(Headers, Q, &Orders);
  ASSERT_EQ(A.Filter.Scope.Class, QueryClass::PartitionScan);
  // 20 headers and 80 lines per customer; the index entities live under
  // 'sku_{sku}', in other partitions.
  ASSERT_TRUE(A.Scanned);
  EXPECT_DOUBLE_EQ(*A.Scanned, 100);
  EXPECT_EQ(A.ScannedWhy,
            "every entity of the partition, of its 2 entity types (20 of "
            "this one: declared entities: 200 x 10% in the busiest partition "
            "(uniform over 10 'customerId' values))");
  // 'status' is a header's: 10% of the 20 headers match.
  ASSERT_TRUE(A.Matches && A.Returned);
  EXPECT_DOUBLE_EQ(*A.Matches, 2);
  EXPECT_DOUBLE_EQ(*A.Returned, 2);
  // The partition's load counts every entity read: 2/s x 10% x 100.
  ASSERT_TRUE(A.Load.HottestPartitionEntitiesPerSecond);
  EXPECT_DOUBLE_EQ(*A.Load.HottestPartitionEntitiesPerSecond, 20);

  // `top` stops the scan once the matches are found, among every type's
  // entities: 1 placed header per 10 headers, 5 entities read per header.
  Query Top = Q;
  Top.Top = 1;
  const QueryAnalysis T = analyzeQuery(Headers, Top, &Orders);
  ASSERT_TRUE(T.Scanned);
  EXPECT_DOUBLE_EQ(*T.Scanned, 50);
}

TEST(LoadModel, PartitionKeyEqualityReturnsEveryTypeOfThePartition) {
  const Table Orders = customerOrders();
  const Table Headers = entityTypeViews(Orders)[0];
  const QueryAnalysis A =
      analyzeQuery(Headers, headerQuery("PartitionKey eq '{customerId}'"),
                   &Orders);
  // The header and the lines of the customer's orders, as replay returns
  // them: (200 + 800) over 10 partitions.
  ASSERT_TRUE(A.Matches);
  EXPECT_DOUBLE_EQ(*A.Matches, 100);
  EXPECT_EQ(A.MatchesWhy, "the whole partition, of its 2 entity types (20 of "
                          "this one: declared entities: 200 over 10 "
                          "partitions)");
  EXPECT_FALSE(A.AllForNewest);
}

TEST(LoadModel, LatestNOfAPartitionOfSeveralTypesReadsThemAll) {
  const Table Orders = customerOrders();
  const Table Headers = entityTypeViews(Orders)[0];
  Query Q = headerQuery("PartitionKey eq '{customerId}'");
  Q.Top = 5;
  Q.Newest = "placedAt";
  const QueryAnalysis A = analyzeQuery(Headers, Q, &Orders);
  ASSERT_TRUE(A.AllForNewest);
  EXPECT_DOUBLE_EQ(*A.AllForNewest, 100);
  EXPECT_EQ(A.AllForNewestWhy, A.MatchesWhy);
  // The partition-scan rule reports that figure.
  Table Declared = Orders;
  Declared.Name = "Orders";
  Declared.Queries = {Q};
  const std::vector<Finding> Found = findingsOf(Declared, "partition-scan");
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_THAT(Found[0].Message,
              HasSubstr("each execution reads about 100 entities (the whole "
                        "partition, of its 2 entity types (20 of this one: "
                        "declared entities: 200 over 10 partitions)) and "
                        "keeps the last 5, 200 entities/s at 2/s"));
}

TEST(LoadModel, PartitionReadsOfATableOfOneTypeKeepTheirFigures) {
  const Table Headers = customerHeaders();
  const QueryAnalysis Scan = analyzeQuery(
      Headers,
      headerQuery("PartitionKey eq '{customerId}' and status eq 'placed'"),
      &Headers);
  ASSERT_TRUE(Scan.Scanned && Scan.Matches);
  EXPECT_DOUBLE_EQ(*Scan.Scanned, 20);
  EXPECT_EQ(Scan.ScannedWhy,
            "every entity of the partition (declared entities: 200 x 10% in "
            "the busiest partition (uniform over 10 'customerId' values))");
  EXPECT_DOUBLE_EQ(*Scan.Matches, 2);
  Query Latest = headerQuery("PartitionKey eq '{customerId}'");
  Latest.Top = 5;
  Latest.Newest = "placedAt";
  const QueryAnalysis A = analyzeQuery(Headers, Latest, &Headers);
  ASSERT_TRUE(A.Matches && A.AllForNewest);
  EXPECT_DOUBLE_EQ(*A.Matches, 20);
  EXPECT_DOUBLE_EQ(*A.AllForNewest, 20);
  EXPECT_EQ(A.MatchesWhy,
            "the whole partition: declared entities: 200 over 10 partitions");
  // A type's view judged without its table (as suggest does) too.
  const Table Orders = customerOrders();
  const QueryAnalysis Alone =
      analyzeQuery(entityTypeViews(Orders)[0], Latest);
  ASSERT_TRUE(Alone.AllForNewest);
  EXPECT_DOUBLE_EQ(*Alone.AllForNewest, 20);
}

Property zipf(const std::string &Name, std::uint64_t Distinct, double S) {
  Property P = prop(Name, EdmType::String);
  P.Distinct = Distinct;
  P.Dist.Kind = DistributionKind::Zipf;
  P.Dist.Param = S;
  P.Dist.Text = "zipf(" + formatFigure(S) + ")";
  return P;
}

double harmonicSquareShare(std::uint64_t N, double S) {
  const double H = generalizedHarmonic(N, S);
  return generalizedHarmonic(N, 2 * S) / (H * H);
}

// Two operations picking their keys by the same distribution meet on one
// key with the sum of the squared shares: what a read that picks its key
// as the writes did finds under it, as a share of the table.
TEST(LoadModel, CollisionShareByDistribution) {
  Property Tenant = prop("tenant", EdmType::String);
  Tenant.Distinct = 100;
  Property Hot = Tenant;
  Hot.Name = "hot";
  Hot.Dist.Kind = DistributionKind::Hotspot;
  Hot.Dist.HotDataFraction = 0.2;
  Hot.Dist.HotOpFraction = 0.8;
  Property Kind = prop("kind", EdmType::String);
  Kind.Values = {"card", "fee"};
  Kind.Weights = {0.9, 0.1};
  const Table T = table("{tenant}", {Tenant, Hot, Kind,
                                     zipf("accountId", 10000, 0.99),
                                     zipf("code", 1000000, 1.2)});
  EXPECT_DOUBLE_EQ(keyShare(T, key("{tenant}")).Collision, 0.01);
  // 20 hot values of 4% and 80 cold of 0.25%.
  EXPECT_NEAR(keyShare(T, key("{hot}")).Collision,
              20 * 0.04 * 0.04 + 80 * 0.0025 * 0.0025, 1e-12);
  EXPECT_NEAR(keyShare(T, key("{kind}")).Collision, 0.82, 1e-12);
  // zipf(0.99) over 10000: the busiest holds 9.8%, a pick meets 1.6%.
  const KeyShare Accounts = keyShare(T, key("{accountId}"));
  EXPECT_NEAR(Accounts.Top, 0.0978, 1e-4);
  EXPECT_NEAR(Accounts.Collision, harmonicSquareShare(10000, 0.99), 1e-12);
  EXPECT_NEAR(Accounts.Collision, 0.0159, 1e-4);
  // Hashed into 16 buckets: the same value, or two the hash puts together.
  const double C = harmonicSquareShare(1000000, 1.2);
  EXPECT_NEAR(keyShare(T, key("{code|hash:16}")).Collision, C + (1 - C) / 16,
              1e-12);
  // Independent properties multiply.
  EXPECT_NEAR(keyShare(T, key("{tenant}_{kind}")).Collision, 0.01 * 0.82,
              1e-12);
}

// 1M codes, one entity each, hashed into 16 buckets: a bucket holds the
// 62,500 codes that hash into it, however often each is read.
Table linkTable(const std::string &RowKey) {
  Table T = table("{code|hash:16}", {zipf("code", 1000000, 1.2),
                                      prop("eventId", EdmType::Guid)});
  T.RowKey = key(RowKey);
  T.Entities = 1000000;
  return T;
}

TEST(LoadModel, BusiestPartitionHoldsAtMostTheKeysItCanForm) {
  const PartitionSize Links = busiestPartitionSize(linkTable("{code}"));
  ASSERT_TRUE(Links.Known);
  EXPECT_DOUBLE_EQ(Links.Entities, 62500);
  EXPECT_THAT(Links.Why,
              HasSubstr("declared entities: 1 million, at most the 62500 "
                        "keys one partition can hold (1 million distinct "
                        "keys over 16 partition keys; the skew (zipf(1.2) "
                        "over 1 million 'code' values puts 19% on the "
                        "busiest, hashed into 16 buckets) decides which "
                        "partition operations pick, not how many entities "
                        "it holds)"));
  // The partition an execution reads is as large: every bucket is.
  EXPECT_DOUBLE_EQ(expectedPartitionRead(linkTable("{code}")).Entities, 62500);
  // Events created with the skew, one guid each: the busiest bucket does
  // hold 24% of them.
  const PartitionSize Events = busiestPartitionSize(linkTable("{eventId}"));
  ASSERT_TRUE(Events.Known);
  EXPECT_NEAR(Events.Entities, 240188, 1);
  EXPECT_THAT(Events.Why, HasSubstr("declared entities: 1 million x 24% in "
                                    "the busiest partition"));
  // A bucket scan: the partition rule sees 1/s x 24% x 62,500.
  Table T = linkTable("{code}");
  Query Q;
  Q.Name = "bucket";
  Q.Filter = "PartitionKey eq '{code|hash:16}'";
  Q.Frequency.PerSecond = 1;
  Property Expires = prop("expiresAt", EdmType::DateTime);
  T.Properties.push_back(Expires);
  Q.Filter += " and expiresAt lt datetime'{expiresAt}'";
  const QueryAnalysis A = analyzeQuery(T, Q);
  ASSERT_TRUE(A.Scanned && A.Load.HottestPartitionEntitiesPerSecond &&
              A.Load.AccountEntitiesPerSecond);
  EXPECT_DOUBLE_EQ(*A.Scanned, 62500);
  EXPECT_NEAR(*A.Load.HottestPartitionEntitiesPerSecond, 15012, 1);
  EXPECT_DOUBLE_EQ(*A.Load.AccountEntitiesPerSecond, 62500);
}

// 0.5 scans/s of one account's fees over 10,000 zipf(0.99) accounts:
// each execution reads the partition of the account it picks, 1M x 1.6%
// on average, not the busiest account's 97,806.
Table ledger() {
  Property Kind = prop("kind", EdmType::String);
  Kind.Values = {"card", "fee"};
  Kind.Weights = {0.9, 0.1};
  Table T = table("{accountId}", {zipf("accountId", 10000, 0.99),
                                   prop("txnId", EdmType::Guid), Kind});
  T.Name = "Entries";
  T.RowKey = key("{txnId}");
  T.Entities = 1000000;
  T.Writes.push_back(write("post", 10));
  Query Q;
  Q.Name = "fees";
  Q.Filter = "PartitionKey eq '{accountId}' and kind eq 'fee'";
  Q.Frequency.PerSecond = 0.5;
  Q.Path = "tables[Entries].queries[fees]";
  T.Queries.push_back(Q);
  return T;
}

TEST(LoadModel, PartitionScanCountsTheExpectedPartitionOnTheAccount) {
  const Table T = ledger();
  const double Mean = 1e6 * harmonicSquareShare(10000, 0.99);
  const QueryAnalysis A = analyzeQuery(T, T.Queries[0]);
  ASSERT_TRUE(A.Scanned && A.AccountScanned);
  // The partition checks keep the busiest.
  EXPECT_NEAR(*A.Scanned, 97806, 1);
  ASSERT_TRUE(A.Load.HottestPartitionEntitiesPerSecond);
  EXPECT_NEAR(*A.Load.HottestPartitionEntitiesPerSecond, 4783, 1);
  // The account serves the mean read: ~15,917 x 0.5/s.
  EXPECT_NEAR(*A.AccountScanned, Mean, 1e-6);
  EXPECT_NEAR(Mean, 15917, 1);
  EXPECT_THAT(A.AccountScannedWhy,
              HasSubstr("x 1.6% expected in the partition an execution "
                        "reads"));
  ASSERT_TRUE(A.Load.AccountEntitiesPerSecond);
  EXPECT_NEAR(*A.Load.AccountEntitiesPerSecond, Mean / 2, 1e-6);

  // Under the 20,000/s target now; at 1.5/s (23,876/s) over it.
  EXPECT_TRUE(findingsOf(T, "account-throughput").empty());
  Table Busier = T;
  Busier.Queries[0].Frequency.PerSecond = 1.5;
  const std::vector<Finding> Found = findingsOf(Busier, "account-throughput");
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_THAT(Found[0].Message,
              HasSubstr("takes 23886 entities/s from the declared writes and "
                        "query scans ('fees' scans 23876/s, 'post' writes "
                        "10/s)"));

  // `top` ends every execution sooner: the account counts the top read.
  Table Top = T;
  Top.Queries[0].Top = 10;
  const QueryAnalysis B = analyzeQuery(Top, Top.Queries[0]);
  ASSERT_TRUE(B.Scanned && B.Load.AccountEntitiesPerSecond);
  EXPECT_DOUBLE_EQ(*B.Scanned, 100);
  EXPECT_FALSE(B.AccountScanned);
  EXPECT_DOUBLE_EQ(*B.Load.AccountEntitiesPerSecond, 50);
}

// A PartitionKey equality alone returns the partition a read picks; the
// declared expectedRows is still held against the average partition.
TEST(LoadModel, WholePartitionReadCountsTheExpectedPartitionOnTheAccount) {
  Table T = ledger();
  T.Queries[0].Filter = "PartitionKey eq '{accountId}'";
  const QueryAnalysis A = analyzeQuery(T, T.Queries[0]);
  // A skewed key: the busiest partition is read at its share of the rate
  // and holds the most, as a partition scan of it; the account serves the
  // expected partition per execution.
  ASSERT_TRUE(A.Matches && A.Scanned && A.AccountScanned);
  EXPECT_DOUBLE_EQ(*A.Matches, 100);
  const double Top = 1 / generalizedHarmonic(10000, 0.99);
  EXPECT_NEAR(*A.Scanned, 1e6 * Top, 1e-6);
  EXPECT_NEAR(*A.AccountScanned, 1e6 * harmonicSquareShare(10000, 0.99),
              1e-6);
  EXPECT_FALSE(A.WholePartitionReads);
  ASSERT_TRUE(A.Load.HottestPartitionEntitiesPerSecond);
  EXPECT_NEAR(*A.Load.HottestPartitionEntitiesPerSecond,
              A.Load.Rate * Top * 1e6 * Top, 1e-6);
  ASSERT_TRUE(A.Load.AccountEntitiesPerSecond);
  EXPECT_NEAR(*A.Load.AccountEntitiesPerSecond,
              A.Load.Rate * 1e6 * harmonicSquareShare(10000, 0.99), 1e-6);
  // Uniform keys: the two agree.
  T.Properties[0].Dist = Distribution();
  const QueryAnalysis U = analyzeQuery(T, T.Queries[0]);
  ASSERT_TRUE(U.Matches && U.WholePartitionReads);
  EXPECT_DOUBLE_EQ(*U.Matches, 100);
  EXPECT_DOUBLE_EQ(*U.WholePartitionReads, 100);
}

Schema accounts(unsigned N) {
  Schema S;
  S.File = "many.yaml";
  for (unsigned I = 0; I < N; ++I) {
    Account A;
    A.Name = "acct" + std::to_string(I);
    A.Region = "westeurope";
    A.Path = "accounts[" + A.Name + "]";
    A.Pos = {I + 3, 5};
    S.Accounts.push_back(A);
  }
  return S;
}

TEST(SchemaChecks, AccountCountDefaultIs250) {
  EXPECT_TRUE(
      runSchemaChecks(accounts(250), defaultSchemaCheckOptions()).empty());
  const std::vector<Finding> F =
      runSchemaChecks(accounts(251), defaultSchemaCheckOptions());
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].RuleId, "account-count");
  EXPECT_EQ(F[0].Origin, FindingOrigin::Schema);
  EXPECT_EQ(F[0].Level, Severity::Warning);
  EXPECT_EQ(F[0].File, "many.yaml");
  EXPECT_EQ(F[0].Line, 253u);
  EXPECT_EQ(F[0].Column, 5u);
  EXPECT_EQ(F[0].Anchor, "accounts[acct250]");
  EXPECT_THAT(F[0].Message, HasSubstr("251 storage accounts"));
}

TEST(SchemaChecks, OptionsOverrideThresholdsAndDisableRules) {
  Table T = table("flags", {prop("id", EdmType::Guid)});
  T.Writes.push_back(write("set", 600));
  const Schema S = withTable(T);
  SchemaCheckOptions O = defaultSchemaCheckOptions();
  auto Count = [&](const char *Rule) {
    unsigned N = 0;
    for (const Finding &F : runSchemaChecks(S, O))
      N += F.RuleId == Rule;
    return N;
  };
  EXPECT_EQ(Count("partition-throughput"), 0u); // 600/s < 2000/s
  O.PartitionEntitiesPerSecond = limits::LegacyPartitionEntitiesPerSecond;
  EXPECT_EQ(Count("partition-throughput"), 1u);
  O.DisabledRules.insert("partition-throughput");
  EXPECT_EQ(Count("partition-throughput"), 0u);
}

TEST(SchemaChecks, OptionsByCatalogName) {
  SchemaCheckOptions O = defaultSchemaCheckOptions();
  EXPECT_DOUBLE_EQ(O.PartitionEntitiesPerSecond, 2000);
  EXPECT_EQ(O.MaxAccountsPerRegion, 250u);
  std::string Error;
  EXPECT_TRUE(applySchemaCheckOption(O, "partition-throughput",
                                     "EntitiesPerSecond", "500", Error));
  EXPECT_DOUBLE_EQ(O.PartitionEntitiesPerSecond, 500);
  EXPECT_TRUE(applySchemaCheckOption(O, "account-count", "MaxAccountsPerRegion",
                                     "500", Error));
  EXPECT_EQ(O.MaxAccountsPerRegion, 500u);
  // A code check's option is not the schema checks' business.
  EXPECT_FALSE(
      applySchemaCheckOption(O, "unbatched-writes", "MinWrites", "3", Error));
  EXPECT_EQ(Error, "");
  EXPECT_FALSE(applySchemaCheckOption(O, "filter-too-complex", "MaxComparisons",
                                      "7.5", Error));
  EXPECT_EQ(Error, "filter-too-complex option MaxComparisons: expected a "
                   "positive whole number, got '7.5'");
  EXPECT_FALSE(applySchemaCheckOption(O, "low-density-query",
                                      "MaxScannedPerReturned", "-1", Error));
  EXPECT_THAT(Error, HasSubstr("expected a positive number"));
  EXPECT_EQ(O.MaxComparisons, 15u);
}

TEST(SchemaChecks, InvalidFilterFromAModelBuiltInCode) {
  Table T = table("{team}",
                  {prop("team", EdmType::String), prop("age", EdmType::Int32)});
  Query Bad;
  Bad.Name = "broken";
  Bad.Path = "tables[T].queries[broken]";
  Bad.Filter = "PartitionKey eq '{team}' and age eq";
  Bad.FilterPos = {20, 17};
  Bad.Frequency.PerSecond = 1;
  Query Undeclared = Bad;
  Undeclared.Name = "undeclared";
  Undeclared.Path = "tables[T].queries[undeclared]";
  Undeclared.Filter = "PartitionKey eq '{team}' and salary gt 5";
  Undeclared.FilterPos = {21, 17};
  T.Queries = {Bad, Undeclared};
  const std::vector<Finding> Found = findingsOf(T, "invalid-filter");
  ASSERT_EQ(Found.size(), 2u);
  EXPECT_EQ(Found[0].Level, Severity::Error);
  EXPECT_EQ(Found[0].Line, 20u);
  // The offset after the placeholder maps back to the template: the end.
  EXPECT_EQ(Found[0].Column, 17u + Bad.Filter.size());
  EXPECT_THAT(Found[0].Message, HasSubstr("does not parse"));
  EXPECT_EQ(Found[1].Line, 21u);
  EXPECT_EQ(Found[1].Column, 17u + Undeclared.Filter.find("salary"));
  EXPECT_THAT(Found[1].Message,
              HasSubstr("'salary', which table 'T' does not declare"));
}

// A partition scan that filters on the property its RowKey leads with is
// told its entities are a RowKey range; not where the filter selects no
// single range (`ne`, an `or`), nor on another property.
TEST(SchemaChecks, PartitionScanOfTheRowKeysLeadingPropertyIsARange) {
  const std::string Text = R"yaml(version: 1
accounts: [{name: a, region: westeurope}]
tables:
  - name: Ledger
    account: a
    partitionKey: "{accountId}"
    rowKey: "{postedAt:yyyyMMddHHmmss}_{txnId}"
    entities: 1M
    properties:
      accountId: {type: string, distinct: 1000}
      txnId: {type: guid}
      postedAt: {type: datetime, grows: true}
      amount: {type: int64}
    queries:
      - {name: day, filter: "PartitionKey eq '{accountId}' and postedAt ge datetime'{postedAt}' and postedAt lt datetime'{postedAt}'", rate: 1/s}
      - {name: other-days, filter: "PartitionKey eq '{accountId}' and postedAt ne datetime'{postedAt}'", rate: 1/s}
      - {name: either, filter: "PartitionKey eq '{accountId}' and (postedAt lt datetime'{postedAt}' or amount gt 5)", rate: 1/s}
      - {name: big, filter: "PartitionKey eq '{accountId}' and amount gt 5", rate: 1/s}
)yaml";
  const SchemaLintResult R =
      lintSchemaText(Text, "ledger.yaml", defaultSchemaCheckOptions());
  ASSERT_TRUE(R.Errors.empty()) << R.Errors.front().str();
  std::map<std::string, std::string> Scans;
  for (const Finding &F : R.Findings)
    if (F.RuleId == "partition-scan")
      Scans[F.Anchor] = F.Message;
  ASSERT_EQ(Scans.size(), 4u);
  const std::string Hint =
      "; RowKey '{postedAt:yyyyMMddHHmmss}_{txnId}' leads with 'postedAt' in "
      "key order, so the entities its comparisons of 'postedAt' select are a "
      "RowKey range: compare RowKey with the bounds rendered as the key "
      "renders them and the read stops at the range's end";
  EXPECT_THAT(Scans["tables[Ledger].queries[day]"], HasSubstr(Hint));
  for (const char *Other : {"other-days", "either", "big"})
    EXPECT_THAT(Scans["tables[Ledger].queries[" + std::string(Other) + "]"],
                Not(HasSubstr("RowKey range")))
        << Other;
}

// A "latest N" read on an oldest-first key is judged by low-density-query
// as the newest-first read would run (the log tail that suggest proposes),
// and its message says what the read costs as keyed now, the figure
// partition-scan reports.
TEST(SchemaLint, LowDensityOfALatestNReadSaysWhatItReadsAsKeyedNow) {
  const std::string Text = R"yaml(version: 1
accounts: [{name: main, region: westeurope, targets: {entitiesPerSecond: 10000000}}]
tables:
  - name: SignIns
    account: main
    partitionKey: "{tenantId}"
    rowKey: "{signedInAt:yyyyMMddHHmmssfff}_{eventId}"
    entities: 50M
    properties:
      tenantId: {type: string, distinct: 500}
      signedInAt: {type: datetime, grows: true}
      eventId: {type: guid}
      result: {type: string, values: [success, failure], weights: [0.95, 0.05]}
    queries:
      - {name: failed, filter: "PartitionKey eq '{tenantId}' and result eq 'failure'", newest: signedInAt, top: 100, rate: 1/s}
      - {name: failed-any, filter: "PartitionKey eq '{tenantId}' and result eq 'failure'", top: 100, rate: 1/s}
)yaml";
  const SchemaLintResult R =
      lintSchemaText(Text, "signins.yaml", defaultSchemaCheckOptions());
  ASSERT_TRUE(R.Errors.empty()) << R.Errors.front().str();
  std::map<std::string, std::string> Density;
  for (const Finding &F : R.Findings)
    if (F.RuleId == "low-density-query")
      Density[F.Anchor] = F.Message;
  ASSERT_EQ(Density.size(), 2u);
  EXPECT_THAT(Density["tables[SignIns].queries[failed]"],
              HasSubstr("scans about 2000 entities (until top 100 rows are "
                        "found ('result' matches 5%)) (as a newest-first key "
                        "would read it; as keyed now each execution reads "
                        "about 100000) to return about 100"));
  // The first 100 in key order: read as keyed, nothing to add.
  EXPECT_THAT(Density["tables[SignIns].queries[failed-any]"],
              Not(HasSubstr("as keyed now")));
}

TEST(SchemaLint, LooksLikeSchemaFile) {
  namespace fs = std::filesystem;
  const fs::path Dir = fs::temp_directory_path() / "tablelint-looks-like";
  fs::create_directories(Dir);
  auto Write = [&](const std::string &Name, const std::string &Text) {
    EXPECT_FALSE(writeFileAtomically((Dir / Name).string(), Text));
    return (Dir / Name).string();
  };
  // Both top-level keys, as the loader's looksLikeSchema wants them.
  EXPECT_TRUE(looksLikeSchemaFile(
      Write("a.yaml", "# c\nversion: 1\ntables:\n  - name: T\n")));
  EXPECT_TRUE(
      looksLikeSchemaFile(Write("b.yml", "version: 1\naccounts: []\n")));
  EXPECT_FALSE(looksLikeSchemaFile(Write("c.yaml", "jobs:\n  tables: 1\n")));
  // A compose file has a top-level version too; a workflow has neither.
  EXPECT_FALSE(looksLikeSchemaFile(
      Write("compose.yaml", "version: \"3.8\"\nservices:\n  web: {}\n")));
  EXPECT_FALSE(looksLikeSchemaFile(
      Write("ci.yml", "name: ci\non: [push]\njobs: {}\n")));
  EXPECT_FALSE(looksLikeSchemaFile(Write("e.yaml", "tables:\n  - name: T\n")));
  // A typo in one key beside a right one: a schema (that will not load).
  EXPECT_TRUE(looksLikeSchemaFile(
      Write("typo.yaml", "verison: 1\ntables:\n  - name: T\n")));
  EXPECT_TRUE(looksLikeSchemaFile(
      Write("typo2.yaml", "version: 1\ntabels:\n  - name: T\n")));
  // Two typos, or other tools' files, are not.
  EXPECT_FALSE(looksLikeSchemaFile(
      Write("typos.yaml", "verison: 1\ntabels:\n  - name: T\n")));
  EXPECT_FALSE(looksLikeSchemaFile(Write(
      "compose2.yaml",
      "version: '3'\nservices: {}\nvolumes: {}\nnetworks: {}\nconfigs: {}\n"
      "secrets: {}\n")));
  EXPECT_FALSE(looksLikeSchemaFile(Write(
      ".pre-commit-config.yaml",
      "minimum_pre_commit_version: '3.0'\nrepos:\n  - repo: local\n")));
  EXPECT_FALSE(looksLikeSchemaFile(Write(
      "clang-tidy.yaml",
      "Checks: '-*,tablelint-*'\nWarningsAsErrors: ''\nHeaderFilterRegex: ''\n")));
  EXPECT_FALSE(looksLikeSchemaFile(Write(
      "deploy.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {}\ndata: {}\n")));
  EXPECT_FALSE(looksLikeSchemaFile(Write(".tablelint.yaml", "version: 1\n")));
  EXPECT_FALSE(looksLikeSchemaFile(Write("d.txt", "version: 1\n")));
  EXPECT_FALSE(looksLikeSchemaFile((Dir / "missing.yaml").string()));
  fs::remove_all(Dir);
}

TEST(SchemaLint, SuppressionsAndUnusedOnes) {
  const std::string Text = R"(version: 1
accounts: [{name: a, region: westeurope}]
clients:
  # tablelint: ignore[retry-without-backoff] the queue redelivers anyway
  - {name: worker, kind: service, retry: {policy: constant, baseDelay: 1s, maxRetries: 3}}
  # tablelint: ignore[atompub-payload] nothing to suppress here
  - {name: api, kind: service, retry: {policy: linear, baseDelay: 1s, maxRetries: 3}}
tables:
  - name: Jobs
    account: a
    partitionKey: "{q}"
    rowKey: "{id}"
    properties: {q: {type: string, distinct: 10}, id: {type: guid}}
)";
  const SchemaLintResult R =
      lintSchemaText(Text, "jobs.yaml", defaultSchemaCheckOptions());
  ASSERT_TRUE(R.Errors.empty()) << R.Errors.front().str();
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].RuleId, "retry-without-backoff");
  EXPECT_EQ(R.Findings[0].Anchor, "clients[api]");
  EXPECT_EQ(R.Findings[0].Line, 7u);
  ASSERT_EQ(R.UnusedSuppressions.size(), 1u);
  EXPECT_EQ(R.UnusedSuppressions[0].Line, 6u);
  EXPECT_THAT(R.UnusedSuppressions[0].Message,
              HasSubstr("suppression of 'atompub-payload' on clients[api] "
                        "matches no finding"));
}

TEST(SchemaLint, UnreadableFileIsOneError) {
  const SchemaLintResult R = lintSchemaFile("/nonexistent/dir/schema.yaml",
                                            defaultSchemaCheckOptions());
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(R.Errors[0].File, "/nonexistent/dir/schema.yaml");
  EXPECT_EQ(R.Errors[0].Line, 0u);
  EXPECT_TRUE(R.Findings.empty());
}

TEST(SchemaLint, LoadErrorsStopTheChecks) {
  const SchemaLintResult R =
      lintSchemaText("version: 1\ntables:\n  - name: T\n    acount: a\n",
                     "bad.yaml", defaultSchemaCheckOptions());
  ASSERT_FALSE(R.Errors.empty());
  EXPECT_EQ(R.Errors[0].File, "bad.yaml");
  EXPECT_GT(R.Errors[0].Line, 0u);
  EXPECT_TRUE(R.Findings.empty());
}

} // namespace
} // namespace tablelint::schema
