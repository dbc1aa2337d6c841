#include <stdio.h>
#include <string.h>

#include "conf.h"

static const struct command commands[] = {
    {"listen", 1, conf_set_num, offsetof(struct srv_conf, listen_port),
#ifdef CONFIG_HTTP2
     0,
#endif
     65535},
    {"worker_processes", 1, conf_set_num, offsetof(struct srv_conf, workers),
#ifdef CONFIG_HTTP2
     0,
#endif
     64},
#ifdef CONFIG_HTTP2
    {"http2_max_streams", 1, conf_set_num,
     offsetof(struct srv_conf, h2_streams), 1, 1024},
#endif
    {"keepalive", 1, conf_set_flag, offsetof(struct srv_conf, keepalive),
#ifdef CONFIG_HTTP2
     0,
#endif
     1},
#ifdef CONFIG_GZIP
    {"gzip_comp_level", 1, conf_set_num,
     offsetof(struct srv_conf, gzip_level),
#ifdef CONFIG_HTTP2
     0,
#endif
     9},
#endif
    {"timeout", 1, conf_set_num, offsetof(struct srv_conf, timeout),
#ifdef CONFIG_HTTP2
     0,
#endif
     600},
};

static const struct srv_conf defaults = {
    80, 1,
#ifdef CONFIG_HTTP2
    128,
#endif
    1,
#ifdef CONFIG_GZIP
    6,
#endif
    60};

struct directive {
  const char *name;
  int value;
};

int main(void) {
  static const struct directive input[] = {
      {"listen", 8443},          {"worker_processes", 99},
      {"gzip_comp_level", 3},    {"http2_max_streams", 256},
      {"keepalive", 0},          {"timeout", 30},
      {"ssl_protocols", 1},
  };
  struct srv_conf cf;
  memcpy(&cf, &defaults, sizeof cf);
  size_t ncommands = sizeof commands / sizeof commands[0];
  int errors = 0;
  for (size_t i = 0; i < sizeof input / sizeof input[0]; i++) {
    const struct command *cmd = NULL;
    for (size_t c = 0; c < ncommands; c++)
      if (strcmp(commands[c].name, input[i].name) == 0)
        cmd = &commands[c];
    if (!cmd) {
      printf("unknown directive \"%s\"\n", input[i].name);
      errors++;
      continue;
    }
    if (cmd->set(&cf, cmd, input[i].value) != 0) {
      printf("invalid value %d for \"%s\"\n", input[i].value, cmd->name);
      errors++;
    }
  }
  printf("%zu directives: listen %d workers %d keepalive %d timeout %d\n",
         ncommands, cf.listen_port, cf.workers, cf.keepalive, cf.timeout);
#ifdef CONFIG_HTTP2
  printf("h2 streams %d\n", cf.h2_streams);
#endif
#ifdef CONFIG_GZIP
  printf("gzip level %d\n", cf.gzip_level);
#endif
  return errors;
}

// The refusals, pinned at this file's lines (not the rewrite's copies):
// REFUSAL-NOT: positional initializer
// REFUSAL: {{^.*}}/conf.c:6:12: error: the cast of 'struct srv_conf *' to 'char *'
// REFUSAL-NOT: positional initializer
// REFUSAL: {{^.*}}/main.c:21:{{[0-9]+}}: error: 'offsetof(struct srv_conf, keepalive)' depends on the configuration
// REFUSAL-NOT: positional initializer
// REFUSAL-NOT: main.c:{{(9[3-9]|[1-9][0-9][0-9])}}:
