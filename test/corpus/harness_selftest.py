#!/usr/bin/env python3
"""Tests run_corpus.py itself against fake_varsim.py: a correct tool must
pass, and each kind of wrong tool must be caught with a useful message.

  harness_selftest.py [--cc CC --cxx CXX]

Works on copies of a few corpus programs, so that the `touch-source` mode
never touches the repository.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = ["c_ifdef_block", "cpp_templates", "c_diag_duplication_cap"]

# mode -> (expected exit code of run_corpus.py, regexes its output must match)
CASES = {
    "exact": (0, [r"PASS c_ifdef_block: 4 configurations equivalent",
                  r"PASS cpp_templates: 4 configurations equivalent",
                  r"PASS c_diag_duplication_cap: diagnosed as required",
                  r"3 passed, 0 failed"]),
    "ignore-config": (1, [r"FAIL c_ifdef_block: 3 of 4 configurations differ",
                          r"config 'VERBOSE,SALT':",
                          r"stdout differs:",
                          r"\+unsalted",
                          r"exit code: variant \d+, simulator \d+"]),
    "no-trace": (1, [r"no call trace written at"]),
    "touch-source": (1, [r"the original sources in .* changed:\n  modified: main.c"]),
}


def main():
    import re
    parser = argparse.ArgumentParser()
    parser.add_argument("--cc", default="clang-19")
    parser.add_argument("--cxx", default="clang++-19")
    options = parser.parse_args()
    failures = 0
    for mode, (code, patterns) in CASES.items():
        with tempfile.TemporaryDirectory(prefix="varsim-harness-") as tmp:
            dirs = []
            for name in PROGRAMS:
                shutil.copytree(HERE / name, Path(tmp) / name)
                dirs.append(str(Path(tmp) / name))
            if mode != "exact":
                dirs = dirs[:1]
            # fake_varsim.py runs through its #! line (`env python3`), some
            # fifty times a case: found first on PATH, this interpreter, not
            # a launcher script in front of it (a pyenv shim costs 0.6 s of
            # CPU a start).
            bindir = Path(tmp) / "bin"
            bindir.mkdir()
            (bindir / "python3").symlink_to(sys.executable)
            env = dict(os.environ, FAKE_VARSIM_MODE=mode,
                       PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}")
            proc = subprocess.run(
                [sys.executable, str(HERE / "run_corpus.py"), "--varsim",
                 str(HERE / "fake_varsim.py"), "--cc", options.cc, "--cxx",
                 options.cxx, *dirs], env=env, capture_output=True, text=True,
                timeout=600)
            out = proc.stdout + proc.stderr
            missing = [p for p in patterns if not re.search(p, out)]
            if proc.returncode != code or missing:
                failures += 1
                print(f"mode {mode}: exit {proc.returncode} (expected {code}); "
                      f"missing {missing}\n--- output ---\n{out}")
            else:
                print(f"mode {mode}: ok")
            for kept in re.findall(r"\(kept: (\S+)\)", out):
                shutil.rmtree(kept, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
