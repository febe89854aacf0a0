// Linting one schema file: load it, run the schema checks, apply the
// file's `# tablelint: ignore[rule] reason` suppressions. `tablelint lint`
// calls this for every schema file among its paths.
#pragma once

#include "checks/schema/SchemaChecks.h"
#include "core/Finding.h"
#include "core/InputError.h"
#include "core/schema/Schema.h"

#include <string>
#include <vector>

namespace tablelint::schema {

struct SchemaLintResult {
  Schema Model;
  // Findings left after suppressions, sorted by line and column.
  std::vector<Finding> Findings;
  // Load errors (file:line:col). A file with errors is not checked: its
  // model is incomplete, and findings on it would mislead.
  std::vector<InputError> Errors;
  // Well-formed suppressions that suppressed nothing.
  std::vector<InputError> UnusedSuppressions;
};

SchemaLintResult lintSchemaFile(const std::string &Path,
                                const SchemaCheckOptions &Options);
// The same for text already read (FileName names it in messages).
SchemaLintResult lintSchemaText(const std::string &Text,
                                const std::string &FileName,
                                const SchemaCheckOptions &Options);

// A .yaml/.yml file whose text looksLikeSchema (two top-level schema keys,
// one possibly misspelt), other than a .tablelint.yaml configuration.
bool looksLikeSchemaFile(const std::string &Path);

} // namespace tablelint::schema
