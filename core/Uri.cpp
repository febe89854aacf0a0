// Absolute URIs (RFC 3986 scheme syntax).
#include "core/Uri.h"
#include "core/Text.h"

#include <cctype>

namespace tablelint {

bool isAbsoluteUri(std::string_view Url) {
  const std::size_t Colon = Url.find(':');
  if (Colon == std::string_view::npos || Colon == 0 ||
      Colon + 1 >= Url.size() ||
      !std::isalpha(static_cast<unsigned char>(Url[0])))
    return false;
  for (std::size_t I = 0; I < Colon; ++I)
    if (!std::isalnum(static_cast<unsigned char>(Url[I])) && Url[I] != '+' &&
        Url[I] != '-' && Url[I] != '.')
      return false;
  return Url.find_first_of(" \t\n\"<>") == std::string_view::npos;
}

namespace {

// Decodes Text; a broken escape is kept (Strict false) or fails.
std::optional<std::string> decode(std::string_view Text, bool Strict) {
  std::string Out;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    const int Hi = Text[I] == '%' && I + 2 < Text.size() ? hexDigitValue(Text[I + 1]) : -1;
    const int Lo = Hi >= 0 ? hexDigitValue(Text[I + 2]) : -1;
    if (Lo >= 0) {
      Out += static_cast<char>(Hi * 16 + Lo);
      I += 2;
    } else if (Text[I] == '%' && Strict) {
      return std::nullopt;
    } else {
      Out += Text[I];
    }
  }
  return Out;
}

} // namespace

std::string percentDecode(std::string_view Text) { return *decode(Text, false); }

std::optional<std::string> percentDecodeStrict(std::string_view Text) {
  return decode(Text, true);
}

} // namespace tablelint
