#include "fsm.h"

static const char *const state_names[ST_ERROR + 1] = {
    [ST_START] = "start",
    [ST_PATH] = "path",
#ifdef FSM_QUERY
    [ST_QUERY] = "query",
#endif
    [ST_HEADER] = "header",
#ifdef FSM_CHUNKED
    [ST_CHUNK_SIZE] = "chunk-size",
    [ST_CHUNK_DATA] = "chunk-data",
#endif
    [ST_DONE] = "done",
    [ST_ERROR] = "error",
};

const char *fsm_state_name(enum fsm_state s) {
  if ((unsigned)s > ST_ERROR)
    return "?";
  return state_names[s];
}

chunk_kind fsm_chunk_kind(size_t n) {
  if (n == 0)
    return CK_NONE;
  return n < CK_SMALL ? CK_SMALL : n < CK_LAST ? CK_LARGE : CK_LAST;
}

int fsm_feed(struct fsm *m, const char *p, size_t len) {
  size_t i;
#ifdef FSM_CHUNKED
  unsigned chunk = 0;
#endif
  m->state = ST_START;
  for (i = 0; i < len && !FSM_TERMINAL(m->state); ++i) {
    char c = p[i];
    m->steps++;
    switch (m->state) {
    case ST_START:
      m->state = c == '/' ? ST_PATH : ST_ERROR;
      break;
    case ST_PATH:
      if (c == ' ')
        m->state = ST_HEADER;
#ifdef FSM_QUERY
      else if (c == '?')
        m->state = ST_QUERY;
#endif
      else
        m->chars++;
      break;
#ifdef FSM_QUERY
    case ST_QUERY:
      if (c == ' ')
        m->state = ST_HEADER;
      break;
#endif
    case ST_HEADER:
      if (c == '\n') {
#ifdef FSM_CHUNKED
        m->state = ST_CHUNK_SIZE;
#else
        m->state = ST_DONE;
#endif
      }
      break;
#ifdef FSM_CHUNKED
    case ST_CHUNK_SIZE:
      if (c >= '0' && c <= '9')
        chunk = chunk * 10 + (unsigned)(c - '0');
      else if (c == ';')
        m->state = chunk ? ST_CHUNK_DATA : ST_DONE;
      break;
    case ST_CHUNK_DATA:
      if (--chunk == 0)
        m->state = ST_CHUNK_SIZE;
      break;
#endif
    default:
      m->state = ST_ERROR;
      break;
    }
  }
  return FSM_TERMINAL(m->state) ? (int)m->state : -1;
}
