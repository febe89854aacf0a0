// Request headers set by hand-written REST code: cpprestsdk's
// http_headers::add, headers()[name] = value, set_content_type, the content
// type of http_request::set_body and http_client::request, and libcurl's
// "Name: value" lines (curl_slist_append). The Table SDKs set their own
// headers, so raw REST code is the only place a payload format or a SharedKey
// signature is written by hand (atompub-payload, shared-key-in-client).
// These libraries are not Table APIs, so their names live here and not in
// the role maps.
#pragma once

#include "checks/code/model/StringRecovery.h"

#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <optional>
#include <string>

namespace tablelint::code {

struct HeaderSetting {
  // Recovered; unknown stretches are UnknownValueMarker.
  std::string Name;
  std::string Value;
  // The call that sets the header (where findings go).
  const clang::Expr *Call = nullptr;
};

// Adds the matchers of header-setting calls, reported to Callback.
void registerHeaderMatchers(
    clang::ast_matchers::MatchFinder *Finder,
    clang::ast_matchers::MatchFinder::MatchCallback *Callback);

// The header set by a match of these matchers; nullopt for other matches
// and when the header's name is not known.
std::optional<HeaderSetting>
matchedHeader(const clang::ast_matchers::MatchFinder::MatchResult &Result,
              StringRecovery &Strings);

// Case-insensitive, as HTTP header names are.
bool headerNamed(const HeaderSetting &H, llvm::StringRef Name);

} // namespace tablelint::code
