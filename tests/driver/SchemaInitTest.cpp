// End-to-end tests of `tablelint schema init`: drafts of the bundled example
// (compared field by field with its hand-written schema) and of three small
// projects (legacy SDK, Azure::Data::Tables, hand-written REST) in
// test-inputs/code/schema-init/; every draft loads, and `tablelint lint` on
// it (with rates filled in) gives the findings the code warrants.
#include "tests/support/LintProject.h"

#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaValues.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

const std::string SourceDir = TABLELINT_SOURCE_DIR;
const std::string InputsDir = SourceDir + "/test-inputs/code/schema-init";
const std::string ExampleDir = SourceDir + "/examples/telemetry-service";

// A compile_commands.json in P listing Files (absolute), with the mock SDK
// headers and Include on the path.
void databaseOf(const Project &P, const std::vector<std::string> &Files,
                const std::string &Include = "") {
  std::string Json = "[\n";
  for (std::size_t I = 0; I < Files.size(); ++I)
    Json += std::string(I ? ",\n" : "") + "  {\"directory\": \"" + P.Dir +
            "\", \"file\": \"" + Files[I] +
            "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
            mockIncludes() + "\"" +
            (Include.empty() ? "" : ", \"-I" + Include + "\"") +
            ", \"-c\", \"" + Files[I] + "\"]}";
  P.write("compile_commands.json", Json + "\n]\n");
}

// Runs schema init in WorkDir on the database of P; the draft's text.
std::string draft(const Project &P, const std::string &WorkDir,
                  std::vector<std::string> Files = {}) {
  std::vector<std::string> Args = {"schema", "init", "-p", P.Dir, "-o",
                                   P.Dir + "/draft.yaml"};
  Args.insert(Args.end(), Files.begin(), Files.end());
  ToolResult R = runTablelint(Args, WorkDir);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "");
  return P.read("draft.yaml");
}

schema::Schema loaded(const std::string &Text, const std::string &Name) {
  schema::SchemaLoad L = schema::loadSchemaText(Text, Name);
  for (const InputError &E : L.Errors)
    ADD_FAILURE() << E.str() << "\n" << Text;
  return L.Value;
}

// The draft with every `rate: TODO` set to Rate.
std::string withRates(const std::string &Draft, const std::string &Rate) {
  return std::regex_replace(Draft, std::regex("rate: TODO"), "rate: " + Rate);
}

// `tablelint lint` on a draft: never an input error.
ToolResult lintDraft(const Project &P, const std::string &Text) {
  P.write("filled.yaml", Text);
  ToolResult R = runTablelint({"lint", P.Dir + "/filled.yaml"}, P.Dir);
  EXPECT_TRUE(R.ExitCode == 0 || R.ExitCode == 1) << R.Out << R.Err;
  return R;
}

const schema::Query *queryOf(const schema::Table &T, const std::string &Name) {
  for (const schema::Query &Q : T.Queries)
    if (Q.Name == Name)
      return &Q;
  return nullptr;
}

// ---- the bundled example, against its hand-written schema -----------------

class ExampleDraft : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    Example = new Project;
    std::vector<std::string> Files;
    for (const char *F : {"main.cpp", "ReadingStore.cpp", "DeviceRegistry.cpp",
                          "RequestHandler.cpp", "Retry.cpp"})
      Files.push_back(ExampleDir + "/src/" + F);
    databaseOf(*Example, Files, ExampleDir + "/src");
    Text = new std::string(draft(*Example, ExampleDir));
    Draft = new schema::Schema(loaded(*Text, "draft.yaml"));
    Hand = new schema::Schema(
        schema::loadSchemaFile(ExampleDir + "/schema/telemetry.yaml").Value);
  }
  static void TearDownTestSuite() {
    delete Example;
    delete Text;
    delete Draft;
    delete Hand;
  }
  static Project *Example;
  static std::string *Text;
  static schema::Schema *Draft;
  static schema::Schema *Hand;
};
Project *ExampleDraft::Example = nullptr;
std::string *ExampleDraft::Text = nullptr;
schema::Schema *ExampleDraft::Draft = nullptr;
schema::Schema *ExampleDraft::Hand = nullptr;

// Both declare DeviceReadings and Devices; the draft also has DeviceStatus,
// which the handlers write and read and the hand-written schema leaves out.
TEST_F(ExampleDraft, TablesAreTheOnesTheCodeTouches) {
  for (const char *Name : {"DeviceReadings", "Devices"}) {
    EXPECT_NE(Hand->table(Name), nullptr) << Name;
    EXPECT_NE(Draft->table(Name), nullptr) << Name;
  }
  EXPECT_EQ(Hand->table("DeviceStatus"), nullptr);
  ASSERT_NE(Draft->table("DeviceStatus"), nullptr);
  EXPECT_EQ(Draft->table("DeviceStatus")->PartitionKey.Text, "{deviceId}");
  EXPECT_EQ(Draft->table("DeviceStatus")->RowKey.Text, "latest");
  EXPECT_EQ(Draft->Tables.size(), 3u);
}

// Keys: the same shapes. Expected differences: the code formats the clock's
// now() into the PartitionKey (the hand-written schema names it
// readingTime), its RowKey has seconds (%H%M%S) where the hand-written one
// claims milliseconds, and a device's id is `Id` in the code.
TEST_F(ExampleDraft, KeyTemplatesFollowTheKeyBuildingCode) {
  const schema::Table &HR = *Hand->table("DeviceReadings");
  const schema::Table &DR = *Draft->table("DeviceReadings");
  EXPECT_EQ(HR.PartitionKey.Text, "{readingTime:yyyyMMdd}");
  EXPECT_EQ(DR.PartitionKey.Text, "{now:yyyyMMdd}");
  EXPECT_EQ(HR.PartitionKey.Parts[0].Format, DR.PartitionKey.Parts[0].Format);
  ASSERT_NE(DR.property("now"), nullptr);
  EXPECT_EQ(DR.property("now")->Type, EdmType::DateTime);
  EXPECT_TRUE(DR.property("now")->Grows);
  EXPECT_EQ(HR.RowKey.Text, "{deviceId}_{readingTime:HHmmssfff}");
  EXPECT_EQ(DR.RowKey.Text, "{deviceId}_{time:HHmmss}");
  const schema::Table &HD = *Hand->table("Devices");
  const schema::Table &DD = *Draft->table("Devices");
  EXPECT_EQ(DD.PartitionKey.Text, HD.PartitionKey.Text); // {site}
  EXPECT_EQ(HD.RowKey.Text, "{deviceId}");
  EXPECT_EQ(DD.RowKey.Text, "{id}");
}

// Queries: failing-devices and site-devices keep their names (from the
// functions) and their filters; the draft's day-temperatures is the
// hand-written device-hour, a day's RowKey range of a device. Expected
// differences: the code selects RowKey where the schema names deviceId
// (the RowKey holds it), and compares `Status` where the schema declares
// `status`.
TEST_F(ExampleDraft, QueriesCarryFilterProjectionAndUses) {
  const schema::Table &DR = *Draft->table("DeviceReadings");
  const schema::Table &HR = *Hand->table("DeviceReadings");
  const schema::Query *Failing = queryOf(DR, "failing-devices");
  ASSERT_NE(Failing, nullptr);
  EXPECT_EQ(Failing->Filter, "Status eq 'fail'");
  EXPECT_EQ(queryOf(HR, "failing-devices")->Filter, "status eq 'fail'");
  EXPECT_EQ(Failing->Select, std::vector<std::string>{"RowKey"});
  EXPECT_EQ(queryOf(HR, "failing-devices")->Select,
            std::vector<std::string>{"deviceId"});
  const schema::Query *Day = queryOf(DR, "day-temperatures");
  ASSERT_NE(Day, nullptr);
  EXPECT_EQ(Day->Filter,
            "PartitionKey eq '{now:yyyyMMdd}' and RowKey ge '{deviceId}_'");
  EXPECT_FALSE(Day->HasSelect);
  EXPECT_EQ(Day->Uses, std::vector<std::string>{"Temperature"});
  EXPECT_EQ(queryOf(HR, "device-hour")->Uses,
            std::vector<std::string>{"temperature"});
  const schema::Query *Site = queryOf(*Draft->table("Devices"), "site-devices");
  const schema::Query *HandSite = queryOf(*Hand->table("Devices"), "site-devices");
  ASSERT_NE(Site, nullptr);
  EXPECT_EQ(Site->Filter, HandSite->Filter); // PartitionKey eq '{site}'
  EXPECT_EQ(Site->Select, (std::vector<std::string>{"RowKey", "Firmware"}));
  EXPECT_EQ(HandSite->Select, (std::vector<std::string>{"deviceId", "firmware"}));
  // Neither declares a top: the code sets none.
  EXPECT_FALSE(Site->Top);
  EXPECT_FALSE(HandSite->Top);
}

// Writes: ingest inserts as ingest-reading does. Expected difference:
// Register reads, then updates or adds; the hand-written schema declares
// the insert-or-replace that code amounts to.
TEST_F(ExampleDraft, WritesCarryTheirOperation) {
  const schema::Table &DR = *Draft->table("DeviceReadings");
  ASSERT_NE(DR.write("ingest"), nullptr);
  EXPECT_EQ(DR.write("ingest")->Op, schema::WriteKind::Insert);
  EXPECT_EQ(Hand->table("DeviceReadings")->write("ingest-reading")->Op,
            schema::WriteKind::Insert);
  EXPECT_EQ(DR.write("ingest")->BatchSize, 1u);
  const schema::Table &DD = *Draft->table("Devices");
  ASSERT_NE(DD.write("register"), nullptr);
  EXPECT_EQ(DD.write("register")->Op, schema::WriteKind::Update);
  ASSERT_NE(DD.write("register-2"), nullptr);
  EXPECT_EQ(DD.write("register-2")->Op, schema::WriteKind::Insert);
  EXPECT_EQ(Draft->table("DeviceStatus")->write("handle-readings")->Op,
            schema::WriteKind::InsertOrReplace);
}

// The retry helper is a constant 100 ms, as the ingest client declares.
// Expected difference: the loop makes 5 attempts, 4 of them retries; the
// hand-written schema says maxRetries: 5.
TEST_F(ExampleDraft, RetryLoopBecomesAClientPolicy) {
  ASSERT_NE(Draft->client("save-with-retries"), nullptr);
  const schema::RetrySpec &R = Draft->client("save-with-retries")->Retry;
  const schema::RetrySpec &H = Hand->client("ingest")->Retry;
  EXPECT_EQ(R.Policy, schema::RetryPolicyKind::Constant);
  EXPECT_EQ(R.Policy, H.Policy);
  EXPECT_DOUBLE_EQ(R.BaseDelaySeconds, H.BaseDelaySeconds);
  EXPECT_EQ(R.MaxRetries, 4u);
  EXPECT_EQ(H.MaxRetries, 5u);
}

// What the code cannot know is a TODO, never a number; each element names
// its source line; the account key of the connection string is not
// printed, the account name is.
TEST_F(ExampleDraft, TodosAndSourcesInsteadOfInventedNumbers) {
  EXPECT_THAT(*Text, HasSubstr("# from src/ReadingStore.cpp:26\n"));
  EXPECT_THAT(*Text, HasSubstr("# from src/Retry.cpp:15\n"));
  EXPECT_THAT(*Text, HasSubstr("rate: TODO"));
  EXPECT_THAT(*Text, HasSubstr("# TODO rate:"));
  EXPECT_THAT(*Text, HasSubstr("# TODO entities (count) and retention"));
  EXPECT_THAT(*Text, Not(HasSubstr("rate: 1")));
  EXPECT_THAT(*Text, Not(HasSubstr("distinct: ")));
  EXPECT_THAT(*Text, Not(HasSubstr("retention:")));
  EXPECT_THAT(*Text, Not(HasSubstr("bXktc2VjcmV0")));
  ASSERT_EQ(Draft->Accounts.size(), 1u);
  EXPECT_EQ(Draft->Accounts[0].Name, "contosotelemetry");
  for (const schema::Table &T : Draft->Tables) {
    for (const schema::Write &W : T.Writes)
      EXPECT_TRUE(schema::isUnknownRate(W.Frequency)) << W.Path;
    for (const schema::Query &Q : T.Queries)
      EXPECT_TRUE(schema::isUnknownRate(Q.Frequency)) << Q.Path;
  }
}

// The draft lints as it is (no load: nothing about rates), and with the
// example's rates filled in gives the design findings the code warrants:
// the date partition key, its one hot partition, one request per reading.
TEST_F(ExampleDraft, LintOnTheDraftAndOnItWithRates) {
  ToolResult Raw = lintDraft(*Example, *Text);
  EXPECT_THAT(Raw.Out, HasSubstr("[tablelint-retry-without-backoff]"));
  EXPECT_THAT(Raw.Out, HasSubstr("[tablelint-table-scan]"));
  EXPECT_THAT(Raw.Out, HasSubstr("query 'day-temperatures' reads whole "
                                 "entities but uses only Temperature"));
  EXPECT_THAT(Raw.Out, Not(HasSubstr("[tablelint-partition-throughput]")));
  std::string Filled = withRates(*Text, "2/s");
  Filled = std::regex_replace(
      Filled, std::regex("(name: ingest, op: insert, rate: )2/s"), "$016000/s");
  ToolResult R = lintDraft(*Example, Filled);
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-time-based-partition-key]"));
  EXPECT_THAT(R.Out, HasSubstr("write 'ingest' puts 6000 entities/s on one "
                               "partition"));
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-unbatched-writes]"));
}

// ---- three small projects ----------------------------------------------

class ProjectDraft : public ::testing::Test {
protected:
  std::string run(const std::string &Sub, const std::string &File) {
    databaseOf(P, {InputsDir + "/" + Sub + "/" + File});
    return draft(P, InputsDir);
  }
  Project P;
};

TEST_F(ProjectDraft, LegacySdk) {
  const std::string Text = run("legacy", "order_book.cpp");
  const schema::Schema S = loaded(Text, "legacy.yaml");
  const schema::Table *Orders = S.table("Orders");
  ASSERT_NE(Orders, nullptr) << Text;
  EXPECT_EQ(Orders->PartitionKey.Text, "{customerId}");
  EXPECT_EQ(Orders->RowKey.Text, "order_{orderId}");
  ASSERT_NE(Orders->write("place-order"), nullptr);
  EXPECT_EQ(Orders->write("place-order")->Op, schema::WriteKind::Insert);
  const schema::Query *Open = queryOf(*Orders, "open-orders");
  ASSERT_NE(Open, nullptr) << Text;
  EXPECT_EQ(Open->Filter,
            "(PartitionKey eq '{customerId}') and (Status eq 'open')");
  EXPECT_EQ(Open->Select, std::vector<std::string>{"Total"});
  EXPECT_EQ(Open->Top, 20u);
  EXPECT_EQ(Open->Uses, std::vector<std::string>{"Total"});
  // A table per day, written by a batch of two.
  const schema::Table *Audit = S.table("Audit{day}");
  ASSERT_NE(Audit, nullptr) << Text;
  ASSERT_TRUE(Audit->NameTemplate);
  EXPECT_EQ(Audit->PartitionKey.Text, "{user}");
  ASSERT_NE(Audit->write("audit"), nullptr);
  EXPECT_EQ(Audit->write("audit")->BatchSize, 2u);
  ASSERT_NE(S.client("configure"), nullptr);
  EXPECT_EQ(S.client("configure")->Retry.Policy,
            schema::RetryPolicyKind::Exponential);
  EXPECT_DOUBLE_EQ(S.client("configure")->Retry.BaseDelaySeconds, 2);
  EXPECT_EQ(S.client("configure")->Retry.MaxRetries, 4u);
  EXPECT_THAT(Text, HasSubstr("# from legacy/order_book.cpp:21\n"));

  // Orders per customer, an audit table per day: nothing to report.
  ToolResult R = lintDraft(P, withRates(Text, "100/s"));
  EXPECT_EQ(R.ExitCode, 0) << R.Out;
}

TEST_F(ProjectDraft, AzureDataTables) {
  const std::string Text = run("tables", "session_store.cpp");
  const schema::Schema S = loaded(Text, "tables.yaml");
  const schema::Table *Sessions = S.table("Sessions");
  ASSERT_NE(Sessions, nullptr) << Text;
  EXPECT_EQ(Sessions->PartitionKey.Text, "{userId}");
  EXPECT_EQ(Sessions->RowKey.Text, "{now:yyyyMMdd}_{sessionId}");
  ASSERT_NE(Sessions->write("save-session"), nullptr);
  EXPECT_EQ(Sessions->write("save-session")->Op,
            schema::WriteKind::InsertOrReplace);
  ASSERT_NE(Sessions->write("close-session"), nullptr);
  EXPECT_EQ(Sessions->write("close-session")->Op, schema::WriteKind::Merge);
  const schema::Query *Point = queryOf(*Sessions, "session-device");
  ASSERT_NE(Point, nullptr) << Text;
  EXPECT_EQ(Point->Filter,
            "PartitionKey eq '{userId}' and RowKey eq "
            "'{now:yyyyMMdd}_{sessionId}'");
  const schema::Query *Day = queryOf(*Sessions, "day-devices");
  ASSERT_NE(Day, nullptr) << Text;
  EXPECT_EQ(Day->Filter, "PartitionKey eq '{userId}' and RowKey ge "
                         "'{now:yyyyMMdd}_' and RowKey lt '{now:yyyyMMdd}_~'");
  EXPECT_EQ(Day->Select, std::vector<std::string>{"Device"});
  ASSERT_EQ(S.Clients.size(), 1u);
  EXPECT_EQ(S.Clients[0].Retry.Policy, schema::RetryPolicyKind::Exponential);
  EXPECT_EQ(S.Clients[0].Retry.MaxRetries, 5u);
  EXPECT_DOUBLE_EQ(S.Clients[0].Retry.BaseDelaySeconds, 0.5);
  EXPECT_DOUBLE_EQ(S.Clients[0].Retry.MaxDelaySeconds, 30);
  EXPECT_EQ(S.Accounts[0].Name, "contososessions");

  // Sessions per user, read by key or by a RowKey range, exponential
  // backoff: nothing to report.
  ToolResult R = lintDraft(P, withRates(Text, "50/s"));
  EXPECT_EQ(R.ExitCode, 0) << R.Out;
}

TEST_F(ProjectDraft, HandWrittenRest) {
  const std::string Text = run("rest", "inventory_rest.cpp");
  const schema::Schema S = loaded(Text, "rest.yaml");
  const schema::Table *Inventory = S.table("Inventory");
  ASSERT_NE(Inventory, nullptr) << Text;
  EXPECT_EQ(Inventory->PartitionKey.Text, "{warehouse}");
  const schema::Query *Items = queryOf(*Inventory, "warehouse-items");
  ASSERT_NE(Items, nullptr) << Text;
  EXPECT_EQ(Items->Filter, "PartitionKey eq '{warehouse}'");
  EXPECT_EQ(Items->Select, (std::vector<std::string>{"Sku", "Count"}));
  EXPECT_EQ(Items->Top, 50u);
  const schema::Query *Low = queryOf(*Inventory, "low-stock");
  ASSERT_NE(Low, nullptr) << Text;
  EXPECT_EQ(Low->Filter, "Count lt 10");
  ASSERT_NE(Inventory->property("Count"), nullptr);
  EXPECT_EQ(Inventory->property("Count")->Type, EdmType::Int32);
  EXPECT_EQ(S.Accounts[0].Name, "contosostock");

  ToolResult R = lintDraft(P, withRates(Text, "5/s"));
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-table-scan]"));
  EXPECT_THAT(R.Out, HasSubstr("low-stock"));
}

// ---- usage and bad input ------------------------------------------------

TEST(SchemaInit, HelpAndUnknownSubcommand) {
  ToolResult H = runTablelint({"schema", "init", "--help"});
  EXPECT_EQ(H.ExitCode, 0);
  EXPECT_THAT(H.Out, HasSubstr("Usage: tablelint schema init"));
  ToolResult U = runTablelint({"schema", "draft"});
  EXPECT_EQ(U.ExitCode, 2);
  EXPECT_THAT(U.Err, HasSubstr("unknown subcommand 'draft'"));
  ToolResult N = runTablelint({"schema", "init"});
  EXPECT_EQ(N.ExitCode, 2);
  EXPECT_THAT(N.Err, HasSubstr("no input"));
}

// A file that does not compile is reported at its line; the draft is still
// written from the rest, and the exit code says the input was bad.
TEST(SchemaInit, BrokenFileIsAnInputErrorAndTheRestIsDrafted) {
  Project P;
  P.write("ok.cpp", ScanSource);
  P.write("broken.cpp", "int f() { return undeclared; }\n");
  P.database({"ok.cpp", "broken.cpp"});
  ToolResult R = runTablelint(
      {"schema", "init", "-p", P.Dir, "-o", P.Dir + "/draft.yaml"}, P.Dir);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("broken.cpp:1:18: error:"));
  EXPECT_THAT(P.read("draft.yaml"), HasSubstr("version: 1"));
}

} // namespace
} // namespace tablelint::test
