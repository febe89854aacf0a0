// URIs users configure (SARIF's helpUri base must be absolute) and URIs
// that arrive percent-encoded (OData query strings, LSP file: URIs).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tablelint {

// Whether Url is an absolute URI ("https://...", "file:///..."): a scheme
// of letters, digits, '+', '-', '.', a ':', and no blanks or quotes.
bool isAbsoluteUri(std::string_view Url);

// "%20" -> " ", and every other %XX; a '%' without two hex digits is kept.
std::string percentDecode(std::string_view Text);

// The same, refusing: nullopt when a '%' is not followed by two hex digits
// (a file: URI with a broken escape names no file).
std::optional<std::string> percentDecodeStrict(std::string_view Text);

} // namespace tablelint
