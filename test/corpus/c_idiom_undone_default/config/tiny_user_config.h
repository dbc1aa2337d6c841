/* The build's user config: options tiny/config.h enables are turned off
 * by -DNO_<option>, as a user edits the defaults with #undef. */
#if defined(NO_TINY_CRC_TABLE)
#undef TINY_CRC_TABLE
#endif
#if defined(NO_TINY_ADLER_UNROLL)
#undef TINY_ADLER_UNROLL
#endif
