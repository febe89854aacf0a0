// The simulation's pending events, earliest first: a 4-ary min-heap.
//
// A throttled replay keeps tens of thousands of events pending (retries
// waiting out their back-off, responses in flight) and pops one for every
// request. std::priority_queue is a binary heap, so a pop sifts down through
// about log2(n) levels, each a cache line of its own once the heap outgrows
// the L1 cache. With four children to a node, a pop goes through half as
// many levels, and the four children it compares are adjacent in memory.
//
// Before(A, B) must be a strict total order (the simulation orders by time,
// then by push sequence), so the order of pops does not depend on the shape
// of the heap: it is the same as std::priority_queue's.
#pragma once

#include <cstddef>
#include <vector>

namespace tablelint::replay {

template <typename T, typename Before> class EventQueue {
public:
  bool empty() const { return Items.empty(); }
  std::size_t size() const { return Items.size(); }
  const T &top() const { return Items.front(); }

  void push(const T &Item) {
    std::size_t I = Items.size();
    Items.push_back(Item);
    while (I > 0) {
      const std::size_t Parent = (I - 1) / Arity;
      if (!Before()(Item, Items[Parent]))
        break;
      Items[I] = Items[Parent];
      I = Parent;
    }
    Items[I] = Item;
  }

  void pop() {
    const T Last = Items.back();
    Items.pop_back();
    const std::size_t N = Items.size();
    if (N == 0)
      return;
    std::size_t I = 0;
    for (;;) {
      const std::size_t First = I * Arity + 1;
      if (First >= N)
        break;
      const std::size_t End = First + Arity < N ? First + Arity : N;
      std::size_t Least = First;
      for (std::size_t C = First + 1; C < End; ++C)
        if (Before()(Items[C], Items[Least]))
          Least = C;
      if (!Before()(Items[Least], Last))
        break;
      Items[I] = Items[Least];
      I = Least;
    }
    Items[I] = Last;
  }

private:
  static constexpr std::size_t Arity = 4;
  std::vector<T> Items;
};

} // namespace tablelint::replay
