// The thread `tablelint lsp` lints on, so that the protocol keeps flowing
// while a translation unit is analysed: a newer version of the document
// can arrive (and make the running lint stale), requests are answered, and
// $/progress is reported. One lint at a time; the server decides which one
// runs next and drops results that are stale when they arrive.
#pragma once

#include "driver/LintResult.h"
#include "driver/LintRun.h"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace tablelint {

class LspLintWorker {
public:
  LspLintWorker();
  // Waits for the running lint (a clang parse cannot be interrupted).
  ~LspLintWorker();
  LspLintWorker(const LspLintWorker &) = delete;
  LspLintWorker &operator=(const LspLintWorker &) = delete;

  // Readable when a lint has finished: for the server's poll().
  int readyFd() const { return ReadyPipe[0]; }
  bool busy() const { return Busy; }

  // Starts Run; the worker must not be busy.
  void start(LintRunOptions Run);
  // The finished lint's result, once readyFd() was readable; the worker is
  // idle again afterwards.
  std::optional<LintResult> takeResult();

private:
  void loop();

  int ReadyPipe[2] = {-1, -1};
  // Main thread only: a lint was started and its result not taken yet.
  bool Busy = false;

  std::mutex Mutex;
  std::condition_variable Wake;
  std::optional<LintRunOptions> Pending;
  std::optional<LintResult> Result;
  bool Stopping = false;
  std::thread Thread;
};

} // namespace tablelint
