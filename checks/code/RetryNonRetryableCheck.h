// tablelint-retry-non-retryable (checklist item 15): retrying responses
// that fail the same way on every attempt (400, 401, 403, 404, 409, 412,
// 413, 415, 501, 505; limits::NonRetryableStatusCodes). Each retry is one
// more request against the account's target and delays the error by the
// whole backoff schedule. Flags:
//  - such a code put into the retry-options StatusCodes set (insert,
//    emplace, or assignment of a braced list),
//  - a custom retry policy (a class derived from a retry-policy-base type)
//    whose decision override returns "retry" without reading the status,
//  - a hand-written retry loop around table calls (see RetryLoop.h) whose
//    catch handler receives status errors and goes round again without
//    looking at the status.
// A handler or policy that hands the exception or context to a helper is
// given the benefit of the doubt.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/RetryLoop.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class RetryNonRetryableCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;

private:
  void checkStatusCodes(const clang::Expr *Codes,
                        const clang::MemberExpr *Field, clang::ASTContext &Ctx);
  void checkDecision(const clang::CXXMethodDecl *Method,
                     clang::ASTContext &Ctx);
  void checkLoop(const clang::Stmt *Loop, clang::ASTContext &Ctx);
};

} // namespace tablelint::code
