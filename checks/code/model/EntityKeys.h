// What a single-entity table call is about, as the write checks
// (unbatched-writes, invalid-batch, read-before-write) need it: the request
// that sends it (the call itself, or cloud_table::execute around a
// table_operation factory), the object it is sent through, and the keys of
// the entity it writes, as the expressions of the code they were set from.
// Everything is looked up in the role maps (write, point-read, execute, the
// entity type's key setters and getters), never by SDK name.
#pragma once

#include "checks/code/model/AstWalk.h"
#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ASTTypeTraits.h>
#include <clang/AST/Expr.h>

#include <cstdint>
#include <optional>
#include <string>

namespace tablelint::code {

// A request about one entity: a write or a point read.
struct EntityRequest {
  // The role call (AddEntity, table_operation::insert_entity, GetEntity).
  const clang::CallExpr *Operation = nullptr;
  const ApiFunction *Function = nullptr;
  // The call that sends it: Operation itself for a client method, the
  // Execute call for an operation factory.
  const clang::CallExpr *Request = nullptr;
  // The client or table object the request goes through.
  const clang::Expr *Client = nullptr;
};

// The request that sends Operation (a call whose role entry is F). nullopt
// for a factory whose operation is not executed here, once.
std::optional<EntityRequest> requestOf(const clang::CallExpr *Operation,
                                       const ApiFunction &F,
                                       clang::ASTContext &Ctx,
                                       const ApiRoles &Roles);

// Where the value of one key of an entity comes from.
struct KeySource {
  // The expression the key was set from (setter, constructor, assignment,
  // or a key argument of the call).
  const clang::Expr *Value = nullptr;
  // Or: the key the entity variable came with (a parameter, a copy of an
  // entity from elsewhere), unknown but the same wherever it is read.
  const clang::VarDecl *OwnKeyOf = nullptr;
  // The setter, constructor or call that set it (nullptr for OwnKeyOf).
  const clang::Stmt *SetAt = nullptr;
};

struct EntityKeys {
  const clang::VarDecl *Entity = nullptr; // nullptr for a temporary
  std::optional<KeySource> PartitionKey;  // nullopt: not known
  std::optional<KeySource> RowKey;
};

// The keys of the entity expression E as they are when Use runs. nullopt
// when E is not an entity the code lets us follow (passed by non-const
// reference, reassigned, built by a helper).
std::optional<EntityKeys> entityKeys(const clang::Expr *E,
                                     const clang::Stmt *Use,
                                     clang::ASTContext &Ctx,
                                     const ApiRoles &Roles);

// The keys of the entity a write or batch-add call is about: its entity
// argument, or its partitionKey/rowKey arguments (retrieve, wrappers).
std::optional<EntityKeys> keysOfCall(const clang::CallExpr *Call,
                                     const ApiFunction &F,
                                     const clang::Stmt *Use,
                                     clang::ASTContext &Ctx,
                                     const ApiRoles &Roles);

// The key source an argument expression stands for: the key of an entity
// variable when it is read through the entity's key getter
// (e.GetPartitionKey().Value, e.partition_key()), the expression itself
// otherwise.
KeySource keyOfArgument(const clang::Expr *Arg, bool PartitionKey,
                        clang::ASTContext &Ctx, const ApiRoles &Roles);

// The compile-time text of a key set from a string expression (unknown
// stretches as UnknownValueMarker); nullopt for an entity's own key.
std::optional<std::string> keyText(const KeySource &K, clang::ASTContext &Ctx,
                                   const ApiRoles &Roles);
// How a message shows a key: 'orders' when known, the code otherwise.
std::string keyDisplay(const KeySource &K, clang::ASTContext &Ctx,
                       const ApiRoles &Roles);

// True when both sources provably hold the same value.
bool sameKey(const KeySource &A, const KeySource &B, clang::ASTContext &Ctx,
             const ApiRoles &Roles);

// True when A and B are the same expression of variables the function
// never modifies (or both the same compile-time string).
bool sameValue(const clang::Expr *A, const clang::Expr *B,
               clang::ASTContext &Ctx, const ApiRoles &Roles);

// True when E has the same value on every pass of Loop: literals,
// constants, and variables declared outside it that it does not modify.
bool isLoopInvariant(const clang::Expr *E, const clang::Stmt *Loop,
                     clang::ASTContext &Ctx);
// True when E reads a variable that changes with Loop: its loop variable,
// one it modifies, or one derived from those inside it.
bool variesWithLoop(const clang::Expr *E, const clang::Stmt *Loop,
                    clang::ASTContext &Ctx);

// The same for the key an entity has at a use inside Loop: a key set before
// the loop is invariant and does not vary.
bool keyLoopInvariant(const KeySource &K, const clang::Stmt *Loop,
                      clang::ASTContext &Ctx);
bool keyVariesWithLoop(const KeySource &K, const clang::Stmt *Loop,
                       clang::ASTContext &Ctx);
// The innermost block in which S runs straight through (no branch, loop or
// lambda between them), if any.
const clang::CompoundStmt *straightLineBlock(clang::ASTContext &Ctx,
                                             const clang::Stmt *S);

// The innermost loop around S in its function (not across a lambda).
const clang::Stmt *innermostLoop(clang::ASTContext &Ctx, const clang::Stmt *S);
// The number of passes of a loop when it is a compile-time constant
// (for (int i = 0; i < 150; ++i), range-for over an array or braced list).
std::optional<std::uint64_t> constantTripCount(const clang::Stmt *Loop,
                                               clang::ASTContext &Ctx);

// True when Inner is Outer or inside it.
bool isInside(clang::ASTContext &Ctx, const clang::Stmt *Inner,
              const clang::Stmt *Outer);
// The nearest parent that is not a parenthesis or an implicit conversion.
clang::DynTypedNode visibleParent(clang::ASTContext &Ctx, const clang::Stmt *S);
// Strips parentheses, implicit conversions, temporaries and copies.
const clang::Expr *stripCopies(const clang::Expr *E);

// The source text of E, shortened for a message.
std::string shortSource(const clang::Expr *E, clang::ASTContext &Ctx);
// The line of a location, for "at line N" in messages.
unsigned lineOf(clang::SourceLocation Loc, clang::ASTContext &Ctx);

} // namespace tablelint::code
