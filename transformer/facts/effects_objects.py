"""Objects a sample owns (a container, iterator, string or pair declared inside the
iteration, holding plain values: `stdlib.owns_values`): their methods, operators and the
standard algorithms over them (`stdlib.ALGORITHMS`) touch only the sample's own memory.
"""
from __future__ import annotations

import re
from typing import List, Optional

from ..ir import Node
from .effects_model import Offset, Ptr, Root, _Frame
from .effects_syntax import _strip
from .effects_types import _integral
from .mathlib import PURE_FUNCTIONS
from .shapes import norm_text
from .signs import may_be_negative
from .stdlib import (
    ALGORITHMS,
    BY_ARITY,
    POSITIONS,
    is_iterator,
    may_throw,
    owns_values,
    range_size,
)


class ObjectMixin:
    """The sample-owned objects of `EffectWalker` (its state is set in effects.py)."""

    def own_object(self, frame: _Frame, name: str) -> bool:
        """A variable declared inside the iteration that holds plain values of its own, or
        an iterator there that only ever points into one, or a callee's parameter bound to
        such an object (`fill_row(row, ...)` with `std::vector<Dtype>& row`)."""
        bound = frame.bindings.get(name)
        if isinstance(bound, Ptr) and bound.root.kind == "private" and \
                bound.root.buf == "raw" and not bound.offset.depends:
            return True
        if name not in frame.inside or name in self._lasting:
            return False  # a thread_local vector holds what the thread's last sample left
        t = self._decl_types.get(name, "")
        return owns_values(t) or (is_iterator(t) and self._own_iterator(frame, name))

    def _own_iterator(self, frame: _Frame, name: str) -> bool:
        """Is every value the function gives `name` (its initializers and assignments, on
        any path) a position in the sample's own object?"""
        cache = frame.own_iterators
        if name not in cache:
            cache[name] = False  # while deciding: not own (no recursion through itself)
            values = [n.children[0] for n in frame.fn.body.walk()
                      if n.kind == "decl" and n.name == name and n.children]
            values += [n.children[1] for n in frame.fn.body.walk()
                       if n.kind == "assign" and len(n.children) == 2 and
                       n.children[0].kind == "name" and n.children[0].name == name]
            cache[name] = bool(values) and all(self.own_expr(frame, v) for v in values)
        return cache[name]

    def own_expr(self, frame: _Frame, n: Optional[Node]) -> bool:
        """Does n denote the sample's own object or a position in it (`v`, `it`,
        `v.begin() + k`, `it->second`, `v[i].first`)?"""
        while n is not None and n.kind in ("paren", "cast") and n.children:
            n = n.children[0]
        if n is None:
            return False
        if n.kind == "name":
            return self.own_object(frame, n.name)
        if n.kind == "construct" and len(n.children) == 1 and is_iterator(n.type or ""):
            # an iterator converted from one (`const_iterator it = m.begin()`)
            return self.own_expr(frame, n.children[0])
        if n.kind == "member" and n.children:
            return self.own_expr(frame, n.children[0])
        if n.kind == "index" and n.children:
            return self.own_expr(frame, n.children[0])
        if n.kind == "binop" and n.op in ("+", "-") and len(n.children) == 2:
            return self.own_expr(frame, n.children[0])
        if n.kind == "call" and n.children:
            callee = n.children[0]
            if (n.name or "").startswith("operator") and len(n.children) > 1:
                return self.own_expr(frame, n.children[1])
            if callee.kind == "member" and callee.children and n.name in POSITIONS:
                return self.own_expr(frame, callee.children[0])
        return False

    def own_pointer(self, frame: _Frame, n: Node) -> Optional[Ptr]:
        """What an expression on the sample's own object points to: that object."""
        if not self.own_expr(frame, n):
            return None
        base = n
        while base.children and base.kind != "name":
            base = base.children[1] if base.kind == "call" and (
                base.name or "").startswith("operator") and len(base.children) > 1 \
                else base.children[0]
        return Ptr(Root("private", base.name or base.text.strip(), "raw"), Offset())

    def own_method(self, frame: _Frame, e: Node, receiver: Node, args: List[Node], guards,
                   depth: int) -> bool:
        """`v.m(args)` on the sample's own object: its arguments read; outer memory they
        point to is read at offsets that cannot be split (`v.assign(p, p + k)`). A method
        that writes its argument (`v.swap(w)`) is the sample's own only when w is too."""
        if not self.own_expr(frame, receiver):
            return False
        if _mutating(e) and not all(self.own_expr(frame, a) for a in args):
            return False  # an unknown call: it writes an object of another owner
        self.own_may_throw(frame, e, e.name, args)
        self._own_arguments(frame, e, args, guards, depth)
        return True

    def own_may_throw(self, frame: _Frame, e: Node, name: str, args: List[Node]):
        """A method or constructor of the sample's own container that may throw is an early
        exit (inside a part of a region an exception would end the process, where the
        original loop hands it to its caller): any method but those known to throw nothing
        of their own (`stdlib.may_throw`: `at`, bitset's `test`, string's positions, a count
        given to `insert`), and a size that may be negative given to a constructor, `resize`,
        `reserve` or `assign` (length_error)."""
        sized = name in ("resize", "reserve") or (name == "assign" and len(args) == 2) or \
            (name == "" and 1 <= len(args) <= 2)  # a constructor: `vector<T> v(n, x)`
        thrown = {"length_error" if sized or name in ("insert", "append") else "out_of_range",
                  "logic_error", "exception", "..."}
        if any(caught & thrown for caught in self._catching):
            return  # inside a try block whose handler takes it: it stays in the sample
        if may_throw(self._declared(frame, _receiver(e)), name, len(args)) or (
                sized and self._numeric(frame, args[0]) and may_be_negative(
                    args[0], lambda x: self._values_of(frame, x))):
            self.eff.early_exits.append(f"{norm_text(e.text)[:60]} at line {e.line} (may "
                                        f"throw)")

    def _numeric(self, frame: _Frame, a: Node) -> bool:
        """Is a constructor's first argument a count (not a container, iterator or pointer
        it copies from, `v(top_data + p * dim_, ...)`)?"""
        a = _strip(a)
        if a.kind in ("name", "member"):
            return _integral(self._declared(frame, a))
        if a.kind == "lit":
            return a.text.strip()[:1].isdigit()  # not `"abcd"`
        return a.kind in ("binop", "unop", "cond") and all(
            n.kind == "lit" or (n.kind in ("name", "member") and
                                _integral(self._declared(frame, n)))
            for n in a.walk() if n.kind in ("lit", "name", "member", "call", "index"))

    def own_operator(self, frame: _Frame, e: Node, name: str, args: List[Node], guards,
                     depth: int) -> bool:
        """An operator of the sample's own object (`++it`, `it->`, `*it`, `it == end`)."""
        if not name.startswith("operator") or not args or \
                not any(self.own_expr(frame, a) for a in args):
            return False
        self._own_arguments(frame, e, args, guards, depth)
        return True

    def std_algorithm(self, frame: _Frame, e: Node, name: str, args: List[Node], guards,
                      depth: int) -> bool:
        """A standard algorithm (stdlib.ALGORITHMS): over the sample's own objects, no
        effect outside them. A range of outer memory whose size the call says plainly
        (`p, p + E`: `stdlib.range_size`) is a block of E elements read or written there,
        as `caffe_copy` would; any other read range is read at offsets that cannot be
        split, and any other written range or output is not followed (False: an unknown
        call)."""
        algo = BY_ARITY.get((name, len(args)), ALGORITHMS.get(name))
        if algo is None:
            return False
        blocks = self._algorithm_blocks(frame, algo, args)
        if blocks is None:
            return False
        blocked = {i for i, _size, _mode in blocks}
        blocked |= {last for first, last, _mode in algo.ranges if first in blocked}
        self._own_arguments(frame, e, [a for i, a in enumerate(args) if i not in blocked],
                            guards, depth, algorithm=True)
        for i, size, mode in blocks:
            self.expr(frame, args[i], guards, depth)
            p = self.eval_ptr(frame, args[i])
            if p is None:
                return False
            self.record_block(frame, e, p, size, mode, guards, name)
        return True

    def _algorithm_blocks(self, frame: _Frame, algo, args: List[Node]):
        """The blocks an algorithm touches in outer memory: (argument, size, mode); None
        when it writes outer memory of a size it does not say."""
        ranges = self._range_blocks(frame, algo, args)
        if ranges is None:
            return None
        blocks, first_size = ranges
        for i, mode in [(i, "write") for i in algo.outputs] + [(i, "read") for i in algo.inputs]:
            if i < len(args) and not self.own_expr(frame, args[i]):
                if first_size is None:
                    if mode == "write":
                        return None
                    continue  # read where it cannot be sized: _own_arguments' opaque read
                blocks.append((i, first_size, mode))
        if any(i >= len(args) or not self.own_expr(frame, args[i]) for i in algo.objects):
            return None
        for first, count, mode in algo.counted:
            if max(first, count) < len(args) and not self.own_expr(frame, args[first]):
                blocks.append((first, norm_text(args[count].text), mode))
        return blocks

    def _range_blocks(self, frame: _Frame, algo, args: List[Node]):
        """The blocks of an algorithm's iterator ranges in outer memory, and the size of its
        first range (None when the call does not say it); None when a written range of
        outer memory has no size the call says."""
        blocks, sizes = [], []
        for first, last, mode in algo.ranges:
            if first >= len(args) or last >= len(args):
                return None
            size = range_size(norm_text(args[first].text), norm_text(args[last].text))
            sizes.append(size)
            if self.own_expr(frame, args[first]):
                continue
            if size is not None:
                blocks.append((first, size, mode))
            elif mode == "write":
                return None
        return blocks, (sizes[0] if sizes else None)

    def _own_arguments(self, frame: _Frame, e: Node, args: List[Node], guards, depth: int,
                       algorithm: bool = False):
        for a in args:
            if self.own_expr(frame, a):
                continue
            if a.kind == "lambda" and self._called_lambda(frame, a, guards, depth):
                continue
            lam = frame.lambdas.get(a.name) if a.kind == "name" else None
            if lam is not None:  # a lambda stored in a local: the call runs its body
                if not self._called_lambda(frame, lam, guards, depth):
                    self.eff.unknown_calls.append(f"{a.name} (a lambda with statements the "
                                                  f"walk does not follow) at line {e.line}")
                continue
            called = self._opaque_callable(frame, a, algorithm)
            if called:
                self.eff.unknown_calls.append(f"{called} (code {e.name or 'the call'} may "
                                              f"call, not followed) at line {e.line}")
                continue
            self.expr(frame, a, guards, depth)
            p = self.eval_ptr(frame, a)
            if p is not None and p.root.kind != "private":
                self.record(p.plus(Offset(opaque=True)), "read", guards, e.line,
                            frame.fn.file, e.name or "call")

    def _opaque_callable(self, frame: _Frame, a: Node, algorithm: bool = False) -> str:
        """An argument the callee may call whose code the walk does not see: a function
        named by its name (not a pure math function), a std::function, a function pointer,
        a bound call or a lambda held in a member, parameter or outer variable, an object
        of a class of the tree (its operator()); its name, else ''."""
        a = _strip(a)
        if a.kind == "unop" and a.op == "&" and a.children:
            a = _strip(a.children[0])
        if a.kind == "name" and a.ref == "function":
            return "" if a.name in PURE_FUNCTIONS else a.name
        if a.kind in ("construct", "call") and a.type:  # `DeltaTo<Dtype>{&carry}` in place
            return a.name if self._tree_class(a.type) else ""
        if a.kind == "index" and a.children:  # `acts_[0]`: an element of a table of callables
            table = _strip(a.children[0])
            dependent = algorithm and not a.category and table.kind in ("name", "member") and \
                self._category(frame, table) in ("object", "callable", "auto", "")
            return norm_text(a.text) if a.category == "callable" or dependent else ""
        if a.kind not in ("name", "member"):
            return ""
        t = self._declared(frame, a)
        if _CALLABLE.search(t) or self._tree_class(re.sub(r"\bconst\b|&", "", t)) or \
                self._category(frame, a) == "callable" or \
                (algorithm and self._category(frame, a) == "auto"):
            return a.name  # under a typedef, `using`, or `auto` in a template too
        return ""

    def _category(self, frame: _Frame, n: Node) -> str:
        """The category of the declared type of a variable, parameter or member."""
        if n.kind == "member":
            return self.program.field_type(self.cls, n.name, category=True)
        params = [p.category for p in frame.fn.params if p.name == n.name]
        return self._decl_categories.get(n.name) or self._outer_categories.get(n.name) or \
            (params[0] if params else "")

    def _called_lambda(self, frame: _Frame, lam: Node, guards, depth: int) -> bool:
        """A lambda a standard algorithm or an own object's method calls while it runs (a
        comparator, a predicate): its body is walked where the call is, any number of
        times, its parameters and locals the iteration's own. Only a body of declarations,
        expressions and returns (whose values are read) is followed; False otherwise."""
        body = lam.children[-1] if lam.children else None
        if body is None or body.kind != "block" or not all(
                c.kind in ("return", "decls") or _expression(c) for c in body.children):
            return False
        start, end = self._loop_span
        if any(n.kind == "name" and n.decl >= 0 and not lam.start <= n.decl < lam.end and
               not start <= n.decl < end and n.name in frame.inside for n in body.walk()):
            return False  # a lambda from before the loop names an outer `acc` that the
            #               body declares again: the walk would take it for the body's
        inside = set(frame.inside)
        self._walk_lambda(frame, lam, body, guards, depth)
        frame.inside = inside  # its parameters and locals end with it
        return True

    def _walk_lambda(self, frame: _Frame, lam: Node, body: Node, guards, depth: int):
        for d in lam.children[:-1]:
            if d.kind == "decl":
                frame.inside.add(d.name)
                self._decl_types[d.name] = d.type
        if _init_captures(lam.text):  # `[t = (c += 1)]`, `[q = top[0]]`: libclang's
            self.eff.unknown_calls.append(  # cursors leave parts of such captures out
                f"an init-capture of the lambda at line {lam.line}")
        for c in body.children:
            if c.kind == "return":
                for v in c.children:
                    self.expr(frame, v, guards, depth)
            elif c.kind == "decls":
                self.walk(frame, c, guards, depth, True)
            else:
                self.expr(frame, c.children[0] if c.kind == "expr_stmt" and c.children else c,
                          guards, depth, statement=True)


# a type whose value may be called: std::function, a function pointer or reference, a bound
# call (std::_Bind), a lambda's closure type
_CALLABLE = re.compile(r"function\s*<|\(\s*[*&]|bind|lambda at", re.I)


def _init_captures(text: str) -> bool:
    """Does a lambda's capture list (`[a, &b, c = e]`) initialize a capture?"""
    depth, item, items = 0, "", []
    for ch in text[text.find("[") + 1:]:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>" and depth > 0:
            depth -= 1
        elif ch == "]":
            break
        if ch == "," and depth == 0:
            items.append(item)
            item = ""
        else:
            item += ch
    return any("=" in i and i.strip() != "=" for i in items + [item])


def _expression(n: Node) -> bool:
    """A statement that is an expression (no control flow of its own)."""
    return n.kind not in ("block", "if", "for", "while", "do", "return", "break", "continue",
                          "decls", "switch", "omp", "other", "null")


def _mutating(call: Node) -> bool:
    """A container method that writes the object it is given (`a.swap(b)`; `a.splice(p,
    b, i)` and `a.merge(b)` take b's elements)."""
    return call.name in ("swap", "splice", "merge")


def _receiver(call: Node) -> Node:
    """The object a method call is made on (the call itself for a constructor)."""
    callee = call.children[0] if call.kind == "call" and call.children else None
    return callee.children[0] if callee is not None and callee.kind == "member" and \
        callee.children else call
