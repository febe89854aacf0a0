// Where code touches an entity's keys and properties, found through the API
// role maps (never SDK names of our own):
//   - keys written: an entity's key setter (SetPartitionKey) or public key
//     field (beta.1 `e.PartitionKey = ...`), the entity constructor
//     (table_entity(pk, rk), role entity-construct), the key arguments of
//     write, batch-add and batch-create functions;
//   - keys addressed: the key arguments of point reads (GetEntity,
//     retrieve_entity);
//   - keys written through the project's own wrappers: a function of the
//     TU whose parameters reach an entity's keys and which writes it
//     (model/FunctionSummaries.h);
//   - the properties map: Properties["X"], properties()[U("X")],
//     insert/emplace/at/find, also through a local reference to the map.
// Shared by time-based-partition-key, entity-limits and invalid-name.
#pragma once

#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <string>
#include <vector>

namespace tablelint::code {

enum class KeyPart : std::uint8_t { Partition, Row };

struct KeySite {
  KeyPart Part = KeyPart::Partition;
  const clang::Expr *Value = nullptr;
  // Stored into an entity, a write or a batch; false for the address of a
  // point read (a read never creates the key).
  bool Written = false;
  // What takes the key, for messages ("SetPartitionKey", "GetEntity").
  std::string Via;
};

// Registers the matchers whose results keySitesIn() decodes.
void matchKeySites(const ApiRoles &Roles,
                   clang::ast_matchers::MatchFinder *Finder,
                   clang::ast_matchers::MatchFinder::MatchCallback *Callback);
// The key sites of one match (none when the match is not one).
std::vector<KeySite>
keySitesIn(const clang::ast_matchers::MatchFinder::MatchResult &Result,
           const ApiRoles &Roles);

struct PropertyAccess {
  // The entity whose map is used (e in e.Properties), as written.
  const clang::Expr *Entity = nullptr;
  // The property name argument.
  const clang::Expr *Name = nullptr;
  // The value stored into the property, when this access stores one
  // (Properties["X"].Value = v, properties()[U("X")] = v, insert({k, v})).
  const clang::Expr *Value = nullptr;
  // The property exists in the entity afterwards (operator[] of a map adds
  // it, as do insert and emplace); false for at/find/count/erase.
  bool Adds = false;
};

// Registers the matchers whose results propertyAccessesIn() decodes.
void matchPropertyMaps(
    const ApiRoles &Roles, clang::ast_matchers::MatchFinder *Finder,
    clang::ast_matchers::MatchFinder::MatchCallback *Callback);
// The property accesses of one match (several when the map is bound to a
// local reference first).
std::vector<PropertyAccess>
propertyAccessesIn(const clang::ast_matchers::MatchFinder::MatchResult &Result);

// Names the SDK itself keeps in an entity's property map: the system
// properties and OData metadata ("odata.etag", "Price@odata.type"). They
// are neither user properties nor names the user chose.
bool isServiceManagedPropertyName(llvm::StringRef Name);

// A recovered string as a message shows it: unknown stretches as {?}, long
// values cut to their start ("<first 48 characters>...").
std::string shownValue(const std::string &Recovered);

// The variable or data member an entity expression names (e, this->e_),
// or null.
const clang::ValueDecl *entityDeclOf(const clang::Expr *Entity);

} // namespace tablelint::code
