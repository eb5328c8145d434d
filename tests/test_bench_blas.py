"""bench's BLAS check: the CPU's peak bound from /proc/cpuinfo text, the verdict on an OpenBLAS
kernel and a single-thread sgemm rate (core names given directly: nothing here sets or unsets
OPENBLAS_CORETYPE), the driver's `blas` lines, and the table's suspect header."""
import os
import subprocess
from pathlib import Path

import pytest

from transformer.bench import blas_check, report

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "build" / "test_check" / "original" / "build-original" / "cgp_harness" / \
    "cgp_harness"  # tests/test_check.py's build, when it exists

AVX2 = set("fpu sse sse2 ssse3 fma sse4_1 sse4_2 avx f16c avx2 bmi2".split())
AVX512 = AVX2 | {"avx512f", "avx512dq", "avx512bw", "avx512vl"}
SSE = set("fpu sse sse2 ssse3 sse4_1 sse4_2".split())

CPUINFO = """processor\t: 0
vendor_id\t: GenuineIntel
model name\t: Intel(R) Xeon(R) CPU
cpu MHz\t\t: 2100.000
flags\t\t: fpu sse sse2 ssse3 fma sse4_1 sse4_2 avx avx2

processor\t: 1
vendor_id\t: GenuineIntel
cpu MHz\t\t: 2400.000
flags\t\t: fpu sse sse2 ssse3 fma sse4_1 sse4_2 avx avx2
"""


def test_the_bound_from_cpuinfo_text():
    cpu = blas_check.parse_cpuinfo(CPUINFO)
    assert cpu.vendor == "GenuineIntel" and "avx2" in cpu.flags and "fma" in cpu.flags
    assert cpu.mhz == 2400.0  # the highest clock any processor reports
    # 8 float lanes x 2 flops per FMA x 2 FMA units x 2.4 GHz
    assert blas_check.peak_bound(cpu.flags, cpu.mhz) == pytest.approx(76.8)
    # cpufreq's maximum (kHz), where it is higher, is the clock
    fast = blas_check.parse_cpuinfo(CPUINFO, "3500000\n")
    assert fast.mhz == 3500.0 and blas_check.peak_bound(fast.flags, fast.mhz) == \
        pytest.approx(112.0)


def test_the_bound_follows_the_vector_width_and_fma():
    assert blas_check.lanes(AVX512) == 16 and blas_check.lanes(AVX2) == 8
    assert blas_check.lanes({"avx"}) == 8 and blas_check.lanes(SSE) == 4
    assert blas_check.peak_bound(AVX512, 2000) == pytest.approx(128.0)
    assert blas_check.peak_bound(SSE, 2000) == pytest.approx(16.0)  # no FMA: 1 flop per lane
    assert blas_check.peak_bound(AVX2, None) is None  # no clock, no bound
    assert blas_check.parse_cpuinfo("").mhz is None
    assert blas_check.parse_cpuinfo("cpu MHz : n/a\n", "garbage").mhz is None


def test_an_sse_kernel_on_an_avx2_cpu_is_generic():
    v = blas_check.kernel_verdict("Prescott", AVX2, 80.0, 76.8, vendor="GenuineIntel")
    assert v.kind == "generic" and "Prescott" in v.reason
    assert "OPENBLAS_CORETYPE=Haswell" in v.message and "\n" not in v.message
    # on AMD the avx2 kernel to ask for is Zen's
    amd = blas_check.kernel_verdict("Prescott", AVX2, 80.0, 76.8, vendor="AuthenticAMD")
    assert amd.kind == "generic" and "OPENBLAS_CORETYPE=Zen" in amd.message
    # on an avx512 CPU, SkylakeX's; a static build's upper-case name is the same kernel
    wide = blas_check.kernel_verdict("PRESCOTT", AVX512, None, None)
    assert wide.kind == "generic" and "OPENBLAS_CORETYPE=SkylakeX" in wide.message
    # OpenBLAS's own generic kernel, and its "Unknown"
    for name in ("generic", "Unknown"):
        v = blas_check.kernel_verdict(name, SSE, None, None, config="OpenBLAS 0.3.21")
        assert v.kind == "generic" and "generic C" in v.reason


def test_a_kernel_for_the_cpu_isa_is_ok():
    assert blas_check.kernel_verdict("Haswell", AVX2, 60.0, 76.8).kind == "ok"
    assert blas_check.kernel_verdict("Zen", AVX2, 60.0, 76.8, vendor="AuthenticAMD").kind == "ok"
    assert blas_check.kernel_verdict("SkylakeX", AVX512, 100.0, 160.0).kind == "ok"
    assert blas_check.kernel_verdict("Cooperlake", AVX512, 100.0, 160.0).kind == "ok"
    assert blas_check.kernel_verdict("Prescott", SSE, 10.0, 16.0).kind == "ok"  # all it has
    # a newer kernel than the CPU (impossible to run, but not slow on that account)
    assert blas_check.kernel_verdict("Haswell", {"avx", "sse"}, 30.0, 41.6).kind == "ok"
    v = blas_check.kernel_verdict("Haswell", AVX2, 60.0, 76.8)
    assert v.message == "" and v.reason == ""


def test_an_avx2_kernel_on_avx512():
    # Intel: two 512-bit FMA units left half used
    v = blas_check.kernel_verdict("Haswell", AVX512, 100.0, 160.0, vendor="GenuineIntel")
    assert v.kind == "generic" and "OPENBLAS_CORETYPE=SkylakeX" in v.message
    # AMD Zen 4 splits 512-bit work in halves: the avx2 kernel fits
    amd = AVX512 | {"sse4a"}
    assert blas_check.kernel_verdict("Zen", amd, 100.0, 160.0).kind == "ok"
    assert blas_check.kernel_verdict("Haswell", AVX512, 100.0, 160.0,
                                     vendor="AuthenticAMD").kind == "ok"


def test_a_low_rate_is_slow_and_a_good_rate_is_not():
    slow = blas_check.kernel_verdict("Haswell", AVX2, 10.0, 76.8)
    assert slow.kind == "slow" and "13%" in slow.reason
    assert "OPENBLAS_CORETYPE=Haswell" in slow.message and "\n" not in slow.message
    assert blas_check.kernel_verdict("Haswell", AVX2, 0.25 * 76.8, 76.8).kind == "ok"
    assert blas_check.kernel_verdict("Haswell", AVX2, 0.24 * 76.8, 76.8).kind == "slow"
    assert blas_check.kernel_verdict("Haswell", AVX2, 70.0, 76.8).kind == "ok"
    assert blas_check.kernel_verdict("Haswell", AVX2, 1.0, None).kind == "ok"  # no bound
    # an OpenBLAS core name this table does not know is judged by its rate alone
    assert blas_check.kernel_verdict("Zen7", AVX512, 100.0, 160.0).kind == "ok"
    assert blas_check.kernel_verdict("Zen7", AVX512, 10.0, 160.0).kind == "slow"
    # another BLAS: no core name, judged by its rate
    other = blas_check.kernel_verdict("unknown", AVX2, 5.0, 76.8, config="unknown")
    assert other.kind == "slow" and "OPENBLAS_CORETYPE" in other.message
    assert blas_check.kernel_verdict("unknown", AVX2, 60.0, 76.8, config="unknown").kind == "ok"


def test_a_static_build_is_told_it_needs_dynamic_arch():
    v = blas_check.kernel_verdict("PRESCOTT", AVX2, None, None,
                                  config="OpenBLAS 0.3.8 NO_AFFINITY PRESCOTT MAX_THREADS=64")
    assert v.kind == "generic" and "DYNAMIC_ARCH" in v.message
    dyn = blas_check.kernel_verdict("Prescott", AVX2, None, None,
                                    config="OpenBLAS 0.3.21 DYNAMIC_ARCH Prescott")
    assert "DYNAMIC_ARCH" not in dyn.message


BLAS_OUT = """CGP blas-core Prescott
CGP blas-config OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY Prescott MAX_THREADS=64
CGP gemm-gflops 39.219
"""


def test_the_driver_lines_parse():
    info = blas_check.parse(BLAS_OUT)
    assert info.core == "Prescott" and info.gflops == pytest.approx(39.219)
    assert info.config == "OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY Prescott " \
                          "MAX_THREADS=64"
    missing = blas_check.parse("CGP iter 1.0\nnoise\n")
    assert missing.core == "unknown" and missing.config == "unknown" and missing.gflops is None


def test_judged_result_and_its_line():
    cpu = blas_check.CpuInfo(AVX2, "GenuineIntel", 2400.0)
    blas = blas_check.judge(blas_check.parse(BLAS_OUT), cpu)
    assert blas["verdict"] == "generic" and blas["bound"] == 76.8
    assert set(blas) >= {"core", "config", "gflops", "bound", "verdict", "message"}
    line = blas_check.line(blas)
    assert line.startswith("BLAS: OpenBLAS Prescott (OpenBLAS 0.3.21 ")
    assert "single-thread sgemm 39.2 GFLOP/s of 77 peak bound (51%)" in line
    ok = blas_check.judge(blas_check.BlasInfo("Haswell", "OpenBLAS 0.3.21", 60.0), cpu)
    assert ok["verdict"] == "ok" and ok["message"] == ""
    unbounded = blas_check.judge(blas_check.BlasInfo("Haswell", "x", 60.0),
                                 blas_check.CpuInfo(AVX2))
    assert "no peak bound" in blas_check.line(unbounded)


def _result(blas, forward_only=False, batch_given=False):
    return {"net": "lenet", "repeats": 3, "iterations": 5, "blas": blas, "batch": 2,
            "batch_given": batch_given, "forward_only": forward_only,
            "suspect": blas["verdict"] != "ok"}


def test_the_table_header_says_suspect():
    cpu = blas_check.CpuInfo(AVX2, "GenuineIntel", 2400.0)
    bad = blas_check.judge(blas_check.parse(BLAS_OUT), cpu)
    head = report.header(_result(bad))
    assert head.endswith("(suspect: SSE BLAS kernel Prescott on AVX2)") and "training" in head
    lines = report.blas_lines(_result(bad))
    assert lines[0].startswith("BLAS: ") and "OPENBLAS_CORETYPE=Haswell" in lines[1]
    good = blas_check.judge(blas_check.BlasInfo("Haswell", "OpenBLAS", 60.0), cpu)
    assert "suspect" not in report.header(_result(good)) and len(report.blas_lines(
        _result(good))) == 1
    inference = report.header(_result(good, forward_only=True, batch_given=True))
    assert "inference (forward passes only), batch 2" in inference


@pytest.mark.skipif(not DRIVER.exists(), reason="no driver built by tests/test_check.py")
def test_the_driver_prints_the_three_lines():
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    r = subprocess.run([str(DRIVER), "blas"], env=env, capture_output=True, text=True,
                       timeout=120)
    if r.returncode == 2 and "unknown mode blas" in r.stderr:
        pytest.skip("the driver was built before it had a blas mode")
    assert r.returncode == 0, r.stderr
    info = blas_check.parse(r.stdout)
    assert info.core and info.config and info.gflops > 0
    assert [ln.split()[1] for ln in r.stdout.splitlines()] == \
        ["blas-core", "blas-config", "gemm-gflops"]
