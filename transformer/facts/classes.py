"""The class hierarchy: which classes are layers, where their methods are defined, and
which members hold the batch size or a per-sample stride (from their assignments)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Set

from ..ir import ClassIR, FunctionIR, Node, UnitIR
from .effects_syntax import STEPS

LAYER_ROOT = "Layer"
ENTRY_METHODS = ("Forward_cpu", "Backward_cpu")


def first_error(unit: UnitIR) -> str:
    """A degraded unit's first error, where clang met it, and how many more it has."""
    errs = [d for d in unit.diagnostics if d.is_error]
    if not errs:
        return "errors"
    d = errs[0]
    more = f" (and {len(errs) - 1} more)" if len(errs) > 1 else ""
    return f"{d.file}:{d.line}: {d.message}{more}"


@dataclass
class Program:
    """All classes and function definitions of a tree, merged across translation units."""

    classes: Dict[str, ClassIR]
    functions: Dict[str, List[FunctionIR]]  # key "Class::method" or "function"
    # each unit parsed with errors, and its first error ("FILE:LINE: message")
    degraded_files: Dict[str, str] = field(default_factory=dict)
    # "FILE:LINE" of the declarations named like the runtime's namespace (UnitIR.clashes)
    clashes: List[str] = field(default_factory=list)
    # answers that depend on the class only, kept per (question, class) by the modules
    # that ask (the walk asks them once per loop)
    memo: Dict[tuple, object] = field(default_factory=dict, repr=False, compare=False)
    # every definition of a class name, where there are several: a template's primary and
    # its explicit or partial specializations (or namesakes of other namespaces)
    variants: Dict[str, List[ClassIR]] = field(default_factory=dict)

    @staticmethod
    def from_units(units: Iterable[UnitIR]) -> "Program":
        classes: Dict[str, ClassIR] = {}
        functions: Dict[str, List[FunctionIR]] = {}
        seen = set()
        degraded: Dict[str, str] = {}
        clashes: set = set()
        variants: Dict[str, Dict[tuple, ClassIR]] = {}
        for u in units:
            clashes.update(u.clashes)
            if u.degraded:
                degraded[u.main_file] = first_error(u)
            for c in u.classes:
                if c.bases or c.fields or c.methods:  # (not `template class L<float>;`)
                    variants.setdefault(c.name, {}).setdefault((c.file, c.line), c)
                prev = classes.get(c.name)
                if prev is None or (not prev.bases and c.bases):
                    classes[c.name] = c
            for f in u.functions:
                ident = (f.file, f.start)
                if ident in seen or f.body is None:
                    continue
                seen.add(ident)
                functions.setdefault(f.key, []).append(f)
        return Program(classes, functions, degraded, sorted(clashes),
                       variants={n: list(v.values()) for n, v in variants.items() if len(v) > 1})

    def naming(self, names: Set[str]) -> List[FunctionIR]:
        """The function definitions whose bodies hold a node named one of `names` (a name, a
        member, a call), in the program's order: the others cannot mention them. Each body's
        names are read once per program."""
        key = ("names",)
        if key not in self.memo:
            self.memo[key] = [(fn, frozenset(n.name for n in fn.body.walk()))
                              for defs in self.functions.values() for fn in defs
                              if fn.body is not None]
        return [fn for fn, held in self.memo[key] if not held.isdisjoint(names)]

    def degraded_by(self, file: str) -> str:
        """Why the unit of `file` parsed with errors (its first one); "" when it is whole."""
        return self.degraded_files.get(file, "")

    def bases(self, cls: str) -> List[str]:
        c = self.classes.get(cls)
        return list(c.bases) if c else []

    def ancestry(self, cls: str) -> List[str]:
        """cls, then its bases in lookup order (depth first)."""
        out, todo = [], [cls]
        while todo:
            c = todo.pop(0)
            if c in out:
                continue
            out.append(c)
            todo = self.bases(c) + todo
        return out

    def is_layer(self, cls: str) -> bool:
        return cls != LAYER_ROOT and LAYER_ROOT in self.ancestry(cls)[1:]

    def layer_classes(self) -> List[str]:
        return sorted(c for c in self.classes if self.is_layer(c))

    def resolve_method(self, cls: str, name: str) -> Optional[FunctionIR]:
        """The definition `this->name(...)` reaches from class cls (static lookup)."""
        for c in self.ancestry(cls):
            defs = self.functions.get(f"{c}::{name}")
            if defs:
                return defs[0]
        return None

    def member_points(self, cls: str, name: str) -> bool:
        """Is member `name` of cls's hierarchy a pointer (raw or shared) rather than an
        object, in any definition of the class that declares it: a Blob it names may be any
        Blob, an input or output among them?"""
        return any("*" in t or "shared_ptr" in t for t in self.field_types(cls, name))

    def field_type(self, cls: str, name: str, category: bool = False) -> str:
        """The declared type of member `name` of cls's hierarchy, or its type's category
        (lower_nodes.type_category); '' when none declares it, or when definitions of a
        class (a template's specializations) declare it with different types."""
        fields = self._fields(cls, name, frozenset())
        found = {f.category if category else f.type for f in fields}
        return found.pop() if len(found) == 1 else ""

    def field_types(self, cls: str, name: str) -> List[str]:
        """Every declared type of member `name` of cls's hierarchy, one per definition of
        the class that declares it (a specialization may declare it otherwise)."""
        return list(dict.fromkeys(f.type for f in self._fields(cls, name, frozenset())))

    def _fields(self, cls: str, name: str, path: frozenset) -> list:
        """Member `name` as lookup finds it from cls: in each definition of cls (a
        template's primary and specializations), its own field, else what each of that
        definition's bases has (the first base that has it, for a class with one
        definition)."""
        if cls in path or cls not in self.classes:
            return []
        path = path | {cls}
        out: list = []
        for v in self.variants.get(cls) or [self.classes[cls]]:
            found = [f for f in v.fields if f.name == name]
            for b in ([] if found else v.bases):
                found += self._fields(b, name, path)
                if found and cls not in self.variants:
                    break
            out.extend(f for f in found if not any(f is g for g in out))
        return out

    def all_bases(self, cls: str) -> List[str]:
        """The bases of every definition of cls (a specialization's too), in order."""
        out: List[str] = []
        for v in self.variants.get(cls, []) or [self.classes[cls]] if cls in self.classes else []:
            out.extend(b for b in v.bases if b not in out)
        return out

    def descendants(self, cls: str) -> List[str]:
        """Every class of the tree that derives from cls, directly or not, in any of its
        definitions (`template <> class Peak<float> : public MapLayer<float>`; sorted)."""
        key = ("descendants", cls)
        if key not in self.memo:
            below, todo = set(), [cls]
            while todo:
                c = todo.pop()
                for d in self.classes:
                    if d != cls and d not in below and c in self.all_bases(d):
                        below.add(d)
                        todo.append(d)
            self.memo[key] = sorted(below)
        return self.memo[key]

    def mixins(self) -> List[str]:
        """The classes whose base is not the tree's (a template parameter: `template <class
        B> class Carrying : public B`): any class may be derived from through them (sorted;
        computed once per program)."""
        key = ("mixins",)
        if key not in self.memo:
            self.memo[key] = [c for c in sorted(self.classes)
                              if any(b not in self.classes for b in self.all_bases(c))]
        return self.memo[key]

    def lookup(self, cls: str, name: str, path: frozenset = frozenset()
               ) -> Optional[List[FunctionIR]]:
        """The bodies `cls::name(...)` (or `this->name` in cls) may run, by static lookup:
        the first class of cls's ancestry that defines it. A class with several definitions
        (a template's specializations: `template <> struct Act<float> : Carry {}`) may be
        any of them: each that declares name runs every definition of cls::name, each that
        does not runs what lookup finds from every one of its bases (a using-declaration
        picks one of them). None where that cannot be told: a definition that does not
        declare name and has a base that is not the tree's (a template parameter, a library
        class), or one that declares it without a body."""
        defs = self.functions.get(f"{cls}::{name}", [])
        if cls in path or cls not in self.classes:
            return [] if cls in path else list(defs)
        path = path | {cls}
        if cls not in self.variants:
            if defs:
                return list(defs)
            for b in self.bases(cls):
                found = self.lookup(b, name, path)
                if found is None or found:
                    return found
            return []
        out: List[FunctionIR] = []
        for v in self.variants[cls]:
            found = self._variant_lookup(v, defs, name, path)
            if found is None:
                return None
            add_new(out, found)
        return out

    def _variant_lookup(self, v: ClassIR, defs: List[FunctionIR], name: str,
                        path: frozenset) -> Optional[List[FunctionIR]]:
        """What `lookup` finds from one definition v of a class with several."""
        if name in v.methods:
            return list(defs) or None
        if any(b not in self.classes for b in v.bases):
            return None
        out: List[FunctionIR] = []
        for b in v.bases:
            found = self.lookup(b, name, path)
            if found is None:
                return None
            add_new(out, found)
        return out

    def dispatch_targets(self, cls: str, name: str) -> Optional[List[FunctionIR]]:
        """The bodies `this->name(...)` may run on an object whose static class is cls: the
        definition static lookup finds, then every override in a class of the tree derived
        from cls (a call in a method of cls may run on any of them), and, where a class of
        either has several bases, what lookup finds from each of them (a using-declaration
        picks one; with a virtual base, a sibling's override may be the final one). None
        where `lookup` cannot tell."""
        out: List[FunctionIR] = []
        below = self.descendants(cls)
        starts = [cls] + [b for d in [cls] + below for c in self.ancestry(d)
                          if len(self.bases(c)) > 1 for b in self.bases(c)]
        for start in starts:  # every overload and specialization lookup finds
            found = self.lookup(start, name)
            if found is None:
                return None
            add_new(out, found)
        for d in below + self.mixins():
            add_new(out, self.functions.get(f"{d}::{name}", []))
        return out

    def field_reachable(self, cls: str, name: str) -> bool:
        """Can a method of cls name the member `name` (declared in cls, or not private in
        the base that declares it)?"""
        for c in self.ancestry(cls):
            ci = self.classes.get(c)
            for f in (ci.fields if ci else []):
                if f.name == name:
                    return c == cls or f.access != "private"
        return False

    def prepared_member(self, cls: str, name: str, buf: str) -> bool:
        """Does a Reshape or LayerSetUp of cls's hierarchy take member Blob `name`'s buffer
        through its mutable accessor, after anything there that gives the Blob new memory?
        Layer::SetUp runs LayerSetUp then Reshape, and Layer::Forward runs Reshape before
        any Forward_cpu/Backward_cpu, so the buffer is at the CPU by then. A Reshape past
        the Blob's capacity (or ShareData, CopyFrom...) leaves it unallocated again: taken
        mutably in LayerSetUp and grown in Reshape, or reallocated by any other method, it
        is not prepared."""
        accessor = f"mutable_cpu_{buf}"
        steps: Dict[str, List[List[str]]] = {"Reshape": [], "LayerSetUp": []}
        for fn in self.methods_of(cls):
            seq = _member_steps(fn, name, accessor)
            if fn.name in steps:
                steps[fn.name].append(seq)
            elif "r" in seq:
                return False

        def settled(seq: List[str]) -> bool:  # every reallocation is followed by the accessor
            return "r" not in seq or "a" in seq[len(seq) - seq[::-1].index("r"):]
        for method in ("Reshape", "LayerSetUp"):  # Reshape runs last
            if not all(settled(seq) for seq in steps[method]):
                return False
            if any("a" in seq for seq in steps[method]):
                return True
        return False

    def methods_of(self, cls: str) -> List[FunctionIR]:
        """Every method body defined in cls or its bases."""
        out = []
        for c in self.ancestry(cls):
            for key, defs in self.functions.items():
                if key.startswith(c + "::"):
                    out.extend(defs)
        return out


_REALLOCATING = {"Reshape", "ReshapeLike", "FromProto", "CopyFrom", "ShareData", "ShareDiff"}


def _member_steps(fn: FunctionIR, name: str, accessor: str) -> List[str]:
    """In text order, the calls on member `name` in fn's body: 'a' for the mutable accessor,
    'r' for a method that may give the Blob new, unallocated memory."""
    out = []
    calls = [n for n in (fn.body.walk() if fn.body else []) if n.kind == "call" and
             n.name in _REALLOCATING | {accessor} and n.children and n.children[0].children]
    for n in sorted(calls, key=lambda c: c.start):
        if strip_this(n.children[0].children[0].text) == name:
            out.append("a" if n.name == accessor else "r")
    return out


def strip_this(text: str) -> str:
    """An expression's text without blanks and without a leading `this->`."""
    t = text.replace(" ", "")
    for prefix in ("this->",):
        if t.startswith(prefix):
            t = t[len(prefix):]
    return t


def member_assignments(program: Program, cls: str) -> Dict[str, List[Node]]:
    """member name -> right-hand sides assigned to it in any method of cls's hierarchy, its
    default member initializer (`int back_ = -1;`), and what `++`/`--` make of them."""
    out: Dict[str, List[Node]] = _initializers(program, cls)
    compound: List[Node] = []
    for fn in program.methods_of(cls):
        for n in fn.body.walk():
            if n.kind == "unop" and n.op in STEPS and n.children and _field(n.children[0]):
                one = Node("lit", n.start, n.start, n.line, "1")  # `--back_`: back_ - 1
                compound.append(Node("assign", n.start, n.end, n.line, n.text,
                                     [n.children[0], one], op="+=" if "+" in n.op else "-="))
            if n.kind == "assign" and len(n.children) == 2:
                lhs = n.children[0]
                if _field(lhs):
                    if n.op == "=":
                        out.setdefault(lhs.name, []).append(n.children[1])
                    else:
                        compound.append(n)
    for n in compound:  # `step_ /= 2` after `step_ = count(1)`: count(1) / 2 is a value too
        name, op = n.children[0].name, n.op[:-1]
        out[name] = out.get(name, []) + [
            Node("binop", n.start, n.end, n.line, n.text, [v, n.children[1]], op=op)
            for v in out.get(name, []) or [n.children[0]]]
    return out


def _field(n: Node) -> bool:
    return n.kind == "member" or (n.kind == "name" and n.ref == "field")


def _initializers(program: Program, cls: str) -> Dict[str, List[Node]]:
    """The default member initializers of cls's hierarchy, as values (`int back_ = -1;`,
    `= kPrev`, `{0xFFFFFFFF}`), lowered like any expression; an unknown call where the
    initializer text could not be lowered."""
    out: Dict[str, List[Node]] = {}
    for c in program.ancestry(cls):
        for f in program.classes[c].fields if c in program.classes else []:
            value = f.value
            if value is not None and value.name == "INIT_LIST_EXPR" and len(value.children) == 1:
                value = value.children[0]  # `int back_{kStride - 3};`
            if value is not None:
                out.setdefault(f.name, []).append(value)
            elif f.init.strip():
                out.setdefault(f.name, []).append(
                    Node("call", 0, 0, 0, f.init, name="INITIALIZER"))
    return out


def add_new(out: List[FunctionIR], fns: Iterable[FunctionIR]) -> None:
    """Append to out each of fns it does not hold yet (the same definition, by identity)."""
    for fn in fns:
        if all(fn is not o for o in out):
            out.append(fn)
