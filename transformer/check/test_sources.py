"""What a tree's C++ layer test says about layer set-ups, read from its libclang AST.

One walk over the cursors of the test file itself (not of its headers) records, each with
its offset in the file: where each test's body begins (gtest's TEST, TEST_F and TYPED_TEST
define a method `TestBody`), the calls that configure a LayerParameter
(`layer_param.mutable_pooling_param()->set_kernel_size(3)`: a CALL_EXPR of a member `set_X`
or `add_X` on a chain of `mutable_X()` calls) and the pointers kept to its sub-messages, the
layers constructed from one (`PoolingLayer<Dtype> layer(layer_param)`), the blobs created with
their shape (`blob_bottom_(new Blob<Dtype>(2, 3, 6, 5))`), the bottom and top vectors they
are pushed on, the labels drawn into them (`...->mutable_cpu_data()[i] = caffe_rng_rand() % 5`),
the constants, and the string literals (adjacent pieces joined). Values are kept as written
(their tokens), for test_setups to resolve; test_setups decides which facts belong to which
test by their offsets.

In templates (TYPED_TEST bodies, fixtures) many member calls are dependent and have no name
in the AST: the name is the last token of the member reference. A construct the AST does not
hold (a missing header left a type unknown) is not read.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import asdict, dataclass, field
from typing import Dict, List, Optional, Tuple

import clang.cindex as ci

from ..lower_clang import _children, _where

K = ci.CursorKind


@dataclass
class Call:
    """A setter called on a LayerParameter or on one of its sub-messages, or (op "alias") a
    pointer kept to a sub-message (`name` is then the pointer's variable)."""
    offset: int
    var: str          # the variable the call chain starts at
    path: List[str]   # the sub-messages the mutable_X() calls of the chain lead through
    op: str           # "set", "add" or "alias"
    name: str         # the field set or added
    value: str = ""   # the argument as written


@dataclass
class Facts:
    """One test file's facts, each at its offset in the file."""
    tests: List[Tuple[int, int]] = field(default_factory=list)  # (offset, line) of each test
    calls: List[Call] = field(default_factory=list)
    constructs: List[Tuple[int, str, str]] = field(default_factory=list)  # type, its param
    blobs: List[Tuple[int, str, List[str]]] = field(default_factory=list)  # variable, dims
    pushes: List[Tuple[int, str, str]] = field(default_factory=list)  # bottom|top, variable
    labels: List[Tuple[int, str, str]] = field(default_factory=list)  # variable, label count
    positive: List[int] = field(default_factory=list)  # PositiveUnitballFiller's uses
    consts: Dict[str, str] = field(default_factory=dict)  # name -> value as written
    strings: List[str] = field(default_factory=list)  # string literals, pieces joined

    def to_dict(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_dict(data: dict) -> "Facts":
        return Facts(tests=[tuple(t) for t in data["tests"]],
                     calls=[Call(**c) for c in data["calls"]],
                     constructs=[tuple(c) for c in data["constructs"]],
                     blobs=[tuple(b) for b in data["blobs"]],
                     pushes=[tuple(p) for p in data["pushes"]],
                     labels=[tuple(x) for x in data["labels"]],
                     positive=list(data["positive"]), consts=dict(data["consts"]),
                     strings=list(data["strings"]))


_SETTER = re.compile(r"(set|add)_(\w+)")
# A member initialized with a value test_setups may resolve: a number, true or false, or an
# expression of names and numbers (`share_location_ ? 1 : num_classes_`, `num_ * 4`).
_MEMBER_INIT_VALUE = re.compile(r"(?!.*\bnew\b)[\w.\s?:+\-*/()]+")
_CASTS = (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CXX_STATIC_CAST_EXPR, K.CSTYLE_CAST_EXPR,
          K.CXX_FUNCTIONAL_CAST_EXPR)
# Where a layer's construction shows: a variable, a new-expression, a temporary.
_CONSTRUCTIONS = (K.VAR_DECL, K.CXX_NEW_EXPR, K.UNEXPOSED_EXPR, K.CALL_EXPR,
                  K.CXX_FUNCTIONAL_CAST_EXPR)
# Cursors whose children (qualifiers, attributes, default arguments) hold no fact: not walked.
_LEAVES = frozenset((K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF, K.MEMBER_REF,
                     K.DECL_REF_EXPR, K.INTEGER_LITERAL, K.FLOATING_LITERAL,
                     K.STRING_LITERAL, K.CHARACTER_LITERAL, K.CXX_BOOL_LITERAL_EXPR,
                     K.CXX_NULL_PTR_LITERAL_EXPR, K.CXX_THIS_EXPR, K.GNU_NULL_EXPR,
                     K.OVERLOADED_DECL_REF, K.CXX_ACCESS_SPEC_DECL, K.TEMPLATE_TYPE_PARAMETER,
                     K.UNEXPOSED_ATTR, K.PARM_DECL))


def _exprs(kids: list) -> list:
    return [k for k in kids if k.kind.is_expression()]


class _Reader:
    """One walk over the cursors of a file: its tokens give names and values as written."""

    def __init__(self, tokens: List[Tuple[int, str]]):
        self.offsets = [o for o, _ in tokens]
        self.spellings = [s for _, s in tokens]
        self.facts = Facts()
        self.member_inits: Dict[str, str] = {}
        self.const_decls: List[Tuple[str, str]] = []

    # -- tokens

    def _span(self, c) -> Tuple[int, int]:
        """The indices of a cursor's tokens."""
        ext = c.extent
        start, end = _where(ext.start)[2], _where(ext.end)[2]
        return bisect_left(self.offsets, start), bisect_left(self.offsets, end)

    def text(self, c) -> str:
        """A cursor's tokens joined (a space only between two words)."""
        lo, hi = self._span(c)
        out, word = "", False
        for s in self.spellings[lo:hi]:
            w = s[:1].isalnum() or s[:1] in '_"\''
            out += (" " if w and word else "") + s
            word = w
        return out

    def member(self, c) -> str:
        """The member a MEMBER_REF_EXPR names: its spelling, or its last token when the
        reference is dependent (it has no spelling then)."""
        if c.spelling:
            return c.spelling
        lo, hi = self._span(c)
        return self.spellings[hi - 1] if hi > lo else ""

    # -- expressions

    @staticmethod
    def strip(c):
        """Through libclang's unexposed wrappers (implicit conversions, argument lists)."""
        while c.kind == K.UNEXPOSED_EXPR:
            kids = _exprs(_children(c))
            if len(kids) != 1:
                break
            c = kids[0]
        return c

    def var(self, c) -> Optional[str]:
        """The variable an expression names: `x`, `this->x`, a member `x_`."""
        c = self.strip(c)
        if c.kind == K.DECL_REF_EXPR:
            return c.spelling or None
        if c.kind == K.MEMBER_REF_EXPR:
            kids = _exprs(_children(c))
            if not kids or (len(kids) == 1 and kids[0].kind == K.CXX_THIS_EXPR):
                return self.member(c) or None
        return None

    def callee(self, kids: list):
        """(member name, object expression or None, arguments) of a member call's children,
        or None when the call is not one."""
        if not kids or kids[0].kind != K.MEMBER_REF_EXPR:
            return None
        base = _exprs(_children(kids[0]))
        return self.member(kids[0]), (base[0] if base else None), _exprs(kids[1:])

    def chain(self, c) -> Optional[Tuple[str, List[str]]]:
        """(variable, sub-messages) of `var.mutable_a()->mutable_b()`."""
        path: List[str] = []
        c = self.strip(c)
        while c.kind == K.CALL_EXPR:
            call = self.callee(_children(c))
            if call is None or call[2] or call[1] is None or not call[0].startswith("mutable_"):
                return None
            path.append(call[0][len("mutable_"):])
            c = self.strip(call[1])
        name = self.var(c)
        return (name, path[::-1]) if name else None

    def operator(self, lhs) -> str:
        """A binary operator's token (the first one after its left operand)."""
        lo, hi = self._span(lhs)
        return self.spellings[hi] if hi < len(self.spellings) else ""

    @staticmethod
    def args(owner, name: str, kids: list) -> Optional[list]:
        """The arguments of a construction of the class `name`: the initializer's of a
        variable or of a new-expression, a temporary's own."""
        exprs = _exprs(kids)
        if owner.kind not in (K.VAR_DECL, K.CXX_NEW_EXPR):
            return exprs
        if len(exprs) == 1 and (exprs[0].kind == K.UNEXPOSED_EXPR or
                                (exprs[0].kind == K.CALL_EXPR and exprs[0].spelling == name)):
            return _exprs(_children(exprs[0]))
        return None

    # -- the facts

    def walk(self, c) -> None:
        kids = [] if c.kind in _LEAVES else _children(c)
        handler = _HANDLERS.get(c.kind)
        if handler is not None:
            handler(self, c, kids)
        if c.kind in _CONSTRUCTIONS:
            self.construct(c, kids)
        for k in kids:
            self.walk(k)

    def at(self, c) -> int:
        return _where(c.extent.start)[2]

    def call(self, c, kids: list) -> None:
        call = self.callee(kids)
        if call is None or call[1] is None:
            return
        name, base, args = call
        m = _SETTER.fullmatch(name)
        if m and len(args) == 1:
            chain = self.chain(base)
            if chain:
                self.facts.calls.append(Call(self.at(c), chain[0], chain[1], m.group(1),
                                             m.group(2), self.text(args[0])))
        elif name == "push_back" and len(args) == 1:
            vec = self.var(base)
            kind = {"blob_bottom_vec_": "bottom", "blob_top_vec_": "top"}.get(vec or "")
            arg = self.strip(args[0])
            if arg.kind == K.UNARY_OPERATOR and self.text(arg).startswith("&"):
                arg = (_exprs(_children(arg)) or [arg])[0]
            blob = self.var(arg)
            if kind and blob:
                self.facts.pushes.append((self.at(c), kind, blob))

    def decl(self, c, kids: list) -> None:
        """A constant, a pointer to a sub-message, a blob made with `new`."""
        exprs = _exprs(kids)
        if not exprs:
            return
        init = exprs[-1]
        if c.type.is_const_qualified():
            self.const_decls.append((c.spelling, self.text(init)))
        if c.kind != K.VAR_DECL:
            return
        chain = self.chain(init) if c.type.kind == ci.TypeKind.POINTER else None
        if chain and chain[1]:
            self.facts.calls.append(Call(self.at(c), chain[0], chain[1], "alias", c.spelling))
        self.blob(c, c.spelling, init)

    def blob(self, owner, name: Optional[str], init) -> None:
        """`name` made a new Blob of the shape written in its arguments."""
        new = self.strip(init)
        if not name or new.kind != K.CXX_NEW_EXPR:
            return
        kids = _children(new)
        if not any(k.kind == K.TEMPLATE_REF and k.spelling == "Blob" for k in kids):
            return
        args = self.args(new, "Blob", kids) or []
        self.facts.blobs.append((self.at(owner), name, [self.text(a) for a in args]))

    def constructor(self, c, kids: list) -> None:
        """A fixture's member initializers: numbers (constants) and new blobs."""
        for ref, init in zip(kids, kids[1:]):
            if ref.kind != K.MEMBER_REF or not init.kind.is_expression():
                continue
            value = self.text(self.strip(init))
            if ref.spelling.endswith("_") and _MEMBER_INIT_VALUE.fullmatch(value):
                self.member_inits.setdefault(ref.spelling, value)
            self.blob(ref, ref.spelling, init)

    def assign(self, c, kids: list) -> None:
        """`blob = new Blob<Dtype>(...)`, and a label drawn into a blob's data:
        `blob->mutable_cpu_data()[i] = caffe_rng_rand() % 5`."""
        if len(kids) != 2 or self.operator(kids[0]) != "=":
            return
        lhs = self.strip(kids[0])
        if lhs.kind != K.ARRAY_SUBSCRIPT_EXPR:
            self.blob(c, self.var(lhs), kids[1])
            return
        data = _exprs(_children(lhs))
        call = self.callee(_children(self.strip(data[0]))) if data else None
        if not call or call[0] != "mutable_cpu_data" or call[1] is None or call[2]:
            return
        blob, count = self.var(call[1]), self.label_count(kids[1])
        if blob and count:
            self.facts.labels.append((self.at(c), blob, count))

    def label_count(self, c) -> Optional[str]:
        """K of `caffe_rng_rand() % K` (through casts and parentheses), as written."""
        while c.kind in _CASTS:
            kids = _exprs(_children(c))
            if not kids:
                return None
            c = kids[-1]
        kids = _exprs(_children(c))
        if c.kind != K.BINARY_OPERATOR or len(kids) != 2:
            return None
        rand = self.strip(kids[0])
        if rand.kind != K.CALL_EXPR or rand.spelling != "caffe_rng_rand" or \
                self.operator(kids[0]) != "%":
            return None
        return self.text(kids[1])

    def construct(self, c, kids: list) -> None:
        """A layer constructed from a LayerParameter variable: `XLayer<Dtype> layer(param)`,
        `new XLayer<Dtype>(this->param_)`."""
        tmpl = next((k for k in kids if k.kind == K.TEMPLATE_REF), None)
        if tmpl is None or not tmpl.spelling.endswith("Layer") or tmpl.spelling == "Layer":
            return
        args = self.args(c, tmpl.spelling, kids)
        name = self.var(args[0]) if args and len(args) == 1 else None
        if name:
            self.facts.constructs.append((self.at(tmpl), tmpl.spelling[:-len("Layer")], name))

    def test_body(self, c, kids: list) -> None:
        if c.spelling == "TestBody" and any(k.kind == K.COMPOUND_STMT for k in kids):
            _, line, offset = _where(c.extent.start)
            self.facts.tests.append((offset, line))

    def string(self, c, kids: list) -> None:
        lo, hi = self._span(c)
        pieces = self.spellings[lo:hi]
        if pieces and all(len(p) >= 2 and p[0] == p[-1] == '"' for p in pieces):
            self.facts.strings.append("".join(p[1:-1] for p in pieces))

    def filler(self, c, kids: list) -> None:
        if c.spelling == "PositiveUnitballFiller":
            self.facts.positive.append(self.at(c))

    def done(self) -> Facts:
        consts = dict(self.member_inits)
        consts.update(self.const_decls)
        self.facts.consts = consts
        for facts in (self.facts.tests, self.facts.calls, self.facts.constructs,
                      self.facts.blobs, self.facts.pushes, self.facts.labels):
            facts.sort(key=lambda f: f.offset if isinstance(f, Call) else f[0])
        return self.facts


_HANDLERS = {
    K.CALL_EXPR: _Reader.call,
    K.VAR_DECL: _Reader.decl,
    K.FIELD_DECL: _Reader.decl,
    K.CONSTRUCTOR: _Reader.constructor,
    K.BINARY_OPERATOR: _Reader.assign,
    K.CXX_METHOD: _Reader.test_body,
    K.STRING_LITERAL: _Reader.string,
    K.TEMPLATE_REF: _Reader.filler,
}


def read_unit(tu, main: str, tokens: List[Tuple[int, str]]) -> Facts:
    """The facts of the file `main` of a translation unit (`tokens`: its (offset, spelling)
    tokens, comments left out)."""
    reader = _Reader(tokens)
    main_file = ci.File.from_name(tu, main)
    handle = _where(ci.SourceLocation.from_offset(tu, main_file, 0))[0]
    for c in _children(tu.cursor):
        if _where(c.location)[0] == handle:
            reader.walk(c)
    return reader.done()
