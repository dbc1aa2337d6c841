/* httpbench: parses a batch of synthetic HTTP requests. */
#include "http.h"

#include <stdio.h>
#include <string.h>

static const char *const requests[] = {
    "GET /index.html HTTP/1.1\r\nHost: example.org\r\nConnection: "
    "keep-alive\r\n\r\n",
    "GET /search?q=varsim&page=2 HTTP/1.1\r\nHost: example.org\r\n\r\n",
    "POST /upload HTTP/1.1\r\nContent-Length: 11\r\n\r\nhello world",
    "POST /stream HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
    "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nX_Weird_Header: 1\r\n\r\n",
    "get /lower HTTP/1.1\r\n\r\n",
    "PUT /a?x=1&y=2&z=3 HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc",
};

#define NREQ (sizeof requests / sizeof requests[0])

int main(void) {
  unsigned long per_state[ST_ERROR + 1];
  unsigned long flags_seen = 0, headers = 0, body = 0;
  int i, round, failed = 0;

  memset(per_state, 0, sizeof per_state);
  for (round = 0; round < 4000; ++round) {
    for (i = 0; i < (int)NREQ; ++i) {
      struct http_request req;
      int n = http_parse(&req, requests[i], strlen(requests[i]));
      per_state[req.state]++;
      if (n < 0) {
        ++failed;
        continue;
      }
      flags_seen += req.flags;
      headers += req.headers;
      body += (unsigned long)req.body_bytes;
      if (round == 0) {
        printf("%-5s %-12s flags=%x headers=%u body=%ld", req.method,
               req.path, req.flags, req.headers, req.body_bytes);
#ifdef HTTP_QUERY
        printf(" query='%s' params=%u", req.query, req.params);
#endif
        printf("\n");
      }
    }
  }
  printf("parsed %lu, failed %d, flags %lu, headers %lu, body %lu\n",
         http_requests_parsed(), failed, flags_seen, headers, body);
  for (i = 0; i <= ST_ERROR; ++i)
    if (per_state[i])
      printf("  ended in %-12s %lu\n", http_state_name((enum http_state)i),
             per_state[i]);
  return failed / 4000;
}
