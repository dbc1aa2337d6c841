#!/usr/bin/env python3
"""A function copied per configuration is covered on demand (issue 16):
copies_on_demand.py VARSIM.

A real `varsim rewrite` of a small C program in SQLite's style
(`sqlite3CompileOptions`): a table of the enabled options with an entry
per feature and a function that reads it (`check_option`), which the
global lowering copies per configuration of the three features (8
copies). main calls it only when the workload asks (an argument), so the
call graph reaches it either way. The simulator is built and run:

- `varsim plan`: the copies are covered on demand (the plan covers where
  the function exists, not each copy's configuration), `--report` says so,
  `--every-copy` plans the 8 configurations as before;
- `varsim run` with a workload that never calls it: no run for the
  copies, `index.json` says it was not called, `varsim model` says their
  regions never ran;
- with a workload that calls it (directly, and from inside a feature
  block): a run's counts show it runs, and the runs then cover every copy
  (all 8 configurations, adaptive and --no-adaptive; inside `#ifdef OPT_C`
  only the 4 copies with OPT_C are ever called);
- every configuration's simulator output equals the variant's built from
  the original sources with the configuration's -D flags.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from checks import Checks, varsim_runner  # noqa: E402

VARSIM = sys.argv[1]
checks = Checks()
check = checks.check
varsim = varsim_runner(VARSIM, timeout=300)
CC = os.environ.get("CC", "cc")

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
  int n = 0;
  while (*idx != NULL) {
    if (!strcmp(*idx, name))
      return n;
    idx++;
    n++;
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

# The workload decides whether check_option runs: with an argument.
MAINS = {
    "direct": MAIN_PROLOGUE + """
int main(int argc, char **argv) {
  printf("%ld\\n", work(1000));
  if (argc > 1)
    printf("%s: %d\\n", argv[1], check_option(argv[1]));
  return 0;
}
""",
    "in_feature": MAIN_PROLOGUE + """
int main(int argc, char **argv) {
  printf("%ld\\n", work(1000));
#ifdef OPT_C
  if (argc > 1)
    printf("%s: %d\\n", argv[1], check_option(argv[1]));
#endif
  return 0;
}
""",
    # OPT_A and OPT_B set how much work OPT_C's block does (data-flow
    # facts): the static plan needs more runs than the minimal one, so
    # `varsim run` is adaptive, and its follow-up then meets the copies.
    "with_fact": MAIN_PROLOGUE + """
int main(int argc, char **argv) {
  int n = 1000;
#ifdef OPT_A
  n += 500;
#endif
#ifdef OPT_B
  n *= 2;
#endif
#ifdef OPT_C
  printf("%ld\\n", work(n));
#endif
  if (argc > 1)
    printf("%s: %d\\n", argv[1], check_option(argv[1]));
  return 0;
}
""",
}
CONFIGS = [",".join(f for f, on in zip(("OPT_A", "OPT_B", "OPT_C"), bits)
                    if on)
           for bits in [(a, b, c) for a in (0, 1) for b in (0, 1)
                        for c in (0, 1)]]


def sh(args, cwd=None, env=None):
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def write_project(root, main_text):
    src = os.path.join(root, "project", "src")
    os.makedirs(src)
    files = {"main.c": main_text, "options.c": OPTIONS, "options.h": HEADER}
    for name, text in files.items():
        with open(os.path.join(src, name), "w") as f:
            f.write(text)
    model = os.path.join(root, "project", "model.xml")
    with open(model, "w") as f:
        f.write(MODEL)
    db = [{"directory": src, "file": os.path.join(src, name),
           "arguments": [CC, "-std=c11", "-O1", "-c", name]}
          for name in ("main.c", "options.c")]
    db_path = os.path.join(root, "project", "compile_commands.json")
    with open(db_path, "w") as f:
        json.dump(db, f)
    return src, model, db_path


def build_simulator(out):
    """The simulator from OUT/compile_commands.json, linked to OUT/sim."""
    with open(os.path.join(out, "compile_commands.json")) as f:
        entries = json.load(f)
    objects = []
    for i, e in enumerate(entries):
        args = list(e["arguments"]) if "arguments" in e else \
            shlex.split(e["command"])
        if "-o" in args:
            at = args.index("-o")
            del args[at:at + 2]
        obj = os.path.join(out, f"sim-{i}.o")
        proc = sh(args + ["-o", obj], cwd=e["directory"])
        check(proc.returncode == 0, f"compile {e['file']}", proc)
        objects.append(obj)
    sim = os.path.join(out, "sim")
    proc = sh([CC, *objects, "-o", sim, "-pthread"])
    check(proc.returncode == 0, "link the simulator", proc)
    return sim


def variant_output(src, config, args, tmp):
    defines = [f"-D{f}" for f in config.split(",") if f]
    exe = os.path.join(tmp, "variant-" + (config.replace(",", "-") or "none"))
    if not os.path.exists(exe):
        proc = sh([CC, "-std=c11", "-O1", *defines, "main.c", "options.c",
                   "-o", exe], cwd=src)
        check(proc.returncode == 0, f"variant {config}", proc)
    return sh([exe, *args]).stdout


def run_traces(out, sim, *args, extra=()):
    """`varsim run` and the configurations it ran, its index and stderr."""
    proc = varsim("run", out, "--repeat", "1", *extra, "--", sim, *args)
    check(proc.returncode == 0, f"varsim run {extra} -- sim {args}", proc)
    with open(os.path.join(out, "traces", "index.json")) as f:
        index = json.load(f)
    return [r["config"] for r in index["runs"]], index, proc


def copy_visits(out, index):
    """Per configuration run, the check_option copies with visits."""
    visited = {}
    for r in index["runs"]:
        with open(os.path.join(out, "traces", r["trace"])) as f:
            trace = json.load(f)
        names = {i: reg.get("function", "") for i, reg in
                 enumerate(trace["regions"])}
        for th in trace["threads"]:
            for _, region, calls, _ in th["nodes"]:
                if calls and names.get(region, "").startswith(
                        "check_option__varsim_"):
                    visited.setdefault(r["config"], set()).add(names[region])
    return visited


with tempfile.TemporaryDirectory(prefix="varsim-ondemand-") as tmp:
    for case, main_text in MAINS.items():
        root = os.path.join(tmp, case)
        src, model, db_path = write_project(root, main_text)
        out = os.path.join(root, "out")
        proc = varsim("rewrite", db_path, "-f", model, "-o", out)
        check(proc.returncode == 0, f"{case}: rewrite", proc)
        if proc.returncode != 0:
            continue
        with open(os.path.join(out, "manifest.json")) as f:
            manifest = json.load(f)
        copies = [r for r in manifest["regions"] if r["kind"] == "function"
                  and r["function"].startswith("check_option__varsim_")]
        check(len(copies) == 8,
              f"{case}: check_option is copied per configuration: {copies}")

        # The plan: on demand by default, every copy with --every-copy.
        plan = varsim("plan", out, "--report")
        check(plan.returncode == 0, f"{case}: plan", plan)
        static = plan.stdout.splitlines()
        check("covered on demand" in plan.stderr and
              "check_option (" in plan.stderr and "8 copies" in plan.stderr,
              f"{case}: --report names check_option covered on demand", plan)
        minimal = varsim("plan", out, "--no-dataflow").stdout.splitlines()
        every = varsim("plan", out, "--every-copy").stdout.splitlines()
        print(f"{case}: plan sizes: static {len(static)}, minimal "
              f"{len(minimal)}, --every-copy {len(every)}")
        check(len(every) == 8, f"{case}: --every-copy: 8 runs: {every}")
        if case == "with_fact":
            check(len(static) > len(minimal),
                  f"{case}: the facts need more runs than the minimal plan:"
                  f" static {static}, minimal {minimal}")
        else:
            check(len(static) <= 2 and len(minimal) <= 2,
                  f"{case}: on demand: at most 2 runs (OPT_A's block on "
                  f"and off): static {static}, minimal {minimal}")

        sim = build_simulator(out)
        # Differential: every configuration, with and without the call.
        for config in CONFIGS:
            for args in ([], ["OPT_B"]):
                env = dict(os.environ, VARSIM_CONFIG=config,
                           VARSIM_TRACE=os.path.join(root, "eq.json"))
                got = sh([sim, *args], env=env)
                want = variant_output(src, config, args, root)
                check(got.returncode == 0 and got.stdout == want,
                      f"{case}: {config or '(none)'} {args}: simulator "
                      f"{got.stdout!r} vs variant {want!r}", got)

        # A workload that never calls it: no run for the copies.
        ran, index, proc = run_traces(out, sim)
        on_demand = index.get("on_demand", [])
        # At most the static plan's runs (with_fact's facts may need its
        # 4th run, as its counts and times say), never the copies' 8.
        most = max(3, len(static))
        print(f"{case}: uncalled: {len(ran)} runs")
        check(len(ran) <= most and not copy_visits(out, index),
              f"{case}: uncalled: at most {most} runs, no copy visited: "
              f"{ran}", proc)
        check([d["called"] for d in on_demand] == [False],
              f"{case}: uncalled: index says not called: {on_demand}")
        model_proc = varsim("model", *[os.path.join(out, "traces", r["trace"])
                                       for r in index["runs"]],
                            "--out-dir", out)
        check(model_proc.returncode == 0 and "never ran" in
              model_proc.stderr and "check_option (" in model_proc.stderr,
              f"{case}: model: the copies' regions never ran", model_proc)

        # A workload that calls it: every copy runs in some run.
        for extra in ((), ("--no-adaptive",)):
            ran, index, proc = run_traces(out, sim, "OPT_B", extra=extra)
            visited = copy_visits(out, index)
            copies_run = set().union(*visited.values()) if visited else set()
            print(f"{case} {extra}: called: {len(ran)} runs, "
                  f"{len(copies_run)} copies visited")
            # Inside `#ifdef OPT_C` only the 4 copies with OPT_C are ever
            # called; every copy's configuration runs all the same (each
            # copy is covered once the function runs).
            called = 4 if case == "in_feature" else 8
            check(sorted(ran) == sorted(CONFIGS) and
                  len(copies_run) == called,
                  f"{case} {extra}: called: every copy covered, 8 runs, "
                  f"{called} copies visited: {ran}, copies "
                  f"{sorted(copies_run)}", proc)
            check([d["called"] for d in index.get("on_demand", [])] ==
                  [True], f"{case} {extra}: index says called: "
                  f"{index.get('on_demand')}")
            check("copies are covered now" in proc.stderr,
                  f"{case} {extra}: stderr says the copies are covered",
                  proc)
            if case == "with_fact" and not extra:
                # Adaptive: the static plan over the copies that ran (the
                # 8 configurations) is what the follow-up is bounded by.
                adaptive = index.get("adaptive", {})
                check("8 with the copies of the functions that ran" in
                      proc.stderr and
                      adaptive.get("static_runs_with_copies") == 8,
                      f"{case}: adaptive, the static plan with the copies: "
                      f"8 runs: {adaptive}", proc)
checks.finish()
