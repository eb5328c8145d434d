"""Partitions of a buffer by sample: the slices an access's offset gives each sample.
`x[n]` gives every sample one element, `x[n * dim + k]` a slice of dim elements, and
`x[n * channels + c]` beside `x[n * dim + k]` slices of two sizes. Two accesses of one buffer
in different partitions reach each other's samples: element n of `x[n]` lies in sample
n / dim's slice of `x[n * dim + k]`.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from .decision import CROSS_SAMPLE, Rejection
from .facts.blocks import unit_only
from .facts.effects import Access
from .facts.effects_model import Offset
from .facts.io_slots import may_pair


def _sizes(off: Offset) -> set:
    return set(off.strides) | {"sample of " + b for b in off.stride_of}


def clash(a: Offset, b: Offset) -> bool:
    """Do two sample-partitioned offsets of one buffer cut it differently: one element per
    sample against a slice per sample, or a stride shorter than the other's (Offset.short_of)?"""
    if not (a.partitioned and b.partitioned):
        return False
    if unit_only(a) != unit_only(b):
        return True
    return bool(set(a.short_of) & _sizes(b) or set(b.short_of) & _sizes(a))


def _same_cut(a: Offset, b: Offset, factors: bool = True) -> bool:
    """Can two sample-partitioned offsets cut their buffer alike? Not one compound and the
    other not: `(n * C + c) * S` strides n by C * S, not by the S it records, and `n * C + c`
    by C (an in-place partner's per-channel scale beside its blocks); nor both compound with
    other recorded factors (`(n * C + c) * H * W` beside `(n * C + c) * 2H * 2W`), or
    other factors before the last (`(n * C + c) * S` beside `(n * half + c) * S`; not
    asked of an in-place partner's: see `clashing`)."""
    same = not factors or sorted(a.factors) == sorted(b.factors)  # as multisets
    return a.compound == b.compound and (not a.compound or set(a.strides) == set(b.strides)
                                         and same)


def _sizes_apart(a: Offset, b: Offset) -> bool:
    """Two sample-partitioned plain strides of one buffer that nothing says are one size:
    not spelled alike, nor one sample of a common Blob (`n * a_` beside `n * b_`)? Compound
    offsets are _same_cut's; an offset with no stride (`x[n]`) is clash's."""
    if not (a.partitioned and b.partitioned) or a.compound or b.compound or \
            not (a.strides and b.strides):
        return False
    return not (set(a.strides) & set(b.strides) or set(a.stride_of) & set(b.stride_of))


def cut_apart(a: Offset, b: Offset, factors: bool = True) -> bool:
    """May two sample-partitioned offsets give a sample different slices: they clash, or
    their forms cannot be one cut (_same_cut: `(n * C + c) * S` beside `n * S`)?"""
    return clash(a, b) or (a.partitioned and b.partitioned and not _same_cut(a, b, factors))


def first_clash(accesses: List[Access]) -> Optional[Tuple[Access, Access]]:
    """Two accesses of one buffer whose partitions may differ, in line order (None: none
    do): cut_apart, or two plain strides not known to be one size (_sizes_apart)."""
    for i, a in enumerate(accesses):
        for b in accesses[i + 1:]:
            if cut_apart(a.offset, b.offset) or _sizes_apart(a.offset, b.offset):
                return (a, b) if a.line <= b.line else (b, a)
    return None


def clashing(reads: List[Access], writes: List[Access]) -> List[Access]:
    """The reads partitioned unlike some write of another buffer (the in-place partner's):
    run in place, they read other samples' elements; also at another stride, not known to be
    one sample's size, than the write's. Compound cuts that differ only in a factor before
    the last (Concat: a bottom read at `n * B * S`, the top written at `(n * T + o) * S`)
    are taken for one: Blobs of different shapes do not run in place."""
    return [r for r in reads if any(cut_apart(r.offset, w.offset, factors=False) or
                                    _unsized_apart(r, w) for w in writes)]


def _unsized_apart(r: Access, w: Access) -> bool:
    """Strides spelled apart, one of them a size from elsewhere (`n * a_` beside `n * b_`, a_
    and b_ the caller's): run in place, the slices differ. Two strides each one sample of
    some Blob are taken for one size, as everywhere (Offset.merged)."""
    return bool(r.offset.unsized or w.offset.unsized) and _sizes_apart(r.offset, w.offset)


def check(name: str, writes: List[Access], reads: List[Access]) -> None:
    """A buffer the loop writes is cut one way by every access to it, or the loop is
    rejected."""
    pair = first_clash(writes + reads) if writes else None
    if pair is not None:
        a, b = pair
        raise Rejection(CROSS_SAMPLE, f"line {a.line}: {a.via} and line {b.line}: {b.via} "
                                      f"reach {name} in slices of two sizes (one element per "
                                      f"sample, a shorter stride or one not known to be as "
                                      f"long, beside a slice per sample): each reaches "
                                      f"other samples' elements")


def partners(name: str, buf: str, by_root: Dict[Tuple[str, str, str], List[Access]]) -> List[str]:
    """The other input/output slots the body reaches whose `buf` may be name's (may_pair)."""
    return sorted(n for k, n, b in by_root if k == "io" and b == buf and n != name
                  and may_pair(name, n))


def scattered_in_place(name: str, writes: List[Access], partner: List[Access]) -> bool:
    """Does the loop sum into input/output `name` at elements not the sample's own (chosen by
    data, `bdiff[perm_[i]] +=`, or fixed, `bdiff[dim_ + k] +=`) while it reads its in-place
    partner, or writes it? Run in place they are one buffer: the original's later samples
    read what earlier ones added there, or overwrite it."""
    return bool(writes) and bool(partner)
