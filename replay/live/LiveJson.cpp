// The live backend's JSON value, parser and writer (see LiveJson.h).
#include "replay/live/LiveJson.h"

#include "core/Text.h"

#include <cstdio>

namespace tablelint::live {

JsonValue JsonValue::boolean(bool B) {
  JsonValue V;
  V.K = Kind::Bool;
  V.Bool = B;
  return V;
}

JsonValue JsonValue::number(std::string Text) {
  JsonValue V;
  V.K = Kind::Number;
  V.Text = std::move(Text);
  return V;
}

JsonValue JsonValue::string(std::string S) {
  JsonValue V;
  V.K = Kind::String;
  V.Text = std::move(S);
  return V;
}

JsonValue JsonValue::array(std::vector<JsonValue> Items) {
  JsonValue V;
  V.K = Kind::Array;
  V.Items = std::move(Items);
  return V;
}

JsonValue JsonValue::object(std::vector<Member> Members) {
  JsonValue V;
  V.K = Kind::Object;
  V.Members = std::move(Members);
  return V;
}

const JsonValue *JsonValue::find(std::string_view Name) const {
  for (const Member &M : Members)
    if (M.first == Name)
      return &M.second;
  return nullptr;
}

void JsonValue::push(JsonValue V) {
  if (K == Kind::Array)
    Items.push_back(std::move(V));
}

void JsonValue::set(std::string Name, JsonValue V) {
  if (K == Kind::Object)
    Members.emplace_back(std::move(Name), std::move(V));
}

namespace {

// Service responses nest three levels deep; anything far deeper is not a
// Table payload, and the limit keeps hostile input off the stack.
constexpr unsigned MaxDepth = 64;

class Parser {
public:
  Parser(std::string_view Text, std::string &Error)
      : Text(Text), Error(Error) {}

  std::optional<JsonValue> document() {
    skipSpace();
    std::optional<JsonValue> V = value(0);
    if (!V)
      return std::nullopt;
    skipSpace();
    if (Pos != Text.size())
      return fail("end of input after the value");
    return V;
  }

private:
  std::string_view Text;
  std::string &Error;
  std::size_t Pos = 0;

  bool error(const char *Expected) {
    Error = "offset " + std::to_string(Pos) + ": expected " + Expected;
    return false;
  }
  std::nullopt_t fail(const char *Expected) {
    error(Expected);
    return std::nullopt;
  }

  void skipSpace() {
    while (Pos < Text.size() && (Text[Pos] == ' ' || Text[Pos] == '\t' ||
                                 Text[Pos] == '\n' || Text[Pos] == '\r'))
      ++Pos;
  }

  bool literal(std::string_view Word) {
    if (Text.substr(Pos, Word.size()) != Word)
      return false;
    Pos += Word.size();
    return true;
  }

  std::optional<JsonValue> value(unsigned Depth) {
    if (Depth > MaxDepth)
      return fail("less nesting");
    if (Pos >= Text.size())
      return fail("a value");
    const char C = Text[Pos];
    if (C == '{')
      return object(Depth);
    if (C == '[')
      return array(Depth);
    if (C == '"') {
      std::string S;
      if (!string(S))
        return std::nullopt;
      return JsonValue::string(std::move(S));
    }
    if (literal("true"))
      return JsonValue::boolean(true);
    if (literal("false"))
      return JsonValue::boolean(false);
    if (literal("null"))
      return JsonValue::null();
    return number();
  }

  bool digits() {
    const std::size_t Start = Pos;
    while (Pos < Text.size() && Text[Pos] >= '0' && Text[Pos] <= '9')
      ++Pos;
    return Pos > Start;
  }

  std::optional<JsonValue> number() {
    const std::size_t Start = Pos;
    if (Pos < Text.size() && Text[Pos] == '-')
      ++Pos;
    if (Pos < Text.size() && Text[Pos] == '0')
      ++Pos;
    else if (!digits())
      return fail("a value");
    if (Pos < Text.size() && Text[Pos] == '.') {
      ++Pos;
      if (!digits())
        return fail("digits after '.'");
    }
    if (Pos < Text.size() && (Text[Pos] == 'e' || Text[Pos] == 'E')) {
      ++Pos;
      if (Pos < Text.size() && (Text[Pos] == '+' || Text[Pos] == '-'))
        ++Pos;
      if (!digits())
        return fail("exponent digits");
    }
    return JsonValue::number(std::string(Text.substr(Start, Pos - Start)));
  }

  bool hex4(unsigned &Out) { return readHex4(Text, Pos, Out); }

  // A \u escape, with a following low surrogate when it is a high one.
  bool unicodeEscape(std::string &Out) {
    unsigned Cp = 0;
    if (!hex4(Cp))
      return error("four hex digits after \\u");
    if (Cp >= 0xD800 && Cp <= 0xDBFF) {
      unsigned Low = 0;
      if (!literal("\\u") || !hex4(Low) || Low < 0xDC00 || Low > 0xDFFF)
        return error("a low surrogate after a high one");
      Cp = 0x10000 + ((Cp - 0xD800) << 10) + (Low - 0xDC00);
    } else if (Cp >= 0xDC00 && Cp <= 0xDFFF) {
      return error("a high surrogate before a low one");
    }
    appendUtf8(Out, Cp);
    return true;
  }

  bool string(std::string &Out) {
    ++Pos; // opening quote
    while (Pos < Text.size()) {
      const char C = Text[Pos++];
      if (C == '"')
        return true;
      if (static_cast<unsigned char>(C) < 0x20)
        return error("an escaped control character");
      if (C != '\\') {
        Out += C;
        continue;
      }
      if (Pos >= Text.size())
        break;
      const char E = Text[Pos++];
      switch (E) {
      case '"':
      case '\\':
      case '/':
        Out += E;
        break;
      case 'b':
        Out += '\b';
        break;
      case 'f':
        Out += '\f';
        break;
      case 'n':
        Out += '\n';
        break;
      case 'r':
        Out += '\r';
        break;
      case 't':
        Out += '\t';
        break;
      case 'u':
        if (!unicodeEscape(Out))
          return false;
        break;
      default:
        --Pos;
        return error("a valid escape");
      }
    }
    return error("a closing quote");
  }

  std::optional<JsonValue> array(unsigned Depth) {
    ++Pos;
    JsonValue A = JsonValue::array();
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == ']') {
      ++Pos;
      return A;
    }
    while (true) {
      skipSpace();
      std::optional<JsonValue> Item = value(Depth + 1);
      if (!Item)
        return std::nullopt;
      A.push(std::move(*Item));
      skipSpace();
      if (Pos < Text.size() && Text[Pos] == ',') {
        ++Pos;
        continue;
      }
      if (Pos < Text.size() && Text[Pos] == ']') {
        ++Pos;
        return A;
      }
      return fail("',' or ']'");
    }
  }

  std::optional<JsonValue> object(unsigned Depth) {
    ++Pos;
    JsonValue O = JsonValue::object();
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == '}') {
      ++Pos;
      return O;
    }
    while (true) {
      skipSpace();
      if (Pos >= Text.size() || Text[Pos] != '"')
        return fail("a member name");
      std::string Name;
      if (!string(Name))
        return std::nullopt;
      skipSpace();
      if (Pos >= Text.size() || Text[Pos] != ':')
        return fail("':'");
      ++Pos;
      skipSpace();
      std::optional<JsonValue> V = value(Depth + 1);
      if (!V)
        return std::nullopt;
      O.set(std::move(Name), std::move(*V));
      skipSpace();
      if (Pos < Text.size() && Text[Pos] == ',') {
        ++Pos;
        continue;
      }
      if (Pos < Text.size() && Text[Pos] == '}') {
        ++Pos;
        return O;
      }
      return fail("',' or '}'");
    }
  }
};

void write(std::string &Out, const JsonValue &V) {
  switch (V.kind()) {
  case JsonValue::Kind::Null:
    Out += "null";
    return;
  case JsonValue::Kind::Bool:
    Out += V.asBool() ? "true" : "false";
    return;
  case JsonValue::Kind::Number:
    Out += V.text();
    return;
  case JsonValue::Kind::String:
    appendJsonString(Out, V.text());
    return;
  case JsonValue::Kind::Array: {
    Out += '[';
    bool First = true;
    for (const JsonValue &Item : V.items()) {
      if (!First)
        Out += ',';
      First = false;
      write(Out, Item);
    }
    Out += ']';
    return;
  }
  case JsonValue::Kind::Object: {
    Out += '{';
    bool First = true;
    for (const JsonValue::Member &M : V.members()) {
      if (!First)
        Out += ',';
      First = false;
      appendJsonString(Out, M.first);
      Out += ':';
      write(Out, M.second);
    }
    Out += '}';
    return;
  }
  }
}

} // namespace

std::optional<JsonValue> parseJson(std::string_view Text, std::string &Error) {
  return Parser(Text, Error).document();
}

std::string writeJson(const JsonValue &V) {
  std::string Out;
  write(Out, V);
  return Out;
}

void appendJsonString(std::string &Out, std::string_view S) {
  Out += '"';
  for (const char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\r':
      Out += "\\r";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(C) < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof Buf, "\\u%04x",
                      static_cast<unsigned>(static_cast<unsigned char>(C)));
        Out += Buf;
      } else {
        Out += C;
      }
    }
  }
  Out += '"';
}

} // namespace tablelint::live
