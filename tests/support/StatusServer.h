// A failing Table endpoint for tests: tests/replay/status-server.py in one
// of its modes (all, entities, hang; proxy in front of a real endpoint such
// as an AzuriteProcess, injecting faults), on 127.0.0.1 at the free port it
// reports. The server shuts itself down after its time bound; the fixture
// kills it by its process id before that, and it dies with the test
// process.
#pragma once

#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

namespace tablelint::test {

class StatusServer {
public:
  // status-server.py MODE for at most Seconds; TargetPort: the endpoint a
  // proxy forwards to (0: none); Options: the script's own (--every K,
  // --limit M, --status S, --retry-after A, --drop, --lose).
  explicit StatusServer(const std::string &Mode, int TargetPort = 0,
                        const std::vector<std::string> &Options = {},
                        int Seconds = 120);
  ~StatusServer();
  StatusServer(const StatusServer &) = delete;
  StatusServer &operator=(const StatusServer &) = delete;

  // 0 when the server did not come up.
  int port() const { return Port; }
  // http://127.0.0.1:PORT/devstoreaccount1
  std::string url() const;
  // What the server counted so far: requests, entityRequests, injected,
  // dropped, lost; -1 when unreadable.
  std::int64_t stat(const char *Name) const;

private:
  pid_t Pid = -1;
  int Port = 0;
  std::string Dir;
};

} // namespace tablelint::test
