// Bounded reading of input files (see InputFile.h).
#include "core/InputFile.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tablelint {

namespace {

std::string kindOf(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a named pipe (FIFO)";
  if (S_ISSOCK(Mode))
    return "a socket";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  return "not a regular file";
}

std::string lowerFirst(std::string Text) {
  if (!Text.empty() && Text[0] >= 'A' && Text[0] <= 'Z')
    Text[0] = static_cast<char>(Text[0] - 'A' + 'a');
  return Text;
}

} // namespace

std::string nonRegularFileKind(const std::string &Path) {
  struct stat Info;
  if (::stat(Path.c_str(), &Info) != 0 || S_ISREG(Info.st_mode))
    return "";
  return kindOf(Info.st_mode);
}

std::string fileTooLargeMessage(std::uint64_t Bytes,
                                const InputFileLimit &Limit) {
  return "the file is " + std::to_string(Bytes) + " bytes; " + Limit.What +
         " are limited to " + std::to_string(Limit.MaxBytes) + " bytes";
}

namespace {

// Prefix: return the first Limit.MaxBytes bytes of a larger file instead of
// refusing it.
std::optional<std::string> readBounded(const std::string &Path,
                                       const InputFileLimit &Limit,
                                       bool Prefix, std::string &Error) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
  // below from its type.
  const int Fd = ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0) {
    Error = lowerFirst(std::strerror(errno));
    return std::nullopt;
  }
  struct Closer {
    int Fd;
    ~Closer() { ::close(Fd); }
  } Close{Fd};
  struct stat Info;
  if (::fstat(Fd, &Info) != 0) {
    Error = lowerFirst(std::strerror(errno));
    return std::nullopt;
  }
  if (!S_ISREG(Info.st_mode)) {
    Error = "it is " + kindOf(Info.st_mode) + ", not a regular file";
    return std::nullopt;
  }
  auto Size = static_cast<std::uint64_t>(Info.st_size);
  if (Size > Limit.MaxBytes && !Prefix) {
    Error = fileTooLargeMessage(Size, Limit);
    return std::nullopt;
  }
  Size = std::min(Size, Limit.MaxBytes);
  // Read up to one byte past the limit, so a file that grew after fstat is
  // refused too rather than read without bound.
  std::string Text;
  Text.resize(static_cast<std::size_t>(Size) + 1);
  std::size_t Done = 0;
  for (;;) {
    if (Done == Text.size()) {
      if (Prefix && Done >= Limit.MaxBytes)
        break;
      if (Text.size() > Limit.MaxBytes) {
        Error = fileTooLargeMessage(Text.size(), Limit);
        return std::nullopt;
      }
      Text.resize(std::min<std::uint64_t>(Text.size() * 2 + 4096,
                                          Limit.MaxBytes + 1));
    }
    const ssize_t N = ::read(Fd, Text.data() + Done, Text.size() - Done);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      Error = lowerFirst(std::strerror(errno));
      return std::nullopt;
    }
    if (N == 0)
      break;
    Done += static_cast<std::size_t>(N);
  }
  Text.resize(Prefix ? std::min<std::uint64_t>(Done, Limit.MaxBytes) : Done);
  return Text;
}

} // namespace

std::optional<std::string> readInputFile(const std::string &Path,
                                         const InputFileLimit &Limit,
                                         std::string &Error) {
  return readBounded(Path, Limit, false, Error);
}

std::optional<std::string> readInputFilePrefix(const std::string &Path,
                                               std::uint64_t MaxBytes,
                                               std::string &Error) {
  return readBounded(Path, {MaxBytes, ""}, true, Error);
}

} // namespace tablelint
