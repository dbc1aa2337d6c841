#!/usr/bin/env python3
"""End-to-end test of `varsim validate` on a tiny C program.

Usage: cli_validate.py VARSIM CC SCENARIO   (SCENARIO: good | bad)

The program (app.c) sleeps 20 ms, plus 40 ms with SLOW; LOUD changes its
output. A hand-written MODEL.json says the same, so the model's error stays
small. The "simulator" (sim.c) is one program that reads VARSIM_CONFIG.

good: every variant builds, runs and matches the simulator; exit 0; the
      table, the CSV and the HTML report (with its plots) are checked.
bad:  a variant whose build fails (#error), one whose run crashes, a named
      invalid configuration and a simulator that differs under SLOW: each is
      reported per variant, the others are still measured, exit 1.
"""
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

varsim, cc, scenario = sys.argv[1], sys.argv[2], sys.argv[3]

APP = r"""
#include <stdio.h>
#include <signal.h>
#include <time.h>
static void wait_ms(long ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}
int main(void) {
  int work = 1;
  wait_ms(20);
#ifdef SLOW
  wait_ms(40);
  work += 2;
#endif
#if defined(BROKEN) && defined(SLOW) && defined(LOUD)
#error "LOUD and SLOW do not build together"
#endif
#if defined(BROKEN) && defined(LOUD) && !defined(SLOW)
  raise(SIGSEGV);
#endif
#ifdef LOUD
  printf("LOUD RESULT %d\n", work);
#else
  printf("result %d\n", work);
#endif
  return 0;
}
"""

SIM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int has(const char *config, const char *f) {
  const char *p = config;
  size_t n = strlen(f);
  while ((p = strstr(p, f))) {
    if ((p == config || p[-1] == ',') && (p[n] == ',' || p[n] == 0)) return 1;
    p += n;
  }
  return 0;
}
int main(void) {
  const char *c = getenv("VARSIM_CONFIG");
  if (!c || !getenv("VARSIM_TRACE")) return 99;
  int work = 1 + (has(c, "SLOW") ? 2 : 0);
#ifdef WRONG_UNDER_SLOW
  if (has(c, "SLOW")) work = 42;
#endif
  printf(has(c, "LOUD") ? "LOUD RESULT %d\n" : "result %d\n", work);
  return 0;
}
"""

FEATURE_MODEL = """<?xml version="1.0" encoding="UTF-8"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="App">
      <feature name="SLOW"/>
      <feature name="LOUD"/>
    </and>
  </struct>
</featureModel>
"""

MODEL = {
    "format": "varsim-model",
    "version": 1,
    "simplification": "full",
    "features": [{"name": "SLOW", "kind": "bool"},
                 {"name": "LOUD", "kind": "bool"}],
    "runs": [{"trace": "calltrace.json", "config": "SLOW,LOUD",
              "seconds": 0.06}],
    "terms": [{"term": "SLOW", "seconds": 0.04, "atoms": ["SLOW"]},
              {"term": "Base", "seconds": 0.02, "atoms": []}],
}


def fail(msg, proc=None):
    print("FAIL:", msg)
    if proc is not None:
        print("exit code:", proc.returncode)
        print("stdout:\n" + proc.stdout)
        print("stderr:\n" + proc.stderr)
    sys.exit(1)


def expect(cond, msg, proc=None):
    if not cond:
        fail(msg, proc)


with tempfile.TemporaryDirectory(prefix="varsim-cli-validate-") as tmp:
    for name, text in [("app.c", APP), ("sim.c", SIM),
                       ("model.xml", FEATURE_MODEL),
                       ("model.json", json.dumps(MODEL))]:
        with open(os.path.join(tmp, name), "w") as f:
            f.write(text)
    sim_flags = ["-DWRONG_UNDER_SLOW"] if scenario == "bad" else []
    subprocess.run([cc, "-O1", *sim_flags, "-o", os.path.join(tmp, "sim"),
                    os.path.join(tmp, "sim.c")], check=True)
    report = os.path.join(tmp, "report")
    extra_define = " -DBROKEN" if scenario == "bad" else ""
    cmd = [varsim, "validate", "--model", "model.json", "-f", "model.xml",
           "--build", cc + " -O1 {defines}" + extra_define +
           " -o {dir}/app app.c",
           "--run", "{dir}/app", "--sample", "all", "--repeat", "3",
           "--warmup", "1", "-j", "2", "--report", report,
           "--timeout", "20", "--check-output", "./sim"]
    if scenario == "bad":
        cmd += ["--config", "NOSUCH"]
    proc = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True,
                          timeout=300)
    out, err = proc.stdout, proc.stderr

    # Progress on stderr, the report files in every case.
    expect("[build 4/4]" in err, "no build progress on stderr", proc)
    expect(re.search(r"\[measure \d/\d\]", err), "no measure progress", proc)
    for name in ("results.csv", "index.html"):
        expect(os.path.exists(os.path.join(report, name)),
               f"{name} was not written", proc)
    with open(os.path.join(report, "results.csv")) as f:
        rows = {r["config"]: r for r in csv.DictReader(f)}
    html = open(os.path.join(report, "index.html")).read()
    expect('id="scatter"' in html and 'id="diagonal"' in html and
           'id="terms"' in html, "the report lacks its plots")
    expect("<script" not in html, "the report must not need scripts")
    # Each plot is well-formed SVG (what a browser needs to render it).
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    expect(len(svgs) >= 2, "expected at least two plots")
    for svg in svgs:
        try:
            ET.fromstring(svg)
        except ET.ParseError as e:
            fail(f"malformed SVG ({e}):\n{svg[:2000]}")
    scatter = ET.fromstring(svgs[0])
    points = [c for c in scatter.iter("{http://www.w3.org/2000/svg}circle")
              if c.find("{http://www.w3.org/2000/svg}title") is not None]
    measured_ok = sum(1 for r in rows.values()
                      if r["measured_s"] and r["predicted_s"])
    expect(len(points) == measured_ok,
           f"{len(points)} points in the scatter plot, {measured_ok} "
           "measured variants")
    expect("simulator runs the model needed: 1" in out,
           "the model's simulator runs are not reported", proc)

    if scenario == "good":
        expect(proc.returncode == 0, "expected exit code 0", proc)
        expect(set(rows) == {"", "SLOW", "LOUD", "SLOW,LOUD"},
               f"unexpected CSV rows {sorted(rows)}", proc)
        for config, row in rows.items():
            expect(row["status"] == "ok", f"{config!r} not ok: {row}", proc)
            expect(row["output_check"] == "same",
                   f"{config!r}: output check {row['output_check']}", proc)
            measured = float(row["measured_s"])
            predicted = float(row["predicted_s"])
            expect(measured >= predicted * 0.95,
                   f"{config!r}: measured {measured} below the sleep time",
                   proc)
            # Sleeps are robust to a loaded machine, but process start-up
            # is not: a generous bound that noise cannot break.
            expect(measured < predicted + 0.5,
                   f"{config!r}: measured {measured} far off", proc)
        expect(re.search(r"model model\.json: MAPE [0-9.]+ %", out),
               "no MAPE line", proc)
        expect("output check: 0 configuration(s) differ" in out,
               "no output-check summary", proc)
    else:
        expect(proc.returncode == 1, "expected exit code 1", proc)
        expect(rows["SLOW,LOUD"]["status"] == "build failed",
               "SLOW,LOUD should fail to build", proc)
        expect("do not build together" in rows["SLOW,LOUD"]["message"],
               "the compiler's error belongs in the message", proc)
        expect(rows["LOUD"]["status"] == "run failed" and
               "signal 11" in rows["LOUD"]["message"],
               "LOUD should crash", proc)
        expect(rows["NOSUCH"]["status"] == "invalid", "NOSUCH is invalid",
               proc)
        for config in ("", "SLOW"):
            expect(rows[config]["measured_s"] != "",
                   f"{config!r} should still be measured", proc)
        expect(rows["SLOW"]["output_check"] == "differs" and
               "result 42" in rows["SLOW"]["message"],
               "the simulator's wrong output under SLOW is reported", proc)
        expect(rows[""]["output_check"] == "same", "'' matches", proc)
        expect("build failed" in out and "run failed" in out and
               "invalid" in out, "failures belong in the table", proc)
print("ok")
