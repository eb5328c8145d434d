"""How far one pass of a loop moves a pointer, read from the syntax alone: the loop's trip
(`trip_count`), the pointer's steps in a pass, nested loops' steps times their trips
(`pass_steps`), and whether a loop that moves the pointer also indexes it by what it counts
(`indexed_by_its_steps`). The reach checks on these are `effects_reach.py`'s."""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple, Union

from ..ir import Node
from .effects_counters import _plus_terms
from .effects_paths import _comma_operands
from .effects_steps import _conjuncts
from .effects_syntax import _strip, _updated_names, counter_test
from .shapes import norm_text

UNKNOWN = "?"  # a step of the pointer the syntax cannot count (`p = f(p)`)
Step = Union[int, Node, str]  # a literal number of elements, the step as written, UNKNOWN
Trip = Optional[Tuple[Node, int]]  # at most X + c passes, (X, c); None: not known


def loop_body(loop: Node) -> Node:
    """The statement a loop repeats."""
    return loop.children[0] if loop.kind == "do" else loop.children[-1]


def per_pass(loop: Node) -> Node:
    """What runs in each pass of a loop: its body, and a for loop's test and increment."""
    body = loop_body(loop)
    if loop.kind == "for":
        parts = [loop.children[1], body, loop.children[2]]
    else:  # a while loop's test before its body, a do loop's after
        parts = list(loop.children[:2])
    return Node("block", body.start, body.end, body.line, "", parts)


def counter(loop: Node) -> Optional[str]:
    """A for loop's counter, declared or assigned in its header."""
    init = loop.children[0]
    if init.kind == "decls" and len(init.children) == 1 and init.children[0].kind == "decl":
        return init.children[0].name
    if init.kind == "assign" and init.op == "=" and init.children[0].kind == "name":
        return init.children[0].name
    return None


def _start(loop: Node) -> Optional[Node]:
    init = loop.children[0]
    if init.kind == "decls" and init.children and init.children[0].children:
        return init.children[0].children[0]
    return init.children[1] if init.kind == "assign" and len(init.children) == 2 else None


def trip_count(loop: Node) -> Trip:
    """How many times a for loop runs at most, counted by one: (X, 0) for `k < X`, (X, 1)
    for `k <= X`, (X, c) from a start of -c; counting down from S, (S, 0) under `k > 0`,
    (S, 1) under `k >= 0`; (X, 0) for `k != X` from 0 with X a literal; None for any other
    loop, or one whose body changes its counter or its bound."""
    if loop.kind != "for":
        return None
    _, cond, inc, _ = loop.children
    var, start = counter(loop), _start(loop)
    if var is None or start is None or var in _updated_names(loop_body(loop)):
        return None
    steps = [e for e in _comma_operands(_strip(inc)) if var in _updated_names(e)]
    step = _step_of(_strip(steps[0]), var) if len(steps) == 1 else None
    first = int_value(start)
    if step == 1:  # `k < X && more`: X bounds k as well
        test = next((t for t in (counter_test(c, var) for c in _conjuncts(cond)) if t),
                    None)
        below = max(0, -first) if first is not None else \
            (None if norm_text(start.text).startswith("-") else 0)
        if test is None or below is None or \
                {x.name for x in test[1].walk() if x.kind == "name"} & _updated_names(loop):
            return None  # (a bound the loop moves counts nothing)
        if test[0] == "!=":
            return (test[1], 0) if first == 0 and int_value(test[1]) is not None else None
        return test[1], below + (1 if test[0] == "<=" else 0)
    if step == -1:
        down = _down_test(_strip(cond), var)
        if down is None or int_value(down[1]) != 0 or first is not None and first < 0:
            return None
        return start, 1 if down[0] == ">=" else 0
    return None


def _down_test(cond: Node, var: str) -> Optional[Tuple[str, Node]]:
    """`k > X` / `k >= X` (or `X < k` / `X <= k`) as ('>' or '>=', X)."""
    if cond.kind != "binop" or len(cond.children) != 2:
        return None
    a, b = (_strip(c) for c in cond.children)
    if cond.op in (">", ">=") and a.kind == "name" and a.name == var:
        return cond.op, b
    if cond.op in ("<", "<=") and b.kind == "name" and b.name == var:
        return (">" if cond.op == "<" else ">="), a
    return None


def int_value(e: Node) -> Optional[int]:
    """An integer literal, negated or in parentheses (`-2`, `(3)`); None for anything else."""
    e = _strip(e)
    if e.kind == "unop" and e.op == "-" and e.children:
        v = int_value(e.children[0])
        return -v if v is not None else None
    if e.kind == "lit":
        try:
            return int(e.text.strip().rstrip("uUlL"), 0)
        except ValueError:
            return None
    return None


def pass_steps(body: Node, name: str) -> Optional[List[Tuple[Step, List[Trip]]]]:
    """How far one pass of `body` moves pointer `name`: (step, trips) for each group of
    steps, the literal steps under the same nested loops added up (`*p++` twice: 2), a
    nested loop's steps times its trip (None where it is not known); None where p is
    given another value (reset each pass)."""
    out: List[Tuple[Step, List[Trip]]] = []
    todo = [body]
    while todo:
        x = todo.pop()
        if x.kind in ("for", "while", "do") and x is not body:
            inner = pass_steps(per_pass(x), name)
            if inner is None:
                return None
            trip = trip_count(x)
            out += [(s, trips + [trip]) for s, trips in inner]
            if x.kind == "for":
                todo.append(x.children[0])  # its start, once a pass
            continue
        if x.kind == "lambda":
            continue
        step = _step_of(x, name)
        if step == "reseat":
            return None
        if step is not None:
            out.append((step, []))
        todo.extend(x.children)
    return grouped(out)


def _step_of(x: Node, name: str):
    """`++p` 1, `--p` -1, `p += s` s (a literal as a number), `p -= 2` -2, `p = p + 1 + 1`
    2, `p = &p[2]` 2; UNKNOWN for another assignment that reads p; `reseat` for one that
    does not; None when x moves no p."""
    target = x.children[0] if x.kind in ("unop", "assign") and x.children else None
    if target is None or _strip(target).kind != "name" or _strip(target).name != name:
        return None
    if x.kind == "unop":
        return {"++": 1, "post++": 1, "--": -1, "post--": -1}.get(x.op)
    rhs = _strip(x.children[1]) if len(x.children) == 2 else None
    if rhs is None:
        return UNKNOWN
    if x.op in ("+=", "-="):
        v = int_value(rhs)
        if v is not None:
            return v if x.op == "+=" else -v
        return rhs if x.op == "+=" else 0
    if x.op != "=":
        return UNKNOWN
    if rhs.kind == "unop" and rhs.op == "&" and rhs.children and \
            _strip(rhs.children[0]).kind == "index":  # `p = &p[2]`
        base, index = _strip(rhs.children[0]).children
        if _strip(base).kind == "name" and _strip(base).name == name:
            return _as_step(index)
    parts = _plus_terms(rhs)
    mine = [t for t in parts if t.kind == "name" and t.name == name]
    if len(mine) == 1 and len(parts) > 1:  # `p = p + 1 + 1`, `p = s + p`
        return _as_step(_sum([t for t in parts if t is not mine[0]]))
    if rhs.kind == "binop" and rhs.op == "-" and len(rhs.children) == 2 and \
            _strip(rhs.children[0]).kind == "name" and _strip(rhs.children[0]).name == name:
        v = int_value(rhs.children[1])
        return -v if v is not None else 0
    return UNKNOWN if name in {n.name for n in rhs.walk() if n.kind == "name"} else "reseat"


def _as_step(e: Node) -> Step:
    v = int_value(e)
    if v is None and all(int_value(t) is not None for t in _plus_terms(e)):
        v = sum(int_value(t) for t in _plus_terms(e))
    return v if v is not None else e


def _sum(parts: List[Node]) -> Node:
    out = parts[0]
    for p in parts[1:]:
        out = Node("binop", 0, 0, 0, f"{out.text} + {p.text}", [out, p], op="+")
    return out


def grouped(steps: List[Tuple[Step, List[Trip]]]) -> List[Tuple[Step, List[Trip]]]:
    """Literal steps under the same trips added up; any other step a group of its own."""
    sums: Dict[tuple, list] = {}
    out: List[Tuple[Step, List[Trip]]] = []
    for step, trips in steps:
        if isinstance(step, int):
            key = tuple(None if t is None else (norm_text(t[0].text), t[1]) for t in trips)
            got = sums.setdefault(key, [0, trips])
            got[0] += step
        else:
            out.append((step, trips))
    return out + [(s, trips) for s, trips in sums.values()]


def indexed_by_its_steps(loop: Node, name: str) -> bool:
    """Is pointer `name` indexed (`p[e]`, `p + e`) by what a loop counts (this one or one
    inside it: its header's counter, or any variable its pass steps, also through a local
    copy, `j = k`) where that loop also moves it forward (`row[k] = v; ++row;`: 2 * k)? A
    nested for loop's counter, counted again from its start in each pass, is not (`row[s]`,
    then `row += spatial_`)."""
    for x in [loop] + [y for y in loop_body(loop).walk() if y.kind in ("for", "while", "do")]:
        steps = pass_steps(per_pass(x), name)
        if steps is not None and not any(s == UNKNOWN or not isinstance(s, int) or s > 0
                                         for s, _ in steps):
            continue
        counted = _counted_in(x) - {name}
        copies = _local_values(loop_body(x))
        if any(_expanded(e, copies) & counted for e in _indices_of(loop_body(x), name)):
            return True
    return False


def _counted_in(loop: Node) -> Set[str]:
    """What a loop's pass steps, less the counters of the for loops inside it that start
    again in each pass."""
    inner = {counter(y) for y in loop_body(loop).walk() if y.kind == "for" and counter(y)}
    own = {counter(loop)} if loop.kind == "for" and counter(loop) else set()
    return own | (_updated_names(per_pass(loop)) - inner)


def _local_values(body: Node) -> Dict[str, Node]:
    return {d.name: d.children[0] for d in body.walk() if d.kind == "decl" and d.children}


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


def accessed_after_step(body: Node, name: str) -> bool:
    """Is pointer `name` used in a pass after its last step there (`++row; *row = v;`), or
    through a pre-increment's value (`*++row`, `++row != end` in a loop's test)? Then the
    pass's accesses run one element further than its steps count. A comparison of the
    pointer is no access."""
    parents = {id(c): y for y in body.walk() for c in y.children}
    steps, uses = [], []
    for y in body.walk():
        par = parents.get(id(y))
        step = _step_of(y, name)
        if step is not None and step != "reseat":
            steps.append(y)
            if y.kind == "unop" and y.op in ("++", "--") and par is not None and \
                    par.kind not in ("expr_stmt", "block") and \
                    not (par.kind == "binop" and par.op == ","):
                return True  # its value is the pointer after the step
        elif y.kind == "name" and y.name == name and par is not None and \
                _step_of(par, name) is None and \
                not (par.kind == "binop" and par.op in ("<", ">", "<=", ">=", "==", "!=")):
            uses.append(y)
    last = max((s.end for s in steps), default=None)
    return last is not None and any(u.start >= last for u in uses)

