// The retry rules of a declared `retry:` (core/RetrySchedule.h), which the
// simulator and the live client both follow: each policy's waits, the cap,
// the jitter range, which statuses are retried and how many times.
#include "core/RetrySchedule.h"

#include "core/ServiceLimits.h"

#include <gtest/gtest.h>

namespace tablelint {
namespace {

using schema::RetryPolicyKind;

schema::RetrySpec spec(RetryPolicyKind Policy, bool Jitter = false) {
  schema::RetrySpec S;
  S.Policy = Policy;
  S.BaseDelaySeconds = 0.8;
  S.MaxDelaySeconds = 5;
  S.Jitter = Jitter;
  return S;
}

TEST(RetrySchedule, ExponentialDoublesUpToTheCap) {
  const schema::RetrySpec S = spec(RetryPolicyKind::Exponential);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 1, 0.5), 0.8);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 2, 0.5), 1.6);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 3, 0.5), 3.2);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 4, 0.5), 5) << "capped";
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 200, 0), 5) << "no overflow";
}

TEST(RetrySchedule, LinearConstantImmediateAndNone) {
  EXPECT_DOUBLE_EQ(retry::delaySeconds(spec(RetryPolicyKind::Linear), 3, 0),
                   2.4);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(spec(RetryPolicyKind::Linear), 9, 0), 5)
      << "capped";
  EXPECT_DOUBLE_EQ(retry::delaySeconds(spec(RetryPolicyKind::Constant), 3, 0),
                   0.8);
  EXPECT_DOUBLE_EQ(
      retry::delaySeconds(spec(RetryPolicyKind::Immediate, true), 3, 0.7), 0);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(spec(RetryPolicyKind::None, true), 1, 0),
                   0);
}

TEST(RetrySchedule, JitterSpansTheSdkRangeThenTheCap) {
  const schema::RetrySpec S = spec(RetryPolicyKind::Exponential, true);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 1, 0),
                   0.8 * limits::SdkRetryJitterLow);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 1, 1),
                   0.8 * limits::SdkRetryJitterHigh);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 3, 0.5), 3.2 * 1.05);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 3, 1), 3.2 * 1.3);
  // 6.4 x 0.8 is over the 5 s cap: the cap applies after the jitter.
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 4, 0), 5);
  for (double Draw : {0.0, 0.25, 0.5, 0.999}) {
    const double D =
        retry::delaySeconds(spec(RetryPolicyKind::Constant, true), 1, Draw);
    EXPECT_GE(D, 0.8 * 0.8) << Draw;
    EXPECT_LT(D, 0.8 * 1.3) << Draw;
  }
}

// The spec's defaults are azure-core's: 0.8 s x 2^(n-1) x [0.8, 1.3], 60 s
// cap, 3 retries.
TEST(RetrySchedule, DefaultSpecIsTheSdkDefault) {
  const schema::RetrySpec S;
  EXPECT_EQ(retry::allowedRetries(S), 3u);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 1, 0), 0.8 * 0.8);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 2, 0), 1.6 * 0.8);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 3, 1), 3.2 * 1.3);
  EXPECT_DOUBLE_EQ(retry::delaySeconds(S, 8, 0.5), 60);
}

TEST(RetrySchedule, RetryOnElseTheSdkDefaultStatuses) {
  schema::RetrySpec S;
  for (int Status : {408, 500, 502, 503, 504})
    EXPECT_TRUE(retry::retriesStatus(S, Status)) << Status;
  for (int Status : {0, 200, 400, 404, 409, 412, 413, 501})
    EXPECT_FALSE(retry::retriesStatus(S, Status)) << Status;
  S.RetryOn = {400, 503};
  EXPECT_TRUE(retry::retriesStatus(S, 400));
  EXPECT_TRUE(retry::retriesStatus(S, 503));
  EXPECT_FALSE(retry::retriesStatus(S, 500)) << "the list replaces the set";
}

TEST(RetrySchedule, PolicyNoneAllowsNoRetry) {
  schema::RetrySpec S;
  S.MaxRetries = 7;
  EXPECT_EQ(retry::allowedRetries(S), 7u);
  S.Policy = RetryPolicyKind::Immediate;
  EXPECT_EQ(retry::allowedRetries(S), 7u);
  S.Policy = RetryPolicyKind::None;
  EXPECT_EQ(retry::allowedRetries(S), 0u);
  EXPECT_TRUE(retry::retriesStatus(S, 503))
      << "a retryable answer still: it failed after its (zero) retries";
}

} // namespace
} // namespace tablelint
