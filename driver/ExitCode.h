// The exit codes of the tablelint command (DESIGN.md, "Command line").
#pragma once

namespace tablelint {

enum ExitCode : int {
  // Clean at the gate level.
  ExitClean = 0,
  // Findings at or above --fail-on.
  ExitFindings = 1,
  // Usage, configuration or input errors (reported with file:line:col).
  ExitInputError = 2,
  // A defect in tablelint itself.
  ExitInternalError = 3,
};

} // namespace tablelint
