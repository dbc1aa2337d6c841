/* A feature test after a test of the compiler's version, which varsim
   does not read (clang says 4, gcc its release): the #elif runs in this
   build only if that test is false, and no parse shows which. Before
   session 20 the rewrite took the version test as true and blanked the
   #elif as dead: the TURBO simulator printed the other branch's result. */
#include <stdio.h>

static int slots;

static void cache_init(int n) {
#if defined(__GNUC__) && __GNUC__ >= 100
  slots = n / 4;
#elif defined(TURBO)
  slots = n * 2;
#else
  slots = n;
#endif
}

int main(void) {
  cache_init(40);
#ifdef VERBOSE
  printf("verbose\n");
#endif
  printf("slots %d\n", slots);
  return 0;
}

// REFUSAL: {{^.*}}/main.c:13:1: error: this branch (TURBO) follows a test of platform or project macros that varsim
// REFUSAL-SAME: cannot evaluate (__GNUC__ >= 100), and no parse entered it: whether it runs
// REFUSAL-SAME: in this build is unknown; test the platform macros in an #if of their own around the feature tests,
// REFUSAL-SAME: or make them features of the model{{$}}
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
