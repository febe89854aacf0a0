// A report written to standard output is only delivered once it is flushed:
// a full disk or a closed pipe shows up then, not when the text is
// formatted. Every command's exit goes through here so such an error is
// reported and turns the exit code into 2 instead of passing unseen (a
// truncated SARIF with exit 1, an HTML report lost with exit 0).
#pragma once

namespace tablelint {

// Flushes and closes standard output. Returns ExitCode, or 2 (after
// printing "tablelint: error: cannot write to standard output: <reason>")
// when some of the output could not be written. An internal error (3)
// stays 3.
int finishStandardOutput(int ExitCode);

} // namespace tablelint
