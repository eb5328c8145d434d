"""The runtime's split of elementwise library calls, compiled and run: blocks cover every
element once, the call runs whole when two arrays overlap in part, below the size threshold,
and inside a parallel region, and the results are those of the whole call."""
import shutil

import pytest
from support.runtime_program import build_runtime_program, run_program

from transformer.render import CHUNKS_PER_THREAD

BLOCKS = 4 * CHUNKS_PER_THREAD  # at 4 threads

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <cstdio>
#include <vector>
#include "cgp_runtime.hpp"

// A sequential elementwise add, as a library would write it.
template <typename T> void add(long long n, const T* a, const T* b, T* y) {
  for (long long i = 0; i < n; ++i) y[i] = a[i] + b[i];
}

template <typename T> int run(long long n, long long shift, std::vector<T>* out) {
  std::vector<T> v(n + shift + 1);
  for (long long i = 0; i < (long long)v.size(); ++i) v[i] = T(i % 7);
  T* y = v.data();
  const T* a = v.data() + shift;  // shift > 0: a and y overlap in part
  int calls = 0;
  cgp::split_elements(n, [&](long long b, long long s) {
#pragma omp atomic
    ++calls;
    add(s, a + b, a + b, y + b);
  }, a, y);
  *out = v;
  return calls;
}

int main(int argc, char** argv) {
  const long long n = atoll(argv[1]), shift = atoll(argv[2]);
  std::vector<float> got, want;
  const int calls = run(n, shift, &got);
  // the whole call, sequentially
  std::vector<float> v(n + shift + 1);
  for (long long i = 0; i < (long long)v.size(); ++i) v[i] = float(i % 7);
  add(n, v.data() + shift, v.data() + shift, v.data());
  int nested = 0;
#pragma omp parallel num_threads(2)
  {
    std::vector<float> tmp;
    const int c = run(n, 0, &tmp);
#pragma omp atomic
    nested += c;
  }
  std::printf("calls %d same %d nested %d\n", calls, int(got == v), nested);
  return 0;
}
"""


@pytest.fixture(scope="module")
def exe(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("rt"), PROGRAM)


def run(exe, n, shift, threads=4, force=False):
    out = run_program(exe, [n, shift], threads, force)
    return {"calls": int(out[1]), "same": out[3] == "1", "nested": int(out[5])}


def test_large_disjoint_call_is_split_and_equal(exe):
    got = run(exe, 100000, 0)
    assert got == {"calls": BLOCKS, "same": True, "nested": 2}  # nested: whole, once per thread


def test_partial_overlap_runs_whole(exe):
    # a reads y shifted by 3 elements: split blocks would read what other blocks wrote
    got = run(exe, 100000, 3)
    assert got["calls"] == 1 and got["same"]


def test_small_call_runs_whole_unless_forced(exe):
    assert run(exe, 1000, 0)["calls"] == 1
    forced = run(exe, 1000, 0, force=True)
    assert forced["calls"] == BLOCKS and forced["same"]


def test_one_thread_runs_whole(exe):
    assert run(exe, 100000, 0, threads=1)["calls"] == 1
