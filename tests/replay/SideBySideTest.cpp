// Two steps of work at a time (replay/SideBySide.h): both halves of every
// step run, on two threads when asked and on one otherwise, and a failure
// of either reaches the caller only once both have ended.
#include "replay/SideBySide.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

namespace tablelint::replay {
namespace {

TEST(SideBySide, BothHalvesOfEveryStepRunOnTwoThreadsWhenApart) {
  SideBySide Pair(true);
  const std::thread::id Caller = std::this_thread::get_id();
  std::vector<int> Here, There;
  for (int Step = 0; Step < 200; ++Step) {
    std::thread::id HereOn, ThereOn;
    Pair.run(
        [&] {
          HereOn = std::this_thread::get_id();
          Here.push_back(Step);
        },
        [&] {
          ThereOn = std::this_thread::get_id();
          There.push_back(Step);
        },
        /*Apart=*/Step % 3 != 0);
    EXPECT_EQ(HereOn, Caller);
    if (Step % 3 != 0)
      EXPECT_NE(ThereOn, Caller) << "step " << Step;
    else
      EXPECT_EQ(ThereOn, Caller) << "step " << Step;
  }
  ASSERT_EQ(Here.size(), 200u);
  for (int Step = 0; Step < 200; ++Step) {
    EXPECT_EQ(Here[Step], Step);
    EXPECT_EQ(There[Step], Step);
  }
}

TEST(SideBySide, OneThreadRunsEveryStepHereInOrder) {
  SideBySide Pair(false);
  const std::thread::id Caller = std::this_thread::get_id();
  std::vector<char> Order;
  for (int Step = 0; Step < 3; ++Step)
    Pair.run(
        [&] {
          EXPECT_EQ(std::this_thread::get_id(), Caller);
          Order.push_back('h');
        },
        [&] {
          EXPECT_EQ(std::this_thread::get_id(), Caller);
          Order.push_back('t');
        });
  EXPECT_EQ(Order, (std::vector<char>{'h', 't', 'h', 't', 'h', 't'}));
}

TEST(SideBySide, AFailureReachesTheCallerAfterBothHalvesEnded) {
  SideBySide Pair(true);
  // Here fails at once while There is still at work: run() waits for it.
  std::atomic<bool> ThereEnded{false};
  EXPECT_THROW(Pair.run([] { throw std::runtime_error("here"); },
                        [&] {
                          std::this_thread::sleep_for(
                              std::chrono::milliseconds(50));
                          ThereEnded = true;
                        }),
               std::runtime_error);
  EXPECT_TRUE(ThereEnded);
  // There's failure, thrown on the helper.
  try {
    Pair.run([] {}, [] { throw std::logic_error("there"); });
    ADD_FAILURE() << "no exception";
  } catch (const std::logic_error &E) {
    EXPECT_STREQ(E.what(), "there");
  }
  // Both fail: Here's is the one rethrown.
  try {
    Pair.run([] { throw std::runtime_error("here"); },
             [] { throw std::logic_error("there"); });
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(), "here");
  }
  // The runner goes on after failures.
  int Ran = 0;
  Pair.run([&] { ++Ran; }, [&] { ++Ran; });
  EXPECT_EQ(Ran, 2);
}

} // namespace
} // namespace tablelint::replay
