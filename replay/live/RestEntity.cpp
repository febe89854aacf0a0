// Entity <-> OData JSON for the live backend (see RestEntity.h).
#include "replay/live/RestEntity.h"

#include "replay/live/SharedKeySigner.h"

#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace tablelint::live {

namespace {

constexpr llvm::StringLiteral TypeSuffix = "@odata.type";

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

// A typed value: "Name@odata.type":"Edm.X","Name":"text".
void writeTyped(llvm::json::OStream &J, llvm::StringRef Name, EdmType Type,
                llvm::StringRef Value) {
  J.attribute((Name + TypeSuffix).str(), std::string(edmTypeName(Type)));
  J.attribute(Name, Value);
}

void writeProperty(llvm::json::OStream &J, llvm::StringRef Name,
                   const EdmValue &V) {
  switch (V.Type) {
  case EdmType::String:
    J.attribute(Name, V.Text);
    return;
  case EdmType::Int32:
    J.attribute(Name, static_cast<std::int64_t>(V.Int));
    return;
  case EdmType::Boolean:
    J.attribute(Name, V.Bool);
    return;
  case EdmType::Double:
    if (!std::isfinite(V.Real)) {
      writeTyped(J, Name, V.Type,
                 std::isnan(V.Real) ? "NaN"
                                    : (V.Real > 0 ? "Infinity" : "-Infinity"));
      return;
    }
    if (doubleNeedsType(V.Real))
      J.attribute((Name + TypeSuffix).str(), std::string(edmTypeName(V.Type)));
    // Written as text: "3.0", not llvm::json's shortest form "3".
    J.attributeBegin(Name);
    J.rawValue(formatDouble(V.Real));
    J.attributeEnd();
    return;
  case EdmType::Int64:
    writeTyped(J, Name, V.Type, std::to_string(V.Int));
    return;
  case EdmType::DateTime:
    writeTyped(J, Name, V.Type, formatDateTimeTicks(V.Int));
    return;
  case EdmType::Guid:
    writeTyped(J, Name, V.Type, V.Text);
    return;
  case EdmType::Binary:
    writeTyped(J, Name, V.Type, base64Encode(V.Text));
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

// A number as text for the typed parsers: integers exactly, doubles with
// every digit they have.
std::string numberText(const llvm::json::Value &V) {
  if (std::optional<std::int64_t> I = V.getAsInteger())
    return std::to_string(*I);
  char Buf[64];
  const auto Res = std::to_chars(Buf, Buf + sizeof Buf, *V.getAsNumber());
  return std::string(Buf, Res.ptr);
}

// A string or a number, as text (annotated numbers may come either way).
std::optional<std::string> textOf(const llvm::json::Value &V) {
  if (std::optional<llvm::StringRef> S = V.getAsString())
    return S->str();
  if (V.kind() == llvm::json::Value::Number)
    return numberText(V);
  return std::nullopt;
}

// A value with a declared type (annotation present).
std::optional<EdmValue> decodeTyped(EdmType Type, const llvm::json::Value &V) {
  const std::optional<llvm::StringRef> String = V.getAsString();
  switch (Type) {
  case EdmType::String:
    if (String)
      return EdmValue::string(String->str());
    break;
  case EdmType::Boolean:
    if (std::optional<bool> B = V.getAsBoolean())
      return EdmValue::boolean(*B);
    break;
  case EdmType::Int32:
    if (auto Text = textOf(V))
      if (auto I = parseInteger<std::int32_t>(*Text))
        return EdmValue::int32(*I);
    break;
  case EdmType::Int64:
    if (auto Text = textOf(V))
      if (auto I = parseInteger<std::int64_t>(*Text))
        return EdmValue::int64(*I);
    break;
  case EdmType::Double:
    if (auto Text = textOf(V))
      if (auto D = parseDouble(*Text))
        return EdmValue::real(*D);
    break;
  case EdmType::DateTime:
    if (String)
      if (auto Ticks = parseDateTimeTicks(*String))
        return EdmValue::dateTimeTicks(*Ticks);
    break;
  case EdmType::Guid:
    if (String)
      if (auto G = canonicalGuid(*String))
        return EdmValue::guid(*G);
    break;
  case EdmType::Binary:
    if (String)
      if (auto Bytes = base64Decode(*String))
        return EdmValue::binary(*Bytes);
    break;
  }
  return std::nullopt;
}

// Whether llvm::json read V as an integer ("3") rather than as a double
// ("3.0"): getAsUINT64 answers only for integers. A negative whole number
// cannot be told apart (see LiveJson.h).
bool writtenAsInteger(const llvm::json::Value &V) {
  if (V.getAsUINT64())
    return true;
  const std::optional<double> D = V.getAsNumber();
  return D && *D < 0 && V.getAsInteger();
}

// A value without annotation: the JSON kind decides; a number written
// without fraction or exponent that fits is an Int32. Azurite answers a
// whole Double as "3.0" without its annotation.
std::optional<EdmValue> decodeImplicit(const llvm::json::Value &V) {
  if (std::optional<llvm::StringRef> S = V.getAsString())
    return EdmValue::string(S->str());
  if (std::optional<bool> B = V.getAsBoolean())
    return EdmValue::boolean(*B);
  if (V.kind() != llvm::json::Value::Number)
    return std::nullopt;
  if (writtenAsInteger(V))
    if (std::optional<std::int64_t> I = V.getAsInteger())
      if (*I >= std::numeric_limits<std::int32_t>::min() &&
          *I <= std::numeric_limits<std::int32_t>::max())
        return EdmValue::int32(static_cast<std::int32_t>(*I));
  return EdmValue::real(*V.getAsNumber());
}

} // namespace

const EdmValue *RestEntity::find(std::string_view Name) const {
  for (const auto &P : Properties)
    if (P.first == Name)
      return &P.second;
  return nullptr;
}

std::string encodeEntityJson(const RestEntity &Entity) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::json::OStream J(OS);
  J.object([&] {
    J.attribute("PartitionKey", Entity.PartitionKey);
    J.attribute("RowKey", Entity.RowKey);
    for (const auto &[Name, Value] : Entity.Properties)
      writeProperty(J, Name, Value);
  });
  OS.flush();
  return Out;
}

std::optional<RestEntity> decodeEntityJson(const llvm::json::Value &Body,
                                           std::string &Error) {
  const llvm::json::Object *Object = Body.getAsObject();
  if (!Object) {
    Error = "entity is not a JSON object";
    return std::nullopt;
  }
  // llvm::json::Object is unordered: read the members by name, so the
  // properties come out in the same order whatever the server's.
  std::vector<std::string> Names;
  for (const auto &Member : *Object)
    Names.push_back(Member.first.str());
  std::sort(Names.begin(), Names.end());
  RestEntity E;
  for (const std::string &Name : Names) {
    const llvm::json::Value &Value = *Object->get(Name);
    if (Name == "odata.etag" && Value.getAsString()) {
      E.ETag = Value.getAsString()->str();
      continue;
    }
    // Other metadata, annotations (read below, with their property) and the
    // system Timestamp are not entity data.
    if (Name.compare(0, 6, "odata.") == 0 ||
        Name.find('@') != std::string::npos || Name == "Timestamp" ||
        Value.kind() == llvm::json::Value::Null)
      continue;
    if (Name == "PartitionKey" || Name == "RowKey") {
      if (!Value.getAsString()) {
        Error = "'" + Name + "' is not a string";
        return std::nullopt;
      }
      (Name == "PartitionKey" ? E.PartitionKey : E.RowKey) =
          Value.getAsString()->str();
      continue;
    }
    std::optional<EdmValue> Decoded;
    if (const llvm::json::Value *Annotation =
            Object->get(Name + TypeSuffix.str())) {
      std::optional<EdmType> Type;
      if (auto TypeName = Annotation->getAsString())
        Type = parseEdmType(*TypeName);
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
