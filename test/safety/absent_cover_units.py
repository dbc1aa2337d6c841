#!/usr/bin/env python3
"""The safety pass's own configuration (absentCover, docs/safety.md) is
parsed only for the translation units whose files name a macro it sets
otherwise; the others take their recorded parse's facts.

  absent_cover_units.py VARSIM

A project of four units: a.c holds `#ifdef EXTRA` without `#else` (so the
safety pass adds the configuration without EXTRA), c.c includes a header
that names EXTRA, b.c and main.c never name it. `varsim rewrite --verbose`
must parse a.c and c.c there, and neither b.c nor main.c; the rewrite must
succeed and the simulator keep both variants (EXTRA on and off).
Python 3 standard library only.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

FILES = {
    "a.c": "int fa(void) {\n  int r = 1;\n#ifdef EXTRA\n  r = 2;\n#endif\n"
           "  return r;\n}\n",
    "b.c": "int fb(void) { return 3; }\n",
    "h.h": "/* EXTRA turns fa's second value on. */\nint fc(void);\n",
    "c.c": "#include \"h.h\"\nint fc(void) { return 0; }\n",
    "main.c": "int fa(void);\nint fb(void);\nint fc(void);\n"
              "int main(void) { return fa() + fb() + fc() == 4 ? 0 : 1; }\n",
    "model.xml": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<featureModel>"
                 "<struct><and abstract=\"true\" mandatory=\"true\" "
                 "name=\"Root\"><feature name=\"EXTRA\"/></and></struct>"
                 "<constraints/></featureModel>\n",
}


def main():
    varsim = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "project")
        os.mkdir(root)
        for name, text in FILES.items():
            with open(os.path.join(root, name), "w") as f:
                f.write(text)
        units = [n for n in FILES if n.endswith(".c")]
        with open(os.path.join(root, "compile_commands.json"), "w") as f:
            json.dump([{"directory": root, "file": os.path.join(root, u),
                        "command": "cc -c %s -o %s.o" % (u, u)}
                       for u in units], f)
        run = subprocess.run(
            [varsim, "rewrite", "compile_commands.json", "-f", "model.xml",
             "-o", os.path.join(tmp, "out"), "--verbose"],
            cwd=root, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("rewrite failed (%d):\n%s" % (run.returncode, run.stderr))
        log = run.stdout + run.stderr
        safety = set(re.findall(r"^\s+(\S+\.c) \[[^\]]*\]: \d+ \([^)]*"
                                r"safety 1", log, re.M))
        if safety != {"a.c", "c.c"}:
            sys.exit("expected the safety pass to parse a.c and c.c only, "
                     "parsed %s:\n%s" % (sorted(safety), log))
        manifest = json.load(open(os.path.join(tmp, "out",
                                               "manifest.json")))
        names = [f.get("name") or f.get("macro") for f in
                 manifest.get("features", [])]
        if "EXTRA" not in json.dumps(names):
            sys.exit("EXTRA is not a feature of the simulator: %s" % names)
    print("ok: the safety pass parsed a.c and c.c only")


if __name__ == "__main__":
    main()
