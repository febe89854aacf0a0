// Runs a program the way a user would and captures what they would see:
// standard output, standard error and the exit code.
#pragma once

#include <string>
#include <vector>

namespace tablelint::test {

struct ToolResult {
  int ExitCode = -1; // -1: did not exit normally
  std::string Out;
  std::string Err;
  long PeakKiB = 0; // the child's peak resident memory
};

// Runs Program with Args (argv[0] is added), in WorkDir when non-empty, with
// Stdin fed to its standard input.
ToolResult runProgram(const std::string &Program,
                      const std::vector<std::string> &Args,
                      const std::string &WorkDir = "",
                      const std::string &Stdin = "");

// Runs the tablelint binary under test.
ToolResult runTablelint(const std::vector<std::string> &Args,
                        const std::string &WorkDir = "");

// A fresh empty directory under the system temp dir, removed by the caller.
std::string makeTempDir(const std::string &Prefix);

} // namespace tablelint::test
