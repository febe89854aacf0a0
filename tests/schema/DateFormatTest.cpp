// The date format tokenizer of key templates (core/schema/DateFormat.h):
// the tokens each unit and literal gives, and what renders, orders and
// measures a format from them.
#include "core/schema/DateFormat.h"

#include "core/Edm.h"
#include "core/schema/Schema.h"

#include <gtest/gtest.h>

namespace tablelint::schema {
namespace {

// The tokens of Format as "unit:text" pairs, e.g. "Y:yyyy L:- M:MM".
std::string describe(const std::string &Format) {
  static const char *const Names[] = {"Y", "M", "D", "h", "m",
                                      "s", "ms", "t", "L"};
  std::string Out;
  for (const DateToken &T : tokenizeDateFormat(Format)) {
    if (!Out.empty())
      Out += ' ';
    Out += Names[static_cast<int>(T.Unit)];
    Out += ':' + T.Text;
  }
  return Out;
}

std::string render(const std::string &Format, const char *Iso) {
  std::string Out;
  appendDateTime(*parseDateTimeTicks(Iso), tokenizeDateFormat(Format), Out);
  return Out;
}

struct Case {
  const char *Format;
  const char *Expected; // tokens or rendered text
};

// Each unit is one token; at each place the longest unit is taken (seven
// f are the ticks, not two milliseconds) and what a unit does not use
// stays text; a run of literal characters is one token. No quoting or
// escapes: quotes and backslashes are text like any other, and so are
// letters no unit uses, hh (the 12-hour clock) and F (fractions without
// trailing zeros) among them.
TEST(DateFormat, TokensOfUnitsWidthsAndLiterals) {
  const Case Cases[] = {
      {"yyyy", "Y:yyyy"},
      {"MM", "M:MM"},
      {"dd", "D:dd"},
      {"HH", "h:HH"},
      {"mm", "m:mm"},
      {"ss", "s:ss"},
      {"fff", "ms:fff"},
      {"fffffff", "t:fffffff"},
      {"yyyyMMddHHmmssfff", "Y:yyyy M:MM D:dd h:HH m:mm s:ss ms:fff"},
      {"", ""},
      // widths
      {"ffffffffff", "t:fffffff ms:fff"},
      {"ffff", "ms:fff L:f"},
      {"ff", "L:ff"},
      {"yyyyy", "Y:yyyy L:y"},
      {"yy", "L:yy"},
      {"MMM", "M:MM L:M"},
      {"H", "L:H"},
      // literals
      {"yyyy-MM-dd HH:mm", "Y:yyyy L:- M:MM L:- D:dd L:  h:HH L:: m:mm"},
      {"log_yyyy", "L:log_ Y:yyyy"},
      {"'T'HH", "L:'T' h:HH"},
      {"\\yyyyy", "L:\\ Y:yyyy L:y"},
      // unknown letters
      {"Q", "L:Q"},
      {"yyyyTHH", "Y:yyyy L:T h:HH"},
      {"hh", "L:hh"},
      {"FFF", "L:FFF"},
  };
  for (const Case &C : Cases)
    EXPECT_EQ(describe(C.Format), C.Expected) << C.Format;
}

TEST(DateFormat, RendersEachUnitZeroPadded) {
  const char *At = "2026-03-04T05:06:07.0891234Z";
  const Case Cases[] = {{"yyyy", "2026"},
                        {"MM", "03"},
                        {"dd", "04"},
                        {"HH", "05"},
                        {"mm", "06"},
                        {"ss", "07"},
                        {"fff", "089"},
                        {"fffffff", "0891234"},
                        {"yyyy-MM-ddTHH:mm:ss.fffffff",
                         "2026-03-04T05:06:07.0891234"},
                        {"ffff|yy|Q", "089f|yy|Q"}};
  for (const Case &C : Cases)
    EXPECT_EQ(render(C.Format, At), C.Expected) << C.Format;
  EXPECT_EQ(render("yyyyMMdd", "0001-01-01T00:00:00Z"), "00010101");
  EXPECT_EQ(render("yyyyMMddHHmmssfffffff", "9999-12-31T23:59:59.9999999Z"),
            "99991231235959" "9999999");
}

TEST(DateFormat, RendersTimesOfInterleavedSecondsAsTheirOwnText) {
  // appendDateTime keeps the text of the last seconds it rendered: times
  // of three seconds in turn (one more than it keeps), of seconds a day
  // and a year apart, and at a second's first and last tick, each render
  // as formatDateTimeTicks' full text of that time says.
  const DateTokens Tokens = tokenizeDateFormat("yyyy-MM-ddTHH:mm:ss.fffffff");
  const std::int64_t Base = *parseDateTimeTicks("2026-12-31T23:59:58Z");
  const std::int64_t Offsets[] = {0,
                                  1,
                                  9999999,
                                  10000000,
                                  19999999,
                                  20000000,
                                  864000000000,
                                  315360000000000,
                                  -315360000000000};
  std::size_t Renders = 0;
  for (int Round = 0; Round < 3; ++Round)
    for (std::int64_t Offset : Offsets)
      for (std::int64_t Step : {0, 1234567, 7654321}) {
        const std::int64_t Ticks = Base + Offset + Step;
        std::string Out;
        appendDateTime(Ticks, Tokens, Out);
        const std::string Full = formatDateTimeTicks(Ticks);
        // "...:ssZ" or "...:ss.f[ffffff]Z" (trailing zeros left off).
        std::string Fraction =
            Full[19] == '.' ? Full.substr(20, Full.size() - 21) : "";
        Fraction.resize(7, '0');
        const std::string Expected = Full.substr(0, 19) + '.' + Fraction;
        ASSERT_EQ(Out, Expected) << Ticks;
        ++Renders;
      }
  EXPECT_EQ(Renders, 81u);
}

TEST(DateFormat, RenderedWidthIsTheFormatsLength) {
  for (const char *F : {"yyyyMMdd", "yyyy-MM-dd HH:mm:ss.fff", "ffff", "Q"})
    EXPECT_EQ(renderedWidth(tokenizeDateFormat(F)), std::string(F).size()) << F;
}

TEST(DateFormat, ChronologicalStepNeedsTheUnitsFromTheYearDown) {
  auto Step = [](const char *F) {
    return chronologicalStep(tokenizeDateFormat(F));
  };
  EXPECT_EQ(Step("yyyy"), 0);
  EXPECT_EQ(Step("yyyy-MM"), 0);
  EXPECT_EQ(Step("yyyyMMdd"), 864000000000);
  EXPECT_EQ(Step("yyyyMMddHH"), 36000000000);
  EXPECT_EQ(Step("yyyy/MM/dd HH:mm"), 600000000);
  EXPECT_EQ(Step("yyyyMMddHHmmss"), 10000000);
  EXPECT_EQ(Step("yyyyMMddHHmmssfff"), 10000);
  EXPECT_EQ(Step("yyyyMMddHHmmssfffffff"), 1);
  EXPECT_EQ(Step("yyyyMMddHHmmssffffffffff"), std::nullopt); // two fractions
  EXPECT_EQ(Step("MMdd"), std::nullopt);                     // no year
  EXPECT_EQ(Step("yyyyMMddT"), std::nullopt); // a letter among literals
  EXPECT_EQ(Step("yyyyddMM"), std::nullopt);
  EXPECT_EQ(Step("-"), std::nullopt); // no unit
  EXPECT_EQ(Step(""), std::nullopt);
}

// Within a partition or a table per day the year, month and day are the
// same for every entity: a time of day sorts as the dates do there.
TEST(DateFormat, ChronologicalStepBelowUnitsPinnedElsewhere) {
  auto Step = [](const char *F, int Pinned) {
    return chronologicalStep(tokenizeDateFormat(F), Pinned);
  };
  EXPECT_EQ(Step("HHmmssfff", 3), 10000);
  EXPECT_EQ(Step("HH:mm:ss", 3), 10000000);
  EXPECT_EQ(Step("ddHHmm", 2), 600000000); // a table per month
  EXPECT_EQ(Step("fffffff", 6), 1);        // a partition per second
  EXPECT_EQ(Step("HHmmss", 2), std::nullopt); // the day is not pinned
  EXPECT_EQ(Step("mmss", 3), std::nullopt);   // the hour skipped
  EXPECT_EQ(Step("yyyyMMddHH", 3), std::nullopt); // starts above the pin
  EXPECT_EQ(Step("-", 3), std::nullopt);
  EXPECT_EQ(Step("HHmmss", 0), std::nullopt);
}

TEST(DateFormat, ChronologicalUnitsAFormatFixes) {
  auto Units = [](const char *F) {
    return chronologicalUnits(tokenizeDateFormat(F));
  };
  EXPECT_EQ(Units("yyyy"), 1);
  EXPECT_EQ(Units("yyyy-MM"), 2);
  EXPECT_EQ(Units("yyyyMMdd"), 3);
  EXPECT_EQ(Units("yyyyMMddHHmmss"), 6);
  EXPECT_EQ(Units("yyyyMMddHHmmssfff"), 7);
  EXPECT_EQ(Units("ddMMyyyy"), 0);
  EXPECT_EQ(Units("HHmm"), 0);
  EXPECT_EQ(Units(""), 0);
}

TEST(DateFormat, FinestUnitSeconds) {
  auto Seconds = [](const char *F) {
    return finestUnitSeconds(tokenizeDateFormat(F));
  };
  EXPECT_EQ(Seconds("yyyy"), 31536000);
  EXPECT_EQ(Seconds("yyyyMM"), 2592000);
  EXPECT_EQ(Seconds("ddMMyyyy"), 86400); // order does not matter here
  EXPECT_EQ(Seconds("HH"), 3600);
  EXPECT_EQ(Seconds("mm"), 60);
  EXPECT_EQ(Seconds("ss"), 1);
  EXPECT_EQ(Seconds("fff"), 1e-3);
  EXPECT_EQ(Seconds("ssfffffff"), 1e-7);
  EXPECT_EQ(Seconds("Q"), 31536000); // no unit: a year
}

TEST(DateFormat, FractionPeriodTicks) {
  auto Ticks = [](const char *F) {
    return fractionPeriodTicks(tokenizeDateFormat(F));
  };
  EXPECT_EQ(Ticks("yyyyMMdd"), 10000000);
  EXPECT_EQ(Ticks("ssff"), 10000000); // "ff" is text
  EXPECT_EQ(Ticks("ssfff"), 10000);
  EXPECT_EQ(Ticks("fffffff"), 1);
}

// A key template reads its format once; what it renders is the tokens'.
TEST(DateFormat, KeyTemplatesKeepTheirTokens) {
  std::string Error;
  const std::optional<KeyTemplate> T =
      parseKeyTemplate("{t:yyyy-MM}_{t:ticks}_{n:D4}_{t}", Error);
  ASSERT_TRUE(T) << Error;
  EXPECT_EQ(T->Parts[0].DateFormat.size(), 3u);
  EXPECT_TRUE(T->Parts[2].DateFormat.empty()); // ticks: no date format
  EXPECT_TRUE(T->Parts[6].DateFormat.empty());
  const EdmValue V =
      EdmValue::dateTimeTicks(*parseDateTimeTicks("2026-11-22T05:07:09Z"));
  EXPECT_EQ(renderPlaceholder(T->Parts[0], V), "2026-11");
  // A part made by hand, without tokens, renders the same.
  KeyPart ByHand = T->Parts[0];
  ByHand.DateFormat.clear();
  EXPECT_EQ(renderPlaceholder(ByHand, V), "2026-11");
}

} // namespace
} // namespace tablelint::schema
