/* Workload of the real-programs suite for Mbed TLS: AES-128/256 (CBC,
 * CTR), SHA-256, SHA-512 over a few MB, and deterministic ECDSA (RFC 6979)
 * sign + verify on P-256 and P-384. Prints digests of every result, so that
 * a simulator that computes something else is seen; about 1 s native. */
#include "mbedtls/aes.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long Lcg = 88172645463325252ULL;

/* A deterministic "random" source: the workload must print the same in
 * every run of one configuration (blinding values only). */
static int rng(void *ctx, unsigned char *out, size_t len) {
  (void)ctx;
  for (size_t i = 0; i < len; ++i) {
    Lcg = Lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    out[i] = (unsigned char)(Lcg >> 56);
  }
  return 0;
}

static void hex(const char *label, const unsigned char *p, size_t n) {
  printf("%s ", label);
  for (size_t i = 0; i < n; ++i)
    printf("%02x", p[i]);
  printf("\n");
}

static int aes(size_t mb) {
  static unsigned char buf[1 << 16], out[1 << 16];
  unsigned char key[32], iv[16], digest[32], stream[16];
  for (size_t i = 0; i < sizeof buf; ++i)
    buf[i] = (unsigned char)(i * 7 + 3);
  for (int i = 0; i < 32; ++i)
    key[i] = (unsigned char)i;
  for (int bits = 128; bits <= 256; bits += 128) {
    mbedtls_aes_context ctx;
    mbedtls_sha256_context sha;
    mbedtls_aes_init(&ctx);
    mbedtls_sha256_init(&sha);
    if (mbedtls_sha256_starts_ret(&sha, 0) != 0 ||
        mbedtls_aes_setkey_enc(&ctx, key, bits) != 0)
      return 1;
    memset(iv, 0, sizeof iv);
    size_t off = 0;
    unsigned char nonce[16] = {0};
    for (size_t n = 0; n < mb * 16; ++n) {
      if (mbedtls_aes_crypt_cbc(&ctx, MBEDTLS_AES_ENCRYPT, sizeof buf, iv, buf,
                                out) != 0 ||
          mbedtls_aes_crypt_ctr(&ctx, sizeof buf, &off, nonce, stream, out,
                                buf) != 0)
        return 1;
    }
    mbedtls_sha256_update_ret(&sha, buf, sizeof buf);
    mbedtls_sha256_finish_ret(&sha, digest);
    printf("aes-%d ", bits);
    hex("sha256(ciphertext)", digest, 32);
    mbedtls_aes_free(&ctx);
    mbedtls_sha256_free(&sha);
  }
  return 0;
}

static int sha(size_t mb) {
  static unsigned char buf[1 << 16];
  unsigned char d256[32], d512[64];
  for (size_t i = 0; i < sizeof buf; ++i)
    buf[i] = (unsigned char)(i ^ (i >> 8));
  mbedtls_sha256_context a;
  mbedtls_sha512_context b;
  mbedtls_sha256_init(&a);
  mbedtls_sha512_init(&b);
  if (mbedtls_sha256_starts_ret(&a, 0) != 0 ||
      mbedtls_sha512_starts_ret(&b, 0) != 0)
    return 1;
  for (size_t n = 0; n < mb * 16; ++n) {
    mbedtls_sha256_update_ret(&a, buf, sizeof buf);
    mbedtls_sha512_update_ret(&b, buf, sizeof buf);
  }
  mbedtls_sha256_finish_ret(&a, d256);
  mbedtls_sha512_finish_ret(&b, d512);
  hex("sha256", d256, 32);
  hex("sha512", d512, 64);
  return 0;
}

static int ecdsa(mbedtls_ecp_group_id id, const char *name, int rounds) {
  mbedtls_ecdsa_context key;
  mbedtls_ecdsa_init(&key);
  if (mbedtls_ecdsa_genkey(&key, id, rng, NULL) != 0)
    return 1;
  unsigned char hash[32], sig[MBEDTLS_ECDSA_MAX_LEN], all[32];
  mbedtls_sha256_context acc;
  mbedtls_sha256_init(&acc);
  mbedtls_sha256_starts_ret(&acc, 0);
  int verified = 0;
  for (int i = 0; i < rounds; ++i) {
    memset(hash, i, sizeof hash);
    size_t len = 0;
    if (mbedtls_ecdsa_write_signature(&key, MBEDTLS_MD_SHA256, hash,
                                      sizeof hash, sig, &len, rng, NULL) != 0)
      return 1;
    mbedtls_sha256_update_ret(&acc, sig, len);
    verified += mbedtls_ecdsa_read_signature(&key, hash, sizeof hash, sig,
                                             len) == 0;
  }
  mbedtls_sha256_finish_ret(&acc, all);
  printf("ecdsa %s verified %d/%d ", name, verified, rounds);
  hex("sha256(signatures)", all, 32);
  mbedtls_ecdsa_free(&key);
  mbedtls_sha256_free(&acc);
  return 0;
}

int main(int argc, char **argv) {
  int scale = argc > 1 ? atoi(argv[1]) : 3;
  if (aes(4 * scale) || sha(8 * scale) ||
      ecdsa(MBEDTLS_ECP_DP_SECP256R1, "p256", 60 * scale) ||
      ecdsa(MBEDTLS_ECP_DP_SECP384R1, "p384", 30 * scale)) {
    fprintf(stderr, "bench: an Mbed TLS call failed\n");
    return 1;
  }
  return 0;
}
