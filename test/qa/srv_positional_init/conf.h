#ifndef QA_CONF_H
#define QA_CONF_H

#include <stddef.h>

struct srv_conf {
  int listen_port;
  int workers;
#ifdef CONFIG_HTTP2
  int h2_streams;
#endif
  int keepalive;
#ifdef CONFIG_GZIP
  int gzip_level;
#endif
  int timeout;
};

struct command {
  const char *name;
  unsigned nargs;
  int (*set)(struct srv_conf *cf, const struct command *cmd, int value);
  size_t offset;
#ifdef CONFIG_HTTP2
  unsigned h2_only;
#endif
  int max;
};

int conf_set_num(struct srv_conf *cf, const struct command *cmd, int value);
int conf_set_flag(struct srv_conf *cf, const struct command *cmd, int value);

#endif
