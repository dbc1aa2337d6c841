/* An e-mail client: sends the outgoing and receives the incoming messages of
   a mailbox file, printing one line per message and a digest of the run.
   Usage: email MAILBOX */
#include "mail.h"

#include <stdio.h>

int main(int argc, char **argv) {
  static struct mailbox box;
  if (argc != 2) {
    fprintf(stderr, "usage: email MAILBOX\n");
    return 2;
  }
  if (load_mailbox(argv[1], &box) != 0)
    return 1;

  unsigned long digest = 0;
  for (int i = 0; i < box.count; ++i) {
    if (box.messages[i].outgoing)
      digest = digest * 31 + send_message(&box.messages[i]);
    else
      digest = digest * 31 + receive_message(&box.messages[i]);
  }
  printf("processed %d messages, digest %08lx\n", box.count,
         digest & 0xffffffffUL);
  return 0;
}
