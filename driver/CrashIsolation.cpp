// Crash isolation of one analysis (see CrashIsolation.h).
//
// In-process recovery (llvm::CrashRecoveryContext), as clang's own driver
// runs its in-process cc1 (-fintegrated-cc1), rather than a child process
// per unit: the results stay in memory as clang-tidy builds them, unsaved
// editor buffers need no copying, and forking a process that runs worker
// threads would copy locks other threads hold. A stack overflow is
// recovered too: the crash handler runs on an alternate stack of its own
// (LLVM installs it without one), set up once per thread.
#include "driver/CrashIsolation.h"

#include <llvm/Support/CrashRecoveryContext.h>

#include <csignal>

namespace tablelint {

namespace {

// LLVM's recovery handlers for the signals of a stack overflow, moved to
// the alternate stack.
void handleOverflowOnAlternateStack() {
  for (int Signal : {SIGSEGV, SIGBUS}) {
    struct sigaction Action;
    if (::sigaction(Signal, nullptr, &Action) == 0 &&
        !(Action.sa_flags & SA_ONSTACK)) {
      Action.sa_flags |= SA_ONSTACK;
      ::sigaction(Signal, &Action, nullptr);
    }
  }
}

// This thread's alternate signal stack, unless it has one. Never freed: a
// worker thread lives as long as its pool, and the kernel may still point
// at it.
void ensureAlternateStack() {
  thread_local bool Done = false;
  if (Done)
    return;
  Done = true;
  stack_t Current;
  if (::sigaltstack(nullptr, &Current) == 0 && !(Current.ss_flags & SS_DISABLE))
    return;
  constexpr std::size_t Size = 64 * 1024;
  stack_t Stack{};
  Stack.ss_sp = new char[Size];
  Stack.ss_size = Size;
  ::sigaltstack(&Stack, nullptr);
}

} // namespace

bool runIsolated(llvm::function_ref<void()> Analyse) {
  static const bool Enabled = [] {
    llvm::CrashRecoveryContext::Enable();
    handleOverflowOnAlternateStack();
    return true;
  }();
  (void)Enabled;
  ensureAlternateStack();
  llvm::CrashRecoveryContext Recovery;
  return Recovery.RunSafely(Analyse);
}

} // namespace tablelint
