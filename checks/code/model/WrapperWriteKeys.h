// The keys a call of a straight-line write wrapper writes, seen through its
// body: `meters.save(id, v)` whose body builds `table_entity(U("grid"), id)`
// and writes it once writes partition 'grid' with the caller's `id` as row
// key. A key taken from a parameter becomes the caller's argument; a key
// the wrapper spells as a compile-time string stays as written (the same on
// every call). The summary alone records only the parameters, so a wrapper
// with a fixed partition would otherwise look keyless.
#pragma once

#include "checks/code/model/EntityKeys.h"
#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <optional>

namespace tablelint::code {

// The keys Call (of a project function) writes when its body sends exactly
// one single-entity write and has no loop; nullopt otherwise or when a key
// is neither a parameter nor a compile-time string. When the write goes
// through a client the caller passes in (a free function
// `save(TableClient &table, ...)` calling `table.UpsertEntity(e)`),
// *ClientAtCaller is set to the caller's argument, else to null.
std::optional<EntityKeys>
wrapperWriteKeys(const clang::CallExpr *Call, clang::ASTContext &Ctx,
                 const ApiRoles &Roles,
                 const clang::Expr **ClientAtCaller = nullptr);

} // namespace tablelint::code
