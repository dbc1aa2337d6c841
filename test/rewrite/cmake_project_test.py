#!/usr/bin/env python3
"""A multi-file CMake project (a static library, an executable, a header
directory) is rewritten by `varsim rewrite` and the simulator built with the
project's own CMake; each valid configuration of the simulator must print
and return what the variant built with -D flags prints and returns, and the
original sources must be unchanged byte for byte.

usage: cmake_project_test.py VARSIM PROJECT_DIR"""
import hashlib
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
from cmake_platform import seed_platform  # noqa: E402


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=240, **kw)


def digest(root):
    return {p.relative_to(root): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(Path(root).rglob("*")) if p.is_file()}


def build(src, build_dir, defines="", platform=None):
    """Configures and builds SRC in BUILD_DIR, a new directory, with
    DEFINES as the C flags; PLATFORM: a build directory configured with
    the same compilers, whose platform files spare this configure the
    compilers' identification (cmake_platform.py)."""
    if platform is not None:
        seed_platform(platform, build_dir)
    cfg = run(["cmake", "-S", str(src), "-B", str(build_dir), "-G", "Ninja",
               "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_C_FLAGS={defines}"])
    if cfg.returncode != 0:
        sys.exit(f"cmake configure failed in {build_dir}:\n{cfg.stdout}{cfg.stderr}")
    b = run(["cmake", "--build", str(build_dir), "-j2"])
    if b.returncode != 0:
        sys.exit(f"build failed in {build_dir}:\n{b.stdout}{b.stderr}")
    return build_dir / "app" / "shapes_app"


def main():
    varsim, project = sys.argv[1], Path(sys.argv[2])
    tmp = Path(tempfile.mkdtemp(prefix="varsim-cmake-test-"))
    try:
        src = tmp / "project"
        shutil.copytree(project, src)
        before = digest(src)
        orig_build = tmp / "project" / "build"
        build(src, orig_build)
        rw = run([varsim, "rewrite", str(orig_build / "compile_commands.json"),
                  "-j", "2"])
        if rw.returncode != 0:
            sys.exit(f"varsim rewrite failed:\n{rw.stderr}")
        out = orig_build / "varsim"
        after = {k: v for k, v in digest(src).items() if k.parts[0] != "build"}
        if after != {k: v for k, v in before.items()}:
            sys.exit("the original sources changed")
        sim = build(out / "src", tmp / "sim-build", platform=orig_build)
        features = ["PRECISE", "SCALED", "VERBOSE"]
        for bits in itertools.product([0, 1], repeat=len(features)):
            chosen = [f for f, b in zip(features, bits) if b]
            defines = " ".join(f"-D{f}=1" for f in chosen)
            variant = build(src, tmp / ("v-" + "-".join(chosen or ["none"])),
                            defines, platform=orig_build)
            want = run([str(variant)])
            env = dict(os.environ, VARSIM_CONFIG=",".join(chosen),
                       VARSIM_TRACE=str(tmp / "trace.json"))
            got = run([str(sim)], env=env)
            if (want.stdout, want.returncode) != (got.stdout, got.returncode):
                sys.exit(f"configuration {chosen}: variant "
                         f"{want.returncode} {want.stdout!r} vs simulator "
                         f"{got.returncode} {got.stdout!r} {got.stderr}")
        print("ok: 8 configurations equivalent")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
