// The tablelint subcommands. Each takes its arguments (after the subcommand
// name) and returns the process exit code (driver/ExitCode.h).
#pragma once

#include <string>
#include <vector>

namespace tablelint {

int runRulesCommand(const std::vector<std::string> &Args);
int runFilterCommand(const std::vector<std::string> &Args);
int runLintCommand(const std::vector<std::string> &Args);
int runSuggestCommand(const std::vector<std::string> &Args);
int runReplayCommand(const std::vector<std::string> &Args);
int runMergeCommand(const std::vector<std::string> &Args);
int runChecklistCommand(const std::vector<std::string> &Args);
int runLspCommand(const std::vector<std::string> &Args);
int runSchemaCommand(const std::vector<std::string> &Args);

} // namespace tablelint
