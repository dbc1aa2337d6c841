/* Reading the mailbox file (Base). */
#include "mail.h"
#include "work.h"

#include <stdio.h>
#include <string.h>

/* Copies FIELD into OUT, zero-padded to TEXT_LEN bytes. */
static void copy_field(char *out, const char *field) {
  memset(out, 0, TEXT_LEN);
  if (field)
    strncpy(out, field, TEXT_LEN - 1);
}

int load_mailbox(const char *path, struct mailbox *box) {
  FILE *in = fopen(path, "r");
  if (!in) {
    fprintf(stderr, "email: cannot open %s\n", path);
    return 1;
  }
  char line[4 * TEXT_LEN + 16];
  box->count = 0;
  while (box->count < MAX_MESSAGES && fgets(line, sizeof line, in)) {
    line[strcspn(line, "\n")] = '\0';
    if (line[0] == '#' || line[0] == '\0')
      continue;
    struct message *m = &box->messages[box->count++];
    m->outgoing = strncmp(line, "OUT|", 4) == 0;
    strtok(line, "|");
    copy_field(m->peer, strtok(NULL, "|"));
    copy_field(m->subject, strtok(NULL, "|"));
    copy_field(m->body, strtok(NULL, "|"));
    copy_field(m->forward_to, strtok(NULL, "|"));
  }
  fclose(in);
  work_ms(30.0); /* opening and indexing the mailbox */
  return 0;
}

/* FNV-1a over the whole fixed-size text. */
unsigned long text_digest(const char *text) {
  unsigned long h = 2166136261UL;
  for (int i = 0; i < TEXT_LEN; ++i)
    h = ((h ^ (unsigned char)text[i]) * 16777619UL) & 0xffffffffUL;
  return h;
}
