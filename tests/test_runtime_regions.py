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
