// tablelint-client-side-filter (CHECKLIST.md item 23): a loop over a
// query's results that keeps only the entities passing a comparison the
// query's $filter could have expressed: a property read by a literal name
// (or a key) against a constant or a value fixed before the query (also an
// element of a container the loop does not change, at a fixed index), either
// `if (cond) continue;` at the top of the loop or an `if` without `else`
// that is the whole loop body. The service read, serialized and sent every
// entity the client then drops; a key condition also narrows what it scans.
// Silent for comparisons between two properties (not expressible), values
// computed from the entity by a function, values that change in the loop,
// ifs with an else, and properties the query's filter already constrains.
#pragma once

#include "checks/code/QueryCheck.h"

namespace tablelint::code {

class ClientSideFilterCheck : public QueryCheck {
public:
  using QueryCheck::QueryCheck;

protected:
  void checkQuery(const AnalyzedQuery &Q, clang::ASTContext &Ctx) override;
};

} // namespace tablelint::code
