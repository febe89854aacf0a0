// The nesting guard for JSON inputs (see JsonNesting.h).
#include "core/JsonNesting.h"

#include <algorithm>
#include <cstdlib>

namespace tablelint {

std::optional<InputError> jsonNestingError(std::string_view Text,
                                           const std::string &File,
                                           unsigned FirstLine,
                                           unsigned MaxDepth) {
  unsigned Depth = 0, Line = FirstLine, Column = 0;
  bool InString = false, Escaped = false;
  for (const char C : Text) {
    ++Column;
    if (C == '\n') {
      ++Line;
      Column = 0;
    }
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
        return InputError{File, Line, Column,
                          "JSON nested deeper than " +
                              std::to_string(MaxDepth) +
                              " levels: refused (no tablelint input nests "
                              "that deep)"};
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
  return std::nullopt;
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
