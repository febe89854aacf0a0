// A summary of each user function of a translation unit: which of its
// parameters reach which argument of an SDK role (a connection string, a
// filter, a partition or row key, an entity), whether it talks to Table
// storage, whether it sleeps or retries. A wrapper of the SDK in the
// project's own code is then recognised without configuration: a call of
// `OrdersRepository(cs)` whose constructor parses `cs` as a connection
// string is judged like `cloud_storage_account::parse(cs)`.
//
// Summaries are computed lazily, once per function and translation unit,
// only for functions defined in the main file or a project header (never a
// system header), following calls into other summarised functions. Role
// maps (core/ApiRoles, .tablelint.yaml) stay the way to describe wrappers
// defined in other translation units; where both exist the map wins.
#pragma once

#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/ASTMatchers/ASTMatchers.h>

#include <string>
#include <vector>

namespace tablelint::code {

// A parameter that reaches an argument of a role call unchanged (passed on
// directly, converted, or through a const local copy).
struct ParameterUse {
  unsigned Param = 0;
  ApiRole Role = ApiRole::Query;
  std::string Arg; // the role entry's argument key: "connectionString", ...
};

struct FunctionSummary {
  std::vector<ParameterUse> Uses;
  // Calls a role function that sends a request (a query, a read, a write,
  // a batch, a table operation), here or in a summarised callee.
  bool TableIO = false;
  // Calls a sleep (std::this_thread::sleep_for/until, sleep, usleep).
  bool Sleeps = false;
  // Has a loop around table I/O that catches failures or sleeps.
  bool Retries = false;
  // The role entries the function plays, one per role reached, with the
  // parameter indices as argument indices: what a role map would say.
  std::vector<ApiFunction> Entries;

  const ApiFunction *entry(ApiRole R) const;
};

// The summary of FD (any redeclaration); null when FD has no body in this
// TU or is defined in a system header.
const FunctionSummary *functionSummary(const clang::FunctionDecl *FD,
                                       clang::ASTContext &Ctx,
                                       const ApiRoles &Roles);

// The role entry that a call of FD plays: the role map's when it has one,
// otherwise the one FD's summary gives it. Null when neither.
const ApiFunction *roleOfCallee(const clang::FunctionDecl *FD, ApiRole R,
                                clang::ASTContext &Ctx, const ApiRoles &Roles);

// True when FD is a function a summary can be computed for: defined in
// this TU outside system headers.
bool isSummarisable(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

// The summary of a wrapper the role maps do not describe: FD summarisable
// and in no role map (those are judged by their map entry). Null otherwise.
const FunctionSummary *wrapperSummary(const clang::FunctionDecl *FD,
                                      clang::ASTContext &Ctx,
                                      const ApiRoles &Roles);

// Calls of functions declared outside system headers, bound to Id: the
// candidates for wrapperSummary, for the checks' matchers.
clang::ast_matchers::StatementMatcher userFunctionCall(llvm::StringRef Id);

// True when FD is a sleep: std::this_thread::sleep_for/until, sleep,
// usleep, nanosleep, Sleep.
bool isSleep(const clang::FunctionDecl *FD);

// Drops the summaries of the previous translation unit. Called when a TU
// starts (a new AST may reuse the old one's addresses).
void forgetFunctionSummaries();

} // namespace tablelint::code
