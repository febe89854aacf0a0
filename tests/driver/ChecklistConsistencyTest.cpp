// The checklist report does not contradict itself: on the bundled example
// (6,000 writes/s on the newest day's partition) item 3 "every partition
// stays below its target" fails, so item 20 "no partition takes a
// disproportionate share" cannot pass either; it fails with the same finding.
// Likewise item 18 (load spread over many partitions) with item 19 (a key
// that follows the clock).
#include "tests/support/RunTool.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

namespace tablelint::test {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string Schema = std::string(TABLELINT_SOURCE_DIR) +
                           "/examples/telemetry-service/schema/telemetry.yaml";

// The text of the "### N. question" section of the failing items.
std::string section(const std::string &Markdown, int Item) {
  const std::string Head = "\n### " + std::to_string(Item) + ". ";
  const std::size_t Start = Markdown.find(Head);
  if (Start == std::string::npos)
    return "";
  const std::size_t End = Markdown.find("\n### ", Start + Head.size());
  return Markdown.substr(Start, End - Start);
}

TEST(ChecklistConsistency, HotPartitionItemFailsWithThePartitionTarget) {
  ToolResult R = runTablelint({"checklist", Schema});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, ContainsRegex(R"(\| 3 \| .*\| \*\*fail\*\* \|)"));
  EXPECT_THAT(R.Out, ContainsRegex(R"(\| 20 \| .*\| \*\*fail\*\* \|)"));
  const std::string Three = section(R.Out, 3), Twenty = section(R.Out, 20);
  ASSERT_FALSE(Three.empty());
  ASSERT_FALSE(Twenty.empty()) << "item 20 is among the failing items";
  // The same finding, 6,000 entities/s on one partition, under both.
  EXPECT_THAT(Three, HasSubstr("6000 entities/s on one partition"));
  EXPECT_THAT(Twenty, HasSubstr("6000 entities/s on one partition"));
  EXPECT_THAT(Twenty, HasSubstr("[tablelint-partition-throughput]"));

  ToolResult Html = runTablelint({"checklist", "--format", "html", Schema});
  EXPECT_EQ(Html.ExitCode, 1);
  EXPECT_THAT(Html.Out, HasSubstr("<tr class=\"fail\"><td>3</td>"));
  EXPECT_THAT(Html.Out, HasSubstr("<tr class=\"fail\"><td>20</td>"));
  EXPECT_THAT(Html.Out, Not(HasSubstr("<tr class=\"pass\"><td>20</td>")));
}

// Item 18 asks for data kept together "while the load spreads over many
// partitions"; a key that follows the clock (item 19) sends all new writes
// to one partition, so item 18 fails with it.
TEST(ChecklistConsistency, LoadSpreadItemFailsWithAClockKey) {
  ToolResult R = runTablelint({"checklist", Schema});
  EXPECT_THAT(R.Out, ContainsRegex(R"(\| 19 \| .*\| \*\*fail\*\* \|)"));
  EXPECT_THAT(R.Out, ContainsRegex(R"(\| 18 \| .*\| \*\*fail\*\* \|)"));
  const std::string Eighteen = section(R.Out, 18);
  EXPECT_THAT(Eighteen, HasSubstr("leads with 'readingTime', which only grows"));
  EXPECT_THAT(Eighteen, HasSubstr("[tablelint-time-based-partition-key]"));
}

// A design that spreads its load keeps both items passing: the rule does
// not fail item 20 on every schema.
TEST(ChecklistConsistency, SpreadLoadPassesBoth) {
  const std::string Clean =
      std::string(TABLELINT_SOURCE_DIR) +
      "/test-inputs/schemas/designs/device-registry.good.yaml";
  ToolResult R = runTablelint({"checklist", Clean});
  EXPECT_THAT(R.Out, ContainsRegex(R"(\| 3 \| .*\| \*\*pass\*\* \|)")) << R.Out;
  EXPECT_THAT(R.Out, ContainsRegex(R"(\| 20 \| .*\| \*\*pass\*\* \|)"))
      << R.Out;
}

} // namespace
} // namespace tablelint::test
