// `tablelint checklist` says "not checked" when it did not check: an item
// whose rules were disabled, whose input the schemas do not declare, or
// whose kind of file was not given is never a pass. The same status in the
// Markdown, HTML and JSON reports.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

namespace tablelint::test {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;
namespace json = llvm::json;

// Item N of a JSON checklist report.
json::Object itemOf(const std::string &Text, unsigned Number) {
  auto Doc = json::parse(Text);
  EXPECT_TRUE(bool(Doc)) << Text;
  if (!Doc) {
    llvm::consumeError(Doc.takeError());
    return {};
  }
  const json::Array *Items =
      Doc->getAsObject() ? Doc->getAsObject()->getArray("items") : nullptr;
  EXPECT_TRUE(Items) << Text;
  if (!Items)
    return {};
  for (const json::Value &V : *Items)
    if (V.getAsObject()->getInteger("number") == Number)
      return *V.getAsObject();
  ADD_FAILURE() << "no item " << Number;
  return {};
}

class NagleChecklist : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("socket_transport.cpp",
            readFile(std::string(TABLELINT_SOURCE_DIR) +
                     "/test-inputs/code/nagle-enabled/socket_transport.cpp")
                .value_or(""));
    P.database({"socket_transport.cpp"});
  }
  ToolResult checklist(std::vector<std::string> Args) {
    Args.insert(Args.begin(), "checklist");
    Args.push_back("socket_transport.cpp");
    return runTablelint(Args, P.Dir);
  }
  Project P;
};

TEST_F(NagleChecklist, NagleFindingsFailItem17) {
  ToolResult R = checklist({});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, ContainsRegex(R"(\| 17 \| .*\| \*\*fail\*\* \| nagle-enabled \|)"));
  EXPECT_THAT(R.Out, HasSubstr("- `socket_transport.cpp:13:"));
}

TEST_F(NagleChecklist, ADisabledRuleIsNotCheckedNeverPass) {
  ToolResult Md = checklist({"--disable", "nagle-enabled"});
  EXPECT_EQ(Md.ExitCode, 0) << Md.Err;
  EXPECT_THAT(Md.Out, ContainsRegex(R"(\| 17 \| .*\| \*\*not checked\*\* \(rule disabled\) \| nagle-enabled \|)"));
  // (the row of item 17 alone: no line break in between)
  EXPECT_THAT(Md.Out, Not(ContainsRegex("\\| 17 \\| [^\n]*\\*\\*pass\\*\\*")));
  EXPECT_THAT(Md.Out, HasSubstr("## Items not checked"));
  EXPECT_THAT(Md.Out, HasSubstr("nagle-enabled is disabled"));

  ToolResult Html = checklist({"--disable", "nagle-enabled", "--format", "html"});
  EXPECT_EQ(Html.ExitCode, 0) << Html.Err;
  EXPECT_THAT(Html.Out, HasSubstr("<tr class=\"not-checked\"><td>17</td>"));
  EXPECT_THAT(Html.Out, HasSubstr("<span class=\"status\">not checked (rule disabled)</span>"));

  ToolResult Json = checklist({"--disable", "nagle-enabled", "--format", "json"});
  EXPECT_EQ(Json.ExitCode, 0) << Json.Err;
  const json::Object Item = itemOf(Json.Out, 17);
  EXPECT_EQ(Item.getString("status"), "not-checked");
  EXPECT_EQ(Item.getString("reason"), "rule disabled");
  ASSERT_TRUE(Item.getArray("findings"));
  EXPECT_TRUE(Item.getArray("findings")->empty());
}

TEST_F(NagleChecklist, ARuleDisabledInTheConfigurationIsNotCheckedToo) {
  P.write(".tablelint.yaml", "rules:\n  disable: [nagle-enabled]\n");
  ToolResult R = checklist({"--format", "json"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(itemOf(R.Out, 17).getString("status"), "not-checked");
  EXPECT_EQ(itemOf(R.Out, 17).getString("reason"), "rule disabled");
  // Another code item, enabled and clean, still passes; a schema item is
  // not checked for want of a schema; an advisory item is advice.
  EXPECT_EQ(itemOf(R.Out, 21).getString("status"), "pass");
  EXPECT_EQ(itemOf(R.Out, 1).getString("status"), "not-checked");
  EXPECT_EQ(itemOf(R.Out, 1).getString("reason"), "no schema given");
  EXPECT_EQ(itemOf(R.Out, 5).getString("status"), "advice");
  auto Doc = json::parse(R.Out);
  ASSERT_TRUE(bool(Doc));
  const json::Object &Counts = *Doc->getAsObject()->getObject("counts");
  EXPECT_EQ(*Counts.getInteger("pass") + *Counts.getInteger("fail") +
                *Counts.getInteger("not-checked") + *Counts.getInteger("advice"),
            29);
}

// Item 4 needs each client's bandwidth: a schema that declares none leaves
// it not checked, one that declares it has it checked.
TEST(Checklist, Item4IsNotCheckedWithoutADeclaredBandwidth) {
  Project P;
  const std::string Schema = R"(version: 1
accounts:
  - {name: shop, region: northeurope}
clients:
  - {name: checkout, kind: service, region: northeurope, auth: token}
tables:
  - name: Orders
    account: shop
    partitionKey: "{customerId}"
    rowKey: "{orderId}"
    properties:
      customerId: {type: string, distinct: 20000}
      orderId: {type: string}
    writes:
      - {name: place-order, client: checkout, op: insert, rate: 5/s}
)";
  P.write("schema.yaml", Schema);
  ToolResult R = runTablelint({"checklist", "--format", "json", "schema.yaml"}, P.Dir);
  EXPECT_NE(R.ExitCode, 2) << R.Err;
  const json::Object Item = itemOf(R.Out, 4);
  EXPECT_EQ(Item.getString("status"), "not-checked");
  EXPECT_EQ(Item.getString("reason"), "input not declared");
  EXPECT_THAT(Item.getString("explanation")->str(),
              HasSubstr("no client in the schema files declares `bandwidth`"));

  ToolResult Md = runTablelint({"checklist", "schema.yaml"}, P.Dir);
  EXPECT_THAT(Md.Out, ContainsRegex(R"(\| 4 \| .*\| \*\*not checked\*\* \(input not declared\) \| client-bandwidth \|)"));

  std::string Declared = Schema;
  Declared.replace(Declared.find("auth: token}"), 12, "auth: token, bandwidth: 1Gbps}");
  P.write("schema.yaml", Declared);
  ToolResult With = runTablelint({"checklist", "--format", "json", "schema.yaml"}, P.Dir);
  EXPECT_NE(With.ExitCode, 2) << With.Err;
  EXPECT_EQ(itemOf(With.Out, 4).getString("status"), "pass");
}

} // namespace
} // namespace tablelint::test
