// Reports the first #include <was/table.h> of each project file (see
// LegacyClientLibraryCheck.h).
#include "checks/code/LegacyClientLibraryCheck.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <llvm/ADT/DenseSet.h>

namespace tablelint::code {

using namespace clang;

namespace {

class LegacyTableInclude : public PPCallbacks {
public:
  LegacyTableInclude(tidy::ClangTidyCheck &Check, const SourceManager &SM)
      : Check(Check), SM(SM) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool IsAngled,
                          CharSourceRange FilenameRange, OptionalFileEntryRef,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (FileName != "was/table.h" || SM.isInSystemHeader(HashLoc))
      return;
    if (!ReportedIn.insert(SM.getFileID(HashLoc)).second)
      return;
    Check.diag(FilenameRange.getBegin(),
               "%0 is the table API of the retired azure-storage-cpp library "
               "(azure::storage), which gets no fixes or new service versions; "
               "move to Azure::Data::Tables (<azure/data/tables.hpp>)")
        << (IsAngled ? "<was/table.h>" : "\"was/table.h\"");
  }

  // Overridden so this vtable does not refer to clang's out-of-line default,
  // whose signature differs between majors: the plugin must still load into
  // another clang-tidy to report the mismatch (PluginVersionGuard.cpp).
  void HasInclude(SourceLocation, StringRef, bool, OptionalFileEntryRef,
                  SrcMgr::CharacteristicKind) override {}

private:
  tidy::ClangTidyCheck &Check;
  const SourceManager &SM;
  llvm::DenseSet<FileID> ReportedIn;
};

} // namespace

void LegacyClientLibraryCheck::registerPPCallbacks(const SourceManager &SM,
                                                   Preprocessor *PP,
                                                   Preprocessor *) {
  PP->addPPCallbacks(std::make_unique<LegacyTableInclude>(*this, SM));
}

} // namespace tablelint::code
