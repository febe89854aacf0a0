// tablelint-shared-key-in-client (checklist item 7, security): an account
// key written in the code. Reported: a connection string with a non-empty
// AccountKey= that reaches a connection-string argument (role
// `connection-string`, or a `client` entry's connectionString), a literal
// key given to a shared-key credential (role `credential`, its accountKey),
// a raw REST "Authorization: SharedKey[Lite] account:signature" header
// with a hard-coded signature or a bare account key, and the same
// connection strings and keys given to the project's own wrappers (a
// constructor that parses its argument as a connection string: see
// model/FunctionSummaries.h). Not secrets: UseDevelopmentStorage=true, an
// empty or run-time key, placeholders that are not base64, and the public
// emulator account devstoreaccount1 and its documented key. Messages show
// at most the first 4 characters of a key: the finding must not leak it.
#pragma once

#include "checks/code/model/RestHeaders.h"
#include "checks/code/TablelintCheck.h"
#include "checks/code/model/FunctionSummaries.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class SharedKeyInClientCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;

private:
  // std::make_unique / std::make_shared of a client or a wrapper.
  void checkFactory(const clang::CallExpr *Call, clang::ASTContext &Ctx);
  // An Authorization header written by hand-written REST code.
  void checkAuthorization(const HeaderSetting &H);
  // A call of the project's function or constructor FD: judged when its
  // summary says it parses a connection string or takes a key.
  void checkWrapper(const clang::FunctionDecl *FD,
                    llvm::ArrayRef<const clang::Expr *> Args,
                    clang::ASTContext &Ctx);
  void checkArguments(llvm::StringRef QualifiedName,
                      llvm::ArrayRef<const clang::Expr *> Args,
                      clang::ASTContext &Ctx,
                      const FunctionSummary *Summary = nullptr);
};

} // namespace tablelint::code
