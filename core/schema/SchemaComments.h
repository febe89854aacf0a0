// The loader's comment pass (internal to core/schema): yaml-cpp drops
// comments, so notes and suppressions are read from the raw lines and
// attached to the loaded elements by line.
#pragma once

#include "core/InputError.h"
#include "core/schema/Schema.h"
#include "core/schema/YamlLines.h"

#include <vector>

namespace tablelint::schema {

// Fills S.Header (comment lines before the first key), each element's Note
// (the comment lines directly above it) and S.Suppressions; reports
// malformed or unattached suppressions and unknown rule ids.
void attachComments(const std::vector<YamlLine> &Lines, Schema &S,
                    std::vector<InputError> &Errors);

} // namespace tablelint::schema
