"""Calls: a math-library call's effects from its table, a Blob's shape queries and
accessors, and the tree's own functions (methods of the loop's class with every override
they may dispatch to, free functions) walked with their parameters bound to the call's
arguments; which callees a call may run, and the tree classes whose constructors,
destructors and operators are calls.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Set, Tuple

from ..ir import FunctionIR, Node
from ..lower import last_identifier
from . import degenerate, mathlib
from .blocks import _sized, _spills, unit_block
from .classes import add_new
from .effects_model import OPAQUE, Choice, Offset, Ptr, Root, _Frame
from .effects_syntax import (
    _mutable_param,
    _strip,
    _words,
    call_qualifier,
    changed_in,
    effectful,
    namespace_function,
)
from .mathlib import (
    BLOB_BUFFERS,
    BLOB_ELEMENTS,
    BLOB_SHAPE_METHODS,
    C_LIBRARY,
    LIBRARY_SCOPE,
    PURE_FUNCTIONS,
    TABLE,
)
from .shapes import norm_text

MAX_CALL_DEPTH = 6
# Calls followed in one walk (a loop, or the statements liveness walks): each call is walked
# again at every site and on every path, so helpers calling helpers in inner loops multiply
# (a YOLO fork's region loss reached 200,000 in two minutes). Over the budget, a call is
# unknown: the walk ends in a rejection with a reason, the same on every run. The largest
# count seen on BVLC and ten forks is 251.
FOLLOW_BUDGET = 5000
# Blob methods that read none of its contents (apart from shape queries and accessors):
# ShareData/ShareDiff alias the argument's memory, which liveness follows by name.
BLOB_CONTENT_FREE = BLOB_SHAPE_METHODS - {"data"} | {"Reshape", "ReshapeLike", "ShareData",
                                                    "ShareDiff"}
_CONTAINERS = {"vector", "map", "list", "set", "deque", "array", "unordered_map"}


class CallMixin:
    """The call handling of `EffectWalker` (its state is set in effects.py)."""

    def call(self, frame: _Frame, e: Node, guards, depth: int):
        """Record a call's effects: from the math library's table, a Blob's shape queries and
        accessors, or the callee's body walked with its parameters bound."""
        self._guards_now = frozenset(guards)
        name = e.name or last_identifier(e.text.split("(", 1)[0])
        args = e.children[1:]
        callee = e.children[0] if e.children else None
        if self.own_operator(frame, e, name, args, guards, depth):
            return
        if name in TABLE and self._library(callee, name):
            self._library_call(frame, e, name, args, guards, depth)
            return
        if callee is not None and callee.kind == "member" and callee.children and \
                callee.children[0].kind != "this":
            self._object_call(frame, e, name, callee, args, guards, depth)
            return
        # this->method(...), an unqualified call to a method, or a free function of the tree
        targets = self._call_targets(callee, name, frame.fn.file)
        if targets:
            if depth >= MAX_CALL_DEPTH:
                self.eff.unknown_calls.append(f"{name} (call depth limit)")
                return
            for a in args:
                self.expr(frame, a, guards, depth)
            for t in targets:  # each override or overload on a path of its own
                g = guards if len(targets) == 1 else \
                    guards | {(f"{OPAQUE}the call runs {t.key}@{t.file}:{t.line}", True)}
                self._follow(frame, e, t, args, g, depth)
            return
        base = name.split("::")[-1]
        if self.std_algorithm(frame, e, base, args, guards, depth):
            return
        if base in PURE_FUNCTIONS or (callee is not None and callee.kind == "name" and
                                      callee.ref == "" and not name):
            for a in args:
                self.expr(frame, a, guards, depth)
            return
        self.escaped(frame, args, guards, e.line, name)
        if callee is not None and callee.kind == "member" and callee.children and \
                callee.children[0].kind == "this":
            self.eff.unknown_calls.append(f"{name} at line {e.line} (no definition found)")
            return
        self.eff.unknown_calls.append(f"{name or norm_text(e.text)} at line {e.line}")

    def escaped(self, frame: _Frame, nodes: List[Node], guards, line: int, via: str):
        """Memory handed to code the walk cannot follow (an unknown call's arguments, a
        lambda's body): every pointer named there, and every Blob buffer an accessor there
        returns, may be read anywhere in it. Reads only: what such code writes covers no
        later read. Liveness needs them (a scratch buffer read through an unknown function
        is read); a loop with an unknown call is rejected anyway."""
        for top in nodes:
            for n in top.walk():
                if n.kind == "name" and (n.name in frame.ptrs or n.name in frame.ref_locals) \
                        or n.kind == "call" and n.name in BLOB_BUFFERS:
                    p = self.eval_ptr(frame, n)
                    if p is not None:
                        self.record(p.plus(Offset(opaque=True)), "read", guards, line,
                                    frame.fn.file, f"{via} (unknown)")

    def names_changed(self, body: Optional[Node], file: str, unknown: bool) -> Set[str]:
        """The names a body changes (`changed_in`) or passes bare (`Skip(x, k)`, `(k)`) to
        a function of the tree whose parameter there is a writable reference; with
        `unknown`, also to a call the walk cannot follow (not the math library's, whose
        functions take pointers and sizes by value)."""
        return changed_in(body) | self.names_passed(body, file, unknown)

    def names_passed(self, body: Optional[Node], file: str, unknown: bool) -> Set[str]:
        """The names `names_changed` adds to `changed_in`: those passed bare to a writable
        reference parameter (or, with `unknown`, to a call the walk cannot follow)."""
        out: Set[str] = set()
        for n in body.walk() if body is not None else ():
            bare = [(i, _strip(a).name) for i, a in enumerate(n.children[1:])
                    if _strip(a).kind == "name"] if n.kind == "call" and n.name not in TABLE \
                else []
            targets = self._call_targets(n.children[0], n.name, file) if bare else []
            out |= {name for i, name in bare if unknown and not targets or any(
                i < len(t.params) and _mutable_param(t.params[i]) for t in targets)}
        return out

    def _call_targets(self, callee: Optional[Node], name: str,
                      caller_file: str = "") -> List[FunctionIR]:
        """The bodies a call may run: for `Base<Dtype>::f(...)`, Base's f; for a method of
        the class (declared in it or a base), the definition static lookup finds and every
        override in the classes of the tree derived from the loop's class (dynamic
        dispatch); else a free function of the tree. An unqualified `f(...)` the lowering
        found to be a namespace's function (`Node.scopes`) calls that, even where a base
        declares a method f: in a class template, lookup skips a dependent base
        (`SmoothBase<Dtype>`), which only `this->f`, `Base::f` or `using Base::f` reach.
        Where the lowering does not tell, both the methods and the free functions."""
        qualifier = call_qualifier(callee)
        if qualifier in self.program.classes:  # and every specialization of Q or of Q::f
            target = self.program.resolve_method(qualifier, name)
            inherited = self.program.lookup(qualifier, name)  # and what each inherits
            if inherited is None:
                return []
            out: List[FunctionIR] = [target] if target is not None else []
            add_new(out, self.program.functions.get(f"{qualifier}::{name}", []) + inherited)
            return out
        member = callee is not None and callee.kind == "member"
        free = [] if member else _visible(self.program.functions.get(name, []), caller_file)
        if qualifier or namespace_function(callee):  # (`ns::f` is no method)
            return free
        if self._declared_method(name) or \
                self.program.resolve_method(self.cls, name) is not None:
            methods = self.program.dispatch_targets(self.cls, name)
            return [] if methods is None else methods + free  # (free: no cls)
        return free

    def _library(self, callee: Optional[Node], name: str) -> bool:
        """Is a call named like a math library function that function (`library_call`)?"""
        return library_call(self.program, self.cls, callee, name)

    def _library_call(self, frame: _Frame, e: Node, name: str, args: List[Node],
                      guards, depth: int):
        """A math library call: its arguments, then the accesses its table entry lists. A
        call with another number of arguments than any entry (another signature) is an
        unknown call: its arguments are not the ones the table means."""
        for a in args:
            self.expr(frame, a, guards, depth)
        model = mathlib.model(name, len(args))
        if model is None:
            self.eff.unknown_calls.append(
                f"{name} at line {e.line} ({len(args)} arguments: the math table knows "
                f"{len(TABLE[name].params)})")
            return
        if model.rng:
            self.eff.rng_calls.append(f"{name} at line {e.line}")
        for eff in model.effects:  # the model has the call's arity (mathlib.model)
            p = self.eval_ptr(frame, args[eff.index])
            if p is None:
                self.eff.unknown_calls.append(
                    f"{name}: cannot tell what argument {eff.index + 1} points to")
                continue
            mode = eff.mode
            if eff.acc_if is not None and eff.acc_if < len(args):
                beta = _constant(args[eff.acc_if])
                mode = "write" if beta == 0.0 else ("acc" if beta == 1.0 else "update")
            if eff.extent in model.params:
                size = norm_text(args[model.params.index(eff.extent)].text)
                self.record_block(frame, e, p, size, mode, guards, name,
                                  [args[model.params.index(eff.extent)]])
            else:  # M*N of a gemm, gemv's vectors, im2col's columns
                if self._past_sample(frame, model, eff, args, p):
                    p = p.plus(Offset(shifted=True))
                factors = eff.extent.split("*") if eff.extent else []
                if factors and all(x in model.params for x in factors):
                    texts = [norm_text(args[model.params.index(x)].text) for x in factors]
                    size = "*".join(t for t in texts if t not in ("1", "1u")) or "1"
                    self.record_sized(frame, e, p, size, mode, guards, name)
                else:
                    self.record(p, mode, guards, e.line, frame.fn.file, name, eff.extent)

    def _past_sample(self, frame: _Frame, model, eff, args: List[Node], p: Ptr) -> bool:
        """Does a call's block that the table sizes as a product (a gemm's M*N) reach past a
        sample's slice? A gemv's x and y are N or M long as the transpose flag says (both
        when it is not a literal). A length the table does not give (im2col's columns, a
        strided dot's) is taken to stay in the sample, by the layout convention."""
        for extent in [eff.extent] if eff.extent else _vector_lengths(model, eff.index, args):
            if not extent:
                continue
            factors = [args[model.params.index(x)] for x in extent.split("*")
                       if x in model.params]
            if factors and any(self.exceeds(frame, factors, c.offset) or
                               self.block_shift_spills(frame, factors, c.offset) or
                               unit_block(c.offset, extent) for c in p.choices):
                return True
        return False

    def record_block(self, frame: _Frame, e: Node, p: Ptr, size: str, mode: str, guards,
                     via: str, factors: Optional[List[Node]] = None):
        """An access to a block of `size` elements at p: at a stride of that size the
        blocks are apart; 2 * S elements at a stride of S reach the next sample, and so does
        any size past one sample (`exceeds`, given the size's expression)."""
        if factors is None and re.fullmatch(r"[A-Za-z_]\w*", size):  # `len` of a call
            factors = [Node("name", e.start, e.start, e.line, size, name=size)]
        if any(factors and (self.exceeds(frame, factors, c.offset) or len(factors) == 1 and
                            self.reaches_short(frame, factors[0], c.offset) or
                            self.block_shift_spills(frame, factors, c.offset)) or
               unit_block(c.offset, size) for c in p.choices):
            p = p.plus(Offset(shifted=True))
        p = Ptr(choices=[Choice(c.root, _sized(c.offset, size), c.guards, c.exact)
                         for c in p.choices])
        if any(_spills(size, c.offset) for c in p.choices):
            p = p.plus(Offset(shifted=True))
        short = bool(factors) and len(factors) == 1 and bool(degenerate.shorter_than(
            factors[0], lambda v: self._values_of(frame, v), spelled=True))
        self.record_sized(frame, e, p, size, mode, guards, via, short)

    def record_sized(self, frame: _Frame, e: Node, p: Ptr, size: str, mode: str, guards,
                     via: str, short: bool = False):
        """A block of the count `size` as the call spells it, each name in it marked with
        the times it was assigned so far (a `len` reassigned is another count), and whether
        that count may change with the sample."""
        varies = bool(_words(size) & self._varying())
        size += self._version_marks(size)
        self.record(p, mode, guards, e.line, frame.fn.file, via, size, short, True, varies)

    def _object_call(self, frame: _Frame, e: Node, name: str, callee: Node, args: List[Node],
                     guards, depth: int):
        """A method call on an object: Blob shape queries, element reads and buffer
        accessors are known (not on an object of the tree's own classes, whose methods
        only share the names), anything else is an unknown call."""
        if self.own_method(frame, e, callee.children[0], args, guards, depth):
            return
        recv = callee.children[0]
        blob_like = not self._tree_object(frame, recv)
        whole = blob_like and self._blob_object(frame, recv)
        if whole and name not in BLOB_CONTENT_FREE | BLOB_ELEMENTS.keys() | BLOB_BUFFERS.keys():
            self._blob_contents_read(frame, recv, guards, e.line, name)
        elif blob_like and (name in BLOB_SHAPE_METHODS or name in BLOB_ELEMENTS):
            for a in args:
                self.expr(frame, a, guards, depth)
            if name in BLOB_ELEMENTS:
                root = self.blob_root(frame, callee.children[0], BLOB_ELEMENTS[name])
                self.record(Ptr(root, self.offset_of(frame, e)), "read", guards, e.line,
                            frame.fn.file, name)
            return
        if blob_like and name in BLOB_BUFFERS:
            self._accessor(frame, e)
            return
        self.escaped(frame, args, guards, e.line, name)
        self.eff.unknown_calls.append(f"{norm_text(callee.text)} at line {e.line}")

    def _blob_object(self, frame: _Frame, recv: Node) -> bool:
        """Is the object a method is called on a Blob itself (a member or variable declared
        as one, or as a pointer to one), not a container of Blobs?"""
        if recv.kind not in ("member", "name"):
            return False
        declared = self._declared(frame, recv)
        return "Blob" in _words(declared) and not _words(declared) & _CONTAINERS

    def _blob_contents_read(self, frame: _Frame, recv: Node, guards, line: int, name: str):
        """A Blob method that is not a shape query or an accessor (`asum_data`, `sumsq_diff`,
        `ToProto`, `CopyFrom`, `data()`, `Update`) reads the Blob's data and diff, anywhere."""
        for buf in ("data", "diff"):
            self.record(Ptr(self.blob_root(frame, recv, buf), Offset(opaque=True)), "read",
                        guards, line, frame.fn.file, f"{name} (unknown)")

    def _tree_object(self, frame: _Frame, recv: Node) -> bool:
        """Whether the object a method is called on is declared as one of the tree's own
        classes other than a Blob (`layouts_[0]` an element of a container of them): its
        methods are the tree's, whatever their names."""
        declared = self._receiver_type(frame, recv)
        return "Blob" not in declared and \
            any(w in self.program.classes for w in _words(declared))

    def _receiver_type(self, frame: _Frame, recv: Node) -> str:
        """The declared type of a method's object, or of the container it is an element of
        (`top[0]`: `top`'s); '' when neither is a variable or a member."""
        base = _strip(recv)
        while base.kind in ("index", "unop") and base.children and \
                (base.kind == "index" or base.op == "*"):
            base = _strip(base.children[0])
        return self._declared(frame, base) if base.kind in ("name", "member") else ""

    def blob_receiver(self, frame: _Frame, recv: Node) -> bool:
        """Is a method's object declared as a Blob, a pointer to one or an element of a
        container of them (`top[0]`, `blobs_[0]`, `b` declared `Blob<Dtype>*`)?"""
        base = _strip(recv)
        if base.kind == "call" and base.name == "get" and base.children and \
                base.children[0].kind == "member" and base.children[0].children:
            base = base.children[0].children[0]  # `blobs_[0].get()`
        return "Blob" in _words(self._receiver_type(frame, base))

    def _follow(self, frame: _Frame, e: Node, target: FunctionIR, args: List[Node], guards,
                depth: int):
        """Walk a callee's body with its parameters bound to the call's arguments (the
        caller's outer scalars and pointers are not the callee's). A parameter pack binds
        any number of arguments, which the walk does not pair: an unknown call."""
        self.follows += 1
        if self.follows > FOLLOW_BUDGET:
            self.escaped(frame, args, guards, e.line, target.name)
            if self.follows == FOLLOW_BUDGET + 1:
                self.eff.unknown_calls.append(
                    f"{target.key} at line {e.line} (over {FOLLOW_BUDGET} calls followed: the "
                    "calls this loop reaches are too many to walk)")
            return
        if any("..." in p.type for p in target.params):
            self.escaped(frame, args, guards, e.line, target.name)
            self.eff.unknown_calls.append(f"{target.key} at line {e.line} (a parameter pack)")
            return
        bindings, refs = self._bind_params(frame, e, target, args)
        self.eff.helpers.append(target.key)
        sub = _Frame(target, bindings)
        sub.types = self.bind_types(frame, e, target, args)
        self.eff.unknown_calls.extend(self.argument_specials(frame, target, sub.types, args))
        sub.ref_targets = refs
        sub.caller = frame
        self.own_params(sub)
        self.bind_blobs(frame, target, args, sub)
        saved = (self.outer_scalars, self.outer_pointers)
        self.outer_scalars, self.outer_pointers = set(), set()
        self.walk(sub, target.body, guards, depth + 1)
        self._inexact -= sub.inexact_blocks
        self.outer_scalars, self.outer_pointers = saved

    def _bind_params(self, frame: _Frame, e: Node, target: FunctionIR,
                     args: List[Node]) -> Tuple[Dict[str, object], Dict[str, Root]]:
        """The callee's parameters bound to pointers, argument expressions or default
        values, and its non-const reference parameters to what they alias."""
        bindings: Dict[str, object] = {}
        refs: Dict[str, Root] = {}
        defaults = self._defaults(target)
        changed = changed_in(target.body)
        for i, p in enumerate(target.params):
            if i < len(args):
                a = args[i]
                if self.own_expr(frame, a):  # the sample's own object, by value or not
                    bindings[p.name] = Ptr(Root("private", norm_text(a.text), "raw"),
                                           Offset())
                    continue
                if _mutable_param(p) and a.kind == "name":
                    refs[p.name] = self._scalar_root(frame, a.name, a.ref)
                    self._changed_by_callee(frame, a.name)
                    continue
                ptr = self.eval_ptr(frame, a)
                if ptr is not None:
                    bindings[p.name] = ptr
                elif p.name not in changed:  # a value the callee changes is no longer a
                    bindings[p.name] = self._substitute(frame, a)  # (its value unknown)
            elif i < len(defaults) and defaults[i]:
                bindings[p.name] = Node("lit", 0, 0, e.line, defaults[i])
                if effectful(defaults[i]):  # `int id = Tick()`: runs at this call
                    self.eff.unknown_calls.append(f"the default argument {p.name} = "
                                                  f"{defaults[i]} at line {e.line}")
        return bindings, refs

    def _changed_by_callee(self, frame: _Frame, name: str):
        """A variable of the iteration handed to a callee's writable reference: its value
        is no longer the one it was given, and a pointer is placed nowhere."""
        if name not in frame.inside:
            return
        self.eff.written_names.add(name)
        if name in frame.ptrs:
            frame.ptrs[name] = frame.ptrs[name].plus(Offset(opaque=True))

    @staticmethod
    def _param_type(frame: _Frame, name: str) -> str:
        for p in frame.fn.params:
            if p.name == name:
                return p.type
        return ""

    def _defaults(self, fn: FunctionIR) -> List[str]:
        """The default arguments of a method's declaration in its class, else those the
        function's own definition spells (a free function's `int off = -1`)."""
        for c in self.program.ancestry(fn.cls or self.cls):
            ci = self.program.classes.get(c)
            if ci and fn.name in ci.defaults:
                return ci.defaults[fn.name]
        return [p.default for p in fn.params]

    def _substitute(self, frame: _Frame, a: Node) -> Node:
        """A callee parameter bound to a caller's name that is itself bound: pass it on."""
        if a.kind == "name" and isinstance(frame.bindings.get(a.name), Node):
            return frame.bindings[a.name]
        if a.kind == "name" and a.name in frame.values:
            return frame.values[a.name]
        return a

    def _own_method_call(self, n: Node) -> bool:
        """A call of a method of the loop's class hierarchy (`this->f(...)` or `f(...)`)."""
        callee = n.children[0]
        explicit = callee.kind == "member" and callee.children and \
            callee.children[0].kind == "this"
        return bool(explicit or (callee.kind in ("name", "member") and not callee.children and
                                 self._declared_method(n.name)))

    def _declared_method(self, name: str) -> bool:
        """Is `name` declared as a method of the loop's class or one of its bases?"""
        return any(name in self.program.classes[c].methods
                   for c in self.program.ancestry(self.cls) if c in self.program.classes)

    def _user_object(self, name: str) -> bool:
        """Is `name` a variable of a class type of the tree (its operators are calls)?"""
        return bool(self._tree_class(self._decl_types.get(name, "")))

    def _tree_class(self, type_text: str) -> str:
        """The class of the tree a variable of this type holds by value (not a pointer or a
        reference; not a Blob, whose effects are modeled), '' when none."""
        t = type_text.strip()
        if not t or t.endswith(("*", "&")):
            return ""
        cls = last_identifier(t)
        return cls if cls != "Blob" and cls in self.program.classes else ""


def library_call(program, cls: str, callee: Optional[Node], name: str) -> bool:
    """Is a call named like a math library function that function: not a method (called on
    an object, or unqualified where the class or a base declares a method of that name and
    the lowering did not find the name at namespace scope only), and
    every declaration C++ lookup found for the name (`Node.scopes`) declared in namespace
    caffe (the C library's `rand`: the global namespace or std)? `caffe_scal(...)` in a
    layer of namespace caffe::prof finds prof::caffe_scal, and after `using
    prof::caffe_scal;` so does any layer: the tree's own, followed as such. Where libclang
    resolved nothing, the spelling decides: unqualified or qualified by caffe or std."""
    if callee is not None and callee.kind == "member":
        return False
    text = norm_text(callee.text) if callee is not None else ""
    scope = re.sub(r"<[^<>]*>", "", text).rpartition("::")[0].lstrip(":")
    if scope == "" and cls and not namespace_function(callee) and \
            program.resolve_method(cls, name) is not None:
        return False  # the class's own `caffe_axpy`, which the unqualified name finds first
    if callee is not None and callee.scopes:
        home = ("::", "std") if name in C_LIBRARY else (LIBRARY_SCOPE,)
        return all(s in home for s in callee.scopes.split())
    return scope in ("", "caffe", "std")


def _visible(defs: List[FunctionIR], caller_file: str) -> List[FunctionIR]:
    """The definitions of a free function a call may run: every overload and specialization
    in the caller's own file and in headers (one of which overload resolution may prefer:
    `Bump(double)` in a header over the file's `Bump(float)`), and every one another source
    file defines with external linkage: `template <> float Squash<float>(float)` or `float
    Clamp(float)` declared in a header and defined in another .cpp is what the float
    instantiation calls. Another source file's `static` helper, one in an anonymous
    namespace, or an inline one (a unit that calls an inline function defines it itself) is
    another function. With none of those, any in the tree."""
    found = [f for f in defs if f.file == caller_file or f.linkage == "" or
             not f.file.endswith((".cpp", ".cc", ".cxx", ".cu"))]
    return found or list(defs)


def _constant(n: Node) -> Optional[float]:
    """The value of a literal argument (`Dtype(0)`, `(Dtype)1.`, `0.f`), None if not one."""
    t = re.sub(r"\(\s*Dtype\s*\)|static_cast<\w+>|Dtype|[()\s]", "", n.text)
    try:
        return float(t.rstrip("fF"))
    except ValueError:
        return None


def _vector_lengths(model, index: int, args: List[Node]) -> List[str]:
    """The lengths a gemv's x or y may have (x: N, y: M; swapped under CblasTrans; both when
    the flag is no literal); [''] (unknown) for any other unsized argument."""
    if model.blas != "gemv" or model.params[index] not in ("x", "y"):
        return [""]
    flag = norm_text(args[0].text) if args else ""
    lengths = {"x": ("N", "M"), "y": ("M", "N")}[model.params[index]]
    if flag == "CblasNoTrans":
        return [lengths[0]]
    return [lengths[1]] if flag == "CblasTrans" else list(lengths)

