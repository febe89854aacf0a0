// The live Table REST client against a real Azurite endpoint: what a user of
// `replay --live` relies on (typed round trips, queries, paging, batches and
// their failures, error statuses, the key never shown, traffic counters),
// plus the signing known-answer tests that need no server.
#include "replay/live/TableRestClient.h"
#include "tests/support/AzuriteFixture.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

namespace tablelint::live {
namespace {

using test::AzuriteProcess;

const LiveCredentials Dev = LiveCredentials::developmentStorage();

// --- Signing known answers --------------------------------------------------
//
// Expected signatures were derived independently of this code, with OpenSSL's
// command line (HEX = the development key, base64-decoded, as hex):
//   printf 'Sun, 22 Nov 2026 05:40:00
//   GMT\n/devstoreaccount1/devstoreaccount1/Tables' |
//     openssl dgst -sha256 -mac HMAC -macopt hexkey:$HEX -binary | base64

SignedRequest createTableRequest() {
  SignedRequest R;
  R.Verb = "POST";
  R.ContentType = "application/json";
  R.Date = "Sun, 22 Nov 2026 05:40:00 GMT";
  R.Path = "/devstoreaccount1/Tables";
  return R;
}

TEST(LiveSigningTest, SharedKeyLiteKnownAnswerWithPathStyleAccountTwice) {
  const SignedRequest R = createTableRequest();
  EXPECT_EQ(stringToSign(AuthScheme::SharedKeyLite, Dev.Account, R),
            "Sun, 22 Nov 2026 05:40:00 GMT\n"
            "/devstoreaccount1/devstoreaccount1/Tables");
  EXPECT_EQ(authorizationHeader(AuthScheme::SharedKeyLite, Dev.Account,
                                *base64Decode(Dev.Key), R),
            "SharedKeyLite devstoreaccount1:"
            "pwbw06ZdFCnMwI06ukB0gykTbw8+TxDqkN2jaDMEX1M=");
}

TEST(LiveSigningTest, SharedKeyKnownAnswerSignsVerbAndContentType) {
  // printf 'POST\n\napplication/json\nSun, 22 Nov 2026 05:40:00 GMT\n'
  //        '/devstoreaccount1/devstoreaccount1/Tables' | openssl ... (as above)
  const SignedRequest R = createTableRequest();
  EXPECT_EQ(stringToSign(AuthScheme::SharedKey, Dev.Account, R),
            "POST\n\napplication/json\nSun, 22 Nov 2026 05:40:00 GMT\n"
            "/devstoreaccount1/devstoreaccount1/Tables");
  EXPECT_EQ(authorizationHeader(AuthScheme::SharedKey, Dev.Account,
                                *base64Decode(Dev.Key), R),
            "SharedKey devstoreaccount1:"
            "eRBmrUIPNfUFQC52ZEUAjditvJd5jiOahYpW9URXtE4=");
}

TEST(LiveSigningTest, AccountHostSignsTheEncodedEntityPathOnce) {
  // printf "Sun, 22 Nov 2026 05:40:00
  // GMT\n/myaccount/orders(PartitionKey='a%%20b',RowKey='1')"
  //   | openssl ... (as above, same key)
  SignedRequest R;
  R.Verb = "GET";
  R.Date = "Sun, 22 Nov 2026 05:40:00 GMT";
  R.Path = "/" + entityResource("orders", "a b", "1");
  EXPECT_EQ(authorizationHeader(AuthScheme::SharedKeyLite, "myaccount",
                                *base64Decode(Dev.Key), R),
            "SharedKeyLite myaccount:"
            "E94xpA5g0Yg6ELOKVmf1CKZucIHAazlapL0C/77QCjE=");
}

TEST(LiveCredentialsTest, EnvironmentNamesWhatIsMissingNeverTheKey) {
  ::unsetenv("TABLELINT_LIVE_ACCOUNT");
  ::setenv("TABLELINT_LIVE_KEY", "c2VjcmV0", 1);
  std::string Error;
  EXPECT_FALSE(credentialsFromEnvironment(Error));
  EXPECT_EQ(Error, "TABLELINT_LIVE_ACCOUNT is not set");
  ::setenv("TABLELINT_LIVE_ACCOUNT", "contoso", 1);
  std::optional<LiveCredentials> C = credentialsFromEnvironment(Error);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Account, "contoso");
  EXPECT_EQ(C->Key, "c2VjcmV0");
  ::unsetenv("TABLELINT_LIVE_KEY");
  EXPECT_FALSE(credentialsFromEnvironment(Error));
  EXPECT_EQ(Error, "TABLELINT_LIVE_KEY is not set");
  ::unsetenv("TABLELINT_LIVE_ACCOUNT");
}

TEST(LiveCredentialsTest, EmulatorUrlFallsBackToTheDevelopmentAccountOnly) {
  ::unsetenv("TABLELINT_LIVE_ACCOUNT");
  ::unsetenv("TABLELINT_LIVE_KEY");
  std::string Error;
  std::optional<LiveCredentials> C =
      credentialsForEndpoint("http://127.0.0.1:10002/devstoreaccount1", Error);
  ASSERT_TRUE(C) << Error;
  EXPECT_EQ(C->Account, "devstoreaccount1");
  EXPECT_FALSE(
      credentialsForEndpoint("https://contoso.table.core.windows.net", Error));
  EXPECT_EQ(Error, "no credentials for https://contoso.table.core.windows.net: "
                   "TABLELINT_LIVE_ACCOUNT is not set (set "
                   "TABLELINT_LIVE_ACCOUNT and TABLELINT_LIVE_KEY)");
  ::setenv("TABLELINT_LIVE_ACCOUNT", "contoso", 1);
  ::setenv("TABLELINT_LIVE_KEY", "c2VjcmV0", 1);
  C = credentialsForEndpoint("https://contoso.table.core.windows.net", Error);
  ASSERT_TRUE(C) << Error;
  EXPECT_EQ(C->Account, "contoso");
  ::unsetenv("TABLELINT_LIVE_ACCOUNT");
  ::unsetenv("TABLELINT_LIVE_KEY");
}

TEST(LiveCredentialsTest, BadKeyIsReportedWithoutShowingIt) {
  std::string Error;
  LiveCredentials Bad{"contoso", "not base64 secret!"};
  EXPECT_FALSE(TableRestClient::create("https://contoso.table.core.windows.net",
                                       Bad, {}, Error));
  EXPECT_EQ(Error, "the account key for 'contoso' is not valid base64 (18 "
                   "characters)");
  EXPECT_EQ(Error.find("secret"), std::string::npos);
}

// --- Against Azurite
// ------------------------------------------------------------

class LiveClientTest : public ::testing::Test {
protected:
  static void TearDownTestSuite() { Server.reset(); }

  void SetUp() override {
    if (!AzuriteProcess::installed())
      GTEST_SKIP() << AzuriteProcess::binaryPath()
                   << " not found: run `npm ci` in the source tree";
    // Started once for the suite; a failed start is reported by every test
    // without waiting for another timeout.
    static std::string StartError;
    if (!Server && StartError.empty())
      Server = AzuriteProcess::start(StartError);
    ASSERT_TRUE(Server) << StartError;
    Client = makeClient(Dev, {});
    ASSERT_TRUE(Client);
    // A fresh table per test: tests share one server.
    static unsigned Counter = 0;
    Table = "t" + std::to_string(::getpid()) + "n" + std::to_string(++Counter);
    const RestResult Created = Client->createTable(Table);
    ASSERT_EQ(Created.Status, 204) << Created.describe();
  }

  std::unique_ptr<TableRestClient> makeClient(const LiveCredentials &C,
                                              const LiveClientOptions &O) {
    std::string Error;
    auto Made = TableRestClient::create(Server->endpoint(), C, O, Error);
    EXPECT_TRUE(Made) << Error;
    return Made;
  }

  static RestEntity
  entity(std::string PK, std::string RK,
         std::vector<std::pair<std::string, EdmValue>> P = {}) {
    return RestEntity{std::move(PK), std::move(RK), std::move(P)};
  }

  // Inserts Count entities of partition PK (row keys r00000...) in batches
  // of 100; each carries N = its index.
  void insertMany(const std::string &PK, unsigned Count) {
    for (unsigned Start = 0; Start < Count; Start += 100) {
      std::vector<BatchOperation> Ops;
      for (unsigned I = Start; I < Count && I < Start + 100; ++I) {
        char Key[16];
        std::snprintf(Key, sizeof Key, "r%05u", I);
        Ops.push_back(
            {BatchAction::Insert,
             entity(PK, Key, {{"N", EdmValue::int32(static_cast<int>(I))}})});
      }
      const BatchResult R = Client->submitBatch(Table, Ops);
      ASSERT_TRUE(R.ok()) << R.describe();
      ASSERT_EQ(R.OperationStatus.size(), Ops.size());
    }
  }

  std::size_t countAll() {
    const QueryAllResult All = Client->queryAllEntities(Table, "", "");
    EXPECT_TRUE(All.ok()) << All.describe();
    return All.Entities.size();
  }

  static inline std::unique_ptr<AzuriteProcess> Server;
  std::unique_ptr<TableRestClient> Client;
  std::string Table;
};

TEST_F(LiveClientTest, CreateTableTwiceIsAConflictUnlessTolerated) {
  const RestResult Again = Client->createTable(Table);
  EXPECT_EQ(Again.Status, 409);
  EXPECT_FALSE(Again.ok());
  EXPECT_EQ(Again.ErrorCode, "TableAlreadyExists");
  const RestResult Tolerated = Client->createTable(Table, true);
  EXPECT_EQ(Tolerated.Status, 409);
  EXPECT_TRUE(Tolerated.ok());
  const RestResult Deleted = Client->deleteTable(Table);
  EXPECT_EQ(Deleted.Status, 204) << Deleted.describe();
  EXPECT_EQ(Client->getEntity(Table, "p", "r").Status, 404);
}

TEST_F(LiveClientTest, TypedEntityComesBackWithTheSameTypes) {
  // Keys with a space, a quote and a non-ASCII letter exercise the encoded,
  // signed entity path.
  const RestEntity Sent =
      entity("dev ice'\xC3\xA9", "2024-01-01 no.1",
             {{"Name", EdmValue::string("caf\xC3\xA9 \"quoted\"\n")},
              {"Count", EdmValue::int32(-42)},
              {"Big", EdmValue::int64(9007199254740993)},
              {"Ratio", EdmValue::real(0.1)},
              {"Whole", EdmValue::real(3)},
              {"Active", EdmValue::boolean(false)},
              {"At", EdmValue::dateTimeTicks(
                         *parseDateTimeTicks("2024-02-29T23:59:59.1234567Z"))},
              {"Id", EdmValue::guid("0f8fad5b-d9cb-469f-a165-70867728950e")},
              {"Raw", EdmValue::binary(std::string("\x00\xff\x10", 3))}});
  const RestResult Inserted = Client->insertEntity(Table, Sent);
  ASSERT_EQ(Inserted.Status, 204) << Inserted.describe();
  const EntityResult Got =
      Client->getEntity(Table, Sent.PartitionKey, Sent.RowKey);
  ASSERT_EQ(Got.Status, 200) << Got.describe();
  EXPECT_FALSE(Got.Entity.ETag.empty());
  for (const auto &[Name, Value] : Sent.Properties) {
    const EdmValue *Back = Got.Entity.find(Name);
    ASSERT_NE(Back, nullptr) << Name;
    EXPECT_EQ(Back->Type, Value.Type)
        << Name << " came back as " << edmTypeName(Back->Type);
    EXPECT_EQ(compareEdm(*Back, Value), std::optional<int>(0)) << Name;
  }
  EXPECT_TRUE(sameEntity(Sent, Got.Entity));
}

TEST_F(LiveClientTest, NoMetadataIsSmallerButLosesTheAnnotatedTypes) {
  ASSERT_TRUE(Client
                  ->insertEntity(Table, entity("p", "r",
                                               {{"Big", EdmValue::int64(5)},
                                                {"Count", EdmValue::int32(5)}}))
                  .ok());
  auto Lean =
      makeClient(Dev, {AuthScheme::SharedKeyLite, PayloadFormat::NoMetadata});
  const EntityResult Typed = Client->getEntity(Table, "p", "r");
  const EntityResult Plain = Lean->getEntity(Table, "p", "r");
  ASSERT_TRUE(Typed.ok() && Plain.ok()) << Typed.describe() << Plain.describe();
  EXPECT_EQ(Typed.Entity.find("Big")->Type, EdmType::Int64);
  EXPECT_EQ(Plain.Entity.find("Big")->Type, EdmType::String);
  EXPECT_EQ(Plain.Entity.find("Count")->Type, EdmType::Int32);
  EXPECT_LT(Plain.Traffic.BodyBytesReceived, Typed.Traffic.BodyBytesReceived);
}

TEST_F(LiveClientTest, SharedKeySchemeIsAcceptedToo) {
  auto Full =
      makeClient(Dev, {AuthScheme::SharedKey, PayloadFormat::MinimalMetadata});
  const RestResult R = Full->insertEntity(Table, entity("p", "r"));
  EXPECT_EQ(R.Status, 204) << R.describe();
  const QueryPage Page = Full->queryEntities(Table, "", "", 0);
  EXPECT_EQ(Page.Status, 200) << Page.describe();
  EXPECT_EQ(Page.Entities.size(), 1u);
}

TEST_F(LiveClientTest, FilterAndSelectReturnTheMatchingEntitiesAndColumns) {
  for (int I = 0; I < 10; ++I)
    ASSERT_TRUE(
        Client
            ->insertEntity(
                Table,
                entity(I % 2 ? "odd" : "even", "r" + std::to_string(I),
                       {{"Age", EdmValue::int32(I)},
                        {"Name", EdmValue::string("n" + std::to_string(I))}}))
            .ok());
  const QueryPage Page = Client->queryEntities(
      Table, "PartitionKey eq 'even' and Age ge 4", "", 0);
  ASSERT_EQ(Page.Status, 200) << Page.describe();
  std::set<std::string> Rows;
  for (const RestEntity &E : Page.Entities)
    Rows.insert(E.RowKey);
  EXPECT_EQ(Rows, (std::set<std::string>{"r4", "r6", "r8"}));
  EXPECT_FALSE(Page.Next.more());

  const QueryPage Narrow =
      Client->queryEntities(Table, "PartitionKey eq 'odd'", "Name", 0);
  ASSERT_EQ(Narrow.Status, 200) << Narrow.describe();
  ASSERT_EQ(Narrow.Entities.size(), 5u);
  for (const RestEntity &E : Narrow.Entities) {
    EXPECT_NE(E.find("Name"), nullptr);
    EXPECT_EQ(E.find("Age"), nullptr) << "$select=Name returned Age";
  }
  const QueryPage Wide =
      Client->queryEntities(Table, "PartitionKey eq 'odd'", "", 0);
  EXPECT_LT(Narrow.Traffic.BodyBytesReceived, Wide.Traffic.BodyBytesReceived);
}

TEST_F(LiveClientTest, PagingFollowsContinuationsUntilEveryEntityIsSeen) {
  insertMany("p", 2500);
  const QueryPage First = Client->queryEntities(Table, "", "", 1000);
  ASSERT_EQ(First.Status, 200) << First.describe();
  EXPECT_EQ(First.Entities.size(), 1000u);
  EXPECT_TRUE(First.Next.more());

  const std::uint64_t TripsBefore = Client->traffic().RoundTrips;
  const QueryAllResult All = Client->queryAllEntities(Table, "", "", 1000);
  ASSERT_TRUE(All.ok()) << All.describe();
  EXPECT_EQ(All.Pages, 3u);
  EXPECT_EQ(All.Traffic.RoundTrips, 3u);
  EXPECT_EQ(Client->traffic().RoundTrips - TripsBefore, 3u);
  std::set<std::string> Rows;
  for (const RestEntity &E : All.Entities)
    Rows.insert(E.RowKey);
  EXPECT_EQ(All.Entities.size(), 2500u);
  EXPECT_EQ(Rows.size(), 2500u);

  const QueryAllResult Small = Client->queryAllEntities(Table, "", "", 400, 2);
  EXPECT_EQ(Small.Pages, 2u);
  EXPECT_EQ(Small.Entities.size(), 800u);
  EXPECT_TRUE(Small.Next.more());
  EXPECT_FALSE(All.Next.more());
}

TEST_F(LiveClientTest, BatchOfMixedOperationsAppliesAll) {
  ASSERT_TRUE(Client
                  ->insertEntity(Table, entity("p", "keep",
                                               {{"A", EdmValue::int32(1)},
                                                {"B", EdmValue::int32(2)}}))
                  .ok());
  ASSERT_TRUE(Client->insertEntity(Table, entity("p", "gone")).ok());
  const BatchResult R = Client->submitBatch(
      Table,
      {{BatchAction::Insert, entity("p", "new")},
       {BatchAction::Merge, entity("p", "keep", {{"B", EdmValue::int32(3)}})},
       {BatchAction::Delete, entity("p", "gone")},
       {BatchAction::InsertOrReplace, entity("p", "upsert")}});
  ASSERT_TRUE(R.ok()) << R.describe();
  EXPECT_EQ(R.OperationStatus.size(), 4u);
  const EntityResult Kept = Client->getEntity(Table, "p", "keep");
  ASSERT_TRUE(Kept.ok()) << Kept.describe();
  EXPECT_EQ(Kept.Entity.find("A")->Int, 1); // merge kept A
  EXPECT_EQ(Kept.Entity.find("B")->Int, 3);
  EXPECT_EQ(Client->getEntity(Table, "p", "gone").Status, 404);
  EXPECT_EQ(Client->getEntity(Table, "p", "upsert").Status, 200);
}

TEST_F(LiveClientTest, BatchOf101OperationsIsRejectedWhole) {
  std::vector<BatchOperation> Ops;
  for (int I = 0; I < 101; ++I)
    Ops.push_back({BatchAction::Insert, entity("p", "r" + std::to_string(I))});
  const BatchResult R = Client->submitBatch(Table, Ops);
  EXPECT_FALSE(R.ok());
  EXPECT_EQ(R.Status, 400) << R.describe();
  EXPECT_EQ(R.ErrorCode, "InvalidInput");
  // Azurite names operation 0 for a batch rejected as a whole.
  EXPECT_EQ(R.FailedIndex, std::optional<std::size_t>(0));
  EXPECT_NE(R.ErrorMessage.find("maximum 100 changes"), std::string::npos)
      << R.ErrorMessage;
  EXPECT_EQ(countAll(), 0u);
}

TEST_F(LiveClientTest, BatchWithTheSameEntityTwiceFails) {
  const BatchResult R = Client->submitBatch(
      Table, {{BatchAction::Insert, entity("p", "a")},
              {BatchAction::InsertOrMerge, entity("p", "a")}});
  EXPECT_FALSE(R.ok());
  EXPECT_EQ(R.Status, 400) << R.describe();
  EXPECT_EQ(R.ErrorCode, "InvalidDuplicateRow");
  EXPECT_EQ(R.FailedIndex, std::optional<std::size_t>(1));
  EXPECT_EQ(countAll(), 0u);
}

TEST_F(LiveClientTest, FailingBatchRollsBackTheOperationsBeforeIt) {
  ASSERT_TRUE(Client->insertEntity(Table, entity("p", "c")).ok());
  const BatchResult R =
      Client->submitBatch(Table, {{BatchAction::Insert, entity("p", "a")},
                                  {BatchAction::Insert, entity("p", "b")},
                                  {BatchAction::Insert, entity("p", "c")}});
  EXPECT_FALSE(R.ok());
  EXPECT_EQ(R.Status, 409) << R.describe();
  EXPECT_EQ(R.ErrorCode, "EntityAlreadyExists");
  EXPECT_EQ(R.FailedIndex, std::optional<std::size_t>(2));
  EXPECT_EQ(Client->getEntity(Table, "p", "a").Status, 404);
  EXPECT_EQ(Client->getEntity(Table, "p", "b").Status, 404);
  EXPECT_EQ(countAll(), 1u);
}

TEST_F(LiveClientTest, MissingEntityIs404ForReadUpdateAndDelete) {
  const EntityResult Read = Client->getEntity(Table, "p", "nope");
  EXPECT_EQ(Read.Status, 404);
  EXPECT_EQ(Read.ErrorCode, "ResourceNotFound");
  EXPECT_FALSE(Read.ErrorMessage.empty());
  EXPECT_EQ(Client->updateEntity(Table, entity("p", "nope")).Status, 404);
  EXPECT_EQ(Client->mergeEntity(Table, entity("p", "nope")).Status, 404);
  EXPECT_EQ(Client->deleteEntity(Table, "p", "nope").Status, 404);
  // Without If-Match the same writes create the entity.
  EXPECT_EQ(Client->insertOrMerge(Table, entity("p", "m")).Status, 204);
  EXPECT_EQ(Client->insertOrReplace(Table, entity("p", "r")).Status, 204);
  EXPECT_EQ(countAll(), 2u);
}

TEST_F(LiveClientTest, DuplicateInsertIs409AndReplaceDropsProperties) {
  const RestEntity E = entity("p", "r", {{"A", EdmValue::int32(1)}});
  ASSERT_EQ(Client->insertEntity(Table, E).Status, 204);
  const RestResult Again = Client->insertEntity(Table, E);
  EXPECT_EQ(Again.Status, 409);
  EXPECT_EQ(Again.ErrorCode, "EntityAlreadyExists");
  EXPECT_EQ(Again.describe().rfind("409 EntityAlreadyExists: ", 0), 0u)
      << Again.describe();
  ASSERT_EQ(
      Client->updateEntity(Table, entity("p", "r", {{"B", EdmValue::int32(2)}}))
          .Status,
      204);
  const EntityResult Got = Client->getEntity(Table, "p", "r");
  EXPECT_EQ(Got.Entity.find("A"), nullptr);
  EXPECT_NE(Got.Entity.find("B"), nullptr);
  // A stale ETag is a precondition failure.
  const RestResult Stale = Client->updateEntity(
      Table, entity("p", "r"), "W/\"datetime'2000-01-01T00%3A00%3A00Z'\"");
  EXPECT_EQ(Stale.Status, 412) << Stale.describe();
}

TEST_F(LiveClientTest, WrongKeyIs403AndTheMessageNeverShowsTheKey) {
  // A valid base64 key that is not the account's.
  const LiveCredentials Wrong{Dev.Account,
                              base64Encode("definitely not the account key")};
  auto Bad = makeClient(Wrong, {});
  const RestResult R = Bad->insertEntity(Table, entity("p", "r"));
  EXPECT_EQ(R.Status, 403) << R.describe();
  EXPECT_FALSE(R.ok());
  EXPECT_FALSE(R.ErrorCode.empty());
  EXPECT_EQ(R.describe().find(Wrong.Key), std::string::npos);
  EXPECT_EQ(R.describe().find(Dev.Key), std::string::npos);
  EXPECT_EQ(countAll(), 0u);
}

TEST_F(LiveClientTest, NoServerIsATransportErrorWithoutARoundTrip) {
  std::string Error;
  // Port 1 (tcpmux) is privileged and unused: nothing answers there.
  auto Dead = TableRestClient::create(
      "http://127.0.0.1:1/devstoreaccount1", Dev,
      {AuthScheme::SharedKeyLite, PayloadFormat::MinimalMetadata, 2000, 2000},
      Error);
  ASSERT_TRUE(Dead) << Error;
  const RestResult R = Dead->getEntity(Table, "p", "r");
  EXPECT_EQ(R.Status, 0);
  EXPECT_EQ(R.ErrorCode, "TransportError");
  EXPECT_NE(R.ErrorMessage.find("127.0.0.1:1"), std::string::npos)
      << R.ErrorMessage;
  EXPECT_EQ(Dead->traffic().RoundTrips, 0u);
}

TEST_F(LiveClientTest, CountersAddUpWhatCrossedTheWire) {
  Client->resetTraffic();
  const RestEntity E =
      entity("p", "r", {{"Name", EdmValue::string(std::string(500, 'x'))}});
  const RestResult Insert = Client->insertEntity(Table, E);
  ASSERT_TRUE(Insert.ok()) << Insert.describe();
  EXPECT_EQ(Insert.Traffic.RoundTrips, 1u);
  // The body is exactly the entity's JSON; headers come on top.
  EXPECT_EQ(Insert.Traffic.BodyBytesSent, encodeEntityJson(E).size());
  EXPECT_GT(Insert.Traffic.BytesSent, Insert.Traffic.BodyBytesSent + 200);
  EXPECT_EQ(Insert.Traffic.BodyBytesReceived, 0u); // 204, return-no-content
  EXPECT_GT(Insert.Traffic.BytesReceived, 0u);

  const EntityResult Read = Client->getEntity(Table, "p", "r");
  ASSERT_TRUE(Read.ok());
  EXPECT_EQ(Read.Traffic.BodyBytesSent, 0u);
  EXPECT_GT(Read.Traffic.BodyBytesReceived, 500u);

  const TrafficCounters &Total = Client->traffic();
  EXPECT_EQ(Total.RoundTrips, 2u);
  EXPECT_EQ(Total.BytesSent, Insert.Traffic.BytesSent + Read.Traffic.BytesSent);
  EXPECT_EQ(Total.BytesReceived,
            Insert.Traffic.BytesReceived + Read.Traffic.BytesReceived);

  // A 100-entity batch is one round trip; 100 single inserts are 100.
  Client->resetTraffic();
  insertMany("batched", 100);
  EXPECT_EQ(Client->traffic().RoundTrips, 1u);
  const std::uint64_t BatchBytes = Client->traffic().BytesSent;
  Client->resetTraffic();
  for (int I = 0; I < 100; ++I)
    ASSERT_TRUE(
        Client
            ->insertEntity(Table, entity("single", "r" + std::to_string(I),
                                         {{"N", EdmValue::int32(I)}}))
            .ok());
  EXPECT_EQ(Client->traffic().RoundTrips, 100u);
  EXPECT_GT(Client->traffic().BytesSent, BatchBytes);
}

} // namespace
} // namespace tablelint::live
