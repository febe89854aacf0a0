// Line-level scanning of raw YAML: comments, block scalars, nesting depth.
#include "core/schema/YamlLines.h"

namespace tablelint::schema {

namespace {

bool isSpace(char C) { return C == ' ' || C == '\t'; }

// A quote or bracket opens a token only where a token can start.
bool atTokenStart(std::string_view Line, std::size_t I) {
  if (I == 0)
    return true;
  const char P = Line[I - 1];
  return isSpace(P) || P == '[' || P == '{' || P == ',';
}

// "|", ">", "|-", ">+2"...: a block scalar indicator ending the content.
bool endsWithBlockIndicator(std::string_view Content) {
  std::size_t I = Content.size();
  while (I > 0 && (Content[I - 1] == '+' || Content[I - 1] == '-' ||
                   (Content[I - 1] >= '0' && Content[I - 1] <= '9')))
    --I;
  if (I == 0 || (Content[I - 1] != '|' && Content[I - 1] != '>'))
    return false;
  return I == 1 || isSpace(Content[I - 2]);
}

// A place in the text: 1-based line, 0-based column.
struct TextPlace {
  unsigned Line = 0;
  unsigned Column = 0;
};

struct ScanState {
  char Quote = 0;           // inside a quoted scalar spanning lines
  unsigned FlowDepth = 0;   // inside [ ] / { } spanning lines
  int BlockScalarBase = -1; // lines indented more belong to a block scalar
  // For explaining a syntax error: the line being scanned (1-based), the
  // open flow brackets (the first 256, innermost last) and where the open
  // quote started, the first bracket that closes one of the other kind,
  // and the first line indented with a tab.
  unsigned LineNumber = 0;
  std::vector<std::pair<TextPlace, char>> Openers;
  TextPlace QuoteStart;
  struct Mismatched {
    TextPlace Closer, Opener;
    char Closes, Opens;
  };
  std::optional<Mismatched> Mismatch;
  std::optional<TextPlace> FirstTabIndent;
};

// Fills the structure fields of one line and returns where its content
// (before any comment) ends.
std::size_t scanLine(YamlLine &L, ScanState &S) {
  const std::string_view T = L.Text;
  std::size_t I = L.Indent;
  const bool Structural = S.Quote == 0 && S.FlowDepth == 0;
  if (Structural) {
    // Compact entries: "- - x", "? key".
    while (I < T.size() && (T[I] == '-' || T[I] == '?') &&
           (I + 1 == T.size() || isSpace(T[I + 1]))) {
      L.Entries.push_back(static_cast<unsigned>(I));
      ++I;
      while (I < T.size() && isSpace(T[I]))
        ++I;
    }
    L.ContentColumn = static_cast<unsigned>(I);
  }
  std::size_t ContentEnd = T.size();
  bool KeySeen = false;
  for (; I < T.size(); ++I) {
    const char C = T[I];
    if (S.Quote == '"') {
      if (C == '\\')
        ++I;
      else if (C == '"')
        S.Quote = 0;
      continue;
    }
    if (S.Quote == '\'') {
      if (C == '\'' && I + 1 < T.size() && T[I + 1] == '\'')
        ++I;
      else if (C == '\'')
        S.Quote = 0;
      continue;
    }
    if (C == '#' && (I == 0 || isSpace(T[I - 1]))) {
      L.Comment = T.substr(I + 1);
      L.CommentColumn = static_cast<unsigned>(I) + 1;
      ContentEnd = I;
      break;
    }
    const TextPlace Here{S.LineNumber, static_cast<unsigned>(I)};
    if ((C == '"' || C == '\'') && atTokenStart(T, I)) {
      S.Quote = C;
      S.QuoteStart = Here;
    } else if ((C == '[' || C == '{') &&
               (S.FlowDepth > 0 || atTokenStart(T, I))) {
      if (S.FlowDepth < 256)
        S.Openers.emplace_back(Here, C);
      ++S.FlowDepth;
      if (S.FlowDepth > L.FlowDepthMax) {
        L.FlowDepthMax = S.FlowDepth;
        if (S.FlowDepth <= 256)
          L.FlowLevels.emplace_back(S.FlowDepth, static_cast<unsigned>(I));
      }
    } else if ((C == ']' || C == '}') && S.FlowDepth > 0) {
      if (S.FlowDepth <= 256) {
        const auto &[Opened, Bracket] = S.Openers.back();
        if (!S.Mismatch && (Bracket == '[') != (C == ']'))
          S.Mismatch = ScanState::Mismatched{Here, Opened, C, Bracket};
        S.Openers.pop_back();
      }
      --S.FlowDepth;
    } else if (C == ':' && Structural && !KeySeen && S.FlowDepth == 0 &&
               (I + 1 == T.size() || isSpace(T[I + 1]))) {
      KeySeen = true;
      L.HasKey = true;
    }
  }
  return ContentEnd;
}

std::vector<YamlLine> scanLines(std::string_view Text, ScanState &S) {
  std::vector<YamlLine> Lines;
  // A UTF-8 byte order mark is not part of the first line (yaml-cpp does
  // not count it in columns either).
  std::size_t Start = Text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  while (Start <= Text.size()) {
    std::size_t End = Text.find('\n', Start);
    if (End == std::string_view::npos)
      End = Text.size();
    YamlLine L;
    L.Text = Text.substr(Start, End - Start);
    if (!L.Text.empty() && L.Text.back() == '\r')
      L.Text.remove_suffix(1);
    while (L.Indent < L.Text.size() && L.Text[L.Indent] == ' ')
      ++L.Indent;
    S.LineNumber = static_cast<unsigned>(Lines.size()) + 1;
    const bool Empty = L.Indent == L.Text.size();
    if (S.BlockScalarBase >= 0 &&
        (Empty || static_cast<int>(L.Indent) > S.BlockScalarBase)) {
      L.InBlockScalar = true;
      L.Blank = Empty;
    } else {
      S.BlockScalarBase = -1;
      L.InFlowOrQuote = S.Quote != 0 || S.FlowDepth > 0;
      if (!L.InFlowOrQuote && !S.FirstTabIndent && L.Indent < L.Text.size() &&
          L.Text[L.Indent] == '\t' &&
          L.Text.find_first_not_of(" \t", L.Indent) != std::string_view::npos)
        S.FirstTabIndent = TextPlace{S.LineNumber, L.Indent};
      const bool StartsInQuote = S.Quote != 0;
      const std::size_t ContentEnd = scanLine(L, S);
      std::string_view Content = L.Text.substr(0, ContentEnd);
      while (!Content.empty() && isSpace(Content.back()))
        Content.remove_suffix(1);
      const bool NoContent = Content.size() <= L.Indent;
      L.Blank = NoContent && L.CommentColumn == 0;
      L.CommentOnly = NoContent && L.CommentColumn != 0 && !StartsInQuote;
      if (S.Quote == 0 && S.FlowDepth == 0 && endsWithBlockIndicator(Content))
        // Content lines are indented past the key, or past the dash of a
        // sequence entry that holds the scalar itself ("- |").
        S.BlockScalarBase = static_cast<int>(
            L.HasKey || L.Entries.empty() ? L.ContentColumn : L.Entries.back());
    }
    Lines.push_back(L);
    if (End == Text.size())
      break;
    Start = End + 1;
  }
  return Lines;
}

} // namespace

std::vector<YamlLine> scanYamlLines(std::string_view Text) {
  ScanState S;
  return scanLines(Text, S);
}

std::optional<YamlSyntaxCause> findYamlSyntaxCause(std::string_view Text,
                                                   unsigned ErrorLine,
                                                   unsigned ErrorColumn) {
  ScanState S;
  scanLines(Text, S);
  std::vector<YamlSyntaxCause> Causes;
  auto Add = [&](TextPlace At, std::string Message) {
    Causes.push_back({At.Line, At.Column + 1, std::move(Message)});
  };
  if (S.FirstTabIndent)
    Add(*S.FirstTabIndent,
        "a tab indents this line; YAML indents with spaces only");
  if (S.Mismatch)
    Add(S.Mismatch->Closer,
        std::string("this '") + S.Mismatch->Closes + "' closes the '" +
            S.Mismatch->Opens + "' opened at " +
            std::to_string(S.Mismatch->Opener.Line) + ":" +
            std::to_string(S.Mismatch->Opener.Column + 1));
  // After a mismatch the brackets left open are its consequence.
  else if (!S.Openers.empty())
    Add(S.Openers.front().first, std::string("this '") +
                                     S.Openers.front().second +
                                     "' is never closed");
  if (S.Quote)
    Add(S.QuoteStart, std::string("this ") +
                          (S.Quote == '"' ? "double" : "single") +
                          " quote is never closed");
  // The earliest cause at or before the place the parser gave up.
  std::optional<YamlSyntaxCause> Best;
  for (YamlSyntaxCause &C : Causes) {
    if (C.Line > ErrorLine || (C.Line == ErrorLine && C.Column > ErrorColumn))
      continue;
    if (!Best || C.Line < Best->Line ||
        (C.Line == Best->Line && C.Column < Best->Column))
      Best = std::move(C);
  }
  return Best;
}

std::optional<NestingProblem>
findDeepNesting(const std::vector<YamlLine> &Lines, unsigned MaxDepth) {
  std::vector<unsigned> Open; // columns of the open block collections
  for (std::size_t N = 0; N < Lines.size(); ++N) {
    const YamlLine &L = Lines[N];
    if (L.Blank || L.CommentOnly || L.InBlockScalar)
      continue;
    if (!L.InFlowOrQuote) {
      while (!Open.empty() && Open.back() >= L.Indent)
        Open.pop_back();
      for (unsigned Column : L.Entries)
        Open.push_back(Column);
      if (L.HasKey)
        Open.push_back(L.ContentColumn);
    }
    const unsigned Block = static_cast<unsigned>(Open.size());
    if (Block + L.FlowDepthMax > MaxDepth) {
      NestingProblem P;
      P.Line = static_cast<unsigned>(N) + 1;
      // The bracket that crosses the limit, or the line's content.
      P.Column = L.ContentColumn + 1;
      for (const auto &[Level, Column] : L.FlowLevels)
        if (Block + Level > MaxDepth) {
          P.Column = Column + 1;
          break;
        }
      P.Depth = Block + L.FlowDepthMax;
      return P;
    }
  }
  return std::nullopt;
}

std::pair<unsigned, unsigned>
positionInScalar(const std::vector<YamlLine> &Lines, unsigned Line,
                 unsigned MarkColumn, std::size_t DecodedOffset) {
  if (Line == 0 || Line > Lines.size())
    return {Line, MarkColumn + 1};
  const std::string_view First = Lines[Line - 1].Text;
  const char Opening = MarkColumn < First.size() ? First[MarkColumn] : 0;
  std::size_t Row = Line - 1; // 0-based
  std::size_t I = MarkColumn;
  std::size_t End = First.size();
  if (Opening == '|' || Opening == '>') {
    // The value starts on the next line, at the block's indentation.
    ++Row;
    while (Row < Lines.size() && Lines[Row].Blank && Lines[Row].InBlockScalar)
      ++Row;
    if (Row >= Lines.size())
      return {Line, MarkColumn + 1};
    I = Lines[Row].Indent;
    End = Lines[Row].Text.size();
  } else if (Opening == '"' || Opening == '\'') {
    ++I;
  } else if (Lines[Row].CommentColumn) {
    End = Lines[Row].CommentColumn - 1;
  }
  const unsigned BlockIndent = static_cast<unsigned>(I);
  std::size_t Decoded = 0;
  while (Decoded < DecodedOffset) {
    const std::string_view T = Lines[Row].Text;
    if (I >= End || I >= T.size()) {
      // The value goes on on the next line; the line break reads as one
      // character (a space or a newline).
      if (Row + 1 >= Lines.size())
        break;
      ++Row;
      ++Decoded;
      I = Opening == '|' || Opening == '>'
              ? std::min<std::size_t>(BlockIndent, Lines[Row].Text.size())
              : Lines[Row].Indent;
      End = Lines[Row].Text.size();
      continue;
    }
    if (Opening == '\'' && T[I] == '\'' && I + 1 < T.size() && T[I + 1] == '\'')
      I += 2; // '' is one quote
    else if (Opening == '"' && T[I] == '\\' && I + 1 < T.size())
      I += T[I + 1] == 'x' ? 4 : T[I + 1] == 'u' ? 6 : T[I + 1] == 'U' ? 10 : 2;
    else
      ++I;
    ++Decoded;
  }
  return {static_cast<unsigned>(Row) + 1, static_cast<unsigned>(I) + 1};
}

} // namespace tablelint::schema
