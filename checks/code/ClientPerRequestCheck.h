// tablelint-client-per-request (checklist item 10): a table client
// (TableClient, TableServiceClient, cloud_table_client: role `client`)
// constructed inside a loop body or a request handler and used there. Each
// client owns an HTTP pipeline and its connections; building one per
// iteration or per request repeats the TCP and TLS set-up and defeats
// connection reuse. Request handlers are lambdas passed to a handler
// registration (listener.support(methods::GET, [](http_request r) {...}))
// and functions whose name matches the HandlerPattern option.
//
// Only clients that live and die in that scope are reported: a local
// variable (not moved out) or a temporary used at once. A client stored in
// a member, a static, a container or returned is a cache built once per
// key, and table references (GetTableClient, get_table_reference) are cheap.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

#include <llvm/Support/Regex.h>

namespace tablelint::code {

class ClientPerRequestCheck : public TablelintCheck {
public:
  ClientPerRequestCheck(llvm::StringRef Name,
                        clang::tidy::ClangTidyContext *Context);
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;

private:
  // Reports the client E (its class Built, made How) when it is made
  // repeatedly.
  void judge(const clang::Expr *E, const std::string &Built,
             const std::string &How, clang::ASTContext &Ctx);
  // Where a construction runs repeatedly: "inside a loop", "inside a
  // request handler (...)"; empty when it runs once or we cannot tell.
  std::string repeatedScope(clang::ASTContext &Ctx, const clang::Expr *E) const;
  bool isHandlerName(llvm::StringRef Name) const;
  // Compiles the regex of option Option into Into; false when it is empty
  // or refused (a configuration error of check CheckName).
  bool compilePattern(llvm::StringRef CheckName, llvm::StringRef Option,
                      llvm::Regex &Into);

  llvm::Regex HandlerPattern;
  llvm::Regex NotHandlerPattern;
  bool UseHandlerPattern = false;
  bool UseNotHandlerPattern = false;
};

} // namespace tablelint::code
