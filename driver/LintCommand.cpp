// `tablelint lint`: resolves the inputs, runs the code checks (and, through
// SchemaInputs, the schema checks) in parallel, passes every finding through
// the pipeline (configuration, baseline) and writes the chosen report.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/LintRun.h"

#include "core/AtomicFile.h"
#include "core/Redact.h"
#include "core/Uri.h"
#include "driver/ApplyFixes.h"
#include "driver/CodeAnalysis.h"
#include "driver/Baseline.h"
#include "driver/Reporters.h"
#include "driver/RuleDocsUrl.h"
#include "driver/TerminalColor.h"

#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace tablelint {

namespace {

const std::vector<OptionSpec> &lintOptions() {
  static const std::vector<OptionSpec> Specs = [] {
    std::vector<OptionSpec> S = analysisOptionSpecs();
    const std::vector<OptionSpec> Own = {
        {"format",
         0,
         true,
         "FORMAT",
         "report format (default text)",
         {"text", "sarif", "json", "github"}},
        {"output",
         'o',
         true,
         "FILE",
         "write the report to FILE (atomically) instead of stdout",
         {}},
        {"baseline",
         0,
         true,
         "FILE",
         "leave out the findings FILE holds; report its entries that are "
         "gone (a FILE that does not exist yet is no baseline, with a note)",
         {}},
        {"write-baseline",
         0,
         true,
         "FILE",
         "write every current finding to FILE as the new baseline (the "
         "entries FILE holds for files this run did not analyse are "
         "kept; not after an incomplete analysis, exit 2: FILE is then "
         "kept as it was)",
         {}},
        {"rules-url",
         0,
         true,
         "URL",
         "SARIF: the rule pages are at URL/<rule-id>.md (helpUri; default: "
         "sarif.rules-url of .tablelint.yaml, else the installed docs)",
         {}},
        {"fail-on",
         0,
         true,
         "LEVEL",
         "lowest severity that fails the run (exit 1; default warning)",
         {"note", "warning", "error", "never"}},
        {"shard",
         0,
         true,
         "K/N",
         "analyse only shard K of N (inputs split by a stable hash of their "
         "repo-relative path)",
         {}},
        {"skip-non-schema-yaml",
         0,
         false,
         "",
         "skip YAML files that are not schemas silently, e.g. a workflow "
         "given by a pre-commit hook (a schema has two top-level keys of "
         "version, tables, accounts, clients; one may be misspelt, and then "
         "it is an error)",
         {}},
        {"hook-filenames",
         0,
         false,
         "",
         "for hooks (pre-commit) that append file names without '--': an "
         "argument that names an existing file is a file name even when it "
         "starts with '-' (put it first)",
         {}},
        {"fix",
         0,
         false,
         "",
         "apply the fix-its of the reported findings to the files (after the "
         "baseline; overlapping fix-its are left out and counted)",
         {}},
        {"verbose",
         0,
         false,
         "",
         "also print to stderr how many times clang parsed a translation "
         "unit (once each: the checks and schema-drift share the parse)",
         {}},
        {"help", 'h', false, "", "show this help", {}},
    };
    S.insert(S.end(), Own.begin(), Own.end());
    const std::vector<OptionSpec> Rules = ruleSelectionOptionSpecs();
    // Before --hook-filenames, --fix, --verbose and --help.
    S.insert(S.end() - 4, Rules.begin(), Rules.end());
    return S;
  }();
  return Specs;
}

void printLintHelp() {
  std::cout
      << "Usage: tablelint lint [options] PATHS... [-- COMPILER_ARGS...]\n\n"
         "Runs the checks on C++ sources and schema files. PATHS are files or "
         "directories\n(searched for .cpp, .cc, .cxx, .c++); .yaml/.yml files "
         "are schema files. A header\nis analysed through a source of the "
         "compile database that includes it. Compile\nflags come from "
         "compile_commands.json "
         "(-p, or found upward from each file), or\nfrom COMPILER_ARGS after "
         "'--' for every file. A database's entries keep only\nthe options "
         "that affect parsing (it runs and writes nothing); an @FILE in\n"
         "COMPILER_ARGS must be a regular file of at most 1 MiB. "
         "Configuration: the\nnearest .tablelint.yaml above each file (rules, "
         "severity, thresholds, apis),\nor --config. With C++ and a schema "
         "(a schema file among PATHS, or 'schema:' in\n.tablelint.yaml), "
         "schema-drift reports where the code and the schema disagree.\n\n"
         "Options:\n"
      << formatOptionsHelp(lintOptions())
      << "\nReports: text prints  file:line:col: warning: message "
         "[tablelint-rule]  and the\nsource line with a caret, as clang-tidy "
         "does;  json,\nsarif (2.1.0, for GitHub code scanning) "
         "and github (workflow annotations) are\ndescribed in docs/lint.md. "
         "The summary and input errors always go to stderr.\n"
         "Suppress a finding with // NOLINT(tablelint-rule), // "
         "NOLINTNEXTLINE(tablelint-rule),\nor a NOLINTBEGIN/NOLINTEND pair.\n\n"
         "Exit codes:\n"
         "  0  no finding at or above --fail-on (or --write-baseline accepted "
         "them all)\n"
         "  1  findings at or above --fail-on\n"
         "  2  usage, configuration or input error: no compile database (a "
         "file it lacks\n"
         "     borrows its nearest entry's flags, with a note),\n"
         "     a TU that does not compile (or that clang crashed on), a bad\n"
         "     .tablelint.yaml or baseline "
         "(the reports\n"
         "     are still written, every finding new), a report that cannot "
         "be written in\n"
         "     full (a full disk). The other inputs are still analysed and "
         "reported; 2 wins\n"
         "     over 1 and over --fail-on never: a gate must not pass on a "
         "partial analysis.\n"
         "  3  internal error\n";
}

// Colour only for a terminal: never in a file written with -o.
TextStyle textStyle(const ParsedArgs &A) {
  TextStyle Style;
  Style.Color = !A.has("output") && colorFor(1);
  return Style;
}

// The entries of the baseline at Path (about to be rewritten) that this run
// cannot judge, since it did not analyse their files: kept, so that a run on
// part of the project (a pre-commit run, one shard) does not drop them.
// A file that is not a baseline is replaced whole, with a warning.
std::vector<BaselineEntry> entriesToKeep(const std::string &Path,
                                         const LintResult &Result) {
  std::error_code NoFile;
  if (!std::filesystem::exists(std::filesystem::symlink_status(Path, NoFile)))
    return {};
  std::vector<InputError> Errors;
  std::optional<Baseline> Old = readBaseline(Path, Errors);
  if (!Old) {
    std::cerr << Path
              << ": warning: not a baseline; it is replaced with this run's "
                 "findings\n";
    return {};
  }
  std::vector<BaselineEntry> Kept = entriesNotAnalysed(*Old, Result);
  if (!Kept.empty())
    std::cerr << Path << ": note: kept " << Kept.size() << " entr"
              << (Kept.size() == 1 ? "y" : "ies")
              << " of files not analysed in this run\n";
  return Kept;
}

int gateRank(const std::string &FailOn) {
  if (FailOn == "never")
    return 99;
  if (FailOn == "note")
    return static_cast<int>(Severity::Note);
  if (FailOn == "error")
    return static_cast<int>(Severity::Error);
  return static_cast<int>(Severity::Warning);
}

} // namespace

int runLintCommand(const std::vector<std::string> &AllArgs) {
  std::optional<std::vector<std::string>> CompilerArgs;
  const std::vector<std::string> Args = splitAtDoubleDash(AllArgs, CompilerArgs);
  ParsedArgs A;
  if (auto Error = parseArgs(lintOptions(), Args, A)) {
    printCommandError("tablelint lint",
                      *Error + " (see tablelint lint --help)");
    return ExitInputError;
  }
  if (A.has("help")) {
    printLintHelp();
    return ExitClean;
  }
  if (A.has("rules-url") && !isAbsoluteUri(A.get("rules-url"))) {
    printCommandError("tablelint lint",
                      "'--rules-url' must be an absolute URI such as "
                      "https://host/path/docs/rules, got '" +
                          A.get("rules-url") + "'");
    return ExitInputError;
  }
  LintRunOptions Options;
  if (auto Error = readLintRunOptions(A, CompilerArgs, Options)) {
    printCommandError("tablelint lint",
                      *Error + " (see tablelint lint --help)");
    return ExitInputError;
  }
  Options.SkipNonSchemaYaml = A.has("skip-non-schema-yaml");
  // An unreadable baseline is an input error, but the reports are still
  // written, with every finding counted as new. The first CI run has no
  // baseline yet: that is "no baseline", with a note, not an input error.
  std::optional<Baseline> Base;
  bool BaselineFailed = false;
  // symlink_status: a dangling link or a link loop is there, and an error.
  std::error_code NoFile;
  if (A.has("baseline") &&
      !std::filesystem::exists(
          std::filesystem::symlink_status(A.get("baseline"), NoFile)))
    std::cerr << A.spelled("baseline")
              << ": note: no baseline yet: every finding counts (write one "
                 "with --write-baseline "
              << A.spelled("baseline") << ")\n";
  else if (A.has("baseline")) {
    std::vector<InputError> Errors;
    Base = readBaseline(A.get("baseline"), Errors);
    for (const InputError &E : Errors)
      std::cerr << safeMessage(E.str()) << "\n";
    BaselineFailed = !Base || !Errors.empty();
    if (Base && Base->SecretsRedacted)
      std::cerr << A.get("baseline") << ": warning: " << Base->SecretsRedacted
                << " entr" << (Base->SecretsRedacted == 1 ? "y holds" : "ies hold")
                << " a secret in its anchor (redacted while reading); rewrite "
                   "the baseline with --write-baseline\n";
  }

  LintResult Result = runLint(Options);
  std::cerr << renderNotifications(Result, colorFor(2));
  bool WriteFailed = false;
  // A baseline written after an incomplete analysis would drop the entries
  // of what was not analysed (they would all come back as new): the old
  // file stays.
  if (A.has("write-baseline") && !Result.executionSuccessful())
    std::cerr << "tablelint lint: error: the analysis is incomplete (see the "
                 "errors above); "
              << A.spelled("write-baseline")
              << " is kept as it was, not replaced\n";
  else if (A.has("write-baseline"))
    if (auto Error = writeFileAtomically(
            A.get("write-baseline"),
            renderBaseline(Result,
                           entriesToKeep(A.get("write-baseline"), Result)))) {
      std::cerr << "tablelint lint: error: " << *Error << "\n";
      WriteFailed = true;
    }
  if (Base)
    applyBaseline(*Base, Result);
  if (A.has("fix")) {
    const FixOutcome Fixed = applyFixes(Result.Findings, Result.Analysed);
    for (const std::string &E : Fixed.Errors)
      std::cerr << "tablelint lint: error: " << E << "\n";
    for (const std::string &W : Fixed.Warnings)
      std::cerr << "tablelint lint: warning: " << W << "\n";
    std::cerr << "tablelint: applied " << Fixed.Applied << " fix-it"
              << (Fixed.Applied == 1 ? "" : "s") << " in "
              << Fixed.FilesChanged.size() << " file"
              << (Fixed.FilesChanged.size() == 1 ? "" : "s");
    if (Fixed.Conflicting)
      std::cerr << "; " << Fixed.Conflicting
                << " left out (they overlap another fix-it)";
    std::cerr << "\n";
    WriteFailed |= !Fixed.Errors.empty();
  }

  const std::string Format = A.get("format", "text");
  const std::optional<std::string> RulesUrl = ruleDocsBase(
      A.has("rules-url") ? std::optional(A.get("rules-url")) : std::nullopt,
      Result.RepoRoot);
  const std::string Report =
      Format == "sarif"    ? renderSarif(Result, builtinCatalog(), RulesUrl)
      : Format == "json"   ? renderJson(Result)
      : Format == "github" ? renderGithub(Result)
                           : renderText(Result, textStyle(A));
  if (!writeReport(A, "lint", Report))
    WriteFailed = true;
  std::cerr << renderSummary(Result);
  if (A.has("verbose"))
    std::cerr << "tablelint: clang parsed " << Result.CodeUnits
              << " translation unit" << (Result.CodeUnits == 1 ? "" : "s")
              << " in " << clangParsesSoFar() << " parse"
              << (clangParsesSoFar() == 1 ? "" : "s") << "\n";

  if (WriteFailed || BaselineFailed || !Result.executionSuccessful())
    return ExitInputError;
  if (A.has("write-baseline"))
    return ExitClean;
  const int Gate = gateRank(A.get("fail-on", "warning"));
  for (const ReportedFinding &R : Result.Findings)
    if (static_cast<int>(R.F.Level) >= Gate)
      return ExitFindings;
  return ExitClean;
}

} // namespace tablelint
