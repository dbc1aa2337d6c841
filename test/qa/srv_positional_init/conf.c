#include "conf.h"

int conf_set_num(struct srv_conf *cf, const struct command *cmd, int value) {
  if (value > cmd->max)
    return -1;
  *(int *)((char *)cf + cmd->offset) = value;
  return 0;
}

int conf_set_flag(struct srv_conf *cf, const struct command *cmd, int value) {
  *(int *)((char *)cf + cmd->offset) = value != 0;
  return 0;
}
