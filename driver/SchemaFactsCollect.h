// Schema facts (checks/code/model/SchemaFacts.h) of translation units, each
// parsed once: what `schema init` drafts a schema from and what the
// schema-drift rule of `lint` compares with the schema (lint collects them
// in the pass that runs the checks, through schemaFactsConsumer).
#pragma once

#include "checks/code/model/SchemaFacts.h"
#include "driver/CodeAnalysis.h"

#include <clang/AST/ASTConsumer.h>

#include <memory>
#include <vector>

namespace tablelint {

// Appends the facts of every unit; false when one did not compile. clang
// prints the errors (file:line:col), as `schema init` wants.
bool collectSchemaFacts(const std::vector<TranslationUnit> &Units,
                        std::vector<code::SchemaFacts> &Facts);

// A consumer that appends the facts of the unit of File to Out. Next to
// clang-tidy's consumer (after it, in a MultiplexConsumer) it reuses the
// table model the checks built for the same AST.
std::unique_ptr<clang::ASTConsumer>
schemaFactsConsumer(std::string File, std::vector<code::SchemaFacts> &Out);

// Places as the compile command spells the files, made absolute against its
// directory: a relative name means nothing to the reader of a finding.
void makePlacesAbsolute(code::SchemaFacts &Facts, const std::string &Directory);

} // namespace tablelint
