// tablelint-invalid-filter: a `$filter` written in the code that the Table
// service rejects (property compared with property, functions such as
// startswith, a malformed literal), reported at the offending column inside
// the string literal when the filter is one literal.
#pragma once

#include "checks/code/QueryCheck.h"

namespace tablelint::code {

class InvalidFilterCheck : public QueryCheck {
public:
  using QueryCheck::QueryCheck;

protected:
  void checkQuery(const AnalyzedQuery &Q, clang::ASTContext &Ctx) override;
  bool wantsUrlQueries() const override { return true; }
};

} // namespace tablelint::code
