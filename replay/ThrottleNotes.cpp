#include "replay/ThrottleNotes.h"

#include <cmath>

namespace tablelint::replay {

namespace {

std::string count(const DesignResult &R, ThrottleCause Cause) {
  return std::to_string(R.ThrottledBy[static_cast<std::size_t>(Cause)]);
}

} // namespace

void explainRemainingThrottles(DesignResult &R, double KeyEntitiesPerSecond) {
  for (const HotKey &K : R.MostThrottled) {
    if (K.Throttled == 0)
      continue;
    const std::string Named = "partition key '" + K.PartitionKey +
                              "' of table '" + K.Table + "'";
    bool Explained = false;
    for (const std::string &N : R.Notes)
      Explained = Explained || N.find(Named) != std::string::npos;
    if (Explained)
      continue;
    R.Notes.push_back(
        Named + ": " + std::to_string(K.Throttled) +
        " requests throttled while its own load stayed under its " +
        std::to_string(std::llround(KeyEntitiesPerSecond)) +
        " entities/s on average: bursts over its one-second budget, or the "
        "budgets above it (in this design " +
        count(R, ThrottleCause::PartitionKey) + " throttles by a key, " +
        count(R, ThrottleCause::Range) + " by a range partition, " +
        count(R, ThrottleCause::Account) + " by the account, " +
        count(R, ThrottleCause::Offline) + " during splits)");
  }
}

} // namespace tablelint::replay
