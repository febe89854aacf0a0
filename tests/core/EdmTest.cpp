// Tests for core/Edm.h: EDM type names, typed values, typed comparison, and
// the datetime / guid literal helpers used by the filter parser.
//
// Written from the header contract and SERVICE-FACTS.md, not from the
// implementation. Expected tick values were computed independently
// (100 ns ticks since 0001-01-01T00:00:00Z).
#include "core/Edm.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

namespace tablelint {
namespace {

// Ticks of a few instants, computed outside the code under test.
constexpr std::int64_t UnixEpochTicks = 621355968000000000;      // 1970-01-01
constexpr std::int64_t Ticks20080710 = 633512448000000000;       // 2008-07-10T00:00:00Z
constexpr std::int64_t Ticks20080709T23 = 633512412000000000;    // 2008-07-09T23:00:00Z
constexpr std::int64_t Ticks20080710T0530 = 633512646000000000;  // 2008-07-10T05:30:00Z
constexpr std::int64_t Ticks20080710T1015 = 633512817000000000;  // 2008-07-10T10:15:00Z
constexpr std::int64_t Ticks20200229T123456 = 637185764960000000; // 2020-02-29T12:34:56Z
constexpr std::int64_t Ticks20000229 = 630873792000000000;       // 2000-02-29T00:00:00Z
constexpr std::int64_t Ticks99991231T235959 = 3155378975990000000; // 9999-12-31T23:59:59Z

const std::vector<EdmType> AllTypes = {
    EdmType::String,  EdmType::Int32,    EdmType::Int64, EdmType::Double,
    EdmType::Boolean, EdmType::DateTime, EdmType::Guid,  EdmType::Binary,
};

// compareEdm reduced to -1 / 0 / 1, or Incomparable for nullopt.
constexpr int Incomparable = 2;
int order(const EdmValue &A, const EdmValue &B) {
  std::optional<int> C = compareEdm(A, B);
  if (!C)
    return Incomparable;
  return *C < 0 ? -1 : (*C > 0 ? 1 : 0);
}

// ---------------------------------------------------------------------------
// Type names

TEST(EdmTypeNames, FullNamesAreTheServiceNames) {
  EXPECT_EQ(edmTypeName(EdmType::String), "Edm.String");
  EXPECT_EQ(edmTypeName(EdmType::Int32), "Edm.Int32");
  EXPECT_EQ(edmTypeName(EdmType::Int64), "Edm.Int64");
  EXPECT_EQ(edmTypeName(EdmType::Double), "Edm.Double");
  EXPECT_EQ(edmTypeName(EdmType::Boolean), "Edm.Boolean");
  EXPECT_EQ(edmTypeName(EdmType::DateTime), "Edm.DateTime");
  EXPECT_EQ(edmTypeName(EdmType::Guid), "Edm.Guid");
  EXPECT_EQ(edmTypeName(EdmType::Binary), "Edm.Binary");
}

TEST(EdmTypeNames, ShortNameOfInt64IsLowerCaseInt64) {
  EXPECT_EQ(edmShortName(EdmType::Int64), "int64");
}

TEST(EdmTypeNames, ShortNamesAreLowerCaseAndDistinct) {
  std::vector<std::string> Seen;
  for (EdmType T : AllTypes) {
    std::string Name(edmShortName(T));
    EXPECT_FALSE(Name.empty());
    for (char C : Name)
      EXPECT_FALSE(std::isupper(static_cast<unsigned char>(C)))
          << "short name '" << Name << "' is not lower case";
    for (const std::string &Other : Seen)
      EXPECT_NE(Name, Other);
    Seen.push_back(Name);
  }
}

TEST(EdmTypeNames, ParseAcceptsShortName) {
  EXPECT_EQ(parseEdmType("int64"), EdmType::Int64);
  EXPECT_EQ(parseEdmType("int32"), EdmType::Int32);
  EXPECT_EQ(parseEdmType("string"), EdmType::String);
}

TEST(EdmTypeNames, ParseAcceptsFullName) {
  EXPECT_EQ(parseEdmType("Edm.Int64"), EdmType::Int64);
  EXPECT_EQ(parseEdmType("Edm.DateTime"), EdmType::DateTime);
  EXPECT_EQ(parseEdmType("Edm.Binary"), EdmType::Binary);
}

TEST(EdmTypeNames, ParseIsCaseInsensitive) {
  EXPECT_EQ(parseEdmType("INT64"), EdmType::Int64);
  EXPECT_EQ(parseEdmType("Int64"), EdmType::Int64);
  EXPECT_EQ(parseEdmType("edm.int64"), EdmType::Int64);
  EXPECT_EQ(parseEdmType("EDM.GUID"), EdmType::Guid);
  EXPECT_EQ(parseEdmType("Edm.boolean"), EdmType::Boolean);
}

TEST(EdmTypeNames, ParseRoundTripsEveryFullAndShortName) {
  for (EdmType T : AllTypes) {
    EXPECT_EQ(parseEdmType(edmTypeName(T)), T) << edmTypeName(T);
    EXPECT_EQ(parseEdmType(edmShortName(T)), T) << edmShortName(T);
  }
}

TEST(EdmTypeNames, ParseRejectsUnknownNames) {
  EXPECT_FALSE(parseEdmType(""));
  EXPECT_FALSE(parseEdmType("Edm."));
  EXPECT_FALSE(parseEdmType("Edm.Decimal"));
  EXPECT_FALSE(parseEdmType("decimal"));
  EXPECT_FALSE(parseEdmType("int65"));
  EXPECT_FALSE(parseEdmType("Edm.Int64x"));
}

// ---------------------------------------------------------------------------
// Typed values

TEST(EdmValueFactories, SetTypeAndTheMatchingMember) {
  EXPECT_EQ(EdmValue::string("abc").Type, EdmType::String);
  EXPECT_EQ(EdmValue::string("abc").Text, "abc");

  EXPECT_EQ(EdmValue::int32(-7).Type, EdmType::Int32);
  EXPECT_EQ(EdmValue::int32(-7).Int, -7);

  EXPECT_EQ(EdmValue::int64(10000000000).Type, EdmType::Int64);
  EXPECT_EQ(EdmValue::int64(10000000000).Int, 10000000000);

  EXPECT_EQ(EdmValue::real(1.5).Type, EdmType::Double);
  EXPECT_DOUBLE_EQ(EdmValue::real(1.5).Real, 1.5);

  EXPECT_EQ(EdmValue::boolean(true).Type, EdmType::Boolean);
  EXPECT_TRUE(EdmValue::boolean(true).Bool);

  EXPECT_EQ(EdmValue::dateTimeTicks(Ticks20080710).Type, EdmType::DateTime);
  EXPECT_EQ(EdmValue::dateTimeTicks(Ticks20080710).Int, Ticks20080710);

  EXPECT_EQ(EdmValue::guid("c9da6455-213d-42c9-9a79-3e9149a57833").Type,
            EdmType::Guid);
  EXPECT_EQ(EdmValue::guid("c9da6455-213d-42c9-9a79-3e9149a57833").Text,
            "c9da6455-213d-42c9-9a79-3e9149a57833");

  EXPECT_EQ(EdmValue::binary(std::string("\x0a\x1b", 2)).Type, EdmType::Binary);
  EXPECT_EQ(EdmValue::binary(std::string("\x0a\x1b", 2)).Text,
            std::string("\x0a\x1b", 2));
}

TEST(EdmValueFactories, BinaryKeepsEmbeddedNulBytes) {
  std::string Bytes("\x00\x01\x00", 3);
  EXPECT_EQ(EdmValue::binary(Bytes).Text.size(), 3u);
  EXPECT_EQ(EdmValue::binary(Bytes).Text, Bytes);
}

// ---------------------------------------------------------------------------
// compareEdm

TEST(CompareEdm, EqualStringsCompareEqual) {
  EXPECT_EQ(order(EdmValue::string("abc"), EdmValue::string("abc")), 0);
  EXPECT_EQ(order(EdmValue::string(""), EdmValue::string("")), 0);
}

TEST(CompareEdm, StringsCompareOrdinallyUpperCaseBeforeLowerCase) {
  // 'B' (0x42) < 'a' (0x61) in byte order, unlike a case-insensitive order.
  EXPECT_EQ(order(EdmValue::string("B"), EdmValue::string("a")), -1);
  EXPECT_EQ(order(EdmValue::string("a"), EdmValue::string("B")), 1);
}

TEST(CompareEdm, StringsAreCaseSensitive) {
  EXPECT_NE(order(EdmValue::string("abc"), EdmValue::string("ABC")), 0);
}

TEST(CompareEdm, PrefixSortsBeforeLongerString) {
  EXPECT_EQ(order(EdmValue::string("a"), EdmValue::string("ab")), -1);
  EXPECT_EQ(order(EdmValue::string(""), EdmValue::string("a")), -1);
}

TEST(CompareEdm, StringsCompareDigitsAsTextNotNumbers) {
  // "10" < "9" ordinally.
  EXPECT_EQ(order(EdmValue::string("10"), EdmValue::string("9")), -1);
}

TEST(CompareEdm, NonAsciiUtf8SortsAfterAsciiByUnsignedBytes) {
  // U+00E9 is 0xC3 0xA9 in UTF-8: after 'z' (0x7A) in code point order.
  EXPECT_EQ(order(EdmValue::string("\xc3\xa9"), EdmValue::string("z")), 1);
  EXPECT_EQ(order(EdmValue::string("z"), EdmValue::string("\xc3\xa9")), -1);
}

TEST(CompareEdm, Int32ComparesNumerically) {
  EXPECT_EQ(order(EdmValue::int32(-5), EdmValue::int32(3)), -1);
  EXPECT_EQ(order(EdmValue::int32(10), EdmValue::int32(9)), 1);
  EXPECT_EQ(order(EdmValue::int32(42), EdmValue::int32(42)), 0);
}

TEST(CompareEdm, Int64ComparesNumericallyBeyondInt32Range) {
  EXPECT_EQ(order(EdmValue::int64(10000000000), EdmValue::int64(9)), 1);
  EXPECT_EQ(order(EdmValue::int64(-10000000000), EdmValue::int64(-9)), -1);
  EXPECT_EQ(order(EdmValue::int64(INT64_MAX), EdmValue::int64(INT64_MIN)), 1);
}

TEST(CompareEdm, DoubleComparesNumerically) {
  EXPECT_EQ(order(EdmValue::real(1.5), EdmValue::real(2.25)), -1);
  EXPECT_EQ(order(EdmValue::real(10.5), EdmValue::real(9.5)), 1);
  EXPECT_EQ(order(EdmValue::real(-0.5), EdmValue::real(-0.5)), 0);
}

TEST(CompareEdm, FalseSortsBeforeTrue) {
  EXPECT_EQ(order(EdmValue::boolean(false), EdmValue::boolean(true)), -1);
  EXPECT_EQ(order(EdmValue::boolean(true), EdmValue::boolean(false)), 1);
  EXPECT_EQ(order(EdmValue::boolean(true), EdmValue::boolean(true)), 0);
}

TEST(CompareEdm, DateTimeComparesByTicks) {
  EXPECT_EQ(order(EdmValue::dateTimeTicks(Ticks20080709T23),
                  EdmValue::dateTimeTicks(Ticks20080710)),
            -1);
  EXPECT_EQ(order(EdmValue::dateTimeTicks(Ticks20080710),
                  EdmValue::dateTimeTicks(Ticks20080710)),
            0);
}

TEST(CompareEdm, GuidsCompareEqualOnlyWhenSame) {
  EdmValue A = EdmValue::guid("c9da6455-213d-42c9-9a79-3e9149a57833");
  EdmValue B = EdmValue::guid("c9da6455-213d-42c9-9a79-3e9149a57834");
  EXPECT_EQ(order(A, A), 0);
  EXPECT_NE(order(A, B), 0);
  EXPECT_NE(order(A, B), Incomparable);
}

TEST(CompareEdm, BinaryEqualOnlyWhenSameBytes) {
  EdmValue A = EdmValue::binary(std::string("\x0a\x1b", 2));
  EdmValue B = EdmValue::binary(std::string("\x0a\x1c", 2));
  EXPECT_EQ(order(A, EdmValue::binary(std::string("\x0a\x1b", 2))), 0);
  EXPECT_NE(order(A, B), 0);
  EXPECT_NE(order(A, B), Incomparable);
}

TEST(CompareEdm, DifferentTypesAreIncomparable) {
  EXPECT_EQ(order(EdmValue::int32(5), EdmValue::int64(5)), Incomparable);
  EXPECT_EQ(order(EdmValue::int32(5), EdmValue::real(5.0)), Incomparable);
  EXPECT_EQ(order(EdmValue::int32(5), EdmValue::string("5")), Incomparable);
  EXPECT_EQ(order(EdmValue::string("true"), EdmValue::boolean(true)),
            Incomparable);
  EXPECT_EQ(order(EdmValue::string("c9da6455-213d-42c9-9a79-3e9149a57833"),
                  EdmValue::guid("c9da6455-213d-42c9-9a79-3e9149a57833")),
            Incomparable);
  EXPECT_EQ(order(EdmValue::string("ab"), EdmValue::binary("ab")),
            Incomparable);
  EXPECT_EQ(order(EdmValue::int64(Ticks20080710),
                  EdmValue::dateTimeTicks(Ticks20080710)),
            Incomparable);
}

// ---------------------------------------------------------------------------
// parseDateTimeTicks

TEST(ParseDateTimeTicks, MinimumInstantIsZeroTicks) {
  EXPECT_EQ(parseDateTimeTicks("0001-01-01T00:00:00Z"), 0);
}

TEST(ParseDateTimeTicks, UnixEpoch) {
  EXPECT_EQ(parseDateTimeTicks("1970-01-01T00:00:00Z"), UnixEpochTicks);
}

TEST(ParseDateTimeTicks, ServiceDocumentationExample) {
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T00:00:00Z"), Ticks20080710);
}

TEST(ParseDateTimeTicks, TimeOfDayIsCounted) {
  EXPECT_EQ(parseDateTimeTicks("2020-02-29T12:34:56Z"), Ticks20200229T123456);
  EXPECT_EQ(parseDateTimeTicks("9999-12-31T23:59:59Z"), Ticks99991231T235959);
}

TEST(ParseDateTimeTicks, SecondsAreOptional) {
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T10:15Z"), Ticks20080710T1015);
}

TEST(ParseDateTimeTicks, SevenFractionalDigitsAreTicks) {
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T00:00:00.1234567Z"),
            Ticks20080710 + 1234567);
}

TEST(ParseDateTimeTicks, ShortFractionIsScaledToTicks) {
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T00:00:00.5Z"), Ticks20080710 + 5000000);
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T00:00:00.123Z"),
            Ticks20080710 + 1230000);
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T00:00:00.0000001Z"),
            Ticks20080710 + 1);
}

TEST(ParseDateTimeTicks, PositiveOffsetIsNormalisedToUtc) {
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T02:00:00+02:00"), Ticks20080710);
}

TEST(ParseDateTimeTicks, NegativeOffsetIsNormalisedToUtc) {
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T00:00:00-05:30"), Ticks20080710T0530);
}

TEST(ParseDateTimeTicks, OffsetCanMoveTheDateBack) {
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T01:00:00+02:00"), Ticks20080709T23);
}

TEST(ParseDateTimeTicks, ZeroOffsetEqualsZ) {
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T00:00:00+00:00"), Ticks20080710);
}

TEST(ParseDateTimeTicks, LeapDaysAreAccepted) {
  EXPECT_EQ(parseDateTimeTicks("2000-02-29T00:00:00Z"), Ticks20000229);
  EXPECT_TRUE(parseDateTimeTicks("2020-02-29T00:00:00Z"));
}

TEST(ParseDateTimeTicks, RejectsDayPastEndOfMonth) {
  EXPECT_FALSE(parseDateTimeTicks("2021-02-30T00:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2021-04-31T00:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2021-01-32T00:00:00Z"));
}

TEST(ParseDateTimeTicks, RejectsFebruary29InNonLeapYears) {
  EXPECT_FALSE(parseDateTimeTicks("2021-02-29T00:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("1900-02-29T00:00:00Z")); // century rule
}

TEST(ParseDateTimeTicks, RejectsOutOfRangeFields) {
  EXPECT_FALSE(parseDateTimeTicks("2021-13-01T00:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2021-00-01T00:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2021-01-00T00:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2021-01-01T25:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2021-01-01T12:60:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2021-01-01T12:00:61Z"));
}

TEST(ParseDateTimeTicks, RejectsMalformedText) {
  EXPECT_FALSE(parseDateTimeTicks(""));
  EXPECT_FALSE(parseDateTimeTicks("yesterday"));
  EXPECT_FALSE(parseDateTimeTicks("2008-07-10"));
  EXPECT_FALSE(parseDateTimeTicks("2008-7-10T00:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2008-07-10 00:00:00Z"));
  EXPECT_FALSE(parseDateTimeTicks("2008-07-10T00:00:00.Z"));
  EXPECT_FALSE(parseDateTimeTicks("2008-07-10T00:00:00Zjunk"));
  EXPECT_FALSE(parseDateTimeTicks("2008-07-10T00:00:00+0200"));
}

TEST(ParseDateTimeTicks, NoZoneDesignatorMeansUtc) {
  // OData v2 datetime literals may omit the zone; the service reads UTC.
  EXPECT_EQ(parseDateTimeTicks("2008-07-10T00:00:00"),
            parseDateTimeTicks("2008-07-10T00:00:00Z"));
}

// ---------------------------------------------------------------------------
// formatDateTimeTicks

TEST(FormatDateTimeTicks, WholeSecondsHaveNoFraction) {
  EXPECT_EQ(formatDateTimeTicks(Ticks20080710), "2008-07-10T00:00:00Z");
  EXPECT_EQ(formatDateTimeTicks(0), "0001-01-01T00:00:00Z");
  EXPECT_EQ(formatDateTimeTicks(Ticks20200229T123456), "2020-02-29T12:34:56Z");
}

TEST(FormatDateTimeTicks, SevenDigitFraction) {
  EXPECT_EQ(formatDateTimeTicks(Ticks20080710 + 1234567),
            "2008-07-10T00:00:00.1234567Z");
}

// The in-place form writes the text of the string form, and nothing
// outside its range (before year 1, after year 9999).
TEST(FormatDateTimeTicks, InPlaceFormMatchesTheString) {
  char Buf[28];
  for (std::int64_t Ticks :
       {std::int64_t{0}, std::int64_t{1}, Ticks20080710,
        Ticks20080710 + 1234567, Ticks20080710 + 1000000,
        Ticks20200229T123456 + 9999999, std::int64_t{3155378975999999999}}) {
    const std::size_t Size = formatDateTimeTicks(Ticks, Buf);
    ASSERT_NE(Size, 0u) << Ticks;
    EXPECT_EQ(std::string(Buf, Size), formatDateTimeTicks(Ticks)) << Ticks;
  }
  EXPECT_EQ(formatDateTimeTicks(-1, Buf), 0u);
  EXPECT_EQ(formatDateTimeTicks(std::int64_t{3155378976000000000}, Buf), 0u);
}

// The digits are written by hand (the replay formats dates millions of
// times); they must match the printf rendering they replaced, fraction
// trimmed of its trailing zeros, for every part of a date.
TEST(FormatDateTimeTicks, MatchesPrintfRendering) {
  auto Reference = [](std::int64_t Ticks) {
    // The C library's calendar (proleptic Gregorian, UTC).
    const std::int64_t Fraction = Ticks % 10000000;
    const auto Unix = static_cast<std::time_t>((Ticks - UnixEpochTicks) / 10000000 -
                                               (Ticks < UnixEpochTicks && Fraction));
    std::tm Parts{};
    gmtime_r(&Unix, &Parts);
    char Buf[48];
    std::snprintf(Buf, sizeof Buf, "%04d-%02d-%02dT%02d:%02d:%02d",
                  Parts.tm_year + 1900, Parts.tm_mon + 1, Parts.tm_mday,
                  Parts.tm_hour, Parts.tm_min, Parts.tm_sec);
    std::string Out = Buf;
    if (Fraction) {
      std::snprintf(Buf, sizeof Buf, ".%07lld", static_cast<long long>(Fraction));
      std::string F(Buf);
      while (F.back() == '0')
        F.pop_back();
      Out += F;
    }
    return Out + "Z";
  };
  std::uint64_t X = 88172645463325252ULL; // xorshift: spread over 1..9999
  for (int I = 0; I < 20000; ++I) {
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
    const auto Ticks = static_cast<std::int64_t>(
        X % static_cast<std::uint64_t>(Ticks99991231T235959 + 10000000));
    const std::int64_t Trimmed = I % 3 == 0   ? Ticks - Ticks % 10000000
                                 : I % 3 == 1 ? Ticks - Ticks % 10000
                                              : Ticks;
    EXPECT_EQ(formatDateTimeTicks(Trimmed), Reference(Trimmed)) << Trimmed;
  }
  EXPECT_EQ(formatDateTimeTicks(Ticks20080710 + 10), "2008-07-10T00:00:00.000001Z");
  EXPECT_EQ(formatDateTimeTicks(Ticks20080710 + 9000000),
            "2008-07-10T00:00:00.9Z");
}

TEST(FormatDateTimeTicks, RoundTripsThroughParse) {
  const std::int64_t Samples[] = {
      0,
      UnixEpochTicks,
      Ticks20080710,
      Ticks20080710 + 1,
      Ticks20080710 + 5000000,
      Ticks20080710 + 1230000,
      Ticks20080709T23 + 9999999,
      Ticks20200229T123456,
      Ticks99991231T235959 + 9999999,
  };
  for (std::int64_t T : Samples) {
    std::string Text = formatDateTimeTicks(T);
    EXPECT_EQ(parseDateTimeTicks(Text), T) << Text;
  }
}

TEST(FormatDateTimeTicks, ParseThenFormatNormalisesOffsetToZ) {
  std::optional<std::int64_t> T = parseDateTimeTicks("2008-07-10T01:00:00+02:00");
  ASSERT_TRUE(T);
  EXPECT_EQ(formatDateTimeTicks(*T), "2008-07-09T23:00:00Z");
}

// ---------------------------------------------------------------------------
// canonicalGuid

TEST(CanonicalGuid, LowerCaseGuidIsUnchanged) {
  EXPECT_EQ(canonicalGuid("c9da6455-213d-42c9-9a79-3e9149a57833"),
            std::optional<std::string>("c9da6455-213d-42c9-9a79-3e9149a57833"));
}

TEST(CanonicalGuid, UpperCaseIsLowered) {
  EXPECT_EQ(canonicalGuid("C9DA6455-213D-42C9-9A79-3E9149A57833"),
            std::optional<std::string>("c9da6455-213d-42c9-9a79-3e9149a57833"));
  EXPECT_EQ(canonicalGuid("C9da6455-213D-42c9-9A79-3e9149A57833"),
            std::optional<std::string>("c9da6455-213d-42c9-9a79-3e9149a57833"));
}

TEST(CanonicalGuid, RejectsWrongGroupLengths) {
  EXPECT_FALSE(canonicalGuid("1234"));
  EXPECT_FALSE(canonicalGuid("c9da645-213d-42c9-9a79-3e9149a578331"));
  EXPECT_FALSE(canonicalGuid("c9da6455-213d-42c9-9a79-3e9149a5783"));
  EXPECT_FALSE(canonicalGuid("c9da6455-213d-42c9-9a79-3e9149a578330"));
}

TEST(CanonicalGuid, RejectsMissingDashes) {
  EXPECT_FALSE(canonicalGuid("c9da6455213d42c99a793e9149a57833"));
  EXPECT_FALSE(canonicalGuid("c9da6455_213d_42c9_9a79_3e9149a57833"));
}

TEST(CanonicalGuid, RejectsNonHexDigits) {
  EXPECT_FALSE(canonicalGuid("g9da6455-213d-42c9-9a79-3e9149a57833"));
  EXPECT_FALSE(canonicalGuid("c9da6455-213d-42c9-9a79-3e9149a5783z"));
}

TEST(CanonicalGuid, RejectsBracesAndEmpty) {
  EXPECT_FALSE(canonicalGuid("{c9da6455-213d-42c9-9a79-3e9149a57833}"));
  EXPECT_FALSE(canonicalGuid(""));
}

} // namespace
} // namespace tablelint
