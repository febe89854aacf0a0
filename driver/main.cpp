// The tablelint command: global options (--color, --version, --help) and
// the dispatch to the subcommands.
#include "driver/Commands.h"
#include "driver/ExitCode.h"
#include "driver/TerminalColor.h"
#include "driver/StandardOutput.h"
#include "driver/Version.h"

#include "core/NameHint.h"

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

using tablelint::ExitClean;
using tablelint::ExitInputError;

struct Command {
  const char *Name;
  int (*Run)(const std::vector<std::string> &);
  // Lines of the overview in `tablelint --help`.
  const char *Summary;
};

// The one list of commands: dispatch, help and did-you-mean all read it.
const std::vector<Command> &commands() {
  static const std::vector<Command> List = {
      {"lint", tablelint::runLintCommand,
       "run the code checks on C++ sources (clang-tidy checks, one parse\n"
       "per translation unit) and the schema checks; text, JSON, GitHub or\n"
       "SARIF reports, baselines, sharding"},
      {"merge", tablelint::runMergeCommand,
       "merge SARIF logs (e.g. of lint --shard jobs) into one"},
      {"checklist", tablelint::runChecklistCommand,
       "the 29 checklist items: pass, fail (with findings), not checked\n"
       "(and why) or advice; Markdown, HTML or JSON"},
      {"rules", tablelint::runRulesCommand,
       "print the rule catalog: every rule, its severity, where it is\n"
       "detected and the checklist items it answers"},
      {"filter", tablelint::runFilterCommand,
       "explain an OData $filter: query class, pinned keys, comparisons,\n"
       "problems"},
      {"suggest", tablelint::runSuggestCommand,
       "write a better design of a schema file, each remedy noted on its\n"
       "element"},
      {"schema", tablelint::runSchemaCommand,
       "schema init: draft a schema from the C++ code (tables, key\n"
       "templates, queries, writes, retry policies; TODO for rates)"},
      {"replay", tablelint::runReplayCommand,
       "run the declared workload (or a trace) through the current and the\n"
       "suggested design on a simulated Table service; side-by-side report"},
      {"lsp", tablelint::runLspCommand,
       "a language server on stdio: the findings of saved C++ and schema\n"
       "files as diagnostics, fix-its as code actions (docs/ide.md)"},
  };
  return List;
}

const Command *findCommand(const std::string &Name) {
  for (const Command &C : commands())
    if (Name == C.Name)
      return &C;
  return nullptr;
}

void printHelp() {
  std::cout << "tablelint " << tablelint::TablelintVersion
            << ": a design linter for Azure Table Storage\n\n"
               "Usage: tablelint <command> [options]\n"
               "       tablelint help <command>\n"
               "       tablelint -V | --version\n\n"
               "Commands:\n";
  for (const Command &C : commands()) {
    std::string Name = C.Name;
    Name.resize(11, ' ');
    std::cout << "  " << Name;
    for (const char *P = C.Summary; *P; ++P)
      std::cout << *P << (*P == '\n' ? "             " : "");
    std::cout << "\n";
  }
  std::cout
      << "\nGlobal options:\n"
         "  -h, --help      this help; 'tablelint <command> --help' (or "
         "'tablelint help\n"
         "                  <command>') shows a command's options\n"
         "  -V, --version   print the version\n"
         "  --color WHEN    colour on a terminal (auto, the default), always "
         "or never;\n"
         "                  NO_COLOR=1 in the environment turns auto off\n\n"
         "Exit codes:\n"
         "  0  clean at the gate level\n"
         "  1  findings at or above the gate (warning by default)\n"
         "  2  usage, configuration or input error (reported with "
         "file:line:col)\n"
         "  3  internal error in tablelint\n";
}

std::vector<std::string> commandNames() {
  std::vector<std::string> Names;
  for (const Command &C : commands())
    Names.push_back(C.Name);
  return Names;
}

int unknownCommand(const std::string &Name) {
  std::vector<std::string> Known = commandNames();
  Known.push_back("help");
  Known.push_back("--version");
  Known.push_back("--help");
  tablelint::printCommandError("tablelint",
                               "unknown command '" + Name + "'" +
                                   tablelint::didYouMean(Name, Known) +
                                   " (tablelint --help lists them)");
  return ExitInputError;
}

int dispatch(std::vector<std::string> Args) {
  if (auto Error = tablelint::takeColorOption(Args)) {
    tablelint::printCommandError("tablelint", *Error);
    return ExitInputError;
  }
  if (Args.empty()) {
    printHelp();
    return ExitInputError;
  }
  const std::string Name = Args.front();
  std::vector<std::string> Rest(Args.begin() + 1, Args.end());
  if (Name == "-h" || Name == "--help") {
    printHelp();
    return ExitClean;
  }
  if (Name == "help") {
    if (Rest.empty()) {
      printHelp();
      return ExitClean;
    }
    const Command *C = findCommand(Rest.front());
    return C ? C->Run({"--help"}) : unknownCommand(Rest.front());
  }
  if (Name == "-V" || Name == "--version" || Name == "version") {
    std::cout << "tablelint " << tablelint::TablelintVersion << "\n";
    return ExitClean;
  }
  if (const Command *C = findCommand(Name))
    return C->Run(Rest);
  return unknownCommand(Name);
}

int runCommand(int argc, char **argv) {
  using namespace tablelint;
  try {
    return dispatch(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception &E) {
    std::cerr << "tablelint: internal error: " << E.what() << "\n";
    return ExitInternalError;
  }
}

} // namespace

int main(int argc, char **argv) {
  return tablelint::finishStandardOutput(runCommand(argc, argv));
}
