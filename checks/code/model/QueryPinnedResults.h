// The query a loop's entities come from, when its filter pins one
// partition: every entity the loop sees then has that PartitionKey, so a
// write per entity (a delete of each result) goes to one partition although
// no key is written in the loop. The query's filter carries over to its
// results. Used by unbatched-writes.
#pragma once

#include "core/ApiRoles.h"
#include "core/QueryScope.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <optional>

namespace tablelint::code {

struct PinnedQuery {
  const clang::CallExpr *Query = nullptr;
  // The one partition key the filter (or key address) pins.
  PinnedKey PartitionKey;
};

// The query whose result loop is Loop and whose entity Operation deletes
// (Operation is the delete role call that QueryResults records), when that
// query is scoped to a single partition. nullopt otherwise.
std::optional<PinnedQuery> pinnedQueryOfDelete(const clang::CallExpr *Operation,
                                               const clang::Stmt *Loop,
                                               clang::ASTContext &Ctx,
                                               const ApiRoles &Roles);

} // namespace tablelint::code
