/* varsim_runtime.h - the run-time half of a varsim variant simulator.
 *
 * Copied by `varsim rewrite` beside varsim_generated.h, which includes it and
 * defines the program's tables. Valid C99 and C++11 (gcc, clang), 64-bit
 * Linux. See docs/runtime.md for the contract and docs/calltrace-format.md
 * for the trace it writes.
 *
 * Why it looks the way it does:
 * - It is included FIRST in every rewritten translation unit, before the
 *   project's own `#define _GNU_SOURCE` and friends, so it includes no libc
 *   header at all (that would fix the TU's feature-test macros too early).
 *   The few libc functions it calls are declared under private names bound to
 *   the real symbols with asm labels, which cannot clash with the project's
 *   later declarations.
 * - The project's build files are not changed and nobody knows which TU has
 *   main, so the implementation is in this header with weak, default
 *   visibility definitions: every TU carries a copy, the linker keeps one.
 * - The hot path (enter/exit) is forced inline: a TLS load, a hash probe, two
 *   clock reads, no call, no lock, no allocation after warm-up.
 */
#ifndef VARSIM_RUNTIME_H
#define VARSIM_RUNTIME_H

#ifndef VARSIM_NO_SYSTEM_HEADER
#pragma GCC system_header
#endif

#define VARSIM_RUNTIME_ABI 1
#define VARSIM_EXIT_BAD_CONFIG 86
#define VARSIM_EXIT_NO_MEMORY 87

/* Where the trace goes when VARSIM_TRACE is unset (relative: to the working
 * directory at start-up). */
#ifndef VARSIM_TRACE_DEFAULT
#define VARSIM_TRACE_DEFAULT "calltrace.json"
#endif

#define VARSIM_MAX_DEPTH 2048u
#define VARSIM_CHUNK_BITS 12u
#define VARSIM_MAX_CHUNKS 4096u
#define VARSIM_NO_NODE 0xffffffffu

#define VARSIM_CAT2(a, b) a##b
#define VARSIM_CAT(a, b) VARSIM_CAT2(a, b)
/* A feature's value where the program used its macro as a value: the type
 * of the variant's literal (runtime::featureValueUse). A macro of this
 * system header, so that the cast warns nowhere (-Wold-style-cast). */
#define VARSIM_INT(x) ((int)(x))
/* A failed `assert` that the rewrite made conditional on a debugging
 * option (rewrite/AssertUndefs.h): the C library's own report and abort,
 * what its assert calls, declared by the <assert.h> just included. */
#if defined(__APPLE__)
#define VARSIM_ASSERT_FAIL(text)                                               \
  __assert_rtn(__func__, __FILE__, __LINE__, text)
#else
#define VARSIM_ASSERT_FAIL(text)                                               \
  __assert_fail(text, __FILE__, __LINE__, __extension__ __PRETTY_FUNCTION__)
#endif
/* The scope variable is named after the region id (an integer literal),
 * not __COUNTER__: the program's own __COUNTER__ values must not shift. */
#define VARSIM_LIKELY(x) __builtin_expect(!!(x), 1)
#define VARSIM_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define VARSIM_WEAK __attribute__((weak, visibility("default")))
/* The hot path is forced inline: a call (and the registers it saves) would
 * cost as much as an untimed visit itself. What is rare stays out of line
 * (noinline, cold). */
#define VARSIM_HOT static inline __attribute__((always_inline))
/* The cold implementation: compiled in every TU, so kept small and quick to
 * compile (no inlining of the helpers into each other). */
#define VARSIM_IMPL VARSIM_WEAK __attribute__((noinline, cold))
#define VARSIM_HELPER static __attribute__((noinline, cold, unused))
/* A copy of a function called from one place, one per version of its
 * caller (rewrite/FeatureVersions.cpp), is again called from one place and
 * inlined as in the variant, unless GCC's identical code folding merges
 * the copies that came out the same (two callers: kept out of line). Clang
 * folds no functions at -O2/-O3 and has no no_icf. */
#if defined(__has_attribute)
#if __has_attribute(no_icf)
#define VARSIM_ONE_CALLER __attribute__((unused, no_icf))
#endif
#endif
#ifndef VARSIM_ONE_CALLER
#define VARSIM_ONE_CALLER __attribute__((unused))
#endif

#ifdef __cplusplus
#define VARSIM_BEGIN_C extern "C" {
#define VARSIM_END_C }
/* A const object at namespace scope needs `extern` for external linkage in
 * C++; C warns about `extern` with an initializer. */
#define VARSIM_CONST_DEF extern const
#else
#define VARSIM_BEGIN_C
#define VARSIM_END_C
#define VARSIM_CONST_DEF const
#endif

VARSIM_BEGIN_C

typedef unsigned int varsim_u32;
typedef unsigned long long varsim_u64;

/* ---- Tables, defined by varsim_generated.h ------------------------------ */

typedef struct varsim_feature_desc {
  const char *name;  /* as in CONFIG strings */
  const char *macro; /* VARSIM_F_<macro> */
  int numeric;
  long long min, max, def;
  int mandatory, abstract_;
  int parent; /* index, -1 for none */
} varsim_feature_desc;

typedef struct varsim_region_desc {
  const char *kind; /* "function", "region", "switch" */
  const char *function;
  const char *condition;
  const char *file;
  unsigned line, end_line;
} varsim_region_desc;

typedef struct varsim_constraint_desc {
  const char *expression;
  const char *description;
} varsim_constraint_desc;

typedef struct varsim_program {
  const char *varsim_version;
  const char *default_config;
  const varsim_feature_desc *features;
  unsigned num_features;
  const varsim_region_desc *regions;
  unsigned num_regions;
  const varsim_constraint_desc *constraints;
  unsigned num_constraints;
  int (*constraint_holds)(unsigned index);
  long long *values; /* varsim_feature_values */
  /* The rewrite's build id (a hash of the simulator's sources), written
   * into the trace: `varsim model` checks it against the manifest. */
  const char *build_id;
} varsim_program;

extern const varsim_program varsim_program_tables;

/* Folding (docs/runtime.md): per region, 0 keeps its marker, 1 may fold
 * (a Base function other than main: its time is its caller's self time,
 * whose term is the same), 2 folded (its markers do nothing); with 4 set
 * (5 may fold, 6 folded) a function under a feature condition, whose folded
 * visits are counted in the caller's node and sampled now and then (its
 * time is estimated from them: the caller's term is not its own). Written
 * by the generated header (zeros), set at start-up and when a node of the
 * region turns out tiny and hot; a benign race: a visit that reads the old
 * value is recorded as before. */
extern unsigned char varsim_region_fold[];
/* 0: no folding unless VARSIM_FOLD=on (`varsim rewrite --granularity
 * all`, which keeps every marker). */
extern const int varsim_fold_default;

/* ---- Per-thread calling-context tree ------------------------------------ */

/* Entries of a node's cache of its folded counted callees (below):
 * RapidJSON's main calls three in turn (a two-entry cache missed 17 M
 * times a run). */
#define VARSIM_FOLD_WAYS 4

typedef struct varsim_node {
  varsim_u32 parent; /* node id, VARSIM_NO_NODE for a top-level node */
  varsim_u32 region;
  varsim_u32 id;
  varsim_u32 depth;   /* number of ancestors: its frame index when open */
  varsim_u64 calls;   /* visits */
  varsim_u64 timed;   /* visits whose time was measured */
  varsim_u64 ticks;   /* inclusive, of the timed visits */
  varsim_u64 sampled; /* nonzero: only a sample of the visits is timed */
  /* Visits recorded because the fold's random gap ended there (a folded
   * region under a feature condition, varsim_enter): a sample of its
   * visits' time. */
  varsim_u64 fold_samples;
  /* Visits of this node's region (a folded one under a feature condition)
   * counted in this context while folded: not in calls, no time. */
  varsim_u64 folded;
  /* Where this node's folded counted callees' visits are counted: a
   * VARSIM_FOLD_WAYS-entry cache of region + 1 -> child node (0: empty),
   * filled from the hash table on a miss. VARSIM_FOLD_NESTED in every key:
   * this
   * node's region is itself counted, a visit inside one of its recorded
   * visits is recorded (varsim_enter). */
  varsim_u32 fold_key[VARSIM_FOLD_WAYS];
  struct varsim_node *fold_child[VARSIM_FOLD_WAYS];
} varsim_node;

typedef struct varsim_slot { /* (parent, region) -> child */
  varsim_u64 key;
  varsim_node *node;
} varsim_slot;

typedef struct varsim_frame {
  varsim_node *node;
  varsim_u64 start;     /* 0: this visit is not timed */
  varsim_u64 child_key; /* (node id + 1) << 32: its children's hash keys */
} varsim_frame;

typedef struct varsim_event { /* one Chrome `X` event */
  varsim_u32 region;
  varsim_u32 pad_;
  varsim_u64 start, end;
} varsim_event;

typedef struct varsim_thread {
  varsim_u32 depth; /* open scopes, may exceed VARSIM_MAX_DEPTH */
  varsim_u32 slot_shift;
  /* Sampling: visits of sampled nodes left until the next timed one, and
   * the generator of the random gaps between timed visits. */
  varsim_u64 countdown;
  varsim_u64 rng;
  /* Visits of folded counted regions left until the next one that is
   * recorded and timed as before (VARSIM_FOLD_PERIOD), and the visits of
   * each such region counted, not recorded (num_regions entries; null
   * when folding is off). */
  varsim_u64 fold_countdown;
  varsim_u64 *fold_counts;
  varsim_slot *slots;
  varsim_u32 slot_used, slot_cap;
  varsim_u32 node_count; /* published with release stores */
  varsim_u32 exited;
  varsim_u64 dropped;  /* visits deeper than VARSIM_MAX_DEPTH or past the
                          node limit */
  varsim_u64 repaired; /* scopes left without their exit (longjmp) */
  varsim_event *events;
  varsim_u64 event_count, event_cap, events_dropped, first_drop;
  long long tid;
  int is_main;
  /* Its lifetime for the wall-time view (docs/calltrace-format.md): the
   * first region's entry, the last exit of a top-level scope, and the main
   * thread's innermost open node at that exit (where main waited for it). */
  varsim_u64 first_ticks, last_exit_ticks;
  varsim_u32 main_node_at_end;
  char name[20];
  struct varsim_thread *next;
  varsim_node overflow; /* absorbs visits past the node limit */
  varsim_node *chunks[VARSIM_MAX_CHUNKS];
  varsim_frame stack[VARSIM_MAX_DEPTH];
} varsim_thread;

typedef struct varsim_global {
  int init_state; /* 0 none, 1 running, 2 done */
  int written;
  int lock;
  int chrome;
  int is_fork_child;
  int cut_short_signal; /* the signal whose handler wrote the trace, or 0 */
  long long pid, parent_pid, main_tid;
  varsim_u64 start_ticks, start_mono_ns;
  varsim_u64 init_mono_ns; /* CLOCK_MONOTONIC when the start-up began */
  /* CPU clocks read with start_mono_ns (and again at the write, never per
   * visit): the process's CPU time over the run's wall time is the share of
   * the run it spent on a CPU (docs/calltrace-format.md, "cpu"). */
  varsim_u64 start_cpu_ns, start_thread_cpu_ns;
  double inner_ticks, outer_ticks;
  double untimed_ticks; /* cost of a visit that is not timed */
  /* cost of a folded counted visit (counted in its caller's node, neither
   * recorded nor timed: all of it in the caller's interval) */
  double folded_ticks;
  /* Sampling (docs/runtime.md): a node whose mean timed visit is shorter
   * than sample_below ticks, after VARSIM_SAMPLE_WARMUP timed visits, is
   * timed on one visit in sample_period on average; 0: every visit timed. */
  varsim_u64 sample_below;
  varsim_u64 sample_period;
  varsim_u64 sample_outlier; /* a longer timed visit of a sampled node is
                                left out of its sample */
  int fold;                  /* folding of tiny hot Base functions is on */
  varsim_thread *head, *tail;
  varsim_thread *main_thread; /* the tree of the thread that runs main */
  unsigned thread_key;
  varsim_u64 event_cap;
  const char *requested_config; /* NULL: default used */
  char trace_path[4096];
  char chrome_path[4096];
  char base_trace_path[4096];
  char base_chrome_path[4096];
  char program[4096];
} varsim_global;

extern __thread varsim_thread *varsim_tls;
extern varsim_global varsim_g;

varsim_thread *varsim_thread_attach(void);
varsim_node *varsim_child_slow(varsim_thread *t, varsim_u64 key,
                               varsim_u32 region);
void varsim_rearm(varsim_thread *t);
void varsim_fold_rearm(varsim_thread *t);
varsim_node *varsim_fold_child(varsim_thread *t, varsim_node *parent,
                               varsim_u32 region);
varsim_u64 varsim_rebalance(varsim_thread *t, varsim_u32 depth);
void varsim_top_exit(varsim_thread *t);
void varsim_chrome_record(varsim_thread *t, varsim_u32 region, varsim_u64 start,
                          varsim_u64 end);
void varsim_init(void);
void varsim_write_trace(void);

/* The hot path calls the helpers above through VARSIM_COLD_CALL. With
 * Clang on x86-64 that is a copy of the helper with the preserve_most
 * convention: the caller keeps every general-purpose register across the
 * call, so a marked function whose own code calls nothing needs no
 * callee-saved register for the markers' rare calls. Without it the
 * prologue of every marked function saved five registers, and a folded
 * visit of a tiny hot function (its body skipped by nothing: the marker's
 * early return runs after the prologue) paid the pushes and pops: about
 * 50 instructions a visit of RapidJSON's SkipWhitespace_SIMD.
 * The copies have names of their own, defined in Clang units only and
 * hidden (no PLT, whose lazy binding keeps only the argument registers),
 * so that a caller expecting preserve_most never reaches a helper that
 * GCC compiled. -DVARSIM_NO_PRESERVE_MOST turns them off. */
#if defined(__clang__) && defined(__x86_64__) &&                               \
    !defined(VARSIM_NO_PRESERVE_MOST)
#define VARSIM_PRESERVE_MOST_CALLS 1
#define VARSIM_COLD_CALL(name) name##_pm
#define VARSIM_COLD_DECL                                                       \
  __attribute__((weak, visibility("hidden"), noinline, cold, preserve_most))
VARSIM_COLD_DECL varsim_thread *varsim_thread_attach_pm(void);
VARSIM_COLD_DECL varsim_node *
varsim_child_slow_pm(varsim_thread *t, varsim_u64 key, varsim_u32 region);
VARSIM_COLD_DECL void varsim_rearm_pm(varsim_thread *t);
VARSIM_COLD_DECL void varsim_fold_rearm_pm(varsim_thread *t);
VARSIM_COLD_DECL varsim_node *
varsim_fold_child_pm(varsim_thread *t, varsim_node *parent, varsim_u32 region);
VARSIM_COLD_DECL varsim_u64 varsim_rebalance_pm(varsim_thread *t,
                                                varsim_u32 depth);
VARSIM_COLD_DECL void varsim_top_exit_pm(varsim_thread *t);
VARSIM_COLD_DECL void varsim_chrome_record_pm(varsim_thread *t,
                                              varsim_u32 region,
                                              varsim_u64 start, varsim_u64 end);
#else
#define VARSIM_COLD_CALL(name) name
#endif

/* ---- Clock --------------------------------------------------------------- */

#if defined(VARSIM_TEST_CLOCK)
/* Deterministic clock for tests: every read is one tick (1 ns) later. */
extern __thread varsim_u64 varsim_test_ticks;
VARSIM_HOT varsim_u64 varsim_now(void) { return ++varsim_test_ticks; }
#define VARSIM_CLOCK_SOURCE "test"
#elif defined(__x86_64__) && !defined(VARSIM_NO_TSC)
/* The "memory" clobber keeps the program's work from being moved across the
 * clock read by the compiler. */
VARSIM_HOT varsim_u64 varsim_now(void) {
  varsim_u32 lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
  return ((varsim_u64)hi << 32) | lo;
}
#define VARSIM_CLOCK_SOURCE "tsc"
#else
varsim_u64 varsim_mono_ns(void);
VARSIM_HOT varsim_u64 varsim_now(void) { return varsim_mono_ns(); }
#define VARSIM_CLOCK_SOURCE "clock_gettime"
#endif

/* ---- Hot path ------------------------------------------------------------ */

/* Timed visits a node gets before it may be sampled (its mean is known). */
#define VARSIM_SAMPLE_WARMUP 128u
/* A node is sampled when its mean timed visit is shorter than this many
 * times the cost of timing a visit (the clock overhead would exceed ~3 %). */
#ifndef VARSIM_SAMPLE_FACTOR
#define VARSIM_SAMPLE_FACTOR 32
#endif
/* A timed visit of a sampled node longer than this many times the sampling
 * threshold is not part of its sample (a preemption, not the code). */
#define VARSIM_SAMPLE_OUTLIER 64
/* Default: a sampled node is timed on one visit in this many. */
#ifndef VARSIM_SAMPLE_PERIOD
#define VARSIM_SAMPLE_PERIOD 32
#endif

/* What varsim_enter returns for a visit of a folded region. */
#define VARSIM_FOLDED 0xFFFFFFFFu
/* varsim_node.fold_key of a node of a counted region: never a region + 1. */
#define VARSIM_FOLD_NESTED 0xFFFFFFFFu
/* Folding states (varsim_region_fold). */
#define VARSIM_FOLD_MAY 1u
#define VARSIM_FOLD_DONE 2u
#define VARSIM_FOLD_COUNTED 4u
/* Default: one visit in this many of a folded counted region is recorded
 * and timed as before (a random gap, as for sampling). */
#ifndef VARSIM_FOLD_PERIOD
#define VARSIM_FOLD_PERIOD 256
#endif

VARSIM_HOT varsim_u32 varsim_enter(varsim_u32 region) {
  varsim_thread *t = varsim_tls;
  varsim_u32 d;
  int force = 0;
  unsigned fold =
      __atomic_load_n(&varsim_region_fold[region], __ATOMIC_RELAXED);
  if (VARSIM_UNLIKELY(fold & VARSIM_FOLD_DONE)) {
    if (!(fold & VARSIM_FOLD_COUNTED))
      return VARSIM_FOLDED;
    /* A folded function under a feature condition: its visit is counted
     * in its calling context's node (no frame, no clock, no exit), found
     * through the caller's small cache (a miss probes the hash table
     * out of line), and one
     * in about VARSIM_FOLD_PERIOD is recorded and timed as before, so that
     * its nodes keep a sample of its time (fold_samples). Inside a
     * recorded visit of another such function (whose node's keys are
     * VARSIM_FOLD_NESTED), and at the top level or past the depth limit,
     * a visit as before: else its time would be in that visit's, the
     * sample its mean is estimated from, and counted twice. */
    if (VARSIM_LIKELY(t != 0 && t->fold_counts != 0) &&
        VARSIM_LIKELY((d = t->depth) - 1u < VARSIM_MAX_DEPTH)) {
      varsim_node *p = t->stack[d - 1].node;
      varsim_node *c = 0;
      unsigned k;
      for (k = 0; k < VARSIM_FOLD_WAYS; ++k)
        if (p->fold_key[k] == region + 1) {
          c = p->fold_child[k];
          break;
        }
      /* Inside a recorded visit of a counted region (its node's keys are
       * VARSIM_FOLD_NESTED) the visit is recorded: no call to find that
       * out (Lua's interpreter loop: 3.2 M such visits a run, 29
       * instructions each in the call). The last key is tested: a test of
       * the first made the compiler load it into a register for both,
       * one instruction more on every hit. */
      if (VARSIM_UNLIKELY(c == 0) &&
          p->fold_key[VARSIM_FOLD_WAYS - 1] != VARSIM_FOLD_NESTED)
        c = VARSIM_COLD_CALL(varsim_fold_child)(t, p, region);
      if (VARSIM_LIKELY(c != 0)) {
        if (VARSIM_LIKELY(--t->fold_countdown != 0)) {
          c->folded++;
          return VARSIM_FOLDED;
        }
        VARSIM_COLD_CALL(varsim_fold_rearm)(t);
        force = 1;
      }
    }
  }
  if (VARSIM_UNLIKELY(t == 0))
    t = VARSIM_COLD_CALL(varsim_thread_attach)();
  d = t->depth;
  t->depth = d + 1;
  if (VARSIM_LIKELY(d < VARSIM_MAX_DEPTH)) {
    varsim_u64 parent = d ? t->stack[d - 1].child_key : 0;
    varsim_u64 key = parent | ((varsim_u64)region + 1);
    varsim_slot *s = &t->slots[(key * 0x9E3779B97F4A7C15ull) >> t->slot_shift];
    varsim_node *n = VARSIM_LIKELY(s->key == key)
                         ? s->node
                         : VARSIM_COLD_CALL(varsim_child_slow)(t, key, region);
    varsim_u64 start = 0;
    t->stack[d].node = n;
    t->stack[d].child_key = ((varsim_u64)n->id + 1) << 32;
    /* Every visit of a node is counted; a sampled node is timed on a random
     * one visit in sample_period. */
    if (VARSIM_UNLIKELY(force)) {
      n->fold_samples++;
      start = varsim_now();
    } else if (VARSIM_LIKELY(!n->sampled)) {
      start = varsim_now();
    } else if (VARSIM_UNLIKELY(--t->countdown == 0)) {
      VARSIM_COLD_CALL(varsim_rearm)(
          t); /* before the clock read: outside the node's time */
      start = varsim_now();
    }
    t->stack[d].start = start;
  } else {
    t->dropped++;
  }
  return d;
}

VARSIM_HOT void varsim_exit(varsim_u32 d) {
  varsim_thread *t = varsim_tls;
  varsim_u64 now = 0;
  if (VARSIM_UNLIKELY(d == VARSIM_FOLDED))
    return;
  if (VARSIM_UNLIKELY(t == 0 || t->depth != d + 1)) {
    now = VARSIM_COLD_CALL(varsim_rebalance)(
        t, d); /* the time it closed the others at */
    if (!now)
      return;
  }
  t->depth = d;
  if (VARSIM_LIKELY(d < VARSIM_MAX_DEPTH)) {
    varsim_frame *f = &t->stack[d];
    varsim_node *n = f->node;
    varsim_u64 start = f->start;
    n->calls++;
    if (VARSIM_LIKELY(start != 0)) {
      if (VARSIM_LIKELY(!now))
        now = varsim_now();
      /* A sampled node's timed visit stands for sample_period visits; one
       * that lasted far longer than its kind (the thread was preempted) is
       * left out of the sample, its time stays in the parent's interval. */
      if (VARSIM_LIKELY(!n->sampled || now - start < varsim_g.sample_outlier)) {
        n->ticks += now - start;
        n->timed++;
        /* Short visits are sampled once the node's mean is known: the
         * clock reads would cost more than the code they measure. */
        n->sampled = n->timed >= VARSIM_SAMPLE_WARMUP &&
                     n->ticks < n->timed * varsim_g.sample_below;
        /* A tiny hot visit of a foldable region: even an untimed visit
         * costs more than the model gains from it. */
        if (VARSIM_UNLIKELY(n->sampled)) {
          unsigned fold =
              __atomic_load_n(&varsim_region_fold[n->region], __ATOMIC_RELAXED);
          if (fold & VARSIM_FOLD_MAY)
            __atomic_store_n(
                &varsim_region_fold[n->region],
                (unsigned char)((fold & ~VARSIM_FOLD_MAY) | VARSIM_FOLD_DONE),
                __ATOMIC_RELAXED);
        }
      }
      if (VARSIM_UNLIKELY(varsim_g.chrome))
        VARSIM_COLD_CALL(varsim_chrome_record)(t, n->region, start, now);
    }
    if (VARSIM_UNLIKELY(d == 0)) { /* the end of the thread's lifetime so far */
      t->last_exit_ticks = now ? now : varsim_now();
      if (!t->is_main)
        VARSIM_COLD_CALL(varsim_top_exit)(t);
    }
  }
}

VARSIM_END_C

/* ---- Scope markers ------------------------------------------------------ */

#ifdef __cplusplus
/* Forced inline like the C marker's enter and cleanup: an inline member
 * function is only a hint, and Clang left this constructor and destructor
 * out of line in RapidJSON's hot parser and writer (two calls per visit:
 * 9.3 G of the simulator's 18.9 G instructions, against the variant's
 * 6.5 G; 16.1 G with them inline). */
struct varsim_scope_guard {
  varsim_u32 depth;
  __attribute__((always_inline)) explicit varsim_scope_guard(varsim_u32 region)
      : depth(varsim_enter(region)) {}
  __attribute__((always_inline)) ~varsim_scope_guard() { varsim_exit(depth); }
  varsim_scope_guard(const varsim_scope_guard &) = delete;
  varsim_scope_guard &operator=(const varsim_scope_guard &) = delete;
};
#define VARSIM_REGION(id)                                                      \
  varsim_scope_guard VARSIM_CAT(varsim_scope_, id)(static_cast<varsim_u32>(id))
#else
VARSIM_HOT void varsim_scope_close(varsim_u32 *depth) { varsim_exit(*depth); }
#define VARSIM_REGION(id)                                                      \
  __attribute__((cleanup(varsim_scope_close), unused)) varsim_u32 VARSIM_CAT(  \
      varsim_scope_, id) = varsim_enter((varsim_u32)(id))
#endif

/* ---- Implementation (weak: one copy survives the link) ------------------- */

VARSIM_BEGIN_C

/* The cold code below runs at start-up and exit only; it is compiled in
 * every TU, so it is compiled with little optimisation to keep builds fast.
 * (The calibration, after it, is optimised like the hot path it measures.) */
#if defined(__clang__)
#pragma clang optimize off
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC optimize("O0")
#endif

/* libc, under private names bound to the real symbols (see the top). */
typedef void (*varsim_sighandler)(int);
struct varsim_timespec {
  long tv_sec;
  long tv_nsec;
};
extern char *varsim_sys_getenv(const char *) __asm__("getenv");
extern void *varsim_sys_calloc(unsigned long, unsigned long) __asm__("calloc");
extern void *varsim_sys_malloc(unsigned long) __asm__("malloc");
extern void varsim_sys_free(void *) __asm__("free");
extern int varsim_sys_atexit(void (*)(void)) __asm__("atexit");
extern long varsim_sys_write(int, const void *, unsigned long) __asm__("write");
extern int varsim_sys_open(const char *, int, ...) __asm__("open");
extern int varsim_sys_close(int) __asm__("close");
extern int varsim_sys_rename(const char *, const char *) __asm__("rename");
extern int varsim_sys_unlink(const char *) __asm__("unlink");
extern int varsim_sys_getpid(void) __asm__("getpid");
extern int varsim_sys_getppid(void) __asm__("getppid");
extern int varsim_sys_gettid(void) __asm__("gettid");
extern long varsim_sys_readlink(const char *, char *,
                                unsigned long) __asm__("readlink");
extern char *varsim_sys_getcwd(char *, unsigned long) __asm__("getcwd");
extern void varsim_sys_exit_now(int) __asm__("_exit") __attribute__((noreturn));
extern int varsim_sys_raise(int) __asm__("raise");
extern varsim_sighandler varsim_sys_signal(int,
                                           varsim_sighandler) __asm__("signal");
extern int
varsim_sys_clock_gettime(int,
                         struct varsim_timespec *) __asm__("clock_gettime");
extern int varsim_sys_prctl(int, ...) __asm__("prctl");
extern int varsim_sys_pthread_atfork(void (*)(void), void (*)(void),
                                     void (*)(void)) __asm__("pthread_atfork");
extern int
varsim_sys_pthread_key_create(unsigned *,
                              void (*)(void *)) __asm__("pthread_key_create");
extern int
varsim_sys_pthread_setspecific(unsigned,
                               const void *) __asm__("pthread_setspecific");

#define VARSIM_CLOCK_MONOTONIC 1
#define VARSIM_CLOCK_PROCESS_CPUTIME_ID 2
#define VARSIM_CLOCK_THREAD_CPUTIME_ID 3
#define VARSIM_PR_GET_NAME 16
#define VARSIM_SIGINT 2
#define VARSIM_SIGTERM 15
#define VARSIM_SIGABRT 6
#define VARSIM_O_WRONLY_CREAT_TRUNC_CLOEXEC (01 | 0100 | 01000 | 02000000)

VARSIM_WEAK __thread varsim_thread *varsim_tls;
VARSIM_WEAK varsim_global varsim_g;
#if defined(VARSIM_TEST_CLOCK)
VARSIM_WEAK __thread varsim_u64 varsim_test_ticks;
#endif

varsim_u64 varsim_mono_ns(void);
void varsim_fatal(const char *what, const char *detail, int code);
void varsim_thread_gone(void *thread);
void varsim_fork_prepare(void);
void varsim_fork_parent(void);
void varsim_fork_child(void);
void varsim_on_signal(int sig);
void varsim_on_exit(void);
varsim_thread *varsim_new_thread(void);
void varsim_free_thread(varsim_thread *t);
void varsim_read_config(void);
void varsim_calibrate(void);
varsim_u32 varsim_main_top(void);

/* ---- Small helpers (no libc) ---- */

VARSIM_HELPER unsigned long varsim_strlen(const char *s) {
  unsigned long n = 0;
  while (s && s[n])
    ++n;
  return n;
}

VARSIM_HELPER void varsim_copy(char *dst, unsigned long cap, const char *a,
                               unsigned long n) {
  unsigned long len = varsim_strlen(dst), i;
  for (i = 0; i < n && a[i] && len + 1 < cap; ++i)
    dst[len++] = a[i];
  dst[len] = 0;
}

VARSIM_HELPER void varsim_append(char *dst, unsigned long cap, const char *a) {
  varsim_copy(dst, cap, a, varsim_strlen(a));
}

VARSIM_HELPER void varsim_append_u64(char *dst, unsigned long cap,
                                     varsim_u64 v) {
  char tmp[24];
  int i = 23;
  tmp[i] = 0;
  do {
    tmp[--i] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  varsim_append(dst, cap, tmp + i);
}

VARSIM_HELPER void varsim_err(const char *s) {
  varsim_sys_write(2, s, varsim_strlen(s));
}

VARSIM_HELPER void varsim_lock(void) {
  while (__atomic_exchange_n(&varsim_g.lock, 1, __ATOMIC_ACQUIRE))
    ;
}

VARSIM_HELPER void varsim_unlock(void) {
  __atomic_store_n(&varsim_g.lock, 0, __ATOMIC_RELEASE);
}

VARSIM_IMPL varsim_u64 varsim_mono_ns(void) {
  struct varsim_timespec ts;
  varsim_sys_clock_gettime(VARSIM_CLOCK_MONOTONIC, &ts);
  return (varsim_u64)ts.tv_sec * 1000000000ull + (varsim_u64)ts.tv_nsec;
}

/* A CPU clock (process or calling thread) in ns; 0 if it cannot be read. */
VARSIM_HELPER varsim_u64 varsim_cpu_ns(int clock) {
  struct varsim_timespec ts;
  if (varsim_sys_clock_gettime(clock, &ts) != 0)
    return 0;
  return (varsim_u64)ts.tv_sec * 1000000000ull + (varsim_u64)ts.tv_nsec;
}

VARSIM_IMPL void varsim_fatal(const char *what, const char *detail, int code) {
  varsim_err("varsim: error: ");
  varsim_err(what);
  if (detail) {
    varsim_err(": ");
    varsim_err(detail);
  }
  varsim_err("\n");
  varsim_sys_exit_now(code);
}

/* ---- Threads and their trees ---- */

VARSIM_IMPL varsim_thread *varsim_new_thread(void) {
  varsim_thread *t =
      (varsim_thread *)varsim_sys_calloc(1, sizeof(varsim_thread));
  if (!t)
    varsim_fatal("out of memory", "thread state", VARSIM_EXIT_NO_MEMORY);
  t->slot_cap = 1024;
  t->slot_shift = 64 - 10;
  t->slots = (varsim_slot *)varsim_sys_calloc(t->slot_cap, sizeof(varsim_slot));
  t->chunks[0] = (varsim_node *)varsim_sys_calloc(1u << VARSIM_CHUNK_BITS,
                                                  sizeof(varsim_node));
  if (!t->slots || !t->chunks[0])
    varsim_fatal("out of memory", "thread state", VARSIM_EXIT_NO_MEMORY);
  t->overflow.id = VARSIM_NO_NODE - 1;
  t->overflow.parent = VARSIM_NO_NODE;
  t->main_node_at_end = VARSIM_NO_NODE;
  t->rng = 0x9E3779B97F4A7C15ull;
  t->countdown = 1;
  return t;
}

VARSIM_IMPL void varsim_free_thread(varsim_thread *t) {
  unsigned i;
  for (i = 0; i < VARSIM_MAX_CHUNKS; ++i)
    varsim_sys_free(t->chunks[i]);
  varsim_sys_free(t->slots);
  varsim_sys_free(t->events);
  varsim_sys_free(t);
}

VARSIM_IMPL void varsim_thread_gone(void *thread) {
  varsim_thread *t = (varsim_thread *)thread;
  varsim_sys_prctl(VARSIM_PR_GET_NAME, t->name);
  __atomic_store_n(&t->exited, 1, __ATOMIC_RELEASE);
}

VARSIM_IMPL varsim_thread *varsim_thread_attach(void) {
  varsim_thread *t;
  if (__atomic_load_n(&varsim_g.init_state, __ATOMIC_ACQUIRE) == 0)
    varsim_init();
  t = varsim_new_thread();
  t->tid = varsim_sys_gettid();
  t->rng ^= (varsim_u64)t->tid << 17; /* threads sample independently */
  varsim_fold_rearm(t);
  if (varsim_g.fold)
    t->fold_counts = (varsim_u64 *)varsim_sys_calloc(
        varsim_program_tables.num_regions + 1, sizeof(varsim_u64));
  t->is_main = t->tid == varsim_g.main_tid;
  t->first_ticks = varsim_now();
  if (t->is_main)
    __atomic_store_n(&varsim_g.main_thread, t, __ATOMIC_RELEASE);
  varsim_sys_prctl(VARSIM_PR_GET_NAME, t->name);
  varsim_lock();
  if (varsim_g.tail)
    __atomic_store_n(&varsim_g.tail->next, t, __ATOMIC_RELEASE);
  else
    __atomic_store_n(&varsim_g.head, t, __ATOMIC_RELEASE);
  varsim_g.tail = t;
  varsim_unlock();
  if (varsim_g.init_state == 2)
    varsim_sys_pthread_setspecific(varsim_g.thread_key, t);
  varsim_tls = t;
  return t;
}

VARSIM_HELPER varsim_u32 varsim_slot_index(const varsim_thread *t,
                                           varsim_u64 key) {
  return (varsim_u32)((key * 0x9E3779B97F4A7C15ull) >> t->slot_shift);
}

VARSIM_HELPER varsim_slot *varsim_find_slot(varsim_slot *slots, varsim_u32 mask,
                                            varsim_u32 i, varsim_u64 key) {
  while (slots[i].key != key && slots[i].key != 0)
    i = (i + 1) & mask;
  return &slots[i];
}

VARSIM_IMPL varsim_node *varsim_child_slow(varsim_thread *t, varsim_u64 key,
                                           varsim_u32 region) {
  varsim_slot *s = varsim_find_slot(t->slots, t->slot_cap - 1,
                                    varsim_slot_index(t, key), key);
  varsim_u32 id = t->node_count;
  varsim_u32 chunk = id >> VARSIM_CHUNK_BITS;
  varsim_node *n;
  unsigned i;
  if (s->key == key)
    return s->node;
  if (chunk >= VARSIM_MAX_CHUNKS)
    return &t->overflow;
  if (!t->chunks[chunk]) {
    varsim_node *c = (varsim_node *)varsim_sys_calloc(1u << VARSIM_CHUNK_BITS,
                                                      sizeof(varsim_node));
    if (!c)
      return &t->overflow;
    __atomic_store_n(&t->chunks[chunk], c, __ATOMIC_RELEASE);
  }
  n = &t->chunks[chunk][id & ((1u << VARSIM_CHUNK_BITS) - 1)];
  n->id = id;
  n->region = region;
  n->parent = (varsim_u32)((key >> 32) - 1);
  n->depth = t->depth - 1;
  if (__atomic_load_n(&varsim_region_fold[region], __ATOMIC_RELAXED) &
      VARSIM_FOLD_COUNTED)
    for (i = 0; i < VARSIM_FOLD_WAYS; ++i)
      n->fold_key[i] = VARSIM_FOLD_NESTED;
  __atomic_store_n(&t->node_count, id + 1, __ATOMIC_RELEASE);
  s->key = key;
  s->node = n;
  if (++t->slot_used * 2 > t->slot_cap) {
    varsim_u32 cap = t->slot_cap * 2, i;
    varsim_slot *old = t->slots;
    varsim_slot *grown =
        (varsim_slot *)varsim_sys_calloc(cap, sizeof(varsim_slot));
    if (!grown)
      varsim_fatal("out of memory", "calling-context tree",
                   VARSIM_EXIT_NO_MEMORY);
    t->slot_shift--;
    for (i = 0; i < t->slot_cap; ++i)
      if (old[i].key)
        *varsim_find_slot(grown, cap - 1, varsim_slot_index(t, old[i].key),
                          old[i].key) = old[i];
    t->slots = grown;
    t->slot_cap = cap;
    varsim_sys_free(old);
  }
  return n;
}

/* Closes the scopes above depth d that were left without their exit (a
 * longjmp); returns the time it closed them at, 0 if the scope at depth d
 * itself was already closed by an earlier repair. */
VARSIM_IMPL varsim_u64 varsim_rebalance(varsim_thread *t, varsim_u32 d) {
  varsim_u32 i;
  varsim_u64 now = varsim_now();
  if (!t || t->depth <= d)
    return 0; /* this scope was already closed by a repair */
  for (i = t->depth - 1; i > d; --i) {
    if (i < VARSIM_MAX_DEPTH) {
      varsim_frame *f = &t->stack[i];
      f->node->calls++;
      if (f->start) {
        f->node->ticks += now - f->start;
        f->node->timed++;
      }
      t->repaired++;
    }
  }
  t->depth = d + 1;
  return now;
}

/* The main thread's innermost open node, read from another thread: the
 * main thread writes its depth and then the frame, so a read in between may
 * see the frame's previous node; that is a valid node (they are never freed)
 * and the window is a few instructions wide. VARSIM_NO_NODE if main is in no
 * region. */
VARSIM_IMPL varsim_u32 varsim_main_top(void) {
  varsim_thread *m = __atomic_load_n(&varsim_g.main_thread, __ATOMIC_ACQUIRE);
  varsim_u32 d;
  varsim_node *n;
  if (!m)
    return VARSIM_NO_NODE;
  d = __atomic_load_n(&m->depth, __ATOMIC_ACQUIRE);
  if (d == 0)
    return VARSIM_NO_NODE;
  if (d > VARSIM_MAX_DEPTH)
    d = VARSIM_MAX_DEPTH;
  n = __atomic_load_n(&m->stack[d - 1].node, __ATOMIC_ACQUIRE);
  return n ? __atomic_load_n(&n->id, __ATOMIC_RELAXED) : VARSIM_NO_NODE;
}

/* A thread other than main left its last open scope: where main is now is
 * where it waits for this thread, if this was the thread's last scope. */
VARSIM_IMPL void varsim_top_exit(varsim_thread *t) {
  t->main_node_at_end = varsim_main_top();
}

VARSIM_IMPL void varsim_chrome_record(varsim_thread *t, varsim_u32 region,
                                      varsim_u64 start, varsim_u64 end) {
  varsim_event *e;
  if (!t->events && !t->events_dropped) {
    t->events = (varsim_event *)varsim_sys_malloc(varsim_g.event_cap *
                                                  sizeof(varsim_event));
    t->event_cap = t->events ? varsim_g.event_cap : 0;
  }
  if (t->event_count >= t->event_cap) {
    if (!t->events_dropped++)
      t->first_drop = end;
    return;
  }
  e = &t->events[t->event_count];
  e->region = region;
  e->start = start;
  e->end = end;
  __atomic_store_n(&t->event_count, t->event_count + 1, __ATOMIC_RELEASE);
}

/* ---- Configuration ---- */

VARSIM_HELPER int varsim_parse_i64(const char *s, unsigned long n,
                                   long long *out) {
  unsigned long i = 0;
  int neg = 0;
  varsim_u64 v = 0, limit;
  if (i < n && (s[i] == '-' || s[i] == '+'))
    neg = s[i++] == '-';
  if (i == n)
    return 0;
  limit = neg ? 9223372036854775808ull : 9223372036854775807ull;
  for (; i < n; ++i) {
    if (s[i] < '0' || s[i] > '9')
      return 0;
    if (v > (limit - (varsim_u64)(s[i] - '0')) / 10)
      return 0;
    v = v * 10 + (varsim_u64)(s[i] - '0');
  }
  *out = neg ? (long long)(0 - v) : (long long)v;
  return 1;
}

VARSIM_HELPER void varsim_config_error(const char *config, const char *what,
                                       const char *name, unsigned long len,
                                       const char *tail) {
  char msg[1024];
  msg[0] = 0;
  varsim_append(msg, sizeof msg, "varsim: error: invalid configuration ");
  if (varsim_g.requested_config) {
    varsim_append(msg, sizeof msg, "VARSIM_CONFIG='");
  } else {
    varsim_append(msg, sizeof msg, "(the default, VARSIM_CONFIG unset) '");
  }
  varsim_append(msg, sizeof msg, config);
  varsim_append(msg, sizeof msg, "': ");
  varsim_append(msg, sizeof msg, what);
  if (name) {
    varsim_append(msg, sizeof msg, " '");
    varsim_copy(msg, sizeof msg, name, len);
    varsim_append(msg, sizeof msg, "'");
  }
  varsim_append(msg, sizeof msg, tail ? tail : "");
  varsim_append(msg, sizeof msg, "\n");
  varsim_err(msg);
  varsim_sys_exit_now(VARSIM_EXIT_BAD_CONFIG);
}

VARSIM_HELPER int varsim_has_children(const varsim_program *p, unsigned f) {
  unsigned i;
  for (i = 0; i < p->num_features; ++i)
    if (p->features[i].parent == (int)f)
      return 1;
  return 0;
}

VARSIM_IMPL void varsim_read_config(void) {
  const varsim_program *p = &varsim_program_tables;
  const char *env = varsim_sys_getenv("VARSIM_CONFIG");
  const char *config = env ? env : p->default_config;
  const char *c = config;
  unsigned n = p->num_features, i;
  int changed, round;
  char *sel = (char *)varsim_sys_calloc(n + 1, 1);
  if (!sel)
    varsim_fatal("out of memory", "configuration", VARSIM_EXIT_NO_MEMORY);
  varsim_g.requested_config = env;
  for (i = 0; i < n; ++i)
    p->values[i] = p->features[i].numeric ? p->features[i].def : 0;
  while (*c) {
    const char *item = c, *eq = 0;
    unsigned long len, name_len;
    while (*c && *c != ',')
      ++c;
    len = (unsigned long)(c - item);
    if (*c == ',')
      ++c;
    while (len && (*item == ' ' || *item == '\t'))
      ++item, --len;
    while (len && (item[len - 1] == ' ' || item[len - 1] == '\t'))
      --len;
    if (!len)
      continue;
    for (name_len = 0; name_len < len; ++name_len)
      if (item[name_len] == '=') {
        eq = item + name_len + 1;
        break;
      }
    for (i = 0; i < n; ++i) {
      const char *fn = p->features[i].name;
      if (varsim_strlen(fn) == name_len &&
          __builtin_memcmp(fn, item, name_len) == 0)
        break;
    }
    if (i == n)
      varsim_config_error(config, "unknown feature", item, name_len, 0);
    if (p->features[i].numeric) {
      long long v;
      if (!eq)
        varsim_config_error(config, "numeric feature", item, name_len,
                            " needs a value (NAME=VALUE)");
      if (!varsim_parse_i64(eq, len - name_len - 1, &v))
        varsim_config_error(config, "malformed value in", item, len,
                            " (expected a decimal integer)");
      if (v < p->features[i].min || v > p->features[i].max)
        varsim_config_error(config, "value out of range in", item, len,
                            " (see the feature's min and max)");
      p->values[i] = v;
      sel[i] = 1;
    } else {
      long long v = 1;
      if (eq &&
          (!varsim_parse_i64(eq, len - name_len - 1, &v) || (v != 0 && v != 1)))
        varsim_config_error(config, "malformed value in", item, len,
                            " (a boolean feature takes no value, or 0/1)");
      sel[i] = (char)v;
    }
  }
  /* Complete: the root, mandatory children of selected parents, abstract
   * parents of selected children; to a fixpoint (the tree is small). */
  for (round = 0, changed = 1; changed && round <= (int)n + 1; ++round) {
    changed = 0;
    for (i = 0; i < n; ++i) {
      const varsim_feature_desc *f = &p->features[i];
      if (f->numeric)
        continue;
      if (!sel[i] && f->parent < 0 && varsim_has_children(p, i))
        sel[i] = 1, changed = 1;
      if (!sel[i] && f->parent >= 0 && f->mandatory && sel[f->parent])
        sel[i] = 1, changed = 1;
      if (sel[i] && f->parent >= 0 && !sel[f->parent] &&
          p->features[f->parent].abstract_)
        sel[f->parent] = 1, changed = 1;
    }
  }
  for (i = 0; i < n; ++i) {
    const varsim_feature_desc *f = &p->features[i];
    if (!f->numeric && sel[i] && f->parent >= 0 && !sel[f->parent]) {
      const char *pn = p->features[f->parent].name;
      char tail[512];
      tail[0] = 0;
      varsim_append(tail, sizeof tail, " is selected but its parent '");
      varsim_append(tail, sizeof tail, pn);
      varsim_append(tail, sizeof tail, "' is not");
      varsim_config_error(config, "feature", f->name, varsim_strlen(f->name),
                          tail);
    }
    if (!f->numeric)
      p->values[i] = sel[i];
  }
  varsim_sys_free(sel);
  for (i = 0; i < p->num_constraints; ++i) {
    if (!p->constraint_holds(i)) {
      char tail[1024];
      tail[0] = 0;
      varsim_append(tail, sizeof tail, " (");
      varsim_append(tail, sizeof tail, p->constraints[i].expression);
      varsim_append(tail, sizeof tail, ")");
      varsim_config_error(config, "violates constraint",
                          p->constraints[i].description,
                          varsim_strlen(p->constraints[i].description), tail);
    }
  }
}

/* ---- Start-up ---- */

VARSIM_HELPER void varsim_absolute(char *dst, unsigned long cap,
                                   const char *path) {
  dst[0] = 0;
  if (path[0] != '/' && varsim_sys_getcwd(dst, cap - 1)) {
    if (varsim_strlen(dst) > 1)
      varsim_append(dst, cap, "/");
  } else {
    dst[0] = 0;
  }
  varsim_append(dst, cap, path);
}

/* `x.json` -> `x.<pid>.json`, anything else -> `x.<pid>.json`. */
VARSIM_HELPER void varsim_child_path(char *dst, unsigned long cap,
                                     const char *base, long long pid) {
  unsigned long n = varsim_strlen(base);
  if (!n) {
    dst[0] = 0;
    return;
  }
  if (n > 5 && __builtin_memcmp(base + n - 5, ".json", 5) == 0)
    n -= 5;
  dst[0] = 0;
  varsim_copy(dst, cap, base, n);
  varsim_append(dst, cap, ".");
  varsim_append_u64(dst, cap, (varsim_u64)pid);
  varsim_append(dst, cap, ".json");
}

/* Which regions may fold: functions other than main. A Base one (present
 * in every configuration) folds into its caller, whose term is its own; one
 * under a feature condition keeps its term: its folded visits are counted
 * per caller and its time estimated from its timed visits (the reader,
 * callgraph/FoldedVisits.cpp).
 * Off with VARSIM_FOLD=off, with sampling off (every visit timed) and with
 * the Chrome file; under the test clock only with VARSIM_FOLD=on. */
VARSIM_HELPER void varsim_fold_setup(void) {
  const varsim_program *p = &varsim_program_tables;
  const char *env = varsim_sys_getenv("VARSIM_FOLD");
  unsigned i;
#if defined(VARSIM_TEST_CLOCK)
  int on = env && __builtin_strcmp(env, "on") == 0;
#else
  int on =
      env && *env ? __builtin_strcmp(env, "on") == 0 : varsim_fold_default != 0;
#endif
  if (env && *env && __builtin_strcmp(env, "on") != 0 &&
      __builtin_strcmp(env, "off") != 0)
    varsim_fatal("malformed VARSIM_FOLD (expected 'on' or 'off')", env,
                 VARSIM_EXIT_BAD_CONFIG);
  varsim_g.fold = on && varsim_g.sample_period > 1 && !varsim_g.chrome_path[0];
  if (!varsim_g.fold)
    return;
  for (i = 0; i < p->num_regions; ++i) {
    const varsim_region_desc *r = &p->regions[i];
    if (__builtin_strcmp(r->kind, "function") == 0 &&
        __builtin_strcmp(r->function, "main") != 0)
      varsim_region_fold[i] = __builtin_strcmp(r->condition, "1") == 0
                                  ? VARSIM_FOLD_MAY
                                  : VARSIM_FOLD_MAY | VARSIM_FOLD_COUNTED;
  }
}

VARSIM_IMPL void varsim_init(void) {
  int expected = 0;
  const char *trace, *chrome, *cap;
  if (!__atomic_compare_exchange_n(&varsim_g.init_state, &expected, 1, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return;
  varsim_g.init_mono_ns = varsim_mono_ns();
  varsim_g.pid = varsim_sys_getpid();
  varsim_g.parent_pid = varsim_sys_getppid();
  varsim_g.main_tid = varsim_sys_gettid();
  varsim_read_config();

  trace = varsim_sys_getenv("VARSIM_TRACE");
  varsim_absolute(varsim_g.base_trace_path, sizeof varsim_g.base_trace_path,
                  trace && *trace ? trace : VARSIM_TRACE_DEFAULT);
  varsim_append(varsim_g.trace_path, sizeof varsim_g.trace_path,
                varsim_g.base_trace_path);
  chrome = varsim_sys_getenv("VARSIM_CHROME_TRACE");
  if (chrome && *chrome) {
    varsim_absolute(varsim_g.base_chrome_path, sizeof varsim_g.base_chrome_path,
                    chrome);
    varsim_append(varsim_g.chrome_path, sizeof varsim_g.chrome_path,
                  varsim_g.base_chrome_path);
  }
  varsim_g.event_cap = 1000000;
  cap = varsim_sys_getenv("VARSIM_CHROME_EVENTS");
  if (cap && *cap) {
    long long v = 0;
    if (!varsim_parse_i64(cap, varsim_strlen(cap), &v) || v <= 0)
      varsim_fatal("malformed VARSIM_CHROME_EVENTS (expected a positive "
                   "integer)",
                   cap, VARSIM_EXIT_BAD_CONFIG);
    varsim_g.event_cap = (varsim_u64)v;
  }
  {
    long n = varsim_sys_readlink("/proc/self/exe", varsim_g.program,
                                 sizeof varsim_g.program - 1);
    varsim_g.program[n > 0 ? n : 0] = 0;
  }
  varsim_g.sample_period = VARSIM_SAMPLE_PERIOD;
  cap = varsim_sys_getenv("VARSIM_SAMPLING");
  if (cap && *cap) {
    long long v = 0;
    if (__builtin_strcmp(cap, "off") == 0)
      v = 0;
    else if (!varsim_parse_i64(cap, varsim_strlen(cap), &v) || v < 0 ||
             v > 1000000000)
      varsim_fatal("malformed VARSIM_SAMPLING (expected 'off' or a period, "
                   "a non-negative integer)",
                   cap, VARSIM_EXIT_BAD_CONFIG);
    varsim_g.sample_period = (varsim_u64)v;
  }
  if (varsim_g.chrome_path[0]) /* the Chrome file needs every visit */
    varsim_g.sample_period = 0;
  varsim_sys_pthread_key_create(&varsim_g.thread_key, varsim_thread_gone);
  varsim_calibrate();
  varsim_fold_setup();
  varsim_g.start_cpu_ns = varsim_cpu_ns(VARSIM_CLOCK_PROCESS_CPUTIME_ID);
  varsim_g.start_thread_cpu_ns = varsim_cpu_ns(VARSIM_CLOCK_THREAD_CPUTIME_ID);
  varsim_g.start_mono_ns = varsim_mono_ns();
  varsim_g.start_ticks = varsim_now();
#if defined(VARSIM_TEST_CLOCK)
  varsim_test_ticks = 0;
#endif
  varsim_g.chrome = varsim_g.chrome_path[0] != 0;
  varsim_sys_atexit(varsim_on_exit);
  varsim_sys_pthread_atfork(varsim_fork_prepare, varsim_fork_parent,
                            varsim_fork_child);
  {
    /* SIGABRT: a failed assert() still leaves its trace, as exit() does. */
    int sigs[3] = {VARSIM_SIGINT, VARSIM_SIGTERM, VARSIM_SIGABRT}, k;
    for (k = 0; k < 3; ++k) {
      varsim_sighandler prev = varsim_sys_signal(sigs[k], varsim_on_signal);
      if (prev != (varsim_sighandler)0) /* not SIG_DFL: the program's own */
        varsim_sys_signal(sigs[k], prev);
    }
  }
  if (varsim_tls)
    varsim_sys_pthread_setspecific(varsim_g.thread_key, varsim_tls);
  __atomic_store_n(&varsim_g.init_state, 2, __ATOMIC_RELEASE);
}

__attribute__((constructor(101))) static void varsim_constructor(void) {
  varsim_init();
}

/* ---- fork, signals, exit ---- */

VARSIM_IMPL void varsim_fork_prepare(void) { varsim_lock(); }
VARSIM_IMPL void varsim_fork_parent(void) { varsim_unlock(); }

VARSIM_IMPL void varsim_fork_child(void) {
  varsim_thread *t = varsim_tls;
  varsim_u64 now = varsim_now();
  varsim_u32 i;
  varsim_unlock();
  varsim_g.parent_pid = varsim_g.pid;
  varsim_g.pid = varsim_sys_getpid();
  varsim_g.main_tid = varsim_sys_gettid();
  varsim_g.is_fork_child = 1;
  varsim_child_path(varsim_g.trace_path, sizeof varsim_g.trace_path,
                    varsim_g.base_trace_path, varsim_g.pid);
  varsim_child_path(varsim_g.chrome_path, sizeof varsim_g.chrome_path,
                    varsim_g.base_chrome_path, varsim_g.pid);
  varsim_g.start_ticks = now;
  /* The child's CPU clocks are its own (they start near zero). */
  varsim_g.start_cpu_ns = varsim_cpu_ns(VARSIM_CLOCK_PROCESS_CPUTIME_ID);
  varsim_g.start_thread_cpu_ns = varsim_cpu_ns(VARSIM_CLOCK_THREAD_CPUTIME_ID);
  varsim_g.start_mono_ns = varsim_mono_ns();
  varsim_g.init_mono_ns = varsim_g.start_mono_ns;
  /* Only the forking thread exists in the child; it starts from zero so
   * that the child's trace holds the child's work only. */
  varsim_g.head = varsim_g.tail = t;
  varsim_g.main_thread = t;
  if (!t)
    return;
  t->next = 0;
  t->is_main = 1;
  t->tid = varsim_g.main_tid;
  t->first_ticks = now;
  t->last_exit_ticks = 0;
  t->main_node_at_end = VARSIM_NO_NODE;
  for (i = 0; i < t->node_count; ++i) {
    varsim_node *n =
        &t->chunks[i >> VARSIM_CHUNK_BITS][i & ((1u << VARSIM_CHUNK_BITS) - 1)];
    n->calls = 0;
    n->timed = 0;
    n->ticks = 0;
    n->sampled = 0; /* warm up again: every node has a timed visit */
    n->fold_samples = 0;
    n->folded = 0;
  }
  if (t->fold_counts)
    __builtin_memset(t->fold_counts, 0,
                     varsim_program_tables.num_regions * sizeof(varsim_u64));
  for (i = 0; i < t->depth && i < VARSIM_MAX_DEPTH; ++i)
    if (t->stack[i].start)
      t->stack[i].start = now;
  t->dropped = t->repaired = 0;
  t->event_count = t->events_dropped = 0;
}

VARSIM_IMPL void varsim_on_signal(int sig) {
  /* SIGINT/SIGTERM cut the run short from outside: the trace says the run is
     not whole. SIGABRT is the program's own end (a failed assert), as the
     variant ends too: that run is whole. */
  if (sig != VARSIM_SIGABRT)
    varsim_g.cut_short_signal = sig;
  varsim_write_trace();
  varsim_sys_signal(sig, (varsim_sighandler)0);
  varsim_sys_raise(sig); /* delivered, with the default action, on return */
}

VARSIM_IMPL void varsim_on_exit(void) { varsim_write_trace(); }

/* ---- Writing ---- */

typedef struct varsim_out {
  int fd;
  int failed;
  unsigned long len;
  char buf[16384];
} varsim_out;

VARSIM_WEAK varsim_out varsim_outbuf;

VARSIM_HELPER void varsim_flush(varsim_out *o) {
  unsigned long done = 0;
  while (done < o->len && !o->failed) {
    long w = varsim_sys_write(o->fd, o->buf + done, o->len - done);
    if (w <= 0)
      o->failed = 1;
    else
      done += (unsigned long)w;
  }
  o->len = 0;
}

VARSIM_HELPER void varsim_put(varsim_out *o, const char *s, unsigned long n) {
  while (n) {
    unsigned long k = sizeof o->buf - o->len;
    if (k > n)
      k = n;
    __builtin_memcpy(o->buf + o->len, s, k);
    o->len += k;
    s += k;
    n -= k;
    if (o->len == sizeof o->buf)
      varsim_flush(o);
  }
}

VARSIM_HELPER void varsim_puts(varsim_out *o, const char *s) {
  varsim_put(o, s, varsim_strlen(s));
}

VARSIM_HELPER void varsim_put_u64(varsim_out *o, varsim_u64 v) {
  char tmp[24];
  tmp[0] = 0;
  varsim_append_u64(tmp, sizeof tmp, v);
  varsim_puts(o, tmp);
}

VARSIM_HELPER void varsim_put_i64(varsim_out *o, long long v) {
  if (v < 0) {
    varsim_puts(o, "-");
    varsim_put_u64(o, 0 - (varsim_u64)v);
  } else {
    varsim_put_u64(o, (varsim_u64)v);
  }
}

/* A non-negative number with three decimals (JSON has no NaN: 0 then). */
VARSIM_HELPER void varsim_put_fixed3(varsim_out *o, double v) {
  varsim_u64 m;
  char frac[4];
  if (!(v >= 0) || v > 1e15)
    v = 0;
  m = (varsim_u64)(v * 1000 + 0.5);
  varsim_put_u64(o, m / 1000);
  frac[0] = '.';
  frac[1] = (char)('0' + m / 100 % 10);
  frac[2] = (char)('0' + m / 10 % 10);
  frac[3] = (char)('0' + m % 10);
  varsim_put(o, frac, 4);
}

VARSIM_HELPER void varsim_put_str(varsim_out *o, const char *s) {
  static const char hex[] = "0123456789abcdef";
  if (!s) {
    varsim_puts(o, "null");
    return;
  }
  varsim_puts(o, "\"");
  for (; *s; ++s) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') {
      char esc[2];
      esc[0] = '\\';
      esc[1] = (char)ch;
      varsim_put(o, esc, 2);
    } else if (ch < 0x20) {
      char esc[6];
      esc[0] = '\\';
      esc[1] = 'u';
      esc[2] = '0';
      esc[3] = '0';
      esc[4] = hex[ch >> 4];
      esc[5] = hex[ch & 15];
      varsim_put(o, esc, 6);
    } else {
      varsim_put(o, (const char *)&ch, 1);
    }
  }
  varsim_puts(o, "\"");
}

VARSIM_HELPER int varsim_open_temp(varsim_out *o, const char *path, char *tmp,
                                   unsigned long cap) {
  tmp[0] = 0;
  varsim_append(tmp, cap, path);
  varsim_append(tmp, cap, ".tmp.");
  varsim_append_u64(tmp, cap, (varsim_u64)varsim_g.pid);
  o->fd = varsim_sys_open(tmp, VARSIM_O_WRONLY_CREAT_TRUNC_CLOEXEC, 0644);
  o->failed = o->fd < 0;
  o->len = 0;
  return !o->failed;
}

VARSIM_HELPER void varsim_close_temp(varsim_out *o, const char *path,
                                     const char *tmp) {
  varsim_flush(o);
  if (varsim_sys_close(o->fd) != 0)
    o->failed = 1;
  if (o->failed || varsim_sys_rename(tmp, path) != 0) {
    varsim_sys_unlink(tmp);
    o->failed = 1;
  }
}

VARSIM_HELPER void varsim_cannot_write(const char *path) {
  varsim_err("varsim: warning: cannot write '");
  varsim_err(path);
  varsim_err("'\n");
}

VARSIM_HELPER varsim_node *varsim_node_at(const varsim_thread *t,
                                          varsim_u32 i) {
  varsim_node *c =
      __atomic_load_n(&t->chunks[i >> VARSIM_CHUNK_BITS], __ATOMIC_ACQUIRE);
  return &c[i & ((1u << VARSIM_CHUNK_BITS) - 1)];
}

VARSIM_HELPER varsim_u64 varsim_ns(varsim_u64 ticks, double ticks_per_ns) {
  return (varsim_u64)((double)ticks / ticks_per_ns + 0.5);
}

/* Ticks since the runtime's start, in ns (0 for a time before it). */
VARSIM_HELPER varsim_u64 varsim_since_start(varsim_u64 ticks, double tpn) {
  return ticks > varsim_g.start_ticks
             ? varsim_ns(ticks - varsim_g.start_ticks, tpn)
             : 0;
}

VARSIM_HELPER void varsim_put_config(varsim_out *o) {
  const varsim_program *p = &varsim_program_tables;
  unsigned i;
  int first = 1;
  varsim_puts(o, "\"");
  for (i = 0; i < p->num_features; ++i) {
    const varsim_feature_desc *f = &p->features[i];
    if (f->abstract_ || (!f->numeric && !p->values[i]))
      continue;
    if (!first)
      varsim_puts(o, ",");
    first = 0;
    varsim_puts(o, f->name); /* feature names are identifiers */
    if (f->numeric) {
      varsim_puts(o, "=");
      varsim_put_i64(o, p->values[i]);
    }
  }
  varsim_puts(o, "\"");
}

/* "cpu": the process's CPU time (all its threads) and the writing thread's
 * over the same interval as wall_ns, and the threads that ran instrumented
 * code. A reader scales times by cpu_ns / wall_ns for the on-CPU time base
 * (docs/calltrace-format.md); thread_ns < cpu_ns tells that other threads
 * used the CPU too, which the count alone may not (uninstrumented ones). */
VARSIM_HELPER void varsim_put_cpu(varsim_out *o, varsim_u64 mono,
                                  varsim_u64 cpu, varsim_u64 thread_cpu) {
  varsim_thread *t;
  varsim_u64 threads = 0;
  for (t = __atomic_load_n(&varsim_g.head, __ATOMIC_ACQUIRE); t;
       t = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE))
    ++threads;
  varsim_puts(o, ",\n  \"cpu\": {\"wall_ns\": ");
  varsim_put_u64(o, mono - varsim_g.start_mono_ns);
  varsim_puts(o, ", \"cpu_ns\": ");
  varsim_put_u64(o,
                 cpu > varsim_g.start_cpu_ns ? cpu - varsim_g.start_cpu_ns : 0);
  varsim_puts(o, ", \"thread_ns\": ");
  varsim_put_u64(o, thread_cpu > varsim_g.start_thread_cpu_ns
                        ? thread_cpu - varsim_g.start_thread_cpu_ns
                        : 0);
  varsim_puts(o, ", \"threads\": ");
  varsim_put_u64(o, threads);
  varsim_puts(o, ", \"main_writes\": ");
  varsim_puts(o, varsim_sys_gettid() == varsim_g.main_tid ? "true" : "false");
  varsim_puts(o, "}");
}

/* One [index, value] pair of a thread's array named name ("folded",
 * "folded_nodes", "fold_samples"), left out where value is 0: the array
 * is opened by its first pair (*started set) and left out if it has none. */
VARSIM_HELPER void varsim_put_pair(varsim_out *o, int *started,
                                   const char *name, varsim_u64 index,
                                   varsim_u64 value) {
  if (!value)
    return;
  if (*started) {
    varsim_puts(o, ", [");
  } else {
    varsim_puts(o, ",\n     \"");
    varsim_puts(o, name);
    varsim_puts(o, "\": [[");
    *started = 1;
  }
  varsim_put_u64(o, index);
  varsim_puts(o, ", ");
  varsim_put_u64(o, value);
  varsim_puts(o, "]");
}

/* Closes the array varsim_put_pair opened, if it did, for the next. */
VARSIM_HELPER void varsim_end_pairs(varsim_out *o, int *started) {
  if (*started)
    varsim_puts(o, "]");
  *started = 0;
}

VARSIM_HELPER void varsim_write_calltrace(varsim_u64 now, varsim_u64 mono,
                                          varsim_u64 cpu, varsim_u64 thread_cpu,
                                          double tpn) {
  const varsim_program *p = &varsim_program_tables;
  varsim_out *o = &varsim_outbuf;
  char tmp[4200];
  varsim_thread *t;
  varsim_u64 dropped = 0, repaired = 0;
  varsim_u64 write_mono = varsim_mono_ns();
  unsigned i;
  if (!varsim_open_temp(o, varsim_g.trace_path, tmp, sizeof tmp)) {
    varsim_cannot_write(varsim_g.trace_path);
    return;
  }
  varsim_puts(o, "{\n  \"format\": \"varsim-calltrace\",\n  \"version\": 1,\n"
                 "  \"varsim_version\": ");
  varsim_put_str(o, p->varsim_version);
  varsim_puts(o, ",\n  \"build_id\": ");
  varsim_put_str(o, p->build_id);
  varsim_puts(o, ",\n  \"program\": ");
  varsim_put_str(o, varsim_g.program);
  varsim_puts(o, ",\n  \"pid\": ");
  varsim_put_i64(o, varsim_g.pid);
  varsim_puts(o, ",\n  \"parent_pid\": ");
  varsim_put_i64(o, varsim_g.parent_pid);
  varsim_puts(o, ",\n  \"fork_child\": ");
  varsim_puts(o, varsim_g.is_fork_child ? "true" : "false");
  if (varsim_g.cut_short_signal) {
    varsim_puts(o, ",\n  \"cut_short_by_signal\": ");
    varsim_put_i64(o, varsim_g.cut_short_signal);
  }
  varsim_puts(o, ",\n  \"config\": ");
  varsim_put_config(o);
  varsim_puts(o, ",\n  \"config_requested\": ");
  varsim_put_str(o, varsim_g.requested_config);
  varsim_puts(o, ",\n  \"features\": [");
  for (i = 0; i < p->num_features; ++i) {
    varsim_puts(o, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
    varsim_put_str(o, p->features[i].name);
    varsim_puts(o, ", \"kind\": ");
    varsim_puts(o, p->features[i].numeric ? "\"numeric\"" : "\"bool\"");
    varsim_puts(o, ", \"value\": ");
    varsim_put_i64(o, p->values[i]);
    varsim_puts(o, "}");
  }
  varsim_puts(o, "\n  ],\n  \"regions\": [");
  for (i = 0; i < p->num_regions; ++i) {
    const varsim_region_desc *r = &p->regions[i];
    varsim_puts(o, i ? ",\n    {\"id\": " : "\n    {\"id\": ");
    varsim_put_u64(o, i);
    varsim_puts(o, ", \"kind\": ");
    varsim_put_str(o, r->kind);
    varsim_puts(o, ", \"function\": ");
    varsim_put_str(o, r->function);
    varsim_puts(o, ", \"condition\": ");
    varsim_put_str(o, r->condition);
    varsim_puts(o, ", \"file\": ");
    varsim_put_str(o, r->file);
    varsim_puts(o, ", \"line\": ");
    varsim_put_u64(o, r->line);
    varsim_puts(o, ", \"end_line\": ");
    varsim_put_u64(o, r->end_line);
    varsim_puts(o, "}");
  }
  varsim_puts(o, "\n  ],\n  \"clock\": {\"source\": \"" VARSIM_CLOCK_SOURCE
                 "\", \"unit\": \"ns\", \"ticks_per_ns\": ");
  varsim_put_fixed3(o, tpn);
  varsim_puts(o, "},\n  \"calibration\": {\"inner_ns\": ");
  varsim_put_fixed3(o, varsim_g.inner_ticks / tpn);
  varsim_puts(o, ", \"outer_ns\": ");
  varsim_put_fixed3(o, varsim_g.outer_ticks / tpn);
  varsim_puts(o, ", \"untimed_ns\": ");
  varsim_put_fixed3(o, varsim_g.untimed_ticks / tpn);
  varsim_puts(o, ", \"folded_ns\": ");
  varsim_put_fixed3(o, varsim_g.folded_ticks / tpn);
  varsim_puts(o, "},\n  \"sampling\": {\"period\": ");
  varsim_put_u64(o, varsim_g.sample_period);
  varsim_puts(o, ", \"below_ns\": ");
  varsim_put_fixed3(o, (double)varsim_g.sample_below / tpn);
  varsim_puts(o, ", \"outlier_ns\": ");
  varsim_put_fixed3(o, (double)varsim_g.sample_outlier / tpn);
  varsim_puts(o, ", \"warmup\": ");
  varsim_put_u64(o, varsim_g.sample_below ? VARSIM_SAMPLE_WARMUP : 0);
  varsim_puts(o, "},\n  \"folding\": {\"enabled\": ");
  varsim_puts(o, varsim_g.fold ? "true" : "false");
  varsim_puts(o, ", \"folded_regions\": [");
  {
    /* Every folded region, then those of them whose folded visits were
     * counted (their total per thread is exact, their split over contexts
     * an estimate; a Base region's later visits are not counted). */
    unsigned i, pass, first;
    for (pass = 0; pass < 2; ++pass) {
      if (pass)
        varsim_puts(o, "], \"counted_regions\": [");
      first = 1;
      for (i = 0; i < varsim_program_tables.num_regions; ++i) {
        unsigned f = __atomic_load_n(&varsim_region_fold[i], __ATOMIC_RELAXED);
        if (!(f & VARSIM_FOLD_DONE) || (pass && !(f & VARSIM_FOLD_COUNTED)))
          continue;
        if (!first)
          varsim_puts(o, ", ");
        first = 0;
        varsim_put_u64(o, i);
      }
    }
  }
  varsim_puts(o, "]},\n  \"wall_ns\": ");
  varsim_put_u64(o, mono - varsim_g.start_mono_ns);
  varsim_puts(o, ",\n  \"monotonic\": {\"init_ns\": ");
  varsim_put_u64(o, varsim_g.init_mono_ns);
  varsim_puts(o, ", \"start_ns\": ");
  varsim_put_u64(o, varsim_g.start_mono_ns);
  varsim_puts(o, ", \"write_ns\": ");
  varsim_put_u64(o, write_mono);
  varsim_puts(o, "}");
  varsim_put_cpu(o, mono, cpu, thread_cpu);
  varsim_puts(o, ",\n  \"threads\": [");
  for (t = __atomic_load_n(&varsim_g.head, __ATOMIC_ACQUIRE); t;
       t = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE)) {
    varsim_u32 count = __atomic_load_n(&t->node_count, __ATOMIC_ACQUIRE);
    varsim_u32 open = t->depth < VARSIM_MAX_DEPTH ? t->depth : VARSIM_MAX_DEPTH;
    varsim_u64 tdropped = t->dropped + t->overflow.calls;
    varsim_puts(o,
                t == varsim_g.head ? "\n    {\"tid\": " : ",\n    {\"tid\": ");
    varsim_put_i64(o, t->tid);
    varsim_puts(o, ", \"name\": ");
    varsim_put_str(o, t->is_main ? "main" : t->name);
    varsim_puts(o, ", \"main\": ");
    varsim_puts(o, t->is_main ? "true" : "false");
    varsim_puts(o, ", \"exited\": ");
    varsim_puts(o, __atomic_load_n(&t->exited, __ATOMIC_ACQUIRE) ? "true"
                                                                 : "false");
    varsim_puts(o, ", \"open_scopes\": ");
    varsim_put_u64(o, t->depth);
    varsim_puts(o, ", \"dropped\": ");
    varsim_put_u64(o, tdropped);
    varsim_puts(o, ", \"repaired\": ");
    varsim_put_u64(o, t->repaired);
    /* A thread still in a region lives until now; main's node then is the
     * one it is in at the write. */
    varsim_puts(o, ",\n     \"start_ns\": ");
    varsim_put_u64(o, varsim_since_start(t->first_ticks, tpn));
    varsim_puts(o, ", \"end_ns\": ");
    varsim_put_u64(o, varsim_since_start(t->depth || !t->last_exit_ticks
                                             ? now
                                             : t->last_exit_ticks,
                                         tpn));
    varsim_puts(o, ", \"main_node_at_end\": ");
    {
      varsim_u32 m = t->is_main ? VARSIM_NO_NODE
                     : t->depth ? varsim_main_top()
                                : t->main_node_at_end;
      varsim_thread *main_thread = varsim_g.main_thread;
      if (!main_thread ||
          m >= __atomic_load_n(&main_thread->node_count, __ATOMIC_ACQUIRE))
        varsim_puts(o, "-1");
      else
        varsim_put_u64(o, m);
    }
    varsim_puts(o, ",\n     \"nodes\": [");
    for (i = 0; i < count; ++i) {
      varsim_node *n = varsim_node_at(t, i);
      varsim_u64 calls = n->calls, timed = n->timed, ticks = n->ticks;
      /* Scopes still open (exit() from deep inside, a signal, a thread that
       * still runs) count as one visit that lasts until now. */
      if (n->depth < open && t->stack[n->depth].node == n) {
        calls += 1;
        if (t->stack[n->depth].start) {
          timed += 1;
          ticks += now - t->stack[n->depth].start;
        }
      }
      varsim_puts(o, i ? ", [" : "[");
      if (n->parent == VARSIM_NO_NODE)
        varsim_puts(o, "-1");
      else
        varsim_put_u64(o, n->parent);
      varsim_puts(o, ", ");
      varsim_put_u64(o, n->region);
      varsim_puts(o, ", ");
      varsim_put_u64(o, calls);
      varsim_puts(o, ", ");
      varsim_put_u64(o, varsim_ns(ticks, tpn));
      if (timed != calls) { /* sampled: the time is of the timed visits */
        varsim_puts(o, ", ");
        varsim_put_u64(o, timed);
      }
      varsim_puts(o, "]");
    }
    varsim_puts(o, "]");
    {
      /* Visits of folded counted regions: [region, visits] per thread,
       * the same per context, [node, visits], and the nodes their sampled
       * visits were recorded in, [node, samples] (the reader adds the
       * visits to their contexts and estimates their time). The totals
       * per region are summed here: the hot path counts per node only. */
      int started = 0;
      if (t->fold_counts) {
        __builtin_memset(t->fold_counts, 0,
                         varsim_program_tables.num_regions *
                             sizeof(varsim_u64));
        for (i = 0; i < count; ++i) {
          varsim_node *n = varsim_node_at(t, i);
          if (n->folded && n->region < varsim_program_tables.num_regions)
            t->fold_counts[n->region] += n->folded;
        }
        for (i = 0; i < varsim_program_tables.num_regions; ++i)
          varsim_put_pair(o, &started, "folded", i, t->fold_counts[i]);
      }
      varsim_end_pairs(o, &started);
      for (i = 0; i < count; ++i)
        varsim_put_pair(o, &started, "folded_nodes", i,
                        varsim_node_at(t, i)->folded);
      varsim_end_pairs(o, &started);
      for (i = 0; i < count; ++i)
        varsim_put_pair(o, &started, "fold_samples", i,
                        varsim_node_at(t, i)->fold_samples);
      varsim_end_pairs(o, &started);
    }
    varsim_puts(o, "}");
    dropped += tdropped;
    repaired += t->repaired;
  }
  varsim_puts(o, "\n  ],\n  \"dropped\": ");
  varsim_put_u64(o, dropped);
  varsim_puts(o, ",\n  \"repaired\": ");
  varsim_put_u64(o, repaired);
  varsim_puts(o, "\n}\n");
  varsim_close_temp(o, varsim_g.trace_path, tmp);
  if (o->failed)
    varsim_cannot_write(varsim_g.trace_path);
}

VARSIM_HELPER void varsim_put_us(varsim_out *o, varsim_u64 ticks, double tpn) {
  varsim_put_fixed3(o, (double)ticks / tpn / 1000.0);
}

/* "name": "...", "cat": "kind" of a Chrome event. */
VARSIM_HELPER void varsim_put_event_name(varsim_out *o, varsim_u32 region) {
  const varsim_program *p = &varsim_program_tables;
  char name[512];
  name[0] = 0;
  if (region >= p->num_regions) {
    varsim_append(name, sizeof name, "region ");
    varsim_append_u64(name, sizeof name, region);
    varsim_put_str(o, name);
    varsim_puts(o, ", \"cat\": \"unknown\"");
    return;
  }
  if (__builtin_strcmp(p->regions[region].kind, "region") == 0) {
    varsim_append(name, sizeof name, "#if ");
    varsim_append(name, sizeof name, p->regions[region].condition);
    varsim_append(name, sizeof name, " in ");
  } else if (__builtin_strcmp(p->regions[region].kind, "switch") == 0) {
    varsim_append(name, sizeof name, "switch ");
  }
  varsim_append(name, sizeof name, p->regions[region].function);
  varsim_put_str(o, name);
  varsim_puts(o, ", \"cat\": ");
  varsim_put_str(o, p->regions[region].kind);
}

VARSIM_HELPER void varsim_write_chrome(double tpn) {
  varsim_out *o = &varsim_outbuf;
  char tmp[4200];
  varsim_thread *t;
  varsim_u64 dropped = 0, i;
  if (!varsim_open_temp(o, varsim_g.chrome_path, tmp, sizeof tmp)) {
    varsim_cannot_write(varsim_g.chrome_path);
    return;
  }
  varsim_puts(o, "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n"
                 "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": ");
  varsim_put_i64(o, varsim_g.pid);
  varsim_puts(o, ", \"tid\": 0, \"args\": {\"name\": ");
  varsim_put_str(o, varsim_g.program);
  varsim_puts(o, "}}");
  for (t = __atomic_load_n(&varsim_g.head, __ATOMIC_ACQUIRE); t;
       t = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE)) {
    varsim_u64 count = __atomic_load_n(&t->event_count, __ATOMIC_ACQUIRE);
    varsim_puts(o, ",\n{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": ");
    varsim_put_i64(o, varsim_g.pid);
    varsim_puts(o, ", \"tid\": ");
    varsim_put_i64(o, t->tid);
    varsim_puts(o, ", \"args\": {\"name\": ");
    varsim_put_str(o, t->is_main ? "main" : t->name);
    varsim_puts(o, "}}");
    for (i = 0; i < count; ++i) {
      const varsim_event *e = &t->events[i];
      varsim_puts(o, ",\n{\"name\": ");
      varsim_put_event_name(o, e->region);
      varsim_puts(o, ", \"ph\": \"X\", \"ts\": ");
      varsim_put_us(o, e->start - varsim_g.start_ticks, tpn);
      varsim_puts(o, ", \"dur\": ");
      varsim_put_us(o, e->end - e->start, tpn);
      varsim_puts(o, ", \"pid\": ");
      varsim_put_i64(o, varsim_g.pid);
      varsim_puts(o, ", \"tid\": ");
      varsim_put_i64(o, t->tid);
      varsim_puts(o, ", \"args\": {\"region\": ");
      varsim_put_u64(o, e->region);
      varsim_puts(o, "}}");
    }
    if (t->events_dropped) {
      varsim_puts(o, ",\n{\"name\": \"varsim: ");
      varsim_put_u64(o, t->events_dropped);
      varsim_puts(o, " events dropped (buffer full, see VARSIM_CHROME_EVENTS)"
                     "\", \"ph\": \"i\", \"s\": \"t\", \"ts\": ");
      varsim_put_us(o, t->first_drop - varsim_g.start_ticks, tpn);
      varsim_puts(o, ", \"pid\": ");
      varsim_put_i64(o, varsim_g.pid);
      varsim_puts(o, ", \"tid\": ");
      varsim_put_i64(o, t->tid);
      varsim_puts(o, "}");
      dropped += t->events_dropped;
    }
  }
  varsim_puts(o, "\n], \"otherData\": {\"dropped_events\": ");
  varsim_put_u64(o, dropped);
  varsim_puts(o, "}}\n");
  varsim_close_temp(o, varsim_g.chrome_path, tmp);
  if (o->failed)
    varsim_cannot_write(varsim_g.chrome_path);
}

VARSIM_IMPL void varsim_write_trace(void) {
  varsim_u64 now, mono, cpu, thread_cpu;
  double tpn = 1.0;
  if (__atomic_load_n(&varsim_g.init_state, __ATOMIC_ACQUIRE) != 2 ||
      __atomic_exchange_n(&varsim_g.written, 1, __ATOMIC_ACQ_REL))
    return;
  now = varsim_now();
  mono = varsim_mono_ns();
  cpu = varsim_cpu_ns(VARSIM_CLOCK_PROCESS_CPUTIME_ID);
  thread_cpu = varsim_cpu_ns(VARSIM_CLOCK_THREAD_CPUTIME_ID);
#if !defined(VARSIM_TEST_CLOCK) && defined(__x86_64__) &&                      \
    !defined(VARSIM_NO_TSC)
  {
    /* TSC rate over the whole run; at least 5 ms so that the clock_gettime
     * resolution does not matter. */
    varsim_u64 ticks = now, ns = mono;
    while (ns - varsim_g.start_mono_ns < 5000000) {
      ns = varsim_mono_ns();
      ticks = varsim_now();
    }
    tpn = (double)(ticks - varsim_g.start_ticks) /
          (double)(ns - varsim_g.start_mono_ns);
    if (!(tpn > 0))
      tpn = 1.0;
  }
#endif
  varsim_write_calltrace(now, mono, cpu, thread_cpu, tpn);
  if (varsim_g.chrome)
    varsim_write_chrome(tpn);
}

#if defined(__clang__)
#pragma clang optimize on
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif

/* The gap to the next timed visit of a sampled node: uniform in
 * [1, 2 * period - 1] (mean: period), so that a fixed pattern of visits
 * (two regions alternating in a loop) cannot always hit the same one.
 * Optimised like the hot path: it runs on a timed visit of a sampled node. */
VARSIM_WEAK __attribute__((noinline)) void varsim_rearm(varsim_thread *t) {
  varsim_u64 x = t->rng;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  t->rng = x;
  t->countdown = 1 + (((x >> 32) * (2 * varsim_g.sample_period - 1)) >> 32);
}

/* The same for the visits of folded counted regions: a gap in
 * [1, 2 * VARSIM_FOLD_PERIOD - 1]. */
VARSIM_WEAK __attribute__((noinline)) void varsim_fold_rearm(varsim_thread *t) {
  varsim_u64 x = t->rng;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  t->rng = x;
  t->fold_countdown =
      1 + (((x >> 32) * (2 * (varsim_u64)VARSIM_FOLD_PERIOD - 1)) >> 32);
}

/* A miss of parent's cache in a folded counted visit of region (depth
 * t->depth, parent the node on top of the stack): the context's node from
 * the hash table, created if new (its recorded calls 0 until a sampled
 * visit lands there), put in the cache. Null: record the visit as before
 * (parent is itself a counted fold's node, or the node limit is reached). */
VARSIM_WEAK __attribute__((noinline)) varsim_node *
varsim_fold_child(varsim_thread *t, varsim_node *parent, varsim_u32 region) {
  varsim_u32 d = t->depth, w;
  varsim_u64 key;
  varsim_slot *s;
  varsim_node *c;
  if (parent->fold_key[0] == VARSIM_FOLD_NESTED)
    return 0;
  key = t->stack[d - 1].child_key | ((varsim_u64)region + 1);
  s = &t->slots[(key * 0x9E3779B97F4A7C15ull) >> t->slot_shift];
  if (s->key == key) {
    c = s->node;
  } else {
    t->depth = d + 1; /* varsim_child_slow gives the node depth - 1 */
    c = varsim_child_slow(t, key, region);
    t->depth = d;
  }
  if (c == &t->overflow)
    return 0;
  /* An empty entry first: the folded callees of one caller all stay
   * (a slot per region's lowest bit, RapidJSON's two even regions called
   * in turn from main missed 20 M times a run: +0.63 G instructions). */
  for (w = 0; w < VARSIM_FOLD_WAYS && parent->fold_key[w]; ++w)
    ;
  if (w == VARSIM_FOLD_WAYS)
    w = region % VARSIM_FOLD_WAYS;
  parent->fold_key[w] = region + 1;
  parent->fold_child[w] = c;
  return c;
}

#ifdef VARSIM_PRESERVE_MOST_CALLS
/* The hot path's preserve_most copies (VARSIM_COLD_CALL): each calls the
 * helper, whose registers the convention makes this frame save. */
VARSIM_COLD_DECL varsim_thread *varsim_thread_attach_pm(void) {
  return varsim_thread_attach();
}
VARSIM_COLD_DECL varsim_node *
varsim_child_slow_pm(varsim_thread *t, varsim_u64 key, varsim_u32 region) {
  return varsim_child_slow(t, key, region);
}
VARSIM_COLD_DECL void varsim_rearm_pm(varsim_thread *t) { varsim_rearm(t); }
VARSIM_COLD_DECL void varsim_fold_rearm_pm(varsim_thread *t) {
  varsim_fold_rearm(t);
}
VARSIM_COLD_DECL varsim_node *
varsim_fold_child_pm(varsim_thread *t, varsim_node *parent, varsim_u32 region) {
  return varsim_fold_child(t, parent, region);
}
VARSIM_COLD_DECL varsim_u64 varsim_rebalance_pm(varsim_thread *t,
                                                varsim_u32 depth) {
  return varsim_rebalance(t, depth);
}
VARSIM_COLD_DECL void varsim_top_exit_pm(varsim_thread *t) {
  varsim_top_exit(t);
}
VARSIM_COLD_DECL void varsim_chrome_record_pm(varsim_thread *t,
                                              varsim_u32 region,
                                              varsim_u64 start,
                                              varsim_u64 end) {
  varsim_chrome_record(t, region, start, end);
}
#endif

/* The calibration loop must be compiled like the markers in the program:
 * not cold (cold code is optimised for size). */
VARSIM_WEAK volatile varsim_u64 varsim_calibration_sink;

/* Region B, visited `visits` times inside one visit of region A, around a
 * little work (a multiply-add chain, like a short #if block's body): the
 * marker's cost in a loop overlaps with the program's work, so it is
 * measured against the same loop without B's markers. Mode 0: no markers
 * for B; 1: B timed; 2: B untimed (a sampled node between its timed
 * visits); 3: B folded and counted (a tiny hot function under a feature
 * condition, varsim_enter's first branch). Returns A's inclusive ticks;
 * B's in *b_ticks. */
static __attribute__((noinline)) varsim_u64 varsim_calibration_round(
    varsim_thread *c, int mode, int visits, varsim_u64 *b_ticks) {
  varsim_u64 x = varsim_calibration_sink, a0, b0;
  unsigned char fold = varsim_region_fold[1];
  varsim_u32 outer;
  int i;
  a0 = c->node_count > 0 ? c->chunks[0][0].ticks : 0;
  b0 = c->node_count > 1 ? c->chunks[0][1].ticks : 0;
  if (mode == 1 && c->node_count > 1)
    c->chunks[0][1].sampled = 0;
  if (mode == 2 && c->node_count > 1) {
    c->chunks[0][1].sampled = 1;
    c->countdown = ~0ull;
  }
  /* Region 1 folds for this round only; no gap ends. */
  if (mode == 3) {
    varsim_region_fold[1] = VARSIM_FOLD_DONE | VARSIM_FOLD_COUNTED;
    c->fold_countdown = ~0ull;
  }
  outer = varsim_enter(0);
  if (mode == 0) {
    for (i = 0; i < visits; ++i)
      x = x * 6364136223846793005ull + (varsim_u64)i;
  } else {
    for (i = 0; i < visits; ++i) {
      varsim_u32 inner_scope = varsim_enter(1);
      x = x * 6364136223846793005ull + (varsim_u64)i;
      varsim_exit(inner_scope);
    }
  }
  varsim_exit(outer);
  varsim_region_fold[1] = fold;
  varsim_calibration_sink = x;
  *b_ticks = c->node_count > 1 ? c->chunks[0][1].ticks - b0 : 0;
  return c->chunks[0][0].ticks - a0;
}

VARSIM_WEAK __attribute__((noinline)) void varsim_calibrate(void) {
  const int rounds = 12, visits = 2000;
  varsim_thread *saved = varsim_tls;
  varsim_thread *c = varsim_new_thread();
  /* The smallest over the rounds of: A's time around the plain loop, A's
   * and B's with B timed, A's with B untimed. */
  double plain = 1e300, timed_a = 1e300, timed_b = 1e300, untimed_a = 1e300,
         folded_a = 1e300;
  /* The folded path needs a thread with fold counts; it only tests them. */
  varsim_u64 no_counts = 0;
  int r;
  varsim_tls = c;
  c->fold_counts = &no_counts;
  for (r = 0; r < rounds; ++r) {
    varsim_u64 b, p, ta, tb, ua, fa;
    p = varsim_calibration_round(c, 0, visits, &b);
    ta = varsim_calibration_round(c, 1, visits, &tb);
    ua = varsim_calibration_round(c, 2, visits, &b);
    fa = varsim_calibration_round(c, 3, visits, &b);
    if (r == 0)
      continue; /* warm-up: the nodes are created here */
    if ((double)p < plain)
      plain = (double)p;
    if ((double)ta < timed_a)
      timed_a = (double)ta;
    if ((double)tb < timed_b)
      timed_b = (double)tb;
    if ((double)ua < untimed_a)
      untimed_a = (double)ua;
    if ((double)fa < folded_a)
      folded_a = (double)fa;
  }
  c->fold_counts = 0;
  varsim_tls = saved;
  varsim_free_thread(c);
  /* plain = a + V w (a: A's own inner cost, w: the work), B's time with B
   * timed = V (w + inner), A's = a + V (w + inner + outer), and with B
   * untimed a + V (w + untimed). With a = inner: */
  varsim_g.inner_ticks = (timed_b - plain) / (visits - 1);
  if (!(varsim_g.inner_ticks > 0))
    varsim_g.inner_ticks = 0;
  varsim_g.outer_ticks = (timed_a - plain) / visits - varsim_g.inner_ticks;
  if (!(varsim_g.outer_ticks > 0))
    varsim_g.outer_ticks = 0;
  varsim_g.untimed_ticks = (untimed_a - plain) / visits;
  if (!(varsim_g.untimed_ticks > 0))
    varsim_g.untimed_ticks = 0;
  varsim_g.folded_ticks = (folded_a - plain) / visits;
  if (!(varsim_g.folded_ticks > 0))
    varsim_g.folded_ticks = 0;
  if (varsim_g.sample_period > 1) {
    varsim_g.sample_below =
        (varsim_u64)(VARSIM_SAMPLE_FACTOR *
                     (2 * varsim_g.inner_ticks + varsim_g.outer_ticks));
    varsim_g.sample_outlier = VARSIM_SAMPLE_OUTLIER * varsim_g.sample_below;
  }
#if defined(VARSIM_TEST_CLOCK)
  varsim_test_ticks = 0;
#endif
}

VARSIM_END_C

#endif /* VARSIM_RUNTIME_H */
