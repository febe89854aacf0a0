// Schema facts (checks/code/model/SchemaFacts.h) of translation units, each
// parsed once: what `schema init` drafts a schema from and what the
// schema-drift rule of `lint` compares with the schema.
#pragma once

#include "checks/code/model/SchemaFacts.h"
#include "driver/CodeAnalysis.h"

#include <vector>

namespace tablelint {

// Appends the facts of every unit; false when one did not compile. Loud:
// clang prints the errors (file:line:col), as `schema init` wants. Quiet:
// nothing is printed and a unit that did not compile gives no facts (lint
// has reported its errors already, and half a model would guess).
bool collectSchemaFacts(const std::vector<TranslationUnit> &Units,
                        std::vector<code::SchemaFacts> &Facts,
                        bool Quiet = false);

} // namespace tablelint
