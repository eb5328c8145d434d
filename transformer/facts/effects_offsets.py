"""Offsets of accesses: how an integer offset depends on the partitioned loop variable
(one sample's slice at a stride, the element itself, a neighbour, or something opaque);
sized blocks at such an offset are `blocks.py`'s.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import List, Optional, Set

from ..ir import Node
from . import constants, degenerate
from .blocks import unit_only
from .effects_model import Offset, _Frame
from .effects_syntax import _reads_memory, _strip, _updated_names, _words, literal_int
from .shapes import _call_parts, norm_text


class OffsetMixin:
    """The offset classification of `EffectWalker` (its state is set in effects.py)."""

    def offset_of(self, frame: _Frame, e: Node) -> Offset:
        """How expression e (an integer offset) depends on the loop variable."""
        names = {n.name for n in e.walk() if n.kind == "name"}
        names |= self._bound_loop_names(frame, e)
        inner = any(v in names for v, _ in self.inner_vars)
        if self._unbounded_counters(frame, self._counter_names(frame, e)):
            return Offset(opaque=True, inner=inner)  # `while (k < dim) ++k;` then `out[k]`
        if self.loop_var and any(v in names and any(self._per_sample(frame, w)
                                                    for w in _words(t))
                                 for v, t in self.inner_vars):
            return Offset(opaque=True, inner=inner)  # an inner counter bounded by n
        if self.loop_var not in names:
            data = _reads_memory(e)
            if inner and self._below_start(frame, e):
                return Offset(opaque=True, inner=True)  # `(k - 1)`: before the sample's start
            if inner or data:  # the constant terms beside the inner index (`k + dim_`)
                fixed = [t for t in _addends(e) if not (set(_words(t.text)) & {
                    v for v, _ in self.inner_vars}) and not _reads_memory(t)]
                moving = [t for t in _addends(e) if t not in fixed]
                trips = dict(self.inner_vars)
                span = norm_text(trips[moving[0].name]) if len(moving) == 1 and \
                    _strip(moving[0]).kind == "name" and moving[0].name in trips and \
                    moving[0].name in self.from_zero else ""
                return Offset(inner=inner, data=data, terms=self._term_spellings(frame, fixed),
                              term_of=[b for t in fixed for b in self._samples_long(frame, t)],
                              span=span, digits=self.digits_of(frame, e))
            return Offset(terms=self._term_spellings(frame, [e]), shift=self._literal_of(
                frame, e) or 0, term_of=self._samples_long(frame, e))
        out = self._classify_offset(frame, e, inner)
        if out.partitioned and (inner or names & set(self.trip_bounds)) and (
                self._inner_spills(frame, names, out) or self._scaled_spills(frame, e, out)):
            return Offset(shifted=True, inner=inner)  # k < 2 * dim: into the next sample
        return out

    def at_index(self, frame: _Frame, p, index: Node):
        """Pointer p indexed by `index` (`out[k]` with `out = top + n * dim`): past the
        sample's slice when an inner index of it counts past one sample."""
        io = self.offset_of(frame, index)
        q = p.plus(io)
        if self._below_start(frame, index):  # `p[-1]`, `out[off]` with off = -1
            q = q.plus(Offset(shifted=True))
        if any(unit_only(c.offset) for c in p.choices) and not io.depends and \
                norm_text(index.text) not in ("0", "0u") and not self._transposed(index):
            # out = top + n: `out[k]` is n + k (slices overlap), `out[1]` the next sample's
            q = q.plus(Offset(opaque=True) if io.inner or io.data else Offset(shifted=True))
        names = {n.name for n in index.walk() if n.kind == "name"}
        if any(c.offset.partitioned and (self._inner_spills(frame, names, c.offset) or
                                         self._scaled_spills(frame, index, c.offset) or
                                         self._shift_spills(frame, index, c.offset))
               for c in q.choices):
            q = q.plus(Offset(shifted=True))
        if any(c.offset.partitioned and self.reach_spills(frame, index, b.offset, c.offset)
               for b, c in zip(p.choices, q.choices)):
            q = q.plus(Offset(shifted=True))
        return q

    def _below_start(self, frame: _Frame, e: Node, whole: bool = True, depth: int = 0,
                     followed: bool = False) -> bool:
        """May index e be negative: a negative literal or constant, the whole index negated
        (`p[-1]`), an inner index minus more than where it starts (`k - 1`, k from 0), a
        function's value not read (the tree's, or any in the index itself), in a sum too,
        through bound parameters and values? (`-pad_h_ + h * stride_h_` in a sum is a
        padded position its guard checks.)"""
        e = _strip(e)
        if depth > 6:
            return False
        if e.kind == "unop" and e.op == "-":
            return whole
        known = constants.values(e, constants.returns_of(self.program, self.cls))
        if known is not None:  # `out[kPrev]`, `out[~0]`, `out[kTap[0]]`, `out[BackOf()]`
            return any(v < 0 for v in known)  # `back_ = 0xFFFFFFFF` too: an int's -1
        if e.kind == "lit":
            return e.text.strip()[:1] == "-"
        below = lambda x, w=True, f=followed: self._below_start(  # noqa: E731
            frame, x, w, depth + 1, f)
        if e.kind == "cond" and len(e.children) == 3:  # `out[causal_ ? -1 : 0]`
            return any(below(c, whole) for c in e.children[1:])
        if e.kind == "call":  # a size a library function computed is not, by convention
            tree = bool(self._call_targets(e.children[0] if e.children else None, e.name))
            return (tree or not followed) and constants.call_may_be_negative(
                e.name, [below(a) for a in e.children[1:]])
        if e.kind == "binop" and e.op in ("+", "-") and len(e.children) == 2:  # `h + (-1)`
            least = self.least_value(frame, e)
            return least is not None and least < 0 or e.op == "+" and any(
                below(c, False) for c in e.children)
        if self._from_negative(e) or self.factor_below(frame, e, lambda c: below(  # `(h-1) * w`
                self._resolved(frame, c) if c.kind == "call" else c, whole)):
            return True
        bound = frame.bindings.get(e.name) if e.kind == "name" else None
        if isinstance(bound, Node):
            return below(bound, whole, True)
        if e.kind in ("name", "member"):
            return any(below(v, whole, True) for v in self._values_of(frame, e) or [])
        return False

    def _from_negative(self, e: Node) -> bool:
        """Is e an inner counter whose loop starts at a negative literal (`c = -1`), or a
        product with one as a factor (`c * spatial_`)?"""
        if e.kind == "binop" and e.op == "*" and len(e.children) == 2:
            return any(self._from_negative(_strip(c)) for c in e.children)
        bound = self.trip_bounds.get(e.name) if e.kind == "name" else None
        return bound is not None and bool(  # `-1`, `(-1)`, `0 - 1`
            re.fullmatch(r"0?-0*[1-9]\d*", re.sub(r"[\s()]", "", bound[2])))

    def _at_extent(self, frame: _Frame, a: Node, depth: int = 0) -> bool:
        """May a coordinate of `offset(n, c, h, w)` reach its axis's extent (a shape query,
        one sample's size, an inner index counted with `<=`), and so the next sample?"""
        a = _strip(a)
        if depth > 6:
            return False
        parts = _call_parts(a)
        if (parts and parts[1] in _SHAPE_CALLS) or self.oracle.sample_of(a):
            return True
        bound = self.trip_bounds.get(a.name) if a.kind == "name" else None
        if bound is not None:
            return bound[1] or self._past_axis(frame, bound[0])
        if a.kind == "binop" and a.op in ("+", "*"):
            return any(self._at_extent(frame, c, depth + 1) for c in a.children)
        if a.kind in ("name", "member"):
            values = self._values_of(frame, a) or []
            return any(self._at_extent(frame, v, depth + 1) for v in values)
        return False

    def _past_axis(self, frame: _Frame, b: Node) -> bool:
        """May an inner index counted up to b pass the axis it is a coordinate of?"""
        return degenerate.past_axis(b, lambda v: self._values_of(frame, v),
                                    self.oracle.sample_of)

    def _values_of(self, frame: _Frame, x: Node) -> Optional[List[Node]]:
        """The values a variable holds: a helper's parameter, the argument it was given
        (unless the helper changes it); a local's initializer (unless changed since), else
        what the layer assigns a member or local (None: unknown)."""
        bound = frame.bindings.get(x.name) if x.kind == "name" else None
        if isinstance(bound, Node) and frame.fn.body is not None and \
                x.name not in _updated_names(frame.fn.body):
            return [bound]
        if x.kind == "name" and x.name in frame.values and x.name not in self.eff.written_names:
            return [frame.values[x.name]]
        return self.oracle.resolve(x)

    def _inner_spills(self, frame: _Frame, names: Set[str], off: Offset) -> bool:
        """Does an inner index of this offset count past one sample (`k < 2 * dim`,
        `k <= dim`, `k < count()`, `m < num`)?"""
        for v in names:
            bound = self.trip_bounds.get(v)
            x = self._bound_value(frame, bound[0]) if bound is not None else None
            if bound is not None and ((bound[1] and self._one_sample(x, off)) or
                                      self.exceeds(frame, [bound[0]], off) or
                                      self.exceeds(frame, [self._resolved(frame, x)], off) or
                                      self.reaches_short(frame, bound[0], off)):
                return True
        return False

    def short_of(self, frame: _Frame, stride: Node) -> List[str]:
        """The spellings of the sizes a stride is shorter than by its form (Offset.short_of)."""
        values = lambda v: self._values_of(frame, v)  # noqa: E731
        bases = degenerate.shorter_than(stride, values)
        return [s for x in bases for s in self.spellings(frame, x)] + \
            ["sample of " + r for x in bases + [stride] for r in self._part_of(frame, x)]

    def _part_of(self, frame: _Frame, x: Node) -> List[str]:
        """The Blobs x is one axis (or the trailing axes) of a sample of (ShapeOracle.part_of,
        a local followed to its initializer)."""
        x = _strip(x)
        values = self._values_of(frame, x) if x.kind == "name" else None
        return self.oracle.part_of(values[0] if values and len(values) == 1 else x)

    def spellings(self, frame: _Frame, x: Node) -> List[str]:
        """x's text, its one value's, and the Blob it is one sample of ("sample of B")."""
        x = _strip(x)
        values = self._values_of(frame, x) if x.kind in ("name", "member") else None
        out = [norm_text(x.text)] + ([norm_text(_strip(values[0]).text)]
                                     if values and len(values) == 1 else [])
        return out + ["sample of " + b for b in _listed(self.oracle.sample_of(x))]

    def _one_sample(self, x: Node, off: Offset) -> bool:
        """Is x one sample at the offset's stride (its spelling or its Blob's count(1))?"""
        of = self.oracle.sample_of(_strip(x))
        return norm_text(_strip(x).text) in off.strides or bool(of and of in off.stride_of)

    def reaches_short(self, frame: _Frame, x: Node, off: Offset) -> bool:
        """Is x a size that the offset's stride may be shorter than (`k < dim` at a stride
        of `dim - 1` or of `channels()`, or one sample of a Blob other than the stride's)?"""
        spelled = self.spellings(frame, x)
        if off.stride_of and any(s.startswith("sample of ") and s[10:] not in off.stride_of
                                 for s in spelled):
            return True  # one sample of another Blob, whose size beside the stride's is unknown
        if any(s.startswith("sample of ") for s in off.short_of) and \
                any(s.startswith("sample of ") for s in spelled):
            return True  # one sample at a stride that is part of one (of this Blob or another)
        return bool(off.short_of) and bool(set(spelled) & set(off.short_of))

    def exceeds(self, frame: _Frame, factors, off: Offset, depth: int = 0) -> bool:
        """Does a block of the product of `factors` elements at sample n's slice reach past
        it: a total count or the batch among them, a literal multiple of one sample, two
        samples' sizes multiplied, one sample plus more, or shifted left? Locals and members
        are followed to their one value."""
        if not off.sample or depth > 6:
            return False
        factors = [f for x in factors for f in _factors(self._bound_value(frame, x))]
        if any(self._total(f, off) for f in factors):
            return True
        samples = [f for f in factors if self.oracle.sample_of(f)]
        more = [f for f in factors if f.kind == "lit" and literal_int(f.text) > 1]
        ones = [f for f in factors if self._one_sample(f, off)]
        if ones and (more or len(samples) > 1):
            return True
        if ones and not off.compound and any(  # `channels * spatial` at `n * spatial`
                f is not ones[0] and norm_text(f.text) not in ("1", "1u") for f in factors):
            return True
        return any(self._exceeds_one(frame, f, off, depth) for f in factors)

    def _exceeds_one(self, frame: _Frame, x: Node, off: Offset, depth: int) -> bool:
        """One factor: a sum or shift past one sample, or a variable whose value is."""
        if x.kind == "binop" and x.op in ("+", "-", "<<") and len(x.children) == 2:
            a, b = (self._bound_value(frame, c) for c in x.children)
            if x.op == "+" and any(self._one_sample(c, off) or
                                   self.exceeds(frame, [c], off, depth + 1) or
                                   _max_args(c) and any(self._one_sample(m, off) for m in
                                                        _max_args(c)) for c in (a, b)):
                return norm_text(b.text) not in ("0", "0u") and norm_text(a.text) != "0"
            if x.op == "<<":
                return (self._one_sample(a, off) or self.exceeds(frame, [a], off, depth + 1)) \
                    and b.kind == "lit" and literal_int(b.text) > 0
            return x.op == "-" and self.exceeds(frame, [a], off, depth + 1)
        if x.kind == "cond" and len(x.children) == 3:  # `k < (c ? dim + 1 : dim)`
            return any(self.exceeds(frame, [v], off, depth + 1) for v in x.children[1:])
        if x.kind == "call" and x.name in ("max", "min") and len(x.children) == 3 and \
                depth == 0:  # as written where it bounds (a local's values: clamped later)
            past = [self.exceeds(frame, [a], off, depth + 1) for a in x.children[1:]]
            return any(past) if x.name == "max" else all(past)  # `std::max(dim, dim + 1)`
        if x.kind == "name" and x.name in frame.values and x.name in self.eff.written_names:
            # a local the loop assigns again (`int end = dim; if (c) end = dim + 1;`): every
            # value it is given; one it steps has none the walk knows
            values = [frame.values[x.name]] + self._assigned.get(x.name, [])
            return x.name in self._grown or bool(self._unbounded_counters(frame, {x.name})) or \
                any(self.exceeds(frame, [v], off, depth + 1) for v in values)
        if x.kind in ("name", "member"):
            values = self._values_of(frame, x) or []
            return len(values) == 1 and self.exceeds(frame, values, off, depth + 1)
        return False

    def _total(self, x: Node, off: Offset) -> bool:
        """The batch, or the whole count (`count()`, `count(0)`, `count(0, k)`) of a Blob
        with the batch in it: the one the offset's stride is a sample of, or the first
        input or output (a parameter's or a bias's count is no such total)."""
        if self.oracle.is_batch(x):
            return True
        parts = _call_parts(x)
        if not parts or parts[1] != "count" or \
                (parts[2] and norm_text(parts[2][0].text) != "0"):
            return False
        receiver = norm_text(parts[0].text)
        return receiver in off.stride_of or receiver in ("bottom[0]", "top[0]")

    def _bound_loop_names(self, frame: _Frame, e: Node) -> Set[str]:
        """Names a bound parameter stands for (a callee's int parameter bound to n)."""
        out = set()
        for n in e.walk():
            if n.kind == "name":
                b = frame.bindings.get(n.name)
                if isinstance(b, Node):
                    out |= {m.name for m in b.walk() if m.kind == "name"}
                elif n.name in frame.values:
                    out |= {m.name for m in frame.values[n.name].walk() if m.kind == "name"}
        return out

    def _classify_offset(self, frame: _Frame, e: Node, inner: bool) -> Offset:
        """How offset e, in which the loop variable appears, depends on it."""
        case = _OFFSET_CASES.get(e.kind)
        out = getattr(self, case)(frame, e, inner) if case is not None else None
        return out if out is not None else Offset(opaque=True, inner=inner)

    def _offset_through(self, frame: _Frame, e: Node, inner: bool) -> Optional[Offset]:
        """A cast or parenthesis: the offset of what it holds (none that several samples
        share, once cast to `bool` or a small integer)."""
        if e.kind == "cast" and degenerate.narrow(e.type or ""):
            return None
        if e.children:
            return self._classify_offset(frame, e.children[0], inner)
        return None

    def _offset_index(self, frame: _Frame, e: Node, inner: bool) -> Optional[Offset]:
        """`p[i]`: a value loaded from memory."""
        return Offset(data=True, inner=inner)

    def _offset_unop(self, frame: _Frame, e: Node, inner: bool) -> Optional[Offset]:
        """`*p` is a value loaded from memory; other unary operators are opaque."""
        if e.op == "*":
            return Offset(data=True, inner=inner)
        return None

    def _offset_name(self, frame: _Frame, e: Node, inner: bool) -> Optional[Offset]:
        """The loop variable itself, or the value of a local or a bound parameter."""
        if e.name == self.loop_var:
            return Offset(unit=True, inner=inner)
        if e.name in frame.values:
            if e.name in self.eff.written_names or \
                    degenerate.narrow(self._decl_types.get(e.name, "")):  # changed after its
                return Offset(opaque=True, inner=inner)  # declaration, or `bool m = n`
            return self._classify_offset(frame, frame.values[e.name], inner)
        if isinstance(frame.bindings.get(e.name), Node):
            if degenerate.narrow(self._param_type(frame, e.name)):  # `unsigned char m` = n
                return Offset(opaque=True, inner=inner)
            return self._classify_offset(frame, frame.bindings[e.name], inner)
        return None

    def _offset_binop(self, frame: _Frame, e: Node, inner: bool) -> Optional[Offset]:
        """A sum, difference or product of two parts; other operators are opaque."""
        if e.op in ("+", "-") and len(e.children) == 2:
            return self._classify_sum(frame, e, inner)
        if e.op == "*" and len(e.children) == 2:
            return self._classify_product(frame, e, inner)
        return None

    def _offset_call(self, frame: _Frame, e: Node, inner: bool) -> Optional[Offset]:
        """`offset(n, ...)` (or the element `data_at(n, ...)` reads): sample n's slice;
        any other call is opaque (floor(n * rate_): no longer n times S)."""
        if e.name not in ("offset", "data_at", "diff_at") or len(e.children) < 2:
            return None
        callee = e.children[0]
        if callee.kind != "member" or not callee.children or \
                not self.blob_receiver(frame, callee.children[0]):
            return Offset(opaque=True, inner=inner)  # the tree's own `offset(n)`: any place
        first = self.offset_of(frame, e.children[1])
        rest = [self.offset_of(frame, a) for a in e.children[2:]]
        if any(r.depends for r in rest):
            return Offset(opaque=True, inner=inner)
        if first.unit and any(self._at_extent(frame, a) for a in e.children[2:]):
            return Offset(shifted=True, inner=inner)  # offset(n, channels()): offset(n + 1)
        if first.unit and not (first.shifted or first.opaque):
            return Offset(sample=True, inner=inner, strides=[norm_text(e.text)],
                          stride_of=[norm_text(e.children[0].children[0].text)]
                          if e.children[0].kind == "member" and e.children[0].children else [])
        if first.shifted:
            return Offset(shifted=True, inner=inner)
        return Offset(opaque=True, inner=inner)

    def _classify_sum(self, frame: _Frame, e: Node, inner: bool) -> Offset:
        """a + b, a - b: n plus a constant or an invariant is a neighbour, n plus an inner
        index overlaps, a literal shift of a sample-and-inner index reaches the sample
        before; otherwise the two parts merged."""
        v = self.loop_var
        a, b = e.children
        if (a.kind == "name" and a.name == v and b.kind == "lit") or \
                (b.kind == "name" and b.name == v and a.kind == "lit"):
            return Offset(shifted=True, inner=inner)
        for x, y in ((a, b), (b, a)):
            if _strip(x).kind == "name" and _strip(x).name == v:
                oy = self.offset_of(frame, y)
                if not oy.depends and not oy.inner and not oy.data and \
                        norm_text(y.text) != "0":
                    return Offset(shifted=True, inner=inner)  # n - lag_: a neighbour
                if oy.inner and not self._times_batch(y):
                    return Offset(opaque=True, inner=inner)  # n + k: slices overlap
        for x, y in ((a, b), (b, a)):
            if _strip(y).kind == "lit" and norm_text(y.text) not in ("0", "0u"):
                ox = self.offset_of(frame, x)
                if ox.inner and (ox.sample or ox.unit):  # y[n * dim + k - 1]: k = 0
                    return Offset(opaque=True, inner=inner)  # reaches the sample before
        oa = self.offset_of(frame, a)
        ob = self.offset_of(frame, b)
        if e.op == "-" and oa.depends and ob.depends:
            return Offset(opaque=True, inner=inner)  # n - n, n * dim - n * dim: may cancel
        if e.op == "-" and oa.partitioned and norm_text(b.text) not in ("0", "0u"):
            return Offset(shifted=True, inner=inner)  # n * dim - 1: the sample before
        return _within_stride(oa.merged(ob), [self.counted.get(_strip(x).name or "")
                                              for x in (a, b) if _strip(x).kind == "name"])

    def _classify_product(self, frame: _Frame, e: Node, inner: bool) -> Offset:
        """a * b: n times an invariant integer stride is sample n's slice."""
        a, b = e.children
        oa, ob = self.offset_of(frame, a), self.offset_of(frame, b)
        if not oa.depends and not ob.depends:
            return oa.merged(ob)
        for x, y in ((a, b), (b, a)):
            ox = self.offset_of(frame, x)
            if ox.depends and re.search(r"\d\.|\.\d|\de", y.text):
                return Offset(opaque=True, inner=inner)  # n * 0.5: not an integer stride
            if ox.depends and not self.offset_of(frame, y).depends:
                if ox.data and not (ox.unit or ox.sample or ox.shifted or ox.opaque):
                    return Offset(data=True, inner=inner)
                if degenerate.maybe_zero(y, lambda v: self._values_of(frame, v)):
                    return Offset(opaque=True, inner=inner)  # n * 0: every sample at one place
                if (ox.unit or ox.sample) and not (ox.shifted or ox.opaque):
                    return Offset(sample=True, inner=inner, data=ox.data,
                                  strides=[norm_text(y.text)],
                                  stride_of=_listed(self.oracle.sample_of(y)),
                                  unsized=[] if self._sample_size(y) else
                                  [norm_text(y.text)], short_of=self.short_of(frame, y),
                                  compound=ox.sample or ox.compound,
                                  factors=ox.factors + [norm_text(y.text)])
                if ox.shifted:
                    return Offset(shifted=True, inner=inner)
                return Offset(opaque=True, inner=inner)
        return Offset(opaque=True, inner=inner)

    def _per_sample(self, frame: _Frame, name: str, depth: int = 0) -> bool:
        """May the value of `name` differ from one sample to the next (n itself, a local
        computed from n or from memory, a variable the loop assigns)?"""
        if name == self.loop_var:
            return True
        if depth > 6:
            return True
        values = ([frame.values[name]] if name in frame.values else []) + \
            self._assigned.get(name, [])
        return any(_reads_memory(v) or any(self._per_sample(frame, w, depth + 1)
                                           for w in _words(v.text) if w != name)
                   for v in values)

    def _term_spellings(self, frame: _Frame, terms: List[Node]) -> List[str]:
        """Each term's text and its one value's (`dim` copied from `dim_`, a helper's `dim`
        given `dim_`): a term spelled like the stride moves to a neighbour."""
        return [s for t in terms for s in self.spellings(frame, t) if not
                s.startswith("sample of ")]

    def _transposed(self, y: Node) -> bool:
        """Is index y a multiple of the batch (`k * num`, `num`): samples interleaved?"""
        return self._times_batch(y) or self.oracle.is_batch(_strip(y))

    def _times_batch(self, y: Node) -> bool:
        """Is y `k * B` with B the batch size (a transposed layout, samples interleaved)?"""
        y = _strip(y)
        return y.kind == "binop" and y.op == "*" and any(
            self.oracle.is_batch(c) for c in y.children)

    def _sample_size(self, stride: Node) -> bool:
        """May this stride be the size of one sample? Taken on Caffe's layout convention,
        unless every value of it is a layer setting (a hop between frames), which sizes
        nothing: then samples' slices may overlap."""
        return self.oracle.kind(stride) == "stride" or not self.oracle.from_setting(stride)


# _classify_offset's cases by node kind: each returns None for an opaque offset
_OFFSET_CASES = {"cast": "_offset_through", "paren": "_offset_through",
                 "index": "_offset_index", "unop": "_offset_unop", "name": "_offset_name",
                 "binop": "_offset_binop", "call": "_offset_call"}


_SHAPE_CALLS = ("channels", "height", "width", "num", "count", "shape", "offset")


def _factors(x: Node) -> List[Node]:
    """The factors of a product (x itself when it is none)."""
    if x.kind == "binop" and x.op == "*" and len(x.children) == 2:
        return _factors(_strip(x.children[0])) + _factors(_strip(x.children[1]))
    return [x]


def _addends(e: Node) -> List[Node]:
    """The operands of a sum or a difference (`k + dim_ + 1`: k, dim_, 1; `k - dim_`: k,
    dim_, a term that moves as far as an added one); e itself when it is neither."""
    e = _strip(e)
    if e.kind == "binop" and e.op in ("+", "-") and len(e.children) == 2:
        return _addends(e.children[0]) + _addends(e.children[1])
    return [e]


def _listed(x: Optional[str]) -> List[str]:
    return [x] if x else []


def _within_stride(off: Offset, trips) -> Offset:
    """n * S + k, with k counted from 0 to S by an inner loop (`counted`): sample n's slice
    [n * S, n * S + S) whatever S is, so a stride that is a layer setting (top_k_) sizes the
    slices after all."""
    sized = [u for u in off.unsized if u in trips]
    if not sized or not off.sample or off.unit or off.data or off.shifted or off.opaque:
        return off
    return replace(off, unsized=[u for u in off.unsized if u not in sized])


def _max_args(x: Node) -> List[Node]:
    """The arguments of `std::max(a, b)` (at least each of them); [] for any other x."""
    x = _strip(x)
    return x.children[1:] if x.kind == "call" and x.name == "max" else []
