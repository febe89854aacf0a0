// A REST client for a live Table endpoint (Azurite, or an Azure storage
// account), used by the replay engine to run the same operations against a
// real service: it returns what the service answered and counts what each
// call cost on the wire (round trips, bytes).
//
// - Auth: Shared Key Lite or Shared Key (SharedKeySigner.h); credentials come
//   from the caller or from TABLELINT_LIVE_ACCOUNT / TABLELINT_LIVE_KEY. The
//   key is never printed: every message the client produces has it redacted.
// - Payload: JSON, `Accept: application/json;odata=minimalmetadata` by
//   default (types come back), or nometadata (smaller, types not recovered).
// - Retries (RetryPolicy, setRetryPolicy()): by a declared retry spec
//   (azure-core's defaults unless set: 408, 500, 502, 503, 504 and
//   transport timeouts or connection resets retried with exponential
//   backoff and jitter), honouring Retry-After and the caller's deadline.
//   Every result says what its retries cost (RetryFigures), and the client
//   sums them (retries()).
// - One client = one libcurl handle with a kept-alive connection. Not
//   thread-safe: use one client per thread.
#pragma once

#include "replay/live/BatchMultipart.h"
#include "replay/live/RestEntity.h"
#include "replay/live/RestUrl.h"
#include "replay/live/SharedKeySigner.h"

#include "core/schema/Schema.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::live {

struct LiveCredentials {
  std::string Account;
  std::string Key; // base64, as the portal shows it

  // The emulator's public development account (devstoreaccount1).
  static LiveCredentials developmentStorage();
};

// Reads TABLELINT_LIVE_ACCOUNT and TABLELINT_LIVE_KEY. Returns nullopt and
// sets Error (naming the missing variable, never the key) when unset.
std::optional<LiveCredentials> credentialsFromEnvironment(std::string &Error);

// The credentials for `--live URL`: the environment's when both variables
// are set; else, for a loopback emulator URL naming devstoreaccount1, the
// public development account; else nullopt and an Error saying which
// variables to set.
std::optional<LiveCredentials> credentialsForEndpoint(std::string_view Url,
                                                      std::string &Error);

enum class PayloadFormat { MinimalMetadata, NoMetadata };

// How the client retries: by a client's declared `retry:` (Spec, a
// schema::RetrySpec), with the rules the simulator follows too
// (core/RetrySchedule.h). Spec's defaults are azure-core's (core/
// ServiceLimits.h): exponential from 0.8 s, capped at 60 s, 3 retries,
// jitter.
//
// Retried: the statuses Spec retries (its retryOn, else
// limits::RetryableStatusCodes: 408, 500, 502, 503, 504), and, when Spec
// retries 503, the transport failures that may pass (a timeout, a
// connection reset or closed without an answer). Never retried: every
// other status (400, 404, 409, 412, 413 are the design's answers, unless
// retryOn lists them), a refused connection, an abandoned request (the
// abort check). Policy `none`: one attempt.
//
// Retry n (1-based) waits retry::delaySeconds(Spec, n, a uniform draw); a
// Retry-After (seconds or an HTTP date) or x-ms-retry-after-ms /
// retry-after-ms header replaces the computed wait. A retry whose wait
// would end past the deadline (setDeadline) is not made: the call returns
// its last answer.
//
// Circuit breaker: after BreakerThreshold consecutive calls have failed all
// their attempts (no call answered otherwise in between), the endpoint is
// taken as down and later calls get one attempt each, until one is
// answered with anything but a retryable failure. 0 disables it.
struct RetryPolicy {
  schema::RetrySpec Spec;
  unsigned BreakerThreshold = 3;
};

struct LiveClientOptions {
  AuthScheme Scheme = AuthScheme::SharedKeyLite;
  PayloadFormat Format = PayloadFormat::MinimalMetadata;
  long ConnectTimeoutMs = 10'000;
  long RequestTimeoutMs = 60'000;
};

// What the retry policy did, per call and summed per client.
struct RetryFigures {
  // 503 and 500 answers received (ServerBusy, OperationTimedOut,
  // InternalError), whether retried or not: the service's throttling.
  std::uint64_t Throttled = 0;
  // Requests sent again by the policy (a $batch is resent whole).
  std::uint64_t Retries = 0;
  // Calls that ended on a retryable failure: every attempt spent, or a
  // retry that the deadline or the circuit breaker did not allow.
  std::uint64_t GaveUp = 0;
  // Writes retried after an attempt whose outcome is unknown (no answer,
  // a 500 or a 504) that then met 409 EntityAlreadyExists (an insert) or
  // 404 ResourceNotFound (a delete): the first attempt may have landed.
  std::uint64_t Ambiguous = 0;
  // Time spent waiting between attempts.
  double BackoffSeconds = 0;

  RetryFigures &operator+=(const RetryFigures &Other);
};

// What requests cost on the wire, as HTTP (before TLS): request line +
// headers + body out, status line + headers + body in.
struct TrafficCounters {
  std::uint64_t RoundTrips = 0; // requests that got a response
  std::uint64_t BytesSent = 0;
  std::uint64_t BytesReceived = 0;
  std::uint64_t BodyBytesSent = 0;     // payload part of BytesSent
  std::uint64_t BodyBytesReceived = 0; // payload part of BytesReceived

  TrafficCounters &operator+=(const TrafficCounters &Other);
};

// The outcome of one client call.
struct RestResult {
  // HTTP status; 0 when no response arrived (connection refused, timeout).
  long Status = 0;
  // Whether the call did what was asked (2xx, or a tolerated 409).
  bool Succeeded = false;
  // The service's error code ("EntityAlreadyExists", "AuthorizationFailure",
  // ...), or "TransportError" / "BadResponse" for client-side failures.
  std::string ErrorCode;
  // The first line of the service's message, or the transport error.
  std::string ErrorMessage;
  // What this call cost (several requests for queryAllEntities; every
  // attempt of a retried request).
  TrafficCounters Traffic;
  // What its retries did (Retry.GaveUp: this call failed after them).
  RetryFigures Retry;
  // A write that met 409 EntityAlreadyExists or 404 ResourceNotFound on a
  // retry after an attempt of unknown outcome (see RetryFigures::Ambiguous):
  // Succeeded stays false; the caller decides what it means.
  bool Ambiguous = false;

  bool ok() const { return Succeeded; }
  // "409 EntityAlreadyExists: The specified entity already exists." or "ok".
  std::string describe() const;
};

struct EntityResult : RestResult {
  RestEntity Entity;
};

struct QueryContinuation {
  std::string NextPartitionKey;
  std::string NextRowKey;
  // A continuation with only a partition key is valid (next partition).
  bool more() const { return !NextPartitionKey.empty() || !NextRowKey.empty(); }
};

struct QueryPage : RestResult {
  std::vector<RestEntity> Entities;
  // Where the next page starts; !Next.more() on the last page.
  QueryContinuation Next;
};

struct QueryAllResult : RestResult {
  std::vector<RestEntity> Entities;
  unsigned Pages = 0; // requests made, empty pages included
  // Where a walk cut short by MaxPages stopped; !Next.more() when complete.
  QueryContinuation Next;
};

struct BatchResult : RestResult {
  // On success: the status of every operation, in order (201/204).
  std::vector<long> OperationStatus;
  // On failure: the index of the operation the service rejected, from the
  // "N:" prefix of its message; unset when the message has none. A batch
  // rejected as a whole (over 100 operations) is reported by Azurite as
  // index 0. Status, ErrorCode and ErrorMessage are the failing operation's
  // (the $batch request itself answers 202 either way).
  std::optional<std::size_t> FailedIndex;
};

class TableRestClient {
public:
  // EndpointUrl: http://127.0.0.1:PORT/devstoreaccount1 (path-style) or
  // https://ACCOUNT.table.core.windows.net. Returns null and sets Error on a
  // bad URL, an empty account or a key that is not base64.
  static std::unique_ptr<TableRestClient>
  create(std::string_view EndpointUrl, const LiveCredentials &Credentials,
         const LiveClientOptions &Options, std::string &Error);
  ~TableRestClient();
  TableRestClient(const TableRestClient &) = delete;
  TableRestClient &operator=(const TableRestClient &) = delete;

  const TableEndpoint &endpoint() const { return Endpoint; }
  const std::string &account() const { return Account; }
  // Called while a request is under way (about once a second, and as data
  // moves): returning true abandons it, and the call fails with a
  // TransportError ("interrupted"). Unset: requests run to their timeout.
  void setAbortCheck(std::function<bool()> Check) {
    AbortCheck = std::move(Check);
  }
  // Bounds the next requests (a caller with a deadline shortens it).
  void setRequestTimeoutMs(long Ms) { Options.RequestTimeoutMs = Ms; }
  // No backoff ends past Deadline: a retry that would is not made. Unset:
  // the policy alone bounds the retries.
  void setDeadline(std::optional<std::chrono::steady_clock::time_point> D) {
    Deadline = D;
  }
  // The default RetryPolicy unless set; applies to the next calls (a caller
  // issuing requests for several clients sets each one's before its calls).
  void setRetryPolicy(const RetryPolicy &P) { Policy = P; }
  const RetryPolicy &retryPolicy() const { return Policy; }

  // Everything this client sent and received since creation or reset.
  const TrafficCounters &traffic() const { return Total; }
  // What the retry policy did since creation or reset.
  const RetryFigures &retries() const { return RetryTotal; }
  void resetTraffic() {
    Total = TrafficCounters();
    RetryTotal = RetryFigures();
  }

  // Tables. With TolerateExisting, 409 TableAlreadyExists counts as success.
  RestResult createTable(std::string_view Table, bool TolerateExisting = false);
  RestResult deleteTable(std::string_view Table);
  // The names of the account's tables (Query Tables, first page: up to
  // 1,000 names), e.g. to check what a run left behind.
  RestResult listTables(std::vector<std::string> &Names);

  // Single-entity writes. Insert fails with 409 when the entity exists;
  // update/merge (If-Match) and delete fail with 404 when it does not.
  RestResult insertEntity(std::string_view Table, const RestEntity &Entity);
  RestResult insertOrReplace(std::string_view Table, const RestEntity &Entity);
  RestResult insertOrMerge(std::string_view Table, const RestEntity &Entity);
  RestResult updateEntity(std::string_view Table, const RestEntity &Entity,
                          std::string_view IfMatch = "*");
  RestResult mergeEntity(std::string_view Table, const RestEntity &Entity,
                         std::string_view IfMatch = "*");
  RestResult deleteEntity(std::string_view Table, std::string_view PartitionKey,
                          std::string_view RowKey,
                          std::string_view IfMatch = "*");

  // Point read: 404 ResourceNotFound when missing.
  EntityResult getEntity(std::string_view Table, std::string_view PartitionKey,
                         std::string_view RowKey);

  // One page of a query. Empty Filter/Select are not sent; Top 0 means no
  // $top (the service then returns up to 1,000 entities per page).
  QueryPage queryEntities(std::string_view Table, std::string_view Filter,
                          std::string_view Select, unsigned Top,
                          const QueryContinuation &From = {});
  // All pages, following continuations. Stops at the first failing page
  // (its status is returned) or after MaxPages requests when non-zero.
  QueryAllResult queryAllEntities(std::string_view Table,
                                  std::string_view Filter,
                                  std::string_view Select, unsigned Top = 0,
                                  unsigned MaxPages = 0);

  // An entity group transaction (one change set). The client does not check
  // the service's rules (100 operations, one partition, each entity once):
  // the service decides, and the result says which operation it rejected.
  BatchResult submitBatch(std::string_view Table,
                          const std::vector<BatchOperation> &Operations);

private:
  struct Impl;
  TableRestClient(TableEndpoint Endpoint, std::string Account,
                  std::string KeyBytes, std::string KeyText,
                  const LiveClientOptions &Options);

  struct Request {
    const char *Verb = "GET";
    std::string Resource; // after the endpoint path, no leading slash
    std::string Query;    // without '?'
    std::string ContentType;
    std::string Body;
    std::vector<std::string> ExtraHeaders;
  };
  struct Response;
  // One request, retried under the policy.
  Response send(const Request &R);
  Response sendOnce(const Request &R);
  bool waitBeforeRetry(double Seconds);
  RestResult writeEntity(const char *Verb, std::string_view Table,
                         const RestEntity &Entity, std::string_view IfMatch);
  void fillResult(RestResult &Out, const Response &Resp) const;
  void markAmbiguous(RestResult &Out, const Response &Resp, long Status,
                     std::string_view Code);
  std::string redact(std::string Text) const;
  std::string acceptHeader() const;

  TableEndpoint Endpoint;
  std::string Account;
  std::string KeyBytes;
  std::string KeyText; // only to redact it from messages
  LiveClientOptions Options;
  RetryPolicy Policy;
  TrafficCounters Total;
  RetryFigures RetryTotal;
  // Consecutive calls that failed all their attempts (the breaker).
  unsigned ConsecutiveGaveUp = 0;
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  std::function<bool()> AbortCheck;
  std::unique_ptr<Impl> Curl;
};

} // namespace tablelint::live
