// "Latest N" in the answer check: with `newest`, an oldest-first RowKey and
// its log tail ({postedAt|reverse}) return the same entities; without it,
// `top` keeps the first N in key order, and reversing the key changes them.
#include "core/schema/SchemaLoader.h"
#include "replay/AnswerCheck.h"
#include "replay/DesignPlan.h"
#include "replay/Workload.h"

#include <gtest/gtest.h>

namespace tablelint::replay {
namespace {

// The activity log read as "latest 20": 20 users, 40 posts/s, so each
// partition holds about 60 entities in the 30 s run, more than the top.
std::string activityLog(const std::string &RowKey, const std::string &Newest) {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: UserActivity\n"
         "    account: a\n"
         "    partitionKey: \"{userId}\"\n"
         "    rowKey: \"" + RowKey + "\"\n"
         "    properties:\n"
         "      userId: {type: string, distinct: 20}\n"
         "      activityId: {type: guid}\n"
         "      postedAt: {type: datetime, grows: true}\n"
         "    writes:\n"
         "      - {name: post, op: insert, rate: 40/s}\n"
         "    queries:\n"
         "      - {name: recent, filter: \"PartitionKey eq '{userId}'\", "
         "top: 20, " + Newest + "rate: 10/s}\n";
}

// Whether the plan's query reads every match to keep the newest.
bool readsAll(const DesignPlan &P) {
  for (const std::optional<QueryTarget> &Q : P.Queries)
    if (Q)
      return Q->ReadsAllForNewest;
  ADD_FAILURE() << P.Label << ": no query planned";
  return false;
}

AnswerCheck oldestFirstAgainstLogTail(
    const std::string &Newest,
    const std::string &RowKey = "{postedAt}_{activityId}") {
  const schema::SchemaLoad Current = schema::loadSchemaText(
      activityLog(RowKey, Newest), "current.yaml");
  const schema::SchemaLoad Tail = schema::loadSchemaText(
      activityLog("{postedAt|reverse}_{activityId}", Newest), "tail.yaml");
  EXPECT_TRUE(Current.ok() && Tail.ok());
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(Current.Value, Errors);
  WorkloadOptions O;
  O.DurationSeconds = 30;
  generateEvents(W, O);
  const DesignPlan A = planDesign(W, Current.Value, "current", Errors);
  const DesignPlan B = planDesign(W, Tail.Value, "suggested", Errors);
  EXPECT_TRUE(Errors.empty());
  EXPECT_EQ(readsAll(A), !Newest.empty() ||
                            RowKey != "{postedAt}_{activityId}");
  EXPECT_FALSE(readsAll(B));
  return checkAnswers(W, A, B);
}

TEST(LogTailAnswers, NewestNIsTheSameOnTheReversedKey) {
  const AnswerCheck C = oldestFirstAgainstLogTail("newest: postedAt, ");
  EXPECT_GT(C.Compared, 10u);
  EXPECT_EQ(C.Different, 0u)
      << (C.Differences.empty() ? "" : C.Differences[0].Detail);
}

TEST(LogTailAnswers, FirstNInKeyOrderChangesWhenTheKeyIsReversed) {
  const AnswerCheck C = oldestFirstAgainstLogTail("");
  EXPECT_GT(C.Compared, 10u);
  EXPECT_GT(C.Different, 0u);
}

// A key of whole seconds: posts of one user within a second tie, and the
// key orders them by activityId, where the log tail orders them by time.
// Either set is the newest 20 to the second; the check takes them as the
// same answer (same count per second, same entities above the oldest).
TEST(LogTailAnswers, TiesWithinTheKeysStepAreNoDifference) {
  const AnswerCheck C = oldestFirstAgainstLogTail(
      "newest: postedAt, ", "{postedAt:yyyyMMddHHmmss}_{activityId}");
  EXPECT_GT(C.Compared, 10u);
  EXPECT_EQ(C.Different, 0u)
      << (C.Differences.empty() ? "" : C.Differences[0].Detail);
}

// A RowKey that is not ordered by time at all: its reader reads every
// post of the user and keeps the 20 with the newest 'postedAt', the same
// 20 the log tail's first 20 are (the last 20 in key order, by
// activityId, would be 20 posts at random).
TEST(LogTailAnswers, AKeyNotOrderedByTimeKeepsTheNewestByValue) {
  const AnswerCheck C =
      oldestFirstAgainstLogTail("newest: postedAt, ", "{activityId}");
  EXPECT_GT(C.Compared, 10u);
  EXPECT_EQ(C.Different, 0u)
      << (C.Differences.empty() ? "" : C.Differences[0].Detail);
}

} // namespace
} // namespace tablelint::replay
