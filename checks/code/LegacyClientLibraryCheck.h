// tablelint-legacy-client-library (checklist item 13): the project's code
// includes <was/table.h>, the table API of the retired azure-storage-cpp
// library (azure::storage). Reported at the first such include of each file
// that is not a system header: the main file, or the project's header that
// brings it in (once there, however many files include that header; the
// header filter decides whether headers are reported). Includes inside
// system headers are the SDK's own; other was/ headers (blobs, queues) are
// not table users.
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
