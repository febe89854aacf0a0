// retry-without-backoff (checklist 14): a client's retry policy whose delay
// does not grow geometrically, so retries pile onto a throttled partition.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

namespace {

const char *policyName(RetryPolicyKind K) {
  switch (K) {
  case RetryPolicyKind::Constant:
    return "constant";
  case RetryPolicyKind::Linear:
    return "linear";
  case RetryPolicyKind::Immediate:
    return "immediate";
  default:
    return "exponential";
  }
}

} // namespace

void checkRetryWithoutBackoff(const SchemaContext &C, FindingSink &Sink) {
  for (const Client &Cl : C.S.Clients) {
    const RetrySpec &R = Cl.Retry;
    if (R.Policy == RetryPolicyKind::None || R.MaxRetries == 0)
      continue;
    std::string Why;
    if (R.Policy != RetryPolicyKind::Exponential)
      Why = std::string("a ") + policyName(R.Policy) + " retry policy";
    else if (R.BaseDelaySeconds <= 0)
      Why = "an exponential policy with a zero base delay";
    else if (R.MaxDelaySeconds <= R.BaseDelaySeconds)
      Why = "maxDelay " + formatFigure(R.MaxDelaySeconds) + " s <= baseDelay " +
            formatFigure(R.BaseDelaySeconds) + " s, so the delay never grows";
    if (Why.empty())
      continue;
    Sink.report(Cl.Path, retryPosition(Cl),
                "client '" + Cl.Name + "' retries " +
                    std::to_string(R.MaxRetries) + " times with " + Why +
                    ": throttled requests come back before the partition "
                    "recovers; use exponential backoff with jitter (e.g. "
                    "baseDelay 2s, maxDelay 30s)");
  }
}

} // namespace tablelint::schema
