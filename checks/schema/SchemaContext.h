// What the schema checks share: the schema, the options, and the load model
// computed once per table (query filters parsed and classified, loads of
// every write and query, sizes).
#pragma once

#include "checks/schema/Load.h"
#include "checks/schema/SchemaChecks.h"
#include "core/schema/YamlLines.h"

#include <deque>
#include <utility>
#include <vector>

namespace tablelint::schema {

// One entity type of a table (the table itself when it declares one type:
// core/schema/EntityTypes.h): its keys, properties, writes and queries.
struct TableAnalysis {
  const Table *T = nullptr;
  const Table *Declared = nullptr; // the table as declared (all its types)
  const Account *Acct = nullptr; // null when undeclared
  TableSize Size;
  EntitySize Entity;
  KeyShare PartitionShare;           // of the table's partition key, for writes
  std::vector<OperationLoad> Writes; // parallel to Table::Writes
  std::vector<QueryAnalysis> Queries; // parallel to Table::Queries
  // Every write of the table whose entity type has this partition key
  // (the types that share a partition share its load), in declaration
  // order.
  std::vector<OperationLoad> PartitionWrites;
};

// Whether two analyses (entity types) lie in the same partitions: types of
// one declared table under one partition key, whose loads add up there.
inline bool sharesPartitions(const TableAnalysis &A, const TableAnalysis &B) {
  return A.Declared == B.Declared &&
         A.T->PartitionKey.Text == B.T->PartitionKey.Text;
}

struct SchemaContext {
  SchemaContext(const Schema &S, const SchemaCheckOptions &Options,
                std::string_view SourceText);

  const Schema &S;
  const SchemaCheckOptions &Options;
  // The file's lines when its text is known: columns inside quoted and
  // folded filter values.
  std::vector<YamlLine> Lines;
  // One per entity type of each table, in declaration order (one per
  // table without entityTypes); T points into Views. Checks that judge a
  // table once per type may report the same finding for types that share
  // its partition key: runSchemaChecks keeps one.
  std::vector<TableAnalysis> Tables;
  std::deque<Table> Views;
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

// Whether the writes of a declared transaction share one key by design:
// a write of it carries several entities under one key (an order and its
// lines: `entitiesPerWrite`), or it writes entity types of the table that
// share one partition key template (an order header and its lines), so
// the unique key is the unit's, not each entity's (Transactions.cpp).
bool keyedByUnit(const Table &Declared, const Transaction &Tx);

// The declared transactions of the table that name the write.
std::vector<const Transaction *> transactionsOf(const Table &Declared,
                                                const Write &W);

// What keeps the names a table-name template renders from being valid
// table names (characters, length, first character), or empty
// (TableNameTemplate.cpp).
std::string tableNameTemplateProblem(const Table &T, const KeyTemplate &Name);

// The partition key's leading placeholder when it is time-based or growing
// and not bucketed (TimeBasedPartitionKeyCheck.cpp); null otherwise.
const KeyPart *leadingSequentialPart(const KeyTemplate &Key,
                                     const KeyShare &Share);

// The message core/FilterProblems gives query Q of T (analysed as A) for
// RuleId (the wording of the code checks, with Q's template quoted as
// written), or empty (TableScanCheck.cpp).
std::string filterProblemMessage(const Table &T, const Query &Q,
                                 const QueryAnalysis &A,
                                 const SchemaCheckOptions &Options,
                                 const char *RuleId);

// The equalities of F's top-level conjunction on declared non-key
// properties of T, each with the property it compares
// (DenormalizeForQueryCheck.cpp): what an index could be keyed by.
std::vector<std::pair<const FilterNode *, const Property *>>
propertyEqualities(const Table &T, const Filter &F);

// The declared non-key property a table-scan query looks entities up by
// (DenormalizeForQueryCheck.cpp), or null.
const Property *lookupProperty(const Table &T, const QueryAnalysis &A);
// The properties an index for that query is keyed by: lookupProperty's
// first, then every other equality of the conjunction on a declared
// non-key property of several values whose value the caller passes (a
// placeholder: 'tenantId' beside 'accountId'), so the index partition
// holds exactly what the query returns. Only lookupProperty's when its
// value is a constant (a sparse index) or when there is none.
std::vector<const Property *> lookupKeyProperties(const Table &T,
                                                  const QueryAnalysis &A);

// The non-key property a scan of one partition looks entities up by (a
// user's events inside a tenant's partition, 100,000 read per one
// returned), when an index keyed by the partition's key and that property
// (the one of the most declared values, its value passed by the caller)
// makes the read dense: an index partition (the partition's entities over
// the property's values) holds at most MaxScannedPerReturned entities per
// entity returned (DenormalizeForQueryCheck.cpp). Null for a constant
// value (a sparse index of rows with it: partition-key-design's advice), a
// property of few values (a priority among five, beside a rare status: its
// index partition is a fifth of the partition), an unsized read, or a
// RowKey that already leads with the property.
const Property *partitionLookupProperty(const Table &T, const QueryAnalysis &A,
                                        double MaxScannedPerReturned);

// The RowKey's leading date/time placeholder when the query reads a range
// of at least MinRows consecutive points of it (DataSeriesEntityCheck.cpp).
const KeyPart *seriesPart(const Table &T, const Query &Q,
                          const QueryAnalysis &A, unsigned MinRows);

// When a query is a filtered scan of a partition (it reads at least ten
// entities for each it returns, dropping rows by non-key conditions, or
// compares a property its RowKey leads with, which a RowKey range could
// read alone): the advice for a partition whose load is mostly that
// query's (Load entities/s of it; T: the query's table or entity type),
// instead of a hash bucket, which would turn each read into one per bucket
// (HotPartitionCheck.cpp). Empty when it is not such a scan.
std::string scanLoadRemedy(const Table &T, const Query &Q,
                           const QueryAnalysis &A, double Load);

// For a partition scan that compares a property the RowKey (of T, the
// query's table or entity type) leads with in key order, with `and` only
// and no `ne`: "; RowKey '...' leads with 'P' in key order, so ...", the
// advice to read that RowKey range instead (PartitionScanCheck.cpp).
// Empty otherwise.
std::string rowKeyRangeHint(const Table &T, const Query &Q,
                            const QueryAnalysis &A);

// For a scan that reads Read entities of one partition per execution, at
// least the partition's target of a second, next to the busiest key's
// other operations that take at least half of the target and, with the
// scan's average, no more (over it, partition-throughput and
// hot-partition report): "; averaged over its period it adds ...", what
// its back-to-back pages do to that key's other operations and the remedy
// (TableScanCheck.cpp; table-scan and partition-scan). Empty otherwise.
std::string periodicScanHint(const SchemaContext &C, const TableAnalysis &TA,
                             const QueryAnalysis &A, double Read);

// A read of a whole partition (a PartitionKey equality alone, no `top`)
// returning at least MinListingRows: a listing, which a hash bucket of
// another property would fan out into one request per bucket.
constexpr double MinListingRows = 100;
bool isWholePartitionListing(const Query &Q, const QueryAnalysis &A);

// Where a client's retry policy is declared (the client when defaulted).
SourcePos retryPosition(const Client &Cl);

// Where a table's partition key is declared (the table when unknown).
SourcePos partitionKeyPosition(const Table &T);

// The query's scope as phrased in messages: "table scan", "partition scan".
std::string scopeText(const QueryAnalysis &A);

} // namespace tablelint::schema
