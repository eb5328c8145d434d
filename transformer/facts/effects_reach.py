"""How far an offset reaches from a sample's start: a term or a product of axes one whole
sample long; an inner index spanning a whole sample beside anything more (`top + n * dim +
spatial_` then `[k]`, k < dim); a pointer a constant past the start indexed by an inner
counter (`row = top + n * dim + 1` or `++row`, then `row[k]` for k < dim: up to dim) or given
a block; and a pointer of the iteration stepped in inner loops (`*row++` twice per k, or
`row += 2`, for k < dim: up to 2 * dim - 1; `row[k]` and `++row` in one pass: 2 * k). The
digits of a flattened index are `effects_digits.py`'s. Part of `EffectWalker` (its state is
set in effects.py)."""
from __future__ import annotations

from dataclasses import replace
from typing import List, Optional

from ..ir import Node
from . import constants
from .effects_counters import _plus_terms
from .effects_counters import plus as _plus
from .effects_least import MAYBE_NEGATIVE
from .effects_model import Offset, Ptr, _Frame
from .effects_offsets import _factors
from .effects_paths import _comma_operands
from .effects_syntax import _aliased_names, _strip, _updated_names, _words, counter_test
from .pass_indices import copies_escape, indexed_by_its_steps
from .pass_steps import (
    PAST,
    UNKNOWN,
    Step,
    Trip,
    accessed_after_step,
    counter,
    grouped,
    int_value,
    loop_body,
    pass_lead,
    pass_steps,
    per_pass,
    trip_count,
)
from .shapes import norm_text


class ReachMixin:
    """The reach checks of `OffsetMixin` and of the inner loops' walk."""

    def _bound_value(self, frame: _Frame, x: Node) -> Node:
        """A helper's parameter that the helper does not change: the argument it was given
        (`len` given `dim`), in the terms of the loop's function; any other x as it is."""
        x = _strip(x)
        bound = frame.bindings.get(x.name) if x.kind == "name" else None
        if isinstance(bound, Node) and frame.fn.body is not None and \
                x.name not in _updated_names(frame.fn.body):
            return _strip(bound)
        return x

    def _resolved(self, frame: _Frame, x: Node, depth: int = 0) -> Node:
        """x's one value where the walk can read it: a helper's parameter's argument, a
        local's initializer (not assigned since), or a tree function's one `return e;` with
        its parameters replaced by the call's arguments (`Plus1(dim)`: `dim + 1`)."""
        x = self._bound_value(frame, x)
        if depth >= 4:
            return x
        if x.kind == "name" and isinstance(frame.values.get(x.name), Node) and \
                x.name not in self.eff.written_names:
            return self._resolved(frame, frame.values[x.name], depth + 1)
        target = constants.return_target(self.program, self.cls, x) if x.kind == "call" \
            else None
        body = target.body if target is not None else None
        args = x.children[1:]
        if body is not None and len(body.children) == 1 and body.children[0].kind == "return" \
                and body.children[0].children and len(target.params) == len(args):
            mapping = {p.name: a for p, a in zip(target.params, args)}
            return self._resolved(frame, _substituted(body.children[0].children[0], mapping),
                                  depth + 1)
        return x

    def _samples_long(self, frame: _Frame, e: Node, depth: int = 0) -> List[str]:
        """The Blob whose samples a term e counts (one, `dim`, `this->dim_`,
        `top[0]->offset(1)`, a copy of one, `dim = dim_`, a helper's parameter given one, or a
        literal number of them, `2 * dim`): [] for any other e. (A stride is one sample
        exactly: `n * (2 * dim) + dim` stays in sample n.)"""
        e = _strip(e)
        if e.kind == "binop" and e.op == "*" and len(e.children) == 2:
            for k, x in (e.children, e.children[::-1]):
                if _strip(k).kind == "lit" and norm_text(k.text) not in ("0", "0u"):
                    return self._samples_long(frame, x, depth)
            # axes of one Blob multiplied (`channels_ * spatial_`): may be its whole sample
            parts = [set(self._part_of(frame, f)) for f in self._axis_factors(frame, e)]
            return sorted(set.intersection(*parts)) if all(parts) else []
        of = self.oracle.sample_of(e)
        found = [of] if of else []
        if not found and e.kind == "name" and depth < 6:
            values = self._values_of(frame, e) or []
            if len(values) == 1 and values[0] is not e:
                return self._samples_long(frame, values[0], depth + 1)
        return found

    def _axis_factors(self, frame: _Frame, e: Node, depth: int = 0) -> List[Node]:
        """The factors of a product, a local holding a product expanded (`plane` for
        `height() * width()`)."""
        out: List[Node] = []
        for f in _factors(_strip(e)):
            values = self._values_of(frame, f) if f.kind == "name" and depth < 4 else None
            v = _strip(values[0]) if values and len(values) == 1 else None
            out += self._axis_factors(frame, v, depth + 1) if v is not None and \
                v.kind == "binop" and v.op == "*" else [f]
        return out

    def _shift_spills(self, frame: _Frame, index: Node, off: Offset) -> bool:
        """`p[k + c]` with p a constant past the sample's start (Offset.shift): does the
        inner counter's bound X plus both constants reach past one sample?"""
        if off.shift <= 0:
            return False
        terms = _plus_terms(index)
        counters = [t for t in terms if t.kind == "name" and t.name in self.trip_bounds]
        if any(t not in counters and _words(t.text) & self.counting(frame) for t in terms):
            return True  # `row[2 * k + 1]`: a counter scaled beside the shift (precision)
        if len(counters) != 1:
            return False
        more = [self._literal_of(frame, t) for t in terms if t is not counters[0]]
        c = off.shift + sum(v for v in more if v is not None and v > 0)
        return self._spill_term(frame, "+", counters[0], c, off)

    def _term_spills(self, frame: _Frame, index: Node, before: Offset, after: Offset) -> bool:
        """`p[index]` at a sample's slice: an inner index spanning one whole sample beside
        anything more (a term, `top + n * dim + spatial_` or `+ dim / 2`; a constant; or
        another inner index, `q = row + c * spatial_` then `q[k]`), or an inner index on a
        pointer that already spans one (`q = row + k`, then `q[k]`, k < dim)?"""
        added = {t.name for t in _plus_terms(index) if t.kind == "name"}  # not `i - half`
        counters = self.counting(frame)
        whole = not after.compound and any(self._one_sample(self._bound_value(frame, b[0]), after)
                    for v in added for b in [self.trip_bounds.get(v)] if b is not None)
        if whole and (_more_than_zero(after, counters) or before.inner):
            return True
        return before.inner and before.span in after.strides and bool(added & counters)

    def counting(self, frame: _Frame) -> set:
        """The inner counters, and the locals whose value names one (`cs = c * spatial_`):
        a term spelled with them is an inner index, not a constant beside it."""
        counters = set(self.trip_bounds) | {v for v, _ in self.inner_vars}
        return counters | {name for name, v in frame.values.items() if isinstance(v, Node)
                           and self._counter_names(frame, v) & counters}

    def reach_spills(self, frame: _Frame, index: Node, before: Offset, after: Offset) -> bool:
        """`p[index]` (p's offset `before`, the access's `after`) past one sample: by a term
        or another index beside a whole sample's span, or by its digits."""
        return self._term_spills(frame, index, before, after) or \
            self._radix_spills(frame, after)

    def _loop_reach(self, frame: _Frame, loop: Node):
        """On entering an inner loop, the first of the pointer's own scope (declared in the
        iteration, outside this loop): the elements a pointer moves over the whole loop
        (its steps in one pass, those of nested loops times their trips, times this loop's
        trip) plus where it starts; one that reaches past one sample, that the loop also
        indexes by what it counts, or that a call may move (passed by writable reference,
        its address taken), indexes the next sample in every access from here on; so does
        any step in a loop of a trip the walk cannot count."""
        depth = len(self.inner_vars) - 1
        body = per_pass(loop)
        moved = self.names_passed(body, frame.fn.file, True) | _aliased_names(body)
        start, least = self._start_value(frame), self._start_value(frame, True)
        for name in sorted(frame.inside & set(frame.ptrs)):
            if self._decl_depth.get(name) != depth and \
                    depth not in self._reset_depths.get(name, ()):
                continue
            groups = self._counted_steps(frame, pass_steps(body, name, least))
            if groups is None and name not in moved:
                continue
            trip = None if loop.kind == "for" and self._changed_counter(frame, loop) else \
                self._loop_trip(loop, least)
            trip = self._unchanged(frame, trip, body)
            groups = [(s, [self._unchanged(frame, x, body) for x in trips])
                      for s, trips in groups] if groups is not None else None
            lead = pass_lead(body, name, start)
            inner = [pass_lead(per_pass(x), name, start) for x in loop_body(loop).walk()
                     if x.kind in ("for", "while", "do")] if lead is None else []
            inner_lead = max([v for v in inner if v is not None], default=0)
            literal = bool(groups) and all(isinstance(s, int) for s, _ in groups)
            if PAST in (lead, inner_lead) or literal and copies_escape(loop, name):
                frame.ptrs[name] = frame.ptrs[name].plus(Offset(shifted=True))
                continue
            head = self._head_steps(frame, loop, name, start)
            if head is None:
                frame.ptrs[name] = frame.ptrs[name].plus(Offset(shifted=True))
                continue
            if trip is not None and lead is None and accessed_after_step(body, name):
                trip = trip[0], trip[1] + 1  # `++row; *row = v;` per pass: one further
            p = frame.ptrs[name]
            moving = [g for g in groups or [] if g[0] != 0]
            if name in moved or indexed_by_its_steps(loop, name) or len(moving) > 1 or any(
                    c.offset.partitioned and self._group_spills(
                        frame, step, trips + [trip],
                        replace(c.offset, shift=c.offset.shift + (lead or inner_lead) + head))
                    for step, trips in groups for c in p.choices):
                frame.ptrs[name] = p.plus(Offset(shifted=True))

    def _unchanged(self, frame: _Frame, trip: Trip, body: Node) -> Trip:
        """A trip, or None where its bound names a variable changed through another name or
        other than by assignments (`int& lr = lim; lr += 1;`, then `s < lim`)."""
        if trip is not None and any(
                self._counter_changed(frame, x.name, body) or self.changed_otherwise(frame, x)
                for x in trip[0].walk() if x.kind == "name"):
            return None
        return trip

    def deref_reach(self, frame: _Frame, p: Ptr, e: Node, deref: bool = True) -> Ptr:
        """`*e` (`deref`) checked as `e[0]`, `*++p` as `p[1]` and `*--p` as `p[-1]` (p
        before its step; also as the base of an index, `(--p)[0]`): a pointer given an
        inner index's value, then stepped (`row = top + n * dim + k; ++row; *row = v;`),
        reaches past the sample by the digits of its offset and the shift beside them."""
        at = {"++": "1", "--": "-1"}.get(e.op if e.kind == "unop" else "", "0" if deref else "")
        if at == "-1" and all(self._offset_least(frame, c.offset) >= 1 for c in p.choices):
            at = "0"  # `row = top + n * dim + k` for k from 1, then `*--row`
        return self.at_index(frame, p, Node("lit", e.start, e.end, e.line, at)) if at else p

    def _offset_least(self, frame: _Frame, off: Offset) -> int:
        """The least an offset's inner digits and shift add to its sample's start
        (MAYBE_NEGATIVE where a digit or another term is not read: a counter counting
        down, `top + n * dim + 1 + k` for k down to -1)."""
        least = [self.least_value(frame, d) for d in off.digits or []]
        digits = {norm_text(d.text) for d in off.digits or []}
        least += [self.down_least(frame, t) if t.isidentifier() else None for t in off.terms
                  if int_value(Node("lit", 0, 0, 0, t)) is None and t not in digits]
        return off.shift + sum(least) if None not in least else MAYBE_NEGATIVE

    def note_reset(self, name: str, loop_header: bool):
        """A pointer given a value inside inner loops: the first loop inside that one moves
        it from there (`row = top + n * dim + c * spatial_ + 1;` per c, then `*row++` per
        s), as from its declaration."""
        if self.inner_vars and not loop_header:
            self._reset_depths.setdefault(name, set()).add(len(self.inner_vars))

    def _head_steps(self, frame: _Frame, loop: Node, name: str, start) -> Optional[int]:
        """The literal steps a for loop's start moves a pointer by (`for (++row, k = 0;
        ...)`: 1), which the walk of the header does not; None for any other step there."""
        if loop.kind != "for":
            return 0
        groups = self._counted_steps(frame, pass_steps(loop.children[0], name, start))
        steps = [st for st, _ in groups or []]
        return sum(steps) if all(isinstance(st, int) and st >= 0 for st in steps) else None

    def _start_value(self, frame: _Frame, least: bool = False):
        """The reader of a loop start's, a step's or an index's one integer value, through
        named constants and locals (`k = kFirst`, `k = ((row = top), 0)`, `-(kBack)` with
        kBack = -2: 2, `0 + 1`); it gives None where the walk cannot read one. `least`, for
        a start: a local given several values, the least of them (`first = 0;` then
        `first = -1;`: -1) where it reads each; one it finds may be negative, that names a
        local changed other than by assignments (`--first`), or that holds a side effect or
        a narrowing cast (`unread_value`), MAYBE_NEGATIVE."""
        seen: set = set()

        def value(e: Node) -> Optional[int]:
            if self.unread_value(frame, e):
                return None
            e = _comma_operands(_strip(e))[-1] if _strip(e).kind == "binop" else _strip(e)
            if e.kind == "unop" and e.op == "-" and e.children:  # `-(kBack)`
                v = value(e.children[0])
                return -v if v is not None else None
            parts = _plus_terms(e)
            if len(parts) > 1:  # `0 + 1`
                vs = [value(t) for t in parts]
                return sum(vs) if all(v is not None for v in vs) else None
            v = int_value(e)
            if v is None:
                r = self._resolved(frame, e)
                v = int_value(r)
                v = v if v is not None else self._literal_of(frame, r)
            if v is None and least and e.kind == "name" and e.name not in seen and \
                    not self.changed_otherwise(frame, e):
                seen.add(e.name)
                vs = [value(x) for x in self._values_of(frame, e) or []]
                v = min(vs) if vs and None not in vs else None
            return v

        def least_of(e: Node) -> Optional[int]:
            v = value(e)
            return MAYBE_NEGATIVE if v is None and (self._below_start(frame, e) or any(
                self.changed_otherwise(frame, x) for x in e.walk() if x.kind == "name") or
                self.unread_value(frame, e)) else v
        return least_of if least else value

    def _counted_steps(self, frame: _Frame, groups):
        """The groups of steps with steps of one known value read as numbers (`row +=
        kOne` twice: 2)."""
        if groups is None:
            return None
        value, out = self._start_value(frame), []
        for step, trips in groups:
            v = value(step) if isinstance(step, Node) else None
            out.append((v if v is not None else step, trips))
        return grouped(out)

    def _loop_trip(self, loop: Node, start=None) -> Trip:
        """A for loop's `trip_count`; a while loop's bound, where `_bound_while` found one
        (`while (k < X)`, k counted by one from where it was declared)."""
        if loop.kind != "while":
            return trip_count(loop, start)
        cond = _strip(loop.children[0])
        for c in cond.children if cond.kind == "binop" else []:
            test = counter_test(cond, c.name) if c.kind == "name" else None
            if test and test[0] in ("<", "<=") and c.name in self.trip_bounds:
                return test[1], 1 if test[0] == "<=" else 0
        return None

    def own_params(self, sub: _Frame):
        """A called function's pointer parameters taken by value: its own variables from
        the call on, like a pointer the iteration declares there (stepped, they move)."""
        for p in sub.fn.params:
            bound = sub.bindings.get(p.name)
            t = f"{p.type} {p.canon}"  # as written and under its typedefs (`DPtr`)
            if isinstance(bound, Ptr) and "&" not in t and "*" in t:
                sub.ptrs[p.name] = bound
                sub.inside.add(p.name)
                self._decl_depth[p.name] = len(self.inner_vars)

    def block_shift_spills(self, frame: _Frame, factors: Optional[List[Node]],
                           off: Offset) -> bool:
        """A block of the product of `factors` elements at a pointer a constant past the
        sample's start (`caffe_set(dim, v, row)` after `++row`): past one sample?"""
        if not off.sample or off.shifted or off.opaque:
            return False
        if factors and len(factors) == 1 and (_more_than_zero(off) or off.inner) and \
                not off.compound and self._one_sample(self._bound_value(frame, factors[0]), off):
            return True  # a whole sample's block beside a term (`top + n * dim + spatial_`)
        if factors and self._radix_spills(frame, off, _product(factors)):
            return True  # `caffe_set(spatial_, v, top + n * dim + c * spatial_)`, c <= C
        whole = [self._resolved(frame, f) for f in factors or []]
        if factors and any(w is not _strip(f) for w, f in zip(whole, factors)) and \
                self.exceeds(frame, whole, off):
            return True  # `caffe_set(Len(), v, row)` with `Len()` returning `dim_ + 1`
        if off.shift <= 0 or not factors:
            return False
        block = _product(factors)
        return self.exceeds(frame, [_plus(block, off.shift)], off) or \
            bool(self._samples_long(frame, block))


    def _folded(self, frame: _Frame, trip, minus: bool = False) -> tuple:
        """A trip (X, c) with X resolved and a literal added to it moved to c (`channels_ +
        1` under `<`: (channels_, 1)); with `minus`, one subtracted too (a count down from
        `dim - 1` to -1: (dim - 1, 2) is (dim, 1); `k < dim - 1 + 2`: (dim, 1))."""
        x, c = self._resolved(frame, trip[0]), trip[1]
        parts = _plus_terms(x)
        lits = [self._literal_of(frame, t) for t in parts]
        rest = [t for t, v in zip(parts, lits) if v is None]
        if len(parts) > 1 and len(rest) == 1 and all(v is None or v >= 0 for v in lits):
            x, c = rest[0], c + sum(v for v in lits if v is not None)
        sub = _strip(x)
        less = self._literal_of(frame, sub.children[1]) if minus and sub.kind == "binop" and \
            sub.op == "-" and len(sub.children) == 2 else None
        return (self._resolved(frame, sub.children[0]), c - less) if less is not None else (x, c)

    def _changed_counter(self, frame: _Frame, loop: Node) -> bool:
        """Does a for loop's body change its own counter (its trip then not the header's)?"""
        var = counter(loop)
        return var is None or self._counter_changed(frame, var, loop_body(loop))

    def _group_spills(self, frame: _Frame, step: Step, trips: List[Trip], off: Offset) -> bool:
        """Steps of `step` elements repeated over `trips` (a product) from `off.shift` past
        the start: past one sample (`2 * dim`, `dim + 1`, `2 * channels * spatial`,
        `spatial_` per `c <= channels_`)? Any step under a trip the walk cannot count is
        past (since round 29: a unit step there no longer keeps the layout convention)."""
        if step == UNKNOWN:
            return True
        if isinstance(step, Node):
            v = self._start_value(frame)(step)
            if v is None and step.kind == "unop" and step.op == "-":
                return True  # `row -= back`, back not known: maybe a step forward
            step = v if v is not None else step
        if isinstance(step, int) and step <= 0:
            return step < 0  # a step back leaves the sample through its start
        unit = [] if step == 1 else [Node("lit", 0, 0, 0, str(step))] \
            if isinstance(step, int) else [step]
        known = [self._folded(frame, t) for t in trips if t is not None]
        bases = [b for b, _ in known]
        constant = any(t not in ("0", "0u") and not _words(t) - _CONSTANT_WORDS
                       for t in off.terms)  # `top + n * dim + true`
        over = any(c > 0 for _, c in known) or off.shift > 0 or constant
        if len(known) < len(trips):
            return True  # steps over a trip it cannot count: how far is not known
        reach = _product(unit + [_plus(b, c) for b, c in known] or
                         [Node("lit", 0, 0, 0, "1")])
        if self.exceeds(frame, [_plus(reach, off.shift)], off):
            return True
        # one trip, a literal subtracted from its bound folded too (`e = dim - 1` down to
        # -1: (dim, 1), past; `k < dim - 1` beside a use one further: (dim, -1), not)
        whole, more = bases, over
        if len(known) == 1:
            b, c = self._folded(frame, trips[0], True)
            whole, more = [b], c + off.shift > 0 or constant
        rel = self._span_against(frame, unit + whole, None, off)
        if rel == "more" or rel == "equal" and more:
            return True
        if off.digits and self._radix_spills(frame, off, _product(unit + bases or [
                Node("lit", 0, 0, 0, "1")]), 1 if over else 0):
            return True  # `row = top + n * dim + c * spatial_`, two `*row++` per s
        many = isinstance(step, int) and step >= 2 or off.shift > 0
        return many and isinstance(step, int) and bool(self._samples_long(frame, _product(
            bases)))


# words of a term that names no variable (`true`, `sizeof(char)`, `2 / 2`): a constant the
# walk does not read, which may add to a pointer's start
_CONSTANT_WORDS = frozenset(("true", "false", "sizeof", "alignof", "char", "short", "int", "long",
                             "bool", "signed", "unsigned", "float", "double", "size_t", "std"))


def _more_than_zero(off: Offset, counters=frozenset()) -> bool:
    """Does the offset add anything beside its stride that may not be zero (not counting
    the inner counters themselves, spelled as terms where no loop header counts them)?"""
    return off.shift > 0 or any(t not in ("0", "0u") and not set(_words(t)) & counters
                                for t in off.terms)


def _product(factors: List[Node]) -> Node:
    """The product of factors as one expression node (one factor: itself)."""
    out = factors[0]
    for f in factors[1:]:
        out = Node("binop", 0, 0, 0, f"({out.text}) * ({f.text})", [out, f], op="*")
    return out


def _substituted(e: Node, mapping) -> Node:
    """e with the names in mapping replaced by their nodes."""
    if e.kind == "name" and e.name in mapping:
        return mapping[e.name]
    if not e.children:
        return e
    return replace(e, children=[_substituted(c, mapping) for c in e.children])
