// tablelint-legacy-client-library (checklist item 13): the main file
// includes <was/table.h>, the table API of the retired azure-storage-cpp
// library (azure::storage). Reported once per file, at the include; other
// was/ headers (blobs, queues) are not table users, and headers are judged
// when they are a main file themselves.
#pragma once

#include "checks/code/TablelintCheck.h"

namespace tablelint::code {

class LegacyClientLibraryCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
};

} // namespace tablelint::code
