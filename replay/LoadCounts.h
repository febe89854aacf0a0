// Entities per PartitionKey of one table of the simulated service, kept as
// counts beside its rows (issue 47 §1). A page of a query that reads whole
// partitions and filters on nothing but PartitionKey is costed from them
// (SimulatedService::countedPage): entities scanned and returned, page
// ends, budgets, all in a few count reads per partition the page touches,
// where walking the rows costs one step per entity (a page of 1,000 is
// 1,000 steps, a scan of a million-entity partition a million).
//
// A write changes one count in O(1) (the last key is remembered: writes
// repeat it); a batch is one change of its partition's count. The keys are
// put in order only when a counted page asks for them, in blocks of a few
// hundred: a key added since the last page is put in its place in about
// log2(keys) comparisons and a move of at most one block, so a table that
// gains a key with nearly every write (an index keyed by a unique value)
// costs no pass over its keys per page. Many keys at once (the first page
// of a populated table) are sorted and merged in one pass instead.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tablelint::replay {

struct PartitionCount {
  std::uint64_t Entities = 0;
  // An entity last written to the partition and its row key's length
  // (PartitionKey and RowKey): what a counted page's response bytes are
  // sized from, one entity standing for each of the partition's.
  std::uint32_t Example = 0, ExampleKeyChars = 0;
  // What the partition's sampled existing entities stand for beyond one
  // each (Workload::weight - 1, summed; added at warm start and kept when
  // the run overwrites or deletes them): a filtered page that counts
  // (replay/DeclaredShare.h) scans Entities + Extra real entities, as a
  // walk of the rows weighs them.
  std::uint64_t Extra = 0;
};

class LoadCounts {
public:
  // PartitionKey's count changes by Delta (a write that stored or removed
  // rows, a batch's net change).
  void change(std::string_view PartitionKey, std::int64_t Delta);
  // Delta as above, and Entity (its row key KeyChars long) becomes the
  // partition's example.
  void change(std::string_view PartitionKey, std::int64_t Delta,
              std::uint32_t Entity, std::uint32_t KeyChars);

  // PartitionKey's existing entities stand for Extra more (PartitionCount).
  void addExtra(std::string_view PartitionKey, std::uint64_t Extra) {
    entry(PartitionKey).Count.Extra += Extra;
  }

  std::uint64_t entities(std::string_view PartitionKey) const;
  std::uint64_t total() const { return Total; }
  std::size_t keys() const { return Entries.size(); }

  // Calls Visit(Key, Count) for each key holding entities, at or after
  // From, in key order, until Visit returns false.
  template <typename VisitFn> void forEachFrom(std::string_view From,
                                               VisitFn &&Visit) {
    orderNewKeys();
    auto [B, I] = lowerBound(From);
    for (; B < Blocks.size(); ++B, I = 0)
      for (; I < Blocks[B].size(); ++I) {
        const Entry &E = Entries[Blocks[B][I]];
        if ((E.Count.Entities || E.Count.Extra) &&
            !Visit(std::string_view(E.Key), E.Count))
          return;
      }
  }

private:
  struct Entry {
    std::string Key;
    PartitionCount Count;
  };
  using Block = std::vector<std::uint32_t>;
  Entry &entry(std::string_view PartitionKey);
  std::string_view keyOf(std::uint32_t Id) const { return Entries[Id].Key; }
  // Puts the keys added since the last call in their place in Blocks.
  void orderNewKeys();
  void mergeNewKeys();
  void insertInOrder(std::uint32_t Id);
  // The block and the place in it of the first key at or after From.
  std::pair<std::size_t, std::size_t> lowerBound(std::string_view From) const;

  // A deque: the index's keys view the entries' strings, which must not
  // move.
  std::deque<Entry> Entries;
  std::unordered_map<std::string_view, std::uint32_t> Index;
  std::uint32_t Last = 0; // the entry last changed
  // Indices of Entries in key order, cut into blocks of at most MaxBlock,
  // none empty; Ordered: the entries placed (the others are newer).
  static constexpr std::size_t MaxBlock = 512;
  std::vector<Block> Blocks;
  std::size_t Ordered = 0;
  std::uint64_t Total = 0;
};

} // namespace tablelint::replay
