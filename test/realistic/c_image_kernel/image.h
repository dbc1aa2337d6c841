/* Grey-scale images and a 3x3 convolution, with selectable loop variants:
 *   KERNEL_NAIVE     straightforward four nested loops
 *   KERNEL_BLOCKED   cache blocking over TILE x TILE tiles
 *   KERNEL_UNROLLED  the 3x3 kernel unrolled by hand
 *   CLAMP            clamp results to 0..255 (otherwise wrap)
 */
#ifndef IMAGE_H
#define IMAGE_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define IMG_LIKELY(x) __builtin_expect(!!(x), 1)
#define IMG_RESTRICT __restrict__
#else
#define IMG_LIKELY(x) (x)
#define IMG_RESTRICT
#endif

#ifdef KERNEL_BLOCKED
#define IMG_TILE 8
#endif

typedef struct image {
  int width;
  int height;
  uint8_t *pixels;
} image;

typedef struct kernel3 {
  int k[3][3];
  int divisor;
} kernel3;

int image_alloc(image *img, int width, int height);
void image_free(image *img);
void image_fill_pattern(image *img, unsigned seed);
uint32_t image_digest(const image *img);

void convolve3(const image *IMG_RESTRICT src, image *IMG_RESTRICT dst,
               const kernel3 *k);
const char *convolve3_variant(void);

static inline uint8_t pixel_store(int value) {
#ifdef CLAMP
  if (value < 0)
    return 0;
  if (value > 255)
    return 255;
  return (uint8_t)value;
#else
  return (uint8_t)(value & 0xff);
#endif
}

#endif
