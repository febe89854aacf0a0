/* Test mock of libcurl's easy interface (<curl/curl.h>): declarations only. */
#ifndef TABLELINT_MOCK_CURL_H
#define TABLELINT_MOCK_CURL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void CURL;

typedef enum {
  CURLE_OK = 0,
  CURLE_UNSUPPORTED_PROTOCOL = 1,
  CURLE_FAILED_INIT = 2,
  CURLE_URL_MALFORMAT = 3,
  CURLE_COULDNT_RESOLVE_HOST = 6,
  CURLE_COULDNT_CONNECT = 7,
  CURLE_HTTP_RETURNED_ERROR = 22,
  CURLE_WRITE_ERROR = 23,
  CURLE_OUT_OF_MEMORY = 27,
  CURLE_OPERATION_TIMEDOUT = 28,
  CURLE_SSL_CONNECT_ERROR = 35,
  CURLE_SEND_ERROR = 55,
  CURLE_RECV_ERROR = 56
} CURLcode;

/* Option numbers follow libcurl's: LONG options < 10000, pointers 10000+, functions 20000+. */
typedef enum {
  CURLOPT_WRITEDATA = 10001,
  CURLOPT_URL = 10002,
  CURLOPT_READDATA = 10009,
  CURLOPT_TIMEOUT = 13,
  CURLOPT_POSTFIELDS = 10015,
  CURLOPT_USERAGENT = 10018,
  CURLOPT_HTTPHEADER = 10023,
  CURLOPT_CUSTOMREQUEST = 10036,
  CURLOPT_VERBOSE = 41,
  CURLOPT_NOBODY = 44,
  CURLOPT_FAILONERROR = 45,
  CURLOPT_UPLOAD = 46,
  CURLOPT_POST = 47,
  CURLOPT_FOLLOWLOCATION = 52,
  CURLOPT_POSTFIELDSIZE = 60,
  CURLOPT_CONNECTTIMEOUT = 78,
  CURLOPT_HTTPGET = 80,
  CURLOPT_NOSIGNAL = 99,
  CURLOPT_TCP_NODELAY = 121,
  CURLOPT_TIMEOUT_MS = 155,
  CURLOPT_CONNECTTIMEOUT_MS = 156,
  CURLOPT_TCP_KEEPALIVE = 213,
  CURLOPT_WRITEFUNCTION = 20011,
  CURLOPT_READFUNCTION = 20012
} CURLoption;

typedef enum {
  CURLINFO_RESPONSE_CODE = 0x200002,
  CURLINFO_TOTAL_TIME = 0x300003
} CURLINFO;

/* A linked list of strings (request headers). */
struct curl_slist {
  char* data;
  struct curl_slist* next;
};

typedef size_t (*curl_write_callback)(char* buffer, size_t size, size_t nitems, void* outstream);

#define CURL_GLOBAL_SSL (1 << 0)
#define CURL_GLOBAL_WIN32 (1 << 1)
#define CURL_GLOBAL_ALL (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32)
#define CURL_GLOBAL_DEFAULT CURL_GLOBAL_ALL

CURLcode curl_global_init(long flags);
void curl_global_cleanup(void);

CURL* curl_easy_init(void);
CURLcode curl_easy_setopt(CURL* curl, CURLoption option, ...);
CURLcode curl_easy_perform(CURL* curl);
CURLcode curl_easy_getinfo(CURL* curl, CURLINFO info, ...);
void curl_easy_cleanup(CURL* curl);
void curl_easy_reset(CURL* curl);
const char* curl_easy_strerror(CURLcode code);
char* curl_easy_escape(CURL* curl, const char* string, int length);
void curl_free(void* p);

struct curl_slist* curl_slist_append(struct curl_slist* list, const char* data);
void curl_slist_free_all(struct curl_slist* list);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TABLELINT_MOCK_CURL_H */
