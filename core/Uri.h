// Telling an absolute URI from a path, for addresses users configure
// (SARIF's helpUri base must be absolute).
#pragma once

#include <string_view>

namespace tablelint {

// Whether Url is an absolute URI ("https://...", "file:///..."): a scheme
// of letters, digits, '+', '-', '.', a ':', and no blanks or quotes.
bool isAbsoluteUri(std::string_view Url);

} // namespace tablelint
