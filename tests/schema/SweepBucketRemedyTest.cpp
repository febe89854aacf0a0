// Time-bucketed keys for sweeps (checks/schema/SweepBucketRemedy.h): a
// sweep of what falls due over a table keyed by something else reads one
// bucket's partitions instead of the table, by a re-key when nothing else
// reads by the old keys, else by an expiry index; too many writes for one
// bucket, or a write that moves the time, make it advice saying why.
#include "tests/schema/RemedyTestSupport.h"

namespace tablelint::schema {
namespace {

std::string runs(const std::string &Writes, const std::string &Queries) {
  return "version: 1\n"
         "accounts: [{name: jobs, region: westeurope}]\n"
         "tables:\n"
         "  - name: Runs\n"
         "    account: jobs\n"
         "    partitionKey: \"{tenantId}\"\n"
         "    rowKey: \"{runId}\"\n"
         "    retention: 1d\n"
         "    properties:\n"
         "      tenantId: {type: string, distinct: 3000}\n"
         "      runId: {type: guid}\n"
         "      finishedAt: {type: datetime, grows: true}\n"
         "      outcome: {type: string, values: [ok, failed], weights: [0.9, "
         "0.1]}\n"
         "    writes:\n" +
         Writes + "    queries:\n" + Queries;
}

const std::string RecordAndPurge =
    "      - {name: record-run, op: insert, rate: 120/s}\n"
    "      - {name: purge-run, op: delete, rate: 120/s}\n";
// The sweep reads what it archives (the outcome), not only keys: it is no
// mere purge that a table per period would replace (TablePerPeriod).
const std::string Sweep =
    "      - {name: sweep-expired, filter: \"finishedAt lt "
    "datetime'{finishedAt}'\", select: [tenantId, runId, outcome], rate: "
    "1/min}\n";
const std::string RunDetail =
    "      - {name: run-detail, filter: \"PartitionKey eq '{tenantId}' and "
    "RowKey eq '{runId}'\", rate: 40/s}\n";

using test::findChange;
using test::suggestFor;

// Only the sweep reads the table: it is keyed by the minute the sweep
// runs every, and the sweep reads the partitions up to its cut-off's.
TEST(SweepBucketRemedy, ASweptTableReadByNothingElseIsKeyedByTime) {
  const SuggestResult R = suggestFor(runs(RecordAndPurge, Sweep));
  const Table &T = R.Design.Tables[0];
  EXPECT_EQ(T.PartitionKey.Text, "{finishedAt:yyyyMMddHHmm}");
  EXPECT_EQ(T.RowKey.Text, "{tenantId}_{runId}");
  EXPECT_EQ(T.Queries[0].Filter,
            "PartitionKey le '{finishedAt:yyyyMMddHHmm}' and finishedAt lt "
            "datetime'{finishedAt}'");
  const SuggestedChange *C = findChange(R.Changes, "keyed by time");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->RuleId, "low-density-query");
  EXPECT_EQ(C->Subject, "tables[Runs].queries[sweep-expired]");
  EXPECT_NE(C->Description.find("(7200 entities a minute), where it scanned "
                                "10.4 million"),
            std::string::npos)
      << C->Description;
  EXPECT_NE(C->Description.find("the trade-off: the writes of one minute "
                                "share its partition, 120 entities/s (6% of "
                                "the 2000/s target"),
            std::string::npos)
      << C->Description;
}

// A sweep once an hour gets an hour's bucket.
TEST(SweepBucketRemedy, TheBucketIsTheSweepsInterval) {
  std::string Hourly = Sweep;
  Hourly.replace(Hourly.find("1/min"), 5, "1/h");
  const SuggestResult R = suggestFor(runs(RecordAndPurge, Hourly));
  EXPECT_EQ(R.Design.Tables[0].PartitionKey.Text, "{finishedAt:yyyyMMddHH}");
}

// The console opens a run by its tenant and id: the table keeps its keys,
// and an expiry index holds what the sweep needs, written with every run
// and deleted with it.
TEST(SweepBucketRemedy, ATableReadByItsKeysGetsAnExpiryIndex) {
  const SuggestResult R = suggestFor(runs(RecordAndPurge, RunDetail + Sweep));
  ASSERT_EQ(R.Design.Tables.size(), 2u);
  const Table &T = R.Design.Tables[0];
  EXPECT_EQ(T.PartitionKey.Text, "{tenantId}");
  ASSERT_EQ(T.Queries.size(), 1u);
  EXPECT_EQ(T.Queries[0].Name, "run-detail");
  const Table &Idx = R.Design.Tables[1];
  EXPECT_EQ(Idx.Name, "RunsByExpiry");
  EXPECT_EQ(Idx.PartitionKey.Text, "{finishedAt:yyyyMMddHHmm}");
  EXPECT_EQ(Idx.RowKey.Text, "{tenantId}_{runId}");
  std::vector<std::string> Props;
  for (const Property &P : Idx.Properties)
    Props.push_back(P.Name);
  EXPECT_EQ(Props, (std::vector<std::string>{"tenantId", "runId",
                                             "finishedAt", "outcome"}));
  ASSERT_EQ(Idx.Writes.size(), 2u);
  EXPECT_EQ(Idx.Writes[0].Name, "record-run");
  EXPECT_EQ(Idx.Writes[1].Name, "purge-run");
  ASSERT_EQ(Idx.Queries.size(), 1u);
  EXPECT_EQ(Idx.Queries[0].Name, "sweep-expired");
  EXPECT_EQ(Idx.Queries[0].Filter,
            "PartitionKey le '{finishedAt:yyyyMMddHHmm}' and finishedAt lt "
            "datetime'{finishedAt}'");
  const SuggestedChange *C = findChange(R.Changes, "expiry index");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->ElementPath, "tables[RunsByExpiry]");
  EXPECT_NE(C->Description.find(
                "Runs keeps its keys (query `run-detail` reads by them: the "
                "new PartitionKey `{finishedAt:yyyyMMddHHmm}` needs "
                "finishedAt, which the query does not give"),
            std::string::npos)
      << C->Description;
}

// 2,400 runs a second in one minute's partition is over half its target:
// advice, with the hash bucket it would take.
TEST(SweepBucketRemedy, TooManyWritesForOneBucketIsAdvice) {
  const SuggestResult R = suggestFor(
      runs("      - {name: record-run, op: insert, rate: 2400/s}\n"
           "      - {name: purge-run, op: delete, rate: 2400/s}\n",
           Sweep));
  EXPECT_EQ(R.Design.Tables[0].PartitionKey.Text, "{tenantId}");
  const SuggestedChange *A = findChange(R.Advice, "not keyed for the sweep");
  ASSERT_TRUE(A);
  EXPECT_NE(A->Description.find("the 2400 entities/s written in one minute "
                                "would share its partition, over 50% of the "
                                "2000/s target: prefix a hash bucket of 4"),
            std::string::npos)
      << A->Description;
}

// A write that can move a run's time would leave its index row behind.
TEST(SweepBucketRemedy, AWriteThatMovesTheTimeGetsNoIndex) {
  const SuggestResult R = suggestFor(
      runs(RecordAndPurge +
               "      - {name: rerun, op: merge, properties: [finishedAt], "
               "rate: 1/s}\n",
           RunDetail + Sweep));
  EXPECT_EQ(R.Design.Tables.size(), 1u);
  const SuggestedChange *A = findChange(R.Advice, "no expiry index");
  ASSERT_TRUE(A);
  EXPECT_NE(A->Description.find("write 'rerun' (merge) can change "
                                "'finishedAt' of a stored entity"),
            std::string::npos)
      << A->Description;
}

// What is not a sweep of what falls due: runs since a cursor, and a table
// that deletes nothing.
TEST(SweepBucketRemedy, OnlySweepsOfWhatFallsDue) {
  std::string Since = Sweep;
  Since.replace(Since.find(" lt "), 4, " gt ");
  EXPECT_FALSE(findChange(suggestFor(runs(RecordAndPurge, Since)).Changes,
                    "for the sweep"));
  const SuggestResult Kept = suggestFor(
      runs("      - {name: record-run, op: insert, rate: 120/s}\n", Sweep));
  EXPECT_FALSE(findChange(Kept.Changes, "for the sweep"));
  EXPECT_FALSE(findChange(Kept.Advice, "for the sweep"));
}

} // namespace
} // namespace tablelint::schema
