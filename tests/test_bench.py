"""`cgp-transform bench` end to end, briefly (real timings live in docs/BENCHMARKS.md): the
three configurations run, the figures follow from the measurements, the plot is written."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from transformer.bench import figures, measure

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
    assert keys == ["baseline", "coarse-1", "blas-2", "coarse-2"]
    assert all(len(m["runs_ms"]) == 2 and m["iteration_ms"]["median"] > 0
               for m in data["measured"])
    layers = {x["name"]: x for x in data["figures"]["layers"]}
    assert layers["conv2"]["transformed"] and not layers["mnist"]["transformed"]
    assert 0.5 < data["figures"]["parallel_share"] <= 1.0
    rows = data["figures"]["rows"]
    assert [x["threads"] for x in rows] == [1, 2]
    assert png.stat().st_size > 10000 and png.read_bytes()[:4] == b"\x89PNG"
    assert "speedup" in r.stdout and "held back most by" in r.stdout


def test_bench_usage_errors_exit_2():
    for args, message in [(["--net", "alexnet"], "not a known net"),
                          (["--threads", "0"], "positive"),
                          (["--iterations", "0"], "at least 1")]:
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
