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

std::string percentDecode(std::string_view Text) {
  std::string Out;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '%' && I + 2 < Text.size() && hexDigitValue(Text[I + 1]) >= 0 &&
        hexDigitValue(Text[I + 2]) >= 0) {
      Out +=
          static_cast<char>(hexDigitValue(Text[I + 1]) * 16 + hexDigitValue(Text[I + 2]));
      I += 2;
    } else {
      Out += Text[I];
    }
  }
  return Out;
}

} // namespace tablelint
