// Rendered once per workload and key pair: see ExistingKeys.h.
#include "replay/ExistingKeys.h"

#include "replay/DesignPlan.h"
#include "replay/KeyBlock.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

namespace tablelint::replay {

namespace {

// Eight bytes of a key from Offset as a number that orders as the bytes do
// (KeyBlock's head; past its end, zero bytes: a key that ends there ties
// with one that goes on with zeros, which the caller settles on the whole
// keys).
std::uint64_t orderedChunk(std::string_view Key, std::size_t Offset) {
  return KeyBlock::headOf(Key.substr(std::min(Offset, Key.size())));
}

// Orders Chunks by chunk, equal chunks in the order they come (which is
// their ordinals' order): a radix sort of the bytes, least significant
// first, one stable pass per byte that is not the same in every chunk (a
// date's century, a shared prefix: most bytes of a tie's next chunk).
// Spare is the pass's room. A few chunks are sorted as pairs.
void sortByChunk(std::vector<std::pair<std::uint64_t, std::uint32_t>> &Chunks,
                 std::vector<std::pair<std::uint64_t, std::uint32_t>> &Spare) {
  const std::size_t N = Chunks.size();
  if (N < 256) {
    std::sort(Chunks.begin(), Chunks.end());
    return;
  }
  std::array<std::array<std::size_t, 256>, 8> Counts{};
  for (const auto &C : Chunks)
    for (unsigned B = 0; B < 8; ++B)
      ++Counts[B][(C.first >> (8 * B)) & 0xff];
  Spare.resize(N);
  for (unsigned B = 0; B < 8; ++B) {
    std::array<std::size_t, 256> &Count = Counts[B];
    if (Count[(Chunks.front().first >> (8 * B)) & 0xff] == N)
      continue; // one value of this byte: nothing to order
    std::size_t Sum = 0;
    for (std::size_t &C : Count)
      Sum += std::exchange(C, Sum);
    for (const auto &C : Chunks)
      Spare[Count[(C.first >> (8 * B)) & 0xff]++] = C;
    Chunks.swap(Spare);
  }
}

} // namespace

void ExistingKeys::sortByKey(std::size_t From, std::size_t To,
                             std::size_t Offset, SortBuffers &Buffers) {
  std::vector<std::pair<std::uint64_t, std::uint32_t>> &Chunks =
      Buffers.Chunks;
  // Ordinals From..To share their first Offset bytes: ordered by the next
  // eight (then by ordinal, which keeps equal keys in entity order), and
  // each run that ties on them by the eight after, while every key of
  // the run goes on past them; a run where one ends is ordered by
  // (whole key, ordinal).
  Chunks.clear();
  for (std::size_t I = From; I < To; ++I)
    Chunks.emplace_back(orderedChunk(key(ByKey[I]), Offset), ByKey[I]);
  sortByChunk(Chunks, Buffers.Spare);
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
      sortByKey(TieFrom, TieTo, Offset + 8, Buffers);
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

ExistingKeys::Piece
ExistingKeys::render(const Workload &W, std::uint32_t Family,
                     const BoundTemplate &PartitionKey,
                     const BoundTemplate &RowKey, std::uint32_t From,
                     std::uint32_t To) {
  const std::uint32_t FirstEntity = W.Families[Family].FirstExisting;
  Piece P;
  P.Ends.reserve(To - From);
  P.PartitionKeyBytes.reserve(To - From);
  std::string Pk, Rk;
  EdmValue Scratch;
  for (std::uint32_t E = FirstEntity + From; E < FirstEntity + To; ++E) {
    PartitionKey.render(W, E, Pk, Scratch);
    RowKey.render(W, E, Rk, Scratch);
    P.Text += Pk;
    P.Text += '\0';
    P.Text += Rk;
    P.Ends.push_back(P.Text.size());
    P.PartitionKeyBytes.push_back(static_cast<std::uint32_t>(Pk.size()));
    // Room for the rest, by the first keys' length: the text is not
    // copied each time it doubles.
    if (P.Ends.size() == 64)
      P.Text.reserve(P.Text.size() / 64 * (To - From) * 9 / 8);
  }
  return P;
}

ExistingKeys::ExistingKeys(const Workload &W, std::uint32_t Family,
                           const BoundTemplate &PartitionKey,
                           const BoundTemplate &RowKey)
    : ExistingKeys(W, Family,
                   {render(W, Family, PartitionKey, RowKey, 0,
                           W.Families[Family].ExistingCount)}) {}

ExistingKeys::ExistingKeys(const Workload &W, std::uint32_t Family,
                           std::vector<Piece> Pieces)
    : First(W.Families[Family].FirstExisting) {
  // The first piece's text taken over, the others' appended after it.
  for (Piece &P : Pieces) {
    const std::size_t Before = Text.size();
    if (Ends.empty()) {
      Text = std::move(P.Text);
      Ends = std::move(P.Ends);
      PartitionKeyBytes = std::move(P.PartitionKeyBytes);
      continue;
    }
    Text += P.Text;
    for (const std::size_t End : P.Ends)
      Ends.push_back(Before + End);
    PartitionKeyBytes.insert(PartitionKeyBytes.end(),
                             P.PartitionKeyBytes.begin(),
                             P.PartitionKeyBytes.end());
  }
  ByKey.resize(size());
  std::iota(ByKey.begin(), ByKey.end(), 0u);
  SortBuffers Buffers;
  Buffers.Chunks.reserve(size());
  sortByKey(0, size(), 0, Buffers);
}

namespace {

// A family with fewer existing entities than this is rendered by one
// thread: sharing the work costs a meeting of two.
constexpr std::uint32_t SplitAtLeast = 8192;

} // namespace

void ExistingKeyCache::renderUntaken(SecondHalf &Half, std::uint32_t Family,
                                     const BoundTemplate &PartitionKey,
                                     const BoundTemplate &RowKey) {
  {
    const std::lock_guard<std::mutex> Guard(Lock);
    if (std::exchange(Half.Taken, true))
      return;
  }
  try {
    Half.Piece.set_value(ExistingKeys::render(W, Family, PartitionKey, RowKey,
                                              Half.From, Half.To));
  } catch (...) {
    Half.Piece.set_exception(std::current_exception());
  }
}

std::shared_ptr<const ExistingKeys>
ExistingKeyCache::of(std::uint32_t Family, const BoundTemplate &PartitionKey,
                     const BoundTemplate &RowKey) {
  const std::string Name = std::to_string(Family) + '\x1e' +
                           PartitionKey.signature() + '\x1e' +
                           RowKey.signature();
  std::promise<std::shared_ptr<const ExistingKeys>> Mine;
  KeysFuture Keys;
  std::shared_ptr<SecondHalf> Half;
  std::future<ExistingKeys::Piece> HalfDone;
  bool Renders = false;
  {
    const std::lock_guard<std::mutex> Guard(Lock);
    auto [It, New] = Rendered.try_emplace(Name);
    if (New) {
      It->second.Keys = Mine.get_future().share();
      const std::uint32_t Count = W.Families[Family].ExistingCount;
      if (Count >= SplitAtLeast) {
        It->second.Half = std::make_shared<SecondHalf>();
        It->second.Half->From = Count / 2;
        It->second.Half->To = Count;
        HalfDone = It->second.Half->Piece.get_future();
      }
      Renders = true;
    }
    Keys = It->second.Keys;
    Half = It->second.Half;
  }
  if (!Renders) {
    // Asked while another renders: the second half rendered here, if no
    // other has taken it, then the whole waited for (a failure there
    // reaches here as a broken promise).
    if (Half)
      renderUntaken(*Half, Family, PartitionKey, RowKey);
    return Keys.get();
  }
  if (!Half) {
    Mine.set_value(
        std::make_shared<const ExistingKeys>(W, Family, PartitionKey, RowKey));
    return Keys.get();
  }
  std::vector<ExistingKeys::Piece> Pieces;
  Pieces.push_back(
      ExistingKeys::render(W, Family, PartitionKey, RowKey, 0, Half->From));
  renderUntaken(*Half, Family, PartitionKey, RowKey);
  Pieces.push_back(HalfDone.get());
  Mine.set_value(
      std::make_shared<const ExistingKeys>(W, Family, std::move(Pieces)));
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
