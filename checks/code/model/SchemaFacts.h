// What the code of one translation unit says about the schema, read from
// its table model (model/TableModel.h) for `tablelint schema init`: the
// tables it touches, the keys its writes build, its queries (filter,
// projection, top, the properties read from the results), its writes
// (operation, batching) and the retry policy it gives its clients. Plain
// data with the place each fact comes from, so facts of many TUs can be
// merged after their ASTs are gone.
#pragma once

#include "checks/code/model/CodeTemplate.h"
#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>

#include <optional>
#include <string>
#include <vector>

namespace tablelint::code {

struct CodePlace {
  std::string File; // as the compile command names it
  unsigned Line = 0;
  std::string Function; // the enclosing function's name ("Ingest")
  unsigned Column = 0;  // 1-based, of the call (what a finding points at)
};

struct CodeWriteFact {
  CodeTemplate Table; // Text empty: the table is not known
  // "insert", "replace", "merge", "delete", "upsert-replace", "upsert-merge"
  // (the role map's kind).
  std::string Kind;
  std::optional<CodeTemplate> PartitionKey;
  std::optional<CodeTemplate> RowKey;
  // Sent in an entity group transaction; BatchSize the number of adds to
  // it when the code makes a fixed number (0: a loop decides).
  bool Batched = false;
  unsigned BatchSize = 0;
  std::vector<std::string> Properties; // written by name (e.Properties["x"])
  CodePlace Place;
};

struct CodeQueryFact {
  CodeTemplate Table;
  // The $filter as a template, key addresses included as comparisons.
  std::optional<CodeTemplate> Filter;
  bool HasSelect = false;
  std::vector<std::string> Select;
  std::optional<unsigned> Top;
  // The properties read from the results, when every use is followed.
  std::optional<std::vector<std::string>> Uses;
  // A point read (GetEntity, retrieve): PartitionKey and RowKey equal.
  bool PointRead = false;
  CodePlace Place;
};

struct CodeRetryFact {
  // "none", "exponential", "linear", "constant", "immediate"
  std::string Policy;
  std::optional<double> DelayMs;
  std::optional<double> MaxDelayMs;
  std::optional<unsigned> MaxRetries;
  std::vector<int> RetryOn;
  CodePlace Place;
};

struct SchemaFacts {
  std::vector<CodeWriteFact> Writes;
  std::vector<CodeQueryFact> Queries;
  std::vector<CodeRetryFact> Retries;
  // Storage account names in connection strings and endpoint URLs.
  std::vector<std::string> Accounts;
};

// The facts of the TU of Ctx (its project code, not system headers).
SchemaFacts schemaFacts(clang::ASTContext &Ctx, const ApiRoles &Roles);

} // namespace tablelint::code
