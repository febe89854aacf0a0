// The simulation's event queue (replay/EventQueue.h) against
// std::priority_queue, the binary heap it replaced: the same events in the
// same order, ties of time taken in push order, across a long run of pushes
// and pops such as a throttled replay makes (a queue that grows to
// thousands, events pushed at the time being popped and far ahead).
#include "replay/EventQueue.h"

#include "replay/Random.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <queue>
#include <vector>

namespace tablelint::replay {
namespace {

struct Ev {
  double Time;
  std::uint64_t Seq;
};
struct Earlier {
  bool operator()(const Ev &A, const Ev &B) const {
    return A.Time < B.Time || (A.Time == B.Time && A.Seq < B.Seq);
  }
};
struct Later {
  bool operator()(const Ev &A, const Ev &B) const { return Earlier()(B, A); }
};

TEST(EventQueue, PopsInTheOrderOfABinaryHeap) {
  EventQueue<Ev, Earlier> Q;
  std::priority_queue<Ev, std::vector<Ev>, Later> Reference;
  Rng R(7);
  std::uint64_t Seq = 0;
  double Now = 0;
  std::size_t Popped = 0, Ties = 0, Largest = 0;
  for (int Step = 0; Step < 200000; ++Step) {
    // Grow for the first half, then drain: pushes outnumber pops early.
    const double PushShare = Step < 100000 ? 0.6 : 0.4;
    if (Reference.empty() || R.uniform() < PushShare) {
      // Times on a coarse grid (many ties), now or up to 4 s ahead.
      const double Time = Now + static_cast<double>(
                                    static_cast<int>(R.uniform() * 400)) /
                                    100;
      Q.push({Time, Seq});
      Reference.push({Time, Seq});
      ++Seq;
      Largest = std::max(Largest, Q.size());
      continue;
    }
    ASSERT_FALSE(Q.empty());
    ASSERT_EQ(Q.size(), Reference.size());
    const Ev A = Q.top(), B = Reference.top();
    ASSERT_EQ(A.Time, B.Time) << "pop " << Popped;
    ASSERT_EQ(A.Seq, B.Seq) << "pop " << Popped;
    Q.pop();
    Reference.pop();
    Ties += !Reference.empty() && Reference.top().Time == A.Time;
    Now = A.Time;
    ++Popped;
  }
  while (!Reference.empty()) {
    ASSERT_EQ(Q.top().Seq, Reference.top().Seq);
    Q.pop();
    Reference.pop();
  }
  EXPECT_TRUE(Q.empty());
  // The run exercised what it is meant to: a deep queue and many ties.
  EXPECT_GT(Largest, 10000u);
  EXPECT_GT(Ties, 1000u);
  EXPECT_GT(Popped, 50000u);
}

} // namespace
} // namespace tablelint::replay
