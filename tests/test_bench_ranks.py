"""`bench --ranks`: which ranks x threads combinations run, how the process level's figures are
read and derived (allreduce time, overlap), and the labelled model's arithmetic. The timed
runs themselves are benchmarks (docs/BENCHMARKS.md), not tests."""
import subprocess
import sys

import pytest

from transformer.bench import measure, model, ranks


def test_combinations_that_fit_the_cores():
    assert ranks.combos([1, 2], [1, 2], cpus=2) == [(1, 1), (1, 2), (2, 1)]
    # one process on the same cores is always beside a multi-rank combination
    assert ranks.combos([1, 2], [1], cpus=2) == [(1, 1), (1, 2), (2, 1)]
    assert ranks.combos([2, 4], [1, 2], cpus=8) == [(1, 1), (1, 2), (1, 4), (1, 8), (2, 1),
                                                     (2, 2), (4, 1), (4, 2)]
    assert ranks.combos([4], [4], cpus=2) == [(1, 1)]  # nothing else fits: 1 x 1 still runs


def test_configurations_add_the_serial_allreduce_and_the_ceiling():
    cfgs = ranks.configs([(1, 1), (1, 2), (2, 1)], {2: (50, "half.prototxt")})
    keys = [c.key for c in cfgs]
    assert keys == ["original", "1x1", "1x2", "2x1", "2x1-serial", "ceiling-2"]
    by = {c.key: c for c in cfgs}
    assert by["2x1"].ranks == 2 and by["2x1"].omp == 1 and by["2x1"].env == {}
    assert by["2x1-serial"].env == {"CGP_MPI_OVERLAP": "0"}
    assert by["1x2"].ranks == 1 and by["1x2"].omp == 2
    assert by["ceiling-2"].procs == 2 and by["ceiling-2"].batch == 50


def test_the_mpi_line_is_read_per_iteration():
    out = "CGP iter 10.0\nCGP iter 12.0\nCGP mpi 2 12 6.0 7200000 24\n"
    sample = measure.parse(out)
    assert sample.iteration_ms == 11.0
    assert sample.mpi == {"ranks": 2, "exposed_ms": 0.5, "bytes": 600000.0, "buckets": 2.0}
    assert measure.parse("CGP iter 1.0\n").mpi is None


def test_overlap_fraction():
    assert ranks.overlap(0.25, 1.0) == 0.75
    assert ranks.overlap(1.2, 1.0) == 0.0   # waited longer than the serial run: none hidden
    assert ranks.overlap(0.0, 0.0) == 0.0


def _measured(key, ms, mpi=None, r=1, t=1):
    m = measure.Measured(measure.Config(key, "mpi", r * t, t, 1, ranks=r))
    m.samples.append(measure.Sample(ms, {}, mpi=mpi))
    return m


def test_figures_and_model_from_measurements():
    mpi_on = {"ranks": 2, "exposed_ms": 0.1, "bytes": 1e6, "buckets": 2}
    mpi_off = {"ranks": 2, "exposed_ms": 0.4, "bytes": 1e6, "buckets": 2}
    got = ranks.figures([_measured("original", 100.0), _measured("1x1", 100.0),
                         _measured("1x2", 54.6, t=2), _measured("2x1", 52.0, mpi_on, r=2),
                         _measured("2x1-serial", 53.0, mpi_off, r=2)],
                        [(1, 1), (1, 2), (2, 1)], batch=100, bandwidth_gbit=10, latency_us=5)
    two = got["rows"][2]
    assert two["speedup"] == pytest.approx(100 / 52)
    assert two["vs_one_process"] == pytest.approx(54.6 / 52)
    assert "vs_one_process" not in got["rows"][1]
    assert two["allreduce_ms"] == 0.4 and two["exposed_ms"] == 0.1
    assert two["overlap_fraction"] == pytest.approx(0.75)
    m = got["model"]
    assert m["label"].startswith("MODEL")
    assert m["per_sample_ms"] == pytest.approx(0.52)  # the fastest combination: 2 x 1
    assert m["gradient_bytes"] == 1e6
    assert [r["nodes"] for r in m["rows"]] == model.NODES


def test_ring_allreduce_arithmetic():
    # 2 nodes: 2 steps, each 1/2 of 1 MB over 8 Gbit/s = 0.5 ms each way, plus 2 x 10 us
    assert model.ring_allreduce_ms(1e6, 2, 8.0, 10.0) == pytest.approx(1.0 + 0.02)
    assert model.ring_allreduce_ms(1e6, 1, 8.0, 10.0) == 0.0
    p = model.project(per_sample_ms=1.0, batch=64, gradient_bytes=1e6, overlap_fraction=0.0,
                      bandwidth_gbit=8.0, latency_us=10.0, nodes=[2, 3])
    two, three = p["rows"]
    assert two["compute_ms"] == 32 and two["speedup_no_overlap"] == pytest.approx(64 / 33.02)
    assert two["speedup_overlap"] == two["speedup_no_overlap"]  # nothing hidden
    assert two["batch_divisible"] and not three["batch_divisible"]
    hidden = model.project(1.0, 64, 1e6, 1.0, 8.0, 10.0, nodes=[2])["rows"][0]
    assert hidden["speedup_overlap"] == pytest.approx(2.0)  # all of it behind 32 ms compute
    assert any("MODEL" in line for line in model.lines(p))


@pytest.mark.parametrize("args,needle", [
    (["--ranks", "0,2"], "--ranks and --threads take positive integers"),
    (["--ranks", "1,2", "--bandwidth-gbit", "0"], "--bandwidth-gbit must be positive"),
])
def test_bad_ranks_arguments_are_one_line_errors(root, args, needle):
    r = subprocess.run([sys.executable, "-m", "transformer", "bench", "caffe_src", *args],
                       cwd=root, capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [f"cgp-transform: error: {needle}" +
                                             r.stderr.strip().split(needle, 1)[1]]
