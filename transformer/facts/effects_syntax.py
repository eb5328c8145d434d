"""Small syntactic helpers of the effect walker: pure functions over IR nodes and their
text (names a body assigns or increments, a canonical for header's variable and trip,
casts and parentheses stripped, memory reads, declared types).
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Set, Tuple

from ..ir import Node
from ..lower import last_identifier


def _assigned_values(body: Node) -> Dict[str, List[Node]]:
    """Every value the body assigns to a plain variable (`x = v`, `x += v`)."""
    out: Dict[str, List[Node]] = {}
    for n in body.walk():
        if n.kind == "assign" and len(n.children) == 2 and n.children[0].kind == "name":
            out.setdefault(n.children[0].name, []).append(n.children[1])
    return out


# the operators that step a variable by one
STEPS = ("++", "--", "post++", "post--")


def _updated_names(body: Node, assign_ops=None) -> Set[str]:
    """Plain variables the body increments, or assigns with one of `assign_ops` (any
    assignment when None)."""
    out = set()
    for n in body.walk():
        target = None
        if n.kind == "assign" and n.children and (assign_ops is None or n.op in assign_ops):
            target = n.children[0]
        elif n.kind == "unop" and n.op in STEPS and n.children:
            target = n.children[0]
        if target is not None and target.kind == "name":
            out.add(target.name)
    return out


_COMPOUND = ("+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "|=", "&=", "^=")


def stepped_in(body: Node) -> Set[str]:
    """The plain variables body steps: `++k`, `k += s`, `k = k + s`, or may step under another
    name (`&k`, `int& r = k`). A plain `best = k` is no step: the variable holds one of the
    values assigned, not a count of them."""
    return _aliased_names(body) | _updated_names(body, _COMPOUND) | _self_assigned(body, False)


def loop_counters_of(loop: Node) -> Set[str]:
    """The variables a loop leaves of unknown value: those it steps (`stepped_in`) and those
    it assigns from one of them (`end = k + 1`, `best = k`)."""
    stepped = stepped_in(loop)
    return stepped | {a.children[0].name for a in loop.walk() if a.kind == "assign" and
                      a.op == "=" and a.children[0].kind == "name" and
                      _words(a.children[1].text) & stepped}


def grown_in(body: Node) -> Set[str]:
    """The plain variables body steps by arithmetic: `++k`, `k += s`, `k = k + s`, not
    `k = std::min(k, X)` (a clamp keeps k within what it was and X)."""
    return _updated_names(body, _COMPOUND) | _self_assigned(body, True)


def _self_assigned(body: Node, arithmetic: bool) -> Set[str]:
    """The plain variables body assigns from themselves (`k = k + s`; with `arithmetic`, only
    where the value is an operator's, not a call's such as `std::min(k, X)`)."""
    return {n.children[0].name for n in body.walk() if n.kind == "assign" and n.op == "=" and
            len(n.children) == 2 and n.children[0].kind == "name" and
            n.children[0].name in _words(n.children[1].text) and
            (not arithmetic or _strip(n.children[1]).kind == "binop")}


def nested_ids(body: Node, own: bool = False) -> Set[int]:
    """The ids of the nodes inside loops nested in body; with `own`, the loops themselves
    too."""
    return {id(z) for y in body.walk() if y.kind in ("for", "while", "do")
            for z in y.walk() if own or z is not y}


def declared_in(body: Node) -> Set[str]:
    """The names body declares (for a loop: in its header and its body)."""
    return {n.name for n in body.walk() if n.kind == "decl"}


def changed_outside(body: Node, inner: Node, name: str) -> bool:
    """Does body assign or step `name`, take its address or bind a writable reference to it,
    anywhere outside the subtree inner?"""
    skip = {id(x) for x in inner.walk()}
    return any(id(x) not in skip and _changes(x, name) for x in body.walk())


def _changes(n: Node, name: str) -> bool:
    if n.kind == "assign" or n.kind == "unop" and n.op in STEPS + ("&",):
        return bool(n.children) and n.children[0].kind == "name" and n.children[0].name == name
    if n.kind == "decl" and n.children and _is_mutable_ref(n.type):
        init = _strip(n.children[0])
        return init.kind == "name" and init.name == name
    return False


def changed_in(body: Optional[Node]) -> Set[str]:
    """The names a body assigns, steps or lets another name change (`&b`, `T*& r = b`)."""
    return _updated_names(body) | _aliased_names(body) if body is not None else set()


def _aliased_names(body: Node) -> Set[str]:
    """Plain variables the body can change under another name: their address taken (`&m`)
    or a reference that can write them bound to them (`int& r = m`)."""
    out = set()
    for n in body.walk():
        if n.kind == "unop" and n.op == "&" and n.children and n.children[0].kind == "name":
            out.add(n.children[0].name)
        elif n.kind == "decl" and n.children and _is_mutable_ref(n.type):
            init = _strip(n.children[0])
            if init.kind == "name":
                out.add(init.name)
    return out


# the operators whose value is a truth, not a quantity
TESTS = ("<", ">", "<=", ">=", "==", "!=", "&&", "||")


def _strip(n: Node) -> Node:
    while n.kind in ("cast", "paren") and n.children:
        n = n.children[0]
    return n


_NARROW = re.compile(r"^(const\s+)?(bool|(un)?signed\s+char|char|u?int(8|16)_t|"
                     r"(unsigned\s+)?short(\s+int)?)$")


def climb(n: Node, parents: Dict[int, Node], kinds=("paren",)) -> Tuple[Node, Optional[Node]]:
    """n's outermost wrapper of these kinds (parentheses; also casts, given), and its parent
    (None at the top): `_strip`'s inverse, through a parents map."""
    up = parents.get(id(n))
    while up is not None and up.kind in kinds:
        n, up = up, parents.get(id(up))
    return n, up


def narrow(type_text: str) -> bool:
    """Is this declared or cast-to type too small to hold every sample index?"""
    t = re.sub(r"\bstd::", "", " ".join(type_text.split()))
    return bool(_NARROW.match(t))


def narrowed(n: Node) -> bool:
    """Is n, under its parentheses, cast to a type too small to keep every value (`(signed
    char)255` is -1): its number is not the literal's."""
    while n.kind in ("cast", "paren") and n.children:
        if n.kind == "cast" and narrow(n.type or ""):
            return True
        n = n.children[0]
    return False


def _words(text: str) -> Set[str]:
    return set(re.findall(r"[A-Za-z_]\w*", text))


def _floating(type_text: str) -> bool:
    t = type_text.replace("const", "").strip()
    return t in ("Dtype", "float", "double", "long double")


def _is_mutable_ref(type_text: str) -> bool:
    """A declared type that is a reference through which its target can be written:
    `Dtype&`, `int &`, `Dtype& __restrict`, `auto&&` (bound to a variable, an lvalue
    reference), `const Dtype*&` (the pointer itself can be changed); not `const Dtype&`
    nor `Dtype* const&`."""
    t = re.sub(r"\b(__restrict__|__restrict|restrict)\b", " ", type_text).strip()
    if not t.endswith("&"):
        return False
    referred = t.rstrip("&").strip()
    if referred.endswith("const"):
        return False  # Dtype* const&, Dtype const&
    return "*" in referred or not referred.startswith("const ")


def _mutable_param(p) -> bool:
    """A parameter, as written or under its typedefs (`PRef` for `Dtype*&`), that is a
    writable reference."""
    return _is_mutable_ref(p.type) or bool(p.canon) and _is_mutable_ref(p.canon)


def _thread_name(name: str) -> str:
    """How a thread_local variable is named among the scalars (never planned as one)."""
    return f"thread_local {name}"


def _reads_memory(e: Node) -> bool:
    """Does the value of e depend on memory contents (p[i], *p), other than through the
    object a method is called on (bottom[0]->offset(1) only reads a shape)?"""
    receivers = {id(m.children[0]) for m in e.walk() if m.kind == "member" and m.children}
    return any((n.kind == "index" or (n.kind == "unop" and n.op == "*")) and
               id(n) not in receivers for n in e.walk())


_FLIPPED = {">": "<", ">=": "<=", "!=": "!="}


def counter_test(cond: Node, var: str) -> Optional[Tuple[str, Node]]:
    """A loop condition on counter var as (operator, bound): `k < X`, `k <= X`, `k != X`, or
    the same written the other way round (`X > k`, `X >= k`, `X != k`)."""
    if cond.kind != "binop" or len(cond.children) != 2:
        return None
    a, b = cond.children
    if cond.op in ("<", "<=", "!=") and a.kind == "name" and a.name == var:
        return cond.op, b
    if cond.op in _FLIPPED and b.kind == "name" and b.name == var:
        return _FLIPPED[cond.op], a
    return None


def down_test(cond: Node, var: str) -> Optional[Tuple[str, Node]]:
    """A loop condition on a counter var that counts down, as (operator, bound), operands
    unwrapped: `k >= X`, `k > X`, or the same written the other way round (`X <= k`)."""
    if cond.kind != "binop" or len(cond.children) != 2:
        return None
    a, b = (_strip(c) for c in cond.children)
    if cond.op in (">", ">=") and a.kind == "name" and a.name == var:
        return cond.op, b
    if cond.op in ("<", "<=") and b.kind == "name" and b.name == var:
        return {"<": ">", "<=": ">="}[cond.op], a
    return None


def loop_start(loop: Node) -> Tuple[Optional[str], str]:
    """For `for (int v = a; ...)` or `for (v = a; ...)`: (v, a as text); `int v;` starts
    at "0" as the trip counts it."""
    init = loop.children[0]
    if init.kind == "decls" and len(init.children) == 1 and init.children[0].kind == "decl":
        decl = init.children[0]
        return decl.name, decl.children[0].text.strip() if decl.children else "0"
    if init.kind == "assign" and init.op == "=" and init.children[0].kind == "name":
        return init.children[0].name, init.children[1].text.strip()
    return None, "0"


def _loop_var_and_trip(loop: Node) -> Tuple[Optional[str], Optional[str]]:
    """For `for (int v = a; v < T; ++v)`, return (v, T - a as text) when canonical."""
    _, cond, inc, _ = loop.children
    var, start = loop_start(loop)
    test = counter_test(cond, var) if var else None
    if test is None or not steps_by_one(inc, var):
        return None, None
    op, rhs = test
    macro = hides_operator(rhs)
    trip = operand(rhs.text, macro) if op == "<=" or start != "0" or macro \
        else rhs.text.strip()
    if op == "<=":
        trip = f"{trip} + 1"
    if start not in ("0",):
        trip = f"{operand(trip)} - ({start})"
    return var, trip


# an initializer that only names a value: a number, a name, `Dtype(1)`, `static_cast<T>(-1)`,
# `std::numeric_limits<Dtype>::max()`
_PLAIN_VALUE = re.compile(r"-?\s*([\w.:]+|[\w:<>\s]+\(\s*-?\s*[\w.]+\s*\)|"
                          r"static_cast<[^<>]+>\(\s*-?\s*[\w.]+\s*\)|"
                          r"std::numeric_limits<[\w:\s]+>::\w+\(\))")


def effectful(text: str) -> bool:
    """May a default argument or a default member initializer (evaluated where the call or
    the object is, not where it is written) do more than name a value: call a function,
    step or assign something?"""
    t = text.strip().rstrip(";").strip()
    if t.startswith("{") and t.endswith("}"):
        t = t[1:-1].strip()
    return bool(t) and _PLAIN_VALUE.fullmatch(t) is None


def literal_int(text: str) -> int:
    """The value of an integer literal (`2`, `16u`, `1L`); 0 for any other text."""
    m = re.fullmatch(r"(\d+)[uUlL]*", text.strip())
    return int(m.group(1)) if m else 0


_POSTFIX = re.compile(r"[\w.]+(\s*(->|\.)\s*\w+|\[[^\[\]]*\]|\([^()]*\))*")


def operand(expr: str, macro: bool = False) -> str:
    """An expression as an operand of `*`, `+` or `-`: in parentheses unless it is a name, a
    number, a member or a call (a postfix expression), which need none; always when it is a
    macro's name (`OUT_DIM` may expand to `dim_ + 1`)."""
    text = str(expr).strip()
    return text if (_POSTFIX.fullmatch(text) and not macro) or _wrapped(text) else f"({text})"


def _wrapped(text: str) -> bool:
    """Is the whole expression one pair of parentheses?"""
    if not text.startswith("(") or not text.endswith(")"):
        return False
    depth = 0
    for k, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and k < len(text) - 1:
            return False
    return True


def negations(n: Node) -> Tuple[str, bool]:
    """A condition's text without the `!`s and parentheses that cover all of it, and whether
    an even number came off. Read from the tree: `!SKIP`, SKIP a macro for `a || b`, is
    `!a || b`, no `!` over the whole; a macro that hides an operator, and an operator
    looser than `||`, keep parentheses."""
    positive = True
    while True:
        text = n.text.strip()
        while _wrapped(text):
            text = text[1:-1].strip()
        if not (n.kind == "unop" and n.op == "!" and text.startswith("!") and n.children):
            return (f"({text})" if hides_operator(n) or _loose(n) else text), positive
        n, positive = n.children[0], not positive


def _loose(n: Node) -> bool:
    """Does n bind looser than `||` (`?:`, an assignment, a comma), spelled or from a macro
    (`!SKIP`, SKIP a macro for `a ? b : c`)? As one condition among others it needs
    parentheses."""
    return n.kind in ("cond", "assign") or (n.kind == "binop" and n.op == ",")


def hides_operator(n: Node) -> bool:
    """Is n an operator spelled as one name (`OUT_DIM`, a macro for `dim_ + 1`)?"""
    return n.kind in ("binop", "cond", "unop", "assign") and \
        bool(_POSTFIX.fullmatch(n.text.strip()))


def call_qualifier(callee: Optional[Node]) -> str:
    """The class or namespace a call is qualified with: `Base<Dtype>::f` -> Base ('' when
    none)."""
    if callee is None or "::" not in callee.text:
        return ""
    return last_identifier(callee.text.replace("this->", "").rsplit("::", 1)[0])


def namespace_function(callee: Optional[Node]) -> bool:
    """Did the lowering find every declaration an unqualified call's name may call at
    namespace scope (no method, local declaration or unresolved using-declaration, `?`)?
    A method it finds is a `member` callee."""
    return callee is not None and callee.kind == "name" and callee.ref == "function" and \
        bool(callee.scopes) and "?" not in callee.scopes.split()


def changes(e: Node) -> bool:
    """Whether expression e steps or assigns anything."""
    return any(n.kind == "assign" or n.kind == "unop" and n.op in STEPS for n in e.walk())


def steps_by_one(e: Node, var: str) -> bool:
    """Is e `++var`, `var++` or `var += 1`?"""
    return (e.kind == "unop" and e.op in ("++", "post++") and bool(e.children) and
            e.children[0].kind == "name" and e.children[0].name == var) or \
        (e.kind == "assign" and e.op == "+=" and e.children[0].kind == "name" and
         e.children[0].name == var and e.children[1].text.strip() == "1")
