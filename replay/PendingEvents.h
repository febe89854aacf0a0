// The simulation's pending events, earliest first (by time, then by the
// order they were pushed): a binary heap, and beside it a few first-in
// first-out lanes for events that come a fixed delay after the time they
// are pushed at.
//
// Most events of a throttled replay are of that kind: the response to a
// point write comes a fixed latency after it is sent, and a retry of a
// constant back-off (or of one attempt of an exponential one) a fixed delay
// after its response. The simulation clock never goes back, so such events,
// pushed in turn, come due in turn: a lane keeps them in push order, and
// the earliest is always its first. Putting one in a lane and taking it out
// costs a deque append and a pop; the heap would sift it through every
// level twice.
//
// A lane takes an event only when the event is due no earlier than the
// lane's last (otherwise it goes to the heap), so the order of pops does not
// depend on where events were put: it is the order of (Time, Seq), the same
// as with the heap alone. Event must have Time (a double, never NaN) and Seq
// (unique, increasing with each push).
#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <queue>
#include <vector>

namespace tablelint::replay {

template <typename Event> class PendingEvents {
public:
  bool empty() const { return Size == 0; }
  std::size_t size() const { return Size; }

  // E comes Delay after the time it is pushed at (E.Time - Delay); Delay
  // < 0: not a fixed delay (the heap).
  void push(const Event &E, double Delay = -1) {
    ++Size;
    Next = Unknown;
    if (Delay >= 0)
      for (std::size_t I = 0; I < MaxLanes; ++I) {
        Lane &L = Lanes[I];
        if (I == LaneCount) { // a lane for this delay
          L.Delay = Delay;
          ++LaneCount;
        } else if (L.Delay != Delay) {
          continue;
        }
        if (!L.Events.empty() && E.Time < L.Events.back().Time)
          break; // pushed at an earlier time than the last: the heap
        L.Events.push_back(E);
        return;
      }
    Heap.push(E);
  }

  // The earliest pending event; not empty().
  const Event &top() const {
    settle();
    return Next == FromHeap ? Heap.top() : Lanes[Next].Events.front();
  }

  void pop() {
    settle();
    if (Next == FromHeap)
      Heap.pop();
    else
      Lanes[Next].Events.pop_front();
    --Size;
    Next = Unknown;
  }

private:
  static bool before(const Event &A, const Event &B) {
    return A.Time < B.Time || (A.Time == B.Time && A.Seq < B.Seq);
  }
  struct Later {
    bool operator()(const Event &A, const Event &B) const {
      return before(B, A);
    }
  };
  struct Lane {
    double Delay = 0;
    std::deque<Event> Events;
  };
  static constexpr std::size_t MaxLanes = 8;
  static constexpr std::size_t FromHeap = MaxLanes, Unknown = MaxLanes + 1;

  // Finds where the earliest event is.
  void settle() const {
    if (Next != Unknown)
      return;
    const Event *Best = Heap.empty() ? nullptr : &Heap.top();
    Next = FromHeap;
    for (std::size_t I = 0; I < LaneCount; ++I)
      if (!Lanes[I].Events.empty() &&
          (!Best || before(Lanes[I].Events.front(), *Best))) {
        Best = &Lanes[I].Events.front();
        Next = I;
      }
  }

  std::priority_queue<Event, std::vector<Event>, Later> Heap;
  std::array<Lane, MaxLanes> Lanes;
  std::size_t LaneCount = 0;
  std::size_t Size = 0;
  mutable std::size_t Next = Unknown;
};

} // namespace tablelint::replay
