// tablelint-unbounded-parallelism (checklist item 12): concurrent work
// started once per element of a runtime-sized loop, doing table operations,
// with nothing that limits how many run at once.
//
// Started work: std::async(std::launch::async, ...), a std::thread (built,
// emplaced into a container, or detached), or an SDK asynchronous operation
// (role async-operation, e.g. cloud_table::execute_async). Flagged when
//   - the innermost loop around it runs over a container or up to a bound
//     that is not a compile-time constant, and the work uses the element;
//   - the work outlives the iteration (the future or thread is kept outside
//     the loop, or detached: a std::future dropped in the iteration blocks
//     in its destructor, so that loop is sequential);
//   - the work calls a table operation (a role-map query, point read,
//     write, execute or batch submit), directly, through a lambda or a
//     function of this file, or is itself an SDK asynchronous operation;
//     or it sends a cpprest http_client request next to Table text (a
//     $batch path, PartitionKey, an endpoint): REST table traffic;
//   - nothing in the loop bounds it: no semaphore acquire(), no wait()/
//     get()/join() on futures, tasks or threads in the iteration (batched or
//     sequential waiting), no helper called there that does so. A wait in a
//     .then() continuation, or under a test true on the last pass only
//     (`i + 1 == rows.size()`), bounds nothing.
// The project's own asynchronous wrappers count as what they return: a
// function returning `std::async(std::launch::async, ...)` with table work
// inside, or an SDK asynchronous operation's task, called in such a loop.
// Work handed to a pool object is not started by these calls, so it is
// never flagged.
#pragma once

#include "checks/code/TablelintCheck.h"
#include "checks/code/model/TableModel.h"

namespace tablelint::code {

class UnboundedParallelismCheck : public TablelintCheck {
public:
  using TablelintCheck::TablelintCheck;
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  bool usesModel() const override { return true; }
  void checkModel(const TableModel &Model, clang::ASTContext &Ctx) override;

private:
  // Reports the work Start starts (its callable, for std::async and
  // std::thread) when it runs per element of a loop with nothing bounding
  // it. Sdk: an asynchronous table operation (its task does not block when
  // dropped).
  void judge(const clang::Expr *Start, const clang::Expr *Callable,
             const std::string &What, bool Thread, bool Sdk,
             clang::ASTContext &Ctx);
};

} // namespace tablelint::code
