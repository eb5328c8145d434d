"""Edits as data: byte-range replacements, merged per file, conflicts refused."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterable, List, Tuple


@dataclass(frozen=True)
class Edit:
    file: str  # relative to the tree root
    offset: int
    length: int
    text: str
    plan: str  # which decision asked for it (for reports and conflicts)
    # clang-format may format the lines it touches: not the user's own lines that a region
    # only retargets (the loop header's bounds, the body's accessor calls), which keep
    # their place and indentation
    format: bool = True

    @property
    def end(self) -> int:
        return self.offset + self.length


class EditConflict(Exception):
    pass


def merge(edits: Iterable[Edit]) -> Tuple[Dict[str, List[Edit]], List[Tuple[Edit, Edit]]]:
    """Group edits by file, drop exact duplicates, and refuse overlaps: when two edits
    overlap, the one that comes later in offset order is dropped and reported."""
    by_file: Dict[str, List[Edit]] = {}
    for e in edits:
        by_file.setdefault(e.file, []).append(e)
    conflicts: List[Tuple[Edit, Edit]] = []
    out: Dict[str, List[Edit]] = {}
    for f, es in sorted(by_file.items()):
        # plan is in the key so that which of two identical edits is kept (and the order of
        # conflicts) does not depend on set iteration order, i.e. on the string hash seed
        es = sorted(set(es), key=lambda e: (e.offset, e.length, e.text, e.plan))
        kept: List[Edit] = []
        for e in es:
            if kept:
                last = kept[-1]
                same_spot = last.offset == e.offset and last.length == e.length
                if same_spot and last.text == e.text:
                    continue
                if e.offset < last.end or (same_spot and e.length == 0):
                    conflicts.append((last, e))
                    continue
            kept.append(e)
        out[f] = kept
    return out, conflicts


def apply(source: bytes, edits: List[Edit]) -> bytes:
    """Apply non-overlapping edits to a file's bytes. At one offset an insert (length 0) goes
    before a replacement starting there, whatever order they were given in; inserts at one
    offset keep their given order."""
    out, pos = [], 0
    for e in sorted(edits, key=lambda e: (e.offset, e.length)):
        if e.offset < pos:
            raise EditConflict(f"overlapping edits in {e.file} at byte {e.offset}")
        out.append(source[pos:e.offset])
        out.append(e.text.encode("utf-8"))
        pos = e.end
    out.append(source[pos:])
    return b"".join(out)
