"""The standard library as layers use it: which objects a sample may own, and the effects of
the algorithms by argument, like the math library's table (`mathlib.TABLE`).

An object declared inside the iteration whose type is a standard container of plain
values (CONTAINERS of PLAIN types: no `*`, smart pointer, Blob or class of the tree) is the
sample's own: its methods and operators touch only it, and what they hand out (`begin()`,
`data()`, `operator[]`) points into it. A container of pointers may hand out outer memory,
and a class of the tree has methods of its own, so neither is. An iterator declared inside
the iteration is the sample's own when every value the function gives it is a position in
such an object.

ALGORITHMS: for each algorithm, its iterator ranges `(first, last, mode)` and its output
iterators `(index, mode)`. Over the sample's own objects an algorithm has no effect outside
them. Over outer memory, a read range is a read at offsets the analysis cannot split; a
written range or output is not followed (an unknown call).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

# Containers whose values are plain data of their own (with `std::` or, after `using`,
# without), and the plain types they may hold: any other name in the type (a class of the
# tree, whose methods may do anything; a smart pointer; a Blob) and any `*` or `&` make the
# object not the sample's own.
CONTAINERS = {"vector", "map", "multimap", "set", "multiset", "unordered_map",
              "unordered_set", "pair", "string", "basic_string", "deque", "list", "array",
              "priority_queue", "queue", "stack", "bitset", "less", "greater", "hash",
              "equal_to", "allocator", "char_traits"}
PLAIN = {"std", "const", "int", "unsigned", "signed", "long", "short", "char", "bool", "float",
         "double", "Dtype", "size_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
         "uint16_t", "uint32_t", "uint64_t", "size_type", "__cxx11"}
_NAME = re.compile(r"[A-Za-z_]\w*")
# An iterator's type, as written (`std::map<int, int>::iterator`) or as deduced
# (`std::_Rb_tree_iterator<...>`, `__gnu_cxx::__normal_iterator<float *, ...>`).
ITERATOR = re.compile(r"iterator", re.I)


@dataclass(frozen=True)
class Algorithm:
    ranges: Tuple[Tuple[int, int, str], ...]  # (first, last, read | write)
    outputs: Tuple[int, ...] = ()  # output iterators, written as many as range 0 holds
    counted: Tuple[Tuple[int, int, str], ...] = ()  # (first, count, read | write)
    objects: Tuple[int, ...] = ()  # whole objects written (the sample's own, or unknown)
    inputs: Tuple[int, ...] = ()  # input iterators, read as many as range 0 holds


_R, _W = "read", "write"
ALGORITHMS: Dict[str, Algorithm] = {
    "sort": Algorithm(((0, 1, _W),)),
    "stable_sort": Algorithm(((0, 1, _W),)),
    "partial_sort": Algorithm(((0, 2, _W),)),
    "nth_element": Algorithm(((0, 2, _W),)),
    "reverse": Algorithm(((0, 1, _W),)),
    "fill": Algorithm(((0, 1, _W),)),
    "iota": Algorithm(((0, 1, _W),)),
    "max_element": Algorithm(((0, 1, _R),)),
    "min_element": Algorithm(((0, 1, _R),)),
    "minmax_element": Algorithm(((0, 1, _R),)),
    "accumulate": Algorithm(((0, 1, _R),)),
    "count": Algorithm(((0, 1, _R),)),
    "find": Algorithm(((0, 1, _R),)),
    "lower_bound": Algorithm(((0, 1, _R),)),
    "upper_bound": Algorithm(((0, 1, _R),)),
    "copy": Algorithm(((0, 1, _R),), outputs=(2,)),
    "fill_n": Algorithm((), counted=((0, 1, _W),)),
    "copy_n": Algorithm((), counted=((0, 1, _R), (2, 1, _W))),
    "distance": Algorithm(((0, 1, _R),)),
    "swap": Algorithm((), objects=(0, 1)),
    "count_if": Algorithm(((0, 1, _R),)),
    "find_if": Algorithm(((0, 1, _R),)),
    "all_of": Algorithm(((0, 1, _R),)),
    "any_of": Algorithm(((0, 1, _R),)),
    "none_of": Algorithm(((0, 1, _R),)),
    "replace": Algorithm(((0, 1, _W),)),
    "replace_if": Algorithm(((0, 1, _W),)),
    "inner_product": Algorithm(((0, 1, _R),), inputs=(2,)),
    "equal": Algorithm(((0, 1, _R),), inputs=(2,)),
    "transform": Algorithm(((0, 1, _R),), outputs=(2,)),
    "partial_sum": Algorithm(((0, 1, _R),), outputs=(2,)),
    "adjacent_difference": Algorithm(((0, 1, _R),), outputs=(2,)),
}

# The forms of an algorithm that another argument count selects: transform(first1, last1,
# first2, out, op) reads a second range as long as the first.
BY_ARITY: Dict[Tuple[str, int], Algorithm] = {
    ("transform", 5): Algorithm(((0, 1, _R),), outputs=(3,), inputs=(2,)),
}

# Methods and free functions that hand out a position in the object: their result points
# into it.
# Methods of the sample's own containers that throw nothing of their own (bad_alloc aside);
# any other may (`at`, bitset's `test`, string's positions, a count given to `insert`): an
# early exit where the original loop would hand the exception to its caller.
NOTHROW = {"size", "length", "empty", "begin", "end", "rbegin", "rend", "cbegin", "cend",
           "crbegin", "crend", "data", "c_str", "front", "back", "clear", "push_back",
           "emplace_back", "pop_back", "push_front", "emplace_front", "pop_front", "push",
           "pop", "top", "emplace", "emplace_hint", "find", "count", "lower_bound",
           "upper_bound", "equal_range", "contains", "swap", "capacity", "max_size",
           "shrink_to_fit", "all", "any", "none", "key_comp", "value_comp", "sort",
           "reverse", "unique", "merge", "splice", "remove", "remove_if", "first", "second"}
_ASSOCIATIVE = {"map", "multimap", "set", "multiset", "unordered_map", "unordered_set"}
_STRINGS = {"string", "basic_string"}


def may_throw(type_text: str, method: str, nargs: int) -> bool:
    """May a method of a container of this type throw an exception of its own? (A size it
    is given, `resize(n)` or a constructor's, is judged by its sign elsewhere.)"""
    words = set(_NAME.findall(type_text))
    if method in NOTHROW or method in ("resize", "reserve", "assign", ""):
        return False
    if method in ("set", "reset", "flip") and "bitset" in words:
        return nargs > 0  # a position
    if method in ("insert", "erase") and not words & _STRINGS:
        return bool(method == "insert" and nargs == 3 and not words & _ASSOCIATIVE)
    return True


POSITIONS = {"begin", "end", "rbegin", "rend", "cbegin", "cend", "data", "find",
             "lower_bound", "upper_bound", "front", "back", "at"}


def owns_values(type_text: str) -> bool:
    """Is a variable of this type a value the sample owns outright (a container, string or
    pair of plain values)? Iterators are not: where one points depends on its value
    (`is_iterator`)."""
    t = type_text.strip()
    if not t or "*" in t or "&" in t or ITERATOR.search(t):
        return False
    names = _NAME.findall(t)
    return bool(names) and any(n in CONTAINERS for n in names) and \
        all(n in CONTAINERS or n in PLAIN for n in names)


def is_iterator(type_text: str) -> bool:
    """An iterator's type (or `auto`): the sample's own when every value it is given is a
    position in the sample's own object."""
    t = type_text.strip()
    return t == "auto" or (bool(ITERATOR.search(t)) and "&" not in t)


def range_size(first: str, last: str) -> Optional[str]:
    """How many elements [first, last) holds, from the two normalized texts, when they say it
    plainly: `p, p + E` is E; `p + n * S, p + (n + 1) * S` (or `p + n * S + S`) is S."""
    if last.startswith(first + "+") and _whole(last[len(first) + 1:]):
        return last[len(first) + 1:]
    m = re.fullmatch(r"(.+?)\+(\w+)\*(\w+)", first)
    if m:
        p, n, size = m.groups()
        if last in (f"{p}+({n}+1)*{size}", f"{p}+{n}*{size}+{size}"):
            return size
    return None


def _whole(term: str) -> bool:
    """Is a term the whole rest of a sum (no `+` or `-` outside parentheses)?"""
    depth = 0
    for ch in term:
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and ch in "+-":
            return False
    return True
