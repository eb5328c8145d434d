"""Fast access to libclang for the lowering: a source location's file, line and offset,
a cursor's children, and a file's tokens, read through libclang's C functions directly
(the Python bindings allocate objects per query, most of the lowering's time otherwise).
"""
from __future__ import annotations

from typing import List, Optional, Tuple

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


def argument_types(c, kids) -> None:
    """Each argument's canonical type on its lowered node (`Node.canon`) for a call cursor c,
    whose arguments are the last of kids."""
    args = list(c.get_arguments())
    if args and len(args) <= len(kids):
        for a, k in zip(args, kids[len(kids) - len(args):]):
            k.canon = a.type.get_canonical().spelling
