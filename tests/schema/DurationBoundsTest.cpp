// Issue 12, minor list: durations beyond any meaningful range were accepted
// and written back as "1e20d". A schema duration is at most 36500d; past it
// the loader reports the value at its position, and every accepted
// duration writes back as a plain number with a unit.
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaValues.h"
#include "core/schema/SchemaWriter.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::schema {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string withRetention(const std::string &Retention) {
  return "version: 1\n"
         "accounts: [{name: main}]\n"
         "tables:\n"
         "  - name: Events\n"
         "    account: main\n"
         "    partitionKey: \"{id}\"\n"
         "    rowKey: \"{id}\"\n"
         "    retention: " +
         Retention +
         "\n"
         "    properties:\n"
         "      id: {type: string}\n";
}

TEST(DurationBounds, AboveOneHundredYearsIsALoadErrorAtTheValue) {
  const SchemaLoad L =
      loadSchemaText(withRetention("100000000000000000000d"), "s.yaml");
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_EQ(L.Errors[0].Line, 8u);
  EXPECT_EQ(L.Errors[0].Column, 16u);
  EXPECT_THAT(L.Errors[0].Message,
              HasSubstr("a duration is at most 36500d (100 years), got "
                        "'100000000000000000000d'"));
}

TEST(DurationBounds, TheLargestDurationWritesBackWithoutAnExponent) {
  const SchemaLoad L = loadSchemaText(withRetention("36500d"), "s.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors[0].str();
  const std::string Yaml = writeSchemaYaml(L.Value);
  EXPECT_THAT(Yaml, HasSubstr("retention: 36500d\n"));
  EXPECT_THAT(Yaml, Not(HasSubstr("e+")));
  EXPECT_THAT(Yaml, Not(HasSubstr("1e")));
}

TEST(DurationBounds, TheParserSaysWhatTheRangeIs) {
  std::string Error;
  EXPECT_FALSE(parseDurationSeconds("36501d", Error));
  EXPECT_EQ(Error, "a duration is at most 36500d (100 years), got '36501d'");
  EXPECT_EQ(parseDurationSeconds("36500d", Error), MaxDurationSeconds);
  EXPECT_FALSE(parseDurationSeconds("9999999999999999999999999999999999999ms",
                                    Error));
}

} // namespace
} // namespace tablelint::schema
