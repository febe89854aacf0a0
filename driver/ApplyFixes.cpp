// Applying fix-its (see ApplyFixes.h).
#include "driver/ApplyFixes.h"

#include "core/AtomicFile.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace tablelint {

namespace {

struct Edit {
  std::size_t Begin = 0, End = 0;
  std::string Text;
  bool operator<(const Edit &O) const {
    return std::tie(Begin, End, Text) < std::tie(O.Begin, O.End, O.Text);
  }
  bool operator==(const Edit &O) const {
    return Begin == O.Begin && End == O.End && Text == O.Text;
  }
};

// Byte offset of a 1-based line and (byte) column, or nullopt when the
// position is not in the text.
std::optional<std::size_t> offsetOf(const std::string &Text, unsigned Line,
                                    unsigned Column) {
  if (Line == 0 || Column == 0)
    return std::nullopt;
  std::size_t Pos = 0;
  for (unsigned L = 1; L < Line; ++L) {
    Pos = Text.find('\n', Pos);
    if (Pos == std::string::npos)
      return std::nullopt;
    ++Pos;
  }
  const std::size_t LineEnd = std::min(Text.find('\n', Pos), Text.size());
  if (Pos + Column - 1 > LineEnd)
    return std::nullopt;
  return Pos + Column - 1;
}

} // namespace

FixOutcome applyFixes(const std::vector<ReportedFinding> &Findings) {
  std::map<std::string, std::vector<const FindingFix *>> ByFile;
  for (const ReportedFinding &R : Findings)
    for (const FindingFix &F : R.F.Fixes)
      ByFile[F.File].push_back(&F);

  FixOutcome Out;
  for (const auto &[File, Fixes] : ByFile) {
    std::optional<std::string> Text = readFile(File);
    if (!Text) {
      Out.Errors.push_back(File + ": cannot read the file to fix it");
      continue;
    }
    std::vector<Edit> Edits;
    for (const FindingFix *F : Fixes) {
      const auto B = offsetOf(*Text, F->Line, F->Column);
      const auto E = offsetOf(*Text, F->EndLine ? F->EndLine : F->Line,
                              F->EndColumn ? F->EndColumn : F->Column);
      if (!B || !E || *E < *B) {
        Out.Errors.push_back(File + ":" + std::to_string(F->Line) + ":" +
                             std::to_string(F->Column) +
                             ": a fix-it lies outside the file (was it "
                             "edited since the analysis?)");
        continue;
      }
      Edits.push_back({*B, *E, F->Replacement});
    }
    std::sort(Edits.begin(), Edits.end());
    Edits.erase(std::unique(Edits.begin(), Edits.end()), Edits.end());
    // Keep the first of overlapping edits; two insertions at one point
    // conflict too (their order would be a guess).
    std::vector<Edit> Kept;
    for (const Edit &E : Edits) {
      if (!Kept.empty()) {
        const Edit &Last = Kept.back();
        const bool Overlap = E.Begin < Last.End;
        const bool SamePointInserts =
            E.Begin == E.End && Last.Begin == Last.End && E.Begin == Last.Begin;
        if (Overlap || SamePointInserts) {
          ++Out.Conflicting;
          continue;
        }
      }
      Kept.push_back(E);
    }
    if (Kept.empty())
      continue;
    std::string New = *Text;
    for (auto It = Kept.rbegin(); It != Kept.rend(); ++It)
      New.replace(It->Begin, It->End - It->Begin, It->Text);
    if (auto Error = writeFileAtomically(File, New)) {
      Out.Errors.push_back(*Error);
      continue;
    }
    Out.Applied += static_cast<unsigned>(Kept.size());
    Out.FilesChanged.push_back(File);
  }
  return Out;
}

} // namespace tablelint
