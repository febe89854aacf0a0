// The part of a translation unit the checks analyse: the main file and every
// header that is not a system header (the standard library, an SDK installed
// as a system include). Every check already ignores system headers, yet the
// matchers and the parent map used to visit them all, and a TU with a few
// standard headers is mostly system code. Limiting the AST's traversal scope
// to the project's top-level declarations, before the one traversal the
// matchers share, keeps the matchers and the parent map out of that code.
//
// The traversal scope belongs to the ASTContext, so it changes what every
// check of the run sees: it is limited only when every enabled clang-tidy
// check is a tablelint check (always in `tablelint lint`; in clang-tidy with
// the plugin, when the run has only tablelint checks; a Checks glob that may
// enable the static analyzer counts as another check). Otherwise the checks
// run over the whole TU and filter locations as before.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>

namespace clang::tidy {
class ClangTidyContext;
} // namespace clang::tidy

namespace tablelint::code {

// True when every check enabled for the current file is a tablelint check,
// so that the traversal may skip system headers. Computed once per context
// and file.
bool onlyTablelintChecksEnabled(clang::tidy::ClangTidyContext &Context);

// Limits Ctx's traversal scope to the top-level declarations outside system
// headers. Idempotent: the first call per TU decides, later calls return.
void limitTraversalToProject(clang::ASTContext &Ctx);

// Adds the matcher that limits the traversal at the start of each TU (the
// translation unit is matched before its children are visited).
void registerProjectScope(clang::ast_matchers::MatchFinder *Finder);

} // namespace tablelint::code
