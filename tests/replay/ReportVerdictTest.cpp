// The verdict the replay report opens with (replay/ReportFigures.h): what a
// reader takes from the comparison before any table.
#include "replay/ReportFigures.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::replay {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

DesignResult design(const char *Label, std::uint64_t Issued,
                    std::uint64_t Completed) {
  DesignResult D;
  D.Label = Label;
  D.Issued = Issued;
  D.Completed = Completed;
  D.Failed = Issued - Completed;
  D.LateThrottledPercent = 90;
  D.Cost = 1;
  D.CostPerMonth = 43200;
  return D;
}

ReplayReport report(DesignResult Current, DesignResult Suggested) {
  ReplayReport R;
  R.Workload.DurationSeconds = 60;
  R.Designs = {std::move(Current), std::move(Suggested)};
  return R;
}

// Issue 46 §2: both designs completed under 6% of their operations and the
// headline said "completes 34% more operations". When both fail most of
// them, it says so, and which fails fewer, with the shares.
TEST(ReportVerdict, BothDesignsFailingMostSayWhichFailsFewer) {
  const std::string Fewer = report::verdict(report(
      design("current", 2000000, 86000), design("suggested", 2000000, 115240)));
  EXPECT_EQ(Fewer.rfind("Both designs fail most operations; the suggested "
                        "design fails fewer (it completes 5.8% of its "
                        "2,000,000 operations, the current design 4.3% of its "
                        "2,000,000 in 60 s); in steady state",
                        0),
            0u)
      << Fewer;
  EXPECT_THAT(Fewer, Not(HasSubstr("% more operations")));

  const std::string More = report::verdict(report(
      design("current", 2000000, 980000), design("suggested", 2000000, 86000)));
  EXPECT_EQ(More.rfind("Both designs fail most operations; the suggested "
                       "design fails more (it completes 4.3% of its "
                       "2,000,000 operations, the current design 49.0% of "
                       "its 2,000,000 in 60 s)",
                       0),
            0u)
      << More;
  EXPECT_THAT(More, Not(HasSubstr("% fewer operations")));
}

// One design completing most of its operations: the relative change is the
// headline, as before.
TEST(ReportVerdict, ADesignThatCompletesMostGetsTheRelativeChange) {
  const std::string V =
      report::verdict(report(design("current", 2000000, 986000),
                             design("suggested", 2000000, 1999800)));
  EXPECT_EQ(V.rfind("The suggested design completes 103% more operations "
                    "than the current design (1,999,800 against 986,000 in "
                    "60 s)",
                    0),
            0u)
      << V;
}

} // namespace
} // namespace tablelint::replay
