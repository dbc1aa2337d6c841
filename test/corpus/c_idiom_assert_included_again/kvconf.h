/* The store's configuration: the API checks use the C assertions, as the
 * build defines them (Lua's luaconf.h, LUA_USE_APICHECK). */
#ifndef KVCONF_H
#define KVCONF_H

#if defined(KV_APICHECK)
#include <assert.h>
#define kv_apicheck(e) assert(e)
#endif

#endif
