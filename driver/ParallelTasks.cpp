// Independent tasks on a few threads (see ParallelTasks.h).
#include "driver/ParallelTasks.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

namespace tablelint {

void runTasks(const std::vector<std::function<void()>> &Tasks, unsigned Jobs) {
  std::vector<std::exception_ptr> Errors(Tasks.size());
  std::atomic<std::size_t> Next{0};
  auto Work = [&] {
    for (std::size_t I = Next++; I < Tasks.size(); I = Next++) {
      try {
        Tasks[I]();
      } catch (...) {
        Errors[I] = std::current_exception();
      }
    }
  };
  const std::size_t Threads =
      std::min<std::size_t>(std::max(1u, Jobs), Tasks.size());
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
