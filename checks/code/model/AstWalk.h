// Small AST walks the code checks and the model share: parents, loops,
// blocks that run straight through, the enclosing function, references to
// a variable, copies seen through, and source text for messages. Nothing
// here knows a table API.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/ASTTypeTraits.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/STLFunctionalExtras.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tablelint::code {

// The first parent of S that is a statement, or null (S is a function body,
// or a variable's initialiser: see parentStmt).
const clang::Stmt *parentOf(clang::ASTContext &Ctx, const clang::Stmt *S);

// Like parentOf, but from a variable's initialiser on through the variable
// to its DeclStmt; never out of a function.
const clang::Stmt *parentStmt(clang::ASTContext &Ctx, const clang::Stmt *S);

// The nearest parent that is not a parenthesis or an implicit conversion.
clang::DynTypedNode visibleParent(clang::ASTContext &Ctx, const clang::Stmt *S);

// True when Inner is Outer or inside it.
bool isInside(clang::ASTContext &Ctx, const clang::Stmt *Inner,
              const clang::Stmt *Outer);

// The function a reader sees enclosing S (for scoping local analyses).
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &Ctx,
                                             const clang::Stmt *S);

// True for for, while, do and range-for statements.
bool isLoop(const clang::Stmt *S);

// The innermost loop around S in its function (not across a lambda).
const clang::Stmt *innermostLoop(clang::ASTContext &Ctx, const clang::Stmt *S);

// The number of passes of a loop when it is a compile-time constant
// (for (int i = 0; i < 150; ++i), range-for over an array or braced list).
std::optional<std::uint64_t> constantTripCount(const clang::Stmt *Loop,
                                               clang::ASTContext &Ctx);

// The block that declares a local variable.
const clang::CompoundStmt *declaringBlock(clang::ASTContext &Ctx,
                                          const clang::VarDecl *V);

// True when S runs exactly once each time Block runs, in order: S is in a
// statement directly inside Block, with no branch, loop, lambda or
// short-circuit operator between them.
bool isStraightLineIn(clang::ASTContext &Ctx, const clang::Stmt *S,
                      const clang::CompoundStmt *Block);

// The innermost block in which S runs straight through (no branch, loop or
// lambda between them), if any.
const clang::CompoundStmt *straightLineBlock(clang::ASTContext &Ctx,
                                             const clang::Stmt *S);

// E without parentheses, implicit casts, temporaries (materialized or
// bound) and cleanups: the expression as written.
const clang::Expr *stripTemporaries(const clang::Expr *E);

// The argument a construction takes its value from: the first, when every
// other one is defaulted (an allocator); null otherwise.
const clang::Expr *soleArgument(const clang::CXXConstructExpr *C);

// Strips parentheses, implicit conversions, temporaries, functional casts,
// and what Unwrap sees through (it returns its argument's inner value, or
// the argument itself when that is not a wrapper it knows).
const clang::Expr *
stripValueWrappers(const clang::Expr *E,
                   llvm::function_ref<const clang::Expr *(const clang::Expr *)>
                       Unwrap);
// Strips parentheses, implicit conversions, temporaries and copies.
const clang::Expr *stripCopies(const clang::Expr *E);

// The references to V inside Root (lambdas included), in source order.
std::vector<const clang::DeclRefExpr *> referencesTo(const clang::VarDecl *V,
                                                     const clang::Stmt *Root);
// Every reference to a declaration inside Root, in source order.
std::vector<const clang::DeclRefExpr *> referencesIn(const clang::Stmt *Root);

// The source text of E, shortened for a message.
std::string shortSource(const clang::Expr *E, clang::ASTContext &Ctx);
// The line of a location, for "at line N" in messages.
unsigned lineOf(clang::SourceLocation Loc, clang::ASTContext &Ctx);

} // namespace tablelint::code
