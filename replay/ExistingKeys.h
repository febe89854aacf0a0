// The row keys of a workload's existing entities (the warm start) under
// one design's key templates, rendered once and shared. Every replay of a
// workload stores them: the simulated service preloads them, the answer
// check holds them, in each design, and `suggest` replays the current
// design and each remedy on the same workload, most of them with the same
// keys for most tables. Rendering and storing them was a third of a
// suggest on the demo; rendered once per key pair and sorted, each store
// takes them in key order (appended: no search far from the last key).
#pragma once

#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::replay {

class BoundTemplate;
class Workload;

// One family's existing entities under one (PartitionKey, RowKey) pair of
// templates: each entity's row key (rowKey(): PartitionKey "\0" RowKey)
// by its ordinal (entity First + ordinal), and the ordinals in key order.
class ExistingKeys {
public:
  ExistingKeys(const Workload &W, std::uint32_t Family,
               const BoundTemplate &PartitionKey, const BoundTemplate &RowKey);

  // The keys of a run of ordinals, rendered (by any thread, with its own
  // templates): a piece of the whole.
  struct Piece {
    std::string Text;
    std::vector<std::size_t> Ends; // from the piece's own start
    std::vector<std::uint32_t> PartitionKeyBytes;
  };
  static Piece render(const Workload &W, std::uint32_t Family,
                      const BoundTemplate &PartitionKey,
                      const BoundTemplate &RowKey, std::uint32_t From,
                      std::uint32_t To);
  // The keys of Family's existing entities from the pieces of consecutive
  // ordinals from 0, in order.
  ExistingKeys(const Workload &W, std::uint32_t Family,
               std::vector<Piece> Pieces);

  std::uint32_t first() const { return First; }
  std::uint32_t size() const {
    return static_cast<std::uint32_t>(PartitionKeyBytes.size());
  }
  std::string_view key(std::uint32_t Ordinal) const {
    return std::string_view(Text).substr(start(Ordinal),
                                          Ends[Ordinal] - start(Ordinal));
  }
  std::string_view partitionKey(std::uint32_t Ordinal) const {
    return key(Ordinal).substr(0, PartitionKeyBytes[Ordinal]);
  }
  std::string_view rowKey(std::uint32_t Ordinal) const {
    return key(Ordinal).substr(PartitionKeyBytes[Ordinal] + 1);
  }
  // The ordinals in byte order of their keys; equal keys in entity order,
  // so a store that keeps the first (insert) or the last (assign) of them
  // ends as it would taking the entities in order.
  const std::vector<std::uint32_t> &byKey() const { return ByKey; }

private:
  // Chunks of keys with their ordinals, and room for a sort's pass.
  struct SortBuffers {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> Chunks, Spare;
  };
  // Orders ByKey[From, To), whose keys share their first Offset bytes.
  void sortByKey(std::size_t From, std::size_t To, std::size_t Offset,
                 SortBuffers &Buffers);
  std::size_t start(std::uint32_t Ordinal) const {
    return Ordinal == 0 ? 0 : Ends[Ordinal - 1];
  }
  std::uint32_t First = 0;
  std::string Text; // the keys back to back, in entity order
  std::vector<std::size_t> Ends;
  std::vector<std::uint32_t> PartitionKeyBytes;
  std::vector<std::uint32_t> ByKey;
};

// The ExistingKeys of one workload, by family and key templates (their
// signatures, BoundTemplate::signature): rendered by the first replay that
// asks, while the others that ask for the same wait for it. Shared by the
// replays of one workload only, across threads.
//
// The first asker renders the first half of the keys; the second half is
// rendered by a replay that asks meanwhile (the replays of one rung start
// together and ask for the same keys), or by the first asker when none
// did.
class ExistingKeyCache {
public:
  explicit ExistingKeyCache(const Workload &W) : W(W) {}
  // The keys of Family under (PartitionKey, RowKey), rendered with these
  // templates (the caller's: a template caches its last text, so each
  // thread renders with its own plan's).
  std::shared_ptr<const ExistingKeys> of(std::uint32_t Family,
                                         const BoundTemplate &PartitionKey,
                                         const BoundTemplate &RowKey);
  const Workload &workload() const { return W; }

private:
  using KeysFuture = std::shared_future<std::shared_ptr<const ExistingKeys>>;
  // The second half of keys being rendered: taken by one thread.
  struct SecondHalf {
    std::uint32_t From = 0, To = 0;
    bool Taken = false; // under Lock
    std::promise<ExistingKeys::Piece> Piece;
  };
  struct Entry {
    KeysFuture Keys;
    std::shared_ptr<SecondHalf> Half; // null: not split
  };
  // Half rendered here into its promise (a failure too), unless another
  // thread has taken it.
  void renderUntaken(SecondHalf &Half, std::uint32_t Family,
                     const BoundTemplate &PartitionKey,
                     const BoundTemplate &RowKey);

  const Workload &W;
  std::mutex Lock;
  std::map<std::string, Entry> Rendered;
};

// Keys from Cache when it is the workload's (and both templates have a
// signature), else rendered for this caller alone.
std::shared_ptr<const ExistingKeys>
existingKeys(ExistingKeyCache *Cache, const Workload &W, std::uint32_t Family,
             const BoundTemplate &PartitionKey, const BoundTemplate &RowKey);

} // namespace tablelint::replay
