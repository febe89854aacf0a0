// Writes a schema model back as YAML (format version 1): what `suggest`
// prints, and what a round trip through the loader reproduces exactly.
//
// Canonical and readable: tables in block style; accounts, clients,
// properties, writes, queries and transactions one flow mapping per line
// when it fits in 100 columns, block style otherwise; keys in the order
// docs/schema.md lists them; defaults left out. Each element's Note is
// printed as '# ' lines above it, followed by its suppressions; the header
// comment lines come first.
#pragma once

#include "core/schema/Schema.h"

#include <optional>
#include <string>
#include <vector>

namespace tablelint::schema {

std::string writeSchemaYaml(const Schema &S);
// The same without S.Header, and with where each table's text starts (its
// notes first); the tables come last, after "tables:\n"
// (core/schema/SchemaEdit.cpp edits a large file table by table with it).
std::string writeSchemaYaml(const Schema &S,
                            std::vector<std::size_t> &TableStarts);

// Writes the YAML to Path atomically; returns an error message on failure.
std::optional<std::string> writeSchemaFile(const Schema &S,
                                           const std::string &Path);

// A scalar as YAML: plain when that reads back as the same text in any
// context (block or flow), double-quoted otherwise.
std::string yamlScalar(const std::string &Text);

} // namespace tablelint::schema
