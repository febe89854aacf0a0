// Schema suppressions: `# tablelint: ignore[rule-id] reason` comments.
//
// The loader reads them (yaml-cpp drops comments, so they come from the raw
// text) and attaches each to an element: a comment at the end of a line
// belongs to the element that starts on that line; a comment on its own
// line(s) belongs to the element on the next line. A line inside an
// element's block (a table's `partitionKey:`) belongs to that element. A
// suppression covers its element and everything inside it: one on a table
// covers its properties, writes and queries.
#pragma once

#include "core/schema/Schema.h"

#include <string_view>

namespace tablelint::schema {

// True when a suppression for RuleId covers ElementPath (the element itself
// or one of its ancestors). Marks every matching suppression Used, so unused
// ones can be reported.
bool isSuppressed(Schema &S, std::string_view RuleId,
                  std::string_view ElementPath);

// True when Ancestor is ElementPath or one of its ancestors
// ("tables[T]" covers "tables[T].queries[q]", not "tables[T2]").
bool elementCovers(std::string_view Ancestor, std::string_view ElementPath);

} // namespace tablelint::schema
