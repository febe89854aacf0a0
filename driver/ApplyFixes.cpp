// Applying fix-its (see ApplyFixes.h).
#include "driver/ApplyFixes.h"

#include "core/AtomicFile.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/xxhash.h>

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

// The fixes of one file on disk, under every name it was reached by.
struct FileFixes {
  std::string Name; // the first name, for messages and the write
  std::vector<const FindingFix *> Fixes;
};

// Groups fixes by file identity (device and inode), so that a.cpp and
// link/a.cpp are one file; a file that cannot be looked up is an error.
std::vector<FileFixes> groupByFile(const std::vector<ReportedFinding> &Findings,
                                   FixOutcome &Out) {
  std::map<std::string, std::vector<const FindingFix *>> ByName;
  for (const ReportedFinding &R : Findings)
    for (const FindingFix &F : R.F.Fixes)
      ByName[F.File].push_back(&F);
  std::map<llvm::sys::fs::UniqueID, std::size_t> Index;
  std::vector<FileFixes> Files;
  for (auto &[Name, Fixes] : ByName) {
    llvm::sys::fs::UniqueID Id;
    if (llvm::sys::fs::getUniqueID(Name, Id)) {
      Out.Errors.push_back(Name + ": cannot read the file to fix it");
      continue;
    }
    auto [It, New] = Index.emplace(Id, Files.size());
    if (New)
      Files.push_back({Name, {}});
    auto &Into = Files[It->second].Fixes;
    Into.insert(Into.end(), Fixes.begin(), Fixes.end());
  }
  return Files;
}

// Whether every fix of a file was computed on Text: each name it was
// fixed under was read by clang with that text.
bool analysedOn(const std::vector<const FindingFix *> &Fixes,
                const std::string &Text, const AnalysedTexts &Analysed) {
  const std::uint64_t Now = contentHash(Text);
  return std::all_of(Fixes.begin(), Fixes.end(), [&](const FindingFix *F) {
    auto It = Analysed.find(F->File);
    return It != Analysed.end() && It->second == Now;
  });
}

// The edits of one file's fixes, in order, overlapping ones left out.
std::vector<Edit> editsOf(const FileFixes &File, const std::string &Text,
                          FixOutcome &Out) {
  std::vector<Edit> Edits;
  for (const FindingFix *F : File.Fixes) {
    const auto B = offsetOf(Text, F->Line, F->Column);
    const auto E = offsetOf(Text, F->EndLine ? F->EndLine : F->Line,
                            F->EndColumn ? F->EndColumn : F->Column);
    if (!B || !E || *E < *B) {
      Out.Errors.push_back(File.Name + ":" + std::to_string(F->Line) + ":" +
                           std::to_string(F->Column) +
                           ": a fix-it lies outside the file");
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
  return Kept;
}

} // namespace

std::uint64_t contentHash(std::string_view Text) {
  return llvm::xxh3_64bits(llvm::StringRef(Text.data(), Text.size()));
}

FixOutcome applyFixes(const std::vector<ReportedFinding> &Findings,
                      const AnalysedTexts &Analysed) {
  FixOutcome Out;
  for (const FileFixes &File : groupByFile(Findings, Out)) {
    std::optional<std::string> Text = readFile(File.Name);
    if (!Text) {
      Out.Errors.push_back(File.Name + ": cannot read the file to fix it");
      continue;
    }
    if (!analysedOn(File.Fixes, *Text, Analysed)) {
      Out.Warnings.push_back(
          File.Name + ": changed since it was analysed; its fix-its are not "
                      "applied (run tablelint lint --fix again)");
      continue;
    }
    const std::vector<Edit> Kept = editsOf(File, *Text, Out);
    if (Kept.empty())
      continue;
    std::string New = *Text;
    for (auto It = Kept.rbegin(); It != Kept.rend(); ++It)
      New.replace(It->Begin, It->End - It->Begin, It->Text);
    if (auto Error = writeFileAtomically(File.Name, New)) {
      Out.Errors.push_back(*Error);
      continue;
    }
    Out.Applied += static_cast<unsigned>(Kept.size());
    Out.FilesChanged.push_back(File.Name);
  }
  return Out;
}

} // namespace tablelint
