// Where the findings about one query go, and at which level, end to end:
// table-scan at the call with a note at the filter, low-density-query at the
// filter with a note at the call, missing-projection at the options
// argument; full-metadata JSON is a note, not an AtomPub warning.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace json = llvm::json;

const char *OneQuery = R"(#include <azure/data/tables.hpp>
using namespace Azure::Data::Tables;
std::string status(TableClient const &t) {
  Models::QueryEntitiesOptions options;
  options.Filter = "Status eq 'open'";
  auto page = t.QueryEntities(options);
  return page.TableEntities.at(0).Properties.at("Status").Value;
}
)";

TEST(FindingPlaces, OneQuerysFindingsPointAtTheirOwnEvidence) {
  Project P;
  P.write("q.cpp", OneQuery);
  P.database({"q.cpp"});
  ToolResult R = P.lint({"q.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  // Shown relative to the working directory, the project's root.
  const std::string F = "q.cpp";
  EXPECT_THAT(
      R.Out,
      ::testing::ContainsRegex(
          F + ":6:17: warning: [^\n]*table scan \\[tablelint-table-scan\\]"));
  EXPECT_THAT(R.Out, HasSubstr(F + ":5:20: note: the filter is written here"));
  EXPECT_THAT(
      R.Out,
      ::testing::ContainsRegex(
          F + ":5:20: warning: [^\n]*\\[tablelint-low-density-query\\]"));
  EXPECT_THAT(R.Out,
              HasSubstr(F + ":6:17: note: the query that sends this filter"));
  EXPECT_THAT(
      R.Out,
      ::testing::ContainsRegex(
          F + ":6:31: warning: [^\n]*\\[tablelint-missing-projection\\]"));
}

const char *FullMetadata = R"(#include <was/table.h>
azure::storage::table_request_options fullMetadata() {
  azure::storage::table_request_options o;
  o.set_payload_format(azure::storage::table_payload_format::json_full_metadata);
  return o;
}
)";

TEST(FindingPlaces, FullMetadataIsANoteNotAnAtomPubWarning) {
  Project P;
  P.write("opts.cpp", FullMetadata);
  P.database({"opts.cpp"});
  ToolResult R = P.lint({"--format", "json", "opts.cpp"});
  // Notes only (this and legacy-client-library): below the default gate.
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  auto Doc = json::parse(R.Out);
  ASSERT_TRUE(bool(Doc)) << R.Out;
  bool Seen = false;
  for (const json::Value &V : *Doc->getAsObject()->getArray("findings")) {
    const json::Object &Finding = *V.getAsObject();
    if (Finding.getString("rule") != "atompub-payload")
      continue;
    Seen = true;
    EXPECT_EQ(Finding.getString("level"), "note");
    EXPECT_EQ(Finding.getInteger("line"), 4);
  }
  EXPECT_TRUE(Seen) << R.Out;

  // A configuration without a severity for the rule keeps it a note; one
  // that names the level decides.
  P.write(".tablelint.yaml", "rules: {disable: [legacy-client-library]}\n");
  EXPECT_EQ(P.lint({"opts.cpp"}).ExitCode, 0);
  P.write(".tablelint.yaml", "severity: {atompub-payload: warning}\n");
  ToolResult Raised = P.lint({"opts.cpp"});
  EXPECT_EQ(Raised.ExitCode, 1);
  EXPECT_THAT(Raised.Out, HasSubstr("opts.cpp:4:24: warning: payload format "
                                    "json_full_metadata"));
}

} // namespace
} // namespace tablelint::test
