"""libclang wrapper: parse translation units and lower them to the plain IR in `ir.py`.

This is the only module that touches libclang cursors. Units are parsed in parallel worker
processes and cached on disk by a hash of their inputs.
"""
from __future__ import annotations

import bisect
import hashlib
import json
import os
import re
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from .ir import ClassIR, Diagnostic, Field, FunctionIR, Node, Param, UnitIR

# Cached units are invalidated whenever the lowering code changes.
CACHE_VERSION = hashlib.sha256(Path(__file__).read_bytes() +
                               (Path(__file__).parent / "ir.py").read_bytes()).hexdigest()[:16]
# CXTranslationUnit_KeepGoing: keep parsing after a fatal error such as a missing header.
_KEEP_GOING = 0x200

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


class _Lowerer:
    """Lowers the cursors of one file to IR nodes, using that file's bytes and tokens."""

    def __init__(self, source: bytes, tokens: List[Tuple[int, str]]):
        self.source = source
        self.tokens = tokens  # (offset, spelling), sorted by offset
        self.offsets = [t[0] for t in tokens]

    def text(self, start: int, end: int) -> str:
        return self.source[start:end].decode("utf-8", "replace")

    def token_at_or_after(self, offset: int) -> Tuple[int, str]:
        i = bisect.bisect_left(self.offsets, offset)
        return self.tokens[i] if i < len(self.tokens) else (offset, "")

    def tokens_between(self, start: int, end: int) -> List[Tuple[int, str]]:
        lo = bisect.bisect_left(self.offsets, start)
        hi = bisect.bisect_left(self.offsets, end)
        return self.tokens[lo:hi]

    def node(self, cursor, kind: str, children=None, **attrs) -> Node:
        ext = cursor.extent
        start, end = ext.start.offset, ext.end.offset
        return Node(kind=kind, start=start, end=end, line=ext.start.line,
                    text=self.text(start, end), children=children or [], **attrs)

    def null(self, offset: int, line: int) -> Node:
        return Node(kind="null", start=offset, end=offset, line=line, text="")

    def children(self, cursor) -> List[Node]:
        return [self.lower(c) for c in cursor.get_children() if c.kind.name not in _SKIP_KINDS]

    def lower(self, cursor) -> Node:
        k = cursor.kind.name
        method = getattr(self, "lower_" + k.lower(), None)
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
                    kids[0].start, kids[0].end = ext.start.offset, ext.end.offset
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


def _file_tokens(tu, file_name: str, source: bytes):
    import clang.cindex as ci
    f = ci.File.from_name(tu, file_name)
    start = ci.SourceLocation.from_offset(tu, f, 0)
    end = ci.SourceLocation.from_offset(tu, f, len(source))
    extent = ci.SourceRange.from_locations(start, end)
    out = []
    for t in tu.get_tokens(extent=extent):
        if t.kind == ci.TokenKind.COMMENT:
            continue  # comments may hold any bytes, and say nothing about the code
        try:
            out.append((t.extent.start.offset, t.spelling))
        except UnicodeDecodeError:  # a non-UTF-8 byte in a literal: keep its place
            out.append((t.extent.start.offset, ""))
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
            lowerers[file_name] = _Lowerer(source, _file_tokens(tu, file_name, source))
        return lowerers[file_name]

    def visit(cursor, cls_name: str = ""):
        for c in cursor.get_children():
            loc = c.location
            if loc.file is None:
                continue
            rel = _rel(loc.file.name, root)
            if rel is None:
                continue
            k = c.kind.name
            if k in ("NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL"):
                visit(c)
            elif k in _CLASS_KINDS and c.is_definition():
                bases, fields, methods, defaults = [], [], [], {}
                source = source_of(loc.file.name)
                for ch in c.get_children():
                    ck = ch.kind.name
                    if ck == "CXX_BASE_SPECIFIER":
                        bases.append(last_identifier(_strip_template_args(ch.spelling)))
                    elif ck == "FIELD_DECL":
                        fields.append(Field(ch.spelling, ch.type.spelling))
                    elif ck in _FUNCTION_KINDS:
                        methods.append(ch.spelling)
                        defaults[ch.spelling] = [_param_default(a, source) for a in ch.get_children()
                                                 if a.kind.name == "PARM_DECL"]
                classes.setdefault((rel, c.extent.start.offset), ClassIR(
                    name=c.spelling, file=rel, line=loc.line, bases=bases, fields=fields,
                    methods=methods, defaults=defaults))
                visit(c, c.spelling)
            elif k in _FUNCTION_KINDS and c.is_definition() and rel not in skip_bodies:
                parent = c.semantic_parent
                owner = parent.spelling if parent is not None and \
                    parent.kind.name in _CLASS_KINDS else cls_name
                body = None
                low = lowerer_for(loc.file.name)
                for ch in c.get_children():
                    if ch.kind.name == "COMPOUND_STMT":
                        body = low.lower(ch)
                params = [Param(a.spelling, a.type.spelling) for a in c.get_children()
                          if a.kind.name == "PARM_DECL"]
                functions.setdefault((rel, c.extent.start.offset), FunctionIR(
                    file=rel, name=c.spelling, cls=owner, line=loc.line,
                    start=c.extent.start.offset, end=c.extent.end.offset, params=params,
                    body=body))

    visit(tu.cursor)
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
    return _lower_unit(tu, root_p, rel, set(skip_bodies)).to_dict()


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


def build_pch(headers: Sequence[str], args: Sequence[str], key: str) -> Optional[str]:
    """Precompile the common headers once (cached); None when that fails."""
    if not headers:
        return None
    cache = _cache_dir()
    pch = cache / f"prefix-{key[:32]}.pch"
    if pch.exists():
        return str(pch)
    try:
        import clang.cindex as ci
        cache.mkdir(parents=True, exist_ok=True)
        prefix = cache / f"prefix-{key[:32]}.hpp"
        prefix.write_text("".join(f'#include "{h}"\n' for h in headers))
        tu = ci.Index.create().parse(str(prefix), args=list(args), options=_KEEP_GOING)
        if any(d.severity >= 3 for d in tu.diagnostics):
            return None
        tmp = cache / f"prefix-{key[:32]}.pch.tmp{os.getpid()}"
        tu.save(str(tmp))
        os.replace(tmp, pch)
        return str(pch)
    except Exception:  # noqa: BLE001 - a PCH is only an optimization
        return None


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
        by_args: Dict[Tuple[str, ...], Optional[str]] = {}
        with_pch = []
        for f, args, entry in todo:
            key = tuple(args)
            if key not in by_args:
                stamps = _header_stamps(headers, include_dirs)  # clang checks them too
                digest = hashlib.sha256(("\0".join(args) + tree_digest + "|".join(headers) +
                                         stamps).encode()).hexdigest()
                by_args[key] = build_pch(headers, args, digest)
            pch = by_args[key]
            with_pch.append((f, args + ["-include-pch", pch] if pch else args, entry))
        todo = with_pch
        workers = jobs or min(len(todo), os.cpu_count() or 1)
        if workers <= 1 or len(todo) == 1:
            outs = [parse_unit(str(f), str(root), a, skips[f]) for f, a, _ in todo]
            for (f, _, entry), out in zip(todo, outs):
                results[f] = _store(entry, out)
                if progress:
                    progress()
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [(f, entry, pool.submit(parse_unit, str(f), str(root), a, skips[f]))
                           for f, a, entry in todo]
                for f, entry, fut in futures:
                    results[f] = _store(entry, fut.result())
                    if progress:
                        progress()
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
