#include "image.h"

#include <stdlib.h>
#include <string.h>

int image_alloc(image *img, int width, int height) {
  img->width = width;
  img->height = height;
  img->pixels = calloc((size_t)width * (size_t)height, 1);
  return img->pixels ? 0 : -1;
}

void image_free(image *img) {
  free(img->pixels);
  memset(img, 0, sizeof *img);
}

void image_fill_pattern(image *img, unsigned seed) {
  unsigned state = seed;
  for (int y = 0; y < img->height; ++y) {
    for (int x = 0; x < img->width; ++x) {
      state = state * 1103515245u + 12345u;
      int ramp = (x * 255) / (img->width - 1);
      img->pixels[y * img->width + x] =
          (uint8_t)((ramp + (int)((state >> 16) & 0x3f)) & 0xff);
    }
  }
}

uint32_t image_digest(const image *img) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < img->width * img->height; ++i) {
    h ^= img->pixels[i];
    h *= 16777619u;
  }
  return h;
}
