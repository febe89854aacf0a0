// Where code touches an entity's property map, found through the API role
// maps (never SDK names of our own): Properties["X"],
// properties()[U("X")], insert/emplace/at/find, also through a local
// reference to the map. The keys are model/EntityKeys.h.
// Shared by entity-limits and invalid-name.
#pragma once

#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

#include <vector>

namespace tablelint::code {

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

// The variable or data member an entity expression names (e, this->e_),
// or null.
const clang::ValueDecl *entityDeclOf(const clang::Expr *Entity);

} // namespace tablelint::code
