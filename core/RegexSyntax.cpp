// User regular expressions: their size estimated from the text, then LLVM's
// Regex decides, as it does when matching.
#include "core/RegexSyntax.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Regex.h>

#include <algorithm>
#include <cctype>

namespace tablelint {

namespace {

constexpr std::size_t Cap = MaxRegexSize + 1;

std::size_t capped(std::size_t N) { return std::min(N, Cap); }

std::size_t times(std::size_t A, std::size_t B) {
  return A != 0 && B > Cap / A ? Cap : capped(A * B);
}

// A recursive-descent walk of the ERE grammar that only counts: an
// alternation is the sum of its branches, a branch the sum of its pieces, a
// piece its atom times its repeats. Malformed text is left to LLVM's Regex
// (this walk never fails, and stops nesting when the size is over).
class SizeEstimate {
public:
  explicit SizeEstimate(llvm::StringRef Text) : Text(Text) {}

  // A stray ')' ends an alternation early: counting goes on past it (LLVM's
  // Regex refuses the text, but only an estimate of all of it is safe).
  std::size_t whole() {
    std::size_t Size = alternation(0);
    while (Pos < Text.size()) {
      ++Pos;
      Size = capped(Size + alternation(0));
    }
    return Size;
  }

private:
  std::size_t alternation(unsigned Depth) {
    std::size_t Size = branch(Depth);
    while (Pos < Text.size() && Text[Pos] == '|') {
      ++Pos;
      Size = capped(Size + 1 + branch(Depth));
    }
    return Size;
  }

  std::size_t branch(unsigned Depth) {
    std::size_t Size = 0;
    while (Pos < Text.size() && Text[Pos] != '|' && Text[Pos] != ')')
      Size = capped(Size + piece(Depth));
    return Size;
  }

  std::size_t piece(unsigned Depth) {
    std::size_t Size = atom(Depth);
    for (;;) {
      if (Pos >= Text.size())
        return Size;
      const char C = Text[Pos];
      if (C == '*' || C == '+' || C == '?') {
        ++Pos;
        Size = capped(Size + 2);
      } else if (C == '{' && Pos + 1 < Text.size() &&
                 std::isdigit(static_cast<unsigned char>(Text[Pos + 1]))) {
        ++Pos;
        Size = capped(times(Size, bound()) + 2);
      } else {
        return Size;
      }
    }
  }

  // "{m}", "{m,}", "{m,n}" (after the '{'): the copies LLVM makes, at least
  // one. An open upper bound copies its operand m + 1 times.
  std::size_t bound() {
    const std::size_t Low = number();
    std::size_t Copies = Low;
    if (Pos < Text.size() && Text[Pos] == ',') {
      ++Pos;
      Copies = Pos < Text.size() &&
                       std::isdigit(static_cast<unsigned char>(Text[Pos]))
                   ? std::max(Low, number())
                   : Low + 1;
    }
    if (Pos < Text.size() && Text[Pos] == '}')
      ++Pos;
    return std::max<std::size_t>(Copies, 1);
  }

  std::size_t number() {
    std::size_t N = 0;
    while (Pos < Text.size() &&
           std::isdigit(static_cast<unsigned char>(Text[Pos])))
      N = capped(N * 10 + static_cast<std::size_t>(Text[Pos++] - '0'));
    return N;
  }

  std::size_t atom(unsigned Depth) {
    const char C = Text[Pos++];
    if (C == '(') {
      // Deeper than this is over the limit anyway; no recursion without end.
      const std::size_t Inner = Depth < 1000 ? alternation(Depth + 1) : Cap;
      if (Pos < Text.size() && Text[Pos] == ')')
        ++Pos;
      return capped(Inner + 2);
    }
    if (C == '[') {
      bracket();
      return 1;
    }
    if (C == '\\' && Pos < Text.size())
      ++Pos;
    return 1;
  }

  // Past the end of "[...]": a ']' first (after an optional '^') is a
  // member, and "[:alpha:]", "[=a=]", "[.a.]" hold no closing bracket.
  void bracket() {
    if (Pos < Text.size() && Text[Pos] == '^')
      ++Pos;
    if (Pos < Text.size() && Text[Pos] == ']')
      ++Pos;
    while (Pos < Text.size() && Text[Pos] != ']') {
      if (Text[Pos] == '[' && Pos + 1 < Text.size() &&
          (Text[Pos + 1] == ':' || Text[Pos + 1] == '=' ||
           Text[Pos + 1] == '.')) {
        const char Close[] = {Text[Pos + 1], ']'};
        const std::size_t End =
            Text.find(llvm::StringRef(Close, sizeof Close), Pos + 2);
        Pos = End == llvm::StringRef::npos ? Text.size() : End + 2;
        continue;
      }
      ++Pos;
    }
    if (Pos < Text.size())
      ++Pos;
  }

  llvm::StringRef Text;
  std::size_t Pos = 0;
};

} // namespace

std::size_t estimatedRegexSize(const std::string &Regex) {
  return SizeEstimate(Regex).whole();
}

std::optional<std::string> invalidUserRegex(const std::string &Regex) {
  if (estimatedRegexSize(Regex) > MaxRegexSize)
    return "the pattern is too large: its repeats expand to more than " +
           std::to_string(MaxRegexSize) +
           " elements (nested counted repeats such as {1,100} multiply); "
           "write it with '*' or '+', or with fewer nested counts";
  llvm::Regex R(Regex);
  std::string Error;
  if (R.isValid(Error))
    return std::nullopt;
  return Error;
}

std::optional<std::string> invalidHeaderFilter(const std::string &Regex) {
  return invalidUserRegex(Regex);
}

} // namespace tablelint
