"""Compare the driver's dumps of two builds: bitwise, or within a norm-wise relative error,
with the largest elementwise distance in units in the last place (ULP)."""
from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import numpy as np

# Norm-wise relative error allowed where the order of floating-point sums may change.
TOLERANCE = {4: 1e-5, 8: 1e-12}
# A float result past TOLERANCE still passes when it is no further from the original's
# double run of the same inputs than ACCURACY_FACTOR times the original's own float result
# is, and that own error is at most ORIGINAL_ERROR_CAP (a sum with cancellation, not a
# different computation).
ACCURACY_FACTOR = 4.0
ORIGINAL_ERROR_CAP = 1e-3


def load_dump(path: Path) -> Dict[str, np.ndarray]:
    """name -> array, from the driver's format: u32 name size, name, u32 element size,
    u64 count, raw little-endian values."""
    data = path.read_bytes()
    out: Dict[str, np.ndarray] = {}
    pos = 0
    while pos < len(data):
        (name_size,) = struct.unpack_from("<I", data, pos)
        pos += 4
        name = data[pos:pos + name_size].decode()
        pos += name_size
        elem, count = struct.unpack_from("<IQ", data, pos)
        pos += 12
        dtype = {4: np.float32, 8: np.float64}[elem]
        out[name] = np.frombuffer(data, dtype=dtype, count=count, offset=pos)
        pos += elem * count
    return out


def ulp_distance(a: np.ndarray, b: np.ndarray) -> int:
    """The largest distance in representable values between a[i] and b[i]."""
    if a.size == 0:
        return 0
    ints = {np.float32: np.int32, np.float64: np.int64}[a.dtype.type]
    ia = a.view(ints).astype(np.int64)
    ib = b.view(ints).astype(np.int64)
    # map the sign-magnitude bit patterns onto a monotonic integer line
    top = np.int64(np.iinfo(ints).min)
    ia = np.where(ia < 0, top - ia, ia)
    ib = np.where(ib < 0, top - ib, ib)
    with np.errstate(over="ignore"):
        return int(np.max(np.abs(ia - ib).astype(np.uint64)))


@dataclass
class Diff:
    """How one array of the transformed build compares with the original's."""
    name: str
    exact_required: bool
    bitwise: bool
    rel_error: float
    max_ulp: int
    ok: bool
    note: str = ""

    def describe(self) -> str:
        if self.note:
            return f"{self.name}: {self.note}"
        return f"{self.name}: rel {self.rel_error:.2e}, {self.max_ulp} ulp" + \
            (" (must be bitwise)" if self.exact_required else "")


def _rel(a: np.ndarray, ref: np.ndarray) -> float:
    """Norm-wise relative error of a against ref, in double."""
    r64 = ref.astype(np.float64)
    norm = float(np.linalg.norm(r64))
    return float(np.linalg.norm(a.astype(np.float64) - r64)) / (norm if norm > 0 else 1.0)


def compare_arrays(name: str, ref: np.ndarray, got: np.ndarray, exact: bool) -> Diff:
    if ref.shape != got.shape or ref.dtype != got.dtype:
        return Diff(name, exact, False, float("inf"), 0, False,
                    note=f"shape {got.shape} {got.dtype}, expected {ref.shape} {ref.dtype}")
    bitwise = ref.tobytes() == got.tobytes()
    if bitwise:
        return Diff(name, exact, True, 0.0, 0, True)
    if name.startswith("param") and name.endswith(".diff") and ref.size and \
            not np.any(ref) and np.signbit(ref).all():
        # all -0.0, the driver's mark on a buffer the layer must not touch (a frozen
        # parameter's gradient), left as it was by the original: adding zeros in any order
        # keeps -0.0 only where every term is -0.0, so the transformed must leave it too
        return Diff(name, True, False, float("inf"), ulp_distance(ref, got), False,
                    note="the original left it untouched (-0.0), the transformed wrote it")
    if np.isnan(ref).any() != np.isnan(got).any() or not np.isfinite(got[~np.isnan(got)]).all():
        return Diff(name, exact, False, float("inf"), ulp_distance(ref, got), False,
                    note="NaN or infinity where the original has none")
    err = _rel(got, ref)
    ok = (not exact) and err <= TOLERANCE[ref.itemsize]
    return Diff(name, exact, False, err, ulp_distance(ref, got), ok)


def as_accurate(d: Diff, ref: np.ndarray, got: np.ndarray,
                ref_double: Optional[np.ndarray]) -> Diff:
    """A float array that failed TOLERANCE, judged by accuracy instead: the original's double
    run of the same inputs is the reference, and the transformed result may be at most
    ACCURACY_FACTOR times further from it than the original's float result is. A long sum
    whose terms cancel (a loss over 50,000 elements) loses digits in any order, and more in
    the original's than in a sum of part sums."""
    if d.ok or d.exact_required or d.note or ref.dtype != np.float32 or ref_double is None \
            or ref_double.shape != ref.shape:
        return d
    own, mine = _rel(ref, ref_double), _rel(got, ref_double)
    if own <= ORIGINAL_ERROR_CAP and mine <= max(TOLERANCE[4], ACCURACY_FACTOR * own):
        return Diff(d.name, False, False, d.rel_error, d.max_ulp, True,
                    note=f"rel {d.rel_error:.2e} to the original, but as accurate: "
                         f"{mine:.2e} from the double run, the original {own:.2e}")
    return d


def compare_dumps(ref: Dict[str, np.ndarray], got: Dict[str, np.ndarray],
                  exact_names) -> List[Diff]:
    """exact_names(name) -> True where the array must be bitwise equal."""
    diffs = []
    for name, arr in ref.items():
        if name not in got:
            diffs.append(Diff(name, True, False, float("inf"), 0, False, note="missing"))
            continue
        diffs.append(compare_arrays(name, arr, got[name], exact_names(name)))
    return diffs
