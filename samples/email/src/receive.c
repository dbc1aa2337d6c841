/* Receiving a message (Base) with its optional decryption, signature check
   and forwarding. */
#include "mail.h"
#include "work.h"

#include <stdio.h>
#include <string.h>

unsigned long receive_message(const struct message *m) {
  char body[TEXT_LEN];
  memcpy(body, m->body, TEXT_LEN);
  work_ms(1.5); /* fetching and storing the message */
  printf("recv %-30s", m->peer);
  unsigned long digest = text_digest(body);
#ifdef DECRYPT
  decrypt_text(body);
  digest = text_digest(body);
  printf(" dec=%08lx", digest);
#endif
#ifdef VERIFY
  printf(" verified=%d", verify_text(body, text_digest(m->subject)));
#endif
  printf(" subject=\"%s\"\n", m->subject);
#ifdef FORWARD
  if (m->forward_to[0] != '\0')
    digest ^= forward_message(m);
#endif
  return digest;
}
