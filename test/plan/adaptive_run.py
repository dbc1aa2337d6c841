"""An adaptive `varsim run` on a hand-made OUT directory: adaptive_run.py
VARSIM. The "simulator" writes a real calltrace.json whose visit counts
depend on the configuration as the case says, so the test knows what the
counts witness: a static fact that the counts refute needs no run of its
own, a region whose counts change with a feature that no fact names gets
runs, and --no-adaptive runs the static plan."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
from checks import Checks, varsim_runner  # noqa: E402

VARSIM = sys.argv[1]
checks = Checks()
check = checks.check
varsim = varsim_runner(VARSIM)

MODEL = """<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/><feature name="C"/>
  </and></struct></featureModel>"""

REGIONS = [
    {"id": 0, "kind": "function", "function": "main", "condition": "1",
     "file": "main.c", "line": 1, "end_line": 30},
    {"id": 1, "kind": "function", "function": "work", "condition": "1",
     "file": "work.c", "line": 1, "end_line": 10},
    {"id": 2, "kind": "function", "function": "scan", "condition": "1",
     "file": "scan.c", "line": 1, "end_line": 10},
]

# The simulator: a Python script. Region 1's visits never change (the
# static fact "A and B reach work's control" is not real); region 2's
# visits grow with A when SCAN_BY_A is set (a flow no fact names).
SIM = r'''
import json, os, sys
config = os.environ.get("VARSIM_CONFIG", "")
on = set(filter(None, config.split(",")))
scan = 10 + (5 if "A" in on and os.environ.get("SCAN_BY_A") else 0)
regions = %s
trace = {"format": "varsim-calltrace", "version": 1,
         "varsim_version": "0.1.0", "program": "sim", "pid": os.getpid(),
         "config": config,
         "features": [{"name": f, "kind": "bool", "value": int(f in on)}
                      for f in "ABC"],
         "regions": regions, "clock": {"source": "test", "unit": "ns"},
         "calibration": {"inner_ns": 0.0, "outer_ns": 0.0},
         "wall_ns": 100000000 + scan * 1000000,
         "threads": [{"tid": 1, "name": "main", "main": True, "nodes": [
             [-1, 0, 1, 100000000 + scan * 1000000],
             [0, 1, 4, 40000000],
             [0, 2, scan, scan * 1000000]]}],
         "dropped": 0}
with open(os.environ["VARSIM_TRACE"], "w") as f:
    json.dump(trace, f)
''' % json.dumps(REGIONS)


def fact(region, function, features, kind):
    """A region's data-flow fact with one evidence of Kind per feature."""
    point = {"file": "work.c", "line": 3}
    return {"region": region, "function": function, "features": features,
            "evidence": [{"feature": f, "source": point, "sink": point,
                          "via": "test", "kind": kind} for f in features]}


def make_out(root, facts=None, name="out"):
    out = os.path.join(root, name)
    os.makedirs(out)
    with open(os.path.join(out, "model.xml"), "w") as f:
        f.write(MODEL)
    dataflow = {"version": 1, "locations": "simulator",
                "translation_units": 1,
                "regions": facts if facts is not None else
                [{"region": 1, "function": "work",
                  "features": ["A", "B"], "evidence": []}],
                "functions": []}
    manifest = {"format": "varsim-manifest", "version": 1,
                "feature_model": {"path": "model.xml", "inferred": False},
                "features": [{"name": n, "macro": n, "kind": "bool"}
                             for n in "ABC"],
                "regions": REGIONS, "dataflow": dataflow, "plan": []}
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    return out


def index_of(out):
    with open(os.path.join(out, "traces", "index.json")) as f:
        return json.load(f)


def configs_run(index):
    return [r["config"] for r in index["runs"] if r["repetition"] == 1]


with tempfile.TemporaryDirectory() as tmp:
    out = make_out(tmp)
    sim = os.path.join(tmp, "sim.py")
    with open(sim, "w") as f:
        f.write(SIM)
    plan = varsim("plan", out)
    static = plan.stdout.splitlines()
    check(plan.returncode == 0 and len(static) == 4,
          f"the static plan observes A x B at work: 4 runs, {static}", plan)

    # The fact is refuted by equal counts (and times): no run beyond the
    # first two, which flip A and B together.
    p = varsim("run", out, "--repeat", "1", "--", sys.executable, sim)
    check(p.returncode == 0, "adaptive run exits 0", p)
    index = index_of(out)
    ran = configs_run(index)
    check(len(ran) == 2 and set(ran) <= set(static),
          f"refuted fact: 2 static runs, no more: {ran}", p)
    facts = index.get("adaptive", {}).get("facts", [])
    check(sorted((f["feature"], f["verdict"]) for f in facts) ==
          [("A", "refuted"), ("B", "refuted")],
          f"index.json says both facts are refuted: {facts}", p)
    check("2 refuted" in p.stderr and "no more run needed (2 in all" in
          p.stderr,
          "the run says what it decided", p)

    # Counts of scan change with A, which no fact names for scan: the two
    # first runs differ in A and B, so scan gets both as influences, and
    # runs are added, one at a time with the evidence weighed after each,
    # until every combination of A and B has run (the static plan's 4).
    # The third run alone cannot tell an effect of A from one of A x B.
    os.environ["SCAN_BY_A"] = "1"
    p = varsim("run", out, "--repeat", "1", "--", sys.executable, sim)
    check(p.returncode == 0, "adaptive run with a missed flow exits 0", p)
    index = index_of(out)
    ran = configs_run(index)
    witnesses = index.get("adaptive", {}).get(
        "count_witnesses_without_fact", [])
    check(any(w["region"] == 2 and w["feature"] == "A" for w in witnesses),
          f"scan's counts witness A: {witnesses}", p)
    combos = {("A" in c.split(","), "B" in c.split(",")) for c in ran}
    check(len(ran) == 4 and len(combos) == 4,
          f"runs added for scan: every combination of A and B: {ran}", p)
    check(p.stderr.count("varsim: adaptive run, after") == 3 and
          p.stderr.count("varsim: adaptive run: next ") == 2,
          "the evidence is weighed after each added run", p)
    check("region 2 scan" in p.stderr and "visit counts differ" in p.stderr,
          "the run names the witnessing region", p)

    # `varsim plan --evidence` replays the run's rounds from its traces:
    # after the first K runs it names the run the adaptive run made next,
    # and after all of them none.
    traces = os.path.join(out, "traces")
    for k in (2, 3):
        q = varsim("plan", out, "--evidence", traces, "--evidence-runs",
                   str(k))
        check(q.returncode == 0 and q.stdout.splitlines() == [ran[k]],
              f"the replay after {k} runs names run {k + 1} ({ran[k]!r}): "
              f"{q.stdout!r}", q)
    q = varsim("plan", out, "--evidence", traces, "-v")
    check(q.returncode == 0 and q.stdout == "" and
          "no more run needed (4 in all" in q.stderr and
          "region 1 work (" in q.stderr and ": refuted (" in q.stderr,
          "after every run, the replay needs none and -v gives each "
          "fact's verdict", q)
    q = varsim("plan", out, "--evidence", os.path.join(tmp, "missing"))
    check(q.returncode == 1 and "cannot read the run index" in q.stderr and
          q.stdout == "", "a missing run index is a located error", q)
    q = varsim("plan", out, "--evidence-runs", "2")
    check(q.returncode != 0 and "--evidence" in q.stderr and q.stdout == "",
          "--evidence-runs without --evidence is refused, not ignored", q)
    with open(os.path.join(tmp, "bad.json"), "w") as f:
        f.write('{"format": "varsim-run-index", "runs": [')
    q = varsim("plan", out, "--evidence", os.path.join(tmp, "bad.json"))
    check(q.returncode == 1 and "bad.json:1:" in q.stderr and
          "malformed JSON" in q.stderr, "a malformed run index is a "
          "located error", q)

    # With repetitions: the first runs' rounds interleave; each follow-up
    # runs once when it is chosen (its counts are exact), and the
    # follow-ups' repetitions come after all of them, interleaved too.
    p = varsim("run", out, "--repeat", "2", "--", sys.executable, sim)
    check(p.returncode == 0, "adaptive run with --repeat 2 exits 0", p)
    order = [(r["run"], r["repetition"]) for r in index_of(out)["runs"]]
    check(order == [(1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (4, 1), (3, 2),
                    (4, 2)],
          f"the follow-ups' repetitions come after them, interleaved: "
          f"{order}", p)
    check(p.stderr.count("varsim: adaptive run, after") == 3,
          "the evidence is still weighed after each added run", p)
    del os.environ["SCAN_BY_A"]

    # Decisions in an unmarked callee (evidence kind "callee": work's
    # time depends on A, B and C through a function without a marker) are
    # facts too: the static plan changes each alone from one point (4
    # runs), the first runs leave them out, and equal counts refute them.
    callee = make_out(tmp, [fact(1, "work", ["A", "B", "C"], "callee")],
                      "callee")
    plan = varsim("plan", callee)
    callee_static = plan.stdout.splitlines()
    check(plan.returncode == 0 and len(callee_static) == 4,
          f"callee facts: A, B, C each changed alone: 4 runs, "
          f"{callee_static}", plan)
    p = varsim("run", callee, "--repeat", "1", "--", sys.executable, sim)
    check(p.returncode == 0, "adaptive run over callee facts exits 0", p)
    index = index_of(callee)
    ran = configs_run(index)
    check(sorted(ran) == ["", "A,B,C"] and
          index.get("adaptive", {}).get("minimal_runs") == 2,
          f"callee facts stay out of the first runs, whose second run flips "
          f"every fact feature, and equal counts refute them: 2 runs, "
          f"{ran}, {index.get('adaptive')}", p)
    facts = index.get("adaptive", {}).get("facts", [])
    check(sorted((f["feature"], f["verdict"]) for f in facts) ==
          [("A", "refuted"), ("B", "refuted"), ("C", "refuted")],
          f"index.json weighs the callee facts: {facts}", p)

    # --no-adaptive: the static plan as it is.
    p = varsim("run", out, "--repeat", "1", "--no-adaptive", "--",
               sys.executable, sim)
    check(p.returncode == 0 and configs_run(index_of(out)) == static and
          "adaptive" not in index_of(out),
          "--no-adaptive runs the static plan", p)

sys.exit(checks.finish())
