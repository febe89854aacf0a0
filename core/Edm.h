// Entity Data Model (EDM) types and typed values, as the Table service stores
// and compares them. Used by the filter parser (literal types), the evaluator
// (typed comparisons) and the replay engine (generated entities).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tablelint {

enum class EdmType : std::uint8_t {
  String,
  Int32,
  Int64,
  Double,
  Boolean,
  DateTime,
  Guid,
  Binary,
};

// The service's type name, e.g. "Edm.Int64".
std::string_view edmTypeName(EdmType Type);
// The short lower-case name used in schemas and messages, e.g. "int64".
std::string_view edmShortName(EdmType Type);
// Parses a short or full name ("int64", "Edm.Int64", case-insensitive).
std::optional<EdmType> parseEdmType(std::string_view Name);

// A typed value. Only the member matching Type is meaningful:
//  - String, Guid (lower-case canonical form), Binary (raw bytes): Text
//  - Int32, Int64, DateTime (100 ns ticks since 0001-01-01T00:00:00Z): Int
//  - Double: Real
//  - Boolean: Bool
struct EdmValue {
  EdmType Type = EdmType::String;
  std::string Text;
  std::int64_t Int = 0;
  double Real = 0;
  bool Bool = false;

  static EdmValue string(std::string S);
  static EdmValue int32(std::int32_t V);
  static EdmValue int64(std::int64_t V);
  static EdmValue real(double V);
  static EdmValue boolean(bool V);
  static EdmValue dateTimeTicks(std::int64_t Ticks);
  static EdmValue guid(std::string Canonical);
  static EdmValue binary(std::string Bytes);
};

// Three-way comparison of two values of the same type, in the order the
// service uses (ordinal for strings, numeric for numbers, false < true).
// Returns nullopt when the types differ: the service does not compare values
// of different EDM types.
std::optional<int> compareEdm(const EdmValue &A, const EdmValue &B);

// Parses an ISO 8601 timestamp as used in `datetime'...'` literals:
// YYYY-MM-DDThh:mm[:ss[.fffffff]][Z|+hh:mm|-hh:mm], normalised to UTC; no
// zone designator means UTC (OData v2 allows it). Returns ticks.
std::optional<std::int64_t> parseDateTimeTicks(std::string_view Text);
// Formats ticks as YYYY-MM-DDThh:mm:ss[.fffffff]Z.
std::string formatDateTimeTicks(std::int64_t Ticks);
// The same text without an allocation for the common range (Ticks >= 0,
// years up to 9999): its at most 28 characters written to Out, their
// count returned; 0 (nothing written) outside that range.
std::size_t formatDateTimeTicks(std::int64_t Ticks, char (&Out)[28]);

// Validates an 8-4-4-4-12 hexadecimal GUID; returns its lower-case form.
std::optional<std::string> canonicalGuid(std::string_view Text);

} // namespace tablelint
