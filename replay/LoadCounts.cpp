// Entities per PartitionKey, as counts (replay/LoadCounts.h).
#include "replay/LoadCounts.h"

#include <algorithm>
#include <cmath>

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

void LoadCounts::sortNewKeys() {
  const std::size_t Known = Sorted.size() + Recent.size();
  if (Known == Entries.size())
    return;
  auto ByKey = [this](std::uint32_t A, std::uint32_t B) {
    return Entries[A].Key < Entries[B].Key;
  };
  const std::size_t Old = Recent.size();
  for (std::size_t I = Known; I < Entries.size(); ++I)
    Recent.push_back(static_cast<std::uint32_t>(I));
  const auto Middle = Recent.begin() + static_cast<std::ptrdiff_t>(Old);
  std::sort(Middle, Recent.end(), ByKey);
  std::vector<std::uint32_t> Merged(Recent.size());
  std::merge(Recent.begin(), Middle, Middle, Recent.end(), Merged.begin(),
             ByKey);
  Recent = std::move(Merged);
  // Merged at the square root of the main run: a page sorts in at most
  // that many keys, and a key added is moved about that many times.
  if (Recent.size() < 64 + static_cast<std::size_t>(std::sqrt(
                               static_cast<double>(Sorted.size()))))
    return;
  Merged.resize(Sorted.size() + Recent.size());
  std::merge(Sorted.begin(), Sorted.end(), Recent.begin(), Recent.end(),
             Merged.begin(), ByKey);
  Sorted = std::move(Merged);
  Recent.clear();
}

std::size_t LoadCounts::lowerBound(const std::vector<std::uint32_t> &Order,
                                   std::string_view From) const {
  const auto It = std::lower_bound(
      Order.begin(), Order.end(), From,
      [this](std::uint32_t I, std::string_view K) {
        return std::string_view(Entries[I].Key) < K;
      });
  return static_cast<std::size_t>(It - Order.begin());
}

} // namespace tablelint::replay
