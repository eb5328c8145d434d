"""The runtime's region calls, compiled and run: a batch loop's parts cover every sample
once; what the lambda captures by copy is each part's own; partial sums start part 0 from
the variable's value, so one thread computes bitwise what the loop did; and with
CGP_SPREAD_PARTS (check's race runs) every thread runs a part, whatever the load."""
import shutil

import pytest
from support.runtime_program import build_runtime_program, run_program

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <omp.h>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <vector>
#include "cgp_runtime.hpp"

int main(int argc, char** argv) {
  const int num = std::atoi(argv[1]);
  std::vector<int> seen(num, 0);
  std::vector<int> thread_of(cgp::kMaxParts, -1);
  std::atomic<bool> own_copies(true);
  int base = 100;  // captured by copy: every part starts from 100
  cgp::parallel_for(num, [&, base](int begin, int end, int part) mutable {
    if (base != 100) own_copies = false;
    thread_of[part] = omp_get_thread_num();
    for (int n = begin; n < end; ++n) {
      ++seen[n];
      base += 7;
    }
  });
  bool once = base == 100;
  for (int n = 0; n < num; ++n) once = once && seen[n] == 1;
  std::set<int> threads;
  for (int t : thread_of) if (t >= 0) threads.insert(t);
  // a partial sum: part 0 from the value before, the others from zero, added in part order
  std::vector<double> x(num);
  for (int n = 0; n < num; ++n) x[n] = 1.0 / (n + 3);
  double sum = 0.25, want = 0.25;
  for (int n = 0; n < num; ++n) want += x[n];
  auto partial = cgp::partials(sum);
  const int parts = cgp::batch_parts(num);
  cgp::for_parts(num, parts, [&, sum](int begin, int end, int part) mutable {
    sum = partial.start(part);
    for (int n = begin; n < end; ++n) sum += x[n];
    partial[part] = sum;
  });
  sum = partial.sum(parts);
  std::printf("once %d copies %d parts %d threads %d sum %a want %a\n", int(once),
              int(own_copies.load()), parts, int(threads.size()), sum, want);
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("regions"), PROGRAM)


def _run(program, num, threads, spread=False):
    import os
    old = os.environ.get("CGP_SPREAD_PARTS")
    os.environ["CGP_SPREAD_PARTS"] = "1" if spread else "0"
    try:
        words = run_program(program, [num], threads, force=True)
    finally:
        if old is None:
            os.environ.pop("CGP_SPREAD_PARTS")
        else:
            os.environ["CGP_SPREAD_PARTS"] = old
    return dict(zip(words[::2], words[1::2]))


@pytest.mark.parametrize("num", [1, 2, 3, 7, 13, 64])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_parts_cover_every_sample_once_with_their_own_copies(program, num, threads):
    got = _run(program, num, threads)
    assert got["once"] == "1" and got["copies"] == "1", got
    assert int(got["parts"]) == (1 if threads == 1 or num < 2 else min(num, threads * 4))
    if threads == 1:  # one part: the loop's own additions, in its order
        assert got["sum"] == got["want"], got


@pytest.mark.parametrize("round_", range(20))  # a stress loop: threads scheduled anew
def test_spread_runs_a_part_on_every_thread(program, round_):
    for threads, num in ((2, 2), (2, 13), (3, 5)):
        got = _run(program, num, threads, spread=True)
        assert int(got["threads"]) == min(threads, int(got["parts"])), (threads, num, got)
        assert got["once"] == "1" and got["copies"] == "1", got


SMALL_BATCH = r"""
#include <cstdio>
#include <cstdlib>
#include "cgp_runtime.hpp"

int main(int argc, char** argv) {
  const int num = std::atoi(argv[1]);
  const int parts = cgp::batch_parts(num);
  int blas_inside = -1;
  cgp::for_parts(num, parts, [&](int, int, int part) {
    if (part == 0) blas_inside = openblas_get_num_threads();
  });
  std::printf("parts %d blas_inside %d blas_after %d\n", parts, blas_inside,
              openblas_get_num_threads());
  return 0;
}
"""


@pytest.fixture(scope="module")
def small_batch(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("small"), SMALL_BATCH)


@pytest.mark.parametrize("num,threads,parts,inside", [
    (1, 2, 1, 2),   # one sample, two threads: inline, BLAS on the team
    (2, 4, 1, 4),   # half as many samples as threads: the same
    (3, 4, 3, 1),   # more: one part per sample, BLAS sequential inside
    (2, 2, 2, 1),
    (1, 1, 1, 1),   # one thread: nothing changes
])
def test_a_batch_smaller_than_the_team_gives_blas_the_team(small_batch, num, threads, parts,
                                                           inside, monkeypatch):
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "1")
    words = run_program(small_batch, [num], threads)
    got = dict(zip(words[::2], words[1::2]))
    assert (int(got["parts"]), int(got["blas_inside"])) == (parts, inside), got
    assert got["blas_after"] == "1", got


IN_PLACE = r"""
#include <omp.h>
#include <cstdio>
#include <vector>
#include "cgp_runtime.hpp"

// A gather (element i reads element perm(i)) into `out`, run apart or in place: in place it
// must run whole, on one thread, as the original loop.
int run(const float* in, float* out, long long n) {
  int threads_used = 0;
  std::vector<int> seen(omp_get_max_threads() + 1, 0);
  cgp::for_elements(n, cgp::disjoint(in, n, out, n), [&](long long b, long long e, int) {
    seen[omp_get_thread_num()] = 1;
    for (long long i = b; i < e; ++i) out[i] = in[n - 1 - i] + 1;
  });
  for (int s : seen) threads_used += s;
  return threads_used;
}

int main() {
  const long long n = 1 << 16;
  std::vector<float> a(n), b(n), want(n);
  for (long long i = 0; i < n; ++i) a[i] = want[i] = static_cast<float>(i % 97);
  for (long long i = 0; i < n; ++i) want[i] = want[n - 1 - i] + 1;  // in place, in order
  const int apart = run(a.data(), b.data(), n);
  const int in_place = run(a.data(), a.data(), n);
  const bool same = a == want;
  const int overlap = run(a.data() + 8, a.data(), n - 8);
  std::printf("apart %d in_place %d overlap %d same %d\n", apart, in_place, overlap,
              int(same));
  return 0;
}
"""


@pytest.fixture(scope="module")
def in_place(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("inplace"), IN_PLACE)


@pytest.mark.parametrize("round_", range(5))  # a stress loop: threads scheduled anew
def test_a_region_that_may_run_in_place_runs_whole_then(in_place, round_):
    words = run_program(in_place, [], 2, force=True)
    got = dict(zip(words[::2], words[1::2]))
    assert got["in_place"] == "1" and got["overlap"] == "1", got  # whole, one thread
    assert got["same"] == "1", got                                # the original's result
    assert got["apart"] in ("1", "2"), got
