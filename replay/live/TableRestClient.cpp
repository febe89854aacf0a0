// The live Table REST client over libcurl (see TableRestClient.h).
#include "replay/live/TableRestClient.h"

#include "core/Redact.h"
#include "core/RetrySchedule.h"
#include "core/ServiceLimits.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <curl/curl.h>
#include <mutex>
#include <random>
#include <thread>

namespace tablelint::live {

namespace {

// A version every current service and Azurite 3.x accept; JSON payloads
// need 2013-08-15 or later.
constexpr const char *ApiVersion = "2019-02-02";
constexpr const char *JsonContentType = "application/json";
constexpr const char *DevAccount = "devstoreaccount1";
// Public: the emulator's documented development key (SERVICE-FACTS.md).
constexpr const char *DevKey =
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsu"
    "Fq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

std::string firstLine(std::string_view Text) {
  Text = Text.substr(0, Text.find('\n'));
  while (!Text.empty() && (Text.back() == '\r' || Text.back() == ' '))
    Text.remove_suffix(1);
  return std::string(Text);
}

std::string xmlElement(std::string_view Xml, std::string_view Name) {
  const std::string Open = "<" + std::string(Name) + ">";
  const std::size_t Start = Xml.find(Open);
  if (Start == std::string_view::npos)
    return std::string();
  const std::size_t From = Start + Open.size();
  const std::size_t End = Xml.find("</" + std::string(Name) + ">", From);
  return End == std::string_view::npos
             ? std::string()
             : std::string(Xml.substr(From, End - From));
}

// The service error of a failed response: {"odata.error": {"code": ...,
// "message": {"value": ...}}} in JSON, <Code>/<Message> in XML (some auth
// failures), else the body's first line.
void parseServiceError(std::string_view Body, std::string &Code,
                       std::string &Message) {
  std::string Error;
  std::optional<llvm::json::Value> Doc = parseJson(Body, Error);
  const llvm::json::Object *Root = Doc ? Doc->getAsObject() : nullptr;
  if (const llvm::json::Object *E =
          Root ? Root->getObject("odata.error") : nullptr) {
    if (auto C = E->getString("code"))
      Code = C->str();
    if (auto M = E->getString("message"))
      Message = firstLine(M->str());
    else if (const llvm::json::Object *MO = E->getObject("message"))
      if (auto V = MO->getString("value"))
        Message = firstLine(V->str());
    return;
  }
  for (const char *Name : {"Code", "code"})
    if (Code.empty())
      Code = xmlElement(Body, Name);
  for (const char *Name : {"Message", "message"})
    if (Message.empty())
      Message = firstLine(xmlElement(Body, Name));
  if (Code.empty() && Message.empty())
    Message = firstLine(Body.substr(0, 200));
}

// A batch error message starts with the failing operation's index: "2:...".
std::optional<std::size_t> takeIndexPrefix(std::string &Message) {
  std::size_t Digits = 0;
  while (Digits < Message.size() && Message[Digits] >= '0' &&
         Message[Digits] <= '9')
    ++Digits;
  if (Digits == 0 || Digits > 6 || Digits >= Message.size() ||
      Message[Digits] != ':')
    return std::nullopt;
  const std::size_t Index = std::strtoul(Message.c_str(), nullptr, 10);
  Message.erase(0, Digits + 1);
  return Index;
}

std::string randomBoundaryId() {
  static thread_local std::mt19937_64 Rng{std::random_device{}()};
  static constexpr char Hex[] = "0123456789abcdef";
  std::string Id;
  for (int I = 0; I < 32; ++I)
    Id += Hex[Rng() & 15];
  return Id;
}

// A 2xx response whose body is not what the service sends.
void markBadResponse(RestResult &Out, const std::string &Why) {
  Out.Succeeded = false;
  Out.ErrorCode = "BadResponse";
  Out.ErrorMessage = Why;
}

void ensureCurlGlobalInit() {
  static std::once_flag Once;
  std::call_once(Once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

} // namespace

TrafficCounters &TrafficCounters::operator+=(const TrafficCounters &Other) {
  RoundTrips += Other.RoundTrips;
  BytesSent += Other.BytesSent;
  BytesReceived += Other.BytesReceived;
  BodyBytesSent += Other.BodyBytesSent;
  BodyBytesReceived += Other.BodyBytesReceived;
  return *this;
}

std::string RestResult::describe() const {
  if (Succeeded)
    return Status ? std::to_string(Status) + " ok" : "ok";
  std::string Out = Status ? std::to_string(Status) : "no response";
  if (!ErrorCode.empty())
    Out += " " + ErrorCode;
  if (!ErrorMessage.empty())
    Out += ": " + ErrorMessage;
  return Out;
}

LiveCredentials LiveCredentials::developmentStorage() {
  return {DevAccount, DevKey};
}

std::optional<LiveCredentials> credentialsFromEnvironment(std::string &Error) {
  const char *Account = std::getenv("TABLELINT_LIVE_ACCOUNT");
  const char *Key = std::getenv("TABLELINT_LIVE_KEY");
  if (!Account || !*Account) {
    Error = "TABLELINT_LIVE_ACCOUNT is not set";
    return std::nullopt;
  }
  if (!Key || !*Key) {
    Error = "TABLELINT_LIVE_KEY is not set";
    return std::nullopt;
  }
  return LiveCredentials{Account, Key};
}

std::optional<LiveCredentials> credentialsForEndpoint(std::string_view Url,
                                                      std::string &Error) {
  std::string EnvError;
  if (std::optional<LiveCredentials> FromEnv =
          credentialsFromEnvironment(EnvError))
    return FromEnv;
  std::optional<TableEndpoint> Endpoint = parseTableEndpoint(Url, Error);
  if (!Endpoint)
    return std::nullopt;
  const bool Loopback = Endpoint->BaseUrl.rfind("http://127.0.0.1", 0) == 0 ||
                        Endpoint->BaseUrl.rfind("http://localhost", 0) == 0;
  if (Loopback && Endpoint->Account == DevAccount)
    return LiveCredentials::developmentStorage();
  Error = "no credentials for " + Endpoint->BaseUrl + ": " + EnvError +
          " (set TABLELINT_LIVE_ACCOUNT and TABLELINT_LIVE_KEY)";
  return std::nullopt;
}

// --- HTTP transport
// ------------------------------------------------------------

struct TableRestClient::Impl {
  CURL *Handle = nullptr;
  char ErrorBuffer[CURL_ERROR_SIZE] = {};
  ~Impl() {
    if (Handle)
      curl_easy_cleanup(Handle);
  }
};

struct TableRestClient::Response {
  long Status = 0;
  HttpHeaders Headers;
  std::string Body;
  std::string TransportError;
  // No answer, but the failure may pass (a timeout, a reset connection).
  bool TransientTransport = false;
  TrafficCounters Traffic; // of every attempt
  // Request header blocks sent: more than one when libcurl itself resent
  // the request (a kept-alive connection that died without an answer).
  unsigned HeadersSent = 0;
  RetryFigures Retry;
  // An earlier attempt may have been carried out by the service (no
  // answer, a 500 or a 504 before this answer).
  bool EarlierOutcomeUnknown = false;

  std::string header(std::string_view Name) const {
    return findHeader(Headers, Name);
  }
};

namespace {

// The largest response body the service can send: a query page of 1,000
// entities of at most 1 MiB each (the entity limit as Azurite enforces it,
// on the JSON body), plus 1 MiB for the page's envelope. Every other answer
// (an entity, a batch's 100 small parts, an error) is far smaller. A body
// that grows past it fails its request: an endpoint that streams for ever
// cannot exhaust memory.
constexpr std::uint64_t MaxResponseBodyBytes =
    std::uint64_t(limits::MaxEntitiesPerPage) * limits::MaxEntityBytes +
    limits::MaxEntityBytes;

// Where a response body goes: appended up to Limit bytes; past it the
// transfer is stopped (libcurl fails it with CURLE_WRITE_ERROR).
struct BodySink {
  std::string *Body;
  std::uint64_t Limit;
  bool TooLarge = false;
};

std::size_t onBody(char *Data, std::size_t Size, std::size_t Count,
                   void *User) {
  auto *Sink = static_cast<BodySink *>(User);
  const std::size_t N = Size * Count;
  if (Sink->Body->size() + N > Sink->Limit) {
    Sink->TooLarge = true;
    return 0;
  }
  Sink->Body->append(Data, N);
  return N;
}

std::size_t onHeader(char *Data, std::size_t Size, std::size_t Count,
                     void *User) {
  auto *Headers = static_cast<HttpHeaders *>(User);
  std::string_view Line(Data, Size * Count);
  while (!Line.empty() && (Line.back() == '\n' || Line.back() == '\r'))
    Line.remove_suffix(1);
  // A new status line (after a 100 Continue) starts a new header set.
  if (Line.substr(0, 5) == "HTTP/") {
    Headers->clear();
    return Size * Count;
  }
  const std::size_t Colon = Line.find(':');
  if (Colon != std::string_view::npos) {
    std::string_view Value = Line.substr(Colon + 1);
    while (!Value.empty() && Value.front() == ' ')
      Value.remove_prefix(1);
    Headers->emplace_back(std::string(Line.substr(0, Colon)),
                          std::string(Value));
  }
  return Size * Count;
}

// Counts what crosses the wire as HTTP: libcurl reports every header and
// data block it sends or receives here (TLS bytes are reported separately
// and ignored, so the figures are the same for http and https).
// Progress callback: a non-zero return abandons the transfer.
int onProgress(void *User, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  const auto *Check = static_cast<const std::function<bool()> *>(User);
  return (*Check)() ? 1 : 0;
}

struct DebugSink {
  TrafficCounters *Traffic;
  unsigned *HeadersSent;
};

int onDebug(CURL *, curl_infotype Type, char *, std::size_t Size, void *User) {
  auto *Sink = static_cast<DebugSink *>(User);
  TrafficCounters *T = Sink->Traffic;
  switch (Type) {
  case CURLINFO_HEADER_OUT:
    T->BytesSent += Size;
    ++*Sink->HeadersSent;
    break;
  case CURLINFO_DATA_OUT:
    T->BytesSent += Size;
    T->BodyBytesSent += Size;
    break;
  case CURLINFO_HEADER_IN:
    T->BytesReceived += Size;
    break;
  case CURLINFO_DATA_IN:
    T->BytesReceived += Size;
    T->BodyBytesReceived += Size;
    break;
  default:
    break;
  }
  return 0;
}

} // namespace

TableRestClient::Response TableRestClient::sendOnce(const Request &R) {
  Response Resp;
  CURL *H = Curl->Handle;
  // Reset clears options but keeps the open connection for the next call.
  curl_easy_reset(H);
  const std::string Url = Endpoint.BaseUrl + "/" + R.Resource +
                          (R.Query.empty() ? "" : "?" + R.Query);
  SignedRequest Signed;
  Signed.Verb = R.Verb;
  Signed.ContentType = R.ContentType;
  Signed.Date = rfc1123Date(std::time(nullptr));
  Signed.Path = Endpoint.PathPrefix + "/" + R.Resource;

  curl_slist *Headers = nullptr;
  auto Add = [&Headers](const std::string &Line) {
    Headers = curl_slist_append(Headers, Line.c_str());
  };
  Add("x-ms-date: " + Signed.Date);
  Add(std::string("x-ms-version: ") + ApiVersion);
  Add("Accept: " + acceptHeader());
  Add("DataServiceVersion: 3.0;NetFx");
  Add("MaxDataServiceVersion: 3.0;NetFx");
  Add("Authorization: " +
      authorizationHeader(Options.Scheme, Account, KeyBytes, Signed));
  if (!R.ContentType.empty())
    Add("Content-Type: " + R.ContentType);
  // No "Expect: 100-continue" round trip before large bodies.
  Add("Expect:");
  for (const std::string &Extra : R.ExtraHeaders)
    Add(Extra);

  curl_easy_setopt(H, CURLOPT_URL, Url.c_str());
  curl_easy_setopt(H, CURLOPT_HTTPHEADER, Headers);
  curl_easy_setopt(H, CURLOPT_USERAGENT, "tablelint-live/0.1");
  curl_easy_setopt(H, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(H, CURLOPT_CONNECTTIMEOUT_MS, Options.ConnectTimeoutMs);
  curl_easy_setopt(H, CURLOPT_TIMEOUT_MS, Options.RequestTimeoutMs);
  curl_easy_setopt(H, CURLOPT_ERRORBUFFER, Curl->ErrorBuffer);
  Curl->ErrorBuffer[0] = '\0';
  BodySink Body{&Resp.Body, MaxResponseBodyBytes};
  curl_easy_setopt(H, CURLOPT_WRITEFUNCTION, onBody);
  curl_easy_setopt(H, CURLOPT_WRITEDATA, &Body);
  // A Content-Length past the limit fails before any byte is read.
  curl_easy_setopt(H, CURLOPT_MAXFILESIZE_LARGE,
                   static_cast<curl_off_t>(MaxResponseBodyBytes));
  curl_easy_setopt(H, CURLOPT_HEADERFUNCTION, onHeader);
  curl_easy_setopt(H, CURLOPT_HEADERDATA, &Resp.Headers);
  curl_easy_setopt(H, CURLOPT_DEBUGFUNCTION, onDebug);
  DebugSink Sink{&Resp.Traffic, &Resp.HeadersSent};
  curl_easy_setopt(H, CURLOPT_DEBUGDATA, &Sink);
  curl_easy_setopt(H, CURLOPT_VERBOSE, 1L);
  if (AbortCheck) {
    curl_easy_setopt(H, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(H, CURLOPT_XFERINFOFUNCTION, onProgress);
    curl_easy_setopt(H, CURLOPT_XFERINFODATA, &AbortCheck);
  } else {
    curl_easy_setopt(H, CURLOPT_NOPROGRESS, 1L);
  }

  const std::string_view Verb = R.Verb;
  if (Verb == "GET") {
    curl_easy_setopt(H, CURLOPT_HTTPGET, 1L);
  } else {
    if (Verb != "POST")
      curl_easy_setopt(H, CURLOPT_CUSTOMREQUEST, R.Verb);
    if (!R.Body.empty() || Verb == "POST") {
      curl_easy_setopt(H, CURLOPT_POSTFIELDS, R.Body.c_str());
      curl_easy_setopt(H, CURLOPT_POSTFIELDSIZE_LARGE,
                       static_cast<curl_off_t>(R.Body.size()));
    }
  }

  const CURLcode Code = curl_easy_perform(H);
  curl_slist_free_all(Headers);
  if (Code == CURLE_ABORTED_BY_CALLBACK) {
    Resp.TransportError = "interrupted";
  } else if (Body.TooLarge || Code == CURLE_FILESIZE_EXCEEDED) {
    // Not transient: the endpoint is no Table service; no retry.
    Resp.Body.clear();
    Resp.Body.shrink_to_fit();
    Resp.TransportError = redact(
        "the response body is larger than " +
        std::to_string(MaxResponseBodyBytes) +
        " bytes, the most a Table service answer holds (a page of 1,000 "
        "entities of 1 MiB); the request failed (" + Url + ")");
  } else if (Code != CURLE_OK) {
    // A refused connection (nothing listens) or a bad URL will not pass.
    Resp.TransientTransport =
        Code == CURLE_OPERATION_TIMEDOUT || Code == CURLE_GOT_NOTHING ||
        Code == CURLE_SEND_ERROR || Code == CURLE_RECV_ERROR ||
        Code == CURLE_PARTIAL_FILE;
    Resp.TransportError =
        Curl->ErrorBuffer[0] ? Curl->ErrorBuffer : curl_easy_strerror(Code);
    Resp.TransportError = redact(Resp.TransportError + " (" + Url + ")");
  } else {
    curl_easy_getinfo(H, CURLINFO_RESPONSE_CODE, &Resp.Status);
  }
  if (Resp.Status != 0)
    Resp.Traffic.RoundTrips = 1;
  Total += Resp.Traffic;
  return Resp;
}

namespace {

// The wait a response asks for, in seconds: x-ms-retry-after-ms or
// retry-after-ms (milliseconds), else Retry-After (seconds, or an HTTP
// date). Negative when it asks for none.
double serverDelaySeconds(const HttpHeaders &Headers) {
  for (const char *Name : {"x-ms-retry-after-ms", "retry-after-ms"}) {
    const std::string Ms = findHeader(Headers, Name);
    char *End = nullptr;
    const double V = std::strtod(Ms.c_str(), &End);
    if (!Ms.empty() && End && *End == '\0' && V >= 0 && std::isfinite(V))
      return V / 1000;
  }
  const std::string After = findHeader(Headers, "Retry-After");
  if (After.empty())
    return -1;
  if (After.find_first_not_of("0123456789") == std::string::npos &&
      After.size() < 10)
    return std::strtod(After.c_str(), nullptr);
  const time_t At = curl_getdate(After.c_str(), nullptr);
  if (At < 0)
    return -1;
  return std::max(0.0, std::difftime(At, std::time(nullptr)));
}

} // namespace

RetryFigures &RetryFigures::operator+=(const RetryFigures &Other) {
  Throttled += Other.Throttled;
  Retries += Other.Retries;
  GaveUp += Other.GaveUp;
  Ambiguous += Other.Ambiguous;
  BackoffSeconds += Other.BackoffSeconds;
  return *this;
}

// Sleeps Seconds in short steps, so the abort check (a deadline, a stop
// signal) is heard; false when it asked to stop.
bool TableRestClient::waitBeforeRetry(double Seconds) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point End =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(Seconds));
  for (Clock::time_point Now = Clock::now(); Now < End; Now = Clock::now()) {
    if (AbortCheck && AbortCheck())
      return false;
    std::this_thread::sleep_for(
        std::min<Clock::duration>(End - Now, std::chrono::milliseconds(50)));
  }
  return !(AbortCheck && AbortCheck());
}

TableRestClient::Response TableRestClient::send(const Request &R) {
  static thread_local std::mt19937_64 Rng{std::random_device{}()};
  using Clock = std::chrono::steady_clock;
  // An open breaker: one attempt only.
  const unsigned MaxRetries =
      Policy.BreakerThreshold && ConsecutiveGaveUp >= Policy.BreakerThreshold
          ? 0
          : retry::allowedRetries(Policy.Spec);
  // A lost answer is retried as a 503 would be.
  const bool RetriesTransport = retry::retriesStatus(Policy.Spec, 503);
  TrafficCounters Traffic;
  RetryFigures Figures;
  bool Unknown = false;
  for (unsigned Retry = 1;; ++Retry) {
    Response Resp = sendOnce(R);
    Traffic += Resp.Traffic;
    // libcurl resends a request whose kept-alive connection died without
    // an answer: the lost attempt may have landed.
    if (Resp.HeadersSent > 1) {
      Figures.Retries += Resp.HeadersSent - 1;
      Unknown = true;
    }
    if (Resp.Status == 500 || Resp.Status == 503)
      ++Figures.Throttled;
    const bool Retryable =
        Resp.Status == 0
            ? Resp.TransientTransport && RetriesTransport
            : retry::retriesStatus(Policy.Spec, static_cast<int>(Resp.Status));
    bool Again = Retryable && Retry <= MaxRetries;
    double Wait = 0;
    if (Again) {
      const double Server = serverDelaySeconds(Resp.Headers);
      Wait = Server >= 0
                 ? Server
                 : retry::delaySeconds(
                       Policy.Spec, Retry,
                       std::uniform_real_distribution<double>(0.0, 1.0)(Rng));
      // A backoff never sleeps past the caller's deadline.
      if (Deadline &&
          Clock::now() + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(Wait)) >=
              *Deadline)
        Again = false;
    }
    if (Again) {
      const Clock::time_point Start = Clock::now();
      Again = waitBeforeRetry(Wait);
      Figures.BackoffSeconds +=
          std::chrono::duration<double>(Clock::now() - Start).count();
    }
    if (!Again) {
      if (Retryable) {
        ++Figures.GaveUp;
        ++ConsecutiveGaveUp;
      } else if (Resp.Status != 0) {
        ConsecutiveGaveUp = 0; // answered: the endpoint is up
      }
      Resp.Traffic = Traffic;
      Resp.Retry = Figures;
      Resp.EarlierOutcomeUnknown = Unknown;
      RetryTotal += Figures;
      return Resp;
    }
    // The service may have carried out a request it answered 500 or 504,
    // or one whose answer was lost; a 503, 502 or 408 it did not.
    Unknown =
        Unknown || Resp.Status == 0 || Resp.Status == 500 || Resp.Status == 504;
    ++Figures.Retries;
  }
}

// --- Client
// --------------------------------------------------------------------

std::unique_ptr<TableRestClient>
TableRestClient::create(std::string_view EndpointUrl,
                        const LiveCredentials &Credentials,
                        const LiveClientOptions &Options, std::string &Error) {
  std::optional<TableEndpoint> Endpoint =
      parseTableEndpoint(EndpointUrl, Error);
  if (!Endpoint)
    return nullptr;
  const std::string Account =
      Credentials.Account.empty() ? Endpoint->Account : Credentials.Account;
  if (Account.empty()) {
    Error = "no account name: give one or use a URL that names it";
    return nullptr;
  }
  std::optional<std::string> KeyBytes = base64Decode(Credentials.Key);
  if (!KeyBytes || KeyBytes->empty()) {
    // Say what is wrong with the key without showing it.
    Error = "the account key for '" + Account + "' is not valid base64 (" +
            std::to_string(Credentials.Key.size()) + " characters)";
    return nullptr;
  }
  ensureCurlGlobalInit();
  std::unique_ptr<TableRestClient> Client(
      new TableRestClient(std::move(*Endpoint), Account, std::move(*KeyBytes),
                          Credentials.Key, Options));
  if (!Client->Curl->Handle) {
    Error = "libcurl could not create a handle";
    return nullptr;
  }
  return Client;
}

TableRestClient::TableRestClient(TableEndpoint Endpoint, std::string Account,
                                 std::string KeyBytes, std::string KeyText,
                                 const LiveClientOptions &Options)
    : Endpoint(std::move(Endpoint)), Account(std::move(Account)),
      KeyBytes(std::move(KeyBytes)), KeyText(std::move(KeyText)),
      Options(Options), Curl(std::make_unique<Impl>()) {
  Curl->Handle = curl_easy_init();
}

TableRestClient::~TableRestClient() = default;

std::string TableRestClient::redact(std::string Text) const {
  if (!KeyText.empty())
    for (std::size_t At = Text.find(KeyText); At != std::string::npos;
         At = Text.find(KeyText, At))
      Text.replace(At, KeyText.size(), "<redacted>");
  // And whatever else looks like a secret (a sig= in a URL, a password).
  return redactSecrets(Text);
}

std::string TableRestClient::acceptHeader() const {
  return Options.Format == PayloadFormat::NoMetadata
             ? "application/json;odata=nometadata"
             : "application/json;odata=minimalmetadata";
}

// Status, traffic and (on failure) the service's error of a response.
void TableRestClient::fillResult(RestResult &Out, const Response &Resp) const {
  Out.Status = Resp.Status;
  Out.Traffic = Resp.Traffic;
  Out.Retry = Resp.Retry;
  if (Resp.Status == 0) {
    Out.ErrorCode = "TransportError";
    Out.ErrorMessage = Resp.TransportError;
    return;
  }
  Out.Succeeded = Resp.Status >= 200 && Resp.Status < 300;
  if (Out.Succeeded)
    return;
  parseServiceError(Resp.Body, Out.ErrorCode, Out.ErrorMessage);
  if (Out.ErrorCode.empty())
    Out.ErrorCode = Resp.header("x-ms-error-code");
  Out.ErrorMessage = redact(Out.ErrorMessage);
}

// A write retried after an attempt of unknown outcome that met the answer
// the first attempt would explain (Status and Code): ambiguous.
void TableRestClient::markAmbiguous(RestResult &Out, const Response &Resp,
                                    long Status, std::string_view Code) {
  if (Out.Succeeded || !Resp.EarlierOutcomeUnknown || Out.Status != Status ||
      Out.ErrorCode != Code)
    return;
  Out.Ambiguous = true;
  ++Out.Retry.Ambiguous;
  ++RetryTotal.Ambiguous;
}

RestResult TableRestClient::createTable(std::string_view Table,
                                        bool TolerateExisting) {
  std::string Body =
      writeJson(llvm::json::Object{{"TableName", std::string(Table)}});
  Request R;
  R.Verb = "POST";
  R.Resource = "Tables";
  R.ContentType = JsonContentType;
  R.Body = std::move(Body);
  R.ExtraHeaders.push_back("Prefer: return-no-content");
  RestResult Out;
  const Response Resp = send(R);
  fillResult(Out, Resp);
  markAmbiguous(Out, Resp, 409, "TableAlreadyExists");
  // A lost first attempt that created the table did what was asked.
  if ((TolerateExisting || Out.Ambiguous) && Out.Status == 409 &&
      Out.ErrorCode == "TableAlreadyExists")
    Out.Succeeded = true;
  return Out;
}

RestResult TableRestClient::deleteTable(std::string_view Table) {
  Request R;
  R.Verb = "DELETE";
  R.Resource = "Tables('" + percentEncode(Table) + "')";
  RestResult Out;
  const Response Resp = send(R);
  fillResult(Out, Resp);
  markAmbiguous(Out, Resp, 404, "ResourceNotFound");
  return Out;
}

RestResult TableRestClient::listTables(std::vector<std::string> &Names) {
  Request R;
  R.Resource = "Tables";
  const Response Resp = send(R);
  RestResult Out;
  fillResult(Out, Resp);
  if (!Out.Succeeded)
    return Out;
  std::string Error;
  std::optional<llvm::json::Value> Doc = parseJson(Resp.Body, Error);
  const llvm::json::Object *Body = Doc ? Doc->getAsObject() : nullptr;
  const llvm::json::Array *Values = Body ? Body->getArray("value") : nullptr;
  if (!Values) {
    markBadResponse(Out, "tables body has no 'value' array");
    return Out;
  }
  for (const llvm::json::Value &Item : *Values)
    if (const llvm::json::Object *Table = Item.getAsObject())
      if (std::optional<llvm::StringRef> Name = Table->getString("TableName"))
        Names.push_back(Name->str());
  return Out;
}

RestResult TableRestClient::insertEntity(std::string_view Table,
                                         const RestEntity &Entity) {
  Request R;
  R.Verb = "POST";
  R.Resource = percentEncode(Table);
  R.ContentType = JsonContentType;
  R.Body = encodeEntityJson(Entity);
  R.ExtraHeaders.push_back("Prefer: return-no-content");
  RestResult Out;
  const Response Resp = send(R);
  fillResult(Out, Resp);
  markAmbiguous(Out, Resp, 409, "EntityAlreadyExists");
  return Out;
}

RestResult TableRestClient::writeEntity(const char *Verb,
                                        std::string_view Table,
                                        const RestEntity &Entity,
                                        std::string_view IfMatch) {
  Request R;
  R.Verb = Verb;
  R.Resource = entityResource(Table, Entity.PartitionKey, Entity.RowKey);
  R.ContentType = JsonContentType;
  R.Body = encodeEntityJson(Entity);
  // Without If-Match, PUT and MERGE insert when the entity is missing.
  if (!IfMatch.empty())
    R.ExtraHeaders.push_back("If-Match: " + std::string(IfMatch));
  RestResult Out;
  fillResult(Out, send(R));
  return Out;
}

RestResult TableRestClient::insertOrReplace(std::string_view Table,
                                            const RestEntity &Entity) {
  return writeEntity("PUT", Table, Entity, "");
}

RestResult TableRestClient::insertOrMerge(std::string_view Table,
                                          const RestEntity &Entity) {
  return writeEntity("MERGE", Table, Entity, "");
}

RestResult TableRestClient::updateEntity(std::string_view Table,
                                         const RestEntity &Entity,
                                         std::string_view IfMatch) {
  return writeEntity("PUT", Table, Entity, IfMatch.empty() ? "*" : IfMatch);
}

RestResult TableRestClient::mergeEntity(std::string_view Table,
                                        const RestEntity &Entity,
                                        std::string_view IfMatch) {
  return writeEntity("MERGE", Table, Entity, IfMatch.empty() ? "*" : IfMatch);
}

RestResult TableRestClient::deleteEntity(std::string_view Table,
                                         std::string_view PartitionKey,
                                         std::string_view RowKey,
                                         std::string_view IfMatch) {
  Request R;
  R.Verb = "DELETE";
  R.Resource = entityResource(Table, PartitionKey, RowKey);
  R.ExtraHeaders.push_back("If-Match: " +
                           std::string(IfMatch.empty() ? "*" : IfMatch));
  RestResult Out;
  const Response Resp = send(R);
  fillResult(Out, Resp);
  markAmbiguous(Out, Resp, 404, "ResourceNotFound");
  return Out;
}

EntityResult TableRestClient::getEntity(std::string_view Table,
                                        std::string_view PartitionKey,
                                        std::string_view RowKey) {
  Request R;
  R.Resource = entityResource(Table, PartitionKey, RowKey);
  const Response Resp = send(R);
  EntityResult Out;
  fillResult(Out, Resp);
  if (!Out.Succeeded)
    return Out;
  std::string Error;
  std::optional<llvm::json::Value> Doc = parseJson(Resp.Body, Error);
  std::optional<RestEntity> Entity;
  if (Doc)
    Entity = decodeEntityJson(*Doc, Error);
  if (!Entity) {
    markBadResponse(Out, "entity body: " + Error);
    return Out;
  }
  Out.Entity = std::move(*Entity);
  if (Out.Entity.ETag.empty())
    Out.Entity.ETag = Resp.header("ETag");
  return Out;
}

QueryPage TableRestClient::queryEntities(std::string_view Table,
                                         std::string_view Filter,
                                         std::string_view Select, unsigned Top,
                                         const QueryContinuation &From) {
  Request R;
  R.Resource = percentEncode(Table) + "()";
  auto Param = [&R](const char *Name, std::string_view Value) {
    if (Value.empty())
      return;
    if (!R.Query.empty())
      R.Query += '&';
    R.Query += Name;
    R.Query += '=';
    R.Query += percentEncode(Value);
  };
  Param("$filter", Filter);
  Param("$select", Select);
  Param("$top", Top ? std::to_string(Top) : std::string());
  Param("NextPartitionKey", From.NextPartitionKey);
  Param("NextRowKey", From.NextRowKey);
  const Response Resp = send(R);
  QueryPage Out;
  fillResult(Out, Resp);
  if (!Out.Succeeded)
    return Out;
  Out.Next.NextPartitionKey = Resp.header("x-ms-continuation-NextPartitionKey");
  Out.Next.NextRowKey = Resp.header("x-ms-continuation-NextRowKey");
  std::string Error;
  std::optional<llvm::json::Value> Doc = parseJson(Resp.Body, Error);
  const llvm::json::Object *Page = Doc ? Doc->getAsObject() : nullptr;
  const llvm::json::Array *Values = Page ? Page->getArray("value") : nullptr;
  if (!Values) {
    markBadResponse(Out, Doc ? "query body has no 'value' array"
                             : "query body: " + Error);
    return Out;
  }
  Out.Entities.reserve(Values->size());
  for (const llvm::json::Value &Item : *Values) {
    std::optional<RestEntity> Entity = decodeEntityJson(Item, Error);
    if (!Entity) {
      markBadResponse(Out, "entity " + std::to_string(Out.Entities.size()) +
                               " of the page: " + Error);
      return Out;
    }
    Out.Entities.push_back(std::move(*Entity));
  }
  return Out;
}

QueryAllResult TableRestClient::queryAllEntities(std::string_view Table,
                                                 std::string_view Filter,
                                                 std::string_view Select,
                                                 unsigned Top,
                                                 unsigned MaxPages) {
  QueryAllResult All;
  QueryContinuation From;
  do {
    QueryPage Page = queryEntities(Table, Filter, Select, Top, From);
    ++All.Pages;
    All.Traffic += Page.Traffic;
    All.Retry += Page.Retry;
    All.Status = Page.Status;
    All.Succeeded = Page.Succeeded;
    All.ErrorCode = std::move(Page.ErrorCode);
    All.ErrorMessage = std::move(Page.ErrorMessage);
    if (!Page.Succeeded)
      return All;
    for (RestEntity &E : Page.Entities)
      All.Entities.push_back(std::move(E));
    From = std::move(Page.Next);
  } while (From.more() && (MaxPages == 0 || All.Pages < MaxPages));
  All.Next = std::move(From);
  return All;
}

BatchResult
TableRestClient::submitBatch(std::string_view Table,
                             const std::vector<BatchOperation> &Operations) {
  BatchRequestBody Built = buildBatchBody(Endpoint.BaseUrl, Table, Operations,
                                          acceptHeader(), randomBoundaryId());
  Request R;
  R.Verb = "POST";
  R.Resource = "$batch";
  R.ContentType = std::move(Built.ContentType);
  R.Body = std::move(Built.Body);
  const Response Resp = send(R);
  BatchResult Out;
  fillResult(Out, Resp);
  if (!Out.Succeeded)
    return Out;
  std::string Error;
  std::optional<std::vector<BatchPartResponse>> Parts =
      parseBatchResponse(Resp.header("Content-Type"), Resp.Body, Error);
  if (!Parts) {
    markBadResponse(Out, Error);
    return Out;
  }
  for (std::size_t I = 0; I < Parts->size(); ++I) {
    const BatchPartResponse &Part = (*Parts)[I];
    if (Part.Status >= 200 && Part.Status < 300) {
      Out.OperationStatus.push_back(Part.Status);
      continue;
    }
    // The service stops at the first failure and answers for it alone.
    Out.Succeeded = false;
    Out.Status = Part.Status;
    Out.OperationStatus.clear();
    parseServiceError(Part.Body, Out.ErrorCode, Out.ErrorMessage);
    Out.FailedIndex = takeIndexPrefix(Out.ErrorMessage);
    Out.ErrorMessage = redact(Out.ErrorMessage);
    // The change set of a lost first attempt may have landed whole.
    markAmbiguous(Out, Resp, 409, "EntityAlreadyExists");
    markAmbiguous(Out, Resp, 404, "ResourceNotFound");
    return Out;
  }
  if (Out.OperationStatus.size() != Operations.size())
    markBadResponse(Out, "batch response has " +
                             std::to_string(Out.OperationStatus.size()) +
                             " results for " +
                             std::to_string(Operations.size()) + " operations");
  return Out;
}

} // namespace tablelint::live
