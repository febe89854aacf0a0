// Where an entity's keys come from, found through the API role maps (never
// SDK names of our own). One recognition of how code sets a key, used in
// two directions:
//   - forward, for the checks that judge every key the code writes or
//     addresses (time-based-partition-key, entity-limits): keySites lists
//     each site of the TU's table model where a key is set;
//   - backward, for the checks that compare the keys of two calls
//     (unbatched-writes, invalid-batch, read-before-write): entityKeys
//     follows an entity from a use back to where its keys were set.
// A key is set by: an entity's key setter (SetPartitionKey) or public key
// field (beta.1 `e.PartitionKey = ...`), the entity constructor
// (table_entity(pk, rk), role entity-construct), the key arguments of a
// write, point read, batch-add or batch-create call, and the key
// parameters of the project's own write wrappers (model/FunctionSummaries.h).
#pragma once

#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace tablelint::code {

class TableModel;

enum class KeyPart : std::uint8_t { Partition, Row };

// The names of a member (key setter, key field, properties map) of every
// entity type, as "::Ns::Type::member" for hasAnyName.
std::vector<std::string>
entityMemberNames(const ApiRoles &Roles,
                  std::initializer_list<const char *> Fields);

// ---- Forward: every site that sets or addresses a key --------------------

struct KeySite {
  KeyPart Part = KeyPart::Partition;
  const clang::Expr *Value = nullptr;
  // Stored into an entity, a write or a batch; false for the address of a
  // point read (a read never creates the key).
  bool Written = false;
  // What takes the key, for messages ("SetPartitionKey", "GetEntity").
  std::string Via;
};

// Every key site of the TU, from its table model.
std::vector<KeySite> keySites(const TableModel &Model);

// ---- Backward: the keys an entity has at a use -----------------------------

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

// Whether the key an entity has at a use inside Loop is the same on every
// pass, or changes with it: a key set before the loop is invariant and
// does not vary (model/Invariance.h for plain expressions).
bool keyLoopInvariant(const KeySource &K, const clang::Stmt *Loop,
                      clang::ASTContext &Ctx);
bool keyVariesWithLoop(const KeySource &K, const clang::Stmt *Loop,
                       clang::ASTContext &Ctx);

} // namespace tablelint::code
