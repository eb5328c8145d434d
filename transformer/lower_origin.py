"""Where a lowered expression comes from, read while a unit is lowered: whether a cursor's
tokens come from a macro expansion (`Node.macro`), in which namespaces the declarations
a function's name may call are declared (`Node.scopes`), and the namespace a function
definition is declared in (`FunctionIR.scope`)."""
from __future__ import annotations

# clang's SourceLocation encoding: the top bit of a location's raw value (libclang's
# `int_data`) marks a location inside a macro expansion (a macro's body or argument)
_MACRO_BIT = 1 << 31
# the declarations whose enclosing namespaces say where a called function lives
_FUNCTIONS = ("FUNCTION_DECL", "FUNCTION_TEMPLATE")
# more candidates than this (an operator's overloads): not read, where unknown ('?')
_MAX_CANDIDATES = 32


def from_macro(cursor, extent, operator: bool) -> bool:
    """Does the cursor start inside a macro expansion, or (an operator's cursor, whose
    location is its operator token) is its operator one (`#define DEREF *`)? The end of an
    extent libclang maps out of the macro, so only the start tells."""
    if extent.begin_int_data & _MACRO_BIT:
        return True
    return operator and bool(cursor.location.int_data & _MACRO_BIT)


def declared_scopes(ref) -> str:
    """Where a function name's declarations live: the namespace of each declaration C++
    lookup found (the one a resolved call calls; every candidate of an unresolved call in a
    template), as `caffe`, `caffe::prof` or `::` (the global namespace), space-separated;
    `?` for one declared elsewhere (a class's method, a function's local declaration, a
    using-declaration whose target is not defined in the unit)."""
    if ref.kind.name != "OVERLOADED_DECL_REF":
        return _scope(ref)
    import clang.cindex as ci
    lib = ci.conf.lib
    count = lib.clang_getNumOverloadedDecls(ref)
    if count > _MAX_CANDIDATES:
        return "?"
    return " ".join(_scope(lib.clang_getOverloadedDecl(ref, i)) for i in range(count))


def function_scope(decl) -> str:
    """The namespace a function definition is declared in (as `_scope` reads it)."""
    return _scope(decl.canonical if decl.canonical is not None else decl)


def _scope(decl) -> str:
    """The namespace a function is declared in (`::` for the global one; an anonymous one
    reads `(anonymous)`), '?' for any other place. A using-declaration's shadow (`using
    prof::caffe_scal;`) is where its target is defined, '?' when the unit has no definition."""
    if decl.kind.name not in _FUNCTIONS:
        target = decl.get_definition() if decl.kind.name == "UNEXPOSED_DECL" else None
        if target is None or target.kind.name not in _FUNCTIONS:
            return "?"
        decl = target
    names = []
    parent = decl.semantic_parent
    while parent is not None and parent.kind.name != "TRANSLATION_UNIT":
        kind = parent.kind.name
        if kind == "NAMESPACE":
            names.append(parent.spelling or "(anonymous)")
        elif kind != "LINKAGE_SPEC":  # `extern "C" {`: no scope of its own
            return "?"
        parent = parent.semantic_parent
    return "::".join(reversed(names)) or "::"
