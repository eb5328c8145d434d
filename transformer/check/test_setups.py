"""Layer set-ups read from a tree's own C++ tests, in the style of Caffe's gtest suites.

A test fixture declares its input blobs (`blob_bottom_(new Blob<Dtype>(2, 3, 4, 5))`), pushes
them onto the bottom and top vectors, and may fill some with labels
(`blob->mutable_cpu_data()[i] = caffe_rng_rand() % 5`). Each test configures a
LayerParameter through its setters (`layer_param.mutable_pooling_param()->set_kernel_size(3)`)
and constructs the layer under test (`PoolingLayer<Dtype> layer(layer_param)`). libclang reads
those facts from the file's AST (test_sources, test_units); this module puts together each
test's: the settings before its layer's construction (and the fixture's, for a member
LayerParameter), the fixture's blobs and labels. It proposes inputs for the check, and the
original build decides whether a proposal is a valid set-up, so a misread shows as a rejected
proposal, never as a wrong verdict. Values it cannot resolve to literals are left out, and so
are settings the tree's caffe.proto has no field (or no such value) for: the LayerParameter is
built by protobuf with the tree's own messages (proto_text).
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from google.protobuf import text_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from .. import proto_text
from ..errors import InputError
from . import test_units
from .test_sources import Call, Facts


@dataclass
class TestSetup:
    type: str                 # the layer type the test constructs
    origin: str               # "test_pooling_layer.cpp:57"
    param: str                # LayerParameter text (its settings, no wiring)
    bottoms: List[str] = field(default_factory=list)  # "N,3,6,5[:label=K|:positive]"
    tops: int = 0             # 0: not known


_ENUM = re.compile(r"^(?:caffe::)?[A-Z]\w*?Parameter(?:_[A-Z][a-z]\w*?)?(?:_|::)([A-Z][A-Z0-9_]*)$")
_NUMBER = re.compile(r"^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?[fF]?$")
# Fields of a LayerParameter the tests set to wire the layer, not configure it (their loss
# weights match their tops, which the set-up keeps).
_WIRING_SETTERS = (proto_text.WIRING - {"loss_weight"}) | {"type", "name"}


def literal(text: str, consts: Dict[str, str], depth: int = 0) -> Optional[str]:
    """A value as written (a setter's argument, its tokens joined) as a text-format value,
    or None when it is not a literal (a name in `consts` is resolved to its value)."""
    text = text.strip()
    if text.startswith("this->"):  # a fixture's member
        text = text[len("this->"):].strip()
    m = re.fullmatch(r"(?:static_cast<\s*\w+\s*>|\w+)?\((.*)\)", text, re.S)
    if m and not text.startswith('"') and _balanced(m.group(1)):
        return literal(m.group(1), consts, depth)
    chosen = _conditional(text)
    if chosen is not None:
        cond = literal(chosen[0], consts, depth)
        if cond in ("true", "false") or (cond is not None and _NUMBER.match(cond)):
            truth = cond == "true" or (cond != "false" and float(cond) != 0)
            return literal(chosen[1] if truth else chosen[2], consts, depth)
        return None
    arithmetic = _arithmetic(text, consts, depth)
    if arithmetic is not None:
        return arithmetic
    if text in ("true", "false"):
        return text
    if _NUMBER.match(text):
        return text.rstrip("fF")
    if re.fullmatch(r'"(?:[^"\\]|\\.)*"', text):
        return text
    m = _ENUM.match(text)
    if m:
        return m.group(1)
    if text in consts and depth < 8:  # a name's value may name another (not forever)
        return literal(consts[text], consts, depth + 1)
    return None


def _depths(text: str) -> List[int]:
    """The parenthesis depth after each character of text."""
    out, depth = [], 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        out.append(depth)
    return out


def _balanced(text: str) -> bool:
    depths = _depths(text)
    return not depths or (min(depths) >= 0 and depths[-1] == 0)


def _conditional(text: str) -> Optional[Tuple[str, str, str]]:
    """`c ? a : b` outside parentheses, as its three parts."""
    ask = -1
    for i, (ch, depth) in enumerate(zip(text, _depths(text))):
        if depth == 0 and ch == "?" and ask < 0:
            ask = i
        elif depth == 0 and ch == ":" and ask >= 0 and text[i - 1:i + 1] != "::" and \
                text[i:i + 2] != "::":
            return text[:ask].strip(), text[ask + 1:i].strip(), text[i + 1:].strip()
    return None


def _split(text: str, ops: str) -> Optional[Tuple[str, str, str]]:
    """text as `left op right` at its last operator of `ops` outside parentheses (not a
    sign, nor an exponent's)."""
    depths = _depths(text)
    for i in range(len(text) - 1, 0, -1):
        if depths[i] or text[i] not in ops:
            continue
        before = text[:i].rstrip()
        if not before or before[-1] in "+-*/(" or re.search(r"\d[eE]$", before):
            continue
        return before, text[i], text[i + 1:]
    return None


_OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}


def _arithmetic(text: str, consts: Dict[str, str], depth: int) -> Optional[str]:
    """`a + b`, `a - b`, `a * b`, `a / b` of numbers (names in consts resolved), computed as
    C++ would: integers stay integers, and their division truncates."""
    parts = _split(text, "+-") or _split(text, "*/")
    if parts is None:
        return None
    left, op, right = (literal(parts[0], consts, depth), parts[1],
                       literal(parts[2], consts, depth))
    if left is None or right is None or not (_NUMBER.match(left) and _NUMBER.match(right)):
        return None
    exact = all(re.fullmatch(r"-?\d+", v) for v in (left, right))
    if op == "/" and re.search(r"\w\s*[(<]", parts[0] + parts[2]):
        exact = False  # Dtype(1) / 4: a cast makes it a floating division
    a, b = (int(left), int(right)) if exact else (float(left), float(right))
    if op == "/" and b == 0:
        return None
    if op == "/" and exact:
        value = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    else:
        value = _OPERATORS[op](a, b)
    return str(value) if exact else repr(float(value))


def _apply(msg: Message, path: List[str], op: str, name: str, value: str) -> None:
    """One setter on the LayerParameter msg; one the tree's caffe.proto does not have (a
    field, a sub-message, a value of the field's type) is left out."""
    for part in path:
        fd = msg.DESCRIPTOR.fields_by_name.get(part)
        if fd is None or fd.message_type is None or fd.label == FieldDescriptor.LABEL_REPEATED:
            return
        msg = getattr(msg, part)
    one = type(msg)()
    try:
        text_format.Merge(f"{name}: {value}", one)
    except text_format.ParseError:
        return
    if op == "set":
        msg.ClearField(name)
    msg.MergeFrom(one)


def layer_param(calls: List[Call], var: str, consts: Dict[str, str],
                schema: proto_text.Schema) -> str:
    """The settings the calls give the LayerParameter `var`, as text format."""
    msg = schema.new("LayerParameter")
    aliases: Dict[str, List[str]] = {var: []}
    for call in calls:
        if call.var not in aliases:
            continue
        path = aliases[call.var] + call.path
        if call.op == "alias":
            aliases[call.name] = path
            continue
        if not path and call.name in _WIRING_SETTERS:
            continue
        value = literal(call.value, consts)
        if value is not None:
            _apply(msg, path, call.op, call.name, value)
    return proto_text.one_line(msg)


def _shape(dims: List[str], consts: Dict[str, str]) -> Optional[List[str]]:
    out = []
    for d in dims:
        v = literal(d, consts)
        if v is None or not re.fullmatch(r"\d+", v):
            return None
        out.append(v)
    return out or None


def _in(facts: list, *spans: Tuple[int, float]) -> list:
    """The facts (offset first) within any of the spans [start, end)."""
    return [f for f in facts if any(start <= f[0] < end for start, end in spans)]


def _bottoms(facts: Facts, spans: List[Tuple[int, float]],
             end: float) -> Tuple[List[str], int]:
    """The bottom specs (batch axis as N) and the number of tops, or ([], 0) when a bottom's
    shape is not written as literals. `spans` are the fixture and the test up to its
    layer's construction; labels count up to `end`, the test's end (they are often drawn
    after the construction)."""
    consts = facts.consts
    blobs = {name: _shape(dims, consts) for _, name, dims in _in(facts.blobs, *spans)}
    labels = {name: literal(k, consts)
              for _, name, k in _in(facts.labels, spans[0], (spans[1][0], end))}
    positive = any(start <= o < stop for o in facts.positive for start, stop in spans)
    names: Dict[str, List[str]] = {"bottom": [], "top": []}
    for _, kind, name in _in(facts.pushes, *spans):
        names[kind].append(name)
    shapes = [blobs.get(n) for n in names["bottom"]]
    if not shapes or any(s is None for s in shapes):
        return [], 0
    batch = shapes[0][0]
    specs = []
    for name, shape in zip(names["bottom"], shapes):
        dims = ["N" if (i == 0 and (d == batch or name == names["bottom"][0])) else d
                for i, d in enumerate(shape)]
        label = labels.get(name)
        fill = f":label={label}" if label and label.isdigit() else (":positive" if positive else "")
        specs.append(",".join(dims) + fill)
    return specs, len(names["top"])


def load(path: Path) -> Facts:
    """What a C++ test file says, read once (by libclang, cached) for both `read` and
    `embedded_nets`; no facts when it cannot be read."""
    return test_units.read(path)


def read(facts: Facts, name: str, schema: proto_text.Schema) -> List[TestSetup]:
    """Every test in one C++ test file (its `load`ed facts; `name` for the origins) that
    constructs a layer from a LayerParameter (its settings as the tree's caffe.proto has
    them: `schema`)."""
    if not facts.tests:
        return []
    starts = [offset for offset, _ in facts.tests]
    fixture = (-1, starts[0])
    out = []
    for (start, line), end in zip(facts.tests, starts[1:] + [float("inf")]):
        construct = next((c for c in facts.constructs if start <= c[0] < end), None)
        if construct is None or construct[1] == "Base":
            continue
        at, kind, var = construct
        # the fixture's settings count only for a member LayerParameter (`layer_param_`):
        # a local one of the same name in a fixture's helper is another variable
        spans = [fixture, (start, at)] if var.endswith("_") else [(start, at)]
        calls = [c for c in facts.calls if any(lo <= c.offset < hi for lo, hi in spans)]
        param = layer_param(calls, var, facts.consts, schema)
        bottoms, tops = _bottoms(facts, [fixture, (start, at)], end)
        out.append(TestSetup(kind, f"{name}:{line}", param, bottoms, tops))
    return out


def embedded_nets(facts: Facts, schema: proto_text.Schema) -> List[Message]:
    """Net definitions written as C++ string literals in a test's `load`ed facts (adjacent
    literals joined) that are NetParameters of the tree's caffe.proto."""
    nets = []
    for joined in facts.strings:
        if "layer" not in joined or "{" not in joined:
            continue
        joined = joined.replace('\\"', '"').replace("\\n", "\n").replace("\\'", "'")
        try:
            nets.append(schema.from_text("NetParameter", joined, "a string literal"))
        except InputError:
            continue
    return nets
