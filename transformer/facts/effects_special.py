"""Special members: the constructors and destructors of the tree's classes that a variable,
a temporary or a parameter runs where it is made and where it ends, which the walk does not
follow (unknown calls).

A class's special members are the ones it writes, its default member initializers, and
those of its bases and of the members it holds by value, recursively (a class that writes
none has the compiler's, which run all of those). A type holds the tree classes it names by
value, and those its template arguments name by value (`std::vector<Tick>`, a `Holder<Tick>`
whose `T t` member is one): not through a pointer or a reference, not a Blob (its effects
are modeled).

A template's type parameter (`Guard g;`, `typedef T Scope; Scope s;`, `std::vector<T>`, a
parameter `Tag tag`) is what the walk bound it to at the call it followed (`bind_types`):
the explicit template argument (`Run<Tick>(...)`, `Runner<Dtype, Tick>::Run`), the type of
the argument it is deduced from, its default; a layer's own class parameters (Caffe's
Dtype, which INSTANTIATE_CLASS makes float and double) are arithmetic, or their default.
Where none of those tells, it may be any class: an unknown call. A class template's
parameter in a method of a base of the loop's class is the argument its derived class gives
it (`class L : public Guarded<Dtype, Tick>`: Guard is Tick), read in that class's scope up
to the loop's class (`ClassIR.base_args`). A type nested in a template parameter or in a
tree class template's specialization (`typename T::inner`, `Holder<T>::inner`) is a member
typedef the walk does not read: any class. A `decltype(x)` is x's declared type (a local's,
a parameter's, a member's: every one the name may be); of any other operand, any class.
An `auto` a template leaves undeduced copies what initializes it (`auto g = proto;`).
"""
from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Dict, Iterable, List, Optional, Set, Tuple

from ..ir import ClassIR, FunctionIR, Node
from ..lower import last_identifier, template_args
from .effects_model import _Frame
from .effects_syntax import _strip, effectful
from .mathlib import PURE_FUNCTIONS, TABLE

UNKNOWN = "a template argument the walk cannot tell (it may be a class of the tree)"
NESTED = "a member type of a template parameter or of a class template the walk does not read"
DECLTYPE = "a decltype type the walk cannot tell (it may be a class of the tree)"
_PARAM = re.compile(r"\btype-parameter-(\d+-\d+)\b")
_QUALIFIERS = re.compile(r"^(?:(?:const|volatile|struct|class|typename|enum)\s+)+|"
                         r"\s+(?:const|volatile)$")
Types = Optional[Dict[str, str]]  # a frame's `D-I` -> special members ('' none); None: the top


def _segments(text: str) -> List[Tuple[str, List[str]]]:
    """`Q<A>::template f<B>` -> [('Q', ['A']), ('f', ['B'])]: each `::` part's name and
    template arguments."""
    out, depth, start = [], 0, 0
    text = text.replace("->", ".") + "::"
    for i, ch in enumerate(text):
        depth += ch == "<"
        depth -= ch == ">"
        if depth == 0 and text[i:i + 2] == "::" and i >= start:
            part = text[start:i]
            if part.strip():
                name, args = template_args(part)
                out.append((last_identifier(name), args))
            start = i + 2
    return out


def _decltypes(t: str) -> List[str]:
    """The operand of each `decltype(...)` in a type's text."""
    out = []
    for m in re.finditer(r"\bdecltype\s*\(", t):
        depth, i = 1, m.end()
        while i < len(t) and depth:
            depth += {"(": 1, ")": -1}.get(t[i], 0)
            i += 1
        out.append(t[m.end():i - 1].strip())
    return out


def _scope(info: ClassIR) -> SimpleNamespace:
    """A class's template parameters as a scope `_held` and `_binding` read (like a
    method's: its own are class parameters there)."""
    return SimpleNamespace(cls=info.name, params=[], tparams=[
        replace(p, category="class") for p in info.tparams])


def _joined(found: Iterable[str]) -> str:
    """Special members found in several places, as one reason ('' when none)."""
    return " and ".join(sorted(set(f for f in found if f)))


class SpecialMixin:
    """The special-member handling of `EffectWalker`."""

    def _special_members(self, type_text: str, frame: Optional[_Frame] = None) -> str:
        """The special members a variable of this type runs, or a temporary of it ('' when
        none); its template parameters as `frame`'s function binds them."""
        if frame is None:
            return self._held_specials(type_text, None, {})
        return self._held_specials(type_text, frame.fn, frame.types)

    def declared_specials(self, frame: _Frame, decl: Node) -> str:
        """The special members a declaration runs: its type's; for an `auto` a template
        leaves undeduced, those of the copy its initializer makes of a variable, a member or
        an element (`auto g = proto;`)."""
        t = _QUALIFIERS.sub("", (decl.canon or decl.type).strip()).strip()
        init = _strip(decl.children[0]) if decl.children else None
        if t in ("auto", "decltype(auto)") and init is not None and \
                (init.kind in ("name", "member", "index") or
                 init.kind == "unop" and init.op == "*"):
            return self._expr_specials(frame, init)
        return self._special_members(decl.canon or decl.type, frame)

    def note_specials(self, frame: _Frame, e: Node) -> None:
        """A construction or functional cast of e's type: its special members, if any run
        code, are an unknown call there."""
        special = self._special_members(e.type or "", frame)
        if special:
            self.eff.unknown_calls.append(f"{special} at line {e.line}")

    def _held_specials(self, text: str, fn: Optional[FunctionIR], types: Types,
                       deref: bool = False) -> str:
        """The special members of what `text` holds by value (with `deref`, also what it
        points or refers to: the type a template argument is deduced as)."""
        found: Set[str] = set()
        for kind, name in self._held(text, fn, deref):
            if kind == "class":
                found |= self._class_specials(name, set())
            elif kind == "param":
                found.add(self._binding(fn, types, name))
            elif kind == "decltype":
                found.add(self._operand_specials(name, fn, types))
            else:
                found.add(f"{NESTED} ({name})")
        return _joined(found)

    def _held(self, text: str, fn: Optional[FunctionIR], deref: bool) -> List[Tuple[str, str]]:
        """('class', name) for each class of the tree `text` holds by value, ('param', D-I)
        for each template type parameter, ('decltype', its operand) for each decltype type,
        ('nested', text) for a dependent nested type (`typename T::inner`)."""
        t = re.sub(r"\[[^\]]*\]", "", text).strip()
        while _QUALIFIERS.search(t):
            t = _QUALIFIERS.sub("", t).strip()
        if deref:
            t = t.rstrip("*& ")
            t = _QUALIFIERS.sub("", t).strip()
        if not t or t.endswith(("*", "&")):
            return []
        operands = [o for o in _decltypes(t) if o != "auto"]  # (as `auto`: its initializer)
        if operands or "(" in t:
            return [("decltype", o) for o in operands]
        names = {p.name: p.type for p in fn.tparams if p.type} if fn is not None else {}
        if self._nested(t, names):
            return [("nested", t)]
        params = _PARAM.findall(t)
        if params and _PARAM.sub("", t).strip(" :") == "":
            return [("param", params[0])]
        head, args = template_args(t)
        out: List[Tuple[str, str]] = []
        qualifiers = re.findall(r"[A-Za-z_]\w*", head)
        out += [("param", names[q]) for q in qualifiers if q in names]  # T
        out += [("param", p) for p in _PARAM.findall(head)]
        name = last_identifier(head)
        if name != "Blob" and name in self.program.classes and name not in names:
            out.append(("class", name))
        for a in args:
            out += self._held(a, fn, False)
        return out

    def _nested(self, t: str, names: Dict[str, str]) -> bool:
        """Is t a type nested in a template parameter (`T::inner`) or in a specialization of
        a class template of the tree (`Holder<T>::inner`): a member typedef the walk does
        not read, which may name any class?"""
        if re.search(r"\btype-parameter-\d+-\d+\s*::", t) or \
                any(re.search(rf"(?<![\w:]){re.escape(n)}\s*::", t) for n in names):
            return True
        return any(args and name in self.program.classes for name, args in _segments(t)[:-1])

    def _class_specials(self, cls: str, seen: Set[str]) -> Set[str]:
        """A class's constructors and destructors the tree defines, its effectful default
        member initializers, and those of its bases and by-value members, recursively (a
        member of a nested or decltype type: any class)."""
        if cls in seen:
            return set()
        seen.add(cls)
        found = {k for k in self.program.functions
                 if k.startswith(f"{cls}::") and
                 last_identifier(k[len(cls) + 2:].split("<")[0].lstrip("~")) == cls}
        info = self.program.classes.get(cls)
        for f in getattr(info, "fields", []):
            if effectful(f.init):  # default member initializers run in every constructor
                found.add(f"{cls}::{f.name} = {f.init}")
            for kind, name in self._held(f.type, _scope(info), False):
                if kind == "class":
                    found |= self._class_specials(name, seen)
                elif kind != "param":  # (a parameter: what the user's arguments name)
                    found.add(f"{NESTED if kind == 'nested' else DECLTYPE} "
                              f"({cls}::{f.name})")
        for base in self.program.bases(cls):
            found |= self._class_specials(base, seen)
        return found

    def _binding(self, fn, types: Types, ident: str) -> str:
        """What a template type parameter's objects run: as the call bound it; in the walk's
        own function (types None), a class parameter is what the loop's class's hierarchy
        gives it (`_inherited`), else Dtype (arithmetic) or its default."""
        if types is not None:
            return types.get(ident, UNKNOWN)
        p = next((p for p in fn.tparams if p.type == ident), None) if fn else None
        if p is None or p.category != "class":
            return UNKNOWN
        inherited = self._inherited(fn.cls, ident)
        if inherited is not None:
            return inherited
        return self._held_specials(p.default, fn, None) if p.default else ""

    def _inherited(self, cls: str, ident: str) -> Optional[str]:
        """Class template cls's type parameter ident as the loop's class's hierarchy
        instantiates cls, one of its bases: the argument the class deriving from it gives
        (`: public Guarded<Dtype, Tick>`), read in that class's scope, else the parameter's
        default; None where cls is the loop's class or none of its bases. A partial
        specialization's parameters are not the arguments': any class."""
        chain = self.program.ancestry(self.cls)
        if cls == self.cls or cls not in chain or cls not in self.program.classes:
            return None
        child = next(c for c in chain if cls in self.program.bases(c))
        args = self.program.classes[child].base_args.get(cls, [])
        found = set()
        for v in self.program.variants.get(cls) or [self.program.classes[cls]]:
            own = [p for p in v.tparams if p.category == "own"]
            i = next((i for i, p in enumerate(own) if p.type == ident), None)
            if i is None:
                continue  # (a full specialization: none of its own)
            if v.partial:
                found.add(UNKNOWN)
            elif i < len(args):
                found.add(self._held_specials(args[i], _scope(self.program.classes[child]),
                                              None))
            else:
                found.add(self._held_specials(own[i].default, _scope(v), None)
                          if own[i].default else UNKNOWN)
        return _joined(found) if found else UNKNOWN

    def _operand_specials(self, operand: str, fn, types: Types) -> str:
        """The special members of `decltype(operand)`: a variable's, a parameter's or a
        member's declared type (every one the name was declared with in the walk, a
        reference's target too); unknown for any other operand or a name declared nowhere
        the walk saw (a global)."""
        name = operand.strip()
        name = name[len("this->"):].strip() if name.startswith("this->") else name
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            return f"{DECLTYPE} (decltype({operand}))"
        declared = [p.canon or p.type for p in getattr(fn, "params", []) if p.name == name]
        declared += sorted(self._decl_history.get(name, ()))
        declared += [self._decl_types.get(name, ""), self._outer_types.get(name, ""),
                     self.program.field_type(self.cls, name)]
        declared = [d for d in declared if d]
        if not declared:
            return f"{DECLTYPE} (decltype({operand}))"
        return _joined(self._held_specials(d, fn, types, deref=True) for d in declared)

    def bind_types(self, frame: _Frame, e: Node, target: FunctionIR,
                   args: List[Node]) -> Dict[str, str]:
        """The callee's template type parameters bound at the call e (see the module)."""
        callee = e.children[0] if e.children else None
        parts = _segments(callee.text if callee is not None else "")
        own = parts[-1][1] if parts and parts[-1][0] == target.name else None
        given = {"own": own, "class": next((a for n, a in parts[:-1] if n == target.cls),
                                           None)}
        out: Dict[str, str] = {}
        for level in ("class", "own"):
            params = [p for p in target.tparams if p.category == level]
            for i, p in enumerate(params):
                if not p.type:
                    continue  # a non-type parameter
                explicit = given[level]
                if explicit is not None and i < len(explicit):
                    out[p.type] = self._special_members(explicit[i], frame)
                elif level == "own":
                    out[p.type] = self._deduced(frame, target, p, args, out)
                else:
                    out[p.type] = self._class_binding(frame, target, p, out)
        return out

    def _deduced(self, frame: _Frame, target: FunctionIR, p, args: List[Node],
                 bound: Dict[str, str]) -> str:
        """A function template's parameter: the types of the arguments it is deduced from,
        else its default, else unknown."""
        found, deduced = set(), False
        for q, a in zip(target.params, args):
            if p.name in re.findall(r"[A-Za-z_]\w*", q.type) or \
                    f"type-parameter-{p.type}" in q.canon:
                deduced = True
                found.add(self._expr_specials(frame, a))
        if deduced:
            return _joined(found)
        return self._held_specials(p.default, target, bound) if p.default else UNKNOWN

    def _class_binding(self, frame: _Frame, target: FunctionIR, p,
                       bound: Dict[str, str]) -> str:
        """A class template's parameter not spelled at the call: the caller's own where the
        callee is a method of the caller's class, the top rule in the loop's class family
        (its bases, and the classes derived from it whose overrides a call may run:
        `_binding`), else its default or unknown."""
        if target.cls == frame.fn.cls:
            return self._binding(frame.fn, frame.types, p.type)
        if self._in_family(target.cls):
            return self._binding(target, None, p.type)
        return self._held_specials(p.default, target, bound) if p.default else UNKNOWN

    def _expr_specials(self, frame: _Frame, a: Node) -> str:
        """The special members of the type a template parameter is deduced as from the
        argument a (its pointer's or reference's target)."""
        a = _strip(a)
        if a.canon and "dependent" not in a.canon:
            return self._held_specials(a.canon, frame.fn, frame.types, deref=True)
        if a.kind == "lit":
            return ""
        if a.kind in ("name", "member"):
            declared = self._declared(frame, a)
            return self._held_specials(declared, frame.fn, frame.types, deref=True) \
                if declared else UNKNOWN
        if a.kind == "this":
            return self._held_specials(self.cls, frame.fn, frame.types)
        if a.kind == "cast" and a.type:
            return self._held_specials(a.type, frame.fn, frame.types, deref=True)
        if a.kind == "call" and a.type and "dependent" not in a.type:
            return self._held_specials(a.type, frame.fn, frame.types, deref=True)
        if a.kind == "call" and not (a.name in TABLE or a.name in PURE_FUNCTIONS):
            return self._returned_specials(frame, a)
        kids = a.children[1:] if a.kind == "call" else a.children
        if a.kind not in ("call", "binop", "unop", "index", "cond", "assign"):
            return UNKNOWN
        return _joined({self._expr_specials(frame, k) for k in kids})

    def _returned_specials(self, frame: _Frame, call: Node) -> str:
        """What the tree's functions a call may run return, by their declared result types
        (a template's own parameter there, or a class template's outside the loop's class
        family, may be anything); unknown for any other call."""
        targets = self._call_targets(call.children[0], call.name, frame.fn.file) \
            if call.children else []
        if not targets or any(not t.returns for t in targets):
            return UNKNOWN
        found = {self._held_specials(t.returns, t, None if self._in_family(t.cls) else {},
                                     deref=True) for t in targets}
        return _joined(found)

    def _in_family(self, cls: str) -> bool:
        """Is cls the loop's class, one of its bases, or a class derived from it?"""
        return bool(cls) and (cls in self.program.ancestry(self.cls) or
                              self.cls in self.program.ancestry(cls))

    def argument_specials(self, frame: _Frame, target: FunctionIR, types: Dict[str, str],
                          args: List[Node]) -> List[str]:
        """The special members a followed call runs on its arguments: a parameter of a class
        type taken by value (a copy), or by reference given an argument of another type (a
        converting constructor's temporary)."""
        out = []
        for i, (p, a) in enumerate(zip(target.params, args)):
            t = (p.canon or p.type).strip()
            ref = t.endswith("&")
            specials = self._held_specials(t.rstrip("& "), target, types)
            if not specials or ref and self._expr_specials(frame, a) == specials:
                continue
            out.append(f"{specials} (argument {i + 1} of {target.key}, "
                       f"{'converted' if ref else 'copied'}, at line {a.line})")
        return out
