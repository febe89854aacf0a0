// tablelint-table-scan, -partition-scan, -low-density-query and
// -filter-too-complex: what a query's filter makes the service read, judged
// by the shared filter engine (core/FilterProblems.h). One class, registered
// under each rule's name; each instance reports its own rule's findings.
#pragma once

#include "checks/code/QueryCheck.h"

namespace tablelint::code {

class QueryScopeCheck : public QueryCheck {
public:
  using QueryCheck::QueryCheck;

protected:
  void checkQuery(const AnalyzedQuery &Q, clang::ASTContext &Ctx) override;
  bool wantsUrlQueries() const override { return true; }
};

} // namespace tablelint::code
