// Hand-written retry loops around table calls, as the retry checks see them
// (checklist items 14 and 15). A retry loop is a for/while/do loop that
//  - runs a table call (a role-map function with role query, point-read,
//    write, execute or batch-submit, or a project wrapper whose summary
//    says it sends table requests),
//  - is left when the call succeeds (a break or return after the call, a
//    success flag the loop condition reads, or a status check that leaves),
//  - and goes round again after a failure (a catch handler that stays in
//    the loop, or the fall-through of that status check).
// A loop over items or pages never stops on success, so it is not one.
#pragma once

#include "core/ApiRoles.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/STLFunctionalExtras.h>

#include <optional>
#include <string>
#include <vector>

namespace tablelint::code {

struct FunctionSummary;

struct RetryLoop {
  const clang::Stmt *Loop = nullptr;
  // The first table call that the loop runs again, and its role entry.
  const clang::CallExpr *TableCall = nullptr;
  // Function: its role entry; for a project wrapper, its summary instead.
  const ApiFunction *Function = nullptr;
  const FunctionSummary *Wrapper = nullptr;
  // Exception style: the try statement around the call and those of its
  // handlers that go round again.
  const clang::CXXTryStmt *Try = nullptr;
  std::vector<const clang::CXXCatchStmt *> RetryingHandlers;
  // Status style: the if statement that reads the call's status.
  const clang::IfStmt *StatusCheck = nullptr;
};

// Names the code reads a status through: the last member of the `status`,
// `retryable` and `errorCode` paths of the request-failed and
// retry-policy-base types ("StatusCode", "http_status_code", "retryable",
// "ErrorCode", "code").
class StatusReaders {
public:
  explicit StatusReaders(const ApiRoles &Roles);
  // True when S (outside lambdas) reads one of them.
  bool readIn(const clang::Stmt *S) const;
  bool isReader(llvm::StringRef MemberName) const;

private:
  std::vector<std::string> Names;
};

// True when handler I of Try can receive a table call's status error: it
// catches a request-failed type (or one derived from it), a standard base
// of those (std::exception, std::runtime_error) or everything, and no
// earlier handler of Try catches them first.
bool handlerSeesStatusErrors(const clang::CXXTryStmt *Try, unsigned I,
                             const ApiRoles &Roles);

// True when Record is one of Names (qualified, role-map style) or derives
// from one.
bool derivesFromAny(const clang::CXXRecordDecl *Record,
                    const std::vector<std::string> &Names);

// The retry loop Loop is, if it is one.
std::optional<RetryLoop> findRetryLoop(const clang::Stmt *Loop,
                                       const ApiRoles &Roles,
                                       clang::ASTContext &Ctx);

// The roles of the table calls a retry loop is about (the loops are found
// by the table model, model/TableModel.h).
inline constexpr ApiRole RetriedRoles[] = {ApiRole::Query, ApiRole::PointRead,
                                           ApiRole::Write, ApiRole::Execute,
                                           ApiRole::BatchSubmit};

// The role entry of a call when it is such a table call.
const ApiFunction *retriedCall(const clang::CallExpr *Call,
                               const ApiRoles &Roles);

// Calls F on S and on every statement under it that runs as part of it:
// lambda and block bodies run elsewhere and are skipped.
void forEachRunStmt(const clang::Stmt *S,
                    llvm::function_ref<void(const clang::Stmt *)> F);

// True when every path through S leaves the enclosing loop: break, return,
// throw, goto, or a call to a noreturn function.
bool alwaysLeaves(const clang::Stmt *S);

// "TableClient::AddEntity" for a member, the plain name otherwise.
std::string shortName(const clang::FunctionDecl *FD);

// "400, 401 and 403".
std::string listStatusCodes(llvm::ArrayRef<int> Codes);

} // namespace tablelint::code
