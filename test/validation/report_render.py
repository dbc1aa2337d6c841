#!/usr/bin/env python3
"""The HTML report of `varsim validate`, rendered by headless Chromium.

Usage: report_render.py VARSIM [KEEP_DIR]

Generates a report from a fast, real `varsim validate` run (a hand-written
MODEL.json over four features; the "variants" are shell commands that sleep
for a configuration-dependent time; one named configuration is invalid and
one variant fails to build), then opens it in headless Chromium with every
host name unresolvable (the report must render offline) and checks:

- the DOM (--dump-dom): no script, no external resource; the scatter plot
  has one model point per measured sample variant (the CSV's rows) and one
  baseline point per held-out variant; one bar per model term;
- the screenshot (PNG, decoded with zlib, below): not blank; at the centre of every
  model point the model's colour, inside every baseline point the baseline's
  colour, at the centre of every bar the bar's colour (red for negative
  terms), and text (the axes' numbers and labels) in every plot. The
  positions come from a copy of the report with a script that records the
  elements' boxes in the DOM (the report itself has no script).

With KEEP_DIR the report and the screenshot are copied there (to look at).

Chromium (Debian's `chromium`) is installed by scripts/setup; without it the
test fails and says so: a renderer missing on CI must not turn into a silent
pass. The PNG is decoded here with the standard library rather than Pillow:
the interpreter CMake finds (a pyenv, a venv) need not see Debian's
python3-pil, and Chromium's screenshots are plain 8-bit, non-interlaced PNGs.
"""
import csv
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

varsim = sys.argv[1]
keep_dir = sys.argv[2] if len(sys.argv) > 2 else None


def fail(msg, proc=None):
    print("FAIL:", msg)
    if proc is not None:
        print("exit code:", proc.returncode)
        print("stdout:\n" + (proc.stdout or ""))
        print("stderr:\n" + (proc.stderr or "")[-4000:])
    sys.exit(1)


def expect(cond, msg, proc=None):
    if not cond:
        fail(msg, proc)


chromium = next((p for p in (shutil.which(n) for n in
                             ("chromium", "chromium-browser", "google-chrome"))
                 if p), None)
if chromium is None:
    fail("headless Chromium is not installed: run scripts/setup "
         "(it installs Debian's chromium package)")

FEATURE_MODEL = """<?xml version="1.0" encoding="UTF-8"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="App">
      <feature name="A"/>
      <feature name="B"/>
      <feature name="C"/>
      <feature name="D"/>
    </and>
  </struct>
</featureModel>
"""


def term(name, seconds):
    atoms = [] if name == "Base" else name.split("#")
    return {"term": name, "seconds": seconds, "atoms": atoms}


MODEL = {
    "format": "varsim-model",
    "version": 1,
    "simplification": "full",
    "features": [{"name": f, "kind": "bool"} for f in "ABCD"],
    "runs": [{"trace": "a.json", "config": "A,B,C,D", "seconds": 0.054},
             {"trace": "b.json", "config": "", "seconds": 0.012}],
    "terms": [term("A", 0.020), term("Base", 0.012), term("B", 0.012),
              term("A#B", 0.008), term("C", 0.006), term("A#C", -0.004)],
}

# What the variants really do: the model's terms plus D's 3 ms (which the
# model misses, so that its error is not zero).
RUN = ("ms=10; case ',{config},' in *,A,*) ms=$((ms+20));; esac; "
       "case ',{config},' in *,B,*) ms=$((ms+12));; esac; "
       "case ',{config},' in *,A,*B,*) ms=$((ms+8));; esac; "
       "case ',{config},' in *,C,*) ms=$((ms+6));; esac; "
       "case ',{config},' in *,A,*C,*) ms=$((ms-4));; esac; "
       "case ',{config},' in *,D,*) ms=$((ms+3));; esac; "
       "sleep $(printf '0.%03d' $ms)")
BUILD = ("test '{config}' != 'A,B,C,D' || "
         "{ echo 'error: A,B,C,D does not build' >&2; exit 2; }")

CHROMIUM_FLAGS = [
    "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
    "--no-default-browser-check", "--disable-extensions", "--disable-sync",
    "--disable-background-networking", "--disable-component-update",
    "--force-device-scale-factor=1",
    # No network: every host name fails to resolve, so a report that needed
    # a resource from the network would show it here.
    "--host-resolver-rules=MAP * ~NOTFOUND", "--no-proxy-server",
]
if os.geteuid() == 0:
    CHROMIUM_FLAGS.append("--no-sandbox")  # Chromium refuses root otherwise.

# What a box script records: the page's size and each plotted element.
BOX_SCRIPT = """<script>
const box = e => { const r = e.getBoundingClientRect();
  return [r.left + scrollX, r.top + scrollY, r.width, r.height]; };
document.body.dataset.boxes = JSON.stringify({
  width: document.documentElement.scrollWidth,
  height: document.documentElement.scrollHeight,
  plots: [...document.querySelectorAll('svg.plot')].map(
    s => ({id: s.id, box: box(s)})),
  points: [...document.querySelectorAll('svg.plot [data-config]')].map(
    p => ({cls: p.getAttribute('class'), box: box(p)})),
  bars: [...document.querySelectorAll('svg.plot rect.bar')].map(
    b => ({cls: b.getAttribute('class'), plot: b.closest('svg').id,
           box: box(b)}))});
</script>"""


def run_chromium(args, tmp, what):
    profile = tempfile.mkdtemp(prefix="chromium-profile-", dir=tmp)
    try:
        proc = subprocess.run([chromium, *CHROMIUM_FLAGS,
                               f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=90)
    except subprocess.TimeoutExpired:
        fail(f"chromium did not finish {what} within 90 s")
    expect(proc.returncode == 0, f"chromium failed ({what})", proc)
    return proc


class Elements(HTMLParser):
    """Counts the elements of the dumped DOM by tag and class, per plot."""

    def __init__(self):
        super().__init__()
        self.found = []  # (plot id, tag, attrs)
        self.svg = None
        self.tags = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.add(tag)
        if tag == "svg":
            self.svg = attrs.get("id")
        self.found.append((self.svg, tag, attrs))

    def handle_endtag(self, tag):
        if tag == "svg":
            self.svg = None

    def count(self, plot, tag, cls, need_config=False):
        return sum(1 for p, t, a in self.found
                   if p == plot and t == tag and
                   cls in (a.get("class") or "").split() and
                   (not need_config or "data-config" in a))

    def configs(self, plot, cls):
        return sorted(a["data-config"] for p, t, a in self.found
                      if p == plot and "data-config" in a and
                      cls in (a.get("class") or "").split())


def read_png(path, rows_needed):
    """The RGB pixels of Chromium's screenshot as (width, height,
    pixel(x, y)); only the first rows_needed rows are unfiltered."""
    try:
        return png_pixels.read_png(path, rows_needed)
    except png_pixels.PngError as e:
        fail(str(e))


def near(pixel, colour, tolerance=40):
    return all(abs(p - c) <= tolerance for p, c in zip(pixel[:3], colour))


MODEL_BLUE = (0x1f, 0x77, 0xb4)
BASELINE_ORANGE = (0xff, 0x7f, 0x0e)
NEGATIVE_RED = (0xd6, 0x27, 0x28)

with tempfile.TemporaryDirectory(prefix="varsim-report-render-") as tmp:
    for name, text in [("model.xml", FEATURE_MODEL),
                       ("model.json", json.dumps(MODEL))]:
        with open(os.path.join(tmp, name), "w") as f:
            f.write(text)
    report = os.path.join(tmp, "report")
    proc = subprocess.run(
        [varsim, "validate", "--model", "model.json", "-f", "model.xml",
         "--build", BUILD, "--run", RUN, "--sample", "all",
         "--config", "A,NOSUCH", "--repeat", "1", "--warmup", "0", "-j", "2",
         "--timeout", "10", "--report", report],
        cwd=tmp, capture_output=True, text=True, timeout=120)
    expect(proc.returncode == 1, "expected exit code 1 (two variants fail)",
           proc)
    html_path = os.path.join(report, "index.html")
    expect(os.path.exists(html_path), "no index.html", proc)
    with open(os.path.join(report, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    html = open(html_path).read()
    expect(not re.search(r"<script|<img|<link|<iframe|@import|url\(", html),
           "the report must be self-contained: no script or resource")
    expect(not re.search(r"(src|href)\s*=", html), "no src= or href=")

    # 1. The layout: a copy of the report with a script that records boxes.
    probe = os.path.join(tmp, "probe.html")
    with open(probe, "w") as f:
        f.write(html.replace("</body>", BOX_SCRIPT + "\n</body>"))
    dom = run_chromium(["--window-size=1280,1000", "--dump-dom",
                        "file://" + probe], tmp, "the layout probe").stdout
    m = re.search(r'data-boxes="([^"]*)"', dom)
    expect(m, "the probe did not record the layout (no data-boxes in DOM)")
    layout = json.loads(m.group(1).replace("&quot;", '"')
                        .replace("&amp;", "&"))

    # 2. The report itself: its DOM and a screenshot of the whole page.
    width = max(1280, int(layout["width"]))
    height = min(8000, int(layout["height"]) + 20)
    png = os.path.join(tmp, "report.png")
    shot = run_chromium([f"--window-size={width},{height}",
                         f"--screenshot={png}", "--dump-dom",
                         "file://" + html_path], tmp, "the screenshot")
    if keep_dir:
        os.makedirs(keep_dir, exist_ok=True)
        for f in (png, html_path, os.path.join(report, "results.csv")):
            shutil.copy(f, keep_dir)
    expect(os.path.exists(png), "chromium wrote no screenshot", shot)

    # DOM: one point per variant.
    parsed = Elements()
    parsed.feed(shot.stdout)
    expect("svg" in parsed.tags, "the rendered DOM has no SVG")
    expect("script" not in parsed.tags, "the rendered DOM has a script")
    plotted = [r["config"] for r in rows
               if "sample" in r["role"] and r["measured_s"] and
               r["predicted_s"]]
    held_out = [r["config"] for r in rows
                if r["role"] == "sample" and r["measured_s"] and
                r["baseline_predicted_s"]]
    expect(len(plotted) == 15, f"expected 15 measured variants: {rows}")
    expect(held_out, "expected variants held out from the baseline's fit")
    expect(parsed.configs("scatter", "model") == sorted(plotted),
           f"model points {parsed.configs('scatter', 'model')} != measured "
           f"variants {sorted(plotted)}")
    expect(parsed.configs("scatter", "baseline") == sorted(held_out),
           f"baseline points {parsed.configs('scatter', 'baseline')} != "
           f"held-out variants {sorted(held_out)}")
    expect(any(p == "scatter" and t == "line" and a.get("id") == "diagonal"
               for p, t, a in parsed.found), "no diagonal")
    expect(parsed.count("terms", "rect", "bar") == len(MODEL["terms"]),
           "one bar per model term")
    expect(parsed.count("terms", "rect", "negative") == 1,
           "the negative term's bar is marked negative")
    for text in ("predicted (s)", "measured (s)", "varsim model",
                 "linear baseline", "A#C", "NOSUCH", "build failed"):
        expect(text in shot.stdout, f"'{text}' is not on the page")

    # Pixels: the plots are drawn where the layout says.
    plots_bottom = max(int(p["box"][1] + p["box"][3]) for p in
                       layout["plots"]) + 1
    png_width, png_height, pixel = read_png(png, plots_bottom)
    expect((png_width, png_height) == (width, height),
           f"screenshot {(png_width, png_height)}, expected "
           f"{(width, height)}")
    expect(plots_bottom <= height, "the plots are not all on the screenshot")
    counts = {}
    for y in range(0, plots_bottom, 2):
        for x in range(0, width, 2):
            px = pixel(x, y)
            counts[px] = counts.get(px, 0) + 1
    expect(len(counts) > 50, "the screenshot is nearly uniform (blank?)")
    white = counts.get((255, 255, 255), 0)
    expect(white < sum(counts.values()) * 0.97,
           "the screenshot is nearly blank")

    def centre(box):
        return (int(box[0] + box[2] / 2), int(box[1] + box[3] / 2))

    def inside(box):
        x0, y0 = int(box[0]), int(box[1])
        for x in range(x0, x0 + max(1, int(box[2]))):
            for y in range(y0, y0 + max(1, int(box[3]))):
                if 0 <= x < width and 0 <= y < plots_bottom:
                    yield pixel(x, y)

    def covers(outer, box):
        return (outer[0] <= box[0] + 1 and outer[1] <= box[1] + 1 and
                outer[0] + outer[2] >= box[0] + box[2] - 1 and
                outer[1] + outer[3] >= box[1] + box[3] - 1)

    points = [p for p in layout["points"] if p["box"][2] > 0]
    expect(len(points) == len(plotted) + len(held_out),
           f"{len(points)} points laid out")
    for p in points:
        if p["cls"] == "model":
            px = pixel(*centre(p["box"]))
            expect(near(px, MODEL_BLUE),
                   f"model point at {centre(p['box'])} has colour {px}")
        elif not any(covers(m["box"], p["box"]) for m in points
                     if m["cls"] == "model"):
            # Orange at 80 % opacity, perhaps partly under a model point
            # (wholly under one where the two predictions agree: the model
            # points are drawn last).
            expect(any(near(px, BASELINE_ORANGE, 60) for px in
                       inside(p["box"])),
                   f"baseline point at {p['box']} shows no orange")
    for b in layout["bars"]:
        if b["box"][2] < 3:
            continue  # A hairline bar (a tiny term) has no solid centre.
        want = NEGATIVE_RED if "negative" in b["cls"] else MODEL_BLUE
        px = pixel(*centre(b["box"]))
        expect(near(px, want), f"bar in {b['plot']} at {centre(b['box'])} "
                               f"has colour {px}, expected {want}")
    for plot in layout["plots"]:
        dark = sum(1 for px in inside(plot["box"]) if sum(px) < 300)
        expect(dark > 200, f"plot {plot['id']}: no text or axes drawn "
                           f"({dark} dark pixels)")
print("ok")
