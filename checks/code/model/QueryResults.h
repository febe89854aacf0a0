// Where the entities a query returns go: the loops that visit them one by
// one, and every use of every entity (a property read by name, a key read, a
// delete, or an escape the analysis cannot follow). Shared by the checks on
// what the code does with query results (missing-projection,
// client-side-filter, n-plus-one-reads: CHECKLIST.md items 23-25).
//
// The shapes followed are the ones real code has, recognised by type rather
// than by SDK names: the query call returns either a sequence of entities
// (an iterator or container whose element type has the Entity role, e.g.
// azure::storage::table_query_iterator) or a results object with such a
// member (Azure::Data::Tables' page with TableEntities, table_query_segment
// with results(), also from execute_query_segmented_async(...).get()). The
// sequence is visited by range-for, by `*it`/`it->` in a for or while loop
// over the iterator (also one from begin()/cbegin()), or held in a local
// variable first; an entity's property map may be held in a local too.
// Results returned whole by a function of this file (a one-line wrapper)
// are followed into every call of it in the file.
// An entity is read through the members its Entity role names (properties,
// partitionKey, rowKey) or passed to a role function that deletes it.
// Anything else (the page or an entity passed to a function, stored,
// returned, a property read by a computed name) is an escape: the analysis
// then knows the results are used in ways it cannot see.
#pragma once

#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <llvm/ADT/SmallPtrSet.h>

#include <string>
#include <vector>

namespace tablelint::code {

enum class EntityUseKind : std::uint8_t {
  Property, // a property read by a name known at compile time
  Key,      // PartitionKey, RowKey or Timestamp read through the entity
  Metadata, // the ETag: returned whatever the projection
  Delete, // the entity passed whole to a delete (write/batch-add, kind delete)
  // The property map read by a name known only at run time (a parameter,
  // a loop over requested columns) or walked entry by entry: the columns
  // the code needs are decided at run time.
  RuntimeColumns,
  Escape, // anything else: passed on, stored, copied out
};

struct EntityUse {
  EntityUseKind Kind = EntityUseKind::Escape;
  // Property, Key: the property name ("Status", "PartitionKey").
  std::string Name;
  // The whole read (`e.Properties.at("Status")`, `it->partition_key()`),
  // the delete call, or the expression through which the entity escapes.
  const clang::Expr *Read = nullptr;
};

// A loop whose body runs once per entity of the results.
struct ResultLoop {
  const clang::Stmt *Loop = nullptr;
  const clang::Stmt *Body = nullptr;
};

struct QueryResults {
  const clang::CallExpr *Query = nullptr;
  // Every use of every entity found.
  std::vector<EntityUse> Uses;
  // Uses of the results other than through an entity that the analysis
  // cannot follow (the page returned, the iterator passed on, ...).
  std::vector<const clang::Expr *> Escapes;
  std::vector<ResultLoop> Loops;
  // Local variables holding the results, a sequence of them or one entity.
  llvm::SmallPtrSet<const clang::VarDecl *, 8> Vars;

  // True when every use of the results was followed to its end (a
  // RuntimeColumns use is not: it may read any property).
  bool complete() const;
  // The first RuntimeColumns use when it is the only reason the results
  // are not complete; null otherwise.
  const EntityUse *onlyRuntimeColumns() const;
  // The use whose Read is E (after parentheses and implicit casts).
  const EntityUse *useAt(const clang::Expr *E) const;
  // True when S mentions the results (the call, or one of Vars).
  bool mentions(const clang::Stmt *S) const;
};

// The results of a query call (one with the Query role), analysed once per
// call and AST.
const QueryResults &analyzeResults(const clang::CallExpr *Query,
                                   clang::ASTContext &Ctx,
                                   const ApiRoles &Roles);

// Drops the analyses of the previous translation unit (a new ASTContext may
// reuse the old one's address). Called when a TU starts.
void forgetQueryResults();

// True when S may change D (a local variable, or a field of `this`): an
// assignment or increment, a non-const member call, a non-const reference
// or pointer taken. Reads (conversions, comparisons, const calls) do not.
bool isWrittenIn(const clang::Stmt *S, const clang::ValueDecl *D,
                 clang::ASTContext &Ctx);

// True when T (references and cv stripped) is a type with the Entity role.
bool isEntityType(clang::QualType T, const ApiRoles &Roles);

} // namespace tablelint::code
