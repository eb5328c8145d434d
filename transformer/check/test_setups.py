"""Layer set-ups read from a tree's own C++ tests, in the style of Caffe's gtest suites.

A test fixture declares its input blobs (`blob_bottom_(new Blob<Dtype>(2, 3, 4, 5))`), pushes
them onto the bottom and top vectors, and may fill some with labels
(`blob->mutable_cpu_data()[i] = caffe_rng_rand() % 5`). Each test configures a
LayerParameter through its setters (`layer_param.mutable_pooling_param()->set_kernel_size(3)`)
and constructs the layer under test (`PoolingLayer<Dtype> layer(layer_param)`). This module
reads those facts with regular expressions: it proposes inputs for the check, and the original
build decides whether a proposal is a valid set-up, so a misread shows as a rejected
proposal, never as a wrong verdict. Values it cannot resolve to literals are left out, and so
are settings the tree's caffe.proto has no field (or no such value) for: the LayerParameter is
built by protobuf with the tree's own messages (proto_text).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from google.protobuf import text_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from .. import proto_text
from ..errors import InputError


@dataclass
class TestSetup:
    type: str                 # the layer type the test constructs
    origin: str               # "test_pooling_layer.cpp:57"
    param: str                # LayerParameter text (its settings, no wiring)
    bottoms: List[str] = field(default_factory=list)  # "N,3,6,5[:label=K|:positive]"
    tops: int = 0             # 0: not known


_TEST_START = re.compile(r"^\s*(?:TYPED_TEST|TEST_F|TEST)\s*\(", re.M)
_CONST = re.compile(r"\b(?:const|constexpr)\s+(?:static\s+)?(?:unsigned\s+)?\w+\s+(\w+)"
                    r"\s*=\s*([^;,]+);")
_MEMBER_INIT = re.compile(r"\b(\w+_)\((-?[\d.]+f?)\)")
_BLOB = re.compile(r"(\w+)\s*\(\s*new\s+Blob<\s*\w+\s*>\s*\(([^()]*)\)\s*\)")
_PUSH = re.compile(r"(?:this->)?blob_(bottom|top)_vec_\.push_back\(\s*&?\s*(?:this->)?(\w+)\s*\)")
_LABEL = re.compile(r"(?:this->)?(\w+)->mutable_cpu_data\(\)\[[^\]]+\]\s*=\s*"
                    r"(?:static_cast<\s*\w+\s*>\s*\()?\s*\(?\s*caffe_rng_rand\(\)\s*%\s*(\w+)")
_CONSTRUCT = re.compile(r"\b(\w+)Layer<\s*\w+\s*>\s*(?:>\s*)?(?:\w+\s*)?\(\s*(?:this->)?(\w+)\s*\)")
_ALIAS = re.compile(r"^\s*\w+(?:::\w+)*\s*\*\s*(\w+)\s*=\s*(?:this->)?(\w+)\s*(?:\.|->)"
                    r"((?:mutable_\w+\(\)\s*(?:->|\.)\s*)*mutable_\w+\(\))\s*$", re.S)
_SETTER = re.compile(r"^\s*(?:this->)?(\w+)\s*(?:\.|->)\s*((?:mutable_\w+\(\)\s*(?:->|\.)\s*)*)"
                     r"(set|add)_(\w+)\((.*)\)\s*$", re.S)
_ENUM = re.compile(r"^(?:caffe::)?[A-Z]\w*?Parameter(?:_[A-Z][a-z]\w*?)?(?:_|::)([A-Z][A-Z0-9_]*)$")
_NUMBER = re.compile(r"^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?[fF]?$")
# Fields of a LayerParameter the tests set to wire the layer, not configure it (their loss
# weights match their tops, which the set-up keeps).
_WIRING_SETTERS = (proto_text.WIRING - {"loss_weight"}) | {"type", "name"}


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def _constants(text: str) -> Dict[str, str]:
    consts: Dict[str, str] = {}
    for name, value in _MEMBER_INIT.findall(text):
        consts.setdefault(name, value)
    for name, value in _CONST.findall(text):
        consts[name] = value.strip()
    return consts


def literal(text: str, consts: Dict[str, str], depth: int = 0) -> Optional[str]:
    """A setter argument as a text-format value, or None when it is not a literal."""
    text = text.strip()
    m = re.fullmatch(r"(?:static_cast<\s*\w+\s*>|\w+)?\((.*)\)", text, re.S)
    if m and not text.startswith('"'):
        return literal(m.group(1), consts, depth)
    if text in ("true", "false"):
        return text
    if _NUMBER.match(text):
        return text.rstrip("fF")
    if re.fullmatch(r'"(?:[^"\\]|\\.)*"', text):
        return text
    m = _ENUM.match(text)
    if m:
        return m.group(1)
    if text in consts and depth < 4:
        return literal(consts[text], consts, depth + 1)
    return None


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


def _chain(text: str) -> List[str]:
    return re.findall(r"mutable_(\w+)\(\)", text)


def layer_param(statements: List[str], var: str, consts: Dict[str, str],
                schema: proto_text.Schema) -> str:
    """The settings the statements give the LayerParameter `var`, as text format."""
    msg = schema.new("LayerParameter")
    aliases: Dict[str, List[str]] = {var: []}
    for st in statements:
        m = _ALIAS.match(st)
        if m and m.group(2) in aliases:
            aliases[m.group(1)] = aliases[m.group(2)] + _chain(m.group(3))
            continue
        m = _SETTER.match(st)
        if not m or m.group(1) not in aliases:
            continue
        path = aliases[m.group(1)] + _chain(m.group(2))
        if not path and m.group(4) in _WIRING_SETTERS:
            continue
        value = literal(m.group(5), consts)
        if value is not None:
            _apply(msg, path, m.group(3), m.group(4), value)
    return proto_text.one_line(msg)


def _statements(text: str) -> List[str]:
    return [s for s in re.split(r"[;{}]", text) if s.strip()]


def _shape(dims: str, consts: Dict[str, str]) -> Optional[List[str]]:
    out = []
    for d in dims.split(","):
        v = literal(d, consts)
        if v is None or not re.fullmatch(r"\d+", v):
            return None
        out.append(v)
    return out or None


def _bottoms(fixture: str, body: str, rest: str,
             consts: Dict[str, str]) -> Tuple[List[str], int]:
    """The bottom specs (batch axis as N) and the number of tops, or ([], 0) when a bottom's
    shape is not written as literals. `body` is the test up to the layer's construction,
    `rest` what follows (where labels are often drawn)."""
    blobs = {name: _shape(dims, consts) for name, dims in _BLOB.findall(fixture + body)}
    labels = {name: literal(k, consts) for name, k in _LABEL.findall(fixture + body + rest)}
    positive = "PositiveUnitballFiller" in fixture + body
    names = {"bottom": [], "top": []}
    for kind, name in _PUSH.findall(fixture + body):
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


def load(path: Path) -> str:
    """A C++ test file's text without comments ('' when unreadable), read once for both
    `read` and `embedded_nets`."""
    try:
        return _strip_comments(path.read_text(errors="replace"))
    except OSError:
        return ""


def read(text: str, name: str, schema: proto_text.Schema) -> List[TestSetup]:
    """Every test in one C++ test file (its `load`ed text; `name` for the origins) that
    constructs a layer from a LayerParameter (its settings as the tree's caffe.proto has
    them: `schema`)."""
    consts = _constants(text)
    starts = [m.start() for m in _TEST_START.finditer(text)]
    if not starts:
        return []
    fixture = text[:starts[0]]
    out = []
    for start, end in zip(starts, starts[1:] + [len(text)]):
        body = text[start:end]
        m = _CONSTRUCT.search(body)
        if not m or m.group(1) in ("", "Base"):
            continue
        kind, var = m.group(1), m.group(2)
        # the fixture's settings count only for a member LayerParameter (`layer_param_`):
        # a local one of the same name in a fixture's helper is another variable
        shared = _statements(fixture) if var.endswith("_") else []
        param = layer_param(shared + _statements(body[:m.start()]), var, consts, schema)
        bottoms, tops = _bottoms(fixture, body[:m.start()], body[m.start():], consts)
        line = text.count("\n", 0, start) + 1
        out.append(TestSetup(kind, f"{name}:{line}", param, bottoms, tops))
    return out


def embedded_nets(text: str, schema: proto_text.Schema) -> List[Message]:
    """Net definitions written as C++ string literals in a test's `load`ed text (adjacent
    literals joined) that are NetParameters of the tree's caffe.proto."""
    nets = []
    for m in re.finditer(r'(?:"(?:[^"\\\n]|\\.)*"\s*)+', text):
        joined = "".join(re.findall(r'"((?:[^"\\\n]|\\.)*)"', m.group(0)))
        if "layer" not in joined or "{" not in joined:
            continue
        joined = joined.replace('\\"', '"').replace("\\n", "\n").replace("\\'", "'")
        try:
            nets.append(schema.from_text("NetParameter", joined, "a string literal"))
        except InputError:
            continue
    return nets
