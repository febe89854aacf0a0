// What a query call in the code asks the Table service for: its filter (as
// far as it is known at compile time), key address, projection and table.
// Shared by the query checks (table-scan, partition-scan, low-density-query,
// filter-too-complex, invalid-filter, missing-projection, ...).
#pragma once

#include "checks/code/model/StringRecovery.h"
#include "core/ApiRoles.h"
#include "core/QueryScope.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <optional>
#include <string>

namespace tablelint::code {

// A string recovered from code and where it is written.
struct RecoveredText {
  std::string Text; // unknown stretches are UnknownValueMarker
  const clang::Expr *Source = nullptr;
};

struct QueryModel {
  // The SDK or wrapper call; null for a query written as a REST URL.
  const clang::CallExpr *Call = nullptr;
  const ApiFunction *Function = nullptr;
  // Where findings about this query go (the called member's name).
  clang::SourceLocation Location;
  // False when something we cannot see may change the query (options
  // passed in from elsewhere, modified through a reference): no finding.
  bool Understood = true;
  // The filter sent, when one is set (known or partly known).
  std::optional<RecoveredText> Filter;
  // The key address (QueryEntitiesOptions::PartitionKey/RowKey).
  KeyAddress Address;
  // The projection, when one is set.
  std::optional<RecoveredText> Select;
  bool HasSelect = false;
  // The table queried, when known from the client's construction.
  std::string Table;
};

// Models a call that has the Query role. nullopt when the call does not
// match its role entry's shape.
std::optional<QueryModel> modelQuery(const clang::CallExpr *Call,
                                     const ApiFunction &Function,
                                     clang::ASTContext &Ctx,
                                     const ApiRoles &Roles);

// Models a hand-written REST request URL (".../Orders()?$filter=...&$select=...")
// whose text is recovered from the string expression Url: the filter after
// `$filter=` (URL-decoded), the projection, the table and the key address
// `(PartitionKey='a',RowKey='b')` from the path. nullopt when the text has no
// `$filter=` with a value.
std::optional<QueryModel> modelUrlQuery(const clang::Expr *Url,
                                        const std::string &Text);

// The table name a client or table object was made for, when a literal
// (TableClient(url, "Orders"), GetTableClient("Orders"),
// get_table_reference(U("Orders"))). Empty when not known.
std::string tableOfObject(const clang::Expr *Object, clang::ASTContext &Ctx,
                          const ApiRoles &Roles);

// Where the table of a client or table object is named: the table argument
// of its construction (the first one, for a member set by constructors), or
// the table the role entry fixes.
struct TableSource {
  const clang::Expr *Argument = nullptr;
  std::string Fixed;
};
TableSource tableSourceOf(const clang::Expr *Object, const ApiRoles &Roles);

} // namespace tablelint::code
