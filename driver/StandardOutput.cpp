// Detecting write errors on standard output (see StandardOutput.h).
#include "driver/StandardOutput.h"

#include "driver/ExitCode.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <llvm/Support/raw_ostream.h>
#include <unistd.h>

namespace tablelint {

int finishStandardOutput(int ExitCode) {
  errno = 0;
  // Some commands print through llvm::outs(), which buffers on its own.
  llvm::outs().flush();
  bool Failed = llvm::outs().has_error();
  int LlvmError = Failed ? llvm::outs().error().value() : 0;
  llvm::outs().clear_error();
  std::cout.flush();
  Failed = Failed || !std::cout;
  if (std::fflush(stdout) != 0)
    Failed = true;
  int Error = LlvmError ? LlvmError : errno;
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
