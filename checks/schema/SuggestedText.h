// The text `tablelint suggest` writes for a suggestion: the user's file
// edited minimally (core/schema/SchemaEdit.h), or, when that cannot be done
// for sure, the whole design re-serialised under a header comment saying
// what it is. One place, so the command and the golden tests agree.
#pragma once

#include "checks/schema/SuggestDesign.h"

#include <string>
#include <string_view>

namespace tablelint::schema {

struct SuggestedText {
  std::string Yaml;
  bool EditedInPlace = false;
  std::string Problem; // why not in place
};

// Original: the text Current was loaded from; InputName names it in the
// re-serialised design's header.
SuggestedText suggestedSchemaText(std::string_view Original,
                                  const Schema &Current,
                                  const SuggestResult &R,
                                  const std::string &InputName);

} // namespace tablelint::schema
