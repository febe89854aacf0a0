// The seam where schema files join `tablelint lint`: schema findings go
// through the same configuration, baseline and reporters as code findings.
#pragma once

#include "core/schema/Schema.h"
#include "driver/LintResult.h"

#include <map>
#include <string>
#include <vector>

namespace tablelint {

// What the schema files declare, for the checklist: a rule whose input no
// schema declares was not checked.
struct SchemaDeclarations {
  unsigned Clients = 0;
  unsigned ClientsWithBandwidth = 0;
  // The schemas that loaded without errors (schema-drift compares the code
  // with them).
  std::vector<schema::Schema> Models;
};

// Lints each schema file, appending its findings (Origin Schema, Anchor =
// the element path) and, for files that cannot be read or parsed,
// notifications. A file in Unsaved (an editor buffer) is linted from that
// text instead of the disk. Declared, when given, counts what the files
// that loaded declare.
void lintSchemaInputs(const std::vector<std::string> &Files,
                      std::vector<Finding> &Findings,
                      std::vector<ToolNotification> &Notifications,
                      const std::map<std::string, std::string> &Unsaved = {},
                      SchemaDeclarations *Declared = nullptr);

} // namespace tablelint
