#!/usr/bin/env python3
"""Rewrite time against clang -fsyntax-only, alone (issue 18's figure).

  rewrite_ratio.py VARSIM COMPILE_COMMANDS MODEL [--out DIR] [--jobs N]

Runs `varsim rewrite COMPILE_COMMANDS -f MODEL --verbose` once, then
`clang -fsyntax-only` of every translation unit in every parse
configuration the manifest names, N at a time (as realworld.py's last
stage, without the 90 s of the stages before it). Prints wall and CPU
seconds of both and their ratios, the load, and the rewrite's seconds per
pass. The CPU ratio is the one to compare across loads: the wall ratio
moves with what else runs on the machine.
Python 3 standard library only.
"""
import argparse
import concurrent.futures
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import time


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def syntax_only_jobs(varsim, compdb, model, configs):
    """The clang -fsyntax-only command lines (realworld.py's, per file and
    configuration: the model's own -D flags replaced by the configuration's)."""
    text = open(model).read()
    feats = re.findall(r'<feature[^>]*name="([^"]+)"', text)
    defines = {}
    for c in configs:
        defines[c] = subprocess.run(
            [varsim, "features", model, "--defines", c], check=True,
            capture_output=True, text=True).stdout.split() if c else []
    jobs = []
    own = re.compile(r"-D(" + "|".join(map(re.escape, feats)) + r")\b") \
        if feats else None
    for e in json.load(open(compdb)):
        args = e.get("arguments") or shlex.split(e["command"])
        out, skip = [], False
        for a in args[1:]:
            if skip:
                skip = False
            elif a == "-o":
                skip = True
            elif a != "-c" and not (own and own.match(a)):
                out.append(a)
        cc = "clang++-19" if e["file"].endswith((".cpp", ".cc", ".cxx")) \
            else "clang-19"
        for c in configs:
            jobs.append(([cc, "-fsyntax-only", *out, *defines[c]],
                         e["directory"]))
    return jobs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("varsim")
    ap.add_argument("compdb")
    ap.add_argument("model")
    ap.add_argument("--out", default="/tmp/varsim-rewrite-ratio")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    shutil.rmtree(a.out, ignore_errors=True)
    load0 = os.getloadavg()[0]
    c0, t0 = cpu_of_children(), time.perf_counter()
    p = subprocess.run([a.varsim, "rewrite", a.compdb, "-f", a.model, "-o",
                        a.out, "-j", str(a.jobs), "--verbose"],
                       capture_output=True, text=True)
    rw_wall, rw_cpu = time.perf_counter() - t0, cpu_of_children() - c0
    if p.returncode != 0:
        sys.exit("varsim rewrite failed:\n" + p.stderr[-3000:])
    passes = [l for l in p.stderr.splitlines() if "seconds per pass" in l]
    manifest = json.load(open(os.path.join(a.out, "manifest.json")))
    configs = manifest.get("parse_configurations") or [""]
    jobs = syntax_only_jobs(a.varsim, a.compdb, a.model, configs)
    c0, t0 = cpu_of_children(), time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        codes = list(pool.map(
            lambda j: subprocess.run(j[0], cwd=j[1], capture_output=True)
            .returncode, jobs))
    so_wall, so_cpu = time.perf_counter() - t0, cpu_of_children() - c0
    load = (load0 + os.getloadavg()[0]) / 2
    failed = sum(1 for c in codes if c)
    print(f"load {load:.1f}")
    print(f"rewrite: {rw_wall:.2f} s wall, {rw_cpu:.2f} s cpu")
    print(f"syntax-only: {len(jobs)} parses, {so_wall:.2f} s wall, "
          f"{so_cpu:.2f} s cpu" + (f", {failed} FAILED" if failed else ""))
    print(f"rewrite / syntax-only: {rw_wall / so_wall:.2f}x wall, "
          f"{rw_cpu / so_cpu:.2f}x cpu")
    for l in passes:
        print(l)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
