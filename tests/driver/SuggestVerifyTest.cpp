// The gate of `suggest`: what counts as a remedy making a measure worse.
#include "driver/SuggestVerify.h"

#include "replay/AnswerCheck.h"
#include "replay/Simulation.h"

#include <gtest/gtest.h>

namespace tablelint {
namespace {

replay::DesignResult saturated(std::uint64_t Failed) {
  replay::DesignResult D;
  D.Issued = 2000000;
  D.Failed = Failed;
  D.Completed = D.Issued - Failed;
  D.ThrottledPercent = 80;
  D.P99 = 30;
  D.BillableTransactions = 5000000;
  D.CostPerMonth = 100;
  return D;
}

// A design failing 773,450 operations on a saturated account fails 74 more
// when a retry policy stops retrying 409: noise, not a worse design. A
// remedy that fails 0.2% more, or any where none failed, is worse.
TEST(SuggestVerify, FailuresWithinTheRunsNoiseAreNotWorse) {
  const replay::AnswerCheck Same;
  RemedyVerdict V;
  judgeRemedy(saturated(773450), saturated(773524), Same, 60, V);
  EXPECT_TRUE(V.Kept) << V.Worse;
  EXPECT_NE(V.Figures.find("failed 773450 -> 773524"), std::string::npos)
      << V.Figures;

  judgeRemedy(saturated(773450), saturated(775100), Same, 60, V);
  EXPECT_FALSE(V.Kept);
  EXPECT_EQ(V.Worse.rfind("failed operations", 0), 0u) << V.Worse;

  replay::DesignResult Clean = saturated(0), Some = saturated(3);
  Clean.ThrottledPercent = Some.ThrottledPercent = 0;
  Clean.P99 = Some.P99 = 0.005;
  judgeRemedy(Clean, Some, Same, 60, V);
  EXPECT_FALSE(V.Kept);
  EXPECT_EQ(V.Worse, "failed operations");
}

} // namespace
} // namespace tablelint
