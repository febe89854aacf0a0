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
//    looking at the status, or that reads it only to leave on some codes
//    (`if (status == 404) return;`) and so goes round on the other
//    non-retryable ones, or that waits and goes round on one of them on
//    purpose (`if (status == 400) { sleep_for(1s); continue; }`, also in a
//    loop that reads the status of a result rather than an exception).
// A handler that goes round only when the error's text names a retryable
// condition ("ServerBusy", "Too Many Requests") is a guard too. A handler or policy that hands the exception or context to a helper is
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
  void checkStatusRetry(const RetryLoop &R, const StatusReaders &Status,
                        clang::ASTContext &Ctx);
  void checkExclusions(const RetryLoop &R, const clang::CXXCatchStmt *H,
                       const StatusReaders &Status, clang::ASTContext &Ctx);
};

} // namespace tablelint::code
