// The C++ half of `tablelint lint`: resolving PATHS to translation units
// through compile databases, and running tablelint's clang-tidy checks over
// them on N worker threads (each TU with its own ClangTidyContext and
// runner), turning clang-tidy's results into Findings and notifications.
#pragma once

#include "checks/code/model/SchemaFacts.h"
#include "driver/LintResult.h"

#include <clang/Tooling/CompilationDatabase.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tablelint {

struct TranslationUnit {
  std::string File; // absolute, normalised
  clang::tooling::CompileCommand Command;
  // Set when the unit is analysed only for headers named as inputs (see
  // HeaderIncluders.h): the findings reported are theirs, not the unit's
  // own, which did not change.
  std::vector<std::string> ReportOnly;
};

struct LintInputs {
  std::vector<TranslationUnit> Units;
  // Files named on the command line that are not C++ (schema files).
  std::vector<std::string> SchemaFiles;
  // Paths that do not exist, files without a compile command, ...
  std::vector<ToolNotification> Problems;
};

// PATHS: C++ files, directories (searched for .cpp/.cc/.cxx/.c++), or
// schema files (.yaml/.yml). Compile commands come from BuildDir, else from
// the nearest compile_commands.json above each file, or from CompilerArgs
// (everything after '--') for every file. A header the database does not
// list is analysed through a unit that includes it (ReportOnly); one that no
// unit includes is a note. Unsaved buffers count for the include search.
LintInputs collectInputs(
    const std::vector<std::string> &Paths,
    const std::optional<std::string> &BuildDir,
    const std::optional<std::vector<std::string>> &CompilerArgs,
    const std::map<std::string, std::string> *UnsavedFiles = nullptr);

struct CodeAnalysisOptions {
  // clang-tidy check globs: "-*,tablelint-*" narrowed by --enable/--disable.
  std::string Checks = "-*,tablelint-*";
  unsigned Jobs = 1;
  // A "[3/10] file" line on stderr while running (only for terminals).
  bool Progress = false;
  // --header-filter: the headers whose findings are reported (searched in
  // their absolute path); nullopt: those under the TU's source root (see
  // HeaderScope.h).
  std::optional<std::string> HeaderFilter;
  // Unsaved editor buffers (absolute path -> text) laid over the disk.
  const std::map<std::string, std::string> *UnsavedFiles = nullptr;
  // Also collect each unit's schema facts (schema-drift), from the AST the
  // checks run on: the unit is parsed once for both.
  bool CollectSchemaFacts = false;
};

// What clang read while analysing: the hash of every file's text (--fix
// applies a fix only to the text it was computed on), and, per unit (by its
// index), the absolute paths of the files clang opened for it (a baseline
// tells the headers a run analysed by them). A unit clang stopped on (a
// crash) has no files: none of its findings are reported.
struct AnalysisReads {
  AnalysedTexts Texts;
  std::vector<std::set<std::string>> FilesOfUnit;
  // With CollectSchemaFacts: the facts of every unit that compiled and is
  // linted for its own sake (not only for headers), places made absolute.
  std::vector<code::SchemaFacts> Facts;
};

// Runs the checks on every unit. Findings carry the catalog's default
// level (configuration is applied later, for findings of every source);
// compile errors become one notification per TU at its first error.
void analyseCode(const std::vector<TranslationUnit> &Units,
                 const CodeAnalysisOptions &Options,
                 std::vector<Finding> &Findings,
                 std::vector<ToolNotification> &Notifications,
                 AnalysisReads *Reads = nullptr);

// How many times this process has had clang parse a unit for analyseCode
// (`lint --verbose` prints it: schema-drift must not add parses).
unsigned clangParsesSoFar();

// The text of a source line with runs of whitespace folded to one space and
// the ends trimmed: a finding's Anchor.
std::string normalisedLine(const std::string &Text, unsigned Line);

} // namespace tablelint
