#!/usr/bin/env python3
"""End-to-end test of `varsim validate` on a tiny C program.

Usage: cli_validate.py VARSIM CC SCENARIO   (SCENARIO: good | bad)

The program (app.c) sleeps 20 ms, plus 40 ms with SLOW; LOUD changes its
output. A hand-written MODEL.json says the same, so the model's error stays
small. The "simulator" (sim.c) is one program that reads VARSIM_CONFIG.

good: every variant builds, runs and matches the simulator; exit 0; the
      table, the CSV and the HTML report (with its plots) are checked.
bad:  the feature model gains EXTRA (which requires SLOW); a variant whose
      build fails (#error), one whose run crashes, one that hangs (killed by
      --timeout), a named configuration with an unknown feature, one that
      violates the constraint, and a simulator that differs with no optional
      feature: each is reported per variant (table, CSV, HTML) with its
      reason and left out of the statistics, the others are still measured
      and scored, exit 1.
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
#if defined(BROKEN) && defined(SLOW) && !defined(LOUD) && !defined(EXTRA)
  wait_ms(60000);
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
#ifdef WRONG_WITHOUT_FEATURES
  if (!*c) work = 42;
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
      <feature name="LOUD"/>%s
    </and>
  </struct>%s
</featureModel>
"""
EXTRA_FEATURE = """
      <feature name="EXTRA"/>"""
EXTRA_REQUIRES_SLOW = """
  <constraints>
    <rule><imp><var>EXTRA</var><var>SLOW</var></imp></rule>
  </constraints>"""
if scenario == "bad":
    FEATURE_MODEL %= (EXTRA_FEATURE, EXTRA_REQUIRES_SLOW)
else:
    FEATURE_MODEL %= ("", "")

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
    # The model's level came from a native run of SLOW beside the runs
    # (docs/plan.md): validate measures SLOW again and says how far the
    # machine moved since.
    "native_reference": {"applied": True, "config": "SLOW",
                         "native_seconds": 0.06, "ratio": 1.0},
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
    sim_flags = ["-DWRONG_WITHOUT_FEATURES"] if scenario == "bad" else []
    subprocess.run([cc, "-O1", *sim_flags, "-o", os.path.join(tmp, "sim"),
                    os.path.join(tmp, "sim.c")], check=True)
    report = os.path.join(tmp, "report")
    extra_define = " -DBROKEN" if scenario == "bad" else ""
    cmd = [varsim, "validate", "--model", "model.json", "-f", "model.xml",
           "--build", cc + " -O1 {defines}" + extra_define +
           " -o {dir}/app app.c",
           "--run", "{dir}/app", "--sample", "all", "--repeat", "3",
           "--warmup", "1", "-j", "2", "--report", report,
           "--timeout", "3" if scenario == "bad" else "20",
           "--check-output", "./sim"]
    if scenario == "bad":
        cmd += ["--config", "NOSUCH", "--config", "EXTRA"]
    proc = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True,
                          timeout=300)
    out, err = proc.stdout, proc.stderr

    # Progress on stderr, the report files in every case.
    builds = 6 if scenario == "bad" else 4
    expect(f"[build {builds}/{builds}]" in err, "no build progress on stderr",
           proc)
    expect(re.search(r"\[measure \d/\d\]", err), "no measure progress", proc)
    for name in ("results.csv", "summary.csv", "index.html"):
        expect(os.path.exists(os.path.join(report, name)),
               f"{name} was not written", proc)
    with open(os.path.join(report, "results.csv")) as f:
        rows = {r["config"]: r for r in csv.DictReader(f)}
    with open(os.path.join(report, "summary.csv")) as f:
        summary = {r["quantity"]: r["value"] for r in csv.DictReader(f)}
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
        expect(re.search(r"model at this session's level: the native "
                         r"reference 'SLOW' measured [0-9.]+ s here, the "
                         r"model \(at its level beside `varsim run`\) "
                         r"predicts 0\.060 s \([+-][0-9.]+ %.*over 3 "
                         r"variant\(s\)", out),
               "no line on the model at this session's level", proc)
        expect(summary.get("reference_config") == "SLOW" and
               summary.get("model_at_session_level_variants_scored") == "3",
               f"summary.csv lacks the session level: {summary}", proc)
    else:
        expect(proc.returncode == 1, "expected exit code 1", proc)
        expect(set(rows) == {"", "SLOW", "LOUD", "SLOW,LOUD", "SLOW,EXTRA",
                             "SLOW,LOUD,EXTRA", "NOSUCH", "EXTRA"},
               f"unexpected CSV rows {sorted(rows)}", proc)

        def status(config, want, *reasons):
            row = rows[config]
            expect(row["status"] == want,
                   f"{config!r}: status {row['status']!r}, expected {want!r}",
                   proc)
            for reason in reasons:
                expect(reason in row["message"],
                       f"{config!r}: {reason!r} not in {row['message']!r}",
                       proc)
            if want != "ok":
                expect(row["measured_s"] == "" and row["error_pct"] == "",
                       f"{config!r} failed: no measurement", proc)
                expect(f"{config}: {want}: " in out,
                       f"{config!r}: its reason is not printed", proc)
                expect(re.search(rf"<tr class=\"failed\"><td class=\"l\">"
                                 rf"{re.escape(config)}</td>.*?{want}", html),
                       f"{config!r}: no failed row in the HTML table", proc)

        status("SLOW,LOUD", "build failed", "exit code 1",
               "do not build together")
        status("SLOW,LOUD,EXTRA", "build failed", "do not build together")
        status("LOUD", "run failed", "signal 11")
        status("SLOW", "timed out", "timed out after 3 s")
        status("NOSUCH", "invalid", "NOSUCH")
        status("EXTRA", "invalid", "constraint", "EXTRA", "SLOW")
        for config in ("", "SLOW,EXTRA"):
            status(config, "ok")
            expect(rows[config]["measured_s"] != "",
                   f"{config!r} should still be measured", proc)
        # Only the two measured variants count in the statistics.
        expect(summary["model_variants_scored"] == "2" and
               summary["variants_measured"] == "2" and
               summary["variants_failed"] == "6",
               f"statistics over the failed variants: {summary}", proc)
        expect("over 2 variant(s)" in out, "MAPE over 2 variants", proc)
        expect("failed variants: 6" in out, "the failure count", proc)
        expect(rows[""]["output_check"] == "differs" and
               "result 42" in rows[""]["message"],
               "the simulator's wrong output is reported", proc)
        expect(rows["SLOW,EXTRA"]["output_check"] == "same",
               "SLOW,EXTRA matches", proc)
        expect("timed out" in err, "the time-out is in the progress", proc)
print("ok")
