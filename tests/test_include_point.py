"""Where the runtime's #include goes: after the last include every configuration sees.
Negative cases (an include guard, a define with a value) sit beside the positive ones."""
import pytest

from transformer import include_point

CASES = [
    # (name, source, the text just before the insertion point)
    ("plain", b'#include "a.h"\n#include <b>\n\nint x;\n', b'#include <b>\n'),
    ("after a conditional include", b'#include "a.h"\n#ifdef X\n#include <c>\n#endif\nint x;\n',
     b'#include "a.h"\n'),
    ("spaced directives", b'# include "a.h"\n#  if defined(X)\n#include <c>\n#  endif\n',
     b'# include "a.h"\n'),
    ("nested conditionals", b'#include "a.h"\n#if A\n#ifdef B\n#include <c>\n#endif\n'
     b'#include <d>\n#endif\n', b'#include "a.h"\n'),
    ("an include guard is not a condition",
     b'#ifndef A_HPP_\n#define A_HPP_\n#include <v>\n#ifdef _OPENMP\n#include <omp.h>\n'
     b'#endif\nint x;\n#endif  // A_HPP_\n', b'#include <v>\n'),
    ("a guard written with defined()",
     b'#if !defined(A_HPP_)\n#define A_HPP_\n#include <v>\n#endif\n', b'#include <v>\n'),
    ("a guard without includes", b'#ifndef A\n#define A\nint x;\n#endif\n', b'#define A\n'),
    # an include inside a namespace would put the runtime in it (tenth red team)
    ("an include inside a namespace", b'#include <v>\nnamespace caffe {\n#include "t.inc"\n'
     b'}  // namespace caffe\n', b'#include <v>\n'),
    ("braces in comments and strings", b'#include <v>\n// {\nconst char* s = "{";\n'
     b'#include <w>\n', b'#include <w>\n'),
]
BEFORE_CONDITIONAL = [
    # only conditional includes: just before the first conditional that holds one
    ("only conditional includes", b'// c\n#ifdef _OPENMP\n#include <omp.h>\n#endif\n', b'// c\n'),
    ("a define with a value is no guard", b'#ifndef USE_X\n#define OTHER 1\n#include "a.h"\n'
     b'#endif\n', b''),
    ("a define of another name is no guard", b'#ifndef A\n#define B\n#include "a.h"\n#endif\n',
     b''),
    ("no includes at all", b'int x;\n', b''),
]


@pytest.mark.parametrize("name,source,before", CASES + BEFORE_CONDITIONAL,
                         ids=[c[0] for c in CASES + BEFORE_CONDITIONAL])
def test_offset(name, source, before):
    at = include_point.offset(source)
    assert source[:at].endswith(before) and (before or at == 0)
    assert at == 0 or source[at - 1:at] == b"\n"  # always at a line's start


def test_inserted_include_is_seen_without_the_macros():
    """The point is outside every conditional but the guard: the preprocessor's view."""
    src = (b'#ifndef G_\n#define G_\n#include <v>\n#ifdef _OPENMP\n#include <omp.h>\n#endif\n'
           b'#ifdef NEVER\n#include <x>\n#endif\nint y;\n#endif\n')
    at = include_point.offset(src)
    depth = 0
    for line in src[:at].splitlines():
        depth += line.startswith(b"#if") - line.startswith(b"#endif")
    assert depth == 1  # inside the guard only
