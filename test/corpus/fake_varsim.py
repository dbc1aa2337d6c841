#!/usr/bin/env python3
"""A stand-in for varsim, to test the harness itself (harness_selftest.py).

It implements the contracts that run_corpus.py relies on in the most naive
way: `features --list/--defines` from the brute-force reference reader, and
`rewrite` by compiling every variant up front and writing a "simulator" that
execs the variant named by VARSIM_CONFIG after writing a minimal trace.

  fake_varsim.py features MODEL --list | --defines CONFIG...
  fake_varsim.py rewrite DB -f MODEL -o OUT
  fake_varsim.py plan OUT | model TRACE... (accepted, do nothing)

The environment variable FAKE_VARSIM_MODE says how it behaves: `exact` (a correct tool), `ignore-config` (the
simulator always runs the first configuration), `no-trace` (writes no
trace), `touch-source` (the rewrite modifies an original source file).
Any program with more than 4096 configurations is refused with a located
error, as the real rewriter must refuse a duplication beyond its cap.
"""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import featuremodel_ref  # noqa: E402

DISPATCH = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *configs[] = {%(configs)s};
static const char *apps[] = {%(apps)s};

int main(int argc, char **argv) {
  (void)argc;
  const char *config = getenv("VARSIM_CONFIG");
  int chosen = 0;
  for (int i = 0; config && %(honour)d && i < %(n)d; ++i)
    if (strcmp(configs[i], config) == 0)
      chosen = i;
  const char *trace = getenv("VARSIM_TRACE");
  FILE *f = %(trace)d ? fopen(trace ? trace : "calltrace.json", "w") : NULL;
  if (f) {
    fprintf(f, "{\"format\": \"varsim-calltrace\", \"version\": 1, "
               "\"config\": \"%%s\"}\n", configs[chosen]);
    fclose(f);
  }
  execv(apps[chosen], argv);
  perror("execv");
  return 127;
}
"""


def config_line(model, config):
    order = {name: i for i, name in enumerate(model.features)}
    return ",".join(sorted(config, key=lambda c: order[c.partition("=")[0]]))


def c_string(s):
    return json.dumps(s)


def rewrite(mode, db_path, model_path, out):
    model = featuremodel_ref.load(model_path)
    configs = model.configurations()
    entries = json.loads(Path(db_path).read_text())
    if len(configs) > 4096:
        first = entries[0]["file"]
        print(f"{first}:1:1: error: more than 4096 configurations to "
              "duplicate", file=sys.stderr)
        return 1
    out = Path(out)
    apps = []
    for i, config in enumerate(configs):
        directory = out / "variants" / str(i)
        directory.mkdir(parents=True)
        objects = []
        for j, entry in enumerate(entries):
            args = list(entry.get("arguments") or shlex.split(entry["command"]))
            obj = directory / f"{j}.o"
            args[args.index("-o") + 1] = str(obj)
            subprocess.run(args + model.defines(config), cwd=entry["directory"],
                           check=True)
            objects.append(str(obj))
        linker = "c++" if any(Path(e["file"]).suffix != ".c"
                              for e in entries) else "cc"
        subprocess.run([linker, *objects, "-o", str(directory / "app"), "-lm"],
                       check=True)
        apps.append(str(directory / "app"))
    src = out / "src"
    src.mkdir(parents=True)
    (src / "dispatch.c").write_text(DISPATCH % {
        "configs": ", ".join(c_string(config_line(model, c)) for c in configs),
        "apps": ", ".join(map(c_string, apps)),
        "n": len(configs),
        "honour": int(mode != "ignore-config"),
        "trace": int(mode != "no-trace"),
    })
    obj = out / "obj" / "dispatch.o"
    (out / "compile_commands.json").write_text(json.dumps([{
        "directory": str(out), "file": str(src / "dispatch.c"),
        "arguments": ["cc", "-c", str(src / "dispatch.c"), "-o", str(obj)],
        "output": str(obj)}]))
    (out / "manifest.json").write_text("{}\n")
    if mode == "touch-source":
        with open(entries[0]["file"], "a") as f:
            f.write("\n")
    return 0


def main():
    mode = os.environ.get("FAKE_VARSIM_MODE", "exact")
    command, args = sys.argv[1], sys.argv[2:]
    if command == "features":
        model = featuremodel_ref.load(args[0])
        if args[1] == "--list":
            for config in model.configurations():
                print(config_line(model, config))
        else:  # --defines CONFIG, repeatable: one line per CONFIG
            for flag, line in zip(args[1::2], args[2::2]):
                assert flag == "--defines", args
                config = featuremodel_ref.parse_config_line(line)
                print(" ".join(model.defines(config)))
        return 0
    if command == "rewrite":
        return rewrite(mode, args[0], args[args.index("-f") + 1],
                       args[args.index("-o") + 1])
    if command in ("plan", "model"):
        # The naive tool has no manifest or model to check: it accepts its
        # own output (the real pipeline is checked by the corpus itself).
        return 0
    print(f"fake_varsim: unknown command {command}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
