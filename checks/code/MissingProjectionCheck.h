// tablelint-missing-projection (CHECKLIST.md item 24): a query without a
// projection (no SelectColumns, set_select_columns or $select) whose results
// the code reads only through some properties named at compile time, their
// keys, or a delete. The service then serializes, sends and the client
// parses every property of every entity for nothing. The fix-it sets the
// projection to exactly the properties read (the keys for key-only and
// delete-only uses). Silent when the results escape (stored, returned,
// passed on), a property is read by a computed name, or the options are not
// a local variable built in the same function (no safe place for a fix-it).
// Reported at that options argument of the call: the options sent without a
// projection are the evidence (the scope rules report the call's name).
#pragma once

#include "checks/code/QueryCheck.h"

namespace tablelint::code {

class MissingProjectionCheck : public QueryCheck {
public:
  using QueryCheck::QueryCheck;

protected:
  void checkQuery(const AnalyzedQuery &Q, clang::ASTContext &Ctx) override;
};

} // namespace tablelint::code
