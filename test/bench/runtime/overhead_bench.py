#!/usr/bin/env python3
"""Simulator against native variant, side by side (run by hand).

For each case: the simulator (with VARSIM_CONFIG) and the native variant of
the same configuration run interleaved, --repeat times each; prints the
medians of wall time and of CPU time (user + system, from wait4) and their
ratios, and the load average before and after. CPU time is far less
disturbed by other jobs on a shared machine than wall time, so both are
shown.

Cases:
  --samples BUILD   the samples whose end-to-end tests ran in BUILD/test/
                    samples (sample.printer etc.): the simulator built there
                    and the variant of the first planned configuration
  --case NAME SIM NATIVE CONFIG CWD ARG...   any pair (repeatable; ARGs
                    up to the next --case; use -- to end)
  --accuracy DIR    a QA program of test/accuracy (repeatable): rewrites and
                    builds its simulator and every valid variant under
                    /tmp/overhead-bench/NAME (with --varsim VARSIM, default
                    the newest build*/driver/varsim), one case per variant
  --cpu N|none|auto  the CPU both binaries run on (default auto: the
                    fastest when one CPU is more than 10 % slower than
                    another, as `varsim run --cpu auto` decides; a ratio
                    across CPUs of different speeds measures the CPUs)

Usage:
  overhead_bench.py --samples build --repeat 5
  overhead_bench.py --accuracy test/accuracy/life_accessor --repeat 3
  overhead_bench.py --case lua /tmp/sim/lua /tmp/native/lua '' /tmp w.lua --
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def timed(cmd, cwd, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def sample_cases(build):
    cases = []
    base = os.path.join(os.path.abspath(build), "test", "samples")
    for name in sorted(os.listdir(base)) if os.path.isdir(base) else []:
        work = os.path.join(base, name)
        index = os.path.join(work, "sim", "traces", "index.json")
        conf = os.path.join(ROOT, "samples", name, "sample.conf")
        if not (os.path.exists(index) and os.path.exists(conf)):
            continue
        settings = {}
        for line in open(conf):
            if "=" in line and not line.startswith("#"):
                k, v = line.strip().split("=", 1)
                settings[k] = v.strip('"')
        target = settings["TARGET"]
        config = json.load(open(index))["runs"][0]["config"]
        variant = os.path.join(work, "variants",
                               config.replace(",", "+") or "(none)", target)
        sim = os.path.join(work, "sim-build", target)
        if os.path.exists(variant) and os.path.exists(sim):
            cases.append((name, sim, variant, config,
                          os.path.join(ROOT, "samples", name),
                          settings.get("RUN_ARGS", "").split()))
    return cases


def newest_varsim():
    import glob
    found = sorted(glob.glob(os.path.join(ROOT, "build*/driver/varsim")),
                   key=os.path.getmtime, reverse=True)
    return found[0] if found else None


def quiet(cmd, cwd=None):
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def accuracy_cases(program, varsim):
    """The simulator and every valid variant of a test/accuracy program."""
    program = os.path.abspath(program)
    name = os.path.basename(program)
    conf = {}
    for line in open(os.path.join(program, "accuracy.conf")):
        if "=" in line and not line.startswith("#"):
            k, v = line.strip().split("=", 1)
            conf[k] = v.strip('"')
    work = os.path.join("/tmp/overhead-bench", name)
    quiet(["rm", "-rf", work])
    os.makedirs(work)
    release = ["-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release"]
    quiet(["cmake", "-S", program, "-B", f"{work}/original", *release])
    model = os.path.join(program, "model.xml")
    quiet([varsim, "rewrite", f"{work}/original/compile_commands.json", "-f",
           model, "-o", f"{work}/sim"])
    quiet(["cmake", "-S", f"{work}/sim/src", "-B", f"{work}/sim-build",
           *release])
    quiet(["cmake", "--build", f"{work}/sim-build"])
    sim = f"{work}/sim-build/{conf['TARGET']}"
    configs = subprocess.run([varsim, "features", model, "--list"], check=True,
                             capture_output=True, text=True).stdout
    cases = []
    for i, config in enumerate(configs.splitlines()):
        defines = subprocess.run([varsim, "features", model, "--defines",
                                  config], check=True, capture_output=True,
                                 text=True).stdout.strip()
        build = f"{work}/variant{i}"
        quiet(["cmake", "-S", program, "-B", build, *release,
               f"-DCMAKE_C_FLAGS={defines}", f"-DCMAKE_CXX_FLAGS={defines}"])
        quiet(["cmake", "--build", build])
        cases.append((f"{name}[{config}]", sim, f"{build}/{conf['TARGET']}",
                      config, program, conf["RUN_ARGS"].split()))
    return cases


def fastest_cpu():
    """The fastest CPU this process may use when the CPUs' speeds differ by
    more than 10 % (model/validation/MeasurementCpu.h), else None."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return None
    best = {c: float("inf") for c in cpus}
    for _ in range(3):
        for c in cpus:
            os.sched_setaffinity(0, {c})
            start = time.thread_time()
            x = 0
            for k in range(200000):
                x = (x * 1103515245 + k) & 0xFFFFFFFF
            best[c] = min(best[c], time.thread_time() - start)
    os.sched_setaffinity(0, set(cpus))
    fast = min(best, key=best.get)
    return fast if max(best.values()) > 1.10 * best[fast] else None


def main(argv):
    repeat, cases, i, cpu = 5, [], 0, "auto"
    varsim = os.environ.get("VARSIM") or newest_varsim()
    while i < len(argv):
        if argv[i] == "--varsim":
            varsim, i = argv[i + 1], i + 2
        elif argv[i] == "--accuracy":
            cases += accuracy_cases(argv[i + 1], varsim)
            i += 2
        elif argv[i] == "--repeat":
            repeat, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--cpu":
            cpu, i = argv[i + 1], i + 2
        elif argv[i] == "--samples":
            cases += sample_cases(argv[i + 1])
            i += 2
        elif argv[i] == "--case":
            name, sim, native, config, cwd = argv[i + 1:i + 6]
            j = i + 6
            args = []
            while j < len(argv) and argv[j] not in ("--case", "--"):
                args.append(argv[j])
                j += 1
            cases.append((name, sim, native, config, cwd, args))
            i = j + (1 if j < len(argv) and argv[j] == "--" else 0)
        else:
            sys.exit(__doc__)
    if cpu == "auto":
        cpu = fastest_cpu()
    elif cpu == "none":
        cpu = None
    if cpu is not None:
        os.sched_setaffinity(0, {int(cpu)})  # Inherited by every run.
        print(f"pinned to CPU {cpu}")
    print("load average before: " + open("/proc/loadavg").read().split()[0])
    width = max([14] + [len(c[0]) + 2 for c in cases])
    print(f"{'case':<{width}}{'native wall':>12}{'sim wall':>10}{'ratio':>7}"
          f"{'native cpu':>12}{'sim cpu':>10}{'ratio':>7}")
    for name, sim, native, config, cwd, args in cases:
        env = dict(os.environ, VARSIM_CONFIG=config,
                   VARSIM_TRACE="/tmp/overhead-bench-trace.json")
        nw, nc, sw, sc = [], [], [], []
        for _ in range(repeat):
            w, c = timed([native, *args], cwd, env)
            nw.append(w)
            nc.append(c)
            w, c = timed([sim, *args], cwd, env)
            sw.append(w)
            sc.append(c)
        m = statistics.median
        print(f"{name:<{width}}{m(nw):>12.3f}{m(sw):>10.3f}{m(sw) / m(nw):>7.2f}"
              f"{m(nc):>12.3f}{m(sc):>10.3f}{m(sc) / m(nc):>7.2f}")
    print("load average after: " + open("/proc/loadavg").read().split()[0])


if __name__ == "__main__":
    main(sys.argv[1:])
