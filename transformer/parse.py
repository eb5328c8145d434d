"""libclang wrapper: parse translation units and lower them to the plain IR in `ir.py`.

This is the only module that touches libclang cursors. Units are parsed in parallel worker
processes and cached on disk by a hash of their inputs. The headers most units include are
precompiled twice, side by side in the same workers: whole, and without function bodies for
the units that lower none of them (see _Batch).
"""
from __future__ import annotations

import bisect
import gc
import hashlib
import itertools
import json
import os
import re
import signal
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, replace
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from .ir import ClassIR, Diagnostic, Field, FunctionIR, Node, Param, UnitIR

# Cached units are invalidated whenever the lowering code changes.
CACHE_VERSION = hashlib.sha256(Path(__file__).read_bytes() +
                               (Path(__file__).parent / "ir.py").read_bytes()).hexdigest()[:16]
# CXTranslationUnit_KeepGoing: keep parsing after a fatal error such as a missing header.
_KEEP_GOING = 0x200
# CXTranslationUnit_SkipFunctionBodies: declarations only (for the "decls" prefix).
_SKIP_FUNCTION_BODIES = 0x40

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


def _node_dict(node: Node) -> dict:
    data = dict(node.__dict__)
    data["children"] = [_node_dict(c) for c in node.children]
    return data


def _unit_dict(unit: UnitIR) -> dict:
    """unit.to_dict() (dataclasses.asdict) without its generic deep copy of every Node."""
    data = replace(unit, functions=[]).to_dict()
    data["functions"] = [dict(asdict(replace(f, body=None)),
                              body=_node_dict(f.body) if f.body is not None else None)
                         for f in unit.functions]
    return data


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
                         type=c.type.spelling)

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
                kind = "assign" if op.endswith("=") and op not in ("==", "!=", "<=", ">=") else "binop"
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


def _rel(path: str, root: Path) -> Optional[str]:
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


def _lower_unit(tu, root: Path, main_rel: str, skip_bodies=frozenset()) -> UnitIR:
    classes: Dict[Tuple[str, int], ClassIR] = {}
    functions: Dict[Tuple[str, int], FunctionIR] = {}
    lowerers: Dict[str, _Lowerer] = {}

    sources: Dict[str, bytes] = {}

    def source_of(file_name: str) -> bytes:
        if file_name not in sources:
            sources[file_name] = Path(file_name).read_bytes()
        return sources[file_name]

    def lowerer_for(file_name: str) -> _Lowerer:
        if file_name not in lowerers:
            source = source_of(file_name)
            lowerers[file_name] = _Lowerer(
                source, lambda: _file_tokens(tu, file_name, source))
        return lowerers[file_name]

    names: Dict[int, str] = {}  # file handle -> name

    def visit(cursor, cls_name: str = ""):
        for c in _children(cursor):
            handle, line, _ = _where(c.location)
            if not handle:
                continue
            if handle not in names:
                names[handle] = c.location.file.name
            file_name = names[handle]
            rel = _rel(file_name, root)
            if rel is None:
                continue
            k = c.kind.name
            if k in ("NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL"):
                visit(c)
            elif k in _CLASS_KINDS and c.is_definition():
                bases, fields, methods, defaults = [], [], [], {}
                source = source_of(file_name)
                for ch in _children(c):
                    ck = ch.kind.name
                    if ck == "CXX_BASE_SPECIFIER":
                        bases.append(last_identifier(_strip_template_args(ch.spelling)))
                    elif ck == "FIELD_DECL":
                        fields.append(Field(ch.spelling, ch.type.spelling,
                                            ch.access_specifier.name.lower()))
                    elif ck in _FUNCTION_KINDS:
                        methods.append(ch.spelling)
                        defaults[ch.spelling] = [_param_default(a, source) for a in _children(ch)
                                                 if a.kind.name == "PARM_DECL"]
                classes.setdefault((rel, c.extent.start.offset), ClassIR(
                    name=c.spelling, file=rel, line=line, bases=bases, fields=fields,
                    methods=methods, defaults=defaults))
                visit(c, c.spelling)
            elif k in _FUNCTION_KINDS and rel not in skip_bodies and c.is_definition():
                parent = c.semantic_parent
                owner = parent.spelling if parent is not None and \
                    parent.kind.name in _CLASS_KINDS else cls_name
                body = None
                low = lowerer_for(file_name)
                for ch in _children(c):
                    if ch.kind.name == "COMPOUND_STMT":
                        body = low.lower(ch)
                params = [Param(a.spelling, a.type.spelling) for a in _children(c)
                          if a.kind.name == "PARM_DECL"]
                functions.setdefault((rel, c.extent.start.offset), FunctionIR(
                    file=rel, name=c.spelling, cls=owner, line=line,
                    start=c.extent.start.offset, end=c.extent.end.offset, params=params,
                    body=body))

    visit(tu.cursor)
    visit = None  # noqa: F841 - breaks the closure's cycle, which holds the TU, at once
    diags = []
    degraded = False
    for d in tu.diagnostics:
        if d.severity < 3:
            continue
        sev = "fatal" if d.severity >= 4 else "error"
        degraded = True  # any error means the AST may be wrong somewhere
        fname = d.location.file.name if d.location.file else main_rel
        diags.append(Diagnostic(file=_rel(fname, root) or fname, line=d.location.line,
                                severity=sev, message=d.spelling))
    return UnitIR(main_file=main_rel, classes=list(classes.values()),
                  functions=list(functions.values()), diagnostics=diags, degraded=degraded)


def parse_unit(path: str, root: str, args: Sequence[str], skip_bodies: Sequence[str] = ()) -> dict:
    """Parse one file and return its UnitIR as a dict (runs in a worker process). Function
    bodies in the headers listed in skip_bodies are lowered by another unit."""
    import clang.cindex as ci
    root_p = Path(root).resolve()
    index = ci.Index.create()
    try:
        tu = index.parse(path, args=list(args), options=_KEEP_GOING)
    except ci.TranslationUnitLoadError:
        if "-include-pch" not in args:
            raise
        # a stale precompiled prefix (a header touched since): parse without it
        i = list(args).index("-include-pch")
        plain = list(args[:i]) + list(args[i + 2:])
        tu = index.parse(path, args=plain, options=_KEEP_GOING)
    rel = _rel(path, root_p) or path
    with _no_gc():
        return _unit_dict(_lower_unit(tu, root_p, rel, set(skip_bodies)))


@contextmanager
def _no_gc():
    """Lowering allocates many objects and no garbage cycles, so the cycle collector's passes
    over them (a fifth of the time) find nothing."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _cache_dir() -> Path:
    from .source_tree import cache_dir
    return cache_dir()


def _cache_key(path: Path, args: Sequence[str], tree_digest: str) -> str:
    h = hashlib.sha256()
    h.update(CACHE_VERSION.encode())
    h.update(path.read_bytes())
    h.update(str(path.resolve()).encode())
    h.update("\0".join(args).encode())
    h.update(tree_digest.encode())
    return h.hexdigest()


_INCLUDE_RE = re.compile(rb'^\s*#\s*include\s+"([^"]+)"', re.M)


def include_closure(files: Sequence[Path], include_dirs: Sequence[str]) -> Dict[Path, Dict[str, Path]]:
    """For each file, the in-tree headers it includes directly or through other headers
    (include spelling -> resolved path), found by scanning #include lines."""
    direct: Dict[Path, List[str]] = {}

    def includes_of(path: Path) -> List[str]:
        if path not in direct:
            try:
                text = path.read_bytes()
            except OSError:
                text = b""
            direct[path] = [m.group(1).decode("utf-8", "replace")
                            for m in _INCLUDE_RE.finditer(text)]
        return direct[path]

    resolved: Dict[str, Optional[Path]] = {}

    def resolve(name: str) -> Optional[Path]:
        if name not in resolved:
            resolved[name] = next((Path(d) / name for d in include_dirs
                                   if (Path(d) / name).is_file()), None)
        return resolved[name]

    out: Dict[Path, Dict[str, Path]] = {}
    for f in files:
        seen: Dict[str, Path] = {}
        todo = [f]
        while todo:
            for name in includes_of(todo.pop()):
                if name in seen:
                    continue
                path = resolve(name)
                if path is not None:
                    seen[name] = path
                    todo.append(path)
        out[f] = seen
    return out


def common_headers(files: Sequence[Path], include_dirs: Sequence[str]) -> List[str]:
    """In-tree headers that at least half the files include, directly or through other
    headers: the content of the precompiled prefix."""
    counts: Dict[str, int] = {}
    for seen in include_closure(files, include_dirs).values():
        for name in seen:
            counts[name] = counts.get(name, 0) + 1
    chosen = [n for n, c in counts.items() if c * 2 >= len(files)]
    return sorted(chosen, key=lambda n: (-counts[n], n))


def header_owners(files: Sequence[Path], include_dirs: Sequence[str],
                  root: Path) -> Dict[Path, List[str]]:
    """Each in-tree header's function bodies are lowered in one unit only: the first file
    (in path order) that includes it. Returns, per file, the headers it must skip."""
    closure = include_closure(files, include_dirs)
    owner: Dict[str, Path] = {}
    for f in sorted(files):
        for path in closure[f].values():
            rel = _rel(str(path), root)
            if rel is not None:
                owner.setdefault(rel, f)
    skip: Dict[Path, List[str]] = {}
    for f in files:
        rels = {_rel(str(p), root) for p in closure[f].values()}
        skip[f] = sorted(r for r in rels if r is not None and owner.get(r) != f)
    return skip


def _header_stamps(headers: Sequence[str], include_dirs: Sequence[str]) -> str:
    out = []
    for h in headers:
        for d in include_dirs:
            p = Path(d) / h
            if p.is_file():
                st = p.stat()
                out.append(f"{p}:{st.st_mtime_ns}:{st.st_size}")
                break
    return "|".join(out)


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    tmp.write_text(text)
    os.replace(tmp, path)


def build_pch(headers: Sequence[str], args: Sequence[str], key: str,
              skip_bodies: bool = False) -> Optional[Tuple[str, List[str]]]:
    """Precompile the common headers once (cached): the .pch and the files it includes, or
    None when that fails. With skip_bodies the headers' function bodies are left out: it
    builds in half the time, and a unit that lowers none of those bodies parses several times
    faster with it (no instantiation of the bodies' templates)."""
    if not headers:
        return None
    cache = _cache_dir()
    stem = f"prefix-{key[:32]}" + ("-decls" if skip_bodies else "")
    pch, listing = cache / f"{stem}.pch", cache / f"{stem}.files"
    if pch.exists():
        try:
            return str(pch), json.loads(listing.read_text())
        except (OSError, ValueError):
            pass  # no listing (an older cache): build it again
    try:
        import clang.cindex as ci
        cache.mkdir(parents=True, exist_ok=True)
        prefix = cache / f"{stem}.hpp"
        _write_atomic(prefix, "".join(f'#include "{h}"\n' for h in headers))
        options = _KEEP_GOING | (_SKIP_FUNCTION_BODIES if skip_bodies else 0)
        tu = ci.Index.create().parse(str(prefix), args=list(args), options=options)
        if any(d.severity >= 3 for d in tu.diagnostics):
            return None
        files = sorted({inc.include.name for inc in tu.get_includes()})
        _write_atomic(listing, json.dumps(files))
        tmp = cache / f"{stem}.pch.tmp{os.getpid()}"
        tu.save(str(tmp))
        os.replace(tmp, pch)
        return str(pch), files
    except Exception:  # noqa: BLE001 - a PCH is only an optimization
        return None


class _Pool(ProcessPoolExecutor):
    """Worker processes that leave Ctrl-C to the main process, which cancels what is queued:
    a worker interrupted while starting or waiting for work would print a traceback.
    Workers are started inside submit(); SIGINT is blocked there, so a worker is born with
    it blocked and ignores it (dropping one already pending) before it unblocks it."""

    def __init__(self, max_workers: int):
        super().__init__(max_workers=max_workers, initializer=_worker_init)

    def submit(self, fn, /, *args, **kwargs):
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return super().submit(fn, *args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _Inline:
    """An executor that runs each call at once, in this process (one job)."""

    def submit(self, fn, *args) -> Future:
        fut: Future = Future()
        try:
            fut.set_result(fn(*args))
        except Exception as e:  # noqa: BLE001 - raised again by fut.result()
            fut.set_exception(e)
        return fut

    def shutdown(self, wait=True, cancel_futures=False):
        pass


_PENDING = "pending"


class _FlagSet:
    """The units to parse with one set of flags, and what is known of their prefixes."""

    def __init__(self):
        self.waiting: List[tuple] = []  # units whose prefix is not decided yet
        self.prefix: Dict[str, object] = {}  # "full" / "decls" -> build_pch's result
        self.held: List[tuple] = []  # (unit, data) parsed with "decls", not final yet
        self.open_full = 0  # units queued or running with the complete prefix
        self.suspect = False  # one of those had an error located in the prefix's files


class _Batch:
    """Runs the parse of the units to do on an executor, `slots` calls at a time.

    Per flag set, two precompiled prefixes of the common headers are built first, side by
    side: the complete one (what every unit parsed with before) and one without function
    bodies ("decls"). A unit that lowers no function body of the in-tree headers in the
    prefix (other units own them all) parses with the second, which gives the same IR in a
    fraction of the time. Its result is kept only once the complete prefix has built and the
    units parsed with it are done: when the complete prefix fails, every unit parses without
    one, and when those units report an error inside the prefix's headers (a template body
    that does not instantiate), every unit parses with the complete prefix, as before.
    """

    def __init__(self, pool, slots: int, root: Path, skips: Dict[Path, List[str]]):
        self.pool, self.slots, self.root, self.skips = pool, slots, root, skips
        self.queue: List[tuple] = []  # (rank, seq, fn, args, what)
        self.running: Dict[Future, tuple] = {}
        self.sets: Dict[tuple, _FlagSet] = {}
        self.seq = itertools.count()  # first queued, first run among equals

    def _push(self, rank: tuple, fn, args: tuple, what: tuple) -> None:
        self.queue.append((rank, next(self.seq), fn, args, what))

    def _push_unit(self, unit: tuple, variant: Optional[str]) -> None:
        f, args, _ = unit
        fs = self.sets[tuple(args)]
        prefix = fs.prefix[variant] if variant else None
        fs.open_full += variant == "full"
        try:
            size = f.stat().st_size
        except OSError:
            size = 0
        order = {None: 0, "full": 1, "decls": 2}[variant]  # slow parses first
        self._push((1, order, -size), parse_unit,
                   (str(f), str(self.root), args + ["-include-pch", prefix[0]] if prefix else args,
                    self.skips[f]), ("unit", unit, variant))

    def _in_tree(self, names: Sequence[str]) -> set:
        return {_rel(name, self.root) for name in names} - {None}

    def _place(self, fs: _FlagSet) -> None:
        """Queue the units whose prefix is decided."""
        full, decls = fs.prefix.get("full", _PENDING), fs.prefix.get("decls", _PENDING)
        still = []
        for unit in fs.waiting:
            if full is None:
                self._push_unit(unit, None)
            elif decls not in (_PENDING, None) and not fs.suspect and \
                    self._in_tree(decls[1]) <= set(self.skips[unit[0]]):
                self._push_unit(unit, "decls")
            elif decls is not _PENDING and full is not _PENDING:
                self._push_unit(unit, "full")
            else:
                still.append(unit)
        fs.waiting = still

    def _settle(self, fs: _FlagSet):
        """Yields the held results that are final; queues the others again."""
        full = fs.prefix.get("full", _PENDING)
        if full is _PENDING or fs.waiting or fs.open_full or not fs.held:
            return
        held, fs.held = fs.held, []
        for unit, data in held:
            if full is None:
                self._push_unit(unit, None)
            elif fs.suspect:
                self._push_unit(unit, "full")
            else:
                yield unit, data

    def _finished(self, what: tuple, result):
        if what[0] == "pch":
            _, flags, variant = what
            fs = self.sets[flags]
            fs.prefix[variant] = result
            self._place(fs)
        else:
            _, unit, variant = what
            fs = self.sets[tuple(unit[1])]
            if variant == "full":
                fs.open_full -= 1
                files = {_rel(n, self.root) or n for n in fs.prefix["full"][1]}
                fs.suspect |= any(d["file"] in files for d in result["diagnostics"])
            if variant == "decls":
                fs.held.append((unit, result))
            else:
                yield unit, result
        yield from self._settle(fs)

    def run(self, todo, headers: Sequence[str], include_dirs: Sequence[str], tree_digest: str):
        """Yields (unit, data) for each unit of todo as its result becomes final."""
        for unit in todo:
            self.sets.setdefault(tuple(unit[1]), _FlagSet()).waiting.append(unit)
        stamps = _header_stamps(headers, include_dirs)  # clang checks them too
        for flags, fs in self.sets.items():
            digest = hashlib.sha256(("\0".join(flags) + tree_digest + "|".join(headers) +
                                     stamps).encode()).hexdigest()
            for variant in ("decls", "full"):
                if headers:
                    self._push((0,), build_pch, (headers, list(flags), digest,
                                                 variant == "decls"), ("pch", flags, variant))
                else:
                    fs.prefix[variant] = None
            self._place(fs)
        while self.queue or self.running:
            self._submit()
            done, _ = wait(list(self.running), return_when=FIRST_COMPLETED)
            final = []
            for fut in sorted(done, key=lambda d: self.running[d][0] != "pch"):
                final += self._finished(self.running.pop(fut), fut.result())
            self._submit()  # before the caller stores the results: no worker waits on that
            yield from final

    def _submit(self) -> None:
        """Keep every worker busy, with one call more waiting, in the order of the queue."""
        self.queue.sort(key=lambda q: q[:2])
        while self.queue and len(self.running) < self.slots + 1:
            _, _, fn, args, what = self.queue.pop(0)
            self.running[self.pool.submit(fn, *args)] = what


def parse_files(files: Sequence[Path], root: Path, args_for, tree_digest: str,
                jobs: Optional[int] = None, progress=None) -> List[UnitIR]:
    """Parse many files in parallel, reusing cached results keyed by content hash.

    args_for(path) gives the compiler arguments of one file; tree_digest covers every header
    in the tree, so an edited header invalidates the units that may include it.
    """
    cache = _cache_dir()
    results: Dict[Path, UnitIR] = {}
    todo: List[Tuple[Path, List[str], Path]] = []
    all_dirs = sorted({a[2:] for f in files for a in args_for(f) if a.startswith("-I")})
    skips = header_owners(files, all_dirs, root)
    for f in files:
        args = list(args_for(f))
        entry = cache / (_cache_key(f, args + ["skip:"] + skips[f], tree_digest) + ".json")
        if entry.exists():
            try:
                results[f] = UnitIR.from_dict(json.loads(entry.read_text()))
                if progress:
                    progress()
                continue
            except (ValueError, KeyError, TypeError):
                pass
        todo.append((f, args, entry))
    if todo:
        include_dirs = sorted({a[2:] for _, args, _ in todo for a in args if a.startswith("-I")})
        headers = common_headers([f for f, _, _ in todo], include_dirs)
        # one more worker than units: the two prefixes build side by side
        workers = jobs or min(len(todo) + 1, os.cpu_count() or 1)
        pool = _Pool(workers) if workers > 1 else _Inline()
        try:
            with _no_gc():
                batch = _Batch(pool, max(workers, 1), root, skips)
                for (f, _, entry), data in batch.run(todo, headers, include_dirs, tree_digest):
                    results[f] = _store(entry, data)
                    if progress:
                        progress()
        except BaseException:
            # Ctrl-C (or an error): drop the queued units; a worker finishes the one it holds
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
    return [results[f] for f in files]


def _store(entry: Path, data: dict) -> UnitIR:
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_suffix(".tmp%d" % os.getpid())
        tmp.write_text(json.dumps(data))
        os.replace(tmp, entry)
    except OSError:
        pass
    return UnitIR.from_dict(data)
