/* What the user changes: a default-on option is turned off by NO_<option>. */
#if defined(NO_CRYPT_ACCEL_C)
#undef CRYPT_ACCEL_C
#endif
