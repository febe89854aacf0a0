// Shared Key authorization for the Table service (SERVICE-FACTS.md, "Live
// endpoint for tests"), kept apart from the HTTP client so the string to sign
// and the signature can be checked against independently derived values.
//
//   SharedKeyLite: StringToSign = Date + "\n" + CanonicalizedResource
//   SharedKey:     StringToSign = VERB + "\n" + Content-MD5 + "\n" +
//                                 Content-Type + "\n" + Date + "\n" +
//                                 CanonicalizedResource
//   CanonicalizedResource = "/" + account + <encoded URI path>
//                           (+ "?comp=..." only; tablelint never sends comp)
//   Signature = Base64(HMAC-SHA256(Base64Decode(key), StringToSign))
//
// With a path-style emulator URL (http://127.0.0.1:PORT/devstoreaccount1/...)
// the URI path itself starts with the account, so the account appears twice.
#pragma once

#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace tablelint::live {

enum class AuthScheme { SharedKeyLite, SharedKey };

// "SharedKeyLite" / "SharedKey", as written in the Authorization header.
std::string_view authSchemeName(AuthScheme Scheme);

std::string base64Encode(std::string_view Bytes);
// Strict RFC 4648 decoding (padding required, no whitespace); nullopt on any
// other character, so a mangled key is reported instead of signing garbage.
std::optional<std::string> base64Decode(std::string_view Text);

// Raw 32-byte HMAC-SHA256 of Message under Key.
std::string hmacSha256(std::string_view Key, std::string_view Message);

// RFC 1123 date in GMT ("Sun, 22 Nov 2026 05:40:00 GMT"), independent of the
// process locale, as the x-ms-date header wants it.
std::string rfc1123Date(std::time_t When);

// The parts of a request that enter the string to sign.
struct SignedRequest {
  std::string Verb;        // GET, POST, PUT, MERGE, DELETE
  std::string ContentType; // exactly as sent; empty when no body
  std::string Date;        // the x-ms-date value
  std::string Path;        // encoded URI path, e.g. /devstoreaccount1/Tables
};

std::string canonicalizedResource(std::string_view Account,
                                  std::string_view Path);
std::string stringToSign(AuthScheme Scheme, std::string_view Account,
                         const SignedRequest &Request);
// The whole Authorization header value: "<scheme> <account>:<signature>".
// KeyBytes is the decoded account key.
std::string authorizationHeader(AuthScheme Scheme, std::string_view Account,
                                std::string_view KeyBytes,
                                const SignedRequest &Request);

} // namespace tablelint::live
