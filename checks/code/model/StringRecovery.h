// Recovers the value of a string expression from the AST, as far as it is
// known at compile time: the filter a query sends, a header value, a key.
//
// The result is text in which every stretch not known statically is one
// UnknownValueMarker byte, so the `$filter` parser can still classify a
// partly known filter ("PartitionKey eq '\x1a' and Status eq 'open'" pins a
// partition whatever the runtime value is).
//
// Understood: string literals (also through U()/_XPLATSTR), const and
// constexpr variables, std::string construction and conversion, `+`,
// a local std::string built by `+=`/append/assignment in straight-line code
// before the use, fmt::format/std::format with a literal format string,
// helper functions of this TU that return one expression (a constant, or
// text built from their parameters: `filterFor(customer)` is recovered with
// the caller's argument in place of the parameter; a helper with several
// returns when a switch or if-chain on its enum or integer parameters picks
// one for the caller's constant argument: `contentTypeOf(Format::AtomPub)`),
// a local `const char *` never reassigned, a local char buffer filled once
// by snprintf/sprintf with a literal format, c_str()/data(), the
// generate_filter_condition/combine_filter_conditions role functions, and
// the comparison/logical operator constants of azure::storage. Anything
// else is unknown.
#pragma once

#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tablelint::code {

class StringRecovery {
public:
  StringRecovery(clang::ASTContext &Ctx, const ApiRoles &Roles)
      : Ctx(Ctx), Roles(Roles) {}

  // The value of E, with unknown stretches as markers. nullopt when E is
  // not a string-like expression at all.
  std::optional<std::string> recover(const clang::Expr *E);

  // True when the text has no unknown stretch.
  static bool fullyKnown(const std::string &Text);
  // True when nothing at all is known (empty or only markers).
  static bool nothingKnown(const std::string &Text);

private:
  std::string value(const clang::Expr *E, unsigned Depth);
  std::string fromVariable(const clang::VarDecl *V, const clang::Expr *Use,
                           unsigned Depth);
  std::string fromCall(const clang::CallExpr *Call, unsigned Depth);
  std::string fromFormat(const clang::CallExpr *Call, unsigned Depth);
  std::string fromFilterCondition(const clang::CallExpr *Call,
                                  const ApiFunction &F, unsigned Depth);
  std::string typedLiteral(const clang::Expr *Value, unsigned Depth);
  std::string fromHelper(const clang::CallExpr *Call,
                         const clang::FunctionDecl *FD, unsigned Depth);
  std::string fromFilledBuffer(const clang::VarDecl *V, const clang::Expr *Use,
                               unsigned Depth);
  std::string fromPrintf(const clang::CallExpr *Call, unsigned FormatArg,
                         unsigned Depth);
  // The return a helper's body takes for the integer parameters bound in
  // IntBound, or null when the path depends on anything else.
  const clang::ReturnStmt *chosenReturn(const clang::Stmt *Body);
  std::optional<std::int64_t> intValue(const clang::Expr *E);

  clang::ASTContext &Ctx;
  const ApiRoles &Roles;
  // The parameters of the helpers being recovered, bound to the values of
  // the caller's arguments (innermost call last).
  std::vector<std::pair<const clang::ParmVarDecl *, std::string>> Bound;
  // The integer and enum parameters of those helpers whose arguments are
  // compile-time constants.
  std::vector<std::pair<const clang::ParmVarDecl *, std::int64_t>> IntBound;
};

// The marker as a one-character string, for building recovered text.
std::string unknownText();

// Strips implicit casts, temporaries, parentheses and converting
// constructors down to the expression a reader sees.
const clang::Expr *stripStringWrappers(const clang::Expr *E);

// A recovered string as a message shows it: unknown stretches as {?}, long
// values cut to their start ("<first 48 characters>...").
std::string shownValue(const std::string &Recovered);

// The whole string expression a literal is part of: up through +,
// conversions, temporaries and c_str().
const clang::Expr *outermostString(clang::ASTContext &Ctx,
                                   const clang::Expr *E);

} // namespace tablelint::code
