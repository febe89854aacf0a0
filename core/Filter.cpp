// The `$filter` parser: a hand-written lexer and recursive-descent parser
// that produces a flat syntax tree and, on bad input, one error with the byte
// offset of the offending token and what was expected there.
#include "core/Filter.h"

#include "core/ServiceLimits.h"
#include "core/Utf8Text.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>

namespace tablelint {

namespace {

// Nesting deeper than this is rejected rather than recursed into, so a
// hostile filter cannot exhaust the stack. Counted as the canonical form
// (Filter::str) nests, so whatever parses also parses once printed.
constexpr unsigned MaxNesting = MaxFilterNesting;

enum class TokenKind : std::uint8_t {
  End,
  LeftParen,
  RightParen,
  Comma,
  Identifier, // property names and keywords
  Literal,    // any literal, decoded by the lexer
  Invalid,
};

struct Token {
  TokenKind Kind = TokenKind::End;
  std::uint32_t Offset = 0;
  std::uint32_t Length = 0;
  std::string_view Text;
  FilterLiteral Literal; // Kind == Literal
};

// ASCII only, independent of the C locale: the service's identifiers are.
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isIdentStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
}
bool isIdentChar(char C) { return isIdentStart(C) || isDigit(C); }
bool isSpace(char C) { return C == ' ' || C == '\t' || C == '\n' || C == '\r'; }

std::optional<CompareOp> compareOpFromKeyword(std::string_view W) {
  if (W == "eq")
    return CompareOp::Eq;
  if (W == "ne")
    return CompareOp::Ne;
  if (W == "gt")
    return CompareOp::Gt;
  if (W == "ge")
    return CompareOp::Ge;
  if (W == "lt")
    return CompareOp::Lt;
  if (W == "le")
    return CompareOp::Le;
  return std::nullopt;
}

std::string lowerCase(std::string_view S) {
  std::string Out(S);
  for (char &C : Out)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return Out;
}

bool isKeyword(std::string_view W) {
  return compareOpFromKeyword(W) || W == "and" || W == "or" || W == "not" ||
         W == "true" || W == "false";
}

// A placeholder of a filter template stands for a value: shown as one
// ("{?}"), never as the marker byte.
std::string showPlaceholders(std::string Text) {
  for (std::size_t At = Text.find(UnknownValueMarker);
       At != std::string::npos; At = Text.find(UnknownValueMarker, At + 3))
    Text.replace(At, 1, "{?}");
  return Text;
}

// Printable form of a token for messages: 'EQ', or "the end of the filter".
std::string describe(const Token &T) {
  if (T.Kind == TokenKind::End)
    return "the end of the filter";
  return "'" +
         escapeControlBytes(
             ellipsize(showPlaceholders(std::string(T.Text)), 43)) +
         "'";
}

// A consumed keyword or parenthesis, for messages ("after 'and'"): only its
// place and spelling, so keeping one does not copy a literal.
struct TokenRef {
  std::uint32_t Offset = 0;
  std::string_view Text;
};

TokenRef refOf(const Token &T) { return {T.Offset, T.Text}; }

class Lexer {
public:
  Lexer(std::string_view Source, const FilterParseOptions &Options)
      : Source(Source), Options(Options) {}

  // Lexes the next token into T (reused, so no token is copied); on a
  // malformed literal sets Error and makes T Invalid.
  void next(Token &T) {
    while (Pos < Source.size() && isSpace(Source[Pos]))
      ++Pos;
    // Reset what a literal token sets (the strings were moved out by the
    // parser or are empty).
    T.Literal.Known = true;
    T.Literal.TypeKnown = true;
    T.Literal.Value.Type = EdmType::String;
    T.Literal.Value.Text.clear();
    T.Literal.KnownPrefix.clear();
    T.Offset = static_cast<std::uint32_t>(Pos);
    if (Pos >= Source.size()) {
      T.Kind = TokenKind::End;
      T.Length = 0;
      T.Text = {};
      return;
    }
    const char C = Source[Pos];
    if (C == '(' || C == ')' || C == ',') {
      T.Kind = C == '(' ? TokenKind::LeftParen
                        : (C == ')' ? TokenKind::RightParen : TokenKind::Comma);
      ++Pos;
      finish(T);
      return;
    }
    if (C == '\'') {
      lexQuoted(T, EdmType::String, Pos);
      return;
    }
    if (Options.Placeholder && C == Options.Placeholder) {
      ++Pos;
      T.Kind = TokenKind::Literal;
      T.Literal.Known = false;
      T.Literal.TypeKnown = false;
      // A number's type suffix after the value (`{score}L`, `{ratio}d`)
      // types it as the same suffix types a written number.
      if (Pos < Source.size() && (Source[Pos] == 'L' || Source[Pos] == 'l' ||
                                  Source[Pos] == 'd' || Source[Pos] == 'D')) {
        T.Literal.TypeKnown = true;
        T.Literal.Value.Type = Source[Pos] == 'L' || Source[Pos] == 'l'
                                   ? EdmType::Int64
                                   : EdmType::Double;
        ++Pos;
      }
      if (Pos < Source.size() && isIdentChar(Source[Pos])) {
        invalid(T, Pos,
                "unexpected '" + std::string(1, Source[Pos]) +
                    "' after a value: an Int64 ends in 'L', a Double may "
                    "end in 'd'");
        return;
      }
      finish(T);
      return;
    }
    if (isDigit(C) ||
        (C == '-' && Pos + 1 < Source.size() &&
         isDigit(Source[Pos + 1]))) {
      lexNumber(T);
      return;
    }
    if (isIdentStart(C)) {
      std::size_t End = Pos;
      while (End < Source.size() && isIdentChar(Source[End]))
        ++End;
      const std::string_view Word = Source.substr(Pos, End - Pos);
      // Typed string literals: datetime'..', guid'..', X'..', binary'..'.
      if (End < Source.size() && Source[End] == '\'') {
        std::optional<EdmType> Typed;
        if (Word == "datetime")
          Typed = EdmType::DateTime;
        else if (Word == "guid")
          Typed = EdmType::Guid;
        else if (Word == "X" || Word == "binary")
          Typed = EdmType::Binary;
        if (Typed) {
          lexQuoted(T, *Typed, End);
          return;
        }
      }
      Pos = End;
      if (Word == "true" || Word == "false") {
        T.Kind = TokenKind::Literal;
        T.Literal.Value = EdmValue::boolean(Word == "true");
        finish(T);
        return;
      }
      T.Kind = TokenKind::Identifier;
      finish(T);
      return;
    }
    // One character, not one byte of it: the message quotes it whole.
    Pos += std::max<std::size_t>(1, utf8SequenceLength(Source, Pos));
    T.Kind = TokenKind::Invalid;
    finish(T);
    fail(T.Offset, "unexpected character " + describe(T));
  }

  std::optional<FilterError> Error;

private:
  void finish(Token &T) {
    T.Length = static_cast<std::uint32_t>(Pos - T.Offset);
    T.Text = Source.substr(T.Offset, T.Length);
    T.Literal.Offset = T.Offset;
    T.Literal.Length = T.Length;
  }

  void invalid(Token &T, std::size_t At, std::string Message) {
    T.Kind = TokenKind::Invalid;
    finish(T);
    fail(At, std::move(Message));
  }

  void fail(std::size_t At, std::string Message) {
    if (!Error)
      Error = FilterError{At, std::move(Message)};
  }

  // A quoted literal starting at the quote at QuotePos; Type tells the
  // prefix it had (String for a plain '...').
  void lexQuoted(Token &T, EdmType Type, std::size_t QuotePos) {
    std::string Content;
    bool HasPlaceholder = false;
    std::string KnownPrefix;
    std::size_t I = QuotePos + 1;
    for (;;) {
      if (I >= Source.size()) {
        Pos = Source.size();
        {
          invalid(T, QuotePos,
                  "unterminated string literal: expected a closing \"'\"");
          return;
        }
      }
      const char C = Source[I];
      if (C == '\'') {
        if (I + 1 < Source.size() && Source[I + 1] == '\'') {
          Content += '\'';
          I += 2;
          continue;
        }
        ++I;
        break;
      }
      if (C == UnknownValueMarker && C != Options.Placeholder) {
        invalid(T, I,
                "unexpected control character in a string "
                "literal");
        return;
      }
      if (Options.Placeholder && C == Options.Placeholder && !HasPlaceholder) {
        HasPlaceholder = true;
        KnownPrefix = Content;
      }
      Content += C;
      ++I;
    }
    Pos = I;
    T.Kind = TokenKind::Literal;
    FilterLiteral &L = T.Literal;
    if (HasPlaceholder) {
      L.Known = false;
      L.Value.Type = Type;
      if (Type == EdmType::String)
        L.KnownPrefix = std::move(KnownPrefix);
      finish(T);
      return;
    }
    const std::size_t ContentAt = QuotePos + 1;
    switch (Type) {
    case EdmType::String:
      L.Value = EdmValue::string(std::move(Content));
      break;
    case EdmType::DateTime: {
      auto Ticks = parseDateTimeTicks(Content);
      if (!Ticks) {
        invalid(T, ContentAt,
                "invalid datetime literal: expected "
                "YYYY-MM-DDThh:mm[:ss[.fffffff]]Z");
        return;
      }
      L.Value = EdmValue::dateTimeTicks(*Ticks);
      break;
    }
    case EdmType::Guid: {
      auto G = canonicalGuid(Content);
      if (!G) {
        invalid(T, ContentAt,
                "invalid guid literal: expected "
                "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx in hexadecimal");
        return;
      }
      L.Value = EdmValue::guid(std::move(*G));
      break;
    }
    case EdmType::Binary: {
      std::string Bytes;
      if (Content.size() % 2 != 0) {
        invalid(T, ContentAt,
                "invalid binary literal: expected an even number of "
                "hexadecimal digits");
        return;
      }
      for (std::size_t K = 0; K < Content.size(); K += 2) {
        auto Hex = [](char H) -> int {
          if (H >= '0' && H <= '9')
            return H - '0';
          if (H >= 'a' && H <= 'f')
            return H - 'a' + 10;
          if (H >= 'A' && H <= 'F')
            return H - 'A' + 10;
          return -1;
        };
        const int Hi = Hex(Content[K]), Lo = Hex(Content[K + 1]);
        if (Hi < 0 || Lo < 0) {
          invalid(T, ContentAt + K,
                  "invalid binary literal: expected hexadecimal "
                  "digits");
          return;
        }
        Bytes += static_cast<char>(Hi * 16 + Lo);
      }
      L.Value = EdmValue::binary(std::move(Bytes));
      break;
    }
    default:
      break;
    }
    finish(T);
    return;
  }

  void lexNumber(Token &T) {
    std::size_t I = Pos;
    if (Source[I] == '-')
      ++I;
    auto Digits = [&] {
      const std::size_t Start = I;
      while (I < Source.size() &&
             isDigit(Source[I]))
        ++I;
      return I - Start;
    };
    Digits();
    bool IsDouble = false;
    if (I < Source.size() && Source[I] == '.') {
      ++I;
      IsDouble = true;
      if (Digits() == 0) {
        Pos = I;
        {
          invalid(T, I, "expected digits after the decimal point");
          return;
        }
      }
    }
    if (I < Source.size() && (Source[I] == 'e' || Source[I] == 'E')) {
      ++I;
      IsDouble = true;
      if (I < Source.size() && (Source[I] == '+' || Source[I] == '-'))
        ++I;
      if (Digits() == 0) {
        Pos = I;
        {
          invalid(T, I, "expected digits in the exponent");
          return;
        }
      }
    }
    const std::string Number(Source.substr(Pos, I - Pos));
    bool IsInt64 = false;
    if (I < Source.size() && (Source[I] == 'L' || Source[I] == 'l') &&
        !IsDouble) {
      IsInt64 = true;
      ++I;
    } else if (I < Source.size() && (Source[I] == 'd' || Source[I] == 'D')) {
      // OData's explicit Edm.Double suffix (2.5d).
      IsDouble = true;
      ++I;
    }
    if (I < Source.size() && isIdentChar(Source[I])) {
      Pos = I;
      {
        invalid(T, I,
                "unexpected '" + std::string(1, Source[I]) +
                    "' after a number: Int64 literals end in 'L'");
        return;
      }
    }
    Pos = I;
    T.Kind = TokenKind::Literal;
    errno = 0;
    if (IsDouble) {
      const double D = std::strtod(Number.c_str(), nullptr);
      if (errno == ERANGE) {
        invalid(T, T.Offset,
                "double literal " + Number + " is out of the Edm.Double range");
        return;
      }
      T.Literal.Value = EdmValue::real(D);
      finish(T);
      return;
    }
    const long long V = std::strtoll(Number.c_str(), nullptr, 10);
    if (errno == ERANGE) {
      invalid(T, T.Offset,
              "integer literal " + Number + " is out of the Edm.Int64 range");
      return;
    }
    if (IsInt64) {
      T.Literal.Value = EdmValue::int64(V);
      finish(T);
      return;
    }
    if (V < std::numeric_limits<std::int32_t>::min() ||
        V > std::numeric_limits<std::int32_t>::max())
      return invalid(T, T.Offset,
                     "integer literal " + Number +
                         " does not fit Edm.Int32; write " + Number +
                         "L for an Edm.Int64");
    T.Literal.Value = EdmValue::int32(static_cast<std::int32_t>(V));
    finish(T);
    return;
  }

  std::string_view Source;
  const FilterParseOptions &Options;
  std::size_t Pos = 0;
};

// One side of a comparison before we know which side is which.
struct Operand {
  bool IsProperty = false;
  std::string Property;
  std::uint32_t Offset = 0;
  std::uint32_t Length = 0;
  FilterLiteral Literal;
};

class Parser {
public:
  Parser(std::string_view Source, const FilterParseOptions &Options)
      : Lex(Source, Options) {
    F.Source = std::string(Source);
    // A comparison takes at least 6 bytes ("A eq 1"), and each adds at most
    // two nodes (itself and an and/or), so this avoids regrowth.
    F.Nodes.reserve(Source.size() / 3 + 1);
  }

  FilterParseResult parse() {
    advance();
    std::uint32_t Root = 0;
    if (Tok.Kind == TokenKind::End && !Lex.Error)
      return FilterError{0, "the filter is empty: expected an expression"};
    if (parseOr(Root, 0)) {
      if (Tok.Kind != TokenKind::End)
        fail(Tok.Offset, "expected 'and', 'or' or the end of the filter, got " +
                             describe(Tok) + unknownKeywordHint(Tok));
    }
    if (Error)
      return *Error;
    F.Root = Root;
    return std::move(F);
  }

private:
  void advance() {
    Lex.next(Tok);
    if (Lex.Error && !Error)
      Error = Lex.Error;
  }

  bool fail(std::size_t At, std::string Message) {
    if (!Error)
      Error = FilterError{At, std::move(Message)};
    return false;
  }

  bool isWord(std::string_view W) const {
    return Tok.Kind == TokenKind::Identifier && Tok.Text == W;
  }

  // ", keywords are lower case" when the token is an upper-case keyword.
  static std::string unknownKeywordHint(const Token &T) {
    if (T.Kind != TokenKind::Identifier)
      return "";
    const std::string Lower = lowerCase(T.Text);
    if (Lower != T.Text && isKeyword(Lower))
      return " (keywords are lower case: '" + Lower + "')";
    return "";
  }

  std::uint32_t add(FilterNode N) {
    F.Nodes.push_back(std::move(N));
    return static_cast<std::uint32_t>(F.Nodes.size() - 1);
  }

  std::uint32_t addBinary(FilterNodeKind Kind, std::uint32_t L,
                          std::uint32_t R) {
    FilterNode N;
    N.Kind = Kind;
    N.Left = L;
    N.Right = R;
    N.Offset = F.Nodes[L].Offset;
    N.Length = F.Nodes[R].Offset + F.Nodes[R].Length - N.Offset;
    return add(std::move(N));
  }

  // The operands of a chain `a and b and c ...` (or of `or`) are joined
  // pairwise, round after round, so the tree is balanced: a chain of n terms
  // is log2(n) deep, and every recursive walk of the tree (printing,
  // classifying, evaluating) stays shallow however long the chain. And and
  // or are associative, so the shape does not change the meaning; two or
  // three terms give the same tree as left-to-right joining.
  std::uint32_t joinBalanced(FilterNodeKind Kind,
                             std::vector<std::uint32_t> &Terms) {
    while (Terms.size() > 1) {
      std::size_t Kept = 0;
      for (std::size_t I = 0; I + 1 < Terms.size(); I += 2)
        Terms[Kept++] = addBinary(Kind, Terms[I], Terms[I + 1]);
      if (Terms.size() % 2)
        Terms[Kept++] = Terms.back();
      Terms.resize(Kept);
    }
    return Terms.front();
  }

  bool parseOr(std::uint32_t &Out, unsigned Depth) {
    std::vector<std::uint32_t> Terms(1);
    if (!parseAnd(Terms[0], Depth))
      return false;
    while (isWord("or")) {
      const TokenRef Op = refOf(Tok);
      advance();
      if (!parseAnd(Terms.emplace_back(), Depth, &Op))
        return false;
    }
    Out = joinBalanced(FilterNodeKind::Or, Terms);
    return true;
  }

  bool parseAnd(std::uint32_t &Out, unsigned Depth,
                const TokenRef *After = nullptr) {
    std::vector<std::uint32_t> Terms(1);
    if (!parseUnary(Terms[0], Depth, After))
      return false;
    while (isWord("and")) {
      const TokenRef Op = refOf(Tok);
      advance();
      if (!parseUnary(Terms.emplace_back(), Depth, &Op))
        return false;
    }
    Out = joinBalanced(FilterNodeKind::And, Terms);
    return true;
  }

  // Counts a comparison (or bare property) about to be added; past
  // MaxFilterTerms the filter is refused at that comparison.
  bool countTerm(std::uint32_t Offset) {
    if (++TermCount <= MaxFilterTerms)
      return true;
    return fail(Offset, "the filter has more than " +
                            std::to_string(MaxFilterTerms) +
                            " comparisons; tablelint does not analyse longer "
                            "filters (the Table service accepts at most " +
                            std::to_string(limits::MaxFilterComparisons) +
                            ")");
  }

  // The canonical form writes a comparison under `not` in parentheses
  // (`not (A eq 1)`): one level deeper than `not A eq 1` as written.
  bool printedNestingFits(const TokenRef *After, unsigned Depth,
                          std::uint32_t Offset) {
    if (!After || After->Text != "not" || Depth + 1 <= MaxNesting)
      return true;
    return fail(Offset, nestingMessage());
  }

  static std::string nestingMessage() {
    return "the filter nests deeper than " + std::to_string(MaxNesting) +
           " levels (parentheses and 'not')";
  }

  // After: the keyword just consumed ('and', 'or', 'not', '('), for
  // "expected an expression after 'and'".
  bool parseUnary(std::uint32_t &Out, unsigned Depth, const TokenRef *After) {
    if (Error)
      return false;
    if (Depth > MaxNesting)
      return fail(Tok.Offset, nestingMessage());
    if (isWord("not")) {
      const TokenRef Not = refOf(Tok);
      advance();
      std::uint32_t Child = 0;
      if (!parseUnary(Child, Depth + 1, &Not))
        return false;
      FilterNode N;
      N.Kind = FilterNodeKind::Not;
      N.Left = Child;
      N.Offset = Not.Offset;
      N.Length = F.Nodes[Child].Offset + F.Nodes[Child].Length - Not.Offset;
      Out = add(std::move(N));
      return true;
    }
    return parsePrimary(Out, Depth, After);
  }

  bool expectedExpression(const TokenRef *After) {
    std::string Where =
        After ? " after '" + std::string(After->Text) + "'" : "";
    return fail(Tok.Offset,
                "expected an expression" + Where + ", got " + describe(Tok));
  }

  bool parsePrimary(std::uint32_t &Out, unsigned Depth, const TokenRef *After) {
    if (Error)
      return false;
    if (Tok.Kind == TokenKind::LeftParen) {
      const TokenRef Open = refOf(Tok);
      advance();
      if (!parseOr(Out, Depth + 1))
        return false;
      if (Tok.Kind != TokenKind::RightParen)
        return fail(Tok.Offset, "expected ')' to close the '(' at column " +
                                    std::to_string(Open.Offset + 1) + ", got " +
                                    describe(Tok) + unknownKeywordHint(Tok));
      // The span of a parenthesised expression includes the parentheses.
      F.Nodes[Out].Offset = Open.Offset;
      F.Nodes[Out].Length = Tok.Offset + 1 - Open.Offset;
      advance();
      return true;
    }
    Operand Left;
    if (!parseOperand(Left, After))
      return false;
    std::optional<CompareOp> Op;
    if (Tok.Kind == TokenKind::Identifier)
      Op = compareOpFromKeyword(Tok.Text);
    if (!Op) {
      if (Tok.Kind == TokenKind::Identifier && !isWord("and") &&
          !isWord("or") && !isWord("not"))
        return fail(Tok.Offset,
                    "expected a comparison operator (eq, ne, gt, ge, lt, le) "
                    "after " +
                        operandText(Left) + ", got " + describe(Tok) +
                        unknownKeywordHint(Tok));
      if (!Left.IsProperty)
        return fail(Left.Offset,
                    "a literal alone is not a condition: expected a "
                    "comparison such as Property eq " +
                        operandText(Left));
      FilterNode N;
      N.Kind = FilterNodeKind::BoolProperty;
      N.Property = std::move(Left.Property);
      N.PropertyOffset = Left.Offset;
      N.Offset = Left.Offset;
      N.Length = Left.Length;
      if (!countTerm(N.Offset))
        return false;
      Out = add(std::move(N));
      return true;
    }
    if (!printedNestingFits(After, Depth, Left.Offset) ||
        !countTerm(Left.Offset))
      return false;
    const TokenRef OpTok = refOf(Tok);
    advance();
    if (Error)
      return false;
    Operand Right;
    if (Tok.Kind != TokenKind::Identifier && Tok.Kind != TokenKind::Literal)
      return fail(
          Tok.Offset,
          std::string("expected ") +
              (Left.IsProperty ? "a literal" : "a property") + " after '" +
              std::string(OpTok.Text) + "'" +
              (Tok.Kind == TokenKind::End ? "" : ", got " + describe(Tok)));
    if (!parseOperand(Right, &OpTok))
      return false;
    if (Left.IsProperty && Right.IsProperty)
      return fail(Right.Offset,
                  "comparison of two properties ('" + Left.Property +
                      "' and '" + Right.Property +
                      "') is not supported by the Table service: one side "
                      "must be a literal" +
                      literalHint(Right.Property));
    if (!Left.IsProperty && !Right.IsProperty)
      return fail(Left.Offset, "comparison of two literals: one side must be "
                               "a property");
    FilterNode N;
    N.Kind = FilterNodeKind::Compare;
    N.Op = *Op;
    N.Offset = Left.Offset;
    N.Length = Right.Offset + Right.Length - Left.Offset;
    if (Left.IsProperty) {
      N.Property = std::move(Left.Property);
      N.PropertyOffset = Left.Offset;
      N.Literal = std::move(Right.Literal);
    } else {
      N.LiteralFirst = true;
      N.Op = mirrorCompareOp(*Op);
      N.Property = std::move(Right.Property);
      N.PropertyOffset = Right.Offset;
      N.Literal = std::move(Left.Literal);
    }
    Out = add(std::move(N));
    return true;
  }

  static std::string literalHint(const std::string &Word) {
    const std::string Lower = lowerCase(Word);
    if (Lower == "true" || Lower == "false")
      return " (boolean literals are lower case: " + Lower + ")";
    if (Lower == "null")
      return " (the Table service has no null literal)";
    return "";
  }

  static std::string operandText(const Operand &O) {
    if (O.IsProperty)
      return "'" + O.Property + "'";
    return O.Literal.Known ? "a literal" : "a value";
  }

  bool parseOperand(Operand &Out, const TokenRef *After) {
    if (Tok.Kind == TokenKind::Literal) {
      Out.IsProperty = false;
      Out.Literal = std::move(Tok.Literal);
      Out.Offset = Tok.Offset;
      Out.Length = Tok.Length;
      advance();
      return !Error;
    }
    if (Tok.Kind != TokenKind::Identifier)
      return expectedExpression(After);
    if (isKeyword(Tok.Text))
      return fail(Tok.Offset,
                  "expected a property or a literal" +
                      (After ? " after '" + std::string(After->Text) + "'"
                             : std::string()) +
                      ", got the keyword " + describe(Tok));
    const TokenRef Name = refOf(Tok);
    advance();
    if (Error)
      return false;
    if (Tok.Kind == TokenKind::LeftParen) {
      std::string Message = "function '" + std::string(Name.Text) +
                            "' is not supported by the Table service";
      if (Name.Text == "startswith")
        Message += ": express a prefix as a range, Name ge 'A' and Name lt 'B'";
      else
        Message += ": filters allow only comparisons with and, or, not";
      return fail(Name.Offset, Message);
    }
    Out.IsProperty = true;
    Out.Property = std::string(Name.Text);
    Out.Offset = Name.Offset;
    Out.Length = static_cast<std::uint32_t>(Name.Text.size());
    return true;
  }

  Lexer Lex;
  Token Tok;
  Filter F;
  unsigned TermCount = 0;
  std::optional<FilterError> Error;
};

// Precedence levels for printing: or < and < not < primary.
int precedence(FilterNodeKind K) {
  switch (K) {
  case FilterNodeKind::Or:
    return 1;
  case FilterNodeKind::And:
    return 2;
  case FilterNodeKind::Not:
    return 3;
  default:
    return 4;
  }
}

void print(const Filter &F, std::uint32_t Index, std::string &Out) {
  const FilterNode &N = F.node(Index);
  auto Child = [&](std::uint32_t C, int ParentPrec) {
    const bool Paren = precedence(F.node(C).Kind) < ParentPrec;
    if (Paren)
      Out += '(';
    print(F, C, Out);
    if (Paren)
      Out += ')';
  };
  switch (N.Kind) {
  case FilterNodeKind::Compare: {
    Out += N.Property;
    Out += ' ';
    Out += compareOpKeyword(N.Op);
    Out += ' ';
    for (char C : std::string_view(F.Source).substr(N.Literal.Offset,
                                                    N.Literal.Length)) {
      if (C == UnknownValueMarker)
        Out += "{?}";
      else
        Out += C;
    }
    break;
  }
  case FilterNodeKind::BoolProperty:
    Out += N.Property;
    break;
  case FilterNodeKind::And:
  case FilterNodeKind::Or:
    Child(N.Left, precedence(N.Kind));
    Out += N.Kind == FilterNodeKind::And ? " and " : " or ";
    Child(N.Right, precedence(N.Kind));
    break;
  case FilterNodeKind::Not:
    Out += "not ";
    // `not A eq 1` would re-parse the same, but reads ambiguously; a
    // negated `not` or bare property needs no parentheses (`not not X`).
    Child(N.Left, F.node(N.Left).Kind == FilterNodeKind::Compare ? 5 : 3);
    break;
  }
}

} // namespace

std::string_view compareOpKeyword(CompareOp Op) {
  switch (Op) {
  case CompareOp::Eq:
    return "eq";
  case CompareOp::Ne:
    return "ne";
  case CompareOp::Gt:
    return "gt";
  case CompareOp::Ge:
    return "ge";
  case CompareOp::Lt:
    return "lt";
  case CompareOp::Le:
    return "le";
  }
  return "eq";
}

CompareOp mirrorCompareOp(CompareOp Op) {
  switch (Op) {
  case CompareOp::Gt:
    return CompareOp::Lt;
  case CompareOp::Ge:
    return CompareOp::Le;
  case CompareOp::Lt:
    return CompareOp::Gt;
  case CompareOp::Le:
    return CompareOp::Ge;
  default:
    return Op;
  }
}

CompareOp negateCompareOp(CompareOp Op) {
  switch (Op) {
  case CompareOp::Eq:
    return CompareOp::Ne;
  case CompareOp::Ne:
    return CompareOp::Eq;
  case CompareOp::Gt:
    return CompareOp::Le;
  case CompareOp::Ge:
    return CompareOp::Lt;
  case CompareOp::Lt:
    return CompareOp::Ge;
  case CompareOp::Le:
    return CompareOp::Gt;
  }
  return Op;
}

bool Filter::fullyKnown() const {
  return std::all_of(Nodes.begin(), Nodes.end(), [](const FilterNode &N) {
    return N.Kind != FilterNodeKind::Compare || N.Literal.Known;
  });
}

std::vector<std::uint32_t> Filter::conjuncts() const {
  std::vector<std::uint32_t> Out;
  if (Nodes.empty())
    return Out;
  std::vector<std::uint32_t> Stack{Root};
  while (!Stack.empty()) {
    const std::uint32_t I = Stack.back();
    Stack.pop_back();
    if (Nodes[I].Kind == FilterNodeKind::And) {
      Stack.push_back(Nodes[I].Right);
      Stack.push_back(Nodes[I].Left);
    } else {
      Out.push_back(I);
    }
  }
  return Out;
}

unsigned Filter::comparisonCount() const {
  return static_cast<unsigned>(
      std::count_if(Nodes.begin(), Nodes.end(), [](const FilterNode &N) {
        return N.Kind == FilterNodeKind::Compare ||
               N.Kind == FilterNodeKind::BoolProperty;
      }));
}

std::vector<std::string> Filter::properties() const {
  std::vector<std::string> Out;
  for (const FilterNode &N : Nodes)
    if (N.Kind == FilterNodeKind::Compare ||
        N.Kind == FilterNodeKind::BoolProperty)
      Out.push_back(N.Property);
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

std::string Filter::str() const {
  std::string Out;
  if (!Nodes.empty())
    print(*this, Root, Out);
  return Out;
}

std::string FilterError::str() const {
  return Message + " at column " + std::to_string(column());
}

FilterParseResult parseFilter(std::string_view Source,
                              const FilterParseOptions &Options) {
  if (Source.size() > std::numeric_limits<std::uint32_t>::max())
    return FilterError{0, "the filter is too long"};
  return Parser(Source, Options).parse();
}

std::vector<FilterError> checkLiteralTypes(const Filter &F,
                                           const PropertyTypeFn &TypeOf) {
  std::vector<FilterError> Errors;
  auto Declared = [&](const std::string &Name) -> std::optional<EdmType> {
    if (Name == "PartitionKey" || Name == "RowKey")
      return EdmType::String;
    if (Name == "Timestamp")
      return EdmType::DateTime;
    return TypeOf ? TypeOf(Name) : std::nullopt;
  };
  for (const FilterNode &N : F.Nodes) {
    if (N.Kind == FilterNodeKind::BoolProperty) {
      auto T = Declared(N.Property);
      if (T && *T != EdmType::Boolean)
        Errors.push_back(
            {N.PropertyOffset,
             "'" + N.Property + "' is " + std::string(edmTypeName(*T)) +
                 ", not Edm.Boolean: a bare property must be a boolean"});
      continue;
    }
    if (N.Kind != FilterNodeKind::Compare || !N.Literal.TypeKnown)
      continue;
    auto T = Declared(N.Property);
    if (!T || *T == N.Literal.type())
      continue;
    const std::string Spelling =
        showPlaceholders(F.Source.substr(N.Literal.Offset, N.Literal.Length));
    std::string Message = "'" + N.Property + "' is " +
                          std::string(edmTypeName(*T)) + " but " + Spelling +
                          " is " + std::string(edmTypeName(N.Literal.type())) +
                          ": the comparison matches no entity";
    if (*T == EdmType::Int64 && N.Literal.type() == EdmType::Int32)
      Message += "; write " + Spelling + "L";
    else if (*T == EdmType::String)
      Message += "; quote the value";
    Errors.push_back({N.Literal.Offset, std::move(Message)});
  }
  return Errors;
}

std::string quoteFilterString(std::string_view Text) {
  std::string Out = "'";
  for (char C : Text) {
    Out += C;
    if (C == '\'')
      Out += '\'';
  }
  Out += '\'';
  return Out;
}

} // namespace tablelint
