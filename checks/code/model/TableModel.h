// One model per translation unit of the table traffic in the project's code
// (the main file and every header that is not a system header), built in
// one traversal the first time a check asks for it, and shared by every
// check of the TU:
//   - every call and construction of a function the API role maps name,
//     filed by role, with its role entry;
//   - every call of a function and construction of a class declared in the
//     project (a candidate wrapper, judged by its summary,
//     model/FunctionSummaries.h);
//   - the string literals of hand-written REST query URLs;
//   - the local variables that hold a batch;
//   - the loops around calls a retry loop may be about;
//   - the request headers hand-written REST code sets, and the clients
//     made through std::make_shared / std::make_unique;
//   - the uses of entity key setters and key fields;
//   - the writes to fields of option types, and the retry decisions of
//     custom retry policies;
//   - whether the code talks to Table storage at all (a role call, or a
//     string only Table code writes): checks on generic transport code
//     (TCP_NODELAY, hand-written request headers) report only in such TUs,
//     since a chat server's socket options are not a table finding;
//   - each query call analysed once: its filter, key address and
//     projection recovered, the filter parsed and classified;
//   - the role entry of any function, looked up once per declaration.
// Checks are queries on it: a check asks for the calls of the roles it
// judges instead of registering a matcher of its own for them, so a TU's
// calls are resolved to their roles once, not once per check.
#pragma once

#include "checks/code/model/QueryModel.h"
#include "core/ApiRoles.h"
#include "core/Filter.h"
#include "core/QueryScope.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/DenseMap.h>

#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace tablelint::code {

// True for text only Table storage code writes: an endpoint host (public,
// sovereign and Cosmos DB Table clouds), the emulator account, the Tables
// resource, the key property every entity has.
bool mentionsTableStorage(llvm::StringRef S);

// A call or construction of a function of a role map.
struct RoleCall {
  // The CallExpr (any kind: member, operator) or CXXConstructExpr.
  const clang::Expr *Site = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  const ApiFunction *Function = nullptr;
  // Inside an instantiated template (the same code is also seen in every
  // other instantiation, and in the template itself when not dependent).
  bool InTemplateInstantiation = false;

  const clang::CallExpr *call() const {
    return llvm::dyn_cast<clang::CallExpr>(Site);
  }
  const clang::CXXConstructExpr *construction() const {
    return llvm::dyn_cast<clang::CXXConstructExpr>(Site);
  }
};

// A write to a field of a class with a type role (the fields of option
// types: QueryEntitiesOptions::SelectColumns, RetryOptions::Delay, ...).
struct FieldWrite {
  // The assignment (operator= or a built-in =) whose left side is the
  // field, or the member call made on it (codes.insert(...)).
  const clang::Expr *Site = nullptr;
  const clang::MemberExpr *Field = nullptr;
  // The role entry of the field's class.
  const ApiType *Type = nullptr;

  // True when the field is Type's field of that key ("select", "delay").
  bool is(llvm::StringRef Key) const;
};

// A call of a function declared in the project's code (not an operator):
// a wrapper when its summary says so.
struct ProjectCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
};

// A query call, modelled, with its filter parsed and classified.
struct AnalyzedQuery {
  QueryModel Model;
  // The parsed filter (with placeholders), when one is set and parses.
  std::optional<Filter> Parsed;
  // The parse error, when the filter is set and does not parse.
  std::optional<FilterError> ParseError;
  // The query scope, when the filter (or its absence) decides it.
  std::optional<QueryScope> Scope;
};

class TableModel {
public:
  TableModel(clang::ASTContext &Ctx, const ApiRoles &Roles);

  // The role calls of R in the project's code, in traversal order.
  llvm::ArrayRef<RoleCall> calls(ApiRole R) const {
    return Calls[static_cast<std::size_t>(R)];
  }
  // The calls of functions declared in the project's code, in traversal
  // order (role map functions excluded only when the map names them).
  llvm::ArrayRef<ProjectCall> projectCalls() const { return Project; }
  // The constructions of classes whose constructor is declared in the
  // project's code, in traversal order.
  llvm::ArrayRef<const clang::CXXConstructExpr *> projectConstructions() const {
    return ProjectConstructions;
  }
  // The ordinary string literals holding "$filter=" (parts of hand-written
  // REST query URLs), in traversal order.
  llvm::ArrayRef<const clang::StringLiteral *> filterLiterals() const {
    return FilterLiterals;
  }
  // The local variables (not parameters) that hold a batch: an object of a
  // batch type of the role maps, or a std::vector of transaction steps, in
  // traversal order.
  llvm::ArrayRef<const clang::VarDecl *> batchVariables() const {
    return BatchVariables;
  }
  // The for, while and do loops of the project's code with a call inside
  // that a retry loop may be about: a query, point read, write, execute or
  // batch submit of the role maps, or a function declared in the project
  // (a wrapper, judged by its summary). In traversal order.
  llvm::ArrayRef<const clang::Stmt *> retryLoopCandidates() const {
    return RetryLoops;
  }
  // The calls that set a request header in hand-written REST code
  // (RestHeaders.h), in traversal order.
  llvm::ArrayRef<const clang::CallExpr *> headerCalls() const {
    return HeaderCalls;
  }
  // The calls of std::make_shared and std::make_unique (StdFactory.h), in
  // traversal order; Function is null.
  llvm::ArrayRef<RoleCall> stdFactoryCalls() const { return StdFactoryCalls; }
  // The writes to fields of the classes with type role R, in traversal
  // order.
  std::vector<FieldWrite> fieldWrites(TypeRole R) const;
  // The method definitions of the project named like the retry decision
  // of a RetryPolicyBase type (the check confirms the derivation).
  llvm::ArrayRef<const clang::CXXMethodDecl *> retryDecisionCandidates() const {
    return RetryDecisions;
  }
  // The uses of an entity's key setters and public key fields
  // (SetPartitionKey, beta.1 `e.PartitionKey`), in traversal order.
  llvm::ArrayRef<const clang::MemberExpr *> keyMemberUses() const {
    return KeyMembers;
  }
  // True when the project's code calls a role function or writes a string
  // only Table storage code writes.
  bool talksToTableStorage() const { return TalksToTable; }

  // FD's role entry for R (the role map's; later entries win), or null.
  // Looked up once per declaration.
  const ApiFunction *roleOf(const clang::FunctionDecl *FD, ApiRole R) const;
  // Whether any role map names FD.
  bool hasRole(const clang::FunctionDecl *FD) const;

  // The query a role call of ApiRole::Query (or a query wrapper's call
  // with the wrapper's entry F) sends, analysed once per call; nullopt
  // when the call does not have the shape of its entry.
  const std::optional<AnalyzedQuery> &query(const clang::CallExpr *Call,
                                            const ApiFunction &F) const;
  // The query a hand-written REST URL sends (Url is the whole string
  // expression; At, where findings about it go: the literal that holds
  // "$filter="), analysed once per expression.
  const std::optional<AnalyzedQuery> &urlQuery(const clang::Expr *Url,
                                               clang::SourceLocation At) const;

  const ApiRoles &roles() const { return Roles; }
  clang::ASTContext &context() const { return Ctx; }

private:
  friend class TableModelBuilder;
  using RoleEntries = std::array<const ApiFunction *, NumApiRoles>;
  const RoleEntries &entries(const clang::FunctionDecl *FD) const;

  clang::ASTContext &Ctx;
  const ApiRoles &Roles;
  std::array<std::vector<RoleCall>, NumApiRoles> Calls;
  std::vector<ProjectCall> Project;
  std::vector<const clang::CXXConstructExpr *> ProjectConstructions;
  std::vector<const clang::StringLiteral *> FilterLiterals;
  std::vector<const clang::VarDecl *> BatchVariables;
  std::vector<const clang::Stmt *> RetryLoops;
  std::vector<const clang::CallExpr *> HeaderCalls;
  std::vector<RoleCall> StdFactoryCalls;
  std::vector<std::pair<FieldWrite, TypeRole>> FieldWrites;
  std::vector<const clang::CXXMethodDecl *> RetryDecisions;
  std::vector<const clang::MemberExpr *> KeyMembers;
  bool TalksToTable = false;
  mutable llvm::DenseMap<const clang::FunctionDecl *, RoleEntries> Entries;
  mutable llvm::DenseMap<const clang::Stmt *, std::optional<AnalyzedQuery>>
      Queries;
};

// The model of the TU Ctx belongs to, for the role maps Roles: built on the
// first call in a TU, the same object afterwards.
const TableModel &tableModel(clang::ASTContext &Ctx, const ApiRoles &Roles);

// Drops the previous TU's model (a new AST may reuse the old one's
// addresses). Called when a TU starts.
void forgetTableModel();

} // namespace tablelint::code
