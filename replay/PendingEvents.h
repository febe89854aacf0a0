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
    heapPush(E);
  }

  // The earliest pending event; not empty().
  const Event &top() const {
    settle();
    return Next == FromHeap ? Heap.front() : Lanes[Next].Events.front();
  }

  void pop() {
    settle();
    if (Next == FromHeap)
      heapPop();
    else
      Lanes[Next].Events.pop_front();
    --Size;
    Next = Unknown;
  }

private:
  static bool before(const Event &A, const Event &B) {
    // Without short circuits: the heap's choice of a child is then a
    // conditional move, not a branch that fails half the time.
    return (A.Time < B.Time) | ((A.Time == B.Time) & (A.Seq < B.Seq));
  }

  // A heap of four children per node, earliest first: a throttled run
  // holds thousands of jittered retries in it, and a pop walks its depth
  // (log4 of them, half a binary heap's) through children that lie side by
  // side. Keys (Time, Seq) are unique, so it pops in the one order they
  // give, as any heap does.
  static constexpr std::size_t Arity = 4;
  static std::size_t parentOf(std::size_t I) { return (I - 1) / Arity; }

  // The earliest of the children of a node, which start at First.
  std::size_t earliestChild(std::size_t First) const {
    const std::size_t N = Heap.size();
    if (First + Arity <= N) { // all four: two pairs, then their winners
      const std::size_t A = First + before(Heap[First + 1], Heap[First]);
      const std::size_t B =
          First + 2 + before(Heap[First + 3], Heap[First + 2]);
      return before(Heap[B], Heap[A]) ? B : A;
    }
    std::size_t Best = First;
    for (std::size_t C = First + 1; C < N; ++C)
      if (before(Heap[C], Heap[Best]))
        Best = C;
    return Best;
  }
  // Moves E up from Hole to its place.
  void siftUp(std::size_t Hole, const Event &E) {
    while (Hole > 0) {
      const std::size_t Parent = parentOf(Hole);
      if (!before(E, Heap[Parent]))
        break;
      Heap[Hole] = Heap[Parent];
      Hole = Parent;
    }
    Heap[Hole] = E;
  }
  void heapPush(const Event &E) {
    Heap.push_back(E);
    siftUp(Heap.size() - 1, E);
  }
  // Removes the earliest: the hole it leaves goes down to a leaf through
  // the earliest child of each level (no comparison with the last event on
  // the way, which belongs near the bottom anyway), then the last event
  // moves up from there into place.
  void heapPop() {
    const Event Last = Heap.back();
    Heap.pop_back();
    const std::size_t N = Heap.size();
    if (N == 0)
      return;
    std::size_t Hole = 0;
    for (std::size_t First = 1; First < N; First = Arity * Hole + 1) {
      const std::size_t Child = earliestChild(First);
      Heap[Hole] = Heap[Child];
      Hole = Child;
    }
    siftUp(Hole, Last);
  }

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
    const Event *Best = Heap.empty() ? nullptr : &Heap.front();
    Next = FromHeap;
    for (std::size_t I = 0; I < LaneCount; ++I)
      if (!Lanes[I].Events.empty() &&
          (!Best || before(Lanes[I].Events.front(), *Best))) {
        Best = &Lanes[I].Events.front();
        Next = I;
      }
  }

  std::vector<Event> Heap; // heapPush, heapPop (Arity children a node)
  std::array<Lane, MaxLanes> Lanes;
  std::size_t LaneCount = 0;
  std::size_t Size = 0;
  mutable std::size_t Next = Unknown;
};

} // namespace tablelint::replay
