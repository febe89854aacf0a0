// A chat server with no Table traffic: its Nagle setting is not a table
// finding.
#include <curl/curl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

void ConfigurePeer(int fd) {
  int off = 0;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &off, sizeof off); // ok: tablelint-nagle-enabled (no table traffic in this file)
}

void ConfigureWebhook(CURL *curl) {
  curl_easy_setopt(curl, CURLOPT_URL, "https://chat.example.com/hooks/42");
  curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 0L); // ok: tablelint-nagle-enabled (no table traffic in this file)
}
