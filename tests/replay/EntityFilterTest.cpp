// A filter judged on the workload's codes (replay/EntityFilter.h) against
// evaluateFilter over the values: the same verdict for every entity, on
// filters of every EDM type, operator and shape, with literals taken from
// the entities themselves (so that they match some) and ones no entity
// has.
#include "core/Edm.h"
#include "core/Filter.h"
#include "core/FilterEval.h"
#include "core/schema/SchemaLoader.h"
#include "replay/EntityFilter.h"
#include "replay/LogicalEntityView.h"
#include "replay/Workload.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace tablelint::replay {
namespace {

const char *const ThingsYaml = R"(version: 1
accounts: [{name: main, region: westeurope}]
tables:
  - name: Things
    account: main
    partitionKey: "{owner}"
    rowKey: "{id}"
    properties:
      owner: {type: string, distinct: 40}
      id: {type: guid}
      label: {type: string, distinct: 30, bytes: 12}
      status: {type: string, values: [ok, failing, "it's"], weights: [0.8, 0.1, 0.1]}
      count: {type: int32, distinct: 100}
      size: {type: int64, distinct: 1000}
      ratio: {type: double, distinct: 50}
      active: {type: boolean}
      seen: {type: datetime, grows: true}
      blob: {type: binary, bytes: 8}
    writes:
      - {name: put, op: insert, rate: 400/s}
  - name: Notes
    account: main
    partitionKey: "{author}"
    rowKey: "{noteId}"
    properties:
      author: {type: string, distinct: 10}
      noteId: {type: guid}
      count: {type: string, distinct: 5}
    writes:
      - {name: note, op: insert, rate: 100/s}
)";

// The value as a filter literal of its EDM type.
std::string literal(const EdmValue &V) {
  switch (V.Type) {
  case EdmType::String:
    return quoteFilterString(V.Text);
  case EdmType::Guid:
    return "guid'" + V.Text + "'";
  case EdmType::Int32:
    return std::to_string(V.Int);
  case EdmType::Int64:
    return std::to_string(V.Int) + "L";
  case EdmType::DateTime:
    return "datetime'" + formatDateTimeTicks(V.Int) + "'";
  case EdmType::Boolean:
    return V.Bool ? "true" : "false";
  case EdmType::Double: {
    char Buf[40];
    std::snprintf(Buf, sizeof Buf, "%.17g", V.Real);
    std::string Text = Buf;
    if (Text.find_first_of(".e") == std::string::npos)
      Text += ".0";
    return Text;
  }
  case EdmType::Binary:
    break;
  }
  return "''";
}

class EntityFilterTest : public ::testing::Test {
protected:
  void SetUp() override {
    const schema::SchemaLoad S = schema::loadSchemaText(ThingsYaml, "t.yaml");
    ASSERT_TRUE(S.ok()) << S.Errors.front().str();
    std::vector<InputError> Errors;
    W = buildWorkloadModel(S.Value, Errors);
    ASSERT_TRUE(Errors.empty());
    WorkloadOptions O;
    O.DurationSeconds = 5;
    generateEvents(W, O);
    ASSERT_GT(W.entityCount(), 1000u);
  }

  // The value of an entity's property (by name) as the view shows it.
  std::string literalOf(std::uint32_t Entity, const std::string &Name) {
    LogicalEntityView View(W);
    View.reset(Entity);
    const EdmValue *V = View.property(Name);
    return V ? literal(*V) : "''";
  }

  // Both judges over every entity (with row keys made up from its
  // owner); returns how many matched.
  std::size_t expectSameVerdicts(const std::string &Text) {
    FilterParseResult Parsed = parseFilter(Text);
    EXPECT_TRUE(bool(Parsed)) << Text;
    if (!Parsed)
      return 0;
    const Filter F = std::move(Parsed.filter());
    const EntityFilter Judge(&F, W);
    LogicalEntityView Values(W), Codes(W);
    std::size_t Matched = 0;
    for (std::uint32_t E = 0; E < W.entityCount(); ++E) {
      const std::string Row =
          "p" + std::to_string(E % 7) + std::string(1, '\0') + std::to_string(E);
      Values.reset(E, Row);
      Codes.reset(E, Row);
      const bool Want = evaluateFilter(F, Values);
      EXPECT_EQ(Judge.matches(Codes), Want) << Text << " on entity " << E;
      if (Want != Judge.matches(Codes))
        return Matched; // one failure per filter is enough to read
      Matched += Want;
    }
    return Matched;
  }

  // The entities of the Things table.
  std::vector<std::uint32_t> things() const {
    std::vector<std::uint32_t> Of;
    for (std::uint32_t E = 0; E < W.entityCount(); ++E)
      if (W.Families[W.familyOf(E)].Table == "Things")
        Of.push_back(E);
    return Of;
  }

  Workload W;
};

TEST_F(EntityFilterTest, EveryTypeAndOperatorJudgesAsTheValuesDo) {
  const char *const Names[] = {"owner", "id",   "label", "status", "count",
                               "size",  "ratio", "seen", "active"};
  const char *const Ops[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  const std::vector<std::uint32_t> Things = things();
  ASSERT_GT(Things.size(), 1500u);
  std::size_t Matching = 0, Filters = 0;
  for (std::uint32_t Pick : {Things[3], Things[500], Things[1234]})
    for (const char *Name : Names)
      for (const char *Op : Ops) {
        const std::string Text =
            std::string(Name) + " " + Op + " " + literalOf(Pick, Name);
        Matching += expectSameVerdicts(Text) > 0;
        ++Filters;
      }
  // The literals come from entities: most filters match some.
  EXPECT_GT(Matching, Filters / 2);
}

TEST_F(EntityFilterTest, LiteralsNoEntityHasAndOfOtherTypes) {
  for (const char *Text : {
           "label eq 'label-99999'",    // a generated text past the domain
           "label eq 'label-007xxxxx'", // leading zeros spell no code
           "label eq 'label-7'",        // unpadded: not what is generated
           "label ne 'label-7'",
           "label eq 'labe'", "label eq ''", "status eq 'missing'",
           "status eq 'it''s'", "status ne 'ok'",
           "count eq '5'",   // a string literal for an Int32
           "count eq 5L",    // an Int64 literal for an Int32
           "size eq 5",      // an Int32 literal for an Int64
           "ratio eq 3",     // an Int32 literal for a Double
           "active eq 1",    // not a boolean
           "nothere eq 'x'", "nothere ne 'x'", "nothere", "not nothere",
           "owner", "not owner", // a bare property that is not Boolean
           "active", "not active", "active eq true", "active ne false",
           "active lt true"}) {
    expectSameVerdicts(Text);
  }
}

TEST_F(EntityFilterTest, KeysAndCombinations) {
  expectSameVerdicts("PartitionKey eq 'p3'");
  expectSameVerdicts("PartitionKey eq 'p3' and RowKey ge '500'");
  expectSameVerdicts("(count lt 50 or status eq 'failing') and not active");
  const std::vector<std::uint32_t> Things = things();
  ASSERT_GT(Things.size(), 40u);
  expectSameVerdicts("not (label eq " + literalOf(Things[10], "label") +
                     ") or size ge 500L");
  // Each bound holds for Things[20] itself.
  const std::uint32_t One = Things[20];
  EXPECT_GT(expectSameVerdicts("owner eq " + literalOf(One, "owner") +
                               " and ratio ge " + literalOf(One, "ratio") +
                               " and seen le " + literalOf(One, "seen")),
            0u);
  // The other table's `count` is a string: the same filter meets both
  // families, each judged by its own type.
  EXPECT_GT(expectSameVerdicts("count eq 'count-2' or count eq 7"), 0u);
}

// A value interned (from a value list or a trace) may spell what a
// generated code spells: both match.
TEST_F(EntityFilterTest, AnInternedTextEqualToAGeneratedOneMatchesBoth) {
  const std::vector<std::uint32_t> Things = things();
  const std::uint32_t Family = W.familyOf(Things.front()), Newest = Things.back();
  const int Label = W.Families[Family].propertyIndex("label");
  ASSERT_GE(Label, 0);
  PropertyDomain &D = W.Families[Family].Properties[static_cast<std::size_t>(Label)];
  LogicalEntityView View(W);
  View.reset(Things.front());
  const std::string Text = View.property("label")->Text;
  W.setCode(Newest, static_cast<std::uint32_t>(Label),
            D.codeOf(EdmValue::string(Text)));
  EXPECT_EQ(D.stringCodesOf(Text).size(), 2u);
  EXPECT_GE(expectSameVerdicts("label eq " + quoteFilterString(Text)), 2u);
  expectSameVerdicts("label ne " + quoteFilterString(Text));
}

} // namespace
} // namespace tablelint::replay
