"""The inner addends of an offset read as the digits of a mixed-radix number (`c * spatial_
+ s` for c < channels_, s < spatial_: one sample exactly): past the sample when the leading
digit spans a whole sample and counts past its extent (`c <= channels_`, `(c + 1) *
spatial_`), or a digit below spans more than the one above leaves it (`s <= spatial_`, `s <
2 * spatial_`). Part of `EffectWalker` (its state is set in effects.py)."""
from __future__ import annotations

from typing import List, Optional, Tuple

from ..ir import Node
from .effects_counters import _as_sum, _plus_terms
from .effects_model import Offset, _Frame
from .effects_offsets import _factors
from .effects_reach import _more_than_zero, _product
from .effects_syntax import _reads_memory, _strip, _words
from .shapes import _call_parts, norm_text


class DigitMixin:
    """The mixed-radix reach check of `ReachMixin.reach_spills` and of blocks."""

    def digits_of(self, frame: _Frame, e: Node, depth: int = 0) -> Optional[List[Node]]:
        """The addends of offset e that name an inner counter (Offset.digits), a local's
        value read for the local (`cs = c * spatial_`, `idx = c * spatial_ + s`); None
        where the sum subtracts anything."""
        parts = _sum_parts(e)
        if parts is None:
            return None
        counters = set(self.trip_bounds) | {v for v, _ in self.inner_vars}
        out: List[Node] = []
        for t in [d for p in parts for d in _distributed(p, counters)]:
            value = frame.values.get(t.name) if t.kind == "name" and \
                t.name not in self.eff.written_names else None
            if isinstance(value, Node) and depth < 4 and \
                    self._counter_names(frame, value) & counters:
                inner = self.digits_of(frame, value, depth + 1)
                if inner is None:
                    return None
                out += inner
            elif _words(t.text) & counters and not _reads_memory(t):
                out.append(t)
        return out

    def _radix_spills(self, frame: _Frame, off: Offset, block: Optional[Node] = None,
                      over: int = 0) -> bool:
        """The inner addends of an offset read as the digits of a mixed-radix number
        (`c * spatial_ + s`, and a block of `block` elements at it as one more digit): past
        one sample when the leading digit spans a whole sample and is counted past its
        extent (`c <= channels_`, `(c + 1) * spatial_`), or a digit below spans more than
        the one above it leaves (`s <= spatial_`, `s < 2 * spatial_`, or `spatial_` beside
        another digit or a term). A digit the walk cannot read proves nothing."""
        if off.compound or not off.sample or off.digits is None:
            return False
        digits = [self._digit(frame, a) for a in off.digits]
        if block is not None:
            digits.append((block, [], over))
        if not digits or any(d is None for d in digits):
            return False
        return self._digits_spill(frame, digits, None,
                                  _more_than_zero(off, self.counting(frame)), off)

    def _digit(self, frame: _Frame, a: Node):
        """An addend `X_k * coef` as (the counter's bound, the other factors, how far past
        the bound it counts: one for `<=`, c for `(k + c)`); a bound that is another inner
        counter plus a literal read through that counter's bound (`cc <= c + 1`, c <
        channels_: (channels_, 1)); None for any other addend."""
        found, coef = [], []
        for f in _factors(_strip(a)):
            parts = _plus_terms(f)
            names = [t.name for t in parts if t.kind == "name" and t.name in self.trip_bounds]
            lits = [self._literal_of(frame, t) for t in parts
                    if not (t.kind == "name" and t.name in self.trip_bounds)]
            if len(names) == 1 and all(v is not None for v in lits):
                found.append((names[0], sum(lits)))
            elif _words(f.text) & (set(self.trip_bounds) | {v for v, _ in self.inner_vars}):
                return None
            else:
                coef.append(self._resolved(frame, f))
        if len(found) != 1:
            return None
        name, shift = found[0]
        bound = self.trip_bounds[name]
        x, more = self._folded(frame, (bound[0], shift + (1 if bound[1] else 0)))
        for _ in range(4):  # `cc <= c + 1` inside `c < channels_`: cc counts to channels_
            outer = self.trip_bounds.get(x.name) if x.kind == "name" and x.name != name else None
            if outer is None:
                break
            x, more = self._folded(frame, (outer[0], more - 1 + (1 if outer[1] else 0)), True)
        return x, coef, more

    def _digits_spill(self, frame: _Frame, digits, limit: Optional[List[Node]], constant: bool,
                      off: Offset) -> bool:
        """Does the digit spanning `limit` (the whole sample: None) count past it, or do the
        digits below it together reach past what it leaves them?"""
        for i, (bound, coef, over) in enumerate(digits):
            rel = self._span_against(frame, [bound] + coef, limit, off)
            if rel is None:
                continue
            if rel == "more" or over > 0:
                return True
            rest = digits[:i] + digits[i + 1:]
            if not coef:
                return bool(rest) or constant
            return self._digits_spill(frame, rest, coef, constant, off)
        return False

    def _span_against(self, frame: _Frame, span: List[Node], limit: Optional[List[Node]],
                      off: Offset) -> Optional[str]:
        """A product of factors against a limit (the whole sample at the offset's stride:
        None): 'equal', 'more' (a literal multiple of it, 2 or more) or None (not known)."""
        if len(span) == 1 and limit is not None:  # `spatial_ + 1`, `spatial_ + spatial_`
            parts = _sum_parts(span[0]) or []
            rest = [t for t in parts if self._literal_of(frame, t) is None]
            if len(parts) > 1 and rest and any(  # `spatial_ + width_`: more by width_
                    self._span_against(frame, [t], limit, off) == "equal" for t in rest) and \
                    (len(rest) > 1 or any((self._literal_of(frame, t) or 0) > 0 for t in parts)):
                return "more"
        flat = self._axis_factors(frame, _product(span))
        lits = [self._literal_of(frame, f) for f in flat]
        if any(v is not None and v <= 0 for v in lits):
            return None
        times = 1
        for v in lits:
            times *= v if v is not None else 1
        rest = [f for f, v in zip(flat, lits) if v is None]
        if not rest:
            return None
        if limit is None:
            whole = len(rest) == 1 and self._one_sample(rest[0], off) or bool(
                set(self._samples_long(frame, _product(rest))) & set(off.stride_of))
        else:
            want = self._axis_factors(frame, _product(limit))
            mine, theirs = self._axes(frame, rest), self._axes(frame, want)
            whole = mine == theirs if mine is not None and theirs is not None else \
                sorted(norm_text(f.text) for f in rest) == sorted(norm_text(f.text) for f in want)
            if mine is not None and theirs is not None and not whole and \
                    not _sub_multiset(mine, theirs):
                return "more"  # `h * height_` under `spatial_`: axes the limit does not have
        return None if not whole else "more" if times >= 2 else "equal"

    def _axes(self, frame: _Frame, factors: List[Node]) -> Optional[List[Tuple[str, int]]]:
        """The axes a product of Blob shape queries counts, as (Blob, axis), sorted
        (`height() * width()` and `count(2)` of a four-axis Blob alike); None when a factor
        is not one (a layer setting, a literal)."""
        out: List[Tuple[str, int]] = []
        for f in factors:
            got = self._axes_of(frame, f)
            if got is None:
                return None
            out += got
        return sorted(out)

    def _axes_of(self, frame: _Frame, f: Node, depth: int = 0) -> Optional[List[Tuple[str, int]]]:
        f = _strip(f)
        parts = _call_parts(f)
        if parts:
            receiver, method, args = parts
            first = self._literal_of(frame, args[0]) if args else None
            axes = {"channels": [1], "height": [2], "width": [3]}.get(method)
            if method == "shape" and first is not None and first > 0:
                axes = [first]
            if method == "count" and first is not None and first > 0 and len(args) == 1:
                axes = list(range(first, 4))  # a four-axis Blob's legacy view
            return [(norm_text(receiver.text), a) for a in axes] if axes else None
        values = self._values_of(frame, f) if f.kind in ("name", "member") and depth < 4 \
            else None
        if values and len(values) == 1:
            return self._axes(frame, self._axis_factors(frame, values[0])) if \
                _strip(values[0]).kind == "binop" else self._axes_of(frame, values[0], depth + 1)
        return None


def _sum_parts(e: Node) -> Optional[List[Node]]:
    """The operands of a sum (`n * dim + c * S + s`), stripped; None where it subtracts."""
    e = _as_sum(_strip(e))
    if e.kind == "binop" and e.op == "-":
        return None
    if e.kind == "binop" and e.op == "+" and len(e.children) == 2:
        a, b = _sum_parts(e.children[0]), _sum_parts(e.children[1])
        return None if a is None or b is None else a + b
    return [e]


def _sub_multiset(small: List[Tuple[str, int]], big: List[Tuple[str, int]]) -> bool:
    rest = list(big)
    for x in small:
        if x not in rest:
            return False
        rest.remove(x)
    return True


def _distributed(t: Node, counters, depth: int = 0) -> List[Node]:
    """A product over a sum of two or more counters' terms as the sum of products (`(c *
    height_ + h) * width_`: `(c * height_) * width_`, `h * width_`), so that each counter
    is one digit; the sum's other terms stay with its last counter (`(c * height_ + h + 1)
    * width_`: `(h + 1) * width_`, one digit counted one past), or a counter's product over
    a sum of others (`c * (spatial_ + 1)`: `c * spatial_`, `c * 1`); t alone otherwise."""
    t = _strip(t)
    if depth < 4 and t.kind == "binop" and t.op == "*" and len(t.children) == 2:
        for i, f in enumerate(t.children):
            terms = _plus_terms(f) if _strip(f).kind == "binop" and _strip(f).op == "+" else []
            other = t.children[1 - i]
            if len(terms) > 1 and _words(other.text) & counters:
                named = terms  # `c * (spatial_ + 1)`: `c * spatial_`, `c * 1`
            else:
                named = [x for x in terms if _words(x.text) & counters]
            if len(named) < 2:
                continue
            rest = [x for x in terms if not _words(x.text) & counters]
            bare = [i for i, x in enumerate(named) if x.kind == "name"]
            if rest and named is not terms and len(bare) != 1:
                continue  # which digit the rest counts with is not known
            for x in rest if named is not terms else []:  # with the lowest digit, the bare one
                named[bare[0]] = Node("binop", 0, 0, 0, f"{named[bare[0]].text} + {x.text}",
                                      [named[bare[0]], x], op="+")
            return [d for x in named for d in _distributed(Node(
                "binop", 0, 0, 0, f"({x.text}) * ({other.text})", [x, other], op="*"),
                counters, depth + 1)]
    return [t]
