"""Checks of a `varsim profile` report directory, shared by the tests.

check_report(report_dir, keep_dir=None) opens index.html in headless
Chromium (offline: every host name unresolvable) and checks the rendered
DOM against report-data.json, the exports against the traces, and that the
screenshot is not blank. Fails (exits 1) with a message.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "common"))
import png_pixels  # noqa: E402


def tree_digest(root):
    """A digest of every file's path (relative to ROOT) and content below
    ROOT: equal before and after a command exactly when it changed no
    file there."""
    h = hashlib.sha256()
    for dirpath, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(dirpath, f)
            h.update(os.path.relpath(p, root).encode())
            with open(p, "rb") as data:
                h.update(data.read())
    return h.hexdigest()


def fail(msg, proc=None):
    print("FAIL:", msg)
    if proc is not None:
        print("exit code:", proc.returncode)
        print("stdout:\n" + (proc.stdout or "")[-4000:])
        print("stderr:\n" + (proc.stderr or "")[-4000:])
    sys.exit(1)


def expect(cond, msg, proc=None):
    if not cond:
        fail(msg, proc)


CHROMIUM_FLAGS = [
    "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
    "--no-sandbox", "--no-default-browser-check", "--disable-extensions",
    "--host-resolver-rules=MAP * ~NOTFOUND", "--no-proxy-server",
    "--virtual-time-budget=5000",
]


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    fail("headless Chromium is not installed: run scripts/setup (it "
         "installs Debian's chromium package)")


def run_chromium(args, what):
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    try:
        proc = subprocess.run([chromium_path(), *CHROMIUM_FLAGS,
                               f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        fail(f"chromium did not finish {what} within 120 s")
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    expect(proc.returncode == 0, f"chromium failed ({what})", proc)
    return proc


class Dom(HTMLParser):
    """Elements of the rendered DOM: (tag, attrs, enclosing section id)."""

    def __init__(self):
        super().__init__()
        self.elements = []
        self.stack = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        section = next((s for s in reversed(self.stack) if s), None)
        if tag == "section":
            section = a.get("id")
        self.elements.append((tag, a, section))
        if tag not in ("br", "meta", "img", "input", "link", "hr", "circle",
                       "rect", "line", "path"):
            self.stack.append(section if tag == "section" else None)

    def handle_endtag(self, tag):
        if tag not in ("br", "meta", "img", "input", "link", "hr", "circle",
                       "rect", "line", "path") and self.stack:
            self.stack.pop()

    def find(self, tag=None, cls=None, section=None):
        out = []
        for t, a, s in self.elements:
            if tag and t != tag:
                continue
            if cls and cls not in (a.get("class") or "").split():
                continue
            if section and s != section:
                continue
            out.append(a)
        return out


def check_exports(report_dir, data):
    trace = json.load(open(os.path.join(report_dir, "trace.json")))
    events = [e for e in trace["traceEvents"] if e["ph"] == "X"]
    expect(events, "trace.json has no complete events")
    # Events nest per (pid, tid): a child starts and ends inside its parent.
    by_track = {}
    for e in events:
        by_track.setdefault((e["pid"], e["tid"]), []).append(e)
    for evs in by_track.values():
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        open_ends = []
        for e in evs:
            while open_ends and e["ts"] >= open_ends[-1] - 1e-6:
                open_ends.pop()
            if open_ends:
                expect(e["ts"] + e["dur"] <= open_ends[-1] + 1e-3,
                       f"trace.json: event {e['name']} overlaps its parent")
            open_ends.append(e["ts"] + e["dur"])
    pids = {e["pid"] for e in events}
    expect(len(pids) == len(data["runs"]),
           f"trace.json has {len(pids)} processes, the report "
           f"{len(data['runs'])} runs")
    sp = json.load(open(os.path.join(report_dir, "profile.speedscope.json")))
    expect(sp["$schema"].endswith("file-format-schema.json"),
           "speedscope: no schema")
    nframes = len(sp["shared"]["frames"])
    for prof in sp["profiles"]:
        stack, last = [], prof["startValue"]
        for ev in prof["events"]:
            expect(0 <= ev["frame"] < nframes, "speedscope: bad frame index")
            expect(ev["at"] >= last - 1e-12, "speedscope: time goes back")
            last = ev["at"]
            if ev["type"] == "O":
                stack.append(ev["frame"])
            else:
                expect(stack and stack.pop() == ev["frame"],
                       "speedscope: close without its open")
        expect(not stack, "speedscope: unclosed frames")
        expect(last <= prof["endValue"] + 1e-12, "speedscope: past endValue")


def check_report(report_dir, keep_dir=None, expect_validation=False):
    index = os.path.join(report_dir, "index.html")
    expect(os.path.isfile(index), f"no {index}")
    html = open(index, encoding="utf-8").read()
    # Offline: no external resource of any kind.
    expect(not re.search(r'\b(src|href)\s*=\s*["\']?(https?:)?//', html),
           "index.html refers to an external resource")
    data = json.load(open(os.path.join(report_dir, "report-data.json")))
    check_exports(report_dir, data)

    proc = run_chromium(["--dump-dom", "file://" + index], "--dump-dom")
    dom = Dom()
    dom.feed(proc.stdout)
    body = [a for t, a, _ in dom.elements if t == "body"]
    expect(body and body[0].get("data-rendered") == "yes",
           "the report's script did not finish (a script error?)")

    terms = dom.find("tr", "term", "terms")
    expect(len(terms) == len(data["terms"]) and terms,
           f"{len(terms)} term rows for {len(data['terms'])} terms")
    # Every term's source link leads to a line of the annotated source.
    ids = {a.get("id") for _, a, _ in dom.elements if a.get("id")}
    links = dom.find("a", "srclink", "terms")
    expect(links, "no term links to the source")
    for a in links:
        expect(a["href"][1:] in ids,
               f"source link {a['href']} has no line in the source view")
    files = dom.find("div", "file", "source")
    expect(len(files) == len(data["files"]) and files,
           f"{len(files)} source views for {len(data['files'])} files")
    ann = dom.find("tr", "region-ann", "source")
    shown = [r for r in data["regions"] if r["file"] >= 0]
    expect(len(ann) >= 1 and len(ann) <= len(shown),
           f"{len(ann)} region annotations for {len(shown)} regions")
    # One icicle per planned run, each with a rectangle per context kept.
    flames = dom.find("svg", "flame", "flame")
    expect(len(flames) == len(data["runs"]),
           f"{len(flames)} flame graphs for {len(data['runs'])} runs")
    ctx = dom.find("g", "ctx", "flame")
    expect(len(ctx) >= len(data["runs"]), "the flame graphs are empty")
    variants = dom.find("tr", "variant", "variants")
    segs = dom.find("rect", "seg", "variants")
    if expect_validation:
        v = data["validation"]
        expect(v is not None, "no validation in the report's data")
        measured = [x for x in v["variants"] if x["measured"] is not None]
        expect(len(variants) == len(measured),
               f"{len(variants)} variant rows for {len(measured)} measured")
        reps = dom.find("circle", "rep", "variants")
        expect(len(reps) == sum(len(x["times"]) for x in measured),
               "one dot per repetition")
        pts = dom.find("circle", "pt", "accuracy")
        both = [x for x in measured if x["predicted"] is not None]
        expect(len(pts) >= len(both),
               f"{len(pts)} scatter points for {len(both)} variants")
    else:
        expect(len(variants) == len(data["runs"]),
               "without validation the runs are the variants")
    expect(segs, "no stacked term bars")
    runs = dom.find("tr", "run", "plan")
    expect(len(runs) == len(data["runs"]),
           f"{len(runs)} plan rows for {len(data['runs'])} runs")

    # The screenshot's directory is removed once the image is read (it is
    # copied to keep_dir first when asked to keep it).
    with tempfile.TemporaryDirectory(prefix="varsim-shot-") as shot_dir:
        shot = os.path.join(shot_dir, "shot.png")
        run_chromium(["--window-size=1400,2400", f"--screenshot={shot}",
                      "file://" + index], "the screenshot")
        if keep_dir:
            os.makedirs(keep_dir, exist_ok=True)
            shutil.copy(shot, os.path.join(keep_dir, "report.png"))
        try:
            w, h, pixel = png_pixels.read_png(shot)
        except png_pixels.PngError as e:
            fail(str(e))
    colours, ink = set(), 0
    for y in range(0, h, 4):
        for x in range(0, w, 4):
            p = pixel(x, y)
            colours.add((p[0] >> 4, p[1] >> 4, p[2] >> 4))
            if sum(p) < 600:
                ink += 1
    total = (h // 4) * (w // 4)
    expect(ink > total * 0.03, f"the screenshot is almost blank ({ink})")
    expect(len(colours) > 25,
           f"the screenshot has only {len(colours)} colours (no plots?)")
    # The header's dark blue band is at the top.
    band = pixel(700, 10)
    expect(band[2] > band[0] and sum(band) < 300,
           f"no header band at the top of the screenshot: {band}")
    return data
