// Text output in clang's diagnostic format, and the stderr summary.
#include "driver/Reporters.h"

#include "core/Utf8Text.h"

#include <fmt/format.h>

#include <set>

namespace tablelint {

namespace {

// Paths and messages quote what users wrote: control bytes and broken
// UTF-8 are escaped so each diagnostic stays one readable line.
std::string where(const std::string &File, unsigned Line, unsigned Column) {
  if (File.empty())
    return "tablelint";
  const std::string Shown = escapeControlBytes(File);
  if (!Line)
    return Shown;
  return Column ? fmt::format("{}:{}:{}", Shown, Line, Column)
                : fmt::format("{}:{}", Shown, Line);
}

std::string plural(std::size_t N, const char *One, const char *Many) {
  return fmt::format("{} {}", N, N == 1 ? One : Many);
}

} // namespace

std::string renderText(const LintResult &Result) {
  std::string Out;
  for (const ReportedFinding &R : Result.Findings) {
    const Finding &F = R.F;
    Out += fmt::format("{}: {}: {} [tablelint-{}]\n",
                       where(F.File, F.Line, F.Column), severityName(F.Level),
                       escapeControlBytes(F.Message), F.RuleId);
    for (const Finding::Note &N : F.Notes)
      Out += fmt::format("{}: note: {}\n", where(N.File, N.Line, N.Column),
                         escapeControlBytes(N.Message));
  }
  return Out;
}

std::string renderNotifications(const LintResult &Result) {
  std::string Out;
  for (const ToolNotification &N : Result.Notifications)
    Out += fmt::format("{}: {}: {}\n", where(N.File, N.Line, N.Column),
                       severityName(N.Level), escapeControlBytes(N.Message));
  return Out;
}

std::string renderSummary(const LintResult &Result) {
  std::size_t ByLevel[3] = {0, 0, 0};
  std::set<std::string> Files;
  for (const ReportedFinding &R : Result.Findings) {
    ++ByLevel[static_cast<int>(R.F.Level)];
    Files.insert(R.RelativePath);
  }
  std::string Out = "tablelint: ";
  if (Result.Findings.empty()) {
    Out += "no findings";
  } else {
    std::string Levels;
    const char *Names[3][2] = {{"note", "notes"},
                               {"warning", "warnings"},
                               {"error", "errors"}};
    for (int L = 2; L >= 0; --L)
      if (ByLevel[L])
        Levels += (Levels.empty() ? "" : ", ") +
                  plural(ByLevel[L], Names[L][0], Names[L][1]);
    Out += fmt::format("{} ({}) in {}",
                       plural(Result.Findings.size(), "finding", "findings"),
                       Levels, plural(Files.size(), "file", "files"));
  }
  if (Result.BaselineUsed)
    Out += fmt::format("; {} in the baseline; {} fixed since the baseline",
                       Result.Baselined,
                       plural(Result.FixedSinceBaseline.size(), "entry",
                              "entries"));
  if (!Result.executionSuccessful())
    Out += "; the analysis is INCOMPLETE (see the errors above)";
  Out += "\n";
  for (const BaselineEntry &E : Result.FixedSinceBaseline)
    Out += fmt::format("tablelint: fixed since the baseline: [tablelint-{}] "
                       "in {}: {} (rewrite the baseline with "
                       "--write-baseline to drop it)\n",
                       E.RuleId, E.Path, E.Anchor);
  return Out;
}

} // namespace tablelint
