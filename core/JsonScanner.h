// A pull tokenizer for JSON that validates the grammar as it goes, keeps
// no document and never recurses: a reader takes the tokens it wants and
// skips the rest, so its memory is its own data, not a tree of the input
// (llvm::json gives every object 64 hash buckets: a 73 MB baseline took
// 5 GB). Nesting past MaxDepth is refused like any other error, with the
// line and column.
#pragma once

#include "core/JsonNesting.h"

#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

class JsonScanner {
public:
  enum class Token {
    BeginObject,
    EndObject,
    BeginArray,
    EndArray,
    Key,    // a member name; text() holds it
    String, // text() holds it, unescaped
    Number, // text() holds it as written
    True,
    False,
    Null,
    End,   // the end of the document, after exactly one value
    Error, // error() says what; line() and column() where
  };

  explicit JsonScanner(std::string_view Text,
                       unsigned MaxDepth = MaxJsonNesting)
      : Text(Text), MaxDepth(MaxDepth) {}

  Token next();
  // Skips the rest of the value whose first token was First (a whole object
  // or array when First opens one). Returns false on an error.
  bool skipValue(Token First);

  const std::string &text() const { return Value; }
  const std::string &error() const { return Message; }
  // 1-based position of the last token (of the error after Error).
  unsigned line() const { return TokenLine; }
  unsigned column() const { return TokenColumn; }
  // Byte offset where the last token starts, and where reading stands
  // (just past the last token, or past the value skipValue skipped).
  std::size_t tokenOffset() const { return TokenStart; }
  std::size_t offset() const { return At; }

private:
  enum class Expect {
    Value,
    ValueOrEnd, // just after '['
    KeyOrEnd,   // just after '{'
    Key,
    Colon,
    CommaOrEnd,
    Nothing, // after the document's value
  };
  Token fail(const std::string &Why);
  Token value(char C);
  Token afterValue(Token T);
  bool string();
  bool number();
  void skipSpace();
  void markToken();

  std::string_view Text;
  unsigned MaxDepth;
  std::size_t At = 0;
  unsigned Line = 1;
  std::size_t LineStart = 0;
  unsigned TokenLine = 1, TokenColumn = 1;
  std::size_t TokenStart = 0;
  std::vector<char> Stack; // '{' or '[' per open container
  Expect State = Expect::Value;
  bool Failed = false;
  std::string Value, Message;
};

} // namespace tablelint
