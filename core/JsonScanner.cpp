// The JSON pull tokenizer (see JsonScanner.h). Grammar of RFC 8259.
#include "core/JsonScanner.h"

#include "core/Text.h"

#include <cstdlib>

namespace tablelint {

using Token = JsonScanner::Token;

void JsonScanner::skipSpace() {
  while (At < Text.size()) {
    const char C = Text[At];
    if (C == '\n') {
      ++Line;
      LineStart = At + 1;
    } else if (C != ' ' && C != '\t' && C != '\r') {
      return;
    }
    ++At;
  }
}

void JsonScanner::markToken() {
  TokenStart = At;
  TokenLine = Line;
  TokenColumn = static_cast<unsigned>(At - LineStart + 1);
}

Token JsonScanner::fail(const std::string &Why) {
  markToken();
  Failed = true;
  Message = Why;
  return Token::Error;
}

bool JsonScanner::string() {
  ++At; // the opening quote
  Value.clear();
  while (At < Text.size()) {
    const char C = Text[At];
    if (C == '"') {
      ++At;
      return true;
    }
    if (static_cast<unsigned char>(C) < 0x20) {
      fail("control character in a string (escape it)");
      return false;
    }
    if (C != '\\') {
      Value += C;
      ++At;
      continue;
    }
    if (++At >= Text.size())
      break;
    const char E = Text[At++];
    switch (E) {
    case '"':
    case '\\':
    case '/':
      Value += E;
      break;
    case 'b':
      Value += '\b';
      break;
    case 'f':
      Value += '\f';
      break;
    case 'n':
      Value += '\n';
      break;
    case 'r':
      Value += '\r';
      break;
    case 't':
      Value += '\t';
      break;
    case 'u': {
      unsigned Code = 0;
      if (!readHex4(Text, At, Code)) {
        fail("invalid \\u escape (expected 4 hex digits)");
        return false;
      }
      if (Code >= 0xD800 && Code < 0xDC00 && Text.substr(At, 2) == "\\u") {
        const std::size_t Back = At;
        At += 2;
        unsigned Low = 0;
        if (readHex4(Text, At, Low) && Low >= 0xDC00 && Low < 0xE000)
          Code = 0x10000 + ((Code - 0xD800) << 10) + (Low - 0xDC00);
        else
          At = Back;
      }
      if (Code >= 0xD800 && Code < 0xE000)
        Code = 0xFFFD; // a lone surrogate
      appendUtf8(Value, Code);
      break;
    }
    default:
      fail(std::string("invalid escape '\\") + E + "'");
      return false;
    }
  }
  fail("unterminated string");
  return false;
}

bool JsonScanner::number() {
  // As llvm::json reads numbers, so that every JSON reader of tablelint
  // accepts the same documents: the characters a number can hold, and
  // strtod must read them all (RFC 8259 refuses "01" and "1.", which
  // llvm::json accepts).
  const std::size_t Start = At;
  while (At < Text.size() &&
         ((Text[At] >= '0' && Text[At] <= '9') || Text[At] == '-' ||
          Text[At] == '+' || Text[At] == '.' || Text[At] == 'e' ||
          Text[At] == 'E'))
    ++At;
  Value.assign(Text.substr(Start, At - Start));
  char *End = nullptr;
  std::strtod(Value.c_str(), &End);
  if (Value.empty() || End != Value.c_str() + Value.size()) {
    At = Start;
    fail("invalid number");
    return false;
  }
  return true;
}

Token JsonScanner::afterValue(Token T) {
  State = Stack.empty() ? Expect::Nothing : Expect::CommaOrEnd;
  return T;
}

Token JsonScanner::value(char C) {
  switch (C) {
  case '{':
  case '[':
    if (Stack.size() >= MaxDepth)
      return fail("JSON nested deeper than " + std::to_string(MaxDepth) +
                  " levels: refused (no tablelint input nests that deep)");
    Stack.push_back(C);
    ++At;
    State = C == '{' ? Expect::KeyOrEnd : Expect::ValueOrEnd;
    return C == '{' ? Token::BeginObject : Token::BeginArray;
  case '"':
    if (!string())
      return Token::Error;
    return afterValue(Token::String);
  case 't':
  case 'f':
  case 'n': {
    const std::string_view Word = C == 't'   ? "true"
                                  : C == 'f' ? "false"
                                             : "null";
    if (Text.substr(At, Word.size()) != Word)
      return fail("invalid literal (expected " + std::string(Word) + ")");
    At += Word.size();
    return afterValue(C == 't'   ? Token::True
                      : C == 'f' ? Token::False
                                 : Token::Null);
  }
  default:
    if (C == '-' || C == '+' || C == '.' || (C >= '0' && C <= '9')) {
      if (!number())
        return Token::Error;
      return afterValue(Token::Number);
    }
    return fail("unexpected character (a value was expected)");
  }
}

Token JsonScanner::next() {
  if (Failed)
    return Token::Error;
  skipSpace();
  markToken();
  if (At >= Text.size()) {
    if (State == Expect::Nothing)
      return Token::End;
    return fail("unexpected end of the document");
  }
  const char C = Text[At];
  switch (State) {
  case Expect::Nothing:
    return fail("text after the end of the document");
  case Expect::Colon:
    if (C != ':')
      return fail("':' expected after a member name");
    ++At;
    State = Expect::Value;
    return next();
  case Expect::ValueOrEnd:
    if (C == ']') {
      ++At;
      Stack.pop_back();
      return afterValue(Token::EndArray);
    }
    return value(C);
  case Expect::CommaOrEnd:
  case Expect::KeyOrEnd:
    if ((C == '}' && Stack.back() == '{') ||
        (C == ']' && Stack.back() == '[')) {
      ++At;
      Stack.pop_back();
      return afterValue(C == '}' ? Token::EndObject : Token::EndArray);
    }
    if (State == Expect::KeyOrEnd)
      break; // a key follows
    if (C != ',')
      return fail(Stack.back() == '{' ? "',' or '}' expected"
                                      : "',' or ']' expected");
    ++At;
    State = Stack.back() == '{' ? Expect::Key : Expect::Value;
    return next();
  case Expect::Key:
  case Expect::Value:
    break;
  }
  if (State == Expect::Key || State == Expect::KeyOrEnd) {
    if (C != '"')
      return fail("a member name (a string) expected");
    if (!string())
      return Token::Error;
    State = Expect::Colon;
    return Token::Key;
  }
  return value(C);
}

bool JsonScanner::skipValue(Token First) {
  if (First != Token::BeginObject && First != Token::BeginArray)
    return First != Token::Error;
  const std::size_t Depth = Stack.size();
  while (Stack.size() >= Depth) {
    const Token T = next();
    if (T == Token::Error || T == Token::End)
      return false;
  }
  return true;
}

} // namespace tablelint
