#!/usr/bin/env python3
"""The README's commands, run as written.

Usage: readme_commands.py SOURCE_DIR BINARY_DIR

Extracts the shell blocks of README.md's "Quick start" and "The pipeline"
sections (so that the test follows the README, never a copy of it) and runs
them in order, in one bash with `set -e`, in a temporary directory that
looks like the clone: `samples` links to the repository's samples, `build`
to this build (BINARY_DIR), and HOME is the temporary directory (so that
`cmake --install build --prefix ~/.local` installs there, and `varsim` on
PATH is the installed one).

Only the commands that set up the machine and build varsim itself are not
run (`scripts/setup`, `cmake -S . -B build ...`, `cmake --build build ...`):
this build is the one under test. Every other command runs verbatim. Then
the outputs the README promises are checked: the installed tool and runtime
header, the profile's report, the pipeline's model, exports and validation
report.

The quick start's `varsim profile` is also the test of `varsim profile` on a
CMake project (samples/printer as it is, its model.xml found, validation on
every variant; profile_project.py covers the Makefile project): every stage
prints its elapsed time and what remains, and the same lines are in
OUT/profile.log; samples/printer is unchanged; the same command run again
prints the report's path alone and reuses every stage.
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

source, binary = sys.argv[1], sys.argv[2]
readme = open(os.path.join(source, "README.md"), encoding="utf-8").read()


def section_block(title):
    m = re.search(r"^## " + re.escape(title) + r"\n(.*?)(?=^## )", readme,
                  re.S | re.M)
    expect(m, f"README.md has no section '{title}'")
    blocks = re.findall(r"```sh\n(.*?)```", m.group(1), re.S)
    expect(len(blocks) == 1, f"'{title}' should have one sh block")
    return blocks[0]


# Commands of the quick start that build varsim itself: this build is the
# one under test. (The pipeline's `cmake -S . -B build` configures the
# sample and runs.)
SKIP = [r"^scripts/setup\b", r"^cmake -S \. -B build\b",
        r"^cmake --build build\b"]

script = ["set -euo pipefail", "set -x"]
ran, skipped = [], []
for title in ("Quick start", "The pipeline"):
    text = section_block(title).replace("\\\n", " ")
    for line in text.splitlines():
        cmd = line.strip()
        if not cmd or cmd.startswith("#"):
            continue
        if title == "Quick start" and any(re.search(p, cmd) for p in SKIP):
            skipped.append(cmd)
            continue
        ran.append(cmd)
        script.append(cmd)
expect(len(skipped) == 3, f"expected the three build steps, skipped {skipped}")
expect(any(c.startswith("varsim profile") for c in ran),
       "the quick start has no varsim profile")
expect(any(c.startswith("cmake --install build") for c in ran),
       "the quick start does not install varsim")
script.append("command -v varsim > \"$HOME/which-varsim\"")

PROFILE_STAGES = 7  # with --validate: the report shows a validation


def check_profile_progress(stderr, out):
    """Every stage of the quick start's profile printed its elapsed time and
    what remains, and OUT/profile.log has the same lines."""
    done = re.findall(r"^\[(\d+)/(\d+)\] ([a-z ]+): done in [\d.]+ s "
                      r"\(elapsed [\d.]+ s; remaining: ([^)]*)\)$",
                      stderr, re.M)
    expect(len(done) == PROFILE_STAGES,
           f"expected {PROFILE_STAGES} stages with elapsed time, got {done}")
    expect(done[-1][3] == "nothing" and done[0][3].startswith("rewrite"),
           f"'remaining' is not what is left: {done}")
    log = open(os.path.join(out, "profile.log")).read()
    for _, _, name, _ in done:
        expect(re.search(r"\d\d:\d\d:\d\d \[\d/\d\] " + name +
                         ": done in", log),
               f"profile.log has no line for stage {name}")


tmp = tempfile.mkdtemp(prefix="varsim-readme-")
try:
    printer = os.path.join(source, "samples", "printer")
    before = tree_digest(printer)
    os.symlink(os.path.join(source, "samples"), os.path.join(tmp, "samples"))
    os.symlink(binary, os.path.join(tmp, "build"))
    # The variants (validate, twice) and the simulators compile through a
    # private ccache: the commands stay as written (CMake reads the
    # launcher from the environment), each distinct unit compiles once.
    use_private_compiler_cache(os.path.join(tmp, ".ccache"))
    env = dict(os.environ, HOME=tmp)
    # Nothing of the caller's PATH may provide a varsim.
    env["PATH"] = ":".join(p for p in env.get("PATH", "").split(":")
                           if not os.path.exists(os.path.join(p, "varsim")))
    proc = subprocess.run(["bash", "-c", "\n".join(script)], cwd=tmp,
                          env=env, capture_output=True, text=True,
                          timeout=850)
    expect(proc.returncode == 0, "a README command failed (the last '+' "
           "line of stderr is the command)", proc)

    profile_out = os.path.join(tmp, "printer-profile")
    check_profile_progress(proc.stderr, profile_out)
    # The same command again: every stage reused, the report's path alone
    # on stdout.
    profile_cmd = next(c for c in ran if c.startswith("varsim profile"))
    env["PATH"] = os.path.join(tmp, ".local", "bin") + ":" + env["PATH"]
    again = subprocess.run(["bash", "-c", profile_cmd], cwd=tmp, env=env,
                           capture_output=True, text=True, timeout=300)
    expect(again.returncode == 0, "the second varsim profile failed", again)
    reused = re.findall(r": reused \(inputs unchanged\)", again.stderr)
    expect(len(reused) == PROFILE_STAGES,
           f"second run reused {len(reused)} of {PROFILE_STAGES} stages",
           again)
    report = os.path.join(profile_out, "report", "index.html")
    expect(os.path.realpath(os.path.join(tmp, again.stdout.strip())) ==
           os.path.realpath(report),
           f"stdout is not the report's path: {again.stdout!r}")
    expect(tree_digest(printer) == before, "samples/printer was changed")

    installed = os.path.join(tmp, ".local", "bin", "varsim")
    expect(os.access(installed, os.X_OK), "cmake --install put no varsim")
    expect(open(os.path.join(tmp, "which-varsim")).read().strip() ==
           installed, "varsim on PATH is not the installed one")
    expect(os.path.isfile(os.path.join(tmp, ".local", "include", "varsim",
                                       "varsim_runtime.h")),
           "cmake --install put no runtime header")
    check_report(os.path.join(tmp, "printer-profile", "report"),
                 expect_validation=True)
    for f in ("model.json", "trace.json", "profile.speedscope.json",
              "report/index.html", "report/results.json"):
        expect(os.path.isfile(os.path.join(tmp, f)),
               f"the pipeline wrote no {f}")
    results = json.load(open(os.path.join(tmp, "report", "results.json")))
    expect(all(v["status"] == "ok" for v in results["variants"]),
           "a variant of the README's validate failed")
    print(f"ok: {len(ran)} README commands ran as written "
          f"({len(skipped)} build steps of varsim itself skipped)")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
