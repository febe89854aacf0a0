#include "replay/FanOutWrite.h"

#include "replay/Workload.h"

#include <algorithm>

namespace tablelint::replay {

std::uint32_t fanOutRows(const schema::Write &W) {
  if (W.EntitiesPerWrite > 1)
    return W.EntitiesPerWrite;
  return std::max(W.BatchSize, 1u);
}

namespace {

// Whether Pk holds a fanned-out property of W as is (not as a hash bucket):
// each row of an execution is then in a partition of its own, as
// invalid-batch reads it.
bool holdsFannedOutAsIs(const schema::KeyTemplate &Pk, const schema::Write &W) {
  return std::any_of(Pk.Parts.begin(), Pk.Parts.end(),
                     [&](const schema::KeyPart &Part) {
                       return Part.IsPlaceholder &&
                              std::find(W.FanOut.begin(), W.FanOut.end(),
                                        Part.Text) != W.FanOut.end() &&
                              !schema::hashBucketCount(Part);
                     });
}

} // namespace

FanOutSending fanOutSending(const schema::KeyTemplate &Pk,
                            const schema::Write &W) {
  if (W.FanOut.empty())
    return FanOutSending::None;
  if (W.BatchSize <= 1)
    return FanOutSending::OneByOne;
  return holdsFannedOutAsIs(Pk, W) ? FanOutSending::AsTheyCome
                                   : FanOutSending::PerPartition;
}

void bindFanOut(LogicalOp &Op, const EntityFamily &Family,
                const schema::Write &W) {
  Op.EntitiesPerExecution = fanOutRows(W);
  Op.FannedOut.clear();
  Op.SharedProperties.clear();
  for (const std::string &Name : W.FanOut) {
    const int P = Family.propertyIndex(Name);
    if (P >= 0)
      Op.FannedOut.push_back(static_cast<std::uint32_t>(P));
  }
  for (std::uint32_t P = 0; P < Family.Properties.size(); ++P)
    if (std::find(Op.FannedOut.begin(), Op.FannedOut.end(), P) ==
        Op.FannedOut.end())
      Op.SharedProperties.push_back(P);
}

} // namespace tablelint::replay
