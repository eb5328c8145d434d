"""Pointer provenance: what a pointer-valued expression, a reference or a `Blob*` points
to (a root: an io blob's data or diff, a parameter blob, a member, a local, a scalar), and
the Blob buffer accessors (`cpu_data()`, `mutable_cpu_diff()`, ...) met on the way.
"""
from __future__ import annotations

import re
from typing import List, Optional, Set

from ..ir import FunctionIR, Node
from .effects_model import SHARED_REFS, AccessorUse, Choice, Offset, Ptr, Root, _Frame
from .effects_syntax import _strip, _thread_name
from .mathlib import BLOB_BUFFERS
from .shapes import norm_text


class PointerMixin:
    """The pointer evaluation of `EffectWalker` (its state is set in effects.py)."""

    def _ref_target(self, frame: _Frame, init: Node) -> Optional[Ptr]:
        """What a reference declared with initializer `init` aliases (None: a variable of
        the iteration's own, so the reference is one too)."""
        base = _strip(init)
        if base.kind == "name":
            if base.name in frame.inside:
                return None
            if base.name in frame.ref_locals:
                return frame.ref_locals[base.name]
            root = self._scalar_root(frame, base.name, base.ref)
            if root.kind in ("private",):
                return None
            return Ptr(root, Offset())
        if base.kind in ("index",) and len(base.children) == 2:
            p = self.eval_ptr(frame, base.children[0])
            if p is not None:
                return self.at_index(frame, p, base.children[1])
        if base.kind == "unop" and base.op == "*" and base.children:
            p = self.eval_ptr(frame, base.children[0])
            if p is not None:
                return p
        return Ptr(Root("unknown", norm_text(init.text), "raw"), Offset())

    def blob_root(self, frame: _Frame, recv: Node, buf: str) -> Root:
        """The root of `recv->cpu_data()`-like calls."""
        base = recv
        while base.kind == "cast" and base.children:
            base = base.children[0]
        text = norm_text(base.text)
        if base.kind == "index" and base.children:
            root = self._indexed_blob_root(frame, base, text, buf)
            if root is not None:
                return root
        if base.kind == "member" and base.children and base.children[0].kind != "this":
            # `self_->scratch_`, `(*this).scratch_`, `st_.buf`: a Blob of another object,
            # or this one's reached so that no rewrite can tell: any Blob
            return Root("unknown", text, buf)
        if base.kind == "member" or (base.kind == "name" and base.ref == "field"):
            if self.program.member_points(self.cls, base.name):
                return Root("unknown", base.name, buf)  # a Blob* member: it may be a top
            return Root("member", base.name, buf)
        if base.kind == "name":
            return self._named_blob_root(frame, base, buf)
        if base.kind == "call" and base.name == "get" and base.children and \
                base.children[0].children:
            return self.blob_root(frame, base.children[0].children[0], buf)
        return Root("unknown", text, buf)

    def _indexed_blob_root(self, frame: _Frame, base: Node, text: str,
                           buf: str) -> Optional[Root]:
        """The root of `v[i]`: an io blob, a parameter blob or a member's; None otherwise."""
        vec = base.children[0]
        vec_name = vec.name if vec.kind in ("name", "member") else norm_text(vec.text)
        if vec.kind == "name" and vec.name in frame.vector_refs:  # `grads = top`: grads[0]
            io = frame.vector_refs[vec.name]  # '' for a vector of any Blobs
            return Root("io", norm_text(f"{io}[{base.children[1].text}]"), buf) if io else \
                Root("unknown", text, buf)
        if vec.kind == "name" and vec.ref == "param" and vec_name in ("bottom", "top") or \
                self._is_blob_vector_param(frame, vec):
            return Root("io", text, buf)
        if vec_name == "blobs_" and vec.kind in ("member", "name"):
            return Root("param", text, buf)
        if vec.kind == "member" or vec.ref == "field":
            if any("*" in t and "shared_ptr" not in t
                   for t in self.program.field_types(self.cls, vec_name)):
                # a member's Blob pointers (`vec_ = top`, `push_back(&prob_)`): any Blob,
                # an input or output among them
                return Root("alias", text, buf)
            return Root("member", text, buf)
        return None

    def _named_blob_root(self, frame: _Frame, base: Node, buf: str) -> Root:
        """The root of a Blob named by a variable (not a member)."""
        if base.ref in SHARED_REFS + ("thread",):
            return Root("global", base.name, buf)
        if base.name in frame.blob_vars:
            target = frame.blob_vars[base.name]
            return Root(target.kind, target.name, buf)
        bound = frame.bindings.get(base.name)
        if isinstance(bound, Root):
            return Root(bound.kind, bound.name, buf)
        own = [p.type for p in frame.fn.params if p.name == base.name] \
            if base.ref == "param" else []  # this frame's, not a namesake's of another frame
        declared = own[0] if own else self._decl_types.get(base.name, "")
        if not _blob_value(declared):  # a Blob pointer or reference not followed: any Blob
            return Root("unknown", base.name, buf)
        if base.name in frame.inside:
            # a Blob constructed in the iteration: memory of its own, the sample's (a method
            # that could share outer memory, ShareData or set_cpu_data, is an unknown call)
            return Root("private", base.name, buf)
        return Root("local", base.name, buf)

    def _blob_pointee(self, frame: _Frame, init: Node) -> Root:
        """The Blob a `Blob<Dtype>* b = init` points to: `top[1]`, `blobs_[0].get()`,
        `&member_` name it; anything else may be any Blob."""
        base = _strip(init)
        if base.kind == "unop" and base.op == "&" and base.children:
            return self.blob_root(frame, base.children[0], "raw")
        if base.kind == "unop" and base.op == "*" and base.children:  # `Blob& b = *top[0]`
            return self._blob_pointee(frame, base.children[0])
        if base.kind in ("index",) or (base.kind == "call" and base.name == "get"):
            return self.blob_root(frame, base, "raw")
        if base.kind == "name" and base.name in frame.blob_vars:
            return frame.blob_vars[base.name]
        return Root("unknown", norm_text(init.text), "raw")

    def blob_pointer(self, frame: _Frame, decl: Node, init: Node) -> Root:
        """The Blob a `Blob<Dtype>* b = init` points to; any Blob when the function assigns
        b again or takes its address (only the initializer is followed). `c ? A : B` of two
        known Blobs is either one for the buffers read through b (frame.blob_choices)."""
        frame.blob_choices.pop(decl.name, None)
        if decl.name in self._reseated(frame.fn):
            return Root("unknown", decl.name, "raw")
        base = _strip(init)
        if base.kind == "cond" and len(base.children) == 3:
            arms = [self._blob_pointee(frame, arm) for arm in base.children[1:]]
            if all(r.kind in ("io", "param", "member") for r in arms):
                frame.blob_choices[decl.name] = arms
        return self._blob_pointee(frame, init)

    def blob_binding(self, frame: _Frame, decl: Node, init: Node) -> bool:
        """A reference to a Blob (`const Blob<Dtype>& b = *bottom[0]`: the Blob it names) or
        a const reference to an input/output vector (`const vector<Blob<Dtype>*>& grads =
        top`: grads[i] is top[i]); True when decl is one of them."""
        t = decl.type.strip()
        if not t.endswith("&") or t.endswith("&&"):
            return False
        if _blob_value(t.rstrip("&").strip()):
            frame.blob_choices.pop(decl.name, None)
            frame.blob_vars[decl.name] = self._blob_referred(frame, init)
            return True
        if not ("vector" in t and "Blob" in t and t.startswith("const")):
            return False
        io = self._io_vector(frame, init)
        if not io:
            return False
        frame.vector_refs[decl.name] = io
        return True

    def _io_vector(self, frame: _Frame, e: Node) -> str:
        """The input/output vector (`bottom`, `top`, as the walked function's own
        parameters name it) that e names; '' for any other vector."""
        base = _strip(e)
        if base.kind != "name":
            return ""
        if base.name in frame.vector_refs:
            return frame.vector_refs[base.name]
        if base.ref == "param" and (base.name in ("bottom", "top") or
                                    self._is_blob_vector_param(frame, base)):
            return base.name
        return ""

    def bind_blobs(self, frame: _Frame, target: FunctionIR, args: List[Node],
                   sub: _Frame) -> None:
        """A callee's Blob pointer, Blob reference and Blob vector parameters bound to what
        the call passes: the Blob it names (any Blob when the callee assigns the parameter
        again), the caller's input/output vector through a const reference ('' for any
        other vector, or one passed by value or writable reference: any Blobs)."""
        changed = self._reseated(target)
        for p, a in zip(target.params, args):
            if "vector" in p.type and "Blob" in p.type:  # a copy or a writable reference
                # may be reordered (`std::swap(v[0], v[1])`): its slots name no io slot
                const_ref = p.type.strip().startswith("const") and p.type.strip().endswith("&")
                sub.vector_refs[p.name] = self._io_vector(frame, a) if const_ref else ""
            elif "Blob" in p.type and ("*" in p.type or "&" in p.type):
                sub.blob_vars[p.name] = Root("unknown", p.name, "raw") if p.name in changed \
                    else self._blob_pointee(frame, a) if "*" in p.type \
                    else self._blob_referred(frame, a)

    def _reseated(self, fn: FunctionIR) -> Set[str]:
        """The names fn assigns, steps, lets another name change (`&b`, `T*& r = b`) or
        passes to a call that may take them by reference: a callee of the tree whose
        parameter is a non-const reference, or one the walk does not know (once per class
        and function)."""
        key = ("reseated", self.cls, fn.file, fn.start)
        if key not in self.program.memo:
            self.program.memo[key] = self.names_changed(fn.body, fn.file, unknown=True)
        return self.program.memo[key]

    def _blob_referred(self, frame: _Frame, e: Node) -> Root:
        """The Blob a Blob reference is bound to: `*top[0]`, `*b`, `member_`, `blob`."""
        base = _strip(e)
        if base.kind == "unop" and base.op == "*" and base.children:
            return self._blob_pointee(frame, base.children[0])
        return self.blob_root(frame, e, "raw")

    def _picked_blob(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """A buffer read through a Blob pointer set to one of two known Blobs (`scale =
        c ? bottom[1] : blobs_[0].get()`, frame.blob_choices): either one (conditions not
        kept: the condition was evaluated where the pointer was set)."""
        if e.name not in BLOB_BUFFERS or BLOB_BUFFERS[e.name][1] != "read" or \
                not e.children or e.children[0].kind != "member" or not e.children[0].children:
            return None
        recv = _strip(e.children[0].children[0])
        arms = frame.blob_choices.get(recv.name) if recv.kind == "name" else None
        if not arms:
            return None
        self._accessor(frame, e)
        buf = BLOB_BUFFERS[e.name][0]
        return Ptr(choices=[Choice(Root(r.kind, r.name, buf), Offset(), frozenset(), False)
                            for r in arms])

    def _is_blob_vector_param(self, frame: _Frame, vec: Node) -> bool:
        if vec.kind != "name" or vec.ref != "param":
            return False
        for p in frame.fn.params:
            if p.name == vec.name and "vector" in p.type and "Blob" in p.type:
                return True
        return False

    def eval_ptr(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """The root and offset of a pointer-valued expression, or None if not a pointer."""
        case = _POINTER_CASES.get(e.kind)
        return getattr(self, case)(frame, e) if case is not None else None

    def _ptr_element(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """`rows[r]` indexed again (`rows[r][d]`): an element of the sample's own
        container is in it; any other element is no pointer known here."""
        return self.own_pointer(frame, e)

    def _ptr_cast(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """A cast: what it casts (a reinterpret_cast's offsets are in other units: the
        same memory, at an offset no sample owns)."""
        if e.children and e.text.lstrip().startswith("reinterpret_cast"):
            inner = self.eval_ptr(frame, e.children[0])  # offsets counted in other units
            return None if inner is None else inner.plus(Offset(opaque=True))
        if e.children:
            return self.eval_ptr(frame, e.children[0])
        return None

    def _ptr_name(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """A pointer variable, a bound pointer parameter, shared state, or a parameter."""
        if e.name in frame.ptrs:
            p = frame.ptrs[e.name]
            if e.name in self._induction_vars:
                return p.plus(Offset(sample=True, strides=["induction:" + e.name],
                                     short_of=self._induction_short.get(e.name, [])))
            return p
        b = frame.bindings.get(e.name)
        if isinstance(b, Ptr):
            return b
        if self.own_object(frame, e.name):  # a container or iterator of the sample's own
            return Ptr(Root("private", e.name, "raw"), Offset())
        if e.ref in SHARED_REFS + ("thread",) and ("*" in e.type or "[" in e.type):
            return Ptr(self._scalar_root(frame, e.name, e.ref), Offset())
        if any(p.name == e.name and _pointer_type(p.type) for p in frame.fn.params):
            return Ptr(Root("unknown", e.name, "raw"), Offset())
        return None

    def _ptr_call(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """A Blob buffer accessor (`b->cpu_data()`), a position in the sample's own
        object (`v.data()`, `v.begin()`, `it->`); None for any other call."""
        own = self.own_pointer(frame, e)
        if own is not None:
            return own
        chosen = self._chosen_blob(frame, e) or self._picked_blob(frame, e)
        if chosen is not None:
            return chosen
        value = self._resolved(frame, e) if self._inlined < 4 else e  # `return p + 1;`
        if value is not e:  # (calls in what it returns read again, four deep at most)
            self._inlined += 1
            try:
                return self.eval_ptr(frame, value)
            finally:
                self._inlined -= 1
        if e.name in BLOB_BUFFERS and e.children and \
                e.children[0].kind == "member" and e.children[0].children:
            self._accessor(frame, e)
            root = self.blob_root(frame, e.children[0].children[0], BLOB_BUFFERS[e.name][0])
            if re.search(rf"\b{e.name}\s*<", e.text):  # `x.template cpu_data<T>()`
                self.eff.typed_buffers.append(root.name)
            return Ptr(root, Offset())
        return None

    def _chosen_blob(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """`(c ? A : B)->mutable_cpu_diff()` with A and B both known Blobs: either buffer,
        under the condition or its negation; None for any other call."""
        if e.name not in BLOB_BUFFERS or not e.children or e.children[0].kind != "member" \
                or not e.children[0].children:
            return None
        recv = _strip(e.children[0].children[0])
        if recv.kind != "cond" or len(recv.children) != 3:
            return None
        buf = BLOB_BUFFERS[e.name][0]
        roots = [self.blob_root(frame, b, buf) for b in recv.children[1:]]
        if any(r.kind not in ("io", "param", "member") for r in roots):
            return None
        atom = self.guard_atom(frame, recv.children[0])
        return Ptr(choices=[Choice(r, Offset(), frozenset({(atom[0], atom[1] == pos)}))
                            for r, pos in zip(roots, (True, False))])

    def chosen_choice(self, frame: _Frame, e: Node) -> Optional[List[str]]:
        """A pointer's initializer that chooses between two known Blobs' buffers:
        `(c ? A : B)->mutable_cpu_diff()` or `c ? A->mutable_cpu_diff() :
        B->mutable_cpu_diff()`. Returns the condition and each Blob as written with the
        operator that reaches its members (`bottom[1]->`, `blob_.`); None otherwise."""
        e = _strip(e)
        if self._chosen_blob(frame, e) is not None:
            c, a, b = _strip(e.children[0].children[0]).children
            return [c.text.strip(), f"({a.text.strip()})->", f"({b.text.strip()})->"]
        if e.kind != "cond" or len(e.children) != 3:
            return None
        calls = [_strip(x) for x in e.children[1:]]
        if any(x.kind != "call" or x.name not in BLOB_BUFFERS or not x.children or
               x.children[0].kind != "member" or not x.children[0].children for x in calls) \
                or calls[0].name != calls[1].name:
            return None
        buf = BLOB_BUFFERS[calls[0].name][0]
        recvs = [x.children[0].children[0] for x in calls]
        if any(self.blob_root(frame, r, buf).kind not in ("io", "param", "member")
               for r in recvs):
            return None
        reach = [x.children[0].text.strip()[:-len(x.name)] for x in calls]
        if not all(r.endswith(("->", ".")) for r in reach):
            return None
        return [e.children[0].text.strip()] + reach

    def _ptr_binop(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """`p + i`, `i + p`, `p - i`: the pointer moved by the offset; `p + i` is `&p[i]`,
        its index checked as `p[i]`'s (`*(row + k)` for k <= dim reaches the next sample)."""
        if e.op not in ("+", "-") or len(e.children) != 2:
            return None
        a, b = e.children
        pa = self.eval_ptr(frame, a)
        if pa is not None and e.op == "+":
            return self.at_index(frame, pa, b)
        if pa is not None:
            off = self.offset_of(frame, b)
            if norm_text(b.text) not in ("0", "0u"):  # `top + n * dim - 1`:
                off = off.merged(Offset(shifted=True))  # the sample before, or anywhere
            return pa.plus(off)
        pb = self.eval_ptr(frame, b) if e.op == "+" else None
        if pb is not None:
            return self.at_index(frame, pb, a)
        return None

    def _ptr_unop(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """`&x`, `&p[i]`: the address of a variable or an element."""
        if e.op != "&" or not e.children:
            return None
        inner = e.children[0]
        if inner.kind == "name":
            return Ptr(self._scalar_root(frame, inner.name, inner.ref), Offset())
        if inner.kind == "index" and len(inner.children) == 2:
            p = self.eval_ptr(frame, inner.children[0])
            if p is not None:
                return self.at_index(frame, p, inner.children[1])
        return None

    def _ptr_cond(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """`c ? p : q`: either pointer, under the condition or its negation."""
        if len(e.children) != 3:
            return None
        a, b = self.eval_ptr(frame, e.children[1]), self.eval_ptr(frame, e.children[2])
        if a is None and b is None:
            return None
        atom = self.guard_atom(frame, e.children[0])
        out = []
        for p, pos in ((a, True), (b, False)):
            if p is None:  # nullptr or a value we cannot follow
                if e.children[1 if pos else 2].text.strip() in ("nullptr", "NULL", "0"):
                    continue
                p = Ptr(Root("unknown", norm_text(e.text), "raw"), Offset())
            out += [Choice(c.root, c.offset, c.guards | {(atom[0], atom[1] == pos)},
                           c.exact) for c in p.choices]
        return Ptr(choices=out) if out else None

    def _accessor(self, frame: _Frame, e: Node):
        """Records a Blob accessor call met while walking the loop body (or its helpers)."""
        if self._top_fn is None:
            return
        recv = e.children[0].children[0]
        names = {n.name for n in recv.walk() if n.kind == "name"}
        changing = set(frame.inside) | {self.loop_var} | {v for v, _ in self.inner_vars} | \
            self.eff.written_names
        helper = frame.fn is not self._top_fn
        root = self.blob_root(frame, recv, BLOB_BUFFERS[e.name][0])
        members_only = all(n.ref == "field" for n in recv.walk() if n.kind == "name")
        # a Blob declared inside the iteration (in the body, or in a helper's body): private;
        # a helper's parameter that is not bound to a known Blob is not
        own = root.kind in ("local", "private") and root.name in frame.inside
        base = recv
        while base.kind in ("cast", "paren") and base.children:
            base = base.children[0]
        vector = index = ""
        if base.kind == "index" and len(base.children) == 2:
            vector, index = base.children[0].text.strip(), base.children[1].text.strip()
        self.eff.accessors.append(AccessorUse(
            text=e.text.strip(), method=e.name, receiver=recv.text.strip(),
            root_kind=root.kind, root_name=root.name, file=frame.fn.file, start=e.start,
            end=e.end, line=e.line, helper=helper, invariant=not (names & changing) and
            not helper, indexed=any(n.kind == "index" for n in recv.walk()),
            members_only=members_only, own=own, guarded=bool(self._guards_now),
            # only a helper's accessors on members are planned from these two
            reachable=not (helper and root.kind == "member") or
            self.program.field_reachable(self.cls, root.name),
            prepared=helper and root.kind == "member" and self.program.prepared_member(
                self.cls, root.name, root.buf),
            vector=vector, index=index))

    def _scalar_root(self, frame: _Frame, name: str, ref: str = "") -> Root:
        """The root of a plain variable whose address or reference is passed on: private
        when declared inside the iteration, global when it is shared state, else shared (a
        thread_local too: what one sample leaves in it, the thread's next sample finds)."""
        if ref in SHARED_REFS:
            return Root("global", name, "raw")
        if ref == "thread":
            return Root("scalar", _thread_name(name), "raw")
        if name in frame.inside:
            return Root("private", name, "raw")
        target = frame.ref_targets.get(name)
        if target is not None:
            return target
        if name in self.outer_scalars:
            return Root("scalar", name, "raw")
        return Root("unknown", name, "raw")


# eval_ptr's cases by node kind: any other node is not a pointer
_POINTER_CASES = {"cast": "_ptr_cast", "name": "_ptr_name", "call": "_ptr_call",
                  "binop": "_ptr_binop", "unop": "_ptr_unop", "cond": "_ptr_cond",
                  "index": "_ptr_element"}


def _blob_value(type_text: str) -> bool:
    """A Blob object itself (`Blob<Dtype>`), not a pointer or reference to one."""
    t = type_text.strip()
    return "*" not in t and "&" not in t and bool(re.match(r"(const\s+)?(caffe::)?Blob\s*<", t))


def _pointer_type(type_text: str) -> bool:
    """A pointer or array type, or a reference to one (`const Dtype*&`); not a container of
    pointers (`const vector<Blob<Dtype>*>&`, whose elements are the container's)."""
    t = re.sub(r"\bconst\s*$", "", type_text.replace("&", " ").strip()).strip()
    return t.endswith("*") or t.endswith("]")
