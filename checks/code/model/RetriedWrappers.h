// The project's own functions as the retry checks see them, from their
// summaries: a call of a wrapper that talks to Table storage is a table
// call a loop can retry (`repo.save(order)` like `client.UpsertEntity(e)`),
// and a helper called between attempts waits when its summary says it
// sleeps (`backoff(attempt)`), whatever its name.
#pragma once

#include "checks/code/model/FunctionSummaries.h"

#include <clang/AST/Expr.h>

namespace tablelint::code {

// The summary of Call's callee when it is a project wrapper (in no role map)
// that sends table requests, here or in a callee. Null otherwise.
const FunctionSummary *retriedWrapper(const clang::CallExpr *Call,
                                      clang::ASTContext &Ctx,
                                      const ApiRoles &Roles);

} // namespace tablelint::code
