#include <stdio.h>

#define WINDOW_GEOMETRY 640, 480

struct window {
  int id;
#ifdef WITH_TLS
  int secure;
#endif
  int width;
  int height;
  int flags;
};

static const struct window main_window = {1,
#ifdef WITH_TLS
                                          1,
#endif
                                          WINDOW_GEOMETRY, 3};

int main(void) {
  int area = main_window.width * main_window.height;
#ifdef WITH_QUOTA
  area /= 2;
#endif
  printf("window %d area %d flags %d\n", main_window.id, area,
         main_window.flags);
  return main_window.flags;
}

// REFUSAL: {{^.*}}/main.c:19:43: error: positional initializer of 'struct window'
