/* userconf.h: the embedder's hooks and limits (Lua-style luaconf.h). */
#ifndef QA_USERCONF_H
#define QA_USERCONF_H

#ifdef CONFIG_TRACE_ALLOC
void trace_alloc(const void *p, unsigned n);
#define on_alloc(p, n) trace_alloc((p), (n))
#endif

#ifdef CONFIG_SMALL
#define MAX_ITEMS 4
#define GROWTH(n) ((n) + 1)
#endif

#ifdef CONFIG_USER_STATE
#define state_open(s) ((s)->user = 42)
#endif

#endif
