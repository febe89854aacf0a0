// The durations of suggest's adaptive verification.
#include "driver/SuggestRungs.h"

#include "checks/schema/Load.h"
#include "core/ServiceLimits.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace tablelint {

namespace {

// The token buckets' depth (replay::ServiceModel::BurstSeconds).
constexpr double BurstSeconds = 1;

// When a budget of Target entities/s fed Load entities/s empties.
double onset(double Load, double Target) {
  return Load > Target ? BurstSeconds / (Load / Target - 1) : 0;
}

// Entities/s on T's busiest partition, and on its account, by the
// declared operations (each operation's busiest partition taken as the
// same one: the sum errs early).
std::pair<double, double> tableLoad(const schema::Table &T) {
  double Hot = 0, Account = 0;
  for (const schema::Write &W : T.Writes) {
    const schema::OperationLoad L = schema::writeLoad(T, W);
    Hot += L.HottestPartitionEntitiesPerSecond.value_or(0);
    Account += L.Rate;
  }
  for (const schema::Query &Q : T.Queries) {
    const schema::OperationLoad L = schema::analyzeQuery(T, Q).Load;
    Hot += L.HottestPartitionEntitiesPerSecond.value_or(0);
    Account += L.AccountEntitiesPerSecond.value_or(0);
  }
  return {Hot, Account};
}

} // namespace

double throttleOnsetSeconds(const schema::Schema &Design) {
  double Latest = 0;
  std::map<std::string, double> Accounts;
  for (const schema::Table &T : Design.Tables) {
    const auto [Hot, Account] = tableLoad(T);
    Latest = std::max(Latest,
                      onset(Hot, limits::PartitionEntitiesPerSecond));
    Accounts[T.Account] += Account;
  }
  // Each account's own target where it declares one, as the replay
  // budgets it (a shop's 200,000/s is not throttled at 21,000/s).
  for (const auto &[Name, Load] : Accounts) {
    const schema::Account *A = Design.account(Name);
    Latest = std::max(
        Latest, onset(Load, A ? A->EntitiesPerSecond.value_or(
                                    limits::AccountEntitiesPerSecond)
                              : limits::AccountEntitiesPerSecond));
  }
  return Latest;
}

std::vector<double>
verifyRungs(const std::vector<const schema::Schema *> &Designs,
            double Longest) {
  double Shortest = MinVerifySeconds;
  auto ThreeArrivals = [&](const schema::Rate &R) {
    if (R.PerSecond > 0 && 3 / R.PerSecond <= Longest)
      Shortest = std::max(Shortest, 3 / R.PerSecond);
  };
  for (const schema::Schema *S : Designs) {
    for (const schema::Table &T : S->Tables) {
      for (const schema::Write &W : T.Writes)
        ThreeArrivals(W.Frequency);
      for (const schema::Query &Q : T.Queries)
        ThreeArrivals(Q.Frequency);
    }
    Shortest = std::max(Shortest, 4 * throttleOnsetSeconds(*S));
  }
  Shortest = std::ceil(Shortest);
  if (Shortest > Longest / 2)
    return {Longest};
  return {Shortest, Longest};
}

} // namespace tablelint
