// The OData `$filter` language of the Table service: syntax tree and parser.
//
// One parser serves the code checks (filters recovered from string building),
// the schema checks (declared access patterns) and the replay engine. It
// accepts exactly the subset the Table service accepts (SERVICE-FACTS.md,
// "$filter grammar") and rejects, with a position, the forms the service
// rejects: property compared with property, functions, literal on both sides.
//
// Grammar (keywords are lower case and case-sensitive, as in the service):
//   or-expr    := and-expr ('or' and-expr)*
//   and-expr   := unary ('and' unary)*
//   unary      := 'not' unary | primary
//   primary    := '(' or-expr ')' | operand [cmp-op operand]
//   operand    := property | literal
// so `not` binds tighter than `and`, and `and` tighter than `or`; `not A eq 1`
// reads as `not (A eq 1)`. A primary without a comparison must be a property:
// a bare boolean property (`IsActive`).
#pragma once

#include "core/Edm.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

enum class CompareOp : std::uint8_t { Eq, Ne, Gt, Ge, Lt, Le };

std::string_view compareOpKeyword(CompareOp Op);
// The operator that keeps the meaning when the operands swap (lt <-> gt).
CompareOp mirrorCompareOp(CompareOp Op);
// The operator of the negated comparison (eq <-> ne, lt <-> ge, gt <-> le).
CompareOp negateCompareOp(CompareOp Op);

// A literal operand. Filters recovered from code or schema templates may have
// values that are not known statically: the parser is then given a
// placeholder byte (FilterParseOptions) that stands for "some value".
struct FilterLiteral {
  // False when the literal contains a placeholder.
  bool Known = true;
  // False only for a bare placeholder outside quotes (`Age gt ?`): its
  // type is then unknown too. A quoted literal with a placeholder is a
  // String (or a DateTime/Guid/Binary for `datetime'?'` etc.).
  bool TypeKnown = true;
  // Valid when Known (and its Type when TypeKnown).
  EdmValue Value;
  // For a partly known string ('dev_?'): the text before the first
  // placeholder. Empty when nothing is known.
  std::string KnownPrefix;
  // Where the literal is written in the source (byte offset, length).
  std::uint32_t Offset = 0;
  std::uint32_t Length = 0;

  EdmType type() const { return Value.Type; }
};

enum class FilterNodeKind : std::uint8_t {
  Compare,      // Property Op Literal
  BoolProperty, // a bare boolean property: `IsActive`
  And,
  Or,
  Not,
};

// One node of the syntax tree. Nodes live in Filter::Nodes and refer to their
// children by index, so a tree is one allocation and cheap to copy.
struct FilterNode {
  FilterNodeKind Kind = FilterNodeKind::Compare;
  // Compare: normalised so the property is on the left. `'a' lt Name` is
  // stored as Name gt 'a' with LiteralFirst set.
  CompareOp Op = CompareOp::Eq;
  bool LiteralFirst = false;
  // And/Or: both children; a chain of one operator (`a and b and c`) is a
  // balanced tree of them, log2(n) deep. Not: Left only.
  std::uint32_t Left = 0;
  std::uint32_t Right = 0;
  // Compare, BoolProperty.
  std::string Property;
  std::uint32_t PropertyOffset = 0;
  // Compare.
  FilterLiteral Literal;
  // The node's whole span in the source (byte offset, length).
  std::uint32_t Offset = 0;
  std::uint32_t Length = 0;
};

struct Filter {
  std::string Source;
  std::vector<FilterNode> Nodes;
  std::uint32_t Root = 0;

  const FilterNode &root() const { return Nodes[Root]; }
  const FilterNode &node(std::uint32_t Index) const { return Nodes[Index]; }
  // True when no literal contains a placeholder (the filter can be evaluated).
  bool fullyKnown() const;
  // Number of comparisons, the figure the service caps at 15 (a bare boolean
  // property counts as one).
  unsigned comparisonCount() const;
  // Properties referenced, sorted, each once.
  std::vector<std::string> properties() const;
  // The operands of the top-level conjunction, left to right (the root
  // alone when it is no `and`), as node indices.
  std::vector<std::uint32_t> conjuncts() const;
  // The filter written back in canonical form: single spaces, minimal
  // parentheses except around a negated comparison (`not (A eq 1)`, which
  // reads better than the equivalent `not A eq 1`), literals in their source
  // spelling, unknown values as {?}.
  std::string str() const;
};

struct FilterError {
  // 0-based byte offset inside the filter string.
  std::size_t Offset = 0;
  // What was expected or why the form is rejected, without the position:
  // "expected a literal after 'eq'".
  std::string Message;

  // 1-based column, for people: Offset + 1.
  std::size_t column() const { return Offset + 1; }
  // "expected a literal after 'eq' at column 17".
  std::string str() const;
};

// Limits of what the parser accepts, against hostile input (the service's
// own cap, limits::MaxFilterComparisons, is far lower and is a finding, not
// a parse error). Nesting counts parentheses and `not`s as the canonical
// form (Filter::str) writes them, so a filter that parses also parses once
// printed. Past either limit the filter is refused with a positioned error.
inline constexpr unsigned MaxFilterNesting = 100;
inline constexpr unsigned MaxFilterTerms = 1000;

struct FilterParseOptions {
  // When non-zero, this byte stands for a value that is not known
  // statically (see FilterLiteral). It never occurs in real filters.
  char Placeholder = 0;
};

// The byte the code and schema checks use for unknown values.
inline constexpr char UnknownValueMarker = '\x1a';

class FilterParseResult {
public:
  FilterParseResult(Filter F) : Value(std::move(F)) {}
  FilterParseResult(FilterError E) : Error(std::move(E)) {}

  explicit operator bool() const { return Value.has_value(); }
  const Filter &filter() const { return *Value; }
  Filter &filter() { return *Value; }
  const FilterError &error() const { return *Error; }

private:
  std::optional<Filter> Value;
  std::optional<FilterError> Error;
};

FilterParseResult parseFilter(std::string_view Source,
                              const FilterParseOptions &Options = {});

// Type checks that need the declared property types: a literal of another
// EDM type than its property never matches (`Age eq '5'` for an Int32 Age).
// TypeOf returns the declared type, or nullopt when the property is not
// declared (then nothing is reported for it). PartitionKey and RowKey are
// strings and Timestamp a DateTime whatever TypeOf says. Every mismatch is
// reported, at the literal's offset.
using PropertyTypeFn =
    std::function<std::optional<EdmType>(std::string_view Property)>;
std::vector<FilterError> checkLiteralTypes(const Filter &F,
                                           const PropertyTypeFn &TypeOf);

// Escapes a string for use inside a quoted filter literal ('it''s').
std::string quoteFilterString(std::string_view Text);

} // namespace tablelint
