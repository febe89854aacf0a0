// JSON as the Table service exchanges it (entity objects, query pages
// {"value": [...]}, error bodies {"odata.error": {...}}), through llvm::json:
// a guarded parse for response bodies and compact writing for requests.
//
// llvm::json keeps a number's value, not its text. Whether it was written
// as an integer ("2") or not ("2.0") can still be asked for non-negative
// numbers (RestEntity.cpp), which is how an unannotated whole Double from
// Azurite is recognised; a negative whole one ("-2.0") without annotation
// reads as an Int32. The entity codec annotates every whole or non-finite
// Double it sends.
#pragma once

#include <llvm/Support/JSON.h>

#include <optional>
#include <string>
#include <string_view>

namespace tablelint::live {

// Deeper nesting than any Table service body is refused before parsing: a
// hostile endpoint must not exhaust the stack (parsing or freeing the value).
inline constexpr unsigned MaxJsonDepth = 64;

// Parses one JSON document (RFC 8259). On error returns nullopt and sets
// Error to "offset N: what went wrong".
std::optional<llvm::json::Value> parseJson(std::string_view Text,
                                           std::string &Error);

// Compact single-line JSON (the batch format needs each body on one line).
std::string writeJson(const llvm::json::Value &V);

} // namespace tablelint::live
