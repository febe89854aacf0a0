// The retry rules of a declared retry spec (see RetrySchedule.h).
#include "core/RetrySchedule.h"

#include "core/ServiceLimits.h"

#include <algorithm>
#include <cmath>

namespace tablelint::retry {

double delaySeconds(const schema::RetrySpec &Spec, unsigned Retry,
                    double Draw) {
  double Delay = 0;
  switch (Spec.Policy) {
  case schema::RetryPolicyKind::None:
  case schema::RetryPolicyKind::Immediate:
    return 0;
  case schema::RetryPolicyKind::Exponential:
    Delay = Spec.BaseDelaySeconds *
            std::ldexp(1.0, static_cast<int>(std::min(Retry, 62u)) - 1);
    break;
  case schema::RetryPolicyKind::Linear:
    Delay = Spec.BaseDelaySeconds * Retry;
    break;
  case schema::RetryPolicyKind::Constant:
    Delay = Spec.BaseDelaySeconds;
    break;
  }
  if (Spec.Jitter)
    Delay *= limits::SdkRetryJitterLow +
             Draw * (limits::SdkRetryJitterHigh - limits::SdkRetryJitterLow);
  return std::min(Delay, Spec.MaxDelaySeconds);
}

double totalDelaySeconds(const schema::RetrySpec &Spec) {
  schema::RetrySpec Plain = Spec;
  Plain.Jitter = false;
  double Total = 0;
  for (unsigned I = 1, N = allowedRetries(Spec); I <= N; ++I)
    Total += delaySeconds(Plain, I, 0);
  return Total;
}

bool retriesStatus(const schema::RetrySpec &Spec, int Status) {
  if (!Spec.RetryOn.empty())
    return std::find(Spec.RetryOn.begin(), Spec.RetryOn.end(), Status) !=
           Spec.RetryOn.end();
  return std::find(limits::RetryableStatusCodes.begin(),
                   limits::RetryableStatusCodes.end(),
                   Status) != limits::RetryableStatusCodes.end();
}

unsigned allowedRetries(const schema::RetrySpec &Spec) {
  return Spec.Policy == schema::RetryPolicyKind::None ? 0 : Spec.MaxRetries;
}

} // namespace tablelint::retry
