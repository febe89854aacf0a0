// Loads a schema file (format version 1, docs/schema.md) into the model of
// core/schema/Schema.h, reporting every problem as file:line:column and
// going on after each one, so a user fixes a file in one pass.
//
// Besides the strict reading of each mapping (unknown keys with a
// did-you-mean, wrong types, missing keys) it checks what ties the file
// together: duplicate names, references to accounts, clients and writes
// that are not declared, key and filter template placeholders that name no
// property, filters the Table service would reject, impossible rates,
// weights that do not match their values. Hostile input (huge files, alias
// bombs, deep nesting) is refused with an error before it can cost much.
//
// Design findings (a hot partition, a batch of 500) are not load errors: the
// model keeps what was written and the schema checks report it.
#pragma once

#include "core/InputError.h"
#include "core/schema/Schema.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::schema {

struct SchemaLoadOptions {
  // A fragment is a piece of a schema, as in the rule catalog's examples:
  // `version` may be missing, and references to accounts, clients and
  // properties that the fragment does not declare are accepted.
  bool Fragment = false;
  // Hostile input limits.
  std::uint64_t MaxFileBytes = 8u << 20;
  unsigned MaxDepth = 64;             // nested collections
  std::uint64_t MaxNodes = 2'000'000; // nodes after expanding aliases
  // Errors reported at most; the rest are counted in one last error.
  std::size_t MaxErrors = 100;
};

struct SchemaLoad {
  Schema Value;
  // Sorted by line and column.
  std::vector<InputError> Errors;
  bool ok() const { return Errors.empty(); }
};

// FileName names the text in messages and becomes Schema::File.
SchemaLoad loadSchemaText(std::string_view Text, const std::string &FileName,
                          const SchemaLoadOptions &Options = {});
// Reads Path (an unreadable, non-regular or oversized file is one error at
// line 0; the size is checked before anything is read).
SchemaLoad loadSchemaFile(const std::string &Path,
                          const SchemaLoadOptions &Options = {});
// The reading step of loadSchemaFile alone: the text, or nullopt and the
// error in Errors.
std::optional<std::string> readSchemaFile(const std::string &Path,
                                          const SchemaLoadOptions &Options,
                                          std::vector<InputError> &Errors);

// True when Text looks like a tablelint schema: two top-level keys of the
// format (`version:`, `tables:`, `accounts:`, `clients:`), one of them spelt
// right and the other possibly a typo away. Tells schema files from other
// YAML in a directory or passed by a hook; a file taken for a schema that
// does not load is an error, never passed over.
bool looksLikeSchema(std::string_view Text);

} // namespace tablelint::schema
