// Small text helpers shared by the reporters and the checks.
#pragma once

#include <string>
#include <string_view>

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

// The value of a hexadecimal digit (either case), or -1: for decoding
// percent-escapes.
int hexDigitValue(char C);

} // namespace tablelint
