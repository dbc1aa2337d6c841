/* bstcount: builds an unbalanced binary search tree of keys and answers
   range-count queries with a recursive walk whose depth is capped by a
   build-time setting, as index structures cap their search effort.
   MAX_DEPTH = 0 means no cap: the walk visits the whole range. */
#include <stdio.h>
#include <stdlib.h>

#ifndef MAX_DEPTH
#define MAX_DEPTH 0
#endif

struct node {
  unsigned key;
  struct node *left, *right;
};

static struct node *pool;
static size_t pool_used;

static struct node *insert(struct node *root, unsigned key) {
  struct node **link = &root;
  while (*link)
    link = key < (*link)->key ? &(*link)->left : &(*link)->right;
  struct node *n = &pool[pool_used++];
  n->key = key;
  n->left = n->right = NULL;
  *link = n;
  return root;
}

/* Counts the keys in [lo, hi] down to the depth limit. */
static unsigned long count_range(const struct node *n, unsigned lo, unsigned hi,
                                 int depth) {
  if (!n)
    return 0;
#if MAX_DEPTH > 0
  if (depth >= MAX_DEPTH)
    return 0; /* the cap: deeper keys are not counted */
#endif
  unsigned long c = 0;
  if (n->key >= lo && n->key <= hi)
    ++c;
#ifdef LEAF_STATS
  if (!n->left && !n->right)
    c += 1ul << 32;
#endif
  if (lo < n->key)
    c += count_range(n->left, lo, hi, depth + 1);
  if (hi > n->key)
    c += count_range(n->right, lo, hi, depth + 1);
  return c;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: bstcount WORKLOAD\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  unsigned keys, queries;
  if (!f || fscanf(f, "%u %u", &keys, &queries) != 2) {
    fprintf(stderr, "%s: cannot read the workload\n", argv[1]);
    return 2;
  }
  fclose(f);
  pool = malloc(keys * sizeof *pool);
  struct node *root = NULL;
  unsigned state = 777;
  for (unsigned i = 0; i < keys; ++i) {
    state = state * 1103515245u + 12345u;
    root = insert(root, state >> 4);
  }
  unsigned long total = 0;
  for (unsigned q = 0; q < queries; ++q) {
    state = state * 1103515245u + 12345u;
    unsigned lo = state >> 5;
    total += count_range(root, lo, lo + (1u << 21), 0);
  }
  printf("depth limit %d: %lu keys counted", MAX_DEPTH, total & 0xffffffffu);
#ifdef LEAF_STATS
  printf(", %lu leaves", total >> 32);
#endif
  printf("\n");
  free(pool);
  return 0;
}
