/* Exercises the slab allocator with a small object graph. */
#include <stdio.h>
#include <string.h>

#include "slab.h"

struct node {
  int key;
  struct node *left, *right;
  char tag[12];
};

static struct node *insert(struct slab_cache *c, struct node *root, int key) {
  if (!root) {
    struct node *n = slab_alloc(c);
    if (!n)
      return NULL;
    memset(n, 0, sizeof *n);
    n->key = key;
    snprintf(n->tag, sizeof n->tag, "k%d", key);
    return n;
  }
  if (key < root->key)
    root->left = insert(c, root->left, key);
  else
    root->right = insert(c, root->right, key);
  return root;
}

static int height(const struct node *n) {
  if (!n)
    return 0;
  int l = height(n->left), r = height(n->right);
  return 1 + (l > r ? l : r);
}

static int release(struct slab_cache *c, struct node *n) {
  if (!n)
    return 0;
  int bad = release(c, n->left) + release(c, n->right);
  return bad + (slab_free(c, n) != 0);
}

int main(void) {
  struct slab_cache cache;
  slab_cache_init(&cache, "nodes", sizeof(struct node));
  printf("slot size %zu, %zu slots per page\n", cache.slot_size,
         slab_slots_per_page(&cache));

  struct node *root = NULL;
  for (int i = 0; i < 40; ++i)
    root = insert(&cache, root, (i * 37) % 101);
  printf("tree height %d\n", height(root));

  size_t pages = 0;
  for (const struct slab_page *p = cache.pages; p; p = p->next)
    ++pages;
  printf("pages in use: %zu\n", pages);

#ifdef SLAB_DEBUG
  /* Overrun the tag of one node: the back guard must catch it on free. */
  memset(root->right->tag, 'x', sizeof root->right->tag + 2);
#endif

  int bad = release(&cache, root);
  slab_report(&cache);
  slab_cache_destroy(&cache);
  printf("corrupted: %d\n", bad);
  return (int)pages * 2 + bad;
}
