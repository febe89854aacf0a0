// The value of a string expression as a schema template: its text where
// the code fixes it, and a placeholder for each value it takes at run time,
// named after the variable or member it is read from. What `schema init`
// writes for a key, a filter or a table name the code builds:
//   r.DeviceId + "_" + fmt::format("{:%H%M%S}", r.Time)
// is "{deviceId}_{time:HHmmss}", deviceId a string, time a datetime.
// Text known at compile time is followed as StringRecovery follows it
// (literals, constants, locals built in straight-line code); a placeholder
// keeps the C++ type of its value as an EDM type.
#pragma once

#include "core/ApiRoles.h"
#include "core/Edm.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <string>
#include <vector>

namespace tablelint::code {

struct TemplatePlaceholder {
  std::string Name; // a property name: [A-Za-z0-9_]+, lower camel case
  EdmType Type = EdmType::String;
  std::string Format; // a schema date format ("yyyyMMdd"); empty: none
  // The value comes from a clock's now(): it keeps growing.
  bool Clock = false;
};

struct CodeTemplate {
  // Literal text with '{' and '}' doubled, and {name[:format]} placeholders.
  std::string Text;
  std::vector<TemplatePlaceholder> Placeholders;

  bool known() const { return Placeholders.empty(); }
};

// The template of the string expression E (nullptr: an empty template).
CodeTemplate codeTemplate(const clang::Expr *E, clang::ASTContext &Ctx,
                          const ApiRoles &Roles);

// A strftime/chrono format ("%Y%m%d") as a schema date format
// ("yyyyMMdd"); empty when it has a conversion the schema has no token for.
std::string schemaDateFormat(llvm::StringRef Strftime);

// A placeholder name for a C++ identifier: "DeviceId" -> "deviceId",
// "devices_" -> "devices", "m_site" -> "site".
std::string placeholderName(llvm::StringRef Identifier);

} // namespace tablelint::code
