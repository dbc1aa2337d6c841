"""`varsim run --native-build/--native-run` on a hand-made OUT directory:
run_native.py VARSIM. The "simulator" writes a JSON object to $VARSIM_TRACE;
the native reference is a script that the build command writes into {dir}.
Both append to one log, so the order of the runs (N S N S N) shows."""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from checks import Checks, varsim_runner  # noqa: E402
from run_repeat_out import make_out  # noqa: E402

VARSIM = sys.argv[1]
checks = Checks()
check = checks.check
varsim = varsim_runner(VARSIM)

with tempfile.TemporaryDirectory() as tmp:
    out = make_out(tmp)
    log = os.path.join(tmp, "order.log")
    sim = ('printf \'{"config": "%s"}\' "$VARSIM_CONFIG" > "$VARSIM_TRACE"; '
           f'echo "sim $VARSIM_CONFIG" >> {log}')
    build = ("printf '%s' '{defines}' > {dir}/defines.txt && "
             f"printf '#!/bin/sh\\necho native \"$@\" >> {log}\\n' > {{dir}}/app"
             " && chmod +x {dir}/app")
    configs = varsim("plan", out).stdout.splitlines()
    check(len(configs) == 2, f"two planned runs: {configs}")

    p = varsim("run", out, "--repeat", "1", "--native-build", build,
               "--native-run", "{dir}/app {config}", "--", "sh", "-c", sim)
    check(p.returncode == 0, "run with a native reference exits 0", p)
    with open(log) as f:
        order = f.read().split("\n")[:-1]
    first = configs[0]
    check(order == [f"native {first}", f"sim {configs[0]}", f"native {first}",
                    f"sim {configs[1]}", f"native {first}"],
          f"a native run before the first simulator run and after every one "
          f"(N S N S N), of the first planned configuration: {order}", p)
    with open(os.path.join(out, "native", "build", "defines.txt")) as f:
        defines = f.read()
    check(defines == f"-D{first}=1",
          f"built with the first configuration's defines: {defines!r}")
    traces = [json.load(open(t)) for t in p.stdout.split()]
    natives = [t.get("native", {}) for t in traces]
    check(all(n.get("config") == first and n.get("before_ns", 0) > 0 and
              n.get("after_ns", 0) > 0 for n in natives),
          f"each trace names the native runs around it: {natives}")
    check(natives[0]["after_ns"] == natives[1]["before_ns"],
          "the native run between two simulator runs is shared by both")
    check(all("process" in t for t in traces), "process times still written")
    with open(os.path.join(out, "traces", "index.json")) as f:
        index = json.load(f)
    ref = index.get("native_reference", {})
    check(ref.get("config") == first and len(ref.get("seconds", [])) == 3,
          f"index.json lists the native reference's runs: {ref}")
    check(all(r.get("native_seconds", 0) > 0 for r in index["runs"]),
          "each run's entry has its native seconds")

    # --native-variants: each configuration's own native variant right
    # after its simulator run, inside the reference's runs around it; the
    # first configuration's is the reference itself (no second build), the
    # second's is built into native/variant-2 with its own defines, and the
    # reference runs afresh after that build.
    os.remove(log)
    p = varsim("run", out, "--repeat", "1", "--native-build", build,
               "--native-run", "{dir}/app {config}", "--native-variants",
               "--", "sh", "-c", sim)
    check(p.returncode == 0, "run with --native-variants exits 0", p)
    order = open(log).read().split("\n")[:-1]
    second = configs[1]
    check(order == [f"native {first}", f"sim {first}", f"native {first}",
                    f"native {first}", f"native {first}", f"sim {second}",
                    f"native {second}", f"native {first}"],
          f"N S V N, build, N S V N: {order}", p)
    variant_dir = os.path.join(out, "native", "variant-2", "build")
    check(open(os.path.join(variant_dir, "defines.txt")).read() ==
          f"-D{second}=1", "the second variant is built with its defines")
    check(not os.path.exists(os.path.join(out, "native", "variant-1")),
          "the reference's configuration is not built again")
    traces = [json.load(open(t)) for t in p.stdout.split()]
    check(all(t.get("native", {}).get("variant_ns", 0) > 0 and
              t["native"].get("variant_cpu_ns", 0) >= 0 for t in traces),
          f"each trace has its variant's time: "
          f"{[t.get('native') for t in traces]}")
    index = json.load(open(os.path.join(out, "traces", "index.json")))
    check(all(r.get("native_variant_seconds", 0) > 0 for r in index["runs"]),
          "each run's index entry has its variant's seconds")
    check("building the native variant of run 2" in p.stderr and
          "native variant" in p.stderr, "the build and the times are shown", p)
    p = varsim("run", out, "--repeat", "1", "--native-variants", "--",
               "sh", "-c", sim)
    check(p.returncode == 2 and "--native-build" in p.stderr,
          "--native-variants without a build recipe is a usage error", p)
    p = varsim("run", out, "--repeat", "1", "--native-build",
               build + " && case '{config}' in " + second + ") exit 5;; esac",
               "--native-run", "{dir}/app {config}", "--native-variants",
               "--", "sh", "-c", sim)
    check(p.returncode == 1 and "native variant of run 2" in p.stderr and
          "did not build" in p.stderr and "no index written" in p.stderr,
          "a variant that does not build: exit 1, named, no index", p)

    # --cpu auto with a native reference: the timed runs and the native
    # runs share one CPU even when the CPUs run alike (a native run
    # measures the speed of the CPU it ran on).
    if len(os.sched_getaffinity(0)) > 1:
        p = varsim("run", out, "--repeat", "1", "--cpu", "auto",
                   "--native-build", build, "--native-run",
                   "{dir}/app {config}", "--", "sh", "-c", sim)
        index = json.load(open(os.path.join(out, "traces", "index.json")))
        check(p.returncode == 0 and isinstance(index.get("cpu"), int) and
              ("native runs beside them go to CPU" in p.stderr or
               "different speeds" in p.stderr),
              f"--cpu auto pins a run with a native reference: "
              f"{index.get('cpu')}", p)

    # --no-native-reference: no native run.
    os.remove(log)
    p = varsim("run", out, "--repeat", "1", "--native-build", build,
               "--native-run", "{dir}/app", "--no-native-reference", "--",
               "sh", "-c", sim)
    with open(log) as f:
        order = f.read().split()
    check(p.returncode == 0 and "native" not in order,
          "--no-native-reference runs no native variant", p)
    index = json.load(open(os.path.join(out, "traces", "index.json")))
    check("native_reference" not in index, "and lists none")

    # Failures: a build that fails, a native run that fails, one option
    # without the other. The earlier traces stay; no index is written.
    before = open(os.path.join(out, "traces", "index.json")).read()
    p = varsim("run", out, "--repeat", "1", "--native-build",
               "echo broken >&2; exit 4", "--native-run", "{dir}/app", "--",
               "sh", "-c", sim)
    check(p.returncode == 1 and "did not build" in p.stderr and
          "broken" in p.stderr, "a failing native build: exit 1, its log", p)
    p = varsim("run", out, "--repeat", "1", "--native-build", "true",
               "--native-run", "sh -c 'exit 3'", "--", "sh", "-c", sim)
    check(p.returncode == 1 and "native reference's run" in p.stderr and
          "code 3" in p.stderr, "a failing native run: exit 1, why", p)
    check(open(os.path.join(out, "traces", "index.json")).read() == before,
          "the earlier index is kept after a failure")
    p = varsim("run", out, "--native-build", "true", "--", "true")
    check(p.returncode == 2 and "--native-run" in p.stderr,
          "--native-build without --native-run is a usage error", p)

    # A run under 50 ms (these are): a warning that its timing says little.
    p = varsim("run", out, "--repeat", "1", "--native-build", build,
               "--native-run", "{dir}/app {config}", "--", "sh", "-c", sim)
    check(p.returncode == 0 and "under 50 ms" in p.stderr and
          p.stderr.count("under 50 ms") == 1,
          "a warning, once, that runs under 50 ms are below the clock's "
          "resolution for timing", p)

    # The build directory is kept only for the same build command: a stale
    # file from another configuration's build is gone, and kept when the
    # command (with its defines) is the same.
    stale = os.path.join(out, "native", "build", "stale.txt")
    open(stale, "w").write("from an earlier build\n")
    p = varsim("run", out, "--repeat", "1", "--native-build",
               build + " && true", "--native-run", "{dir}/app {config}",
               "--", "sh", "-c", sim)
    check(p.returncode == 0 and not os.path.exists(stale),
          "another build command starts from an empty build directory", p)
    open(stale, "w").write("kept\n")
    p = varsim("run", out, "--repeat", "1", "--native-build",
               build + " && true", "--native-run", "{dir}/app {config}",
               "--", "sh", "-c", sim)
    check(p.returncode == 0 and os.path.exists(stale),
          "the same build command keeps its build directory", p)

    # The native runs read /dev/null, not varsim's standard input (meant
    # for the simulator, which still gets it).
    reader = ("printf '#!/bin/sh\\nread l; echo \"native-read:$l\" >> "
              f"{log}\\n' > {{dir}}/app && chmod +x {{dir}}/app")
    os.remove(log)
    sim_reads = ('read l; printf \'{"config": "%s"}\' "$VARSIM_CONFIG" > '
                 f'"$VARSIM_TRACE"; echo "sim-read:$l" >> {log}')
    p = subprocess.run([VARSIM, "run", out, "--repeat", "1", "--native-build",
                        reader, "--native-run", "{dir}/app", "--", "sh", "-c",
                        sim_reads], input="hello\n" * 10, capture_output=True,
                       text=True, timeout=120)
    lines = open(log).read().split()
    check(p.returncode == 0 and "native-read:" in lines and
          "native-read:hello" not in lines and "sim-read:hello" in lines,
          f"native runs read no input, the simulator reads varsim's: {lines}",
          p)

    # Ctrl-C during the native build stops the build and varsim at once.
    proc = subprocess.Popen([VARSIM, "run", out, "--repeat", "1",
                             "--native-build", "sleep 60", "--native-run",
                             "true", "--", "sh", "-c", sim],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    took = time.monotonic() - start
    check(proc.returncode == 128 + signal.SIGINT and took < 10 and
          "build was interrupted" in err,
          f"Ctrl-C during the native build: exit 130 within {took:.1f} s, "
          f"says so: {err!r}")

checks.finish()
