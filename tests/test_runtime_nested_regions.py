"""Regions of a --deterministic build run inside the application's own parallel region
(one net per application thread): there every region is nested, and runs as a team of its
own. Each one must still be a region of its own to the thread copies: a scratch Blob copied
in is copied again in every call (not the first call's data kept), and the workspace frees
what the last region took (it does not grow by every shape it has seen). The runtime before
round 26 numbered and freed only outermost regions: a helper's copied-in scratch kept the
first call's data (this test: thousands of samples saw an old border), and a red team's
run of LRN's copy there grew by every shape (1.6 GB after 2,000 calls)."""
import shutil

import pytest
from support.runtime_program import BLOB, build_runtime_program, run_program

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <omp.h>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "cgp_runtime.hpp"

""" + BLOB + r"""
// One call of a layer: the border of its scratch set before the loop, read by a helper
// through the region's copy (the emitted prologue and helper); the scratch follows the
// input's size. Returns the samples that saw another border.
static int forward(Blob<float>& pad, int num, int size, float border) {
  pad.Reshape(size);
  pad.mutable_cpu_data()[0] = border;
  std::atomic<int> bad{0};
  cgp::parallel_for(num, [&](int begin, int end, int) {
    cgp::privatizes("pad", true);
    for (int n = begin; n < end; ++n)
      if (cgp::current(pad, "pad").cpu_data()[0] != border) ++bad;
  });
  return bad.load();
}

int main(int argc, char** argv) {
  const int calls = std::atoi(argv[1]);
  std::atomic<int> bad{0};
  long long most = 0;
#pragma omp parallel reduction(max : most)
  {
    Blob<float> pad;
    for (int c = 0; c < calls; ++c) {
      bad += forward(pad, 16, c % 2 ? 20000 : 20000 + 16 * (c % 7 + 1), 0.5f * c);
      most = std::max(most, cgp::scratch_bytes());
    }
  }
  std::printf("bad %d held %lld\n", bad.load(), most);
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("nested"), PROGRAM, deterministic=True)


@pytest.mark.parametrize("round_", range(5))
def test_nested_regions_copy_in_every_call_and_free_what_they_took(program, round_):
    words = run_program(program, ["200"], threads=2, force=True)
    assert words[:2] == ["bad", "0"], words
    # two application threads, one copy each of at most ~20,128 floats (80 KB) at a time:
    # the old runtime held one block per shape seen, about 1 MB per thread by 200 calls
    assert int(words[3]) <= 2 * 2 * 20128 * 4, words
