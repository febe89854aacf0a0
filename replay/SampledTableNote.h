// The report's notes on how a table started: as a sample of its modelled
// existing entities (Workload: MaxExistingEntities), or with its current
// period's partitions or instances empty (time 0 starts every period).
#pragma once

#include "core/schema/Schema.h"
#include "replay/Workload.h"

#include <optional>
#include <string>

namespace tablelint::replay {

std::string sampledTableNote(const EntityFamily &F);

// Time 0 (2025-01-01T00:00:00Z) begins every hour, day, month and year: a
// table whose name or PartitionKey formats a growing date by an hour or
// more starts the run with its current partitions (or instance) empty,
// where the schema checks size a read of one as a whole period. The note
// on the first such template of T, if any.
std::optional<std::string> emptyPeriodNote(const schema::Table &T);

} // namespace tablelint::replay
