// The filter engine against hostile sizes (issue 12, items 1 and 5): a long
// and/or chain parses into a shallow tree that every walk (printing,
// classifying, evaluating) handles; past MaxFilterTerms comparisons or
// MaxFilterNesting levels a filter is refused with an error at the offending
// place, never a crash; and whatever parses also parses once printed (the
// canonical form nests no deeper than the parser accepts).
#include "core/Filter.h"
#include "core/FilterEval.h"
#include "core/FilterProblems.h"
#include "core/QueryScope.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace tablelint {
namespace {

std::string repeatJoined(const std::string &Term, const std::string &Op,
                         unsigned N) {
  std::string Out;
  for (unsigned I = 0; I < N; ++I)
    Out += (I ? " " + Op + " " : "") + Term;
  return Out;
}

std::string repeated(const std::string &Text, unsigned N) {
  std::string Out;
  for (unsigned I = 0; I < N; ++I)
    Out += Text;
  return Out;
}

// Depth of the tree (a single node is 1), measured without recursion.
unsigned depthOf(const Filter &F) {
  unsigned Deepest = 0;
  std::vector<std::pair<std::uint32_t, unsigned>> Stack{{F.Root, 1}};
  while (!Stack.empty()) {
    const auto [Index, Depth] = Stack.back();
    Stack.pop_back();
    Deepest = std::max(Deepest, Depth);
    const FilterNode &N = F.node(Index);
    if (N.Kind == FilterNodeKind::And || N.Kind == FilterNodeKind::Or)
      Stack.push_back({N.Right, Depth + 1});
    if (N.Kind == FilterNodeKind::And || N.Kind == FilterNodeKind::Or ||
        N.Kind == FilterNodeKind::Not)
      Stack.push_back({N.Left, Depth + 1});
  }
  return Deepest;
}

class OneProperty final : public EntityView {
public:
  OneProperty(std::string Name, EdmValue Value)
      : Name(std::move(Name)), Value(std::move(Value)) {}
  const EdmValue *property(std::string_view P) const override {
    return P == Name ? &Value : nullptr;
  }

private:
  std::string Name;
  EdmValue Value;
};

TEST(FilterLimits, AChainAtTheLimitIsShallowAndEveryWalkHandlesIt) {
  const std::string Source = repeatJoined("A eq 1", "and", MaxFilterTerms);
  FilterParseResult R = parseFilter(Source);
  ASSERT_TRUE(R) << R.error().str();
  const Filter &F = R.filter();
  // Balanced: ceil(log2(1000)) = 10 levels of 'and' above the comparisons.
  EXPECT_LE(depthOf(F), 11u);
  EXPECT_EQ(F.comparisonCount(), MaxFilterTerms);
  EXPECT_EQ(F.str(), Source);
  EXPECT_TRUE(evaluateFilter(F, OneProperty("A", EdmValue::int32(1))));
  EXPECT_FALSE(evaluateFilter(F, OneProperty("A", EdmValue::int32(2))));
  const QueryScope Q = classifyFilter(F);
  EXPECT_EQ(Q.Class, QueryClass::TableScan);
  EXPECT_EQ(Q.Comparisons, MaxFilterTerms);
  bool TooComplex = false;
  for (const FilterProblem &P : findFilterProblems(&F, Q, {}))
    TooComplex = TooComplex || P.RuleId == "filter-too-complex";
  EXPECT_TRUE(TooComplex);
}

TEST(FilterLimits, AnOrChainOfPartitionKeysKeepsEveryKeyInOrder) {
  std::string Source;
  for (unsigned I = 0; I < 600; ++I)
    Source += (I ? " or " : "") + std::string("PartitionKey eq 'p") +
              std::to_string(I) + "'";
  FilterParseResult R = parseFilter(Source);
  ASSERT_TRUE(R) << R.error().str();
  const QueryScope Q = classifyFilter(R.filter());
  EXPECT_EQ(Q.Class, QueryClass::PartitionRange);
  ASSERT_EQ(Q.PartitionKeys.size(), 600u);
  EXPECT_EQ(Q.PartitionKeys.front().Value, "p0");
  EXPECT_EQ(Q.PartitionKeys.back().Value, "p599");
  EXPECT_EQ(R.filter().str(), Source);
}

TEST(FilterLimits, OneComparisonPastTheLimitIsRefusedAtThatComparison) {
  const std::string Source = repeatJoined("A eq 1", "and", MaxFilterTerms + 1);
  FilterParseResult R = parseFilter(Source);
  ASSERT_FALSE(R);
  // "A eq 1 and " is 11 bytes: the 1001st comparison starts at 11000.
  EXPECT_EQ(R.error().Offset, 11000u);
  EXPECT_EQ(R.error().str(),
            "the filter has more than 1000 comparisons; tablelint does not "
            "analyse longer filters (the Table service accepts at most 15) "
            "at column 11001");
}

// The reproduction of issue 12: 7,000 terms overflowed the stack.
TEST(FilterLimits, SevenThousandTermsAreAnErrorNotACrash) {
  FilterParseResult And = parseFilter(repeatJoined("A eq 1", "and", 7000));
  ASSERT_FALSE(And);
  EXPECT_EQ(And.error().Offset, 11000u); // 1000 x "A eq 1 and "
  FilterParseResult Or = parseFilter(repeatJoined("A eq 1", "or", 7000));
  ASSERT_FALSE(Or);
  EXPECT_EQ(Or.error().Offset, 10000u); // 1000 x "A eq 1 or "
}

TEST(FilterLimits, ParenthesesNestUpToTheLimit) {
  const std::string AtLimit = repeated("(", MaxFilterNesting) + "A eq 1" +
                              repeated(")", MaxFilterNesting);
  FilterParseResult Ok = parseFilter(AtLimit);
  ASSERT_TRUE(Ok) << Ok.error().str();
  EXPECT_EQ(Ok.filter().str(), "A eq 1");

  const std::string Past = "(" + AtLimit + ")";
  FilterParseResult Deep = parseFilter(Past);
  ASSERT_FALSE(Deep);
  EXPECT_EQ(Deep.error().Offset, MaxFilterNesting + 1);
  EXPECT_EQ(Deep.error().Message,
            "the filter nests deeper than 100 levels (parentheses and 'not')");

  // Far past it: refused at the same place, without recursing further.
  FilterParseResult Huge = parseFilter(repeated("(", 100000) + "A eq 1" +
                                       repeated(")", 100000));
  ASSERT_FALSE(Huge);
  EXPECT_EQ(Huge.error().Offset, MaxFilterNesting + 1);
}

// The filter fuzzer's reproducer: 53 nested `not`s printed as
// `not (not (...))` nested twice as deep as the input and no longer parsed.
TEST(FilterLimits, FiftyThreeNestedNotsPrintToAFilterThatParses) {
  const std::string Source = repeated("not ", 53) + "A eq 1";
  FilterParseResult R = parseFilter(Source);
  ASSERT_TRUE(R) << R.error().str();
  const std::string Canonical = R.filter().str();
  EXPECT_EQ(Canonical, repeated("not ", 53) + "(A eq 1)");
  FilterParseResult Again = parseFilter(Canonical);
  ASSERT_TRUE(Again) << Again.error().str();
  EXPECT_EQ(Again.filter().str(), Canonical);
}

// The round-trip invariant at every depth around the limit: a negated
// comparison gains parentheses when printed, so the parser counts them.
TEST(FilterLimits, WhateverParsesAlsoParsesOncePrinted) {
  const std::vector<std::string> Leaves = {"A eq 1", "(A eq 1)", "IsActive",
                                           "(A eq 1 or B eq 2)"};
  for (const std::string &Leaf : Leaves)
    for (unsigned N = 90; N <= 105; ++N) {
      const std::string Source = repeated("not ", N) + Leaf;
      FilterParseResult R = parseFilter(Source);
      if (!R)
        continue;
      FilterParseResult Again = parseFilter(R.filter().str());
      ASSERT_TRUE(Again) << N << " x not " << Leaf << ": "
                         << Again.error().str();
      EXPECT_EQ(Again.filter().str(), R.filter().str());
    }
  // The limits themselves: 99 `not`s before a bare comparison (100 levels
  // once printed), 100 before a bare property.
  EXPECT_TRUE(parseFilter(repeated("not ", 99) + "A eq 1"));
  EXPECT_FALSE(parseFilter(repeated("not ", 100) + "A eq 1"));
  EXPECT_TRUE(parseFilter(repeated("not ", 100) + "IsActive"));
  EXPECT_FALSE(parseFilter(repeated("not ", 101) + "IsActive"));
}

} // namespace
} // namespace tablelint
