// Did-you-mean hints: LLVM's edit distance, plus one rule of our own (a
// swap of two neighbouring characters is one typo, not two).
#include "core/NameHint.h"

#include <llvm/ADT/StringRef.h>

namespace tablelint {

namespace {

// "tabel" for "table": the most common typo, which Levenshtein counts twice.
bool isOneSwapAway(std::string_view A, std::string_view B) {
  if (A.size() != B.size())
    return false;
  std::size_t First = 0;
  while (First < A.size() && A[First] == B[First])
    ++First;
  return First + 1 < A.size() && A[First] == B[First + 1] &&
         A[First + 1] == B[First] && A.substr(First + 2) == B.substr(First + 2);
}

} // namespace

std::optional<std::string>
closestName(std::string_view Name, const std::vector<std::string> &Candidates) {
  // Short names get one edit: "ab" is two edits from almost anything.
  const unsigned Limit = Name.size() <= 4 ? 1 : 2;
  const std::string *Best = nullptr;
  unsigned BestDistance = Limit + 1;
  const llvm::StringRef Typed(Name.data(), Name.size());
  for (const std::string &C : Candidates) {
    if (C == Name)
      continue;
    const unsigned D =
        isOneSwapAway(Name, C)
            ? 1
            : Typed.edit_distance(C, /*AllowReplacements=*/true, Limit + 1);
    if (D < BestDistance) {
      Best = &C;
      BestDistance = D;
    }
  }
  return Best ? std::optional<std::string>(*Best) : std::nullopt;
}

std::string didYouMean(std::string_view Name,
                       const std::vector<std::string> &Candidates) {
  auto Best = closestName(Name, Candidates);
  return Best ? "; did you mean '" + *Best + "'?" : std::string();
}

} // namespace tablelint
