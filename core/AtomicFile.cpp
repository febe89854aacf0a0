// Atomic output files: write to a temporary sibling, fsync, rename.
//
// The temporary file has a random name and is created with O_EXCL and
// O_NOFOLLOW: a file or symlink planted under any name is never followed.
// The file replaced keeps its mode (0600 stays 0600, an executable keeps its
// bit). A file without write permission is refused, as editors refuse to
// save over one. A file with more than one hard link is written in place
// once its text is complete, as vim and Emacs write linked files: a rename
// would leave its other names with the old text (docs/lint.md).
#include "core/AtomicFile.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <random>
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

// Writes Content into the file Path names, in place. A device, FIFO or
// socket is opened with O_TRUNC (which only acts on a regular file: a
// redirected /dev/stdout). A regular file with other hard links (Linked) is
// written as vim's backupcopy=auto and Emacs's
// backup-by-copying-when-linked write one, since a rename would leave its
// other names with the old text: the text is complete before the file is
// touched, overwritten from the start, cut to its length and synced.
std::optional<std::string> writeThrough(const std::string &Path,
                                        std::string_view Content,
                                        bool Linked = false) {
  const int Fd = ::open(Path.c_str(), Linked
                                          ? O_WRONLY | O_NOFOLLOW | O_CLOEXEC
                                          : O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (Fd < 0)
    return errorText("write", Path);
  const bool Written =
      writeAll(Fd, Content) &&
      (!Linked || (::ftruncate(Fd, static_cast<off_t>(Content.size())) == 0 &&
                   ::fsync(Fd) == 0));
  if (!Written) {
    std::string Message = errorText("write", Path);
    ::close(Fd);
    return Message;
  }
  if (::close(Fd) != 0)
    return errorText("write", Path);
  return std::nullopt;
}

// The process's umask, read once: a new file gets 0666 less it, as any
// file open(2) creates.
mode_t processUmask() {
  static const mode_t Mask = [] {
    const mode_t M = ::umask(077);
    ::umask(M);
    return M;
  }();
  return Mask;
}

// Creates a temporary file beside Target that nobody else can have made
// or linked: a fresh random name, O_EXCL | O_NOFOLLOW (a planted file or
// symlink of that name is an EEXIST, never followed), mode 0600 until the
// final mode is set. Returns the descriptor (or -1, errno set) and the name.
int createTemporary(const std::string &Target, std::string &Name) {
  static std::atomic<unsigned> Counter{0};
  std::random_device Random;
  for (int Attempt = 0; Attempt < 100; ++Attempt) {
    char Suffix[64];
    std::snprintf(Suffix, sizeof Suffix, ".tmp.%ld.%08x%08x",
                  static_cast<long>(::getpid()), Random(),
                  Random() ^ Counter++);
    Name = Target + Suffix;
    const int Fd = ::open(Name.c_str(),
                          O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                          0600);
    if (Fd >= 0 || errno != EEXIST)
      return Fd;
  }
  return -1;
}

// A file without write permission is refused, as editors refuse to save
// over one (a rename would replace it regardless of its mode).
std::optional<std::string> checkReplaceable(const std::string &Path,
                                            const struct stat &Info) {
  if ((Info.st_mode & 0222) == 0 || ::access(Path.c_str(), W_OK) != 0)
    return "cannot write '" + Path +
           "': the file is read-only (make it writable to let tablelint "
           "replace it)";
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
  // The mode of the file replaced is kept (a 0600 file stays 0600, an
  // executable keeps its bit); a new file gets 0666 less the umask.
  mode_t Mode = 0666 & ~processUmask();
  struct stat Existing;
  if (::lstat(Target.c_str(), &Existing) == 0 && S_ISREG(Existing.st_mode)) {
    if (auto Error = checkReplaceable(Path, Existing))
      return Error;
    if (Existing.st_nlink > 1)
      return writeThrough(Target, Content, /*Linked=*/true);
    Mode = Existing.st_mode & 07777;
  }
  const fs::path TargetPath(Target);
  if (TargetPath.has_parent_path())
    fs::create_directories(TargetPath.parent_path(), EC);
  std::string Temp;
  const int Fd = createTemporary(Target, Temp);
  if (Fd < 0)
    return errorText("write", Path);
  auto Fail = [&](const char *What) {
    std::string Message = errorText(What, Path);
    ::unlink(Temp.c_str());
    return Message;
  };
  if (::fchmod(Fd, Mode) != 0 || !writeAll(Fd, Content)) {
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
