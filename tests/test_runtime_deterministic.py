"""A --deterministic build promises results that depend neither on the thread count nor on
where a region is entered. Twenty-second red team: a region entered inside a parallel
region (a nested one, or an application's own `omp parallel` around a net) ran inline as
one part, so its sum was added in another order than at top level, and the bits differed."""
import shutil

import pytest
from support.runtime_program import build_runtime_program, run_program

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include "cgp_runtime.hpp"

// The sum of x, as the transform writes an elementwise loop with a partial sum.
static float total(const std::vector<float>& x) {
  const long long n = static_cast<long long>(x.size());
  float s = 0;
  auto red = cgp::partials(s);
  const int parts = cgp::line_parts(n);
  cgp::for_lines(n, parts, [&](long long begin, long long end, int part) {
    float mine = red.start(part);
    for (long long i = begin; i < end; ++i) mine += x[i];
    red[part] = mine;
  });
  return red.sum(parts);
}

static std::uint32_t bits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

int main() {
  std::vector<float> x(200000);
  std::uint32_t seed = 12345;
  for (float& v : x) {
    seed = seed * 1664525u + 1013904223u;
    v = static_cast<float>(seed >> 8) * (seed & 1 ? 1e-3f : 1e3f) / 16777216.0f;
  }
  const std::uint32_t top = bits(total(x));
  std::uint32_t inside[2] = {0, 0};
#pragma omp parallel num_threads(2)
  {
#ifdef _OPENMP
    const int t = omp_get_thread_num();
#else
    const int t = 0;
#endif
    inside[t] = bits(total(x));
  }
  std::printf("%u %u %u\n", top, inside[0], inside[1]);
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("deterministic_nested"), PROGRAM,
                                 deterministic=True)


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_a_sum_inside_a_parallel_region_has_the_bits_of_one_outside(program, threads):
    top, first, second = run_program(program, [], threads)
    assert first == top, (top, first, second)
    if threads > 1:
        assert second == top, (top, first, second)


def test_the_sum_depends_on_its_order(tmp_path):
    """The data tell two orders apart: one part (the old runtime's nested region) gives
    other bits than the deterministic parts, so the test above can fail."""
    (tmp_path / "one").mkdir()
    (tmp_path / "det").mkdir()
    exe = build_runtime_program(tmp_path / "one", PROGRAM.replace("cgp::line_parts(n)", "1"))
    det = build_runtime_program(tmp_path / "det", PROGRAM, deterministic=True)
    assert run_program(exe, [], 1)[0] != run_program(det, [], 1)[0]
