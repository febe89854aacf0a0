// The tablelint command: dispatches to the subcommands.
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/StandardOutput.h"
#include "driver/Version.h"

#include "core/RuleCatalog.h"

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

void printHelp() {
  std::cout
      << "tablelint " << tablelint::TablelintVersion
      << ": a design linter for Azure Table Storage\n\n"
         "Usage: tablelint <command> [options]\n\n"
         "Commands:\n"
         "  lint       run the code checks on C++ sources (clang-tidy checks, "
         "one parse\n"
         "             per translation unit); text, JSON, GitHub or SARIF "
         "reports,\n"
         "             baselines, sharding\n"
         "  merge      merge SARIF logs (e.g. of lint --shard jobs) into one\n"
         "  checklist  the 29 checklist items: pass, fail (with findings) or "
         "advisory,\n"
         "             as Markdown or HTML\n"
         "  rules      print the rule catalog: every rule, its severity, "
         "where it is\n"
         "             detected and the checklist items it answers\n"
         "  filter     explain an OData $filter: query class, pinned keys, "
         "comparisons,\n"
         "             problems\n"
         "  suggest    write a better design of a schema file, each remedy "
         "noted on its\n"
         "             element\n"
         "  replay     run the declared workload (or a trace) through the "
         "current and the\n"
         "             suggested design on a simulated Table service; "
         "side-by-side report\n\n"
         "Run 'tablelint <command> --help' for a command's options.\n\n"
         "Exit codes:\n"
         "  0  clean at the gate level\n"
         "  1  findings at or above the gate (warning by default)\n"
         "  2  usage, configuration or input error (reported with "
         "file:line:col)\n"
         "  3  internal error in tablelint\n";
}

int runCommand(int argc, char **argv) {
  using namespace tablelint;
  try {
    if (!builtinCatalogErrors().empty()) {
      for (const InputError &E : builtinCatalogErrors())
        std::cerr << E.str() << "\n";
      std::cerr << "tablelint: internal error: the built-in rule catalog is "
                   "invalid\n";
      return ExitInternalError;
    }
    std::vector<std::string> Args(argv + 1, argv + argc);
    if (Args.empty()) {
      printHelp();
      return ExitInputError;
    }
    const std::string Command = Args.front();
    const std::vector<std::string> Rest(Args.begin() + 1, Args.end());
    if (Command == "-h" || Command == "--help" || Command == "help") {
      printHelp();
      return ExitClean;
    }
    if (Command == "--version" || Command == "version") {
      std::cout << "tablelint " << tablelint::TablelintVersion << "\n";
      return ExitClean;
    }
    if (Command == "rules")
      return runRulesCommand(Rest);
    if (Command == "filter")
      return runFilterCommand(Rest);
    if (Command == "lint")
      return runLintCommand(Rest);
    if (Command == "suggest")
      return runSuggestCommand(Rest);
    if (Command == "replay")
      return runReplayCommand(Rest);
    if (Command == "merge")
      return runMergeCommand(Rest);
    if (Command == "checklist")
      return runChecklistCommand(Rest);
    std::cerr << "tablelint: error: unknown command '" << Command
              << "' (tablelint --help lists them)\n";
    return ExitInputError;
  } catch (const std::exception &E) {
    std::cerr << "tablelint: internal error: " << E.what() << "\n";
    return ExitInternalError;
  }
}

} // namespace

int main(int argc, char **argv) {
  return tablelint::finishStandardOutput(runCommand(argc, argv));
}
