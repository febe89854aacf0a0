// The bytes an entity takes in a JSON body without metadata
// (application/json;odata=nometadata), the payload both the schema checks
// (response sizes, egress) and the replay (payload bytes sent and
// received) count: {"PartitionKey":"..","RowKey":".."} and, per property,
// ,"name":value. The billing size (limits::EntityOverheadBytes and on) is
// another measure, the one the entity limits apply to: it counts a string
// as UTF-16 and a binary raw, where JSON sends a string as its text and a
// binary as base64 (30,000 bytes are 40,000 characters on the wire).
#pragma once

#include "core/Edm.h"

#include <cmath>
#include <cstddef>

namespace tablelint::payload {

// {"PartitionKey":"","RowKey":""} around the two keys' characters.
inline constexpr double JsonKeysBytes = 29;
// ,"": around each property's name.
inline constexpr double JsonPropertyBytes = 4;

// A value of Type whose text or binary data is DataBytes long (strings and
// binaries; ignored for the other types, whose sizes are the shortest
// they are written in: a one-digit number, a quoted Int64).
inline double jsonValueBytes(EdmType Type, double DataBytes) {
  switch (Type) {
  case EdmType::String:
    return DataBytes + 2;
  case EdmType::Binary:
    return 4 * std::ceil(DataBytes / 3) + 2; // base64, quoted
  case EdmType::Int32:
    return 1;
  case EdmType::Int64:
    return 3; // "1"
  case EdmType::Double:
    return 1;
  case EdmType::DateTime:
    return 22; // "2024-01-01T00:00:00Z"
  case EdmType::Guid:
    return 38;
  case EdmType::Boolean:
    return 4;
  }
  return 0;
}

// One property in the body: ,"name":value.
inline double jsonPropertyBytes(std::size_t NameChars, EdmType Type,
                                double DataBytes) {
  return static_cast<double>(NameChars) + JsonPropertyBytes +
         jsonValueBytes(Type, DataBytes);
}

} // namespace tablelint::payload
