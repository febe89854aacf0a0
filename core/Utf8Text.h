// UTF-8 aware cutting and escaping of text that ends up in messages.
//
// Messages quote what the user wrote (a filter, a key, a value from a
// schema or a C++ literal). Cutting them at a byte count can split a
// multi-byte character, and writing raw control bytes (NUL, ESC) to a
// terminal or a GitHub annotation garbles it, so both go through here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tablelint {

// Length in bytes of the well-formed UTF-8 sequence that starts at
// Text[Pos] (1 to 4), or 0 when the byte there does not start one
// (a stray continuation byte, a truncated or overlong sequence).
std::size_t utf8SequenceLength(std::string_view Text, std::size_t Pos);

// The longest prefix of Text of at most MaxBytes bytes that does not end
// inside a multi-byte character.
std::string_view utf8Prefix(std::string_view Text, std::size_t MaxBytes);

// Text cut to at most MaxChars bytes on a character boundary, with "..."
// appended (within the budget) when something was cut.
std::string ellipsize(std::string_view Text, std::size_t MaxChars);

// Text safe for one line of a terminal or CI log: well-formed UTF-8 is
// kept; newline, carriage return and tab become \n, \r, \t; other control
// bytes (NUL, ESC, DEL...) and bytes that are not UTF-8 become \xNN.
std::string escapeControlBytes(std::string_view Text);

} // namespace tablelint
