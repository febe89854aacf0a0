// tablelint-retry-without-backoff (checklist item 14): retries that wait a
// constant or linearly growing delay, or none at all. A throttled partition
// (503 ServerBusy, 500 OperationTimedOut) recovers only when its clients
// back off; a fixed interval keeps the load that caused the throttling and
// makes many clients retry in waves. Flags:
//  - a retry-policy role object of kind linear (azure::storage's
//    linear_retry_policy),
//  - retry-options assignments in one function that cap MaxRetryDelay at or
//    below RetryDelay, or set RetryDelay to 0 (both compile-time constants),
//  - hand-written retry loops around table calls (see RetryLoop.h) whose
//    sleep is constant or linear in the attempt, or that do not sleep.
// Unknown values and waits hidden in helpers are given the benefit of the
// doubt.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/RetryLoop.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class RetryWithoutBackoffCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;

private:
  void checkPolicy(const clang::CXXConstructExpr *Construct,
                   clang::ASTContext &Ctx);
  void checkRetryOptions(const clang::Expr *Assignment, clang::ASTContext &Ctx);
  void checkLoop(const clang::Stmt *Loop, clang::ASTContext &Ctx);
};

} // namespace tablelint::code
