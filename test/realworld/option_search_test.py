#!/usr/bin/env python3
"""The real-programs harness's search for the options the rewrite accepts
together (realworld.py, Program.drop_named / add_one_at_a_time), against a
stand-in rewrite: options accepted alone but refused together are left out
one per refusal when the refusal names them, and added one at a time when
it does not. No network, no compiler: the search's logic only."""

import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realworld  # noqa: E402
from checks import Checks  # noqa: E402

CHECKS = Checks()
check = CHECKS.check


class StandIn(realworld.Program):
    """A Program whose rewrite refuses any set holding both B and D (the
    refusal names them when NAMED) and counts its rewrites."""

    def __init__(self, named):
        self.result = {"refusals": {}}
        self.model_xml = "model.xml"
        self.work = Path("/nonexistent")
        self.sim = self.work / "sim"
        self.named = named
        self.rewrites = 0
        self.outs = []

    def rewrite(self, model_xml, out, jobs=2):
        self.rewrites += 1
        self.outs.append(out)
        kept = KEPT[model_xml]
        if {"B", "D"} <= kept:
            what = "B, D" if self.named else "a table"
            return SimpleNamespace(
                returncode=1, stdout="",
                stderr=f"x.c:1:2: error: 'T' differs per configuration of "
                       f"{what}\n"), 1.0
        return SimpleNamespace(returncode=0, stdout="", stderr=""), 1.0


KEPT = {}
realworld.restrict_model = lambda model, keep, out: KEPT.__setitem__(
    out, set(keep))
realworld.log = lambda msg: None

options = ["A", "B", "C", "D", "E"]
p = StandIn(named=True)
together = p.drop_named(options, "x.c:1:2: error: ... of B, D", "reduced.xml")
check(together == ["A", "B", "C", "E"],
      f"a refusal naming B and D leaves out D, the last it names: {together}")
check(p.rewrites == 1, f"one rewrite for one option left out: {p.rewrites}")
check(p.outs == [p.sim] and p.accepted_in_sim == {"A", "B", "C", "E"},
      f"the set accepted is rewritten into sim/, once (rewrite_all does not "
      f"rewrite it again): {p.outs}, {p.accepted_in_sim}")
check(list(p.result["refusals"]) == ["D (with A, B, C, E)"],
      f"the option left out is reported with its refusal: "
      f"{p.result['refusals']}")

p = StandIn(named=False)
check(p.drop_named(options, "x.c:1:2: error: a table", "reduced.xml") is None,
      "a refusal naming no option: no answer from drop_named")
together = p.add_one_at_a_time(options, "reduced.xml")
check(together == ["A", "B", "C", "E"] and p.rewrites == 5,
      f"then one option at a time, in the model's order: {together}, "
      f"{p.rewrites} rewrites")
check(p.result["refusals"] == {"D (with A, B, C)":
                               "x.c:1:2: error: 'T' differs per "
                               "configuration of a table"},
      f"D is reported with the message its addition gave: "
      f"{p.result['refusals']}")

CHECKS.finish()
