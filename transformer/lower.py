"""Lowering: a libclang translation unit's cursors to the plain IR in `ir.py`.

This is the only module that walks libclang cursors. `lower_unit` takes a parsed translation
unit and returns its classes and function bodies in the tree; `parse` decides what to parse,
with which flags and prefix, in which process, and caches the results.
"""
from __future__ import annotations

import bisect
import re
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from .ir import ClassIR, Diagnostic, Field, FunctionIR, Node, Param, UnitIR

_SKIP_KINDS = {"TYPE_REF", "TEMPLATE_REF", "NAMESPACE_REF", "TEMPLATE_TYPE_PARAMETER",
               "TEMPLATE_NON_TYPE_PARAMETER", "CXX_ACCESS_SPEC_DECL", "OVERLOADED_DECL_REF"}
_CAST_KINDS = {"CSTYLE_CAST_EXPR", "CXX_STATIC_CAST_EXPR", "CXX_REINTERPRET_CAST_EXPR",
               "CXX_CONST_CAST_EXPR", "CXX_DYNAMIC_CAST_EXPR", "CXX_FUNCTIONAL_CAST_EXPR"}
_LITERAL_KINDS = {"INTEGER_LITERAL", "FLOATING_LITERAL", "STRING_LITERAL", "CHARACTER_LITERAL",
                  "CXX_BOOL_LITERAL_EXPR", "CXX_NULL_PTR_LITERAL_EXPR", "CXX_UNARY_EXPR"}
_FUNCTION_KINDS = {"CXX_METHOD", "FUNCTION_TEMPLATE", "FUNCTION_DECL", "CONSTRUCTOR", "DESTRUCTOR"}
_CLASS_KINDS = {"CLASS_DECL", "CLASS_TEMPLATE", "STRUCT_DECL",
                "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION"}
_IDENT = re.compile(r"[A-Za-z_]\w*")


def _strip_template_args(text: str) -> str:
    depth, out = 0, []
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">" and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def last_identifier(text: str) -> str:
    names = _IDENT.findall(_strip_template_args(text))
    return names[-1] if names else ""


_OUT = []  # clang_getInstantiationLocation and its reused out-parameters, set on first use


def _where(location) -> Tuple[Optional[int], int, int]:
    """(file handle or None, line, offset) of a source location. The bindings' SourceLocation
    allocates a File and four ctypes integers per query, most of the lowering's time; this
    reuses three."""
    if not _OUT:
        from ctypes import POINTER, byref, c_uint, c_void_p

        import clang.cindex as ci
        get = ci.conf.lib["clang_getInstantiationLocation"]  # own prototype: file as void*
        get.argtypes = [ci.SourceLocation, POINTER(c_void_p), POINTER(c_uint), POINTER(c_uint),
                        POINTER(c_uint)]
        get.restype = None
        out = (c_void_p(), c_uint(), c_uint())
        _OUT.extend([get, *out, *(byref(o) for o in out)])
    get, file, line, offset, file_ref, line_ref, offset_ref = _OUT
    get(location, file_ref, line_ref, None, offset_ref)
    return file.value, line.value, offset.value


def _line_offset(location) -> Tuple[int, int]:
    _, line, offset = _where(location)
    return line, offset


_VISIT = []  # clang_visitChildren and one callback for all calls, set on first use


def _children(cursor) -> list:
    """The children of a cursor: Cursor.get_children without a new callback per call and a
    null check per child."""
    if not _VISIT:
        import clang.cindex as ci

        def visitor(child, _parent, out):
            out.append(child)
            return 1  # CXChildVisit_Continue

        _VISIT.extend([ci.conf.lib.clang_visitChildren, ci.callbacks["cursor_visit"](visitor)])
    visit, callback = _VISIT
    out: list = []
    visit(cursor, callback, out)
    tu = cursor._tu
    for child in out:
        child._tu = tu  # keeps the translation unit alive, as get_children does
    return out


_METHOD_NAMES: Dict[str, str] = {}  # cursor kind -> name of its _Lowerer method


def _method_name(kind: str) -> str:
    name = _METHOD_NAMES.get(kind)
    if name is None:
        name = _METHOD_NAMES[kind] = "lower_" + kind.lower()
    return name



class _Lowerer:
    """Lowers the cursors of one file to IR nodes, using that file's bytes and tokens (read
    on first use: many header bodies need none)."""

    def __init__(self, source: bytes, load_tokens):
        self.source = source
        self._load_tokens = load_tokens  # () -> [(offset, spelling)], sorted by offset
        self._tokens: Optional[List[Tuple[int, str]]] = None
        self.offsets: List[int] = []

    @property
    def tokens(self) -> List[Tuple[int, str]]:
        if self._tokens is None:
            self._tokens = self._load_tokens()
            self.offsets = [t[0] for t in self._tokens]
        return self._tokens

    def text(self, start: int, end: int) -> str:
        return self.source[start:end].decode("utf-8", "replace")

    def token_at_or_after(self, offset: int) -> Tuple[int, str]:
        tokens = self.tokens
        i = bisect.bisect_left(self.offsets, offset)
        return tokens[i] if i < len(tokens) else (offset, "")

    def tokens_between(self, start: int, end: int) -> List[Tuple[int, str]]:
        tokens = self.tokens
        lo = bisect.bisect_left(self.offsets, start)
        hi = bisect.bisect_left(self.offsets, end)
        return tokens[lo:hi]

    def node(self, cursor, kind: str, children=None, **attrs) -> Node:
        ext = cursor.extent
        line, start = _line_offset(ext.start)
        end = _line_offset(ext.end)[1]
        return Node(kind=kind, start=start, end=end, line=line,
                    text=self.text(start, end), children=children or [], **attrs)

    def null(self, offset: int, line: int) -> Node:
        return Node(kind="null", start=offset, end=offset, line=line, text="")

    def children(self, cursor) -> List[Node]:
        return [self.lower(c) for c in _children(cursor) if c.kind.name not in _SKIP_KINDS]

    def lower(self, cursor) -> Node:
        k = cursor.kind.name
        method = getattr(self, _method_name(k), None)
        if method is not None:
            return method(cursor)
        if k in _CAST_KINDS:
            kids = self.children(cursor)
            return self.node(cursor, "cast", kids[-1:], type=cursor.type.spelling)
        if k in _LITERAL_KINDS:
            return self.node(cursor, "lit")
        if k.startswith("OMP_"):
            return self.node(cursor, "omp", self.children(cursor), name=k)
        if k in ("PAREN_EXPR", "UNEXPOSED_EXPR") or k.endswith("_TEMPORARY_EXPR"):
            kids = self.children(cursor)
            if len(kids) == 1:
                if k == "PAREN_EXPR":  # keep the parentheses in the extent
                    ext = cursor.extent
                    kids[0].start = _line_offset(ext.start)[1]
                    kids[0].end = _line_offset(ext.end)[1]
                    kids[0].text = self.text(kids[0].start, kids[0].end)
                return kids[0]
            return self.node(cursor, "other", kids, name=k)
        return self.node(cursor, "other", self.children(cursor), name=k)

    # statements -----------------------------------------------------------------------
    def lower_compound_stmt(self, c):
        return self.node(c, "block", self.children(c))

    def lower_decl_stmt(self, c):
        return self.node(c, "decls", self.children(c))

    def lower_var_decl(self, c):
        kids = self.children(c)
        return self.node(c, "decl", kids[-1:] if kids else [], name=c.spelling,
                         type=c.type.spelling, ref=_storage(c))

    def lower_return_stmt(self, c):
        return self.node(c, "return", self.children(c))

    def lower_break_stmt(self, c):
        return self.node(c, "break")

    def lower_continue_stmt(self, c):
        return self.node(c, "continue")

    def lower_null_stmt(self, c):
        return self.node(c, "null")

    def lower_if_stmt(self, c):
        return self.node(c, "if", self.children(c))

    def lower_while_stmt(self, c):
        return self.node(c, "while", self.children(c))

    def lower_do_stmt(self, c):
        return self.node(c, "do", self.children(c))

    def lower_for_stmt(self, c):
        """Split a for statement into [init, cond, inc, body] by its parenthesized header."""
        n = self.node(c, "for")
        first = self.token_at_or_after(n.start)
        n.macro = first[1] != "for"
        toks = self.tokens_between(n.start, n.end)
        semis, close, depth = [], None, 0
        for off, spelling in toks:
            if spelling == "(":
                depth += 1
            elif spelling == ")":
                depth -= 1
                if depth == 0:
                    close = off
                    break
            elif spelling == ";" and depth == 1:
                semis.append(off)
        parts = [self.null(n.start, n.line) for _ in range(4)]
        if close is None or len(semis) != 2:  # range-for or unusual header: keep body only
            kids = self.children(c)
            if kids:
                parts[3] = kids[-1]
            n.children = parts
            n.name = "range" if len(semis) != 2 else ""
            return n
        for child in self.children(c):
            if child.start < semis[0]:
                slot = 0
            elif child.start < semis[1]:
                slot = 1
            elif child.start < close:
                slot = 2
            else:
                slot = 3
            parts[slot] = child
        n.children = parts
        return n

    # expressions ----------------------------------------------------------------------
    def lower_call_expr(self, c):
        spelling = c.spelling or ""
        kids = self.children(c)
        ref = c.referenced
        if spelling.startswith("operator"):
            op_tok = spelling[len("operator"):]
            kids = [k for k in kids if not (k.text.startswith("operator") or
                                            (k.kind in ("name", "other") and
                                             k.text.strip() in (op_tok, op_tok[:1], "")))]
            if spelling == "operator[]" and len(kids) >= 2:
                return self.node(c, "index", [kids[0], kids[-1]])
            op = spelling[len("operator"):]
            if len(kids) == 2:
                compare = op in ("==", "!=", "<=", ">=")
                kind = "assign" if op.endswith("=") and not compare else "binop"
                return self.node(c, kind, kids, op=op)
            return self.node(c, "call", [Node("name", c.extent.start.offset, c.extent.start.offset,
                                              c.extent.start.line, spelling, name=spelling)] + kids,
                             name=spelling)
        if ref is not None and ref.kind.name == "CONSTRUCTOR":
            return self.node(c, "construct", kids, name=spelling, type=c.type.spelling)
        if not kids:
            return self.node(c, "call", [], name=spelling)
        if ref is None and kids[0].start > c.extent.start.offset:
            # Dtype(x) in a template: a construction or functional cast, not a call
            return self.node(c, "cast", kids, type=last_identifier(
                self.text(c.extent.start.offset, kids[0].start)))
        callee = kids[0]
        name = callee.name if callee.kind in ("name", "member") and callee.name else \
            last_identifier(callee.text)
        if ref is None and not callee.text:
            name = spelling
        return self.node(c, "call", kids, name=name)

    def lower_member_ref_expr(self, c):
        kids = self.children(c)
        n = self.node(c, "member", kids)
        n.name = c.spelling or last_identifier(n.text)
        n.op = "->" if "->" in n.text else "."
        if not kids:
            n.op = "implicit"
        return n

    def lower_decl_ref_expr(self, c):
        n = self.node(c, "name", [])
        n.name = c.spelling or last_identifier(n.text)
        ref = c.referenced
        if ref is not None:
            rk = ref.kind.name
            if rk == "PARM_DECL":
                n.ref = "param"
            elif rk == "VAR_DECL":
                parent = ref.semantic_parent
                n.ref = "local" if parent is not None and parent.kind.name in _FUNCTION_KINDS \
                    else "global"
                n.ref = _storage(ref) or n.ref
                if n.ref != "local":  # shared or thread-local: is it an array or pointer?
                    n.type = ref.type.spelling
            elif rk == "FIELD_DECL":
                n.ref = "field"
            elif rk in _FUNCTION_KINDS or rk == "OVERLOADED_DECL_REF":
                n.ref = "function"
            elif rk == "ENUM_CONSTANT_DECL":
                n.ref = "enum"
        else:
            n.ref = "function" if "<" in n.text else ""
        return n

    def lower_binary_operator(self, c):
        kids = self.children(c)
        op = self.token_at_or_after(kids[0].end)[1] if kids else "?"
        kind = "assign" if op == "=" else "binop"
        return self.node(c, kind, kids, op=op)

    def lower_compound_assignment_operator(self, c):
        kids = self.children(c)
        op = self.token_at_or_after(kids[0].end)[1] if kids else "?"
        return self.node(c, "assign", kids, op=op)

    def lower_unary_operator(self, c):
        kids = self.children(c)
        n = self.node(c, "unop", kids)
        first = self.token_at_or_after(n.start)
        if kids and first[0] < kids[0].start:
            n.op = first[1]
        else:
            toks = self.tokens_between(kids[0].end if kids else n.start, n.end)
            n.op = "post" + (toks[-1][1] if toks else "?")
        return n

    def lower_array_subscript_expr(self, c):
        return self.node(c, "index", self.children(c))

    def lower_conditional_operator(self, c):
        return self.node(c, "cond", self.children(c))

    def lower_cxx_this_expr(self, c):
        return self.node(c, "this")

    def lower_cxx_new_expr(self, c):
        return self.node(c, "new", self.children(c), type=c.type.spelling)

    def lower_lambda_expr(self, c):
        return self.node(c, "lambda", self.children(c))


def _storage(var) -> str:
    """'thread' for a thread_local variable, 'static' for a function-local static, else ''
    (a variable of namespace or class scope is told apart by its references: 'global')."""
    try:
        if var.tls_kind.name != "NONE":
            return "thread"
        parent = var.semantic_parent
        if var.storage_class.name == "STATIC" and parent is not None and \
                parent.kind.name in _FUNCTION_KINDS:
            return "static"
    except (ValueError, AttributeError):  # a libclang that does not know the kind
        return ""
    return ""


def _field_type(field, source: bytes) -> str:
    """A member's type; as written when libclang could not resolve it (it then spells the
    type `int`: BVLC's `shared_ptr<Net<Dtype> > net_` when boost's headers are missing)."""
    if field.type.kind.name not in ("INVALID", "INT"):
        return field.type.spelling
    text = source[field.extent.start.offset:field.extent.end.offset].decode("utf-8", "replace")
    head, sep, _ = text.rpartition(field.spelling)
    return " ".join(head.split()) if sep and head.strip() else field.type.spelling


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


def tree_relative(path: str, root: Path) -> Optional[str]:
    """path relative to root, or None when it lies outside (cached)."""
    key = (path, root)
    if key not in _REL_CACHE:
        try:
            _REL_CACHE[key] = str(Path(path).resolve().relative_to(root))
        except ValueError:
            _REL_CACHE[key] = None
    return _REL_CACHE[key]


def _file_tokens(tu, file_name: str, source: bytes) -> List[Tuple[int, str]]:
    """(offset, spelling) of the file's tokens, comments left out: libclang's token array
    read directly (the bindings' Token objects cost several calls each)."""
    from ctypes import POINTER, byref, c_uint

    import clang.cindex as ci
    lib = ci.conf.lib
    f = ci.File.from_name(tu, file_name)
    start = ci.SourceLocation.from_offset(tu, f, 0)
    end = ci.SourceLocation.from_offset(tu, f, len(source))
    extent = ci.SourceRange.from_locations(start, end)
    memory, count = POINTER(ci.Token)(), c_uint()
    lib.clang_tokenize(tu, extent, byref(memory), byref(count))
    if count.value < 1:
        return []
    comment = ci.TokenKind.COMMENT.value
    out = []
    try:
        for i in range(count.value):
            tok = memory[i]
            if lib.clang_getTokenKind(tok) == comment:
                continue  # comments may hold any bytes, and say nothing about the code
            offset = _line_offset(lib.clang_getTokenLocation(tu, tok))[1]
            try:
                out.append((offset, lib.clang_getTokenSpelling(tu, tok)))
            except UnicodeDecodeError:  # a non-UTF-8 byte in a literal: keep its place
                out.append((offset, ""))
    finally:
        lib.clang_disposeTokens(tu, memory, count)
    return out



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
            if rel is None:
                continue
            k = c.kind.name
            if k in ("NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL"):
                self.visit(c)
            elif k in _CLASS_KINDS and c.is_definition():
                self.add_class(c, file_name, rel, line)
                self.visit(c, c.spelling)
            elif k in _FUNCTION_KINDS and rel not in self.skip_bodies and c.is_definition():
                self.add_function(c, file_name, rel, line, cls_name)

    def add_class(self, c, file_name: str, rel: str, line: int) -> None:
        """Record a class definition: bases, fields, methods and their default arguments."""
        bases, fields, methods, defaults = [], [], [], {}
        source = self.source_of(file_name)
        for ch in _children(c):
            ck = ch.kind.name
            if ck == "CXX_BASE_SPECIFIER":
                bases.append(last_identifier(_strip_template_args(ch.spelling)))
            elif ck == "FIELD_DECL":
                fields.append(Field(ch.spelling, _field_type(ch, source),
                                    ch.access_specifier.name.lower()))
            elif ck in _FUNCTION_KINDS:
                methods.append(ch.spelling)
                defaults[ch.spelling] = [_param_default(a, source) for a in _children(ch)
                                         if a.kind.name == "PARM_DECL"]
        self.classes.setdefault((rel, c.extent.start.offset), ClassIR(
            name=c.spelling, file=rel, line=line, bases=bases, fields=fields,
            methods=methods, defaults=defaults))

    def add_function(self, c, file_name: str, rel: str, line: int, cls_name: str) -> None:
        """Record a function definition with its lowered body."""
        parent = c.semantic_parent
        owner = parent.spelling if parent is not None and \
            parent.kind.name in _CLASS_KINDS else cls_name
        body = None
        low = self.lowerer_for(file_name)
        for ch in _children(c):
            if ch.kind.name == "COMPOUND_STMT":
                body = low.lower(ch)
        params = [Param(a.spelling, a.type.spelling) for a in _children(c)
                  if a.kind.name == "PARM_DECL"]
        self.functions.setdefault((rel, c.extent.start.offset), FunctionIR(
            file=rel, name=c.spelling, cls=owner, line=line,
            start=c.extent.start.offset, end=c.extent.end.offset, params=params,
            body=body))


def _diagnostics(tu, root: Path, main_rel: str) -> List[Diagnostic]:
    """The unit's errors and fatal errors (warnings left out), files relative to root."""
    diags = []
    for d in tu.diagnostics:
        if d.severity < 3:
            continue
        sev = "fatal" if d.severity >= 4 else "error"
        fname = d.location.file.name if d.location.file else main_rel
        diags.append(Diagnostic(file=tree_relative(fname, root) or fname, line=d.location.line,
                                severity=sev, message=d.spelling))
    return diags


def lower_unit(tu, root: Path, main_rel: str, skip_bodies=frozenset()) -> UnitIR:
    """The IR of a parsed translation unit: its in-tree classes and function bodies (none
    from the files in skip_bodies) and its errors."""
    walker = _UnitWalker(tu, root, skip_bodies)
    walker.visit(tu.cursor)
    diags = _diagnostics(tu, root, main_rel)
    # any error means the AST may be wrong somewhere
    return UnitIR(main_file=main_rel, classes=list(walker.classes.values()),
                  functions=list(walker.functions.values()), diagnostics=diags,
                  degraded=bool(diags))
