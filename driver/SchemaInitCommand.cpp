// `tablelint schema init`: a schema drafted from the code. Each translation
// unit is parsed once, its table model read for schema facts
// (checks/code/model/SchemaFacts.h); the facts of all units become one
// draft (driver/SchemaDraft.h), written as YAML with secrets redacted.
#include "driver/CodeAnalysis.h"
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/SchemaDraft.h"
#include "driver/SchemaFactsCollect.h"

#include "checks/code/model/SchemaFacts.h"
#include "core/ProjectConfig.h"
#include "core/Redact.h"
#include "core/schema/SchemaWriter.h"

#include <clang/Tooling/Tooling.h>

#include <filesystem>
#include <iostream>

namespace tablelint {

namespace {

namespace tooling = clang::tooling;

const std::vector<OptionSpec> &schemaInitOptions() {
  static const std::vector<OptionSpec> Specs = {
      {"p", 'p', true, "BUILD_DIR",
       "directory with compile_commands.json (default: searched upward from "
       "each file); without FILES, every file it lists",
       {}},
      {"output", 'o', true, "FILE",
       "write the draft to FILE (atomically) instead of standard output",
       {}},
      {"help", 'h', false, "", "show this help", {}},
  };
  return Specs;
}

void printSchemaInitHelp() {
  std::cout
      << "Usage: tablelint schema init [-p BUILD_DIR] [-o SCHEMA.yaml] "
         "[FILES...] [-- COMPILER_ARGS]\n\n"
         "Drafts a schema (docs/schema.md) from what the code checks see in "
         "the C++ code:\nthe tables it touches (a name built at run time "
         "becomes a name template), the\nPartitionKey and RowKey templates "
         "its writes build, each query with its\nfilter, projection, top and "
         "the properties read from its results, each write\nwith its "
         "operation and batching, and the retry policies it sets. Each "
         "element\nhas a comment naming the line it comes from. What the code "
         "cannot know (rates,\nentity counts, distributions, retention, "
         "regions) is a TODO comment, and a\nrate is written 'TODO': the "
         "draft loads, and `tablelint lint` judges its\nload once the rates "
         "are filled in.\n\nOptions:\n"
      << formatOptionsHelp(schemaInitOptions())
      << "\nExit codes: 0 written; 2 bad usage, an input that cannot be "
         "analysed\n(file:line:col; the draft is still written from the "
         "rest), or the output\ncannot be written; 3 internal error.\n";
}

void printSchemaHelp() {
  std::cout << "Usage: tablelint schema <subcommand> [options]\n\n"
               "Subcommands:\n"
               "  init   draft a schema from the C++ code "
               "(tablelint schema init --help)\n";
}

// FILES, or without them every file of the database in BUILD_DIR.
std::vector<std::string> inputPaths(const ParsedArgs &A) {
  if (!A.positional().empty() || !A.has("p"))
    return A.positional();
  std::string Error;
  auto Db = tooling::CompilationDatabase::loadFromDirectory(A.get("p"), Error);
  return Db ? Db->getAllFiles() : std::vector<std::string>{};
}

void printProblem(const ToolNotification &N) {
  std::cerr << (N.File.empty() ? std::string("tablelint schema init")
                               : N.File +
                                     (N.Line ? ":" + std::to_string(N.Line) +
                                                   ":" +
                                                   std::to_string(N.Column)
                                             : ""))
            << ": "
            << (N.Level == Severity::Error ? "error" : "note") << ": "
            << safeMessage(N.Message) << "\n";
}

int runSchemaInit(const std::vector<std::string> &Args) {
  std::optional<std::vector<std::string>> CompilerArgs;
  const std::vector<std::string> Options =
      splitAtDoubleDash(Args, CompilerArgs);
  ParsedArgs Parsed;
  if (auto Error = parseArgs(schemaInitOptions(), Options, Parsed)) {
    std::cerr << "tablelint schema init: error: " << safeMessage(*Error)
              << "\n";
    return ExitInputError;
  }
  if (Parsed.has("help")) {
    printSchemaInitHelp();
    return ExitClean;
  }
  const std::vector<std::string> Paths = inputPaths(Parsed);
  if (Paths.empty()) {
    std::cerr << "tablelint schema init: error: no input: give -p BUILD_DIR "
                 "or C++ files (tablelint schema init --help)\n";
    return ExitInputError;
  }
  const std::optional<std::string> BuildDir =
      Parsed.has("p") ? std::optional(Parsed.get("p")) : std::nullopt;
  LintInputs In = collectInputs(Paths, BuildDir, CompilerArgs);
  bool Failed = false;
  for (const ToolNotification &N : In.Problems) {
    printProblem(N);
    Failed |= N.Level == Severity::Error;
  }
  std::vector<code::SchemaFacts> Facts;
  Failed |= !collectSchemaFacts(In.Units, Facts);
  std::error_code EC;
  const schema::Schema Draft =
      draftSchema(Facts, std::filesystem::current_path(EC).string());
  if (!writeReport(Parsed, "schema init",
                   redactSecrets(schema::writeSchemaYaml(Draft))))
    return ExitInputError;
  return Failed ? ExitInputError : ExitClean;
}

} // namespace

int runSchemaCommand(const std::vector<std::string> &Args) {
  if (Args.empty() || Args.front() == "--help" || Args.front() == "-h" ||
      Args.front() == "help") {
    printSchemaHelp();
    return Args.empty() ? ExitInputError : ExitClean;
  }
  if (Args.front() == "init")
    return runSchemaInit({Args.begin() + 1, Args.end()});
  std::cerr << "tablelint schema: error: unknown subcommand '"
            << safeMessage(Args.front())
            << "' (tablelint schema --help lists them)\n";
  return ExitInputError;
}

} // namespace tablelint
