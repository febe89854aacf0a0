// The load model of the schema checks: what each declared write and query
// puts on the busiest partition and on the account, in entities per second,
// computed from the key templates, the property distributions and the
// declared rates ("rates are computed, not guessed"). Every figure carries
// the reasoning that produced it, so messages can explain it.
//
// Assumptions (stated in messages where they matter):
//  - properties in one key are independent: their shares multiply;
//  - a date/time property (unless it declares another distribution), a
//    `grows: true` property and a sequential one always take their current
//    value, so one key gets the whole rate ("today's partition");
//  - a placeholder's value per execution follows the property's declared
//    distribution, for writes and queries alike;
//  - without `entities`, a table holds every inserted entity for its
//    `retention`; with neither, its size is unknown and no scan is sized.
#pragma once

#include "core/Filter.h"
#include "core/QueryScope.h"
#include "core/schema/Schema.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tablelint::schema {

// H(N, s) = sum_{k=1..N} k^-s: the zipf(s) top value gets 1/H(N, s).
double generalizedHarmonic(std::uint64_t N, double S);

// "6000", "14.7", "0.25", "15.6 million": figures as messages print them.
std::string formatFigure(double Value);
// "14.7%".
std::string formatPercent(double Fraction);

// Which fraction of the operations lands on a key template's busiest value.
struct KeyShare {
  // False when a property of the key is undeclared or has no declared
  // spread (distinct, values, distribution): nothing is decided then.
  bool Known = false;
  double Top = 1;
  // The chance that two operations, each picking its key by the declared
  // distributions, pick the same one: sum over the keys of their squared
  // shares (1/N for N uniform keys, H(N, 2s) / H(N, s)^2 for zipf(s)). An
  // operation that picks its key as the writes that filled the table did
  // finds, on average, this share of the table's entities under it.
  double Collision = 1;
  // A time-based or growing part, not bucketed: the busiest key is the
  // current one, and it moves on (append-only pattern).
  bool Sequential = false;
  // The sequential properties, as named in the template.
  std::vector<std::string> SequentialProperties;
  // A skewed distribution (zipf, hotspot, weights, latest) decides Top.
  bool Skewed = false;
  // Distinct keys over the properties' lifetime; nullopt when unbounded
  // (growing or unique values) or unknown.
  std::optional<double> Distinct;
  // One phrase per property: "zipf(0.99) over 500 'tenantId' values puts
  // 14.9% on the busiest".
  std::vector<std::string> Reasons;
  // The properties that made the share unknown.
  std::vector<std::string> Undeclared;

  std::string why() const;
};

KeyShare keyShare(const Table &T, const KeyTemplate &Key);

// The share of the operations that pick Value (as a key renders it) of
// property P, when its declaration says: a listed value's weight, or a
// generated value ("tenantId-0", the replay's text for the value of
// index 0) under a uniform, zipf or hotspot distribution. Nullopt
// otherwise.
std::optional<double> valueShareOf(const Property &P, const std::string &Value);

// The share of the busiest value of P that is not among Listed; nullopt
// when the declaration does not say.
std::optional<double> busiestShareExcept(const Property &P,
                                         const std::vector<std::string> &Listed);

// How many distinct RowKeys one partition can receive within a second: the
// product, over the RowKey's properties that the PartitionKey does not fix,
// of their values (a listed or declared count, a hash's buckets, one
// current value of a date formatted to the second or coarser, or of a
// slowly changing one). nullopt when any is unbounded (a guid, a growing
// counter, a finer date) or undeclared. A write at a higher rate to one
// partition writes the same entities again.
std::optional<double> rowsPerPartitionPerSecond(const Table &T);

// The partition a key addresses in a table with a name template (a table
// per day or per tenant) is one of that instance: the name's placeholders
// join the key's (the text stays the key's, for messages). Key itself for
// other tables.
KeyTemplate instancePartitionKey(const Table &T, const KeyTemplate &Key);


// The table's entity count.
struct TableSize {
  bool Known = false;
  double Entities = 0;
  std::string Why; // "declared entities: 2000000" / "6000 inserts/s kept 30d"
};
TableSize tableSize(const Table &T);
// The entities of the busiest instance of a table with a name template
// (what a table scan reads: today's table, the busiest tenant's); the
// table's size for other tables.
TableSize instanceSize(const Table &T);

// The share of entities a filter node keeps (a conjunction of equalities
// on properties with declared values, weights or distinct counts); nullopt
// when unknown.
// Whether Node is, or is joined by `and` to, an equality on Property.
bool conjunctPins(const Filter &F, std::uint32_t Node,
                  std::string_view Property);
std::optional<double> nodeSelectivity(const Table &T, const Filter &F,
                                      std::uint32_t Node);

// The share of a write's entities that reach the table: its `when`'s
// selectivity from the declared values and weights (1 without `when`, or
// when unknown). Why: the reasoning, when given.
double writeShare(const Table &T, const Write &W, std::string *Why = nullptr);

// Inserted entities per second (insert and the upserts), `when` applied.
double insertRate(const Table &T);

// An entity's size by the service's formula (SERVICE-FACTS.md, "entity
// billing size"), and a lower bound of its JSON payload. Properties without
// a declared size count their smallest value (empty strings), so both are
// lower bounds unless Exact.
struct EntitySize {
  double BillingBytes = 0;
  double PayloadBytes = 0;
  bool Exact = true;
  // Lower bounds of the rendered key lengths, in characters.
  unsigned PartitionKeyChars = 0;
  unsigned RowKeyChars = 0;
};
// Selected: only these properties (a projection); null: all.
EntitySize entitySize(const Table &T,
                      const std::vector<std::string> *Selected = nullptr);
// Lower bound of a key template's rendered length in characters.
unsigned keyLengthLowerBound(const Table &T, const KeyTemplate &Key);

// A query's filter template parsed: placeholders ({prop...}) stand for
// values picked per execution.
struct QueryFilter {
  bool Empty = true; // no filter: reads the whole table
  std::optional<Filter> Parsed;
  std::optional<FilterError> Error; // offset in the template text
  QueryScope Scope;
  // The pinned PartitionKey literal as a key template
  // ("{readingTime:yyyyMMdd}"), when the scope pins exactly one.
  std::optional<KeyTemplate> PinnedPartition;
  // Maps a byte offset of Parsed->Source to the template text's offset.
  std::vector<std::uint32_t> TemplateOffset;

  std::uint32_t templateOffset(std::uint32_t ParsedOffset) const;
  // The template text (Text, the filter as written) of the parsed span
  // [Offset, Offset + Length): a node or a literal with its placeholders.
  std::string templateText(const std::string &Text, std::uint32_t Offset,
                           std::uint32_t Length) const;
};
QueryFilter parseQueryFilter(const Query &Q);

// The constant text a key template starts with ("msg_" of
// "msg_{sentAt:yyyyMMddHHmmssfff}_{messageId}"); empty when it starts with
// a placeholder.
std::string keyLiteralPrefix(const KeyTemplate &Key);
// Whether a row range's RowKey bounds provably hold every RowKey that
// starts with Prefix ('msg_' within "RowKey ge 'msg_' and RowKey lt
// 'msh'"). A bound known only by its start holds them where that start
// already decides; false without a bound or for an empty Prefix.
bool rowRangeHoldsPrefix(const QueryScope &Scope, const std::string &Prefix);

// The load one write or query puts on the service.
struct OperationLoad {
  std::string Name;
  std::string Path;
  SourcePos Pos;
  bool IsWrite = true;
  double Rate = 0; // executions (writes: entities) per second
  // Entities touched per execution: 1 per written entity; scanned ones for
  // queries. Unknown for scans of a table of unknown size.
  std::optional<double> EntitiesPerExecution;
  std::string EntitiesWhy;
  // The share of executions landing on the busiest partition.
  KeyShare Share;
  // For queries: entities read per execution from the busiest partition
  // (a table scan reads each partition once per execution).
  std::optional<double> AccountEntitiesPerSecond;
  std::optional<double> HottestPartitionEntitiesPerSecond;
  // "6000 writes/s, all on the current partition ('{readingTime:yyyyMMdd}')".
  std::string Explain;
  // A purge at the retention (purgesAtRetention) of a table whose
  // partition key takes the current time: its deletes land on the
  // partitions of a retention ago, not on the current ones the other
  // operations load.
  bool AgedPartitions = false;
};

struct QueryAnalysis {
  QueryFilter Filter;
  std::optional<double> Scanned; // entities read per execution
  std::string ScannedWhy;
  std::optional<double> Returned; // entities returned per execution
  std::string ReturnedWhy;
  // Returned is a bound, not an estimate: a RowKey equality without the
  // PartitionKey returns at most one entity per partition key.
  bool ReturnedIsBound = false;
  // Where Returned is unknown because a condition has no known share (a
  // time compared with a placeholder): what the other conditions keep,
  // which the whole filter keeps at most.
  std::optional<double> ReturnedAtMost;
  std::string ReturnedAtMostWhy;
  // What the filter matches by the model alone (scan size times the
  // non-key conditions' selectivity), before `expectedRows` or `top`: what
  // a declared `expectedRows` is checked against. Table and partition scans
  // of a known size only.
  std::optional<double> Matches;
  std::string MatchesWhy;
  // A "latest N" read (`newest`, `top`) of a RowKey that does not put the
  // newest first: `top` cannot stop the scan, the reader reads every match
  // and keeps the last N in key order (as replay runs it). What it reads
  // then, per execution: the partition-scan finding's figure. Scanned and
  // the load keep the top-N read that the log tail would make, so the key
  // design is judged as it would be with that fixed.
  std::optional<double> AllForNewest;
  std::string AllForNewestWhy;
  // A PartitionKey equality alone on a key that is not time-based: each
  // execution returns a whole partition, which the account serves: the one
  // a read picking its key as the writes did returns on average
  // (expectedPartitionRead; Matches, the average partition, where the key
  // is not skewed), at most `top`. The key-design checks leave such a
  // read unsized (its executions spread over the keys, and a rate averaged
  // over a rare read of a big partition would bucket a sparse index), but
  // the account's sum is the same however they spread.
  std::optional<double> WholePartitionReads;
  // A partition scan picks its partition by the key template the writes
  // filled the table with: per execution the account serves the partition
  // it reads on average (expectedPartitionRead), less than Scanned, the
  // busiest, which the per-partition checks size. Set only where smaller
  // than Scanned; Load.AccountEntitiesPerSecond counts it.
  std::optional<double> AccountScanned;
  std::string AccountScannedWhy;
  // AllForNewest as the account serves it: the partition an execution
  // reads on average, where that differs from AllForNewest (a partition
  // scan's busiest partition, a PartitionKey equality's average one).
  std::optional<double> AccountAllForNewest;
  OperationLoad Load;
};

OperationLoad writeLoad(const Table &T, const Write &W);
// T is one entity type's view of its table (core/schema/EntityTypes.h);
// Declared, when given, the table as declared: a table scan reads every
// entity of it, whatever its type, and a read of a partition (a partition
// scan, a PartitionKey equality) every entity of the types that share T's
// partition key, while a non-key filter's matches come from T's own
// entities. A PartitionKey equality alone matches every type it reads.
QueryAnalysis analyzeQuery(const Table &T, const Query &Q,
                           const Table *Declared = nullptr);

// Entities in the busiest partition (for partition scans): the table's
// entities times the busiest key's share of the writes, or the current
// period's inserts of a time-based key; at most the full keys one
// partition key can hold (a code hashed into 16 buckets and used whole in
// the RowKey: a 16th of the codes, however skewed their use).
struct PartitionSize {
  bool Known = false;
  double Entities = 0;
  std::string Why;
};
PartitionSize busiestPartitionSize(const Table &T);
// Entities in the partition a read that picks its key as the writes did
// (the same template and distributions) reads on average: the table times
// KeyShare::Collision (10000 zipf(0.99) keys: 1.6%, where the busiest holds
// 9.8%), with the same bound. What the account serves per execution of a
// partition scan or whole-partition read.
PartitionSize expectedPartitionRead(const Table &T);

} // namespace tablelint::schema
