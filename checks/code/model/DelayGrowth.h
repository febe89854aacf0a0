// How a delay used in a loop changes from one iteration to the next, for
// retry-without-backoff (checklist item 14): a value that stays the same is
// constant, a counter stepped by a constant is linear (also times a call
// whose value is unknown but the same on every pass: a configured base),
// anything multiplied or shifted by something that changes (or passed
// through a helper named backoff) is geometric. Whatever cannot be followed (a value changed
// through a reference, in a lambda, by a member function) is unknown.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <optional>

namespace tablelint::code {

enum class Growth { Constant, Linear, Geometric, Unknown };

// How Delay, evaluated inside Loop (a for, while or do statement), grows
// between iterations.
Growth delayGrowth(const clang::Expr *Delay, const clang::Stmt *Loop,
                   clang::ASTContext &Ctx);

// How the delay a project helper sleeps grows between iterations of Loop,
// which calls the helper as Call (`backoff(attempt)`): HelperDelay is the
// delay in the helper's body; its parameters take the growth of Call's
// arguments in Loop, its locals that of their initial values.
Growth delayGrowthThroughHelper(const clang::Expr *HelperDelay,
                                const clang::CallExpr *Call,
                                const clang::Stmt *Loop,
                                clang::ASTContext &Ctx);

// A built-in or overloaded binary operator among those that shape a delay
// (* / + - << and their assignments, =).
struct BinaryOp {
  clang::BinaryOperatorKind Op;
  const clang::Expr *L;
  const clang::Expr *R;
};
std::optional<BinaryOp> asBinaryOp(const clang::Expr *E);

// Down to the expression that carries the value: implicit nodes, casts and
// one-argument (converting) constructors.
const clang::Expr *stripConversions(const clang::Expr *E);

// A call of a clock's `now()` (the start of a deadline).
bool isClockNow(const clang::Expr *E);

// The value of E at compile time: milliseconds for a duration, the number
// itself otherwise.
std::optional<double> constantDelay(const clang::Expr *E,
                                    clang::ASTContext &Ctx);

} // namespace tablelint::code
