// Small AST walks the code checks share: the parent of a statement, and the
// references to a variable inside a statement.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <vector>

namespace tablelint::code {

// The first parent of S that is a statement, or null (S is a function body,
// or a variable's initialiser: see parentStmt).
const clang::Stmt *parentOf(clang::ASTContext &Ctx, const clang::Stmt *S);

// Like parentOf, but from a variable's initialiser on through the variable
// to its DeclStmt; never out of a function.
const clang::Stmt *parentStmt(clang::ASTContext &Ctx, const clang::Stmt *S);

// True for for, while, do and range-for statements.
bool isLoop(const clang::Stmt *S);

// E without parentheses, implicit casts, temporaries (materialized or
// bound) and cleanups: the expression as written.
const clang::Expr *stripTemporaries(const clang::Expr *E);

// The references to V inside Root (lambdas included), in source order.
std::vector<const clang::DeclRefExpr *> referencesTo(const clang::VarDecl *V,
                                                     const clang::Stmt *Root);

} // namespace tablelint::code
