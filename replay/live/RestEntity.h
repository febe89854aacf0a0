// An entity as the live backend sends and receives it, and its JSON form in
// the Table service's OData dialect.
//
// Types travel as `Name@odata.type` annotations for Edm.Int64, Edm.DateTime,
// Edm.Guid and Edm.Binary (their JSON form is a string). Edm.Int32, Edm.Double,
// Edm.Boolean and Edm.String are implicit in the JSON value, except that a
// whole or non-finite Double is annotated too: "2.0" would otherwise come back
// as an Int32 (JSON numbers carry no type, and an unannotated whole number
// is read as an Int32).
//
// On the way back, `odata=minimalmetadata` responses carry the annotations
// and every type is recovered; `odata=nometadata` responses do not, so Int64,
// DateTime, Guid and Binary values come back as strings.
#pragma once

#include "core/Edm.h"
#include "replay/live/LiveJson.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tablelint::live {

struct RestEntity {
  std::string PartitionKey;
  std::string RowKey;
  // User properties in order; the system property Timestamp is not kept (it
  // differs between any two runs, so results could never compare equal).
  std::vector<std::pair<std::string, EdmValue>> Properties;
  // The service's ETag when the entity was read; never sent in a body.
  std::string ETag = {};

  // The first property named Name, or null.
  const EdmValue *find(std::string_view Name) const;
};

// The JSON object for an insert/update body (PartitionKey, RowKey first).
std::string encodeEntityJson(const RestEntity &Entity);

// Reads one entity object of a response. Returns nullopt and sets Error when
// a value contradicts its type annotation or a key is not a string.
std::optional<RestEntity> decodeEntityJson(const llvm::json::Value &Object,
                                           std::string &Error);

// Equality of key and properties (name, type, value; order-insensitive),
// ignoring the ETag: "do both designs return the same logical entity".
bool sameEntity(const RestEntity &A, const RestEntity &B);

} // namespace tablelint::live
