// The schema-drift rule: where the C++ code and the schema of the same
// project disagree. The code side is the schema facts `schema init` drafts
// from (checks/code/model/SchemaFacts.h); the schema side is the schema
// files of the lint run and the one .tablelint.yaml names (`schema:`).
// Each finding points at the code line, with a note at the schema element.
// Reported: a table the code uses that no schema declares; a query whose
// filter differs from the declared query of its table with the same key
// shape, or that has no declared query of that shape; a key a write builds
// that differs from the table's key template. Where the code model is not
// sure (a name or filter built at run time, a unit that did not compile),
// nothing is said.
#pragma once

#include "checks/code/model/SchemaFacts.h"
#include "core/Finding.h"
#include "core/schema/Schema.h"

#include <vector>

namespace tablelint {

void findSchemaDrift(const std::vector<code::SchemaFacts> &Units,
                     const std::vector<schema::Schema> &Schemas,
                     std::vector<Finding> &Findings);

} // namespace tablelint
