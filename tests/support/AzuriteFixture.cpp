// Starts and stops a private Azurite Table endpoint for tests (see
// AzuriteFixture.h).
#include "tests/support/AzuriteFixture.h"

#include "tests/support/RunTool.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <sstream>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace tablelint::test {

namespace {

using Clock = std::chrono::steady_clock;

constexpr auto StartTimeout = std::chrono::seconds(30);
constexpr auto StopGrace = std::chrono::seconds(5);
constexpr auto PollInterval = std::chrono::milliseconds(50);
constexpr int PortAttempts = 3;

// A port nobody listens on right now (the kernel's pick for port 0).
int pickFreePort() {
  const int Fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (Fd < 0)
    return 0;
  sockaddr_in Addr{};
  Addr.sin_family = AF_INET;
  Addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  Addr.sin_port = 0;
  socklen_t Len = sizeof Addr;
  int Port = 0;
  if (::bind(Fd, reinterpret_cast<sockaddr *>(&Addr), sizeof Addr) == 0 &&
      ::getsockname(Fd, reinterpret_cast<sockaddr *>(&Addr), &Len) == 0)
    Port = ntohs(Addr.sin_port);
  ::close(Fd);
  return Port;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream S;
  S << In.rdbuf();
  return S.str();
}

// Forks and execs Azurite with its output in LogPath. The child dies with
// the test process (PR_SET_PDEATHSIG), so a crashed test leaves no server.
pid_t spawn(const std::string &Binary, int Port, const std::string &WorkDir,
            const std::string &LogPath) {
  const std::string PortText = std::to_string(Port);
  const pid_t Parent = ::getpid();
  const pid_t Pid = ::fork();
  if (Pid != 0)
    return Pid;
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (::getppid() != Parent)
    ::_exit(125);
  const int Log = ::open(LogPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  const int Null = ::open("/dev/null", O_RDONLY);
  if (Log < 0 || Null < 0 || ::chdir(WorkDir.c_str()) != 0)
    ::_exit(126);
  ::dup2(Null, 0);
  ::dup2(Log, 1);
  ::dup2(Log, 2);
  std::vector<std::string> Args = {
      Binary,   "--tableHost",           "127.0.0.1",         "--tablePort",
      PortText, "--inMemoryPersistence", "--disableTelemetry"};
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  ::execv(Binary.c_str(), Argv.data());
  ::_exit(127);
}

// Reaps Pid if it has exited; returns true when it is gone.
bool reaped(pid_t Pid) {
  int Status = 0;
  const pid_t R = ::waitpid(Pid, &Status, WNOHANG);
  return R == Pid || (R < 0 && errno == ECHILD);
}

} // namespace

bool loopbackPortAccepts(int Port) {
  const int Fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (Fd < 0)
    return false;
  sockaddr_in Addr{};
  Addr.sin_family = AF_INET;
  Addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  Addr.sin_port = htons(static_cast<std::uint16_t>(Port));
  const bool Ok =
      ::connect(Fd, reinterpret_cast<sockaddr *>(&Addr), sizeof Addr) == 0;
  ::close(Fd);
  return Ok;
}

std::string AzuriteProcess::binaryPath() {
  return std::string(TABLELINT_SOURCE_DIR) + "/node_modules/.bin/azurite-table";
}

bool AzuriteProcess::installed() {
  return ::access(binaryPath().c_str(), X_OK) == 0;
}

std::string AzuriteProcess::endpoint() const {
  return "http://127.0.0.1:" + std::to_string(Port) + "/devstoreaccount1";
}

std::unique_ptr<AzuriteProcess> AzuriteProcess::start(std::string &Error) {
  std::unique_ptr<AzuriteProcess> P(new AzuriteProcess());
  P->WorkDir = makeTempDir("tablelint-azurite");
  const std::string LogPath = P->WorkDir + "/azurite.log";
  for (int Attempt = 0; Attempt < PortAttempts; ++Attempt) {
    P->Port = pickFreePort();
    if (P->Port == 0) {
      Error = "no free loopback port";
      return nullptr;
    }
    P->Pid = spawn(binaryPath(), P->Port, P->WorkDir, LogPath);
    if (P->Pid < 0) {
      Error = "fork failed";
      return nullptr;
    }
    const std::string Ready =
        "successfully started on 127.0.0.1:" + std::to_string(P->Port);
    const auto Deadline = Clock::now() + StartTimeout;
    while (Clock::now() < Deadline) {
      if (reaped(P->Pid)) {
        P->Pid = -1;
        break; // exited: port taken, or a real failure (log below)
      }
      if (readFile(LogPath).find(Ready) != std::string::npos &&
          loopbackPortAccepts(P->Port))
        return P;
      std::this_thread::sleep_for(PollInterval);
    }
    if (P->Pid > 0) {
      Error = "azurite-table did not answer on port " +
              std::to_string(P->Port) + " within 30 s; its output:\n" +
              readFile(LogPath);
      return nullptr; // the destructor stops it
    }
  }
  Error = "azurite-table exited before listening (" +
          std::to_string(PortAttempts) + " attempts); its output:\n" +
          readFile(LogPath);
  return nullptr;
}

void AzuriteProcess::stop() {
  if (Pid > 0) {
    ::kill(Pid, SIGTERM);
    const auto Deadline = Clock::now() + StopGrace;
    bool Gone = reaped(Pid);
    while (!Gone && Clock::now() < Deadline) {
      std::this_thread::sleep_for(PollInterval);
      Gone = reaped(Pid);
    }
    if (!Gone) {
      ::kill(Pid, SIGKILL);
      int Status = 0;
      ::waitpid(Pid, &Status, 0);
    }
    Pid = -1;
  }
  if (!WorkDir.empty()) {
    std::error_code Ignored;
    std::filesystem::remove_all(WorkDir, Ignored);
    WorkDir.clear();
  }
}

AzuriteProcess::~AzuriteProcess() { stop(); }

} // namespace tablelint::test
