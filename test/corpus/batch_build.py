"""Compiling many variants of one program in few compiler processes
(run_corpus.py; docs/testing.md, "Time").

Starting clang-19 costs more than compiling a small corpus unit: the process
loads libclang-cpp and libLLVM (0.05-0.1 s of CPU, most of it the kernel's)
to compile a C unit in about as much again. The clang driver given several
inputs starts a cc1 process per input, but clang -cc1 itself compiles each
of its inputs in turn: one process of the cc1 command the driver would run
(cc1_command) compiles a unit for many configurations (8 compiles of a
small C unit: 0.14 s against 0.89 s as 8 drivers):

- a C unit is compiled, per configuration, from a wrapper that holds the
  configuration's macros as #define / #undef lines and then #includes the
  unchanged source by its absolute path. That is what -D and -U are: clang
  writes them as these lines into its predefines buffer, read before the
  main file. (Only __BASE_FILE__ and __INCLUDE_LEVEL__ tell the two apart;
  no program of the corpus reads them, and __FILE__ is the source's path,
  as written in the compile command.)
- a C++ unit is batched the same way when its standard headers are
  precompiled (pch_build.py: the wrapper is compiled with -include-pch);
  otherwise its compile (the standard headers) is long beside clang's
  start, and it is compiled alone.

A batch that fails is compiled again one unit at a time by the caller, so
that a compile error names its configuration.
"""

import os
import shlex
from pathlib import Path


def define_lines(flags):
    """The -D/-U FLAGS as the preprocessor lines clang makes of them, in
    order; None when a flag is anything else (the caller then compiles
    with the flags as they are)."""
    lines, pending = [], list(flags)
    while pending:
        flag = pending.pop(0)
        if flag in ("-D", "-U") and pending:
            flag += pending.pop(0)
        name, eq, value = flag[2:].partition("=")
        if not name or not name.replace("_", "a").split("(")[0].isalnum():
            return None
        if flag.startswith("-D"):
            lines.append(f"#define {name} {value if eq else '1'}")
        elif flag.startswith("-U") and not eq:
            lines.append(f"#undef {name}")
        else:
            return None
    return lines


def source_index(entry, args):
    """The index in ARGS of the entry's source file, or None when it is not
    there exactly once or not absolute (a wrapper #includes it by the path
    the compile command gives, which sets __FILE__)."""
    directory = Path(entry["directory"])
    source = (directory / entry["file"]).resolve()
    found = [i for i, a in enumerate(args[1:], 1)
             if not a.startswith("-") and (directory / a).resolve() == source]
    if len(found) != 1 or not os.path.isabs(args[found[0]]):
        return None
    return found[0]


def batch_flags(args, source):
    """ARGS (a compile command) without its source (index SOURCE), -c and
    -o FILE: the flags every unit of a batch shares."""
    flags, skip = [], False
    for i, a in enumerate(args):
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif i != source and a != "-c":
            flags.append(a)
    return flags


def write_wrapper(path, source, lines):
    """A C unit that defines LINES' macros and then is SOURCE."""
    Path(path).write_text("".join(f"{line}\n" for line in lines) +
                          f'#include "{source}"\n')


def chunks(items, count):
    """ITEMS in COUNT nearly equal consecutive parts (none empty)."""
    count = max(1, min(count, len(items)))
    size, extra = divmod(len(items), count)
    parts, start = [], 0
    for k in range(count):
        end = start + size + (1 if k < extra else 0)
        parts.append(items[start:end])
        start = end
    return parts


def cc1_command(run, flags, example, cwd):
    """The compiler's own command (clang -cc1) that the driver runs to
    compile EXAMPLE with FLAGS, without its input, output and main file
    name: a prefix to which inputs are added. None when the driver runs
    anything else (another compiler, or more than the one job)."""
    proc = run(list(flags) + ["-c", str(example), "-o", "/dev/null", "-###"],
               cwd=cwd)
    lines = [line for line in proc.stderr.decode("utf-8", "replace")
             .splitlines() if line.startswith(" \"")]
    if proc.returncode != 0 or len(lines) != 1:
        return None
    try:
        job = shlex.split(lines[0])
    except ValueError:
        return None
    if "-cc1" not in job[1:2] or job[-1] != str(example):
        return None
    prefix, pending = [], job[:-1]
    while pending:
        arg = pending.pop(0)
        if arg in ("-o", "-main-file-name"):
            pending.pop(0)
        elif arg != "-disable-free":
            prefix.append(arg)
    return prefix


def compile_batch(run, cc1, inputs, cwd):
    """Compiles INPUTS in one process of CC1 (cc1_command): clang -cc1
    compiles each of its inputs in turn, the object beside it (STEM.o).
    Returns the process (the caller checks its exit code) and the
    objects, in order."""
    proc = run(cc1 + [str(i) for i in inputs], cwd=cwd)
    return proc, [Path(i).with_suffix(".o") for i in inputs]


def link_verbose(run, driver_cmd, objects, exe):
    """Runs DRIVER_CMD, a compiler driver's link of OBJECTS, in order, into
    EXE, with -v: the driver prints the linker's own command as it runs it
    (as -### prints it without running it, which would be a driver process
    more). Returns the process (the caller checks its exit code) and that
    command as a function of other objects and output: (objects, exe) ->
    command; None when the driver's plan is not the one linker command with
    the objects side by side. Running it directly is the same link without
    starting the driver (the driver only runs this command)."""
    proc = run([*map(str, driver_cmd), "-v"])
    return proc, linker_command(proc, objects, exe)


def linker_command(proc, objects, exe):
    """The linker command of PROC, a driver's link with -v (link_verbose)."""
    lines = [line for line in proc.stderr.decode("utf-8", "replace")
             .splitlines() if line.startswith(" \"")]
    if proc.returncode != 0 or len(lines) != 1:
        return None
    try:
        cmd = shlex.split(lines[0])
    except ValueError:
        return None
    objects, exe = [str(o) for o in objects], str(exe)
    if not objects or cmd.count(objects[0]) != 1 or cmd.count(exe) != 1:
        return None
    start = cmd.index(objects[0])
    if cmd[start:start + len(objects)] != objects:
        return None
    where = cmd.index(exe)

    def command(other_objects, other_exe):
        linked = list(cmd)
        linked[where] = str(other_exe)
        return (linked[:start] + [str(o) for o in other_objects] +
                linked[start + len(objects):])
    return command
