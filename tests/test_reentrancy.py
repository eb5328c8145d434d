"""Emitted code as library code: reentrant and reproducible.

- Two nets trained at the same time, from two application threads, each with its own OpenMP
  team of 8 threads and the parallel paths forced, give exactly what the same two nets give
  trained one after the other (no state shared between layer instances, nets or threads).
- At a fixed thread count, two runs give the same bits: which samples are summed into which
  partial result, and in what order those are added, does not depend on timing.

Both are stress-looped: a race or a timing-dependent sum shows only in some runs.
"""
import re
import shutil
import subprocess

import pytest
from conftest import ROOT

from transformer import apply, buildtree

WORK = ROOT / "build" / "test_check"  # the transformed build tests/test_check.py makes too
LENET = "caffe_src/examples/mnist/lenet_solver.prototxt"
CIFAR = "caffe_src/examples/cifar10/cifar10_quick_solver.prototxt"
pytestmark = pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed")


OUT = ROOT / "build" / "test_reentrancy" / "caffe_src_parallel"


def _transformed(analysis):
    OUT.parent.mkdir(parents=True, exist_ok=True)
    apply.transform(str(ROOT / "caffe_src"), str(OUT), force=True, analysis=analysis)
    return OUT


@pytest.fixture(scope="module")
def harness(caffe_src_analysis):
    out = _transformed(caffe_src_analysis)
    return buildtree.build(out, WORK / "transformed", buildtree.OPENMP, 2,
                           WORK / "logs" / "reentrancy.log")


def _run(harness, mode, threads, *args):
    env = buildtree.harness_env(threads, extra={"CGP_FORCE_PARALLEL": "1"})
    r = subprocess.run([str(harness), mode, *args], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=1200)
    assert r.returncode == 0, r.stderr[-3000:]
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("CGP ")]
    assert lines, r.stdout[-2000:]
    return lines


def _second_solver(tmp_path):
    """cifar10_quick where the CIFAR-10 subset is laid out (scripts/setup_data.sh), else LeNet
    with another learning rate and momentum: either way another net with other weights."""
    if (ROOT / "data" / "cifar10").is_dir():
        return CIFAR
    text = (ROOT / LENET).read_text()
    text = re.sub(r"(?m)^base_lr: .*$", "base_lr: 0.02", text)
    text = re.sub(r"(?m)^momentum: .*$", "momentum: 0.8", text)
    path = tmp_path / "lenet_other.prototxt"
    path.write_text(text)
    return str(path)


def test_two_nets_from_two_threads_equal_one_after_the_other(harness, tmp_path):
    args = ["--solver", LENET, "--solver", _second_solver(tmp_path), "--iterations", "6",
            "--threads", "8"]
    alone = _run(harness, "concurrent", 8, *args, "--sequential", "1")
    assert sum("weights" in ln for ln in alone) == 2
    assert len({ln.split()[-1] for ln in alone if "weights" in ln}) == 2
    for attempt in range(3):
        together = _run(harness, "concurrent", 8, *args)
        assert together == alone, f"attempt {attempt}: concurrent training differs"


@pytest.mark.parametrize("threads", [2, 3])
def test_run_to_run_bitwise(harness, threads):
    args = ["--solver", LENET, "--iterations", "8"]
    first = _run(harness, "train", threads, *args)
    assert any(ln.startswith("CGP weights") for ln in first)
    for attempt in range(4):
        assert _run(harness, "train", threads, *args) == first, f"run {attempt + 2} differs"


def test_parts_and_slots_do_not_follow_the_schedule(caffe_src_analysis):
    """Negative control, on the emitted code: partial sums are indexed by the part, never by
    the thread that happened to run it, and no accumulator is a function-local static."""
    out = _transformed(caffe_src_analysis)
    text = "\n".join(p.read_text() for p in (out / "src").rglob("*.cpp"))
    runtime = (out / "include" / "cgp_runtime.hpp").read_text()
    assert ".get(cgp_part," in text
    assert ".get(cgp::thread_id()" not in text
    assert not re.search(r"static\s+cgp::Accumulators", text)
    assert not re.search(r"static\s+Accumulators", runtime)
    assert "reduction(+" not in text
