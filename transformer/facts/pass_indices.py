"""Whether a loop that moves a pointer also indexes it by what it counts, read from the
syntax alone (`row[k] = v; ++row;`; a window in a nested loop beside literal steps, `for (j
< m) row[j] = v;` then `++row;`). The steps and trips are `pass_steps.py`'s."""
from __future__ import annotations

from typing import Dict, List, Set

from ..ir import Node
from .effects_counters import _plus_terms
from .effects_syntax import _strip, _updated_names, climb, nested_ids, stepped_in
from .pass_steps import (
    UNKNOWN,
    _copy_of,
    counter,
    given_value,
    int_value,
    loop_body,
    pass_steps,
    per_pass,
    trip_count,
)
from .shapes import norm_text


def indexed_by_its_steps(loop: Node, name: str) -> bool:
    """Is pointer `name` indexed (`p[e]`, `p + e`) by what a loop counts (this one or one
    inside it: its header's counter, or any variable its pass steps, also through a local
    copy, `j = k`) where that loop also moves it forward (`row[k] = v; ++row;`: 2 * k)? A
    nested for loop's counter, counted again from its start in each pass, is not (`row[s]`,
    then `row += spatial_`), unless the pass steps the pointer by literals alone (`_window`)."""
    for x in [loop] + [y for y in loop_body(loop).walk() if y.kind in ("for", "while", "do")]:
        steps = pass_steps(per_pass(x), name)
        if steps is not None and not any(s == UNKNOWN or not isinstance(s, int) or s > 0
                                         for s, _ in steps):
            continue
        counted = _counted_in(x) - {name}
        copies = _local_values(loop_body(x))
        if any(_expanded(e, copies) & counted for e in _indices_of(loop_body(x), name)):
            return True
        if steps and all(isinstance(s, int) and s > 0 for s, _ in steps) and _window(x, name):
            return True
    return _wider_than_step(loop, name)


def _wider_than_step(loop: Node, name: str) -> bool:
    """Does a pass that moves pointer `name` by one step as written (`row += spatial_`)
    index it, in a for loop nested in it, by that loop's counter up to more than the step
    (`for (s <= spatial_) row[s]`, `s < 2 * spatial_`, `s < dim`)? Only a bound spelled
    as the step, or literals no larger, stays inside what the pass steps over."""
    steps = pass_steps(per_pass(loop), name)
    if not steps or len(steps) != 1 or not isinstance(steps[0][0], Node) or steps[0][1]:
        return False
    step = steps[0][0]
    for y in loop_body(loop).walk():
        if y.kind != "for" or counter(y) is None or not any(
                e.kind == "name" and e.name == counter(y) for e in _indices_of(loop_body(y), name)):
            continue
        trip = trip_count(y)
        top = int_value(trip[0]) if trip is not None else None
        if trip is None or not (trip[1] <= 0 and norm_text(trip[0].text) == norm_text(
                step.text) or top is not None and int_value(step) is not None and
                top + trip[1] <= int_value(step)):
            return True
    return False


def _window(loop: Node, name: str) -> bool:
    """Does a pass of literal steps use pointer `name`, or a copy of it (`q = row`), inside
    a loop nested in it, at an index naming what a nested loop counts or steps, other than
    a literal or a for loop's counter to a literal bound alone, which `pass_lead` reads
    (`row[j + 1]`, `row[2 * j]`, `row[jj]` with `jj = j`, `*(row + j)`, `q[j]`, `for (j < m)
    row[j]`)? How far past its steps it reaches is then not read."""
    body = loop_body(loop)
    nested = [y for y in body.walk() if y.kind in ("for", "while", "do")]
    counted = {v for y in nested for v in {counter(y)} | _updated_names(per_pass(y)) if v}
    read = {counter(y) for y in nested if y.kind == "for" and counter(y) and
            trip_count(y) is not None and int_value(trip_count(y)[0]) is not None}
    inside = nested_ids(body, own=True)
    tracked = {name} | {c[0] for y in body.walk() if id(y) not in inside
                        for c in [_copy_of(y, name, int_value)] if c}  # as `pass_lead` reads
    values, names = _local_values(body), {name} | _pointer_copies(body, name)
    uses = [(p, _strip(e)) for y in nested for p in names for e in _indices_of(loop_body(y), p)]
    for p, e in uses:
        if int_value(e) is None and not (e.kind == "name" and e.name in read and p in tracked) \
                and _expanded(e, values) & counted:
            return True
    return False


def copies_escape(loop: Node, name: str) -> bool:
    """Does a loop that steps pointer `name` by literals hand it, or a copy of it, where
    `pass_lead` cannot follow: a copy that moves (`q = row; *q++ = a; *q = b;`), one given
    its value inside a nested loop, one declared outside the loop (read after it: `last =
    row;` per pass), or a call's argument (`PutNext(row)`, whose body may reach `p[1]`)?"""
    body = loop_body(loop)
    copies = _pointer_copies(body, name)
    nested = nested_ids(body)
    declared = {d.name for d in body.walk() if d.kind == "decl"}
    given_inside = {g[0] for y in body.walk() if id(y) in nested for g in [given_value(y)] if g}
    if copies & (stepped_in(body) | given_inside) or copies - declared:
        return True
    mine = copies | {name}
    return any(x.kind == "call" and any(_hands_pointer(a, mine) for a in x.children[1:])
               for x in body.walk())


def _hands_pointer(arg: Node, names: Set[str]) -> bool:
    """Does a call's argument give the callee one of these pointers, not a value read
    through it (`row`, `row + 1`, `&row[1]`; not `row[0]` nor `*row`)?"""
    parents = {id(c): y for y in arg.walk() for c in y.children}
    for z in arg.walk():
        if z.kind != "name" or z.name not in names:
            continue
        at, up = climb(z, parents, ("paren", "cast"))
        read = up is not None and (up.kind == "index" and up.children[0] is at or
                                   up.kind == "unop" and up.op == "*")
        if not read or up.kind == "index" and _address_of(up, parents):
            return True
    return False


def _address_of(n: Node, parents) -> bool:
    """Is n, under parentheses, the operand of `&`?"""
    up = climb(n, parents)[1]
    return up is not None and up.kind == "unop" and up.op == "&"


def _pointer_copies(body: Node, name: str) -> Set[str]:
    """The pointers body gives the value of pointer `name`, or of a copy of it, plus anything
    (`Dtype* q = row;`, `q = row + j`, `r = q`, `q = &row[0]`)."""
    out, grew = set(), True
    while grew:
        grew = False
        for y in body.walk():
            q, e = given_value(y) or (None, None)
            if e is not None and e.kind == "unop" and e.op == "&" and e.children and \
                    _strip(e.children[0]).kind == "index":  # `&row[0]`
                e = _strip(_strip(e.children[0]).children[0])
            if q and q not in out | {name} and any(
                    t.kind == "name" and t.name in out | {name} for t in _plus_terms(e)):
                out.add(q)
                grew = True
    return out


def _counted_in(loop: Node) -> Set[str]:
    """What a loop's pass steps, less the counters of the for loops inside it that start
    again in each pass."""
    inner = {counter(y) for y in loop_body(loop).walk() if y.kind == "for" and counter(y)}
    own = {counter(loop)} if loop.kind == "for" and counter(loop) else set()
    return own | (_updated_names(per_pass(loop)) - inner)


def _local_values(body: Node) -> Dict[str, Node]:
    """The values body's declarations give their locals (`int jj = j;`)."""
    return dict(given_value(d) for d in body.walk() if d.kind == "decl" and d.children)


def _expanded(e: Node, values: Dict[str, Node], depth: int = 0) -> Set[str]:
    """The names e reads, and those of the locals' values it reads."""
    out = {n.name for n in e.walk() if n.kind == "name"}
    if depth < 4:
        for v in list(out):
            if v in values:
                out |= _expanded(values[v], values, depth + 1)
    return out


def _indices_of(body: Node, name: str) -> List[Node]:
    """The indices pointer `name` is read or written at in body: `p[e]`, `p + e`, `e + p`."""
    out = []
    for y in body.walk():
        kids = [_strip(c) for c in y.children]
        if len(kids) != 2:
            continue
        if y.kind == "index" and kids[0].kind == "name" and kids[0].name == name:
            out.append(kids[1])
        elif y.kind == "binop" and y.op == "+":
            out += [b for a, b in (kids, kids[::-1]) if a.kind == "name" and a.name == name]
    return out
