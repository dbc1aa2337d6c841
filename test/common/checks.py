"""What the end-to-end Python tests share: running varsim and collecting
failed checks, reported together at the end (exit 1 if any failed)."""
import subprocess
import sys


class Checks:
    def __init__(self):
        self.failures = []

    def check(self, cond, what, proc=None):
        """Records `what` as failed unless cond; with proc, its exit code and
        outputs."""
        if not cond:
            detail = ""
            if proc is not None:
                detail = (f"\n  exit {proc.returncode}\n  stdout: "
                          f"{proc.stdout!r}\n  stderr: {proc.stderr!r}")
            self.failures.append(what + detail)

    def finish(self):
        if self.failures:
            print("FAILED:\n" + "\n".join(self.failures))
            sys.exit(1)
        print("ok")


def varsim_runner(binary, timeout=120):
    """A function running `binary ARGS...`, its output captured as text."""
    def run(*args):
        return subprocess.run([binary, *args], capture_output=True, text=True,
                              timeout=timeout)
    return run
