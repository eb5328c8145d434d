"""What declared types tell the walk. Operators of the tree's own classes: `acc << x`,
`s[i]`, `-s` or a conversion on an object whose declared class the tree defines run that
class's operator function, whose effects the walk does not follow (clang leaves them
unresolved in a template, where they look like built-in operators). Integer accumulators:
`int cnt; cnt += x[i]` truncates at every step, so a value that may have a fraction makes
it no sum that parts can add. And an argmax compared in a wider type than it keeps
(`double score` against `Dtype best`) ties where the loop's comparisons did not.
"""
from __future__ import annotations

import re

from ..ir import Node
from .effects_model import _Frame
from .effects_syntax import TESTS, _words


class TypeMixin:
    """The type checks of `EffectWalker` (its state is set in effects.py)."""

    def _overloaded(self, frame: _Frame, e: Node) -> bool:
        """`acc << x`, `s[i]`, `-s`, `static_cast<Dtype>(s)` on an object of one of the
        tree's own classes (other than a Blob), in a template where clang leaves the operator
        unresolved: the tree's operator function runs, and what it changes is not followed.
        A plain `=` is the object's own write, judged as such."""
        if e.kind not in ("binop", "unop", "index", "assign", "cast") or \
                e.op in ("&&", "||", ",") or (e.kind, e.op) in (("unop", "&"), ("assign", "=")):
            return False
        for c in e.children[:1] if e.kind in ("index", "cast", "unop") else e.children:
            head = _type_head(self._operand_type(frame, _strip_parens(c)))
            if head and head != "Blob" and head in self.program.classes:
                return True
        return False

    def _operand_type(self, frame: _Frame, c: Node) -> str:
        """The declared type of an operand: a variable or member, or the element a pointer
        to one gives (`ps[0]`, `*ps`); '' for anything else or any other pointer."""
        if c.kind in ("name", "member"):
            t = self._declared(frame, c)
            return "" if "*" in t else t
        if c.kind in ("index", "unop") and (c.kind == "index" or c.op == "*") and c.children:
            base = _strip_parens(c.children[0])
            t = self._declared(frame, base) if base.kind in ("name", "member") else ""
            return t.replace("*", "", 1) if t.count("*") == 1 else ""
        return ""

    def truncated(self, frame: _Frame, target: Node, rhs: Node) -> bool:
        """`counts[i] += w` into integers (an `int*`, a `Blob<int>`'s data) of a value that
        may have a fraction: truncated at every step, so parts' sums added afterwards are not
        the loop's."""
        t = self._operand_type(frame, _strip_parens(target))
        if not t and target.kind == "unop" and target.op == "*" and target.children:
            pointers = [c for c in _strip_parens(target.children[0]).walk()  # `*(p + k)`
                        if c.kind in ("name", "member") and "*" in self._declared(frame, c)]
            t = self._declared(frame, pointers[0]).replace("*", "", 1) if pointers else ""
        if not t and target.kind == "index" and target.children:
            base = _strip_parens(target.children[0])  # `counts_.mutable_cpu_data()[i]`
            if base.kind == "call" and base.children and base.children[0].children:
                t = " ".join(re.findall(r"Blob<\s*([\w\s]+?)\s*>", self._declared(
                    frame, _strip_parens(base.children[0].children[0]))))
        return _integral(t) and self._may_be_floating(frame, rhs)

    def _may_be_floating(self, frame: _Frame, e: Node) -> bool:
        """May e's value have a fraction: a floating literal or variable, an element of an
        array that is not of integers, a call; not under a cast to an integer type."""
        e = _strip_parens(e)
        if e.kind == "cast":
            return not _integral(e.type or "")
        if e.kind == "lit":
            return fractional_literal(e.text)
        if e.kind in ("name", "member"):
            return not _integral(self._declared(frame, e))
        if e.kind in ("index", "unop") and e.children and (e.kind == "index" or e.op == "*"):
            base = _strip_parens(e.children[0])
            return not _integral(self._declared(frame, base).replace("*", " ").replace(
                "const", " ")) if base.kind in ("name", "member") else True
        if e.kind == "binop" and e.op in TESTS:
            return False
        return e.kind in ("call", "other") or any(self._may_be_floating(frame, c)
                                                  for c in e.children)

    def _wider(self, frame: _Frame, e: Node, kept: str) -> bool:
        """May e be of a wider floating type than the variable `kept` it is stored in (a
        `double` variable, member or cast, or a literal without `f`, beside a Dtype or
        float)?"""
        if "double" in kept:
            return False
        for n in e.walk():
            if n.kind == "lit" and re.fullmatch(r"[\d.]+([eE][-+]?\d+)?[lL]?", n.text.strip()) \
                    and re.search(r"[.eE]", n.text):
                return True
            t = self._declared(frame, n) if n.kind in ("name", "member") else \
                (n.type or "") if n.kind == "cast" else ""
            if "double" in t or _returns_unknown(n):
                return True
            if "float" in kept and n.kind in ("name", "member") and "float" not in t and \
                    not _integral(t.replace("const", " ")):
                return True  # a Dtype beside a float: a double in one instantiation
        return False


def _returns_unknown(n: Node) -> bool:
    """A call whose value may be a double: one clang types as double, or cannot type (a
    dependent call in a template: its overload is chosen per instantiation). std::max and
    std::min give one of their arguments, which the walk sees."""
    if n.kind != "call" or n.name in ("max", "min"):
        return False
    return not n.type or "double" in n.type or "dependent" in n.type


def _strip_parens(e: Node) -> Node:
    while e.kind == "paren" and e.children:
        e = e.children[0]
    return e


def _type_head(type_text: str) -> str:
    """The class a declared type names (`Acc` of `const caffe::Acc<Dtype>&`)."""
    t = re.sub(r"\b(const|volatile|struct|class|typename)\b", " ", type_text.split("<")[0])
    words = re.findall(r"[A-Za-z_]\w*", t)
    return words[-1] if words else ""


def _integral(type_text: str) -> bool:
    """A declared integer type (`int`, `const long`, `size_t`, `std::int64_t`)."""
    words = _words(type_text.replace("std::", "")) - {"const", "volatile", "signed"}
    return bool(words) and words <= {"int", "long", "short", "unsigned", "char", "bool",
                                     "size_t", "ptrdiff_t", "int8_t", "int16_t", "int32_t",
                                     "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"}


def fractional_literal(text: str) -> bool:
    """Is a literal's text a floating one (`0.5`, `.5`, `1e3`, `2.f`)?"""
    return bool(re.search(r"\d\.|\.\d|\d[eE]|[fF]$", text.strip()))
