// Writing output files so that readers never see a half-written one: the
// text goes to a temporary file beside the target, which is then renamed
// over it (rename is atomic within one file system).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tablelint {

// Returns an error message ("cannot write 'x': No space left on device") or
// nullopt on success. Creates missing parent directories.
std::optional<std::string> writeFileAtomically(const std::string &Path,
                                               std::string_view Content);

// Reads a whole file; nullopt when it cannot be read.
std::optional<std::string> readFile(const std::string &Path);

} // namespace tablelint
