/* imgfilt: applies a sharpen and a blur filter to a generated image and
 * prints digests; the exit code is the low bits of the final digest. */
#include <stdio.h>

#include "image.h"

#define WIDTH 61
#define HEIGHT 37

static const kernel3 sharpen = {{{0, -1, 0}, {-1, 5, -1}, {0, -1, 0}}, 1};
static const kernel3 blur = {{{1, 2, 1}, {2, 4, 2}, {1, 2, 1}}, 16};

static void print_row(const image *img, int y) {
  for (int x = 0; x < img->width; x += 6)
    printf("%4d", img->pixels[y * img->width + x]);
  putchar('\n');
}

int main(void) {
  image a, b;
  if (image_alloc(&a, WIDTH, HEIGHT) || image_alloc(&b, WIDTH, HEIGHT)) {
    fprintf(stderr, "imgfilt: out of memory\n");
    return 100;
  }
  image_fill_pattern(&a, 42);
  printf("variant %s, input digest %08x\n", convolve3_variant(),
         (unsigned)image_digest(&a));

  for (int pass = 0; pass < 4; ++pass) {
    convolve3(&a, &b, pass % 2 ? &blur : &sharpen);
    image t = a;
    a = b;
    b = t;
    printf("pass %d digest %08x\n", pass, (unsigned)image_digest(&a));
  }
  print_row(&a, 0);
  print_row(&a, HEIGHT / 2);

#ifdef CLAMP
  int saturated = 0;
  for (int i = 0; i < WIDTH * HEIGHT; ++i)
    saturated += a.pixels[i] == 0 || a.pixels[i] == 255;
  printf("saturated pixels: %d\n", saturated);
#endif

  unsigned status = image_digest(&a) & 0x1f;
  image_free(&a);
  image_free(&b);
  return (int)status;
}
