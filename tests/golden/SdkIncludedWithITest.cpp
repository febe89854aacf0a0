// Inputs linted with the SDK headers included with -I, as a project that
// vendors the SDK does: the headers' inline functions are then the
// project's code. An SDK function defined inline (the legacy SDK's
// one-argument execute_async returns its full overload's task) must not be
// reported again as an asynchronous helper of the project: one finding per
// problem, by the tablelint CLI and by clang-tidy-19 with the plugin.
#include "tests/support/RunTool.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

namespace tablelint::test {
namespace {

const std::string Input = std::string(TABLELINT_SOURCE_DIR) +
                          "/test-inputs/code/unbounded-parallelism/"
                          "per_key_async.cpp";
const std::string Include =
    std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/code/include";

// "line:col" of each unbounded-parallelism finding in clang-style output.
std::vector<std::string> unboundedAt(const std::string &Out) {
  static const std::regex Line(
      R"(per_key_async\.cpp:(\d+):(\d+): warning: .*\[tablelint-unbounded-parallelism\])");
  std::vector<std::string> At;
  for (auto It = std::sregex_iterator(Out.begin(), Out.end(), Line);
       It != std::sregex_iterator(); ++It)
    At.push_back((*It)[1].str() + ":" + (*It)[2].str());
  return At;
}

TEST(SdkIncludedWithI, PerKeyExecuteAsyncIsOneFindingInTheCli) {
  const ToolResult R = runTablelint(
      {"lint", "--fail-on", "never", Input, "--", "-std=c++17", "-I" + Include});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(unboundedAt(R.Out + R.Err), (std::vector<std::string>{"16:27", "25:27", "38:21"}))
      << R.Out << R.Err;
}

TEST(SdkIncludedWithI, PerKeyExecuteAsyncIsOneFindingInThePlugin) {
  const ToolResult R =
      runProgram(TABLELINT_CLANG_TIDY,
                 {"--load=" TABLELINT_PLUGIN, "--checks=-*,tablelint-*",
                  "--quiet", Input, "--", "-std=c++17", "-I" + Include});
  EXPECT_EQ(unboundedAt(R.Out + R.Err), (std::vector<std::string>{"16:27", "25:27", "38:21"}))
      << R.Out << R.Err;
}

} // namespace
} // namespace tablelint::test
