// entity-limits (data model): entities over 1 MiB by the service's size
// formula, more than 252 properties, string/binary values over 64 KiB,
// keys over 1 KiB (a warning from 512 characters, the emulator's cap), and
// characters keys may not contain.
#include "checks/schema/Checks.h"

#include "core/ServiceLimits.h"

#include <cstdio>
#include <optional>
#include <string_view>

namespace tablelint::schema {

namespace {

// The first character keys may not hold (/ \ # ?, U+0000-U+001F,
// U+007F-U+009F; the latter in UTF-8 as C2 80..C2 9F), as a code point.
std::optional<unsigned> forbiddenKeyChar(std::string_view Text) {
  for (std::size_t I = 0; I < Text.size(); ++I) {
    const unsigned char C = static_cast<unsigned char>(Text[I]);
    if (C == '/' || C == '\\' || C == '#' || C == '?' || C < 0x20 || C == 0x7f)
      return C;
    if (C == 0xC2 && I + 1 < Text.size()) {
      const unsigned char Next = static_cast<unsigned char>(Text[I + 1]);
      if (Next >= 0x80 && Next <= 0x9F)
        return Next;
    }
  }
  return std::nullopt;
}

std::string describeChar(unsigned C) {
  if (C >= 0x20 && C < 0x7f)
    return std::string("'") + static_cast<char>(C) + "'";
  char Buf[16];
  std::snprintf(Buf, sizeof Buf, "U+%04X", C);
  return Buf;
}

void checkKey(const SchemaContext &C, FindingSink &Sink, const Table &T,
              const KeyTemplate &Key, const char *Which) {
  const SourcePos Pos = Key.Pos.Line ? Key.Pos : T.Pos;
  for (const KeyPart &Part : Key.Parts) {
    if (Part.IsPlaceholder) {
      const Property *P = T.property(Part.Text);
      if (!P || !Part.Functions.empty())
        continue;
      // The first offending value is enough to point at the property.
      for (const std::string &V : P->Values)
        if (std::optional<unsigned> Ch = forbiddenKeyChar(V)) {
          Sink.report(P->Path, P->Pos,
                      "value '" + V + "' of '" + P->Name + "', used in the " +
                          Which + " '" + Key.Text + "', contains " +
                          describeChar(*Ch) + ", which keys may not contain");
          break;
        }
      continue;
    }
    if (std::optional<unsigned> Ch = forbiddenKeyChar(Part.Text))
      Sink.report(T.Path, Pos,
                  std::string(Which) + " '" + Key.Text + "' contains " +
                      describeChar(*Ch) + ", which keys may not contain");
  }
  const unsigned Length = keyLengthLowerBound(T, Key);
  // The service sizes keys as UTF-16, as the entity size formula counts
  // them (2 bytes a character): 1 KiB is 512 characters, where Azurite
  // stops too (the replay answers such a write 400).
  if (2 * static_cast<std::uint64_t>(Length) > limits::MaxKeyBytes)
    Sink.report(T.Path, Pos,
                std::string(Which) + " '" + Key.Text +
                    "' renders to at least " + std::to_string(Length) +
                    " characters, " + std::to_string(2 * Length) +
                    " bytes as the service sizes keys (UTF-16); keys are "
                    "limited to " +
                    std::to_string(limits::MaxKeyBytes) + " bytes (" +
                    std::to_string(limits::MaxKeyBytes / 2) +
                    " characters): every write of such a key is refused");
  else if (Length > C.Options.KeyWarnCharacters)
    Sink.report(T.Path, Pos,
                std::string(Which) + " '" + Key.Text +
                    "' renders to at least " + std::to_string(Length) +
                    " characters; emulators reject keys over " +
                    std::to_string(C.Options.KeyWarnCharacters),
                Severity::Warning);
}

} // namespace

void checkEntityLimits(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    if (T.Properties.size() > limits::MaxUserProperties)
      Sink.report(T.Path, T.Pos,
                  "table '" + T.Name + "' declares " +
                      std::to_string(T.Properties.size()) +
                      " properties; an entity holds at most " +
                      std::to_string(limits::MaxUserProperties) +
                      " besides PartitionKey, RowKey and Timestamp");
    if (TA.Entity.BillingBytes > static_cast<double>(limits::MaxEntityBytes))
      Sink.report(T.Path, T.Pos,
                  "entities of '" + T.Name + "' are at least " +
                      formatFigure(TA.Entity.BillingBytes) +
                      " bytes by the service's size formula; the limit is "
                      "1 MiB: move large values to blobs");
    for (const Property &P : T.Properties) {
      if (!P.Bytes)
        continue;
      const bool TooLong =
          (P.Type == EdmType::String &&
           *P.Bytes > limits::MaxStringCharacters) ||
          (P.Type == EdmType::Binary && *P.Bytes > limits::MaxPropertyBytes);
      if (TooLong)
        Sink.report(P.Path, P.Pos,
                    "property '" + P.Name + "' is declared at " +
                        std::to_string(*P.Bytes) +
                        (P.Type == EdmType::String
                             ? " characters (a string's 'bytes' counts its "
                               "characters); strings hold at most 32768 (64 "
                               "KiB in UTF-16, two bytes each)"
                             : " bytes; binary values hold at most 65536"));
    }
    checkKey(C, Sink, T, T.PartitionKey, "partition key");
    checkKey(C, Sink, T, T.RowKey, "row key");
  }
}

} // namespace tablelint::schema
