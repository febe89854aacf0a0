// What the schema checks share: the schema, the options, and the load model
// computed once per table (query filters parsed and classified, loads of
// every write and query, sizes).
#pragma once

#include "checks/schema/Load.h"
#include "checks/schema/SchemaChecks.h"
#include "core/schema/YamlLines.h"

#include <vector>

namespace tablelint::schema {

struct TableAnalysis {
  const Table *T = nullptr;
  const Account *Acct = nullptr; // null when undeclared
  TableSize Size;
  EntitySize Entity;
  KeyShare PartitionShare;           // of the table's partition key, for writes
  std::vector<OperationLoad> Writes; // parallel to Table::Writes
  std::vector<QueryAnalysis> Queries; // parallel to Table::Queries
};

struct SchemaContext {
  SchemaContext(const Schema &S, const SchemaCheckOptions &Options,
                std::string_view SourceText);

  const Schema &S;
  const SchemaCheckOptions &Options;
  // The file's lines when its text is known: columns inside quoted and
  // folded filter values.
  std::vector<YamlLine> Lines;
  std::vector<TableAnalysis> Tables; // parallel to Schema::Tables
};

// The finding column of a byte offset inside a query's filter template.
SourcePos filterPosition(const SchemaContext &C, const Query &Q,
                         std::uint32_t TemplateOffset);

// A bucketed design aims at this share of the partition target at the
// declared peak: headroom for bursts, skew and growth.
inline constexpr double BucketTargetShare = 0.5;

// Powers of two from 2: the bucket count that brings Rate to at most
// Target x BucketTargetShare per bucket.
unsigned bucketCountFor(double Rate, double Target);

// Every entity has its own partition key (a unique property in it, e.g. a
// guid): no two entities can share a transaction.
bool uniquePartitionPerEntity(const KeyShare &Share);

// The partition key's leading placeholder when it is time-based or growing
// and not bucketed (TimeBasedPartitionKeyCheck.cpp); null otherwise.
const KeyPart *leadingSequentialPart(const KeyTemplate &Key,
                                     const KeyShare &Share);

// The message core/FilterProblems gives a query for RuleId (the wording of
// the code checks), or empty (TableScanCheck.cpp).
std::string filterProblemMessage(const Table &T, const QueryAnalysis &A,
                                 const SchemaCheckOptions &Options,
                                 const char *RuleId);

// The declared non-key property a table-scan query looks entities up by
// (DenormalizeForQueryCheck.cpp), or null.
const Property *lookupProperty(const Table &T, const QueryAnalysis &A);

// The RowKey's leading date/time placeholder when the query reads a range
// of at least MinRows consecutive points of it (DataSeriesEntityCheck.cpp).
const KeyPart *seriesPart(const Table &T, const Query &Q,
                          const QueryAnalysis &A, unsigned MinRows);

// Where a client's retry policy is declared (the client when defaulted).
SourcePos retryPosition(const Client &Cl);

// Where a table's partition key is declared (the table when unknown).
SourcePos partitionKeyPosition(const Table &T);

// The query's scope as phrased in messages: "table scan", "partition scan".
std::string scopeText(const QueryAnalysis &A);

} // namespace tablelint::schema
