"""Where a runtime header's #include goes in a file: after its last #include that every
preprocessor configuration sees. An include inside `#ifdef _OPENMP` or `#ifdef
ENABLE_NMS_OPTIMIZATION` would vanish from builds without that macro while the regions that
use the header stay; a header's include guard is the one conditional that does not count."""
from __future__ import annotations

import re
from typing import Iterator, List, Optional, Tuple

_INCLUDE = re.compile(rb"^\s*#\s*include\b")
_OPEN = re.compile(rb"^\s*#\s*if(n?def)?\b")
_CLOSE = re.compile(rb"^\s*#\s*endif\b")
_GUARD = re.compile(rb"^\s*#\s*(?:ifndef\s+(\w+)|if\s+!\s*defined\s*\(?\s*(\w+)\s*\)?)\s*$")
_DEFINE = re.compile(rb"^\s*#\s*define\s+(\w+)\s*$")
_DIRECTIVE = re.compile(rb"^\s*#")


def _guard_line(lines: List[bytes]) -> Optional[int]:
    """The index of the include guard's opening line: the file's first directive is
    `#ifndef N` (or `#if !defined(N)`) and its next one `#define N`."""
    directives = [i for i, ln in enumerate(lines) if _DIRECTIVE.match(ln)]
    if len(directives) < 2:
        return None
    first, second = directives[0], directives[1]
    guard = _GUARD.match(lines[first].rstrip())
    define = _DEFINE.match(lines[second].rstrip())
    name = guard and (guard.group(1) or guard.group(2))
    return first if name and define and define.group(1) == name else None


def _braces(line: bytes) -> int:
    """How much a line of code opens braces (comments and literals aside)."""
    code = re.sub(rb'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'|//.*|/\*.*?\*/', b"", line)
    return code.count(b"{") - code.count(b"}")


def _outside_braces(lines: List[bytes]) -> Iterator[Tuple[int, int, bytes]]:
    """(index, byte offset, line) of each directive outside any braces: one inside
    `namespace caffe {` or a function is not at the file's top level."""
    braces, pos = 0, 0
    for i, line in enumerate(lines):
        if not _DIRECTIVE.match(line):
            braces += _braces(line)
        elif braces <= 0:
            yield i, pos, line
        pos += len(line)


def offset(source: bytes) -> int:
    """The byte offset at which to insert the include line: just after the last #include
    outside any conditional (the guard aside) and outside any braces (an include inside
    `namespace caffe {` would put the runtime in the namespace); else just before the first
    conditional that holds an #include; else after the guard's #define; else the start."""
    lines = source.splitlines(keepends=True)
    guard = _guard_line(lines)
    depth, last, first_cond, cond_start, after_guard = 0, None, None, None, None
    for i, pos, line in _outside_braces(lines):
        if _OPEN.match(line):
            if i != guard:
                if depth == 0:
                    cond_start = pos
                depth += 1
        elif _CLOSE.match(line) and depth > 0:
            depth -= 1
        elif _INCLUDE.match(line):
            if depth == 0:
                last = pos + len(line)
            elif first_cond is None:
                first_cond = cond_start
        elif guard is not None and after_guard is None and i > guard and _DEFINE.match(line):
            after_guard = pos + len(line)
    for choice in (last, first_cond, after_guard):
        if choice is not None:
            return choice
    return 0
