"""Max, min and argmax reductions run: the golden rewrite of fixtures/extremum_layers.cpp
against the original, compiled with OpenMP and run at 1 to 4 threads with the parallel paths
forced, on inputs full of ties (repeated samples, constant samples, zeros). Max and min are
exact and the first extreme sample wins in both: every output is bitwise equal."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from transformer.render import Renderer

ROOT = Path(__file__).resolve().parents[1]

# A Blob for the declarations-only fixture API: storage kept beside each Blob.
DRIVER = r"""
#include <cstdio>
#include <map>
#include <vector>
#include "caffe_fixture.hpp"
namespace caffe {
struct Store { std::vector<int> shape; std::vector<double> data; };
static std::map<const void*, Store> g_store;  // the test driver's own, single-threaded use
template <typename D> Blob<D>::Blob() {}
template <typename D> void Blob<D>::Reshape(int n, int c, int h, int w) {
  Store& s = g_store[this];
  s.shape = {n, c, h, w};
  s.data.assign(n * c * h * w, 0.0);  // doubles: room for any Dtype
}
template <typename D> int Blob<D>::count() const { return count(0); }
template <typename D> int Blob<D>::count(int start) const {
  int k = 1;
  const Store& s = g_store[this];
  for (size_t i = start; i < s.shape.size(); ++i) k *= s.shape[i];
  return k;
}
template <typename D> int Blob<D>::num() const { return g_store[this].shape[0]; }
template <typename D> const D* Blob<D>::cpu_data() const {
  return reinterpret_cast<const D*>(g_store[this].data.data());
}
template <typename D> D* Blob<D>::mutable_cpu_data() {
  return reinterpret_cast<D*>(g_store[this].data.data());
}
template class Blob<float>;
template class Blob<double>;
}  // namespace caffe
#include "LAYER_FILE"
using namespace caffe;
struct Probe : FxPeakSampleLayer<float> {
  using FxPeakSampleLayer<float>::Forward_cpu;
};
int main(int argc, char** argv) {
  const int num = 37, dim = 5;
  Blob<float> in, out;
  in.Reshape(num, dim, 1, 1);
  float* x = in.mutable_cpu_data();
  for (int n = 0; n < num; ++n)
    for (int k = 0; k < dim; ++k)  // ties: samples repeat every 6, constant and zero rows
      x[n * dim + k] = (n % 6 == 0) ? 0.f : (n % 6 == 1 ? 1.5f : float((n % 6) * (k + 1)) / 7.f);
  std::vector<Blob<float>*> bottom{&in}, top{&out};
  Probe layer;
  layer.Reshape(bottom, top);
  layer.Forward_cpu(bottom, top);
  std::printf("%a %a\n", out.cpu_data()[0], out.cpu_data()[1]);
  return 0;
}
"""


def _build(tmp: Path, layer_file: Path, name: str) -> Path:
    d = tmp / name
    d.mkdir()
    (d / "cgp_runtime.hpp").write_text(Renderer(None, {}).runtime_header())
    (d / "main.cpp").write_text(DRIVER.replace("LAYER_FILE", str(layer_file)))
    exe = d / "main"
    r = subprocess.run(["g++", "-std=c++11", "-O1", "-fopenmp", f"-I{d}",
                        f"-I{ROOT / 'fixtures' / 'include'}", str(d / "main.cpp"), "-o",
                        str(exe), "-Wl,--no-as-needed", "-lopenblas"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    return exe


def _run(exe: Path, threads: int, reverse: bool = False) -> str:
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), CGP_FORCE_PARALLEL="1",
               CGP_REVERSE_BLOCKS="1" if reverse else "0")
    return subprocess.run([str(exe)], env=env, capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("extremum")
    return (_build(tmp, ROOT / "fixtures" / "extremum_layers.cpp", "original"),
            _build(tmp, ROOT / "fixtures" / "extremum_layers.expected.cpp", "rewritten"))


def test_inputs_have_ties(programs):
    """The sample with the largest norm repeats (every 6th): the tie rule is exercised."""
    original, _ = programs
    best_n, last_n = divmod(int(float.fromhex(_run(original, 1).split()[1])), 1000)
    assert best_n < last_n, (best_n, last_n)


@pytest.mark.parametrize("round_", range(5))  # a stress loop: threads, scheduled anew each run
def test_bitwise_at_every_thread_count(programs, round_):
    original, rewritten = programs
    want = _run(original, 1)
    for threads in (1, 2, 3, 4):
        assert _run(rewritten, threads) == want, threads
        # blocks handed out backwards (check's schedule): combined in sample order all the same
        assert _run(rewritten, threads, reverse=True) == want, threads
