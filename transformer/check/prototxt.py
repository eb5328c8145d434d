"""Protobuf text format, as much as layer definitions need: parse a message into nested
(field, value) pairs, render it back, and pull each layer's type and parameters out of a net.

Used to derive check cases from the nets a tree ships (its `*.prototxt` files and the net
definitions embedded in its tests). Malformed text raises ValueError; callers skip it.
"""
from __future__ import annotations

import re
from typing import Iterator, List, Tuple, Union

Value = Union[str, "Message"]
Message = List[Tuple[str, Value]]

_TOKEN = re.compile(r'\s+|#[^\n]*|"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\''
                    r'|[{}:<>\[\],;]|[^\s{}:<>\[\],;"\'#]+')

# Fields of a LayerParameter that wire it into a net or feed it data, not configure it.
WIRING = {"name", "type", "bottom", "top", "include", "exclude", "phase", "param",
          "loss_weight", "propagate_down", "blobs", "transform_param"}


def tokens(text: str) -> List[str]:
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ValueError(f"unexpected character {text[pos]!r}")
        tok = m.group(0)
        pos = m.end()
        if not tok.isspace() and not tok.startswith("#"):
            out.append(tok)
    return out


def parse(text: str) -> Message:
    toks = tokens(text)
    msg, end = _message(toks, 0)
    if end != len(toks):
        raise ValueError(f"unbalanced '{toks[end]}'")
    return msg


def _message(toks: List[str], i: int) -> Tuple[Message, int]:
    msg: Message = []
    while i < len(toks) and toks[i] not in ("}", ">"):
        name = toks[i]
        if not re.fullmatch(r"[A-Za-z_][\w.]*", name):
            raise ValueError(f"expected a field name, got {name!r}")
        i += 1
        if i < len(toks) and toks[i] == ":":
            i += 1
        if i >= len(toks):
            raise ValueError(f"{name}: no value")
        if toks[i] in ("{", "<"):
            sub, i = _message(toks, i + 1)
            if i >= len(toks):
                raise ValueError(f"{name}: unclosed")
            msg.append((name, sub))
            i += 1
        elif toks[i] == "[":  # a list of scalars: one entry per element
            i += 1
            while i < len(toks) and toks[i] != "]":
                if toks[i] != ",":
                    msg.append((name, toks[i]))
                i += 1
            i += 1
        else:
            msg.append((name, toks[i]))
            i += 1
        if i < len(toks) and toks[i] in (",", ";"):
            i += 1
    return msg, i


def render(msg: Message) -> str:
    parts = []
    for name, value in msg:
        if isinstance(value, list):
            parts.append(f"{name} {{ {render(value)} }}")
        else:
            parts.append(f"{name}: {value}")
    return " ".join(parts)


def unquote(value: Value) -> str:
    return value[1:-1] if isinstance(value, str) and value[:1] in "\"'" else str(value)


def layers(msg: Message) -> Iterator[Tuple[str, str]]:
    """(type, parameter text) for every `layer { ... }` in a net, the wiring left out."""
    for name, value in msg:
        if name == "layer" and isinstance(value, list):
            kind = next((unquote(v) for k, v in value if k == "type"), "")
            if kind:
                yield kind, render([(k, v) for k, v in value if k not in WIRING])
