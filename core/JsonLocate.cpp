// Locating a value in a JSON text (see JsonLocate.h).
#include "core/JsonLocate.h"

namespace tablelint {

namespace {

class Cursor {
public:
  explicit Cursor(std::string_view Text) : Text(Text) {}

  void skipSpace() {
    while (At < Text.size() && (Text[At] == ' ' || Text[At] == '\t' ||
                                Text[At] == '\n' || Text[At] == '\r'))
      ++At;
  }
  bool peek(char C) {
    skipSpace();
    return At < Text.size() && Text[At] == C;
  }
  bool take(char C) {
    if (!peek(C))
      return false;
    ++At;
    return true;
  }
  // A string at At, returned raw (escapes kept but for \" and \\).
  std::string string() {
    std::string Out;
    if (!take('"'))
      return Out;
    while (At < Text.size() && Text[At] != '"') {
      if (Text[At] == '\\' && At + 1 < Text.size())
        ++At;
      Out += Text[At++];
    }
    ++At;
    return Out;
  }
  // Skips one value, however nested, without recursion.
  void skipValue() {
    skipSpace();
    unsigned Depth = 0;
    while (At < Text.size()) {
      const char C = Text[At];
      if (C == '"') {
        string();
        if (Depth == 0)
          return;
        continue;
      }
      if (C == '[' || C == '{') {
        ++Depth;
      } else if (C == ']' || C == '}') {
        if (Depth == 0)
          return; // the end of the enclosing container
        if (--Depth == 0) {
          ++At;
          return;
        }
      } else if (Depth == 0 && (C == ',' || C == ' ' || C == '\n' ||
                                C == '\t' || C == '\r')) {
        return;
      }
      ++At;
    }
  }

  std::string_view Text;
  std::size_t At = 0;
};

} // namespace

JsonPosition locateJsonValue(std::string_view Text,
                             const std::vector<JsonStep> &Path) {
  Cursor C(Text);
  C.skipSpace();
  std::size_t Found = C.At;
  for (const JsonStep &Step : Path) {
    bool Entered = false;
    if (const std::string *Key = std::get_if<std::string>(&Step)) {
      if (C.take('{'))
        while (!C.peek('}') && C.At < Text.size()) {
          const std::size_t Before = C.At;
          if (!C.peek('"'))
            break; // not valid JSON: stop where it stops
          const std::string Name = C.string();
          C.take(':');
          C.skipSpace();
          if (Name == *Key) {
            Entered = true;
            break;
          }
          C.skipValue();
          C.take(',');
          if (C.At == Before)
            break;
        }
    } else if (C.take('[')) {
      const std::size_t Index = std::get<std::size_t>(Step);
      std::size_t I = 0;
      while (I < Index && !C.peek(']') && C.At < Text.size()) {
        const std::size_t Before = C.At;
        C.skipValue();
        C.take(',');
        if (C.At == Before)
          break;
        ++I;
      }
      Entered = I == Index && !C.peek(']');
    }
    if (!Entered)
      break;
    C.skipSpace();
    Found = C.At;
  }
  return jsonPositionAt(Text, Found);
}

JsonPosition jsonPositionAt(std::string_view Text, std::size_t Offset) {
  JsonPosition P;
  for (std::size_t I = 0; I < Offset && I < Text.size(); ++I) {
    if (Text[I] == '\n') {
      ++P.Line;
      P.Column = 1;
    } else {
      ++P.Column;
    }
  }
  return P;
}

std::string jsonPathText(const std::vector<JsonStep> &Path) {
  std::string Out;
  for (const JsonStep &Step : Path) {
    if (const std::string *Key = std::get_if<std::string>(&Step))
      Out += (Out.empty() ? "" : ".") + *Key;
    else
      Out += "[" + std::to_string(std::get<std::size_t>(Step)) + "]";
  }
  return Out;
}

} // namespace tablelint
