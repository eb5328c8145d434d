"""`cgp-transform check` on caffe_src: every transformed layer equal to the original at threads
1, 2, 3, 8 and batches 1, 2, 7, 64 in float and double, no race under Archer, the same
convergence; and deliberately wrong parallelizations given as --transformed are caught.

The work directory is kept between tests (and runs), so the negative cases rebuild only the
file they break."""
import json
import os
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from support.cli import cgp

from transformer import buildtree
from transformer.check import compare, tree_tests

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "test_check"
DATA = ROOT / "data" / "fashion-mnist"
# Each negative check runs this many times, and must fail every time (the stress loop of
# docs/CHECK.md sets 20, with another CPU-bound job running).
NEGATIVE_RUNS = int(os.environ.get("CGP_NEGATIVE_RUNS", "1"))
pytestmark = pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed")


@pytest.fixture(scope="module")
def full_check():
    """The done-when run: all thread counts, batches and dtypes, Archer, and training."""
    assert not buildtree.race_tools_missing(), "clang-14 and libomp-14-dev are needed"
    assert DATA.is_dir(), "run scripts/setup_data.sh first"
    out = WORK / "full.json"
    junit = WORK / "full.xml"
    WORK.mkdir(parents=True, exist_ok=True)
    r = cgp("check", "caffe_src", "--work", WORK, "--race", "--threads", "1,2,3,8",
            "--batches", "1,2,7,64", "--dtype", "float,double", "--data", DATA,
            "--json", out, "--junit", junit, "--quiet")
    return r, json.loads(out.read_text()), junit


def test_check_passes_on_caffe_src(full_check):
    r, data, _ = full_check
    assert r.returncode == 0, r.stdout + r.stderr
    assert data["ok"] and data["summary"]["failed"] == 0
    assert data["unchecked"] == [], "a transformed layer type was not exercised"
    types = {layer["type"] for layer in data["layers"]}
    assert {"Convolution", "Deconvolution", "Pooling", "InnerProduct", "Softmax",
            "SoftmaxWithLoss", "LRN", "ReLU", "Sigmoid", "TanH", "Dropout",
            "BatchNorm"} <= types
    rows = data["results"]
    assert {r["threads"] for r in rows} == {1, 2, 3, 8}
    assert {r["batch"] for r in rows} == {1, 2, 7, 64}
    assert {r["dtype"] for r in rows} == {"float", "double"}
    # at one thread everything is bitwise equal; elsewhere the policy follows the plans
    assert all(r["max_ulp"] == 0 for r in rows if r["threads"] == 1)
    policy = {(r["case"], r["threads"]): r["policy"] for r in rows}
    assert policy[("Convolution", 8)] == "bitwise"
    assert policy[("InnerProduct", 8)] == "tolerance"  # its gemms are split
    assert policy[("SoftmaxWithLoss", 2)] == "tolerance"  # the loss is a scalar reduction
    # the parallel paths really ran: split gemms and reductions sum in another order
    assert any(r["max_ulp"] > 0 for r in rows if r["layer"] == "InnerProduct")


def test_no_race_under_archer(full_check):
    _, data, _ = full_check
    races = data["races"]
    assert races and all(r["status"] == "pass" for r in races), races


def test_convergence_two_threads(full_check):
    _, data, _ = full_check
    t = data["train"]
    assert t["status"] == "pass" and t["iterations"] == 500 and t["threads"] == 2
    assert len(t["points"]) == 5 and all(p["rel"] < 0.01 for p in t["points"])
    acc = t["tests"]["accuracy"]
    assert abs(acc[0] - acc[1]) * 100 < 0.5
    assert t["one_thread_identical"] is True


def test_junit_lists_every_comparison(full_check):
    _, data, junit = full_check
    suite = ET.parse(junit).getroot()
    assert suite.get("failures") == "0"
    assert int(suite.get("tests")) == len(data["results"]) + len(data["races"]) + 1


# ---- deliberately wrong parallelizations must fail -------------------------------------------

def _broken_tree(tmp_path: Path, edits) -> Path:
    """The transformed tree of the full check, with some files replaced or edited."""
    src = WORK / "transformed-tree"
    assert src.is_dir(), "the full check runs first"
    bad = tmp_path / "bad"
    shutil.copytree(src, bad)
    for rel, edit in edits.items():
        path = bad / rel
        text = edit(path.read_text())
        assert text != path.read_text(), f"the edit of {rel} changed nothing"
        path.write_text(text)
    return bad


def _check_bad(bad: Path, layers: str, caught, *extra):
    """The check of a broken tree: in every one of NEGATIVE_RUNS runs it must fail, and
    `caught(json)` must hold (it asserts how the fault was found)."""
    for run in range(NEGATIVE_RUNS):
        r = cgp("check", "caffe_src", "--transformed", bad, "--work", WORK, "--layers", layers,
                "--threads", "2", "--batches", "7,64", "--dtype", "float", "--no-train",
                "--json", bad.parent / "bad.json", *extra)
        assert r.returncode == 1, f"run {run + 1}: " + r.stdout + r.stderr
        caught(json.loads((bad.parent / "bad.json").read_text()))


def test_bare_pragma_with_shared_col_buffer_fails(full_check, tmp_path):
    original = ROOT / "caffe_src" / "src" / "caffe" / "layers"

    def bare_pragma(_text):
        text = (original / "conv_layer.cpp").read_text()
        loop = "    for (int n = 0; n < this->num_; ++n) {"
        assert loop in text
        return text.replace(loop, "#pragma omp parallel for\n" + loop, 1)

    bad = _broken_tree(tmp_path, {
        "src/caffe/layers/conv_layer.cpp": bare_pragma,
        # the original helpers, which use the one shared col_buffer_
        "src/caffe/layers/base_conv_layer.cpp":
            lambda _t: (original / "base_conv_layer.cpp").read_text(),
    })

    def caught(data):
        # Archer sees the two threads share col_buffer_ in every run; a wrong result shows
        # only when they happen to interleave (on a loaded machine, often not)
        races = [x for x in data["races"] if x["status"] == "fail"]
        assert races and all("data race" in x["detail"] for x in races), data["races"]
        failed = [x for x in data["results"] if x["status"] != "pass"]
        assert all(x["threads"] == 2 and any("top0.data" in f for f in x["failures"])
                   for x in failed), failed
    _check_bad(bad, "Convolution", caught)


def _drop_weight_diff_reduction(text: str) -> str:
    """Convolution's weight gradient without its accumulators: every part adds into the
    shared buffer, and nothing is reduced."""
    text = re.sub(r"cgp_acc_weight_diff\.get\(\s*cgp_part,\s*cgp_shared_weight_diff\)",
                  "cgp_shared_weight_diff", text)
    return re.sub(r"\n\s*cgp_acc_weight_diff\.reduce_into\([^;]*;", "", text)


def test_dropped_reduction_fails(full_check, tmp_path):
    bad = _broken_tree(tmp_path, {"src/caffe/layers/conv_layer.cpp": _drop_weight_diff_reduction})

    def caught(data):
        # the gemm that adds into weight_diff runs inside OpenBLAS: the race build's wrappers
        # tell ThreadSanitizer what it writes, so Archer reports the two threads
        races = [x for x in data["races"] if x["status"] == "fail"]
        assert races and "cblas_sgemm" in races[0]["detail"], data["races"]
    _check_bad(bad, "Convolution", caught, "--race", "--race-threads", "2")


def _ungate_weight_diff(text: str) -> str:
    """Convolution's weight-gradient accumulators taken whatever the parameter's flag (the
    rewrite before gates): with the weights frozen, the parts add their zeros into a buffer
    the original never touches."""
    out, n = re.subn(r"(cgp_acc_weight_diff\.prepare\(cgp_parts,[^;]*?count\(\)),\s*"
                     r"cgp_parts > 1 && this->param_propagate_down_\[0\]\)", r"\1)", text)
    assert n == 1, "no gated prepare() found to ungate"
    return out


def _plus_zero_slots(text: str) -> str:
    """The runtime's accumulator slots starting at +0 (before the twelfth red team): a slot
    its part never adds to turns a shared -0 into +0. With -0 slots, an ungated loop is
    exact, and the gate saves only the copies."""
    out, n = re.subn(r"std::fill\(mine, mine \+ count_, -Dtype\(0\)\);",
                     "std::fill(mine, mine + count_, Dtype(0));", text)
    assert n == 1, "no -0 fill of the slots found"
    return out


def test_accumulators_without_their_gate_fail_on_frozen_weights(full_check, tmp_path):
    bad = _broken_tree(tmp_path, {"src/caffe/layers/conv_layer.cpp": _ungate_weight_diff,
                                  "include/cgp_runtime.hpp": _plus_zero_slots})

    def caught(data):  # the frozen iteration (i2), the weights' diff: +0.0 where -0.0 was
        failed = [x for x in data["results"] if x["status"] != "pass"]
        assert failed and all(any("param0.diff" in f for f in x["failures"]) for x in failed)
    _check_bad(bad, "Convolution", caught)


def _drop_closed_forms(text: str) -> str:
    """Pooling without its pointers' closed forms per part: every part but the first reads
    the windows of the first samples. The edit must happen (else the test proves nothing)."""
    out, n = re.subn(r"\n[ \t]*(\w+) = cgp_start_\1 \+[^;]*\bcgp_begin\b[^;]*;", "", text)
    assert n >= 2, "no closed form per part found to drop"
    return out


def test_missing_pointer_induction_fails(full_check, tmp_path):
    bad = _broken_tree(tmp_path, {"src/caffe/layers/pooling_layer.cpp": _drop_closed_forms})

    def caught(data):  # every sample but the first reads the first sample's window
        failed = {x["case"] for x in data["results"] if x["status"] != "pass"}
        assert {"Pooling-max", "Pooling-ave-pad"} <= failed, failed
    _check_bad(bad, "Pooling", caught)


# ---- the tree's own test suite ------------------------------------------------------------------

def _tree_tests(tree: Path, out: Path, *extra):
    return cgp("check", "caffe_src", "--transformed", tree, "--work", WORK, "--tree-tests-only",
               "--threads", "2", "--json", out, *extra)


def test_tree_tests_pass_on_caffe_src(full_check, tmp_path):
    r = _tree_tests(WORK / "transformed-tree", tmp_path / "tt.json")
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads((tmp_path / "tt.json").read_text())
    (tt,) = data["tree_tests"]
    assert tt["status"] == "pass" and tt["threads"] == 2 and tt["tests"] > 300, tt
    assert "tree tests at 2 threads" in r.stdout


def test_tree_tests_catch_missing_closed_forms(full_check, tmp_path):
    """The suite's Pooling tests see every sample pooled from the first one's window; the
    same tests pass in the original build, so they are blamed. (A dropped reduction is no
    fault to give the suite here: its result is wrong only when two threads overlap, which on
    a loaded machine they may not; the layer check's Archer run catches that one.)"""
    bad = _broken_tree(tmp_path, {"src/caffe/layers/pooling_layer.cpp": _drop_closed_forms})
    for run in range(NEGATIVE_RUNS):
        r = _tree_tests(bad, tmp_path / "bad.json", "--tree-test-filter", "*Pooling*")
        assert r.returncode == 1, f"run {run + 1}: " + r.stdout + r.stderr
        (tt,) = json.loads((tmp_path / "bad.json").read_text())["tree_tests"]
        assert tt["status"] == "fail" and any("Pooling" in n for n in tt["failed"]), tt


# ---- the pieces, without builds ---------------------------------------------------------------

@pytest.mark.parametrize("args,message", [
    (["check", "no/such/dir"], "does not exist"),
    (["check", "caffe_src", "--threads", "two"], "--threads"),
    (["check", "caffe_src", "--dtype", "half"], "unknown dtype half"),
    (["check", "caffe_src", "--batches", "0"], "positive"),
])
def test_check_usage_errors_exit_2(args, message):
    r = cgp(*args)
    assert r.returncode == 2 and message in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_ulp_distance_and_tolerance():
    a = np.array([1.0, -2.0, 0.0], dtype=np.float32)
    b = a.copy()
    b[0] = np.nextafter(np.float32(1.0), np.float32(2.0))
    assert compare.ulp_distance(a, b) == 1
    assert compare.ulp_distance(np.array([0.0], np.float32), np.array([-0.0], np.float32)) == 0
    d = compare.compare_arrays("top0.data", a, b, exact=True)
    assert not d.ok and d.max_ulp == 1
    d = compare.compare_arrays("param0.diff", a, b, exact=False)
    assert d.ok and 0 < d.rel_error < 1e-5
    c = a.copy()
    c[1] = -2.1
    assert not compare.compare_arrays("param0.diff", a, c, exact=False).ok




@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_frozen_gradient_the_original_left_must_stay_untouched(dtype):
    """The driver marks a frozen parameter's diff -0.0; adding zeros (in any order) makes
    +0.0 unless every term is -0.0, so a transformed build that wrote it is caught even
    where tolerance would pass, and only there: a diff the original wrote, or a top."""
    marked = np.full(6, -0.0, dtype)
    written = marked + np.zeros(6, dtype)  # +0.0
    assert not compare.compare_arrays("param0.diff", marked, written, exact=False).ok
    assert compare.compare_arrays("param0.diff", marked, marked.copy(), exact=False).ok
    assert compare.compare_arrays("top0.data", marked, written, exact=False).ok
    mixed = marked.copy()
    mixed[2] = 0.0  # not the mark: the original wrote it
    assert compare.compare_arrays("param0.diff", mixed, written, exact=False).ok
def test_deterministic_build_is_bitwise_across_thread_counts(tmp_path):
    """--deterministic: fixed chunks and ordered partial sums, so 1, 2, 3 and 8 threads give
    the same bits, reductions and split gemms included."""
    out = tmp_path / "det.json"
    r = cgp("check", "caffe_src", "--deterministic", "--no-race",
            "--work", ROOT / "build" / "test_check_det",
            "--threads", "1,2,3,8", "--batches", "7,64", "--no-train", "--json", out, "--quiet")
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    assert data["ok"] and {"InnerProduct", "SoftmaxWithLoss", "Convolution"} <= \
        {x["layer"] for x in data["results"]}


def test_tree_test_output_parsing():
    out = """[==========] Running 3 tests from 2 test cases.
[  FAILED  ] NetTest/1.TestFromTo, where TypeParam = caffe::CPUDevice<double> (3 ms)
[==========] 3 tests from 2 test cases ran. (12 ms total)
[  PASSED  ] 1 test.
[  FAILED  ] 2 tests, listed below:
[  FAILED  ] NetTest/1.TestFromTo, where TypeParam = caffe::CPUDevice<double>
[  FAILED  ] ContrastiveLossLayerTest/0.TestGradient, where TypeParam = caffe::CPUDevice<float>

 2 FAILED TESTS
"""
    ran, failed = tree_tests.parse(out)
    assert ran == 3
    assert failed == ["NetTest/1.TestFromTo", "ContrastiveLossLayerTest/0.TestGradient"]
    assert tree_tests.parse("[==========] 5 tests from 1 test suite ran. (1 ms total)\n") == (5, [])


def test_tree_test_target_found_from_the_cmake(tmp_path):
    assert tree_tests.find_target(ROOT / "caffe_src") == "test_all"
    (tmp_path / "src" / "caffe" / "test").mkdir(parents=True)
    (tmp_path / "src" / "caffe" / "test" / "CMakeLists.txt").write_text(
        "set(the_target test.testbin)\nadd_executable(${the_target} ${srcs})\n")
    assert tree_tests.find_target(tmp_path) == "test.testbin"
    (tmp_path / "src" / "caffe" / "test" / "CMakeLists.txt").write_text("add_executable(x y)\n")
    assert tree_tests.find_target(tmp_path) is None


def test_training_is_skipped_when_the_nets_data_is_missing(tmp_path):
    from transformer.check import train
    net = tmp_path / "net.prototxt"
    (tmp_path / "here").mkdir()
    net.write_text('layer { data_param { source: "here" } }\n'
                   'layer { data_param { source: "examples/mnist/mnist_train_lmdb" } }\n')
    assert train.missing_source(net, tmp_path) == "examples/mnist/mnist_train_lmdb"
    (tmp_path / "examples" / "mnist" / "mnist_train_lmdb").mkdir(parents=True)
    assert train.missing_source(net, tmp_path) is None


def test_tree_test_filter_keeps_gpu_tests_out():
    assert tree_tests.suite_filter(None) == "-*GPU*"
    assert tree_tests.suite_filter("*Convolution*:*Pooling*") == "*Convolution*:*Pooling*-*GPU*"
    # the user's own negative patterns join the GPU one (gtest takes a single '-')
    assert tree_tests.suite_filter("*-*BatchNorm*") == "*-*BatchNorm*:*GPU*"
    assert tree_tests.suite_filter(None, ["A.Dies"]) == "-*GPU*:A.Dies"


def test_tree_suite_threads_spin_briefly_then_sleep(tmp_path):
    """The suite runs under the wait policy docs/CHECK.md gives: forced parallel paths, the
    thread count asked for, idle threads sleeping after a bounded spin (libgomp's count
    overrides the passive policy; spinning without bound stalls a loaded machine, sleeping
    at once makes every tiny region pay a wake-up)."""
    exe = tmp_path / "suite"
    exe.write_text("#!/bin/sh\nenv\n")
    exe.chmod(0o755)
    out = tree_tests.run_suite(exe, 3, True, tmp_path, 60).stdout
    env = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    assert env["CGP_FORCE_PARALLEL"] == "1" and env["OMP_NUM_THREADS"] == "3"
    assert env["OMP_WAIT_POLICY"] == "passive"
    assert 0 < int(env["GOMP_SPINCOUNT"]) <= 100000
    unforced = tree_tests.run_suite(exe, 1, False, tmp_path, 60).stdout
    assert "CGP_FORCE_PARALLEL=1" not in unforced.splitlines()


def test_the_test_a_suite_died_in_is_named():
    out = ("[ RUN      ] A.Fine\n[       OK ] A.Fine (0 ms)\n[ RUN      ] A.Fails\n"
           "x.cpp:3: Failure\n[  FAILED  ] A.Fails (1 ms)\n[ RUN      ] B/0.Dies\n"
           "F1205 blob.cpp:163] Check failed: data_\n")
    assert tree_tests.died_in(out) == "B/0.Dies"
    assert tree_tests.died_in(out.split("[ RUN      ] B/0")[0]) is None


# A stand-in for a gtest binary: tests A.One, B.Dies, C.Two; B.Dies aborts when DIES is set.
_FAKE_SUITE = """#!/usr/bin/env python3
import fnmatch, os, sys
flt = next(a.split("=", 1)[1] for a in sys.argv if a.startswith("--gtest_filter="))
pos, _, neg = flt.partition("-")
pick = lambda n: (not pos or any(fnmatch.fnmatch(n, p) for p in pos.split(":"))) and \\
    not any(fnmatch.fnmatch(n, p) for p in neg.split(":") if p)
names = [n for n in ("A.One", "B.Dies", "C.Two") if pick(n)]
print(f"[==========] Running {len(names)} tests from 1 test case.", flush=True)
for n in names:
    with open(sys.argv[0] + ".ran", "a") as log:
        log.write(n + "\\n")
    print(f"[----------] 1 test from {n[0]}", flush=True)
    print(f"[ RUN      ] {n}", flush=True)
    if n == "B.Dies" and os.environ.get("DIES"):
        os.abort()
    print(f"[       OK ] {n} (0 ms)", flush=True)
    print(f"[----------] 1 test from {n[0]} (0 ms total)", flush=True)
print(f"[==========] {len(names)} tests from 1 test case ran. (1 ms total)")
"""


def _fake_suite(path, dies):
    path.write_text(_FAKE_SUITE.replace('os.environ.get("DIES")', repr(dies)))
    path.chmod(0o755)
    return path


@pytest.mark.parametrize("also_in_original", [True, False])
def test_a_test_that_kills_the_suite(tmp_path, also_in_original):
    """A test that aborts the transformed suite is run alone in the original: if it aborts
    there too it is left out and the rest of the suite still runs (it passes); if not, it is
    the transformation's failure."""
    transformed = _fake_suite(tmp_path / "transformed", True)
    original = _fake_suite(tmp_path / "original", also_in_original)
    [res] = tree_tests.check(lambda: original, transformed, tmp_path, [2], timeout=60)
    if also_in_original:
        assert (res.status, res.tests, res.failed) == ("pass", 2, [])
        assert res.also_original == ["B.Dies (aborts)"]
        # the second run left out the case the first had finished (A) and the dead test
        ran = (tmp_path / "transformed.ran").read_text().split()
        assert ran == ["A.One", "B.Dies", "C.Two"], ran
    else:
        assert (res.status, res.failed, res.also_original) == ("fail", ["B.Dies"], [])


def _float_sums(seed):
    """A loss-like float sum of 50,176 terms that cancel: the original's sequential sum,
    the transformed's sum of 4 part sums, and the double sum of the same float terms."""
    rng = np.random.default_rng(seed)
    t = (rng.standard_normal(50176) * 300 + 0.1).astype(np.float32)
    seq = np.cumsum(t, dtype=np.float32)[-1:]
    parts = np.float32(0)
    for p in np.array_split(t, 4):
        parts = np.float32(parts + np.cumsum(p, dtype=np.float32)[-1])
    return seq, np.array([parts], np.float32), np.array([t.astype(np.float64).sum()])


@pytest.mark.parametrize("seed", [0, 8])
def test_a_reordered_cancelling_sum_passes_by_accuracy(seed):
    """Past the 1e-5 tolerance (Intel's SigmoidCrossEntropyLoss at batch 64), yet no less
    accurate against the double run than the original's own float sum, within 4x: seed 0's
    part sums are closer to the double sum than the original, seed 8's 3.6x further."""
    ref, got, ref_double = _float_sums(seed)
    d = compare.compare_arrays("top0.data", ref, got, exact=False)
    assert not d.ok and d.rel_error > compare.TOLERANCE[4]
    judged = compare.as_accurate(d, ref, got, ref_double)
    assert judged.ok and "as accurate" in judged.note


def test_accuracy_never_excuses_a_wrong_or_exact_result():
    ref, got, ref_double = _float_sums(0)
    wrong = got + np.float32(300)  # one term lost: a bug, not an order of sums
    d = compare.compare_arrays("top0.data", ref, wrong, exact=False)
    assert not compare.as_accurate(d, ref, wrong, ref_double).ok
    exact = compare.compare_arrays("top0.data", ref, got, exact=True)  # must be bitwise
    assert not compare.as_accurate(exact, ref, got, ref_double).ok
    d = compare.compare_arrays("top0.data", ref, got, exact=False)
    assert not compare.as_accurate(d, ref, got, None).ok  # no double run: tolerance stands
    far = ref_double * (1 + 2 * compare.ORIGINAL_ERROR_CAP)  # the original float is itself off
    assert not compare.as_accurate(d, ref, got, far).ok
    d64 = compare.compare_arrays("top0.data", ref_double, ref_double * (1 + 1e-9), exact=False)
    assert not compare.as_accurate(d64, ref_double, ref_double * (1 + 1e-9), ref_double).ok


@pytest.mark.parametrize("test_loss,status", [(0.3805, "pass"), (0.3950, "fail"),
                                              (float("nan"), "fail")])
def test_the_test_loss_is_compared_too(test_loss, status):
    """Every test output is compared, the test loss too (within the loss curve's 1%), not only
    the outputs named accuracy."""
    from transformer.check import train
    losses = {i: 1.0 for i in range(4)}
    ref = train.TrainRun(1, losses=dict(losses), tests={"accuracy": 0.86, "loss": 0.3826})
    got = train.TrainRun(1, losses=dict(losses), tests={"accuracy": 0.86, "loss": test_loss})
    res = train.compare(ref, got, 4, 1, None, display=2)
    assert res.status == status, res.detail
    assert status == "pass" or res.detail.startswith("loss 0.3826 vs")
