// The simulation's pending events (replay/PendingEvents.h) against
// std::priority_queue alone: the same events in the same order, whatever
// goes to a lane and whatever to the heap. The run pushes as the replay
// does (fixed delays after the current time, most of them a few latencies
// and back-offs), and also what a lane must turn away: a fixed delay after
// a time later than the clock (a response handled ahead of time, then
// events of the current time with the same delay), more delays than there
// are lanes, and ties of time.
#include "replay/PendingEvents.h"

#include "replay/Random.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <queue>
#include <vector>

namespace tablelint::replay {
namespace {

struct Ev {
  double Time;
  std::uint64_t Seq;
};
struct Later {
  bool operator()(const Ev &A, const Ev &B) const {
    return B.Time < A.Time || (A.Time == B.Time && B.Seq < A.Seq);
  }
};

TEST(PendingEvents, PopsInTheOrderOfTimeThenPush) {
  PendingEvents<Ev> Q;
  std::priority_queue<Ev, std::vector<Ev>, Later> Reference;
  Rng R(17);
  // Twelve fixed delays, more than the lanes, the first ones the most used.
  const double Delays[] = {0.0051, 0.005, 0.1, 0, 1, 0.25, 0.5,
                           2,      4,     8,   16, 0.0052};
  std::uint64_t Seq = 0, Popped = 0, AheadOfTime = 0;
  double Now = 0;
  for (int Step = 0; Step < 400000; ++Step) {
    const double Draw = R.uniform();
    if (Reference.empty() || Draw < (Step < 200000 ? 0.55 : 0.45)) {
      double Time, Delay = -1;
      const double Kind = R.uniform();
      if (Kind < 0.8) { // a fixed delay after now
        Delay = Delays[std::min<std::size_t>(11, R.below(16))];
        Time = Now + Delay;
      } else if (Kind < 0.9) { // after a time ahead of the clock
        Delay = Delays[R.below(3)];
        Time = Now + 0.2 + Delay;
        ++AheadOfTime;
      } else { // any time from now on, often a tie
        Time = Now + static_cast<double>(R.below(300)) / 100;
      }
      Q.push({Time, Seq}, Delay);
      Reference.push({Time, Seq});
      ++Seq;
      continue;
    }
    ASSERT_EQ(Q.size(), Reference.size());
    const Ev A = Q.top(), B = Reference.top();
    ASSERT_EQ(A.Seq, B.Seq) << "pop " << Popped;
    ASSERT_EQ(A.Time, B.Time) << "pop " << Popped;
    Q.pop();
    Reference.pop();
    Now = A.Time;
    ++Popped;
  }
  while (!Reference.empty()) {
    ASSERT_EQ(Q.top().Seq, Reference.top().Seq);
    Q.pop();
    Reference.pop();
  }
  EXPECT_TRUE(Q.empty());
  EXPECT_GT(Popped, 150000u);
  EXPECT_GT(AheadOfTime, 10000u);
}

// Events at times that are no fixed delay after now (jittered retries,
// drawn latencies) all go to the heap: thousands of them pending at once,
// as in a throttled run, many tied in time (ties pop in push order).
TEST(PendingEvents, AHeapOfThousandsPopsInTheOrderOfTimeThenPush) {
  PendingEvents<Ev> Q;
  std::priority_queue<Ev, std::vector<Ev>, Later> Reference;
  Rng R(5);
  std::uint64_t Seq = 0, Popped = 0;
  std::size_t Largest = 0;
  double Now = 0;
  for (int Step = 0; Step < 300000; ++Step) {
    // Grows to thousands pending, then drains.
    if (Reference.empty() || R.uniform() < (Step < 150000 ? 0.52 : 0.47)) {
      const double Time = Now + static_cast<double>(R.below(5000)) / 1000;
      Q.push({Time, Seq});
      Reference.push({Time, Seq});
      ++Seq;
      Largest = std::max(Largest, Reference.size());
      continue;
    }
    const Ev A = Q.top(), B = Reference.top();
    ASSERT_EQ(A.Seq, B.Seq) << "pop " << Popped;
    Q.pop();
    Reference.pop();
    Now = A.Time;
    ++Popped;
  }
  while (!Reference.empty()) {
    ASSERT_EQ(Q.top().Seq, Reference.top().Seq);
    Q.pop();
    Reference.pop();
  }
  EXPECT_TRUE(Q.empty());
  EXPECT_GT(Largest, 2000u);
}

} // namespace
} // namespace tablelint::replay
