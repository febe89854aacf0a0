// UTF-8 aware cutting and escaping (core/Utf8Text.h), and the filter
// messages that use it: a cut never splits a character ('\xC3'), control
// bytes and broken UTF-8 are shown as escapes.
#include "core/Filter.h"
#include "core/FilterProblems.h"
#include "core/Utf8Text.h"

#include <gtest/gtest.h>

#include <string>

namespace tablelint {
namespace {

std::string repeated(const std::string &Text, unsigned N) {
  std::string Out;
  for (unsigned I = 0; I < N; ++I)
    Out += Text;
  return Out;
}

TEST(Utf8Text, SequenceLengthsFollowRfc3629) {
  EXPECT_EQ(utf8SequenceLength("a", 0), 1u);
  EXPECT_EQ(utf8SequenceLength("\xC3\xA9", 0), 2u);         // é
  EXPECT_EQ(utf8SequenceLength("\xE2\x82\xAC", 0), 3u);     // €
  EXPECT_EQ(utf8SequenceLength("\xF0\x9F\x98\x80", 0), 4u); // an emoji
  EXPECT_EQ(utf8SequenceLength("\xC3", 0), 0u);             // cut short
  EXPECT_EQ(utf8SequenceLength("\xA9", 0), 0u);             // continuation
  EXPECT_EQ(utf8SequenceLength("\xC0\xAF", 0), 0u);         // overlong
  EXPECT_EQ(utf8SequenceLength("\xED\xA0\x80", 0), 0u);     // surrogate
  EXPECT_EQ(utf8SequenceLength("\xF4\x90\x80\x80", 0), 0u); // past U+10FFFF
}

TEST(Utf8Text, PrefixesEndOnCharacterBoundaries) {
  const std::string Text = "ab\xC3\xA9" "cd"; // "abécd"
  EXPECT_EQ(utf8Prefix(Text, 2), "ab");
  EXPECT_EQ(utf8Prefix(Text, 3), "ab"); // not "ab\xC3"
  EXPECT_EQ(utf8Prefix(Text, 4), "ab\xC3\xA9");
  EXPECT_EQ(utf8Prefix(Text, 100), Text);
  EXPECT_EQ(ellipsize(Text, 6), Text);
  EXPECT_EQ(ellipsize(repeated("\xC3\xA9", 10), 8), "\xC3\xA9\xC3\xA9...");
}

TEST(Utf8Text, ControlBytesAndBrokenSequencesAreEscaped) {
  EXPECT_EQ(escapeControlBytes(std::string("a\0b\x1b[1m\tc\n", 10)),
            "a\\x00b\\x1B[1m\\tc\\n");
  EXPECT_EQ(escapeControlBytes("caf\xC3\xA9 \xC3 \x7F"),
            "caf\xC3\xA9 \\xC3 \\x7F");
}

TEST(Utf8Text, FilterMessagesQuoteAMultiByteCharacterWhole) {
  // 'é' is two bytes (C3 A9): the error names it whole, never '\xC3'.
  FilterParseResult R = parseFilter("Name eq 1 and é eq 2");
  ASSERT_FALSE(R);
  EXPECT_EQ(R.error().Message, "unexpected character 'é'");
  // A cut quoted filter ends on a character boundary.
  const std::string Long = "Name eq '" + repeated("é", 100) + "'";
  FilterParseResult F = parseFilter(Long);
  ASSERT_TRUE(F) << F.error().str();
  const std::string Quoted = quoteFilterForMessage(F.filter());
  EXPECT_EQ(Quoted, "\"Name eq '" + repeated("é", 54) + "...\"");
}

TEST(Utf8Text, ControlBytesInFilterTokensAreEscaped) {
  FilterParseResult R = parseFilter(std::string("A eq 1 and \x01 eq 2"));
  ASSERT_FALSE(R);
  EXPECT_EQ(R.error().Message, "unexpected character '\\x01'");
}

} // namespace
} // namespace tablelint
