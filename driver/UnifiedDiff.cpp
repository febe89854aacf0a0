// Line diff by the longest common subsequence (schema files are small: a
// table of lengths up to MaxCells; beyond it, one hunk replaces the rest).
#include "driver/UnifiedDiff.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tablelint {

namespace {

std::vector<std::string> splitLines(const std::string &Text) {
  std::vector<std::string> Lines;
  std::size_t Start = 0;
  while (Start < Text.size()) {
    const std::size_t End = Text.find('\n', Start);
    if (End == std::string::npos) {
      Lines.push_back(Text.substr(Start));
      break;
    }
    Lines.push_back(Text.substr(Start, End - Start));
    Start = End + 1;
  }
  return Lines;
}

enum class Op : char { Same = ' ', Del = '-', Add = '+' };

struct Edit {
  Op Kind;
  std::size_t OldLine, NewLine; // 0-based positions before the edit
  const std::string *Text;
};

constexpr std::uint64_t MaxCells = 16u << 20;

std::vector<Edit> diffLines(const std::vector<std::string> &A,
                            const std::vector<std::string> &B) {
  // Common prefix and suffix first: most suggestions change a few lines.
  std::size_t Pre = 0;
  while (Pre < A.size() && Pre < B.size() && A[Pre] == B[Pre])
    ++Pre;
  std::size_t Suf = 0;
  while (Suf < A.size() - Pre && Suf < B.size() - Pre &&
         A[A.size() - 1 - Suf] == B[B.size() - 1 - Suf])
    ++Suf;
  const std::size_t N = A.size() - Pre - Suf, M = B.size() - Pre - Suf;
  std::vector<Edit> Out;
  for (std::size_t I = 0; I < Pre; ++I)
    Out.push_back({Op::Same, I, I, &A[I]});
  if (static_cast<std::uint64_t>(N + 1) * (M + 1) > MaxCells) {
    for (std::size_t I = 0; I < N; ++I)
      Out.push_back({Op::Del, Pre + I, Pre, &A[Pre + I]});
    for (std::size_t J = 0; J < M; ++J)
      Out.push_back({Op::Add, Pre + N, Pre + J, &B[Pre + J]});
  } else {
    // L[i][j]: LCS length of A[Pre+i..] and B[Pre+j..].
    std::vector<std::uint32_t> L((N + 1) * (M + 1), 0);
    auto At = [&](std::size_t I, std::size_t J) -> std::uint32_t & {
      return L[I * (M + 1) + J];
    };
    for (std::size_t I = N; I-- > 0;)
      for (std::size_t J = M; J-- > 0;)
        At(I, J) = A[Pre + I] == B[Pre + J]
                       ? At(I + 1, J + 1) + 1
                       : std::max(At(I + 1, J), At(I, J + 1));
    std::size_t I = 0, J = 0;
    while (I < N || J < M) {
      if (I < N && J < M && A[Pre + I] == B[Pre + J]) {
        Out.push_back({Op::Same, Pre + I, Pre + J, &A[Pre + I]});
        ++I, ++J;
      } else if (I < N && (J == M || At(I + 1, J) >= At(I, J + 1))) {
        // Deletions before additions, as diff -u prints them.
        Out.push_back({Op::Del, Pre + I, Pre + J, &A[Pre + I]});
        ++I;
      } else {
        Out.push_back({Op::Add, Pre + I, Pre + J, &B[Pre + J]});
        ++J;
      }
    }
  }
  for (std::size_t K = 0; K < Suf; ++K)
    Out.push_back({Op::Same, A.size() - Suf + K, B.size() - Suf + K,
                   &A[A.size() - Suf + K]});
  return Out;
}

std::string range(std::size_t Start, std::size_t Count) {
  // diff -u: "start,count", 1-based; an empty range names the line before.
  return std::to_string(Count ? Start + 1 : Start) + "," +
         std::to_string(Count);
}

} // namespace

std::string unifiedDiff(const std::string &OldName, const std::string &NewName,
                        const std::string &Old, const std::string &New,
                        unsigned Context) {
  const std::vector<std::string> A = splitLines(Old), B = splitLines(New);
  const std::vector<Edit> Edits = diffLines(A, B);
  std::string Out;
  std::size_t K = 0;
  while (K < Edits.size()) {
    // The next change, and the hunk around it and the changes within
    // 2 x Context lines of each other.
    while (K < Edits.size() && Edits[K].Kind == Op::Same)
      ++K;
    if (K == Edits.size())
      break;
    const std::size_t Begin = K >= Context ? K - Context : 0;
    std::size_t End = K;
    for (std::size_t Quiet = 0; End < Edits.size(); ++End) {
      Quiet = Edits[End].Kind == Op::Same ? Quiet + 1 : 0;
      if (Quiet > 2 * Context)
        break;
    }
    // Trailing context: at most Context unchanged lines.
    std::size_t Last = End;
    while (Last > K && Edits[Last - 1].Kind == Op::Same)
      --Last;
    End = std::min(Edits.size(), Last + Context);
    std::size_t OldCount = 0, NewCount = 0;
    for (std::size_t I = Begin; I < End; ++I) {
      OldCount += Edits[I].Kind != Op::Add;
      NewCount += Edits[I].Kind != Op::Del;
    }
    if (Out.empty())
      Out = "--- " + OldName + "\n+++ " + NewName + "\n";
    Out += "@@ -" + range(Edits[Begin].OldLine, OldCount) + " +" +
           range(Edits[Begin].NewLine, NewCount) + " @@\n";
    for (std::size_t I = Begin; I < End; ++I)
      Out += static_cast<char>(Edits[I].Kind) + *Edits[I].Text + "\n";
    K = End;
  }
  return Out;
}

} // namespace tablelint
