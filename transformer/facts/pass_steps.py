"""How far one pass of a loop moves a pointer, read from the syntax alone: the loop's trip
(`trip_count`), the pointer's steps in a pass, nested loops' steps times their trips
(`pass_steps`), and how far its uses reach past them (`pass_lead`). Whether a loop that
moves it also indexes it by what it counts is `pass_indices.py`'s; the reach checks on
these are `effects_reach.py`'s."""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Set, Tuple, Union

from ..ir import Node
from .effects_counters import _plus_terms
from .effects_paths import _comma_operands
from .effects_steps import _conjuncts
from .effects_syntax import (
    _strip,
    _updated_names,
    changes,
    climb,
    counter_test,
    down_test,
    narrowed,
    nested_ids,
)
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
    """A for loop's counter, declared or assigned in its header (of several declared
    there, the one its increment steps: `int k = 0, e = dim + 1`)."""
    decl = _counter_decl(loop)
    if decl is not None:
        return decl.name
    init = _own_start(loop)
    if init is not None and init.kind == "assign" and init.op == "=" and \
            init.children[0].kind == "name":
        return init.children[0].name
    return None


def _own_start(loop: Node) -> Optional[Node]:
    """A for loop's start, or of a comma start (`row = top + 1, k = 0`) the assignment of
    what its increment steps."""
    init = loop.children[0]
    ops = _comma_operands(init)
    if len(ops) > 1:
        stepped = _updated_names(loop.children[2])
        mine = [e for e in ops if e.kind == "assign" and e.children and
                _strip(e.children[0]).kind == "name" and e.children[0].name in stepped]
        return _tested(loop, mine, lambda e: e.children[0].name)
    return init


def _counter_decl(loop: Node) -> Optional[Node]:
    init = loop.children[0]
    decls = [d for d in init.children if d.kind == "decl"] if init.kind == "decls" else []
    if len(decls) > 1:
        stepped = _updated_names(loop.children[2])
        decls = [d for d in decls if d.name in stepped]
    return _tested(loop, decls, lambda d: d.name)


def _tested(loop: Node, found: List[Node], name_of) -> Optional[Node]:
    """Of several stepped counters of a for header (`k = -1, e = 0`, both stepped), the one
    the test names; where it names several, the one its first conjunct alone names (`e <
    dim && k <= dim`: either bounds the trip; under `||` neither does)."""
    if len(found) < 2:
        return found[0] if found else None
    for part in _conjuncts(loop.children[1]):
        names = {x.name for x in part.walk() if x.kind == "name"}
        named = [f for f in found if name_of(f) in names]
        if len(named) == 1:
            return named[0]
    return None


def _start(loop: Node) -> Optional[Node]:
    init, decl = _own_start(loop), _counter_decl(loop)
    if decl is not None:
        return decl.children[0] if decl.children else None
    return init.children[1] if init is not None and init.kind == "assign" and \
        len(init.children) == 2 else None


def trip_count(loop: Node, start_value: Optional[Callable[[Node], Optional[int]]] = None) -> Trip:
    """How many times a for loop runs at most, counted by one: (X, 0) for `k < X`, (X, 1)
    for `k <= X`, (X, c) from a start of -c; counting down from S, (S, 0) under `k > 0`,
    (S, 1) under `k >= 0`; (X, 0) for `k != X` from 0 with X a literal; None for any other
    loop, one whose body changes its counter or its bound, or one counting up from a start
    `start_value` cannot read (`k = kFirst` with kFirst = -1 runs dim + 1 times)."""
    if loop.kind != "for":
        return None
    _, cond, inc, _ = loop.children
    var, start = counter(loop), _start(loop)
    if var is None or start is None or var in _updated_names(loop_body(loop)) or changes(cond):
        return None  # (a test that steps: `--k >= -1` under a flag runs one pass more)
    steps = [e for e in _comma_operands(_strip(inc)) if var in _updated_names(e)]
    step = _step_of(_strip(steps[0]), var) if len(steps) == 1 else None
    first = (start_value or int_value)(start)
    if step == 1:  # `k < X && more`: X bounds k as well
        test = next((t for t in (counter_test(c, var) for c in _conjuncts(cond)) if t),
                    None)
        below = max(0, -first) if first is not None else None
        if test is None or below is None or \
                {x.name for x in test[1].walk() if x.kind == "name"} & _updated_names(loop):
            return None  # (a bound the loop moves counts nothing)
        if test[0] == "!=":
            return (test[1], 0) if first == 0 and int_value(test[1]) is not None else None
        return test[1], below + (1 if test[0] == "<=" else 0)
    if step == -1:
        down = down_test(_strip(cond), var)
        last = int_value(down[1]) if down is not None else None  # `k > -1`: one pass more
        if last is None or last > 0 or first is not None and first < 0:
            return None
        return start, (1 if down[0] == ">=" else 0) - last
    return None


def int_value(e: Node) -> Optional[int]:
    """An integer literal, negated or in parentheses (`-2`, `(3)`); None for anything else
    (a narrowing cast: `(signed char)255` is -1)."""
    if narrowed(e):
        return None
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


def pass_steps(body: Node, name: str, start_value=None) -> Optional[List[Tuple[Step, List[Trip]]]]:
    """How far one pass of `body` moves pointer `name`: (step, trips) for each group of
    steps, the literal steps under the same nested loops added up (`*p++` twice: 2), a
    nested loop's steps times its trip (None where it is not known). None where the pass
    gives p another value before any other use (reset each pass: `row = top + ...;` as
    the body's first statement naming it), or a nested loop resets it in each of its
    passes and the pass steps it nowhere else; one UNKNOWN step where it is given another
    value anywhere else (`if (k == last) row = top;` after `row += 2`: the steps before
    it carry over)."""
    out: List[Tuple[Step, List[Trip]]] = []
    reset, nested_reset, todo = False, False, [body]
    while todo:
        x = todo.pop()
        if x.kind in ("for", "while", "do") and x is not body:
            inner = pass_steps(per_pass(x), name, start_value)
            if inner is None:  # reset in each of its passes
                nested_reset = True
                continue
            trip = trip_count(x, start_value)
            out += [(s, trips + [trip]) for s, trips in inner]
            if x.kind == "for":
                todo.append(x.children[0])  # its start, once a pass
            continue
        if x.kind == "lambda":
            continue
        step = _step_of(x, name)
        if step == "reseat":
            reset = True
        elif step is not None:
            out.append((step, []))
        todo.extend(x.children)
    if reset:
        return None if _reset_first(body, name) else [(UNKNOWN, [])]
    if nested_reset:  # where nothing else moves it, it moves only inside that loop's passes
        return None if not out else [(UNKNOWN, [])]
    return grouped(out)


def _reset_first(body: Node, name: str) -> bool:
    """Is the first statement of a pass that names pointer `name` one that gives it a value
    read from elsewhere (`row = top + n * dim + c * spatial_;`), run unconditionally, with
    nothing before it in the pass (a for loop's test) naming it?"""
    parts = body.children if body.kind == "block" else [body]
    for part in parts:
        stmts = part.children if part.kind == "block" else [part]
        for st in stmts:
            if name not in {y.name for y in st.walk() if y.kind == "name"}:
                continue
            e = _strip(st.children[0]) if st.kind == "expr_stmt" and st.children else \
                _strip(st)
            return e.kind == "assign" and _step_of(e, name) == "reseat"
    return False


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
        return rhs if x.op == "+=" else _negated(rhs)
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
        return -v if v is not None else _negated(_strip(rhs.children[1]))
    return UNKNOWN if name in {n.name for n in rhs.walk() if n.kind == "name"} else "reseat"


def _negated(e: Node) -> Node:
    """`-(e)`: a step back by e elements, e not a literal (`p -= back`)."""
    return Node("unop", e.start, e.end, e.line, f"-({e.text})", [e], op="-")


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


def accessed_after_step(body: Node, name: str) -> bool:
    """Is pointer `name` used in a pass after its last step there (`++row; *row = v;`), or
    through a pre-increment's value (`*++row`, `++row != end` in a loop's test)? Then the
    pass's accesses run one element further than its steps count. A comparison of the
    pointer is no access. Order is the pass's order of running (`per_pass`: a for loop's
    increment after its body), not the text's."""
    order = {id(y): i for i, y in enumerate(_run_order(body))}
    parents = {id(c): y for y in body.walk() for c in y.children}
    in_steps = _in_steps(body, name)
    steps, uses = [], []
    for y in body.walk():
        par = parents.get(id(y))
        step = _step_of(y, name)
        if step is not None and step != "reseat":
            steps.append(y)
            if y.op in ("++", "--") and _value_used(y, par):
                return True  # its value is the pointer after the step
        elif _is_use(y, name, par) and id(y) not in in_steps:
            uses.append(y)
    last = max((order[id(s)] for s in steps), default=None)
    return last is not None and any(order[id(u)] > last for u in uses)


def _run_order(x: Node):
    """x's nodes in the order they run: a for loop's start, test, body, then increment."""
    yield x
    kids = x.children
    if x.kind == "for" and len(kids) == 4:
        kids = [kids[0], kids[1], kids[3], kids[2]]
    for c in kids:
        yield from _run_order(c)


# the lead of a pass that uses its pointer at an index the walk cannot read: past
PAST = 1 << 40


def pass_lead(body: Node, name: str, value=None) -> Optional[int]:
    """How many elements past its own steps a pass of literal steps, all outside nested
    loops, reaches with pointer `name`: the most, over its uses, of the steps run before
    the use plus the use's literal index (`row[1] += row[0]; ++row;`: 1; `row += 3; *row =
    v; row -= 2;`: 3; `row++[1]`: 1), less the pass's net step less one (0 when that stays
    inside the elements the pass steps over: `*row++`). None where a step is no literal or
    lies in a nested loop (`accessed_after_step` then counts one pass more); PAST where a
    use's index is not read (`row[true]`). `value` reads a step or an index the caller
    can (`row[kOne]`, `row += kOne`)."""
    value = value or int_value
    parents = {id(c): y for y in body.walk() for c in y.children}
    nested = nested_ids(body, own=True)
    in_steps = _in_steps(body, name)
    done, lead, copies = 0, 0, {}  # copies: `q = row + 1` -> where q points, from the pass
    for y in body.walk():
        par = parents.get(id(y))
        copy = _copy_of(y, name, value) if id(y) not in nested else None
        if copy is not None:
            if any(_step_of(z, copy[0]) not in (None, "reseat") for z in body.walk()):
                return None  # a copy that moves too
            copies[copy[0]] = done + copy[1]
        elif y.kind == "name" and y.name in copies and _is_use(y, y.name, par):
            at = _literal_index(y, par, value, parents) if id(y) not in nested else \
                _nested_index(y, par, body, value)
            lead = max(lead, copies[y.name] + at)
        step = _step_of(y, name)
        if isinstance(step, Node):
            step = value(step)
            if step is None:
                return None  # `row -= back`, back not read
        if step is not None:
            if id(y) in nested or not isinstance(step, int):
                return None
            if _value_used(y, par):  # `*++row`: after the step; `row++[1]`: before it
                after = y.op in ("++", "--")
                lead = max(lead, done + (step if after else 0) +
                           _literal_index(y, par, value, parents))
            elif y.kind != "unop" and par is not None and par.kind not in (
                    "expr_stmt", "block") and not (par.kind == "binop" and par.op == ","):
                return None  # `*(row += 2)`; `++k, row += 1` in a header is a statement
            done += step
        elif id(y) not in in_steps and _is_use(y, name, par):
            lead = max(lead, done + (_literal_index(y, par, value, parents) if id(y) not in nested
                                     else _nested_index(y, par, body, value)))
    return _past_steps(lead, done)


def _past_steps(lead: int, done: int) -> int:
    """A pass's lead less its net step less one (PAST stays PAST); 0 where the pass does
    not move the pointer."""
    if done <= 0:
        return 0
    return PAST if lead >= PAST else max(0, lead - (done - 1))


def _nested_index(y: Node, par: Optional[Node], body: Node, value) -> int:
    """The most a use in a loop nested in the pass (one that does not move the pointer)
    indexes it by: a literal (`do { row[1] = v; } while (0)`: 1), or the counter of the
    innermost for loop around it of that name, counted up from 0 to a bound `value` reads
    (`for (j < 2) row[j] = v;`, `*(row + j)`: 1); PAST for any other index."""
    lit = _literal_index(y, par, value)
    if lit != PAST:
        return lit
    idx = _strip(par.children[1] if par.children[0] is y else par.children[0])
    around = [x for x in body.walk() if x.kind == "for" and idx.kind == "name" and
              counter(x) == idx.name and any(z is y for z in x.walk())]
    trip = trip_count(around[-1], value) if around else None
    most = value(trip[0]) if trip is not None else None
    start = _start(around[-1]) if around else None
    if most is None or start is None or value(start) != 0:
        return PAST  # `for (j = 2; j > 0; --j) row[j]`: 2, not 1
    return max(0, most + trip[1] - 1)


def given_value(y: Node) -> Optional[Tuple[str, Node]]:
    """(q, e) where y gives variable q the value e (`Dtype* q = row;`, `q = row + 1`), e
    stripped; None for anything else."""
    if y.kind == "decl" and y.children:
        return y.name, _strip(y.children[0])
    if y.kind == "assign" and y.op == "=" and len(y.children) == 2 and \
            _strip(y.children[0]).kind == "name":
        return _strip(y.children[0]).name, _strip(y.children[1])
    return None


def _copy_of(y: Node, name: str, value) -> Optional[Tuple[str, int]]:
    """(q, c) where y gives pointer q the value of pointer `name` plus a number c (`Dtype* q
    = row;`, `q = row + 1`); None for anything else."""
    given = given_value(y)
    if given is None:
        return None
    q, e = given
    if e.kind == "name" and e.name == name and q != name:
        return q, 0
    parts = _plus_terms(e)
    mine = [t for t in parts if t.kind == "name" and t.name == name]
    rest = [value(t) for t in parts if t not in mine]
    if q != name and len(mine) == 1 and len(parts) == 2 and rest[0] is not None:
        return q, rest[0]
    return None


def _in_steps(body: Node, name: str) -> Set[int]:
    """The nodes inside the steps of pointer `name` (`row` in `row = row + 1`)."""
    return {id(z) for y in body.walk() if _step_of(y, name) not in (None, "reseat")
            for z in y.walk() if z is not y}


def _value_used(y: Node, par: Optional[Node]) -> bool:
    """Is the value of a step expression read (`*++row`, `row++[1]`), not a statement?"""
    return y.kind == "unop" and par is not None and \
        par.kind not in ("expr_stmt", "block") and not (par.kind == "binop" and par.op == ",")


def _is_use(y: Node, name: str, par: Optional[Node]) -> bool:
    """Is y pointer `name` read for an access (not a step's target, not compared)?"""
    return y.kind == "name" and y.name == name and par is not None and \
        _step_of(par, name) is None and \
        not (par.kind == "binop" and par.op in ("<", ">", "<=", ">=", "==", "!="))


def _literal_index(y: Node, par: Optional[Node], value=int_value, parents=None) -> int:
    """The number y is indexed or offset by (`y[2]`, `y + 2`, `y[kOne]` as `value` reads
    it, `(y + 0)[1]` with `parents`; 0 below 1); PAST for an index `value` cannot read
    (`y[true]`, `y[sizeof(char)]`, `y[off]` with off given two values); 0 where y is not
    indexed."""
    if par is None or len(par.children) != 2:
        return 0
    a, b = par.children
    if par.kind == "index" and a is y or par.kind == "binop" and par.op == "+":
        v = value(b if a is y else a)
        up = climb(par, parents)[1] if par.kind == "binop" and parents else None
        if v is not None and up is not None and up.kind == "index" and \
                _strip(up.children[0]) is par:  # `(row + 0)[1]`
            w = value(up.children[1])
            v = v + w if w is not None else None
        return PAST if v is None else v if v > 0 else 0
    return 0
