// Text output in clang's diagnostic format, and the stderr summary.
#include "driver/Reporters.h"

#include "core/Utf8Text.h"
#include "driver/SourceSnippet.h"
#include "driver/TerminalColor.h"

#include <fmt/format.h>
#include <llvm/Support/raw_ostream.h>

#include <filesystem>
#include <set>

namespace tablelint {

namespace {

// A file as the user reaches it from where tablelint runs: relative to the
// current directory when it lies under it (`lint src/` shows src/a.cpp, and
// a schema next to it the same way, as the inputs are typed), absolute
// otherwise. Inputs are made absolute when read so that no worker's
// working directory can change what they name; only the display goes back.
std::string shownPath(const std::string &File) {
  namespace fs = std::filesystem;
  const fs::path P(File);
  std::error_code EC;
  const fs::path Cwd = fs::current_path(EC);
  if (EC || !P.is_absolute())
    return File;
  const fs::path Rel = P.lexically_relative(Cwd.lexically_normal());
  if (Rel.empty() || *Rel.begin() == "..")
    return File;
  return Rel.string();
}

// Paths and messages quote what users wrote: control bytes and broken
// UTF-8 are escaped so each diagnostic stays one readable line.
std::string where(const std::string &File, unsigned Line, unsigned Column) {
  if (File.empty())
    return "tablelint";
  const std::string Shown = escapeControlBytes(shownPath(File));
  if (!Line)
    return Shown;
  return Column ? fmt::format("{}:{}:{}", Shown, Line, Column)
                : fmt::format("{}:{}", Shown, Line);
}

llvm::HighlightColor levelColor(Severity S) {
  return S == Severity::Error     ? llvm::HighlightColor::Error
         : S == Severity::Warning ? llvm::HighlightColor::Warning
                                  : llvm::HighlightColor::Note;
}

// One diagnostic line in clang's colours: the location and the message in
// bold, the level in its colour.
void diagnosticLine(llvm::raw_ostream &OS, const std::string &Where,
                    Severity Level, const std::string &Message, bool Color) {
  const llvm::ColorMode Mode = colorMode(Color);
  llvm::WithColor(OS, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true,
                  /*BG=*/false, Mode)
      << Where << ": ";
  llvm::WithColor(OS, levelColor(Level), Mode) << severityName(Level) << ": ";
  llvm::WithColor(OS, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true,
                  /*BG=*/false, Mode)
      << Message;
  OS << "\n";
}

std::string plural(std::size_t N, const char *One, const char *Many) {
  return fmt::format("{} {}", N, N == 1 ? One : Many);
}

} // namespace

std::string renderText(const LintResult &Result, const TextStyle &Style) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS.enable_colors(Style.Color);
  SourceSnippets Snippets;
  for (const ReportedFinding &R : Result.Findings) {
    const Finding &F = R.F;
    diagnosticLine(OS, where(F.File, F.Line, F.Column), F.Level,
                   fmt::format("{} [tablelint-{}]", escapeControlBytes(F.Message),
                               F.RuleId),
                   Style.Color);
    if (Style.Snippets)
      OS << Snippets.render(F.File, F.Line, F.Column, F.EndLine, F.EndColumn,
                            Style.Color);
    for (const Finding::Note &N : F.Notes) {
      diagnosticLine(OS, where(N.File, N.Line, N.Column), Severity::Note,
                     escapeControlBytes(N.Message), Style.Color);
      if (Style.Snippets)
        OS << Snippets.render(N.File, N.Line, N.Column, 0, 0, Style.Color);
    }
  }
  return Out;
}

std::string renderNotifications(const LintResult &Result, bool Color) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS.enable_colors(Color);
  for (const ToolNotification &N : Result.Notifications)
    diagnosticLine(OS, where(N.File, N.Line, N.Column), N.Level,
                   escapeControlBytes(N.Message), Color);
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
  if (!Result.NotAnalysedSinceBaseline.empty())
    Out += fmt::format("; {} in files not analysed in this run",
                       plural(Result.NotAnalysedSinceBaseline.size(), "entry",
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
