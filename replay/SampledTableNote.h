// The report's note on a table that started as a sample of its modelled
// existing entities (Workload: MaxExistingEntities).
#pragma once

#include "replay/Workload.h"

#include <string>

namespace tablelint::replay {

std::string sampledTableNote(const EntityFamily &F);

} // namespace tablelint::replay
