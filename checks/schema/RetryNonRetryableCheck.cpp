// retry-non-retryable (checklist 15): a retry policy that retries statuses
// the request will fail with again (400, 401, 403, 404, 409, 412, ...).
#include "checks/schema/Checks.h"

#include "core/ServiceLimits.h"

#include <algorithm>

namespace tablelint::schema {

void checkRetryNonRetryable(const SchemaContext &C, FindingSink &Sink) {
  for (const Client &Cl : C.S.Clients) {
    const RetrySpec &R = Cl.Retry;
    if (R.Policy == RetryPolicyKind::None || R.MaxRetries == 0)
      continue;
    std::string Codes;
    for (int Code : R.RetryOn)
      if (std::find(limits::NonRetryableStatusCodes.begin(),
                    limits::NonRetryableStatusCodes.end(),
                    Code) != limits::NonRetryableStatusCodes.end())
        Codes += (Codes.empty() ? "" : ", ") + std::to_string(Code);
    if (Codes.empty())
      continue;
    Sink.report(Cl.Path, retryPosition(Cl),
                "client '" + Cl.Name + "' retries " + Codes +
                    ", which fail the same way every time: retry only 408, "
                    "500, 502, 503 and 504");
  }
}

} // namespace tablelint::schema
