/* Signatures and encryption (toy algorithms with designed costs). */
#include "mail.h"
#include "work.h"

/* XORs TEXT with a keystream derived from MAIL_KEY: encryption and
   decryption are the same operation. */
static void xor_keystream(char *text) {
  unsigned long k = MAIL_KEY;
  for (int i = 0; i < TEXT_LEN; ++i) {
    k = (k * 1103515245UL + 12345UL) & 0xffffffffUL;
    text[i] = (char)(text[i] ^ (char)(k >> 16));
  }
}

#ifdef SIGN
unsigned long sign_text(const char *text) {
  work_ms(1.2); /* hashing with the private key */
  return (text_digest(text) ^ MAIL_KEY) & 0xffffffffUL;
}
#endif

#ifdef VERIFY
/* Checking a signature signs the text again (a call from VERIFY into SIGN;
   VERIFY implies SIGN, so the interaction simplifies to VERIFY). */
int verify_text(const char *text, unsigned long claimed) {
  work_ms(1.0); /* fetching the sender's public key */
  return sign_text(text) == claimed;
}
#endif

#ifdef ENCRYPT
void encrypt_text(char *text) {
  work_ms(2.0);
  xor_keystream(text);
}
#endif

#ifdef DECRYPT
void decrypt_text(char *text) {
  work_ms(1.8);
  xor_keystream(text);
}
#endif
