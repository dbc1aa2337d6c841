"""A private compiler cache for the tests that build many variants of one
project (docs/testing.md, "Time").

Variants differ only in -D flags, and most translation units do not read
every feature: their preprocessed text is the same in every variant, so
ccache (preprocessor mode: the -D flags are not hashed, the preprocessed
text is) compiles each distinct unit once, as run_corpus.py does by hand.
The cache is private to the test and emptied first, so a run never reuses
anything from an earlier one; CMake picks the launcher up from the
environment (CMAKE_<LANG>_COMPILER_LAUNCHER), so the build commands under
test stay as written. Without ccache nothing changes.
"""
import os
import shutil


def use_private_compiler_cache(directory):
    """Makes every CMake build started from now on (by this process and its
    children) compile through ccache with its cache in DIRECTORY, emptied
    first. Returns whether ccache is there."""
    if shutil.which("ccache") is None:
        return False
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    os.environ["CCACHE_DIR"] = str(directory)
    os.environ["CMAKE_C_COMPILER_LAUNCHER"] = "ccache"
    os.environ["CMAKE_CXX_COMPILER_LAUNCHER"] = "ccache"
    return True
