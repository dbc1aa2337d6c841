#!/usr/bin/env python3
"""Rebuild a stored real-programs run's model with a given varsim and score
it on the same measurements.

A model-only change (varsim model / predict) is best compared on the same
traces and the same validate measurements: no new run, no new noise.
scripts/realworld leaves them in WORK/PROGRAM: sim/traces/*.json (the
simulator's runs; their manifest holds the data-flow facts) and
validate/results.csv (each variant's measured seconds).

  rescore.py --varsim VARSIM --feature-model XML WORK/PROGRAM [...]

Prints, per variant, the prediction, the measurement and the error, then
the MAPE and the largest error (as validate computes them).
"""
import argparse
import csv
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile


def rescore(varsim, xml, work, verbose):
    traces = sorted(t for t in glob.glob(os.path.join(work, "sim/traces/*.json"))
                    if not t.endswith("index.json"))
    rows = [r for r in csv.DictReader(open(os.path.join(
        work, "validate/results.csv"))) if r.get("measured_s")]
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "model.json")
        p = subprocess.run([varsim, "model", *traces, "-f", xml, "-o", model],
                           capture_output=True, text=True)
        if p.returncode:
            sys.exit(f"{work}: varsim model failed:\n{p.stderr}")
        configs = [a for r in rows for a in ("--config", r["config"])]
        p = subprocess.run([varsim, "predict", model, "-f", xml, "--format",
                            "json", *configs], capture_output=True, text=True)
        if p.returncode:
            sys.exit(f"{work}: varsim predict failed:\n{p.stderr}")
        fitted = json.load(open(model)).get("run_totals", {}).get("terms")
    predicted = [json.loads(line)["seconds"] for line in p.stdout.splitlines()]
    errors = []
    for r, pred in zip(rows, predicted):
        measured = float(r["measured_s"])
        errors.append(100 * abs(pred - measured) / measured)
        if verbose:
            print(f"  {r['config']:48s} predicted {pred:.3f} s, measured "
                  f"{measured:.3f} s, error {errors[-1]:5.1f} %")
    print(f"{work}: MAPE {statistics.fmean(errors):.1f} % / max "
          f"{max(errors):.1f} % over {len(errors)} variants; fitted from "
          f"the totals: {fitted or 'nothing'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--varsim", required=True)
    ap.add_argument("--feature-model", required=True,
                    help="the feature model the run used")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("work", nargs="+", help="WORK/PROGRAM of a stored run")
    a = ap.parse_args()
    for w in a.work:
        rescore(a.varsim, a.feature_model, w, a.verbose)


if __name__ == "__main__":
    main()
