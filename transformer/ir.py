"""The plain-data program representation that `parse` lowers libclang cursors into.

Everything after parsing (facts, plans, rendering) reads only these dataclasses, never
libclang cursors, so results can be cached as JSON and computed in worker processes.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Dict, Iterator, List, Optional


@dataclass
class Node:
    """One statement or expression.

    kind is one of:
      statements: block, for, while, do, if, decl, return, break, continue, expr_stmt, omp, null
      expressions: call, member, name, binop, unop, assign, index, lit, cast, cond, this, new,
                   lambda, other
    For `call`, `name` is the callee's last identifier and children are [callee, *args].
    For `member`, `name` is the member and children are [base] (empty for implicit this).
    For `binop`/`assign`/`unop`, `op` is the operator spelling ('+', '+=', '++', 'post++').
    For `decl`, `name`/`type` describe the variable and children hold the initializer.
    For `for`, children are [init, cond, inc, body]; absent parts are `null` nodes.
    `ref` says what a `name` refers to: param, local, field, function, global (namespace
    scope or a static data member), static (a function-local static), thread (thread_local)
    or ''. On a `decl` it is the variable's storage: static, thread or ''.
    `macro` is true when the node starts inside a macro expansion, or is an operator whose
    operator token comes from one (lower_origin); a `for`'s also when its text does not start
    with the word `for` (a macro that expands to the loop's header).
    `value` is what a name of a constant holds (see the field).
    """

    kind: str
    start: int
    end: int
    line: int
    text: str
    children: List["Node"] = field(default_factory=list)
    op: str = ""
    name: str = ""
    type: str = ""
    ref: str = ""
    macro: bool = False
    # a name's compile-time integer value(s): an enumerator's, a constant's initializer (a
    # table's elements, comma-separated), '?' for a template's non-type parameter
    value: str = ""
    # for a `name` of a function's local or parameter: where that variable is declared (its
    # declaration's offset in the file), so that two variables of one name can be told apart
    decl: int = -1
    # for a `decl`: what its type is underneath typedefs and `auto` (type_category)
    category: str = ""
    # for a `name` of a function: the namespaces of the declarations C++ lookup found for it
    # (`caffe`, `caffe::prof`, `::`; `?` elsewhere), space-separated (lower_origin)
    scopes: str = ""
    # for a `decl`, a `name` of a variable or parameter, and each argument of a call or
    # construction: its type's canonical spelling (a template's type parameter is
    # `type-parameter-D-I`, a typedef is what it names; `<dependent type>` where the
    # template leaves it open)
    canon: str = ""

    def walk(self) -> Iterator["Node"]:
        """This node and every node below it, in preorder (each node before its children,
        children left to right); one generator, not one per level."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    @staticmethod
    def from_dict(data: dict) -> "Node":
        children = [Node.from_dict(c) for c in data.get("children", [])]
        return Node(**{**data, "children": children})


@dataclass
class Param:
    name: str
    type: str
    default: str = ""
    category: str = ""  # what its type is underneath typedefs (lower_nodes.type_category)
    canon: str = ""  # its type's canonical spelling (see Node.canon)


@dataclass
class Field:
    name: str
    type: str
    access: str = ""  # public | protected | private ('' when unknown)
    init: str = ""  # its default member initializer (`long id = NextTag();`), as source text
    value: Optional[Node] = None  # that initializer's expression, lowered (None: none)
    category: str = ""  # what its type is underneath typedefs (lower_nodes.type_category)


@dataclass
class FunctionIR:
    """A function or method definition found in the tree."""

    file: str  # path relative to the tree root
    name: str
    cls: str  # owning class ('' for free functions)
    line: int
    start: int
    end: int
    params: List[Param]
    body: Optional[Node]
    # a free function's namespace (`caffe`, `caffe::prof`, `::`; '?' elsewhere), '' for a method
    scope: str = ""
    # a free function's linkage as other units see it (lower._linkage): 'internal' (static,
    # an anonymous namespace), 'inline' (each unit that calls it defines it), '' external
    linkage: str = ""
    returns: str = ""  # the declared result type, as libclang spells it
    # the template parameters in scope (the enclosing class templates', then the function
    # template's own): name, type = `D-I` for a type parameter (what `type-parameter-D-I`
    # in a canonical spelling names; '' for a non-type one), default = its default
    # argument's text, category = `class` or `own`
    tparams: List[Param] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.cls}::{self.name}" if self.cls else self.name

    @staticmethod
    def from_dict(data: dict) -> "FunctionIR":
        return FunctionIR(
            file=data["file"], name=data["name"], cls=data["cls"], line=data["line"],
            start=data["start"], end=data["end"],
            params=[Param(**p) for p in data["params"]],
            body=Node.from_dict(data["body"]) if data["body"] else None,
            scope=data.get("scope", ""), linkage=data.get("linkage", ""),
            returns=data.get("returns", ""),
            tparams=[Param(**p) for p in data.get("tparams", [])])


@dataclass
class ClassIR:
    name: str
    file: str
    line: int
    bases: List[str]
    fields: List[Field]
    methods: List[str]
    # method name -> default argument texts of its declared parameters ('' = none)
    defaults: Dict[str, List[str]] = field(default_factory=dict)
    # method name -> public | protected | private (the most open of its overloads)
    access: Dict[str, str] = field(default_factory=dict)
    # base name -> the template arguments it is given, canonical (`type-parameter-0-0`, a
    # class's qualified name; [] for a base that is no template's specialization)
    base_args: Dict[str, List[str]] = field(default_factory=dict)
    # the template parameters it sees, as FunctionIR.tparams (`own`: its own list)
    tparams: List[Param] = field(default_factory=list)
    partial: bool = False  # a class template's partial specialization

    @staticmethod
    def from_dict(data: dict) -> "ClassIR":
        return ClassIR(name=data["name"], file=data["file"], line=data["line"],
                       bases=list(data["bases"]), fields=[_field(f) for f in data["fields"]],
                       methods=list(data["methods"]), defaults=dict(data.get("defaults", {})),
                       access=dict(data.get("access", {})),
                       base_args={k: list(v) for k, v in data.get("base_args", {}).items()},
                       tparams=[Param(**p) for p in data.get("tparams", [])],
                       partial=data.get("partial", False))


def _field(data: dict) -> Field:
    value = data.get("value")
    return Field(**{**data, "value": Node.from_dict(value) if value else None})


@dataclass
class Diagnostic:
    file: str
    line: int
    severity: str  # 'error', 'fatal', or 'ignored' (builtin_headers.skewed: the unit is whole)
    message: str

    @property
    def is_error(self) -> bool:
        """An error that may have left the unit's AST wrong ('ignored' ones do not)."""
        return self.severity in ("error", "fatal")


@dataclass
class UnitIR:
    """What one translation unit contributes: classes, functions and diagnostics."""

    main_file: str
    classes: List[ClassIR]
    functions: List[FunctionIR]
    diagnostics: List[Diagnostic]
    degraded: bool  # parsed with fatal errors tolerated (e.g. a missing generated header)
    # "FILE:LINE" of each declaration the unit sees named like the runtime's namespace
    # (`cgp`: a namespace, class, alias...), which the emitted `cgp::` would find instead
    clashes: List[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_dict(data: dict) -> "UnitIR":
        return UnitIR(main_file=data["main_file"],
                      classes=[ClassIR.from_dict(c) for c in data["classes"]],
                      functions=[FunctionIR.from_dict(f) for f in data["functions"]],
                      diagnostics=[Diagnostic(**d) for d in data["diagnostics"]],
                      degraded=data["degraded"], clashes=data.get("clashes", []))
