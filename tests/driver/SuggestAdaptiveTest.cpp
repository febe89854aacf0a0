// `suggest` replays each remedy for as long as its verdict needs
// (driver/SuggestRungs.h, verdictSettled): a short replay, and the whole
// one only where the short one does not settle the verdict. On the
// suggest inputs and the ten designs, it must reach the verdicts of the
// whole replay of every remedy (--verify-full, every entity's answers):
// the same design written, the same remedies kept and advised.
#include "tests/support/RunTool.h"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <sstream>
#include <string>

namespace tablelint::test {
namespace {

// "PATH: RULE: kept" or "PATH: RULE: advice" per verdict line of suggest's
// standard error, and its last line (the counts).
std::set<std::string> verdicts(const std::string &Err) {
  std::set<std::string> Out;
  std::istringstream Lines(Err);
  for (std::string Line; std::getline(Lines, Line);) {
    const std::size_t First = Line.find(": ");
    const std::size_t Second =
        First == std::string::npos ? First : Line.find(": ", First + 2);
    if (Line.rfind("tablelint suggest: ", 0) == 0)
      Out.insert(Line);
    if (Second == std::string::npos)
      continue;
    const std::string What = Line.substr(Second + 2);
    if (What.rfind("replayed ", 0) == 0)
      Out.insert(Line.substr(0, Second) + ": kept");
    else if (What.rfind("advice, not applied", 0) == 0)
      Out.insert(Line.substr(0, Second) + ": advice");
  }
  return Out;
}

class SuggestAdaptive : public ::testing::TestWithParam<const char *> {};

// At most 10 s of the workload (the suggest tests' scale; the whole 30 s
// default is compared by bench/suggest.sh, bench/README.md).
TEST_P(SuggestAdaptive, ReachesTheVerdictsOfTheWholeReplay) {
  const std::string In =
      std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/" + GetParam();
  const ToolResult Adaptive =
      runTablelint({"suggest", In, "--verify-duration", "10s"});
  const ToolResult Whole =
      runTablelint({"suggest", In, "--verify-duration", "10s",
                    "--verify-full", "--answers", "all"});
  ASSERT_EQ(Adaptive.ExitCode, 0) << Adaptive.Err;
  ASSERT_EQ(Whole.ExitCode, 0) << Whole.Err;
  EXPECT_EQ(Adaptive.Out, Whole.Out);
  const std::set<std::string> Verdicts = verdicts(Whole.Err);
  EXPECT_NE(Verdicts.size(), 1u) << "no verdict to compare:\n" << Whole.Err;
  EXPECT_EQ(verdicts(Adaptive.Err), Verdicts) << "adaptive:\n"
                                              << Adaptive.Err << "\nwhole:\n"
                                              << Whole.Err;
}

// Every suggest input and design whose whole replay fits the tests'
// timeout under load (shop and chat-messages take minutes of CPU: see
// bench/README.md for them).
INSTANTIATE_TEST_SUITE_P(
    Inputs, SuggestAdaptive,
    ::testing::Values("suggest/game-backend.yaml", "suggest/order-store.yaml",
                      "suggest/short-links.yaml", "designs/audit-log.yaml",
                      "designs/device-registry.yaml",
                      "designs/inventory.yaml", "designs/leaderboard.yaml",
                      "designs/orders.yaml", "designs/session-store.yaml",
                      "designs/shopping-cart.yaml", "designs/telemetry.yaml",
                      "designs/user-profiles.yaml"),
    [](const ::testing::TestParamInfo<const char *> &I) {
      std::string Name = I.param;
      for (char &C : Name)
        if (!std::isalnum(static_cast<unsigned char>(C)))
          C = '_';
      return Name.substr(0, Name.size() - 5);
    });

} // namespace
} // namespace tablelint::test
