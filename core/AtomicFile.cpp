// Atomic output files: write to a temporary sibling, fsync, rename.
#include "core/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace tablelint {

std::optional<std::string> writeFileAtomically(const std::string &Path,
                                               std::string_view Content) {
  namespace fs = std::filesystem;
  std::error_code EC;
  const fs::path Target(Path);
  if (Target.has_parent_path())
    fs::create_directories(Target.parent_path(), EC);
  const std::string Temp =
      Path + ".tmp." + std::to_string(static_cast<long>(::getpid()));
  auto Fail = [&](const char *What) {
    std::string Message = "cannot " + std::string(What) + " '" + Path +
                          "': " + std::strerror(errno);
    ::unlink(Temp.c_str());
    return Message;
  };
  const int Fd = ::open(Temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                        0644);
  if (Fd < 0)
    return Fail("write");
  std::size_t Done = 0;
  while (Done < Content.size()) {
    const ssize_t N = ::write(Fd, Content.data() + Done, Content.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      ::close(Fd);
      return Fail("write");
    }
    Done += static_cast<std::size_t>(N);
  }
  if (::fsync(Fd) != 0 || ::close(Fd) != 0)
    return Fail("write");
  if (::rename(Temp.c_str(), Path.c_str()) != 0)
    return Fail("replace");
  return std::nullopt;
}

std::optional<std::string> readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return std::nullopt;
  std::ostringstream S;
  S << In.rdbuf();
  if (In.bad())
    return std::nullopt;
  return S.str();
}

} // namespace tablelint
