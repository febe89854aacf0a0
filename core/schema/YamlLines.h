// A line-level view of raw YAML text, for what yaml-cpp cannot give: the
// comments (suppressions and notes; yaml-cpp drops them), the nesting depth
// measured before yaml-cpp recurses into it, and columns inside quoted
// scalars. It understands just enough YAML for that: quotes, comments,
// block scalars (`|`, `>`), sequence dashes and flow brackets.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tablelint::schema {

struct YamlLine {
  std::string_view Text;      // without the line break
  unsigned Indent = 0;        // leading spaces
  bool Blank = false;         // nothing but spaces (or inside a block scalar
                              // and empty)
  bool CommentOnly = false;   // a comment and nothing else
  bool InBlockScalar = false; // content of a `|` or `>` scalar
  bool InFlowOrQuote = false; // starts inside a flow collection or a
                              // multi-line quoted scalar
  std::string_view Comment;   // after the '#'; empty when none
  unsigned CommentColumn = 0; // 1-based column of '#'; 0 when none
  // Structure, for the nesting measure (0-based columns).
  std::vector<unsigned> Entries; // columns of compact "- " / "? " entries
  unsigned ContentColumn = 0;    // after the indentation and the entries
  bool HasKey = false;           // a "key:" starts at ContentColumn
  unsigned FlowDepthMax = 0;     // deepest flow bracket level on the line
  // Where each new deepest level is first reached: {level, column}, for
  // the first 256 levels.
  std::vector<std::pair<unsigned, unsigned>> FlowLevels;
};

std::vector<YamlLine> scanYamlLines(std::string_view Text);

// What a YAML syntax error most likely comes from, when yaml-cpp gives up
// later than the mistake (it reports an unclosed '{' where the next block
// entry appears, and a tab as "illegal block entry"): the earliest, at or
// before the error, of a line indented with a tab, a bracket closing one of
// the other kind, a flow bracket or a quote never closed. Line and Column
// are 1-based.
struct YamlSyntaxCause {
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
};
std::optional<YamlSyntaxCause> findYamlSyntaxCause(std::string_view Text,
                                                   unsigned ErrorLine,
                                                   unsigned ErrorColumn);

struct NestingProblem {
  unsigned Line = 0; // 1-based
  unsigned Column = 0;
  unsigned Depth = 0;
};

// The first place where collections nest deeper than MaxDepth (block
// indentation levels, compact "- - -" entries and flow brackets counted
// together). Cheap and linear; slightly overestimates, never by much.
std::optional<NestingProblem>
findDeepNesting(const std::vector<YamlLine> &Lines, unsigned MaxDepth);

// Where the byte at DecodedOffset of a scalar's value is in the file. The
// scalar's node starts at Line (1-based) and MarkColumn (0-based, as
// yaml-cpp reports it). Accounts for the opening quote, escapes ('' and \x)
// and values folded over several lines (block scalars `|` and `>`, and plain
// or quoted values that continue on the next lines). Returns {line, column},
// both 1-based.
std::pair<unsigned, unsigned>
positionInScalar(const std::vector<YamlLine> &Lines, unsigned Line,
                 unsigned MarkColumn, std::size_t DecodedOffset);

} // namespace tablelint::schema
