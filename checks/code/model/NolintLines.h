// NOLINT comments read on a line clang-tidy does not look at: a finding
// whose fix belongs on another line (a query reported at its call, whose
// filter string is written above) is silenced by a NOLINT on either line.
// clang-tidy itself handles the line of the finding; this reads the other.
#pragma once

#include <clang/Basic/SourceLocation.h>
#include <clang/Basic/SourceManager.h>

namespace tablelint::code {

// Whether Loc's line carries `NOLINT` or `NOLINT(...)` naming Check (a
// glob such as tablelint-* counts), or the line above carries
// `NOLINTNEXTLINE` likewise. NOLINTBEGIN/END blocks are clang-tidy's own.
bool nolintCovers(const clang::SourceManager &SM, clang::SourceLocation Loc,
                  llvm::StringRef Check);

} // namespace tablelint::code
