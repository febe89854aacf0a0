// Atomic output files: write to a temporary sibling, fsync, rename.
#include "core/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

namespace tablelint {

namespace {

std::string errorText(const char *What, const std::string &Path) {
  return "cannot " + std::string(What) + " '" + Path +
         "': " + std::strerror(errno);
}

// Writes all of Content to Fd; false with errno set on failure.
bool writeAll(int Fd, std::string_view Content) {
  std::size_t Done = 0;
  while (Done < Content.size()) {
    const ssize_t N = ::write(Fd, Content.data() + Done, Content.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      if (N == 0)
        errno = EIO;
      return false;
    }
    Done += static_cast<std::size_t>(N);
  }
  return true;
}

// Whether Path names something a rename must not replace: a device, a FIFO,
// a socket, or a link to one or to an open descriptor (/dev/stdout is a link
// to /proc/self/fd/1). Those are written through in place.
bool writeInPlace(const std::string &Path) {
  struct stat Link;
  if (::lstat(Path.c_str(), &Link) != 0)
    return false; // a new file
  if (S_ISREG(Link.st_mode))
    return false;
  if (!S_ISLNK(Link.st_mode))
    return !S_ISDIR(Link.st_mode);
  char Target[4096];
  const ssize_t N = ::readlink(Path.c_str(), Target, sizeof Target - 1);
  if (N > 0 && std::string_view(Target, static_cast<std::size_t>(N))
                       .substr(0, 6) == "/proc/")
    return true;
  struct stat Followed;
  return ::stat(Path.c_str(), &Followed) == 0 && !S_ISREG(Followed.st_mode) &&
         !S_ISDIR(Followed.st_mode);
}

std::optional<std::string> writeThrough(const std::string &Path,
                                        std::string_view Content) {
  // O_TRUNC only acts on regular files (a redirected /dev/stdout).
  const int Fd = ::open(Path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (Fd < 0)
    return errorText("write", Path);
  if (!writeAll(Fd, Content)) {
    std::string Message = errorText("write", Path);
    ::close(Fd);
    return Message;
  }
  if (::close(Fd) != 0)
    return errorText("write", Path);
  return std::nullopt;
}

} // namespace

std::optional<std::string> writeFileAtomically(const std::string &Path,
                                               std::string_view Content) {
  namespace fs = std::filesystem;
  if (writeInPlace(Path))
    return writeThrough(Path, Content);
  std::error_code EC;
  std::string Target = Path;
  // A link to a regular file keeps being a link: its target is replaced.
  if (fs::is_symlink(Target, EC)) {
    const fs::path Real = fs::canonical(Target, EC);
    if (!EC)
      Target = Real.string();
  }
  const fs::path TargetPath(Target);
  if (TargetPath.has_parent_path())
    fs::create_directories(TargetPath.parent_path(), EC);
  const std::string Temp =
      Target + ".tmp." + std::to_string(static_cast<long>(::getpid()));
  auto Fail = [&](const char *What) {
    std::string Message = errorText(What, Path);
    ::unlink(Temp.c_str());
    return Message;
  };
  const int Fd = ::open(Temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                        0644);
  if (Fd < 0)
    return Fail("write");
  if (!writeAll(Fd, Content)) {
    const int Saved = errno;
    ::close(Fd);
    errno = Saved;
    return Fail("write");
  }
  if (::fsync(Fd) != 0 || ::close(Fd) != 0)
    return Fail("write");
  if (::rename(Temp.c_str(), Target.c_str()) != 0)
    return Fail("replace");
  return std::nullopt;
}

std::optional<std::string> writeStandardOutput(std::string_view Content) {
  std::cout.flush();
  errno = 0;
  if (std::fflush(stdout) != 0 || !std::cout)
    return "cannot write to standard output: " +
           std::string(errno ? std::strerror(errno) : "write error");
  if (!writeAll(STDOUT_FILENO, Content))
    return "cannot write to standard output: " +
           std::string(std::strerror(errno));
  return std::nullopt;
}

std::optional<std::string> readFile(const std::string &Path) {
  // One buffer of the file's size (no stream buffer and copy on top: a
  // reader's memory is a small multiple of its input); FIFOs and devices,
  // whose size is unknown, are read to their end.
  const int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return std::nullopt;
  struct stat Info;
  if (::fstat(Fd, &Info) != 0 || S_ISDIR(Info.st_mode)) {
    ::close(Fd);
    return std::nullopt;
  }
  std::string Text;
  if (S_ISREG(Info.st_mode))
    Text.reserve(static_cast<std::size_t>(Info.st_size));
  char Chunk[65536];
  for (;;) {
    const ssize_t N = ::read(Fd, Chunk, sizeof Chunk);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      ::close(Fd);
      return std::nullopt;
    }
    if (N == 0)
      break;
    Text.append(Chunk, static_cast<std::size_t>(N));
  }
  ::close(Fd);
  return Text;
}

} // namespace tablelint
