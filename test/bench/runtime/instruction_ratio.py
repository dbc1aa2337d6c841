#!/usr/bin/env python3
"""Simulator against native variant in executed instructions (run by hand).

Wall and CPU time on a shared or virtual machine vary by 10-20 % from run
to run (docs/realworld.md); instruction counts do not. This runs the
native variant and the simulator of the same configuration once each under
valgrind's callgrind, checks that their stdout is the same, and prints the
two totals, their ratio, what the runtime's own functions (varsim_*)
executed, and the functions whose counts differ most. A function's copies
made by the rewrite (`f__varsim_fv_0_1`, `f__varsim_not_X`, ...) count as
`f`, so that a function the simulator no longer inlines, or one whose copy
runs slower, shows as one line.

Usage:
  instruction_ratio.py [--config CONFIG] [--cwd DIR] [--top N]
                       SIMULATOR NATIVE [-- ARG...]

  CONFIG is the simulator's VARSIM_CONFIG (the variant's configuration).
  Needs valgrind (`apt-get install valgrind`); a 1 s program takes 1-2 min
  per binary under callgrind.

Example (Mbed TLS of the real-programs suite, session 19):
  instruction_ratio.py --config MBEDTLS_ECP_FIXED_POINT_OPTIM=1,MBEDTLS_ECP_WINDOW_SIZE=4 \\
      WORK/mbedtls/sim-build/bench WORK/mbedtls/sim/native/build/bench
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

COPY_SUFFIX = re.compile(r"__varsim_.*$")
LINE = re.compile(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S+)")


def callgrind(binary, args, cwd, env, out_dir, name):
    """Runs BINARY under callgrind; returns (stdout, per-function counts)."""
    out = os.path.join(out_dir, name + ".callgrind")
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
         binary, *args], cwd=cwd, env=env, capture_output=True)
    if proc.returncode != 0:
        sys.exit(f"instruction_ratio: {binary} exited {proc.returncode} under "
                 f"callgrind:\n{proc.stderr.decode(errors='replace')[-2000:]}")
    annotated = subprocess.run(
        ["callgrind_annotate", "--threshold=100", out],
        capture_output=True, text=True, check=True).stdout
    counts, total = {}, None
    for line in annotated.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        n = int(m.group(1).replace(",", ""))
        where = m.group(2)
        if where == "PROGRAM":
            total = n
            continue
        function = COPY_SUFFIX.sub("", where.split(":", 1)[-1])
        counts[function] = counts.get(function, 0) + n
    if total is None:
        sys.exit(f"instruction_ratio: no total in callgrind_annotate's output "
                 f"for {binary}")
    return proc.stdout, counts, total


def main(argv):
    config, cwd, top, i = "", None, 15, 0
    while i < len(argv) and argv[i].startswith("--") and argv[i] != "--":
        if argv[i] in ("--config", "--cwd", "--top") and i + 1 < len(argv):
            value = argv[i + 1]
            if argv[i] == "--config":
                config = value
            elif argv[i] == "--cwd":
                cwd = value
            else:
                top = int(value)
            i += 2
        else:
            sys.exit(__doc__)
    rest = argv[i:]
    if len(rest) < 2:
        sys.exit(__doc__)
    sim, native, args = (os.path.abspath(rest[0]), os.path.abspath(rest[1]),
                         rest[2:])
    if args and args[0] == "--":
        args = args[1:]
    for tool in ("valgrind", "callgrind_annotate"):
        if not shutil.which(tool):
            sys.exit(f"instruction_ratio: '{tool}' not found "
                     "(apt-get install valgrind)")
    env = dict(os.environ, VARSIM_CONFIG=config)
    with tempfile.TemporaryDirectory(prefix="varsim-instructions-") as tmp:
        env["VARSIM_TRACE"] = os.path.join(tmp, "calltrace.json")
        native_out, native_counts, native_total = callgrind(
            native, args, cwd, env, tmp, "native")
        sim_out, sim_counts, sim_total = callgrind(sim, args, cwd, env, tmp,
                                                   "simulator")
    if native_out != sim_out:
        sys.exit("instruction_ratio: the simulator's stdout differs from the "
                 "native variant's (wrong configuration?)")
    runtime = sum(n for f, n in sim_counts.items() if f.startswith("varsim_"))
    print(f"native     {native_total / 1e9:10.3f} G instructions")
    print(f"simulator  {sim_total / 1e9:10.3f} G instructions "
          f"(runtime functions {runtime / 1e6:.1f} M)")
    print(f"ratio      {sim_total / native_total:10.3f}")
    print(f"\nfunctions that differ most (millions; copies folded):")
    print(f"{'difference':>11} {'native':>9} {'simulator':>10}  function")
    names = set(native_counts) | set(sim_counts)
    diffs = sorted(names, key=lambda f: -abs(sim_counts.get(f, 0) -
                                             native_counts.get(f, 0)))
    for f in diffs[:top]:
        a, b = native_counts.get(f, 0), sim_counts.get(f, 0)
        print(f"{(b - a) / 1e6:+11.1f} {a / 1e6:9.1f} {b / 1e6:10.1f}  {f}")


if __name__ == "__main__":
    main(sys.argv[1:])
