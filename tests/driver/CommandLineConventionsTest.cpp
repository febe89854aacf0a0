// The command-line conventions users of clang-tidy and git expect: typos
// are errors with a did-you-mean (never a gate that passes on nothing),
// `help <command>`, -V, value names in --help, colour on terminals only
// (NO_COLOR, --color), the source line and a caret under each text finding,
// and one-line errors.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

std::size_t lineCount(const std::string &Text) {
  return static_cast<std::size_t>(std::count(Text.begin(), Text.end(), '\n'));
}

class ScanProject : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("src/scan.cpp", ScanSource);
    P.database({"src/scan.cpp"});
  }
  Project P;
};

// --- rule selection ----------------------------------------------------

TEST_F(ScanProject, ATypoInEnableIsAnErrorWithTheClosestRule) {
  ToolResult R = P.lint({"--enable", "tabel-scan", "src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("tablelint lint: error: 'tabel-scan' in "
                               "--enable matches no rule; did you mean "
                               "'table-scan'? (tablelint rules lists them)"));
  EXPECT_EQ(R.Out, "");
  EXPECT_THAT(R.Err, Not(HasSubstr("no findings")));
}

TEST_F(ScanProject, ATypoInDisableIsAnErrorToo) {
  ToolResult R = P.lint({"--disable", "table-scan,partiton-scan", "src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("'partiton-scan' in --disable matches no "
                               "rule; did you mean 'partition-scan'?"));
}

TEST_F(ScanProject, GlobsAndCheckNamesSelectRules) {
  ToolResult Glob = P.lint({"--enable", "table-*", "src"});
  EXPECT_EQ(Glob.ExitCode, 1) << Glob.Err;
  EXPECT_THAT(Glob.Out, HasSubstr("[tablelint-table-scan]"));
  EXPECT_THAT(Glob.Out, Not(HasSubstr("[tablelint-partition-scan]")));
  ToolResult Name = P.lint({"--enable", "tablelint-partition-scan", "src"});
  EXPECT_EQ(Name.ExitCode, 0) << Name.Err; // a note does not fail the gate
  EXPECT_THAT(Name.Out, HasSubstr("[tablelint-partition-scan]"));
  ToolResult Nothing = P.lint({"--enable", "nothing-*", "src"});
  EXPECT_EQ(Nothing.ExitCode, 2);
  EXPECT_THAT(Nothing.Err,
              HasSubstr("'nothing-*' in --enable matches no rule"));
}

TEST_F(ScanProject, ATypoInTheConfigurationsRuleListSuggestsTheRule) {
  P.write(".tablelint.yaml", "rules:\n  disable: [tabel-scan]\n");
  ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:2:13: error: "
                                       "'tabel-scan' in 'rules.disable' "
                                       "matches no rule; did you mean "
                                       "'table-scan'?"));
}

// --- commands and options ------------------------------------------------

TEST(CommandLine, AnUnknownCommandSuggestsTheClosest) {
  ToolResult R = runTablelint({"lnit", "src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("tablelint: error: unknown command 'lnit'; "
                               "did you mean 'lint'?"));
  ToolResult Version = runTablelint({"--verison"});
  EXPECT_EQ(Version.ExitCode, 2);
  EXPECT_THAT(Version.Err, HasSubstr("did you mean '--version'?"));
  ToolResult Far = runTablelint({"frobnicate"});
  EXPECT_THAT(Far.Err, Not(HasSubstr("did you mean")));
}

TEST(CommandLine, AnUnknownOptionSuggestsTheClosest) {
  ToolResult R = runTablelint({"lint", "--fial-on", "error", "x.cpp"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("unknown option '--fial-on'; did you mean "
                               "'--fail-on'?"));
  ToolResult Inline = runTablelint({"replay", "--duraton=10s", "x.yaml"});
  EXPECT_EQ(Inline.ExitCode, 2);
  EXPECT_THAT(Inline.Err, HasSubstr("unknown option '--duraton=10s'; did you "
                                    "mean '--duration'?"));
}

TEST(CommandLine, HelpCommandShowsTheCommandsHelp) {
  ToolResult Help = runTablelint({"help", "lint"});
  ToolResult Direct = runTablelint({"lint", "--help"});
  EXPECT_EQ(Help.ExitCode, 0);
  EXPECT_THAT(Help.Out, StartsWith("Usage: tablelint lint"));
  EXPECT_EQ(Help.Out, Direct.Out);
  ToolResult Replay = runTablelint({"help", "replay"});
  EXPECT_EQ(Replay.ExitCode, 0);
  EXPECT_THAT(Replay.Out, HasSubstr("tablelint replay"));
  ToolResult Unknown = runTablelint({"help", "lnit"});
  EXPECT_EQ(Unknown.ExitCode, 2);
  EXPECT_THAT(Unknown.Err, HasSubstr("did you mean 'lint'?"));
}

TEST(CommandLine, VersionFlags) {
  for (const char *Flag : {"-V", "--version"}) {
    ToolResult R = runTablelint({Flag});
    EXPECT_EQ(R.ExitCode, 0) << Flag;
    EXPECT_THAT(
        R.Out, ::testing::MatchesRegex("tablelint [0-9]+\\.[0-9]+\\.[0-9]+\n"));
  }
}

TEST(CommandLine, HelpShowsValueNamesNotDoubledShortOptions) {
  ToolResult R = runTablelint({"lint", "--help"});
  EXPECT_THAT(R.Out, HasSubstr("  -p BUILD_DIR "));
  EXPECT_THAT(R.Out, Not(HasSubstr("--p ")));
  EXPECT_THAT(R.Out, HasSubstr("-j, --jobs N "));
  EXPECT_THAT(R.Out, HasSubstr("-o, --output FILE "));
  EXPECT_THAT(R.Out, HasSubstr("--enable RULES "));
  EXPECT_THAT(R.Out, HasSubstr("--color WHEN "));
  ToolResult Top = runTablelint({"--help"});
  EXPECT_THAT(Top.Out, HasSubstr("tablelint help <command>"));
  EXPECT_THAT(Top.Out, HasSubstr("-V, --version"));
}

TEST_F(ScanProject, AMissingBuildDirectoryIsOneLine) {
  ToolResult R = P.lint({"-p", "no-such-build", "src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "tablelint lint: error: no-such-build: no such directory "
                   "(-p BUILD_DIR) (see tablelint lint --help)\n");
  P.write("empty/README", "");
  ToolResult Empty = P.lint({"-p", "empty", "src"});
  EXPECT_EQ(Empty.ExitCode, 2);
  EXPECT_EQ(lineCount(Empty.Err), 1u) << Empty.Err;
  EXPECT_THAT(Empty.Err,
              HasSubstr("empty/compile_commands.json: no such file"));
  // The database file itself is accepted for its directory.
  ToolResult File = P.lint({"-p", "compile_commands.json", "src"});
  EXPECT_EQ(File.ExitCode, 1) << File.Err;
}

// --- colour --------------------------------------------------------------

const std::string Escape = "\x1b[";

// Whether Text holds a colour or bold escape (SGR, "ESC[...m"); the
// progress line's "ESC[K" on a terminal is not colour.
bool hasColour(const std::string &Text) {
  static const std::regex Sgr("\x1b\\[[0-9;]*m");
  return std::regex_search(Text, Sgr);
}

TEST_F(ScanProject, NoColourWhenTheOutputIsNotATerminal) {
  ToolResult R = P.lint({"src"});
  EXPECT_THAT(R.Out, Not(HasSubstr(Escape)));
  EXPECT_THAT(R.Err, Not(HasSubstr(Escape)));
}

TEST_F(ScanProject, ColorAlwaysColoursLikeClang) {
  ToolResult R = P.lint({"--color=always", "src"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  // Bold location, bold magenta "warning:", bold green caret; the
  // text between the escapes is unchanged.
  EXPECT_THAT(R.Out, HasSubstr("\x1b[1msrc/scan.cpp:4:5: "));
  EXPECT_THAT(R.Out, HasSubstr("\x1b[0;1;35mwarning: \x1b[0m"));
  EXPECT_THAT(R.Out, HasSubstr("\x1b[0;1;32m^"));
  // The option also works before the command, and in its spaced form.
  ToolResult Before = runTablelint({"--color", "always", "lint", "src"}, P.Dir);
  EXPECT_EQ(Before.Out, R.Out);
}

TEST_F(ScanProject, MachineReadableReportsNeverGetColour) {
  for (const char *Format : {"json", "sarif", "github"}) {
    ToolResult R = P.lint({"--color=always", "--format", Format, "src"});
    EXPECT_THAT(R.Out, Not(HasSubstr(Escape))) << Format;
    EXPECT_THAT(R.Out, Not(HasSubstr("   4 | "))) << Format;
  }
  ToolResult File = P.lint({"--color=always", "-o", "out.txt", "src"});
  EXPECT_THAT(P.read("out.txt"), Not(HasSubstr(Escape)));
  EXPECT_THAT(P.read("out.txt"), HasSubstr("    4 |   t.QueryEntities();\n"));
}

TEST_F(ScanProject, ABadColorValueIsAUsageError) {
  ToolResult R = P.lint({"--color=sometimes", "src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("invalid value 'sometimes' for '--color': "
                               "expected one of auto, always, never"));
}

// A terminal for real: `script` runs tablelint on a pseudo-terminal.
ToolResult onATerminal(const Project &P, const std::string &Environment,
                       const std::string &Args) {
  return runProgram("script",
                    {"-q", "-e", "-c",
                     Environment + " " TABLELINT_BINARY " lint " + Args,
                     "/dev/null"},
                    P.Dir);
}

TEST_F(ScanProject, AutoColoursATerminalUnlessNoColorOrNever) {
  ToolResult Tty = onATerminal(P, "env -u NO_COLOR TERM=xterm", "src");
  EXPECT_EQ(Tty.ExitCode, 1) << Tty.Out << Tty.Err;
  EXPECT_THAT(Tty.Out, HasSubstr("\x1b[0;1;35mwarning: "));
  ToolResult NoColor = onATerminal(P, "env NO_COLOR=1 TERM=xterm", "src");
  EXPECT_THAT(NoColor.Out, HasSubstr("src/scan.cpp:4:5: warning: "));
  EXPECT_FALSE(hasColour(NoColor.Out)) << NoColor.Out;
  ToolResult Never =
      onATerminal(P, "env -u NO_COLOR TERM=xterm", "--color=never src");
  EXPECT_THAT(Never.Out, HasSubstr("src/scan.cpp:4:5: warning: "));
  EXPECT_FALSE(hasColour(Never.Out)) << Never.Out;
}

// --- source line and caret ------------------------------------------------

TEST_F(ScanProject, EachTextFindingShowsItsLineAndACaret) {
  ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:4:5: warning: "));
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-table-scan]\n"
                               "    4 |   t.QueryEntities();\n"
                               "      |     ^"));
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-partition-scan]\n"
                               "   10 |   t.QueryEntities(o);\n"
                               "      |     ^"));
}

TEST(CaretSnippet, TabsAreExpandedAndTheCaretStaysUnderTheColumn) {
  Project P;
  std::string Source = ScanSource;
  Source.replace(Source.find("  t.QueryEntities();"), 2, "\t");
  P.write("tab.cpp", Source);
  P.database({"tab.cpp"});
  ToolResult R = P.lint({"tab.cpp"});
  EXPECT_THAT(R.Out, HasSubstr("tab.cpp:4:4: warning: "));
  EXPECT_THAT(R.Out, HasSubstr("    4 |         t.QueryEntities();\n"
                               "      |           ^"));
}

TEST(CaretSnippet, SchemaFindingsShowTheirYamlLine) {
  const std::string Schema =
      std::string(TABLELINT_SOURCE_DIR) +
      "/examples/telemetry-service/schema/telemetry.yaml";
  ToolResult R =
      runTablelint({"lint", "--enable", "time-based-partition-key", Schema});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("telemetry.yaml:23:19: warning: "));
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-time-based-partition-key]\n"
                               "   23 |     partitionKey: "));
  EXPECT_THAT(R.Out, HasSubstr("\n      |                   ^"));
}

} // namespace
} // namespace tablelint::test
