"""How far an offset reaches from a sample's start: a term or a product of axes one whole
sample long; an inner index spanning a whole sample beside anything more (`top + n * dim +
spatial_` then `[k]`, k < dim); a pointer a constant past the start indexed by an inner
counter (`row = top + n * dim + 1` or `++row`, then `row[k]` for k < dim: up to dim) or given
a block; and a pointer of the iteration stepped in inner loops (`*row++` twice per k, or
`row += 2`, for k < dim: up to 2 * dim - 1; `row[k]` and `++row` in one pass: 2 * k). The
digits of a flattened index are `effects_digits.py`'s. Part of `EffectWalker` (its state is
set in effects.py)."""
from __future__ import annotations

from typing import List, Optional, Tuple, Union

from ..ir import Node
from .effects_counters import _plus_terms
from .effects_model import Offset, Ptr, _Frame
from .effects_offsets import _factors
from .effects_paths import _comma_operands
from .effects_syntax import (
    _strip,
    _updated_names,
    _words,
    counter_test,
    steps_by_one,
)
from .shapes import norm_text

Step = Union[int, Node]  # a literal number of elements, or the step as written


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
        counters = set(self.trip_bounds) | {v for v, _ in self.inner_vars}
        whole = not after.compound and any(self._one_sample(self._bound_value(frame, b[0]), after)
                    for v in added for b in [self.trip_bounds.get(v)] if b is not None)
        if whole and (_more_than_zero(after, counters) or before.inner):
            return True
        return before.inner and before.span in after.strides and bool(added & counters)

    def reach_spills(self, frame: _Frame, index: Node, before: Offset, after: Offset) -> bool:
        """`p[index]` (p's offset `before`, the access's `after`) past one sample: by a term
        or another index beside a whole sample's span, or by its digits."""
        return self._term_spills(frame, index, before, after) or \
            self._radix_spills(frame, after)

    def _loop_reach(self, frame: _Frame, loop: Node):
        """On entering an inner loop, the first of the pointer's own scope (declared in the
        iteration, outside this loop): the elements a pointer moves over the whole loop
        (its steps in one pass, those of nested loops times their trips, times this loop's
        trip) plus where it starts; one that reaches past one sample indexes the next
        sample in every access from here on. A step or trip the walk cannot count keeps the
        layout convention (a unit step per element stays in the sample)."""
        depth = len(self.inner_vars) - 1
        for name in sorted(frame.inside & set(frame.ptrs)):
            if self._decl_depth.get(name) != depth:
                continue
            trip = self._loop_trip(loop)
            groups = pass_steps(_per_pass(loop), name)
            if trip is None or groups is None or \
                    loop.kind == "for" and self._changed_counter(frame, loop):
                continue
            p = frame.ptrs[name]
            if indexed_by_its_steps(loop, name) or any(
                    c.offset.partitioned and self._group_spills(frame, step, trips + [trip],
                                                                c.offset)
                    for step, trips in groups for c in p.choices):
                frame.ptrs[name] = p.plus(Offset(shifted=True))

    def _loop_trip(self, loop: Node) -> Optional[Node]:
        """A for loop's `trip_count`; a while loop's bound, where `_bound_while` found one
        (`while (k < X)`, k counted by one from where it was declared)."""
        if loop.kind != "while":
            return trip_count(loop)
        cond = _strip(loop.children[0])
        for c in cond.children if cond.kind == "binop" else []:
            test = counter_test(cond, c.name) if c.kind == "name" else None
            if test and test[0] in ("<", "<=") and c.name in self.trip_bounds:
                return _plus_one(test[1]) if test[0] == "<=" else test[1]
        return None

    def own_params(self, sub: _Frame):
        """A called function's pointer parameters taken by value: its own variables from
        the call on, like a pointer the iteration declares there (stepped, they move)."""
        for p in sub.fn.params:
            bound = sub.bindings.get(p.name)
            if isinstance(bound, Ptr) and "&" not in p.type and "*" in p.type:
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
        if off.shift <= 0 or not factors:
            return False
        block = _product(factors)
        reach = Node("binop", 0, 0, 0, f"({block.text}) + {off.shift}",
                     [block, Node("lit", 0, 0, 0, str(off.shift))], op="+")
        return self.exceeds(frame, [reach], off) or bool(self._samples_long(frame, block))

    def _changed_counter(self, frame: _Frame, loop: Node) -> bool:
        """Does a for loop's body change its own counter (its trip then not the header's)?"""
        var = _counter(loop)
        return var is None or self._counter_changed(frame, var, loop_body(loop))

    def _group_spills(self, frame: _Frame, step: Step, trips: List[Node], off: Offset) -> bool:
        """Steps of `step` elements repeated `trips` times (a product) from `off.shift` past
        the start: past one sample (`2 * dim`, `dim + 1`, `2 * channels * spatial`)?"""
        many = isinstance(step, int) and step >= 2 or off.shift > 0
        if isinstance(step, int) and step <= 0:
            return False
        factors = ([] if step == 1 else [Node("lit", 0, 0, 0, str(step))]
                   if isinstance(step, int) else [step]) + trips
        reach = _product(factors)
        if off.shift > 0:
            reach = Node("binop", 0, 0, 0, f"({reach.text}) + {off.shift}",
                         [reach, Node("lit", 0, 0, 0, str(off.shift))], op="+")
        if self.exceeds(frame, [reach], off):
            return True
        return many and isinstance(step, int) and bool(self._samples_long(frame, _product(
            [self._bound_value(frame, t) for t in trips])))


def _more_than_zero(off: Offset, counters=frozenset()) -> bool:
    """Does the offset add anything beside its stride that may not be zero (not counting
    the inner counters themselves, spelled as terms where no loop header counts them)?"""
    return off.shift > 0 or any(t not in ("0", "0u") and not set(_words(t)) & counters
                                for t in off.terms)


def loop_body(loop: Node) -> Node:
    """The statement a loop repeats."""
    return loop.children[0] if loop.kind == "do" else loop.children[-1]


def _per_pass(loop: Node) -> Node:
    """What runs in each pass of a loop: its body, and a for loop's increment."""
    body = loop_body(loop)
    if loop.kind != "for":
        return body
    return Node("block", body.start, body.end, body.line, "", [body, loop.children[2]])


def _counter(loop: Node) -> Optional[str]:
    """A for loop's counter, declared or assigned in its header."""
    init = loop.children[0]
    if init.kind == "decls" and len(init.children) == 1 and init.children[0].kind == "decl":
        return init.children[0].name
    if init.kind == "assign" and init.op == "=" and init.children[0].kind == "name":
        return init.children[0].name
    return None


def trip_count(loop: Node) -> Optional[Node]:
    """How many times a for loop runs at most: X for `k < X`, X + 1 for `k <= X`, counted by
    one from a start that is no negative literal (None: any other loop)."""
    if loop.kind != "for":
        return None
    init, cond, inc, _ = loop.children
    var = _counter(loop)
    test = counter_test(_strip(cond), var) if var else None
    steps = [e for e in _comma_operands(_strip(inc)) if var in _updated_names(e)]
    if test is None or test[0] not in ("<", "<=") or len(steps) != 1 or \
            not steps_by_one(_strip(steps[0]), var) or var in _updated_names(loop_body(loop)):
        return None
    start = init.children[0].children[0] if init.kind == "decls" and \
        init.children[0].children else init.children[1] if init.kind == "assign" else None
    if start is None or norm_text(start.text).startswith("-"):
        return None
    return _plus_one(test[1]) if test[0] == "<=" else test[1]


def _plus_one(bound: Node) -> Node:
    """`X + 1`: the trip of `k <= X` from 0."""
    return Node("binop", 0, 0, 0, f"({bound.text}) + 1", [bound, Node("lit", 0, 0, 0, "1")],
                op="+")


def pass_steps(body: Node, name: str) -> Optional[List[Tuple[Step, List[Node]]]]:
    """How far one pass of `body` moves pointer `name`: (step, trips) for each group of
    steps, the literal steps under the same nested loops added up (`*p++` twice: 2), a
    nested loop's steps times its trip; None where a pass cannot be counted (p reassigned,
    or stepped in a loop of no countable trip)."""
    out: List[Tuple[Step, List[Node]]] = []
    todo = [body]
    while todo:
        x = todo.pop()
        if x.kind in ("for", "while", "do") and x is not body:
            inner = pass_steps(_per_pass(x), name)
            trip = trip_count(x)
            if inner is None or inner and trip is None:
                return None
            out += [(s, trips + [trip]) for s, trips in inner]
            if x.kind == "for":
                todo.append(x.children[0])  # its start, once a pass (its test moves nothing)
            continue
        if x.kind == "lambda":
            continue
        step = _step_of(x, name)
        if step == "reseat":
            return None
        if step is not None:
            out.append((step, []))
        todo.extend(x.children)
    return _grouped(out)


def indexed_by_its_steps(loop: Node, name: str) -> bool:
    """Is pointer `name` indexed by the counter of a loop (this one or one inside it) that
    also moves it forward (`row[k] = v; ++row;`: 2 * k)? A nested loop's counter, counted
    again from its start in each pass, is not (`row[s]`, then `row += spatial_`)."""
    for x in [loop] + [y for y in loop_body(loop).walk() if y.kind == "for"]:
        var = _counter(x) if x.kind == "for" else None
        steps = pass_steps(_per_pass(x), name) if var else []
        if var and (steps is None or any(not isinstance(s, int) or s > 0 for s, _ in steps)) \
                and any(y.kind == "index" and _names_ptr(y.children[0], name) and
                        var in _names_in(y.children[1])
                        for y in loop_body(x).walk() if len(y.children) == 2):
            return True
    return False


def _names_ptr(e: Node, name: str) -> bool:
    e = _strip(e)
    return e.kind == "name" and e.name == name


def _names_in(e: Node) -> set:
    return {n.name for n in e.walk() if n.kind == "name"}


def _step_of(x: Node, name: str):
    """`++p` 1, `--p` -1, `p += s` s (a literal as a number), `p -= 2` -2; `reseat` for any
    other assignment of p; None when x moves no p."""
    target = x.children[0] if x.kind in ("unop", "assign") and x.children else None
    if target is None or target.kind != "name" or target.name != name:
        return None
    if x.kind == "unop":
        return {"++": 1, "post++": 1, "--": -1, "post--": -1}.get(x.op)
    if x.op in ("+=", "-=") and len(x.children) == 2:
        rhs = _strip(x.children[1])
        lit = int(rhs.text.strip()) if rhs.kind == "lit" and rhs.text.strip().isdigit() \
            else None
        if lit is not None:
            return lit if x.op == "+=" else -lit
        return rhs if x.op == "+=" else 0
    rhs = _strip(x.children[1]) if x.op == "=" and len(x.children) == 2 else None
    if rhs is not None and rhs.kind == "binop" and rhs.op in ("+", "-") and \
            len(rhs.children) == 2:  # `p = p + s`, `p = s + p`, `p = p - 2`
        a, b = (_strip(c) for c in rhs.children)
        if a.kind == "name" and a.name == name:
            step = Node("assign", x.start, x.end, x.line, "", [target, b], op=rhs.op + "=")
            return _step_of(step, name)
        if b.kind == "name" and b.name == name and rhs.op == "+":
            return _step_of(Node("assign", x.start, x.end, x.line, "", [target, a], op="+="),
                            name)
    return "reseat"


def _grouped(steps: List[Tuple[Step, List[Node]]]) -> List[Tuple[Step, List[Node]]]:
    """Literal steps under the same trips added up; any other step a group of its own."""
    sums: dict = {}
    out: List[Tuple[Step, List[Node]]] = []
    for step, trips in steps:
        if isinstance(step, int):
            key = tuple(norm_text(t.text) for t in trips)
            got = sums.setdefault(key, [0, trips])
            got[0] += step
        else:
            out.append((step, trips))
    return out + [(s, trips) for s, trips in sums.values()]


def _product(factors: List[Node]) -> Node:
    """The product of factors as one expression node (one factor: itself)."""
    out = factors[0]
    for f in factors[1:]:
        out = Node("binop", 0, 0, 0, f"({out.text}) * ({f.text})", [out, f], op="*")
    return out
