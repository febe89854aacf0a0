// account-count (checklist 1): more storage accounts in one subscription and
// region than the default limit.
#include "checks/schema/Checks.h"

#include <map>
#include <utility>

namespace tablelint::schema {

void checkAccountCount(const SchemaContext &C, FindingSink &Sink) {
  using Group = std::pair<std::string, std::string>; // subscription, region
  std::map<Group, unsigned> Total;
  for (const Account &A : C.S.Accounts)
    if (!A.Region.empty())
      ++Total[{A.Subscription, A.Region}];
  std::map<Group, unsigned> Seen;
  const unsigned Limit = C.Options.MaxAccountsPerRegion;
  for (const Account &A : C.S.Accounts) {
    if (A.Region.empty())
      continue;
    const Group G{A.Subscription, A.Region};
    // Reported once, at the first account beyond the limit.
    if (++Seen[G] != Limit + 1)
      continue;
    const std::string Where =
        "region '" + A.Region + "'" +
        (A.Subscription.empty() ? ""
                                : " of subscription '" + A.Subscription + "'");
    Sink.report(A.Path, A.Pos,
                std::to_string(Total[G]) +
                    " storage accounts are declared in " + Where +
                    "; account '" + A.Name + "' is beyond the limit of " +
                    std::to_string(Limit) +
                    " per subscription and region: share fewer accounts and "
                    "separate tenants by partition key, or have the limit "
                    "raised");
  }
}

} // namespace tablelint::schema
