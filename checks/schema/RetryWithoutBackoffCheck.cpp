// retry-without-backoff (checklist 14): a client's retry policy whose delay
// does not grow geometrically, so retries pile onto a throttled partition.
#include "checks/schema/Checks.h"

#include "core/RetrySchedule.h"

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

// Retries of at least this many whose waits all add up to under
// ShortScheduleSeconds hammer a throttled partition whatever the policy
// is called: 1 ms doubling to 2 ms, 50 times, asks again for 0.1 s.
constexpr unsigned ShortScheduleRetries = 5;
constexpr double ShortScheduleSeconds = 1;

std::string seconds(double S) {
  return S < 1 ? formatFigure(S * 1000) + " ms" : formatFigure(S) + " s";
}

} // namespace

void checkRetryWithoutBackoff(const SchemaContext &C, FindingSink &Sink) {
  for (const Client &Cl : C.S.Clients) {
    const RetrySpec &R = Cl.Retry;
    if (R.Policy == RetryPolicyKind::None || R.MaxRetries == 0)
      continue;
    // What the policy is, and what it does to a throttled partition.
    std::string Why, Effect;
    if (R.Policy == RetryPolicyKind::Immediate ||
        R.BaseDelaySeconds <= 0) {
      Why = R.Policy == RetryPolicyKind::Immediate
                ? "an immediate retry policy"
                : std::string(R.Policy == RetryPolicyKind::Exponential
                                  ? "an "
                                  : "a ") +
                      policyName(R.Policy) +
                      " retry policy with a zero base delay";
      Effect = "each throttled request comes straight back to the partition "
               "that turned it away";
    } else if (R.Policy == RetryPolicyKind::Constant) {
      Why = "a constant retry policy (every retry waits " +
            seconds(R.BaseDelaySeconds) + ")";
      Effect = "the wait never grows, so a partition that stays busy is "
               "asked again at the same pace however long it stays busy";
    } else if (R.Policy == RetryPolicyKind::Linear) {
      Why = "a linear retry policy (each retry waits " +
            seconds(R.BaseDelaySeconds) + " longer)";
      Effect = "the wait grows by a step, not by doubling, so retries keep "
               "coming at nearly the pace the requests failed at";
    } else if (R.MaxDelaySeconds <= R.BaseDelaySeconds) {
      Why = "maxDelay " + formatFigure(R.MaxDelaySeconds) + " s <= baseDelay " +
            formatFigure(R.BaseDelaySeconds) + " s, so the delay never grows";
      Effect = "throttled requests come back at the same pace";
    } else if (R.MaxRetries >= ShortScheduleRetries) {
      const double Total = retry::totalDelaySeconds(R);
      if (Total < ShortScheduleSeconds) {
        Why = "an exponential policy whose waits add up to " + seconds(Total) +
              " (baseDelay " + seconds(R.BaseDelaySeconds) + ", maxDelay " +
              seconds(R.MaxDelaySeconds) + ")";
        Effect = "a partition throttled for longer than that is asked " +
                 std::to_string(R.MaxRetries) +
                 " more times before the request fails";
      }
    }
    if (Why.empty())
      continue;
    Sink.report(Cl.Path, retryPosition(Cl),
                "client '" + Cl.Name + "' retries " +
                    std::to_string(R.MaxRetries) +
                    (R.MaxRetries == 1 ? " time" : " times") + " with " + Why +
                    ": " + Effect +
                    "; use exponential backoff with jitter (e.g. baseDelay "
                    "2s, maxDelay 30s)");
  }
}

} // namespace tablelint::schema
