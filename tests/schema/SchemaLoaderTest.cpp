// The schema loader: the model built from the good inputs, the exact
// file:line:col messages for the bad ones (several per file: loading goes on
// after an error), hostile input, suppressions and notes.
#include "core/schema/SchemaLoader.h"
#include "core/RuleCatalog.h"
#include "core/schema/EntityTypes.h"
#include "core/schema/Suppressions.h"
#include "core/schema/SchemaValues.h"
#include "core/schema/SchemaWriter.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tablelint::schema {
namespace {

namespace fs = std::filesystem;

const fs::path Inputs =
    fs::path(TABLELINT_SOURCE_DIR) / "test-inputs" / "schemas" / "loader";

std::string readInput(const fs::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream S;
  S << In.rdbuf();
  return S.str();
}

// Loads test-inputs/schemas/loader/<Relative>, named by its file name.
SchemaLoad loadInput(const std::string &Relative,
                     const SchemaLoadOptions &Options = {}) {
  const fs::path Path = Inputs / Relative;
  return loadSchemaText(readInput(Path), Path.filename().string(), Options);
}

std::vector<std::string> messages(const SchemaLoad &L) {
  std::vector<std::string> Out;
  for (const InputError &E : L.Errors)
    Out.push_back(E.str());
  return Out;
}

std::vector<std::string> errorsOf(const std::string &BadFile) {
  return messages(loadInput("bad/" + BadFile));
}

// A drafted schema's `rate: TODO` (tablelint schema init) loads as a rate
// declared but not known: no load. Any other word is still an error, and
// the writer prints it back as it was.
TEST(SchemaLoader, RateTodoIsDeclaredButUnknown) {
  const std::string Text =
      "version: 1\naccounts: [{name: a}]\ntables:\n"
      "  - name: T\n    account: a\n    partitionKey: \"p\"\n"
      "    rowKey: \"r\"\n"
      "    writes: [{name: w, op: insert, rate: TODO}]\n"
      "    queries: [{name: q, rate: todo}]\n";
  const SchemaLoad L = loadSchemaText(Text, "draft.yaml");
  EXPECT_EQ(messages(L),
            std::vector<std::string>{
                "draft.yaml:9:31: error: 'rate': expected a rate like 6000/s, "
                "20/min, 1.5k/h or 2M/day, got 'todo'"});
  ASSERT_EQ(L.Value.Tables.size(), 1u);
  const Write &W = L.Value.Tables[0].Writes[0];
  EXPECT_TRUE(isUnknownRate(W.Frequency));
  EXPECT_EQ(W.Frequency.PerSecond, 0);
  EXPECT_FALSE(isUnknownRate(L.Value.Tables[0].Queries[0].Frequency));
}

// --------------------------------------------------------------- good files

TEST(SchemaLoader, EveryGoodInputLoadsWithoutErrors) {
  unsigned Files = 0;
  for (const auto &Entry : fs::directory_iterator(Inputs / "good")) {
    const SchemaLoad L = loadSchemaFile(Entry.path().string());
    EXPECT_EQ(messages(L), std::vector<std::string>()) << Entry.path();
    EXPECT_FALSE(L.Value.Tables.empty()) << Entry.path();
    ++Files;
  }
  EXPECT_GE(Files, 3u);
}

TEST(SchemaLoader, TelemetryModel) {
  const SchemaLoad L = loadInput("good/telemetry.yaml");
  ASSERT_TRUE(L.ok()) << messages(L)[0];
  const Schema &S = L.Value;
  EXPECT_EQ(S.File, "telemetry.yaml");
  EXPECT_EQ(S.Version, 1);
  ASSERT_EQ(S.Accounts.size(), 1u);
  EXPECT_EQ(S.Accounts[0].Region, "westeurope");
  EXPECT_EQ(S.Accounts[0].Path, "accounts[telemetry]");
  ASSERT_EQ(S.Clients.size(), 1u);
  const Client &Ingest = S.Clients[0];
  EXPECT_EQ(Ingest.MaxConcurrency, 64u);
  EXPECT_EQ(Ingest.Retry.Policy, RetryPolicyKind::Exponential);
  EXPECT_DOUBLE_EQ(Ingest.Retry.BaseDelaySeconds, 0.8);
  EXPECT_DOUBLE_EQ(Ingest.Retry.MaxDelaySeconds, 60);
  EXPECT_EQ(Ingest.Retry.MaxRetries, 3u);
  EXPECT_EQ(Ingest.Retry.Pos.Line, 7u);

  ASSERT_EQ(S.Tables.size(), 1u);
  const Table &T = S.Tables[0];
  EXPECT_EQ(T.Path, "tables[DeviceReadings]");
  EXPECT_EQ(T.Pos.Line, 10u);
  EXPECT_EQ(T.Note, "Readings from 50,000 devices, one entity per reading.");
  EXPECT_EQ(T.PartitionKey.properties(),
            std::vector<std::string>{"readingTime"});
  EXPECT_EQ(T.PartitionKey.Pos.Line, 12u);
  EXPECT_EQ(T.PartitionKey.Pos.Column, 19u);
  EXPECT_EQ(T.RowKey.properties(),
            (std::vector<std::string>{"deviceId", "readingTime"}));
  ASSERT_EQ(T.Properties.size(), 5u);
  const Property *Device = T.property("deviceId");
  ASSERT_NE(Device, nullptr);
  EXPECT_EQ(Device->Path, "tables[DeviceReadings].properties[deviceId]");
  EXPECT_EQ(Device->Distinct, 50000u);
  EXPECT_EQ(Device->Dist.Kind, DistributionKind::Zipf);
  EXPECT_DOUBLE_EQ(Device->Dist.Param, 0.99);
  EXPECT_EQ(Device->Pos.Line, 15u);
  EXPECT_EQ(Device->Pos.Column, 7u);
  EXPECT_TRUE(T.property("readingTime")->Grows);
  EXPECT_EQ(T.property("readingTime")->Type, EdmType::DateTime);
  EXPECT_EQ(T.property("status")->Values,
            (std::vector<std::string>{"ok", "warn", "fail"}));
  EXPECT_EQ(T.property("status")->Weights,
            (std::vector<double>{0.97, 0.02, 0.01}));
  EXPECT_EQ(T.property("payload")->Bytes, 800u);

  ASSERT_EQ(T.Writes.size(), 1u);
  EXPECT_EQ(T.Writes[0].Path, "tables[DeviceReadings].writes[ingest-reading]");
  EXPECT_DOUBLE_EQ(T.Writes[0].Frequency.PerSecond, 6000);
  EXPECT_EQ(T.Writes[0].Frequency.Text, "6000/s");
  EXPECT_EQ(T.Writes[0].Client, "ingest");
  EXPECT_EQ(T.Writes[0].BatchSize, 1u);
  ASSERT_EQ(T.Queries.size(), 2u);
  const Query &DeviceDay = T.Queries[0];
  EXPECT_EQ(
      DeviceDay.Filter,
      "PartitionKey eq '{readingTime:yyyyMMdd}' and RowKey ge '{deviceId}_'");
  EXPECT_EQ(DeviceDay.FilterPos.Line, 23u);
  EXPECT_EQ(DeviceDay.FilterPos.Column, 36u);
  EXPECT_TRUE(DeviceDay.HasSelect);
  EXPECT_EQ(DeviceDay.Select, std::vector<std::string>{"temperature"});
  EXPECT_DOUBLE_EQ(DeviceDay.Frequency.PerSecond, 20);

  ASSERT_EQ(S.Suppressions.size(), 1u);
  EXPECT_EQ(S.Suppressions[0].RuleId, "table-scan");
  EXPECT_EQ(S.Suppressions[0].ElementPath,
            "tables[DeviceReadings].queries[failing-devices]");
  EXPECT_EQ(S.Suppressions[0].Reason,
            "the nightly report reads everything once a night anyway");
  EXPECT_EQ(S.Suppressions[0].Pos.Line, 24u);
  EXPECT_EQ(S.Header,
            (std::vector<std::string>{
                "yaml-language-server: "
                "$schema=../../../../docs/schema/tablelint-schema-v1.json",
                "Device telemetry: the example of docs/schema.md."}));
}

TEST(SchemaLoader, EntityTypesModel) {
  const SchemaLoad L = loadInput("good/entity-types.yaml");
  ASSERT_TRUE(L.ok()) << messages(L)[0];
  const Table &Orders = L.Value.Tables[0];
  EXPECT_EQ(Orders.PartitionKey.Text, "{shopId}_{orderId}");
  EXPECT_TRUE(Orders.RowKey.Text.empty());
  ASSERT_EQ(Orders.Properties.size(), 2u); // shared by every type
  ASSERT_EQ(Orders.EntityTypes.size(), 2u);
  const EntityType &Line = Orders.EntityTypes[1];
  EXPECT_EQ(Line.Name, "line");
  EXPECT_EQ(Line.Path, "tables[Orders].entityTypes[line]");
  EXPECT_EQ(Line.RowKey.Text, "line_{lineNo:D3}");
  EXPECT_FALSE(Line.PartitionKey);
  ASSERT_EQ(Line.Properties.size(), 2u);
  EXPECT_EQ(Line.Properties[1].Path,
            "tables[Orders].entityTypes[line].properties[sku]");
  EXPECT_EQ(Orders.EntityTypes[0].Note, "One header per order.");
  EXPECT_EQ(Orders.Writes[1].EntityTypeName, "line");
  EXPECT_EQ(Orders.Writes[1].EntitiesPerWrite, 6u);
  EXPECT_EQ(Orders.Queries[0].EntityTypeName, "");
  EXPECT_EQ(Orders.Queries[1].EntityTypeName, "line");

  // The single-type views the checks and the replay work on.
  const std::vector<Table> Views = entityTypeViews(Orders);
  ASSERT_EQ(Views.size(), 2u);
  EXPECT_EQ(Views[0].RowKey.Text, "order");
  EXPECT_EQ(Views[0].PartitionKey.Text, "{shopId}_{orderId}");
  EXPECT_EQ(Views[0].Properties.size(), 4u);
  ASSERT_EQ(Views[0].Writes.size(), 2u); // place-order, pay
  EXPECT_EQ(Views[0].Writes[1].Name, "pay");
  ASSERT_EQ(Views[0].Queries.size(), 1u); // names no type: the first's
  EXPECT_EQ(Views[0].Queries[0].Name, "order");
  EXPECT_EQ(Views[1].Writes.size(), 1u);
  EXPECT_EQ(Views[1].Queries.size(), 1u);

  const Table &Employees = L.Value.Tables[1];
  EXPECT_EQ(Employees.EntityTypes[1].Entities, 20000u);
  const std::vector<Table> EmployeeViews = entityTypeViews(Employees);
  EXPECT_EQ(EmployeeViews[1].RowKey.Text, "email_{email}");
  EXPECT_EQ(EmployeeViews[1].Entities, 20000u);
  const Property *Season = EmployeeViews[0].property("season");
  ASSERT_NE(Season, nullptr);
  EXPECT_EQ(Season->ChangesEverySeconds, 90 * 86400.0);

  const Table &Logs = L.Value.Tables[2];
  EXPECT_EQ(Logs.Name, "Logs{loggedAt:yyyyMMdd}");
  EXPECT_EQ(Logs.Path, "tables[Logs{loggedAt:yyyyMMdd}]");
  ASSERT_TRUE(Logs.NameTemplate);
  EXPECT_EQ(Logs.NameTemplate->properties(),
            std::vector<std::string>{"loggedAt"});
  EXPECT_FALSE(Orders.NameTemplate);
}

TEST(SchemaLoader, OrdersModel) {
  const SchemaLoad L = loadInput("good/orders.yaml");
  ASSERT_TRUE(L.ok()) << messages(L)[0];
  const Schema &S = L.Value;
  const Account &Shop = S.Accounts[0];
  EXPECT_EQ(Shop.Subscription, "retail-prod");
  EXPECT_EQ(Shop.EntitiesPerSecond, 20000);
  EXPECT_EQ(Shop.EgressGbps, 50);
  const Client *Api = S.client("api");
  ASSERT_NE(Api, nullptr);
  EXPECT_EQ(Api->BandwidthBitsPerSecond, 1e9);
  EXPECT_EQ(Api->Payload, PayloadFormat::JsonNoMetadata);
  EXPECT_EQ(Api->Retry.RetryOn, (std::vector<int>{408, 500, 503}));
  EXPECT_EQ(Api->Note, "The order API, on VMs next to the account.");
  EXPECT_EQ(S.client("storefront")->Kind, ClientKind::Browser);
  EXPECT_EQ(S.client("storefront")->Auth, AuthKind::Sas);
  EXPECT_EQ(S.client("app")->Retry.Policy, RetryPolicyKind::Linear);
  EXPECT_EQ(S.client("app")->Retry.MaxRetries, 2u);
  EXPECT_EQ(S.client("backoffice")->Retry.Policy, RetryPolicyKind::None);
  EXPECT_EQ(S.client("backoffice")->Retry.MaxRetries, 0u);
  EXPECT_EQ(S.client("backoffice")->Auth, AuthKind::SharedKey);

  const Table *Orders = S.table("Orders");
  ASSERT_NE(Orders, nullptr);
  const Property *Customer = Orders->property("customerId");
  EXPECT_EQ(Customer->Distinct, 2000000u);
  EXPECT_EQ(Customer->Dist.Kind, DistributionKind::Hotspot);
  EXPECT_DOUBLE_EQ(Customer->Dist.HotDataFraction, 0.1);
  EXPECT_DOUBLE_EQ(Customer->Dist.HotOpFraction, 0.6);
  EXPECT_EQ(Orders->property("sku")->Distinct, 40000u);
  EXPECT_EQ(Orders->property("status")->Note,
            "Most orders are shipped; few are cancelled.");
  EXPECT_EQ(Orders->RowKey.Parts[1].Functions[0].Fn, KeyFunction::Reverse);
  EXPECT_DOUBLE_EQ(Orders->Writes[0].Frequency.PerSecond, 1500.0 / 3600);
  EXPECT_EQ(Orders->Writes[1].BatchSize, 20u);
  EXPECT_EQ(Orders->Writes[1].BatchPos.Line, 49u);
  EXPECT_EQ(Orders->Writes[2].Op, WriteKind::Merge);
  EXPECT_EQ(Orders->Writes[2].Properties, std::vector<std::string>{"status"});
  EXPECT_DOUBLE_EQ(Orders->Writes[4].Frequency.PerSecond, 2e6 / 86400);
  EXPECT_EQ(Orders->Writes[4].Op, WriteKind::InsertOrReplace);
  EXPECT_EQ(Orders->Writes[6].Op, WriteKind::Delete);
  const Query &CustomerOrders = Orders->Queries[0];
  EXPECT_EQ(CustomerOrders.Top, 20u);
  EXPECT_EQ(CustomerOrders.ExpectedRows, 20u);
  EXPECT_EQ(CustomerOrders.Uses.size(), 3u);
  EXPECT_TRUE(Orders->Queries[2].Filter.empty());
  EXPECT_FALSE(Orders->Queries[2].HasSelect);
  EXPECT_TRUE(Orders->Queries[3].HasSelect);
  EXPECT_TRUE(Orders->Queries[3].Select.empty());
  ASSERT_EQ(Orders->Transactions.size(), 1u);
  EXPECT_EQ(Orders->Transactions[0].Path,
            "tables[Orders].transactions[checkout]");
  EXPECT_EQ(Orders->Transactions[0].Writes,
            (std::vector<std::string>{"place-order", "add-lines"}));
  EXPECT_EQ(Orders->Entities, 500000000u);
  EXPECT_EQ(Orders->RetentionSeconds, 730.0 * 86400);

  const Table *Index = S.table("OrdersById");
  ASSERT_NE(Index, nullptr);
  EXPECT_EQ(Index->Note,
            "Index for lookups by order id (denormalize-for-query); written "
            "with\nplace-order, so it declares a write of the same name.");
  EXPECT_EQ(Index->PartitionKey.Parts[0].Functions[0].Arg, 64u);
  ASSERT_EQ(S.Suppressions.size(), 1u);
  EXPECT_EQ(S.Suppressions[0].ElementPath,
            "tables[OrdersById].properties[customerId]");
}

// ---------------------------------------------------------------- bad files

TEST(SchemaLoader, UnknownKeysNameTheClosestKnownKey) {
  EXPECT_EQ(
      errorsOf("unknown-keys.yaml"),
      (std::vector<std::string>{
          "unknown-keys.yaml:2:30: error: unknown key 'regoin' in the "
          "account; did you mean 'region'?",
          "unknown-keys.yaml:4:64: error: unknown key 'maxRetry' in the retry "
          "policy",
          "unknown-keys.yaml:6:5: error: missing required key 'partitionKey' "
          "in the table",
          "unknown-keys.yaml:8:5: error: unknown key 'partitonKey' in the "
          "table; did you mean 'partitionKey'?",
          "unknown-keys.yaml:11:32: error: unknown key 'distinc' in the "
          "property 'deviceId'; did you mean 'distinct'?",
          "unknown-keys.yaml:13:40: error: unknown key '000' in the "
          "property 'site'; a comma ends a value inside { }: write numbers "
          "without thousands separators (50000 or 50k)",
          "unknown-keys.yaml:14:64: error: unknown key 'skew' in the "
          "property 'userId'; a skew is part of the distribution: write "
          "`distribution: zipf(0.8)`",
          "unknown-keys.yaml:16:9: error: missing required key 'rate' in the "
          "write",
          "unknown-keys.yaml:16:60: error: unknown key 'rat' in the write; "
          "did you mean 'rate'?",
          "unknown-keys.yaml:17:1: error: unknown key 'index' in the schema",
      }));
}

TEST(SchemaLoader, EntityTypeNameTemplateAndChangesMistakes) {
  EXPECT_EQ(
      errorsOf("table-kinds.yaml"),
      (std::vector<std::string>{
          "table-kinds.yaml:6:29: error: 'partitionKey' (entity type "
          "'line'): placeholder '{orderId}' names no property of table "
          "'Orders'",
          "table-kinds.yaml:7:13: error: table 'Orders' declares "
          "'entityTypes': each entity type has its own 'rowKey'",
          "table-kinds.yaml:15:11: error: entity type 'header' declares "
          "property 'shopId', which the table already declares for every "
          "type",
          "table-kinds.yaml:21:9: error: write 'place-order' of table "
          "'Orders', which declares several entity types, must say which "
          "one it writes ('entityType')",
          "table-kinds.yaml:22:39: error: write 'add-lines' names entity "
          "type 'lines', which table 'Orders' does not declare; did you mean "
          "'line'?",
          "table-kinds.yaml:24:31: error: filter of query 'skus' compares "
          "'lineNo', which is not a property of table 'Orders'",
          "table-kinds.yaml:25:15: error: table 'Orders' declares "
          "'entityTypes': declare 'entities' on each entity type",
          "table-kinds.yaml:31:41: error: 'changes' is for values that are "
          "not dates ('season' is a datetime: format it in the key, e.g. "
          "'{season:yyyyMM}')",
          "table-kinds.yaml:32:35: error: 'changes' must be a positive "
          "period (a new value every 90d)",
          "table-kinds.yaml:34:34: error: write 'post' names entity type "
          "'header', but table 'Seasons' declares no 'entityTypes'",
          "table-kinds.yaml:35:16: error: name template: placeholder "
          "'{day}' names no property of table 'Logs{day:yyyyMMdd}'",
      }));
}

// A team writes the words of its SDK or retry library: the error names
// what they are called here.
TEST(SchemaLoader, AKeywordInAnotherToolsWordsIsNamed) {
  const std::string Text = R"(version: 1
accounts: [{name: main, region: westeurope}]
clients:
  - {name: web, retry: {policy: fixed, baseDelay: 200ms, maxRetries: 8}}
tables:
  - name: Items
    account: main
    partitionKey: "{id}"
    rowKey: "item"
    properties:
      id: {type: guid}
    writes:
      - {name: save, client: web, op: replace, rate: 5/s}
)";
  EXPECT_EQ(messages(loadSchemaText(Text, "t.yaml")),
            (std::vector<std::string>{
                "t.yaml:4:33: error: 'policy' must be one of none, "
                "exponential, linear, constant, immediate, got 'fixed': a "
                "fixed delay between retries is constant",
                "t.yaml:13:39: error: 'op' must be one of insert, update, "
                "merge, insert-or-replace, insert-or-merge, delete, got "
                "'replace': a replace of an existing entity is update",
            }));
}

TEST(SchemaLoader, WrongTypesAreReportedAtTheValue) {
  EXPECT_EQ(
      errorsOf("wrong-types.yaml"),
      (std::vector<std::string>{
          "wrong-types.yaml:4:23: error: 'kind' must be one of service, "
          "browser, mobile, got 'server'",
          "wrong-types.yaml:4:37: error: 'auth' must be one of token, sas, "
          "shared-key, got 'password'",
          "wrong-types.yaml:4:63: error: 'maxConcurrency': expected a whole "
          "number like 50000 or 2M, got 'lots'",
          "wrong-types.yaml:4:80: error: 'bandwidth': expected a positive "
          "bandwidth like 100Mbps or 1Gbps, got '1GB'",
          "wrong-types.yaml:11:22: error: 'type' must be one of string, "
          "int32, int64, double, boolean, datetime, guid, binary, got 'text'",
          "wrong-types.yaml:11:35: error: 'grows' must be true or false",
          "wrong-types.yaml:12:49: error: 'distribution': expected a "
          "distribution: uniform, zipf(s), hotspot(data, ops), latest or "
          "sequential, got 'normal'",
          "wrong-types.yaml:14:41: error: 'op' must be one of insert, update, "
          "merge, insert-or-replace, insert-or-merge, delete, got 'upsert': "
          "an upsert is insert-or-replace (UpsertEntity, or "
          "UpdateOrInsertEntity, in Replace mode) or insert-or-merge (in "
          "Merge mode)",
          "wrong-types.yaml:14:55: error: 'rate': expected a rate like "
          "6000/s, 20/min, 1.5k/h or 2M/day, got 'fast'",
          "wrong-types.yaml:14:68: error: 'batch': expected a whole number "
          "like 50000 or 2M, got '-1'",
          "wrong-types.yaml:16:73: error: 'select' must be a list of names",
          "wrong-types.yaml:17:16: error: 'retention': expected a duration "
          "like 800ms, 60s, 5m, 2h or 90d, got '90'",
      }));
}

TEST(SchemaLoader, MissingKeys) {
  EXPECT_EQ(
      errorsOf("missing-keys.yaml"),
      (std::vector<std::string>{
          "missing-keys.yaml:1:1: error: missing required key 'version' in "
          "the schema",
          "missing-keys.yaml:1:12: error: missing required key 'name' in the "
          "account",
          "missing-keys.yaml:3:5: error: missing required key 'rowKey' in the "
          "table",
          "missing-keys.yaml:4:14: error: table 'Events' refers to account "
          "'main', which is not declared under 'accounts'",
          "missing-keys.yaml:7:15: error: missing required key 'type' in the "
          "property 'source'",
          "missing-keys.yaml:9:9: error: missing required key 'rate' in the "
          "write",
          "missing-keys.yaml:11:9: error: missing required key 'writes' in "
          "the transaction",
      }));
}

TEST(SchemaLoader, DuplicatesAndReferencesThatNameNothing) {
  EXPECT_EQ(
      errorsOf("references.yaml"),
      (std::vector<std::string>{
          "references.yaml:4:5: error: duplicate account name 'telemetry' "
          "(first declared at line 3)",
          "references.yaml:9:14: error: table 'Readings' refers to account "
          "'telemtry', which is not declared under 'accounts'; did you mean "
          "'telemetry'?",
          "references.yaml:15:7: error: duplicate key 'deviceId' (first at "
          "line 13)",
          "references.yaml:17:40: error: write 'ingest-reading' refers to "
          "client 'ingset', which is not declared under 'clients'; did you "
          "mean 'ingest'?",
          "references.yaml:18:9: error: duplicate write name "
          "'ingest-reading' (first declared at line 17)",
          "references.yaml:20:32: error: query 'latest' refers to client "
          "'dashboard', which is not declared under 'clients'",
          "references.yaml:22:47: error: transaction 'both' names write "
          "'ingest-readng', which table 'Readings' does not declare; did you "
          "mean 'ingest-reading'?",
          "references.yaml:22:62: error: transaction 'both' names write "
          "'archive-reading', which table 'Readings' does not declare",
          "references.yaml:32:5: error: duplicate table name 'Readings' "
          "(first declared at line 8)",
      }));
}

// The replay and `suggest` match operations by name: one name in several
// tables is one write mirrored into each, so two writes that only share a
// name are refused where they are, not replayed as one.
TEST(SchemaLoader, AWriteNameInSeveralTablesIsOneMirroredWrite) {
  EXPECT_EQ(
      errorsOf("mirrored-writes.yaml"),
      (std::vector<std::string>{
          "mirrored-writes.yaml:25:9: error: write 'like' is insert here and "
          "merge in table 'PostStats' (line 16): a write name declared in "
          "several tables is one logical write mirrored into each (an index "
          "table), so it has one op; give these writes their own names",
          "mirrored-writes.yaml:35:9: error: write 'follow' is declared in "
          "several tables, and none of them has every property their keys "
          "use (table 'Following' lacks 'followedAt'): a write name declared "
          "in several tables is one logical write mirrored into each, whose "
          "entities carry the properties of every table it writes; declare "
          "them in one of its tables or give these writes their own names",
      }));
}

TEST(SchemaLoader, TemplateAndFilterErrorsPointInsideTheString) {
  EXPECT_EQ(
      errorsOf("templates.yaml"),
      (std::vector<std::string>{
          "templates.yaml:6:20: error: 'partitionKey': placeholder "
          "'{deviceID}' names no property of table 'Readings'; did you mean "
          "'deviceId'?",
          "templates.yaml:7:35: error: 'rowKey' of table 'Readings': unclosed "
          "'{'",
          "templates.yaml:13:64: error: filter of query 'typo' compares "
          "'stauts', which is not a property of table 'Readings'; did you "
          "mean 'status'?",
          "templates.yaml:13:75: error: filter of query 'typo': placeholder "
          "'{statsu}' names no property of table 'Readings'; did you mean "
          "'status'?",
          "templates.yaml:14:75: error: filter of query 'broken' does not "
          "parse: expected a literal after 'eq'",
          "templates.yaml:15:35: error: filter of query 'function' does not "
          "parse: function 'startswith' is not supported by the Table "
          "service: express a prefix as a range, Name ge 'A' and Name lt 'B'",
          // The doubled quotes of the single-quoted YAML string are counted.
          "templates.yaml:16:67: error: filter of query 'escaped' does not "
          "parse: expected a comparison operator (eq, ne, gt, ge, lt, le) "
          "after 'status', got 'eqq'",
          "templates.yaml:17:58: error: filter of query 'bad-template': "
          "unknown key function 'bucket' (expected hash:N, pad:N or reverse)",
          // A folded block scalar: the error is on the line of the text.
          "templates.yaml:20:27: error: filter of query 'block' does not "
          "parse: expected an expression after 'or', got the end of the "
          "filter",
          // Formats and functions that do not fit the property's type.
          "templates.yaml:24:20: error: 'partitionKey': "
          "'{deviceId:yyyyMMdd}': formats apply to datetime and integer "
          "properties; 'deviceId' is string",
          "templates.yaml:24:40: error: 'partitionKey': '{seq:X8}': an "
          "integer format is D<n> (zero-padded to n digits), as in "
          "{seq:D10}",
          "templates.yaml:25:14: error: 'rowKey': 'reverse' in "
          "'{deviceId|reverse}' applies to datetime and integer properties; "
          "'deviceId' is string",
      }));
}

TEST(SchemaLoader, ImpossibleValues) {
  EXPECT_EQ(
      errorsOf("values.yaml"),
      (std::vector<std::string>{
          "values.yaml:1:10: error: unsupported schema version '2'; this "
          "tablelint reads version 1",
          "values.yaml:2:54: error: 'entitiesPerSecond': expected a "
          "non-negative number, got '-5'",
          "values.yaml:4:28: error: 'bandwidth': expected a positive "
          "bandwidth like 100Mbps or 1Gbps, got 'fast'",
          "values.yaml:4:50: error: 'maxConcurrency' must be between 1 and "
          "1000000; leave it out for no limit",
          "values.yaml:5:22: error: 'policy' must be one of none, "
          "exponential, linear, constant, immediate, got 'sometimes'",
          "values.yaml:5:44: error: 'baseDelay': expected a duration like "
          "800ms, 60s, 5m, 2h or 90d, got '800'",
          "values.yaml:5:78: error: 'retryOn': expected HTTP status codes "
          "(100-599), got '99'",
          "values.yaml:5:82: error: 'retryOn': expected HTTP status codes "
          "(100-599), got 'abc'",
          "values.yaml:12:60: error: 'weights' has 2 numbers for 3 values",
          "values.yaml:13:37: error: 'values' lists 3 values but 'distinct' "
          "says 4",
          "values.yaml:13:44: error: value 'x' is not of type int32, the type "
          "of 'itemId'",
          "values.yaml:14:58: error: 'weights' add up to 0.8; they are shares "
          "and must add up to 1",
          "values.yaml:15:37: error: 'weights' needs 'values': one weight per "
          "value",
          "values.yaml:16:36: error: 'bytes' applies to string and binary "
          "properties; 'price' is double, whose size is fixed",
          "values.yaml:16:53: error: 'distribution': zipf takes one exponent "
          "s with 0 < s <= 10, as in zipf(0.99), got 'zipf(0)'",
          "values.yaml:17:38: error: 'distinct' must be at least 1",
          "values.yaml:17:55: error: 'distribution': hotspot takes two "
          "fractions between 0 and 1 (hot data, its share of uses), as in "
          "hotspot(0.2, 0.8), got 'hotspot(0.2, 1.5)'",
          "values.yaml:19:39: error: 'rate' is zero; remove the access "
          "pattern if it never runs",
          "values.yaml:20:41: error: 'rate' 5G/s is 5000000000 per second; "
          "tablelint accepts at most 1000000000/s (a typo?)",
          "values.yaml:21:40: error: 'rate': a rate cannot be negative, got "
          "'-3/s'",
          "values.yaml:24:27: error: 'rate': expected a rate like 6000/s, "
          "20/min, 1.5k/h or 2M/day, got '2/fortnight'",
          "values.yaml:24:45: error: 'top' must be at least 1",
          "values.yaml:25:16: error: 'retention' is zero; leave it out when "
          "entities are kept forever",
      }));
}

TEST(SchemaLoader, PerKeyBucketsModel) {
  const SchemaLoad L = loadInput("good/heavy-tenant.yaml");
  ASSERT_TRUE(L.ok()) << messages(L)[0];
  const Table &T = L.Value.Tables[0];
  ASSERT_TRUE(T.Buckets.has_value());
  EXPECT_EQ(T.Buckets->By, "tenantId");
  EXPECT_EQ(T.Buckets->Default, 1u);
  using Entry = std::pair<std::string, std::uint64_t>;
  EXPECT_EQ(T.Buckets->Heavy,
            (std::vector<Entry>{{"tenantId-0", 16}, {"tenant 7", 4}}));
  EXPECT_EQ(T.Buckets->countFor("tenantId-0"), 16u);
  EXPECT_EQ(T.Buckets->countFor("tenant 7"), 4u);
  EXPECT_EQ(T.Buckets->countFor("tenantId-5"), 1u);
  EXPECT_EQ(T.Buckets->most(), 16u);
  EXPECT_EQ(T.Buckets->Pos.Line, 11u);
  const KeyPart *Hashed = bucketedPart(T.PartitionKey);
  ASSERT_NE(Hashed, nullptr);
  EXPECT_EQ(Hashed->Text, "eventId");
}

TEST(SchemaLoader, ShardsModel) {
  const SchemaLoad L = loadInput("good/sharded-counter.yaml");
  ASSERT_TRUE(L.ok()) << messages(L)[0];
  const Table &T = L.Value.Tables[0];
  ASSERT_TRUE(T.Shards.has_value());
  EXPECT_EQ(*T.Shards, 4u);
  EXPECT_EQ(T.ShardsPos.Line, 11u);
  EXPECT_EQ(T.PartitionKey.properties(),
            (std::vector<std::string>{"code", "shard"}));
  // The shard number, declared for the load model: 4 values, uniform.
  const Property *Shard = T.property("shard");
  ASSERT_NE(Shard, nullptr);
  EXPECT_TRUE(isShardProperty(T, *Shard));
  EXPECT_EQ(Shard->Type, EdmType::Int32);
  EXPECT_EQ(Shard->Distinct, std::optional<std::uint64_t>(4));
  EXPECT_FALSE(isShardProperty(T, *T.property("code")));
}

TEST(SchemaLoader, ShardMistakes) {
  EXPECT_EQ(messages(loadInput("bad/shards.yaml")),
            (std::vector<std::string>{
                "shards.yaml:6:20: error: 'partitionKey': placeholder "
                "'{shard}' names no property of table 'One'",
                "shards.yaml:8:13: error: 'shards' of table 'One': 1 shards; "
                "expected 2 to 4096 (each read of a key reads every shard)",
                "shards.yaml:13:21: error: 'rowKey' of table 'Two': '{shard}' "
                "belongs in the partition key: shards that differ by RowKey "
                "share one partition, whose throughput they were meant to "
                "spread",
                "shards.yaml:14:13: error: 'shards' of table 'Two': the "
                "partition key '{shard}_{code}' must end its placeholders "
                "with one '{shard}', without format or function, like "
                "'{code}_{shard}'",
                "shards.yaml:21:53: error: table 'Three' declares 'shards', "
                "whose shard number the keys name '{shard}': rename the "
                "property 'shard'",
                "shards.yaml:24:27: error: 'partitionKey': placeholder "
                "'{shard}' names no property of table 'Four'",
                "shards.yaml:26:13: error: 'shards' of table 'Four': expected "
                "a whole number like 50000 or 2M, got 'many'",
            }));
}

TEST(SchemaLoader, PerKeyBucketMistakes) {
  EXPECT_EQ(
      errorsOf("buckets.yaml"),
      (std::vector<std::string>{
          "buckets.yaml:8:38: error: 'default' of 'buckets': 3 buckets; "
          "expected a power of two from 1 to 4096",
          "buckets.yaml:8:61: error: 'heavy' value 'tenantId-0': 32 buckets "
          "is more than the partition key's hash:16 renders",
          "buckets.yaml:8:77: error: 'heavy' value 'tenantId-1': 8192 "
          "buckets; expected a power of two from 1 to 4096",
          "buckets.yaml:8:95: error: 'heavy' value 'tenantId-2': expected a "
          "whole number like 50000 or 2M, got 'x'",
          "buckets.yaml:8:99: error: unknown key 'per' in the buckets",
          "buckets.yaml:14:14: error: 'buckets' of table 'Two': the partition "
          "key '{tenantId}' needs exactly one placeholder with a hash "
          "function ('{eventId|hash:16}') for the buckets to count",
          "buckets.yaml:14:19: error: 'by' of 'buckets' names 'region', which "
          "is not a placeholder without functions of the partition key "
          "'{tenantId}'",
          "buckets.yaml:14:34: error: 'heavy' of 'buckets' must map each "
          "heavy value to its bucket count, like {tenantId-0: 16}",
          "buckets.yaml:20:14: error: 'buckets' must be a mapping like {by: "
          "tenantId, default: 1, heavy: {tenantId-0: 16}}",
          "buckets.yaml:26:14: error: 'buckets' of table 'Four': the hashed "
          "placeholder of 'eventId' may carry only hash:N (no format, no "
          "other function)",
          "buckets.yaml:26:14: error: missing required key 'by' in the "
          "buckets",
      }));
}

// A sweep's `cutoff` says when it sweeps: "now" or "now - DURATION", on a
// filter that bounds a datetime by its own placeholder (what it sets).
TEST(SchemaLoader, CutoffMistakes) {
  const std::string Needs =
      "error: query '%s': 'cutoff' needs a filter that compares a datetime "
      "property with lt or le to its own placeholder (`finishedAt lt "
      "datetime'{finishedAt}'`): that placeholder is what the cut-off sets";
  auto NeedsFor = [&](const std::string &At, const std::string &Query) {
    std::string Text = Needs;
    Text.replace(Text.find("%s"), 2, Query);
    return "cutoffs.yaml:" + At + ": " + Text;
  };
  EXPECT_EQ(errorsOf("cutoffs.yaml"),
            (std::vector<std::string>{
                "cutoffs.yaml:14:72: error: query 'tomorrow': 'cutoff' must "
                "be 'now' or 'now - DURATION' (`now - 1d`: a day before the "
                "query runs), not 'now + 1d'",
                "cutoffs.yaml:15:74: error: query 'minus-what': 'cutoff' must "
                "be 'now' or 'now - DURATION' (`now - 1d`: a day before the "
                "query runs), not 'now - soon'",
                NeedsFor("16:75", "lower-bound"),
                NeedsFor("17:72", "by-key"),
                NeedsFor("18:82", "formatted"),
                NeedsFor("19:35", "no-filter"),
            }));
}

// A sweep's cut-off loads, and the writer prints it back as written.
TEST(SchemaLoader, CutoffRoundTrips) {
  const std::string Text =
      "version: 1\naccounts: [{name: a}]\ntables:\n"
      "  - name: T\n    account: a\n    partitionKey: \"{tenantId}\"\n"
      "    rowKey: \"{jobId}\"\n"
      "    properties: {tenantId: {type: string}, jobId: {type: guid}, "
      "dueAt: {type: datetime, grows: true}}\n"
      "    queries:\n"
      "      - {name: due, filter: \"tenantId ne 'x' and dueAt le "
      "datetime'{dueAt}'\", cutoff: now, rate: 6/min}\n"
      "      - {name: expired, filter: \"dueAt lt datetime'{dueAt}'\", "
      "cutoff: now-90d, rate: 1/h}\n";
  const SchemaLoad L = loadSchemaText(Text, "cutoff.yaml");
  ASSERT_TRUE(L.ok()) << messages(L).front();
  const Table &T = L.Value.Tables[0];
  EXPECT_EQ(T.Queries[0].CutoffAgoSeconds, 0.0);
  EXPECT_EQ(T.Queries[1].CutoffAgoSeconds, 90 * 86400.0);
  EXPECT_EQ(cutoffProperties(T, T.Queries[0]),
            std::vector<std::string>{"dueAt"});
  const std::string Written = writeSchemaYaml(L.Value);
  EXPECT_NE(Written.find("        cutoff: now\n"), std::string::npos)
      << Written;
  EXPECT_NE(Written.find("cutoff: now - 90d, rate: 1/h}"), std::string::npos)
      << Written;
  const SchemaLoad Again = loadSchemaText(Written, "again.yaml");
  ASSERT_TRUE(Again.ok());
  EXPECT_EQ(Again.Value.Tables[0].Queries[1].CutoffAgoSeconds,
            90 * 86400.0);
}

TEST(SchemaLoader, BatchSizeOutOfRangeIsKeptForTheInvalidBatchRule) {
  const SchemaLoad L = loadInput("bad/values.yaml");
  const Table &T = L.Value.Tables.at(0);
  ASSERT_EQ(T.Writes.size(), 4u);
  EXPECT_EQ(T.Writes[3].Name, "big-batch");
  EXPECT_EQ(T.Writes[3].BatchSize, 500u);
  EXPECT_EQ(T.Writes[3].BatchPos.Line, 22u);
  EXPECT_EQ(T.Writes[3].BatchPos.Column, 58u);
}

TEST(SchemaLoader, MalformedSuppressions) {
  const SchemaLoad L = loadInput("bad/suppressions.yaml");
  EXPECT_EQ(
      messages(L),
      (std::vector<std::string>{
          "suppressions.yaml:3:1: error: the suppression is not attached to "
          "an element; put it at the end of the element's line or on the "
          "line directly above it",
          "suppressions.yaml:6:23: error: unknown rule 'hot-partiton' in the "
          "suppression; did you mean 'hot-partition'?",
          "suppressions.yaml:9:68: error: the suppression needs a reason "
          "after ']': say why the finding is acceptable here",
          "suppressions.yaml:12:63: error: empty rule id in the suppression; "
          "expected '# tablelint: ignore[rule-id] reason'",
          "suppressions.yaml:14:20: error: unknown tablelint comment "
          "'skip[table-scan] not a directive tablelint knows'; expected '# "
          "tablelint: ignore[rule-id] reason'",
          "suppressions.yaml:15:87: error: unclosed '[' in the suppression; "
          "expected '# tablelint: ignore[rule-id] reason'",
      }));
  // The valid ids of a list with an empty one still apply.
  ASSERT_EQ(L.Value.Suppressions.size(), 2u);
  EXPECT_EQ(L.Value.Suppressions[0].RuleId, "entity-limits");
  EXPECT_EQ(L.Value.Suppressions[1].RuleId, "invalid-name");
  EXPECT_EQ(L.Value.Suppressions[1].ElementPath,
            "tables[Flags].properties[flag]");
}

// ----------------------------------------------------------- hostile input

TEST(SchemaLoader, RefusesFilesAboveTheSizeCap) {
  const std::string Big(9u << 20, '#');
  const auto Start = std::chrono::steady_clock::now();
  EXPECT_EQ(messages(loadSchemaText(Big, "big.yaml")),
            std::vector<std::string>{
                "big.yaml: error: the file is 9437184 bytes; schema files are "
                "limited to 8388608 bytes"});
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(1));

  SchemaLoadOptions Small;
  Small.MaxFileBytes = 100;
  const fs::path Path = Inputs / "good" / "telemetry.yaml";
  const SchemaLoad L = loadSchemaFile(Path.string(), Small);
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_EQ(L.Errors[0].Line, 0u);
  EXPECT_NE(L.Errors[0].Message.find("schema files are limited to 100 bytes"),
            std::string::npos);
}

TEST(SchemaLoader, RefusesAliasBombsAndCycles) {
  const auto Start = std::chrono::steady_clock::now();
  EXPECT_EQ(errorsOf("alias-bomb.yaml"),
            std::vector<std::string>{
                "alias-bomb.yaml:3:4: error: the document expands to more "
                "than 2000000 nodes through anchors and aliases; refusing to "
                "read it"});
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(5));
  EXPECT_EQ(errorsOf("alias-cycle.yaml"),
            std::vector<std::string>{
                "alias-cycle.yaml:2:9: error: aliases nest collections more "
                "than 64 levels deep (an alias inside the node it refers "
                "to?); refusing to read it"});
}

TEST(SchemaLoader, RefusesDeepNestingBeforeYamlCppRecursesIntoIt) {
  // Deep enough to overflow the stack of a recursive parser.
  const unsigned Depth = 200000;
  const std::string Flow = "version: 1\ntables: " + std::string(Depth, '[') +
                           std::string(Depth, ']');
  // 'tables' is level 1; the 64th bracket (column 9 + 63) is level 65.
  EXPECT_EQ(messages(loadSchemaText(Flow, "flow.yaml")),
            std::vector<std::string>{
                "flow.yaml:2:72: error: collections nest more than 64 levels "
                "deep here; refusing to read the file"});
  std::string Block = "version: 1\ntables:\n";
  for (unsigned I = 0; I < 100; ++I)
    Block += std::string(I + 1, ' ') + "k:\n";
  EXPECT_EQ(messages(loadSchemaText(Block, "block.yaml")),
            std::vector<std::string>{
                "block.yaml:66:65: error: collections nest more than 64 "
                "levels deep here; refusing to read the file"});
  std::string Dashes = "version: 1\ntables:\n";
  for (unsigned I = 0; I < 5000; ++I)
    Dashes += "- ";
  Dashes += "x\n";
  const SchemaLoad L = loadSchemaText(Dashes, "dashes.yaml");
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_EQ(L.Errors[0].Line, 3u);
  // Nesting within the limit is fine, even in a block scalar with deeper
  // indentation.
  EXPECT_TRUE(loadInput("good/orders.yaml").ok());
}

// Every prefix of a good file, and each with one byte changed, loads
// without crashing and either cleanly or with positioned errors.
TEST(SchemaLoader, DamagedFilesNeverCrash) {
  const std::string Text = readInput(Inputs / "good" / "orders.yaml");
  unsigned WithErrors = 0;
  for (std::size_t N = 0; N < Text.size(); N += 7) {
    for (const std::string &Damaged :
         {Text.substr(0, N),
          Text.substr(0, N) + "\x01{[\"'" + Text.substr(N)}) {
      const SchemaLoad L = loadSchemaText(Damaged, "damaged.yaml");
      for (const InputError &E : L.Errors)
        EXPECT_EQ(E.File, "damaged.yaml");
      WithErrors += !L.ok();
    }
  }
  EXPECT_GT(WithErrors, Text.size() / 7);
}

// Files saved on Windows (CRLF, a byte order mark) load the same.
TEST(SchemaLoader, CrlfAndByteOrderMark) {
  std::string Text = readInput(Inputs / "good" / "telemetry.yaml");
  std::string Windows = "\xEF\xBB\xBF";
  for (char C : Text)
    Windows += C == '\n' ? std::string("\r\n") : std::string(1, C);
  const SchemaLoad L = loadSchemaText(Windows, "crlf.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors[0].str();
  EXPECT_EQ(L.Value.Header.size(), 2u);
  EXPECT_EQ(L.Value.Header[1],
            "Device telemetry: the example of docs/schema.md.");
  ASSERT_EQ(L.Value.Suppressions.size(), 1u);
  EXPECT_EQ(L.Value.Tables[0].Note,
            "Readings from 50,000 devices, one entity per reading.");
  EXPECT_TRUE(looksLikeSchema(Windows));
  const std::string Broken =
      "\xEF\xBB\xBFversion: 1\r\naccounts: [{name: a, regoin: x}]\r\n";
  EXPECT_EQ(messages(loadSchemaText(Broken, "crlf.yaml")),
            std::vector<std::string>{"crlf.yaml:2:22: error: unknown key "
                                     "'regoin' in the account; did you mean "
                                     "'region'?"});
}

TEST(SchemaLoader, ReportsTheFirstHundredErrorsAndCountsTheRest) {
  std::string Text = "version: 1\naccounts:\n";
  for (unsigned I = 0; I < 150; ++I)
    Text += "  - {name: a" + std::to_string(I) + ", regoin: x}\n";
  const std::vector<std::string> Errors =
      messages(loadSchemaText(Text, "many.yaml"));
  ASSERT_EQ(Errors.size(), 101u);
  EXPECT_EQ(Errors[0], "many.yaml:3:16: error: unknown key 'regoin' in the "
                       "account; did you mean 'region'?");
  EXPECT_EQ(Errors[99], "many.yaml:102:17: error: unknown key 'regoin' in "
                        "the account; did you mean 'region'?");
  EXPECT_EQ(Errors[100], "many.yaml: error: 50 more errors not shown");
}

TEST(SchemaLoader, InvalidYamlAndEmptyFiles) {
  EXPECT_EQ(messages(loadSchemaText("version: 1\ntables: [\n", "open.yaml")),
            std::vector<std::string>{
                "open.yaml:2:9: error: invalid YAML: this '[' is never closed "
                "(the parser gave up at 3:1: end of sequence flow not found)"});
  EXPECT_EQ(messages(loadSchemaText("", "empty.yaml")),
            std::vector<std::string>{
                "empty.yaml: error: empty schema: expected a mapping with "
                "'version' and 'tables'"});
  EXPECT_EQ(messages(loadSchemaFile("/nonexistent/schema.yaml")),
            std::vector<std::string>{
                "/nonexistent/schema.yaml: error: cannot read the file: no "
                "such file or directory"});
}

// yaml-cpp gives up where the damage shows, often lines after the mistake,
// and with a message about what it found there; the error names the
// mistake where it is, and keeps where the parser gave up.
TEST(SchemaLoader, InvalidYamlIsReportedWhereTheMistakeIs) {
  const std::string Head = "version: 1\naccounts: [{name: a}]\ntables:\n"
                           "  - name: T\n    account: a\n"
                           "    partitionKey: '{a}'\n    rowKey: '{b}'\n"
                           "    writes:\n";
  // A flow mapping left open swallows the next entries.
  EXPECT_EQ(messages(loadSchemaText(
                Head + "      - {name: w1, op: insert, rate: 10/s\n"
                       "      - {name: w2, op: insert, rate: 10/s}\n"
                       "      - {name: w3, op: insert, rate: 10/s}\n",
                "unclosed.yaml")),
            std::vector<std::string>{
                "unclosed.yaml:9:9: error: invalid YAML: this '{' is never "
                "closed (the parser gave up at 11:7: illegal block entry)"});
  // A tab in the indentation.
  EXPECT_EQ(messages(loadSchemaText("version: 1\naccounts: [{name: a}]\n"
                                    "tables:\n\t- name: T\n",
                                    "tab.yaml")),
            std::vector<std::string>{
                "tab.yaml:4:1: error: invalid YAML: a tab indents this line; "
                "YAML indents with spaces only (the parser gave up at 4:2: "
                "illegal block entry)"});
  // A bracket closing one of the other kind: the missing '}' is the
  // mistake, not the '[' it leaves open.
  EXPECT_EQ(messages(loadSchemaText("version: 1\naccounts: [{name: a]\n"
                                    "tables: []\n",
                                    "mismatch.yaml")),
            std::vector<std::string>{
                "mismatch.yaml:2:20: error: invalid YAML: this ']' closes the "
                "'{' opened at 2:12 (the parser gave up at 2:20: illegal flow "
                "end)"});
  // Brackets and tabs that are fine stay out of it: a tab inside a block
  // scalar and a multi-line flow mapping that is closed, before a mistake
  // of another kind, reported where the parser saw it.
  EXPECT_EQ(messages(loadSchemaText(
                "version: 1\naccounts: [{name: a,\n  region: x}]\n"
                "tables:\n  - name: T\n    note: |\n      a\ttab\n"
                "    account: a: b\n",
                "other.yaml")),
            std::vector<std::string>{
                "other.yaml:8:15: error: invalid YAML: illegal map value"});
}

// ------------------------------------------------------------ suppressions

const char *SuppressedSchema = R"yaml(version: 1
accounts: [{name: main}]
tables:
  # tablelint: ignore[hot-partition] one tenant, and it stays small
  - name: Tenants
    account: main
    # tablelint: ignore[time-based-partition-key] bucketed by month on purpose
    partitionKey: "{created:yyyyMM}"
    rowKey: "{id}"
    properties:
      created: {type: datetime}
      id: {type: guid}   # tablelint: ignore[entity-limits, invalid-name] generated ids
    queries:
      # Everything, for the nightly export.
      # tablelint: ignore[table-scan] nightly, off-peak
      - {name: export, rate: 1/day}
  - name: Other
    account: main
    partitionKey: "{id}"
    rowKey: "x"
    properties: {id: {type: guid}}
)yaml";

TEST(SchemaSuppressions, AttachToTheElementOnOrBelowTheComment) {
  SchemaLoad L = loadSchemaText(SuppressedSchema, "s.yaml");
  ASSERT_TRUE(L.ok()) << messages(L)[0];
  std::vector<std::string> Seen;
  for (const Suppression &S : L.Value.Suppressions)
    Seen.push_back(S.RuleId + " -> " + S.ElementPath + " @" +
                   std::to_string(S.Pos.Line) + ":" +
                   std::to_string(S.Pos.Column));
  EXPECT_EQ(Seen, (std::vector<std::string>{
                      "hot-partition -> tables[Tenants] @4:3",
                      // A line inside the table's block belongs to the table.
                      "time-based-partition-key -> tables[Tenants] @7:5",
                      "entity-limits -> tables[Tenants].properties[id] @12:26",
                      "invalid-name -> tables[Tenants].properties[id] @12:26",
                      "table-scan -> tables[Tenants].queries[export] @15:7",
                  }));
  // The plain comment above the query is its note; the directive is not.
  EXPECT_EQ(L.Value.Tables[0].Queries[0].Note,
            "Everything, for the nightly export.");
  EXPECT_EQ(L.Value.Tables[0].Note, "");
}

TEST(SchemaSuppressions, ATableSuppressionCoversItsChildrenOnly) {
  SchemaLoad L = loadSchemaText(SuppressedSchema, "s.yaml");
  Schema &S = L.Value;
  EXPECT_FALSE(isSuppressed(S, "hot-partition", "tables[Other]"));
  EXPECT_FALSE(isSuppressed(S, "hot-partition", "tables[TenantsArchive]"));
  EXPECT_FALSE(S.Suppressions[0].Used);
  EXPECT_TRUE(isSuppressed(S, "hot-partition", "tables[Tenants].writes[w]"));
  EXPECT_TRUE(S.Suppressions[0].Used);
  EXPECT_TRUE(isSuppressed(S, "table-scan", "tables[Tenants].queries[export]"));
  EXPECT_FALSE(isSuppressed(S, "table-scan", "tables[Tenants]"));
  EXPECT_FALSE(
      isSuppressed(S, "partition-scan", "tables[Tenants].queries[export]"));
  EXPECT_TRUE(
      isSuppressed(S, "invalid-name", "tables[Tenants].properties[id]"));
  EXPECT_FALSE(S.Suppressions[2].Used); // entity-limits was not asked about
  EXPECT_TRUE(S.Suppressions[3].Used);
}

// ---------------------------------------------------------------- fragments

TEST(SchemaLoader, FragmentsMayLeaveOutVersionAndDeclarations) {
  const std::string Fragment = R"yaml(tables:
  - name: Users
    account: identity
    partitionKey: "{userId}"
    rowKey: "profile"
    writes:
      - {name: sign-up, client: api, op: insert, rate: 20/s}
)yaml";
  SchemaLoadOptions Options;
  Options.Fragment = true;
  EXPECT_TRUE(loadSchemaText(Fragment, "f.yaml", Options).ok());
  EXPECT_EQ(
      messages(loadSchemaText(Fragment, "f.yaml")),
      (std::vector<std::string>{
          "f.yaml:1:1: error: missing required key 'version' in the schema",
          "f.yaml:3:14: error: table 'Users' refers to account 'identity', "
          "which is not declared under 'accounts'",
          "f.yaml:4:20: error: 'partitionKey': placeholder '{userId}' names "
          "no property of table 'Users'",
          "f.yaml:7:33: error: write 'sign-up' refers to client 'api', which "
          "is not declared under 'clients'",
      }));
}

// Every YAML example of the rule catalog is a schema fragment and must load.
TEST(SchemaLoader, RuleCatalogExamplesLoadAsFragments) {
  SchemaLoadOptions Options;
  Options.Fragment = true;
  unsigned Examples = 0;
  for (const Rule &R : builtinCatalog().Rules)
    for (const auto &[Kind, Example] :
         {std::make_pair("bad", &R.Bad), std::make_pair("good", &R.Good)}) {
      if (Example->Language != "yaml")
        continue;
      ++Examples;
      const std::string Name = R.Id + "/" + Kind;
      const std::vector<std::string> Errors =
          messages(loadSchemaText(Example->Code, Name, Options));
      EXPECT_EQ(Errors, std::vector<std::string>()) << Name;
    }
  EXPECT_GE(Examples, 20u);
}

// The complete examples of the format's reference page load cleanly.
TEST(SchemaLoader, DocumentationExamplesLoad) {
  const std::string Doc =
      readInput(fs::path(TABLELINT_SOURCE_DIR) / "docs" / "schema.md");
  unsigned Examples = 0;
  for (std::size_t At = Doc.find("```yaml\nversion: 1\n");
       At != std::string::npos;
       At = Doc.find("```yaml\nversion: 1\n", At + 1)) {
    const std::size_t Start = At + 8;
    const std::size_t End = Doc.find("```", Start);
    ASSERT_NE(End, std::string::npos);
    const SchemaLoad L =
        loadSchemaText(Doc.substr(Start, End - Start), "schema.md example");
    EXPECT_EQ(messages(L), std::vector<std::string>()) << "at byte " << At;
    ++Examples;
  }
  EXPECT_EQ(Examples, 2u);
}

TEST(SchemaLoader, LooksLikeSchema) {
  EXPECT_TRUE(looksLikeSchema(readInput(Inputs / "good" / "telemetry.yaml")));
  EXPECT_FALSE(looksLikeSchema("id: hot-partition\ntitle: x\n"));
  EXPECT_FALSE(looksLikeSchema("tables: []\n"));
  EXPECT_FALSE(looksLikeSchema("# version: 1\ntables: []\n"));
}

// fanOut and when: a bucket the reader enumerates, a write that reaches an
// index only for some entities.
TEST(SchemaLoader, FanOutAndWhen) {
  const SchemaLoad Good = loadInput("good/fan-out-sparse.yaml");
  ASSERT_TRUE(Good.ok()) << messages(Good)[0];
  const Query &Latest = Good.Value.Tables[0].Queries[0];
  EXPECT_EQ(Latest.FanOut, std::vector<std::string>{"postId"});
  EXPECT_EQ(fanOutReads(Latest), 4u);
  EXPECT_EQ(Good.Value.Tables[1].Writes[0].When, "flagged eq true");
  EXPECT_EQ(Good.Value.Tables[2].Writes[0].FanOut,
            std::vector<std::string>{"followerId"});

  const std::string Bad = R"(version: 1
accounts: [{name: a, region: westeurope}]
tables:
  - name: Feed
    account: a
    partitionKey: "{postId|hash:4}_feed"
    rowKey: "{postId}"
    properties:
      postId: {type: guid}
      flagged: {type: boolean}
    writes:
      - {name: post, op: insert, rate: 1/s, when: "flaged eq true"}
      - {name: post2, op: insert, rate: 1/s, when: "PartitionKey eq 'x'"}
      - {name: post3, op: insert, rate: 1/s, when: "flagged eq"}
    queries:
      - {name: q, filter: "PartitionKey eq 'feed'", fanOut: [postId], rate: 1/s}
      - {name: r, filter: "PartitionKey eq '{postId|hash:4}_feed'", fanOut: [postid], rate: 1/s}
)";
  EXPECT_EQ(
      messages(loadSchemaText(Bad, "bad.yaml")),
      (std::vector<std::string>{
          "bad.yaml:12:52: error: 'when' of write 'post' compares 'flaged', "
          "which is not a property of table 'Feed'; did you mean 'flagged'?",
          "bad.yaml:13:53: error: 'when' of write 'post2' compares "
          "'PartitionKey': it decides on the entity's own properties, before "
          "any key exists",
          "bad.yaml:14:63: error: 'when' of write 'post3' does not parse: "
          "expected a literal after 'eq'",
          "bad.yaml:16:62: error: query 'q' fans out over 'postId', but its "
          "filter has no hash bucket of it (write '{postId|hash:N}' where the "
          "bucket goes)",
          "bad.yaml:17:78: error: query 'r' fans out over 'postid', which is "
          "not a property of table 'Feed'; did you mean 'postId'?"}));
}

// fanOut on a write: each property in a key of the entities it writes;
// entitiesPerWrite then counts the rows of one execution, one per follower,
// each under the PartitionKey of its follower (write 'c' loads).
TEST(SchemaLoader, WriteFanOutErrorsArePositioned) {
  const std::string Bad = R"(version: 1
accounts: [{name: a, region: westeurope}]
tables:
  - name: Feed
    account: a
    partitionKey: "{followerId}"
    rowKey: "{postId}"
    properties:
      followerId: {type: string}
      postId: {type: guid}
      authorId: {type: string}
    writes:
      - {name: a, op: insert, rate: 1/s, fanOut: [followerid]}
      - {name: b, op: insert, rate: 1/s, fanOut: [authorId]}
      - {name: c, op: insert, rate: 1/s, entitiesPerWrite: 5, fanOut: [followerId]}
      - {name: d, op: insert, rate: 1/s, batch: 100, fanOut: [followerId, postId]}
)";
  EXPECT_EQ(
      messages(loadSchemaText(Bad, "bad.yaml")),
      (std::vector<std::string>{
          "bad.yaml:13:51: error: write 'a' fans out over 'followerid', which "
          "is not a property of table 'Feed'; did you mean 'followerId'?",
          "bad.yaml:14:51: error: write 'b' fans out over 'authorId', which "
          "neither key of its entities holds: the entities of one execution "
          "would be one entity (put '{authorId}' in the RowKey or "
          "PartitionKey)"}));
}

// A placeholder where the filter goes wrong is shown as one ({?}), not as
// the marker byte the loader parses in its place.
TEST(SchemaLoader, FilterErrorAtAPlaceholderShowsIt) {
  const std::string Bad = R"(version: 1
accounts: [{name: a, region: westeurope}]
tables:
  - name: T
    account: a
    partitionKey: "{d}"
    rowKey: "r"
    properties:
      d: {type: guid}
    queries:
      - {name: q, filter: "PartitionKey eq 'guid'{d}''", rate: 1/s}
)";
  EXPECT_EQ(messages(loadSchemaText(Bad, "bad.yaml")),
            (std::vector<std::string>{
                "bad.yaml:11:50: error: filter of query 'q' does not parse: "
                "expected 'and', 'or' or the end of the filter, got '{?}'"}));
}

} // namespace
} // namespace tablelint::schema
