// tablelint-missing-projection (CHECKLIST.md item 24): a query without a
// projection (no SelectColumns, set_select_columns or $select) whose results
// the code reads only through some properties named at compile time, their
// keys, or a delete. The service then serializes, sends and the client
// parses every property of every entity for nothing. The fix-it sets the
// projection to exactly the properties read (the keys for key-only and
// delete-only uses). Silent when the results escape (stored, returned,
// passed on) or the options are not a local variable built in the same
// function (no safe place for a fix-it). When the only thing in the way is
// that the columns are chosen at run time (a property read by a name from
// a parameter or a list, the property map walked entry by entry), a note
// says so instead of guessing a projection.
// Reported at that options argument of the call: the options sent without a
// projection are the evidence (the scope rules report the call's name).
#pragma once

#include "checks/code/QueryCheck.h"

namespace tablelint::code {

struct EntityUse;

class MissingProjectionCheck : public QueryCheck {
public:
  using QueryCheck::QueryCheck;

protected:
  void checkQuery(const AnalyzedQuery &Q, clang::ASTContext &Ctx) override;

private:
  void noteRuntimeColumns(const QueryModel &M, const clang::DeclRefExpr *Argument,
                          const EntityUse &Runtime, clang::ASTContext &Ctx);
};

} // namespace tablelint::code
