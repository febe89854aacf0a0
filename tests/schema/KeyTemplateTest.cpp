// Key templates: parsing (with error columns) and rendering.
#include "core/schema/Schema.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tablelint::schema {
namespace {

KeyTemplate parseOk(const std::string &Text) {
  std::string Error;
  std::optional<KeyTemplate> T = parseKeyTemplate(Text, Error);
  EXPECT_TRUE(T.has_value()) << Text << ": " << Error;
  return T ? *T : KeyTemplate();
}

std::string parseError(const std::string &Text) {
  std::string Error;
  EXPECT_FALSE(parseKeyTemplate(Text, Error).has_value()) << Text;
  return Error;
}

TEST(KeyTemplate, SplitsLiteralsAndPlaceholders) {
  KeyTemplate T = parseOk("{deviceId|hash:16}_{readingTime:yyyyMM}");
  ASSERT_EQ(T.Parts.size(), 3u);
  EXPECT_TRUE(T.Parts[0].IsPlaceholder);
  EXPECT_EQ(T.Parts[0].Text, "deviceId");
  ASSERT_EQ(T.Parts[0].Functions.size(), 1u);
  EXPECT_EQ(T.Parts[0].Functions[0].Fn, KeyFunction::Hash);
  EXPECT_EQ(T.Parts[0].Functions[0].Arg, 16u);
  EXPECT_FALSE(T.Parts[1].IsPlaceholder);
  EXPECT_EQ(T.Parts[1].Text, "_");
  EXPECT_EQ(T.Parts[2].Format, "yyyyMM");
  EXPECT_EQ(T.properties(), (std::vector<std::string>{"deviceId", "readingTime"}));
  EXPECT_FALSE(T.isConstant());
  EXPECT_TRUE(parseOk("orders").isConstant());
  EXPECT_EQ(parseOk("a{{b}}").Parts[0].Text, "a{b}");
}

TEST(KeyTemplate, ErrorsNameTheColumn) {
  EXPECT_EQ(parseError("ab{x"), "unclosed '{' at column 3");
  EXPECT_EQ(parseError("x}"), "unmatched '}' at column 2");
  EXPECT_EQ(parseError("{}"), "expected a property name after '{' at column 2");
  EXPECT_NE(parseError("{a|bucket:3}").find("unknown key function 'bucket'"),
            std::string::npos);
  EXPECT_NE(parseError("{a|hash:0}").find("positive integer"), std::string::npos);
  EXPECT_NE(parseError("{a|reverse:2}").find("takes no argument"), std::string::npos);
}

TEST(KeyTemplate, RendersDateFormats) {
  KeyTemplate T = parseOk("{t:yyyyMMdd}_{t:HHmmssfff}");
  const std::int64_t Ticks = *parseDateTimeTicks("2026-11-22T05:07:09.123Z");
  EdmValue V = EdmValue::dateTimeTicks(Ticks);
  EXPECT_EQ(renderPlaceholder(T.Parts[0], V), "20261122");
  EXPECT_EQ(renderPlaceholder(T.Parts[2], V), "050709123");
}

// appendPlaceholder writes in place what renderPlaceholder returns, after
// whatever the buffer holds, for every kind of value and function.
TEST(KeyTemplate, AppendingRendersAsRenderPlaceholderDoes) {
  const std::int64_t Ticks = *parseDateTimeTicks("2026-11-22T05:07:09.1234567Z");
  const std::vector<std::pair<std::string, EdmValue>> Cases = {
      {"{t:yyyyMMdd}", EdmValue::dateTimeTicks(Ticks)},
      {"{t:HHmmssfff}", EdmValue::dateTimeTicks(Ticks)},
      {"{t:yyyy-MM-dd_HH.fffffff}", EdmValue::dateTimeTicks(Ticks)},
      {"{t:yyyyMMddHHmm}", EdmValue::dateTimeTicks(0)},
      {"{t:ticks}", EdmValue::dateTimeTicks(Ticks)},
      {"{t}", EdmValue::dateTimeTicks(Ticks)},
      {"{t|reverse}", EdmValue::dateTimeTicks(Ticks)},
      {"{t:yyyyMMdd|pad:12}", EdmValue::dateTimeTicks(Ticks)},
      {"{d}", EdmValue::string("device-'7'")},
      {"{d|hash:16}", EdmValue::string("device-7")},
      {"{d|pad:12}", EdmValue::string("device-7")},
      {"{n:D6}", EdmValue::int64(-42)},
      {"{n}", EdmValue::int32(42)},
      {"{x}", EdmValue::real(0.5)},
  };
  for (const auto &[Text, Value] : Cases) {
    const KeyPart Part = parseOk(Text).Parts[0];
    std::string Out = "before_";
    appendPlaceholder(Part, Value, Out);
    EXPECT_EQ(Out, "before_" + renderPlaceholder(Part, Value)) << Text;
  }
  // A part built by hand, its date format not yet tokenized.
  KeyPart ByHand;
  ByHand.IsPlaceholder = true;
  ByHand.Text = "t";
  ByHand.Format = "yyyyMMdd_HH";
  std::string Out;
  appendPlaceholder(ByHand, EdmValue::dateTimeTicks(Ticks), Out);
  EXPECT_EQ(Out, "20261122_05");
}

TEST(KeyTemplate, HashBucketsAreStableAndBounded) {
  KeyTemplate T = parseOk("{d|hash:16}");
  const std::string A = renderPlaceholder(T.Parts[0], EdmValue::string("device-1"));
  EXPECT_EQ(A, renderPlaceholder(T.Parts[0], EdmValue::string("device-1")));
  EXPECT_EQ(A.size(), 2u); // 00..15
  EXPECT_LT(std::stoi(A), 16);
  std::set<std::string> Buckets;
  for (int I = 0; I < 1000; ++I)
    Buckets.insert(renderPlaceholder(T.Parts[0], EdmValue::string("d" + std::to_string(I))));
  EXPECT_EQ(Buckets.size(), 16u);
}

TEST(KeyTemplate, PadAndReverse) {
  EXPECT_EQ(renderPlaceholder(parseOk("{n|pad:6}").Parts[0], EdmValue::int32(42)), "000042");
  EXPECT_EQ(renderPlaceholder(parseOk("{n:D4}").Parts[0], EdmValue::int64(7)), "0007");
  KeyPart R = parseOk("{t|reverse}").Parts[0];
  const std::string Early = renderPlaceholder(R, EdmValue::dateTimeTicks(1000));
  const std::string Late = renderPlaceholder(R, EdmValue::dateTimeTicks(2000));
  EXPECT_LT(Late, Early); // later sorts first
  EXPECT_EQ(Early.size(), Late.size());
}

// The step of the order a RowKey gives its leading property: what "latest
// N" readers and the answer check rely on.
TEST(KeyTemplate, KeyOrderStepOfTheLeadingProperty) {
  auto Step = [](const std::string &Key) {
    return keyOrderStep(parseOk(Key), "t");
  };
  EXPECT_EQ(Step("{t}_{id}"), 1);
  EXPECT_EQ(Step("{t|reverse}_{id}"), 1);
  EXPECT_EQ(Step("{t:ticks}"), 1);
  EXPECT_EQ(Step("{t:D19}"), 1);
  EXPECT_EQ(Step("log_{t:yyyyMMddHHmmssfff}_{id}"), 10000); // a literal first
  EXPECT_EQ(Step("{t:yyyy-MM-dd HH:mm:ss}"), 10000000);
  EXPECT_EQ(Step("{t:yyyyMMddHHmm}"), 600000000);
  EXPECT_EQ(Step("{t:yyyyMMdd}"), 864000000000);
  EXPECT_EQ(Step("{t:yyyyMMddHHmmssfffffff}"), 1);
  // Not ordered by t, or by months or years: no step.
  EXPECT_EQ(Step("{t:HHmmss}"), std::nullopt);   // repeats every day
  EXPECT_EQ(Step("{t:ddMMyyyy}"), std::nullopt); // day first
  EXPECT_EQ(Step("{t:yyyyMMHH}"), std::nullopt); // the day skipped
  EXPECT_EQ(Step("{t:yyyyMM}"), std::nullopt);   // months are not one length
  EXPECT_EQ(Step("{id}_{t}"), std::nullopt);
  EXPECT_EQ(Step("{t|hash:4}_{t}"), std::nullopt);
}

// A time of day leads the RowKey in time order where the PartitionKey or
// the table's name fixes the day: pinnedDateUnits says how much is fixed.
TEST(KeyTemplate, KeyOrderStepWithinAPartitionOrTablePerDay) {
  auto Pinned = [](const std::string &Name, const std::string &Pk) {
    Table T;
    T.Name = Name;
    T.PartitionKey = parseOk(Pk);
    if (Name.find('{') != std::string::npos)
      T.NameTemplate = parseOk(Name);
    return pinnedDateUnits(T, "t");
  };
  EXPECT_EQ(Pinned("Log", "{t:yyyyMMdd}"), 3);
  EXPECT_EQ(Pinned("Log", "{source}_{t:yyyy-MM-dd HH}"), 4);
  EXPECT_EQ(Pinned("Log{t:yyyyMM}", "{source}"), 2);
  EXPECT_EQ(Pinned("Log{t:yyyyMMdd}", "{t:yyyyMM}"), 3); // the finer wins
  EXPECT_EQ(Pinned("Log", "{source}"), 0);
  EXPECT_EQ(Pinned("Log", "{t|hash:4}"), 0);  // a bucket fixes no date
  EXPECT_EQ(Pinned("Log", "{t:ddMMyyyy}"), 0); // no time order
  EXPECT_EQ(Pinned("Log", "{at:yyyyMMdd}"), 0); // another property
  const KeyTemplate Rk = parseOk("{t:HHmmssfff}_{id}");
  EXPECT_EQ(keyOrderStep(Rk, "t", 3), 10000);
  EXPECT_EQ(keyOrderStep(Rk, "t", 2), std::nullopt);
  EXPECT_EQ(keyOrderStep(Rk, "t"), std::nullopt);
}

} // namespace
} // namespace tablelint::schema
