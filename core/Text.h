// Small text helpers shared by the reporters and the checks.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

// Escapes &, <, > and " for HTML text and attribute values.
std::string htmlEscape(std::string_view Text);

// Text with each run of whitespace folded into one space and none at the
// ends: "a \t b\n" -> "a b". Used for code snippets in messages and for
// the line-number-free anchors of baselines.
std::string foldWhitespace(std::string_view Text);

// A count or a measure computed in floating point, for a message: its whole
// part below 10^15 ("1000000000000"), three significant digits above
// ("9.49e+18"), never a wrapped integer.
std::string formatForMessage(double Value);

// Names quoted and joined for a message: "'a', 'b', 'c'".
std::string quotedList(const std::vector<std::string> &Names);
// The same as a phrase, the last joined by "and": "'a', 'b' and 'c'".
std::string quotedListWithAnd(const std::vector<std::string> &Names);

// The value of a hexadecimal digit (either case), or -1: for decoding
// percent-escapes.
int hexDigitValue(char C);
// Appends the code point as UTF-8 (1 to 4 bytes).
void appendUtf8(std::string &Out, unsigned CodePoint);

// Reads the 4 hex digits at Text[At] (a JSON \u escape) into Out, advancing
// At; false when they are not 4 hex digits.
bool readHex4(std::string_view Text, std::size_t &At, unsigned &Out);

} // namespace tablelint
