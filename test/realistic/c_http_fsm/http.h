#ifndef HTTP_H
#define HTTP_H

#include <stddef.h>

/* Request flags (bit set). */
#define HF_KEEPALIVE 0x01u
#define HF_HAS_BODY 0x02u
#ifdef HTTP_CHUNKED
#define HF_CHUNKED 0x04u
#endif
#define HF_UPGRADE 0x08u

enum http_state {
  ST_METHOD,
  ST_PATH,
#ifdef HTTP_QUERY
  ST_QUERY,
#endif
  ST_VERSION,
  ST_HEADER_NAME,
  ST_HEADER_VALUE,
  ST_BODY,
#ifdef HTTP_CHUNKED
  ST_CHUNK_SIZE,
  ST_CHUNK_DATA,
#endif
  ST_DONE,
  ST_ERROR
};

struct http_request {
  char method[8];
  char path[64];
#ifdef HTTP_QUERY
  char query[64];
  unsigned params;
#endif
  unsigned flags;
  unsigned headers;
  long content_length;
  long body_bytes;
  enum http_state state;
};

int http_parse(struct http_request *req, const char *text, size_t len);
const char *http_state_name(enum http_state s);
unsigned long http_requests_parsed(void);

#endif
