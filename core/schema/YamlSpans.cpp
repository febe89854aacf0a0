// Node ends, found by scanning from yaml-cpp's start marks with just enough
// of YAML's lexical rules: quotes, comments, flow brackets, block scalars.
#include "core/schema/YamlSpans.h"

#include <string>

namespace tablelint::schema {

namespace {

bool lineBreak(char C) { return C == '\n' || C == '\r'; }
bool blank(char C) { return C == ' ' || C == '\t'; }

// A comment starts at '#' after whitespace or at the start of a line.
bool commentAt(std::string_view Text, std::size_t I) {
  return Text[I] == '#' && (I == 0 || blank(Text[I - 1]) ||
                            lineBreak(Text[I - 1]));
}

// One past the closing quote of the quoted scalar opening at I; npos when
// it never closes.
std::size_t quotedEnd(std::string_view Text, std::size_t I) {
  const char Quote = Text[I];
  for (std::size_t J = I + 1; J < Text.size(); ++J) {
    if (Quote == '"' && Text[J] == '\\') {
      ++J;
      continue;
    }
    if (Text[J] != Quote)
      continue;
    if (Quote == '\'' && J + 1 < Text.size() && Text[J + 1] == '\'') {
      ++J; // '' is an escaped quote
      continue;
    }
    return J + 1;
  }
  return std::string_view::npos;
}

// A plain scalar ends before a comment, a line break, ": " (a key), and in
// flow context before an indicator.
std::size_t plainEnd(std::string_view Text, std::size_t I, bool InFlow) {
  std::size_t J = I;
  for (; J < Text.size(); ++J) {
    const char C = Text[J];
    if (lineBreak(C) || commentAt(Text, J))
      break;
    if (C == ':' && (J + 1 == Text.size() || blank(Text[J + 1]) ||
                     lineBreak(Text[J + 1]) ||
                     (InFlow && (Text[J + 1] == ',' || Text[J + 1] == ']' ||
                                 Text[J + 1] == '}'))))
      break;
    if (InFlow && (C == ',' || C == ']' || C == '}' || C == '[' || C == '{'))
      break;
  }
  while (J > I && blank(Text[J - 1]))
    --J;
  return J;
}

// One past the bracket closing the flow collection opening at I.
std::size_t flowEnd(std::string_view Text, std::size_t I) {
  unsigned Depth = 0;
  char Previous = ' '; // the last character that is not whitespace
  for (std::size_t J = I; J < Text.size(); ++J) {
    const char C = Text[J];
    if (commentAt(Text, J)) {
      while (J < Text.size() && !lineBreak(Text[J]))
        ++J;
      continue;
    }
    if ((C == '"' || C == '\'') &&
        std::string_view("[{,:?-").find(Previous) != std::string_view::npos) {
      const std::size_t End = quotedEnd(Text, J);
      if (End == std::string_view::npos)
        return End;
      J = End - 1;
      Previous = C;
      continue;
    }
    if (C == '[' || C == '{')
      ++Depth;
    if ((C == ']' || C == '}') && --Depth == 0)
      return J + 1;
    if (!blank(C) && !lineBreak(C))
      Previous = C;
  }
  return std::string_view::npos;
}

// The end of a block scalar (`|`, `>`) whose indicator is at I: its last
// line indented at least as much as its first.
std::size_t blockScalarEnd(std::string_view Text, std::size_t I) {
  std::size_t End = nextLineStart(Text, I);
  std::size_t Line = End;
  std::size_t Indent = std::string_view::npos;
  std::size_t LastContent = std::string_view::npos;
  while (Line < Text.size()) {
    std::size_t J = Line;
    while (J < Text.size() && Text[J] == ' ')
      ++J;
    const std::size_t Next = nextLineStart(Text, Line);
    if (J < Text.size() && !lineBreak(Text[J])) {
      if (Indent == std::string_view::npos)
        Indent = J - Line;
      if (J - Line < Indent)
        break;
      LastContent = Line;
    }
    Line = Next;
  }
  if (LastContent == std::string_view::npos)
    return std::string_view::npos;
  std::size_t J = LastContent;
  while (J < Text.size() && !lineBreak(Text[J]))
    ++J;
  return J;
}

} // namespace

std::size_t lineStart(std::string_view Text, std::size_t Offset) {
  while (Offset > 0 && Text[Offset - 1] != '\n')
    --Offset;
  return Offset;
}

std::size_t nextLineStart(std::string_view Text, std::size_t Offset) {
  const std::size_t Break = Text.find('\n', Offset);
  return Break == std::string_view::npos ? Text.size() : Break + 1;
}

std::optional<TextSpan> nodeSpan(std::string_view Text, const YAML::Node &Node,
                                 bool InFlow) {
  if (!Node.IsDefined() || Node.IsNull() || Node.Mark().pos < 0)
    return std::nullopt;
  const std::size_t Begin = static_cast<std::size_t>(Node.Mark().pos);
  if (Begin >= Text.size())
    return std::nullopt;
  const char First = Text[Begin];
  if (Node.IsScalar()) {
    std::size_t End;
    if (First == '"' || First == '\'')
      End = quotedEnd(Text, Begin);
    else if (First == '|' || First == '>')
      End = blockScalarEnd(Text, Begin);
    else {
      End = plainEnd(Text, Begin, InFlow);
      // A plain scalar continued on the next line, or an alias.
      if (Text.substr(Begin, End - Begin) != Node.Scalar())
        return std::nullopt;
    }
    if (End == std::string_view::npos)
      return std::nullopt;
    return TextSpan{Begin, End};
  }
  if (Node.Style() == YAML::EmitterStyle::Flow) {
    if (First != '[' && First != '{')
      return std::nullopt;
    const std::size_t End = flowEnd(Text, Begin);
    if (End == std::string_view::npos)
      return std::nullopt;
    return TextSpan{Begin, End};
  }
  // A block collection ends with its last value.
  if (Node.IsSequence() && Node.size() > 0) {
    // The last item, by iterating (indexing may look the index up as a
    // key).
    YAML::Node LastItem;
    for (YAML::const_iterator It = Node.begin(); It != Node.end(); ++It)
      LastItem.reset(*It);
    std::optional<TextSpan> Last = nodeSpan(Text, LastItem, false);
    if (!Last)
      return std::nullopt;
    return TextSpan{Begin, Last->End};
  }
  if (Node.IsMap() && Node.size() > 0) {
    YAML::const_iterator Last = Node.begin();
    for (YAML::const_iterator It = Node.begin(); It != Node.end(); ++It)
      Last = It;
    if (!Last->second.IsNull()) {
      std::optional<TextSpan> Value = nodeSpan(Text, Last->second, false);
      if (!Value)
        return std::nullopt;
      return TextSpan{Begin, Value->End};
    }
    // "key:" and nothing: the map ends at the colon.
    std::optional<TextSpan> Key = nodeSpan(Text, Last->first, false);
    if (!Key)
      return std::nullopt;
    std::size_t End = Key->End;
    while (End < Text.size() && blank(Text[End]))
      ++End;
    if (End >= Text.size() || Text[End] != ':')
      return std::nullopt;
    return TextSpan{Begin, End + 1};
  }
  return std::nullopt;
}

} // namespace tablelint::schema
