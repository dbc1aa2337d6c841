#!/usr/bin/env python3
"""Differential test of `varsim rewrite` over the corpus (docs/testing.md).

For one program directory (sources, model.xml, corpus.json):
  1. writes a compile_commands.json for it into a fresh temporary build
     directory (or, for "build": "cmake", configures its CMake project);
  2. `varsim rewrite` into a temporary OUT, builds the simulator from
     OUT/compile_commands.json (each entry run in its directory) and links it;
  3. for EVERY valid configuration (`varsim features --list`, cross-checked
     against a brute-force reading of the model): builds the variant from the
     ORIGINAL sources with the `varsim features --defines` flags, runs it and
     the simulator (VARSIM_CONFIG=config) and compares stdout and exit code
     exactly; checks that each simulator run wrote a calltrace.json that
     parses;
  4. checks that the original sources are byte-for-byte unchanged.
Programs with "expect": "diagnostic" must instead make the rewrite exit 1
with a `file:line:col: error:` message on stderr and write nothing.

Golden expectations inside a program's sources, checked with LLVM's
FileCheck (llvm-19-tools; --filecheck or found on PATH / in
/usr/lib/llvm-19/bin): `// REFUSAL:` lines against the refused rewrite's
stderr (its exact message and location), `// REWRITE:` lines against the
rewritten file written for that source (the expectation lines themselves
are left out of the text checked). A program with expectations fails if no
FileCheck is found. Put them at the end of a file, so that the lines of
the code they pin stay where they are.

  run_corpus.py --varsim BIN [--cc CC --cxx CXX] PROGRAM_DIR...
  run_corpus.py --all [--varsim BIN]       every program + samples/printer
  run_corpus.py --self-check [PROGRAM_DIR...]   the corpus alone: every
      variant compiles warning-free with both compilers and runs (no varsim)

Exit code 0 when every program passes, 1 otherwise. Standard library only.
"""

import argparse
import concurrent.futures
import difflib
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import batch_build  # noqa: E402
import pch_build  # noqa: E402
import featuremodel_ref  # noqa: E402

CORPUS_DIR = Path(__file__).resolve().parent
REPO_DIR = CORPUS_DIR.parent.parent
SAMPLE_PROGRAMS = [REPO_DIR / "samples" / "printer"]
SOURCE_EXTS = {".c": "c", ".cpp": "c++", ".cc": "c++", ".cxx": "c++"}
RUN_TIMEOUT = 30
COMPILE_TIMEOUT = 120
LOCATED_ERROR = re.compile(r"^(.+?):(\d+):(\d+): error: .+", re.M)
GOLDEN_PREFIXES = ("REFUSAL", "REWRITE")
GOLDEN_LINE = re.compile(r"//\s*(REFUSAL|REWRITE)(-[A-Z]+)?:")
FILECHECK_CANDIDATES = ("FileCheck-19", "FileCheck",
                        "/usr/lib/llvm-19/bin/FileCheck")


class Failure(Exception):
    """A program failed; the message says why, in full."""


# --- Small helpers -----------------------------------------------------------


def run(cmd, cwd=None, env=None, timeout=COMPILE_TIMEOUT, stdin=None):
    try:
        return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                              timeout=timeout, stdin=stdin or subprocess.DEVNULL)
    except subprocess.TimeoutExpired as e:
        raise Failure(f"timed out after {timeout} s: {shlex.join(map(str, cmd))}"
                      ) from e
    except OSError as e:
        raise Failure(f"cannot run {shlex.join(map(str, cmd))}: {e}") from e


def text(data):
    return data.decode("utf-8", "replace")


def tree_hashes(directory):
    """sha256 of every file under directory, keyed by relative path."""
    hashes = {}
    for path in sorted(Path(directory).rglob("*")):
        if path.is_file():
            hashes[str(path.relative_to(directory))] = hashlib.sha256(
                path.read_bytes()).hexdigest()
    return hashes


def check_unchanged(before, after, directory):
    problems = []
    for name in sorted(set(before) | set(after)):
        if name not in after:
            problems.append(f"removed: {name}")
        elif name not in before:
            problems.append(f"created: {name}")
        elif before[name] != after[name]:
            problems.append(f"modified: {name}")
    if problems:
        raise Failure(f"the original sources in {directory} changed:\n  " +
                      "\n  ".join(problems))


def parallel(jobs, fn, items):
    """fn over items with `jobs` workers; results in order; first failure
    wins after all have finished (so no compiler is left running)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(fn, item) for item in items]
        results, first_error = [], None
        for f in futures:
            try:
                results.append(f.result())
            except Failure as e:
                results.append(None)
                first_error = first_error or e
    if first_error:
        raise first_error
    return results


def entry_args(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def entry_output(entry, args):
    if entry.get("output"):
        return Path(entry["directory"], entry["output"])
    if "-o" in args:
        return Path(entry["directory"], args[args.index("-o") + 1])
    raise Failure(f"compile entry for {entry['file']} has no output")


def is_cxx(path):
    return SOURCE_EXTS.get(Path(path).suffix) == "c++"


# --- One program -------------------------------------------------------------


class Program:
    def __init__(self, directory, options):
        self.dir = Path(directory).resolve()
        self.name = self.dir.name
        self.options = options
        meta_path = self.dir / "corpus.json"
        try:
            self.meta = json.loads(meta_path.read_text())
        except (OSError, ValueError) as e:
            raise Failure(f"{meta_path}: {e}") from e
        self.model = self.dir / self.meta.get("model", "model.xml")
        self.expect = self.meta.get("expect", "equivalent")
        if self.expect not in ("equivalent", "diagnostic"):
            raise Failure(f"{meta_path}: unknown expect '{self.expect}'")
        self.language = self.meta.get("language", "c")
        # Objects of the variants by preprocessed_key (compile_variant_entry).
        self.objects = {}
        self.objects_lock = threading.Lock()

    def sources(self):
        listed = self.meta.get("sources")
        if listed:
            return [self.dir / s for s in listed]
        return sorted(p for p in self.dir.iterdir() if p.suffix in SOURCE_EXTS)

    def workload_args(self):
        return [a.replace("{src}", str(self.dir)) for a in
                self.meta.get("args", [])]

    def compiler_for(self, path):
        return self.options.cxx if is_cxx(path) else self.options.cc

    def linker(self, files):
        if any(is_cxx(f) for f in files):
            return self.options.cxx
        return self.options.cc

    # --- The project's own compile database ----------------------------------

    def write_compile_db(self, build):
        """build/compile_commands.json of the original program."""
        if self.meta.get("build") == "cmake":
            cmd = ["cmake", "-S", str(self.dir), "-B", str(build), "-G", "Ninja",
                   "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                   f"-DCMAKE_C_COMPILER={self.options.cc}",
                   f"-DCMAKE_CXX_COMPILER={self.options.cxx}",
                   "-DCMAKE_BUILD_TYPE=Release",
                   # The corpus checks behaviour, not speed: Release's
                   # NDEBUG, without the optimiser's compile time.
                   "-DCMAKE_C_FLAGS_RELEASE=-O0 -DNDEBUG",
                   "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG"]
            proc = run(cmd)
            if proc.returncode != 0:
                raise Failure("cmake configure failed:\n" + text(proc.stdout) +
                              text(proc.stderr))
            return build / "compile_commands.json"
        build.mkdir(parents=True)
        std = self.meta.get("standard")
        entries = []
        for src in self.sources():
            obj = build / "obj" / (src.name + ".o")
            args = [self.compiler_for(src)]
            if std:
                args.append(f"-std={std}")
            # "cflags": the project's own flags, which the simulator is
            # compiled with too (-Wall -Werror: it must build where the
            # variants do).
            args += self.meta.get("cflags", [])
            args += ["-O0", "-c", str(src), "-o", str(obj)]
            entries.append({"directory": str(build), "file": str(src),
                            "arguments": args, "output": str(obj)})
        (build / "obj").mkdir()
        db = build / "compile_commands.json"
        db.write_text(json.dumps(entries, indent=2))
        return db

    # --- Configurations ------------------------------------------------------

    def reference_configs(self):
        return featuremodel_ref.load(self.model).configurations()

    def varsim_configs(self):
        proc = run([self.options.varsim, "features", str(self.model), "--list"])
        if proc.returncode != 0:
            raise Failure("varsim features --list failed "
                          f"(exit {proc.returncode}):\n{text(proc.stderr)}")
        lines = text(proc.stdout).split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        configs = [line.strip() for line in lines]
        # Mandatory features may or may not be spelled out in a CONFIG:
        # compare modulo the features that every valid configuration has.
        reference = self.reference_configs()
        core = frozenset.intersection(*reference) if reference else frozenset()
        listed = {featuremodel_ref.parse_config_line(c) - core for c in configs}
        expected = {c - core for c in reference}
        if listed != expected or len(configs) != len(listed):
            show = lambda s: sorted(",".join(sorted(c)) for c in s)  # noqa
            raise Failure(
                "varsim features --list disagrees with the model:\n"
                f"  missing: {show(expected - listed)}\n"
                f"  not valid: {show(listed - expected)}\n"
                f"  lines: {len(configs)}, distinct: {len(listed)}")
        return configs

    def varsim_defines(self, configs):
        """The -D flags of each of CONFIGS, in order: one `varsim features`
        for all (a process of varsim costs 0.1 s of CPU, and the corpus has
        over a thousand configurations)."""
        args = [a for config in configs for a in ("--defines", config)]
        proc = run([self.options.varsim, "features", str(self.model), *args])
        if proc.returncode != 0:
            raise Failure(f"varsim features --defines failed for one of "
                          f"{configs} (exit {proc.returncode}):\n"
                          f"{text(proc.stderr)}")
        lines = text(proc.stdout).split("\n")
        if lines[-1:] == [""]:
            lines.pop()
        if len(lines) != len(configs):
            raise Failure(f"varsim features printed {len(lines)} lines of "
                          f"flags for {len(configs)} configurations:\n"
                          f"{text(proc.stdout)}")
        return [shlex.split(line) for line in lines]

    # --- Building ------------------------------------------------------------

    def compile_entry(self, entry, extra=(), output=None):
        args = entry_args(entry)
        obj = entry_output(entry, args)
        if output is not None:
            if "-o" not in args:
                raise Failure(f"compile entry for {entry['file']} has no -o")
            args[args.index("-o") + 1] = str(output)
            obj = Path(output)
        args += list(extra)
        obj.parent.mkdir(parents=True, exist_ok=True)
        proc = run(args, cwd=entry["directory"])
        if proc.returncode != 0:
            raise Failure(f"compile failed in {entry['directory']}:\n  "
                          f"{shlex.join(args)}\n{text(proc.stderr)}")
        return obj

    def link_command(self, objects, files, exe, extra=(), linker=None):
        return [linker or self.linker(files), *map(str, objects), "-o",
                str(exe), "-pthread", *self.meta.get("libs", []), *extra]

    def link(self, objects, files, exe, extra=(), linker=None, cmd=None):
        """Links OBJECTS into EXE with the compiler driver, or with CMD, the
        command the driver would run (batch_build.link_verbose)."""
        cmd = cmd or self.link_command(objects, files, exe, extra, linker)
        proc = run(cmd)
        if proc.returncode != 0:
            raise Failure(f"link failed:\n  {shlex.join(cmd)}\n"
                          f"{text(proc.stderr)}")
        return exe

    def preprocessed_key(self, entry, extra):
        """A key that is equal for two compiles of ENTRY (with EXTRA, a
        configuration's -D flags) exactly when their objects are: the flags
        other than the output and the macro definitions, and the
        preprocessed text (which is all the definitions decide)."""
        args = entry_args(entry) + list(extra)
        flags, pp, skip = [], [], False
        for i, a in enumerate(args):
            if skip:
                skip = False
                continue
            if a == "-o":
                skip = True
                continue
            pp.append("-E" if a == "-c" else a)
            if a in ("-D", "-U"):
                pp.append(args[i + 1])
                skip = True
            elif not a.startswith(("-D", "-U")):
                flags.append(a)
        proc = run(pp, cwd=entry["directory"])
        if proc.returncode != 0:
            return None  # the compile itself reports the error
        digest = hashlib.sha256("\0".join(flags).encode())
        digest.update(proc.stdout)
        return digest.hexdigest()

    def compile_variant_entry(self, entry, extra, output):
        """compile_entry, sharing one object between the configurations
        whose preprocessed text is the same (most translation units of a
        program do not read every feature): preprocessing a C++ unit is
        about a tenth of its compile (the standard headers' parse is the
        rest). A C unit is compiled directly: its preprocessing costs about
        as much as its compile (0.04 s against 0.05 s of CPU), so the key
        would cost more than the compiles it saves."""
        if not is_cxx(entry["file"]):
            return self.compile_entry(entry, extra, output)
        key = self.preprocessed_key(entry, extra)
        if key is not None:
            with self.objects_lock:
                shared = self.objects.get(key)
            if shared is not None:
                return shared
        obj = self.compile_entry(entry, extra, output)
        if key is not None:
            with self.objects_lock:
                self.objects.setdefault(key, obj)
        return obj

    def build_variant(self, db_entries, defines, directory, link_flags=(),
                      linker=None):
        def one(indexed):
            i, entry = indexed
            out = directory / f"{i}-{Path(entry['file']).name}.o"
            return self.compile_variant_entry(entry, defines, out)

        objects = [one(e) for e in enumerate(db_entries)]
        return self.link(objects, [e["file"] for e in db_entries],
                         directory / "app", link_flags, linker)

    def build_variants(self, db_entries, defines, root):
        """Every configuration's variant (DEFINES[i], its -D flags, for the
        i-th) built as build_variant builds one, in fewer processes
        (batch_build.py): each C unit's compiles for all configurations,
        and a C++ unit's distinct ones with its standard headers
        precompiled (plan_pch_unit), are split into --jobs batches, and
        all but the first variant link without the driver. Returns the programs, in order."""
        if not defines:
            return []
        dirs = [root / str(i) for i in range(len(defines))]
        for d in dirs:
            d.mkdir(parents=True)
        objects = [[None] * len(db_entries) for _ in defines]
        singles, batches = [], []  # (i, j); (j, cc1, cwd, items)
        for j, entry in enumerate(db_entries):
            args = entry_args(entry)
            source = batch_build.source_index(entry, args)
            if source is not None and is_cxx(entry["file"]):
                planned = self.plan_pch_unit(j, entry, args, source, defines,
                                             root / "wrap")
                if planned:
                    batches += planned
                    continue
            if source is None or is_cxx(entry["file"]):
                # A C++ unit: as build_variant, an object per distinct
                # preprocessed text (compile_variant_entry). Its compile
                # is long beside clang's start.
                singles += [(i, j) for i in range(len(defines))]
                continue
            flags = batch_build.batch_flags(args, source)
            items = []  # (wrapper, configuration)
            wrap = root / "wrap"
            wrap.mkdir(exist_ok=True)
            for i in range(len(defines)):
                lines = batch_build.define_lines(defines[i])
                if lines is None:
                    singles.append((i, j))
                    continue
                path = wrap / f"varsim-e{j}-v{i}.c"
                batch_build.write_wrapper(path, args[source], lines)
                items.append((path, i))
            cwd = Path(entry["directory"])
            cc1 = items and batch_build.cc1_command(run, flags, items[0][0],
                                                    cwd)
            if not cc1:
                singles += [(i, j) for _, i in items]
                continue
            for part in batch_build.chunks(items, self.options.jobs):
                batches.append((j, cc1, cwd, part))

        def compile_batch(batch):
            j, cc1, cwd, items = batch
            proc, objs = batch_build.compile_batch(
                run, cc1, [p for p, _ in items], cwd)
            if proc.returncode != 0:
                # Again one at a time, with the driver and without a PCH:
                # a failing compile names its flags, and a PCH that clang
                # refused (its headers changed) costs only time.
                for _, i in items:
                    objects[i][j] = self.compile_entry(
                        db_entries[j], defines[i], dirs[i] / f"{j}-single.o")
                return
            for obj, (_, i) in zip(objs, items):
                if not obj.is_file():
                    raise Failure(f"the compiler wrote no {obj}")
                objects[i][j] = obj

        def compile_single(ij):
            i, j = ij
            entry = db_entries[j]
            objects[i][j] = self.compile_variant_entry(
                entry, defines[i], dirs[i] / f"{j}-{Path(entry['file']).name}.o")

        parallel(self.options.jobs, compile_batch, batches)
        parallel(self.options.jobs, compile_single, singles)
        # The first variant links through the driver, which also says what
        # it runs; the others run the linker directly (the same command).
        files = [e["file"] for e in db_entries]
        first = dirs[0] / "app"
        cmd = self.link_command(objects[0], files, first)
        proc, direct = batch_build.link_verbose(run, cmd, objects[0], first)
        if proc.returncode != 0:
            raise Failure(f"link failed:\n  {shlex.join(map(str, cmd))}\n"
                          f"{text(proc.stderr)}")

        def link(i):
            cmd = direct and direct(objects[i], dirs[i] / "app")
            return self.link(objects[i], files, dirs[i] / "app", cmd=cmd)

        return [first] + parallel(self.options.jobs, link,
                                  range(1, len(defines)))

    def plan_pch_unit(self, j, entry, args, source, defines, wrap):
        """Unit J's compiles through a PCH (pch_build.plan_unit), or None."""
        if not self.pch_dir:
            return None
        return pch_build.plan_unit(run, self.options.jobs,
                                   (self.pch_dir, self.tmp), j, entry, args,
                                   source, defines, wrap)

    def build_simulator(self, out):
        db_path = out / "compile_commands.json"
        try:
            entries = json.loads(db_path.read_text())
        except (OSError, ValueError) as e:
            raise Failure(f"the simulator's compile database {db_path}: {e}")
        if not entries:
            raise Failure(f"{db_path} has no entries")
        for entry in entries:
            file = Path(entry["directory"], entry["file"]).resolve()
            if out.resolve() not in file.parents:
                raise Failure(f"{db_path}: entry compiles {file}, which is "
                              f"not inside the rewrite's output {out}")
        objects = parallel(self.options.jobs, self.compile_entry, entries)
        return self.link(objects, [e["file"] for e in entries], out / "simulator")

    # --- Running -------------------------------------------------------------

    def execute(self, exe, cwd, extra_env=None):
        env = {k: v for k, v in os.environ.items() if not k.startswith("VARSIM_")}
        env.update(extra_env or {})
        start = time.monotonic()
        proc = run([str(exe), *self.workload_args()], cwd=cwd, env=env,
                   timeout=RUN_TIMEOUT)
        return proc, time.monotonic() - start

    # --- The test ------------------------------------------------------------

    def test(self, tmp):
        before = tree_hashes(self.dir)
        chosen, self.tmp = self.options.pch_cache, tmp
        self.pch_dir = (tmp / "pch" if chosen is None else
                        None if chosen == "none" else Path(chosen))
        build = tmp / "build"
        db_path = self.write_compile_db(build)
        db_entries = json.loads(db_path.read_text())
        out = tmp / "out"
        rewrite = [self.options.varsim, "rewrite", str(db_path), "-f",
                   str(self.model), "-o", str(out)]
        proc = run(rewrite)
        if self.expect == "diagnostic":
            self.check_diagnostic(proc, out, rewrite)
            checked = self.check_golden("REFUSAL", tmp,
                                        lambda source: text(proc.stderr))
            check_unchanged(before, tree_hashes(self.dir), self.dir)
            return "diagnosed as required" + checked
        xfail = self.meta.get("xfail")
        if proc.returncode != 0:
            if xfail and proc.returncode == 1 and LOCATED_ERROR.search(
                    text(proc.stderr)):
                check_unchanged(before, tree_hashes(self.dir), self.dir)
                if out.exists():
                    raise Failure(f"the refused rewrite wrote files into {out}")
                # An expected refusal may pin its message and location.
                checked = self.check_golden("REFUSAL", tmp,
                                            lambda source: text(proc.stderr))
                return (f"XFAIL ({xfail}): refused with "
                        f"{LOCATED_ERROR.search(text(proc.stderr)).group(0)}"
                        + checked)
            raise Failure(f"varsim rewrite failed (exit {proc.returncode}):\n"
                          f"  {shlex.join(rewrite)}\n{text(proc.stderr)}")
        check_unchanged(before, tree_hashes(self.dir), self.dir)
        golden = self.check_golden("REWRITE", tmp,
                                   lambda source: self.written(out, source))
        # The rest of the pipeline must read what the rewrite wrote.
        plan = run([self.options.varsim, "plan", str(out)])
        if plan.returncode != 0:
            raise Failure(f"varsim plan cannot read the rewrite's output "
                          f"(exit {plan.returncode}):\n{text(plan.stderr)}")
        try:
            simulator = self.build_simulator(out)
        except Failure as e:
            if not xfail:
                raise
            return f"XFAIL ({xfail}): the simulator does not compile: " + \
                str(e).splitlines()[0]
        configs = self.varsim_configs()
        defines = self.varsim_defines(configs)

        apps = self.build_variants(db_entries, defines, tmp / "variants")
        failures = []
        for i, (config, app) in enumerate(zip(configs, apps)):
            failures += self.compare(i, config, app, simulator, tmp)
        check_unchanged(before, tree_hashes(self.dir), self.dir)
        if failures:
            raise Failure(f"{len(failures)} of {len(configs)} configurations "
                          "differ:\n" + "\n".join(failures))
        traces = sorted((tmp / "traces").glob("*.json"))
        model = run([self.options.varsim, "model", *map(str, traces), "-f",
                     str(self.model), "--out-dir", str(out), "-o",
                     str(tmp / "model.json")])
        if model.returncode != 0:
            raise Failure(f"varsim model cannot read the simulator's traces "
                          f"(exit {model.returncode}):\n{text(model.stderr)}")
        if xfail:
            raise Failure(f"XPASS: every configuration is equivalent although "
                          f"corpus.json declares \"xfail\": {xfail!r}; remove it")
        return f"{len(configs)} configurations equivalent" + golden

    def compare(self, i, config, app, simulator, tmp):
        rundir = tmp / "runs" / str(i)
        rundir.mkdir(parents=True)
        trace = tmp / "traces" / f"{i}.json"
        trace.parent.mkdir(exist_ok=True)
        want, _ = self.execute(app, rundir)
        got, _ = self.execute(simulator, rundir, {"VARSIM_CONFIG": config,
                                                  "VARSIM_TRACE": str(trace)})
        problems = []
        if want.stdout != got.stdout:
            diff = difflib.unified_diff(
                text(want.stdout).splitlines(), text(got.stdout).splitlines(),
                "variant (compiled with -D)", "simulator", lineterm="", n=2)
            problems.append("stdout differs:\n    " + "\n    ".join(diff))
        if want.returncode != got.returncode:
            problems.append(f"exit code: variant {want.returncode}, "
                            f"simulator {got.returncode}")
        try:
            data = json.loads(trace.read_text())
            if not isinstance(data, dict) or data.get("format") != "varsim-calltrace":
                problems.append(f"{trace} is not a varsim-calltrace object")
        except OSError:
            problems.append(f"no call trace written at {trace}")
        except ValueError as e:
            problems.append(f"{trace} is not valid JSON: {e}")
        if problems and got.stderr:
            problems.append("simulator stderr:\n    " +
                            "\n    ".join(text(got.stderr).splitlines()[:20]))
        if not problems:
            return []
        return [f"  config '{config}':\n    " + "\n    ".join(problems)]

    # --- Golden expectations (FileCheck) -------------------------------------

    def golden_sources(self, prefix):
        """The program's files holding `// PREFIX:` expectations."""
        found = []
        for path in sorted(p for p in self.dir.rglob("*") if p.is_file()):
            try:
                body = path.read_text()
            except (OSError, UnicodeDecodeError):
                continue
            if any(m.group(1) == prefix for m in GOLDEN_LINE.finditer(body)):
                found.append(path)
        return found

    def filecheck(self):
        if self.options.filecheck:
            return self.options.filecheck
        for candidate in FILECHECK_CANDIDATES:
            found = shutil.which(candidate)
            if found:
                return found
        return None

    def written(self, out, source):
        """The text the rewrite wrote for source (OUT/manifest.json)."""
        manifest = json.loads((out / "manifest.json").read_text())
        for f in manifest.get("files", []):
            if Path(f["original"]).resolve() == source.resolve():
                return (out / f["written"]).read_text()
        raise Failure(f"the manifest lists no written file for {source}")

    def check_golden(self, prefix, tmp, actual_of):
        """Checks every `// PREFIX:` expectation; " (N golden files)" or ""."""
        sources = self.golden_sources(prefix)
        if not sources:
            return ""
        filecheck = self.filecheck()
        if not filecheck:
            raise Failure(f"{sources[0]} has // {prefix}: expectations but no "
                          "FileCheck was found (install llvm-19-tools or pass "
                          "--filecheck)")
        for source in sources:
            actual = "\n".join(line for line in actual_of(source).splitlines()
                               if not GOLDEN_LINE.search(line)) + "\n"
            checked = tmp / f"golden-{prefix}-{source.name}.txt"
            checked.write_text(actual)
            proc = run([filecheck, f"--check-prefix={prefix}",
                        "--dump-input=never", f"--input-file={checked}",
                        str(source)])
            if proc.returncode != 0:
                raise Failure(f"// {prefix}: expectations of {source} do not "
                              f"hold:\n{text(proc.stderr)}\n  checked text:\n"
                              + actual)
        return f" ({len(sources)} golden file(s) checked)"

    def check_diagnostic(self, proc, out, rewrite):
        stderr = text(proc.stderr)
        where = f"  {shlex.join(rewrite)}\n  stderr:\n{stderr}"
        if proc.returncode != 1:
            raise Failure(f"the rewrite must refuse this program with exit 1, "
                          f"got exit {proc.returncode}\n{where}")
        names = {p.name for p in self.dir.rglob("*") if p.is_file()}
        located = [m for m in LOCATED_ERROR.finditer(stderr)
                   if Path(m.group(1)).name in names]
        if not located:
            raise Failure("no `file:line:col: error:` message naming one of "
                          f"the program's files\n{where}")
        if out.exists() and any(out.iterdir()):
            raise Failure(f"the refused rewrite wrote files into {out}")

    # --- The corpus alone ----------------------------------------------------

    def self_check(self, tmp):
        """Every variant compiles warning-free with both compilers and runs;
        outputs depend on the configuration."""
        model = featuremodel_ref.load(self.model)
        configs = sorted(model.configurations(), key=sorted)
        if self.expect == "diagnostic" and len(configs) > 8:
            configs = configs[:4] + configs[-4:]
        build = tmp / "build"
        db_entries = json.loads(self.write_compile_db(build).read_text())
        warn = ["-Wall", "-Wextra", "-Werror"]
        sanitize = []
        if self.options.sanitize:
            sanitize = ["-fsanitize=address,undefined",
                        "-fno-sanitize-recover=all"]
        compilers = [("gcc", "g++"), ("clang-19", "clang++-19")]
        if self.options.sanitize:  # Debian's clang-19 has no compiler-rt
            compilers = compilers[:1]

        def variant(item):
            i, config = item
            apps = []
            for cc, cxx in compilers:
                directory = tmp / "variants" / f"{i}-{cc}"
                directory.mkdir(parents=True)
                entries = []
                for e in db_entries:
                    args = entry_args(e)
                    args[0] = cxx if is_cxx(e["file"]) else cc
                    entries.append(dict(e, arguments=args))
                files = [e["file"] for e in entries]
                linker = cxx if any(is_cxx(f) for f in files) else cc
                apps.append(self.build_variant(
                    entries, warn + sanitize + model.defines(config), directory,
                    sanitize, linker))
            return apps

        builds = parallel(self.options.jobs, variant, list(enumerate(configs)))
        outcomes = set()
        for config, apps in zip(configs, builds):
            results = []
            for app in apps:
                proc, seconds = self.execute(app, tmp)
                limit = self.meta.get("max_seconds", 0.5)
                if seconds > limit and not self.options.sanitize:
                    raise Failure(f"{','.join(sorted(config))}: run took "
                                  f"{seconds:.2f} s")
                if re.search(rb"runtime error:|Sanitizer", proc.stderr):
                    raise Failure(f"{','.join(sorted(config))}: sanitizer "
                                  f"report:\n{text(proc.stderr)}")
                results.append((proc.stdout, proc.returncode))
            if len(set(results)) != 1:
                raise Failure(f"{','.join(sorted(config))}: gcc and clang "
                              "builds behave differently")
            outcomes.add(results[0])
        if len(configs) > 1 and len(outcomes) < 2:
            raise Failure("every configuration prints the same thing")
        return f"{len(configs)} variants ok, {len(outcomes)} distinct outputs"


# --- Driver ------------------------------------------------------------------


def test_program(directory, options):
    start = time.monotonic()
    try:
        program = Program(directory, options)
    except Failure as e:
        return False, str(e)
    tmp = Path(tempfile.mkdtemp(prefix=f"varsim-corpus-{program.name}-"))
    try:
        check = program.self_check if options.self_check else program.test
        summary = check(tmp)
        ok = True
        message = f"{summary} ({time.monotonic() - start:.1f} s)"
    except Failure as e:
        ok, message = False, str(e)
    if ok and not options.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        message += f"\n  (kept: {tmp})"
    return ok, message


def all_programs():
    programs = sorted(p.parent for p in CORPUS_DIR.glob("*/corpus.json"))
    return programs + [p for p in SAMPLE_PROGRAMS if (p / "corpus.json").exists()]


def find_varsim():
    for build in sorted(REPO_DIR.glob("build*")):
        candidate = build / "driver" / "varsim"
        if candidate.exists():
            return str(candidate)
    return shutil.which("varsim")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("programs", nargs="*", help="program directories")
    parser.add_argument("--all", action="store_true",
                        help="every corpus program and samples/printer")
    parser.add_argument("--self-check", action="store_true",
                        help="check the corpus itself; does not use varsim")
    parser.add_argument("--sanitize", action="store_true",
                        help="--self-check: build the variants with ASan "
                        "and UBSan (any report fails)")
    parser.add_argument("--varsim", help="the varsim binary")
    parser.add_argument("--cc", default="clang-19")
    parser.add_argument("--cxx", default="clang++-19")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--filecheck", help="LLVM's FileCheck (default: "
                        "found on PATH or in /usr/lib/llvm-19/bin)")
    parser.add_argument("--pch-cache", help="a directory for the "
                        "precompiled standard headers of the C++ variant "
                        "builds, shared by the tests (default: one in the "
                        "temporary directory; 'none': no PCH)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the temporary directories")
    options = parser.parse_args()
    programs = [Path(p) for p in options.programs]
    if options.all or (options.self_check and not programs):
        programs += all_programs()
    if not programs:
        parser.error("give program directories or --all")
    if not options.self_check:
        options.varsim = options.varsim or find_varsim()
        if not options.varsim:
            parser.error("varsim not found; pass --varsim")
        options.varsim = str(Path(options.varsim).resolve())
    failed = []
    for directory in programs:
        ok, message = test_program(directory, options)
        print(f"{'PASS' if ok else 'FAIL'} {Path(directory).name}: {message}",
              flush=True)
        if not ok:
            failed.append(Path(directory).name)
    if len(programs) > 1:
        print(f"\n{len(programs) - len(failed)} passed, {len(failed)} failed" +
              (f": {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
