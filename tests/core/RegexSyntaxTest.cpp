// Issue 44, item 10: a user's regex (--header-filter, header-filter: in
// .tablelint.yaml, the rules' pattern options) is refused from its text
// when it would compile to something huge, before LLVM's Regex is asked to
// compile it; every pattern a project writes is accepted as before.
#include "core/RegexSyntax.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/resource.h>

namespace tablelint {
namespace {

using ::testing::HasSubstr;
using ::testing::Optional;

TEST(RegexSyntax, NestedCountedRepeatsAreRefusedWithoutCompiling) {
  // 100^3 copies: gigabytes for LLVM's Regex. Refused at once, in little
  // memory (the estimate never compiles it).
  struct rusage Before, After;
  ::getrusage(RUSAGE_SELF, &Before);
  for (const char *Pattern :
       {"((a{1,100}){1,100}){1,100}", "(((a{255}){255}){255})",
        "((x{2,}){255}){255}", "([a-z]{1,100}|b){1,100}{1,100}",
        "a)((b{255}){255}){255}"})
    EXPECT_THAT(invalidUserRegex(Pattern),
                Optional(HasSubstr("the pattern is too large")))
        << Pattern;
  ::getrusage(RUSAGE_SELF, &After);
  EXPECT_LT(After.ru_maxrss - Before.ru_maxrss, 64 * 1024); // KiB
}

TEST(RegexSyntax, RealPatternsAreAccepted) {
  for (const char *Pattern :
       {".*", "^/src/(include|lib)/.*\\.h$", "[a-z]{1,100}",
        "(ab{2,5}){1,20}", "^([Hh]andle|[Oo]n)([A-Z_]|$)|[a-z]Handler$",
        "^([Hh]andle|[Oo]n)_?([Ii]nit|[Ss]tart|[Ss]etup|[Cc]onfigure)|^([Rr]"
        "egister|[Ii]nstall|[Aa]dd|[Mm]ake|[Cc]reate|[Bb]uild|[Gg]et|[Ss]et)"
        "[A-Za-z0-9_]*Handler$",
        "[]{}]{3}", "[[:alpha:]{]{2}", "a{,3}"})
    EXPECT_EQ(invalidUserRegex(Pattern), std::nullopt) << Pattern;
}

TEST(RegexSyntax, TheEstimateFollowsTheRepeats) {
  EXPECT_EQ(estimatedRegexSize("abc"), 3u);
  EXPECT_EQ(estimatedRegexSize("a{10}"), 12u);
  EXPECT_GT(estimatedRegexSize("(a{10}){10}"), 100u);
  // A bracket is one element whatever it holds, '{' inside one included.
  EXPECT_EQ(estimatedRegexSize("[{(]{255}"), 257u);
  EXPECT_GT(estimatedRegexSize(std::string(5000, '(') + "a{255}" +
                               std::string(5000, ')')),
            MaxRegexSize);
}

TEST(RegexSyntax, InvalidPatternsSayWhy) {
  EXPECT_THAT(invalidHeaderFilter("a("), Optional(HasSubstr("parenthes")));
  EXPECT_THAT(invalidHeaderFilter("a{1,2"), Optional(testing::_));
}

} // namespace
} // namespace tablelint
