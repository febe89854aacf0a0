// `tablelint checklist`: runs the same analysis as `lint` on PATHS and
// answers the 29 checklist items (Markdown, HTML or JSON).
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"

#include "driver/ChecklistReport.h"
#include "driver/LintRun.h"
#include "driver/Reporters.h"
#include "driver/TerminalColor.h"

#include <iostream>

namespace tablelint {

namespace {

const std::vector<OptionSpec> &checklistOptions() {
  static const std::vector<OptionSpec> Specs = [] {
    std::vector<OptionSpec> S = analysisOptionSpecs();
    const std::vector<OptionSpec> Own = {
        {"format", 0, true, "FORMAT", "report format (default markdown)",
         {"markdown", "html", "json"}},
        {"output", 'o', true, "FILE",
         "write the report to FILE (atomically) instead of stdout",
         {}},
        {"help", 'h', false, "", "show this help", {}},
    };
    const std::vector<OptionSpec> Rules = ruleSelectionOptionSpecs();
    S.insert(S.end(), Rules.begin(), Rules.end());
    S.insert(S.end(), Own.begin(), Own.end());
    return S;
  }();
  return Specs;
}

void printChecklistHelp() {
  std::cout
      << "Usage: tablelint checklist [options] [PATHS...] [-- "
         "COMPILER_ARGS...]\n\n"
         "Answers the 29 items of the Table storage performance checklist "
         "for PATHS\n(the inputs of `tablelint lint`). Each item is one of:\n"
         "  fail         one of its rules has a finding (listed)\n"
         "  pass         its rules were checked and found nothing\n"
         "  not checked  its rules were not run, and why: rule disabled, "
         "input not\n               declared (e.g. no client declares "
         "`bandwidth`), no C++ given,\n               no schema given\n"
         "  advice       no tool can decide it; what tablelint observes is "
         "said\n\nOptions:\n"
      << formatOptionsHelp(checklistOptions())
      << "\nExit codes: 0 no item fails; 1 an item fails; 2 usage or input "
         "error (the\nreport is still written); 3 internal error.\n";
}

} // namespace

int runChecklistCommand(const std::vector<std::string> &AllArgs) {
  std::optional<std::vector<std::string>> CompilerArgs;
  const std::vector<std::string> Args = splitAtDoubleDash(AllArgs, CompilerArgs);
  ParsedArgs A;
  if (auto Error = parseArgs(checklistOptions(), Args, A)) {
    std::cerr << "tablelint checklist: error: " << *Error
              << "\n(see tablelint checklist --help)\n";
    return ExitInputError;
  }
  if (A.has("help")) {
    printChecklistHelp();
    return ExitClean;
  }
  LintRunOptions Options;
  if (auto Error = readLintRunOptions(A, CompilerArgs, Options,
                                      /*RequirePaths=*/false)) {
    std::cerr << "tablelint checklist: error: " << *Error << "\n";
    return ExitInputError;
  }
  // With no PATHS nothing is analysed, and the items say so.
  const LintResult Result = runLint(Options);
  std::cerr << renderNotifications(Result, colorFor(2));
  const auto Entries = evaluateChecklist(builtinCatalog(), Result);
  const std::string Format = A.get("format", "markdown");
  const std::string Report = Format == "html"   ? renderChecklistHtml(Entries, Result)
                             : Format == "json" ? renderChecklistJson(Entries, Result)
                                                : renderChecklistMarkdown(Entries, Result);
  if (!writeReport(A, "checklist", Report))
    return ExitInputError;
  if (!Result.executionSuccessful())
    return ExitInputError;
  for (const ChecklistEntry &E : Entries)
    if (E.Status == ItemStatus::Fail)
      return ExitFindings;
  return ExitClean;
}

} // namespace tablelint
