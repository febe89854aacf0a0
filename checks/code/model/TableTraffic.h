// Evidence that the project's code in a translation unit (the main file and
// every header that is not a system header: a wrapper class in the
// project's AzureTableClient.h counts) talks to Table storage: it calls or
// constructs something of the API role maps, or writes a Table endpoint in
// a string literal (".table.core.", ".table.cosmos.",
// "devstoreaccount1", "/Tables", "PartitionKey"). Checks on generic
// transport code (TCP_NODELAY, hand-written request headers) report only in
// such files: a chat server's socket options are not a table finding. They
// collect their candidates while matching and decide at the end of the TU.
#pragma once

#include "core/ApiRoles.h"

#include <clang/ASTMatchers/ASTMatchFinder.h>

namespace tablelint::code {

// True for text only Table storage code writes (an endpoint host, the
// emulator account, the Tables resource, PartitionKey).
bool mentionsTableStorage(llvm::StringRef S);

class TableTrafficEvidence {
public:
  // Adds the evidence matchers, reported to Callback.
  void
  registerMatchers(clang::ast_matchers::MatchFinder *Finder,
                   clang::ast_matchers::MatchFinder::MatchCallback *Callback,
                   const ApiRoles &Roles);
  // True when Result is a match of these matchers (recorded if evidence).
  bool observe(const clang::ast_matchers::MatchFinder::MatchResult &Result);
  bool found() const { return Found; }
  void reset() { Found = false; }

private:
  bool Found = false;
};

} // namespace tablelint::code
