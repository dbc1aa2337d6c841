/* Build configuration of blockpack. Features come from the command line
 * (-DBP_STATS, -DBP_ADLER, -DBP_UNROLL=N); defaults live here. */
#ifndef BP_CONFIG_H
#define BP_CONFIG_H

#ifndef BP_UNROLL
#define BP_UNROLL 1
#endif

#if BP_UNROLL != 1 && BP_UNROLL != 2 && BP_UNROLL != 4
#error "BP_UNROLL must be 1, 2 or 4"
#endif

/* Larger unroll factors work on larger blocks. */
#define BP_BLOCK_SIZE (2048 * BP_UNROLL)

#define BP_VERSION_MAJOR 1
#define BP_VERSION_MINOR 3

#endif /* BP_CONFIG_H */
