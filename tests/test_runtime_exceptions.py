"""An exception thrown inside a part of a region, compiled and run: it must not end the
process (an exception leaving an OpenMP region calls std::terminate). The calling thread
rethrows it, as the original loop hands it to its caller, and the next region runs as
usual (thirteenth/fourteenth red team: a sample's own `map::at` threw inside a part)."""
import shutil
import subprocess

import pytest
from support.runtime_program import build_runtime_program

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>
#include "cgp_runtime.hpp"

int main(int argc, char** argv) {
  const int num = std::atoi(argv[1]);
  std::vector<int> out(num, 0);
  int caught = 0;
  for (int call = 0; call < 3; ++call) {
    try {
      cgp::parallel_for(num, [&](int begin, int end, int) {
        for (int n = begin; n < end; ++n) {
          if (call == 0 && n == num / 2) throw std::out_of_range("bad label");
          out[n] = call;
        }
      });
    } catch (const std::out_of_range& e) {
      ++caught;
    }
  }
  int good = 0;
  for (int n = 0; n < num; ++n) good += out[n] == 2;
  std::printf("caught %d good %d\n", caught, good);
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("exceptions"), PROGRAM)


@pytest.mark.parametrize("threads,round_", [(t, r) for t in (1, 2, 3) for r in range(4)])
def test_an_exception_in_a_part_reaches_the_caller(program, threads, round_):
    """A stress loop: the exception reaches the caller at every thread count, once, and
    the next calls run every sample."""
    import os
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), CGP_FORCE_PARALLEL="1",
               CGP_SPREAD_PARTS="1" if round_ % 2 else "0")
    r = subprocess.run([str(program), "64"], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["caught", "1", "good", "64"], r.stdout


ORDER = r"""
#include <atomic>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <thread>
#include "cgp_runtime.hpp"

// Sample 1 throws A, but only once the last sample has thrown B: the exception the caller
// gets must be A, the one the original loop (which never reaches the last sample) throws.
int main() {
  const int num = 8;
  std::atomic<bool> last_threw(false);
  try {
    cgp::parallel_for(num, [&](int begin, int end, int) {
      for (int n = begin; n < end; ++n) {
        if (n == 1) {
          const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
          while (!last_threw.load() && std::chrono::steady_clock::now() < give_up)
            std::this_thread::yield();
          throw std::out_of_range("sample 1");
        }
        if (n == num - 1) {
          last_threw.store(true);
          throw std::length_error("last sample");
        }
      }
    });
  } catch (const std::out_of_range&) {
    std::printf("first\n");
  } catch (const std::length_error&) {
    std::printf("last\n");
  }
  return 0;
}
"""


@pytest.fixture(scope="module")
def order_program(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("exception_order"), ORDER)


@pytest.mark.parametrize("threads,reverse,round_",
                         [(t, r, k) for t in (2, 3) for r in (0, 1) for k in range(3)])
def test_the_earliest_samples_exception_reaches_the_caller(order_program, threads, reverse,
                                                            round_):
    """Twenty-second red team: the part that failed first in time was kept, so a later
    sample's exception could reach the caller. Sample 1 waits until the last sample has
    thrown, so the old runtime keeps the last one every time; the earliest sample's, in the
    loop's order (blocks handed out in reverse too), is kept now."""
    import os
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), CGP_FORCE_PARALLEL="1",
               CGP_REVERSE_BLOCKS=str(reverse))
    r = subprocess.run([str(order_program)], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["first"], r.stdout
