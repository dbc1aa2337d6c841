#!/usr/bin/env python3
"""Faults, interrupts and bad input around `varsim rewrite` and `varsim
validate`, and the layouts of compile databases users have:
faults.py VARSIM.

Each probe is one failure of issue 19 (or the "layouts" item of issue 17):
it runs varsim the way a user would get there (a stale or truncated
database, an output that is a file or a link into the sources, Ctrl-C at a
chosen moment, a full disk simulated with RLIMIT_FSIZE as `ulimit -f` does,
two rewrites at once) and asserts the exit code, a located error, no crash,
nothing lost (an earlier output intact), nothing half-written (no
OUT.partial, no temporary) and no orphan process.
"""
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

VARSIM = sys.argv[1]
CRASH = re.compile(r"terminate called|Stack dump|PLEASE submit|Assertion|"
                   r"LLVM ERROR|Segmentation fault|Aborted|core dumped|what\(\)")
failures = []
count = 0

MAIN_C = """#include <stdio.h>
#include <stdlib.h>
#include "util.h"

int main(void) {
  int x = 1;
  if (getenv("FAULTS_WAIT")) /* a long run, for Ctrl-C */
    while (getchar() != EOF)
      ;
#ifdef LOGGING
  x += 10;
#endif
  printf("%d\\n", twice(x));
  return 0;
}
"""
UTIL_H = "int twice(int v);\n"
UTIL_C = '#include "util.h"\nint twice(int v) { return 2 * v; }\n'
MAKEFILE = """CC ?= cc
app: src/main.o src/util.o
\t$(CC) -o app src/main.o src/util.o
src/%.o: src/%.c
\t$(CC) -Isrc -c -o $@ $<
"""
MODEL = """<?xml version="1.0" encoding="UTF-8"?>
<featureModel><struct>
  <and abstract="true" mandatory="true" name="App">
    <feature name="LOGGING"/>
  </and>
</struct></featureModel>
"""
CONTRADICTION = """<?xml version="1.0" encoding="UTF-8"?>
<featureModel><struct>
  <and abstract="true" mandatory="true" name="App">
    <feature mandatory="true" name="LOGGING"/>
  </and>
</struct><constraints><rule><not><var>LOGGING</var></not></rule>
</constraints></featureModel>
"""


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(text)
    return path


def project(root, database="root"):
    """A Make project: src/main.c, src/util.[ch], model.xml, Makefile and a
    compile database as `bear -- make` writes it at the root (directory =
    the root, relative files)."""
    write(os.path.join(root, "src", "main.c"), MAIN_C)
    write(os.path.join(root, "src", "util.h"), UTIL_H)
    write(os.path.join(root, "src", "util.c"), UTIL_C)
    write(os.path.join(root, "Makefile"), MAKEFILE)
    write(os.path.join(root, "model.xml"), MODEL)
    entries = [{"directory": root, "file": f"src/{n}.c",
                "arguments": ["cc", "-Isrc", "-c", "-o", f"src/{n}.o",
                              f"src/{n}.c"], "output": f"src/{n}.o"}
               for n in ("main", "util")]
    if database == "root":
        write(os.path.join(root, "compile_commands.json"),
              json.dumps(entries, indent=2))
    return root, entries


def run(args, **kw):
    kw.setdefault("timeout", 300)
    return subprocess.run([VARSIM, *map(str, args)], capture_output=True,
                          text=True, errors="replace", **kw)


def check(name, p, code, fragments=(), absent=(), present=()):
    global count
    count += 1
    problems = []
    if p.returncode != code:
        problems.append(f"exit code {p.returncode}, expected {code}")
    for f in fragments:
        if not re.search(f, p.stderr, re.S):
            problems.append(f"stderr lacks /{f}/")
    if CRASH.search(p.stderr):
        problems.append("it crashed")
    for path in absent:
        if os.path.lexists(path):
            problems.append(f"left behind: {path}")
    for path in present:
        if not os.path.lexists(path):
            problems.append(f"missing: {path}")
    if problems:
        failures.append(f"{name}: {'; '.join(problems)}\n  stderr: "
                        f"{p.stderr[-2000:]!r}")
    return not problems


def leftovers(parent, base):
    """Temporaries of OUT=parent/base: OUT.partial, OUT.old-*, OUT.lock,
    OUT.tmp-*."""
    return sorted(f for f in os.listdir(parent)
                  if f.startswith(base + ".") and f != base + ".keep")


def tree(path):
    out = {}
    for d, _, files in os.walk(path):
        for f in files:
            p = os.path.join(d, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, path)] = fh.read()
    return out


def limit_file_size(n):
    def pre():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (n, n))
    return pre


with tempfile.TemporaryDirectory(prefix="varsim-faults-") as tmp:
    T = lambda *p: os.path.join(tmp, *p)

    # --- Layouts (issue 17): a program below an unrelated build
    # description (a test directory's CMakeLists.txt), its database out of
    # tree: the root is the sources' directory, not that ancestor; a
    # sibling file testing the feature is neither analysed nor mirrored.
    up = T("nested")
    write(os.path.join(up, "CMakeLists.txt"), "project(unrelated C)\n")
    write(os.path.join(up, "other", "x.c"),
          "#if !defined(LOGGING)\nint x;\n#endif\n")
    prog = os.path.join(up, "progs", "app")
    project(prog, database="none")
    os.remove(os.path.join(prog, "Makefile"))
    nested_db = write(T("nested-build", "compile_commands.json"), json.dumps(
        [{"directory": T("nested-build"),
          "file": os.path.join(prog, "src", f"{n}.c"),
          "arguments": ["cc", "-I" + os.path.join(prog, "src"), "-c",
                        os.path.join(prog, "src", f"{n}.c")]}
         for n in ("main", "util")]))
    nested_out = T("nested-out")
    p = run(["rewrite", nested_db, "-f", os.path.join(prog, "model.xml"),
             "-o", nested_out])
    check("layout: a program below an unrelated CMakeLists.txt", p, 0,
          [r"rewrote 1 of \d+ files"],
          absent=[os.path.join(nested_out, "src", "other"),
                  os.path.join(nested_out, "src", "progs"),
                  os.path.join(nested_out, "src", "CMakeLists.txt")],
          present=[os.path.join(nested_out, "src", "main.c")])

    # --- Layouts (issue 17): database at the root, as bear -- make writes it
    root, entries = project(T("bear"), database="none")
    bear = subprocess.run(["bear", "--", "make", "-C", root, "app"],
                          capture_output=True, text=True, cwd=root)
    db = os.path.join(root, "compile_commands.json")
    if bear.returncode != 0 or not os.path.exists(db):
        # Without a working bear, the database bear would write.
        write(db, json.dumps(entries, indent=2))
    subprocess.run(["make", "-C", root, "clean"], capture_output=True)
    for f in ("app", "src/main.o", "src/util.o"):
        if os.path.exists(os.path.join(root, f)):
            os.remove(os.path.join(root, f))
    before = tree(root)
    p = run(["rewrite", db])
    out = os.path.join(root, "varsim")
    ok = check("layout: database at the root (bear -- make)", p, 0,
               [r"rewrote 1 of \d+ files .*1 features"],
               present=[os.path.join(out, "src", "src", "main.c"),
                        os.path.join(out, "src", "Makefile")])
    if ok:
        count += 1
        b = subprocess.run(["make", "-C", os.path.join(out, "src"), "app"],
                           capture_output=True, text=True)
        results = []
        for config in ("LOGGING", ""):
            r = subprocess.run([os.path.join(out, "src", "app")],
                               capture_output=True, text=True,
                               env={**os.environ, "VARSIM_CONFIG": config,
                                    "VARSIM_TRACE": T("bear.trace.json")})
            results.append(r.stdout.strip())
        if b.returncode != 0 or results != ["22", "2"]:
            failures.append(f"layout: the simulator of the root database: "
                            f"make {b.returncode} {b.stderr[-800:]!r}, "
                            f"outputs {results} (expected ['22', '2'])")
        if {k: v for k, v in tree(root).items()
                if not k.startswith("varsim/")} != before:
            failures.append("layout: the rewrite changed the sources")

        # A run cut short by Ctrl-C: the runtime's handler writes the
        # trace, flagged, and `varsim model` refuses it.
        count += 1
        cut = T("cut-short.json")
        sim = subprocess.Popen([os.path.join(out, "src", "app")],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               env={**os.environ, "VARSIM_CONFIG": "LOGGING",
                                    "VARSIM_TRACE": cut, "FAULTS_WAIT": "1"})
        time.sleep(0.3)
        sim.send_signal(signal.SIGINT)
        sim.communicate(timeout=20)
        flagged = os.path.exists(cut) and \
            json.load(open(cut)).get("cut_short_by_signal") == signal.SIGINT
        m = run(["model", cut, "-o", T("cut-model.json")])
        if not (sim.returncode == -signal.SIGINT and flagged and
                m.returncode == 1 and re.search(
                    re.escape(cut) + r": error: the run was cut short by "
                    r"signal 2", m.stderr) and
                not os.path.exists(T("cut-model.json"))):
            failures.append(f"trace of a run cut short: simulator exit "
                            f"{sim.returncode}, flagged {flagged}, model "
                            f"{m.returncode} {m.stderr[-400:]!r}")

        # A trace of an earlier build of the simulator (issue 19): the
        # rewrite's build id (a hash of the simulator's sources) is in the
        # manifest and in every trace; after a source changes and the
        # project is rewritten, a trace of the old build has the same
        # region table (even the same lines) and is refused, naming both
        # ids and the cure; a rebuild and rerun is accepted.
        count += 1
        manifest = os.path.join(out, "manifest.json")
        old_id = json.load(open(manifest)).get("build_id", "")
        old_trace = T("fingerprint-old.json")
        sim = subprocess.run([os.path.join(out, "src", "app")],
                             capture_output=True, text=True,
                             env={**os.environ, "VARSIM_CONFIG": "LOGGING",
                                  "VARSIM_TRACE": old_trace})
        traced_id = json.load(open(old_trace)).get("build_id") \
            if os.path.exists(old_trace) else None
        same = run(["model", old_trace, "--out-dir", out,
                    "-o", T("fp-same.json")])
        util = os.path.join(root, "src", "util.c")
        write(util, UTIL_C.replace("2 * v", "3 * v"))
        again = run(["rewrite", db])
        new_id = json.load(open(manifest)).get("build_id", "")
        stale = run(["model", old_trace, "--out-dir", out,
                     "-o", T("fp-stale.json")])
        problems = []
        if not re.fullmatch(r"[0-9a-f]{16}", old_id) or traced_id != old_id:
            problems.append(f"build ids: manifest {old_id!r}, trace "
                            f"{traced_id!r} (simulator exit {sim.returncode})")
        if same.returncode != 0:
            problems.append(f"the trace of the current build was refused: "
                            f"{same.stderr[-600:]!r}")
        if again.returncode != 0 or new_id == old_id:
            problems.append(f"rewrite after the change: exit "
                            f"{again.returncode}, id {old_id} -> {new_id}")
        if not (stale.returncode == 1 and re.search(
                re.escape(old_trace) + r": error: written by a simulator of "
                r"build " + old_id + r", but " + re.escape(manifest) +
                r" is build " + new_id + r": .*rebuild the simulator from " +
                re.escape(os.path.join(out, "src")) + r" and rerun it", stale.stderr, re.S)
                and not os.path.exists(T("fp-stale.json"))
                and not CRASH.search(stale.stderr)):
            problems.append(f"stale trace: exit {stale.returncode}, stderr "
                            f"{stale.stderr[-800:]!r}")
        # The cure the message names: rebuild, rerun, model.
        b = subprocess.run(["make", "-C", os.path.join(out, "src"), "app"],
                           capture_output=True, text=True)
        new_trace = T("fingerprint-new.json")
        r = subprocess.run([os.path.join(out, "src", "app")],
                           capture_output=True, text=True,
                           env={**os.environ, "VARSIM_CONFIG": "LOGGING",
                                "VARSIM_TRACE": new_trace})
        cured = run(["model", new_trace, "--out-dir", out,
                     "-o", T("fp-new.json")])
        if b.returncode != 0 or r.stdout.strip() != "33" or \
                cured.returncode != 0:
            problems.append(f"rebuilt simulator: make {b.returncode}, "
                            f"output {r.stdout.strip()!r} (expected 33), "
                            f"model {cured.returncode} "
                            f"{cured.stderr[-600:]!r}")
        write(util, UTIL_C)
        if problems:
            failures.append("trace of an earlier build (build id): " +
                            "; ".join(problems))

    # Out of tree: the database elsewhere, absolute paths.
    root, entries = project(T("oot"), database="none")
    for e in entries:
        e["file"] = os.path.join(root, e["file"])
    write(T("elsewhere", "compile_commands.json"), json.dumps(entries))
    p = run(["rewrite", T("elsewhere", "compile_commands.json"),
             "-o", T("elsewhere", "out")])
    check("layout: database out of tree", p, 0, [r"rewrote 1 of"],
          present=[T("elsewhere", "out", "src", "src", "main.c")])

    # Meson: a build directory that meson-info says belongs to the root.
    root, entries = project(T("meson"), database="none")
    build = os.path.join(root, "builddir")
    write(os.path.join(build, "meson-info", "meson-info.json"),
          json.dumps({"directories": {"source": root, "build": build}}))
    write(os.path.join(root, "meson.build"), "project('x', 'c')\n")
    mentries = [{"directory": build, "file": f"../src/{n}.c",
                 "command": f"cc -I../src -o src/{n}.o -c ../src/{n}.c"}
                for n in ("main", "util")]
    write(os.path.join(build, "compile_commands.json"), json.dumps(mentries))
    p = run(["rewrite", os.path.join(build, "compile_commands.json")])
    check("layout: Meson build directory", p, 0, [r"rewrote 1 of"],
          present=[os.path.join(build, "varsim", "src", "src", "main.c")],
          absent=[os.path.join(build, "varsim", "src", "builddir")])

    # A layout with no project source: refused, never an empty rewrite.
    write(T("gen", "build", "CMakeCache.txt"),
          f"CMAKE_HOME_DIRECTORY:INTERNAL={T('gen', 'src')}\n")
    os.makedirs(T("gen", "src"), exist_ok=True)
    write(T("gen", "build", "gen.c"), "int main(void) { return 0; }\n")
    write(T("gen", "build", "compile_commands.json"), json.dumps(
        [{"directory": T("gen", "build"), "file": "gen.c",
          "arguments": ["cc", "-c", "gen.c"]}]))
    p = run(["rewrite", T("gen", "build", "compile_commands.json")])
    check("layout: no project source", p, 1,
          [r"compile_commands\.json: error: none of its 1 translation units "
           r"is a source of the project root"],
          absent=[T("gen", "build", "varsim")])

    # --- Bad compile databases ----------------------------------------------
    root, entries = project(T("db"))
    db = os.path.join(root, "compile_commands.json")
    text = open(db).read()
    write(db, text[: len(text) * 2 // 3])
    p = run(["rewrite", db, "-o", T("db-out")])
    check("database: truncated", p, 1,
          [re.escape(db) + r":\d+:\d+: error: malformed compile database"],
          absent=[T("db-out")])
    stale = [dict(e, directory=T("db", "moved")) for e in entries]
    write(db, json.dumps(stale, indent=2))
    p = run(["rewrite", db, "-o", T("db-out")])
    check("database: an entry's directory does not exist", p, 1,
          [re.escape(db) + r":2:3: error: entry 1: its directory '.*moved' "
           r"does not exist"], absent=[T("db-out")])
    write(db, json.dumps([dict(entries[0], file="src/gone.c")]))
    p = run(["rewrite", db, "-o", T("db-out")])
    check("database: an entry's file does not exist", p, 1,
          [re.escape(db) + r":1:2: error: entry 1: its file .*gone\.c"],
          absent=[T("db-out")])
    write(db, b'[{"directory": "' + root.encode() +
          b'", "file": "src/caf\xe9.c", "arguments": ["cc", "-c", '
          b'"src/caf\xe9.c"]}]', "wb")
    p = run(["rewrite", db, "-o", T("db-out")])
    check("database: a file name that is not UTF-8", p, 1,
          [re.escape(db) + r":1:\d+: error: not valid UTF-8 \(byte 0xE9\)"],
          absent=[T("db-out")])
    write(db, json.dumps(entries))

    # --- File names that are not UTF-8 (issue 19, "paths kept as bytes") ---
    # JSON holds UTF-8 only (a \u escape is a code point, not a byte) and
    # clang's compile-database reader refuses raw bytes: a name that would
    # reach the manifest, the simulator's compile database or a trace is
    # refused where it enters; a file no translation unit reads is copied
    # byte for byte and named nowhere.
    broot, _ = project(T("bytes"))
    bdb = os.path.join(broot, "compile_commands.json")
    odd_out = os.fsdecode(os.fsencode(T("bytes-out")) + b"\xe9")
    p = run(["rewrite", bdb, "-o", odd_out])
    check("non-UTF-8: output directory", p, 1,
          [re.escape(T("bytes-out")) + r"\\xE9: error: the output directory "
           r"name is not valid UTF-8 \(byte 0xE9\): .*rename it"],
          absent=[odd_out, odd_out + ".partial", odd_out + ".lock"])
    data = os.fsencode(os.path.join(broot, "data")) + b"/caf\xe9.txt"
    os.makedirs(os.path.join(broot, "data"), exist_ok=True)
    with open(data, "wb") as f:
        f.write(b"raw\xff bytes\n")
    p = run(["rewrite", bdb, "-o", T("bytes-ok")])
    if check("non-UTF-8: a file no translation unit reads", p, 0):
        count += 1
        copy = os.fsencode(T("bytes-ok", "src", "data")) + b"/caf\xe9.txt"
        texts = [open(T("bytes-ok", n), "rb").read()
                 for n in ("compile_commands.json", "manifest.json")]
        bad = [b for b in texts if b"\xef\xbf\xbd" in b]
        try:
            for b in texts:
                json.loads(b.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            bad.append(str(e).encode())
        if not os.path.exists(copy) or open(copy, "rb").read() != \
                b"raw\xff bytes\n" or bad:
            failures.append(f"non-UTF-8: the data file: copy exact "
                            f"{os.path.exists(copy)}, U+FFFD or invalid "
                            f"JSON in {len(bad)} outputs")
    os.remove(data)
    header = os.fsencode(os.path.join(broot, "src")) + b"/caf\xe9.h"
    with open(header, "wb") as f:
        f.write(b"int cafe(void);\n")
    with open(os.path.join(broot, "src", "main.c"), "wb") as f:
        f.write(b'#include "caf\xe9.h"\n' + MAIN_C.encode())
    p = run(["rewrite", bdb, "-o", T("bytes-hdr")])
    check("non-UTF-8: an included header", p, 1,
          [re.escape(os.path.join(broot, "src")) + r"/caf\\xE9\.h: error: the "
           r"included file name is not valid UTF-8 \(byte 0xE9\)"],
          absent=[T("bytes-hdr"), T("bytes-hdr.partial")])

    # --- Feature model without a valid configuration -------------------------
    bad_model = write(T("contradiction.xml"), CONTRADICTION)
    p = run(["rewrite", db, "-f", bad_model, "-o", T("fm-out")])
    check("feature model: no valid configuration (rewrite)", p, 1,
          [re.escape(bad_model) + r": error: the feature model has no valid "
           r"configuration"], absent=[T("fm-out")])
    p = run(["features", bad_model])
    check("feature model: no valid configuration (features warns)", p, 0,
          [re.escape(bad_model) + r": warning: the feature model has no "
           r"valid configuration"])

    # --- The output directory ------------------------------------------------
    afile = write(T("an-output-file"), "keep me\n")
    p = run(["rewrite", db, "-o", afile])
    check("output: an existing file", p, 1,
          [re.escape(afile) + r": error: the output exists and is not a "
           r"directory"])
    if not os.path.isfile(afile) or open(afile).read() != "keep me\n":
        failures.append("output: an existing file: it was changed")
    os.symlink(os.path.join(root, "src"), T("link-to-src"))
    p = run(["rewrite", db, "-o", T("link-to-src", "out")])
    check("output: through a symbolic link into the sources", p, 1,
          [r"error: the output directory .*link-to-src/out' \(through a "
           r"symbolic link: it is '.*/src/out'\) is inside the project's "
           r"sources"], absent=[os.path.join(root, "src", "out")])
    p = run(["rewrite", db, "-o", os.path.join(root, "src", "out")])
    check("output: inside the sources", p, 1,
          [r"is inside the project's sources"],
          absent=[os.path.join(root, "src", "out")])
    p = run(["rewrite", db, "-o", T("missing-parent", "out")])
    check("output: its parent directory does not exist", p, 1,
          [r"error: the output directory's parent '.*missing-parent' does "
           r"not exist"], absent=[T("missing-parent")])

    # A complete earlier OUT for the interrupt and full-disk probes; many
    # files, so that writing the mirror takes a while.
    for i in range(1500):
        write(os.path.join(root, "data", f"d{i:04}.txt"), "x" * 200)
    out = T("out")
    p = run(["rewrite", db, "-o", out])
    check("output: a first rewrite", p, 0, [r"rewrote 1 of"])
    good = tree(out)

    # Full disk while the mirror is written: error, earlier OUT intact.
    count += 1
    p = subprocess.run([VARSIM, "rewrite", db, "-o", out],
                       capture_output=True, text=True,
                       preexec_fn=limit_file_size(100_000))
    problems = []
    if p.returncode != 1 or not re.search(r"error: .*(File too large|No "
                                          r"space)", p.stderr):
        problems.append(f"exit {p.returncode}, stderr {p.stderr[-600:]!r}")
    if CRASH.search(p.stderr):
        problems.append("it crashed")
    if tree(out) != good:
        problems.append("the earlier OUT changed")
    if leftovers(tmp, "out"):
        problems.append(f"left behind: {leftovers(tmp, 'out')}")
    if problems:
        failures.append("output: full disk during the rewrite: " +
                        "; ".join(problems))

    # Ctrl-C at chosen moments: while parsing, while the mirror is written
    # (OUT.partial exists), around the final rename. Whatever the moment,
    # OUT is the earlier or the new output, whole, and nothing else is left.
    moments = []
    for delay in (0.05, 0.3, "partial", "partial+", 0.8, 1.5):
        count += 1
        proc = subprocess.Popen([VARSIM, "rewrite", db, "-o", out],
                                stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        if isinstance(delay, str):
            t0 = time.monotonic()
            while (not os.path.exists(out + ".partial") and
                   proc.poll() is None and time.monotonic() - t0 < 60):
                time.sleep(0.002)
            if delay == "partial+":
                time.sleep(0.05)
        else:
            time.sleep(delay)
        seen_partial = os.path.exists(out + ".partial")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
        moments.append((delay, proc.returncode, seen_partial))
        now = tree(out) if os.path.isdir(out) else None
        problems = []
        # -SIGINT: the signal came before main installed the handler (the
        # default action ended varsim before it wrote anything).
        if proc.returncode not in (0, 130, -signal.SIGINT):
            problems.append(f"exit {proc.returncode}")
        if proc.returncode == 130 and not re.search(
                r"error: interrupted \(Interrupt\)", err):
            problems.append("no 'interrupted' message")
        if CRASH.search(err):
            problems.append("it crashed")
        if now is None or (now != good and
                           set(now) != set(good)):  # new output: same files
            problems.append("OUT is neither the earlier nor a whole new "
                            f"output ({len(now or {})} of {len(good)} files)")
        if leftovers(tmp, "out"):
            problems.append(f"left behind: {leftovers(tmp, 'out')}")
        if problems:
            failures.append(f"output: Ctrl-C at {delay}: " +
                            "; ".join(problems) + f"\n  stderr: {err[-800:]!r}")
    if not any(code == 130 and partial for _, code, partial in moments):
        failures.append("output: Ctrl-C: no probe interrupted the writing "
                        f"of the mirror ({moments})")

    # Two rewrites into one OUT: the second is refused at once.
    count += 1
    first = subprocess.Popen([VARSIM, "rewrite", db, "-o", out],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    t0 = time.monotonic()
    while not os.path.exists(out + ".lock") and time.monotonic() - t0 < 60:
        time.sleep(0.002)
    second = run(["rewrite", db, "-o", out])
    _, err1 = first.communicate(timeout=300)
    if not (second.returncode == 1 and re.search(
            r"error: another varsim \(process \d+\) is writing this output "
            r"directory", second.stderr) and first.returncode == 0 and
            set(tree(out)) == set(good) and not leftovers(tmp, "out")):
        failures.append(f"output: two rewrites at once: first {first.returncode}"
                        f" {err1[-400:]!r}, second {second.returncode} "
                        f"{second.stderr[-400:]!r}, left "
                        f"{leftovers(tmp, 'out')}")

    # --- Ctrl-C during validate: no orphan, and it says so -------------------
    count += 1
    pidfile = T("validate-child.pid")
    fm = write(T("printer.xml"), """<?xml version="1.0"?>
<featureModel><struct><and abstract="true" mandatory="true" name="Printer">
<feature name="Logging"/><feature name="ColorScan"/></and></struct>
</featureModel>""")
    model = T("model.json")
    here = os.path.dirname(os.path.abspath(__file__))
    trace = os.path.join(here, "..", "model", "data", "simple.json")
    m = run(["model", trace, "-f", fm, "-o", model])
    if m.returncode != 0:
        failures.append(f"validate: setup: varsim model failed: {m.stderr!r}")
    else:
        build = f"sh -c 'echo $$ > {pidfile}; exec sleep 60'"
        proc = subprocess.Popen(
            [VARSIM, "validate", "--model", model, "-f", fm, "--build", build,
             "--run", "true", "--repeat", "1", "--no-baseline", "--report",
             T("report")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)
        t0 = time.monotonic()
        while not os.path.exists(pidfile) and time.monotonic() - t0 < 60:
            time.sleep(0.01)
        time.sleep(0.1)
        child = int(open(pidfile).read().strip() or 0) if os.path.exists(
            pidfile) else 0
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        time.sleep(0.2)
        alive = False
        if child:
            try:
                os.kill(child, 0)
                # A zombie is not running; its parent is gone.
                with open(f"/proc/{child}/stat") as f:
                    alive = f.read().split(")")[1].split()[0] != "Z"
            except (ProcessLookupError, FileNotFoundError):
                alive = False
        if not child or alive or proc.returncode != 130 or not re.search(
                r"error: interrupted \(Interrupt\)", err):
            failures.append(f"validate: Ctrl-C: child {child} alive={alive}, "
                            f"exit {proc.returncode}, stderr {err[-600:]!r}")
            if alive:
                os.kill(child, signal.SIGKILL)

        # --build whose {defines} never reach the compiler: every variant
        # is the same binary. An error after the report, not a MAPE.
        count += 1
        same = ("sh -c 'mkdir -p {dir} && cp /bin/true {dir}/app'")
        p = run(["validate", "--model", model, "-f", fm, "--build", same,
                 "--run", "{dir}/app", "--repeat", "1", "--no-baseline",
                 "--report", T("report-same")])
        if not (p.returncode == 1 and re.search(
                r"error: variants '.*' and '.*' \(and 2 more\) built the "
                r"same executables in \{dir\}: the \{defines\} of --build "
                r"do not reach the compiler", p.stderr)):
            failures.append(f"validate: identical binaries: exit "
                            f"{p.returncode}, stderr {p.stderr[-800:]!r}")
        count += 1
        differ = ("sh -c 'mkdir -p {dir} && printf \"#!/bin/sh\\n# {defines}"
                  "\\n\" > {dir}/app && chmod +x {dir}/app'")
        p = run(["validate", "--model", model, "-f", fm, "--build", differ,
                 "--run", "{dir}/app", "--repeat", "1", "--no-baseline",
                 "--report", T("report-differ")])
        if re.search(r"same executables", p.stderr) or CRASH.search(p.stderr):
            failures.append(f"validate: binaries that differ: exit "
                            f"{p.returncode}, stderr {p.stderr[-800:]!r}")
        # Binaries that only Logging changes (ColorScan's code unused, as
        # RapidJSON's RAPIDJSON_HAS_STDSTRING in its workload): a warning
        # per group naming ColorScan, not "the {defines} do not reach the
        # compiler", which is false here.
        count += 1
        logging_only = ("sh -c 'mkdir -p {dir} && case \"{defines}\" in "
                        "*Logging*) l=1;; *) l=0;; esac && printf "
                        "\"#!/bin/sh\\n# $l\\n\" > {dir}/app && "
                        "chmod +x {dir}/app'")
        p = run(["validate", "--model", model, "-f", fm, "--build",
                 logging_only, "--run", "{dir}/app", "--repeat", "1",
                 "--no-baseline", "--report", T("report-logging")])
        groups = re.findall(r"warning: variants '.*' and '.*' built the same "
                            r"executables in \{dir\}: they differ in "
                            r"ColorScan, which change nothing", p.stderr)
        if (p.returncode != 0 or len(groups) != 2 or
                re.search(r"do not reach the compiler, so", p.stderr)):
            failures.append(f"validate: binaries that one feature changes: "
                            f"exit {p.returncode}, stderr "
                            f"{p.stderr[-800:]!r}")

if failures:
    print("\n\n".join("FAIL: " + f for f in failures))
    print(f"\n{len(failures)} of {count} probes failed")
    sys.exit(1)
print(f"ok: {count} probes")
