// A raw-socket client for the Table emulator (devstoreaccount1 on port
// 10002): the socket options it sets before sending requests.
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

static const char kRequestLine[] =
    "GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: 127.0.0.1:10002\r\n";

int OpenTableSocket(bool batchWrites) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  int off = 0;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &off, sizeof off); // expect: tablelint-nagle-enabled "TCP_NODELAY set to 0 with setsockopt turns Nagle's algorithm back on in a file that sends table requests"

  const int disabled = 0;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, (const char *)&disabled, sizeof(disabled)); // expect: tablelint-nagle-enabled "set it to 1 before the first request"

  int on = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on); // ok: tablelint-nagle-enabled (TCP_NODELAY on)

  int nodelay = 1;
  if (batchWrites)
    nodelay = 0;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &nodelay, sizeof nodelay); // ok: tablelint-nagle-enabled (the value depends on the caller)

  int keepAlive = 0;
  setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &keepAlive, sizeof keepAlive); // ok: tablelint-nagle-enabled (another option)
  send(fd, kRequestLine, sizeof kRequestLine - 1, 0);
  return fd;
}
