"""CMake's platform files reused by the tests that configure many build
directories of one project (docs/testing.md, "Time").

A new build directory's configure identifies the C and C++ compilers and
tries them (about 0.6 s of CPU, a dozen processes); the result lands in
CMakeFiles/<cmake version>/CMake{System,CCompiler,CXXCompiler}.cmake and
is read instead when it is there. Copying those files from a directory
configured with the same compilers skips only that identification: every
other cache entry, the variant's own flags among them, is computed and
every unit compiled afresh.
"""
import re
import shutil
from pathlib import Path


def seed_platform(configured, build):
    """Gives BUILD, a build directory not configured yet, the CMake platform
    files of CONFIGURED (CMakeFiles/<version>/CMake*.cmake: the system, and
    each compiler identified and found working), so that its configure
    reads them instead of identifying and trying the same compilers again.
    The variant's own flags are read as always."""
    for f in Path(configured, "CMakeFiles").glob("*/CMake*.cmake"):
        if not re.fullmatch(r"\d+(\.\d+)+", f.parent.name):
            continue
        dest = Path(build) / f.relative_to(configured)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, dest)
