// Shared Key / Shared Key Lite request signing (see SharedKeySigner.h).
#include "replay/live/SharedKeySigner.h"

#include <array>
#include <cstdio>
#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace tablelint::live {

namespace {

constexpr std::string_view Base64Alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64Digit(char C) {
  if (C >= 'A' && C <= 'Z')
    return C - 'A';
  if (C >= 'a' && C <= 'z')
    return C - 'a' + 26;
  if (C >= '0' && C <= '9')
    return C - '0' + 52;
  if (C == '+')
    return 62;
  if (C == '/')
    return 63;
  return -1;
}

} // namespace

std::string_view authSchemeName(AuthScheme Scheme) {
  return Scheme == AuthScheme::SharedKey ? "SharedKey" : "SharedKeyLite";
}

std::string base64Encode(std::string_view Bytes) {
  std::string Out;
  Out.reserve((Bytes.size() + 2) / 3 * 4);
  std::size_t I = 0;
  for (; I + 3 <= Bytes.size(); I += 3) {
    const auto B0 = static_cast<unsigned char>(Bytes[I]);
    const auto B1 = static_cast<unsigned char>(Bytes[I + 1]);
    const auto B2 = static_cast<unsigned char>(Bytes[I + 2]);
    Out += Base64Alphabet[B0 >> 2];
    Out += Base64Alphabet[((B0 & 3) << 4) | (B1 >> 4)];
    Out += Base64Alphabet[((B1 & 15) << 2) | (B2 >> 6)];
    Out += Base64Alphabet[B2 & 63];
  }
  const std::size_t Rest = Bytes.size() - I;
  if (Rest == 1) {
    const auto B0 = static_cast<unsigned char>(Bytes[I]);
    Out += Base64Alphabet[B0 >> 2];
    Out += Base64Alphabet[(B0 & 3) << 4];
    Out += "==";
  } else if (Rest == 2) {
    const auto B0 = static_cast<unsigned char>(Bytes[I]);
    const auto B1 = static_cast<unsigned char>(Bytes[I + 1]);
    Out += Base64Alphabet[B0 >> 2];
    Out += Base64Alphabet[((B0 & 3) << 4) | (B1 >> 4)];
    Out += Base64Alphabet[(B1 & 15) << 2];
    Out += '=';
  }
  return Out;
}

std::optional<std::string> base64Decode(std::string_view Text) {
  if (Text.size() % 4 != 0)
    return std::nullopt;
  std::string Out;
  Out.reserve(Text.size() / 4 * 3);
  for (std::size_t I = 0; I < Text.size(); I += 4) {
    const bool Last = I + 4 == Text.size();
    std::array<int, 4> D{};
    unsigned Padding = 0;
    for (unsigned J = 0; J < 4; ++J) {
      const char C = Text[I + J];
      // '=' only at the end of the last group: "xx==" or "xxx=".
      if (C == '=' && Last && J >= 2 && (J == 3 || Text[I + 3] == '=')) {
        ++Padding;
        D[J] = 0;
        continue;
      }
      if (Padding > 0 || (D[J] = base64Digit(C)) < 0)
        return std::nullopt;
    }
    const unsigned Triple = (static_cast<unsigned>(D[0]) << 18) |
                            (static_cast<unsigned>(D[1]) << 12) |
                            (static_cast<unsigned>(D[2]) << 6) |
                            static_cast<unsigned>(D[3]);
    Out += static_cast<char>((Triple >> 16) & 0xFF);
    if (Padding < 2)
      Out += static_cast<char>((Triple >> 8) & 0xFF);
    if (Padding < 1)
      Out += static_cast<char>(Triple & 0xFF);
  }
  return Out;
}

std::string hmacSha256(std::string_view Key, std::string_view Message) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> Digest{};
  unsigned Length = 0;
  HMAC(EVP_sha256(), Key.data(), static_cast<int>(Key.size()),
       reinterpret_cast<const unsigned char *>(Message.data()), Message.size(),
       Digest.data(), &Length);
  return std::string(reinterpret_cast<const char *>(Digest.data()), Length);
}

std::string rfc1123Date(std::time_t When) {
  // Names spelled out: strftime's %a and %b follow the locale, the header
  // must be English.
  static constexpr std::array<const char *, 7> Days = {
      "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr std::array<const char *, 12> Months = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun",
      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::tm Tm{};
  gmtime_r(&When, &Tm);
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%s, %02d %s %04d %02d:%02d:%02d GMT",
                Days[static_cast<std::size_t>(Tm.tm_wday)], Tm.tm_mday,
                Months[static_cast<std::size_t>(Tm.tm_mon)], Tm.tm_year + 1900,
                Tm.tm_hour, Tm.tm_min, Tm.tm_sec);
  return Buf;
}

std::string canonicalizedResource(std::string_view Account,
                                  std::string_view Path) {
  std::string Out = "/";
  Out += Account;
  Out += Path.empty() ? std::string_view("/") : Path;
  return Out;
}

std::string stringToSign(AuthScheme Scheme, std::string_view Account,
                         const SignedRequest &Request) {
  std::string Out;
  if (Scheme == AuthScheme::SharedKey) {
    Out += Request.Verb;
    Out += "\n\n"; // Content-MD5: never sent
    Out += Request.ContentType;
    Out += '\n';
  }
  Out += Request.Date;
  Out += '\n';
  Out += canonicalizedResource(Account, Request.Path);
  return Out;
}

std::string authorizationHeader(AuthScheme Scheme, std::string_view Account,
                                std::string_view KeyBytes,
                                const SignedRequest &Request) {
  std::string Out(authSchemeName(Scheme));
  Out += ' ';
  Out += Account;
  Out += ':';
  Out += base64Encode(
      hmacSha256(KeyBytes, stringToSign(Scheme, Account, Request)));
  return Out;
}

} // namespace tablelint::live
