// The retry rules of a client's declared `retry:` (schema::RetrySpec), in
// one place: which answers are retried, how many times, and how long each
// retry waits. The simulator (replay/Simulation.cpp) and the live client
// (replay/live/TableRestClient.cpp) both follow them, so a design's
// declared policy means the same thing in both.
#pragma once

#include "core/schema/Schema.h"

namespace tablelint::retry {

// The wait in seconds before retry Retry (1-based), without the server's
// Retry-After:
//   none, immediate: 0
//   exponential:     BaseDelay x 2^(Retry-1)
//   linear:          BaseDelay x Retry
//   constant:        BaseDelay
// times, with Jitter on, a factor in [SdkRetryJitterLow, SdkRetryJitterHigh]
// (core/ServiceLimits.h) picked by Draw in [0, 1); capped at MaxDelay.
double delaySeconds(const schema::RetrySpec &Spec, unsigned Retry, double Draw);

// The waits of all allowedRetries(Spec) retries added up, without jitter
// (the policy's nominal schedule).
double totalDelaySeconds(const schema::RetrySpec &Spec);
// Whether an answer with HTTP Status is retried: the spec's RetryOn when it
// lists any, else the SDK's default set (limits::RetryableStatusCodes).
bool retriesStatus(const schema::RetrySpec &Spec, int Status);

// How many times one request may be retried: MaxRetries, none under policy
// `none`.
unsigned allowedRetries(const schema::RetrySpec &Spec);

} // namespace tablelint::retry
