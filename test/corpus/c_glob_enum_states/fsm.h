#ifndef FSM_H
#define FSM_H

#include <stddef.h>

enum fsm_state {
  ST_START,
  ST_PATH,
#ifdef FSM_QUERY
  ST_QUERY,
#endif
  ST_HEADER,
#ifdef FSM_CHUNKED
  ST_CHUNK_SIZE,
  ST_CHUNK_DATA,
#endif
  ST_DONE,
  ST_ERROR
};

#define FSM_TERMINAL(s) ((s) == ST_DONE || (s) == ST_ERROR)

#ifdef FSM_WIDE
#define CHUNK_BASE 16
#else
#define CHUNK_BASE 8
#endif

typedef enum {
  CK_NONE,
  CK_SMALL = CHUNK_BASE,
  CK_LARGE,
  CK_LAST = CK_LARGE * 2
} chunk_kind;

struct fsm {
  enum fsm_state state;
  unsigned long steps;
  unsigned long chars;
};

int fsm_feed(struct fsm *m, const char *text, size_t len);
const char *fsm_state_name(enum fsm_state s);
chunk_kind fsm_chunk_kind(size_t n);

#endif
