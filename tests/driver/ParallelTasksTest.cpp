// Independent tasks on a few threads (driver/ParallelTasks.h): every task
// runs once, a failure is rethrown after all ended, and a task learns when
// its pool has a core to spare (the answer check then takes a second
// thread).
#include "driver/ParallelTasks.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <thread>
#include <vector>

namespace tablelint {
namespace {

// Waits up to five seconds for Ready.
bool waitFor(const std::function<bool()> &Ready) {
  const auto Until =
      std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!Ready()) {
    if (std::chrono::steady_clock::now() > Until)
      return false;
    std::this_thread::yield();
  }
  return true;
}

TEST(ParallelTasks, EveryTaskRunsOnceAndAFailureComesAfterAll) {
  std::vector<std::atomic<int>> Ran(20);
  std::vector<std::function<void()>> Tasks;
  for (std::size_t I = 0; I < Ran.size(); ++I)
    Tasks.push_back([&Ran, I] {
      ++Ran[I];
      if (I == 3)
        throw std::runtime_error("task 3");
    });
  EXPECT_THROW(runTasks(Tasks, 3), std::runtime_error);
  for (const std::atomic<int> &R : Ran)
    EXPECT_EQ(R.load(), 1);
}

TEST(ParallelTasks, ACoreIsSpareOnceEveryTaskIsTakenAndOneThreadIsFree) {
  EXPECT_FALSE(spareThreadInPool()); // not a task
  std::atomic<bool> SecondStarted{false}, BothSeen{false};
  std::atomic<int> SpareWhileBothRan{-1}, SpareAfter{-1};
  const std::vector<std::function<void()>> Tasks = {
      [&] {
        ASSERT_TRUE(waitFor([&] { return SecondStarted.load(); }));
        SpareWhileBothRan = spareThreadInPool();
        BothSeen = true;
        // The other task ends and its thread leaves: a core to spare.
        SpareAfter = waitFor([] { return spareThreadInPool(); });
      },
      [&] {
        SecondStarted = true;
        ASSERT_TRUE(waitFor([&] { return BothSeen.load(); }));
      }};
  runTasks(Tasks, 2);
  EXPECT_EQ(SpareWhileBothRan.load(), 0);
  EXPECT_EQ(SpareAfter.load(), 1);
  EXPECT_FALSE(spareThreadInPool());
}

TEST(ParallelTasks, NoCoreIsSpareWhileATaskWaitsOrWithOneJob) {
  // Three tasks on two threads: while the third is not taken, the first
  // two see no spare core.
  std::atomic<int> Started{0};
  std::atomic<bool> Release{false};
  std::atomic<int> SpareSeen{0};
  std::vector<std::function<void()>> Tasks;
  for (int I = 0; I < 2; ++I)
    Tasks.push_back([&] {
      ++Started;
      ASSERT_TRUE(waitFor([&] { return Started.load() >= 2; }));
      SpareSeen += spareThreadInPool();
      ASSERT_TRUE(waitFor([&] { return Release.load(); }));
    });
  Tasks.push_back([&] {});
  std::thread Releaser([&] {
    waitFor([&] { return Started.load() >= 2; });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    Release = true;
  });
  runTasks(Tasks, 2);
  Releaser.join();
  EXPECT_EQ(SpareSeen.load(), 0);
  // One job: never a core to spare.
  bool Spare = true;
  runTasks({[&] { Spare = spareThreadInPool(); }}, 1);
  EXPECT_FALSE(Spare);
}

} // namespace
} // namespace tablelint
