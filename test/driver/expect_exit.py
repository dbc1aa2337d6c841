#!/usr/bin/env python3
"""Runs a command and checks its exit code and that its stderr matches a
regular expression: expect_exit.py CODE REGEX COMMAND [ARGS...]."""
import re
import subprocess
import sys

code, pattern, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
ok = proc.returncode == code and re.search(pattern, proc.stderr, re.S)
if not ok:
    print(f"command: {cmd}\nexit code: {proc.returncode} (expected {code})\n"
          f"stderr:\n{proc.stderr}\nstdout:\n{proc.stdout}\n"
          f"expected stderr to match: {pattern}")
    sys.exit(1)
