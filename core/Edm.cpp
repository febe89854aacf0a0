// EDM types and values: names, typed comparison, DateTime and Guid forms.
#include "core/Edm.h"

#include <array>
#include <cctype>
#include <cstdio>

namespace tablelint {

namespace {

struct TypeNames {
  EdmType Type;
  std::string_view Full;
  std::string_view Short;
};

constexpr std::array<TypeNames, 8> Names = {{
    {EdmType::String, "Edm.String", "string"},
    {EdmType::Int32, "Edm.Int32", "int32"},
    {EdmType::Int64, "Edm.Int64", "int64"},
    {EdmType::Double, "Edm.Double", "double"},
    {EdmType::Boolean, "Edm.Boolean", "boolean"},
    {EdmType::DateTime, "Edm.DateTime", "datetime"},
    {EdmType::Guid, "Edm.Guid", "guid"},
    {EdmType::Binary, "Edm.Binary", "binary"},
}};

bool equalsIgnoreCase(std::string_view A, std::string_view B) {
  if (A.size() != B.size())
    return false;
  for (std::size_t I = 0; I < A.size(); ++I)
    if (std::tolower(static_cast<unsigned char>(A[I])) !=
        std::tolower(static_cast<unsigned char>(B[I])))
      return false;
  return true;
}

constexpr std::int64_t TicksPerSecond = 10'000'000;
constexpr std::int64_t SecondsPerDay = 86'400;
// Days from 0001-01-01 to 1970-01-01 in the proleptic Gregorian calendar.
constexpr std::int64_t DaysBeforeUnixEpoch = 719'162;

// Days since 1970-01-01 of a proleptic Gregorian date (era-based algorithm:
// count whole 400-year eras, then days within the era).
std::int64_t daysFromCivil(std::int64_t Y, unsigned M, unsigned D) {
  Y -= M <= 2;
  const std::int64_t Era = (Y >= 0 ? Y : Y - 399) / 400;
  const auto YearOfEra = static_cast<unsigned>(Y - Era * 400);
  const unsigned DayOfYear = (153 * (M + (M > 2 ? -3 : 9)) + 2) / 5 + D - 1;
  const unsigned DayOfEra =
      YearOfEra * 365 + YearOfEra / 4 - YearOfEra / 100 + DayOfYear;
  return Era * 146'097 + static_cast<std::int64_t>(DayOfEra) - 719'468;
}

void civilFromDays(std::int64_t Z, std::int64_t &Y, unsigned &M, unsigned &D) {
  Z += 719'468;
  const std::int64_t Era = (Z >= 0 ? Z : Z - 146'096) / 146'097;
  const auto DayOfEra = static_cast<unsigned>(Z - Era * 146'097);
  const unsigned YearOfEra =
      (DayOfEra - DayOfEra / 1460 + DayOfEra / 36'524 - DayOfEra / 146'096) /
      365;
  const unsigned DayOfYear =
      DayOfEra - (365 * YearOfEra + YearOfEra / 4 - YearOfEra / 100);
  const unsigned MP = (5 * DayOfYear + 2) / 153;
  D = DayOfYear - (153 * MP + 2) / 5 + 1;
  M = MP < 10 ? MP + 3 : MP - 9;
  Y = static_cast<std::int64_t>(YearOfEra) + Era * 400 + (M <= 2);
}

bool isLeap(std::int64_t Y) {
  return (Y % 4 == 0 && Y % 100 != 0) || Y % 400 == 0;
}

unsigned daysInMonth(std::int64_t Y, unsigned M) {
  static constexpr std::array<unsigned, 12> Days = {31, 28, 31, 30, 31, 30,
                                                    31, 31, 30, 31, 30, 31};
  return M == 2 && isLeap(Y) ? 29 : Days[M - 1];
}

// Reads exactly N decimal digits at Pos.
bool readDigits(std::string_view Text, std::size_t &Pos, unsigned N,
                unsigned &Out) {
  if (Pos + N > Text.size())
    return false;
  Out = 0;
  for (unsigned I = 0; I < N; ++I) {
    const char C = Text[Pos + I];
    if (C < '0' || C > '9')
      return false;
    Out = Out * 10 + static_cast<unsigned>(C - '0');
  }
  Pos += N;
  return true;
}

bool expect(std::string_view Text, std::size_t &Pos, char C) {
  if (Pos >= Text.size() || Text[Pos] != C)
    return false;
  ++Pos;
  return true;
}

} // namespace

std::string_view edmTypeName(EdmType Type) {
  return Names[static_cast<std::size_t>(Type)].Full;
}

std::string_view edmShortName(EdmType Type) {
  return Names[static_cast<std::size_t>(Type)].Short;
}

std::optional<EdmType> parseEdmType(std::string_view Name) {
  for (const TypeNames &N : Names)
    if (equalsIgnoreCase(Name, N.Full) || equalsIgnoreCase(Name, N.Short))
      return N.Type;
  return std::nullopt;
}

EdmValue EdmValue::string(std::string S) {
  EdmValue V;
  V.Type = EdmType::String;
  V.Text = std::move(S);
  return V;
}
EdmValue EdmValue::int32(std::int32_t I) {
  EdmValue V;
  V.Type = EdmType::Int32;
  V.Int = I;
  return V;
}
EdmValue EdmValue::int64(std::int64_t I) {
  EdmValue V;
  V.Type = EdmType::Int64;
  V.Int = I;
  return V;
}
EdmValue EdmValue::real(double D) {
  EdmValue V;
  V.Type = EdmType::Double;
  V.Real = D;
  return V;
}
EdmValue EdmValue::boolean(bool B) {
  EdmValue V;
  V.Type = EdmType::Boolean;
  V.Bool = B;
  return V;
}
EdmValue EdmValue::dateTimeTicks(std::int64_t Ticks) {
  EdmValue V;
  V.Type = EdmType::DateTime;
  V.Int = Ticks;
  return V;
}
EdmValue EdmValue::guid(std::string Canonical) {
  EdmValue V;
  V.Type = EdmType::Guid;
  V.Text = std::move(Canonical);
  return V;
}
EdmValue EdmValue::binary(std::string Bytes) {
  EdmValue V;
  V.Type = EdmType::Binary;
  V.Text = std::move(Bytes);
  return V;
}

std::optional<int> compareEdm(const EdmValue &A, const EdmValue &B) {
  if (A.Type != B.Type)
    return std::nullopt;
  auto Sign = [](auto X, auto Y) { return X < Y ? -1 : (Y < X ? 1 : 0); };
  switch (A.Type) {
  case EdmType::String:
  case EdmType::Guid:
  case EdmType::Binary: {
    // std::string compares char by char; make the order unsigned so UTF-8
    // bytes sort as code points do.
    const std::size_t N = std::min(A.Text.size(), B.Text.size());
    for (std::size_t I = 0; I < N; ++I)
      if (A.Text[I] != B.Text[I])
        return static_cast<unsigned char>(A.Text[I]) <
                       static_cast<unsigned char>(B.Text[I])
                   ? -1
                   : 1;
    return Sign(A.Text.size(), B.Text.size());
  }
  case EdmType::Int32:
  case EdmType::Int64:
  case EdmType::DateTime:
    return Sign(A.Int, B.Int);
  case EdmType::Double:
    if (A.Real != A.Real || B.Real != B.Real) // NaN compares with nothing
      return std::nullopt;
    return Sign(A.Real, B.Real);
  case EdmType::Boolean:
    return Sign(A.Bool, B.Bool);
  }
  return std::nullopt;
}

std::optional<std::int64_t> parseDateTimeTicks(std::string_view Text) {
  std::size_t Pos = 0;
  unsigned Year = 0, Month = 0, Day = 0, Hour = 0, Minute = 0, Second = 0;
  if (!readDigits(Text, Pos, 4, Year) || !expect(Text, Pos, '-') ||
      !readDigits(Text, Pos, 2, Month) || !expect(Text, Pos, '-') ||
      !readDigits(Text, Pos, 2, Day) || !expect(Text, Pos, 'T') ||
      !readDigits(Text, Pos, 2, Hour) || !expect(Text, Pos, ':') ||
      !readDigits(Text, Pos, 2, Minute))
    return std::nullopt;
  std::int64_t Fraction = 0;
  if (Pos < Text.size() && Text[Pos] == ':') {
    ++Pos;
    if (!readDigits(Text, Pos, 2, Second))
      return std::nullopt;
    if (Pos < Text.size() && Text[Pos] == '.') {
      ++Pos;
      unsigned Digits = 0;
      while (Pos < Text.size() && Text[Pos] >= '0' && Text[Pos] <= '9') {
        if (++Digits > 7)
          return std::nullopt;
        Fraction = Fraction * 10 + (Text[Pos] - '0');
        ++Pos;
      }
      if (Digits == 0)
        return std::nullopt;
      for (; Digits < 7; ++Digits)
        Fraction *= 10;
    }
  }
  std::int64_t OffsetSeconds = 0;
  if (Pos < Text.size() && Text[Pos] == 'Z') {
    ++Pos;
  } else if (Pos < Text.size() && (Text[Pos] == '+' || Text[Pos] == '-')) {
    const int Sign = Text[Pos] == '+' ? 1 : -1;
    ++Pos;
    unsigned OffH = 0, OffM = 0;
    if (!readDigits(Text, Pos, 2, OffH) || !expect(Text, Pos, ':') ||
        !readDigits(Text, Pos, 2, OffM) || OffH > 14 || OffM > 59)
      return std::nullopt;
    OffsetSeconds = Sign * static_cast<std::int64_t>(OffH * 3600 + OffM * 60);
  }
  if (Pos != Text.size())
    return std::nullopt;
  if (Year < 1 || Month < 1 || Month > 12 || Day < 1 ||
      Day > daysInMonth(Year, Month) || Hour > 23 || Minute > 59 ||
      Second > 59)
    return std::nullopt;
  const std::int64_t Days = daysFromCivil(Year, Month, Day) + DaysBeforeUnixEpoch;
  const std::int64_t Seconds =
      Days * SecondsPerDay + std::int64_t{Hour} * 3600 +
      std::int64_t{Minute} * 60 + Second - OffsetSeconds;
  if (Seconds < 0)
    return std::nullopt;
  return Seconds * TicksPerSecond + Fraction;
}

namespace {

// A tick count's calendar fields, as both renderings below write them.
struct DateTimeFields {
  std::int64_t Year = 0;
  unsigned Month = 0, Day = 0;
  std::int64_t InDay = 0;    // seconds since midnight
  std::int64_t Fraction = 0; // ticks past the second
};

DateTimeFields dateTimeFields(std::int64_t Ticks) {
  DateTimeFields F;
  const std::int64_t Seconds = Ticks / TicksPerSecond;
  F.Fraction = Ticks % TicksPerSecond;
  F.InDay = Seconds % SecondsPerDay;
  civilFromDays(Seconds / SecondsPerDay - DaysBeforeUnixEpoch, F.Year, F.Month,
                F.Day);
  return F;
}

} // namespace

std::size_t formatDateTimeTicks(std::int64_t Ticks, char (&Buf)[28]) {
  if (Ticks < 0)
    return 0;
  const DateTimeFields F = dateTimeFields(Ticks);
  if (F.Year > 9999)
    return 0;
  const std::int64_t InDay = F.InDay, Fraction = F.Fraction;
  // Digits by hand: the replay renders dates into keys millions of times,
  // where snprintf was most of the cost. Same text as the general case.
  auto Put = [&Buf](int At, std::int64_t V, int Digits) {
    for (int I = Digits - 1; I >= 0; --I, V /= 10)
      Buf[At + I] = static_cast<char>('0' + V % 10);
  };
  Put(0, F.Year, 4);
  Buf[4] = '-';
  Put(5, F.Month, 2);
  Buf[7] = '-';
  Put(8, F.Day, 2);
  Buf[10] = 'T';
  Put(11, InDay / 3600, 2);
  Buf[13] = ':';
  Put(14, InDay / 60 % 60, 2);
  Buf[16] = ':';
  Put(17, InDay % 60, 2);
  int N = 19;
  if (Fraction != 0) {
    Buf[N] = '.';
    Put(N + 1, Fraction, 7);
    N += 8;
    while (Buf[N - 1] == '0')
      --N;
  }
  Buf[N++] = 'Z';
  return static_cast<std::size_t>(N);
}

std::string formatDateTimeTicks(std::int64_t Ticks) {
  char Fast[28];
  if (const std::size_t Size = formatDateTimeTicks(Ticks, Fast))
    return std::string(Fast, Size);
  const DateTimeFields F = dateTimeFields(Ticks);
  const std::int64_t InDay = F.InDay, Fraction = F.Fraction;
  char Buf[48];
  int N = std::snprintf(Buf, sizeof Buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lld",
                        static_cast<long long>(F.Year), F.Month, F.Day,
                        static_cast<long long>(InDay / 3600),
                        static_cast<long long>(InDay / 60 % 60),
                        static_cast<long long>(InDay % 60));
  std::string Out(Buf, static_cast<std::size_t>(N));
  if (Fraction != 0) {
    std::snprintf(Buf, sizeof Buf, ".%07lld", static_cast<long long>(Fraction));
    std::string Digits(Buf);
    while (Digits.back() == '0')
      Digits.pop_back();
    Out += Digits;
  }
  Out += 'Z';
  return Out;
}

std::optional<std::string> canonicalGuid(std::string_view Text) {
  static constexpr std::array<std::size_t, 4> Dashes = {8, 13, 18, 23};
  if (Text.size() != 36)
    return std::nullopt;
  std::string Out(Text);
  for (std::size_t I = 0; I < Out.size(); ++I) {
    const bool DashHere = I == Dashes[0] || I == Dashes[1] || I == Dashes[2] ||
                          I == Dashes[3];
    if (DashHere) {
      if (Out[I] != '-')
        return std::nullopt;
      continue;
    }
    if (!std::isxdigit(static_cast<unsigned char>(Out[I])))
      return std::nullopt;
    Out[I] = static_cast<char>(std::tolower(static_cast<unsigned char>(Out[I])));
  }
  return Out;
}

} // namespace tablelint
