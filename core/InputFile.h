// Reading a user's input file (a schema, a configuration) within a size
// limit that is checked before anything is read: a 1 GB file is refused
// from its size, never loaded. What is not a regular file is named for
// what it is (a directory, a named pipe...) instead of being read: a FIFO
// would block the run until someone writes to it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tablelint {

struct InputFileLimit {
  std::uint64_t MaxBytes = 0;
  // Names the kind of file in the size message ("schema files").
  std::string What = "input files";
};

// The whole file, or nullopt with Error set to why not, for a message
// "<path>: error: cannot read the file: <Error>": "no such file or
// directory", "it is a named pipe (FIFO), not a regular file", "the file
// is 1073741824 bytes; schema files are limited to 8388608 bytes".
std::optional<std::string> readInputFile(const std::string &Path,
                                         const InputFileLimit &Limit,
                                         std::string &Error);

// At most the first MaxBytes bytes of the file (with the same refusals as
// readInputFile except the size), for a look at the start of a file that
// may be large.
std::optional<std::string> readInputFilePrefix(const std::string &Path,
                                               std::uint64_t MaxBytes,
                                               std::string &Error);

// "a directory", "a named pipe (FIFO)", "a socket", "a character device",
// "a block device"; empty for a regular file or a path that does not exist.
std::string nonRegularFileKind(const std::string &Path);

// The size message of readInputFile, for callers that check a size they
// already hold.
std::string fileTooLargeMessage(std::uint64_t Bytes,
                                const InputFileLimit &Limit);

} // namespace tablelint
