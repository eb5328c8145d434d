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


# An OpenBLAS built with OpenMP (Debian's libopenblas0-openmp), stood in for by the program:
# its openblas_set_num_threads is omp_set_num_threads on the calling thread (OpenBLAS's
# blas_server_omp.c), so setting 1 before a region made the region a team of one and left
# the application's own OpenMP setting changed (the twenty-sixth red team, with the real
# library, extracted beside this machine's: region team 1 in every call).
OPENMP_BLAS = r"""
#include <omp.h>
#include <algorithm>
#include <cstdio>
#include "cgp_runtime.hpp"

static int calls = 0;
extern "C" int openblas_get_parallel(void) { return 2; }
extern "C" int openblas_get_num_threads(void) { return omp_get_max_threads(); }
extern "C" void openblas_set_num_threads(int n) { ++calls; omp_set_num_threads(n); }

int main() {
  omp_set_num_threads(3);  // the application's own choice
  int team = 0;
  cgp::parallel_for(64, [&](int, int, int) {
#pragma omp critical
    team = std::max(team, omp_get_num_threads());  // whichever threads get a part
  });
  { cgp::TeamBlas lend(true); }
  std::printf("%d %d %d\n", team, omp_get_max_threads(), calls);
  return 0;
}
"""


def test_an_openmp_openblas_keeps_the_teams_and_the_applications_setting(tmp_path):
    exe = build_runtime_program(tmp_path, OPENMP_BLAS)
    team, after, calls = run_program(exe, [], 4, force=True, spread=True)
    assert team == "3"  # the region's team: the application's setting, not one
    assert after == "3"
    assert calls == "0"  # OpenBLAS's count left alone: it is the OpenMP setting itself
