// Rendered once per workload and key pair: see ExistingKeys.h.
#include "replay/ExistingKeys.h"

#include "replay/DesignPlan.h"
#include "replay/KeyBlock.h"

#include <algorithm>
#include <numeric>

namespace tablelint::replay {

namespace {

// Eight bytes of a key from Offset as a number that orders as the bytes do
// (KeyBlock's head; past its end, zero bytes: a key that ends there ties
// with one that goes on with zeros, which the caller settles on the whole
// keys).
std::uint64_t orderedChunk(std::string_view Key, std::size_t Offset) {
  return KeyBlock::headOf(Key.substr(std::min(Offset, Key.size())));
}

} // namespace

void ExistingKeys::sortByKey(std::size_t From, std::size_t To,
                             std::size_t Offset,
                             std::vector<std::pair<std::uint64_t,
                                                   std::uint32_t>> &Chunks) {
  // Ordinals From..To share their first Offset bytes: ordered by the next
  // eight (then by ordinal, which keeps equal keys in entity order), and
  // each run that ties on them by the eight after, while every key of
  // the run goes on past them; a run where one ends is ordered by
  // (whole key, ordinal).
  Chunks.clear();
  for (std::size_t I = From; I < To; ++I)
    Chunks.emplace_back(orderedChunk(key(ByKey[I]), Offset), ByKey[I]);
  std::sort(Chunks.begin(), Chunks.end());
  for (std::size_t I = From; I < To; ++I)
    ByKey[I] = Chunks[I - From].second;
  std::vector<std::pair<std::size_t, std::size_t>> Ties;
  for (std::size_t I = 0; I < Chunks.size();) {
    std::size_t J = I + 1;
    while (J < Chunks.size() && Chunks[J].first == Chunks[I].first)
      ++J;
    if (J - I > 1)
      Ties.emplace_back(From + I, From + J);
    I = J;
  }
  for (const auto [TieFrom, TieTo] : Ties) {
    const bool AllGoOn = std::all_of(
        ByKey.begin() + static_cast<std::ptrdiff_t>(TieFrom),
        ByKey.begin() + static_cast<std::ptrdiff_t>(TieTo),
        [&](std::uint32_t I) { return key(I).size() > Offset + 8; });
    if (AllGoOn) {
      sortByKey(TieFrom, TieTo, Offset + 8, Chunks);
      continue;
    }
    std::sort(ByKey.begin() + static_cast<std::ptrdiff_t>(TieFrom),
              ByKey.begin() + static_cast<std::ptrdiff_t>(TieTo),
              [this](std::uint32_t A, std::uint32_t B) {
                const int Order = key(A).compare(key(B));
                return Order < 0 || (Order == 0 && A < B);
              });
  }
}

ExistingKeys::ExistingKeys(const Workload &W, std::uint32_t Family,
                           const BoundTemplate &PartitionKey,
                           const BoundTemplate &RowKey) {
  const EntityFamily &F = W.Families[Family];
  First = F.FirstExisting;
  Ends.reserve(F.ExistingCount);
  PartitionKeyBytes.reserve(F.ExistingCount);
  std::string Pk, Rk;
  EdmValue Scratch;
  for (std::uint32_t E = F.FirstExisting;
       E < F.FirstExisting + F.ExistingCount; ++E) {
    PartitionKey.render(W, E, Pk, Scratch);
    RowKey.render(W, E, Rk, Scratch);
    Text += Pk;
    Text += '\0';
    Text += Rk;
    Ends.push_back(Text.size());
    PartitionKeyBytes.push_back(static_cast<std::uint32_t>(Pk.size()));
    // Room for the rest, by the first keys' length: the text is not
    // copied each time it doubles.
    if (Ends.size() == 64)
      Text.reserve(Text.size() / 64 * F.ExistingCount * 9 / 8);
  }
  ByKey.resize(size());
  std::iota(ByKey.begin(), ByKey.end(), 0u);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> Chunks;
  Chunks.reserve(size());
  sortByKey(0, size(), 0, Chunks);
}

std::shared_ptr<const ExistingKeys>
ExistingKeyCache::of(std::uint32_t Family, const BoundTemplate &PartitionKey,
                     const BoundTemplate &RowKey) {
  const std::string Name = std::to_string(Family) + '\x1e' +
                           PartitionKey.signature() + '\x1e' +
                           RowKey.signature();
  std::promise<std::shared_ptr<const ExistingKeys>> Mine;
  std::shared_future<std::shared_ptr<const ExistingKeys>> Keys;
  bool Renders = false;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto [It, New] = Rendered.try_emplace(Name);
    if (New) {
      It->second = Mine.get_future().share();
      Renders = true;
    }
    Keys = It->second;
  }
  // Rendered here, outside the lock; another replay that asks meanwhile
  // waits for these (a failure here reaches it as a broken promise).
  if (Renders)
    Mine.set_value(
        std::make_shared<const ExistingKeys>(W, Family, PartitionKey, RowKey));
  return Keys.get();
}

std::shared_ptr<const ExistingKeys>
existingKeys(ExistingKeyCache *Cache, const Workload &W, std::uint32_t Family,
             const BoundTemplate &PartitionKey, const BoundTemplate &RowKey) {
  if (Cache && &Cache->workload() == &W && !PartitionKey.signature().empty() &&
      !RowKey.signature().empty())
    return Cache->of(Family, PartitionKey, RowKey);
  return std::make_shared<const ExistingKeys>(W, Family, PartitionKey, RowKey);
}

} // namespace tablelint::replay
