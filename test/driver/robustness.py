#!/usr/bin/env python3
"""Bad input to every subcommand after the rewrite (features, plan, run,
model, predict, validate): robustness.py VARSIM MODEL_DATA_DIR.

Each case runs varsim on something broken (a missing file, a directory where
a file is expected, an empty file, truncated or ill-typed JSON/XML, a wrong
format or version, a trace of another simulator, an unwritable output path,
an output directory that is a file, Ctrl-C during `varsim run`) and asserts:
the exit code, that stderr has an `error:` line with the expected fragments
(a `file:line:col: error:` where the case has a file), that nothing crashed
(no signal, no abort, no stack trace, no uncaught exception), and that no
output file was left behind, whole or half-written.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

VARSIM, DATA = sys.argv[1], sys.argv[2]
CRASH = re.compile(r"terminate called|Stack dump|PLEASE submit|Assertion|"
                   r"LLVM ERROR|Segmentation fault|Aborted|core dumped|what\(\)")
failures = []
count = 0


def run(*args, cwd=None, timeout=120):
    return subprocess.run([VARSIM, *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, cwd=cwd)


def expect(name, args, code, fragments, absent=(), cwd=None):
    """Runs varsim ARGS; expects exit CODE, each regex of FRAGMENTS on
    stderr, no crash, and none of the paths ABSENT (or a temporary file next
    to them) afterwards."""
    global count
    count += 1
    p = run(*args, cwd=cwd)
    problems = []
    if p.returncode != code:
        problems.append(f"exit code {p.returncode}, expected {code}")
    if "error:" not in p.stderr:
        problems.append("no 'error:' on stderr")
    for f in fragments:
        if not re.search(f, p.stderr, re.S):
            problems.append(f"stderr lacks /{f}/")
    if CRASH.search(p.stderr):
        problems.append("it crashed")
    for path in absent:
        path = str(path)
        leftovers = [path] if os.path.lexists(path) else []
        parent = os.path.dirname(path) or "."
        if os.path.isdir(parent):
            base = os.path.basename(path)
            leftovers += [os.path.join(parent, f) for f in os.listdir(parent)
                          if f.startswith(base + ".") or
                          f.startswith(base + "-")]
        if leftovers:
            problems.append(f"left behind: {leftovers}")
    if problems:
        failures.append(f"{name}: {'; '.join(problems)}\n  command: varsim "
                        f"{' '.join(map(str, args))}\n  stderr: {p.stderr!r}")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


FEATURE_MODEL = """<?xml version="1.0" encoding="UTF-8"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="Printer">
      <feature name="Logging"/>
      <feature name="ColorScan"/>
    </and>
  </struct>
</featureModel>
"""


def regions(n):
    return [{"id": i, "kind": "region", "function": "print",
             "condition": "1" if i == 0 else ["Logging", "ColorScan"][i % 2],
             "file": "printer.c", "line": 1 + 3 * i, "end_line": 3 + 3 * i}
            for i in range(n)]


def make_out(root, nregions=3):
    """A rewrite's OUT: manifest, feature model, no data flow."""
    write(os.path.join(root, "model.xml"), FEATURE_MODEL)
    manifest = {"format": "varsim-manifest", "version": 1,
                "feature_model": {"path": "model.xml", "inferred": False},
                "features": [{"name": n, "macro": n, "kind": "bool"}
                             for n in ("Logging", "ColorScan")],
                "regions": regions(nregions),
                "dataflow": {"version": 1, "locations": "simulator",
                             "translation_units": 1, "regions": [],
                             "functions": []},
                "plan": []}
    write(os.path.join(root, "manifest.json"), json.dumps(manifest))
    return root


with tempfile.TemporaryDirectory(prefix="varsim-robust-") as tmp:
    T = lambda *p: os.path.join(tmp, *p)
    missing = T("no-such-file")
    adir = T("a-directory")
    os.makedirs(adir)
    empty = write(T("empty.txt"), "")
    fm = write(T("model.xml"), FEATURE_MODEL)
    trace_text = open(os.path.join(DATA, "simple.json")).read()
    trace = write(T("trace.json"), trace_text)
    model = T("model.json")
    p = run("model", trace, "-f", fm, "-o", model)
    if p.returncode != 0:
        print("setup: varsim model failed:\n" + p.stderr)
        sys.exit(1)
    model_text = open(model).read()
    unwritable = "/proc/varsim-cannot-write/out.json"
    if os.geteuid() != 0:
        ro = T("read-only")
        os.makedirs(ro)
        os.chmod(ro, 0o555)
        unwritable_dir_file = os.path.join(ro, "out.json")
    else:  # root writes anywhere but /proc and /sys
        unwritable_dir_file = "/proc/self/varsim-out.json"

    # --- features -----------------------------------------------------------
    expect("features: missing file", ["features", missing, "--count"], 1,
           [re.escape(missing) + r".*error: .*(No such file|cannot)"])
    expect("features: a directory", ["features", adir, "--count"], 1,
           [re.escape(adir) + r".*error: "])
    expect("features: empty file", ["features", empty, "--count"], 1,
           [re.escape(empty) + r".*error: "])
    bad = write(T("truncated.xml"), FEATURE_MODEL[: len(FEATURE_MODEL) // 2])
    expect("features: truncated XML", ["features", bad, "--count"], 1,
           [re.escape(bad) + r":\d+(:\d+)?: error: "])
    bad = write(T("other.xml"), "<?xml version='1.0'?><html><body/></html>")
    expect("features: another XML format", ["features", bad, "--count"], 1,
           [re.escape(bad) + r".*error: .*(featureModel|vm)"])
    bad = write(T("json.xml"), "{\"format\": \"varsim-model\"}")
    expect("features: not XML", ["features", bad, "--list"], 1,
           [re.escape(bad) + r".*error: "])
    expect("features: --to-featureide unwritable",
           ["features", fm, "--to-featureide", unwritable], 1,
           [r"varsim-cannot-write/out\.json: error: |error: .*varsim-cannot-write"])
    expect("features: --check duplicate feature",
           ["features", fm, "--check", "Logging,Logging"], 1,
           [r"error: .*'Logging' is named twice"])
    expect("features: --check abstract feature",
           ["features", fm, "--check", "Printer"], 1,
           [r"error: .*'Printer' .*is abstract"])

    # --- plan and run: OUT --------------------------------------------------
    for cmd, extra in (("plan", []), ("run", ["--", "true"])):
        expect(f"{cmd}: OUT missing", [cmd, missing, *extra], 1,
               [re.escape(missing) + r"/manifest\.json: error: cannot read"])
        expect(f"{cmd}: OUT is a file", [cmd, empty, *extra], 1,
               [re.escape(empty) + r".*error: "])
        out = make_out(T(cmd, "no-manifest"))
        os.remove(os.path.join(out, "manifest.json"))
        expect(f"{cmd}: no manifest", [cmd, out, *extra], 1,
               [re.escape(os.path.join(out, "manifest.json")) + r".*error: "])
        out = make_out(T(cmd, "manifest-dir"))
        os.remove(os.path.join(out, "manifest.json"))
        os.makedirs(os.path.join(out, "manifest.json"))
        expect(f"{cmd}: manifest is a directory", [cmd, out, *extra], 1,
               [r"manifest\.json.*error: "])
        out = make_out(T(cmd, "bad-manifests"))
        manifest = os.path.join(out, "manifest.json")
        good = open(manifest).read()
        m = json.loads(good)
        for what, text in [
                ("empty", ""),
                ("truncated", good[: len(good) // 2]),
                ("wrong format", json.dumps({**m, "format": "varsim-model"})),
                ("wrong version", json.dumps({**m, "version": 99})),
                ("regions not an array", json.dumps({**m, "regions": 3})),
                ("region id a string", json.dumps(
                    {**m, "regions": [{**regions(1)[0], "id": "x"}]})),
                ("not an object", "[1, 2]")]:
            write(manifest, text)
            expect(f"{cmd}: manifest {what}", [cmd, out, *extra], 1,
                   [re.escape(manifest) + r"(:\d+)*: error: "])
        write(manifest, json.dumps(
            {**m, "feature_model": {"path": "gone.xml", "inferred": False}}))
        expect(f"{cmd}: the manifest's feature model is missing",
               [cmd, out, *extra], 1, [r"gone\.xml.*error: |error: .*gone\.xml"])
        write(manifest, good)
        expect(f"{cmd}: -f missing", [cmd, out, "-f", missing, *extra], 1,
               [re.escape(missing) + r".*error: "])
        expect(f"{cmd}: -f a directory", [cmd, out, "-f", adir, *extra], 1,
               [re.escape(adir) + r".*error: "])
    out = make_out(T("plan", "report"))
    expect("plan: --report-file unwritable",
           ["plan", out, "--report-file", unwritable], 1,
           [r"varsim-cannot-write/out\.json: error: |error: .*varsim-cannot-write"])

    # run: OUT/traces is a file; the program is missing or a directory.
    out = make_out(T("run", "traces-file"))
    write(os.path.join(out, "traces"), "not a directory")
    expect("run: OUT/traces is a file", ["run", out, "--", "true"], 1,
           [r"traces: error: cannot hold the traces: it exists and is not "
            r"a directory"])
    out = make_out(T("run", "program"))
    expect("run: program missing", ["run", out, "--", missing], 1,
           [re.escape(missing) + r".*error: "],
           absent=[os.path.join(out, "traces", "index.json")])
    expect("run: program is a directory", ["run", out, "--", adir], 1,
           [re.escape(adir) + r".*error: "])
    expect("run: program not in PATH",
           ["run", out, "--", "varsim-no-such-program"], 1,
           [r"error: .*varsim-no-such-program.*not found"])
    expect("run: --exit-code malformed",
           ["run", out, "--exit-code", "3,x", "--", "true"], 2,
           [r"error: --exit-code '3,x': expected a number 0-255"])

    # run: Ctrl-C. The terminal sends SIGINT to the whole foreground process
    # group: varsim and the simulator.
    out = make_out(T("run", "interrupt"))
    started = T("run", "interrupt", "started")
    sim = (f'echo x > "{started}"; sleep 30; '
           'printf "{}" > "$VARSIM_TRACE"')
    count += 1
    proc = subprocess.Popen([VARSIM, "run", out, "--", "sh", "-c", sim],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    deadline = time.monotonic() + 60  # a loaded machine starts sh late
    while not os.path.exists(started) and time.monotonic() < deadline:
        time.sleep(0.05)
    # Ctrl-C while the simulator runs its command, not while sh forks it.
    time.sleep(0.5)
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    try:
        stdout, stderr = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
    traces = os.path.join(out, "traces")
    leftovers = os.listdir(traces) if os.path.isdir(traces) else []
    if not (proc.returncode == 128 + signal.SIGINT and
            re.search(r"error: run 1/1: CONFIG '.*' interrupted \(Interrupt\)"
                      r"; no index written", stderr) and
            not CRASH.search(stderr) and leftovers == [] and
            time.monotonic() - t0 < 10):
        failures.append(f"run: Ctrl-C: exit {proc.returncode}, stderr "
                        f"{stderr!r}, left in traces/: {leftovers}")

    # run: Ctrl-C that the simulator ignores (as when it reaches the
    # simulator's shell between its fork and exec): varsim waits a few
    # seconds, then kills the run's process group (the shell and its
    # child), exits 130 and leaves no trace and no index.
    out = make_out(T("run", "interrupt-ignored"))
    started = T("run", "interrupt-ignored", "started")
    sim = (f'trap "" INT; echo x > "{started}"; sleep 60; '
           'printf "{}" > "$VARSIM_TRACE"')
    count += 1
    proc = subprocess.Popen([VARSIM, "run", out, "--", "sh", "-c", sim],
                            stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while not os.path.exists(started) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    t0 = time.monotonic()
    os.kill(proc.pid, signal.SIGINT)  # varsim alone: it forwards the signal
    try:
        stdout, stderr = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
    took = time.monotonic() - t0
    traces = os.path.join(out, "traces")
    leftovers = os.listdir(traces) if os.path.isdir(traces) else []
    if not (proc.returncode == 128 + signal.SIGINT and
            re.search(r"error: run 1/1: CONFIG '.*' interrupted \(Interrupt\)"
                      r"; it did not stop within 3 s .*process group was "
                      r"killed; no index written", stderr) and
            not CRASH.search(stderr) and leftovers == [] and took < 25):
        failures.append(f"run: ignored Ctrl-C: exit {proc.returncode} after "
                        f"{took:.1f} s, stderr {stderr!r}, left in traces/: "
                        f"{leftovers}")

    # --- model ----------------------------------------------------------------
    out_model = T("model-out.json")
    for what, path, fragment in [
            ("missing trace", missing, r"error: "),
            ("trace is an empty directory", adir, r"error: "),
            ("empty trace", empty, r"error: ")]:
        expect(f"model: {what}", ["model", path, "-o", out_model], 1,
               [re.escape(path) + r".*" + fragment], absent=[out_model])
    t = json.loads(trace_text)
    bad_traces = {
        "truncated": trace_text[: len(trace_text) // 3],
        "not JSON": "calltrace\n",
        "not an object": "[]",
        "wrong format": json.dumps({**t, "format": "chrome-trace"}),
        "older version": json.dumps({**t, "version": 0}),
        "regions not an array": json.dumps({**t, "regions": {}}),
        "threads a number": json.dumps({**t, "threads": 5}),
        "node of wrong type": trace_text.replace("[\n     -1,", "[\n     \"x\","),
    }
    for what, text in bad_traces.items():
        if text == trace_text:
            failures.append(f"model: the case '{what}' changes nothing")
            continue
        bad = write(T("bad-traces", what.replace(" ", "-") + ".json"), text)
        expect(f"model: {what}", ["model", bad, "-o", out_model], 1,
               [re.escape(bad) + r"(:\d+)*: error: "], absent=[out_model])
    # A trace from another simulator: its regions are not the manifest's.
    out = make_out(T("model", "other-sim"), nregions=5)
    other = write(os.path.join(out, "traces", "run-1.json"), trace_text)
    expect("model: trace of another simulator",
           ["model", other, "-o", out_model], 1,
           [re.escape(other) + r": error: not a trace of the simulator in .*"
            r"it has 3 regions, .*manifest\.json 5"], absent=[out_model])
    # Same number of regions, other conditions.
    m5 = json.load(open(os.path.join(out, "manifest.json")))
    m5["regions"] = json.loads(trace_text)["regions"]
    m5["regions"][2]["condition"] = "!Logging"
    write(os.path.join(out, "manifest.json"), json.dumps(m5))
    expect("model: trace of another simulator, same size",
           ["model", other, "-o", out_model], 1,
           [r"error: not a trace of the simulator in .*region 2 is "
            r"'ColorScan' in the trace, '!Logging' in"], absent=[out_model])
    # A run index that is broken or names a missing trace.
    index = write(T("index", "index.json"), '{"format": "varsim-run-index", '
                  '"version": 1, "runs": [{"trace": "gone.json"}]}')
    expect("model: index names a missing trace", ["model", index], 1,
           [r"gone\.json.*error: |error: .*gone\.json"])
    write(index, '{"format": "varsim-run-index", "runs": 3}')
    expect("model: index of wrong type", ["model", index], 1,
           [re.escape(index) + r".*error: "])
    expect("model: -f missing", ["model", trace, "-f", missing], 1,
           [re.escape(missing) + r".*error: "])
    for what, path in [("into a missing directory", T("nodir", "m.json")),
                       ("onto a directory", adir),
                       ("unwritable", unwritable),
                       ("unwritable directory", unwritable_dir_file)]:
        expect(f"model: -o {what}", ["model", trace, "-o", path], 1,
               [re.escape(path) + r": error: cannot write the model: "],
               absent=[] if os.path.isdir(path) else [path])
    expect("model: --out-dir is a file",
           ["model", trace, "--out-dir", empty, "-o", out_model], 1,
           [re.escape(empty) + r": error: --out-dir: not a directory"],
           absent=[out_model])
    expect("model: --out-dir without a manifest",
           ["model", trace, "--out-dir", adir, "-o", out_model], 1,
           [re.escape(adir) + r"/manifest\.json: error: --out-dir: no "
            r"readable varsim manifest"], absent=[out_model])
    expect("model: --dot unwritable", ["model", trace, "--dot", unwritable], 1,
           [r"varsim-cannot-write/out\.json: error: |error: .*varsim-cannot-write"])

    # --- predict --------------------------------------------------------------
    m = json.loads(model_text)
    bad_models = {
        "empty": "",
        "truncated": model_text[: len(model_text) // 2],
        "not an object": "3",
        "wrong format": json.dumps({**m, "format": "varsim-calltrace"}),
        "older version": json.dumps({**m, "version": 0}),
        "newer version": json.dumps({**m, "version": 99}),
        "no version": json.dumps({k: v for k, v in m.items()
                                  if k != "version"}),
        "terms not an array": json.dumps({**m, "terms": 3}),
        "term seconds a string": json.dumps(
            {**m, "terms": [{**m["terms"][0], "seconds": "fast"}]}),
        "a call trace": trace_text,
    }
    for what, text in bad_models.items():
        bad = write(T("bad-models", what.replace(" ", "-") + ".json"), text)
        expect(f"predict: model {what}", ["predict", bad, "--all"], 1,
               [re.escape(bad) + r"(:\d+)*: error: "])
    expect("predict: model missing", ["predict", missing, "--all"], 1,
           [re.escape(missing) + r".*error: "])
    expect("predict: model is a directory", ["predict", adir, "--all"], 1,
           [re.escape(adir) + r".*error: "])
    expect("predict: -f missing", ["predict", model, "-f", missing, "--all"],
           1, [re.escape(missing) + r".*error: "])
    expect("predict: -f empty", ["predict", model, "-f", empty, "--all"], 1,
           [re.escape(empty) + r".*error: "])
    moved = write(T("moved", "model.json"), json.dumps(
        {**m, "feature_model": T("moved", "gone.xml")}))
    expect("predict: the model's feature model is gone",
           ["predict", moved, "--all"], 1, [r"gone\.xml.*error: "])
    expect("predict: no configuration given", ["predict", model], 2,
           [r"error: give --config CONFIG, --all or --best"])

    # --- validate -------------------------------------------------------------
    report = T("report")
    common = ["--build", "true", "--run", "true", "--repeat", "1",
              "--no-baseline"]
    expect("validate: model missing",
           ["validate", "--model", missing, "-f", fm, *common, "--report",
            report], 1, [re.escape(missing) + r".*error: "], absent=[report])
    bad = os.path.join(tmp, "bad-models", "older-version.json")
    expect("validate: model of an older version",
           ["validate", "--model", bad, "-f", fm, *common, "--report",
            report], 1, [re.escape(bad) + r".*error: .*version"],
           absent=[report])
    expect("validate: feature model empty",
           ["validate", "--model", model, "-f", empty, *common, "--report",
            report], 1, [re.escape(empty) + r".*error: "], absent=[report])
    expect("validate: feature model is a directory",
           ["validate", "--model", model, "-f", adir, *common, "--report",
            report], 1, [re.escape(adir) + r".*error: "], absent=[report])
    expect("validate: --report is a file",
           ["validate", "--model", model, "-f", fm, *common, "--report",
            empty], 1, [re.escape(empty) + r".*error: "])
    expect("validate: --report unwritable",
           ["validate", "--model", model, "-f", fm, *common, "--report",
            os.path.dirname(unwritable)], 1,
           [r"varsim-cannot-write/variants: error: cannot create directory"])
    expect("validate: --sample malformed",
           ["validate", "--model", model, "-f", fm, *common, "--sample",
            "most", "--report", report], 2, [r"error: .*most"],
           absent=[report])
    expect("validate: --exit-code malformed",
           ["validate", "--model", model, "-f", fm, *common, "--exit-code",
            "x", "--report", report], 2,
           [r"error: --exit-code 'x': expected a number 0-255, a "
            r"comma-separated list of them, or 'any'"], absent=[report])

    # --- issue 19: nothing lost, nothing half-written, no stale input -------
    # A full disk while MODEL.json is written (RLIMIT_FSIZE, as `ulimit -f`):
    # an error, the earlier model intact, no temporary beside it.
    import resource
    kept = write(T("full-disk", "model.json"), model_text)

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (512, 512))
    count += 1
    p = subprocess.run([VARSIM, "model", trace, "-f", fm, "-o", kept],
                       capture_output=True, text=True, preexec_fn=small_files)
    left = [f for f in os.listdir(T("full-disk")) if f != "model.json"]
    if not (p.returncode == 1 and re.search(
            re.escape(kept) + r": error: cannot write the model: cannot "
            r"write: File too large", p.stderr) and
            open(kept).read() == model_text and not left and
            not CRASH.search(p.stderr)):
        failures.append(f"model: full disk: exit {p.returncode}, stderr "
                        f"{p.stderr!r}, left {left}, model intact "
                        f"{open(kept).read() == model_text}")

    # A trace that the runtime wrote from its SIGINT handler.
    cut = write(T("cut-short", "run-1.json"),
                json.dumps({**t, "cut_short_by_signal": 2}))
    expect("model: trace of a run cut short by SIGINT",
           ["model", cut, "-o", out_model], 1,
           [re.escape(cut) + r": error: the run was cut short by signal 2 "
            r"\(Interrupt\)"], absent=[out_model])

    # A trace of an earlier build of the simulator: same regions and
    # conditions, other lines.
    out = make_out(T("model", "earlier-build"), nregions=5)
    m5 = json.load(open(os.path.join(out, "manifest.json")))
    m5["regions"] = json.loads(trace_text)["regions"]
    m5["regions"][1]["line"] += 7
    write(os.path.join(out, "manifest.json"), json.dumps(m5))
    old = write(os.path.join(out, "traces", "run-1.json"), trace_text)
    expect("model: trace of an earlier build (stale lines)",
           ["model", old, "-o", out_model], 1,
           [re.escape(old) + r": error: not a trace of the simulator in .*"
            r"region 1 is at printer\.c:3 in the trace, printer\.c:10 in"],
           absent=[out_model])

    # A failed `varsim run` keeps the earlier traces and index.
    out = make_out(T("run", "keeps"))
    traces = os.path.join(out, "traces")
    write(os.path.join(traces, "run-1.json"), "earlier trace")
    write(os.path.join(traces, "index.json"), "earlier index")
    expect("run: a failed run keeps the earlier traces",
           ["run", out, "--", "sh", "-c",
            'printf "{}" > "$VARSIM_TRACE"; exit 3'], 1,
           [r"failed: it exited with code 3.*the earlier traces in .* are "
            r"kept"])
    if sorted(os.listdir(traces)) != ["index.json", "run-1.json"] or \
            open(os.path.join(traces, "run-1.json")).read() != \
            "earlier trace":
        failures.append("run: a failed run keeps the earlier traces: "
                        f"traces/ holds {sorted(os.listdir(traces))}")

    # MODEL.json names its feature model relative to its own directory:
    # `varsim predict` works from anywhere.
    where = T("moved-model")
    os.makedirs(where)
    write(os.path.join(where, "fm.xml"), FEATURE_MODEL)
    p = run("model", trace, "-f", "fm.xml", "-o", "model.json", cwd=where)
    q = run("predict", os.path.join(where, "model.json"), "--all", cwd="/")
    count += 1
    stored = json.load(open(os.path.join(where, "model.json"))) \
        if p.returncode == 0 else {}
    if p.returncode != 0 or q.returncode != 0 or \
            stored.get("feature_model") != "fm.xml" or not q.stdout.strip():
        failures.append(f"predict: relative feature model from another "
                        f"directory: model {p.returncode} {p.stderr!r}, "
                        f"predict {q.returncode} {q.stderr!r}, stored "
                        f"{stored.get('feature_model')!r}")
    os.remove(os.path.join(where, "fm.xml"))
    expect("predict: the model's feature model is gone (says where from)",
           ["predict", os.path.join(where, "model.json"), "--all"], 1,
           [r"fm\.xml: error: .*\(the feature model that .*model\.json "
            r"names; give another with -f\)"])

if failures:
    print("\n\n".join("FAIL: " + f for f in failures))
    print(f"\n{len(failures)} of {count} cases failed")
    sys.exit(1)
print(f"ok: {count} cases")
