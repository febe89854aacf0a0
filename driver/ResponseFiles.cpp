// Checked expansion of response files (see ResponseFiles.h).
#include "driver/ResponseFiles.h"

#include "core/InputFile.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/StringSaver.h>

#include <set>

namespace tablelint {

namespace {

// Deeper nesting than this is a loop or an attack, not a build.
constexpr unsigned MaxResponseFileDepth = 16;

bool expandInto(const std::vector<std::string> &Args, unsigned Depth,
                std::set<std::string> &Open, std::vector<std::string> &Out,
                std::string &Error) {
  for (const std::string &Arg : Args) {
    if (Arg.empty() || Arg[0] != '@') {
      Out.push_back(Arg);
      continue;
    }
    const std::string Path = Arg.substr(1);
    if (Depth >= MaxResponseFileDepth || Open.count(Path)) {
      Error = Arg + ": response files nested more than " +
              std::to_string(MaxResponseFileDepth) +
              " deep, or one that includes itself";
      return false;
    }
    std::string Why;
    const std::optional<std::string> Text = readInputFile(
        Path, InputFileLimit{MaxResponseFileBytes, "response files"}, Why);
    if (!Text) {
      Error = Arg + ": cannot read the response file: " + Why;
      return false;
    }
    llvm::BumpPtrAllocator Memory;
    llvm::StringSaver Saver(Memory);
    llvm::SmallVector<const char *, 64> Tokens;
    llvm::cl::TokenizeGNUCommandLine(*Text, Saver, Tokens);
    std::vector<std::string> Inner;
    for (const char *T : Tokens)
      if (T)
        Inner.emplace_back(T);
    Open.insert(Path);
    if (!expandInto(Inner, Depth + 1, Open, Out, Error))
      return false;
    Open.erase(Path);
  }
  return true;
}

} // namespace

std::optional<std::vector<std::string>>
expandResponseFiles(const std::vector<std::string> &Args, std::string &Error) {
  std::vector<std::string> Out;
  std::set<std::string> Open;
  if (!expandInto(Args, 0, Open, Out, Error))
    return std::nullopt;
  return Out;
}

} // namespace tablelint
