// Entity <-> OData JSON for the live backend (see RestEntity.h).
#include "replay/live/RestEntity.h"

#include "replay/live/SharedKeySigner.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace tablelint::live {

namespace {

constexpr std::string_view TypeSuffix = "@odata.type";

std::string formatDouble(double D) {
  char Buf[64];
  const auto Res = std::to_chars(Buf, Buf + sizeof Buf, D);
  std::string Out(Buf, Res.ptr);
  if (Out.find_first_of(".eE") == std::string::npos)
    Out += ".0";
  return Out;
}

// Whole doubles and the non-finite ones need the annotation (see header).
bool doubleNeedsType(double D) {
  return !std::isfinite(D) || D == std::floor(D);
}

void appendMember(std::string &Out, std::string_view Name) {
  Out += ',';
  appendJsonString(Out, Name);
  Out += ':';
}

void appendTyped(std::string &Out, std::string_view Name, EdmType Type,
                 std::string_view Value) {
  appendJsonString(Out, std::string(Name) + std::string(TypeSuffix));
  Out += ':';
  appendJsonString(Out, edmTypeName(Type));
  appendMember(Out, Name);
  appendJsonString(Out, Value);
}

void appendProperty(std::string &Out, std::string_view Name,
                    const EdmValue &V) {
  Out += ',';
  switch (V.Type) {
  case EdmType::String:
    appendJsonString(Out, Name);
    Out += ':';
    appendJsonString(Out, V.Text);
    return;
  case EdmType::Int32:
    appendJsonString(Out, Name);
    Out += ':';
    Out += std::to_string(V.Int);
    return;
  case EdmType::Boolean:
    appendJsonString(Out, Name);
    Out += ':';
    Out += V.Bool ? "true" : "false";
    return;
  case EdmType::Double:
    if (!std::isfinite(V.Real)) {
      appendTyped(Out, Name, V.Type,
                  std::isnan(V.Real) ? "NaN"
                                     : (V.Real > 0 ? "Infinity" : "-Infinity"));
      return;
    }
    if (doubleNeedsType(V.Real)) {
      appendJsonString(Out, std::string(Name) + std::string(TypeSuffix));
      Out += ':';
      appendJsonString(Out, edmTypeName(V.Type));
      Out += ',';
    }
    appendJsonString(Out, Name);
    Out += ':';
    Out += formatDouble(V.Real);
    return;
  case EdmType::Int64:
    appendTyped(Out, Name, V.Type, std::to_string(V.Int));
    return;
  case EdmType::DateTime:
    appendTyped(Out, Name, V.Type, formatDateTimeTicks(V.Int));
    return;
  case EdmType::Guid:
    appendTyped(Out, Name, V.Type, V.Text);
    return;
  case EdmType::Binary:
    appendTyped(Out, Name, V.Type, base64Encode(V.Text));
    return;
  }
}

template <typename T> std::optional<T> parseInteger(std::string_view Text) {
  T Value{};
  const auto Res =
      std::from_chars(Text.data(), Text.data() + Text.size(), Value);
  if (Res.ec != std::errc() || Res.ptr != Text.data() + Text.size())
    return std::nullopt;
  return Value;
}

std::optional<double> parseDouble(std::string_view Text) {
  if (Text == "NaN")
    return std::numeric_limits<double>::quiet_NaN();
  if (Text == "Infinity" || Text == "INF")
    return std::numeric_limits<double>::infinity();
  if (Text == "-Infinity" || Text == "-INF")
    return -std::numeric_limits<double>::infinity();
  double Value = 0;
  const auto Res =
      std::from_chars(Text.data(), Text.data() + Text.size(), Value);
  if (Res.ec != std::errc() || Res.ptr != Text.data() + Text.size())
    return std::nullopt;
  return Value;
}

// A value with a declared type (annotation present).
std::optional<EdmValue> decodeTyped(EdmType Type, const JsonValue &V) {
  const bool Textual = V.isString() || V.isNumber();
  switch (Type) {
  case EdmType::String:
    if (V.isString())
      return EdmValue::string(V.text());
    break;
  case EdmType::Boolean:
    if (V.isBool())
      return EdmValue::boolean(V.asBool());
    break;
  case EdmType::Int32:
    if (Textual)
      if (auto I = parseInteger<std::int32_t>(V.text()))
        return EdmValue::int32(*I);
    break;
  case EdmType::Int64:
    if (Textual)
      if (auto I = parseInteger<std::int64_t>(V.text()))
        return EdmValue::int64(*I);
    break;
  case EdmType::Double:
    if (Textual)
      if (auto D = parseDouble(V.text()))
        return EdmValue::real(*D);
    break;
  case EdmType::DateTime:
    if (V.isString())
      if (auto Ticks = parseDateTimeTicks(V.text()))
        return EdmValue::dateTimeTicks(*Ticks);
    break;
  case EdmType::Guid:
    if (V.isString())
      if (auto G = canonicalGuid(V.text()))
        return EdmValue::guid(*G);
    break;
  case EdmType::Binary:
    if (V.isString())
      if (auto Bytes = base64Decode(V.text()))
        return EdmValue::binary(*Bytes);
    break;
  }
  return std::nullopt;
}

// A value without annotation: the JSON kind decides.
std::optional<EdmValue> decodeImplicit(const JsonValue &V) {
  if (V.isString())
    return EdmValue::string(V.text());
  if (V.isBool())
    return EdmValue::boolean(V.asBool());
  if (!V.isNumber())
    return std::nullopt;
  if (V.text().find_first_of(".eE") == std::string::npos)
    if (auto I = parseInteger<std::int32_t>(V.text()))
      return EdmValue::int32(*I);
  return decodeTyped(EdmType::Double, V);
}

} // namespace

const EdmValue *RestEntity::find(std::string_view Name) const {
  for (const auto &P : Properties)
    if (P.first == Name)
      return &P.second;
  return nullptr;
}

std::string encodeEntityJson(const RestEntity &Entity) {
  std::string Out = "{";
  appendJsonString(Out, "PartitionKey");
  Out += ':';
  appendJsonString(Out, Entity.PartitionKey);
  appendMember(Out, "RowKey");
  appendJsonString(Out, Entity.RowKey);
  for (const auto &[Name, Value] : Entity.Properties)
    appendProperty(Out, Name, Value);
  Out += '}';
  return Out;
}

std::optional<RestEntity> decodeEntityJson(const JsonValue &Object,
                                           std::string &Error) {
  if (!Object.isObject()) {
    Error = "entity is not a JSON object";
    return std::nullopt;
  }
  RestEntity E;
  for (const auto &[Name, Value] : Object.members()) {
    if (Name == "odata.etag" && Value.isString()) {
      E.ETag = Value.text();
      continue;
    }
    // Other metadata, annotations (read below, with their property) and the
    // system Timestamp are not entity data.
    if (Name.compare(0, 6, "odata.") == 0 ||
        Name.find('@') != std::string::npos || Name == "Timestamp" ||
        Value.isNull())
      continue;
    if (Name == "PartitionKey" || Name == "RowKey") {
      if (!Value.isString()) {
        Error = "'" + Name + "' is not a string";
        return std::nullopt;
      }
      (Name == "PartitionKey" ? E.PartitionKey : E.RowKey) = Value.text();
      continue;
    }
    std::optional<EdmValue> Decoded;
    if (const JsonValue *Annotation =
            Object.find(Name + std::string(TypeSuffix))) {
      std::optional<EdmType> Type;
      if (Annotation->isString())
        Type = parseEdmType(Annotation->text());
      if (!Type) {
        Error = "property '" + Name + "' has an unknown type annotation";
        return std::nullopt;
      }
      Decoded = decodeTyped(*Type, Value);
      if (!Decoded) {
        Error = "property '" + Name + "' is not a valid " +
                std::string(edmTypeName(*Type)) + " value";
        return std::nullopt;
      }
    } else {
      Decoded = decodeImplicit(Value);
      if (!Decoded) {
        Error = "property '" + Name + "' has a value of no Edm type";
        return std::nullopt;
      }
    }
    E.Properties.emplace_back(Name, std::move(*Decoded));
  }
  return E;
}

bool sameEntity(const RestEntity &A, const RestEntity &B) {
  if (A.PartitionKey != B.PartitionKey || A.RowKey != B.RowKey ||
      A.Properties.size() != B.Properties.size())
    return false;
  for (const auto &[Name, Value] : A.Properties) {
    const EdmValue *Other = B.find(Name);
    if (!Other || Other->Type != Value.Type)
      return false;
    // NaN never compares equal to itself; as stored data it is the same.
    if (Value.Type == EdmType::Double && std::isnan(Value.Real) &&
        std::isnan(Other->Real))
      continue;
    const std::optional<int> Order = compareEdm(Value, *Other);
    if (!Order || *Order != 0)
      return false;
  }
  return true;
}

} // namespace tablelint::live
