// Did-you-mean hints by optimal string alignment distance.
#include "core/schema/NameHint.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

// Edits (insert, delete, substitute, swap two neighbours) from A to B.
std::size_t typoDistance(std::string_view A, std::string_view B) {
  const std::size_t W = B.size() + 1;
  std::vector<std::size_t> D((A.size() + 1) * W);
  for (std::size_t I = 0; I <= A.size(); ++I)
    D[I * W] = I;
  for (std::size_t J = 0; J <= B.size(); ++J)
    D[J] = J;
  for (std::size_t I = 1; I <= A.size(); ++I)
    for (std::size_t J = 1; J <= B.size(); ++J) {
      const std::size_t Cost = A[I - 1] == B[J - 1] ? 0 : 1;
      std::size_t Best = std::min({D[(I - 1) * W + J] + 1, D[I * W + J - 1] + 1,
                                   D[(I - 1) * W + J - 1] + Cost});
      if (I > 1 && J > 1 && A[I - 1] == B[J - 2] && A[I - 2] == B[J - 1])
        Best = std::min(Best, D[(I - 2) * W + J - 2] + 1);
      D[I * W + J] = Best;
    }
  return D[A.size() * W + B.size()];
}

} // namespace

std::string didYouMean(std::string_view Name,
                       const std::vector<std::string> &Candidates) {
  // Short names get one edit: "ab" is two edits from almost anything.
  const std::size_t Limit = Name.size() <= 4 ? 1 : 2;
  const std::string *Best = nullptr;
  std::size_t BestDistance = Limit + 1;
  for (const std::string &C : Candidates) {
    if (C == Name)
      continue;
    const std::size_t D = typoDistance(Name, C);
    if (D < BestDistance) {
      Best = &C;
      BestDistance = D;
    }
  }
  return Best ? "; did you mean '" + *Best + "'?" : std::string();
}

} // namespace tablelint::schema
