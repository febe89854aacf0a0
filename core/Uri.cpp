// Absolute URIs (RFC 3986 scheme syntax).
#include "core/Uri.h"

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

int hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

} // namespace

std::string percentDecode(std::string_view Text) {
  std::string Out;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '%' && I + 2 < Text.size() && hexValue(Text[I + 1]) >= 0 &&
        hexValue(Text[I + 2]) >= 0) {
      Out +=
          static_cast<char>(hexValue(Text[I + 1]) * 16 + hexValue(Text[I + 2]));
      I += 2;
    } else {
      Out += Text[I];
    }
  }
  return Out;
}

} // namespace tablelint
