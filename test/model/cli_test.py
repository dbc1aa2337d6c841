#!/usr/bin/env python3
"""End-to-end checks of `varsim model` and `varsim predict`:
cli_test.py VARSIM DATA_DIR."""
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from checks import Checks, varsim_runner  # noqa: E402

varsim, data = sys.argv[1], sys.argv[2]
checks = Checks()
check = checks.check
run = varsim_runner(varsim)


with tempfile.TemporaryDirectory() as tmp:
    simple = os.path.join(data, "simple.json")
    printer = os.path.join(data, "printer.json")
    model = os.path.join(tmp, "model.json")

    # The simple model of Section 3.1 and its four predictions.
    p = run("model", simple, "-o", model)
    check(p.returncode == 0 and "ColorScan" in p.stdout, "model simple", p)
    m = json.load(open(model))
    check(m["format"] == "varsim-model" and m["version"] == 1, "model.json header")
    check({t["term"]: t["seconds"] for t in m["terms"]} ==
          {"Base": 5.0, "Logging": 1.5, "ColorScan": 5.0}, "model.json terms")
    four = ["--config", "", "--config", "Logging", "--config", "ColorScan",
            "--config", "Logging,ColorScan"]
    seconds = ["5.000000", "6.500000", "10.000000", "11.500000"]
    # The table (default): aligned, "(none)" for the empty configuration,
    # the seconds last.
    p = run("predict", model, *four)
    lines = p.stdout.splitlines()
    check(p.returncode == 0 and [l.split()[-1] for l in lines] == seconds,
          "predict table", p)
    check(len(lines) == 4 and re.fullmatch(r"\(none\) +5\.000000", lines[0])
          and lines[3] == "Logging,ColorScan  11.500000" and
          lines[0].index("5.0") == lines[3].index("11.5"), "table layout", p)
    # CSV: the empty configuration is an empty field; quoted commas.
    p = run("predict", model, *four, "--format", "csv")
    lines = p.stdout.splitlines()
    check(p.returncode == 0 and [l.rsplit(",", 1)[1] for l in lines] ==
          seconds, "predict csv", p)
    check(lines[0] == ",5.000000" and
          lines[3] == '"Logging,ColorScan",11.500000', "CSV quoting", p)
    # JSON Lines: one object per line, "seconds" last.
    p = run("predict", model, *four, "--format", "json")
    rows = [json.loads(l) for l in p.stdout.splitlines()]
    check(p.returncode == 0 and
          [(r["config"], r["seconds"]) for r in rows] ==
          [("", 5.0), ("Logging", 6.5), ("ColorScan", 10.0),
           ("Logging,ColorScan", 11.5)] and
          all(l.rstrip().endswith("}") and '"seconds"' in l.split(",")[-1]
              for l in p.stdout.splitlines()), "predict json", p)
    p = run("predict", model, "--all")
    check(p.returncode == 0 and len(p.stdout.splitlines()) == 4, "--all", p)
    p = run("predict", model, "--best")
    check(p.returncode == 0 and p.stdout.split() == ["(none)", "5.000000"],
          "--best", p)
    p = run("predict", model, "--best", "--format", "csv")
    check(p.returncode == 0 and p.stdout.strip() == ",5.000000", "--best csv",
          p)
    p = run("predict", model, "--format", "xml", "--all")
    check(p.returncode == 2 and "--format" in p.stderr, "bad --format", p)
    # Refused, naming the feature, and nothing printed (not even the valid
    # configurations before it).
    for config, message in [("Nope", "unknown feature 'Nope'"),
                            ("Logging,Logging",
                             "feature 'Logging' is named twice")]:
        p = run("predict", model, "--config", "", "--config", config)
        check(p.returncode == 1 and message in p.stderr and p.stdout == "",
              "predict refuses " + config, p)

    # With a feature model: the model records it; invalid configurations
    # are refused with the constraint.
    fm = os.path.join(data, "implications.xml")
    p = run("model", printer, "-f", os.path.join(data, "printer.xml"),
            "-o", model, "--format", "splconqueror")
    check(p.returncode == 0 and "6 * ColorScan" in p.stdout, "splconqueror", p)
    p = run("predict", model, "--config", "Logging,ColorScan,AutoScan")
    check(p.returncode == 0 and p.stdout.split() ==
          ["Logging,ColorScan,AutoScan", "12.000000"],
          "predict with the recorded feature model", p)
    p = run("predict", model, "--config", "X,Y", "-f", fm)
    check(p.returncode == 1 and "error" in p.stderr and "invalid" in p.stderr,
          "invalid configuration refused", p)
    # With the feature model: abstract and duplicate features are refused
    # by name; --all lists each valid configuration once, by its concrete
    # features (the abstract root never appears), as many as
    # `varsim features --count` says.
    printer_xml = os.path.join(data, "printer.xml")
    for config, message in [
            ("Logging,ColorScan,Logging", "feature 'Logging' is named twice"),
            ("Printer", "feature 'Printer' in configuration 'Printer' is "
                        "abstract")]:
        p = run("predict", model, "-f", printer_xml, "--config", config)
        check(p.returncode == 1 and message in p.stderr and p.stdout == "",
              "predict -f refuses " + config, p)
    p = run("predict", model, "-f", printer_xml, "--all", "--format", "json")
    configs = [json.loads(l)["config"] for l in p.stdout.splitlines()]
    count = run("features", printer_xml, "--count").stdout.split()
    check(p.returncode == 0 and len(configs) == len(set(configs)) and
          count and str(len(configs)) == count[0], "--all against the "
          "feature model", p)
    check(all(f and "Printer" not in f
              for c in configs for f in c.split(",") if c),
          "--all names concrete features only", p)

    # Paper mode, CSV, graph exports.
    dot, graphml = os.path.join(tmp, "g.dot"), os.path.join(tmp, "g.graphml")
    p = run("model", printer, "--simplify", "paper", "--format", "csv",
            "--dot", dot, "--graphml", graphml)
    check(p.returncode == 0 and "ColorScan#Base,1," in p.stdout, "paper csv", p)
    check(os.path.exists(dot) and open(dot).read().startswith("digraph"), "dot")
    check(os.path.exists(graphml) and open(graphml).read().count("<node ") == 21,
          "graphml")

    # Errors: malformed, truncated, inconsistent traces; exit 1, no output.
    text = open(simple).read()
    cases = {
        "malformed": text.replace('"config":', '"config"'),
        "truncated": text[: len(text) // 2],
        "version": text.replace('"version": 1', '"version": 9'),
        "region": text.replace("[\n     0,\n     2,", "[\n     0,\n     7,"),
        "parent": text.replace("[\n     0,\n     2,", "[\n     5,\n     2,"),
    }
    for name, body in cases.items():
        check(body != text, "the case differs from the trace: " + name)
    for name, body in cases.items():
        bad = os.path.join(tmp, name + ".json")
        open(bad, "w").write(body)
        out = os.path.join(tmp, name + ".model.json")
        p = run("model", bad, "-o", out)
        located = re.search(re.escape(bad) + r"(:\d+)?: error: ", p.stderr)
        check(p.returncode == 1 and located and
              not os.path.exists(out), "bad trace: " + name, p)

    # A region that ran where its run's configuration makes its condition
    # false (a simulator that does not match its variants): an error at the
    # region's line, naming condition, trace and configuration, once per
    # region, and no model; --allow-inconsistent-traces builds the model,
    # the region a warning.
    t = json.loads(text)
    t["config"] = "ColorScan"
    t["features"][0]["value"] = 0  # Logging off, yet region 1 ran.
    wrong = os.path.join(tmp, "wrong.json")
    wrong2 = os.path.join(tmp, "wrong2.json")
    json.dump(t, open(wrong, "w"))
    json.dump(t, open(wrong2, "w"))
    out = os.path.join(tmp, "wrong.model.json")
    p = run("model", wrong, wrong2, "-o", out)
    errors = re.findall(r"^printer\.c:3: error: region 1 \(condition "
                        r"'Logging'\) ran in .*wrong\.json, whose configuration "
                        r"'ColorScan' makes its condition false: the simulator "
                        r"does not match its variants here; please report it",
                        p.stderr, re.M)
    check(p.returncode == 1 and len(errors) == 1 and
          "1 region(s) ran where their condition is false, 2 time(s)"
          in p.stderr and not os.path.exists(out), "inconsistent trace", p)
    p = run("model", wrong, "-o", out, "--allow-inconsistent-traces")
    check(p.returncode == 0 and os.path.exists(out) and
          "warning: region 1 (printer.c:3, condition 'Logging') ran in"
          in p.stderr, "--allow-inconsistent-traces", p)

    # Several runs: a data-flow difference is reported.
    t1 = json.loads(text)
    t2 = json.loads(text)
    t2["threads"][0]["nodes"][0][3] += 2_000_000_000  # Base code 2 s slower
    t2["config"] = "Logging"
    r1, r2 = os.path.join(tmp, "r1.json"), os.path.join(tmp, "r2.json")
    json.dump(t1, open(r1, "w"))
    json.dump(t2, open(r2, "w"))
    p = run("model", r1, r2)
    check(p.returncode == 0 and "likely data-flow interaction" in p.stderr and
          "printer.c:1" in p.stderr, "data-flow report", p)

checks.finish()
