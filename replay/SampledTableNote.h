// The report's notes on how a table started: as a sample of its modelled
// existing entities (Workload: MaxExistingEntities), or with its current
// period's partitions or instances empty (time 0 starts every period).
#pragma once

#include "core/schema/Schema.h"
#include "replay/Workload.h"

#include <optional>
#include <string>

namespace tablelint::replay {

// OutsideSample: a transaction's update, merge or delete of the family
// addressed keys its sample holds nothing under (outsideSampleNote).
std::string sampledTableNote(const EntityFamily &F, bool OutsideSample = false);

// A transaction's update, merge or delete of a sampled family that
// addressed keys its sample holds nothing under (LogicalOp::
// FoundOutsideSample, MissingOutsideSample): how many, how many found the
// entity the real table holds there, and that the others failed their
// transactions with 404. None when it did not. Issued: its executions.
std::optional<std::string> outsideSampleNote(const LogicalOp &Op,
                                             const EntityFamily &F,
                                             std::uint64_t Issued);

// Time 0 (2025-01-01T00:00:00Z) begins every hour, day, month and year: a
// table whose name or PartitionKey formats a growing date by an hour or
// more starts the run with its current partitions (or instance) empty,
// where the schema checks size a read of one as a whole period. The note
// on the first such template of T, if any.
std::optional<std::string> emptyPeriodNote(const schema::Table &T);

} // namespace tablelint::replay
