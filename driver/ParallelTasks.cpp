// Independent tasks on a few threads (see ParallelTasks.h).
#include "driver/ParallelTasks.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

namespace tablelint {

namespace {

// The runTasks a thread works for, while it runs a task of it.
struct Pool {
  std::size_t Tasks = 0;
  unsigned Jobs = 1;
  std::atomic<std::size_t> Next{0};
  std::atomic<unsigned> Running{0};
};
thread_local const Pool *CurrentPool = nullptr;

} // namespace

bool spareThreadInPool() {
  const Pool *P = CurrentPool;
  return P && P->Next.load() >= P->Tasks && P->Running.load() < P->Jobs;
}

void runTasks(const std::vector<std::function<void()>> &Tasks, unsigned Jobs) {
  std::vector<std::exception_ptr> Errors(Tasks.size());
  Pool P;
  P.Tasks = Tasks.size();
  P.Jobs = std::max(1u, Jobs);
  auto Work = [&] {
    const Pool *Outer = CurrentPool;
    CurrentPool = &P;
    for (;;) {
      ++P.Running; // before the task is taken: never counted spare
      const std::size_t I = P.Next++;
      if (I >= Tasks.size()) {
        --P.Running;
        break;
      }
      try {
        Tasks[I]();
      } catch (...) {
        Errors[I] = std::current_exception();
      }
      --P.Running;
    }
    CurrentPool = Outer;
  };
  const std::size_t Threads =
      std::min<std::size_t>(P.Jobs, Tasks.size());
  std::vector<std::thread> Helpers;
  for (std::size_t T = 1; T < Threads; ++T)
    Helpers.emplace_back(Work);
  Work();
  for (std::thread &T : Helpers)
    T.join();
  for (const std::exception_ptr &E : Errors)
    if (E)
      std::rethrow_exception(E);
}

} // namespace tablelint
