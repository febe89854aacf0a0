// What the tests of one `suggest` remedy share: the suggestion for a design
// written inline, and the change or advice whose text has a phrase.
#pragma once

#include "checks/schema/SchemaChecks.h"
#include "checks/schema/SuggestDesign.h"
#include "core/schema/SchemaLoader.h"

#include <gtest/gtest.h>

namespace tablelint::schema::test {

inline SuggestResult suggestFor(const std::string &Yaml,
                                const std::string &Name = "design.yaml") {
  const SchemaLoad L = loadSchemaText(Yaml, Name);
  EXPECT_TRUE(L.ok()) << (L.Errors.empty() ? "" : L.Errors.front().str());
  return suggestDesign(L.Value, defaultSchemaCheckOptions());
}

// The first of List whose description has Text; null when none.
inline const SuggestedChange *findChange(
    const std::vector<SuggestedChange> &List, const std::string &Text) {
  for (const SuggestedChange &C : List)
    if (C.Description.find(Text) != std::string::npos)
      return &C;
  return nullptr;
}

} // namespace tablelint::schema::test
