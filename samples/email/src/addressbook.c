/* Address resolution: the ADDRESSBOOK feature looks nicknames up; without
   it (#else) the raw name is checked and completed instead. */
#include "mail.h"
#include "work.h"

#include <stdio.h>
#include <string.h>

#ifdef ADDRESSBOOK
static const struct {
  const char *nick;
  const char *address;
} book[] = {
    {"bob", "Bob Smith <bob@example.org>"},
    {"carol", "Carol Jones <carol@example.org>"},
    {"dave", "Dave Brown <dave@example.net>"},
    {"erin", "Erin Wilson <erin@example.com>"},
    {"grace", "Grace Hopper <grace@example.edu>"},
    {"ivan", "Ivan Petrov <ivan@example.org>"},
};
#endif

void resolve_address(const char *name, char *out, size_t size) {
#ifdef ADDRESSBOOK
  work_ms(1.0); /* loading and searching the address book */
  snprintf(out, size, "%s", name);
  for (size_t i = 0; i < sizeof book / sizeof book[0]; ++i)
    if (strcmp(book[i].nick, name) == 0)
      snprintf(out, size, "%s", book[i].address);
#else
  work_ms(0.8); /* checking the raw address: only when ADDRESSBOOK is off */
  snprintf(out, size, "%s@mail.local", name);
#endif
}
