"""Check cases for every transformed layer type, derived from the tree itself.

Proposals come, in this order, from: the hand-written cases of cases.py (shapes of the nets
the tool is measured on); the tree's own C++ tests (their layer settings and input shapes);
the layer definitions in the tree's prototxt files and in the nets its tests embed, with
shapes of a few generic kinds; and an empty LayerParameter. Bottom and top counts come from
what the layer declares (ExactNumBottomBlobs and friends, asked of the original build).

The original build judges every proposal: one it rejects (a CHECK fails, the layer throws)
is not a set-up of that layer, and is dropped. So the heuristics here choose which inputs are
tried, never what a result means. A type with no accepted proposal is `unchecked`.
"""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional, Tuple

from .. import buildtree, proto_text
from ..errors import InputError
from ..source_tree import walk
from . import test_setups
from .cases import CASES, NOT_DRIVEN, Case

MAX_CASES = 2        # accepted derived cases kept per type
MAX_PROPOSALS = 40   # proposals tried per type before giving up
_SKIP_DIRS = {"docs"}  # beyond the build and hidden directories source_tree.walk prunes


@dataclass
class Blobs:
    """What a layer declares about its inputs and outputs (-1: not declared)."""
    exact_bottoms: int = -1
    min_bottoms: int = -1
    max_bottoms: int = -1
    exact_tops: int = -1
    min_tops: int = -1
    max_tops: int = -1
    equal: bool = False

    def bottom_counts(self) -> List[int]:
        if self.exact_bottoms >= 0:
            return [self.exact_bottoms]
        low = max(self.min_bottoms, 1)
        return [low, low + 1] if self.max_bottoms < 0 or self.max_bottoms > low else [low]

    def tops(self, bottoms: int) -> int:
        if self.equal:
            return bottoms
        if self.exact_tops >= 0:
            return self.exact_tops
        return max(self.min_tops, 1)

    def fits(self, bottoms: int, tops: int) -> bool:
        def ok(n, exact, low, high):
            return (exact < 0 or n == exact) and n >= low and (high < 0 or n <= high)
        return (ok(bottoms, self.exact_bottoms, self.min_bottoms, self.max_bottoms) and
                ok(tops, self.exact_tops, self.min_tops, self.max_tops) and
                (not self.equal or bottoms == tops))


@dataclass
class TreeSources:
    """Layer settings found in the tree, per type, in a stable order."""
    tests: Dict[str, List[test_setups.TestSetup]]
    params: Dict[str, List[Tuple[str, str]]]  # type -> [(origin, parameter text)]


def _files(root: Path) -> Dict[str, List[Path]]:
    """The tree's prototxt and C++ files, each list in path order (one walk)."""
    out: Dict[str, List[Path]] = {".prototxt": [], ".cpp": []}
    for path in walk(root):
        if path.suffix in out and not _SKIP_DIRS & set(path.relative_to(root).parts[:-1]):
            out[path.suffix].append(path)
    return {suffix: sorted(paths) for suffix, paths in out.items()}


def scan(root: Path) -> TreeSources:
    tests: Dict[str, List[test_setups.TestSetup]] = {}
    params: Dict[str, List[Tuple[str, str]]] = {}

    def add_param(kind: str, origin: str, text: str) -> None:
        if all(text != t for _, t in params.setdefault(kind, [])):
            params[kind].append((origin, text))

    files = _files(root)
    schema = proto_text.schema(root)  # the tree's own caffe.proto reads its nets
    for path in files[".prototxt"]:
        if path.stat().st_size > 1 << 20:
            continue
        try:
            net = schema.read(path, "NetParameter")
        except InputError:  # a solver, or not a net of this tree's caffe.proto
            continue
        for kind, text in proto_text.layers(net):
            add_param(kind, str(path.relative_to(root)), text)
    for path in files[".cpp"]:
        if "test" not in path.relative_to(root).parts[:-1]:
            continue
        text = test_setups.load(path)
        for setup in test_setups.read(text, path.name, schema):
            tests.setdefault(setup.type, []).append(setup)
        for net in test_setups.embedded_nets(text, schema):
            for kind, text in proto_text.layers(net):
                add_param(kind, path.name, text)
    return TreeSources(tests, params)


# Input shapes of a few generic kinds, for settings that come without shapes. Each is
# (first bottom, middle bottoms, last bottom).
_GENERIC_SHAPES = [
    ("N,3,6,5", "N,3,6,5", "N,3,6,5"),      # images, and several of the same shape
    ("N,5", "N:label=5", "N:label=5"),       # scores and one label per sample
    ("N,4,1,1", "N,4,1,1", "N,1,1,1:label=2"),  # feature pairs and a 0/1 pair label
    ("N,3,6,5", "N:label=1", "N:label=1"),   # data and an index (0) per sample
    ("2,N,4", "2,N,4", "2,N:label=2"),       # time-major sequences and 0/1 markers
    ("1,N,4", "1,N,16", "1,N:label=2"),     # one time step: state, 4 gates, 0/1 markers
]


def _generic(shape: Tuple[str, str, str], n: int) -> List[str]:
    first, middle, last = shape
    return [first] if n == 1 else [first] + [middle] * (n - 2) + [last]


def _name(kind: str, origin: str) -> str:
    return kind + "." + re.sub(r"[^\w.-]+", "-", origin).strip("-")


def proposals(kind: str, blobs: Blobs, sources: TreeSources) -> Iterator[Case]:
    """The cases to try for a type without an accepted hand-written case, best first."""
    seen = set()

    def cases(origin: str, param: str, bottoms: List[str], tops: int) -> Iterator[Case]:
        if not blobs.fits(len(bottoms), tops):
            return
        for k, propagate in enumerate(_propagations(bottoms) + [None]):
            key = (param, tuple(bottoms), tops, tuple(propagate or ()))
            if key not in seen:
                seen.add(key)
                suffix = ".forward" if propagate is None else (f".p{k}" if k else "")
                yield Case(_name(kind, origin) + suffix, kind, param, bottoms,
                           tops=tops, propagate=propagate or [],
                           forward_only=propagate is None)

    for setup in sources.tests.get(kind, []):
        if setup.bottoms:
            yield from cases(setup.origin, setup.param, setup.bottoms,
                             setup.tops or blobs.tops(len(setup.bottoms)))
    settings = ([(s.origin, s.param) for s in sources.tests.get(kind, [])] +
                sources.params.get(kind, []) + [("generic", "")])
    for n in blobs.bottom_counts():
        for g, shape in enumerate(_GENERIC_SHAPES):
            for origin, param in settings:
                yield from cases(f"{origin}.g{g}", param, _generic(shape, n), blobs.tops(n))


def _propagations(bottoms: List[str]) -> List[List[int]]:
    """Which bottoms get a gradient: every one but the labels (integers have none), the first
    one only (layers refuse gradients for targets, indices, selectors), none. The last
    proposal (None) runs Forward only, for a layer whose Backward is not implemented."""
    out: List[List[int]] = []
    for propagate in ([0 if ":label=" in b else 1 for b in bottoms],
                      [1] + [0] * (len(bottoms) - 1), [0] * len(bottoms)):
        if propagate not in out:
            out.append(propagate)
    return out


def describe(exe: Path, kind: str, work: Path) -> Optional[Blobs]:
    """The bottom and top counts a registered type declares, asked of the original build."""
    param = work / "cases" / f"describe.{kind}.prototxt"
    param.parent.mkdir(parents=True, exist_ok=True)
    param.write_text(f'name: "d" type: "{kind}"\n')
    proc = subprocess.run([str(exe), "describe", "--param", str(param)], capture_output=True,
                          text=True, env=buildtree.harness_env(1), timeout=60)
    m = re.search(r"^CGP blobs (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+) ([01])$",
                  proc.stdout, re.M)
    if proc.returncode != 0 or not m:
        return None
    v = [int(x) for x in m.groups()]
    return Blobs(*v[:6], equal=bool(v[6]))


Probe = Callable[[Case], Optional[str]]  # None: the original accepts it; else why not


def cases_for(kind: str, exe: Path, work: Path, sources: TreeSources,
              probe: Probe) -> Tuple[List[Case], List[str]]:
    """The accepted cases of a type, and why each rejected proposal was rejected (for the
    report when none is accepted). Hand-written cases win when one is accepted."""
    if kind in NOT_DRIVEN:
        return [], []
    rejected: List[str] = []
    hand = [c for c in CASES.get(kind, []) if not _why(probe(c), c, rejected)]
    if hand:
        return hand, rejected
    blobs = describe(exe, kind, work)
    if blobs is None:
        return [], rejected + [f"{kind}: the original build cannot create the layer"]
    accepted: List[Case] = []
    settings_used = set()
    for tried, c in enumerate(proposals(kind, blobs, sources)):
        if tried >= MAX_PROPOSALS or len(accepted) >= MAX_CASES:
            break
        if c.param in settings_used:  # one case per distinct setting
            continue
        if not _why(probe(c), c, rejected):
            accepted.append(c)
            settings_used.add(c.param)
    return accepted, rejected


def _why(reason: Optional[str], case: Case, rejected: List[str]) -> bool:
    if reason is not None:
        rejected.append(f"{case.name}: {reason}")
    return reason is not None
