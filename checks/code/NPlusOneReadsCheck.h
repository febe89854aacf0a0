// tablelint-n-plus-one-reads (CHECKLIST.md item 25): point reads (GetEntity,
// table_operation::retrieve_entity) inside a loop over a query's results,
// or over a container the same function filled from them: one round trip
// and one billed transaction per entity, where denormalized data or one
// range query would do. Silent for point reads before or after the loop,
// in loops over anything else (ids from the caller), and for reads that run
// at most once (followed by break/return, or memoized behind an `if` on a
// variable the branch sets).
#pragma once

#include "checks/code/QueryCheck.h"

#include <set>

namespace tablelint::code {

class NPlusOneReadsCheck : public QueryCheck {
public:
  using QueryCheck::QueryCheck;
  void onStartOfTranslationUnit() override;

protected:
  void checkQuery(const AnalyzedQuery &Q, clang::ASTContext &Ctx) override;

private:
  // A read inside loops over two queries' results is reported once.
  std::set<const clang::CallExpr *> Reported;
};

} // namespace tablelint::code
