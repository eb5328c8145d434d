"""Lowering: a libclang translation unit's cursors to the plain IR in `ir.py`.

The lower*.py modules are the only ones that walk libclang cursors. `lower_unit` takes a
parsed translation unit and returns its classes and function bodies in the tree; `parse`
decides what to parse, with which flags and prefix, in which process, and caches the results.
This module walks a unit's declarations (classes, their fields and methods, function
definitions) and collects its errors; `lower_nodes` lowers function bodies to `Node`s and
`lower_clang` reads locations, children and tokens from libclang quickly.
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Optional, Tuple

from . import builtin_headers
from .ir import ClassIR, Diagnostic, Field, FunctionIR, Node, Param, UnitIR
from .lower_clang import _children, _file_tokens, _where
from .lower_constants import forget_constants
from .lower_nodes import (
    _FUNCTION_KINDS,
    _Lowerer,
    _strip_template_args,
    last_identifier,
    names_runtime,
    narrow_visible,
    type_category,
)
from .lower_origin import function_scope

__all__ = ["last_identifier", "lower_unit", "tree_relative"]

# the runtime headers a transformed tree holds: their namespace is the runtime's own
RUNTIME_FILES = ("cgp_runtime.hpp", "cgp_mpi.hpp")
# libclang's linkage of a function only its own translation unit may call (`static`, in an
# anonymous namespace)
_INTERNAL = ("INTERNAL", "UNIQUE_EXTERNAL")
_INLINED = []  # clang_Cursor_isFunctionInlined (not in the bindings), set on first use
_CLASS_KINDS = {"CLASS_DECL", "CLASS_TEMPLATE", "STRUCT_DECL",
                "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION"}


def _field_type(field, source: bytes) -> str:
    """A member's type; as written when libclang could not resolve it (it then spells the
    type `int`: BVLC's `shared_ptr<Net<Dtype> > net_` when boost's headers are missing)."""
    if field.type.kind.name not in ("INVALID", "INT"):
        return field.type.spelling
    text = source[field.extent.start.offset:field.extent.end.offset].decode("utf-8", "replace")
    head, sep, _ = text.rpartition(field.spelling)
    return " ".join(head.split()) if sep and head.strip() else field.type.spelling


def template_args(text: str) -> Tuple[str, List[str]]:
    """`A<B, C<D> >::E` -> ('A::E', ['B', 'C<D>']): the name without its (last) template
    argument list, and that list's top-level arguments."""
    depth, start, args, head = 0, -1, [], []
    for i, ch in enumerate(text):
        if ch == "<":
            depth += 1
            if depth == 1:
                start, args = i + 1, []
                continue
        elif ch == ">":
            depth -= 1
            if depth == 0:
                args.append(text[start:i].strip())
                continue
        elif ch == "," and depth == 1:
            args.append(text[start:i].strip())
            start = i + 1
        if depth == 0:
            head.append(ch)
    return "".join(head).strip(), [a for a in args if a]


def _param_default(parm, source: bytes) -> str:
    """The default argument of a parameter declaration, as source text ('' if none)."""
    text = source[parm.extent.start.offset:parm.extent.end.offset].decode("utf-8", "replace")
    depth = 0
    for i, ch in enumerate(text):
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        elif ch == "=" and depth == 0:
            return text[i + 1:].strip()
    return ""


_REL_CACHE: Dict[Tuple[str, Path], Optional[str]] = {}


def _linkage(c, low: _Lowerer) -> str:
    """How other units see a free function: 'internal' (`static`, in an anonymous namespace:
    none calls it), 'inline' (a unit that calls it must define it, the ODR making every
    definition one), '' (external: any unit that declares it may call this definition).
    libclang tells inline only of a function: a template's is read from its tokens
    (`template <typename Dtype> inline Dtype sigmoid(`; a macro's `inline` is missed:
    external)."""
    if c.linkage.name in _INTERNAL:
        return "internal"
    if c.kind.name == "FUNCTION_TEMPLATE":
        head = low.tokens_between(c.extent.start.offset, _where(c.location)[2])
        return "inline" if any(t in ("inline", "constexpr") for _, t in head) else ""
    if not _INLINED:
        import ctypes

        import clang.cindex as ci
        inlined = ci.conf.lib.clang_Cursor_isFunctionInlined
        inlined.argtypes, inlined.restype = [ci.Cursor], ctypes.c_uint
        _INLINED.append(inlined)
    return "inline" if _INLINED[0](c) else ""


def tree_relative(path: str, root: Path) -> Optional[str]:
    """path relative to root, or None when it lies outside (cached)."""
    key = (path, root)
    if key not in _REL_CACHE:
        try:
            _REL_CACHE[key] = str(Path(path).resolve().relative_to(root))
        except ValueError:
            _REL_CACHE[key] = None
    return _REL_CACHE[key]


class _UnitWalker:
    """Walks the declarations of one translation unit and collects the classes and function
    bodies of the files under root (each at most once, by file and offset)."""

    def __init__(self, tu, root: Path, skip_bodies):
        self.tu, self.root, self.skip_bodies = tu, root, skip_bodies
        self.classes: Dict[Tuple[str, int], ClassIR] = {}
        self.functions: Dict[Tuple[str, int], FunctionIR] = {}
        self.lowerers: Dict[str, _Lowerer] = {}
        self.sources: Dict[str, bytes] = {}
        self.names: Dict[int, str] = {}  # file handle -> name
        self.clashes: List[str] = []  # "FILE:LINE" of declarations named RUNTIME_NAMESPACE

    def source_of(self, file_name: str) -> bytes:
        if file_name not in self.sources:
            self.sources[file_name] = Path(file_name).read_bytes()
        return self.sources[file_name]

    def lowerer_for(self, file_name: str) -> _Lowerer:
        if file_name not in self.lowerers:
            tu, source = self.tu, self.source_of(file_name)
            self.lowerers[file_name] = _Lowerer(
                source, lambda: _file_tokens(tu, file_name, source))
        return self.lowerers[file_name]

    def visit(self, cursor, cls_name: str = "") -> None:
        """Collect the in-tree classes and function definitions among a cursor's children,
        descending into namespaces, linkage specs and class bodies."""
        for c in _children(cursor):
            handle, line, _ = _where(c.location)
            if not handle:
                continue
            if handle not in self.names:
                self.names[handle] = c.location.file.name
            file_name = self.names[handle]
            rel = tree_relative(file_name, self.root)
            k = c.kind.name
            self.note_clash(c, k, rel or file_name, line)
            if rel is None:
                continue
            if k in ("NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL"):
                self.visit(c)
            elif k == "FRIEND_DECL":  # a friend defined in the class: a free function
                self.visit(c)
            elif k in _CLASS_KINDS and c.is_definition():
                self.add_class(c, file_name, rel, line)
                self.visit(c, c.spelling)
            elif k in _FUNCTION_KINDS and rel not in self.skip_bodies and c.is_definition():
                self.add_function(c, file_name, rel, line, cls_name)

    def note_clash(self, c, kind: str, where: str, line: int) -> None:
        """Record a declaration named like the runtime's namespace (not the runtime's own,
        in a tree transformed before)."""
        if names_runtime(kind, c.spelling) and Path(where).name not in RUNTIME_FILES:
            self.clashes.append(f"{where}:{line}")

    def all_clashes(self) -> List[str]:
        """The declarations recorded by the walk and by the lowering of bodies."""
        local = [f"{tree_relative(name, self.root) or name}:{line}"
                 for name, low in self.lowerers.items() for line in low.clashes]
        return sorted(set(self.clashes + local))

    def add_class(self, c, file_name: str, rel: str, line: int) -> None:
        """Record a class definition: bases, fields, methods and their default arguments."""
        bases, fields, methods, defaults, access, base_args = [], [], [], {}, {}, {}
        source = self.source_of(file_name)
        for ch in _children(c):
            ck = ch.kind.name
            if ck == "CXX_BASE_SPECIFIER":
                bases.append(last_identifier(_strip_template_args(ch.spelling)))
                base_args[bases[-1]] = template_args(ch.type.get_canonical().spelling)[1]
            elif ck == "FIELD_DECL":
                init = [k for k in _children(ch) if k.kind.is_expression()]
                fields.append(Field(ch.spelling, _field_type(ch, source),
                                    ch.access_specifier.name.lower(),
                                    _param_default(ch, source),
                                    self.lowerer_for(file_name).lower(init[-1]) if init else None,
                                    type_category(ch.type)))
            elif ck in _FUNCTION_KINDS:
                methods.append(ch.spelling)
                if ch.access_specifier.name.lower() == "public" or ch.spelling not in access:
                    access[ch.spelling] = ch.access_specifier.name.lower()
                defaults[ch.spelling] = [_param_default(a, source) for a in _children(ch)
                                         if a.kind.name == "PARM_DECL"]
        self.classes.setdefault((rel, c.extent.start.offset), ClassIR(
            name=c.spelling, file=rel, line=line, bases=bases, fields=fields,
            methods=methods, defaults=defaults, access=access, base_args=base_args,
            tparams=_template_params(c, source),
            partial=c.kind.name == "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION"))

    def add_function(self, c, file_name: str, rel: str, line: int, cls_name: str) -> None:
        """Record a function definition with its lowered body."""
        parent = c.semantic_parent
        owner = parent.spelling if parent is not None and \
            parent.kind.name in _CLASS_KINDS else cls_name
        body = None
        low = self.lowerer_for(file_name)
        for ch in _children(c):
            self.note_clash(ch, ch.kind.name, rel, _where(ch.location)[1])  # template <class cgp>
            if ch.kind.name == "COMPOUND_STMT":
                body = low.lower(ch)
        if body is not None and c.kind.name == "CONSTRUCTOR":
            body.children = _member_inits(c, low) + body.children
        source = self.source_of(file_name)
        params = [Param(a.spelling, narrow_visible(a.type), _param_default(a, source),
                        type_category(a.type), a.type.get_canonical().spelling)
                  for a in _children(c) if a.kind.name == "PARM_DECL"]
        self.functions.setdefault((rel, c.extent.start.offset), FunctionIR(
            file=rel, name=c.spelling, cls=owner, line=line,
            start=c.extent.start.offset, end=c.extent.end.offset, params=params,
            body=body, scope="" if owner else function_scope(c),
            linkage="" if owner else _linkage(c, low), returns=c.result_type.spelling,
            tparams=_template_params(c, source)))


_TEMPLATE_PARAMS = ("TEMPLATE_TYPE_PARAMETER", "TEMPLATE_NON_TYPE_PARAMETER",
                    "TEMPLATE_TEMPLATE_PARAMETER")


def _template_params(c, source: bytes) -> List[Param]:
    """The template parameters a function definition sees: its enclosing class templates'
    (outermost first), then its own (a function template's, or an out-of-line member's
    `template <typename Dtype>`), each with its `D-I` id, default and level."""
    scopes, parent = [], c.semantic_parent
    while parent is not None and parent.kind.name in _CLASS_KINDS:
        scopes.insert(0, (parent, "class"))
        parent = parent.semantic_parent
    out: List[Param] = []
    for scope, level in scopes + [(c, "own")]:
        for ch in _children(scope):
            if ch.kind.name not in _TEMPLATE_PARAMS:
                continue
            canon = ch.type.get_canonical().spelling \
                if ch.kind.name == "TEMPLATE_TYPE_PARAMETER" else ""
            ident = canon[len("type-parameter-"):] if canon.startswith("type-parameter-") else ""
            repeated = bool(ident) and any(p.type == ident for p in out)
            # (an out-of-line member's list repeats its class's)
            out.append(Param(ch.spelling, ident, _param_default(ch, source),
                             "class" if repeated else level))
    return out


def _member_inits(c, low: _Lowerer) -> List[Node]:
    """A constructor's initializers as statements that run before its body: a member's
    (`: last_(&hidden_), dim_(0)`) as an assignment, a base's (`Base(&buf_)`) as its call,
    so that what they read, write and name is seen like the body's."""
    out, member, base = [], None, False
    for ch in _children(c):
        k = ch.kind.name
        if k == "MEMBER_REF":
            member = ch
        elif k in ("TYPE_REF", "TEMPLATE_REF"):
            base = True
        elif base and member is None and k != "COMPOUND_STMT" and k != "PARM_DECL":
            out.append(low.lower(ch))
            base = False
        elif member is not None and k != "COMPOUND_STMT":
            lhs = low.node(member, "member", name=member.spelling, op="implicit")
            rhs = low.lower(ch)
            out.append(Node(kind="assign", start=lhs.start, end=rhs.end, line=lhs.line,
                            text=low.text(lhs.start, rhs.end), children=[lhs, rhs], op="="))
            member = None
    return out


def _diagnostics(tu, root: Path, main_rel: str) -> List[Diagnostic]:
    """The unit's errors and fatal errors (warnings left out), files relative to root; an
    error that only says the builtin headers are another clang's is 'ignored'."""
    diags = []
    for d in tu.diagnostics:
        if d.severity < 3:
            continue
        fname = d.location.file.name if d.location.file else main_rel
        sev = "fatal" if d.severity >= 4 else \
            "ignored" if builtin_headers.skewed(fname, d.spelling) else "error"
        diags.append(Diagnostic(file=tree_relative(fname, root) or fname, line=d.location.line,
                                severity=sev, message=d.spelling))
    return diags


def lower_unit(tu, root: Path, main_rel: str, skip_bodies=frozenset()) -> UnitIR:
    """The IR of a parsed translation unit: its in-tree classes and function bodies (none
    from the files in skip_bodies) and its errors."""
    forget_constants()
    walker = _UnitWalker(tu, root, skip_bodies)
    walker.visit(tu.cursor)
    diags = _diagnostics(tu, root, main_rel)
    # any error means the AST may be wrong somewhere
    return UnitIR(main_file=main_rel, classes=list(walker.classes.values()),
                  functions=list(walker.functions.values()), diagnostics=diags,
                  degraded=any(d.is_error for d in diags), clashes=walker.all_clashes())
