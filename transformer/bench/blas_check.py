"""Is the baseline honest? The BLAS the driver runs on, its kernel and its single-thread sgemm
rate against what the CPU's vector width and clock allow.

Every speedup divides the sequential original's time, so a slow BLAS inflates them all. The
usual cause is OpenBLAS not knowing a CPU newer than itself and falling back to an old
kernel (Prescott: SSE) where OPENBLAS_CORETYPE is not set.

The peak bound assumes two FMA units per core, each doing one FMA per lane per cycle, at the
highest clock the machine reports: lanes x 2 flops (an FMA is a multiply and an add; 1 without
FMA) x 2 units x GHz. It is an upper bound (a core with one 512-bit unit, or 512-bit work split
in two 256-bit halves, reaches half of it); a tuned kernel gets well over a quarter of it, a
generic or a wrong one does not.
"""
from __future__ import annotations

import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, Optional, Set

from ..errors import CheckFailure

CPUINFO = Path("/proc/cpuinfo")
MAX_FREQ = Path("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")  # kHz
SLOW_FRACTION = 0.25  # below this share of the bound, the rate is suspect
FMA_UNITS = 2
ISA_ORDER = ("generic", "sse", "avx", "avx2", "avx512")

# OpenBLAS core names (dynamic builds' CamelCase and static builds' TARGET names, compared in
# lower case) to the vector ISA of their kernels.
CORE_ISA: Dict[str, str] = {
    **dict.fromkeys(["generic", "unknown"], "generic"),
    **dict.fromkeys(["katmai", "coppermine", "northwood", "prescott", "banias", "atom",
                     "core2", "penryn", "dunnington", "nehalem", "athlon", "opteron",
                     "opteron(sse3)", "barcelona", "bobcat", "nano"], "sse"),
    **dict.fromkeys(["sandybridge", "bulldozer", "piledriver", "steamroller", "excavator"],
                    "avx"),
    **dict.fromkeys(["haswell", "zen"], "avx2"),
    **dict.fromkeys(["skylakex", "cooperlake", "sapphirerapids"], "avx512"),
}


@dataclass
class CpuInfo:
    flags: Set[str] = field(default_factory=set)
    vendor: str = ""
    mhz: Optional[float] = None  # the highest clock reported


@dataclass
class Verdict:
    kind: str         # ok | generic | slow
    reason: str = ""  # short, for the table's header
    message: str = ""  # one line naming what fixes it


@dataclass
class BlasInfo:
    """What the driver's `blas` mode printed."""
    core: str = "unknown"
    config: str = "unknown"
    gflops: Optional[float] = None


def parse_cpuinfo(text: str, max_freq_khz: Optional[str] = None) -> CpuInfo:
    """Flags, vendor and clock of the first processor in /proc/cpuinfo's text; the clock is
    the larger of cpuinfo_max_freq (kHz, where cpufreq has it) and the highest `cpu MHz`."""
    info = CpuInfo()
    mhz = []
    for line in text.splitlines():
        key, _, value = (part.strip() for part in line.partition(":"))
        if key == "flags" and not info.flags:
            info.flags = set(value.split())
        elif key == "vendor_id" and not info.vendor:
            info.vendor = value
        elif key == "cpu MHz":
            try:
                mhz.append(float(value))
            except ValueError:
                pass
    if max_freq_khz and max_freq_khz.strip().isdigit():
        mhz.append(int(max_freq_khz.strip()) / 1000.0)
    info.mhz = max(mhz) if mhz else None
    return info


def read_cpu() -> CpuInfo:
    """This machine's CPU (empty where /proc/cpuinfo does not exist)."""
    def text(path: Path) -> Optional[str]:
        try:
            return path.read_text(errors="replace")
        except OSError:
            return None
    return parse_cpuinfo(text(CPUINFO) or "", text(MAX_FREQ))


def cpu_isa(flags: Set[str]) -> str:
    if "avx512f" in flags:
        return "avx512"
    if "avx2" in flags:
        return "avx2"
    return "avx" if "avx" in flags else "sse"


def lanes(flags: Set[str]) -> int:
    """float lanes of the widest vector register."""
    return {"avx512": 16, "avx2": 8, "avx": 8}.get(cpu_isa(flags), 4)


def peak_bound(flags: Set[str], mhz: Optional[float]) -> Optional[float]:
    """The single-core float GFLOP/s bound (see the module's note), None without a clock."""
    if not mhz:
        return None
    per_lane = 2 if "fma" in flags else 1
    return lanes(flags) * per_lane * FMA_UNITS * mhz / 1000.0


def _amd(flags: Set[str], vendor: str) -> bool:
    return vendor == "AuthenticAMD" or (not vendor and "sse4a" in flags)


def right_core(flags: Set[str], vendor: str = "") -> str:
    """The OPENBLAS_CORETYPE whose kernels fit this CPU."""
    isa = cpu_isa(flags)
    if isa == "avx512":
        return "SkylakeX"
    if isa == "avx2":
        return "Zen" if _amd(flags, vendor) else "Haswell"
    if isa == "avx":
        return "Sandybridge"
    return "Nehalem" if "sse4_2" in flags else "Prescott"


def core_isa(corename: str) -> Optional[str]:
    """The ISA of an OpenBLAS core's kernels; None for a name this table does not know."""
    return CORE_ISA.get(corename.strip().lower())


def _older_kernel(kernel: str, cpu: str, amd: bool) -> bool:
    """Whether a kernel for `kernel` leaves the CPU's `cpu` vector unit unused. AVX2 kernels
    count as fitting an AMD CPU with AVX-512: Zen 4 runs 512-bit operations as two 256-bit
    halves (measured: OpenBLAS's Haswell kernel as fast as its Cooperlake one there)."""
    if amd and kernel == "avx2" and cpu == "avx512":
        return False
    return ISA_ORDER.index(kernel) < ISA_ORDER.index(cpu)


def kernel_verdict(corename: str, cpu_flags: Set[str], gflops: Optional[float],
                   bound: Optional[float], vendor: str = "", config: str = "") -> Verdict:
    """ok, or generic (an OpenBLAS kernel for an older ISA than the CPU's, or OpenBLAS's
    generic one), or slow (the single-thread sgemm rate below SLOW_FRACTION of the bound).
    corename "unknown" from a driver not linked to OpenBLAS is judged by its rate alone;
    `config` (openblas_get_config) tells whether OPENBLAS_CORETYPE can work."""
    cpu = cpu_isa(cpu_flags)
    fix = right_core(cpu_flags, vendor)
    dynamic = not config or "DYNAMIC_ARCH" in config or config == "unknown"
    how = f"set OPENBLAS_CORETYPE={fix}" + ("" if dynamic else
                                            " (with an OpenBLAS built with DYNAMIC_ARCH=1)")
    openblas = "OpenBLAS" in config if config else corename.lower() not in ("", "unknown")
    kernel = core_isa(corename) if openblas else None
    if kernel is not None and _older_kernel(kernel, cpu, _amd(cpu_flags, vendor)):
        what = "generic C" if kernel == "generic" else kernel.upper()
        return Verdict("generic", f"{what} BLAS kernel {corename} on {cpu.upper()}",
                       f"OpenBLAS runs its {corename} kernel ({what}) on a CPU with "
                       f"{cpu.upper()}: the baseline is too slow and every speedup inflated; "
                       f"{how}")
    if gflops is not None and bound and gflops < SLOW_FRACTION * bound:
        pct = gflops / bound
        fix_line = how if openblas else ("link an optimized BLAS (OpenBLAS, with "
                                         f"OPENBLAS_CORETYPE={fix} where it picks a wrong one)")
        return Verdict("slow", f"BLAS at {pct:.0%} of peak",
                       f"single-thread sgemm at {gflops:.1f} GFLOP/s is {pct:.0%} of the "
                       f"{bound:.0f} GFLOP/s bound (under {SLOW_FRACTION:.0%}): every speedup "
                       f"may be inflated; {fix_line}, and check the CPU clock and other load")
    return Verdict("ok")


def parse(stdout: str) -> BlasInfo:
    """The driver's `blas` mode lines: CGP blas-core, blas-config and gemm-gflops."""
    info = BlasInfo()
    for line in stdout.splitlines():
        parts = line.split(None, 2)
        if len(parts) < 3 or parts[0] != "CGP":
            continue
        if parts[1] == "blas-core":
            info.core = parts[2].strip()
        elif parts[1] == "blas-config":
            info.config = parts[2].strip()
        elif parts[1] == "gemm-gflops":
            info.gflops = float(parts[2])
    return info


def probe(exe: Path, env: Dict[str, str], cpu: Optional[CpuInfo] = None) -> dict:
    """Run the driver's `blas` mode once and judge it: the result's "blas" entry."""
    try:
        proc = subprocess.run([str(exe), "blas"], env=env, capture_output=True, text=True,
                              timeout=120)
    except subprocess.TimeoutExpired:
        raise CheckFailure("the driver's blas mode took over 120 s") from None
    if proc.returncode != 0:
        raise CheckFailure(f"the driver's blas mode failed (exit {proc.returncode}): "
                           + (proc.stderr.strip().splitlines() or ["no output"])[-1])
    return judge(parse(proc.stdout), cpu or read_cpu())


def judge(info: BlasInfo, cpu: CpuInfo) -> dict:
    bound = peak_bound(cpu.flags, cpu.mhz)
    verdict = kernel_verdict(info.core, cpu.flags, info.gflops, bound, cpu.vendor, info.config)
    return {**asdict(info), "bound": round(bound, 1) if bound else None,
            "verdict": verdict.kind, "reason": verdict.reason, "message": verdict.message}


def line(blas: dict) -> str:
    """The one line bench prints about its BLAS."""
    name = "OpenBLAS" if "OpenBLAS" in blas["config"] or blas["core"] != "unknown" else "BLAS"
    rate = f"{blas['gflops']:.1f}" if blas.get("gflops") is not None else "?"
    if blas.get("bound"):
        of = f" of {blas['bound']:.0f} peak bound"
        pct = f" ({blas['gflops'] / blas['bound']:.0%})" if blas.get("gflops") else ""
    else:
        of, pct = " (no clock known: no peak bound)", ""
    return (f"BLAS: {name} {blas['core']} ({blas['config']}), single-thread sgemm {rate} "
            f"GFLOP/s{of}{pct}")
