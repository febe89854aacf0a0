// Every number of the Table service that tablelint's checks and replay engine
// rely on, in one place. Sources are those of SERVICE-FACTS.md; nothing else
// in the code writes these numbers. All throughput figures are targets, not
// hard caps: the replay engine models them as soft limits with throttling.
#pragma once

#include <array>
#include <cstdint>

namespace tablelint::limits {

// --- Scalability targets ----------------------------------------------------

// Entities per second one partition serves (1 KiB entities), a partition
// being all the entities of one PartitionKey: a property of the key, never
// split. Inserted, updated, deleted and *scanned* entities all count; a
// batch of n counts n. Source: Table scalability targets; "Designing a
// scalable partitioning strategy" (REST docs).
inline constexpr double PartitionEntitiesPerSecond = 2000;
// The pre-2012 figure, for accounts modelled as legacy. Same source.
inline constexpr double LegacyPartitionEntitiesPerSecond = 500;

// Entities (requests) per second one account serves. Source: Table
// scalability targets (20,000); standard account limits (40,000 in large
// regions since 2025).
inline constexpr double AccountEntitiesPerSecond = 20000;
inline constexpr double AccountEntitiesPerSecondLargeRegion = 40000;

// Ingress/egress per account in gigabits per second. Source: standard
// account limits.
inline constexpr double AccountIngressGbps = 25;
inline constexpr double AccountEgressGbps = 50;
inline constexpr double AccountIngressGbpsLargeRegion = 60;
inline constexpr double AccountEgressGbpsLargeRegion = 200;

// Storage accounts per region per subscription; more on request. Source:
// standard account limits.
inline constexpr unsigned AccountsPerRegion = 250;
inline constexpr unsigned AccountsPerRegionRaised = 500;

// --- Rebalancing (range partitions) ------------------------------------------

// Entities per second one range partition (a contiguous range of
// PartitionKeys on one partition server) serves. NOT PUBLISHED: a modelling
// assumption (docs/replay.md, "Range partitions"), configurable with
// `replay --range-budget`. Five keys' targets and half the account target:
// a server serves many keys at once, and an account reaches its target only
// once its load is spread over more than one server.
inline constexpr double AssumedRangeEntitiesPerSecond = 10000;

// How long a range must stay hot before the service splits it ("a few
// minutes"), how long the moved range is offline ("a few seconds"), and how
// often the partition manager decides (15 s). Source: partitioning strategy
// doc; SOSP 2011 sections 5 and 8. The first two are modelling defaults.
inline constexpr double SplitDetectionSeconds = 180;
inline constexpr double SplitOfflineSeconds = 3;
inline constexpr double PartitionManagerIntervalSeconds = 15;

// Batch puts give about 3x the throughput of single puts. Source: SOSP 2011
// section 6.
inline constexpr double BatchThroughputGain = 3;

// --- Entity and key limits ---------------------------------------------------

// Source: Table scalability targets; data model doc.
inline constexpr std::uint64_t MaxEntityBytes = 1024 * 1024;
// 255 properties including PartitionKey, RowKey and Timestamp.
inline constexpr unsigned MaxPropertiesIncludingSystem = 255;
inline constexpr unsigned MaxUserProperties = 252;
// PartitionKey and RowKey: 1 KiB each, sized as UTF-16 like the entity size
// formula (2 bytes a character: 512 characters, where Azurite stops too).
// KeyWarnCharacters: the default of entity-limits' option to warn earlier.
inline constexpr unsigned MaxKeyBytes = 1024;
inline constexpr unsigned KeyWarnCharacters = 512;
// String and binary properties: 64 KiB (strings are UTF-16).
inline constexpr unsigned MaxPropertyBytes = 64 * 1024;
inline constexpr unsigned MaxStringCharacters = 32 * 1024;
// Property names. Source: data model doc.
inline constexpr unsigned MaxPropertyNameLength = 255;
// Table names: ^[A-Za-z][A-Za-z0-9]{2,62}$, "tables" reserved. Source: data
// model doc.
inline constexpr unsigned MinTableNameLength = 3;
inline constexpr unsigned MaxTableNameLength = 63;

// --- Entity group transactions -------------------------------------------------

// One table, one PartitionKey, each entity once, a retrieve alone; billed as
// one transaction. Source: "Performing entity group transactions".
inline constexpr unsigned MaxBatchOperations = 100;
// The payload must be *less than* 4 MiB.
inline constexpr std::uint64_t MaxBatchPayloadBytes = 4 * 1024 * 1024;

// --- Queries ---------------------------------------------------------------------

// Source: "Query timeout and pagination".
inline constexpr unsigned MaxEntitiesPerPage = 1000;
inline constexpr double MaxPageServerSeconds = 5;
inline constexpr double MaxQuerySeconds = 30;
// Source: "Querying tables and entities".
inline constexpr unsigned MaxFilterComparisons = 15;

// --- Retries ---------------------------------------------------------------------

// Source: Azure SDK retry policies; performance checklist.
inline constexpr std::array<int, 5> RetryableStatusCodes = {408, 500, 502,
                                                            503, 504};
inline constexpr std::array<int, 10> NonRetryableStatusCodes = {
    400, 401, 403, 404, 409, 412, 413, 415, 501, 505};
// The checklist's example schedule: retry after 2, 4, 10, 30 s, then give
// up. Source: performance checklist.
inline constexpr std::array<double, 4> ChecklistBackoffSeconds = {2, 4, 10, 30};
// azure-core RetryOptions defaults. Source: azure-sdk-for-cpp azure-core.
inline constexpr int SdkDefaultMaxRetries = 3;
inline constexpr double SdkDefaultRetryDelaySeconds = 0.8;
inline constexpr double SdkDefaultMaxRetryDelaySeconds = 60;
inline constexpr double SdkRetryJitterLow = 0.8;
inline constexpr double SdkRetryJitterHigh = 1.3;

// --- Payload and billing ---------------------------------------------------------

// JSON is up to 75% smaller than AtomPub. Source: performance checklist.
inline constexpr double JsonSizeVersusAtom = 0.25;
// Entity billing size: 4 + 2*len(PK+RK) + sum(8 + 2*len(name) + size(value)),
// value sizes below. Source: MSDN blog (2011), the only published formula.
inline constexpr unsigned EntityOverheadBytes = 4;
inline constexpr unsigned PropertyOverheadBytes = 8;
inline constexpr unsigned StringValueOverheadBytes = 4;
inline constexpr unsigned BinaryValueOverheadBytes = 4;
inline constexpr unsigned Int32ValueBytes = 4;
inline constexpr unsigned Int64ValueBytes = 8;
inline constexpr unsigned DoubleValueBytes = 8;
inline constexpr unsigned DateTimeValueBytes = 8;
inline constexpr unsigned GuidValueBytes = 16;
inline constexpr unsigned BooleanValueBytes = 1;
// Throttled (503) requests are currently not billed; they were in 2010, so
// the replay engine makes it a setting. Source: billing blog.
inline constexpr bool ThrottledRequestsBillable = false;

} // namespace tablelint::limits
