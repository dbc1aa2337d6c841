#include "archive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

#define ARCHIVE_KEY 0x5eed1234u

int archive_init(struct archive *a, size_t cap) {
  memset(a, 0, sizeof *a);
  a->data = malloc(cap);
  a->cap = cap;
  return a->data ? 0 : -1;
}

void archive_free(struct archive *a) { free(a->data); }

int archive_add(struct archive *a, const char *name, const uint8_t *blob,
                size_t n) {
  int rc = -1;
  uint8_t *work = malloc(2 * n + 2);
  if (!work)
    return -1;
  size_t len = n;
  uint8_t flags = 0;
  memcpy(work, blob, n);

  if (a->count == ARCHIVE_MAX_ENTRIES)
    goto cleanup;
#if HAVE_COMPRESS
  {
    uint8_t *packed = malloc(2 * n + 2);
    if (!packed)
      goto cleanup;
    size_t plen = rle_encode(work, len, packed, 2 * n + 2);
    if (plen > 0 && plen < len) {
      memcpy(work, packed, plen);
      len = plen;
      flags |= ENTRY_RLE;
    }
    free(packed);
  }
#endif
#ifdef HAVE_ENCRYPT
  xor_stream(work, len, ARCHIVE_KEY + (uint32_t)a->count);
  flags |= ENTRY_XOR;
#endif
  if (a->size + len > a->cap) {
    printf("packr: archive full, '%s' skipped\n", name);
    goto cleanup;
  }

  struct archive_entry *e = &a->entries[a->count];
  snprintf(e->name, sizeof e->name, "%s", name);
  e->offset = a->size;
  e->stored = len;
  e->original = n;
  e->flags = flags;
  memcpy(a->data + a->size, work, len);
  a->size += len;
  rc = a->count++;

cleanup:
  free(work);
  return rc;
}

int archive_extract(const struct archive *a, int index, uint8_t *out,
                    size_t cap, size_t *n) {
  const struct archive_entry *e = &a->entries[index];
  uint8_t buf[512];
  if (e->stored > sizeof buf)
    return -1;
  memcpy(buf, a->data + e->offset, e->stored);
  size_t len = e->stored;
#ifdef HAVE_ENCRYPT
  if (e->flags & ENTRY_XOR)
    xor_stream(buf, len, ARCHIVE_KEY + (uint32_t)index);
#endif
#if HAVE_COMPRESS
  if (e->flags & ENTRY_RLE) {
    *n = rle_decode(buf, len, out, cap);
    return *n == e->original ? 0 : -1;
  }
#endif
  if (len > cap)
    return -1;
  memcpy(out, buf, len);
  *n = len;
  return 0;
}

#ifdef HAVE_JSON
void archive_list_json(const struct archive *a) {
  printf("{\"entries\":[");
  for (int i = 0; i < a->count; ++i) {
    const struct archive_entry *e = &a->entries[i];
    printf("%s{\"name\":\"%s\",\"stored\":%zu,\"size\":%zu,\"flags\":%u}",
           i ? "," : "", e->name, e->stored, e->original, e->flags);
  }
  printf("],\"bytes\":%zu}\n", a->size);
}
#endif
