#!/usr/bin/env python3
"""The real-programs harness's baselines (realworld.py): the linear model
fitted on the native variants that `varsim run --native-variants` timed
beside the simulator's runs (run_variants_baseline_mape), levelled by the
reference variant's validation time as the model is (same_session_mape).
No network, no compiler: a MODEL.json and validation rows written here."""

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realworld  # noqa: E402
from checks import Checks  # noqa: E402

CHECKS = Checks()
check = CHECKS.check


FEATURES = {"A": {"numeric": None, "mandatory": False},
            "B": {"numeric": None, "mandatory": False},
            "C": {"numeric": None, "mandatory": False}}


def seconds(config):
    """A program whose time is linear in its features."""
    on = set(filter(None, config.split(",")))
    return 1.0 + 0.3 * ("A" in on) + 0.1 * ("B" in on) - 0.05 * ("C" in on)


def model_json(directory, measured, configs, runs_measured="native variants"):
    path = Path(directory) / "model.json"
    path.write_text(json.dumps({
        "runs": [{"config": c} for c in configs],
        "run_totals": {"measured": runs_measured,
                       "measured_seconds": [measured(c) for c in configs]}}))
    return path


def rows(level):
    """Validation rows of every configuration, the machine LEVEL times as
    slow as during the runs."""
    out = []
    for mask in range(8):
        config = ",".join(n for i, n in enumerate("ABC") if mask >> i & 1)
        out.append({"config": config, "predicted_s": "1",
                    "measured_s": str(seconds(config) * level)})
    return out


PLANNED = ["", "A", "B", "C"]

with tempfile.TemporaryDirectory() as tmp:
    exact = model_json(tmp, seconds, PLANNED)
    v = realworld.run_variants_baseline_mape(exact, rows(1.4), FEATURES, "A")
    check(v is not None and v[0] < 0.1 and v[1] == 4 and v[2] == 7,
          f"a linear program is predicted from its 4 native variants after "
          f"levelling by the reference's time (got {v})")
    # The runs' variants measured with a drift: B's run 20 % slow.
    drift = model_json(
        tmp, lambda c: seconds(c) * (1.2 if c == "B" else 1.0), PLANNED)
    v = realworld.run_variants_baseline_mape(drift, rows(1.0), FEATURES, "A")
    check(v is not None and v[0] > 5,
          f"a drift in the runs' variants shows in the score (got {v})")
    simulator = model_json(tmp, seconds, PLANNED, runs_measured="simulator")
    check(realworld.run_variants_baseline_mape(simulator, rows(1.0), FEATURES,
                                               "A") is None,
          "no baseline when the runs fitted the simulator's totals")
    check(realworld.run_variants_baseline_mape(exact, rows(1.0), FEATURES,
                                               None) is None,
          "no baseline without a native reference to level by")
    check(realworld.run_variants_baseline_mape(
        exact, [r for r in rows(1.0) if r["config"] != "A"], FEATURES, "A")
        is None, "no baseline when validation did not measure the reference")

CHECKS.finish()
