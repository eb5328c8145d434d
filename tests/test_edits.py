"""Unit tests of transformer/edits.py: merge (grouping, duplicates, conflicts) and apply."""
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from transformer.edits import Edit, EditConflict, apply, merge

SRC = b"0123456789abcdef"


def E(offset, length, text, plan="p", file="a.cc"):
    return Edit(file, offset, length, text, plan)


def merged(edits, file="a.cc"):
    by_file, conflicts = merge(edits)
    return by_file.get(file, []), conflicts


# --- inserts (length 0) ------------------------------------------------------------------

def test_two_inserts_at_different_offsets_both_apply_in_offset_order():
    late, early = E(8, 0, "<B>"), E(2, 0, "<A>")
    kept, conflicts = merged([late, early])
    assert conflicts == []
    assert kept == [early, late]
    assert apply(SRC, kept) == b"01<A>234567<B>89abcdef"


def test_two_different_inserts_at_same_offset_conflict_smaller_text_kept():
    x, y = E(4, 0, "yy", plan="p1"), E(4, 0, "xx", plan="p2")
    for order in ([x, y], [y, x]):
        kept, conflicts = merged(order)
        assert kept == [y]  # sort is by text at one spot: "xx" < "yy", whatever the input order
        assert conflicts == [(y, x)]  # (kept, dropped)
    assert apply(SRC, kept) == b"0123xx456789abcdef"


def test_insert_at_start_of_replaced_range_is_kept_and_goes_before_it():
    rep, ins = E(4, 3, "R"), E(4, 0, "I")
    for order in ([rep, ins], [ins, rep]):
        kept, conflicts = merged(order)
        assert conflicts == []
        assert kept == [ins, rep]
        assert apply(SRC, kept) == b"0123IR789abcdef"


def test_apply_insert_at_start_of_replacement_independent_of_given_order():
    # apply.py appends the runtime-include insert and sorts by offset only; apply itself
    # must not then take the insert for an overlap (this used to raise EditConflict)
    rep, ins = E(4, 3, "R"), E(4, 0, "I")
    assert apply(SRC, [rep, ins]) == apply(SRC, [ins, rep]) == b"0123IR789abcdef"


def test_apply_keeps_given_order_of_inserts_at_one_offset():
    a, b = E(4, 0, "A"), E(4, 0, "B")
    assert apply(SRC, [a, b]) == b"0123AB456789abcdef"
    assert apply(SRC, [b, a]) == b"0123BA456789abcdef"


def test_insert_at_end_of_replaced_range_is_kept():
    rep, ins = E(4, 3, "R"), E(7, 0, "I")
    kept, conflicts = merged([ins, rep])
    assert conflicts == []
    assert kept == [rep, ins]
    assert apply(SRC, kept) == b"0123RI789abcdef"


def test_insert_inside_replaced_range_is_a_conflict():
    rep, ins = E(4, 3, "R"), E(5, 0, "I")
    kept, conflicts = merged([ins, rep])
    assert kept == [rep]
    assert conflicts == [(rep, ins)]
    with pytest.raises(EditConflict):
        apply(SRC, [rep, ins])


# --- duplicates ---------------------------------------------------------------------------

def test_identical_edit_twice_is_kept_once_not_reported():
    e = E(4, 2, "XY")
    kept, conflicts = merged([e, e])
    assert kept == [e] and conflicts == []
    assert apply(SRC, kept) == b"0123XY6789abcdef"


def test_identical_insert_twice_is_kept_once_not_reported():
    e = E(4, 0, "I")
    kept, conflicts = merged([e, E(4, 0, "I")])
    assert kept == [e] and conflicts == []
    assert apply(SRC, kept) == b"0123I456789abcdef"


def test_identical_edit_from_two_plans_is_kept_once_deterministically():
    a, b = E(4, 2, "XY", plan="plan-a"), E(4, 2, "XY", plan="plan-b")
    for order in ([a, b], [b, a]):
        kept, conflicts = merged(order)
        assert conflicts == []
        assert kept == [a]  # smallest plan name wins
    assert apply(SRC, kept) == b"0123XY6789abcdef"


def test_same_range_different_text_is_not_a_duplicate():
    a, b = E(4, 2, "XY", plan="p1"), E(4, 2, "ZZ", plan="p2")
    kept, conflicts = merged([b, a])
    assert kept == [a]
    assert conflicts == [(a, b)]


def test_duplicate_choice_does_not_depend_on_hash_seed():
    # set() iteration order of str-hashing dataclasses changes with PYTHONHASHSEED; which
    # plan's copy is kept must not
    root = Path(__file__).resolve().parent.parent
    code = ("from transformer.edits import Edit, merge\n"
            "es = [Edit('a.cc', 4, 2, 'XY', 'plan-%d' % i) for i in range(8)]\n"
            "es += [Edit('b.cc', 0, 0, 'I', 'q'), Edit('b.cc', 0, 0, 'J', 'q')]\n"
            "by_file, conflicts = merge(es)\n"
            "print(by_file['a.cc'][0].plan, [(a.text, b.text) for a, b in conflicts])\n")
    seen = set()
    for seed in ("0", "1", "2", "3", "4", "5"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env,
                             capture_output=True, text=True, check=True).stdout
        seen.add(out)
    assert seen == {"plan-0 [('I', 'J')]\n"}


# --- replacements -------------------------------------------------------------------------

def test_overlapping_replacements_later_one_dropped_and_reported():
    first, second = E(2, 4, "A", plan="p1"), E(5, 3, "B", plan="p2")
    kept, conflicts = merged([second, first])
    assert kept == [first]
    assert conflicts == [(first, second)]
    assert apply(SRC, kept) == b"01A6789abcdef"


def test_replacement_contained_in_another_is_dropped():
    outer, inner = E(2, 6, "O"), E(3, 2, "I")
    kept, conflicts = merged([inner, outer])
    assert kept == [outer]
    assert conflicts == [(outer, inner)]


def test_overlap_checked_against_kept_edit_not_just_neighbour():
    # c overlaps a (kept) only; b is dropped in between and must not hide the overlap
    a, b, c = E(0, 10, "A"), E(2, 2, "B"), E(8, 4, "C")
    kept, conflicts = merged([c, b, a])
    assert kept == [a]
    assert conflicts == [(a, b), (a, c)]


def test_adjacent_replacements_both_apply():
    left, right = E(2, 3, "L"), E(5, 3, "R")
    kept, conflicts = merged([right, left])
    assert conflicts == []
    assert kept == [left, right]
    assert apply(SRC, kept) == b"01LR89abcdef"


def test_replacements_one_byte_apart_overlap_by_one():
    left, right = E(2, 3, "L"), E(4, 3, "R")
    kept, conflicts = merged([left, right])
    assert kept == [left]
    assert conflicts == [(left, right)]


# --- several files, input order -----------------------------------------------------------

def test_edits_grouped_per_file_and_independent_of_input_order():
    edits = [
        E(0, 0, "#include <x>\n", file="a.cc"),
        E(4, 2, "AA", file="a.cc"),
        E(4, 2, "AA", plan="other", file="a.cc"),  # duplicate
        E(5, 1, "Z", file="a.cc"),  # overlaps AA
        E(1, 1, "B", file="b.cc"),
        E(1, 0, "b", file="b.cc"),
        E(1, 0, "a", file="b.cc"),  # same-offset insert as "b"
        E(3, 1, "C", file="c/c.cc"),
    ]
    want_by_file, want_conflicts = merge(edits)
    assert sorted(want_by_file) == ["a.cc", "b.cc", "c/c.cc"]
    assert all(e.file == f for f, es in want_by_file.items() for e in es)
    assert [e.text for e in want_by_file["a.cc"]] == ["#include <x>\n", "AA"]
    assert [e.text for e in want_by_file["b.cc"]] == ["a", "B"]
    assert [(a.text, b.text) for a, b in want_conflicts] == [("AA", "Z"), ("a", "b")]
    rng = random.Random(1234)
    for _ in range(30):
        shuffled = edits[:]
        rng.shuffle(shuffled)
        by_file, conflicts = merge(shuffled)
        assert by_file == want_by_file
        assert list(by_file) == list(want_by_file)
        assert conflicts == want_conflicts


def test_merge_of_nothing():
    assert merge([]) == ({}, [])
    assert apply(SRC, []) == SRC


# --- bytes: CRLF and UTF-8 ----------------------------------------------------------------

def test_crlf_offsets_are_bytes_and_other_line_endings_untouched():
    src = b"int a;\r\nfor (i) x();\r\nint b;\r\n"
    start = src.index(b"x();")
    e = E(start, len(b"x();"), "y(i);")
    new = apply(src, [e])
    assert new == b"int a;\r\nfor (i) y(i);\r\nint b;\r\n"
    assert new.count(b"\r\n") == 3 and new.count(b"\n") == 3
    # the same edit computed on a character index of the LF-normalized text would be off
    lf_start = src.decode().replace("\r\n", "\n").index("x();")
    assert lf_start != start


def test_crlf_replacement_of_a_whole_line_replaces_exactly_its_bytes():
    src = b"a\r\nbb\r\nc\r\n"
    line = b"bb\r\n"
    e = E(src.index(line), len(line), "X\r\nY\r\n")
    assert apply(src, [e]) == b"a\r\nX\r\nY\r\nc\r\n"


def test_multibyte_utf8_before_edit_does_not_shift_it():
    src = "// héllo → wörld\nfoo();\n".encode("utf-8")
    start = src.index(b"foo")
    assert start != "// héllo → wörld\nfoo();\n".index("foo")  # bytes, not characters
    new = apply(src, [E(start, 3, "bär")])
    assert new == "// héllo → wörld\nbär();\n".encode("utf-8")
    assert new.decode("utf-8")  # still valid UTF-8


# --- apply refuses overlaps ---------------------------------------------------------------

def test_apply_raises_on_overlapping_replacements():
    with pytest.raises(EditConflict):
        apply(SRC, [E(2, 4, "A"), E(5, 3, "B")])


def test_apply_raises_on_overlap_whatever_the_given_order():
    with pytest.raises(EditConflict):
        apply(SRC, [E(5, 3, "B"), E(2, 4, "A")])


def test_apply_raises_on_two_replacements_at_one_offset():
    with pytest.raises(EditConflict):
        apply(SRC, [E(4, 2, "A"), E(4, 2, "B")])


def test_apply_accepts_adjacent_replacements_given_directly():
    assert apply(SRC, [E(5, 3, "R"), E(2, 3, "L")]) == b"01LR89abcdef"
