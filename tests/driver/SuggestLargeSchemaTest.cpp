// Issue 12, item 15: `suggest` on a valid 7.3 MB schema ended in "internal
// error: the suggested schema does not load", because the suggestion (larger
// than its input: buckets, notes) was over the 8 MiB limit the loader keeps
// for hostile files. Our own output is checked without that limit.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// About 7.3 MB: 29,200 tables, each with a date as the partition key and
// 3,000 inserts/s (every one of them gets a bucketed key and its note).
std::string largeSchema() {
  std::string Text = "version: 1\naccounts: [{name: main}]\ntables:\n";
  char Id[16];
  for (int I = 0; Text.size() < 7'300'000; ++I) {
    std::snprintf(Id, sizeof Id, "%05d", I);
    Text += std::string("  - name: T") + Id +
            "\n"
            "    account: main\n"
            "    partitionKey: \"{day:yyyyMMdd}\"\n"
            "    rowKey: \"{id}\"\n"
            "    properties:\n"
            "      day: {type: datetime, grows: true}\n"
            "      id: {type: string, distinct: 100000}\n"
            "    writes:\n"
            "      - {name: w" +
            Id + ", op: insert, rate: 3000/s}\n";
  }
  return Text;
}

TEST(SuggestLargeSchema, ASevenMegabyteSchemaGetsItsSuggestion) {
  Project P;
  const std::string Schema = largeSchema();
  ASSERT_GT(Schema.size(), 7'300'000u);
  ASSERT_LT(Schema.size(), 8u << 20) << "the input stays within the limit";
  P.write("big.yaml", Schema);
  const ToolResult R =
      runTablelint({"suggest", P.Dir + "/big.yaml", "-o", P.Dir + "/out.yaml"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err.substr(0, 2000);
  EXPECT_THAT(R.Err, Not(HasSubstr("internal error")));
  const std::string Out = P.read("out.yaml");
  EXPECT_GT(Out.size(), std::size_t(8) << 20) << "over the input limit";
  EXPECT_THAT(Out, HasSubstr("  - name: T29199\n"));
  EXPECT_THAT(Out, HasSubstr("{day:yyyyMMdd}"));
  // Said once: lint and replay keep their limit for input files.
  EXPECT_THAT(R.Err, HasSubstr("tablelint suggest: note: the suggested schema "
                               "is " +
                               std::to_string(Out.size()) +
                               " bytes, over the 8388608 bytes that lint and "
                               "replay read"));
}

} // namespace
} // namespace tablelint::test
