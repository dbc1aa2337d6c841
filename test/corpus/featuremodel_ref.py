"""A tiny, brute-force reference reader for the corpus's feature models.

It exists so that the corpus can be checked on its own (`run_corpus.py
--self-check`: every variant of every program compiles and runs, whatever
state varsim is in) and so that the harness can notice when `varsim features
--list` misses or invents a configuration (a missed one would silently shrink
the differential test). It only handles the small models of the corpus
(at most ~16 features): FeatureIDE `<featureModel>` (and/or/alt/feature,
mandatory, abstract, constraints rule/var/not/conj/disj/imp/eq) and SPL
Conqueror `<vm>` (binaryOptions with parent/optional/excluded/implied
options, numericOptions with min/max/step). varsim itself uses a BDD.
"""

import itertools
import re
import xml.etree.ElementTree as ET


class Model:
    def __init__(self):
        self.features = []  # names, model order
        self.parent = {}  # name -> parent name or None
        self.mandatory = set()
        self.abstract = set()
        self.groups = []  # (parent, kind, [children]) kind: and/or/alt
        self.numeric = {}  # name -> list of values
        self.rules = []  # callables over an assignment dict -> bool
        self.root = None

    def concrete(self):
        return [f for f in self.features if f not in self.abstract]

    def _valid(self, sel):
        for f in self.features:
            p = self.parent.get(f)
            if sel[f] and p is not None and not sel[p]:
                return False
            if f in self.mandatory and p is not None and sel[p] and not sel[f]:
                return False
        if self.root is not None and not sel[self.root]:
            return False
        for parent, kind, children in self.groups:
            if not sel[parent]:
                continue
            n = sum(1 for c in children if sel[c])
            if kind == "alt" and n != 1:
                return False
            if kind == "or" and n < 1:
                return False
        return all(rule(sel) for rule in self.rules)

    def configurations(self):
        """Every valid configuration as a frozenset of CONFIG items
        ("NAME" or "NAME=VALUE"), for selected concrete optional features."""
        boolean = [f for f in self.features if f not in self.numeric]
        if len(boolean) > 20:
            raise ValueError("model too large for the reference enumerator")
        numeric = list(self.numeric)
        result = []
        for bits in itertools.product([False, True], repeat=len(boolean)):
            sel = dict(zip(boolean, bits))
            for n in numeric:
                sel[n] = True
            if not self._valid(sel):
                continue
            base = [f for f in self.concrete() if f not in self.numeric and sel[f]]
            for values in itertools.product(*(self.numeric[n] for n in numeric)):
                items = set(base)
                items.update(f"{n}={v}" for n, v in zip(numeric, values))
                result.append(frozenset(items))
        return result

    def defines(self, config):
        """The -D flags of a configuration (frozenset of CONFIG items)."""
        flags = []
        for item in sorted(config):
            name, _, value = item.partition("=")
            flags.append(f"-D{name}={value or 1}")
        return flags


def _expr(node):
    tag = node.tag
    kids = [k for k in node if isinstance(k.tag, str)]
    if tag == "var":
        name = node.text.strip()
        return lambda s: s[name]
    if tag == "not":
        a = _expr(kids[0])
        return lambda s: not a(s)
    if tag == "conj":
        fs = [_expr(k) for k in kids]
        return lambda s: all(f(s) for f in fs)
    if tag == "disj":
        fs = [_expr(k) for k in kids]
        return lambda s: any(f(s) for f in fs)
    if tag == "imp":
        a, b = _expr(kids[0]), _expr(kids[1])
        return lambda s: (not a(s)) or b(s)
    if tag == "eq":
        a, b = _expr(kids[0]), _expr(kids[1])
        return lambda s: a(s) == b(s)
    raise ValueError(f"unsupported constraint element <{tag}>")


def _featureide(root):
    m = Model()

    def walk(node, parent):
        name = node.get("name")
        m.features.append(name)
        m.parent[name] = parent
        if node.get("mandatory") == "true":
            m.mandatory.add(name)
        if node.get("abstract") == "true":
            m.abstract.add(name)
        kids = [k for k in node if k.tag in ("feature", "and", "or", "alt")]
        if kids:
            m.groups.append((name, node.tag if node.tag != "feature" else "and",
                             [k.get("name") for k in kids]))
        for k in kids:
            walk(k, name)

    struct = root.find("struct")
    top = [k for k in struct if k.tag in ("feature", "and", "or", "alt")][0]
    m.root = top.get("name")
    walk(top, None)
    cons = root.find("constraints")
    if cons is not None:
        for rule in cons.findall("rule"):
            kids = [k for k in rule if isinstance(k.tag, str)
                    and k.tag not in ("description", "tags")]
            m.rules.append(_expr(kids[0]))
    return m


def _bool_expr(text):
    """SPL Conqueror's `!A | B & C` syntax, to a python predicate."""
    py = re.sub(r"[A-Za-z_]\w*", lambda t: f"s[{t.group(0)!r}]", text)
    py = py.replace("!", " not ").replace("|", " or ").replace("&", " and ")
    code = compile(py, "<constraint>", "eval")
    return lambda s: bool(eval(code, {}, {"s": s}))


def _option_list(opt, tag):
    node = opt.find(tag)
    if node is None:
        return []
    return [o.text.strip() for o in node if o.text and o.text.strip()]


def _vm(root):
    m = Model()
    m.root = root.get("name") or "root"
    m.features.append(m.root)
    m.parent[m.root] = None
    m.abstract.add(m.root)
    m.mandatory.add(m.root)
    options = root.find("binaryOptions")
    excluded = {}
    for opt in (options if options is not None else []):
        name = opt.findtext("name").strip()
        if name == "root":
            continue
        parent = (opt.findtext("parent") or "").strip() or m.root
        if parent == "root":
            parent = m.root
        m.features.append(name)
        m.parent[name] = parent
        if (opt.findtext("optional") or "True").strip().lower() != "true":
            m.mandatory.add(name)
        ex = _option_list(opt, "excludedOptions")
        imp = _option_list(opt, "impliedOptions")
        excluded[name] = ex
        for other in ex:
            m.rules.append(lambda s, a=name, b=other: not (s[a] and s[b]))
        for other in imp:
            m.rules.append(lambda s, a=name, b=other: (not s[a]) or s[b])
    # Mutually excluding non-optional siblings form an alternative group.
    for name in list(m.mandatory):
        if name == m.root or not excluded.get(name):
            continue
        m.mandatory.discard(name)
        group = sorted({name, *excluded[name]})
        if not any(g[2] == group for g in m.groups):
            m.groups.append((m.parent[name], "alt", group))
    numeric = root.find("numericOptions")
    for opt in (numeric if numeric is not None else []):
        name = opt.findtext("name").strip()
        lo = int(float(opt.findtext("minValue")))
        hi = int(float(opt.findtext("maxValue")))
        values = opt.findtext("values")
        if values:
            vals = [int(float(v)) for v in values.split(";")]
        else:
            step = opt.findtext("stepFunction") or f"{name} + 1"
            inc = int(re.search(r"\+\s*(\d+)", step).group(1))
            vals = list(range(lo, hi + 1, inc))
        m.features.append(name)
        m.parent[name] = m.root
        m.mandatory.add(name)
        m.numeric[name] = vals
    constraints = root.find("booleanConstraints")
    for c in (constraints if constraints is not None else []):
        if c.text and c.text.strip():
            m.rules.append(_bool_expr(c.text.strip()))
    return m


def load(path):
    root = ET.parse(path).getroot()
    if root.tag in ("featureModel", "extendedFeatureModel"):
        return _featureide(root)
    if root.tag == "vm":
        return _vm(root)
    raise ValueError(f"{path}: unknown feature model root <{root.tag}>")


def parse_config_line(line):
    """A CONFIG line as printed by `varsim features --list`, as a set."""
    return frozenset(item.strip() for item in line.split(",") if item.strip())
