#!/usr/bin/env python3
"""`varsim validate --exit-code` end to end: cli_exit_code.py VARSIM CC.

The program (app.c) is grep-like: it exits 1 when it "finds nothing"
(without FOUND). Without --exit-code every such variant is "run failed",
naming the code and what is accepted, exit 1; with --exit-code 0,1 all are
measured and the output check compares the simulator's exit codes (a
simulator that exits 0 where the variant exits 1 is a difference); a
malformed --exit-code is a usage error with `varsim run`'s wording.
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

varsim, cc = sys.argv[1], sys.argv[2]

APP = r"""
#include <stdio.h>
int main(void) {
#ifdef FOUND
  puts("found");
  return 0;
#else
  puts("nothing");
  return 1;
#endif
}
"""

# The "simulator": FOUND from VARSIM_CONFIG; with LIE it exits 0 always.
SIM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  const char *c = getenv("VARSIM_CONFIG");
  int found = c && strstr(c, "FOUND") != NULL;
  puts(found ? "found" : "nothing");
#ifdef LIE
  return 0;
#else
  return found ? 0 : 1;
#endif
}
"""

FEATURE_MODEL = """<?xml version="1.0" encoding="UTF-8"?>
<featureModel><struct>
  <and abstract="true" mandatory="true" name="App">
    <feature name="FOUND"/><feature name="OTHER"/>
  </and></struct></featureModel>
"""

MODEL = {"format": "varsim-model", "version": 1, "simplification": "full",
         "features": [{"name": "FOUND", "kind": "bool"},
                      {"name": "OTHER", "kind": "bool"}],
         "runs": [], "terms": [{"term": "Base", "seconds": 0.001,
                                "atoms": []}]}

failures = []


def check(cond, what, proc=None):
    if not cond:
        if proc is not None:
            what += (f"\n  exit {proc.returncode}\n  stdout: {proc.stdout}"
                     f"\n  stderr: {proc.stderr}")
        failures.append(what)


with tempfile.TemporaryDirectory(prefix="varsim-exit-code-") as tmp:
    for name, text in [("app.c", APP), ("sim.c", SIM),
                       ("model.xml", FEATURE_MODEL),
                       ("model.json", json.dumps(MODEL))]:
        with open(os.path.join(tmp, name), "w") as f:
            f.write(text)
    for out, flags in (("sim", []), ("lying-sim", ["-DLIE"])):
        subprocess.run([cc, *flags, "-o", os.path.join(tmp, out),
                        os.path.join(tmp, "sim.c")], check=True)

    def validate(*extra, report="report"):
        p = subprocess.run(
            [varsim, "validate", "--model", "model.json", "-f", "model.xml",
             "--build", cc + " {defines} -o {dir}/app app.c",
             "--run", "{dir}/app", "--sample", "all", "--repeat", "1",
             "--warmup", "0", "--no-baseline", "-j", "2", "--report",
             report, *extra],
            cwd=tmp, capture_output=True, text=True, timeout=120)
        rows = {}
        path = os.path.join(tmp, report, "results.csv")
        if os.path.exists(path):
            with open(path) as f:
                rows = {r["config"]: r for r in csv.DictReader(f)}
        return p, rows

    p, rows = validate()
    failed = {c for c, r in rows.items() if r["status"] == "run failed"}
    check(p.returncode == 1 and failed == {"", "OTHER"},
          f"without --exit-code the variants that exit 1 fail: {failed}", p)
    check(all("exit code 1 (--exit-code accepts 0)" in rows[c]["message"]
              for c in failed), "the reason names the accepted codes", p)

    p, rows = validate("--exit-code", "0,1", "--check-output", "./sim")
    check(p.returncode == 0 and len(rows) == 4 and
          all(r["status"] == "ok" and r["measured_s"] for r in rows.values()),
          "--exit-code 0,1 measures every variant", p)
    check(all(r["output_check"] == "same" for r in rows.values()),
          f"outputs and exit codes equal: "
          f"{[r['output_check'] for r in rows.values()]}", p)

    p, rows = validate("--exit-code", "any", "--check-output", "./lying-sim",
                       report="lying")
    check(p.returncode == 1 and
          {c for c, r in rows.items() if r["output_check"] != "same"} ==
          {"", "OTHER"} and "exit status differs: variant exit code 1, "
          "simulator ok" in p.stdout,
          "a simulator that exits 0 where the variant exits 1 differs", p)

    p, _ = validate("--exit-code", "1;2", report="usage")
    check(p.returncode == 2 and "error: --exit-code '1;2': expected a number "
          "0-255, a comma-separated list of them, or 'any'" in p.stderr and
          not os.path.exists(os.path.join(tmp, "usage")),
          "a malformed --exit-code is a usage error", p)

if failures:
    print("\n".join("FAIL: " + f for f in failures))
    sys.exit(1)
print("ok")
