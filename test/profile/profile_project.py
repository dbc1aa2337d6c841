#!/usr/bin/env python3
"""`varsim profile` end to end, as a newcomer runs it: one command on a project.

Usage: profile_project.py VARSIM SAMPLES_DIR MODE [KEEP_DIR]

MODE cmake: samples/printer (a CMake project) as it is, with validation on a
  sample of real variants (by hand only: CTest's profile.readme_commands
  makes the same checks on the README's profile of samples/printer, but
  for the native reference, which the make mode checks).
MODE make: a Makefile-built copy of samples/printer in a temporary directory
  (the compile database comes from bear), no feature model given (the
  rewrite infers one) -- the Makefile newcomer; validation (a small one)
  only in the run after the source change.

Checks: the command exits 0 and prints the report's path; every stage
prints its elapsed time and what remains, and the same lines are in
OUT/profile.log; the user's project is unchanged; a second run reuses
every stage; after a change to a source file the stages from the rewrite
on run again; the report renders offline in Chromium with what its data
says (report_check.py), and its exports are well formed. With KEEP_DIR the
screenshot is kept there.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_check import check_report, expect, fail, tree_digest  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from compiler_cache import use_private_compiler_cache  # noqa: E402

varsim, samples, mode = sys.argv[1], sys.argv[2], sys.argv[3]
keep_dir = sys.argv[4] if len(sys.argv) > 4 else None

MAKEFILE = """\
# The printer sample built with Make (for varsim's Makefile test).
CXX ?= c++
CXXFLAGS ?= -O2 -std=c++17
OBJS = src/main.o src/printer.o src/scanner.o src/busy.o

printer: $(OBJS)
\t$(CXX) $(CXXFLAGS) -o $@ $(OBJS)

src/%.o: src/%.cpp
\t$(CXX) $(CXXFLAGS) -Isrc -c -o $@ $<

clean:
\trm -f printer $(OBJS)
"""


def profile(project, out, extra):
    cmd = [varsim, "profile", project, "-o", out,
           "--run", "{bin}/printer workload/job.txt", "--native-reference",
           *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    expect(proc.returncode == 0, "varsim profile failed: " + " ".join(cmd),
           proc)
    return proc


tmp = tempfile.mkdtemp(prefix="varsim-profile-test-")
try:
    # CMake builds (the simulator, the variants) compile each distinct unit
    # once through a private ccache (the commands under test unchanged).
    use_private_compiler_cache(os.path.join(tmp, "ccache"))
    src = os.path.join(samples, "printer")
    if mode == "cmake":
        project = src
        extra = ["-f", os.path.join(src, "model.xml"), "--validate", "4",
                 "--repeat", "2", "-j", "2"]
        nstages = 7
    elif mode == "make":
        if shutil.which("bear") is None:
            fail("bear is not installed: run scripts/setup")
        project = os.path.join(tmp, "printer-make")
        os.makedirs(project)
        for d in ("src", "workload"):
            shutil.copytree(os.path.join(src, d), os.path.join(project, d))
        with open(os.path.join(project, "Makefile"), "w") as f:
            f.write(MAKEFILE)
        # The first two runs without validation (the reuse of a validate
        # stage is checked by profile.readme_commands); the run after the
        # source change validates, so that the report checked has it. The
        # stages up to the run do not read --validate: what runs again
        # there, runs because of the change.
        extra = ["--repeat", "1"]
        nstages = 6
    else:
        fail("mode is cmake or make")
    before = tree_digest(project)
    out = os.path.join(tmp, "out")

    proc = profile(project, out, extra)
    report = os.path.join(out, "report", "index.html")
    expect(proc.stdout.strip() == report,
           f"stdout is not the report's path: {proc.stdout!r}")
    done = re.findall(r"^\[(\d+)/(\d+)\] ([a-z ]+): done in [\d.]+ s "
                      r"\(elapsed [\d.]+ s; remaining: ([^)]*)\)$",
                      proc.stderr, re.M)
    expect(len(done) == nstages,
           f"expected {nstages} stages with elapsed time, got {done}", proc)
    expect(done[-1][3] == "nothing" and done[0][3].startswith("rewrite"),
           f"'remaining' is not what is left: {done}")
    log = open(os.path.join(out, "profile.log")).read()
    for _, _, name, _ in done:
        expect(re.search(r"\d\d:\d\d:\d\d \[\d/\d\] " + name + ": done in",
                         log), f"profile.log has no line for stage {name}")
    expect(tree_digest(project) == before, "the project was changed")
    if mode == "make":
        expect("inferred" in proc.stderr,
               "no note that the feature model was inferred", proc)

    # The native reference ran beside the simulator's runs (asked for with
    # --native-reference; the variants' build command) and the model used it.
    with open(os.path.join(out, "model.json")) as f:
        native = json.load(f).get("native_reference", {})
    expect(native.get("applied") is True and native.get("ratio", 0) > 0 and
           len(native.get("runs", [])) > 0,
           f"the model is not relative to a native reference: {native}")
    expect(os.path.isfile(os.path.join(out, "sim", "native", "build.log")),
           "no native reference build in OUT/sim/native")

    # Unchanged inputs: every stage is reused.
    again = profile(project, out, extra)
    reused = re.findall(r": reused \(inputs unchanged\)", again.stderr)
    expect(len(reused) == nstages,
           f"second run reused {len(reused)} of {nstages} stages", again)

    # A changed source: the compile database and everything after it run
    # again (on a copy for the CMake sample: the repository stays as it is).
    if mode == "make":
        busy = os.path.join(project, "src", "busy.cpp")
        with open(busy, "a") as f:
            f.write("\n// changed\n")
        third = profile(project, out, extra + ["--validate", "2"])
        ran = re.findall(r"\] ([a-z ]+): done in", third.stderr)
        expect("rewrite" in ran and "run" in ran and "validate" in ran and
               "report" in ran,
               f"after a source change the stages ran: {ran}", third)

    check_report(os.path.join(out, "report"), keep_dir,
                 expect_validation=True)
    print(f"ok: {mode} project profiled, report checked")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
