// The libcurl transport of a hand-written Table client: options that turn
// Nagle's algorithm back on next to ones that keep it off.
#include <curl/curl.h>

#include <string>

namespace {

const std::string kAccountHost = ".table.core.windows.net";
constexpr long kNagleOn = 0;

size_t Discard(char *, size_t size, size_t count, void *) { return size * count; }

} // namespace

class TableTransport {
public:
  explicit TableTransport(std::string const &account)
      : baseUrl_("https://" + account + kAccountHost), curl_(curl_easy_init()) {
    curl_easy_setopt(curl_, CURLOPT_WRITEFUNCTION, &Discard);
    // "Fewer packets": Nagle back on for every table request.
    curl_easy_setopt(curl_, CURLOPT_TCP_NODELAY, 0L); // expect: tablelint-nagle-enabled "CURLOPT_TCP_NODELAY set to 0 turns Nagle's algorithm back on in a file that sends table requests: small requests wait for the server's delayed acknowledgement (40-200 ms); remove the option (on by default since libcurl 7.50.2) or set it to 1L"
  }

  void UseConstant() {
    curl_easy_setopt(curl_, CURLOPT_TCP_NODELAY, kNagleOn); // expect: tablelint-nagle-enabled "CURLOPT_TCP_NODELAY set to 0"
  }

  void UseLocal() {
    long nodelay = 0;
    curl_easy_setopt(curl_, CURLOPT_TCP_NODELAY, nodelay); // expect: tablelint-nagle-enabled "CURLOPT_TCP_NODELAY set to 0"
  }

  // The catalog's good example: small requests go out at once.
  void KeepNoDelay() {
    curl_easy_setopt(curl_, CURLOPT_TCP_NODELAY, 1L); // ok: tablelint-nagle-enabled (TCP_NODELAY on)
  }

  void Configure(bool lowLatency) {
    long nodelay = 0;
    if (lowLatency)
      nodelay = 1;
    curl_easy_setopt(curl_, CURLOPT_TCP_NODELAY, nodelay); // ok: tablelint-nagle-enabled (the value depends on the configuration)
    curl_easy_setopt(curl_, CURLOPT_TCP_KEEPALIVE, 0L); // ok: tablelint-nagle-enabled (another option)
  }

  long Get(std::string const &path) {
    const std::string url = baseUrl_ + path;
    curl_easy_setopt(curl_, CURLOPT_URL, url.c_str());
    curl_easy_perform(curl_);
    long status = 0;
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &status);
    return status;
  }

private:
  std::string baseUrl_;
  CURL *curl_;
};
