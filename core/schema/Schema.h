// The schema model (format version 1): what a team declares about its
// accounts, clients and tables, and what the checklist needs to know.
// The loader (core/schema/SchemaLoader.h) builds it from YAML; the schema
// checks, `suggest` and the replay engine read it; the writer
// (core/schema/SchemaWriter.h) prints it back as YAML.
//
// Every element remembers where it was declared (1-based line and column) and
// its element path, the stable identity used by baselines and SARIF
// fingerprints: "tables[DeviceReadings].queries[failing-devices]".
//
// Logical identity across designs: a current schema and its suggested design
// describe the same logical data. An entity is identified by its property
// values, not by its keys (each design derives its own keys from the
// properties through the key templates). Writes and queries are matched across
// designs by name: every write named "ingest-reading" in a design belongs to
// the one logical write "ingest-reading" (an index table that mirrors a write
// declares a write with the same name), and a query keeps its name when it is
// rewritten or moved to another table.
#pragma once

#include "core/Edm.h"
#include "core/ServiceLimits.h"
#include "core/schema/DateFormat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::schema {

inline constexpr int CurrentSchemaVersion = 1;

struct SourcePos {
  unsigned Line = 0; // 1-based; 0 when unknown
  unsigned Column = 0;
};

// "6000/s", "20/min", "1.5k/h", "2M/day": normalised to events per second.
struct Rate {
  double PerSecond = 0;
  std::string Text; // as written, for messages
  SourcePos Pos;
};

// ---------------------------------------------------------------- accounts

struct Account {
  std::string Name;
  std::string Region;       // e.g. "westeurope"
  std::string Subscription; // optional; account-count groups by it + region
  // Targets; unset means the service default for the region
  // (core/ServiceLimits.h).
  std::optional<double> EntitiesPerSecond;
  std::optional<double> IngressGbps;
  std::optional<double> EgressGbps;
  std::string Note; // comment lines directly above it in the YAML
  std::string Path; // "accounts[telemetry]"
  SourcePos Pos;
};

// ----------------------------------------------------------------- clients

enum class ClientKind : unsigned char { Service, Browser, Mobile };
enum class AuthKind : unsigned char { Token, Sas, SharedKey };
enum class RetryPolicyKind : unsigned char {
  None,        // no retries
  Exponential, // BaseDelay * 2^(n-1), capped by MaxDelay, with jitter
  Linear,      // BaseDelay * n
  Constant,    // BaseDelay each time
  Immediate,   // no delay
};
enum class PayloadFormat : unsigned char {
  JsonNoMetadata,
  JsonMinimalMetadata,
  JsonFullMetadata,
  AtomPub,
};

// A client's declared `retry:`; unset fields are azure-core's defaults
// (core/ServiceLimits.h). What they mean, for the simulator and the live
// run alike: core/RetrySchedule.h.
struct RetrySpec {
  RetryPolicyKind Policy = RetryPolicyKind::Exponential;
  double BaseDelaySeconds = limits::SdkDefaultRetryDelaySeconds;
  double MaxDelaySeconds = limits::SdkDefaultMaxRetryDelaySeconds;
  unsigned MaxRetries = static_cast<unsigned>(limits::SdkDefaultMaxRetries);
  bool Jitter = true;
  // HTTP statuses retried. Empty means the SDK default (408, 500, 502, 503,
  // 504); a non-retryable code listed here is a retry-non-retryable finding.
  std::vector<int> RetryOn;
  SourcePos Pos; // of the "retry" key; 0 when the default applies
};

struct Client {
  std::string Name;
  ClientKind Kind = ClientKind::Service;
  std::string Region;
  AuthKind Auth = AuthKind::Token;
  std::optional<double> BandwidthBitsPerSecond; // "1Gbps", "100Mbps"
  std::optional<unsigned> MaxConcurrency;       // unset: unbounded
  RetrySpec Retry;
  PayloadFormat Payload = PayloadFormat::JsonMinimalMetadata;
  std::string Note;
  std::string Path; // "clients[ingest]"
  SourcePos Pos;
};

// -------------------------------------------------------------- properties

enum class DistributionKind : unsigned char {
  Uniform,
  Zipf,       // Param = s (YCSB uses 0.99)
  Hotspot,    // HotDataFraction of the values get HotOpFraction of the uses
  Latest,     // recent values are most likely (YCSB "latest")
  Sequential, // each new value follows the previous one
};

struct Distribution {
  DistributionKind Kind = DistributionKind::Uniform;
  double Param = 0;              // zipf s
  double HotDataFraction = 0.2;  // hotspot(0.2, 0.8)
  double HotOpFraction = 0.8;
  std::string Text;              // as written
};

struct Property {
  std::string Name;
  EdmType Type = EdmType::String;
  std::optional<std::uint64_t> Distinct; // number of distinct values
  Distribution Dist;
  std::vector<std::string> Values; // an explicit value list (as text)
  std::vector<double> Weights;     // same length as Values, sums to ~1
  std::optional<std::uint64_t> Bytes; // typical size of a string/binary value
  bool Grows = false; // new values keep appearing over time (time, counters)
  // A slowly changing value that is not a datetime (the current season, a
  // release number): one value is current at a time and a new one appears
  // every this many seconds ("changes: 90d"). Every write takes the
  // current value, like a date key of that period.
  std::optional<double> ChangesEverySeconds;
  std::string Note;
  std::string Path;   // "tables[Orders].properties[status]"
  SourcePos Pos;
};

// ----------------------------------------------------------- key templates

// "{deviceId|hash:16}_{readingTime:yyyyMMdd}": literal text and
// placeholders. A placeholder is {name[:format][|fn[:arg]]...}:
//  - format: for datetime properties a .NET-style custom format of
//    yyyy MM dd HH mm ss fff fffffff (other characters literal;
//    core/schema/DateFormat.h); "ticks" (19-digit zero-padded); for
//    integers "D<n>" (zero-padded to n digits).
//  - fn: hash:N   -> the value's stable hash modulo N, zero-padded to the
//                    width of N-1 (a bucket prefix);
//        pad:N    -> left-padded with '0' to N characters;
//        reverse  -> for datetime/integers: (max - value), zero-padded, so
//                    later values sort first.
struct Query;

struct KeyFunction {
  enum Kind : unsigned char { Hash, Pad, Reverse } Fn = Hash;
  std::uint64_t Arg = 0;
};

struct KeyPart {
  bool IsPlaceholder = false;
  std::string Text;     // literal text, or the property name
  std::string Format;   // placeholder format ("" = default rendering)
  // Format read as a date format, once, when the template is parsed (empty
  // for no format and for "ticks"); what a datetime value renders with.
  DateTokens DateFormat;
  std::vector<KeyFunction> Functions;
  unsigned Offset = 0;  // byte offset of the part in the template text
};

struct KeyTemplate {
  std::string Text; // as written
  std::vector<KeyPart> Parts;
  SourcePos Pos;    // of the template's value in the YAML

  bool isConstant() const;
  // The properties the key is built from, in order.
  std::vector<std::string> properties() const;
};

// Parses a template; on error returns nullopt and sets Error to a message
// with the byte offset ("unclosed '{' at column 12").
std::optional<KeyTemplate> parseKeyTemplate(const std::string &Text,
                                            std::string &Error);

// Renders one placeholder's value (format + functions applied). Value must
// have the property's type. Bucket: the hash bucket rendered instead of the
// value's own (one read of a fan-out query).
std::string renderPlaceholder(const KeyPart &Part, const EdmValue &Value,
                              std::optional<std::uint64_t> Bucket = {});
// The same text appended to Out; without a temporary string for the
// values keys are made of most (dates in a format, text, no functions).
void appendPlaceholder(const KeyPart &Part, const EdmValue &Value,
                       std::string &Out);

// Appends the text of a hash function's bucket: Bucket (below Buckets)
// zero-padded to the digits of Buckets - 1, as renderPlaceholder renders it.
void appendHashBucket(std::uint64_t Bucket, std::uint64_t Buckets,
                      std::string &Out);
// The bucket a hash function with Buckets buckets gives the rendered value
// Text (a stable hash: the same across platforms and runs).
std::uint64_t hashBucketOf(std::string_view Text, std::uint64_t Buckets);

// The bucket count of a placeholder's hash function; 0 without one.
std::uint64_t hashBucketCount(const KeyPart &Part);

// The placeholders of a query's filter that it fans out over (a `fanOut`
// property with a hash function; the first of each property), in filter
// order, and the number of reads
// one execution makes (the product of their bucket counts; 1 without).
std::vector<KeyPart> fanOutParts(const Query &Q);
std::uint64_t fanOutReads(const Query &Q);
// Whether RowKey leads with {Property|reverse} (the log-tail pattern): the
// newest entities come first in key order, so "latest N" is a `top: N`
// read. Otherwise a reader of the newest N reads every match and keeps
// the last N.
bool newestFirstInKeyOrder(const KeyTemplate &RowKey,
                           const std::string &Property);
// When RowKey leads with Property in a rendering whose text sorts as its
// values do (as is, `ticks`, `D<n>`, a date format from `yyyy` down to its
// finest unit with none skipped, or `reverse`): the size, in the value's
// units (ticks for datetimes), of the steps the key tells apart: 1, or
// 10,000 for a format ending in `fff`, 10,000,000 for `ss`, and so on.
// Values within one step tie, and the rest of the key orders them. None
// when the key does not lead with Property so, or its finest unit is a
// month or a year.
// PinnedUnits: the date units Property's values share within a partition
// (pinnedDateUnits), which the RowKey's format may leave out: HHmmssfff
// sorts as its times do in a partition or table per day.
std::optional<std::int64_t> keyOrderStep(const KeyTemplate &RowKey,
                                         const std::string &Property,
                                         int PinnedUnits = 0);

// How long one value of a formatted date/time placeholder lasts: 86400 for
// yyyyMMdd, 3600 for yyyyMMddHH; 1e-7 (one tick) for the default rendering
// and "ticks". From the tokens parsed with the template (a part built by
// hand without them has its format read here).
double formatPeriodSeconds(const KeyPart &Part);

// --------------------------------------------------------- access patterns

enum class WriteKind : unsigned char {
  Insert,
  Update,        // replace an existing entity
  Merge,
  InsertOrReplace,
  InsertOrMerge,
  Delete,
};

// Whether a write creates the entity it writes (insert, insert-or-replace,
// insert-or-merge) rather than addressing one that exists.
inline bool createsEntity(WriteKind Kind) {
  return Kind == WriteKind::Insert || Kind == WriteKind::InsertOrReplace ||
         Kind == WriteKind::InsertOrMerge;
}

// A table with a retention that deletes at least this share of what it
// inserts (in entities/s) keeps itself at the retention by deleting what
// ages out: a retention purge (retention-by-delete; replay's deletes of
// such a table address entities a retention old). Fewer are the
// occasional delete of a live entity.
inline constexpr double PurgeShareOfInserts = 0.5;

struct Write {
  std::string Name;
  WriteKind Op = WriteKind::Insert;
  Rate Frequency;           // operations (entities) per second
  unsigned BatchSize = 1;   // entities per entity group transaction; 1 = single
  // Entities one execution writes together, sharing the PartitionKey (an
  // order and its lines): a batch of up to this many stays in one partition
  // even when the key differs for every execution. 1: one entity.
  unsigned EntitiesPerWrite = 1;
  // Fan-out on write: properties that take another value in every entity
  // one execution writes (a post copied into each follower's feed:
  // [followerId]). Its batches group entities of one execution, so a
  // PartitionKey that holds such a property as is puts each entity of a
  // batch in a partition of its own. Empty: none.
  std::vector<std::string> FanOut;
  SourcePos FanOutPos;
  std::string Client;       // client name; empty: none declared
  // Properties written (merge); empty: the whole entity.
  std::vector<std::string> Properties;
  // The entity type it writes (tables[T].entityTypes[...]); empty: the
  // table's only type.
  std::string EntityTypeName;
  // A $filter on the entity's own properties ("status eq 'fail'"): the
  // write reaches this table only for entities it matches (a sparse index
  // holds rows only for the values its query asks for). Empty: every entity.
  std::string When;
  SourcePos WhenPos;
  SourcePos BatchPos; // of the "batch" value; 0 when not given
  std::string Note;
  std::string Path; // "tables[T].writes[ingest-reading]"
  SourcePos Pos;
};

struct Query {
  std::string Name;
  // A $filter template: the same placeholders as key templates stand for
  // values picked per execution ("PartitionKey eq '{readingTime:yyyyMMdd}'").
  std::string Filter;
  SourcePos FilterPos;      // of the filter's value (columns inside it add up)
  std::vector<std::string> Select; // empty: no projection
  bool HasSelect = false;   // "select" given (an empty list means keys only)
  // Properties the caller reads from the results (for missing-projection).
  std::vector<std::string> Uses;
  Rate Frequency;
  std::optional<std::uint64_t> ExpectedRows; // rows returned per execution
  SourcePos ExpectedRowsPos; // of the "expectedRows" key; 0 when not given
  std::optional<std::uint64_t> Top;          // $top
  // Fan-out: properties whose hash-bucket placeholders ({p|hash:N}) the
  // reader does not know. Each execution reads every bucket (N requests per
  // property, their product for several), merges the results in RowKey
  // order and applies `top` after the merge.
  std::vector<std::string> FanOut;
  SourcePos FanOutPos;
  // "Latest N": the caller wants the `top` entities with the greatest value
  // of this growing property (the most recent), not the first `top` in key
  // order. Empty: `top` keeps the first matches in key order.
  std::string Newest;
  SourcePos NewestPos;
  // A sweep of what has fallen due (`cutoff: now - 1d`): the placeholders
  // of the datetime properties its filter bounds from above by their own
  // placeholder (`finishedAt lt datetime'{finishedAt}'`: cutoffProperties)
  // take the time the query is sent, this many seconds earlier (0:
  // `cutoff: now`), not a stored entity's value. Unset: every placeholder
  // takes the values of an entity of the table.
  std::optional<double> CutoffAgoSeconds;
  SourcePos CutoffPos;
  std::string Client;
  // The entity type whose values fill its placeholders (and that it is
  // meant to return); empty: the table's first type. It reads every
  // entity of the table that matches, whatever its type, as the service
  // does.
  std::string EntityTypeName;
  std::string Note;
  std::string Path; // "tables[T].queries[device-day]"
  SourcePos Pos;
};

// Writes that must be atomic together (one unit of work).
struct Transaction {
  std::string Name;
  std::vector<std::string> Writes; // write names in the same table
  std::string Note;
  std::string Path; // "tables[T].transactions[place-order]"
  SourcePos Pos;
};

// ------------------------------------------------------------------ tables

// One kind of entity of a table with several (an order header and its
// lines, employee entities and their index entities): its own RowKey
// template and properties, under the table's PartitionKey unless it
// declares its own (core/schema/EntityTypes.h makes single-type views).
struct EntityType {
  std::string Name;
  std::optional<KeyTemplate> PartitionKey; // unset: the table's
  KeyTemplate RowKey;
  // Its own properties; the table's `properties` are shared by every type.
  std::vector<Property> Properties;
  std::optional<std::uint64_t> Entities; // existing entities of this type
  std::string Note;
  std::string Path; // "tables[Orders].entityTypes[line]"
  SourcePos Pos;
};

// Per-key bucket counts of a PartitionKey's hash placeholder (the table's
// `buckets`): "{tenantId}_{eventId|hash:16}" with `by: tenantId` spreads
// each listed (heavy) tenant over its own count of buckets and keeps every
// other tenant in Default (1: one partition). Bucket numbers are rendered
// with the digits of the template's N - 1, as for a plain hash:N.
struct KeyBuckets {
  std::string By;             // the property whose value picks the count
  std::uint64_t Default = 1;  // for the values not listed
  // The heavy values as the key renders them, with their counts, in the
  // order written.
  std::vector<std::pair<std::string, std::uint64_t>> Heavy;
  SourcePos Pos;              // of the `buckets` value

  // The bucket count for a value of By as the key renders it.
  std::uint64_t countFor(std::string_view Value) const;
  // The most buckets any value gets.
  std::uint64_t most() const;
};

// The placeholder a sharded table's keys and filters name its shard by
// (Table::Shards): not a property the user declares.
inline constexpr const char *ShardPlaceholder = "shard";

// The placeholder of Key whose hash function KeyBuckets applies to: its
// only placeholder with a hash function; null without one or with several.
const KeyPart *bucketedPart(const KeyTemplate &Key);

struct Table {
  std::string Name; // as written; a template when NameTemplate is set
  // A table per period or per tenant: "Logs{loggedAt:yyyyMMdd}",
  // "Orders{tenantId}". Each entity lives in the instance its values name
  // (the high-volume delete pattern drops a whole day's table). Placeholders
  // as in key templates, of properties every entity type has.
  std::optional<KeyTemplate> NameTemplate;
  std::string Account;
  KeyTemplate PartitionKey;
  KeyTemplate RowKey; // empty when EntityTypes are declared
  // In declaration order; with EntityTypes, the properties every type has.
  std::vector<Property> Properties;
  // Several kinds of entity in the table; empty: one implicit type (the
  // table's keys and properties).
  std::vector<EntityType> EntityTypes;
  std::vector<Write> Writes;
  std::vector<Query> Queries;
  std::vector<Transaction> Transactions;
  // Expected entity count (for scans); unset: derived from rates/retention.
  std::optional<std::uint64_t> Entities;
  std::optional<double> RetentionSeconds; // "retention: 90d"
  // Per-key bucket counts of the PartitionKey's hash placeholder; unset:
  // every value gets the template's hash:N.
  std::optional<KeyBuckets> Buckets;
  // A sharded counter or append key (`shards: 16`): the PartitionKey's
  // last placeholder is `{shard}`, a shard drawn at random for each write
  // (rendered with the digits of N - 1, as a hash bucket); a filter that
  // names `{shard}` reads every shard (N point reads) and the reader
  // merges their rows into one entity. The loader declares `shard` as a
  // uniform int32 of N values (ShardProperty), so the load model spreads
  // the writes over the shards. Unset: not sharded.
  std::optional<std::uint64_t> Shards;
  SourcePos ShardsPos; // of the `shards` value
  // Why this table exists ("index table for queries[failing-devices]
  // (denormalize-for-query)", set by `suggest`), or the comment lines
  // directly above it in the YAML. Every element has one; the writer prints
  // it as '# ' lines above the element and the loader reads them back.
  std::string Note;
  std::string Path; // "tables[DeviceReadings]"
  SourcePos Pos;

  const Property *property(const std::string &Name) const;
  // The (first) write of that name, or null.
  const Write *write(const std::string &Name) const;
};

// Whether P is the shard number a sharded table's loader declares (not
// one of the user's properties: the writer leaves it out).
inline bool isShardProperty(const Table &T, const Property &P) {
  return T.Shards && P.Name == ShardPlaceholder;
}

// Makes T sharded over Shards (Table::Shards) and declares its shard
// number: a uniform int32 of Shards values, so that the load model
// spreads a key's writes over its shards.
void declareShards(Table &T, std::uint64_t Shards, SourcePos Pos);

// Whether T's deletes are such a purge: it declares a retention and
// deletes at least PurgeShareOfInserts of the entities it inserts. They
// take out what aged out a retention ago, not what was just written (a
// queue's deletes).
bool purgesAtRetention(const Table &T);

// The datetime properties of T that Q's filter compares with lt or le to
// their own placeholder (`finishedAt lt datetime'{finishedAt}'`), each
// once, in the filter's order: what a query's `cutoff` binds. Empty when
// the filter has none, or does not parse.
std::vector<std::string> cutoffProperties(const Table &T, const Query &Q);

// The leading date units (from the year down: 3 for a day) that every
// entity of one partition of T shares in Property, because the table's
// PartitionKey or its name template renders Property in a format that
// sorts as its dates do ({at:yyyyMMdd}); 0 when neither does.
int pinnedDateUnits(const Table &T, const std::string &Property);

// "# tablelint: ignore[rule-id] reason" on (or on the line above) an element.
struct Suppression {
  std::string RuleId;
  std::string Reason;
  std::string ElementPath; // the element it applies to
  SourcePos Pos;           // of the comment
  bool Used = false;       // set when it suppressed a finding
};

struct Schema {
  std::string File; // as named by the user
  // The comment lines before the first key (a yaml-language-server modeline,
  // a title), without their '#', kept by the writer.
  std::vector<std::string> Header;
  int Version = CurrentSchemaVersion;
  std::vector<Account> Accounts;
  std::vector<Client> Clients;
  std::vector<Table> Tables;
  std::vector<Suppression> Suppressions;

  const Account *account(const std::string &Name) const;
  const Client *client(const std::string &Name) const;
  const Table *table(const std::string &Name) const;
};

} // namespace tablelint::schema
