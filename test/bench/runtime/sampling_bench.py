#!/usr/bin/env python3
"""Hot-loop benchmark of the runtime's sampled timing (run by hand).

For each case it runs the whole pipeline (rewrite, the simulator's build,
varsim run, varsim model, varsim predict --all) once per runtime variant and
measures every valid variant built from the original sources, then prints,
side by side, the simulator's time against the native variant's and each
model's prediction against the measured time, per configuration, with the
MAPE.

Runtime variants:
  after    the runtime that `varsim rewrite` writes (sampling on)
  off      the same with VARSIM_SAMPLING=off (every visit timed)
  before   --before-header FILE put in place of the written runtime header
           (e.g. the header of an earlier commit: `git show HEAD:runtime/
           varsim_runtime.h > old.h`)

Cases:
  tiny       a 15-line kernel with #ifdef'd statements in a hot loop
             (20 M iterations, two feature regions)
  printer    samples/printer (the paper's example, coarse regions;
             scripts/demo)
  blockpack  test/realistic/c_blockpack (statistics counters and an unroll
             factor inside the hot encoder and checksum loops), with a
             CMakeLists.txt and 25 times the corpus's workload

The native variants are built from the original sources with the same
-D flags as `varsim validate` uses, Release, and every timed run (the
simulator's and the variants') runs in a session whose scheduler autogroup
gets nice -20 where allowed (root or CAP_SYS_NICE), as test/samples does:
other jobs on a shared machine would stretch the measured times. Times are
medians of --repeat runs (wall and CPU).

Usage:
  sampling_bench.py --varsim build/driver/varsim [--before-header old.h]
                    [--cases tiny,printer,blockpack] [--repeat 5]
                    [--work /tmp/varsim-sampling-bench]
"""

import argparse
import csv
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))

TINY_MAIN = r"""#include <stdio.h>
static int clamp(int x) { return x < 0 ? 0 : (x > 255 ? 255 : x); }
static int mix(int a, int b) {
#ifdef BLEND
  return clamp((a * 3 + b) / 4);
#else
  return clamp(a + b - 128);
#endif
}
static long work(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) {
    s += mix(i & 511, (i >> 3) & 255);
#ifdef SHARPEN
    s += clamp(i % 300) / 2;
#endif
  }
  return s;
}
int main(void) {
  printf("%ld\n", work(20000000));
  return 0;
}
"""

TINY_MODEL = """<?xml version="1.0" encoding="UTF-8"?>
<featureModel><struct><and abstract="true" mandatory="true" name="Root">
<feature name="BLEND"/><feature name="SHARPEN"/>
</and></struct></featureModel>
"""


def cmake_lists(name, lang, sources, std_line=""):
    return (f"cmake_minimum_required(VERSION 3.16)\nproject({name} {lang})\n"
            f"set(CMAKE_EXPORT_COMPILE_COMMANDS ON)\n{std_line}"
            f"add_executable({name} {' '.join(sources)})\n")


class Case:
    def __init__(self, name, src, model, target, args=(), cwd=None,
                 any_exit=False):
        self.name, self.src, self.model = name, src, model
        self.target, self.args = target, list(args)
        self.cwd = cwd or src
        self.any_exit = any_exit  # the program's exit code is not 0


def prepare_cases(work, names):
    cases = []
    for name in names:
        if name == "tiny":
            src = os.path.join(work, "tiny", "src")
            os.makedirs(src, exist_ok=True)
            with open(os.path.join(src, "main.c"), "w") as f:
                f.write(TINY_MAIN)
            with open(os.path.join(src, "model.xml"), "w") as f:
                f.write(TINY_MODEL)
            with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
                f.write(cmake_lists("tiny", "C", ["main.c"]))
            cases.append(Case("tiny", src, os.path.join(src, "model.xml"),
                              "tiny"))
        elif name == "printer":
            src = os.path.join(ROOT, "samples", "printer")
            cases.append(Case("printer", src, os.path.join(src, "model.xml"),
                              "printer", ["workload/job.txt"]))
        elif name == "blockpack":
            orig = os.path.join(ROOT, "test", "realistic", "c_blockpack")
            src = os.path.join(work, "blockpack", "src")
            if os.path.isdir(src):
                shutil.rmtree(src)
            shutil.copytree(orig, src)
            # 25 times the corpus's passes: a workload long enough to time
            # (the corpus keeps CI fast).
            main_c = os.path.join(src, "main.c")
            with open(main_c) as f:
                text = f.read()
            with open(main_c, "w") as f:
                f.write(text.replace("#define PASSES 8\n",
                                     "#define PASSES 200\n"))
            with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
                f.write(cmake_lists(
                    "blockpack", "C", ["main.c", "pack.c", "checksum.c"],
                    "set(CMAKE_C_STANDARD 11)\n"))
            cases.append(Case("blockpack", src,
                              os.path.join(src, "model.xml"), "blockpack",
                              any_exit=True))
        else:
            sys.exit(f"sampling_bench: unknown case '{name}'")
    return cases


def prioritize():
    """In the child of a timed run (a session, so a scheduler autogroup, of
    its own): nice -20 for the autogroup where allowed (root or
    CAP_SYS_NICE), so that other jobs on a shared machine stretch the
    measured times less (as test/samples/run_sample.py does)."""
    try:
        with open("/proc/self/autogroup", "w") as f:
            f.write("-20")
    except OSError:
        pass


# The script runs in a prioritized session of its own (main() re-executes
# itself so); what it times runs in that session, with no preexec_fn (which
# would make every spawn a slow fork of the interpreter, measured); what it
# builds runs in a new session, at normal priority.
UNTIMED = {"start_new_session": True}


def run(cmd, cwd=None, env=None, timed=False):
    r = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True,
                       **({} if timed else UNTIMED))
    if r.returncode != 0:
        sys.stderr.write(f"$ {' '.join(cmd)}\n{r.stdout[-3000:]}"
                         f"{r.stderr[-3000:]}\n")
        sys.exit(f"sampling_bench: command failed ({r.returncode})")
    return r.stdout


def configure_build(src, build, flags=""):
    run(["cmake", "-S", src, "-B", build, "-G", "Ninja",
         "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
         f"-DCMAKE_C_FLAGS={flags}", f"-DCMAKE_CXX_FLAGS={flags}"])
    run(["cmake", "--build", build])


def timed_runs(cmd, cwd, env, repeat, any_exit=False):
    """The median wall time of REPEAT runs, and the median CPU time."""
    walls, cpus = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        walls.append(time.perf_counter() - t0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode < 0 or (proc.returncode != 0 and not any_exit):
            sys.exit(f"sampling_bench: {cmd[0]} exited {proc.returncode}")
        cpus.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def predictions(varsim, model_json, fm):
    out = run([varsim, "predict", model_json, "-f", fm, "--all",
               "--format", "csv"])
    return {row[0]: float(row[-1]) for row in csv.reader(io.StringIO(out))
            if row}


def defines(config):
    flags = []
    for item in filter(None, config.split(",")):
        name, _, value = item.partition("=")
        flags.append(f"-D{name}={value or 1}")
    return " ".join(flags)


def bench_case(case, args, work):
    varsim = args.varsim
    base = os.path.join(work, case.name)
    os.makedirs(base, exist_ok=True)
    orig_build = os.path.join(base, "original-build")
    run(["cmake", "-S", case.src, "-B", orig_build, "-G", "Ninja",
         "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"])
    sim = os.path.join(base, "sim")
    if os.path.isdir(sim):
        shutil.rmtree(sim)
    run([varsim, "rewrite", os.path.join(orig_build, "compile_commands.json"),
         "-f", case.model, "-o", sim])
    plan = run([varsim, "plan", sim]).splitlines()

    variants = [("after", None, {})]
    variants.append(("off", None, {"VARSIM_SAMPLING": "off"}))
    if args.before_header:
        variants.insert(0, ("before", args.before_header, {}))
    variants = [v for v in variants if v[0] in args.variants.split(",")]

    result = {"variants": {}, "plan": plan}
    for label, header, extra_env in variants:
        out = os.path.join(base, f"sim-{label}")
        if os.path.isdir(out):
            shutil.rmtree(out)
        shutil.copytree(sim, out)
        if header:
            for dirpath, _, files in os.walk(os.path.join(out, "src")):
                if "varsim_runtime.h" in files:
                    shutil.copy(header, os.path.join(dirpath,
                                                     "varsim_runtime.h"))
        sim_build = os.path.join(base, f"sim-build-{label}")
        if os.path.isdir(sim_build):
            shutil.rmtree(sim_build)
        configure_build(os.path.join(out, "src"), sim_build)
        exe = os.path.join(sim_build, case.target)
        env = dict(os.environ, **extra_env)
        exit_flags = ["--exit-code", "any"] if case.any_exit else []
        run([varsim, "run", out] + exit_flags + ["--", exe] + case.args,
            cwd=case.cwd, env=env, timed=True)
        model_json = os.path.join(base, f"model-{label}.json")
        run([varsim, "model", out, "-f", case.model, "-o", model_json])
        env_first = dict(env, VARSIM_CONFIG=plan[0] if plan else "",
                         VARSIM_TRACE=os.path.join(base, "bench-trace.json"))
        sim_wall, sim_cpu = timed_runs([exe] + case.args, case.cwd,
                                       env_first, args.repeat, case.any_exit)
        result["variants"][args.label + label] = {
            "predicted": predictions(varsim, model_json, case.model),
            "sim_seconds": sim_wall, "sim_cpu": sim_cpu}

    measured, measured_cpu = {}, {}
    configs = sorted(next(iter(result["variants"].values()))["predicted"])
    if case.name in args.reuse:
        result["measured"] = args.reuse[case.name]["measured"]
        result["measured_cpu"] = args.reuse[case.name]["measured_cpu"]
        return result
    for i, config in enumerate(configs):
        build = os.path.join(base, "native", str(i))
        configure_build(case.src, build, defines(config))
        measured[config], measured_cpu[config] = timed_runs(
            [os.path.join(build, case.target)] + case.args, case.cwd, None,
            args.repeat, case.any_exit)
    result["measured"] = measured
    result["measured_cpu"] = measured_cpu
    return result


def report(case, res):
    measured = res["measured"]
    first = res["plan"][0] if res["plan"] else ""
    labels = list(res["variants"])
    print(f"\n== {case.name}: {len(measured)} variants; simulator run in "
          f"configuration '{first or '(none)'}'")
    native = measured.get(first) or 0
    native_cpu = res["measured_cpu"].get(first) or 0
    print(f"   native variant: {native:.4f} s wall, {native_cpu:.4f} s CPU")
    print(f"   {'runtime':8} {'sim wall s':>11} {'x native':>9} "
          f"{'sim CPU s':>10} {'x native':>9} {'MAPE %':>8} {'max err %':>10}")
    for label in labels:
        v = res["variants"][label]
        errs = [abs(v["predicted"][c] - m) / m * 100
                for c, m in measured.items() if m > 0]
        print(f"   {label:8} {v['sim_seconds']:11.4f} "
              f"{v['sim_seconds'] / native if native else 0:9.1f} "
              f"{v['sim_cpu']:10.4f} "
              f"{v['sim_cpu'] / native_cpu if native_cpu else 0:9.1f} "
              f"{statistics.mean(errs):8.1f} {max(errs):10.1f}")
    head = "".join(f" {('pred ' + l):>13}" for l in labels)
    print(f"   {'configuration':24} {'measured s':>11}{head}")
    for config, m in sorted(measured.items()):
        cells = "".join(f" {res['variants'][l]['predicted'][config]:13.4f}"
                        for l in labels)
        print(f"   {config or '(none)':24} {m:11.4f}{cells}")


def main():
    if os.environ.get("SAMPLING_BENCH_SESSION") != "1":
        proc = subprocess.run([sys.executable] + sys.argv,
                              env=dict(os.environ, SAMPLING_BENCH_SESSION="1"),
                              start_new_session=True, preexec_fn=prioritize)
        sys.exit(proc.returncode)
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--varsim", required=True)
    p.add_argument("--before-header")
    p.add_argument("--cases", default="tiny,printer,blockpack")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--work", default="/tmp/varsim-sampling-bench")
    p.add_argument("--variants", default="before,after,off",
                   help="runtime variants to run (of before, after, off)")
    p.add_argument("--label", default="",
                   help="a prefix for the variants' names in the output "
                        "(e.g. the varsim build they come from)")
    p.add_argument("--measured-from",
                   help="reuse the native variants' times of an earlier "
                        "run's --json file instead of measuring them")
    p.add_argument("--json", help="also write the figures here")
    args = p.parse_args()
    args.reuse = {}
    if args.measured_from:
        with open(args.measured_from) as f:
            args.reuse = json.load(f)
    args.varsim = os.path.abspath(args.varsim)
    if args.before_header:
        args.before_header = os.path.abspath(args.before_header)
    os.makedirs(args.work, exist_ok=True)
    cases = prepare_cases(args.work, args.cases.split(","))
    results = {}
    for case in cases:
        results[case.name] = bench_case(case, args, args.work)
        report(case, results[case.name])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
