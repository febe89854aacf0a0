// Reading NOLINT and NOLINTNEXTLINE on one line (see NolintLines.h).
#include "checks/code/model/NolintLines.h"

#include <llvm/Support/GlobPattern.h>

#include <cctype>

namespace tablelint::code {

using namespace clang;

namespace {

// The text of line Line (1-based) of Buffer, without its end of line.
llvm::StringRef lineOf(llvm::StringRef Buffer, unsigned Line) {
  std::size_t Start = 0;
  for (unsigned L = 1; L < Line; ++L) {
    Start = Buffer.find('\n', Start);
    if (Start == llvm::StringRef::npos)
      return {};
    ++Start;
  }
  return Buffer.substr(Start).take_until([](char C) { return C == '\n'; });
}

// Whether Text has Directive, bare or with a list of checks naming Check.
// "NOLINT" must not match inside "NOLINTNEXTLINE": the character after the
// directive decides.
bool hasDirective(llvm::StringRef Text, llvm::StringRef Directive,
                  llvm::StringRef Check) {
  for (std::size_t At = Text.find(Directive); At != llvm::StringRef::npos;
       At = Text.find(Directive, At + 1)) {
    llvm::StringRef Rest = Text.substr(At + Directive.size());
    if (!Rest.empty() &&
        (std::isalnum(static_cast<unsigned char>(Rest[0])) || Rest[0] == '_'))
      continue; // NOLINTNEXTLINE when looking for NOLINT, NOLINTBEGIN, ...
    if (!Rest.consume_front("("))
      return true; // every check
    const llvm::StringRef List =
        Rest.take_until([](char C) { return C == ')'; });
    llvm::SmallVector<llvm::StringRef, 4> Globs;
    List.split(Globs, ',');
    for (llvm::StringRef G : Globs) {
      auto Pattern = llvm::GlobPattern::create(G.trim());
      if (Pattern && Pattern->match(Check))
        return true;
    }
  }
  return false;
}

} // namespace

bool nolintCovers(const SourceManager &SM, SourceLocation Loc,
                  llvm::StringRef Check) {
  if (Loc.isInvalid())
    return false;
  const SourceLocation File = SM.getExpansionLoc(Loc);
  bool Invalid = false;
  const llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(File), &Invalid);
  if (Invalid)
    return false;
  const unsigned Line = SM.getExpansionLineNumber(File);
  if (hasDirective(lineOf(Buffer, Line), "NOLINT", Check))
    return true;
  return Line > 1 &&
         hasDirective(lineOf(Buffer, Line - 1), "NOLINTNEXTLINE", Check);
}

} // namespace tablelint::code
