// GitHub Actions workflow commands: one annotation per finding and per
// notification, on the repo-relative path the checkout uses.
#include "driver/Reporters.h"

#include "driver/Fingerprint.h"

#include <fmt/format.h>

namespace tablelint {

// The workflow-command rules: '%', CR and LF in the message; those and
// ':' and ',' in property values (they delimit the properties).
std::string escapeGithubData(const std::string &Text) {
  std::string Out;
  for (const char C : Text) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else
      Out += C;
  }
  return Out;
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
