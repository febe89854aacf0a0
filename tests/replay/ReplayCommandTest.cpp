// `tablelint replay` end to end: the real binary on the schemas of
// test-inputs/schemas/replay, its reports (text, JSON; the HTML page in
// ReplayHtmlTest), traces, and bad input.
#include "tests/support/RunTool.h"
#include "tests/support/TempDir.h"

#include "core/AtomicFile.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
namespace fs = std::filesystem;

const std::string Inputs =
    std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/replay/";

llvm::json::Value parseJson(const std::string &Text) {
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text);
  if (!V) {
    ADD_FAILURE() << llvm::toString(V.takeError());
    return nullptr;
  }
  return std::move(*V);
}

const llvm::json::Object &design(const llvm::json::Value &Report,
                                 std::size_t I) {
  return *(*Report.getAsObject()->getArray("designs"))[I].getAsObject();
}

// The JSON report of `tablelint replay Args... --format json -o <file>`,
// the file in a folder the run makes; null (the test failed) when the run
// fails or writes no report. What the run said goes to *Run when given.
llvm::json::Value replayJson(std::vector<std::string> Args,
                             ToolResult *Run = nullptr) {
  TempDir Dir;
  const std::string Output = Dir / "out/r.json";
  Args.insert(Args.begin(), "replay");
  Args.insert(Args.end(), {"--format", "json", "-o", Output});
  ToolResult R = runTablelint(Args);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  std::optional<std::string> Text = readFile(Output);
  EXPECT_TRUE(Text) << "no report at " << Output;
  if (Run)
    *Run = std::move(R);
  return Text ? parseJson(*Text) : llvm::json::Value(nullptr);
}

// The JSON report of a one-minute replay of one design of Inputs.
llvm::json::Value replayMinute(const std::string &File) {
  return replayJson({Inputs + File, "--duration", "60s"});
}

// A design's per-operation figures by operation name.
std::map<std::string, const llvm::json::Object *>
operationsOf(const llvm::json::Object &Design) {
  std::map<std::string, const llvm::json::Object *> Ops;
  if (const llvm::json::Array *A = Design.getArray("operations"))
    for (const llvm::json::Value &V : *A)
      Ops[std::string(*V.getAsObject()->getString("name"))] = V.getAsObject();
  return Ops;
}

// With --progress, standard error (no terminal here) keeps plain progress
// lines: the designs under way, the share done, the simulated time done of
// the total (two minutes and the two-minute drain), the operations
// simulated per second and the memory held; the last at 100%.
TEST(ReplayCommand, ProgressSaysTheSimulatedTimeTheRateAndTheMemory) {
  TempDir Dir;
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "2m",
                               "-j", "1", "--progress", "-o", Dir / "r.txt"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  const std::regex Line("replay: (current|suggested) design +([0-9]+)%, "
                        "[0-9]+ s, simulated 0h0[0-4]m of 0h04m, "
                        "([0-9.]+)M ops/s, [0-9]+ MiB");
  std::vector<std::string> Lines;
  std::istringstream In(R.Err);
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  ASSERT_GE(Lines.size(), 3u) << R.Err;
  double Fastest = 0;
  for (const std::string &L : Lines) {
    std::smatch M;
    ASSERT_TRUE(std::regex_match(L, M, Line)) << L;
    Fastest = std::max(Fastest, std::stod(M[3]));
  }
  EXPECT_GT(Fastest, 0) << R.Err;
  EXPECT_THAT(Lines.front(), HasSubstr("current design"));
  EXPECT_THAT(Lines.back(), HasSubstr("suggested design 100%"));
  EXPECT_THAT(Lines.back(), HasSubstr("simulated 0h04m of 0h04m"));
}

TEST(ReplayCommand, ComparesTheDesignsSideBySide) {
  ToolResult R;
  llvm::json::Value Report = replayJson(
      {Inputs + "current.yaml", Inputs + "suggested.yaml", "--duration", "40s"},
      &R);
  ASSERT_TRUE(Report.getAsObject());
  EXPECT_EQ(R.Out, "") << "the report goes to the file";
  EXPECT_EQ(R.Err, "") << "no progress line when stderr is not a terminal";
  const llvm::json::Object &Current = design(Report, 0);
  const llvm::json::Object &Suggested = design(Report, 1);
  EXPECT_EQ(Current.getString("label"), "current");
  EXPECT_EQ(Suggested.getString("label"), "suggested");
  EXPECT_EQ(Current.getInteger("operationsIssued"),
            Suggested.getInteger("operationsIssued"));
  // 6,000 inserts/s on one day key: most requests are throttled. The
  // table scan for failing devices starts on that key (the table's only
  // one: it starts empty) and never completes: each of its pages needs the
  // key's budget, which the writes keep drawn down, so a page gets in only
  // when it finds a token (how many do is the timing's luck). The index
  // table serves every execution, reading one entity per one returned.
  EXPECT_GT(*Current.getNumber("throttledPercent"), 50);
  auto Op = [](const llvm::json::Object &D) {
    return operationsOf(D).at("failing-devices");
  };
  EXPECT_EQ(Op(Current)->getInteger("completed"), 0);
  EXPECT_EQ(Op(Current)->getInteger("failed"),
            Op(Current)->getInteger("issued"));
  EXPECT_EQ(Op(Suggested)->getInteger("completed"),
            Op(Suggested)->getInteger("issued"));
  EXPECT_EQ(*Suggested.getNumber("scannedPerReturned"), 1);
  const llvm::json::Array *Hot = Current.getArray("mostThrottled");
  ASSERT_TRUE(Hot && !Hot->empty());
  EXPECT_EQ((*Hot)[0].getAsObject()->getString("partitionKey"), "20250101");
  // Every throttle explained: the day key's own budget.
  const llvm::json::Object *By = Current.getObject("throttledBy");
  ASSERT_TRUE(By);
  EXPECT_EQ(By->getInteger("partitionKey"), Current.getInteger("throttled"));
  EXPECT_EQ(By->getInteger("rangePartition"), 0);
}

// The 4xx figure says which operation met which status
// (purge-and-claims.yaml): claims of taken slots meet 409 Conflict. A
// delete whose entity's insert is being retried after throttles waits for
// it (the code that deletes an event knows it once its insert succeeds),
// so it never meets a 404; one whose insert failed is never sent, and the
// report counts it apart. Before, the purge met thousands of 404s that the
// report attributed to nothing.
TEST(ReplayCommand, ClientErrorsByOperationAndDeletesWaitForTheirInsert) {
  const std::string File = Inputs + "purge-and-claims.yaml";
  llvm::json::Value Report = replayJson({File, "--duration", "30s"});
  ASSERT_TRUE(Report.getAsObject());
  const llvm::json::Object &D = design(Report, 0);
  std::map<std::string, const llvm::json::Object *> Ops = operationsOf(D);
  ASSERT_EQ(Ops.size(), 5u);
  const llvm::json::Object *Claim = Ops["claim"]->getObject("clientErrors");
  ASSERT_TRUE(Claim);
  // 40 claims/s for 30 s into 200 slots: each one past the slots is 409.
  EXPECT_EQ(Claim->getInteger("409"),
            *Ops["claim"]->getInteger("issued") - 200);
  EXPECT_EQ(*D.getInteger("clientErrors"),
            *Claim->getInteger("409") + *Ops["upload"]->getInteger("issued"));
  EXPECT_EQ(Ops["purge"]->getObject("clientErrors")->size(), 0u);
  EXPECT_EQ(Ops["record"]->getObject("clientErrors")->size(), 0u);
  // The inserts are throttled; some fail after their last retry, and the
  // deletes of their events are not sent.
  const std::int64_t NotSent = *Ops["purge"]->getInteger("notSent");
  EXPECT_GT(*Ops["record"]->getInteger("failed"), 1000);
  EXPECT_GT(NotSent, 1000);
  EXPECT_LE(NotSent, *Ops["record"]->getInteger("failed"));
  // Uploads over the size limit: every one answered 400, so no delete of
  // one is sent, including those still waiting when the run ends.
  EXPECT_EQ(Ops["upload"]->getObject("clientErrors")->getInteger("400"),
            *Ops["upload"]->getInteger("issued"));
  const std::int64_t Drops = *Ops["drop-upload"]->getInteger("issued");
  EXPECT_GT(Drops, 300);
  EXPECT_EQ(Ops["drop-upload"]->getInteger("notSent"), Drops);
  EXPECT_EQ(Ops["drop-upload"]->getInteger("failed"), 0);
  EXPECT_EQ(D.getInteger("notSent"), NotSent + Drops);
  for (const auto &[Name, Op] : Ops)
    EXPECT_EQ(*Op->getInteger("completed") + *Op->getInteger("failed") +
                  *Op->getInteger("notSent"),
              *Op->getInteger("issued"))
        << Name;

  auto Grouped = [](std::int64_t N) {
    std::string S = std::to_string(N);
    for (int I = static_cast<int>(S.size()) - 3; I > 0; I -= 3)
      S.insert(static_cast<std::size_t>(I), ",");
    return S;
  };
  ToolResult Text = runTablelint({"replay", File, "--duration", "30s"});
  ASSERT_EQ(Text.ExitCode, 0) << Text.Err;
  EXPECT_THAT(Text.Out, HasSubstr("\n  claim: 409 conflict           " +
                                  Grouped(*Claim->getInteger("409")) + " "));
  EXPECT_THAT(Text.Out, ::testing::Not(HasSubstr("purge: 404")));
  EXPECT_THAT(Text.Out, HasSubstr("\noperations not sent             " +
                                  Grouped(NotSent + Drops) + " "));
  EXPECT_THAT(Text.Out,
              HasSubstr("note: 'purge' (delete): " + std::to_string(NotSent) +
                        " executions were not sent: the insert of their "
                        "entity in a table they write (an index table's "
                        "copy counts apart) had not succeeded when they "
                        "arrived, nor while they waited for it (up to 122 "
                        "s, or to the end of the run"));
}

// A merge mirrored into an index table whose copy's insert failed is not
// sent there, although the trip's own row was stored: before, each such
// merge met 404 on the index (13,465 in this run), which no note explained.
TEST(ReplayCommand, AnIndexCopyWhoseInsertFailedIsNotUpdated) {
  llvm::json::Value Report = replayJson(
      {Inputs + "throttled-index.yaml", "--duration", "30s"});
  ASSERT_TRUE(Report.getAsObject());
  std::map<std::string, const llvm::json::Object *> Ops =
      operationsOf(design(Report, 0));
  ASSERT_EQ(Ops.size(), 3u);
  EXPECT_GT(*Ops["create-trip"]->getInteger("failed"), 10000);
  const llvm::json::Object &Update = *Ops["update-status"];
  EXPECT_EQ(Update.getObject("clientErrors")->size(), 0u);
  EXPECT_GT(*Update.getInteger("notSent"), 10000);
  EXPECT_EQ(*Update.getInteger("completed") + *Update.getInteger("failed") +
                *Update.getInteger("notSent"),
            *Update.getInteger("issued"));
}

// A "latest 20" read of an oldest-first RowKey: the service returns every
// match, so scanned per returned is 1.0 although the reader keeps 20 of
// thousands; a note gives what each read received.
TEST(ReplayCommand, ALatestNReadOfAnOldestFirstKeySaysWhatItThrowsAway) {
  const ToolResult R = runTablelint(
      {"replay", Inputs + "latest-oldest-first.yaml", "--duration", "30s"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("scanned per returned            1.0 "));
  EXPECT_THAT(R.Out, HasSubstr("note: query 'rider-recent-trips' reads the "
                               "newest 20 by 'requestedAt' from table "
                               "'Trips', whose RowKey does not put the newest "
                               "first: the service returns every match, so "
                               "its "));
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(
                         "reads that ended received 1[0-9][0-9] entities each "
                         "to keep 20 \\([0-9.]+ received per entity kept\\)"));
  EXPECT_THAT(R.Out, HasSubstr("a RowKey leading with '{requestedAt|reverse}' "
                               "stops each read at 20 (the log tail "
                               "pattern)"));
  // Its log tail reads 20 and keeps 20: no such note.
  const ToolResult Tail = runTablelint(
      {"replay",
       std::string(TABLELINT_SOURCE_DIR) +
           "/test-inputs/schemas/patterns/log-tail.yaml",
       "--duration", "30s"});
  ASSERT_EQ(Tail.ExitCode, 0) << Tail.Err;
  EXPECT_THAT(Tail.Out, ::testing::Not(HasSubstr("which scanned per returned "
                                                 "does not show")));
}

// Entities written together are one request: a checkout (an order header
// and its 6 lines, a declared transaction under one key per order) is one
// entity group transaction of 7 entities, a write of 3 lines at once one
// of 3; the order query reads the header and the lines of its partition.
TEST(ReplayCommand, EntitiesWrittenTogetherAreOneEntityGroupTransaction) {
  llvm::json::Value Report = replayMinute("order-lines.yaml");
  ASSERT_TRUE(Report.getAsObject());
  const llvm::json::Object &D = design(Report, 0);
  std::map<std::string, const llvm::json::Object *> Ops = operationsOf(D);
  ASSERT_EQ(Ops.size(), 4u);
  const std::int64_t Orders = *Ops["place-order"]->getInteger("completed");
  const std::int64_t Lines = *Ops["add-lines"]->getInteger("completed");
  const std::int64_t Logged = *Ops["log-line"]->getInteger("completed");
  const std::int64_t Queries = *Ops["order"]->getInteger("completed");
  // 20 checkouts/s for a minute; the lines' rate follows from them.
  EXPECT_NEAR(static_cast<double>(Orders), 1200, 5 * std::sqrt(1200.0));
  EXPECT_EQ(Lines, 6 * Orders);
  EXPECT_EQ(Logged % 3, 0);
  EXPECT_EQ(D.getInteger("operationsFailed"), 0);
  EXPECT_EQ(D.getInteger("clientErrors"), 0);
  EXPECT_EQ(D.getInteger("entitiesWritten"), Orders + Lines + Logged);
  // One round trip and one billed transaction per checkout and per write
  // of 3 lines; one page per query.
  EXPECT_EQ(D.getInteger("requests"), Orders + Logged / 3 + Queries);
  EXPECT_EQ(D.getInteger("billableTransactions"), D.getInteger("requests"));
  EXPECT_EQ(*Ops["order"]->getInteger("entitiesReturned"), 7 * Queries);
}

// Transactions that merge and delete (order-updates.yaml): each
// execution is one entity group transaction under its order's key, and
// none fails: the merge finds its header, the delete a line of that order.
TEST(ReplayCommand, TransactionsThatUpdateAndDeleteAreOneRequestEach) {
  llvm::json::Value Report = replayMinute("order-updates.yaml");
  ASSERT_TRUE(Report.getAsObject());
  const llvm::json::Object &D = design(Report, 0);
  EXPECT_EQ(D.getInteger("operationsFailed"), 0);
  EXPECT_EQ(D.getInteger("clientErrors"), 0);
  EXPECT_EQ(D.getInteger("throttled"), 0);
  std::map<std::string, const llvm::json::Object *> Ops = operationsOf(D);
  auto Completed = [&](const char *Name) {
    return *Ops[Name]->getInteger("completed");
  };
  EXPECT_GT(Completed("ship"), 200);
  EXPECT_EQ(Completed("record-shipment"), Completed("ship"));
  EXPECT_LE(Completed("remove-line"), Completed("reprice"));
  EXPECT_GT(Completed("remove-line"), Completed("reprice") * 9 / 10);
  // One round trip per checkout, shipping, repricing, and query page.
  EXPECT_EQ(D.getInteger("requests"),
            Completed("place-order") + Completed("ship") +
                Completed("reprice") + *Ops["order"]->getInteger("pages"));
}

// A table per tenant and a table per day: each entity lands in the
// instance its values name (the PartitionKeys the report shows carry the
// instance's name), a point read finds its entity in its tenant's table,
// and a scan of the per-tenant table reads one instance.
TEST(ReplayCommand, TableNameTemplatesKeepTheirInstancesApart) {
  llvm::json::Value Report = replayMinute("table-instances.yaml");
  ASSERT_TRUE(Report.getAsObject());
  const llvm::json::Object &D = design(Report, 0);
  EXPECT_EQ(D.getInteger("operationsFailed"), 0);
  EXPECT_EQ(D.getInteger("clientErrors"), 0);
  std::map<std::string, const llvm::json::Object *> Ops = operationsOf(D);
  const std::int64_t Reads = *Ops["profile"]->getInteger("completed");
  EXPECT_GT(Reads, 2000);
  // (A read in the first milliseconds, before any save, finds nothing.)
  EXPECT_GE(*Ops["profile"]->getInteger("entitiesReturned"), Reads - 3);
  // Today's log table, one partition per source.
  const llvm::json::Array *Hot = D.getArray("mostAccessed");
  ASSERT_TRUE(Hot && !Hot->empty());
  EXPECT_THAT(std::string(*(*Hot)[0].getAsObject()->getString("partitionKey")),
              ::testing::StartsWith("Logs20250101~source-"));
  // A scan of 'Profiles{tenant}' reads its tenant's table only. Scans at
  // random times of a growing table read half of the final size on
  // average; one tenant's (60%, 20%, 20% of the saves) about 0.44 of that.
  const std::int64_t Scans = *Ops["all"]->getInteger("completed");
  ASSERT_GT(Scans, 0);
  const double PerScan =
      static_cast<double>(*Ops["all"]->getInteger("entitiesScanned")) /
      static_cast<double>(Scans);
  EXPECT_LT(PerScan,
            0.35 * static_cast<double>(*Ops["save"]->getInteger("completed")));
}

// Each instance of a name template is a table of its own, with its own
// range partitions: eight brand-new tenant tables (--cold) of 1,500
// orders/s each are not throttled by a range budget of 2,000/s, where the
// same 12,000 orders/s in one new table are, until it splits.
TEST(ReplayCommand, TableNameTemplateInstancesHaveTheirOwnRangePartitions) {
  llvm::json::Value Report = replayJson(
      {Inputs + "tenant-one-table.yaml", Inputs + "tenant-tables.yaml",
       "--duration", "30s", "--cold", "--range-budget", "2000"});
  ASSERT_TRUE(Report.getAsObject());
  const llvm::json::Object &One = design(Report, 0);
  const llvm::json::Object &PerTenant = design(Report, 1);
  EXPECT_GT(*One.getObject("throttledBy")->getInteger("rangePartition"),
            100000);
  EXPECT_GT(One.getInteger("operationsFailed"), 0);
  EXPECT_EQ(PerTenant.getInteger("throttled"), 0);
  EXPECT_EQ(PerTenant.getInteger("operationsFailed"), 0);
  EXPECT_GT(*operationsOf(PerTenant)["place-order"]->getInteger("completed"),
            300000);
}

// An established table (it declares entities) starts populated and split;
// --cold starts it as one range partition, throttled by the range budget
// until it splits. --range-budget sets that budget.
TEST(ReplayCommand, WarmStartColdStartAndTheRangeBudget) {
  auto Run = [](std::vector<std::string> Extra) {
    Extra.insert(Extra.begin(), {Inputs + "established.yaml", "--duration",
                                 "60s", "--range-budget", "2000"});
    return replayJson(std::move(Extra));
  };
  llvm::json::Value Warm = Run({});
  ASSERT_TRUE(Warm.getAsObject());
  const llvm::json::Object &W = design(Warm, 0);
  EXPECT_EQ(W.getInteger("throttled"), 0);
  EXPECT_EQ(W.getInteger("clientErrors"), 0) << "merges find their entities";
  EXPECT_EQ(W.getInteger("operationsFailed"), 0);
  const llvm::json::Object *Model = Warm.getAsObject()->getObject("model");
  ASSERT_TRUE(Model);
  EXPECT_EQ(Model->getNumber("rangeEntitiesPerSecond"), 2000);
  EXPECT_EQ(Model->getBoolean("coldStart"), false);

  llvm::json::Value Cold = Run({"--cold"});
  ASSERT_TRUE(Cold.getAsObject());
  const llvm::json::Object &C = design(Cold, 0);
  EXPECT_GT(*C.getNumber("throttledPercent"), 10);
  EXPECT_EQ(C.getObject("throttledBy")->getInteger("rangePartition"),
            C.getInteger("throttled"));
  EXPECT_EQ(Cold.getAsObject()->getObject("model")->getBoolean("coldStart"),
            true);

  ToolResult Bad = runTablelint({"replay", Inputs + "established.yaml",
                                 "--range-budget", "0"});
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("--range-budget '0': expected entities per "
                                 "second from 1 to 1e9"));
}

TEST(ReplayCommand, TextReportAndHelp) {
  ToolResult R = runTablelint(
      {"replay", Inputs + "current.yaml", "--duration", "5s", "--seed", "7"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("tablelint replay: 5 s of workload"));
  EXPECT_THAT(R.Out, HasSubstr("seed 7"));
  EXPECT_THAT(R.Out, HasSubstr("throttled (503/500)"));
  EXPECT_THAT(R.Out, HasSubstr("DeviceReadings '20250101'"));
  ToolResult Help = runTablelint({"replay", "--help"});
  EXPECT_EQ(Help.ExitCode, 0);
  for (const char *Option :
       {"--duration", "--ramp-up", "--seed", "--trace", "--format", "--price",
        "-o, --output", "--cold", "--range-budget"})
    EXPECT_THAT(Help.Out, HasSubstr(Option));
  ToolResult Main = runTablelint({"--help"});
  EXPECT_THAT(Main.Out, HasSubstr("replay"));
}

// --html writes the page next to the text report of the same run.
TEST(ReplayCommand, HtmlAlongsideTheTextReport) {
  TempDir Dir;
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "5s",
                               "--html", Dir / "r.html"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("throttled (503/500)"));
  const std::optional<std::string> Html = readFile(Dir / "r.html");
  ASSERT_TRUE(Html);
  EXPECT_THAT(*Html, HasSubstr("<html"));
  // The page draws both designs of the same run.
  EXPECT_THAT(*Html, HasSubstr("id=\"heatmap-0\""));
  EXPECT_THAT(*Html, HasSubstr("id=\"heatmap-1\""));
}

TEST(ReplayCommand, SameSeedSameBytes) {
  auto Run = [](const std::string &Seed) {
    ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                                 Inputs + "suggested.yaml", "--duration", "10s",
                                 "--seed", Seed, "--format", "json"});
    EXPECT_EQ(R.ExitCode, 0) << R.Err;
    return R.Out;
  };
  const std::string A = Run("3");
  EXPECT_EQ(A, Run("3"));
  EXPECT_NE(A, Run("4"));
}

TEST(ReplayCommand, TheReportIsTheSameForEveryNumberOfJobs) {
  // With -j the designs and the answer check run side by side; each writes
  // only its own result. A pair whose answers differ (an index declared
  // with a write of its own) puts the answer check's details in the
  // report too.
  const std::string Designs =
      std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/designs/";
  auto Run = [](const std::vector<std::string> &Files,
                const std::string &Jobs, const std::string &Format) {
    std::vector<std::string> Args = {"replay"};
    Args.insert(Args.end(), Files.begin(), Files.end());
    Args.insert(Args.end(), {"--duration", "20s", "--format", Format, "-j", Jobs});
    return runTablelint(Args);
  };
  const std::vector<std::string> Agree = {Inputs + "current.yaml",
                                          Inputs + "suggested.yaml"};
  const std::vector<std::string> Differ = {Designs + "user-profiles.yaml",
                                           Designs + "user-profiles.good.yaml"};
  const ToolResult AgreeOne = Run(Agree, "1", "json"),
                   AgreeMany = Run(Agree, "3", "json");
  EXPECT_EQ(AgreeOne.ExitCode, 0) << AgreeOne.Err;
  EXPECT_EQ(AgreeMany.ExitCode, 0) << AgreeMany.Err;
  EXPECT_EQ(AgreeMany.Out, AgreeOne.Out);
  // Every query has its line, one compared in full too.
  EXPECT_THAT(Run(Agree, "1", "text").Out,
              HasSubstr("answers: 2 executions compared on every entity, 2 "
                        "same, 0 different\n  failing-devices: 2 of 2 executions "
                        "compared, 0 different\n"));
  const ToolResult DifferOne = Run(Differ, "1", "text"),
                   DifferMany = Run(Differ, "3", "text");
  EXPECT_EQ(DifferOne.ExitCode, 1) << DifferOne.Err;
  EXPECT_EQ(DifferMany.ExitCode, 1) << DifferMany.Err;
  EXPECT_EQ(DifferMany.Out, DifferOne.Out);
  EXPECT_THAT(DifferMany.Out,
              HasSubstr("  why: find-by-email: current reads table 'Profiles', "
                        "whose entities come from 'sign-up'; suggested reads "
                        "table 'ProfilesByEmail', whose entities come from no "
                        "write of the workload."));
  EXPECT_THAT(DifferMany.Out,
              HasSubstr("suggested: note: write 'sign-up-email' of table "
                        "'ProfilesByEmail' is declared only in this design"));

  for (const std::string Bad : {"0", "-1", "two", ""}) {
    const ToolResult R = runTablelint(
        {"replay", Inputs + "current.yaml", "--duration", "5s", "-j", Bad});
    EXPECT_EQ(R.ExitCode, 2) << Bad;
    EXPECT_THAT(R.Err, HasSubstr("invalid value '" + Bad +
                                 "' for '--jobs': expected a positive number"));
  }
}

TEST(ReplayCommand, WrittenTraceReplaysToTheSameReport) {
  TempDir Dir;
  ToolResult Generated =
      runTablelint({"replay", Inputs + "current.yaml",
                    Inputs + "suggested.yaml", "--duration", "10s", "--format",
                    "json", "--write-trace", Dir / "run.jsonl"});
  ASSERT_EQ(Generated.ExitCode, 0) << Generated.Err;
  ToolResult Replayed = runTablelint(
      {"replay", Inputs + "current.yaml", Inputs + "suggested.yaml",
       "--duration", "10s", "--format", "json", "--trace", Dir / "run.jsonl"});
  ASSERT_EQ(Replayed.ExitCode, 0) << Replayed.Err;
  llvm::json::Value A = parseJson(Generated.Out), B = parseJson(Replayed.Out);
  EXPECT_EQ(*A.getAsObject()->get("designs"), *B.getAsObject()->get("designs"));
  EXPECT_EQ(B.getAsObject()->getObject("workload")->getString("trace"),
            Dir / "run.jsonl");
}

TEST(ReplayCommand, BadInputIsReportedWithItsPosition) {
  TempDir Dir;
  ASSERT_FALSE(writeFileAtomically(Dir / "bad.yaml",
                                   "version: 1\n"
                                   "tables:\n"
                                   "  - name: Readings\n"
                                   "    partitionKey: \"{day\"\n"
                                   "    rowKey: \"{id}\"\n"
                                   "    properties:\n"
                                   "      id: {type: string}\n"));
  ToolResult R = runTablelint({"replay", Dir / "bad.yaml"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr(Dir / "bad.yaml:4:"));
  EXPECT_THAT(R.Err, HasSubstr(": error: "));

  ASSERT_FALSE(writeFileAtomically(Dir / "bad.jsonl",
                                   "{\"t\":1,\"op\":\"ingest-reading\"}\n"
                                   "{\"t\":2,\"op\":\"no-such-op\"}\n"));
  ToolResult T = runTablelint(
      {"replay", Inputs + "current.yaml", "--trace", Dir / "bad.jsonl"});
  EXPECT_EQ(T.ExitCode, 2);
  EXPECT_THAT(T.Err, HasSubstr(Dir / "bad.jsonl:2:13: error: unknown "
                                     "operation 'no-such-op'"));

  EXPECT_EQ(
      runTablelint({"replay", Inputs + "current.yaml", "--duration", "ten"})
          .ExitCode,
      2);
  EXPECT_EQ(runTablelint({"replay"}).ExitCode, 2);
  ToolResult Huge =
      runTablelint({"replay", Inputs + "current.yaml", "--duration", "30d"});
  EXPECT_EQ(Huge.ExitCode, 2);
  EXPECT_THAT(Huge.Err, HasSubstr("declares 15552259200 operations over "
                                  "--duration 30d"));
  ToolResult Missing = runTablelint({"replay", Dir / "absent.yaml"});
  EXPECT_EQ(Missing.ExitCode, 2);
  EXPECT_THAT(Missing.Err, HasSubstr("absent.yaml"));
}

} // namespace
} // namespace tablelint::test
