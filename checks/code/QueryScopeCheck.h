// tablelint-table-scan, -partition-scan, -low-density-query and
// -filter-too-complex: what a query's filter makes the service read, judged
// by the shared filter engine (core/FilterProblems.h). One class, registered
// under each rule's name; each instance reports its own rule's findings.
//
// Where: table-scan and partition-scan at the query call (what it reads),
// low-density-query and filter-too-complex at the filter's text (the
// comparisons that are the problem), each with a note at the other place
// when it is on another line; a NOLINT on either line silences the finding.
// missing-projection reports the same query at its options argument: one
// query's findings point at their own evidence, not at one token.
#pragma once

#include "checks/code/QueryCheck.h"

namespace tablelint::code {

class QueryScopeCheck : public QueryCheck {
public:
  using QueryCheck::QueryCheck;

protected:
  void checkQuery(const AnalyzedQuery &Q, clang::ASTContext &Ctx) override;
  bool wantsUrlQueries() const override { return true; }

private:
  void report(const AnalyzedQuery &Q, const std::string &Message,
              clang::ASTContext &Ctx);
};

} // namespace tablelint::code
