#!/usr/bin/env python3
"""The simulator's level against the native variant's, interleaved.

Runs a native variant and the simulator in the same configuration
alternately (so that the machine's drift hits both alike), takes each
process's CPU time (user + system, from wait4) and, for the simulator,
`varsim model` of its single trace (the overhead-compensated total on the
CPU time base: what a model without the native reference predicts for
that configuration). Prints each pair and the medians of the ratios.

  level_ab.py --native BIN --simulator BIN --config CONFIG --varsim VARSIM
              [--repeat K] [--cwd DIR] [--keep DIR] -- ARGS...

docs/realworld.md ("The quick model's level") used it on Lua.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd, env, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                   check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                before.ru_stime)
    return cpu, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--native", required=True)
    ap.add_argument("--simulator", required=True)
    ap.add_argument("--config", required=True, help="VARSIM_CONFIG")
    ap.add_argument("--varsim", required=True)
    ap.add_argument("--repeat", type=int, default=8)
    ap.add_argument("--cwd", default=".")
    ap.add_argument("--keep", help="directory for the traces (default: a "
                    "temporary one, removed)")
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()
    keep = a.keep or tempfile.mkdtemp(prefix="level-ab-")
    os.makedirs(keep, exist_ok=True)
    rows = []
    for k in range(a.repeat):
        native_cpu, native_wall = timed([a.native, *a.args], None, a.cwd)
        trace = os.path.join(keep, f"trace-{k}.json")
        env = dict(os.environ, VARSIM_CONFIG=a.config, VARSIM_TRACE=trace)
        sim_cpu, sim_wall = timed([a.simulator, *a.args], env, a.cwd)
        model = os.path.join(keep, f"model-{k}.json")
        subprocess.run([a.varsim, "model", trace, "-o", model, "--time",
                        "cpu"], check=True, capture_output=True)
        run = json.load(open(model))["runs"][0]
        rows.append((native_cpu, sim_cpu, run["seconds"]))
        print(f"{k}: native {native_cpu:.3f} s CPU ({native_wall:.3f} wall)"
              f" | simulator {sim_cpu:.3f} s CPU ({sim_wall:.3f} wall),"
              f" model {run['seconds']:.3f} s, compensation"
              f" {run.get('overhead_seconds', 0) * 1e3:.1f} ms"
              f" | model / native {run['seconds'] / native_cpu:.3f}",
              flush=True)
    ratio = statistics.median(m / n for n, _, m in rows)
    cpu = statistics.median(s / n for n, s, _ in rows)
    print(f"median model / native {ratio:.3f}, simulator CPU / native "
          f"{cpu:.3f} over {len(rows)} pairs; load "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if not a.keep:
        subprocess.run(["rm", "-rf", keep])


if __name__ == "__main__":
    sys.exit(main())
