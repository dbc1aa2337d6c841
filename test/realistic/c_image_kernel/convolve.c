/* One implementation of convolve3 per loop variant. */
#include "image.h"

static int at(const image *img, int x, int y) {
  if (x < 0)
    x = 0;
  if (y < 0)
    y = 0;
  if (x >= img->width)
    x = img->width - 1;
  if (y >= img->height)
    y = img->height - 1;
  return img->pixels[y * img->width + x];
}

#if defined(KERNEL_NAIVE)

void convolve3(const image *IMG_RESTRICT src, image *IMG_RESTRICT dst,
               const kernel3 *k) {
  for (int y = 0; y < src->height; ++y)
    for (int x = 0; x < src->width; ++x) {
      int sum = 0;
      for (int j = -1; j <= 1; ++j)
        for (int i = -1; i <= 1; ++i)
          sum += k->k[j + 1][i + 1] * at(src, x + i, y + j);
      dst->pixels[y * dst->width + x] = pixel_store(sum / k->divisor);
    }
}

const char *convolve3_variant(void) { return "naive"; }

#elif defined(KERNEL_BLOCKED)

static void convolve_tile(const image *src, image *dst, const kernel3 *k,
                          int x0, int y0) {
  int acc[IMG_TILE][IMG_TILE] = {{0}};
  for (int j = -1; j <= 1; ++j)
    for (int i = -1; i <= 1; ++i) {
      const int w = k->k[j + 1][i + 1];
      if (w == 0)
        continue;
      for (int ty = 0; ty < IMG_TILE && y0 + ty < src->height; ++ty)
        for (int tx = 0; tx < IMG_TILE && x0 + tx < src->width; ++tx)
          acc[ty][tx] += w * at(src, x0 + tx + i, y0 + ty + j);
    }
  for (int ty = 0; ty < IMG_TILE && y0 + ty < src->height; ++ty)
    for (int tx = 0; tx < IMG_TILE && x0 + tx < src->width; ++tx)
      dst->pixels[(y0 + ty) * dst->width + x0 + tx] =
          pixel_store(acc[ty][tx] / k->divisor);
}

void convolve3(const image *IMG_RESTRICT src, image *IMG_RESTRICT dst,
               const kernel3 *k) {
  for (int y0 = 0; y0 < src->height; y0 += IMG_TILE)
    for (int x0 = 0; x0 < src->width; x0 += IMG_TILE)
      convolve_tile(src, dst, k, x0, y0);
}

const char *convolve3_variant(void) { return "blocked"; }

#else /* KERNEL_UNROLLED */

void convolve3(const image *IMG_RESTRICT src, image *IMG_RESTRICT dst,
               const kernel3 *k) {
  const int(*w)[3] = k->k;
  for (int y = 0; y < src->height; ++y) {
    for (int x = 0; x < src->width; ++x) {
      int sum;
      if (IMG_LIKELY(x > 0 && y > 0 && x + 1 < src->width &&
                     y + 1 < src->height)) {
        const uint8_t *r0 = src->pixels + (y - 1) * src->width + x;
        const uint8_t *r1 = r0 + src->width;
        const uint8_t *r2 = r1 + src->width;
        sum = w[0][0] * r0[-1] + w[0][1] * r0[0] + w[0][2] * r0[1] +
              w[1][0] * r1[-1] + w[1][1] * r1[0] + w[1][2] * r1[1] +
              w[2][0] * r2[-1] + w[2][1] * r2[0] + w[2][2] * r2[1];
      } else {
        sum = 0;
        for (int j = -1; j <= 1; ++j)
          for (int i = -1; i <= 1; ++i)
            sum += w[j + 1][i + 1] * at(src, x + i, y + j);
      }
      dst->pixels[y * dst->width + x] = pixel_store(sum / k->divisor);
    }
  }
}

const char *convolve3_variant(void) { return "unrolled"; }

#endif
