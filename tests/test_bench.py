"""`cgp-transform bench` end to end, briefly (real timings live in docs/BENCHMARKS.md): the
three configurations run, the figures follow from the measurements, the plot is written."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from transformer.bench import figures, measure, report

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "test_check"  # the builds of tests/test_check.py, reused
pytestmark = pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed")


def cgp(*args):
    return subprocess.run([sys.executable, "-m", "transformer", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True)


def test_bench_lenet_runs_every_configuration(tmp_path):
    out, png = tmp_path / "bench.json", tmp_path / "bench.png"
    r = cgp("bench", "caffe_src", "--net", "lenet", "--threads", "2", "--iterations", "2",
            "--warmup", "1", "--repeats", "2", "--work", WORK,
            "--data", ROOT / "data" / "fashion-mnist", "--json", out, "--plot", png)
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    keys = [m["config"]["key"] for m in data["measured"]]
    assert keys == ["baseline", "coarse-1", "blas-2", "ceiling-2", "coarse-2"]
    assert all(len(m["runs_ms"]) == 2 and m["iteration_ms"]["median"] > 0
               for m in data["measured"])
    # every run timed at least --iterations, and went on until it had taken MIN_RUN_MS
    for m in data["measured"]:
        assert all(n >= 2 and ms >= measure.MIN_RUN_MS for n, ms in m["timed"]), m["timed"]
    by_key = {m["config"]["key"]: m for m in data["measured"]}
    assert by_key["ceiling-2"]["config"]["procs"] == 2 and data["batch"] == 64
    assert by_key["ceiling-2"]["config"]["batch"] == 32
    assert all(m["peak_rss_kb"] > 10_000 for m in data["measured"])
    # the BLAS library's kernel and single-thread rate, judged against the CPU's bound
    assert data["blas"]["gflops"] > 0 and data["blas"]["core"] and data["blas"]["bound"] > 0
    assert data["blas"]["verdict"] in ("ok", "generic", "slow")
    assert data["suspect"] == (data["blas"]["verdict"] != "ok")
    # private buffers exist only in the transformed build, and only with 2 threads
    assert by_key["baseline"]["private_bytes"] is None
    assert by_key["coarse-1"]["private_bytes"] == {"scratch": 0, "accumulators": 0}
    two = by_key["coarse-2"]["private_bytes"]
    assert two["scratch"] > 0 and two["accumulators"] > 0
    layers = {x["name"]: x for x in data["figures"]["layers"]}
    assert layers["conv2"]["transformed"] and not layers["mnist"]["transformed"]
    assert 0.5 < data["figures"]["parallel_share"] <= 1.0
    rows = data["figures"]["rows"]
    assert [x["threads"] for x in rows] == [1, 2]
    assert rows[1]["ceiling_speedup"] > 0 and rows[1]["memory"]["coarse_over_original"] > 0
    assert png.stat().st_size > 10000 and png.read_bytes()[:4] == b"\x89PNG"
    assert "speedup" in r.stdout and "held back most by" in r.stdout
    assert "ceiling" in r.stdout and "peak RSS" in r.stdout


def test_bench_synthetic_data_needs_no_dataset(tmp_path):
    out = tmp_path / "bench.json"
    r = cgp("bench", "caffe_src", "--net", "lenet", "--synthetic-data", "--threads", "2",
            "--iterations", "1", "--warmup", "1", "--repeats", "1", "--work", WORK,
            "--data", tmp_path / "no-such-dataset", "--json", out)
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    trained = Path(data["trained_net_file"]).read_text()
    assert 'type: "DummyData"' in trained and "shape { dim: 64 dim: 1 dim: 28 dim: 28 }" in trained
    assert "1x28x28" in data["data"] and "lenet.prototxt" in data["data"]


def test_bench_usage_errors_exit_2():
    for args, message in [(["--net", "alexnet"], "not a known net"),
                          (["--threads", "0"], "positive"),
                          (["--iterations", "0"], "at least 1"),
                          (["--data-shape", "1,28,28"], "goes with --synthetic-data")]:
        r = cgp("bench", "caffe_src", *args)
        assert r.returncode == 2 and message in r.stderr, (args, r.stderr)


def _measured(key, build, threads, ms, layers):
    m = measure.Measured(measure.Config(key, build, threads, threads, 1))
    m.samples.append(measure.Sample(ms, layers))
    return m


def test_figures_from_measurements():
    base_layers = {"conv": ["Convolution", 6.0, 2.0], "data": ["Data", 1.0, 0.0]}
    two_layers = {"conv": ["Convolution", 3.0, 1.0], "data": ["Data", 1.0, 0.0]}
    ms = [_measured("baseline", "original", 1, 10.0, base_layers),
          _measured("coarse-1", "transformed", 1, 10.5, base_layers),
          _measured("blas-2", "original", 2, 9.0, base_layers),
          _measured("coarse-2", "transformed", 2, 6.0, two_layers)]
    f = figures.derive(ms, [1, 2], {"Convolution"})
    assert f["parallel_share"] == pytest.approx(0.8)
    two = f["rows"][1]
    assert two["coarse_speedup"] == pytest.approx(10 / 6)
    assert two["fine_speedup"] == pytest.approx(10 / 9)
    assert two["coarse_over_fine"] == pytest.approx(1.5)
    assert two["amdahl_bound"] == pytest.approx(1 / (0.2 + 0.4))
    assert f["overhead_1_thread"] == pytest.approx(0.05)
    conv = next(x for x in f["layers"] if x["name"] == "conv")
    assert conv["speedup"] == pytest.approx(2.0)
    assert figures.slowest_layers(f, 1)[0]["name"] == "data"


def _rounds(key, build, threads, runs, procs=1, batch=None):
    m = measure.Measured(measure.Config(key, build, threads, threads, 1, procs=procs,
                                        batch=batch))
    m.samples += [measure.Sample(ms, {"conv": ["Convolution", ms, 0.0]}) for ms in runs]
    return m


@pytest.mark.parametrize("coarse,ceiling,flagged", [
    ([10.2, 10.0, 7.3, 7.3, 7.2], [7.6, 7.4, 7.5, 7.4, 7.3], True),   # a slow phase
    ([7.4, 7.3, 7.5, 7.3, 7.2], [7.6, 7.4, 7.5, 7.4, 7.3], False),    # steady
    ([10.2, 10.0, 7.3, 7.3, 7.2], [9.9, 7.4, 9.5, 7.4, 7.3], False),  # the ceiling saw it
])
def test_unsteady_threaded_runs_are_flagged_only_beside_a_steady_ceiling(coarse, ceiling,
                                                                         flagged):
    ms = [_rounds("baseline", "original", 1, [14.2] * 5),
          _rounds("blas-2", "original", 2, [12.5] * 5),
          _rounds("ceiling-2", "original", 1, ceiling, procs=2, batch=32),
          _rounds("coarse-2", "transformed", 2, coarse)]
    f = figures.derive(ms, [2], {"Convolution"}, full_batch=64)
    row = f["rows"][0]
    assert ("unsteady" in row) == flagged
    warned = report.unsteady_lines(f["rows"])
    assert len(warned) == (1 if flagged else 0)
    if flagged:
        assert row["unsteady"]["coarse"] == pytest.approx(10.2 / 7.2)
        assert "T=2" in warned[0] and "1.42x the fastest" in warned[0]


def test_bench_names_a_missing_dataset_and_a_missing_shape(tmp_path):
    net = tmp_path / "train.prototxt"
    net.write_text((ROOT / "caffe_src/examples/mnist/lenet_train_test.prototxt").read_text()
                   .replace('source: "data/fashion-mnist"', 'source: "no/such/data"'))
    r = cgp("bench", "caffe_src", "--net", net, "--work", tmp_path / "w")
    assert r.returncode == 2 and "no/such/data does not exist" in r.stderr \
        and "--synthetic-data" in r.stderr, r.stderr
    r = cgp("bench", "caffe_src", "--net", net, "--synthetic-data", "--work", tmp_path / "w")
    assert r.returncode == 2 and "give --data-shape C,H,W" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
