/* A column histogram in the style of a database's ANALYZE: one block holds
 * the accumulator header, its per-column counters and, with samples on,
 * the sample slots and their counters behind them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUND8(x) (((x) + 7) & ~7)

typedef unsigned long long count_t;

struct slot {
  count_t *eq;
  count_t *lt;
#ifdef HIST_SAMPLES
  long key;     /* the sampled value */
  int column;   /* the column it was taken for */
  unsigned tag; /* tie-breaker */
#endif
};

struct accum {
  int ncol;
  long rows;
  struct slot current;
#ifdef HIST_TRACK_MIN
  long min_seen;
  int min_col;
#endif
  int nslot;
  struct slot *slots;
};

static void *hist_malloc_zero(size_t n) {
  void *p = malloc(n);
  if (p)
    memset(p, 0, n);
  return p;
}

static struct accum *accum_new(int ncol, int nslot) {
  struct accum *p;
  int n;
  n = ROUND8(sizeof(*p) + sizeof(count_t) * ncol * 2);
  if (nslot)
    n += sizeof(struct slot) * (ncol + nslot) +
         sizeof(count_t) * 2 * ncol * (ncol + nslot);
  p = hist_malloc_zero(n);
  if (p == 0)
    return 0;
  p->ncol = ncol;
  p->nslot = nslot;
  p->current.eq = (count_t *)&p[1];
  p->current.lt = &p->current.eq[ncol];
#ifdef HIST_TRACK_MIN
  p->min_seen = 1L << 40;
  p->min_col = -1;
#endif
  if (nslot) {
    unsigned char *space;
    p->slots = (struct slot *)((char *)p + ROUND8(sizeof(*p) +
                                                  sizeof(count_t) * ncol * 2));
    space = (unsigned char *)&p->slots[nslot + ncol];
    for (int i = 0; i < nslot + ncol; i++) {
      p->slots[i].eq = (count_t *)space;
      space += sizeof(count_t) * ncol;
      p->slots[i].lt = (count_t *)space;
      space += sizeof(count_t) * ncol;
#ifdef HIST_SAMPLES
      p->slots[i].column = i % ncol;
      p->slots[i].tag = (unsigned)(i * 2654435761u);
#endif
    }
  }
  return p;
}

/* A name table: a header, then the characters of every name. */
struct names {
  int count;
#ifdef HIST_TRACK_MIN
  int longest;
#endif
  int used;
  char *text; /* behind the header */
};

static struct names *names_new(const char *const *list, int count) {
  size_t total = 0;
  for (int i = 0; i < count; i++)
    total += strlen(list[i]) + 1;
  struct names *h = malloc(sizeof(struct names) + total);
  if (!h)
    return 0;
  char *text = (char *)(h + 1);
  h->text = text;
  h->count = count;
  h->used = 0;
#ifdef HIST_TRACK_MIN
  h->longest = 0;
#endif
  for (int i = 0; i < count; i++) {
    size_t len = strlen(list[i]);
    memcpy(text + h->used, list[i], len + 1);
    h->used += (int)len + 1;
#ifdef HIST_TRACK_MIN
    if ((int)len > h->longest)
      h->longest = (int)len;
#endif
  }
  return h;
}

static const char *names_at(struct names *h, int i) {
  const char *text = h->text;
  while (i-- > 0)
    text += strlen(text) + 1;
  return text;
}

static void accum_push(struct accum *p, const long *row) {
  p->rows++;
  for (int c = 0; c < p->ncol; c++) {
    p->current.eq[c] += (count_t)(row[c] & 3);
    p->current.lt[c] += (count_t)(row[c] > 50);
#ifdef HIST_TRACK_MIN
    if (row[c] < p->min_seen) {
      p->min_seen = row[c];
      p->min_col = c;
    }
#endif
  }
  for (int i = 0; i < p->nslot + p->ncol && p->nslot; i++) {
    int c = (int)(p->rows + i) % p->ncol;
    p->slots[i].eq[c] += 1;
    p->slots[i].lt[c] += (count_t)(row[c] % 7);
#ifdef HIST_SAMPLES
    if (p->slots[i].column == c && (p->rows + p->slots[i].tag) % 5 == 0)
      p->slots[i].key = row[c];
#endif
  }
}

int main(void) {
  static const char *const cols[] = {"id", "price", "quantity"};
  struct names *names = names_new(cols, 3);
  struct accum *p = accum_new(3, 4);
  if (!names || !p)
    return 2;
  long row[3];
  for (int r = 0; r < 200; r++) {
    row[0] = r;
    row[1] = (r * 37) % 101;
    row[2] = 100 - (r * 13) % 97;
    accum_push(p, row);
  }
  for (int c = 0; c < p->ncol; c++)
    printf("%-8s eq=%llu lt=%llu\n", names_at(names, c), p->current.eq[c],
           p->current.lt[c]);
  unsigned long long check = 0;
  for (int i = 0; i < p->nslot + p->ncol; i++)
    for (int c = 0; c < p->ncol; c++)
      check = check * 31 + p->slots[i].eq[c] * 7 + p->slots[i].lt[c];
  printf("slots %llu\n", check);
  int code = (int)(check % 7);
#ifdef HIST_TRACK_MIN
  printf("min %ld in %s (longest name %d)\n", p->min_seen,
         names_at(names, p->min_col), names->longest);
  code += 10;
#endif
#ifdef HIST_SAMPLES
  long keys = 0;
  for (int i = 0; i < p->nslot + p->ncol; i++)
    keys += p->slots[i].key * (i + 1);
  printf("sample keys %ld\n", keys);
  code += 20;
#endif
  free(p);
  free(names);
  return code;
}
