/* http.c - an incremental HTTP/1.1 request parser as a state machine. */
#include "http.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#if defined(HTTP_STRICT)
#define HEADER_CHAR_OK(c) (isalnum((unsigned char)(c)) || (c) == '-')
#elif defined(HTTP_LENIENT)
#define HEADER_CHAR_OK(c) ((c) > 32 && (c) < 127 && (c) != ':')
#else
#define HEADER_CHAR_OK(c) ((c) != ':' && (c) != '\r' && (c) != '\n')
#endif

#if 0
/* The old, recursive parser; kept for reference. */
static int parse_line(const char *p) { return p ? parse_line(p + 1) : 0; }
#endif

const char *http_state_name(enum http_state s) {
  switch (s) {
  case ST_METHOD: return "method";
  case ST_PATH: return "path";
#ifdef HTTP_QUERY
  case ST_QUERY: return "query";
#endif
  case ST_VERSION: return "version";
  case ST_HEADER_NAME: return "header-name";
  case ST_HEADER_VALUE: return "header-value";
  case ST_BODY: return "body";
#ifdef HTTP_CHUNKED
  case ST_CHUNK_SIZE: return "chunk-size";
  case ST_CHUNK_DATA: return "chunk-data";
#endif
  case ST_DONE: return "done";
  case ST_ERROR: return "error";
  }
  return "?";
}

static unsigned long parsed;

unsigned long http_requests_parsed(void) { return parsed; }

static unsigned header_hash(const char *s, size_t n) {
  unsigned h = 5381;
  while (n--)
    h = h * 33u + (unsigned)tolower((unsigned char)*s++);
  return h;
}

static void apply_header(struct http_request *req, const char *name,
                         size_t nlen, const char *value) {
  static unsigned h_conn, h_len, h_te, h_upg;
  unsigned h;

  if (!h_conn) {
    h_conn = header_hash("connection", 10);
    h_len = header_hash("content-length", 14);
    h_te = header_hash("transfer-encoding", 17);
    h_upg = header_hash("upgrade", 7);
  }
  h = header_hash(name, nlen);
  if (h == h_conn && strncmp(value, "keep-alive", 10) == 0)
    req->flags |= HF_KEEPALIVE;
  else if (h == h_len) {
    req->content_length = strtol(value, NULL, 10);
    req->flags |= HF_HAS_BODY;
  }
#ifdef HTTP_CHUNKED
  else if (h == h_te && strncmp(value, "chunked", 7) == 0)
    req->flags |= HF_CHUNKED | HF_HAS_BODY;
#endif
  else if (h == h_upg)
    req->flags |= HF_UPGRADE;
  (void)h_te;
}

int http_parse(struct http_request *req, const char *text, size_t len) {
  const char *p = text, *end = text + len;
  const char *mark = p;
  char *name = NULL;
  size_t nlen = 0, k = 0;
#ifdef HTTP_CHUNKED
  long chunk = 0;
#endif
  int rc = -1;

  memset(req, 0, sizeof *req);
  name = malloc(64);
  if (!name)
    goto fail;

  while (p < end && req->state != ST_DONE && req->state != ST_ERROR) {
    char c = *p;
    switch (req->state) {
    case ST_METHOD:
      if (c == ' ') {
        req->state = ST_PATH;
        k = 0;
      } else if (k + 1 < sizeof req->method && isupper((unsigned char)c)) {
        req->method[k++] = c;
      } else {
        req->state = ST_ERROR;
      }
      break;
    case ST_PATH:
      if (c == ' ') {
        req->state = ST_VERSION;
#ifdef HTTP_QUERY
      } else if (c == '?') {
        req->state = ST_QUERY;
        k = 0;
#endif
      } else if (k + 1 < sizeof req->path) {
        req->path[k++] = c;
      }
      break;
#ifdef HTTP_QUERY
    case ST_QUERY:
      if (c == ' ') {
        req->state = ST_VERSION;
        if (k)
          req->params++;
      } else {
        if (c == '&')
          req->params++;
        if (k + 1 < sizeof req->query)
          req->query[k++] = c;
      }
      break;
#endif
    case ST_VERSION:
      if (c == '\n') {
        req->state = ST_HEADER_NAME;
        mark = p + 1;
      }
      break;
    case ST_HEADER_NAME:
      if (c == '\r' || c == '\n') {
        if (c == '\n') {
#ifdef HTTP_CHUNKED
          if (req->flags & HF_CHUNKED) {
            req->state = ST_CHUNK_SIZE;
            break;
          }
#endif
          req->state = (req->flags & HF_HAS_BODY) ? ST_BODY : ST_DONE;
        }
      } else if (c == ':') {
        nlen = (size_t)(p - mark);
        if (nlen > 63)
          nlen = 63;
        memcpy(name, mark, nlen);
        req->state = ST_HEADER_VALUE;
        mark = p + 1;
      } else if (!HEADER_CHAR_OK(c)) {
        req->state = ST_ERROR;
      }
      break;
    case ST_HEADER_VALUE:
      if (c == '\n') {
        while (*mark == ' ')
          ++mark;
        apply_header(req, name, nlen, mark);
        req->headers++;
        req->state = ST_HEADER_NAME;
        mark = p + 1;
      }
      break;
    case ST_BODY:
      if (++req->body_bytes >= req->content_length)
        req->state = ST_DONE;
      break;
#ifdef HTTP_CHUNKED
    case ST_CHUNK_SIZE:
      if (isxdigit((unsigned char)c)) {
        chunk = chunk * 16 + (isdigit((unsigned char)c) ? c - '0'
                                                        : (c | 0x20) - 'a' + 10);
      } else if (c == '\n') {
        req->state = chunk == 0 ? ST_DONE : ST_CHUNK_DATA;
      }
      break;
    case ST_CHUNK_DATA:
      if (chunk > 0) {
        --chunk;
        req->body_bytes++;
      } else if (c == '\n') {
        req->state = ST_CHUNK_SIZE;
      }
      break;
#endif
    case ST_DONE:
    case ST_ERROR:
      break;
    }
    ++p;
  }
  if (req->state == ST_BODY && req->body_bytes >= req->content_length)
    req->state = ST_DONE;
  if (req->state != ST_DONE)
    goto fail;
  ++parsed;
  rc = (int)(p - text);
fail:
  free(name);
  return rc;
}
