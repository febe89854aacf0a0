// Client settings: exponential backoff with jitter (capped at the
// checklist's schedule), no retry of non-retryable codes, a short-lived SAS
// instead of the account key, JSON without metadata instead of AtomPub.
#include "checks/schema/remedies/Remedy.h"

#include "core/RetrySchedule.h"
#include "core/ServiceLimits.h"
#include "core/Text.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>
#include <memory>

namespace tablelint::schema {

namespace {

class ClientFix : public Remedy {
public:
  const char *id() const override { return "client-fix"; }
  std::vector<std::string> rules() const override {
    return {"retry-without-backoff", "retry-non-retryable",
            "shared-key-in-client", "atompub-payload"};
  }
  bool onTables() const override { return false; }

  void applyToClient(RemedyContext &Ctx, Client &C) const override {
    const FindingIndex &Found = Ctx.found();
    const bool Backoff = Found.has("retry-without-backoff", C.Path) &&
                         Ctx.allowed("retry-without-backoff", C.Path);
    const bool NonRetryable = Found.has("retry-non-retryable", C.Path) &&
                              Ctx.allowed("retry-non-retryable", C.Path);
    if (Backoff)
      addBackoff(Ctx, C);
    if (NonRetryable)
      dropNonRetryable(Ctx, C);
    if (Found.has("shared-key-in-client", C.Path) &&
        Ctx.allowed("shared-key-in-client", C.Path)) {
      C.Auth = AuthKind::Sas;
      Ctx.change("shared-key-in-client", C.Path, C.Note,
                 "short-lived SAS instead of the account key, for "
                 "shared-key-in-client");
    }
    if (Found.has("atompub-payload", C.Path) &&
        Ctx.allowed("atompub-payload", C.Path)) {
      const std::string Was = std::string(payloadFormatName(C.Payload));
      C.Payload = PayloadFormat::JsonNoMetadata;
      Ctx.change("atompub-payload", C.Path, C.Note,
                 "json-nometadata instead of " + Was + ", for atompub-payload");
    }
  }

private:
  static void addBackoff(RemedyContext &Ctx, Client &C) {
    RetrySpec &Retry = C.Retry;
    Ctx.Subject = C.Path;
    const double Base = limits::ChecklistBackoffSeconds.front();
    const double Max = limits::ChecklistBackoffSeconds.back();
    const std::string Was = std::string(retryPolicyName(Retry.Policy));
    Retry.Policy = RetryPolicyKind::Exponential;
    Retry.BaseDelaySeconds = Base;
    Retry.MaxDelaySeconds = Max;
    Retry.Jitter = true;
    // The checklist's schedule gives up after its last step: a client
    // that kept retrying 10 or 20 times under the new delays would hold
    // each failing request for minutes.
    std::string Cap;
    const unsigned Steps =
        static_cast<unsigned>(limits::ChecklistBackoffSeconds.size());
    if (Retry.MaxRetries > Steps) {
      const double Waited = retry::totalDelaySeconds(Retry);
      Cap = ", giving up after " + std::to_string(Steps) +
            " retries as the checklist's schedule does (" +
            std::to_string(Retry.MaxRetries) +
            " retries under the new delays would wait " +
            formatDuration(Waited) + " per failing request)";
      Retry.MaxRetries = Steps;
    }
    Ctx.change("retry-without-backoff", C.Path, C.Note,
               "exponential backoff with jitter (" + formatDuration(Base) +
                   " doubling to " + formatDuration(Max) + ") instead of the " +
                   Was + " policy" + Cap + ", for retry-without-backoff");
  }

  static void dropNonRetryable(RemedyContext &Ctx, Client &C) {
    RetrySpec &Retry = C.Retry;
    Ctx.Subject = C.Path;
    std::string Dropped;
    std::vector<int> Kept;
    for (int Code : Retry.RetryOn) {
      if (std::find(limits::NonRetryableStatusCodes.begin(),
                    limits::NonRetryableStatusCodes.end(),
                    Code) != limits::NonRetryableStatusCodes.end())
        Dropped += (Dropped.empty() ? "" : ", ") + std::to_string(Code);
      else
        Kept.push_back(Code);
    }
    Retry.RetryOn = Kept;
    Ctx.change("retry-non-retryable", C.Path, C.Note,
               "stopped retrying " + Dropped + ", for retry-non-retryable");
  }
};

} // namespace

std::unique_ptr<Remedy> makeClientFix() {
  return std::make_unique<ClientFix>();
}

} // namespace tablelint::schema
