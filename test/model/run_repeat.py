"""`varsim run --repeat` on a hand-made OUT directory: run_repeat.py VARSIM.
The "simulator" is a shell command that writes a JSON file to $VARSIM_TRACE
and appends its CONFIG to a log, so the order of the runs shows."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from checks import Checks, varsim_runner  # noqa: E402

VARSIM = sys.argv[1]
checks = Checks()
check = checks.check
varsim = varsim_runner(VARSIM)

from run_repeat_out import make_out  # noqa: E402


def index_of(out):
    with open(os.path.join(out, "traces", "index.json")) as f:
        return json.load(f)


with tempfile.TemporaryDirectory() as tmp:
    out = make_out(tmp)
    log = os.path.join(tmp, "order.log")
    sim = ('printf \'{"config": "%s"}\' "$VARSIM_CONFIG" > "$VARSIM_TRACE"; '
           f'echo "$VARSIM_CONFIG" >> {log}')
    plan = varsim("plan", out)
    configs = plan.stdout.splitlines()
    check(plan.returncode == 0 and len(configs) == 2,
          f"the alternative group A|B plans two runs: {configs}", plan)

    # A number: that many runs per configuration, interleaved.
    p = varsim("run", out, "--repeat", "3", "--", "sh", "-c", sim)
    check(p.returncode == 0, "run --repeat 3 exits 0", p)
    names = [os.path.basename(t) for t in p.stdout.splitlines()]
    check(names == ["run-1.json", "run-2.json", "run-1.rep-2.json",
                    "run-2.rep-2.json", "run-1.rep-3.json",
                    "run-2.rep-3.json"], f"trace names: {names}", p)
    with open(log) as f:
        order = f.read().splitlines()
    check(order == configs * 3, f"rounds of every configuration: {order}")
    index = index_of(out)
    check([(r["run"], r["repetition"]) for r in index["runs"]] ==
          [(1, 1), (2, 1), (1, 2), (2, 2), (1, 3), (2, 3)],
          f"index: runs and repetitions {index['runs']}")
    check([r["config"] for r in index["runs"]] == configs * 3,
          "index: configs")
    check("(repetition 2)" in p.stderr, "progress names the repetition", p)

    # A second `run` replaces every trace of the first, repetitions too.
    p = varsim("run", out, "--repeat", "1", "--", "sh", "-c", sim)
    left = sorted(f for f in os.listdir(os.path.join(out, "traces")))
    check(left == ["index.json", "run-1.json", "run-2.json"],
          f"old repetitions removed: {left}", p)

    # auto (the default): three rounds of a quick, steady program (its
    # repetitions agree: no fourth)...
    os.remove(log)
    p = varsim("run", out, "--", "sh", "-c", sim)
    # (Under load even `sh` is not steady: a configuration whose runs
    # disagree gets a fourth and fifth, the other none.)
    n = len(p.stdout.splitlines())
    check(p.returncode == 0 and (n == 6 or (6 < n <= 10 and
                                            "another repetition" in p.stderr)),
          "auto: 3 rounds of a quick steady program", p)

    # ... and more, up to 5, while no other run of a configuration is
    # within 5 % (and 10 ms) of its median: every run sleeps 60 ms longer
    # than the one before.
    count = os.path.join(tmp, "count")
    spread = (f'n=$(cat {count} 2>/dev/null || echo 0); '
              f'echo $((n + 1)) > {count}; sleep $(awk "BEGIN {{print $n * 0.06}}"); '
              + sim)
    p = varsim("run", out, "--", "sh", "-c", spread)
    check(p.returncode == 0 and len(p.stdout.splitlines()) == 10,
          "auto: spread runs add rounds, at most 5", p)
    check("another repetition" in p.stderr,
          "auto says why it repeats a configuration", p)

    # Bad values are usage errors.
    for bad in ("0", "101", "x", "-1"):
        p = varsim("run", out, "--repeat", bad, "--", "true")
        check(p.returncode == 2 and "--repeat" in p.stderr,
              f"--repeat {bad} is a usage error", p)

checks.finish()
