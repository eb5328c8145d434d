"""The BLAS library's thread count is one setting of the process. Twenty-second red team:
each region saved and restored it on its own, so with two nets on two application threads
a region's end could restore a count another region had set, leaving the library
multithreaded while the other's parts ran (oversubscribed) and the application's own count
changed after both. Lifetimes that overlap without nesting, as on two threads, in one
thread so that the order is fixed."""
import shutil

import pytest
from support.runtime_program import build_runtime_program, run_program

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <cstdio>
#include <memory>
#include "cgp_runtime.hpp"

extern "C" void openblas_set_num_threads(int);
extern "C" int openblas_get_num_threads(void);

int main() {
  openblas_set_num_threads(3);
  // net A's region runs its parts; net B's small batch lends BLAS the team; A ends first
  auto a = std::unique_ptr<cgp::SequentialBlas>(new cgp::SequentialBlas());
  auto b = std::unique_ptr<cgp::TeamBlas>(new cgp::TeamBlas(true));
  const int while_both = openblas_get_num_threads();
  a.reset();
  const int team_alone = openblas_get_num_threads();
  b.reset();
  const int after = openblas_get_num_threads();
  std::printf("%d %d %d\n", while_both, team_alone, after);
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("blas_threads"), PROGRAM)


def test_overlapping_regions_of_two_nets_leave_the_count_as_it_was(program):
    while_both, team_alone, after = run_program(program, [], 4)
    assert while_both == "1"  # parts still running: BLAS single-threaded
    assert team_alone == "4"  # only the inline loop left: the team (OMP_NUM_THREADS)
    assert after == "3"  # the application's count, once both are done
