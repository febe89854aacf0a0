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

#include <clang/AST/Expr.h>

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

// True when Call is one of the header-setting calls above (the table
// model, model/TableModel.h, collects them).
bool isHeaderCall(const clang::CallExpr *Call);

// The header Call sets; nullopt when Call is no header-setting call or the
// header's name is not known.
std::optional<HeaderSetting> headerSetting(const clang::CallExpr *Call,
                                           StringRecovery &Strings);

// Case-insensitive, as HTTP header names are.
bool headerNamed(const HeaderSetting &H, llvm::StringRef Name);

} // namespace tablelint::code
