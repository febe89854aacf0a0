// Tests for the filter evaluator (core/FilterEval.h): the Table service's
// typed comparison semantics over one entity.
//
// Written from the header contract and SERVICE-FACTS.md, not from the
// implementation.
#include "core/FilterEval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>

namespace tablelint {
namespace {

// An entity backed by a map, as the replay engine's store would provide.
class MapEntity : public EntityView {
public:
  MapEntity(std::initializer_list<std::pair<const std::string, EdmValue>> P)
      : Props(P) {}

  const EdmValue *property(std::string_view Name) const override {
    auto It = Props.find(Name);
    return It == Props.end() ? nullptr : &It->second;
  }

private:
  std::map<std::string, EdmValue, std::less<>> Props;
};

// Parses Src (failing the test if it does not parse) and evaluates it.
bool matches(std::string_view Src, const EntityView &E,
             const FilterParseOptions &Options = {}) {
  FilterParseResult R = parseFilter(Src, Options);
  if (!R) {
    ADD_FAILURE() << "\"" << Src << "\" should parse but failed: "
                  << R.error().str();
    return false;
  }
  return evaluateFilter(R.filter(), E);
}

constexpr std::int64_t Ticks20080710 = 633512448000000000; // computed independently
constexpr std::int64_t TicksPerHour = 36000000000;

const char *const LowerGuid = "c9da6455-213d-42c9-9a79-3e9149a57833";

// ---------------------------------------------------------------------------
// Keys and strings

TEST(EvaluateFilter, PartitionAndRowKeyEquality) {
  MapEntity E{{"PartitionKey", EdmValue::string("a")},
              {"RowKey", EdmValue::string("1")}};
  EXPECT_TRUE(matches("PartitionKey eq 'a' and RowKey eq '1'", E));
  EXPECT_FALSE(matches("PartitionKey eq 'a' and RowKey eq '2'", E));
  EXPECT_FALSE(matches("PartitionKey eq 'b'", E));
}

TEST(EvaluateFilter, StringEqualityIsCaseSensitive) {
  MapEntity E{{"Name", EdmValue::string("abc")}};
  EXPECT_TRUE(matches("Name eq 'abc'", E));
  EXPECT_FALSE(matches("Name eq 'ABC'", E));
  EXPECT_TRUE(matches("Name ne 'ABC'", E));
}

TEST(EvaluateFilter, StringsCompareOrdinally) {
  // 'B' (0x42) sorts before 'a' (0x61).
  MapEntity E{{"Name", EdmValue::string("B")}};
  EXPECT_TRUE(matches("Name lt 'a'", E));
  EXPECT_FALSE(matches("Name gt 'a'", E));
  EXPECT_TRUE(matches("Name ge 'B'", E));
  EXPECT_TRUE(matches("Name le 'B'", E));
  EXPECT_FALSE(matches("Name lt 'B'", E));
}

TEST(EvaluateFilter, LiteralOnLeftKeepsMeaning) {
  MapEntity E{{"Name", EdmValue::string("b")}};
  EXPECT_TRUE(matches("'a' lt Name", E));  // Name gt 'a'
  EXPECT_FALSE(matches("'c' lt Name", E)); // Name gt 'c'
  EXPECT_TRUE(matches("'c' gt Name", E));
}

TEST(EvaluateFilter, PrefixRangeSelectsPrefix) {
  const char *Prefix = "Name ge 'A' and Name lt 'B'";
  EXPECT_TRUE(matches(Prefix, MapEntity{{"Name", EdmValue::string("A")}}));
  EXPECT_TRUE(matches(Prefix, MapEntity{{"Name", EdmValue::string("Apple")}}));
  EXPECT_TRUE(matches(Prefix, MapEntity{{"Name", EdmValue::string("Azz")}}));
  EXPECT_FALSE(matches(Prefix, MapEntity{{"Name", EdmValue::string("B")}}));
  EXPECT_FALSE(matches(Prefix, MapEntity{{"Name", EdmValue::string("apple")}}));
  EXPECT_FALSE(matches(Prefix, MapEntity{{"Name", EdmValue::string("")}}));
}

TEST(EvaluateFilter, NonAsciiSortsAfterAscii) {
  MapEntity E{{"Name", EdmValue::string("\xc3\xa9t\xc3\xa9")}}; // "été"
  EXPECT_TRUE(matches("Name gt 'z'", E));
}

TEST(EvaluateFilter, EmptyStringAndEscapedQuote) {
  EXPECT_TRUE(matches("Name eq ''", MapEntity{{"Name", EdmValue::string("")}}));
  EXPECT_TRUE(matches("Name eq 'it''s'",
                      MapEntity{{"Name", EdmValue::string("it's")}}));
  EXPECT_FALSE(matches("Name eq 'it''s'",
                       MapEntity{{"Name", EdmValue::string("it''s")}}));
}

// ---------------------------------------------------------------------------
// Typed comparisons

TEST(EvaluateFilter, Int32ComparesNumerically) {
  MapEntity E{{"Age", EdmValue::int32(5)}};
  EXPECT_TRUE(matches("Age eq 5", E));
  EXPECT_FALSE(matches("Age ne 5", E));
  EXPECT_TRUE(matches("Age gt 4", E));
  EXPECT_TRUE(matches("Age ge 5", E));
  EXPECT_FALSE(matches("Age lt 5", E));
  EXPECT_TRUE(matches("Age le 5", E));
  EXPECT_TRUE(matches("Age lt 10", E)); // not "5" < "10" as text
}

TEST(EvaluateFilter, NegativeInt32Value) {
  MapEntity E{{"Temp", EdmValue::int32(-5)}};
  EXPECT_TRUE(matches("Temp lt 3", E));
  EXPECT_FALSE(matches("Temp gt 3", E));
}

TEST(EvaluateFilter, Int32PropertyNeverMatchesStringLiteral) {
  MapEntity E{{"Age", EdmValue::int32(5)}};
  EXPECT_FALSE(matches("Age eq '5'", E));
  EXPECT_FALSE(matches("Age ne '5'", E)); // ne is false too
  EXPECT_FALSE(matches("Age gt '4'", E));
}

TEST(EvaluateFilter, Int32PropertyNeverMatchesInt64Literal) {
  MapEntity E{{"Age", EdmValue::int32(5)}};
  EXPECT_FALSE(matches("Age eq 5L", E));
  EXPECT_FALSE(matches("Age ne 5L", E));
}

TEST(EvaluateFilter, Int64PropertyNeedsInt64Literal) {
  MapEntity E{{"Big", EdmValue::int64(10000000000)}};
  EXPECT_TRUE(matches("Big eq 10000000000L", E));
  EXPECT_TRUE(matches("Big gt 9L", E));
  EXPECT_FALSE(matches("Big gt 9", E));
  EXPECT_FALSE(matches("Big ne 9", E));
}

TEST(EvaluateFilter, DoubleComparesNumerically) {
  MapEntity E{{"Price", EdmValue::real(10.5)}};
  EXPECT_TRUE(matches("Price eq 10.5", E));
  EXPECT_TRUE(matches("Price gt 9.5", E));
  EXPECT_FALSE(matches("Price lt 9.5", E));
}

TEST(EvaluateFilter, DoublePropertyDoesNotMatchIntegerLiteral) {
  MapEntity E{{"Price", EdmValue::real(5.0)}};
  EXPECT_TRUE(matches("Price eq 5.0", E));
  EXPECT_FALSE(matches("Price eq 5", E));
  EXPECT_FALSE(matches("Price ne 5", E));
}

TEST(EvaluateFilter, IntegerPropertyDoesNotMatchDoubleLiteral) {
  MapEntity E{{"Age", EdmValue::int32(5)}};
  EXPECT_FALSE(matches("Age eq 5.0", E));
  EXPECT_FALSE(matches("Age lt 5.5", E));
}

TEST(EvaluateFilter, BooleanComparison) {
  MapEntity E{{"Flag", EdmValue::boolean(true)}};
  EXPECT_TRUE(matches("Flag eq true", E));
  EXPECT_FALSE(matches("Flag eq false", E));
  EXPECT_TRUE(matches("Flag ne false", E));
  EXPECT_TRUE(matches("Flag gt false", E)); // false < true
}

TEST(EvaluateFilter, StringPropertyDoesNotMatchBooleanLiteral) {
  MapEntity E{{"Flag", EdmValue::string("true")}};
  EXPECT_FALSE(matches("Flag eq true", E));
  EXPECT_TRUE(matches("Flag eq 'true'", E));
}

TEST(EvaluateFilter, DateTimeOrdering) {
  MapEntity E{{"Ts", EdmValue::dateTimeTicks(Ticks20080710 + TicksPerHour)}};
  EXPECT_TRUE(matches("Ts gt datetime'2008-07-10T00:00:00Z'", E));
  EXPECT_FALSE(matches("Ts gt datetime'2008-07-10T02:00:00Z'", E));
  EXPECT_TRUE(matches("Ts eq datetime'2008-07-10T01:00:00Z'", E));
  EXPECT_TRUE(matches("Ts lt datetime'2008-07-11T00:00:00Z'", E));
}

TEST(EvaluateFilter, DateTimeLiteralOffsetIsHonoured) {
  MapEntity E{{"Ts", EdmValue::dateTimeTicks(Ticks20080710)}};
  EXPECT_TRUE(matches("Ts eq datetime'2008-07-10T02:00:00+02:00'", E));
}

TEST(EvaluateFilter, DateTimePropertyDoesNotMatchStringLiteral) {
  MapEntity E{{"Ts", EdmValue::dateTimeTicks(Ticks20080710)}};
  EXPECT_FALSE(matches("Ts eq '2008-07-10T00:00:00Z'", E));
  EXPECT_FALSE(matches("Ts ne '2008-07-10T00:00:00Z'", E));
}

TEST(EvaluateFilter, GuidEqualityIgnoresLiteralCase) {
  MapEntity E{{"Id", EdmValue::guid(LowerGuid)}};
  EXPECT_TRUE(matches("Id eq guid'C9DA6455-213D-42C9-9A79-3E9149A57833'", E));
  EXPECT_FALSE(matches("Id ne guid'C9DA6455-213D-42C9-9A79-3E9149A57833'", E));
  EXPECT_TRUE(matches("Id eq guid'c9da6455-213d-42c9-9a79-3e9149a57833'", E));
  EXPECT_FALSE(matches("Id eq guid'c9da6455-213d-42c9-9a79-3e9149a57834'", E));
}

TEST(EvaluateFilter, GuidPropertyDoesNotMatchStringLiteral) {
  MapEntity E{{"Id", EdmValue::guid(LowerGuid)}};
  EXPECT_FALSE(matches("Id eq 'c9da6455-213d-42c9-9a79-3e9149a57833'", E));
}

TEST(EvaluateFilter, BinaryEquality) {
  MapEntity E{{"Data", EdmValue::binary(std::string("\x0a\x1b", 2))}};
  EXPECT_TRUE(matches("Data eq X'0a1b'", E));
  EXPECT_TRUE(matches("Data eq X'0A1B'", E));
  EXPECT_FALSE(matches("Data eq X'0a1c'", E));
  EXPECT_FALSE(matches("Data eq X'0a'", E));
  EXPECT_TRUE(matches("Data ne X'0a1c'", E));
}

// ---------------------------------------------------------------------------
// Missing properties and bare booleans

TEST(EvaluateFilter, MissingPropertyMakesEveryComparisonFalse) {
  MapEntity E{{"Other", EdmValue::int32(1)}};
  for (const char *Src : {"Age eq 1", "Age ne 1", "Age gt 1", "Age ge 1",
                          "Age lt 1", "Age le 1", "Name ne 'x'"})
    EXPECT_FALSE(matches(Src, E)) << Src;
}

TEST(EvaluateFilter, NotOfFalseComparisonOnMissingPropertyIsTrue) {
  MapEntity E{{"Other", EdmValue::int32(1)}};
  EXPECT_TRUE(matches("not (Age eq 1)", E));
  EXPECT_TRUE(matches("not (Age ne 1)", E));
}

TEST(EvaluateFilter, NotOfTypeMismatchIsTrue) {
  MapEntity E{{"Age", EdmValue::int32(5)}};
  EXPECT_TRUE(matches("not (Age eq '5')", E));
  EXPECT_TRUE(matches("not Age ne '5'", E));
}

TEST(EvaluateFilter, NotNegatesAMatch) {
  MapEntity E{{"Age", EdmValue::int32(5)}};
  EXPECT_FALSE(matches("not (Age eq 5)", E));
  EXPECT_TRUE(matches("not not (Age eq 5)", E));
}

TEST(EvaluateFilter, BarePropertyTrueWhenBooleanTrue) {
  EXPECT_TRUE(matches("IsActive",
                      MapEntity{{"IsActive", EdmValue::boolean(true)}}));
  EXPECT_FALSE(matches("IsActive",
                       MapEntity{{"IsActive", EdmValue::boolean(false)}}));
}

TEST(EvaluateFilter, BarePropertyFalseWhenMissingOrNotBoolean) {
  EXPECT_FALSE(matches("IsActive", MapEntity{{"Other", EdmValue::boolean(true)}}));
  EXPECT_FALSE(matches("IsActive",
                       MapEntity{{"IsActive", EdmValue::string("true")}}));
  EXPECT_FALSE(matches("IsActive", MapEntity{{"IsActive", EdmValue::int32(1)}}));
}

TEST(EvaluateFilter, NotOfBareProperty) {
  EXPECT_FALSE(matches("not IsActive",
                       MapEntity{{"IsActive", EdmValue::boolean(true)}}));
  EXPECT_TRUE(matches("not IsActive",
                      MapEntity{{"IsActive", EdmValue::boolean(false)}}));
  EXPECT_TRUE(matches("not IsActive", MapEntity{{"Other", EdmValue::int32(1)}}));
}

// ---------------------------------------------------------------------------
// Logical operators and precedence

TEST(EvaluateFilter, AndRequiresBoth) {
  MapEntity E{{"A", EdmValue::int32(1)}, {"B", EdmValue::int32(2)}};
  EXPECT_TRUE(matches("A eq 1 and B eq 2", E));
  EXPECT_FALSE(matches("A eq 1 and B eq 3", E));
  EXPECT_FALSE(matches("A eq 0 and B eq 2", E));
}

TEST(EvaluateFilter, OrRequiresEither) {
  MapEntity E{{"A", EdmValue::int32(1)}, {"B", EdmValue::int32(2)}};
  EXPECT_TRUE(matches("A eq 1 or B eq 3", E));
  EXPECT_TRUE(matches("A eq 0 or B eq 2", E));
  EXPECT_FALSE(matches("A eq 0 or B eq 3", E));
}

TEST(EvaluateFilter, ShortCircuitDoesNotChangeResults) {
  // A false left side of 'and' and a true left side of 'or' decide alone,
  // even when the right side names a missing property or mismatched type.
  MapEntity E{{"A", EdmValue::int32(1)}};
  EXPECT_FALSE(matches("A eq 0 and Missing eq 1", E));
  EXPECT_TRUE(matches("A eq 1 or Missing eq 1", E));
  EXPECT_TRUE(matches("A eq 1 or A eq '1'", E));
  EXPECT_FALSE(matches("A eq '1' and A eq 1", E));
  EXPECT_TRUE(matches("A eq '1' or A eq 1", E));
}

TEST(EvaluateFilter, AndBindsTighterThanOr) {
  // A eq 1 or (B eq 1 and C eq 1): true. Read as (A or B) and C: false.
  MapEntity E{{"A", EdmValue::int32(1)},
              {"B", EdmValue::int32(0)},
              {"C", EdmValue::int32(0)}};
  EXPECT_TRUE(matches("A eq 1 or B eq 1 and C eq 1", E));
  EXPECT_FALSE(matches("(A eq 1 or B eq 1) and C eq 1", E));
}

TEST(EvaluateFilter, NotBindsTighterThanAnd) {
  // (not A eq 1) and B eq 2: false. Read as not (A eq 1 and B eq 2): true.
  MapEntity E{{"A", EdmValue::int32(1)}, {"B", EdmValue::int32(3)}};
  EXPECT_FALSE(matches("not A eq 1 and B eq 2", E));
  EXPECT_TRUE(matches("not (A eq 1 and B eq 2)", E));
}

TEST(EvaluateFilter, NotOfDisjunction) {
  MapEntity E{{"A", EdmValue::int32(1)}, {"B", EdmValue::int32(2)}};
  EXPECT_FALSE(matches("not (A eq 1 or B eq 3)", E));
  EXPECT_TRUE(matches("not (A eq 0 or B eq 3)", E));
}

TEST(EvaluateFilter, CombinedKeyAndPropertyFilter) {
  MapEntity E{{"PartitionKey", EdmValue::string("tenant1")},
              {"RowKey", EdmValue::string("order-0042")},
              {"Status", EdmValue::string("open")},
              {"Total", EdmValue::real(99.5)},
              {"IsActive", EdmValue::boolean(true)}};
  EXPECT_TRUE(matches("PartitionKey eq 'tenant1' and RowKey ge 'order-' and "
                      "RowKey lt 'order.' and (Status eq 'open' or Total gt "
                      "100.0) and IsActive",
                      E));
  EXPECT_FALSE(matches("PartitionKey eq 'tenant1' and Status eq 'closed' and "
                       "IsActive",
                       E));
}

// ---------------------------------------------------------------------------
// Placeholders

TEST(EvaluateFilter, PlaceholderNeverMatches) {
  FilterParseOptions O;
  O.Placeholder = UnknownValueMarker;
  std::string Eq = "Name eq 'dev_'";
  Eq.insert(Eq.size() - 1, 1, UnknownValueMarker); // 'dev_<marker>'
  MapEntity E{{"Name", EdmValue::string("dev_")}};
  EXPECT_FALSE(matches(Eq, E, O));
}

} // namespace
} // namespace tablelint
