// Subprocess runner for end-to-end tests (fork/exec with pipes, read with
// poll so a chatty child cannot deadlock on a full pipe).
#include "tests/support/RunTool.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <poll.h>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tablelint::test {

ToolResult runProgram(const std::string &Program,
                      const std::vector<std::string> &Args,
                      const std::string &WorkDir, const std::string &Stdin) {
  int OutPipe[2], ErrPipe[2], InPipe[2];
  if (::pipe2(OutPipe, O_CLOEXEC) || ::pipe2(ErrPipe, O_CLOEXEC) ||
      ::pipe2(InPipe, O_CLOEXEC))
    throw std::runtime_error("pipe failed");
  const pid_t Pid = ::fork();
  if (Pid < 0)
    throw std::runtime_error("fork failed");
  if (Pid == 0) {
    ::dup2(InPipe[0], 0);
    ::dup2(OutPipe[1], 1);
    ::dup2(ErrPipe[1], 2);
    if (!WorkDir.empty() && ::chdir(WorkDir.c_str()) != 0)
      ::_exit(126);
    std::vector<char *> Argv;
    Argv.push_back(const_cast<char *>(Program.c_str()));
    for (const std::string &A : Args)
      Argv.push_back(const_cast<char *>(A.c_str()));
    Argv.push_back(nullptr);
    ::execvp(Program.c_str(), Argv.data());
    ::_exit(127);
  }
  ::close(OutPipe[1]);
  ::close(ErrPipe[1]);
  ::close(InPipe[0]);
  std::size_t Written = 0;
  int InFd = InPipe[1];
  if (Stdin.empty()) {
    ::close(InFd);
    InFd = -1;
  }
  ToolResult R;
  pollfd Fds[3] = {{OutPipe[0], POLLIN, 0}, {ErrPipe[0], POLLIN, 0},
                   {InFd, POLLOUT, 0}};
  int Open = 2;
  char Buf[65536];
  while (Open > 0 || InFd >= 0) {
    Fds[2].fd = InFd;
    if (::poll(Fds, 3, -1) < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (int I = 0; I < 2; ++I) {
      if (Fds[I].fd < 0 || !(Fds[I].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      const ssize_t N = ::read(Fds[I].fd, Buf, sizeof Buf);
      if (N > 0) {
        (I == 0 ? R.Out : R.Err).append(Buf, static_cast<std::size_t>(N));
      } else {
        ::close(Fds[I].fd);
        Fds[I].fd = -1;
        --Open;
      }
    }
    if (InFd >= 0 && (Fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t N =
          ::write(InFd, Stdin.data() + Written, Stdin.size() - Written);
      if (N > 0)
        Written += static_cast<std::size_t>(N);
      if (N <= 0 || Written == Stdin.size()) {
        ::close(InFd);
        InFd = -1;
      }
    }
  }
  int Status = 0;
  struct rusage Usage {};
  while (::wait4(Pid, &Status, 0, &Usage) < 0 && errno == EINTR) {
  }
  R.PeakKiB = static_cast<long>(Usage.ru_maxrss);
  R.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  return R;
}

ToolResult runTablelint(const std::vector<std::string> &Args,
                        const std::string &WorkDir) {
  return runProgram(TABLELINT_BINARY, Args, WorkDir);
}

std::string makeTempDir(const std::string &Prefix) {
  std::string Template =
      (std::filesystem::temp_directory_path() / (Prefix + "-XXXXXX")).string();
  if (!::mkdtemp(Template.data()))
    throw std::runtime_error("mkdtemp failed");
  return Template;
}

} // namespace tablelint::test
