/* Sending a message (Base) with its optional signature and encryption, and
   the FORWARD feature, which sends a received message on through the same
   code: SIGN and ENCRYPT therefore interact with FORWARD. */
#include "mail.h"
#include "work.h"

#include <stdio.h>
#include <string.h>

unsigned long send_message(const struct message *m) {
  char address[2 * TEXT_LEN];
  char body[TEXT_LEN];
  resolve_address(m->peer, address, sizeof address);
  memcpy(body, m->body, TEXT_LEN);
  work_ms(2.0); /* composing and queueing the message */
  printf("send %-30s", address);
  unsigned long digest = text_digest(body);
#ifdef SIGN
  {
    unsigned long signature = sign_text(body);
#ifdef ENCRYPT
    /* An encrypted message's signature also covers its encryption header:
       time spent only when SIGN and ENCRYPT are both selected. */
    work_ms(0.5);
    signature = (signature * 33 + MAIL_KEY) & 0xffffffffUL;
#endif
    printf(" sig=%08lx", signature);
    digest ^= signature;
  }
#endif
#ifdef ENCRYPT
  encrypt_text(body);
  printf(" enc=%08lx", text_digest(body));
  digest = digest * 7 + text_digest(body);
#endif
  printf(" subject=\"%s\"\n", m->subject);
  return digest & 0xffffffffUL;
}

#ifdef FORWARD
unsigned long forward_message(const struct message *m) {
  static struct message fwd;
  memset(&fwd, 0, sizeof fwd);
  fwd.outgoing = 1;
  memcpy(fwd.peer, m->forward_to, TEXT_LEN);
  snprintf(fwd.subject, TEXT_LEN, "Fwd: %.100s", m->subject);
  memcpy(fwd.body, m->body, TEXT_LEN);
  work_ms(0.5); /* quoting the original message */
  return send_message(&fwd);
}
#endif
