#!/usr/bin/env python3
"""The plan covers a function copied per configuration only where a run can
execute it (issue 16): reachable_copies.py VARSIM.

A real `varsim rewrite` of a small C program in Mbed TLS's style: a table
of the enabled options with an entry per feature (`#if defined(X)`) and a
function that searches it (`check_option`, like
`mbedtls_version_check_feature`), which the global lowering copies per
configuration of the three features (8 copies). Case (a): nothing calls
it; no run can execute a copy, so the plan need not run the eight
configurations. Case (b): main calls it; every copy is covered, as
before (with --every-copy; by default a reachable function's copies are
covered on demand, test/plan/copies_on_demand.py). Case (c): main stores
its address in a table of callbacks and calls through it: the address is
taken, so it counts as reachable.
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from checks import Checks, varsim_runner  # noqa: E402

VARSIM = sys.argv[1]
checks = Checks()
check = checks.check
varsim = varsim_runner(VARSIM, timeout=300)

MODEL = """<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="OPT_A"/><feature name="OPT_B"/><feature name="OPT_C"/>
  </and></struct></featureModel>"""

OPTIONS = """#include <string.h>
#include "options.h"

static const char *const options[] = {
#if defined(OPT_A)
    "OPT_A",
#endif
#if defined(OPT_B)
    "OPT_B",
#endif
#if defined(OPT_C)
    "OPT_C",
#endif
    NULL};

int check_option(const char *name) {
  const char *const *idx = options;
  if (name == NULL)
    return -1;
  while (*idx != NULL) {
    if (!strcmp(*idx, name))
      return 0;
    idx++;
  }
  return -1;
}
"""

HEADER = "int check_option(const char *name);\n"

MAIN_PROLOGUE = """#include <stdio.h>
#include "options.h"

static long work(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) {
    s += i % 7;
#ifdef OPT_A
    s += i % 3;
#endif
  }
  return s;
}
"""

MAINS = {
    "uncalled": MAIN_PROLOGUE + """
int main(void) {
  printf("%ld\\n", work(1000));
  return 0;
}
""",
    "called": MAIN_PROLOGUE + """
int main(void) {
  printf("%ld %d\\n", work(1000), check_option("OPT_B"));
  return 0;
}
""",
    "address_taken": MAIN_PROLOGUE + """
static int (*const checks[])(const char *) = {check_option};

int main(void) {
  printf("%ld %d\\n", work(1000), checks[0]("OPT_B"));
  return 0;
}
""",
}


def rewrite(root, main_text):
    out = os.path.join(root, "out")  # Outside the project's tree.
    root = os.path.join(root, "project")
    src = os.path.join(root, "src")
    os.makedirs(src)
    files = {"main.c": main_text, "options.c": OPTIONS, "options.h": HEADER}
    for name, text in files.items():
        with open(os.path.join(src, name), "w") as f:
            f.write(text)
    with open(os.path.join(root, "model.xml"), "w") as f:
        f.write(MODEL)
    db = [{"directory": src, "file": os.path.join(src, name),
           "arguments": ["cc", "-std=c11", "-c", name]}
          for name in ("main.c", "options.c")]
    db_path = os.path.join(root, "compile_commands.json")
    with open(db_path, "w") as f:
        json.dump(db, f)
    proc = varsim("rewrite", db_path, "-f", os.path.join(root, "model.xml"),
                  "-o", out)
    check(proc.returncode == 0, "rewrite", proc)
    return out


def plan_size(out, *extra):
    proc = varsim("plan", out, *extra)
    check(proc.returncode == 0, "plan " + " ".join(extra), proc)
    return len(proc.stdout.splitlines()), proc


with tempfile.TemporaryDirectory(prefix="varsim-reachable-") as tmp:
    sizes = {}
    for case, main_text in MAINS.items():
        out = rewrite(os.path.join(tmp, case), main_text)
        with open(os.path.join(out, "manifest.json")) as f:
            manifest = json.load(f)
        copies = [r for r in manifest.get("renamings", [])
                  if r["original"] == "check_option"]
        copy_regions = [r for r in manifest["regions"]
                        if r["function"].startswith("check_option")
                        and r["condition"] != "1"]
        check(len(copies) + len(copy_regions) >= 8,
              f"{case}: check_option is copied per configuration "
              f"(renamings {copies}, regions {copy_regions})")
        minimal, _ = plan_size(out, "--no-dataflow", "--every-copy")
        static, proc = plan_size(out, "--report", "--every-copy")
        sizes[case] = (minimal, static)
        # By default a reachable function's copies are covered on demand
        # (plan/OnDemand.h, test/plan/copies_on_demand.py): the plan covers
        # where it exists, 'varsim run' its copies once a run calls it.
        on_demand, demand_proc = plan_size(out, "--report")
        if case != "uncalled":
            check(on_demand <= 2 and "covered on demand" in
                  demand_proc.stderr,
                  f"{case}: on demand, at most 2 runs: {on_demand}",
                  demand_proc)
        dropped = "not covered by the plan" in proc.stderr
        if case == "uncalled":
            check(dropped and "check_option" in proc.stderr,
                  "uncalled: --report names the copies left uncovered", proc)
        else:
            check(not dropped, f"{case}: nothing left uncovered", proc)
    print("plan sizes (minimal, static):", sizes)
    # Every copy runs only in its own configuration of the three features.
    for case in ("called", "address_taken"):
        check(sizes[case][0] == 8 and sizes[case][1] == 8,
              f"{case}: every copy covered, 8 runs: {sizes[case]}")
    # The uncalled copies need no run: main's own OPT_A block on and off.
    check(sizes["uncalled"][0] <= 2 and sizes["uncalled"][1] <= 2,
          f"uncalled: at most 2 runs: {sizes['uncalled']}")
checks.finish()
