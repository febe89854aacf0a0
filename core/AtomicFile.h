// Writing output files so that readers never see a half-written one: the
// text goes to a temporary file beside the target, which is then renamed
// over it (rename is atomic within one file system). A device, FIFO or
// socket (-o /dev/null, -o /dev/stdout, a named pipe) is written in place
// instead: renaming over it would replace the node with a regular file.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tablelint {

// Returns an error message ("cannot write 'x': No space left on device") or
// nullopt on success. Creates missing parent directories.
std::optional<std::string> writeFileAtomically(const std::string &Path,
                                               std::string_view Content);

// Writes Content to standard output, after whatever std::cout and stdout
// still buffer, checking every write: the error message ("cannot write to
// standard output: No space left on device") or nullopt.
std::optional<std::string> writeStandardOutput(std::string_view Content);

// Reads a whole file; nullopt when it cannot be read.
std::optional<std::string> readFile(const std::string &Path);

} // namespace tablelint
