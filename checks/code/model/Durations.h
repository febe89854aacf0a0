// Compile-time values of std::chrono durations in the code (a retry delay,
// a sleep): `std::chrono::seconds(2)`, `800ms`, a constexpr constant,
// `duration_cast`, arithmetic on constants. Anything the constant evaluator
// cannot fold is unknown. Shared by the retry checks.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <optional>
#include <string>

namespace tablelint::code {

// True when T (or what it refers to) is a std::chrono::duration.
bool isDurationType(clang::QualType T);

// The value of a duration-typed expression in milliseconds, when it is a
// compile-time constant.
std::optional<double> constantMilliseconds(const clang::Expr *E,
                                           clang::ASTContext &Ctx);

// "2 s", "500 ms", "0 ms".
std::string formatMilliseconds(double Ms);

} // namespace tablelint::code
