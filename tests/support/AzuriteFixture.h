// A real Azurite Table endpoint for tests: starts `azurite-table` from the
// source tree's node_modules on 127.0.0.1, in memory, telemetry off, in a
// private temporary directory, and stops it again by its process id.
//
// Azurite started with --tablePort 0 reports port 0, so the fixture picks a
// free port itself (bind to port 0, read the port, release it) and retries
// with another one if Azurite loses the race for it.
#pragma once

#include <memory>
#include <string>
#include <sys/types.h>

namespace tablelint::test {

// Whether something accepts TCP connections on 127.0.0.1:Port.
bool loopbackPortAccepts(int Port);

class AzuriteProcess {
public:
  // <source>/node_modules/.bin/azurite-table.
  static std::string binaryPath();
  // Whether `npm ci` has installed it; tests skip (and say why) only then.
  static bool installed();

  // Starts Azurite and waits until it accepts connections. Returns null and
  // sets Error (with Azurite's output) when it does not come up.
  static std::unique_ptr<AzuriteProcess> start(std::string &Error);

  // Stops the process: SIGTERM, then SIGKILL after a grace period.
  ~AzuriteProcess();
  AzuriteProcess(const AzuriteProcess &) = delete;
  AzuriteProcess &operator=(const AzuriteProcess &) = delete;

  int port() const { return Port; }
  pid_t pid() const { return Pid; }
  // http://127.0.0.1:PORT/devstoreaccount1
  std::string endpoint() const;
  // Stops now and removes the work directory (idempotent).
  void stop();

private:
  AzuriteProcess() = default;
  pid_t Pid = -1;
  int Port = 0;
  std::string WorkDir;
};

} // namespace tablelint::test
