// The .NET-style custom date formats of key templates
// ("{readingTime:yyyyMMdd}", "{at:yyyy-MM-dd HH:mm:ss.fff}"): a format is
// read once into tokens, a unit the value fills in or literal text, and
// everything that renders, orders or measures a format works on those.
//
// Units: yyyy MM dd HH mm ss, fff (milliseconds) and fffffff (ticks within
// the second); at each place the longest unit that matches is taken
// (fffffff before fff), and every other character is literal (so "yy" or
// "ffff" leave the letters they do not use as text). No quoting or escapes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::schema {

// In the order a key must name them to sort as its dates do.
enum class DateUnit : unsigned char {
  Year,
  Month,
  Day,
  Hour,
  Minute,
  Second,
  Millisecond, // fff
  Tick,        // fffffff
  Literal,
};

struct DateToken {
  DateUnit Unit = DateUnit::Literal;
  // Literal text (one run of consecutive literal characters), or the
  // unit's letters as written ("yyyy").
  std::string Text;
};

using DateTokens = std::vector<DateToken>;

// The tokens of Format, left to right. Empty for an empty format.
DateTokens tokenizeDateFormat(std::string_view Format);

// Appends Ticks (a DateTime value, 0 = 0001-01-01) in the format Tokens.
void appendDateTime(std::int64_t Ticks, const DateTokens &Tokens,
                    std::string &Out);

// Characters the rendering of Tokens has: each token renders as wide as it
// is written (units are zero-padded), so the format's own length.
std::size_t renderedWidth(const DateTokens &Tokens);

// The finest unit of a format whose text sorts as its dates do (the units
// from the year down, none skipped, no letters among the literals), in
// ticks; 0 for months or years; none for another format (HHmm, ddMMyyyy).
// Pinned: how many units from the year down every value compared shares
// (3 within one day: a partition or a table per yyyyMMdd), so the format
// may start below them (HHmmss sorts as its times do within a day).
std::optional<std::int64_t> chronologicalStep(const DateTokens &Tokens,
                                              int Pinned = 0);

// The units, from the year down, a format that sorts as its dates do
// fixes: 3 for yyyyMMdd, 6 for yyyyMMddHHmmss; 0 for another format.
int chronologicalUnits(const DateTokens &Tokens);

// How long, in seconds, the rendering stays the same: the span of the
// format's finest unit (a month as 30 days, a year as 365); a year when
// it has no unit.
double finestUnitSeconds(const DateTokens &Tokens);

// The ticks over which a rendering stays the same, counting only fractions:
// 1 with fffffff, 10,000 with fff, else a second.
std::int64_t fractionPeriodTicks(const DateTokens &Tokens);

// Whether C is one of the letters .NET reads as a date unit in a custom
// format (y M d H m s f F), whether or not the renderer here uses it.
bool isDotNetDateLetter(char C);

} // namespace tablelint::schema
