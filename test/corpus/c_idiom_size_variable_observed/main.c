/* A cache whose entry size is reported to the user. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
  int key;
  int value;
#ifdef CACHE_TRACK_AGE
  long age;
#endif
};

int main(void) {
  int n = 16;
  int per_entry = sizeof(struct entry);
  struct entry *tab = malloc(n * per_entry);
  if (!tab)
    return 1;
  memset(tab, 0, n * per_entry);
  for (int i = 0; i < n; i++)
    tab[i].key = i, tab[i].value = i * i;
  printf("bytes per entry: %d\n", per_entry);
  /* The second int of the first entry, by its offset: a layout assumption. */
  int second = *(int *)((char *)tab + 4);
  printf("value[0]=%d\n", second);
  free(tab);
  return 0;
}
// REFUSAL: {{^.*}}/main.c:16:19: error: 'sizeof(struct entry)' depends on the configuration: the simulator holds the members of every variant (member 'age' under CACHE_TRACK_AGE at {{.*}}main.c:10), so it would differ from the variant's; only allocation and memset/memcpy sizes are allowed
// REFUSAL: {{^.*}}/main.c:25:25: error: the cast of 'struct entry *' to 'char *' reads the bytes of 'struct entry' through another type
// REFUSAL: varsim: note: nothing was written
