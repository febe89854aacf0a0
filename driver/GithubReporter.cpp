// GitHub Actions workflow commands: one annotation per finding and per
// notification, on the repo-relative path the checkout uses.
#include "driver/Reporters.h"

#include "driver/Fingerprint.h"

#include "core/Utf8Text.h"

#include <fmt/format.h>

namespace tablelint {

// The workflow-command rules: '%', CR and LF in the message; those and
// ':' and ',' in property values (they delimit the properties). Other
// control bytes and broken UTF-8 are escaped first (\xNN), as in the text
// output, so the log shows them instead of garbling.
std::string escapeGithubData(const std::string &Text) {
  std::string Out;
  std::size_t Start = 0;
  for (;;) {
    const std::size_t Break = Text.find_first_of("\r\n", Start);
    const std::string_view Chunk = std::string_view(Text).substr(
        Start, Break == std::string::npos ? std::string::npos : Break - Start);
    for (const char C : escapeControlBytes(Chunk)) {
      if (C == '%')
        Out += "%25";
      else
        Out += C;
    }
    if (Break == std::string::npos)
      return Out;
    Out += Text[Break] == '\r' ? "%0D" : "%0A";
    Start = Break + 1;
  }
}

std::string escapeGithubProperty(const std::string &Text) {
  std::string Out;
  for (const char C : escapeGithubData(Text)) {
    if (C == ':')
      Out += "%3A";
    else if (C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

namespace {

// GitHub's annotation levels are error, warning and notice.
std::string command(Severity S) {
  return S == Severity::Note ? "notice" : std::string(severityName(S));
}

std::string properties(const std::string &Path, unsigned Line, unsigned Column,
                       unsigned EndLine, unsigned EndColumn,
                       const std::string &Title) {
  std::string P;
  auto Add = [&](const char *Key, const std::string &Value) {
    P += (P.empty() ? " " : ",") + std::string(Key) + "=" +
         escapeGithubProperty(Value);
  };
  if (!Path.empty())
    Add("file", Path);
  if (Line)
    Add("line", std::to_string(Line));
  if (Column)
    Add("col", std::to_string(Column));
  if (EndLine && EndLine != Line)
    Add("endLine", std::to_string(EndLine));
  else if (EndColumn && EndLine == Line)
    Add("endColumn", std::to_string(EndColumn));
  Add("title", Title);
  return P;
}

} // namespace

std::string renderGithub(const LintResult &Result) {
  std::string Out;
  for (const ReportedFinding &R : Result.Findings) {
    const Finding &F = R.F;
    Out += fmt::format(
        "::{}{}::{}\n", command(F.Level),
        properties(R.RelativePath, F.Line, F.Column, F.EndLine, F.EndColumn,
                   "tablelint-" + F.RuleId),
        escapeGithubData(F.Message));
  }
  for (const ToolNotification &N : Result.Notifications) {
    const std::string Path =
        N.File.empty() ? std::string() : repoRelativePath(Result.RepoRoot, N.File);
    Out += fmt::format("::{}{}::{}\n", command(N.Level),
                       properties(Path, N.Line, N.Column, 0, 0,
                                  "tablelint: " + N.Id),
                       escapeGithubData(N.Message));
  }
  return Out;
}

} // namespace tablelint
