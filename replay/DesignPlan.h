// How one design (a schema) serves the logical workload: for each logical
// write, the tables that declare a write of that name (index tables fan
// out) and the key templates that turn a logical entity into PartitionKey
// and RowKey; for each logical query, the query of that name and its filter
// template, instantiated with the values of a logical entity.
#pragma once

#include "core/Filter.h"
#include "core/InputError.h"
#include "core/schema/Schema.h"
#include "replay/FanOutWrite.h"
#include "replay/Workload.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::replay {

class LogicalEntityView;

// A key template or filter template bound to the properties of one entity
// family: literal text and placeholders that name a property by index.
class BoundTemplate {
public:
  struct Piece {
    // A literal (Part.Text) or a placeholder (Part.IsPlaceholder).
    schema::KeyPart Part;
    std::uint32_t Property = 0;
    bool InQuotes = false; // filter templates: inside a '...' literal
    // A fan-out placeholder: its bucket is the read's, not the entity's
    // (index into the read's buckets; -1: the entity's value).
    int FanOut = -1;
    // A sharded table's `{shard}` (Table::Shards): the write's shard,
    // drawn from the written entity, or the read's (FanOut); rendered with
    // the digits of Shards - 1. 0: not a shard.
    std::uint64_t Shards = 0;
    // Per-key buckets (the table's `buckets`): the hash placeholder's count
    // is Buckets->countFor(the By property's text as ByPart renders it);
    // Plain renders the hashed value's own text. ByProperty < 0: none.
    const schema::KeyBuckets *Buckets = nullptr;
    int ByProperty = -1;
    schema::KeyPart ByPart, Plain;
    // A datetime format renders the same text for a whole period of its
    // smallest unit (a second without fractions, a millisecond with
    // "fff"): the last one is kept (day keys repeat for millions of
    // writes). 0: not cached.
    std::int64_t CacheTicks = 0;
    mutable std::int64_t CachedPeriod = -1;
    mutable std::string Cached;
  };

  // Binds a key template. Returns false and sets Missing to the first
  // placeholder whose property the family does not have.
  bool bindKey(const schema::KeyTemplate &T, const EntityFamily &Family,
               std::string &Missing,
               const schema::KeyBuckets *Buckets = nullptr,
               std::uint64_t Shards = 0);
  // Binds the per-key buckets to the hash placeholder of property Hashed
  // (and By, found among Key's parts); false with Missing set when the
  // family lacks By.
  bool bindBuckets(const schema::KeyBuckets &Buckets,
                   const schema::KeyTemplate &Key, const EntityFamily &Family,
                   std::string &Missing);
  // The bucket count of the per-key piece P for an entity.
  std::uint64_t bucketsFor(const Piece &P, const Workload &W,
                           std::uint32_t Entity, EdmValue &Scratch) const;
  // Renders the template for an entity (Scratch avoids allocations).
  // Buckets: the hash bucket of each fan-out placeholder (one read of a
  // fan-out query); null when the template has none.
  void render(const Workload &W, std::uint32_t Entity, std::string &Out,
              EdmValue &Scratch,
              const std::vector<std::uint64_t> *Buckets = nullptr) const;

  std::vector<Piece> Pieces;

  // What the rendered texts of a key template depend on besides the
  // entity (set by bindKey: the template as written, its shard count and
  // per-key buckets): two templates bound to one family with the same
  // signature render the same key for every entity. Empty: not a bound
  // key (a filter).
  const std::string &signature() const { return Signature; }

private:
  std::string Signature;
  mutable std::string Quoted; // render()'s text of a quoted placeholder
};

struct WriteTarget {
  std::uint32_t Table = 0; // index into DesignPlan::Tables
  const schema::Write *Decl = nullptr;
  BoundTemplate PartitionKey, RowKey;
  const schema::Client *Client = nullptr; // may be null
  // Properties sent: a merge of some properties, or the table declares
  // fewer properties than the logical entity has (an index entity that
  // carries only what its query reads); empty: all of them.
  std::vector<std::uint32_t> Sent;
  // The write's `when`: the entities it reaches this table for (a sparse
  // index); unset: all of them.
  std::optional<Filter> When;
  // How a fan-out write's rows are sent to this table (one by one, per
  // partition, or in batches across partitions that the service rejects).
  FanOutSending FanOut = FanOutSending::None;

  // Whether the write of Entity reaches this table.
  bool reaches(const Workload &W, std::uint32_t Entity) const;
  // The same with a view the caller keeps (reset here): a view allocates
  // when it is made, and the replay asks this for every write.
  bool reaches(LogicalEntityView &View, std::uint32_t Entity) const;
};

struct QueryTarget {
  std::uint32_t Table = 0;
  const schema::Query *Decl = nullptr;
  BoundTemplate Filter; // empty: no $filter (whole table)
  const schema::Client *Client = nullptr;
  // Fan-out: the bucket count of each fan-out placeholder (in the order of
  // BoundTemplate::Piece::FanOut); empty: one read per execution.
  std::vector<std::uint64_t> FanOutBuckets;
  // A "latest N" query (Query::Newest) on a RowKey that is not newest
  // first: the reader reads every match (no $top) and keeps the `top` with
  // the greatest value of the `newest` property.
  bool ReadsAllForNewest = false;
  // A sharded table (Table::Shards): the reader merges the rows of one
  // logical entity, one per shard, into one (the newest), and finds them
  // by the PartitionKey without its shard digits (ShardDigits characters
  // that end ShardTail characters before the key's end). 0: not sharded.
  std::uint64_t Shards = 0;
  std::size_t ShardDigits = 0, ShardTail = 0;

  // Reads per execution: the product of FanOutBuckets (1 without).
  std::uint64_t reads() const;
  // Reads of one execution for an entity: with per-key buckets, the count
  // of its key's buckets (a small tenant's one partition) instead of the
  // template's most.
  std::uint64_t reads(const Workload &W, std::uint32_t Entity) const;
  // The filter of read number Read (0 <= Read < reads()) for an entity.
  void renderRead(const Workload &W, std::uint32_t Entity, std::uint64_t Read,
                  std::string &Out, EdmValue &Scratch) const;
};

// The shard a write of Entity goes to, of Shards: drawn at random per
// write (each upsert is an entity of its own), the same in every part of
// the replay.
std::uint64_t shardOf(std::uint32_t Entity, std::uint64_t Shards);

// A sharded table's PartitionKey without its shard digits: the key of the
// logical entity whose shards the reader merges.
std::string_view unshardedPartitionKey(const QueryTarget &Q,
                                       std::string_view PartitionKey,
                                       std::string &Scratch);

// What a ReadsAllForNewest reader keeps of the rows it read, in key order:
// the Keep with the greatest ValueOf(row) (the `newest` property), the
// later in key order among equal values. The simulator's answer check and
// the live replay apply the same rule.
template <typename RowT, typename ValueFn>
void keepNewest(std::vector<RowT> &Rows, std::size_t Keep, ValueFn ValueOf) {
  if (Rows.size() <= Keep)
    return;
  std::vector<std::pair<std::int64_t, std::size_t>> ByValue;
  ByValue.reserve(Rows.size());
  for (std::size_t I = 0; I < Rows.size(); ++I)
    ByValue.emplace_back(ValueOf(Rows[I]), I);
  std::sort(ByValue.begin(), ByValue.end());
  std::vector<RowT> Kept;
  Kept.reserve(Keep);
  for (auto It = ByValue.end() - static_cast<std::ptrdiff_t>(Keep);
       It != ByValue.end(); ++It)
    Kept.push_back(std::move(Rows[It->second]));
  Rows = std::move(Kept);
}

struct PlannedTable {
  std::string Name;
  std::string Account;
  // A name template (a table per day, per tenant): its instances are
  // tables of their own, told apart by the "instance~" PartitionKey prefix.
  bool Instances = false;
  // A table per period kept for a retention (its name formats a datetime,
  // `Runs{finishedAt:yyyyMMddHH}`, and it declares `retention`): each
  // period's table is dropped whole once its newest entity is past the
  // retention (DropPeriodSeconds: the period; 0: not such a table).
  double DropPeriodSeconds = 0;
  double RetentionSeconds = 0;
};

struct DesignPlan {
  std::string Label; // "current", "suggested"
  const schema::Schema *Schema = nullptr;
  std::vector<PlannedTable> Tables;
  std::vector<std::vector<WriteTarget>> Writes;    // per logical op
  std::vector<std::optional<QueryTarget>> Queries; // per logical op
  // Logical ops this design does not declare (their events are skipped).
  std::vector<std::string> Missing;
  // Per logical op: served by dropping a table per period whole instead
  // (a retention purge of the first design, and the query that finds what
  // it deletes, where this design keeps the family in a table per period
  // with a retention): each execution completes, sending nothing; the
  // drops are the design's requests (DropTable). Not among Missing.
  std::vector<bool> ServedByDrop;
  // Writes and queries only this design declares ("write 'x' of table
  // 'T'"): the logical workload is the current design's, so they are not
  // replayed.
  std::vector<std::string> Unplayed;
  // Where the existing entities of a family that no write of the workload
  // names are stored (a table that is only read: a one-row config table):
  // under the keys of each table whose queries read it, per family.
  struct Holding {
    std::uint32_t Table = 0;
    BoundTemplate PartitionKey, RowKey;
  };
  std::vector<std::vector<Holding>> Holdings;
};

// A rendered filter as the application sends it: a table with a name
// template is simulated as one table whose PartitionKeys carry the
// instance's name ('Events20250101~tenantId-5', filters kept to the
// instance's key range by a bound ending in a DEL byte); for the reports,
// "PartitionKey eq 'tenantId-5' on table 'Events20250101'". Any other
// filter is returned as it is.
std::string filterAsSent(const std::string &Filter);

// Where a design holds the existing entities of the workload's families
// (warm start): each (family, write target) once, for the family's
// creating writes, or its other writes when it is only updated. The
// simulated service preloads them there and the answer check holds their
// rows.
struct ExistingPlacement {
  std::uint32_t Family = 0;
  const WriteTarget *Target = nullptr;
};
std::vector<ExistingPlacement> existingPlacements(const Workload &W,
                                                  const DesignPlan &Plan);

// Maps the logical workload onto a design. Errors: a key or filter template
// naming a property the logical entity does not have, a filter template that
// does not parse (at the column inside the filter).
DesignPlan planDesign(const Workload &W, const schema::Schema &Design,
                      const std::string &Label,
                      std::vector<InputError> &Errors);

} // namespace tablelint::replay
