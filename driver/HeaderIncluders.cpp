// Finding the translation unit a header is analysed through (see
// HeaderIncluders.h).
#include "driver/HeaderIncluders.h"

#include "driver/ClangResourceDir.h"

#include <clang/Tooling/DependencyScanning/DependencyScanningService.h>
#include <clang/Tooling/DependencyScanning/DependencyScanningTool.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <set>
#include <tuple>

namespace tablelint {

namespace {

namespace fs = std::filesystem;
namespace deps = clang::tooling::dependencies;
using clang::tooling::CompileCommand;

// Why an entry is scanned early: it included the header last time (an
// editor lints the same header again and again), it is the source named
// after the header, or it is the one nearest to it in the tree.
struct Nearness {
  bool IncludedBefore = false;
  bool SameStem = false;
  std::size_t SharedDirectory = 0;
  bool operator<(const Nearness &O) const {
    return std::tie(IncludedBefore, SameStem, SharedDirectory) <
           std::tie(O.IncludedBefore, O.SameStem, O.SharedDirectory);
  }
};

// The source each header was last found through, for this process.
class IncluderMemory {
public:
  bool includedBefore(const std::string &Source, const std::string &Header) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Last.find(Header);
    return It != Last.end() && It->second == Source;
  }
  void remember(const std::string &Header, const std::string &Source) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Last[Header] = Source;
  }

private:
  std::mutex Mutex;
  std::map<std::string, std::string> Last;
};

IncluderMemory &includerMemory() {
  static IncluderMemory Memory;
  return Memory;
}

std::size_t sharedPrefix(const fs::path &A, const fs::path &B) {
  std::size_t N = 0;
  for (auto I = A.begin(), J = B.begin();
       I != A.end() && J != B.end() && *I == *J; ++I, ++J)
    ++N;
  return N;
}

Nearness nearness(const std::string &Source,
                  const std::vector<std::string> &Headers) {
  Nearness Best;
  const fs::path S(Source);
  for (const std::string &H : Headers) {
    const fs::path P(H);
    Nearness N{includerMemory().includedBefore(Source, H), S.stem() == P.stem(),
               sharedPrefix(S.parent_path(), P.parent_path())};
    Best = std::max(Best, N);
  }
  return Best;
}

// The database's entries, the nearest to the headers first.
std::vector<const CompileCommand *>
scanOrder(const CompileDatabase &DB, const std::vector<std::string> &Headers) {
  struct Ranked {
    Nearness Rank;
    std::size_t Index; // the database's order among equals
    const CompileCommand *Command;
  };
  std::vector<Ranked> Entries;
  for (const auto &[File, Command] : DB.Commands)
    Entries.push_back({nearness(File, Headers), Entries.size(), &Command});
  std::sort(Entries.begin(), Entries.end(),
            [](const Ranked &A, const Ranked &B) {
              if (A.Rank < B.Rank || B.Rank < A.Rank)
                return B.Rank < A.Rank;
              return A.Index < B.Index;
            });
  std::vector<const CompileCommand *> Order;
  for (const Ranked &Entry : Entries)
    Order.push_back(Entry.Command);
  return Order;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
scannerFileSystem(const std::map<std::string, std::string> *Unsaved) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Physical(
      llvm::vfs::createPhysicalFileSystem().release());
  if (!Unsaved || Unsaved->empty())
    return Physical;
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Physical);
  auto Buffers = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const auto &[Path, Text] : *Unsaved)
    Buffers->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
  Overlay->pushOverlay(Buffers);
  return Overlay;
}

// Whether a file the scanner reported is Header: the same normalised path,
// or the same file reached another way (a symbolic link in -I).
bool isSameHeader(const fs::path &Dependency, const std::string &Header) {
  if (Dependency.string() == Header)
    return true;
  if (Dependency.filename() != fs::path(Header).filename())
    return false;
  std::error_code EC;
  return fs::equivalent(Dependency, Header, EC) && !EC;
}

} // namespace

bool isCppHeaderPath(const std::string &Path) {
  static const std::set<std::string> Extensions = {
      ".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp", ".tpp"};
  return Extensions.count(fs::path(Path).extension().string()) != 0;
}

std::map<std::string, CompileCommand>
findIncludingUnits(const CompileDatabase &DB,
                   const std::vector<std::string> &Headers,
                   const HeaderIncluderOptions &Options) {
  std::map<std::string, CompileCommand> Found;
  if (Headers.empty())
    return Found;
  // One service for the whole search: it caches each file's directives, so
  // a header included by every TU is read once.
  deps::DependencyScanningService Service(
      deps::ScanningMode::DependencyDirectivesScan,
      deps::ScanningOutputFormat::Full);
  deps::DependencyScanningTool Tool(Service,
                                    scannerFileSystem(Options.UnsavedFiles));
  const llvm::DenseSet<deps::ModuleID> NoModulesSeen;
  auto NoModuleOutput = [](const deps::ModuleID &, deps::ModuleOutputKind) {
    return std::string();
  };
  for (const CompileCommand *Command : scanOrder(DB, Headers)) {
    std::vector<std::string> Line = Command->CommandLine;
    if (Line.empty())
      continue;
    Line.insert(Line.begin() + 1, "-resource-dir=" + clangResourceDir());
    llvm::Expected<deps::TranslationUnitDeps> Deps =
        Tool.getTranslationUnitDependencies(Line, Command->Directory,
                                            NoModulesSeen, NoModuleOutput);
    if (!Deps) {
      // Not preprocessable as it stands: its own lint says why.
      llvm::consumeError(Deps.takeError());
      continue;
    }
    for (const std::string &Dependency : Deps->FileDeps) {
      fs::path P(Dependency);
      if (P.is_relative())
        P = fs::path(Command->Directory) / P;
      P = P.lexically_normal();
      for (const std::string &H : Headers)
        if (!Found.count(H) && isSameHeader(P, H)) {
          Found.emplace(H, *Command);
          includerMemory().remember(H, Command->Filename);
        }
    }
    if (Found.size() == Headers.size())
      break;
  }
  return Found;
}

} // namespace tablelint
