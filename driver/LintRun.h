// One lint run from options to LintResult, shared by `lint` and
// `checklist`: inputs, shard selection, configuration errors, the code and
// schema analyses, and the findings pipeline (the baseline is applied by the
// caller, after --write-baseline has seen every finding).
#pragma once

#include "driver/CommandLine.h"
#include "driver/LintResult.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

struct LintRunOptions {
  std::vector<std::string> Paths;
  std::optional<std::string> BuildDir;
  std::optional<std::vector<std::string>> CompilerArgs;
  std::optional<std::string> ConfigFile;
  // --header-filter REGEX (validated); nullopt: the source root's headers.
  std::optional<std::string> HeaderFilter;
  unsigned Jobs = 1;
  // --shard K/N; 1/1 is everything.
  unsigned ShardIndex = 1;
  unsigned ShardCount = 1;
  std::vector<std::string> Enable;
  std::vector<std::string> Disable;
  // --skip-non-schema-yaml: YAML files that do not look like a schema are
  // dropped from the inputs without a word (pre-commit passes every file).
  bool SkipNonSchemaYaml = false;
  // A progress line on stderr (set when stderr is a terminal).
  bool Progress = false;
  // Editor buffers not saved yet (`tablelint lsp`): absolute path -> text,
  // analysed instead of the file on disk.
  std::map<std::string, std::string> UnsavedFiles;
  // schema-drift (its schema facts are collected in the checks' parse); off
  // in the editor, where the files on disk may not be what it shows.
  bool SchemaDrift = true;
};

// The options of the analysis itself, shared by lint and checklist: -p,
// --config, --header-filter, -j.
std::vector<OptionSpec> analysisOptionSpecs();
// --enable and --disable, shared by lint and checklist.
std::vector<OptionSpec> ruleSelectionOptionSpecs();

// Fills Options from the parsed -p, --config, -j, --shard, --enable,
// --disable and positional arguments; returns a usage error.
std::optional<std::string>
readLintRunOptions(const ParsedArgs &A,
                   const std::optional<std::vector<std::string>> &CompilerArgs,
                   LintRunOptions &Options, bool RequirePaths = true);

LintResult runLint(const LintRunOptions &Options);

} // namespace tablelint
