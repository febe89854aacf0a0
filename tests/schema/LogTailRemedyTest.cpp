// The log-tail remedy of `suggest`: a "latest N" read (`newest`) of an
// oldest-first RowKey gets the RowKey reversed; already reversed keys,
// reads with a RowKey range and first-N-in-key-order reads get nothing.
#include "checks/schema/SchemaChecks.h"
#include "checks/schema/SuggestDesign.h"
#include "core/schema/SchemaLoader.h"

#include <gtest/gtest.h>

namespace tablelint::schema {
namespace {

std::string feed(const std::string &RowKey, const std::string &Queries) {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: Feed\n"
         "    account: a\n"
         "    partitionKey: \"{userId}\"\n"
         "    rowKey: \"" + RowKey + "\"\n"
         "    retention: 7d\n"
         "    properties:\n"
         "      userId: {type: string, distinct: 2000}\n"
         "      activityId: {type: guid}\n"
         "      postedAt: {type: datetime, grows: true}\n"
         "    writes:\n"
         "      - {name: post, op: insert, rate: 40/s}\n"
         "    queries:\n" + Queries;
}

SuggestResult suggestFor(const std::string &Yaml) {
  const SchemaLoad L = loadSchemaText(Yaml, "feed.yaml");
  EXPECT_TRUE(L.ok()) << (L.Errors.empty() ? "" : L.Errors.front().str());
  return suggestDesign(L.Value, defaultSchemaCheckOptions());
}

std::size_t logTailRemedies(const SuggestResult &R) {
  std::size_t N = 0;
  for (const auto *List : {&R.Changes, &R.Advice})
    for (const SuggestedChange &C : *List)
      N += C.Description.find("log tail") != std::string::npos;
  return N;
}

const std::string Newest =
    "      - {name: recent, filter: \"PartitionKey eq '{userId}'\", top: 20, "
    "newest: postedAt, rate: 10/s}\n";

TEST(LogTailRemedy, ReversesAnOldestFirstRowKeyForNewestN) {
  const SuggestResult R = suggestFor(feed("{postedAt}_{activityId}", Newest));
  ASSERT_EQ(logTailRemedies(R), 1u);
  ASSERT_EQ(R.Changes.size(), 1u);
  EXPECT_EQ(R.Changes[0].RuleId, "partition-scan");
  EXPECT_EQ(R.Design.Tables[0].RowKey.Text,
            "{postedAt|reverse}_{activityId}");
  EXPECT_NE(R.Changes[0].Description.find("reads the newest 20 by 'postedAt'"),
            std::string::npos)
      << R.Changes[0].Description;
}

// Keys are often written with a date format: one that sorts as its dates
// do is oldest first too.
TEST(LogTailRemedy, ReversesADateFormatThatSortsByDate) {
  const SuggestResult R = suggestFor(
      feed("{postedAt:yyyyMMddHHmmssfff}_{activityId}", Newest));
  ASSERT_EQ(logTailRemedies(R), 1u);
  EXPECT_EQ(R.Design.Tables[0].RowKey.Text,
            "{postedAt|reverse}_{activityId}");
}

// HHmmss repeats every day: the key is not oldest first, and reversing
// it would not give the newest either.
TEST(LogTailRemedy, DateFormatThatDoesNotSortByDateGetsNothing) {
  const SuggestResult R =
      suggestFor(feed("{postedAt:HHmmss}_{activityId}", Newest));
  EXPECT_EQ(logTailRemedies(R), 0u);
  EXPECT_EQ(R.Design.Tables[0].RowKey.Text, "{postedAt:HHmmss}_{activityId}");
}

TEST(LogTailRemedy, AlreadyReversedGetsNothing) {
  const SuggestResult R =
      suggestFor(feed("{postedAt|reverse}_{activityId}", Newest));
  EXPECT_EQ(logTailRemedies(R), 0u);
  EXPECT_EQ(R.Design.Tables[0].RowKey.Text, "{postedAt|reverse}_{activityId}");
}

// An oldest-first RowKey with these queries: no log tail, the key as is.
void expectNoLogTail(const std::string &Queries) {
  const SuggestResult R = suggestFor(feed("{postedAt}_{activityId}", Queries));
  EXPECT_EQ(logTailRemedies(R), 0u);
  EXPECT_EQ(R.Design.Tables[0].RowKey.Text, "{postedAt}_{activityId}");
}

TEST(LogTailRemedy, ReadWithARowKeyRangeGetsNothing) {
  expectNoLogTail("      - {name: since, filter: \"PartitionKey eq '{userId}' "
                  "and RowKey ge '{postedAt}'\", top: 20, newest: postedAt, "
                  "rate: 10/s}\n");
}

TEST(LogTailRemedy, FirstNInKeyOrderGetsNothing) {
  expectNoLogTail("      - {name: oldest, filter: \"PartitionKey eq "
                  "'{userId}'\", top: 20, rate: 10/s}\n");
}

TEST(LogTailRemedy, AnotherFirstNReadMakesItAdvice) {
  const SuggestResult R = suggestFor(feed(
      "{postedAt}_{activityId}",
      Newest + "      - {name: oldest, filter: \"PartitionKey eq "
               "'{userId}'\", top: 5, rate: 1/s}\n"));
  ASSERT_EQ(R.Advice.size(), 1u);
  EXPECT_NE(R.Advice[0].Description.find(
                "query 'oldest' reads the first 5 in key order"),
            std::string::npos)
      << R.Advice[0].Description;
  EXPECT_EQ(R.Design.Tables[0].RowKey.Text, "{postedAt}_{activityId}");
}

TEST(LogTailRemedy, NewestNeedsTopAndAGrowingProperty) {
  const SchemaLoad L = loadSchemaText(
      feed("{postedAt}_{activityId}",
           "      - {name: recent, filter: \"PartitionKey eq '{userId}'\", "
           "newest: userId, rate: 10/s}\n"),
      "feed.yaml");
  ASSERT_EQ(L.Errors.size(), 2u);
  EXPECT_EQ(L.Errors[0].str(),
            "feed.yaml:16:70: error: query 'recent': 'newest' needs a datetime or "
            "integer property declared 'grows: true'; 'userId' is not one");
  EXPECT_NE(L.Errors[1].str().find("'newest' needs 'top'"), std::string::npos);
}

} // namespace
} // namespace tablelint::schema
