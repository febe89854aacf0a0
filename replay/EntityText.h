// Values and logical entities as the replay's comparisons print them:
// "'text'", "42", "2025-01-01T00:00:00.0000000Z", "true", "X'00ff'", "null";
// an entity as "{deviceId: 'd-17', status: 'fail'}".
#pragma once

#include "core/Edm.h"
#include "replay/Workload.h"

#include <string>

namespace tablelint::replay {

std::string edmValueText(const EdmValue *V);

// Bytes as lower-case hexadecimal ("00ff").
std::string hexText(const std::string &Bytes);

// Every property of a logical entity, in the family's order.
std::string logicalEntityText(const Workload &W, std::uint32_t Entity);

} // namespace tablelint::replay
