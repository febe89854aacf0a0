// One translation unit's analysis, run so that clang stopping on it (a
// crash signal, report_fatal_error's abort, a stack overflow) costs that
// unit only: the process, the other workers and the report go on.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>

namespace tablelint {

// Runs Analyse; false when it crashed (it was abandoned where it stopped:
// what it allocated is leaked, what it produced is not to be used).
bool runIsolated(llvm::function_ref<void()> Analyse);

} // namespace tablelint
