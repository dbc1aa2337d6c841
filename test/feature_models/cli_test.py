#!/usr/bin/env python3
"""End-to-end tests of `varsim features`: cli_test.py VARSIM MODELS_DIR CASE.

Each case runs the command and checks its standard output, standard error
and exit code."""
import os
import re
import subprocess
import sys
import tempfile

VARSIM, MODELS, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
ELEVATOR = os.path.join(MODELS, "elevator.xml")
ELEVATOR_VM = os.path.join(MODELS, "elevator.vm.xml")
EMAIL = os.path.join(MODELS, "email.xml")


def run(*args, code=0):
    proc = subprocess.run([VARSIM, "features", *args], capture_output=True,
                          text=True, timeout=60)
    if proc.returncode != code:
        sys.exit(f"varsim features {' '.join(args)}: exit code "
                 f"{proc.returncode}, expected {code}\nstdout:\n{proc.stdout}"
                 f"\nstderr:\n{proc.stderr}")
    return proc


def expect(cond, what):
    if not cond:
        sys.exit("failed: " + what)


def lines(proc):
    return proc.stdout.splitlines()


def count(model):
    out = run(model, "--count").stdout
    expect(re.fullmatch(r"[0-9]+\n", out), f"--count prints a number: {out!r}")
    return int(out)


def case_summary():
    out = run(ELEVATOR).stdout
    expect(f"valid configurations: {count(ELEVATOR)}\n" in out, out)
    expect("features: 13 (10 concrete, 3 abstract, 0 numeric)" in out, out)
    expect("groups: 1 alternative, 1 or" in out, out)
    expect("constraints: 3\n  Sabbath => !Service\n" in out, out)
    expect("mutually exclusive: {FIFO, ShortestPath, Sabbath}" in out, out)
    expect("Behavior (abstract, mandatory, alternative group)" in out, out)
    expect("Logging (macro ELEVATOR_LOG)" in out, out)
    expect("dead features: none" in out, out)
    email = run(EMAIL).stdout
    expect("LEVEL (mandatory, macro COMPRESSION_LEVEL, numeric {0, 1, 2, 3}, "
           "default 1)" in email, email)


def case_count():
    expect(count(ELEVATOR) == len(lines(run(ELEVATOR, "--list"))), "count")
    expect(count(EMAIL) > count(ELEVATOR), "email is larger")


def case_list():
    configs = lines(run(ELEVATOR, "--list"))
    expect(len(configs) == len(set(configs)), "distinct")
    expect(len(configs) > 10, "several configurations")
    for config in configs[:: max(1, len(configs) // 15)]:
        expect(run(ELEVATOR, "--check", config).stdout == f"valid: {config}\n",
               config)
    numeric = lines(run(EMAIL, "--list"))
    expect(all(re.search(r"(^|,)LEVEL=[0-3]$", c) for c in numeric), "LEVEL")


def case_check_valid():
    expect(run(ELEVATOR, "--check", "FIFO").stdout == "valid: FIFO\n", "FIFO")
    out = run(ELEVATOR, "--check", "Overloaded , ShortestPath,Logging").stdout
    expect(out == "valid: ShortestPath,Safety,Overloaded,Logging\n", out)


def case_check_invalid():
    err = run(ELEVATOR, "--check", "Sabbath,Service", code=1).stderr
    expect("invalid configuration 'Sabbath,Service'" in err, err)
    expect("constraint 'Sabbath => !Service'" in err, err)
    err = run(ELEVATOR, "--check", "", code=1).stderr
    expect("alternative group 'Behavior' needs exactly one of" in err, err)
    err = run(EMAIL, "--check", "SMTP,LEVEL=9", code=1).stderr
    expect("numeric feature 'LEVEL' has value 9" in err, err)


def case_check_unknown():
    err = run(ELEVATOR, "--check", "FIFO,Bogus", code=1).stderr
    expect("unknown feature 'Bogus'" in err, err)


def case_defines():
    out = run(EMAIL, "--defines", "SMTP,LEVEL=2").stdout
    expect(out == "-DMAIL_Base=1 -DMAIL_SMTP=1 -DCOMPRESSION_LEVEL=2\n", out)
    out = run(ELEVATOR, "--defines", "Sabbath,Logging").stdout
    expect(out == "-DSabbath=1 -DELEVATOR_LOG=1\n", out)
    err = run(ELEVATOR, "--defines", "Sabbath,Service", code=1).stderr
    expect("constraint 'Sabbath => !Service'" in err, err)
    # Repeated: one line per CONFIG, in order.
    out = run(ELEVATOR, "--defines", "Sabbath,Logging", "--defines",
              "Sabbath").stdout
    expect(out == "-DSabbath=1 -DELEVATOR_LOG=1\n-DSabbath=1\n", out)
    out = run(EMAIL, "--defines", "SMTP,LEVEL=2", "--defines", "IMAP").stdout
    expect(out.count("\n") == 2 and out.startswith("-DMAIL_Base=1 "
                                                  "-DMAIL_SMTP=1"), out)
    # A bad CONFIG among them: nothing printed, exit 1.
    proc = run(ELEVATOR, "--defines", "Sabbath", "--defines",
               "Sabbath,Service", code=1)
    expect(proc.stdout == "", proc.stdout)


def expect_valid_sample(model, configs):
    for config in configs:
        run(model, "--check", config)
    expect(len(configs) == len(set(configs)), "distinct sample")


def case_sample_pairwise():
    first = lines(run(EMAIL, "--sample", "pairwise"))
    expect(first == lines(run(EMAIL, "--sample", "pairwise")), "deterministic")
    expect(0 < len(first) < count(EMAIL), f"{len(first)} configurations")
    expect_valid_sample(EMAIL, first)
    one = lines(run(EMAIL, "--sample", "twise:1"))
    expect(0 < len(one) <= len(first), "1-wise is smaller")


def case_sample_featurewise():
    on = lines(run(ELEVATOR_VM, "--sample", "featurewise"))
    off = lines(run(ELEVATOR_VM, "--sample", "negfeaturewise"))
    expect_valid_sample(ELEVATOR_VM, on)
    expect_valid_sample(ELEVATOR_VM, off)
    for feature in ["Service", "RushHour", "Overloaded", "Logging"]:
        expect(any(feature in c.split(",") for c in on), feature)
        expect(any(feature not in c.split(",") for c in off), feature)


def case_sample_random():
    a = lines(run(EMAIL, "--sample", "random:5", "--seed", "3"))
    b = lines(run(EMAIL, "--sample", "random:5", "--seed", "3"))
    expect(a == b and len(a) == 5, f"{a} / {b}")
    expect_valid_sample(EMAIL, a)
    run(EMAIL, "--sample", "random:0", code=2)
    run(EMAIL, "--sample", "random:x", code=2)


def case_sample_all():
    expect(sorted(lines(run(ELEVATOR, "--sample", "all"))) ==
           sorted(lines(run(ELEVATOR, "--list"))), "all == list")


def case_bad_model():
    with tempfile.TemporaryDirectory() as tmp:
        bad = os.path.join(tmp, "bad.xml")
        with open(bad, "w") as f:
            f.write("<featureModel>\n<struct>\n<and name='R'>\n"
                    "<feature name='A'/>\n<feature name='A'/>\n</and>\n"
                    "</struct>\n</featureModel>\n")
        err = run(bad, "--count", code=1).stderr
        expect(re.match(re.escape(bad) + r":5: error: duplicate feature name "
                        r"'A'", err), err)
        with open(bad, "w") as f:
            f.write("<featureModel><struct>\n<and name='R'>\n")
        err = run(bad, code=1).stderr
        expect(re.match(re.escape(bad) + r":[0-9]+: error: malformed XML",
                        err), err)
        err = run(os.path.join(tmp, "missing.xml"), code=1).stderr
        expect("cannot read the feature model" in err, err)


def case_usage():
    err = run(ELEVATOR, "--sample", "threewise", code=2).stderr
    expect("unknown sampling strategy 'threewise'" in err, err)
    run(ELEVATOR, "--count", "--list", code=2)
    run(code=2)


def case_spl_conqueror():
    expect(count(ELEVATOR) == count(ELEVATOR_VM), "same count")
    expect(sorted(lines(run(ELEVATOR, "--list"))) ==
           sorted(lines(run(ELEVATOR_VM, "--list"))), "same configurations")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "converted.xml")
        run(ELEVATOR_VM, "--to-featureide", out)
        expect(sorted(lines(run(out, "--list"))) ==
               sorted(lines(run(ELEVATOR_VM, "--list"))), "converted")


globals()["case_" + CASE]()
