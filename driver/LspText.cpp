// URIs and UTF-16 columns for `tablelint lsp` (see LspText.h).
#include "driver/LspText.h"

#include "core/Text.h"
#include "core/Uri.h"
#include "driver/Sarif.h"

#include <algorithm>
#include <cctype>

namespace tablelint {

namespace {

// Bytes of the UTF-8 sequence led by C (1 for stray continuation bytes,
// so broken text still advances).
unsigned sequenceLength(unsigned char C) {
  if (C >= 0xF0)
    return 4;
  if (C >= 0xE0)
    return 3;
  if (C >= 0xC0)
    return 2;
  return 1;
}

} // namespace

std::optional<std::string> pathOfFileUri(std::string_view Uri) {
  constexpr std::string_view Scheme = "file://";
  if (Uri.size() < Scheme.size())
    return std::nullopt;
  for (std::size_t I = 0; I < Scheme.size(); ++I)
    if (std::tolower(static_cast<unsigned char>(Uri[I])) != Scheme[I])
      return std::nullopt;
  Uri.remove_prefix(Scheme.size());
  // "file://localhost/x" names the local file; other hosts are not ours.
  if (Uri.rfind("localhost/", 0) == 0)
    Uri.remove_prefix(9);
  if (Uri.empty() || Uri.front() != '/')
    return std::nullopt;
  std::optional<std::string> Path = percentDecodeStrict(Uri);
  if (!Path || Path->find('\0') != std::string::npos)
    return std::nullopt;
  return Path;
}

std::string fileUriOfPath(const std::string &Path) {
  return "file://" + encodeUriPath(Path);
}

std::string_view lineOf(std::string_view Text, unsigned Line) {
  std::size_t Start = 0;
  for (unsigned L = 1; L < Line; ++L) {
    const std::size_t Break = Text.find('\n', Start);
    if (Break == std::string_view::npos)
      return {};
    Start = Break + 1;
  }
  if (Line == 0 || Start > Text.size())
    return {};
  std::size_t End = Text.find('\n', Start);
  if (End == std::string_view::npos)
    End = Text.size();
  if (End > Start && Text[End - 1] == '\r')
    --End;
  return Text.substr(Start, End - Start);
}

unsigned utf16Column(std::string_view Line, unsigned ByteColumn) {
  const std::size_t Bytes =
      std::min<std::size_t>(ByteColumn ? ByteColumn - 1 : 0, Line.size());
  unsigned Units = 0;
  for (std::size_t I = 0; I < Bytes;) {
    const unsigned Length = sequenceLength(static_cast<unsigned char>(Line[I]));
    Units += Length == 4 ? 2 : 1;
    I += Length;
  }
  return Units;
}

unsigned byteColumn(std::string_view Line, unsigned Utf16Column) {
  unsigned Units = 0;
  std::size_t I = 0;
  while (I < Line.size() && Units < Utf16Column) {
    const unsigned Length = sequenceLength(static_cast<unsigned char>(Line[I]));
    Units += Length == 4 ? 2 : 1;
    I += Length;
  }
  return static_cast<unsigned>(std::min(I, Line.size())) + 1;
}

} // namespace tablelint
