"""The runtime's accumulators, compiled and run the way the emitted batch loops use them
(accumulators_for, prepare, get, reduce_into around cgp::for_parts): every part's samples are
summed exactly once (also when two names of the loop are one buffer), and a loop's buffers
(a weight diff and a bias diff) never overlap; the private slots are one set per calling
thread, shared by every loop, so the memory held is the largest loop's need per slot, not the
sum over layers; two application threads running their own layers at once each have their
own."""
import shutil

import pytest
from support.runtime_program import build_runtime_program, run_program

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>
#include "cgp_runtime.hpp"

// A layer's backward as cgp-transform writes it: every sample adds into two diffs.
struct Layer {
  std::vector<float> weight, bias;
  int bad = 0;
  int parts = 0;
  Layer(int w, int b) : weight(w), bias(b) {}
  void backward(int num) {
    std::fill(weight.begin(), weight.end(), 0.f);
    std::fill(bias.begin(), bias.end(), 0.f);
    float* wd = weight.data();
    float* bd = bias.data();
    auto* const shared_w = wd;
    auto& acc_w = cgp::accumulators_for(shared_w);
    auto* const shared_b = bd;
    auto& acc_b = cgp::accumulators_for(shared_b);
    const int w = static_cast<int>(weight.size()), b = static_cast<int>(bias.size());
    parts = cgp::batch_parts(num, true, w * sizeof(float) + b * sizeof(float));
    acc_w.prepare(parts, w);
    acc_b.prepare(parts, b);
    cgp::for_parts(num, parts, [&](int begin, int end, int part) {
      float* wd = acc_w.get(part, shared_w);
      float* bd = acc_b.get(part, shared_b);
      for (int n = begin; n < end; ++n) {
        for (int i = 0; i < w; ++i) wd[i] += n + 1;
        for (int i = 0; i < b; ++i) bd[i] += 2 * (n + 1);
      }
    });
    acc_w.reduce_into(shared_w);
    acc_b.reduce_into(shared_b);
    const float sum = num * (num + 1) / 2;
    for (float v : weight) bad += v != sum;
    for (float v : bias) bad += v != 2 * sum;
  }
};

// A loop with accumulators whose samples each run another such loop (a helper's), as a
// --deterministic build runs them without OpenMP, or on a team of one: both go by parts.
struct Nested {
  Layer inner{700, 5};
  std::vector<float> weight = std::vector<float>(300);
  int bad = 0;
  void backward(int num) {
    std::fill(weight.begin(), weight.end(), 0.f);
    float* const shared_w = weight.data();
    auto& acc_w = cgp::accumulators_for(shared_w);
    const int w = static_cast<int>(weight.size());
    const int parts = cgp::batch_parts(num, true, w * sizeof(float));
    acc_w.prepare(parts, w);
    cgp::for_parts(num, parts, [&](int begin, int end, int part) {
      float* wd = acc_w.get(part, shared_w);
      for (int n = begin; n < end; ++n) {
        for (int i = 0; i < w; ++i) wd[i] += n + 1;
        inner.backward(num);  // its own loop, its own accumulators, inside this one's
      }
    });
    acc_w.reduce_into(shared_w);
    const float sum = num * (num + 1) / 2;
    for (float v : weight) bad += v != sum;
  }
};

// A loop whose every access of the buffer runs under a gate that is false this time
// (a frozen weight): prepare(..., false) gives no slot a copy, and nothing is added, so
// the buffer keeps even the sign of its zeros (-0 + 0 would be +0). With the gate unknown
// (live), every part takes a slot that it never adds to: slots start at -0, so again.
int gated(int num, bool live) {
  std::vector<float> weight(5000, -0.f);
  float* const shared_w = weight.data();
  auto& acc_w = cgp::accumulators_for(shared_w);
  const int w = static_cast<int>(weight.size());
  const int parts = cgp::batch_parts(num, true, w * sizeof(float));
  acc_w.prepare(parts, w, live);
  std::vector<const float*> seen(parts, nullptr);
  cgp::for_parts(num, parts, [&](int, int, int part) { seen[part] = acc_w.get(part, shared_w); });
  acc_w.reduce_into(shared_w);
  int bad = parts > 1 ? 0 : 1000;  // the case needs several parts
  for (const float* p : seen) bad += !live && p != shared_w;
  for (float v : weight) bad += !(v == 0 && std::signbit(v));
  std::printf("bad %d held %lld parts %d\n", bad, cgp::accumulator_bytes(), parts);
  return 0;
}

// Two names of one buffer (two Blobs tied to one diff: `blobs_[1] = blobs_[0]`, ShareDiff),
// each prepared and added as the emitted loop does: one set of slots, every part added once,
// and the second name's gate (false here) takes no slots from the first.
int tied(int num) {
  std::vector<float> weight(3000, 0.f);
  float* const w0 = weight.data();
  float* const w1 = weight.data();
  auto& acc0 = cgp::accumulators_for(w0);
  auto& acc1 = cgp::accumulators_for(w1);
  const int w = static_cast<int>(weight.size());
  const int parts = cgp::batch_parts(num, true, 2 * w * sizeof(float));
  acc0.prepare(parts, w);
  acc1.prepare(parts, w, false);
  cgp::for_parts(num, parts, [&](int begin, int end, int part) {
    float* a = acc0.get(part, w0);
    float* b = acc1.get(part, w1);
    for (int n = begin; n < end; ++n) {
      for (int i = 0; i < w; ++i) a[i] += n + 1;
      for (int i = 0; i < w; ++i) b[i] += 1;
    }
  });
  acc0.reduce_into(w0);
  acc1.reduce_into(w1);
  int bad = parts > 1 ? 0 : 1000;  // the case needs several parts
  const float sum = num * (num + 1) / 2 + num;
  for (float v : weight) bad += v != sum;
  std::printf("bad %d held %lld parts %d\n", bad, cgp::accumulator_bytes(), parts);
  return 0;
}

// A loop that prepared its buffer and then threw (never reaching reduce_into), then the next
// loop on the same buffer, now 1000 elements of 4000: the next one starts afresh, and adds
// nothing past its own count (the -0 there keeps its sign: adding a zero would make it +0).
int stale(int num) {
  std::vector<float> buf(4000, 0.f);
  float* const shared = buf.data();
  auto& acc = cgp::accumulators_for(shared);
  int parts = cgp::batch_parts(num, true, 4000 * sizeof(float));
  acc.prepare(parts, 4000);  // ... and the loop throws
  for (int i = 1000; i < 4000; ++i) buf[i] = -0.f;
  parts = cgp::batch_parts(num, true, 1000 * sizeof(float));
  acc.prepare(parts, 1000);
  cgp::for_parts(num, parts, [&](int begin, int end, int part) {
    float* p = acc.get(part, shared);
    for (int n = begin; n < end; ++n)
      for (int i = 0; i < 1000; ++i) p[i] += 1;
  });
  acc.reduce_into(shared);
  int bad = parts > 1 ? 0 : 1000;
  for (int i = 0; i < 1000; ++i) bad += buf[i] != num;
  for (int i = 1000; i < 4000; ++i) bad += !(buf[i] == 0 && std::signbit(buf[i]));
  std::printf("bad %d held %lld parts %d\n", bad, cgp::accumulator_bytes(), parts);
  return 0;
}

int main(int argc, char** argv) {
  const int num = std::atoi(argv[1]), small = std::atoi(argv[2]), big = std::atoi(argv[3]);
  const int apps = std::atoi(argv[4]);
  if (argc > 5 && std::string(argv[5]) == "gated") return gated(num, false);
  if (argc > 5 && std::string(argv[5]) == "untouched") return gated(num, true);
  if (argc > 5 && std::string(argv[5]) == "tied") return tied(num);
  if (argc > 5 && std::string(argv[5]) == "stale") return stale(num);
  if (argc > 5) {  // "nested"
    Nested nested;
    for (int round = 0; round < 3; ++round) nested.backward(num);
    std::printf("bad %d held %lld parts %d\n", nested.bad + nested.inner.bad,
                cgp::accumulator_bytes(), nested.inner.parts);
    return 0;
  }
  std::vector<std::unique_ptr<Layer> > layers;
  for (int a = 0; a < apps; ++a) {  // each application thread: a small, a big, a small layer
    layers.emplace_back(new Layer(small, 10));
    layers.emplace_back(new Layer(big, 10));
    layers.emplace_back(new Layer(small, 3));
  }
  std::vector<std::thread> threads;
  for (int a = 0; a < apps; ++a)
    threads.emplace_back([&, a] {
      for (int round = 0; round < 3; ++round)
        for (int l = 0; l < 3; ++l) layers[3 * a + l]->backward(num);
    });
  for (std::thread& t : threads) t.join();
  int bad = 0;
  for (auto& l : layers) bad += l->bad;
  std::printf("bad %d held %lld parts", bad, cgp::accumulator_bytes());
  for (int l = 0; l < 3; ++l) std::printf(" %d", layers[l]->parts);
  std::printf("\n");
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("accumulators"), PROGRAM)


@pytest.fixture(scope="module", params=["openmp", "no-openmp"])
def deterministic(tmp_path_factory, request):
    """The program with the --deterministic runtime: its loops run by fixed parts, nested
    ones included, with OpenMP on a team of one thread, or without OpenMP at all."""
    return build_runtime_program(tmp_path_factory.mktemp("deterministic"), PROGRAM,
                                 deterministic=True, openmp=request.param == "openmp")


def _run(program, num, small, big, apps, threads, *more):
    words = run_program(program, [num, small, big, apps, *more], threads, force=True)
    assert words[0] == "bad" and words[2] == "held" and words[4] == "parts", words
    return int(words[1]), int(words[3]), [int(w) for w in words[5:]]


def _bytes(floats):
    return (floats * 4 + 63) // 64 * 64  # what a slot's arena takes for one buffer


@pytest.mark.parametrize("threads", [2, 3])
def test_a_slot_holds_the_largest_loop_not_the_sum_over_layers(program, threads):
    small, big = 1000, 16000
    bad, held, parts = _run(program, 24, small, big, 1, threads)
    assert bad == 0
    loops = [_bytes(small) + _bytes(10), _bytes(big) + _bytes(10), _bytes(small) + _bytes(3)]
    assert parts[0] > 1 and parts[0] == parts[1] == parts[2]
    slots = parts[0] - 1  # part 0 adds into the shared buffers
    assert held == slots * max(loops), (held, parts)
    assert held < slots * sum(loops)  # one set of buffers per layer held the sum


@pytest.mark.parametrize("round_", range(10))  # a stress loop: threads scheduled anew
def test_two_application_threads_each_have_their_own_slots(program, round_):
    small, big = 777, 5000
    bad, held, parts = _run(program, 13, small, big, 2, 3)
    assert bad == 0
    assert held == 2 * (parts[0] - 1) * (_bytes(big) + _bytes(10)), (held, parts)


def test_one_thread_uses_the_shared_buffers(program):
    bad, held, parts = _run(program, 5, 100, 200, 1, 1)
    assert bad == 0 and held == 0 and parts == [1, 1, 1]


def test_a_loop_inside_another_loops_part_never_takes_its_buffers(deterministic):
    """The inner loop opens while the outer one's buffers are in use (parts that already
    added into them): it must take memory apart from them, and reuse its own."""
    bad, held, parts = _run(deterministic, 8, 0, 0, 1, 1, "nested")
    assert parts[0] > 1 and bad == 0
    outer, inner = _bytes(300), _bytes(700) + _bytes(5)
    # one slot: the outer loop's buffer, then one inner loop's per sample of its part at most
    assert held <= (parts[0] - 1) * (outer + 8 * inner), held


def test_a_gate_that_is_false_takes_no_copies_and_adds_nothing(program):
    bad, held, parts = _run(program, 24, 0, 0, 1, 2, "gated")
    assert bad == 0 and held == 0 and parts[0] > 1


@pytest.mark.parametrize("threads,round_", [(t, r) for t in (2, 3) for r in range(5)])
def test_two_names_of_one_buffer_add_each_part_once(program, threads, round_):
    """A stress loop: threads scheduled anew each round."""
    bad, held, parts = _run(program, 24, 0, 0, 1, threads, "tied")
    assert bad == 0 and parts[0] > 1
    assert held == (parts[0] - 1) * _bytes(3000)  # one set of slots for both names


@pytest.mark.parametrize("threads", [2, 3])
def test_a_loop_that_threw_before_adding_leaves_the_next_one_its_own_count(program, threads):
    bad, held, parts = _run(program, 24, 0, 0, 1, threads, "stale")
    assert bad == 0 and parts[0] > 1


def test_slots_a_loop_never_adds_to_leave_even_the_sign_of_zeros(program):
    """A condition the loop cannot spell (no gate): every part gets a slot, and none adds to
    it. The slots start at -0, so adding them leaves a shared -0 as it was (the twelfth red
    team: +0 slots made it +0)."""
    bad, held, parts = _run(program, 24, 0, 0, 1, 2, "untouched")
    assert bad == 0 and parts[0] > 1 and held > 0
