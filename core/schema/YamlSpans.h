// Where a yaml-cpp node lies in the text it was parsed from. yaml-cpp marks
// only where a node starts; editing a file in place (`suggest`) needs where
// it ends too, to replace a value or remove an entry without touching the
// bytes around it.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <optional>
#include <string_view>

namespace tablelint::schema {

struct TextSpan {
  std::size_t Begin = 0; // byte offset of the node's first character
  std::size_t End = 0;   // one past its last character
};

// The span of Node in Text: a quoted scalar with its quotes, a flow
// collection with its brackets, a block collection through the end of its
// last value (a trailing comment is not part of it). InFlow: the node sits
// inside a flow collection (a plain scalar then also ends at ',', ']', '}').
// Nullopt for what it cannot measure for sure: a null value, an alias, a
// plain scalar continued on the next line, a mark outside the text.
std::optional<TextSpan> nodeSpan(std::string_view Text, const YAML::Node &Node,
                                 bool InFlow);

// The offset of the start of the line holding Offset.
std::size_t lineStart(std::string_view Text, std::size_t Offset);
// The offset after the line break ending the line holding Offset (the text's
// size on the last line without one).
std::size_t nextLineStart(std::string_view Text, std::size_t Offset);

} // namespace tablelint::schema
