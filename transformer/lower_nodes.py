"""Lowering of function bodies: the statement and expression cursors of one file to IR
`Node`s (`_Lowerer`, one `lower_<cursor kind>` method per kind it knows), with the cursor
kinds it skips or folds, and `last_identifier` for names spelled with templates.
"""
from __future__ import annotations

import bisect
import re
from typing import Dict, List, Optional, Tuple

from .ir import Node
from .lower_clang import _children, _line_offset, argument_types
from .lower_constants import _FUNCTION_KINDS, constant_value
from .lower_origin import declared_scopes, from_macro

_SKIP_KINDS = {"TYPE_REF", "TEMPLATE_REF", "NAMESPACE_REF", "TEMPLATE_TYPE_PARAMETER",
               "TEMPLATE_NON_TYPE_PARAMETER", "CXX_ACCESS_SPEC_DECL", "OVERLOADED_DECL_REF"}
_CAST_KINDS = {"CSTYLE_CAST_EXPR", "CXX_STATIC_CAST_EXPR", "CXX_REINTERPRET_CAST_EXPR",
               "CXX_CONST_CAST_EXPR", "CXX_DYNAMIC_CAST_EXPR", "CXX_FUNCTIONAL_CAST_EXPR"}
_LITERAL_KINDS = {"INTEGER_LITERAL", "FLOATING_LITERAL", "STRING_LITERAL", "CHARACTER_LITERAL",
                  "CXX_BOOL_LITERAL_EXPR", "CXX_NULL_PTR_LITERAL_EXPR", "CXX_UNARY_EXPR"}
_IDENT = re.compile(r"[A-Za-z_]\w*")
# The emitted code's namespace, and the declarations that `cgp::` would find before it
RUNTIME_NAMESPACE = "cgp"
NAMING_KINDS = {"NAMESPACE", "NAMESPACE_ALIAS", "CLASS_DECL", "STRUCT_DECL", "UNION_DECL",
                "CLASS_TEMPLATE", "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION", "ENUM_DECL",
                "TYPEDEF_DECL", "TYPE_ALIAS_DECL", "TYPE_ALIAS_TEMPLATE_DECL",
                "USING_DECLARATION", "TEMPLATE_TYPE_PARAMETER", "TEMPLATE_TEMPLATE_PARAMETER"}


def names_runtime(kind: str, spelling: str) -> bool:
    """Is a cursor a declaration that the emitted `cgp::` would find (NAMING_KINDS)?"""
    return kind in NAMING_KINDS and spelling == RUNTIME_NAMESPACE


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
        self.clashes: List[int] = []  # lines of local declarations named RUNTIME_NAMESPACE
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
        return Node(kind=kind, start=start, end=end, line=line, text=self.text(start, end),
                    children=children or [],
                    macro=from_macro(cursor, ext, kind in ("binop", "assign", "unop")), **attrs)

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
            return self.node(cursor, "cast", kids[-1:], type=narrow_visible(cursor.type))
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
        node = self.node(cursor, "other", self.children(cursor), name=k)
        if names_runtime(k, cursor.spelling):
            self.clashes.append(node.line)  # `struct cgp {};` in a body
        return node

    # statements -----------------------------------------------------------------------
    def lower_compound_stmt(self, c):
        return self.node(c, "block", self.children(c))

    def lower_decl_stmt(self, c):
        return self.node(c, "decls", self.children(c))

    def lower_var_decl(self, c):
        kids = self.children(c)
        n = self.node(c, "decl", kids[-1:] if kids else [], name=c.spelling,
                      type=_declared_type(c.type), ref=_storage(c),
                      category=type_category(c.type), canon=c.type.get_canonical().spelling)
        return n

    def lower_return_stmt(self, c):
        return self.node(c, "return", self.children(c))

    def lower_break_stmt(self, c):
        return self.node(c, "break")

    def lower_continue_stmt(self, c):
        return self.node(c, "continue")

    def lower_null_stmt(self, c):
        return self.node(c, "null")

    def lower_if_stmt(self, c):
        """`if (init; cond)` and `if (T x = e)`: the init or the declaration runs first, in a
        block around an if whose children are [cond, then, else] as for any if."""
        node = self.node(c, "if", self.children(c))
        semis, close = self.header(node)
        head = [k for k in node.children if k.start < close]
        rest = [k for k in node.children if k.start >= close]
        if len(head) <= 1 or not rest or close >= node.end or \
                not re.match(r"\s*if\b", node.text):  # (a macro's if: as it is)
            return node
        node.children = head[-1:] + rest
        return Node(kind="block", start=node.start, end=node.end, line=node.line,
                    text=node.text, children=head[:-1] + [node])

    def lower_switch_stmt(self, c):
        return self.with_unexposed_init(self.node(c, "other", self.children(c), name=c.kind.name))

    def lower_cxx_for_range_stmt(self, c):
        return self.with_unexposed_init(self.node(c, "other", self.children(c), name=c.kind.name))

    def with_unexposed_init(self, node: Node) -> Node:
        """A switch's or a range-for's init statement (`switch (x += 1; n % 2)`), which
        libclang's cursors leave out: an `UNEXPOSED_INIT` node before the statement, an
        effect the walk cannot see."""
        semis, close = self.header(node)
        if not semis or close >= node.end or any(k.start < semis[0] for k in node.children) \
                or not re.match(r"\s*(switch|for)\b", node.text):
            return node
        init = Node(kind="other", start=node.start, end=semis[0], line=node.line,
                    text=self.text(node.start, semis[0]), name="UNEXPOSED_INIT")
        return Node(kind="block", start=node.start, end=node.end, line=node.line,
                    text=node.text, children=[init, node])

    def header(self, node: Node) -> Tuple[List[int], int]:
        """The offsets of the top-level `;` in a statement's parenthesized header, and of the
        `)` that closes it (the statement's end when there is none)."""
        depth, semis = 0, []
        for off, tok in self.tokens_between(node.start, node.end):
            if tok in ("(", "[", "{"):
                depth += 1
            elif tok in (")", "]", "}"):
                depth -= 1
                if depth == 0:
                    return semis, off
            elif tok == ";" and depth == 1:
                semis.append(off)
        return semis, node.end

    def lower_while_stmt(self, c):
        return self.node(c, "while", self.children(c))

    def lower_do_stmt(self, c):
        return self.node(c, "do", self.children(c))

    def lower_for_stmt(self, c):
        """Split a for statement into [init, cond, inc, body] by its parenthesized header."""
        n = self.node(c, "for")
        first = self.token_at_or_after(n.start)
        n.macro = n.macro or first[1] != "for"  # from a macro, or in a macro's argument
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
        argument_types(c, kids)
        ref = c.referenced
        if spelling.startswith("operator"):
            n = self.lower_operator_call(c, spelling, kids)
            if ref is not None and ref.location.file is not None and \
                    not ref.location.is_in_system_header:
                n.ref = "overload"  # an operator the tree itself defines
            return n
        if ref is not None and ref.kind.name == "CONSTRUCTOR":
            return self.node(c, "construct", kids, name=spelling, type=c.type.spelling)
        if ref is not None and ref.kind.name == "CONVERSION_FUNCTION":
            # `static_cast<Dtype>(*this)`, `this->operator Dtype()`: the class's method, not
            # a functional cast to Dtype
            return self.node(c, "call", kids, name=ref.spelling, type=c.type.spelling)
        if not kids:
            return self.node(c, "call", [], name=spelling, type=c.type.spelling)
        if ref is None and kids[0].start > c.extent.start.offset:
            # Dtype(x) in a template: a construction or functional cast, not a call
            return self.node(c, "cast", kids, type=last_identifier(
                self.text(c.extent.start.offset, kids[0].start)))
        callee = kids[0]
        name = callee.name if callee.kind in ("name", "member") and callee.name else \
            last_identifier(callee.text)
        if ref is None and not callee.text:
            name = spelling
        return self.node(c, "call", kids, name=name, type=c.type.spelling)

    def lower_operator_call(self, c, spelling: str, kids: List[Node]) -> Node:
        """`a << b`, `v[i]`, `-s`: an index, an assignment or a binary operator over the
        operands, else a call named after the operator."""
        op_tok = spelling[len("operator"):]
        kids = [k for k in kids if not (k.text.startswith("operator") or
                                        (k.kind in ("name", "other") and
                                         k.text.strip() in (op_tok, op_tok[:1], "")))]
        if spelling == "operator[]" and len(kids) >= 2:
            n = self.node(c, "index", [kids[0], kids[-1]])
            n.category = type_category(c.type)
            return n
        op = spelling[len("operator"):]
        if len(kids) == 2:
            compare = op in ("==", "!=", "<=", ">=")
            kind = "assign" if op.endswith("=") and not compare else "binop"
            return self.node(c, kind, kids, op=op)
        return self.node(c, "call", [Node("name", c.extent.start.offset, c.extent.start.offset,
                                          c.extent.start.line, spelling, name=spelling)] + kids,
                         name=spelling)

    def lower_member_ref_expr(self, c):
        kids = self.children(c)
        n = self.node(c, "member", kids)
        n.name = c.spelling or last_identifier(n.text)
        conversion = re.search(r"(?:->|\.|^)\s*(operator\s+[A-Za-z_][\w:<>, ]*)$", n.text)
        if conversion and not re.search(r"operator\s*(new|delete)\b", n.text):
            n.name = " ".join(conversion.group(1).split())  # `this->operator Dtype`
        n.op = "->" if "->" in n.text else "."
        if not kids:
            n.op = "implicit"
        if c.referenced is not None:  # `this->kBack`, a static constant member
            n.value = constant_value(c.referenced)
        elif "::" in n.text:  # `Lags<Dtype>::kBack`: a member a template argument decides
            n.value = "?"
        return n

    def lower_decl_ref_expr(self, c):
        n = self.node(c, "name", [])
        n.name = c.spelling or last_identifier(n.text)
        ref = c.referenced
        if ref is not None:
            rk = ref.kind.name
            n.canon = c.type.get_canonical().spelling if rk in ("PARM_DECL", "VAR_DECL") else ""
            if rk == "PARM_DECL":
                n.ref = "param"
                n.decl = ref.extent.start.offset
            elif rk == "VAR_DECL":
                parent = ref.semantic_parent
                n.ref = "local" if parent is not None and parent.kind.name in _FUNCTION_KINDS \
                    else "global"
                n.decl = ref.extent.start.offset if n.ref == "local" else -1
                n.ref = _storage(ref) or n.ref
                if n.ref != "local":  # shared or thread-local: is it an array or pointer?
                    n.type = ref.type.spelling
            elif rk == "FIELD_DECL":
                n.ref = "field"
            elif rk in _FUNCTION_KINDS or rk == "OVERLOADED_DECL_REF":
                n.ref, n.scopes = "function", declared_scopes(ref)
            elif rk == "ENUM_CONSTANT_DECL":
                n.ref = "enum"
            elif rk == "TEMPLATE_NON_TYPE_PARAMETER":
                n.value = "?"
            elif rk == "UNEXPOSED_DECL":  # a structured binding's name, among others
                n.ref = "binding"
                n.decl = ref.extent.start.offset
            n.value = n.value or constant_value(ref)
        else:
            n.ref = "function" if "<" in n.text else ""
            if "::" in n.text:  # `Lags<Dtype>::kBack`: a name a template argument decides
                n.value = "?"
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
        n = self.node(c, "index", self.children(c))
        n.category = type_category(c.type)  # `acts_[0]`: a table of callables
        return n

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


# a type a template leaves open that may turn out a reference: what `decltype` gives, and
# a dependent `::type` or `::reference` (`std::add_lvalue_reference_t<Dtype>`,
# `typename std::vector<Dtype>::reference`): taken as one, a write through it is a write
# to what it was bound to
_MAY_REFER = re.compile(r"\bdecltype\(|^typename .*::(type|reference)$")


def _declared_type(t) -> str:
    """A declaration's type as spelled, with the `&` of a reference or the `*` of a pointer
    that a typedef hides made visible (`DRef` for `Dtype&` reads `DRef &`): the analysis
    tells references and pointers by their spelling."""
    spelling = t.spelling
    canonical = t.get_canonical()
    kind = canonical.kind.name
    if kind in ("LVALUEREFERENCE", "RVALUEREFERENCE") and "&" not in spelling:
        return spelling + " &"
    if kind in ("AUTO", "UNEXPOSED") and _MAY_REFER.search(canonical.spelling):
        return spelling + " &"  # in a template: `decltype(auto)`, `X<Dtype>::reference`
    if kind == "POINTER" and "*" not in spelling:
        return spelling + " *"
    return narrow_visible(t)


def type_category(t) -> str:
    """What a declared type is underneath typedefs and aliases: `number` (a builtin
    arithmetic type but bool, a template's type parameter such as Dtype, std::complex),
    `bool`, `pointer`, `reference`, `object` (a class type: a container, an iterator,
    std::atomic), `callable` (a class with an `operator()`, a std::function, a closure, a bound
    call), `auto` (not deduced in a template), '' (unknown)."""
    canonical = t.get_canonical()
    kind = canonical.kind.name
    spelling = canonical.spelling
    if kind in _NUMBER_CANONICAL:
        return "number"
    if kind == "BOOL":
        return "bool"
    if kind in ("POINTER", "MEMBERPOINTER", "BLOCKPOINTER"):
        return "pointer"
    if kind in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        return "reference"
    if kind == "AUTO":
        return "auto"
    if re.fullmatch(r"(const )?type-parameter-\d+-\d+", spelling):
        return "number"  # a template's type parameter (Caffe's Dtype)
    if re.match(r"(const )?(std::)?complex<", spelling):
        return "number"
    if "(lambda at" in spelling or re.match(r"(const )?(std::)?(function|_Bind)\b", spelling):
        return "callable"
    declaration = canonical.get_declaration()
    if kind in ("RECORD", "UNEXPOSED", "ELABORATED", "TEMPLATESPECIALIZATION") and \
            declaration.kind.name != "NO_DECL_FOUND":
        return "callable" if _has_call_operator(declaration) else "object"
    return ""


_CALLABLE_CLASSES: Dict[str, bool] = {}  # a class's USR -> has it an operator()


def _has_call_operator(declaration) -> bool:
    """Does a class (or class template) declare an `operator()`?"""
    key = declaration.get_usr()
    if key not in _CALLABLE_CLASSES:
        found = any(ch.spelling == "operator()" for ch in declaration.get_children()
                    if ch.kind.name in ("CXX_METHOD", "FUNCTION_TEMPLATE"))
        if not key:
            return found
        _CALLABLE_CLASSES[key] = found
    return _CALLABLE_CLASSES[key]


_NARROW_KINDS = ("BOOL", "CHAR_U", "UCHAR", "CHAR_S", "SCHAR", "SHORT", "USHORT", "CHAR16",
                 "WCHAR")


# builtin arithmetic types a typedef may hide (`int_tp`, `ssize_t`, `real_t`): the analysis
# tells integers from floating types by spelling
_NUMBER_KINDS = _NARROW_KINDS + ("INT", "UINT", "LONG", "ULONG", "LONGLONG", "ULONGLONG",
                                 "FLOAT", "DOUBLE", "LONGDOUBLE")
# a type_category `number`: those, not bool nor the wide character types, and 128-bit integers
_NUMBER_CANONICAL = tuple(k for k in _NUMBER_KINDS if k not in ("BOOL", "CHAR16", "WCHAR")) + \
    ("INT128", "UINT128")


def narrow_visible(t) -> str:
    """A type as spelled, or its builtin type when a typedef hides one (`Slot` for `unsigned
    char` reads `unsigned char`, too narrow for a sample index; `int_tp` reads `int`)."""
    canonical = t.get_canonical()
    return canonical.spelling if canonical.kind.name in _NUMBER_KINDS else t.spelling
