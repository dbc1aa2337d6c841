/* A test driver's configuration (as Mbed TLS's config_test_driver.h):
 * part of the project, read by no build of this program. */
#define ACC_CRYPTO_CONFIG
#define ACC_WANT_BLOCKS
