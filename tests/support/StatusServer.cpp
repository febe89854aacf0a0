// Starts and stops status-server.py for tests (see StatusServer.h).
#include "tests/support/StatusServer.h"

#include "core/AtomicFile.h"
#include "tests/support/RunTool.h"

#include <llvm/Support/JSON.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tablelint::test {

StatusServer::StatusServer(const std::string &Mode, int TargetPort,
                           const std::vector<std::string> &Options, int Seconds)
    : Dir(makeTempDir("tablelint-status")) {
  std::vector<std::string> Argv = {
      "python3",
      std::string(TABLELINT_SOURCE_DIR) + "/tests/replay/status-server.py",
      Mode,
      std::to_string(Seconds),
      "--stats",
      Dir + "/stats.json"};
  if (TargetPort)
    Argv.insert(Argv.end(), {"--target", std::to_string(TargetPort)});
  Argv.insert(Argv.end(), Options.begin(), Options.end());
  int Pipe[2];
  if (::pipe(Pipe) != 0)
    return;
  const pid_t Parent = ::getpid();
  Pid = ::fork();
  if (Pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != Parent)
      ::_exit(125);
    ::dup2(Pipe[1], STDOUT_FILENO);
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    if (!::freopen((Dir + "/server.err").c_str(), "w", stderr))
      ::_exit(126);
    std::vector<char *> Args;
    for (std::string &A : Argv)
      Args.push_back(A.data());
    Args.push_back(nullptr);
    ::execvp(Args[0], Args.data());
    ::_exit(127);
  }
  ::close(Pipe[1]);
  // The server's first line is its port.
  std::string Line;
  char C;
  while (::read(Pipe[0], &C, 1) == 1 && C != '\n')
    Line += C;
  ::close(Pipe[0]);
  Port = std::atoi(Line.c_str());
}

StatusServer::~StatusServer() {
  if (Pid > 0) {
    ::kill(Pid, SIGKILL);
    ::waitpid(Pid, nullptr, 0);
  }
  std::error_code Ignored;
  std::filesystem::remove_all(Dir, Ignored);
}

std::string StatusServer::url() const {
  return "http://127.0.0.1:" + std::to_string(Port) + "/devstoreaccount1";
}

std::int64_t StatusServer::stat(const char *Name) const {
  const std::string Text = readFile(Dir + "/stats.json").value_or("{}");
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Text);
  if (!Doc) {
    llvm::consumeError(Doc.takeError());
    return -1;
  }
  const llvm::json::Object *O = Doc->getAsObject();
  return O ? O->getInteger(Name).value_or(-1) : -1;
}

} // namespace tablelint::test
