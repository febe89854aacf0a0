// Tests for the query classifier (core/QueryScope.h): the query classes of
// CHECKLIST.md ("Query classes"), the traps behind the table-scan and
// partition-scan rules, pinned keys, key bounds, placeholders and counts.
//
// Written from the header contract and CHECKLIST.md, not from the
// implementation.
#include "core/QueryScope.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

// Readable failure output for PinnedKey comparisons (internal linkage: found
// by argument-dependent lookup, private to this file).
static void PrintTo(const PinnedKey &K, std::ostream *OS) {
  if (K.Known)
    *OS << "known '" << K.Value << "'";
  else
    *OS << "unknown (prefix '" << K.KnownPrefix << "')";
}

static std::ostream &operator<<(std::ostream &OS, QueryClass C) {
  return OS << queryClassName(C);
}

namespace {

// ---------------------------------------------------------------------------
// Helpers

std::string marked(std::string S) {
  std::replace(S.begin(), S.end(), '?', UnknownValueMarker);
  return S;
}

FilterParseOptions withMarker() {
  FilterParseOptions O;
  O.Placeholder = UnknownValueMarker;
  return O;
}

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

// Parses and classifies Src. A parse failure fails the test (and returns a
// default scope, so callers need no extra checks).
QueryScope classify(std::string_view Src,
                    const FilterParseOptions &Options = {}) {
  std::optional<Filter> F = parsed(Src, Options);
  if (!F)
    return QueryScope{};
  return classifyFilter(*F);
}

PinnedKey key(std::string Value) {
  PinnedKey K;
  K.Known = true;
  K.Value = std::move(Value);
  return K;
}

using Keys = std::vector<PinnedKey>;
using Names = std::vector<std::string>;

// ---------------------------------------------------------------------------
// Names

TEST(QueryClassName, NamesEveryClass) {
  EXPECT_EQ(queryClassName(QueryClass::Point), "point");
  EXPECT_EQ(queryClassName(QueryClass::RowRange), "row range");
  EXPECT_EQ(queryClassName(QueryClass::PartitionScan), "partition scan");
  EXPECT_EQ(queryClassName(QueryClass::PartitionRange), "partition range");
  EXPECT_EQ(queryClassName(QueryClass::TableScan), "table scan");
}

TEST(PinnedKeyStr, KnownKeyIsQuoted) { EXPECT_EQ(key("abc").str(), "'abc'"); }

TEST(PinnedKeyStr, UnknownKeyWithoutPrefixIsRuntimeValue) {
  PinnedKey K;
  K.Known = false;
  EXPECT_EQ(K.str(), "<runtime value>");
}

TEST(PinnedKeyStr, UnknownKeyWithPrefixShowsPrefixAndEllipsis) {
  PinnedKey K;
  K.Known = false;
  K.KnownPrefix = "dev_";
  // The header shows 'dev_…'; an ASCII "..." is the same message.
  const std::string S = K.str();
  EXPECT_TRUE(S == "'dev_\xe2\x80\xa6'" || S == "'dev_...'") << S;
}

// ---------------------------------------------------------------------------
// Point

TEST(ClassifyPoint, PartitionKeyAndRowKeyEquality) {
  QueryScope S = classify("PartitionKey eq 'a' and RowKey eq '1'");
  EXPECT_EQ(S.Class, QueryClass::Point);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  ASSERT_TRUE(S.RowKey);
  EXPECT_EQ(*S.RowKey, key("1"));
  EXPECT_FALSE(S.Contradictory);
  EXPECT_FALSE(S.isScan());
  EXPECT_TRUE(S.NonKeyProperties.empty());
}

TEST(ClassifyPoint, OrderOfKeyPredicatesDoesNotMatter) {
  QueryScope S = classify("RowKey eq '1' and PartitionKey eq 'a'");
  EXPECT_EQ(S.Class, QueryClass::Point);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  ASSERT_TRUE(S.RowKey);
  EXPECT_EQ(*S.RowKey, key("1"));
}

TEST(ClassifyPoint, LiteralFirstKeyPredicates) {
  QueryScope S = classify("'a' eq PartitionKey and '1' eq RowKey");
  EXPECT_EQ(S.Class, QueryClass::Point);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  ASSERT_TRUE(S.RowKey);
  EXPECT_EQ(*S.RowKey, key("1"));
}

TEST(ClassifyPoint, ParenthesesDoNotChangeTheClass) {
  QueryScope S = classify("((PartitionKey eq 'a') and (RowKey eq '1'))");
  EXPECT_EQ(S.Class, QueryClass::Point);
}

TEST(ClassifyPoint, KeyValuesKeepEscapedQuotes) {
  QueryScope S = classify("PartitionKey eq 'o''clock' and RowKey eq 'it''s'");
  EXPECT_EQ(S.Class, QueryClass::Point);
  EXPECT_EQ(S.PartitionKeys, Keys{key("o'clock")});
  ASSERT_TRUE(S.RowKey);
  EXPECT_EQ(*S.RowKey, key("it's"));
}

TEST(ClassifyPoint, NegatedNotEqualKeysArePushedDown) {
  // not (PK ne 'a' or RK ne '1') == PK eq 'a' and RK eq '1'.
  QueryScope S = classify("not (PartitionKey ne 'a' or RowKey ne '1')");
  EXPECT_EQ(S.Class, QueryClass::Point);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  ASSERT_TRUE(S.RowKey);
  EXPECT_EQ(*S.RowKey, key("1"));
}

// ---------------------------------------------------------------------------
// Row range

TEST(ClassifyRowRange, PartitionKeyEqualityAloneIsWholePartition) {
  QueryScope S = classify("PartitionKey eq 'a'");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  EXPECT_FALSE(S.RowKey);
  EXPECT_FALSE(S.RowLow);
  EXPECT_FALSE(S.RowHigh);
  EXPECT_FALSE(S.isScan());
}

TEST(ClassifyRowRange, LowerAndUpperRowKeyBounds) {
  QueryScope S =
      classify("PartitionKey eq 'a' and RowKey ge '1' and RowKey lt '5'");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  ASSERT_TRUE(S.RowLow);
  EXPECT_EQ(S.RowLow->Key, key("1"));
  EXPECT_TRUE(S.RowLow->Inclusive);
  ASSERT_TRUE(S.RowHigh);
  EXPECT_EQ(S.RowHigh->Key, key("5"));
  EXPECT_FALSE(S.RowHigh->Inclusive);
}

TEST(ClassifyRowRange, ExclusiveLowerAndInclusiveUpperBound) {
  QueryScope S =
      classify("PartitionKey eq 'a' and RowKey gt '1' and RowKey le '5'");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  ASSERT_TRUE(S.RowLow);
  EXPECT_EQ(S.RowLow->Key, key("1"));
  EXPECT_FALSE(S.RowLow->Inclusive);
  ASSERT_TRUE(S.RowHigh);
  EXPECT_EQ(S.RowHigh->Key, key("5"));
  EXPECT_TRUE(S.RowHigh->Inclusive);
}

TEST(ClassifyRowRange, OnlyALowerBound) {
  QueryScope S = classify("PartitionKey eq 'a' and RowKey gt '1'");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  ASSERT_TRUE(S.RowLow);
  EXPECT_EQ(S.RowLow->Key, key("1"));
  EXPECT_FALSE(S.RowLow->Inclusive);
  EXPECT_FALSE(S.RowHigh);
}

TEST(ClassifyRowRange, OnlyAnUpperBound) {
  QueryScope S = classify("PartitionKey eq 'a' and RowKey le '9'");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  EXPECT_FALSE(S.RowLow);
  ASSERT_TRUE(S.RowHigh);
  EXPECT_EQ(S.RowHigh->Key, key("9"));
  EXPECT_TRUE(S.RowHigh->Inclusive);
}

TEST(ClassifyRowRange, LiteralFirstBoundIsMirrored) {
  // '1' le RowKey is RowKey ge '1': a lower bound.
  QueryScope S = classify("'1' le RowKey and PartitionKey eq 'a'");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  ASSERT_TRUE(S.RowLow);
  EXPECT_EQ(S.RowLow->Key, key("1"));
  EXPECT_TRUE(S.RowLow->Inclusive);
  EXPECT_FALSE(S.RowHigh);
}

TEST(ClassifyRowRange, PrefixRangeOnRowKey) {
  QueryScope S = classify(
      "PartitionKey eq 'a' and (RowKey ge 'user_' and RowKey lt 'user`')");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  ASSERT_TRUE(S.RowLow);
  EXPECT_EQ(S.RowLow->Key, key("user_"));
  ASSERT_TRUE(S.RowHigh);
  EXPECT_EQ(S.RowHigh->Key, key("user`"));
}

TEST(ClassifyRowRange, NegatedRowKeyComparisonBecomesBound) {
  // not (RowKey lt '5') is RowKey ge '5'.
  QueryScope S = classify("not (RowKey lt '5') and PartitionKey eq 'a'");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  ASSERT_TRUE(S.RowLow);
  EXPECT_EQ(S.RowLow->Key, key("5"));
  EXPECT_TRUE(S.RowLow->Inclusive);
  EXPECT_FALSE(S.RowHigh);
}

TEST(ClassifyRowRange, DoubleNegationOfPartitionKeyNotEqual) {
  // not (PartitionKey ne 'a') is PartitionKey eq 'a': not a table scan.
  QueryScope S = classify("not (PartitionKey ne 'a')");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  EXPECT_FALSE(S.isScan());
}

TEST(ClassifyRowRange, NotNotPartitionKeyEquality) {
  QueryScope S = classify("not not (PartitionKey eq 'a')");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
}

TEST(ClassifyRowRange, RepeatedSamePartitionKeyIsPinnedOnce) {
  QueryScope S = classify("PartitionKey eq 'a' and PartitionKey eq 'a'");
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  EXPECT_FALSE(S.Contradictory);
}

// ---------------------------------------------------------------------------
// Partition scan

TEST(ClassifyPartitionScan, NonKeyPredicate) {
  QueryScope S = classify("PartitionKey eq 'a' and Status eq 'open'");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  EXPECT_EQ(S.NonKeyProperties, Names{"Status"});
  EXPECT_EQ(S.Properties, (Names{"PartitionKey", "Status"}));
  EXPECT_TRUE(S.isScan());
  EXPECT_FALSE(S.Reason.empty());
}

TEST(ClassifyPartitionScan, OrAcrossRowKeys) {
  QueryScope S =
      classify("PartitionKey eq 'a' and (RowKey eq '1' or RowKey eq '2')");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  EXPECT_TRUE(S.NonKeyProperties.empty());
  EXPECT_FALSE(S.Reason.empty());
}

TEST(ClassifyPartitionScan, OrOfPointsInOnePartition) {
  QueryScope S = classify("(PartitionKey eq 'a' and RowKey eq '1') or "
                          "(PartitionKey eq 'a' and RowKey eq '2')");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
}

TEST(ClassifyPartitionScan, OrOfTwoRowKeyRanges) {
  QueryScope S = classify(
      "PartitionKey eq 'a' and (RowKey lt '1' or RowKey gt '5')");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
}

TEST(ClassifyPartitionScan, RowKeyNotEqual) {
  QueryScope S = classify("PartitionKey eq 'a' and RowKey ne '1'");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  EXPECT_TRUE(S.NonKeyProperties.empty());
}

TEST(ClassifyPartitionScan, NegatedRowKeyEqualityIsNotEqual) {
  QueryScope S = classify("PartitionKey eq 'a' and not (RowKey eq '1')");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
}

TEST(ClassifyPartitionScan, BareBooleanProperty) {
  QueryScope S = classify("PartitionKey eq 'a' and IsActive");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.NonKeyProperties, Names{"IsActive"});
  EXPECT_EQ(S.Comparisons, 2u);
}

TEST(ClassifyPartitionScan, NegatedBareBooleanProperty) {
  QueryScope S = classify("PartitionKey eq 'a' and not IsActive");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.NonKeyProperties, Names{"IsActive"});
}

TEST(ClassifyPartitionScan, OrOfNonKeyPredicatesInsidePartition) {
  QueryScope S = classify(
      "PartitionKey eq 'a' and (Status eq 'open' or Priority gt 3)");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  EXPECT_EQ(S.NonKeyProperties, (Names{"Priority", "Status"}));
}

TEST(ClassifyPartitionScan, RowRangeWithNonKeyPredicateKeepsBounds) {
  QueryScope S = classify("PartitionKey eq 'a' and RowKey ge '1' and "
                          "RowKey lt '5' and Status eq 'open'");
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  ASSERT_TRUE(S.RowLow);
  EXPECT_EQ(S.RowLow->Key, key("1"));
  EXPECT_TRUE(S.RowLow->Inclusive);
  ASSERT_TRUE(S.RowHigh);
  EXPECT_EQ(S.RowHigh->Key, key("5"));
  EXPECT_FALSE(S.RowHigh->Inclusive);
  EXPECT_EQ(S.NonKeyProperties, Names{"Status"});
}

// ---------------------------------------------------------------------------
// Partition range

TEST(ClassifyPartitionRange, OrOverTwoPartitionKeys) {
  QueryScope S = classify("PartitionKey eq 'a' or PartitionKey eq 'b'");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
  EXPECT_EQ(S.PartitionKeys, (Keys{key("a"), key("b")}));
  EXPECT_FALSE(S.isScan());
}

TEST(ClassifyPartitionRange, PinnedKeysInOrderOfFirstAppearance) {
  QueryScope S = classify(
      "PartitionKey eq 'b' or PartitionKey eq 'a' or PartitionKey eq 'b'");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
  EXPECT_EQ(S.PartitionKeys, (Keys{key("b"), key("a")}));
}

TEST(ClassifyPartitionRange, OrOfPointsInTwoPartitions) {
  QueryScope S = classify("(PartitionKey eq 'a' and RowKey eq '1') or "
                          "(PartitionKey eq 'b' and RowKey eq '2')");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
  EXPECT_EQ(S.PartitionKeys, (Keys{key("a"), key("b")}));
}

TEST(ClassifyPartitionRange, OrOverPartitionKeysWithNonKeyFilter) {
  QueryScope S = classify(
      "(PartitionKey eq 'a' or PartitionKey eq 'b') and Status eq 'open'");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
  EXPECT_EQ(S.PartitionKeys, (Keys{key("a"), key("b")}));
  EXPECT_EQ(S.NonKeyProperties, Names{"Status"});
}

TEST(ClassifyPartitionRange, PartitionKeyGreaterThan) {
  QueryScope S = classify("PartitionKey gt 'a'");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
  ASSERT_TRUE(S.PartitionLow);
  EXPECT_EQ(S.PartitionLow->Key, key("a"));
  EXPECT_FALSE(S.PartitionLow->Inclusive);
  EXPECT_FALSE(S.PartitionHigh);
  EXPECT_TRUE(S.PartitionKeys.empty());
}

TEST(ClassifyPartitionRange, PartitionKeyLessThan) {
  QueryScope S = classify("PartitionKey lt 'm'");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
  EXPECT_FALSE(S.PartitionLow);
  ASSERT_TRUE(S.PartitionHigh);
  EXPECT_EQ(S.PartitionHigh->Key, key("m"));
  EXPECT_FALSE(S.PartitionHigh->Inclusive);
}

TEST(ClassifyPartitionRange, PartitionKeyBetweenBounds) {
  QueryScope S = classify("PartitionKey ge 'a' and PartitionKey le 'c'");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
  ASSERT_TRUE(S.PartitionLow);
  EXPECT_EQ(S.PartitionLow->Key, key("a"));
  EXPECT_TRUE(S.PartitionLow->Inclusive);
  ASSERT_TRUE(S.PartitionHigh);
  EXPECT_EQ(S.PartitionHigh->Key, key("c"));
  EXPECT_TRUE(S.PartitionHigh->Inclusive);
}

TEST(ClassifyPartitionRange, PartitionKeyRangeWithRowKeyEquality) {
  QueryScope S = classify(
      "PartitionKey ge 'a' and PartitionKey lt 'b' and RowKey eq '1'");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
}

TEST(ClassifyPartitionRange, NegatedPartitionKeyComparisonIsPushedDown) {
  // not (PartitionKey lt 'a') is PartitionKey ge 'a'.
  QueryScope S = classify("not (PartitionKey lt 'a')");
  EXPECT_EQ(S.Class, QueryClass::PartitionRange);
  ASSERT_TRUE(S.PartitionLow);
  EXPECT_EQ(S.PartitionLow->Key, key("a"));
  EXPECT_TRUE(S.PartitionLow->Inclusive);
  EXPECT_FALSE(S.PartitionHigh);
}

// ---------------------------------------------------------------------------
// Table scan

TEST(ClassifyTableScan, NonKeyPredicateOnly) {
  QueryScope S = classify("Status eq 'open'");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
  EXPECT_TRUE(S.PartitionKeys.empty());
  EXPECT_EQ(S.NonKeyProperties, Names{"Status"});
  EXPECT_TRUE(S.isScan());
  EXPECT_FALSE(S.Reason.empty());
}

TEST(ClassifyTableScan, RowKeyEqualityWithoutPartitionKey) {
  QueryScope S = classify("RowKey eq '1'");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
  EXPECT_TRUE(S.PartitionKeys.empty());
  EXPECT_TRUE(S.NonKeyProperties.empty());
}

TEST(ClassifyTableScan, RowKeyRangeWithoutPartitionKey) {
  QueryScope S = classify("RowKey ge '1' and RowKey lt '5'");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyTableScan, OrMixingPartitionKeyAndNonKeyBranch) {
  QueryScope S = classify("PartitionKey eq 'a' or Status eq 'open'");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyTableScan, OrMixingPointAndRowKeyOnlyBranch) {
  QueryScope S = classify(
      "(PartitionKey eq 'a' and RowKey eq '1') or RowKey eq '2'");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyTableScan, OrMixingPartitionRangeAndNonKeyBranch) {
  QueryScope S = classify("PartitionKey gt 'a' or Status eq 'open'");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyTableScan, PartitionKeyNotEqual) {
  QueryScope S = classify("PartitionKey ne 'a'");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
  EXPECT_TRUE(S.PartitionKeys.empty());
}

TEST(ClassifyTableScan, NegatedPartitionKeyEquality) {
  QueryScope S = classify("not (PartitionKey eq 'a')");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyTableScan, NegatedOrOfPartitionKeysIsConjunctionOfNotEquals) {
  QueryScope S =
      classify("not (PartitionKey eq 'a' or PartitionKey eq 'b')");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyTableScan, NegatedPointIsDisjunctionOfNotEquals) {
  QueryScope S = classify("not (PartitionKey eq 'a' and RowKey eq '1')");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyTableScan, BareBooleanPropertyOnly) {
  QueryScope S = classify("IsActive");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
  EXPECT_EQ(S.Comparisons, 1u);
  EXPECT_EQ(S.NonKeyProperties, Names{"IsActive"});
}

TEST(ClassifyTableScan, PartitionKeyNameIsCaseSensitive) {
  // Property names are case-sensitive: 'partitionkey' is an ordinary column.
  QueryScope S = classify("partitionkey eq 'a'");
  EXPECT_EQ(S.Class, QueryClass::TableScan);
  EXPECT_EQ(S.NonKeyProperties, Names{"partitionkey"});
}

// ---------------------------------------------------------------------------
// Contradictions

TEST(ClassifyContradiction, TwoDifferentPartitionKeyEqualities) {
  QueryScope S = classify("PartitionKey eq 'a' and PartitionKey eq 'b'");
  EXPECT_TRUE(S.Contradictory);
}

TEST(ClassifyContradiction, TwoDifferentRowKeyEqualities) {
  QueryScope S = classify(
      "PartitionKey eq 'a' and RowKey eq '1' and RowKey eq '2'");
  EXPECT_TRUE(S.Contradictory);
}

TEST(ClassifyContradiction, OrOfDifferentKeysIsNotContradictory) {
  QueryScope S = classify("PartitionKey eq 'a' or PartitionKey eq 'b'");
  EXPECT_FALSE(S.Contradictory);
}

TEST(ClassifyContradiction, UnknownKeyMayEqualAKnownOne) {
  QueryScope S = classify(marked("PartitionKey eq '?' and PartitionKey eq 'b'"),
                          withMarker());
  EXPECT_FALSE(S.Contradictory);
}

// ---------------------------------------------------------------------------
// Placeholders

TEST(ClassifyPlaceholder, UnknownPartitionKeyStillMakesAPoint) {
  QueryScope S = classify(marked("PartitionKey eq '?' and RowKey eq 'x'"),
                          withMarker());
  EXPECT_EQ(S.Class, QueryClass::Point);
  ASSERT_EQ(S.PartitionKeys.size(), 1u);
  EXPECT_FALSE(S.PartitionKeys[0].Known);
  EXPECT_EQ(S.PartitionKeys[0].KnownPrefix, "");
  ASSERT_TRUE(S.RowKey);
  EXPECT_EQ(*S.RowKey, key("x"));
}

TEST(ClassifyPlaceholder, PartlyKnownPartitionKeyKeepsPrefix) {
  QueryScope S = classify(marked("PartitionKey eq 'tenant_?'"), withMarker());
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  ASSERT_EQ(S.PartitionKeys.size(), 1u);
  EXPECT_FALSE(S.PartitionKeys[0].Known);
  EXPECT_EQ(S.PartitionKeys[0].KnownPrefix, "tenant_");
}

TEST(ClassifyPlaceholder, UnknownRowKeyInPoint) {
  QueryScope S = classify(marked("PartitionKey eq 'a' and RowKey eq 'r?'"),
                          withMarker());
  EXPECT_EQ(S.Class, QueryClass::Point);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  ASSERT_TRUE(S.RowKey);
  EXPECT_FALSE(S.RowKey->Known);
  EXPECT_EQ(S.RowKey->KnownPrefix, "r");
}

TEST(ClassifyPlaceholder, BareUnknownPartitionKeyValueIsStillEquality) {
  QueryScope S = classify(marked("PartitionKey eq ? and RowKey eq ?"),
                          withMarker());
  EXPECT_EQ(S.Class, QueryClass::Point);
  ASSERT_EQ(S.PartitionKeys.size(), 1u);
  EXPECT_FALSE(S.PartitionKeys[0].Known);
  ASSERT_TRUE(S.RowKey);
  EXPECT_FALSE(S.RowKey->Known);
}

TEST(ClassifyPlaceholder, UnknownNonKeyValueKeepsPartitionScan) {
  QueryScope S = classify(marked("PartitionKey eq 'a' and Status eq '?'"),
                          withMarker());
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
}

TEST(ClassifyPlaceholder, UnknownValuesDoNotRescueATableScan) {
  QueryScope S = classify(marked("Status eq '?'"), withMarker());
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

// ---------------------------------------------------------------------------
// Counts and property lists

TEST(ClassifyCounts, CountsComparisons) {
  QueryScope S = classify("PartitionKey eq 'a' and (RowKey eq '1' or RowKey "
                          "eq '2') and not IsActive");
  EXPECT_EQ(S.Comparisons, 4u);
}

TEST(ClassifyCounts, SixteenComparisons) {
  std::string Src = "PartitionKey eq 'p'";
  for (int I = 1; I < 16; ++I)
    Src += " and P" + std::to_string(I) + " eq " + std::to_string(I);
  QueryScope S = classify(Src);
  EXPECT_EQ(S.Comparisons, 16u);
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.NonKeyProperties.size(), 15u);
}

TEST(ClassifyCounts, PropertiesSortedUnique) {
  QueryScope S = classify("Status eq 'a' and PartitionKey eq 'p' and Age gt 3 "
                          "and Status ne 'b' and RowKey ge 'r'");
  EXPECT_EQ(S.Properties,
            (Names{"Age", "PartitionKey", "RowKey", "Status"}));
  EXPECT_EQ(S.NonKeyProperties, (Names{"Age", "Status"}));
}

TEST(ClassifyCounts, KeyOnlyFilterHasNoNonKeyProperties) {
  QueryScope S = classify("PartitionKey eq 'a' and RowKey ge '1'");
  EXPECT_EQ(S.Properties, (Names{"PartitionKey", "RowKey"}));
  EXPECT_TRUE(S.NonKeyProperties.empty());
}

// ---------------------------------------------------------------------------
// classifyQuery: key address and filter together

TEST(ClassifyQuery, FullKeyAddressWithoutFilterIsPoint) {
  KeyAddress A;
  A.PartitionKey = key("a");
  A.RowKey = key("1");
  QueryScope S = classifyQuery(A, nullptr);
  EXPECT_EQ(S.Class, QueryClass::Point);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  ASSERT_TRUE(S.RowKey);
  EXPECT_EQ(*S.RowKey, key("1"));
  EXPECT_EQ(S.Comparisons, 0u);
}

TEST(ClassifyQuery, NothingAtAllIsTableScan) {
  QueryScope S = classifyQuery(KeyAddress{}, nullptr);
  EXPECT_EQ(S.Class, QueryClass::TableScan);
  EXPECT_TRUE(S.PartitionKeys.empty());
  EXPECT_EQ(S.Comparisons, 0u);
}

TEST(ClassifyQuery, PartitionKeyAddressWithNonKeyFilterIsPartitionScan) {
  KeyAddress A;
  A.PartitionKey = key("a");
  auto F = parsed("Status eq 'open'");
  ASSERT_TRUE(F);
  QueryScope S = classifyQuery(A, &*F);
  EXPECT_EQ(S.Class, QueryClass::PartitionScan);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
  EXPECT_EQ(S.NonKeyProperties, Names{"Status"});
}

TEST(ClassifyQuery, PartitionKeyAddressAloneIsWholePartition) {
  KeyAddress A;
  A.PartitionKey = key("a");
  QueryScope S = classifyQuery(A, nullptr);
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  EXPECT_EQ(S.PartitionKeys, Keys{key("a")});
}

TEST(ClassifyQuery, RowKeyAddressWithoutPartitionKeyIsTableScan) {
  KeyAddress A;
  A.RowKey = key("1");
  QueryScope S = classifyQuery(A, nullptr);
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyQuery, PartitionKeyAddressWithRowKeyRangeFilter) {
  KeyAddress A;
  A.PartitionKey = key("a");
  auto F = parsed("RowKey ge '1' and RowKey lt '5'");
  ASSERT_TRUE(F);
  QueryScope S = classifyQuery(A, &*F);
  EXPECT_EQ(S.Class, QueryClass::RowRange);
  ASSERT_TRUE(S.RowLow);
  EXPECT_EQ(S.RowLow->Key, key("1"));
  ASSERT_TRUE(S.RowHigh);
  EXPECT_EQ(S.RowHigh->Key, key("5"));
}

TEST(ClassifyQuery, PartitionKeyAddressWithRowKeyFilterIsPoint) {
  KeyAddress A;
  A.PartitionKey = key("a");
  auto F = parsed("RowKey eq '1'");
  ASSERT_TRUE(F);
  QueryScope S = classifyQuery(A, &*F);
  EXPECT_EQ(S.Class, QueryClass::Point);
  ASSERT_TRUE(S.RowKey);
  EXPECT_EQ(*S.RowKey, key("1"));
}

TEST(ClassifyQuery, EmptyAddressDefersToFilter) {
  auto F = parsed("PartitionKey eq 'a' and RowKey eq '1'");
  ASSERT_TRUE(F);
  QueryScope S = classifyQuery(KeyAddress{}, &*F);
  EXPECT_EQ(S.Class, QueryClass::Point);
  EXPECT_EQ(S.Comparisons, 2u);
}

TEST(ClassifyQuery, EmptyAddressWithNonKeyFilterIsTableScan) {
  auto F = parsed("Status eq 'open'");
  ASSERT_TRUE(F);
  QueryScope S = classifyQuery(KeyAddress{}, &*F);
  EXPECT_EQ(S.Class, QueryClass::TableScan);
}

TEST(ClassifyQuery, UnknownPartitionKeyAddress) {
  KeyAddress A;
  PinnedKey K;
  K.Known = false;
  K.KnownPrefix = "t_";
  A.PartitionKey = K;
  A.RowKey = key("1");
  QueryScope S = classifyQuery(A, nullptr);
  EXPECT_EQ(S.Class, QueryClass::Point);
  ASSERT_EQ(S.PartitionKeys.size(), 1u);
  EXPECT_FALSE(S.PartitionKeys[0].Known);
  EXPECT_EQ(S.PartitionKeys[0].KnownPrefix, "t_");
}

TEST(ClassifyQuery, AddressAndFilterPinningDifferentPartitionsContradict) {
  KeyAddress A;
  A.PartitionKey = key("a");
  auto F = parsed("PartitionKey eq 'b'");
  ASSERT_TRUE(F);
  QueryScope S = classifyQuery(A, &*F);
  EXPECT_TRUE(S.Contradictory);
}

} // namespace
} // namespace tablelint

namespace tablelint {
namespace {

// Both keys pinned: one entity is read, so a non-key condition is checked
// on it alone and the query is no scan.
TEST(QueryClassTraps, PointWithNonKeyConditionIsStillAPoint) {
  auto R = parseFilter("PartitionKey eq 'a' and RowKey eq '1' and Status eq 'x'");
  ASSERT_TRUE(R);
  const QueryScope Q = classifyFilter(R.filter());
  EXPECT_EQ(Q.Class, QueryClass::Point);
  ASSERT_TRUE(Q.RowKey);
  EXPECT_EQ(Q.RowKey->Value, "1");
  EXPECT_EQ(Q.NonKeyProperties, std::vector<std::string>{"Status"});
}

// An 'or' over row keys still reads the partition, even if one branch
// also pins a row.
TEST(QueryClassTraps, OrOfPointAndNonKeyInOnePartitionIsAPartitionScan) {
  auto R = parseFilter(
      "PartitionKey eq 'a' and (RowKey eq '1' or Status eq 'x')");
  ASSERT_TRUE(R);
  EXPECT_EQ(classifyFilter(R.filter()).Class, QueryClass::PartitionScan);
}

} // namespace
} // namespace tablelint
