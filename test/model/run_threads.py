"""`varsim run` pins its timed runs to one CPU (--cpu); a program that runs
several threads would take turns there. run_threads.py VARSIM: the
"simulator" writes a trace whose "cpu" figures say two threads ran
instrumented code (docs/calltrace-format.md). With a CPU named by --cpu
the run warns and keeps the pin; with --cpu none there is nothing to say.
(--cpu auto drops its pin and makes the run again: whether it pins at all
depends on the machine's CPUs, so it is not asserted here.)"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from checks import Checks, varsim_runner  # noqa: E402
from run_repeat_out import make_out  # noqa: E402

VARSIM = sys.argv[1]
checks = Checks()
check = checks.check
varsim = varsim_runner(VARSIM)


def simulator(threads):
    cpu = ('{"wall_ns": 1000000, "cpu_ns": 900000, "thread_ns": 900000, '
           f'"threads": {threads}, "main_writes": true}}')
    head = '"format": "varsim-calltrace", "version": 1, "regions": []'
    return (f'printf \'{{{head}, "config": "%s", "threads": [], '
            f'"cpu": {cpu}}}\' "$VARSIM_CONFIG" > "$VARSIM_TRACE"')


cpu = str(min(os.sched_getaffinity(0)))
with tempfile.TemporaryDirectory() as tmp:
    out = make_out(tmp)
    p = varsim("run", out, "--repeat", "1", "--cpu", cpu, "--",
               "sh", "-c", simulator(2))
    check(p.returncode == 0, "a threaded program still runs", p)
    check(p.stderr.count("take turns") == 1 and "2 threads" in p.stderr and
          "--cpu none" in p.stderr,
          "one warning that its 2 threads take turns on the CPU --cpu "
          "named, with the way out", p)
    p = varsim("run", out, "--repeat", "1", "--cpu", cpu, "--",
               "sh", "-c", simulator(1))
    check(p.returncode == 0 and "take turns" not in p.stderr,
          "one thread: no warning", p)
    p = varsim("run", out, "--repeat", "1", "--cpu", "none", "--",
               "sh", "-c", simulator(2))
    check(p.returncode == 0 and "take turns" not in p.stderr,
          "--cpu none: nothing pinned, nothing to warn of", p)
checks.finish()
