"""The hand-made OUT directory of run_repeat.py and run_native.py: two
features A|B in an alternative group, a region each."""
import json
import os

MODEL = """<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <alt mandatory="true" abstract="true" name="Codec">
      <feature name="A"/><feature name="B"/>
    </alt></and></struct></featureModel>"""


def make_out(root):
    out = os.path.join(root, "out")
    os.makedirs(out)
    with open(os.path.join(out, "model.xml"), "w") as f:
        f.write(MODEL)
    regions = [
        {"id": 0, "kind": "function", "function": "main", "condition": "1",
         "file": "main.c", "line": 1, "end_line": 9},
        {"id": 1, "kind": "region", "function": "main", "condition": "A",
         "file": "main.c", "line": 3, "end_line": 4},
        {"id": 2, "kind": "region", "function": "main", "condition": "B",
         "file": "main.c", "line": 6, "end_line": 7},
    ]
    manifest = {"format": "varsim-manifest", "version": 1,
                "feature_model": {"path": "model.xml", "inferred": False},
                "features": [{"name": n, "macro": n, "kind": "bool"}
                             for n in "AB"],
                "regions": regions, "dataflow": {
                    "version": 1, "locations": "simulator",
                    "translation_units": 1, "regions": [],
                    "functions": []}, "plan": []}
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    return out
