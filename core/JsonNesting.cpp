// The nesting guard for JSON inputs (see JsonNesting.h).
#include "core/JsonNesting.h"

#include "core/JsonLocate.h"

#include <algorithm>
#include <cstdlib>

namespace tablelint {

std::size_t jsonTooDeepOffset(std::string_view Text, unsigned MaxDepth) {
  unsigned Depth = 0;
  bool InString = false, Escaped = false;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    const char C = Text[I];
    if (InString) {
      if (Escaped)
        Escaped = false;
      else if (C == '\\')
        Escaped = true;
      else if (C == '"')
        InString = false;
      continue;
    }
    switch (C) {
    case '"':
      InString = true;
      break;
    case '[':
    case '{':
      if (++Depth > MaxDepth)
        return I;
      break;
    case ']':
    case '}':
      if (Depth)
        --Depth;
      break;
    default:
      break;
    }
  }
  return std::string_view::npos;
}

std::optional<InputError> jsonNestingError(std::string_view Text,
                                           const std::string &File,
                                           unsigned FirstLine,
                                           unsigned MaxDepth) {
  const std::size_t At = jsonTooDeepOffset(Text, MaxDepth);
  if (At == std::string_view::npos)
    return std::nullopt;
  const JsonPosition P = jsonPositionAt(Text, At);
  return InputError{File, FirstLine + P.Line - 1, P.Column,
                    "JSON nested deeper than " + std::to_string(MaxDepth) +
                        " levels: refused (no tablelint input nests that "
                        "deep)"};
}

InputError jsonSyntaxError(const std::string &File, const std::string &Message,
                           unsigned FirstLine) {
  // llvm::json::ParseError prints "[line:col, byte=N]: what".
  InputError E{File, FirstLine, 1, "invalid JSON: " + Message};
  if (Message.size() > 1 && Message[0] == '[') {
    char *End = nullptr;
    const unsigned long L = std::strtoul(Message.c_str() + 1, &End, 10);
    if (End && *End == ':') {
      const unsigned long C = std::strtoul(End + 1, &End, 10);
      const std::size_t Close = Message.find("]: ");
      if (L > 0 && Close != std::string::npos) {
        E.Line = FirstLine + static_cast<unsigned>(L) - 1;
        // llvm counts from 0 but has read the offending byte already.
        E.Column = std::max(1u, static_cast<unsigned>(C));
        E.Message = "invalid JSON: " + Message.substr(Close + 3);
      }
    }
  }
  return E;
}

} // namespace tablelint
