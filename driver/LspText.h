// What `tablelint lsp` needs to speak of places the way editors do:
// file:// URIs for paths, and LSP positions (0-based lines, columns in
// UTF-16 code units) for tablelint's 1-based byte columns.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tablelint {

// "file:///home/a%20b/x.cpp" -> "/home/a b/x.cpp"; nullopt for other
// schemes, remote hosts or broken escapes.
std::optional<std::string> pathOfFileUri(std::string_view Uri);
// An absolute path as a file:// URI (percent-encoded, '/' kept).
std::string fileUriOfPath(const std::string &Path);

// The text of 1-based line Line (without its line break; empty past the end).
std::string_view lineOf(std::string_view Text, unsigned Line);

// A 1-based byte column on Line as a 0-based UTF-16 column: characters
// outside the Basic Multilingual Plane count twice. Past the end of the
// line it clamps to the line's length.
unsigned utf16Column(std::string_view Line, unsigned ByteColumn);

// The other way: a 0-based UTF-16 column as a 1-based byte column.
unsigned byteColumn(std::string_view Line, unsigned Utf16Column);

} // namespace tablelint
