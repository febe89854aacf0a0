// Entities per PartitionKey, as counts (replay/LoadCounts.h).
#include "replay/LoadCounts.h"

#include <algorithm>

namespace tablelint::replay {

LoadCounts::Entry &LoadCounts::entry(std::string_view PartitionKey) {
  if (Last < Entries.size() && Entries[Last].Key == PartitionKey)
    return Entries[Last];
  auto Found = Index.find(PartitionKey);
  if (Found == Index.end()) {
    Entries.push_back({std::string(PartitionKey), {}});
    const auto New = static_cast<std::uint32_t>(Entries.size() - 1);
    Found = Index.emplace(std::string_view(Entries.back().Key), New).first;
  }
  Last = Found->second;
  return Entries[Last];
}

void LoadCounts::change(std::string_view PartitionKey, std::int64_t Delta) {
  if (Delta == 0)
    return;
  PartitionCount &C = entry(PartitionKey).Count;
  // The counts follow the store's size, which never falls below zero.
  const auto Lost = static_cast<std::uint64_t>(-std::min<std::int64_t>(Delta, 0));
  const std::uint64_t Removed = std::min(Lost, C.Entities);
  const auto Added = static_cast<std::uint64_t>(std::max<std::int64_t>(Delta, 0));
  C.Entities += Added - Removed;
  Total += Added - Removed;
}

void LoadCounts::change(std::string_view PartitionKey, std::int64_t Delta,
                        std::uint32_t Entity, std::uint32_t KeyChars) {
  PartitionCount &C = entry(PartitionKey).Count;
  C.Example = Entity;
  C.ExampleKeyChars = KeyChars;
  change(PartitionKey, Delta);
}

std::uint64_t LoadCounts::entities(std::string_view PartitionKey) const {
  const auto Found = Index.find(PartitionKey);
  return Found == Index.end() ? 0 : Entries[Found->second].Count.Entities;
}

void LoadCounts::orderNewKeys() {
  const std::size_t New = Entries.size() - Ordered;
  if (New == 0)
    return;
  if (Blocks.empty() || New > Ordered / 8) {
    mergeNewKeys();
  } else {
    for (std::size_t I = Ordered; I < Entries.size(); ++I)
      insertInOrder(static_cast<std::uint32_t>(I));
  }
  Ordered = Entries.size();
}

// Sorts the new keys, merges them with the ordered ones and cuts the
// whole into half-full blocks (room for the keys inserted after).
void LoadCounts::mergeNewKeys() {
  auto ByKey = [this](std::uint32_t A, std::uint32_t B) {
    return keyOf(A) < keyOf(B);
  };
  std::vector<std::uint32_t> Old, New;
  Old.reserve(Ordered);
  for (const Block &B : Blocks)
    Old.insert(Old.end(), B.begin(), B.end());
  for (std::size_t I = Ordered; I < Entries.size(); ++I)
    New.push_back(static_cast<std::uint32_t>(I));
  std::sort(New.begin(), New.end(), ByKey);
  std::vector<std::uint32_t> All(Old.size() + New.size());
  std::merge(Old.begin(), Old.end(), New.begin(), New.end(), All.begin(),
             ByKey);
  Blocks.clear();
  for (std::size_t I = 0; I < All.size(); I += MaxBlock / 2) {
    const std::size_t End = std::min(All.size(), I + MaxBlock / 2);
    Blocks.emplace_back(All.begin() + static_cast<std::ptrdiff_t>(I),
                        All.begin() + static_cast<std::ptrdiff_t>(End));
  }
}

void LoadCounts::insertInOrder(std::uint32_t Id) {
  const std::string_view Key = keyOf(Id);
  // The first block whose last key is past Key, else the last block.
  auto B = std::partition_point(
      Blocks.begin(), Blocks.end(),
      [&](const Block &Of) { return keyOf(Of.back()) < Key; });
  if (B == Blocks.end())
    --B;
  const auto At = std::lower_bound(
      B->begin(), B->end(), Key,
      [this](std::uint32_t I, std::string_view K) { return keyOf(I) < K; });
  B->insert(At, Id);
  if (B->size() <= MaxBlock)
    return;
  // Full: its upper half becomes a block of its own after it.
  const auto Half = B->begin() + static_cast<std::ptrdiff_t>(MaxBlock / 2);
  // (The lower half gives back the room its growth took: a block holds
  // at most twice what it uses, a few bytes a key.)
  Block Upper(Half, B->end());
  B->erase(Half, B->end());
  B->shrink_to_fit();
  Blocks.insert(B + 1, std::move(Upper));
}

std::pair<std::size_t, std::size_t>
LoadCounts::lowerBound(std::string_view From) const {
  const auto B = std::partition_point(
      Blocks.begin(), Blocks.end(),
      [&](const Block &Of) { return keyOf(Of.back()) < From; });
  if (B == Blocks.end())
    return {Blocks.size(), 0};
  const auto At = std::lower_bound(
      B->begin(), B->end(), From,
      [this](std::uint32_t I, std::string_view K) { return keyOf(I) < K; });
  return {static_cast<std::size_t>(B - Blocks.begin()),
          static_cast<std::size_t>(At - B->begin())};
}

} // namespace tablelint::replay
