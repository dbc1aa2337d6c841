/* The e-mail client's messages and the functions of its features. */
#ifndef EMAIL_MAIL_H
#define EMAIL_MAIL_H

#include <stddef.h>

/* Fixed-size fields: every loop over a text runs over TEXT_LEN bytes, so no
   feature's data decides how long another feature's loop runs. */
#define TEXT_LEN 128
#define MAX_MESSAGES 64

struct message {
  int outgoing;
  char peer[TEXT_LEN];
  char subject[TEXT_LEN];
  char body[TEXT_LEN];
  char forward_to[TEXT_LEN];
};

struct mailbox {
  int count;
  struct message messages[MAX_MESSAGES];
};

/* The shared secret of signatures and encryption. */
#define MAIL_KEY 0x5bd1e995UL

int load_mailbox(const char *path, struct mailbox *box);
unsigned long text_digest(const char *text);

unsigned long send_message(const struct message *m);
unsigned long receive_message(const struct message *m);
void resolve_address(const char *name, char *out, size_t size);

#ifdef SIGN
unsigned long sign_text(const char *text);
#endif
#ifdef VERIFY
int verify_text(const char *text, unsigned long signature);
#endif
#ifdef ENCRYPT
void encrypt_text(char *text);
#endif
#ifdef DECRYPT
void decrypt_text(char *text);
#endif
#ifdef FORWARD
unsigned long forward_message(const struct message *m);
#endif

#endif
