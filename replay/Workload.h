// The logical workload the replay engine runs through every design: logical
// entities (property values, no keys: each design derives its own keys) and
// logical operations (named writes and queries) at their intended times.
// Generated deterministically from the current schema and a seed, or read
// from a recorded trace (replay/Trace.h).
//
// Entities are stored compactly, one 64-bit code per property (an index into
// the property's value domain, an integer, a double's bits, ticks), packed
// per family (replay/EntityCodes.h), because a ten-minute replay of a
// 6,000/s write creates millions of them; EdmValues are materialized on
// demand when a key is rendered or a filter evaluated.
#pragma once

#include "core/Edm.h"
#include "core/InputError.h"
#include "core/schema/Schema.h"
#include "replay/EntityCodes.h"
#include "replay/Random.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tablelint::replay {

// One property of a logical entity and its value domain.
struct PropertyDomain {
  std::string Name;
  EdmType Type = EdmType::String;
  // Typical size of a string/binary value: generated values are padded to it.
  std::uint64_t Bytes = 0;
  const schema::Property *Decl = nullptr;
  // Codes of the declared value list, if any (parallel to Decl->Values).
  std::vector<std::uint64_t> ListCodes;
  // A datetime drawn from a domain (`distinct: N`): ticks between its
  // values, one second or the coarsest date unit its table's key templates
  // format it with (a day for yyyyMMdd), so that N values render as N keys
  // in the replay as they count in the schema checks.
  std::int64_t DateStepTicks = 10000000;

  // Codes with this bit set index Interned (values from a value list or a
  // trace); other string/guid/binary codes are generated ("deviceId-17").
  static constexpr std::uint64_t InternedBit = 1ULL << 63;

  void materialize(std::uint64_t Code, EdmValue &Out) const;
  // Appends the text of a string or GUID value (what materialize() puts
  // in EdmValue::Text) without an intermediate copy.
  void appendText(std::uint64_t Code, std::string &Out) const;
  // The value size of the entity billing formula (limits::*ValueBytes) and
  // the bytes of a string/binary value (0 for other types), without
  // materializing the value.
  std::uint64_t billingBytes(std::uint64_t Code) const;
  std::uint64_t dataBytes(std::uint64_t Code) const;
  // The code of a typed value (interning strings, guids and binaries).
  std::uint64_t codeOf(const EdmValue &Value);
  // Of a string domain: every code whose text is Text (an interned value
  // and a generated one may spell the same text), without interning it.
  // Empty for other types, and when no code of the domain spells Text.
  std::vector<std::uint64_t> stringCodesOf(std::string_view Text) const;

private:
  std::vector<std::string> Interned;
  std::unordered_map<std::string, std::uint32_t> InternIndex;
};

// A value written as text (a schema value list, a trace) as the EDM type:
// integers, doubles, true/false, ISO datetimes, GUIDs, hexadecimal binaries.
std::optional<EdmValue> parseValueText(EdmType Type, std::string_view Text);

// The entities of one table of the current design, or of one entity type
// of a table that declares several: their properties.
struct EntityFamily {
  std::string Table;
  std::string EntityType; // empty: the table's only type
  std::vector<PropertyDomain> Properties;
  // Entities the table holds before the workload starts (its declared
  // `entities`; warm start), and the ids they were given (contiguous).
  std::uint64_t DeclaredEntities = 0;
  double RetentionSeconds = 0; // declared retention, 0: none
  // The table's size as the lint model sizes it (core/schema/TableSize.h):
  // declared, or inserts x retention (at most the distinct keys over the
  // retention: ModelledKeyBound); 0: unknown (starts empty).
  double ModelledEntities = 0;
  bool ModelledKeyBound = false;
  std::uint32_t FirstExisting = 0, ExistingCount = 0;
  // Real entities each existing entity stands for: 1, or, when the
  // modelled size is beyond what the replay holds (MaxExistingEntities),
  // a uniform sample of at most MaxExistingEntities each counting this many
  // in scans, budgets, pages and costs.
  std::uint64_t ExistingWeight = 1;
  // No operation of the workload creates its entities (a table the run
  // only updates, merges or deletes): its existing entities are drawn by
  // its first write and stored where its writes' keys put them; the run's
  // operations address them unless they are a sample.
  bool OnlyExisting = false;
  // Its existing entities are a sample that the run's updates, merges and
  // point reads address all the same, each as the one entity of its key
  // (a table the run only updates and reads, and never deletes from).
  bool SampleAddressed = false;
  // Inserts of other tables' logical writes that this table declares too
  // (an index table's mirror of its table's write): they store entities of
  // their home's family here, which this family's operations do not pick.
  std::vector<std::string> MirroredCreates;
  // Of the keys its key templates can form (core/schema/TableSize.h:
  // keySpaceOver), the share the table holds: the chance that a point read
  // of a key drawn afresh finds an entity (its modelled size over its key
  // space, at most 1; 0 when the key space is unbounded or unknown).
  double KeySpaceHeld = 0;
  // The properties its key templates (table name, PartitionKey, RowKey)
  // are made of, each with the number of values it takes, when every one
  // takes a fixed set (a value list, `distinct`, a boolean): a table holds
  // one entity per key, so warm start gives its existing entities distinct
  // keys spread evenly over the key space (a conversation's one header
  // row, a stock level per warehouse and SKU) instead of drawing each
  // key, which leaves keys empty and draws others twice. Empty otherwise.
  std::vector<std::pair<std::uint32_t, std::uint64_t>> KeyValueCounts;
  // Index of a property, or -1.
  int propertyIndex(std::string_view Name) const;
};

// The share of its key space a table's existing entities hold from which
// it counts as full: an insert brings a new key (generateEvents: NewKey),
// and each partition holds every key it can (Simulation's partition
// weights).
constexpr double FullKeySpace = 0.99;

// A named write or query, matched by name across designs.
struct LogicalOp {
  std::string Name;
  bool IsQuery = false;
  schema::WriteKind Kind = schema::WriteKind::Insert;
  std::uint32_t Family = 0;
  double PerSecond = 0; // declared rate in the current schema
  // Writes: entities one execution writes together under one key (the
  // write's `entitiesPerWrite`): an event creates or addresses that many
  // consecutive entities, sent as one entity group transaction.
  std::uint32_t EntitiesPerExecution = 1;
  // The properties (family indices) they share: those of the current
  // design's partition key of the write's entity type; of a fan-out write,
  // every property but the fanned-out ones.
  std::vector<std::uint32_t> SharedProperties;
  // A fan-out write's fanned-out properties (replay/FanOutWrite.h): each
  // row of an execution takes another value of them. Empty: no fan-out.
  std::vector<std::uint32_t> FannedOut;
  // A declared transaction under one partition key template (an order
  // header and its lines): its first write leads (Unit is the leader's op
  // index, for the leader too; -1: none). Each execution of the leader also
  // runs every follower, at the same time and under the leader's key
  // (FromLeader: follower property, leader property): an insert takes
  // those values, an update, merge or delete addresses an existing entity
  // that has them (in a sampled family, one outside the sample when the
  // sample holds none: Workload::addressesOutsideSample). A follower has no
  // arrivals of its own.
  int Unit = -1;
  std::vector<std::uint32_t> Followers;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> FromLeader;
  // A follower whose RowKey takes no value the leader's key does not (a
  // constant RowKey: the one header row of an order) addresses that one
  // entity, even when the transaction already writes it: two writes of
  // one entity, which the service answers with 400 as a whole.
  bool KeyFromLeader = false;
  // Executions of an update, merge or delete left out: nothing of its
  // family to address when it arrived (set by generateEvents).
  std::uint64_t Unaddressed = 0;
  // A follower's executions under a key its sampled family's sample does
  // not hold (set by generateEvents; Workload::addressesOutsideSample):
  // those the real table holds an entity for, which run as one entity
  // written each, and those it holds none for, whose transactions the
  // service answers with 404.
  std::uint64_t FoundOutsideSample = 0, MissingOutsideSample = 0;
  // A retention purge's executions (set by generateEvents: a delete of a
  // table that declares `retention` and deletes at least half of what it
  // inserts, as retention-by-delete reads it): each deletes an entity
  // older than the retention, which the real table holds and the replay
  // does not (Workload::deletesAgedOut).
  std::uint64_t AgedOut = 0;
  // A sweep's cut-off (schema::Query::CutoffAgoSeconds): these properties
  // of its entity (those its filter bounds by their own placeholder) take
  // the clock at its send time, CutoffAgoSeconds earlier, the same in
  // every design. Empty: its values are an entity's.
  std::vector<std::uint32_t> CutoffProperties;
  double CutoffAgoSeconds = 0;
  // A query whose filter bounds a datetime by its own placeholder from
  // above (schema::cutoffProperties): what finds the aged entities a
  // retention purge deletes.
  bool FindsByAge = false;
};

// The queries and writes a workload models at most: an event names its op
// in 16 bits.
inline constexpr std::size_t MaxOps = 0xffff;

// 14 bytes, aligned to 2 (a replay holds one per logical operation, for
// the whole run: a day at 6,000 writes/s is 518 M of them). x86 and ARMv8
// read the unaligned fields as fast as aligned ones.
#pragma pack(push, 2)
struct WorkloadEvent {
  double Time = 0; // intended send time, seconds from the start
  std::uint16_t Op = 0;
  // The entity written, or whose values fill a query's placeholders.
  std::uint32_t Entity = 0;
};
#pragma pack(pop)
static_assert(sizeof(WorkloadEvent) == 14);

// The longest simulated time a replay covers, generated (--duration) or
// recorded (a trace's "t"): a year, with room for a leap day. Replays are
// about minutes to days of traffic; beyond this a value is a typo or a
// unit mix-up (milliseconds written as seconds).
inline constexpr double MaxReplaySeconds = 366 * 86400.0;

struct WorkloadOptions {
  double DurationSeconds = 600;
  // Rates climb linearly from 0 to the declared rate over the ramp-up.
  double RampUpSeconds = 0;
  std::uint64_t Seed = 1;
  // Simulated wall clock at time 0 (2025-01-01T00:00:00Z), for datetime
  // properties that grow with time.
  std::int64_t StartTicks = 638712864000000000LL;
  // A brand-new table: no existing entities even when `entities` is
  // declared (replay --cold).
  bool Cold = false;
  // Existing entities held per table at most (each costs memory and
  // preload time like a written one); a larger table is held as a uniform
  // sample of at most this many, each standing for
  // ceil(modelled / MaxExistingEntities) entities.
  std::uint64_t MaxExistingEntities = 250000;
  // An update, merge or delete addresses an entity written at least this
  // long before (drawn again, a few times, when it picks a younger one):
  // the code that updates a job knows it once its insert, sent at once or
  // in a batch flushed within a second, has reached the service, not while
  // the insert still sits in a client's batch.
  double AddressableAfterSeconds = 2;
  // An op whose rate gives it no arrival in the run gets one, halfway
  // through: a short comparison (suggest's verify gate) then exercises a
  // rare query instead of judging a remedy without its query.
  bool EveryOpAtLeastOnce = false;
};

class Workload {
public:
  std::vector<EntityFamily> Families;
  std::vector<LogicalOp> Ops;
  std::vector<WorkloadEvent> Events; // by time
  double DurationSeconds = 0;
  std::int64_t StartTicks = WorkloadOptions().StartTicks;
  double AddressableAfterSeconds = 0; // WorkloadOptions'

  std::uint32_t addEntity(std::uint32_t Family);
  // Room for Entities more entities, so that millions of addEntity() calls
  // do not regrow (and briefly double) the entity table.
  void reserveEntities(std::size_t Entities) {
    Codes.reserve(Codes.size() + Entities);
  }
  std::size_t entityCount() const { return Codes.size(); }
  std::uint32_t familyOf(std::uint32_t Entity) const {
    return Codes.familyOf(Entity);
  }
  // Starts loading Entity's codes (a scan reads entities in key order,
  // spread over the whole store: one cache miss each).
  // Loaded in two steps, a few rows apart: the entity's slot (Near false),
  // then where its codes start (Near true; the slot is read).
  void prefetchEntity(std::uint32_t Entity, bool Near = false) const {
    if (Near)
      Codes.prefetchCodes(Entity);
    else
      Codes.prefetch(Entity);
  }
  std::uint64_t code(std::uint32_t Entity, std::uint32_t Property) const {
    return Codes.get(Entity, Property);
  }
  // Only while the entity is among its family's newest (being generated
  // or read from a trace): see EntityCodes.
  void setCode(std::uint32_t Entity, std::uint32_t Property,
               std::uint64_t Code) {
    Codes.set(Entity, Property, Code);
  }
  void value(std::uint32_t Entity, std::uint32_t Property,
             EdmValue &Out) const {
    Families[familyOf(Entity)].Properties[Property].materialize(
        code(Entity, Property), Out);
  }
  // The op of that name, or -1.
  int opIndex(std::string_view Name) const;
  // Appends Op (its name not yet bound), so opIndex finds it in one lookup.
  void addOp(LogicalOp Op);
  // Real entities a stored entity stands for (EntityFamily::ExistingWeight
  // for a sampled existing entity, else 1).
  std::uint64_t weight(std::uint32_t Entity) const {
    return Entity < SampledEnd ? sampledWeight(Entity) : 1;
  }
  // Set by generateEvents: existing entities of sampled families lie below.
  std::uint32_t SampledEnd = 0;
  // Whether a query's values were drawn afresh (nothing of its family was
  // written yet to pick: a probe of a random key) rather than taken from an
  // entity that exists. Set by generateEvents; a trace's are never.
  bool drawnAfresh(std::uint32_t Entity) const {
    return std::binary_search(AfreshQueryEntities.begin(),
                              AfreshQueryEntities.end(), Entity);
  }
  std::vector<std::uint32_t> AfreshQueryEntities; // ascending
  // Whether a point read of a key drawn afresh (Entity's values), or a
  // transaction's write addressing a key its sample does not hold
  // (addressesOutsideSample), finds an entity the table holds though its
  // sample does not: a sampled family
  // holds each of its real entities with chance 1 / ExistingWeight, so a
  // key it does not hold exists with chance
  //   s (1 - 1/w) / (1 - s/w)   (s: KeySpaceHeld, w: ExistingWeight),
  // which makes the reads that find one a share s of all, as the service's
  // would be. Drawn once per entity by a hash of its id: the same in every
  // design. False for a family the replay holds whole.
  bool foundOutsideSample(std::uint32_t Entity) const;
  // Whether Entity is what a transaction's update, merge or delete
  // addresses under its leader's key in a sampled family whose sample holds
  // nothing there (generateEvents): an entity the real table holds with
  // foundOutsideSample's chance (drawn by Entity's id as for a probe). The
  // service serves such a write without changing its store, as one entity
  // written when the entity is there (a stored weight-1 copy would add to
  // what scans count on top of the sample's weights), else as a 404.
  bool addressesOutsideSample(std::uint32_t Entity) const {
    return std::binary_search(OutsideSampleTargets.begin(),
                              OutsideSampleTargets.end(), Entity) ||
           deletesAgedOut(Entity);
  }
  std::vector<std::uint32_t> OutsideSampleTargets; // ascending
  // Whether Entity is what a retention purge deletes (LogicalOp::AgedOut):
  // an entity past the retention, its values those of its age, which the
  // real table holds (the purge keeps up with the inserts) and the replay
  // does not: the service serves the delete as of an entity that exists
  // and leaves its store unchanged, and the answer check finds no row.
  // Before, the purge deleted entities of the run at least 2 s old, the
  // newest a query returns, so a design without the purge (a table per
  // period) answered differently.
  bool deletesAgedOut(std::uint32_t Entity) const {
    return std::binary_search(AgedOutTargets.begin(), AgedOutTargets.end(),
                              Entity);
  }
  std::vector<std::uint32_t> AgedOutTargets; // ascending
  // Ops by name, for opIndex: every op added by addOp.
  std::unordered_map<std::string, std::uint32_t> OpByName;

private:
  std::uint64_t sampledWeight(std::uint32_t Entity) const;
  EntityCodes Codes;
};

using schema::createsEntity;

// Families (one per table of the current design, or per entity type of a
// table that declares several) and logical ops (every write and query
// name, first declaration wins) without events. Errors
// (a value list entry that is not of the property's type) go to Errors.
Workload buildWorkloadModel(const schema::Schema &Current,
                            std::vector<InputError> &Errors);

// Fills Events (and the entities they write) for Options.DurationSeconds:
// Poisson arrivals at each op's declared rate (thinned during ramp-up; an
// insert of N entities per execution arrives as N adjacent events at one
// time, its entities sharing their partition key's properties),
// inserts create entities drawn from the declared distributions, other
// writes and queries pick an entity of their family that exists at that
// point (written earlier and not deleted since, or one of the table's
// existing entities): uniformly, or, where every key property takes a
// fixed set of values and one is skewed (one row per key), the one under
// a key drawn by the declared distributions; an update, merge or delete with nothing to address
// is not generated, except a transaction's follower in a sampled family
// whose key space share is known (EntityFamily::KeySpaceHeld > 0): it
// addresses the real table's entity under its leader's key
// (addressesOutsideSample), which may be missing. Unless Options.Cold, a table of known size (declared
// `entities`, or inserts x `retention`: core/schema/TableSize.h) first gets
// that many existing entities, their growing values spread over the time
// before 0 (the retention, or entities / insert rate); beyond
// MaxExistingEntities, a sample standing for them (ExistingWeight), which
// later operations never address (a sampled entity is many entities).
// Generated a window of simulated time at a time (EventStream).
void generateEvents(Workload &W, const WorkloadOptions &Options);

// Per family, whether it is kept at a declared retention by deleting what
// ages out (schema::PurgeShareOfInserts, retention-by-delete's reading):
// its deletes are retention purges (LogicalOp::AgedOut).
std::vector<bool> purgedFamilies(const Workload &W);

// The arrivals of a workload's ops, without entities, in time order (at
// one time, a unit's followers right after their leader), a window of
// simulated time at a time: a Poisson process per op at the full rate,
// thinned to rate * t / ramp-up while ramping, its state (a random stream
// and the next arrival) kept between windows, so that the windows
// together are the arrivals of the whole run drawn at once, whatever
// their lengths. A unit's followers arrive with its leader; an
// execution's entities arrive together.
class ArrivalStream {
public:
  ArrivalStream(const Workload &W, const WorkloadOptions &Options);
  // Appends the arrivals before Until not appended yet to Out, in order;
  // false once the run's last arrival has been appended.
  bool next(double Until, std::vector<WorkloadEvent> &Out);
  // Arrivals the run is expected to have (of the ops that create
  // entities, with Creates), plus six standard deviations: a reservation
  // that is seldom outgrown.
  static std::size_t expected(const Workload &W,
                              const WorkloadOptions &Options,
                              bool Creates = false);

private:
  struct OpArrivals {
    std::uint16_t Op = 0;
    Rng R;
    double Mean = 0, Next = 0;
    bool Once = false; // EveryOpAtLeastOnce's arrival still to append
  };
  // Whether the arrival at A.Next is dropped by the ramp-up (draws).
  bool thinned(OpArrivals &A) const;
  bool arrivesInRun(OpArrivals A) const;
  void execute(std::uint16_t Op, double T,
               std::vector<WorkloadEvent> &Out) const;

  const Workload &W;
  WorkloadOptions Options;
  std::vector<std::uint32_t> Rank;
  std::vector<OpArrivals> Ops;
  double Done = 0;
};

// The events of a generated run, each with its entity (generateEvents'
// walk), a window of simulated time at a time: the existing entities are
// drawn when it is made, then each window's arrivals are addressed in
// time order, so that the events held at once are a window's, not the
// run's, wherever the caller consumes them as they come.
class EventStream {
public:
  // The window generateEvents takes: a minute of simulated time.
  static constexpr double WindowSeconds = 60;

  EventStream(Workload &W, const WorkloadOptions &Options);
  ~EventStream();
  // Appends the events before Until not appended yet to Out (those with
  // nothing to address left out); false once the run's last has been.
  bool next(double Until, std::vector<WorkloadEvent> &Out);

private:
  struct Generation;
  std::unique_ptr<Generation> Impl;
};

// The existing entities generateEvents gives a family (unless Cold): its
// modelled size, or the sample of at most MaxExistingEntities standing for
// it.
std::uint64_t existingToHold(const EntityFamily &F,
                             const WorkloadOptions &Options);

} // namespace tablelint::replay
