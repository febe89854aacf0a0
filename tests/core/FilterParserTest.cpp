// Tests for the `$filter` parser (core/Filter.h): grammar, literal forms,
// precedence, error positions, placeholders, canonical printing and the
// literal type check.
//
// Written from the header contract and SERVICE-FACTS.md ("$filter grammar"),
// not from the implementation. Where the spec leaves a choice open (e.g. the
// exact wording of a message, or which of two equally offending tokens an
// error points at) the tests accept every reading the spec allows.
#include "core/Filter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {
namespace {

// ---------------------------------------------------------------------------
// Helpers

// Replaces every '?' with the placeholder byte, so tests stay readable.
std::string marked(std::string S) {
  std::replace(S.begin(), S.end(), '?', UnknownValueMarker);
  return S;
}

FilterParseOptions withMarker() {
  FilterParseOptions O;
  O.Placeholder = UnknownValueMarker;
  return O;
}

// Parses Src; records a test failure (with the parser's message) if it does
// not parse.
std::optional<Filter> parsed(std::string_view Src,
                             const FilterParseOptions &Options = {}) {
  FilterParseResult R = parseFilter(Src, Options);
  if (!R) {
    ADD_FAILURE() << "\"" << Src << "\" should parse but failed: "
                  << R.error().str();
    return std::nullopt;
  }
  return R.filter();
}

// Parses Src; records a test failure if it parses.
std::optional<FilterError> rejected(std::string_view Src,
                                    const FilterParseOptions &Options = {}) {
  FilterParseResult R = parseFilter(Src, Options);
  if (R) {
    ADD_FAILURE() << "\"" << Src << "\" should be rejected but parsed";
    return std::nullopt;
  }
  return R.error();
}

std::string lower(std::string S) {
  for (char &C : S)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return S;
}

// True when Message contains any of Needles (case-sensitive).
bool mentionsAny(const std::string &Message,
                 std::initializer_list<std::string_view> Needles) {
  for (std::string_view N : Needles)
    if (Message.find(N) != std::string::npos)
      return true;
  return false;
}

const FilterNode &left(const Filter &F, const FilterNode &N) {
  return F.node(N.Left);
}
const FilterNode &right(const Filter &F, const FilterNode &N) {
  return F.node(N.Right);
}

// ---------------------------------------------------------------------------
// Operator helpers

TEST(CompareOpHelpers, KeywordsAreLowerCase) {
  EXPECT_EQ(compareOpKeyword(CompareOp::Eq), "eq");
  EXPECT_EQ(compareOpKeyword(CompareOp::Ne), "ne");
  EXPECT_EQ(compareOpKeyword(CompareOp::Gt), "gt");
  EXPECT_EQ(compareOpKeyword(CompareOp::Ge), "ge");
  EXPECT_EQ(compareOpKeyword(CompareOp::Lt), "lt");
  EXPECT_EQ(compareOpKeyword(CompareOp::Le), "le");
}

TEST(CompareOpHelpers, MirrorSwapsDirectionKeepsEquality) {
  EXPECT_EQ(mirrorCompareOp(CompareOp::Eq), CompareOp::Eq);
  EXPECT_EQ(mirrorCompareOp(CompareOp::Ne), CompareOp::Ne);
  EXPECT_EQ(mirrorCompareOp(CompareOp::Lt), CompareOp::Gt);
  EXPECT_EQ(mirrorCompareOp(CompareOp::Gt), CompareOp::Lt);
  EXPECT_EQ(mirrorCompareOp(CompareOp::Le), CompareOp::Ge);
  EXPECT_EQ(mirrorCompareOp(CompareOp::Ge), CompareOp::Le);
}

TEST(CompareOpHelpers, NegateGivesComplement) {
  EXPECT_EQ(negateCompareOp(CompareOp::Eq), CompareOp::Ne);
  EXPECT_EQ(negateCompareOp(CompareOp::Ne), CompareOp::Eq);
  EXPECT_EQ(negateCompareOp(CompareOp::Lt), CompareOp::Ge);
  EXPECT_EQ(negateCompareOp(CompareOp::Ge), CompareOp::Lt);
  EXPECT_EQ(negateCompareOp(CompareOp::Gt), CompareOp::Le);
  EXPECT_EQ(negateCompareOp(CompareOp::Le), CompareOp::Gt);
}

// ---------------------------------------------------------------------------
// Comparisons

TEST(FilterParser, ParsesSimpleEqualityComparison) {
  auto F = parsed("PartitionKey eq 'a'");
  ASSERT_TRUE(F);
  const FilterNode &N = F->root();
  EXPECT_EQ(N.Kind, FilterNodeKind::Compare);
  EXPECT_EQ(N.Op, CompareOp::Eq);
  EXPECT_EQ(N.Property, "PartitionKey");
  EXPECT_FALSE(N.LiteralFirst);
  EXPECT_TRUE(N.Literal.Known);
  EXPECT_TRUE(N.Literal.TypeKnown);
  EXPECT_EQ(N.Literal.type(), EdmType::String);
  EXPECT_EQ(N.Literal.Value.Text, "a");
}

TEST(FilterParser, ParsesEveryComparisonOperator) {
  const std::pair<const char *, CompareOp> Cases[] = {
      {"Age eq 1", CompareOp::Eq}, {"Age ne 1", CompareOp::Ne},
      {"Age gt 1", CompareOp::Gt}, {"Age ge 1", CompareOp::Ge},
      {"Age lt 1", CompareOp::Lt}, {"Age le 1", CompareOp::Le},
  };
  for (const auto &[Src, Op] : Cases) {
    auto F = parsed(Src);
    ASSERT_TRUE(F) << Src;
    EXPECT_EQ(F->root().Kind, FilterNodeKind::Compare) << Src;
    EXPECT_EQ(F->root().Op, Op) << Src;
    EXPECT_EQ(F->root().Property, "Age") << Src;
  }
}

TEST(FilterParser, RecordsPropertyAndNodeOffsets) {
  auto F = parsed("  Name eq 'abc'");
  ASSERT_TRUE(F);
  const FilterNode &N = F->root();
  EXPECT_EQ(N.PropertyOffset, 2u);
  EXPECT_EQ(N.Offset, 2u);
  EXPECT_EQ(N.Length, 13u); // "Name eq 'abc'"
  EXPECT_EQ(N.Literal.Offset, 10u);
  EXPECT_EQ(N.Literal.Length, 5u); // "'abc'"
}

TEST(FilterParser, KeepsSourceText) {
  auto F = parsed("Name eq 'x'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Source, "Name eq 'x'");
}

TEST(FilterParser, ToleratesExtraWhitespace) {
  auto F = parsed("   PartitionKey    eq     'a'   ");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Kind, FilterNodeKind::Compare);
  EXPECT_EQ(F->root().Property, "PartitionKey");
  EXPECT_EQ(F->root().Literal.Value.Text, "a");
}

TEST(FilterParser, LiteralOnLeftIsNormalisedWithMirroredOperator) {
  auto F = parsed("'a' lt Name");
  ASSERT_TRUE(F);
  const FilterNode &N = F->root();
  EXPECT_EQ(N.Kind, FilterNodeKind::Compare);
  EXPECT_EQ(N.Property, "Name");
  EXPECT_EQ(N.Op, CompareOp::Gt);
  EXPECT_TRUE(N.LiteralFirst);
  EXPECT_EQ(N.Literal.Value.Text, "a");
  EXPECT_EQ(N.Literal.Offset, 0u);
  EXPECT_EQ(N.Literal.Length, 3u);
  EXPECT_EQ(N.PropertyOffset, 7u);
  EXPECT_EQ(N.Offset, 0u);
  EXPECT_EQ(N.Length, 11u);
}

TEST(FilterParser, LiteralOnLeftMirrorsEveryOperator) {
  const std::pair<const char *, CompareOp> Cases[] = {
      {"5 eq Age", CompareOp::Eq}, {"5 ne Age", CompareOp::Ne},
      {"5 gt Age", CompareOp::Lt}, {"5 ge Age", CompareOp::Le},
      {"5 lt Age", CompareOp::Gt}, {"5 le Age", CompareOp::Ge},
  };
  for (const auto &[Src, Op] : Cases) {
    auto F = parsed(Src);
    ASSERT_TRUE(F) << Src;
    EXPECT_EQ(F->root().Property, "Age") << Src;
    EXPECT_EQ(F->root().Op, Op) << Src;
    EXPECT_TRUE(F->root().LiteralFirst) << Src;
    EXPECT_EQ(F->root().Literal.Value.Int, 5) << Src;
  }
}

// ---------------------------------------------------------------------------
// Literal forms

TEST(FilterLiterals, StringWithDoubledQuote) {
  auto F = parsed("Name eq 'it''s'");
  ASSERT_TRUE(F);
  const FilterLiteral &L = F->root().Literal;
  EXPECT_EQ(L.type(), EdmType::String);
  EXPECT_EQ(L.Value.Text, "it's");
  EXPECT_EQ(L.Offset, 8u);
  EXPECT_EQ(L.Length, 7u); // 'it''s'
}

TEST(FilterLiterals, StringMadeOfOnlyAnEscapedQuote) {
  auto F = parsed("Name eq ''''");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.Value.Text, "'");
}

TEST(FilterLiterals, EmptyString) {
  auto F = parsed("Name eq ''");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::String);
  EXPECT_EQ(F->root().Literal.Value.Text, "");
}

TEST(FilterLiterals, StringKeepsKeywordsAndSpacesVerbatim) {
  auto F = parsed("Name eq 'a and  B OR not eq'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Kind, FilterNodeKind::Compare);
  EXPECT_EQ(F->root().Literal.Value.Text, "a and  B OR not eq");
}

TEST(FilterLiterals, IntegerIsInt32) {
  auto F = parsed("Age eq 123");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Int32);
  EXPECT_EQ(F->root().Literal.Value.Int, 123);
}

TEST(FilterLiterals, Int32MaximumIsAccepted) {
  auto F = parsed("Age eq 2147483647");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Int32);
  EXPECT_EQ(F->root().Literal.Value.Int, 2147483647);
}

TEST(FilterLiterals, LSuffixMakesInt64) {
  auto F = parsed("Big eq 123L");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Int64);
  EXPECT_EQ(F->root().Literal.Value.Int, 123);
  EXPECT_EQ(F->root().Literal.Length, 4u);
}

TEST(FilterLiterals, Int64BeyondInt32Range) {
  auto F = parsed("Big eq 9223372036854775807L");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Int64);
  EXPECT_EQ(F->root().Literal.Value.Int, INT64_MAX);
}

TEST(FilterLiterals, DecimalPointMakesDouble) {
  auto F = parsed("Price eq 1.5");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Double);
  EXPECT_DOUBLE_EQ(F->root().Literal.Value.Real, 1.5);
}

TEST(FilterLiterals, WholeNumberWithDecimalPointIsStillDouble) {
  auto F = parsed("Price eq 2.0");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Double);
  EXPECT_DOUBLE_EQ(F->root().Literal.Value.Real, 2.0);
}

TEST(FilterLiterals, TrueAndFalseAreBoolean) {
  auto T = parsed("Flag eq true");
  ASSERT_TRUE(T);
  EXPECT_EQ(T->root().Literal.type(), EdmType::Boolean);
  EXPECT_TRUE(T->root().Literal.Value.Bool);

  auto F = parsed("Flag eq false");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Boolean);
  EXPECT_FALSE(F->root().Literal.Value.Bool);
}

TEST(FilterLiterals, DateTimeLiteralIsTicks) {
  auto F = parsed("Ts eq datetime'2008-07-10T00:00:00Z'");
  ASSERT_TRUE(F);
  const FilterLiteral &L = F->root().Literal;
  EXPECT_EQ(L.type(), EdmType::DateTime);
  EXPECT_EQ(L.Value.Int, 633512448000000000); // computed independently
  EXPECT_EQ(L.Offset, 6u);
  EXPECT_EQ(L.Length, 30u); // datetime'2008-07-10T00:00:00Z'
}

TEST(FilterLiterals, DateTimeLiteralWithOffsetIsUtc) {
  auto F = parsed("Ts eq datetime'2008-07-10T02:00:00+02:00'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::DateTime);
  EXPECT_EQ(F->root().Literal.Value.Int, 633512448000000000);
}

TEST(FilterLiterals, GuidLiteralIsLowerCaseCanonical) {
  auto F = parsed("Id eq guid'C9DA6455-213D-42C9-9A79-3E9149A57833'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Guid);
  EXPECT_EQ(F->root().Literal.Value.Text,
            "c9da6455-213d-42c9-9a79-3e9149a57833");
}

TEST(FilterLiterals, BinaryLiteralIsRawBytes) {
  auto F = parsed("Data eq X'0a1b'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Binary);
  EXPECT_EQ(F->root().Literal.Value.Text, std::string("\x0a\x1b", 2));
  EXPECT_EQ(F->root().Literal.Length, 7u);
}

TEST(FilterLiterals, BinaryLiteralAcceptsUpperCaseHex) {
  auto F = parsed("Data eq X'0A1B00FF'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.Value.Text, std::string("\x0a\x1b\x00\xff", 4));
}

TEST(FilterLiterals, StringLiteralIsNotMistakenForOtherTypes) {
  auto F = parsed("Code eq '123'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::String);
  EXPECT_EQ(F->root().Literal.Value.Text, "123");
}

// ---------------------------------------------------------------------------
// Logical operators, precedence, parentheses

TEST(FilterPrecedence, AndJoinsTwoComparisons) {
  auto F = parsed("PartitionKey eq 'a' and RowKey eq 'b'");
  ASSERT_TRUE(F);
  const FilterNode &R = F->root();
  ASSERT_EQ(R.Kind, FilterNodeKind::And);
  EXPECT_EQ(left(*F, R).Property, "PartitionKey");
  EXPECT_EQ(right(*F, R).Property, "RowKey");
  EXPECT_EQ(R.Offset, 0u);
  EXPECT_EQ(R.Length, 37u);
}

TEST(FilterPrecedence, AndBindsTighterThanOr) {
  auto F = parsed("A eq 1 or B eq 2 and C eq 3");
  ASSERT_TRUE(F);
  const FilterNode &R = F->root();
  ASSERT_EQ(R.Kind, FilterNodeKind::Or);
  EXPECT_EQ(left(*F, R).Kind, FilterNodeKind::Compare);
  EXPECT_EQ(left(*F, R).Property, "A");
  const FilterNode &And = right(*F, R);
  ASSERT_EQ(And.Kind, FilterNodeKind::And);
  EXPECT_EQ(left(*F, And).Property, "B");
  EXPECT_EQ(right(*F, And).Property, "C");
}

TEST(FilterPrecedence, AndBindsTighterThanOrWhenAndComesFirst) {
  auto F = parsed("A eq 1 and B eq 2 or C eq 3");
  ASSERT_TRUE(F);
  const FilterNode &R = F->root();
  ASSERT_EQ(R.Kind, FilterNodeKind::Or);
  EXPECT_EQ(left(*F, R).Kind, FilterNodeKind::And);
  EXPECT_EQ(right(*F, R).Property, "C");
}

TEST(FilterPrecedence, ParenthesesOverridePrecedence) {
  auto F = parsed("(A eq 1 or B eq 2) and C eq 3");
  ASSERT_TRUE(F);
  const FilterNode &R = F->root();
  ASSERT_EQ(R.Kind, FilterNodeKind::And);
  EXPECT_EQ(left(*F, R).Kind, FilterNodeKind::Or);
  EXPECT_EQ(right(*F, R).Property, "C");
}

TEST(FilterPrecedence, NotAppliesToTheWholeComparison) {
  auto F = parsed("not A eq 1");
  ASSERT_TRUE(F);
  const FilterNode &R = F->root();
  ASSERT_EQ(R.Kind, FilterNodeKind::Not);
  const FilterNode &C = left(*F, R);
  EXPECT_EQ(C.Kind, FilterNodeKind::Compare);
  EXPECT_EQ(C.Property, "A");
  EXPECT_EQ(C.Op, CompareOp::Eq);
}

TEST(FilterPrecedence, NotBindsTighterThanAnd) {
  auto F = parsed("not A eq 1 and B eq 2");
  ASSERT_TRUE(F);
  const FilterNode &R = F->root();
  ASSERT_EQ(R.Kind, FilterNodeKind::And);
  EXPECT_EQ(left(*F, R).Kind, FilterNodeKind::Not);
  EXPECT_EQ(right(*F, R).Kind, FilterNodeKind::Compare);
  EXPECT_EQ(right(*F, R).Property, "B");
}

TEST(FilterPrecedence, NotOfParenthesisedExpression) {
  auto F = parsed("not (A eq 1 or B eq 2)");
  ASSERT_TRUE(F);
  const FilterNode &R = F->root();
  ASSERT_EQ(R.Kind, FilterNodeKind::Not);
  EXPECT_EQ(left(*F, R).Kind, FilterNodeKind::Or);
}

TEST(FilterPrecedence, DoubleNegationNests) {
  auto F = parsed("not not IsActive");
  ASSERT_TRUE(F);
  ASSERT_EQ(F->root().Kind, FilterNodeKind::Not);
  const FilterNode &Inner = left(*F, F->root());
  ASSERT_EQ(Inner.Kind, FilterNodeKind::Not);
  EXPECT_EQ(left(*F, Inner).Kind, FilterNodeKind::BoolProperty);
}

TEST(FilterPrecedence, RedundantParenthesesAddNoNodes) {
  auto F = parsed("((A eq 1))");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Kind, FilterNodeKind::Compare);
  EXPECT_EQ(F->root().Property, "A");
}

TEST(FilterPrecedence, KeywordPrefixedPropertyNamesAreProperties) {
  // "order", "notes", "andrew", "eqCount" start with keywords but are names.
  auto F = parsed("order eq 1 and notes eq 'x' or andrew eq 2 and eqCount gt 3");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->properties(),
            (std::vector<std::string>{"andrew", "eqCount", "notes", "order"}));
  EXPECT_EQ(F->comparisonCount(), 4u);
}

// ---------------------------------------------------------------------------
// Bare boolean properties

TEST(FilterBoolProperty, BarePropertyIsBoolProperty) {
  auto F = parsed("IsActive");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Kind, FilterNodeKind::BoolProperty);
  EXPECT_EQ(F->root().Property, "IsActive");
  EXPECT_EQ(F->root().PropertyOffset, 0u);
}

TEST(FilterBoolProperty, NotOfBareProperty) {
  auto F = parsed("not IsActive");
  ASSERT_TRUE(F);
  ASSERT_EQ(F->root().Kind, FilterNodeKind::Not);
  const FilterNode &P = left(*F, F->root());
  EXPECT_EQ(P.Kind, FilterNodeKind::BoolProperty);
  EXPECT_EQ(P.Property, "IsActive");
  EXPECT_EQ(P.PropertyOffset, 4u);
  EXPECT_EQ(F->root().Offset, 0u);
  EXPECT_EQ(F->root().Length, 12u);
}

TEST(FilterBoolProperty, BarePropertyCombinesWithComparisons) {
  auto F = parsed("PartitionKey eq 'a' and IsActive");
  ASSERT_TRUE(F);
  ASSERT_EQ(F->root().Kind, FilterNodeKind::And);
  EXPECT_EQ(right(*F, F->root()).Kind, FilterNodeKind::BoolProperty);
}

TEST(FilterBoolProperty, ParenthesisedBareProperty) {
  auto F = parsed("(IsActive) or (not IsDeleted)");
  ASSERT_TRUE(F);
  ASSERT_EQ(F->root().Kind, FilterNodeKind::Or);
  EXPECT_EQ(left(*F, F->root()).Kind, FilterNodeKind::BoolProperty);
  EXPECT_EQ(right(*F, F->root()).Kind, FilterNodeKind::Not);
}

// ---------------------------------------------------------------------------
// Comparison count and property list

TEST(FilterCounts, BarePropertyCountsAsOneComparison) {
  auto F = parsed("IsActive and not IsDeleted and Age gt 3");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->comparisonCount(), 3u);
}

TEST(FilterCounts, SixteenComparisonsParseAndCount) {
  // The 15-comparison cap is a lint rule, not a parse error.
  std::string Src = "PartitionKey eq 'p'";
  for (int I = 1; I < 16; ++I)
    Src += " and P" + std::to_string(I) + " eq " + std::to_string(I);
  auto F = parsed(Src);
  ASSERT_TRUE(F);
  EXPECT_EQ(F->comparisonCount(), 16u);
}

TEST(FilterConjuncts, TheOperandsOfTheTopLevelAndLeftToRight) {
  auto F = parsed("a eq 1 and (b eq 2 or c eq 3) and d eq 4");
  ASSERT_TRUE(F);
  std::vector<std::string> Seen;
  for (std::uint32_t I : F->conjuncts())
    Seen.push_back(F->node(I).Kind == FilterNodeKind::Or
                       ? "or"
                       : F->node(I).Property);
  EXPECT_EQ(Seen, (std::vector<std::string>{"a", "or", "d"}));
  auto One = parsed("a eq 1 or b eq 2");
  ASSERT_TRUE(One);
  EXPECT_EQ(One->conjuncts(), std::vector<std::uint32_t>{One->Root});
}

TEST(FilterCounts, RepeatedPropertyCountsEachComparison) {
  auto F = parsed("RowKey ge 'a' and RowKey lt 'b'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->comparisonCount(), 2u);
  EXPECT_EQ(F->properties(), (std::vector<std::string>{"RowKey"}));
}

TEST(FilterCounts, PropertiesAreSortedAndUnique) {
  auto F = parsed("Status eq 'a' and PartitionKey eq 'p' and (Age gt 3 or "
                  "Status ne 'b') and IsActive");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->properties(), (std::vector<std::string>{"Age", "IsActive",
                                                       "PartitionKey",
                                                       "Status"}));
}

TEST(FilterCounts, PropertiesIncludeLiteralFirstComparisons) {
  auto F = parsed("'x' eq Zed and 1 lt Alpha");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->properties(), (std::vector<std::string>{"Alpha", "Zed"}));
}

TEST(FilterCounts, PropertyNamesAreCaseSensitive) {
  auto F = parsed("name eq 'a' or Name eq 'b'");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->properties(), (std::vector<std::string>{"Name", "name"}));
}

// ---------------------------------------------------------------------------
// Errors: the example from the spec, and error positions

TEST(FilterErrors, MissingLiteralAfterEqPointsAtEndOfInput) {
  auto E = rejected("PartitionKey eq ");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 16u);
  EXPECT_EQ(E->column(), 17u);
  EXPECT_NE(E->Message.find("expected a literal after 'eq'"), std::string::npos)
      << E->Message;
  EXPECT_EQ(E->str(), "expected a literal after 'eq' at column 17");
}

TEST(FilterErrors, MissingLiteralWithoutTrailingSpace) {
  auto E = rejected("PartitionKey eq");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 15u);
  EXPECT_NE(E->Message.find("'eq'"), std::string::npos) << E->Message;
}

TEST(FilterErrors, MissingLiteralNamesEachOperator) {
  for (const char *Op : {"eq", "ne", "gt", "ge", "lt", "le"}) {
    std::string Src = std::string("Age ") + Op + " ";
    auto E = rejected(Src);
    ASSERT_TRUE(E) << Src;
    EXPECT_EQ(E->Offset, Src.size()) << Src;
    EXPECT_NE(E->Message.find(std::string("'") + Op + "'"), std::string::npos)
        << Src << ": " << E->Message;
    EXPECT_NE(E->Message.find("literal"), std::string::npos) << E->Message;
  }
}

TEST(FilterErrors, StrRendersMessageAndOneBasedColumn) {
  FilterError E;
  E.Offset = 4;
  E.Message = "something went wrong";
  EXPECT_EQ(E.column(), 5u);
  EXPECT_EQ(E.str(), "something went wrong at column 5");
}

TEST(FilterErrors, PropertyComparedWithPropertyIsRejected) {
  auto E = rejected("Age gt MinAge");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 7u); // the second property
  EXPECT_TRUE(mentionsAny(E->Message, {"literal", "property", "MinAge"}))
      << E->Message;
}

TEST(FilterErrors, PropertyComparedWithPropertyInsideLongerFilter) {
  auto E = rejected("PartitionKey eq 'a' and Age gt MinAge");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 31u);
}

TEST(FilterErrors, StartswithFunctionIsRejectedByName) {
  auto E = rejected("startswith(Name,'A')");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 0u);
  EXPECT_NE(E->Message.find("startswith"), std::string::npos) << E->Message;
}

TEST(FilterErrors, FunctionAfterValidComparisonPointsAtFunction) {
  auto E = rejected("Name eq 'x' and startswith(Name,'A')");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 16u);
  EXPECT_NE(E->Message.find("startswith"), std::string::npos) << E->Message;
}

TEST(FilterErrors, ContainsFunctionIsRejectedByName) {
  auto E = rejected("contains(Name,'x') eq true");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 0u);
  EXPECT_NE(E->Message.find("contains"), std::string::npos) << E->Message;
}

TEST(FilterErrors, LiteralOnBothSidesIsRejected) {
  auto E = rejected("1 eq 1");
  ASSERT_TRUE(E);
  // Either literal may be blamed.
  EXPECT_TRUE(E->Offset == 0u || E->Offset == 5u) << E->Offset;
  EXPECT_FALSE(E->Message.empty());
}

TEST(FilterErrors, StringLiteralOnBothSidesIsRejected) {
  auto E = rejected("Name eq 'a' or 'b' eq 'c'");
  ASSERT_TRUE(E);
  EXPECT_TRUE(E->Offset == 15u || E->Offset == 22u) << E->Offset;
}

TEST(FilterErrors, LiteralWithoutComparisonIsRejected) {
  auto E = rejected("'abc'");
  ASSERT_TRUE(E);
  EXPECT_TRUE(E->Offset == 0u || E->Offset == 5u) << E->Offset;
}

TEST(FilterErrors, UnterminatedStringIsRejected) {
  auto E = rejected("Name eq 'abc");
  ASSERT_TRUE(E);
  // The opening quote, or the end of input where the quote is missing.
  EXPECT_GE(E->Offset, 8u);
  EXPECT_LE(E->Offset, 12u);
}

TEST(FilterErrors, TrailingDoubledQuoteLeavesStringUnterminated) {
  // '' inside a string is an escaped quote, so 'abc'' never closes.
  auto E = rejected("Name eq 'abc''");
  ASSERT_TRUE(E);
  EXPECT_GE(E->Offset, 8u);
  EXPECT_LE(E->Offset, 14u);
}

TEST(FilterErrors, InvalidDateIsRejectedAtTheLiteral) {
  const std::string Src = "Ts eq datetime'2021-02-30T00:00:00Z'";
  auto E = rejected(Src);
  ASSERT_TRUE(E);
  EXPECT_GE(E->Offset, 6u);
  EXPECT_LT(E->Offset, Src.size());
  EXPECT_NE(lower(E->Message).find("datetime"), std::string::npos)
      << E->Message;
}

TEST(FilterErrors, MalformedDateTimeTextIsRejected) {
  const std::string Src = "Ts ge datetime'yesterday'";
  auto E = rejected(Src);
  ASSERT_TRUE(E);
  EXPECT_GE(E->Offset, 6u);
  EXPECT_LT(E->Offset, Src.size());
}

TEST(FilterErrors, InvalidGuidIsRejectedAtTheLiteral) {
  const std::string Src = "Id eq guid'1234'";
  auto E = rejected(Src);
  ASSERT_TRUE(E);
  EXPECT_GE(E->Offset, 6u);
  EXPECT_LT(E->Offset, Src.size());
  EXPECT_NE(lower(E->Message).find("guid"), std::string::npos) << E->Message;
}

TEST(FilterErrors, NonHexBinaryIsRejectedAtTheLiteral) {
  const std::string Src = "Data eq X'0g'";
  auto E = rejected(Src);
  ASSERT_TRUE(E);
  EXPECT_GE(E->Offset, 8u);
  EXPECT_LT(E->Offset, Src.size());
}

TEST(FilterErrors, OddLengthBinaryIsRejected) {
  const std::string Src = "Data eq X'abc'";
  auto E = rejected(Src);
  ASSERT_TRUE(E);
  EXPECT_GE(E->Offset, 8u);
  EXPECT_LT(E->Offset, Src.size());
}

TEST(FilterErrors, Int32OverflowWithoutSuffixIsRejected) {
  auto E = rejected("Age eq 2147483648");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 7u);
  EXPECT_FALSE(E->Message.empty());
}

TEST(FilterErrors, SameValueWithSuffixIsInt64) {
  auto F = parsed("Age eq 2147483648L");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->root().Literal.type(), EdmType::Int64);
  EXPECT_EQ(F->root().Literal.Value.Int, 2147483648LL);
}

TEST(FilterErrors, Int64OverflowIsRejected) {
  auto E = rejected("Big eq 9223372036854775808L");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 7u);
}

TEST(FilterErrors, CStyleOperatorIsRejected) {
  auto E = rejected("PartitionKey == 'a'");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 13u);
  // Names the offending '=' or says an operator was expected.
  EXPECT_TRUE(mentionsAny(E->Message, {"=", "operator"})) << E->Message;
}

TEST(FilterErrors, UpperCaseComparisonKeywordIsRejected) {
  auto E = rejected("PartitionKey EQ 'a'");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 13u);
  EXPECT_TRUE(mentionsAny(E->Message, {"EQ", "operator", "eq"})) << E->Message;
}

TEST(FilterErrors, MixedCaseComparisonKeywordIsRejected) {
  auto E = rejected("Name Eq 'a'");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 5u);
}

TEST(FilterErrors, UpperCaseAndIsRejected) {
  auto E = rejected("A eq 1 AND B eq 2");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 7u);
  EXPECT_NE(lower(E->Message).find("and"), std::string::npos) << E->Message;
}

TEST(FilterErrors, UpperCaseOrIsRejected) {
  auto E = rejected("Name eq 'a' OR Name eq 'b'");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 12u);
}

TEST(FilterErrors, CapitalisedNotIsRejected) {
  auto E = rejected("Not IsActive");
  ASSERT_TRUE(E);
  // 'Not' itself, or 'IsActive' following what reads as a property.
  EXPECT_TRUE(E->Offset == 0u || E->Offset == 4u) << E->Offset;
}

TEST(FilterErrors, CapitalisedBooleanLiteralIsRejected) {
  // 'True' is not the literal true: either an unknown literal or a property
  // compared with a property. Both point at it.
  auto E = rejected("Flag eq True");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 8u);
}

TEST(FilterErrors, TrailingGarbageIsRejected) {
  auto E = rejected("Name eq 'a' xyz");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 12u);
}

TEST(FilterErrors, ChainedComparisonIsRejected) {
  auto E = rejected("Name eq 'a' eq 'b'");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 12u);
}

TEST(FilterErrors, EmptyFilterIsRejected) {
  auto E = rejected("");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 0u);
  EXPECT_FALSE(E->Message.empty());
}

TEST(FilterErrors, WhitespaceOnlyFilterIsRejected) {
  auto E = rejected("   ");
  ASSERT_TRUE(E);
  EXPECT_LE(E->Offset, 3u);
}

TEST(FilterErrors, MissingClosingParenthesisPointsAtEnd) {
  auto E = rejected("(Name eq 'a'");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 12u);
  EXPECT_NE(E->Message.find(')'), std::string::npos) << E->Message;
}

TEST(FilterErrors, MissingOneOfTwoClosingParentheses) {
  auto E = rejected("((A eq 1)");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 9u);
}

TEST(FilterErrors, ExtraClosingParenthesisIsRejected) {
  auto E = rejected("Name eq 'a')");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 11u);
  EXPECT_NE(E->Message.find(')'), std::string::npos) << E->Message;
}

TEST(FilterErrors, EmptyParenthesesAreRejected) {
  auto E = rejected("()");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 1u);
}

TEST(FilterErrors, DanglingAndPointsAtEnd) {
  auto E = rejected("Name eq 'a' and");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 15u);
}

TEST(FilterErrors, DanglingOrPointsAtEnd) {
  auto E = rejected("Name eq 'a' or ");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 15u);
}

TEST(FilterErrors, DanglingNotPointsAtEnd) {
  auto E = rejected("Name eq 'a' and not");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 19u);
}

TEST(FilterErrors, PlaceholderByteWithoutOptionIsRejected) {
  auto E = rejected(marked("Age gt ?"));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 7u);
}

TEST(FilterErrors, PlaceholderByteInStringWithoutOptionIsRejected) {
  const std::string Src = marked("Name eq 'dev_?'");
  auto E = rejected(Src);
  ASSERT_TRUE(E);
  EXPECT_GE(E->Offset, 8u);
  EXPECT_LT(E->Offset, Src.size());
}

TEST(FilterErrors, ErrorInSecondBranchPointsIntoIt) {
  // The first branch is fine; the error is reported where it occurs.
  auto E = rejected("PartitionKey eq 'a' or RowKey EQ 'b'");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 30u);
}

// ---------------------------------------------------------------------------
// Placeholders

TEST(FilterPlaceholders, MarkerInsideStringMakesPartlyKnownString) {
  auto F = parsed(marked("Name eq 'dev_?'"), withMarker());
  ASSERT_TRUE(F);
  const FilterLiteral &L = F->root().Literal;
  EXPECT_FALSE(L.Known);
  EXPECT_TRUE(L.TypeKnown);
  EXPECT_EQ(L.type(), EdmType::String);
  EXPECT_EQ(L.KnownPrefix, "dev_");
}

TEST(FilterPlaceholders, MarkerAloneInStringHasEmptyPrefix) {
  auto F = parsed(marked("PartitionKey eq '?'"), withMarker());
  ASSERT_TRUE(F);
  const FilterLiteral &L = F->root().Literal;
  EXPECT_FALSE(L.Known);
  EXPECT_TRUE(L.TypeKnown);
  EXPECT_EQ(L.type(), EdmType::String);
  EXPECT_EQ(L.KnownPrefix, "");
}

TEST(FilterPlaceholders, PrefixStopsAtFirstMarker) {
  auto F = parsed(marked("Name eq 'a?b?c'"), withMarker());
  ASSERT_TRUE(F);
  EXPECT_FALSE(F->root().Literal.Known);
  EXPECT_EQ(F->root().Literal.KnownPrefix, "a");
}

TEST(FilterPlaceholders, PrefixIsUnescaped) {
  auto F = parsed(marked("Name eq 'it''s_?'"), withMarker());
  ASSERT_TRUE(F);
  EXPECT_FALSE(F->root().Literal.Known);
  EXPECT_EQ(F->root().Literal.KnownPrefix, "it's_");
}

TEST(FilterPlaceholders, BareMarkerIsUntypedUnknownLiteral) {
  auto F = parsed(marked("Age gt ?"), withMarker());
  ASSERT_TRUE(F);
  const FilterNode &N = F->root();
  EXPECT_EQ(N.Kind, FilterNodeKind::Compare);
  EXPECT_EQ(N.Property, "Age");
  EXPECT_EQ(N.Op, CompareOp::Gt);
  EXPECT_FALSE(N.Literal.Known);
  EXPECT_FALSE(N.Literal.TypeKnown);
  EXPECT_EQ(N.Literal.Offset, 7u);
}

TEST(FilterPlaceholders, TypeSuffixAfterMarkerTypesTheValue) {
  // `score gt {score}L`: the value is unknown, its type is Int64, as the
  // same suffix types a written number; `d` types a Double.
  auto F = parsed(marked("Score gt ?L"), withMarker());
  ASSERT_TRUE(F);
  const FilterLiteral &L = F->root().Literal;
  EXPECT_FALSE(L.Known);
  EXPECT_TRUE(L.TypeKnown);
  EXPECT_EQ(L.type(), EdmType::Int64);
  EXPECT_EQ(L.Length, 2u);
  auto D = parsed(marked("Ratio lt ?d and Score ge ?l"), withMarker());
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Nodes[D->root().Left].Literal.type(), EdmType::Double);
  EXPECT_EQ(D->Nodes[D->root().Right].Literal.type(), EdmType::Int64);
}

TEST(FilterPlaceholders, OtherLettersAfterMarkerAreRejectedWhereTheyStand) {
  const std::string Src = marked("Score gt ?Lx");
  auto E = rejected(Src, withMarker());
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 11u);
  EXPECT_NE(E->Message.find("unexpected 'x' after a value"), std::string::npos);
  auto Q = rejected(marked("Score gt ?q"), withMarker());
  ASSERT_TRUE(Q);
  EXPECT_EQ(Q->Offset, 10u);
}

TEST(FilterPlaceholders, MarkerInDateTimeLiteralKeepsDateTimeType) {
  auto F = parsed(marked("Ts ge datetime'?'"), withMarker());
  ASSERT_TRUE(F);
  const FilterLiteral &L = F->root().Literal;
  EXPECT_FALSE(L.Known);
  EXPECT_TRUE(L.TypeKnown);
  EXPECT_EQ(L.type(), EdmType::DateTime);
}

TEST(FilterPlaceholders, OtherLiteralsStayKnown) {
  auto F = parsed(marked("Name eq 'x' and Age gt ?"), withMarker());
  ASSERT_TRUE(F);
  ASSERT_EQ(F->root().Kind, FilterNodeKind::And);
  const FilterNode &First = left(*F, F->root());
  EXPECT_TRUE(First.Literal.Known);
  EXPECT_EQ(First.Literal.Value.Text, "x");
  EXPECT_FALSE(right(*F, F->root()).Literal.Known);
}

TEST(FilterPlaceholders, FullyKnownReflectsPlaceholders) {
  auto Plain = parsed("Name eq 'x' and Age gt 3");
  ASSERT_TRUE(Plain);
  EXPECT_TRUE(Plain->fullyKnown());

  auto WithOptionButNoMarker = parsed("Name eq 'x'", withMarker());
  ASSERT_TRUE(WithOptionButNoMarker);
  EXPECT_TRUE(WithOptionButNoMarker->fullyKnown());

  auto Partly = parsed(marked("Name eq 'x' and Age gt ?"), withMarker());
  ASSERT_TRUE(Partly);
  EXPECT_FALSE(Partly->fullyKnown());

  auto Deep = parsed(marked("not (A eq 1 or B eq 'b?')"), withMarker());
  ASSERT_TRUE(Deep);
  EXPECT_FALSE(Deep->fullyKnown());
}

TEST(FilterPlaceholders, MarkerStillNeedsAComparisonOperator) {
  auto E = rejected(marked("PartitionKey ?"), withMarker());
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 13u);
}

// ---------------------------------------------------------------------------
// Canonical form

TEST(FilterStr, CollapsesWhitespace) {
  auto F = parsed("  PartitionKey   eq   'a'   and  RowKey  ge 'b'  ");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->str(), "PartitionKey eq 'a' and RowKey ge 'b'");
}

TEST(FilterStr, DropsRedundantParentheses) {
  auto F = parsed("((A eq 1))");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->str(), "A eq 1");
}

TEST(FilterStr, DropsParenthesesAroundAndUnderOr) {
  auto F = parsed("A eq 1 or (B eq 2 and C eq 3)");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->str(), "A eq 1 or B eq 2 and C eq 3");
}

TEST(FilterStr, KeepsNeededParenthesesAroundOrUnderAnd) {
  auto F = parsed("(A eq 1 or B eq 2) and C eq 3");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->str(), "(A eq 1 or B eq 2) and C eq 3");
}

TEST(FilterStr, KeepsParenthesesUnderNot) {
  auto F = parsed("not (A eq 1 and B eq 2)");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->str(), "not (A eq 1 and B eq 2)");
}

TEST(FilterStr, KeepsParenthesesAroundNegatedComparison) {
  // `not A eq 1` would parse the same, but reads as `(not A) eq 1`.
  auto F = parsed("not A eq 1");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->str(), "not (A eq 1)");
}

TEST(FilterStr, BarePropertyAndNot) {
  auto F = parsed("not (IsActive) and (Flag)");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->str(), "not IsActive and Flag");
}

TEST(FilterStr, KeepsLiteralSourceSpelling) {
  const char *Src = "Big eq 123L and Price eq 1.50 and "
                    "Id eq guid'C9DA6455-213D-42C9-9A79-3E9149A57833' and "
                    "Ts ge datetime'2008-07-10T02:00:00+02:00' and "
                    "Data eq X'0A1b' and Name eq 'it''s' and Flag eq true";
  auto F = parsed(Src);
  ASSERT_TRUE(F);
  EXPECT_EQ(F->str(), Src);
}

TEST(FilterStr, IsAFixedPointOfParsing) {
  const char *Sources[] = {
      "PartitionKey eq 'a' and (RowKey eq '1' or RowKey eq '2')",
      "not (PartitionKey ne 'a')",
      "'a' lt Name",
      "(A eq 1 or B eq 2) and not (C eq 3 or IsActive)",
      "  A eq 1 or B eq 2 and ((C eq 3))",
      "not not IsActive",
      "Name eq 'it''s' or Name eq ''",
  };
  for (const char *Src : Sources) {
    auto F = parsed(Src);
    ASSERT_TRUE(F) << Src;
    std::string Once = F->str();
    auto G = parsed(Once);
    ASSERT_TRUE(G) << Src << " -> " << Once;
    EXPECT_EQ(G->str(), Once) << Src;
    EXPECT_EQ(G->comparisonCount(), F->comparisonCount()) << Src;
    EXPECT_EQ(G->properties(), F->properties()) << Src;
    EXPECT_EQ(G->root().Kind, F->root().Kind) << Src;
  }
}

TEST(QuoteFilterString, DoublesQuotesAndWraps) {
  EXPECT_EQ(quoteFilterString("it's"), "'it''s'");
}

TEST(QuoteFilterString, PlainAndEmptyText) {
  EXPECT_EQ(quoteFilterString("abc"), "'abc'");
  EXPECT_EQ(quoteFilterString(""), "''");
}

TEST(QuoteFilterString, EveryQuoteIsDoubled) {
  EXPECT_EQ(quoteFilterString("''"), "''''''");
  EXPECT_EQ(quoteFilterString("a'b'c"), "'a''b''c'");
}

TEST(QuoteFilterString, QuotedTextParsesBackToTheSameString) {
  for (const char *Text : {"it's", "'", "a''b", "x and y", ""}) {
    auto F = parsed("Name eq " + quoteFilterString(Text));
    ASSERT_TRUE(F) << Text;
    EXPECT_EQ(F->root().Literal.Value.Text, Text);
  }
}

// ---------------------------------------------------------------------------
// checkLiteralTypes

std::optional<EdmType> declaredTypes(std::string_view Property) {
  if (Property == "Age")
    return EdmType::Int32;
  if (Property == "Name")
    return EdmType::String;
  if (Property == "Ts")
    return EdmType::DateTime;
  return std::nullopt;
}

std::optional<EdmType> everythingInt32(std::string_view) {
  return EdmType::Int32;
}

TEST(CheckLiteralTypes, MatchingTypesReportNothing) {
  auto F = parsed("Age eq 5 and Name eq 'x' and "
                  "Ts ge datetime'2008-07-10T00:00:00Z'");
  ASSERT_TRUE(F);
  EXPECT_TRUE(checkLiteralTypes(*F, declaredTypes).empty());
}

TEST(CheckLiteralTypes, StringLiteralForInt32PropertyIsReportedAtLiteral) {
  auto F = parsed("Age eq '5'");
  ASSERT_TRUE(F);
  auto Errors = checkLiteralTypes(*F, declaredTypes);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].Offset, 7u);
  EXPECT_FALSE(Errors[0].Message.empty());
}

TEST(CheckLiteralTypes, Int64LiteralForInt32PropertyIsReported) {
  auto F = parsed("Age eq 5L");
  ASSERT_TRUE(F);
  auto Errors = checkLiteralTypes(*F, declaredTypes);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].Offset, 7u);
}

TEST(CheckLiteralTypes, UndeclaredPropertiesAreNotReported) {
  auto F = parsed("Other eq '5' and Else eq 5L");
  ASSERT_TRUE(F);
  EXPECT_TRUE(checkLiteralTypes(*F, declaredTypes).empty());
}

TEST(CheckLiteralTypes, EveryMismatchIsReported) {
  auto F = parsed("Age eq '5' or Name eq 5");
  ASSERT_TRUE(F);
  auto Errors = checkLiteralTypes(*F, declaredTypes);
  ASSERT_EQ(Errors.size(), 2u);
  std::vector<std::size_t> Offsets = {Errors[0].Offset, Errors[1].Offset};
  std::sort(Offsets.begin(), Offsets.end());
  EXPECT_EQ(Offsets, (std::vector<std::size_t>{7u, 22u}));
}

TEST(CheckLiteralTypes, LiteralFirstMismatchIsReportedAtLiteral) {
  auto F = parsed("'5' lt Age");
  ASSERT_TRUE(F);
  auto Errors = checkLiteralTypes(*F, declaredTypes);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].Offset, 0u);
}

TEST(CheckLiteralTypes, KeysAreStringsWhateverTheDeclaration) {
  auto Good = parsed("PartitionKey eq 'a' and RowKey eq 'b'");
  ASSERT_TRUE(Good);
  EXPECT_TRUE(checkLiteralTypes(*Good, everythingInt32).empty());

  auto Bad = parsed("PartitionKey eq 5");
  ASSERT_TRUE(Bad);
  auto Errors = checkLiteralTypes(*Bad, everythingInt32);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].Offset, 16u);
}

TEST(CheckLiteralTypes, TimestampIsDateTimeWhateverTheDeclaration) {
  auto Good = parsed("Timestamp ge datetime'2008-07-10T00:00:00Z'");
  ASSERT_TRUE(Good);
  EXPECT_TRUE(checkLiteralTypes(*Good, everythingInt32).empty());

  auto Bad = parsed("Timestamp ge '2008-07-10'");
  ASSERT_TRUE(Bad);
  auto Errors = checkLiteralTypes(*Bad, everythingInt32);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0].Offset, 13u);
}

} // namespace
} // namespace tablelint
