// The language server's lint thread (see LspLintWorker.h).
#include "driver/LspLintWorker.h"

#include <cerrno>
#include <exception>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

namespace tablelint {

LspLintWorker::LspLintWorker() {
  if (::pipe2(ReadyPipe, O_CLOEXEC) != 0)
    throw std::runtime_error("cannot create the lint thread's pipe");
  Thread = std::thread([this] { loop(); });
}

LspLintWorker::~LspLintWorker() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  Wake.notify_one();
  Thread.join();
  ::close(ReadyPipe[0]);
  ::close(ReadyPipe[1]);
}

void LspLintWorker::start(LintRunOptions Run) {
  Busy = true;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Pending = std::move(Run);
  }
  Wake.notify_one();
}

std::optional<LintResult> LspLintWorker::takeResult() {
  char Byte;
  if (::read(ReadyPipe[0], &Byte, 1) != 1)
    return std::nullopt;
  std::lock_guard<std::mutex> Lock(Mutex);
  Busy = false;
  std::optional<LintResult> Out = std::move(Result);
  Result.reset();
  return Out;
}

void LspLintWorker::loop() {
  for (;;) {
    LintRunOptions Run;
    {
      std::unique_lock<std::mutex> Lock(Mutex);
      Wake.wait(Lock, [this] { return Stopping || Pending.has_value(); });
      if (Stopping)
        return;
      Run = std::move(*Pending);
      Pending.reset();
    }
    LintResult Done;
    try {
      Done = runLint(Run);
    } catch (const std::exception &E) {
      // Said on stderr; the document keeps no diagnostics of this run.
      std::cerr << "tablelint lsp: internal error while linting: " << E.what()
                << "\n";
      ToolNotification N;
      N.Id = "internal-error";
      N.Message = std::string("internal error while linting: ") + E.what();
      Done.Notifications.push_back(std::move(N));
    }
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Result = std::move(Done);
    }
    const char Byte = 1;
    while (::write(ReadyPipe[1], &Byte, 1) < 0 && errno == EINTR) {
    }
  }
}

} // namespace tablelint
