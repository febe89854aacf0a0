// Detecting write errors on standard output (see StandardOutput.h).
#include "driver/StandardOutput.h"

#include "driver/ExitCode.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <unistd.h>

namespace tablelint {

int finishStandardOutput(int ExitCode) {
  errno = 0;
  std::cout.flush();
  bool Failed = !std::cout;
  if (std::fflush(stdout) != 0)
    Failed = true;
  int Error = errno;
  // An earlier flush (a full buffer) may have failed while the command ran.
  if (std::ferror(stdout))
    Failed = true;
  // Some file systems report a failed write only when it is closed.
  if (!Failed && ::close(STDOUT_FILENO) != 0 && errno != EBADF) {
    Failed = true;
    Error = errno;
  }
  if (!Failed)
    return ExitCode;
  std::cerr << "tablelint: error: cannot write to standard output: "
            << (Error ? std::strerror(Error)
                      : "a write failed (a full disk, a closed pipe)")
            << " (the output is incomplete)\n";
  return ExitCode == ExitInternalError ? ExitInternalError : ExitInputError;
}

} // namespace tablelint
