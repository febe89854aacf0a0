// Where a value sits in a JSON text, for errors about a document already
// parsed (llvm::json values carry no positions): the path of keys and
// indices is walked through the text itself, iteratively.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tablelint {

// One step into a document: a member name or an array index.
using JsonStep = std::variant<std::string, std::size_t>;

struct JsonPosition {
  unsigned Line = 1;   // 1-based
  unsigned Column = 1; // 1-based, in bytes
};

// The position of the value at Path (runs[0].results[3].ruleIndex is
// {"runs", 0, "results", 3, "ruleIndex"}); of the deepest part of the path
// that exists when the rest does not (a missing member points at its
// object). The text is assumed to be valid JSON.
JsonPosition locateJsonValue(std::string_view Text,
                             const std::vector<JsonStep> &Path);

// The line and column of byte Offset of Text (the end when past it).
JsonPosition jsonPositionAt(std::string_view Text, std::size_t Offset);

// "runs[0].results[3].ruleIndex", for messages.
std::string jsonPathText(const std::vector<JsonStep> &Path);

} // namespace tablelint
