/* The build's user config: options acc/config.h enables are turned off
 * by -DNO_<option>, as a user edits the defaults with #undef. */
#if defined(NO_ACC_FAST_C)
#undef ACC_FAST_C
#endif
