#pragma once

#include <stddef.h>
#include <stdint.h>

#include "config.h"

#define ARCHIVE_MAX_ENTRIES 8

struct archive_entry {
  char name[32];
  size_t offset;
  size_t stored;   /* bytes in the archive */
  size_t original; /* bytes before encoding */
  uint8_t flags;
};

enum { ENTRY_RLE = 1, ENTRY_XOR = 2 };

struct archive {
  uint8_t *data;
  size_t size;
  size_t cap;
  struct archive_entry entries[ARCHIVE_MAX_ENTRIES];
  int count;
};

int archive_init(struct archive *a, size_t cap);
void archive_free(struct archive *a);
int archive_add(struct archive *a, const char *name, const uint8_t *blob,
                size_t n);
int archive_extract(const struct archive *a, int index, uint8_t *out,
                    size_t cap, size_t *n);
#ifdef HAVE_JSON
void archive_list_json(const struct archive *a);
#endif
