#!/usr/bin/env python3
"""CLI test of `varsim plan` and `varsim run` on a hand-made OUT directory:
cli_test.py VARSIM. The "simulator" is a shell command that writes a JSON
file to $VARSIM_TRACE."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from checks import Checks, varsim_runner  # noqa: E402

VARSIM = sys.argv[1]
varsim = varsim_runner(VARSIM)

MODEL = """<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/><feature name="C"/>
  </and></struct></featureModel>"""

MOCK_HEADER = """extern long long varsim_feature_values[8];
#define VARSIM_F_A (varsim_feature_values[0])
#define VARSIM_F_B (varsim_feature_values[1])
struct varsim_scope_guard {
  explicit varsim_scope_guard(unsigned region) { (void)region; }
};
#define VARSIM_CAT2(a, b) a##b
#define VARSIM_CAT(a, b) VARSIM_CAT2(a, b)
#define VARSIM_REGION(id) \\
  varsim_scope_guard VARSIM_CAT(varsim_scope_, __COUNTER__)(id)
"""

SIMULATOR_CODE = """#include "varsim_generated.h"
int main() {
  VARSIM_REGION(0);
  int size = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    size = 10;
  }
  int s = 0;
  for (int i = 0; i < size; ++i)
    s++;
  return 0;
}
"""

checks = Checks()
check = checks.check


def regions():
    return [
        {"id": 0, "kind": "function", "function": "main", "condition": "1",
         "file": "main.cc", "line": 2, "end_line": 12},
        {"id": 1, "kind": "region", "function": "main", "condition": "A",
         "file": "main.cc", "line": 4, "end_line": 6},
        {"id": 2, "kind": "region", "function": "main", "condition": "C",
         "file": "main.cc", "line": 8, "end_line": 9},
    ]


def make_out(root, dataflow):
    out = os.path.join(root, "out")
    os.makedirs(out)
    with open(os.path.join(out, "model.xml"), "w") as f:
        f.write(MODEL)
    manifest = {"format": "varsim-manifest", "version": 1,
                "feature_model": {"path": "model.xml", "inferred": False},
                "features": [{"name": n, "macro": n, "kind": "bool"}
                             for n in "ABC"],
                "regions": regions(), "dataflow": dataflow, "plan": []}
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    return out


def facts(region, features):
    return {"version": 1, "locations": "simulator", "translation_units": 1,
            "regions": [{"region": region, "function": "main",
                         "features": features, "evidence": []}],
            "functions": []}


def selected(config):
    return set(filter(None, config.split(",")))


with tempfile.TemporaryDirectory() as tmp:
    # --- plan: data-flow facts in the manifest ------------------------------
    out = make_out(os.path.join(tmp, "with"), facts(2, ["A", "B"]))
    p = varsim("plan", out)
    check(p.returncode == 0, "plan exits 0", p)
    lines = p.stdout.splitlines()
    check(len(lines) == 4, f"plan has 4 runs for A x B, got {lines}", p)
    combos = {(("A" in selected(c)), ("B" in selected(c))) for c in lines
              if "C" in selected(c)}
    check(len(combos) == 4, f"all four A/B combinations with C: {lines}")
    check(lines and lines[0] == "A,B,C", f"first run selects all: {lines}")
    check(p.stderr == "", "plan is quiet without --verbose", p)

    p2 = varsim("plan", out)
    check(p2.stdout == p.stdout, "plan is deterministic")

    p = varsim("plan", out, "--verbose", "--report")
    check(p.returncode == 0 and len(p.stdout.splitlines()) == 4,
          "verbose plan still prints only configs on stdout", p)
    check("run 1:" in p.stderr and "region 2" in p.stderr,
          "verbose explains on stderr", p)

    # --strength 1: region 2's facts {A, B} at a base point (A and B off)
    # and with each changed alone, under C: 3 runs instead of 4; varsim run
    # runs the same plan.
    p = varsim("plan", out, "--strength", "1")
    s1 = p.stdout.splitlines()
    check(p.returncode == 0 and len(s1) == 3,
          f"--strength 1 plans 3 runs: {s1}", p)
    points = {(("A" in selected(c)), ("B" in selected(c))) for c in s1
              if "C" in selected(c)}
    check(points == {(False, False), (True, False), (False, True)},
          f"--strength 1: base and each feature alone: {s1}")
    sim1 = ('printf \'{"config": "%s"}\' "$VARSIM_CONFIG" > "$VARSIM_TRACE"')
    p = varsim("run", out, "--strength", "1", "--repeat", "1", "--", "sh",
               "-c", sim1)
    check(p.returncode == 0 and len(p.stdout.splitlines()) == 3,
          "varsim run --strength 1 runs the same 3 configurations", p)
    for trace in p.stdout.splitlines():
        os.remove(trace)
    p = varsim("plan", out, "--strength", "0")
    check(p.returncode != 0 and "strength" in p.stderr,
          "--strength 0 is refused", p)

    p = varsim("plan", out, "--no-dataflow")
    check(p.stdout.splitlines() == ["A,B,C"],
          "without data flow: one run", p)

    # --- run: the simulator is a shell command --------------------------------
    # --no-adaptive: the static plan in its order (test/plan/adaptive_run.py
    # checks the adaptive run).
    sim = ('printf \'{"config": "%s"}\' "$VARSIM_CONFIG" > "$VARSIM_TRACE"')
    p = varsim("run", out, "--repeat", "1", "--no-adaptive", "--", "sh", "-c",
               sim)
    check(p.returncode == 0, "run exits 0", p)
    traces = p.stdout.splitlines()
    check(len(traces) == 4, f"run prints 4 trace names: {traces}", p)
    for k, (trace, config) in enumerate(zip(traces, lines), 1):
        check(os.path.basename(trace) == f"run-{k}.json", f"name {trace}")
        with open(trace) as f:
            check(json.load(f)["config"] == config,
                  f"run {k} ran with VARSIM_CONFIG={config}")
    check("run 2/4: CONFIG" in p.stderr, "progress on stderr", p)
    with open(os.path.join(out, "traces", "index.json")) as f:
        index = json.load(f)
    check(index["format"] == "varsim-run-index", "index format")
    check([r["config"] for r in index["runs"]] == lines, "index configs")
    check([r["trace"] for r in index["runs"]] ==
          [os.path.basename(t) for t in traces], "index traces")

    # A failing run stops with a clear message, exit 1, and keeps the
    # earlier complete set of traces and its index (issue 19).
    with open(os.path.join(out, "traces", "index.json")) as f:
        earlier_index = f.read()
    p = varsim("run", out, "--no-adaptive", "--", "sh", "-c", "exit 3")
    check(p.returncode == 1, "failing run exits 1", p)
    check("run 1/4" in p.stderr and "exited with code 3" in p.stderr,
          "failing run says which and why", p)
    with open(os.path.join(out, "traces", "index.json")) as f:
        check(f.read() == earlier_index,
              "the earlier index is kept after a failure")
    check(sorted(os.listdir(os.path.join(out, "traces"))) ==
          sorted(["index.json"] + [os.path.basename(t) for t in traces]),
          "the earlier traces are kept after a failure, nothing else")

    # --exit-code: programs whose exit code is their result.
    sim3 = sim + "; exit 3"
    p = varsim("run", out, "--repeat", "1", "--exit-code", "0,3", "--", "sh", "-c", sim3)
    check(p.returncode == 0 and len(p.stdout.splitlines()) == 4,
          "--exit-code 0,3 accepts a run that exits 3", p)
    p = varsim("run", out, "--exit-code", "any", "--", "sh", "-c", sim3)
    check(p.returncode == 0, "--exit-code any accepts exit 3", p)
    p = varsim("run", out, "--exit-code", "1", "--", "sh", "-c", sim3)
    check(p.returncode == 1 and "exited with code 3" in p.stderr,
          "--exit-code 1 refuses exit 3", p)
    p = varsim("run", out, "--exit-code", "zero", "--", "sh", "-c", sim3)
    check(p.returncode == 2 and "--exit-code" in p.stderr,
          "a malformed --exit-code is a usage error", p)

    # A run that writes no trace.
    p = varsim("run", out, "--", "true")
    check(p.returncode == 1 and "wrote no trace" in p.stderr,
          "missing trace is an error", p)

    # A program that does not exist.
    p = varsim("run", out, "--", "/no/such/simulator")
    check(p.returncode == 1 and "error" in p.stderr, "missing program", p)

    # --- plan: no facts in the manifest -> analyse the simulator ------------
    out2 = make_out(os.path.join(tmp, "without"), [])
    src = os.path.join(out2, "src")
    os.makedirs(src)
    with open(os.path.join(src, "varsim_generated.h"), "w") as f:
        f.write(MOCK_HEADER)
    with open(os.path.join(src, "main.cc"), "w") as f:
        f.write(SIMULATOR_CODE)
    with open(os.path.join(out2, "compile_commands.json"), "w") as f:
        json.dump([{"directory": src, "file": os.path.join(src, "main.cc"),
                    "arguments": ["c++", "-std=c++17", "-c", "main.cc"]}], f)
    p = varsim("plan", out2, "--report")
    check(p.returncode == 0, "plan analyses the simulator", p)
    check("has no data-flow facts" in p.stderr, "says it analyses", p)
    check("region 0" in p.stderr and ": A" in p.stderr,
          "report shows region 0 influenced by A", p)
    lines = p.stdout.splitlines()
    check(len(lines) == 2 and {("A" in selected(c)) for c in lines} ==
          {True, False}, f"A on and off for region 0: {lines}", p)

    # --- errors ------------------------------------------------------------
    p = varsim("plan", os.path.join(tmp, "nonexistent"))
    check(p.returncode == 1 and "manifest.json" in p.stderr,
          "missing OUT is an error naming the manifest", p)
    p = varsim("plan")
    check(p.returncode == 2, "missing OUT argument is a usage error", p)
    stray = make_out(os.path.join(tmp, "stray"), facts(7, ["A"]))
    p = varsim("plan", stray)
    check(p.returncode == 1 and "manifest.json" in p.stderr and
          "names region 7" in p.stderr and "region table" in p.stderr and
          p.stdout == "",
          "a fact about a region the table does not have is an error", p)

checks.finish()
