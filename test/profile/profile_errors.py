#!/usr/bin/env python3
"""`varsim profile` on bad input: a clear error, a non-zero exit code, and
nothing written into the project.

Usage: profile_errors.py VARSIM
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_check import expect  # noqa: E402

varsim = sys.argv[1]
tmp = tempfile.mkdtemp(prefix="varsim-profile-errors-")


def profile(*args):
    return subprocess.run([varsim, "profile", *args], capture_output=True,
                          text=True, timeout=600, cwd=tmp)


try:
    proj = os.path.join(tmp, "tiny")
    os.makedirs(proj)
    with open(os.path.join(proj, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.16)\nproject(tiny C)\n"
                "add_executable(tiny main.c)\n")
    with open(os.path.join(proj, "main.c"), "w") as f:
        f.write("#include <stdio.h>\nint main(void) {\n#ifdef FAST\n"
                "  puts(\"fast\");\n#else\n  puts(\"slow\");\n#endif\n"
                "  return 0;\n}\n")
    before = sorted(os.listdir(proj))

    p = profile(os.path.join(tmp, "nope"), "--run", "true")
    expect(p.returncode == 1 and "no such project directory" in p.stderr,
           "a missing project", p)
    p = profile(proj, "--run", "true", "-o", os.path.join(proj, "out"))
    expect(p.returncode == 1 and "inside the project" in p.stderr,
           "an output directory inside the project", p)
    empty = os.path.join(tmp, "empty")
    os.makedirs(empty)
    p = profile(empty, "--run", "true")
    expect(p.returncode == 1 and "no CMakeLists.txt, meson.build, Makefile"
           in p.stderr, "a directory without a build description", p)
    p = profile(proj, "--run", "true", "--build-system", "scons")
    expect(p.returncode == 2 and "--build-system" in p.stderr,
           "an unknown build system", p)
    p = profile(proj)
    expect(p.returncode == 2 and "--run" in p.stderr, "no --run", p)

    # A failing workload: the stage, its command and its log are named; the
    # failed stage is not reused on the next run.
    out = os.path.join(tmp, "out")
    p = profile(proj, "-o", out, "--run", "{bin}/tiny; exit 3")
    expect(p.returncode == 1, "a failing run must fail the profile", p)
    expect("[4/6] run: FAILED" in p.stderr and "logs/run.log" in p.stderr
           and "exit code" in p.stderr, "the failure names the stage", p)
    expect(p.stdout == "", "no report path after a failure", p)
    expect(not os.path.exists(os.path.join(out, "report", "index.html")),
           "a report after a failed run")
    p = profile(proj, "-o", out, "--run", "{bin}/tiny; exit 3")
    expect("[3/6] build simulator: reused" in p.stderr
           and "[4/6] run: reused" not in p.stderr,
           "the stages before the failure are reused, the failed one not", p)
    p = profile(proj, "-o", out, "--run", "{bin}/tiny")
    expect(p.returncode == 0 and p.stdout.strip().endswith("index.html"),
           "the fixed command gives the report", p)
    expect(sorted(os.listdir(proj)) == before, "the project was changed")
    print("ok: bad input refused with clear errors")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
