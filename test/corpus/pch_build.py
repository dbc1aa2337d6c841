"""A precompiled header of the standard headers a C++ unit starts with, for
its variant builds (run_corpus.py; docs/testing.md, "Time").

Most of a corpus C++ unit's compile at -O0 is the standard headers' parse
(cpp_virtual's main.cpp: 0.8 s of CPU, 0.3 s with them precompiled, 0.15 s
in a batch). Each configuration's variant is compiled from a wrapper, as a
C unit's is (batch_build.py), many in one clang -cc1 process:
`-include-pch PCH`, then the configuration's macros as #define lines, then
#include of the unchanged source. Every configuration is compiled: the
preprocessed text that tells the distinct ones apart (run_corpus.py's
preprocessed_key) costs as much as such a compile. The PCH holds only
the system headers that the unit's compile reads FIRST, before any other
text: the source's leading `#include <...>` lines, following a leading
`#include "..."` of the project into its own leading ones (past its
`#pragma once` or include guard). The source's own #includes of them then
find them already read (their guards), so the unit sees the same headers
in the same order; what differs is only that the feature macros (and the
project headers' guard macros) are defined after those headers, not
before. That is the same text unless a header reads one of those names,
which is checked: the headers preprocessed with all of them defined must
be the text preprocessed without them (headers_ignore); otherwise the
unit is built without a PCH.

A PCH is keyed by the compile flags and the header list, and kept in a
cache directory that the tests share (written under a temporary name and
renamed into place, so that tests running side by side never read half
a file). Clang refuses a PCH whose headers changed since it was built;
the caller then compiles without one (and a genuine compile error is
reported by the compile without it).
"""

import hashlib
import os
import re
import tempfile
from pathlib import Path

import batch_build

SYSTEM_INCLUDE = re.compile(r"#\s*include\s*<([^<>]+)>\s*(//.*)?$")
LOCAL_INCLUDE = re.compile(r'#\s*include\s*"([^"]+)"\s*(//.*)?$')
PRAGMA_ONCE = re.compile(r"#\s*pragma\s+once\s*$")
IFNDEF = re.compile(r"#\s*ifndef\s+(\w+)\s*$")
DEFINE = re.compile(r"#\s*define\s+(\w+)\s*$")


def significant_lines(text):
    """The lines of TEXT with comments and blank lines left out, in order
    (a line a block comment ends on counts from after the comment)."""
    in_comment = False
    for line in text.splitlines():
        s = line.strip()
        while s:
            if in_comment:
                end = s.find("*/")
                if end < 0:
                    s = ""
                    break
                s, in_comment = s[end + 2:].strip(), False
            elif s.startswith("//"):
                s = ""
            elif s.startswith("/*"):
                s, in_comment = s[2:], True
            else:
                break
        if s:
            yield s


def include_dirs(flags, cwd):
    """The -I and -iquote directories of FLAGS, absolute."""
    dirs, pending = [], list(flags)
    while pending:
        flag = pending.pop(0)
        for opt in ("-iquote", "-I"):
            if flag == opt and pending:
                dirs.append(Path(cwd, pending.pop(0)))
            elif flag.startswith(opt) and len(flag) > len(opt):
                dirs.append(Path(cwd, flag[len(opt):]))
    return dirs


def leading_system_headers(source, flags, cwd):
    """(headers, guards): the system headers the compile of SOURCE reads
    before any other text, in order, and the guard macros of the project
    headers it enters on the way; ([], []) when it starts otherwise."""
    headers, guards, seen = [], [], set()
    search = include_dirs(flags, cwd)

    def walk(path):
        """False once the prefix has ended (in this file or below)."""
        if path in seen:
            return False
        seen.add(path)
        try:
            lines = list(significant_lines(path.read_text()))
        except (OSError, UnicodeDecodeError):
            return False
        k = 0
        if k < len(lines) and PRAGMA_ONCE.match(lines[k]):
            k += 1
        elif k + 1 < len(lines) and IFNDEF.match(lines[k]):
            define = DEFINE.match(lines[k + 1])
            if define and define.group(1) == IFNDEF.match(lines[k]).group(1):
                guards.append(define.group(1))
                k += 2
        for line in lines[k:]:
            system = SYSTEM_INCLUDE.match(line)
            if system:
                headers.append(system.group(1).strip())
                continue
            local = LOCAL_INCLUDE.match(line)
            if not local:
                return False
            found = [d / local.group(1) for d in [path.parent, *search]
                     if (d / local.group(1)).is_file()]
            if not found or not walk(found[0].resolve()):
                return False
        return True

    walk(Path(source).resolve())
    return (headers, guards) if headers else ([], [])


def header_text(headers):
    return "".join(f"#include <{h}>\n" for h in headers)


class PchCache:
    """Precompiled headers by flags and header list, in DIRECTORY."""

    def __init__(self, directory, run):
        self.dir = Path(directory)
        self.run = run

    def key(self, flags, headers):
        digest = hashlib.sha256("\0".join(flags).encode())
        digest.update(header_text(headers).encode())
        return digest.hexdigest()[:24]

    def header(self, flags, headers):
        """The header of HEADERS for FLAGS in the cache (KEY.h)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        header = self.dir / f"{self.key(flags, headers)}.h"
        if not header.is_file():
            # A fixed time: a test that writes it again beside another
            # (same text) leaves it as the other's PCH recorded it.
            self.replace(header, header_text(headers).encode(), mtime=1e9)
        return header

    def pch(self, flags, header, cwd):
        """HEADER (self.header) compiled with FLAGS (a compile command
        without its source, -c and -o); None when it does not compile."""
        pch = header.with_suffix(".pch")
        if pch.is_file():
            return pch
        fd, tmp = tempfile.mkstemp(dir=self.dir, suffix=".pch.tmp")
        os.close(fd)
        proc = self.run(list(flags) + ["-x", "c++-header", str(header),
                                       "-o", tmp], cwd=cwd)
        if proc.returncode != 0:
            os.unlink(tmp)
            return None
        os.replace(tmp, pch)
        return pch

    def preprocessed(self, flags, header, cwd):
        """HEADER preprocessed with FLAGS, kept beside it."""
        kept = header.with_suffix(".i")
        if kept.is_file():
            return kept.read_bytes()
        proc = self.run(list(flags) + ["-E", str(header)], cwd=cwd)
        if proc.returncode != 0:
            return None
        self.replace(kept, proc.stdout)
        return proc.stdout

    def replace(self, path, data, mtime=None):
        fd, tmp = tempfile.mkstemp(dir=self.dir, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        if mtime is not None:
            os.utime(tmp, (mtime, mtime))
        os.replace(tmp, path)


def macro_flags(defines, guards):
    """-D flags for every macro name that DEFINES (the configurations' -D
    flag lists) set, its first value, and for GUARDS."""
    seen, flags = set(), []
    for config in defines:
        pending = list(config)
        while pending:
            flag = pending.pop(0)
            if flag in ("-D", "-U") and pending:
                flag += pending.pop(0)
            if not flag.startswith("-D"):
                continue
            name = flag[2:].partition("=")[0]
            if name not in seen:
                seen.add(name)
                flags.append(flag)
    return flags + [f"-D{g}" for g in guards if g not in seen]


def headers_ignore(cache, flags, header, macros, cwd):
    """Whether HEADER preprocesses to the same text with MACROS (-D flags)
    as without: then none of its headers reads those names, and defining
    them after the PCH is defining them before the headers."""
    plain = cache.preprocessed(flags, header, cwd)
    if plain is None:
        return False
    proc = cache.run(list(flags) + macros + ["-E", str(header)], cwd=cwd)
    return proc.returncode == 0 and proc.stdout == plain



def plan_unit(run, jobs, dirs, j, entry, args, source, defines, wrap):
    """The compiles of C++ unit J (ENTRY, its ARGS, the source at index
    SOURCE) for every configuration (DEFINES, their -D flags) through a PCH
    of the standard headers it starts with: batches (j, cc1, cwd, items) as
    run_corpus.py's build_variants takes them, the wrappers in WRAP; None
    when it has no such PCH.
    DIRS: the shared cache directory and the test's temporary one."""
    if "clang" not in Path(args[0]).name:
        return None  # -include-pch is clang's
    cwd = Path(entry["directory"])
    flags = batch_build.batch_flags(args, source)
    headers, guards = leading_system_headers(args[source], flags, cwd)
    lines = [batch_build.define_lines(d) for d in defines]
    if not headers or any(line is None for line in lines):
        return None
    # A PCH made with flags naming the test's temporary directory (a CMake
    # project's generated headers) is of no use to other tests.
    shared_dir, tmp = dirs
    cache = PchCache(shared_dir if str(tmp) not in " ".join(flags)
                     else Path(tmp) / "pch", run)
    header = cache.header(flags, headers)
    if not headers_ignore(cache, flags, header, macro_flags(defines, guards),
                          cwd):
        return None
    pch = cache.pch(flags, header, cwd)
    if not pch:
        return None
    pch_flags = flags + ["-include-pch", str(pch)]
    wrap.mkdir(exist_ok=True)
    wrappers = [wrap / f"varsim-e{j}-v{i}.cpp" for i in range(len(defines))]
    for path, config_lines in zip(wrappers, lines):
        batch_build.write_wrapper(path, args[source], config_lines)

    # Every configuration is compiled, not only each distinct preprocessed
    # text as without a PCH (run_corpus.py's preprocessed_key): clang -E
    # reads a PCH's headers as text, so the key cost as much as a compile
    # with the PCH (cpp_plugins: 60 keys 15.2 s of CPU and 6.6 s of
    # compiles, against 8.5 s compiling all 60).
    items = [(path, i) for i, path in enumerate(wrappers)]
    cc1 = batch_build.cc1_command(run, pch_flags, items[0][0], cwd)
    if not cc1:
        return None
    return [(j, cc1, cwd, part) for part in batch_build.chunks(items, jobs)]
