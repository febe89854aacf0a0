// Whether a value stays the same: on every pass of a loop (a write whose
// key never changes in a loop writes one partition), or everywhere in a
// function (two calls given the same unmodified expression use the same
// value). Conservative: what cannot be followed is neither invariant nor
// varying.
#pragma once

#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

namespace tablelint::code {

// True when E has the same value on every pass of Loop: literals,
// constants, and variables declared outside it that it does not modify.
bool isLoopInvariant(const clang::Expr *E, const clang::Stmt *Loop,
                     clang::ASTContext &Ctx);
// True when E reads a variable that changes with Loop: its loop variable,
// one it modifies, or one derived from those inside it.
bool variesWithLoop(const clang::Expr *E, const clang::Stmt *Loop,
                    clang::ASTContext &Ctx);
// True when V is declared outside Loop and Loop never modifies it.
bool untouchedByLoop(const clang::VarDecl *V, const clang::Stmt *Loop,
                     clang::ASTContext &Ctx);

// True when A and B are the same expression of variables the function
// never modifies (or both the same compile-time string).
bool sameValue(const clang::Expr *A, const clang::Expr *B,
               clang::ASTContext &Ctx, const ApiRoles &Roles);

} // namespace tablelint::code
