// Tokenizing and rendering .NET-style custom date formats (DateFormat.h).
#include "core/schema/DateFormat.h"

#include "core/Edm.h"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace tablelint::schema {

namespace {

constexpr std::int64_t TicksPerSecond = 10000000;

// Everything the tokenizer and its users know of a unit, in the order the
// tokenizer tries them (fffffff before fff: the longest match wins).
struct UnitSpec {
  std::string_view Letters;
  DateUnit Unit;
  // Where the unit's digits are in the ISO text of the whole second
  // ("YYYY-MM-DDThh:mm:ssZ") or, for fractions, in the 7 fraction digits.
  std::size_t At;
  // One step of the unit in ticks; 0: not one length (months, years).
  std::int64_t StepTicks;
  double Seconds; // its span, a month as 30 days and a year as 365
};

constexpr UnitSpec Units[] = {
    {"yyyy", DateUnit::Year, 0, 0, 31536000},
    {"MM", DateUnit::Month, 5, 0, 2592000},
    {"dd", DateUnit::Day, 8, 864000000000, 86400},
    {"HH", DateUnit::Hour, 11, 36000000000, 3600},
    {"mm", DateUnit::Minute, 14, 600000000, 60},
    {"ss", DateUnit::Second, 17, TicksPerSecond, 1},
    {"fffffff", DateUnit::Tick, 0, 1, 1e-7},
    {"fff", DateUnit::Millisecond, 0, 10000, 1e-3},
};

const UnitSpec &specOf(DateUnit U) {
  for (const UnitSpec &S : Units)
    if (S.Unit == U)
      return S;
  return Units[0]; // not reached: every unit but Literal is listed
}

bool isFraction(DateUnit U) {
  return U == DateUnit::Millisecond || U == DateUnit::Tick;
}

// The place a unit must take for the text to sort as the dates do: the
// fractions share the one after seconds.
int orderRank(DateUnit U) {
  return isFraction(U) ? static_cast<int>(DateUnit::Millisecond)
                       : static_cast<int>(U);
}

std::string padLeft(std::string S, std::size_t Width) {
  if (S.size() < Width)
    S.insert(0, Width - S.size(), '0');
  return S;
}

} // namespace

DateTokens tokenizeDateFormat(std::string_view Format) {
  DateTokens Out;
  std::size_t I = 0;
  while (I < Format.size()) {
    const std::string_view Rest = Format.substr(I);
    const auto *Match =
        std::find_if(std::begin(Units), std::end(Units), [&](const UnitSpec &U) {
          return Rest.substr(0, U.Letters.size()) == U.Letters;
        });
    if (Match != std::end(Units)) {
      Out.push_back({Match->Unit, std::string(Match->Letters)});
      I += Match->Letters.size();
      continue;
    }
    if (Out.empty() || Out.back().Unit != DateUnit::Literal)
      Out.push_back({DateUnit::Literal, std::string()});
    Out.back().Text += Format[I++];
  }
  return Out;
}

namespace {

// The text of a whole second (formatDateTimeTicks), for the last two
// seconds rendered on this thread. A replay renders keys in time order,
// but a throttled client's retries interleave writes up to seconds older
// with new ones, and a millisecond format changes its text at every
// write, so the second's text (the date arithmetic) is what repeats.
struct SecondText {
  std::int64_t Second = -1;
  std::size_t Size = 0; // 0: outside formatDateTimeTicks' range
  char Text[28];
};

const SecondText &secondText(std::int64_t Second) {
  thread_local SecondText Recent[2];
  thread_local unsigned Older = 0;
  for (const SecondText &R : Recent)
    if (R.Second == Second)
      return R;
  SecondText &R = Recent[Older];
  Older ^= 1;
  R.Second = Second;
  R.Size = formatDateTimeTicks(Second, R.Text);
  return R;
}

} // namespace

void appendDateTime(std::int64_t Ticks, const DateTokens &Tokens,
                    std::string &Out) {
  const SecondText *Second =
      Ticks >= 0 ? &secondText(Ticks - Ticks % TicksPerSecond) : nullptr;
  if (Second && Second->Size != 0) {
    const char *Whole = Second->Text;
    // The same text from the whole second's digits and the fraction's,
    // written in place: keys are rendered millions of times a replay,
    // where the two temporary strings of the general case were most of
    // the cost.
    char Fraction[7];
    std::int64_t Rest = Ticks % TicksPerSecond;
    for (int I = 6; I >= 0; --I, Rest /= 10)
      Fraction[I] = static_cast<char>('0' + Rest % 10);
    for (const DateToken &T : Tokens) {
      if (T.Unit == DateUnit::Literal)
        Out += T.Text;
      else
        Out.append((isFraction(T.Unit) ? Fraction : Whole) + specOf(T.Unit).At,
                   T.Text.size());
    }
    return;
  }
  // "YYYY-MM-DDThh:mm:ssZ" of the whole second from the shared formatter.
  const std::string Iso = formatDateTimeTicks(Ticks - Ticks % TicksPerSecond);
  const std::string Fraction =
      padLeft(std::to_string(Ticks % TicksPerSecond), 7);
  for (const DateToken &T : Tokens) {
    if (T.Unit == DateUnit::Literal)
      Out += T.Text;
    else
      Out.append(isFraction(T.Unit) ? Fraction : Iso, specOf(T.Unit).At,
                 T.Text.size());
  }
}

std::size_t renderedWidth(const DateTokens &Tokens) {
  std::size_t Width = 0;
  for (const DateToken &T : Tokens)
    Width += T.Text.size();
  return Width;
}

namespace {
// The units of Tokens in chronological order from rank Pinned (Next: the
// rank after the finest; Pinned when there is none), and the finest's step.
struct Chronology {
  bool Sorted = false;
  int Next = 0;
  std::int64_t Step = 0;
};
Chronology chronology(const DateTokens &Tokens, int Pinned) {
  Chronology C;
  C.Next = Pinned;
  for (const DateToken &T : Tokens) {
    if (T.Unit == DateUnit::Literal) {
      if (std::any_of(T.Text.begin(), T.Text.end(), [](char Ch) {
            return std::isalpha(static_cast<unsigned char>(Ch)) != 0;
          }))
        return {}; // a unit out of order, or unknown
      continue;
    }
    if (orderRank(T.Unit) != C.Next)
      return {};
    C.Step = specOf(T.Unit).StepTicks;
    C.Next = orderRank(T.Unit) + 1;
  }
  C.Sorted = C.Next > Pinned;
  return C;
}
} // namespace

std::optional<std::int64_t> chronologicalStep(const DateTokens &Tokens,
                                              int Pinned) {
  const Chronology C = chronology(Tokens, Pinned);
  if (!C.Sorted)
    return std::nullopt;
  return C.Step;
}

int chronologicalUnits(const DateTokens &Tokens) {
  const Chronology C = chronology(Tokens, 0);
  return C.Sorted ? C.Next : 0;
}

double finestUnitSeconds(const DateTokens &Tokens) {
  double Seconds = specOf(DateUnit::Year).Seconds;
  for (const DateToken &T : Tokens)
    if (T.Unit != DateUnit::Literal)
      Seconds = std::min(Seconds, specOf(T.Unit).Seconds);
  return Seconds;
}

std::int64_t fractionPeriodTicks(const DateTokens &Tokens) {
  std::int64_t Ticks = TicksPerSecond;
  for (const DateToken &T : Tokens)
    if (isFraction(T.Unit))
      Ticks = std::min(Ticks, specOf(T.Unit).StepTicks);
  return Ticks;
}

bool isDotNetDateLetter(char C) {
  return std::string_view("yMdHmsfF").find(C) != std::string_view::npos;
}

} // namespace tablelint::schema
