/* Our MBEDTLS_USER_CONFIG_FILE (included at the end of
 * include/mbedtls/config.h): options that config.h enables are turned off
 * by a -D of NO_<option>, as a user edits the config by #undef. */
#if defined(NO_MBEDTLS_ECP_NIST_OPTIM)
#undef MBEDTLS_ECP_NIST_OPTIM
#endif
#if defined(NO_MBEDTLS_AESNI_C)
#undef MBEDTLS_AESNI_C
#endif
