// Issue 12, minor list: messages quote what users wrote. Cut to a readable
// length, they used to split a multi-byte character ('\xC3'), and control
// bytes (NUL, ESC) went raw into the text and GitHub outputs. Now a cut
// ends on a character boundary, control bytes are escaped, and every line
// tablelint prints is valid UTF-8.
#include "tests/support/LintProject.h"

#include "core/Utf8Text.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// True when Text is entirely well-formed UTF-8 without control bytes other
// than the line breaks between diagnostics.
bool printableUtf8(const std::string &Text) {
  for (std::size_t I = 0; I < Text.size();) {
    const std::size_t N = utf8SequenceLength(Text, I);
    if (N == 0)
      return false;
    const auto C = static_cast<unsigned char>(Text[I]);
    if (N == 1 && C != '\n' && (C < 0x20 || C == 0x7F))
      return false;
    I += N;
  }
  return true;
}

// A table scan whose filter is long and made of two-byte characters, and
// one whose filter holds an ESC sequence and a NUL (clang's diagnostics
// show those as <U+001B>).
const char *const Source = R"(#include <azure/data/tables.hpp>
using namespace Azure::Data::Tables;
void accents(TableClient const &t) {
  Models::QueryEntitiesOptions o;
  o.Filter = "Name eq 'ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé'";
  t.QueryEntities(o);
}
void controls(TableClient const &t) {
  Models::QueryEntitiesOptions o;
  o.Filter = "Name eq '\x1b[31mred\x1b[0m' or Name eq 'a\0b'";
  t.QueryEntities(o);
}
)";

// The same in a schema: the message does not go through clang, the text and
// GitHub reporters escape it.
const char *const Schema = R"(version: 1
accounts: [{name: main}]
tables:
  - name: Users
    account: main
    partitionKey: "{id}"
    rowKey: "{id}"
    properties:
      id: {type: string}
      name: {type: string}
    queries:
      - {name: by-name, filter: "name eq '\e[31mred\0'", rate: 1/s}
)";

TEST(MessageText, TextOutputCutsOnCharactersAndEscapesControlBytes) {
  Project P;
  const std::string File = P.write("names.cpp", Source);
  const ToolResult R = runTablelint(
      {"lint", File, "--", "-std=c++17", "-I" + mockIncludes()});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_TRUE(printableUtf8(R.Out)) << R.Out;
  // 120 bytes quoted: "Name eq '" and 54 two-byte characters, then "...".
  EXPECT_THAT(R.Out, HasSubstr("filter \"Name eq '" +
                               [] {
                                 std::string E;
                                 for (int I = 0; I < 54; ++I)
                                   E += "é";
                                 return E;
                               }() +
                               "...\" pins no partition key"));
  EXPECT_THAT(R.Out, HasSubstr("filter \"Name eq '<U+001B>[31mred<U+001B>[0m' "
                               "or Name eq 'a<U+0000>b'\" pins no partition "
                               "key"));

  const std::string Yaml = P.write("users.yaml", Schema);
  const ToolResult S = runTablelint({"lint", Yaml});
  EXPECT_EQ(S.ExitCode, 1) << S.Err;
  EXPECT_TRUE(printableUtf8(S.Out)) << S.Out;
  EXPECT_THAT(S.Out, HasSubstr("users.yaml:12:9: warning: query 'by-name': "
                               "filter \"name eq '\\x1B[31mred\\x00'\" pins "
                               "no partition key"));
}

TEST(MessageText, GithubOutputEscapesControlBytesToo) {
  Project P;
  const std::string File = P.write("names.cpp", Source);
  const std::string Yaml = P.write("users.yaml", Schema);
  const ToolResult R =
      runTablelint({"lint", "--format", "github", File, Yaml, "--",
                    "-std=c++17", "-I" + mockIncludes()});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_TRUE(printableUtf8(R.Out)) << R.Out;
  EXPECT_THAT(R.Out, HasSubstr("::query 'by-name': filter \"name eq "
                               "'\\x1B[31mred\\x00'\" pins no partition key"));
}

TEST(MessageText, FilterErrorsQuoteAMultiByteCharacterWhole) {
  const ToolResult R = runTablelint({"filter", "Name eq 1 and é eq 2"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("<filter>:1:15: error: unexpected character "
                               "'é'"));
  // The caret counts characters: under the 'é', after 14 of them.
  EXPECT_THAT(R.Err, HasSubstr("Name eq 1 and é eq 2\n              ^\n"));
  const ToolResult Control = runTablelint({"filter", "A eq 1 and \x1b eq 2"});
  EXPECT_EQ(Control.ExitCode, 2);
  EXPECT_THAT(Control.Err, HasSubstr("unexpected character '\\x1B'"));
  EXPECT_THAT(Control.Err, HasSubstr("A eq 1 and \\x1B eq 2\n"));
  EXPECT_TRUE(printableUtf8(Control.Err)) << Control.Err;
  EXPECT_THAT(R.Err, Not(HasSubstr("\xC3'")));
}

} // namespace
} // namespace tablelint::test
