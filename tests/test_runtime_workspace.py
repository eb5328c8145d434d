"""The runtime's per-thread workspace, compiled and run: the thread copies of scratch Blobs
(cgp::local) take their memory from one workspace per thread, shared by every layer. Within
a region each Blob keeps its memory, apart from the others' (a nested, inline region frees
nothing); the next region reuses it; the memory held is the largest region's need per thread,
not the sum over layers; two application threads running nets at once never share it; a Blob
without set_cpu_data keeps its own memory as before."""
import shutil

import pytest
from support.runtime_program import BLOB, build_runtime_program, run_program

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <omp.h>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>
#include "cgp_runtime.hpp"

""" + BLOB + r"""
// The same without set_cpu_data (an older Caffe's Blob).
template <typename Dtype>
class OldBlob {
 public:
  void ReshapeLike(const OldBlob& other) { Reshape(other.count()); }
  void Reshape(int count) { data_.resize(count); shape_.assign(1, count); }
  int count() const { return static_cast<int>(data_.size()); }
  const std::vector<int>& shape() const { return shape_; }
  Dtype* mutable_cpu_data() { return data_.data(); }

 private:
  std::vector<Dtype> data_;
  std::vector<int> shape_;
};

// A "layer": scratch blobs written per sample, then read back, then the sample's output.
// Any two parts (or two nets) that shared scratch memory would mix their samples' values.
struct Net {
  Blob<float> col[3];
  Blob<float> pad;  // scratch whose shared data each part starts from (copied in)
  OldBlob<float> old;
  std::vector<float> out;
  std::atomic<int> bad{0};
  explicit Net(int size) {
    for (Blob<float>& b : col) b.Reshape(size);
    pad.Reshape(size);
    for (int i = 0; i < size; ++i) pad.mutable_cpu_data()[i] = 0.5f;
    old.Reshape(size);
  }
  void layer(int l, int num, float salt) {
    out.assign(num, 0.f);
    cgp::parallel_for(num, [&](int begin, int end, int) {
      float* pp = cgp::local_copy(pad).mutable_cpu_data();
      for (int n = begin; n < end; ++n) {
        // a helper reaches the copied-in Blob through local(): the same copy, every thread
        if (cgp::local(pad).mutable_cpu_data() != pp || pp[0] != 0.5f) ++bad;
        pp[1] = static_cast<float>(n);
        Blob<float>& a = cgp::local(col[l]);
        Blob<float>& b = cgp::local(col[(l + 1) % 3]);
        float* pa = a.mutable_cpu_data();
        float* pb = b.mutable_cpu_data();
        const int size = a.count();
        for (int i = 0; i < size; ++i) pa[i] = salt + n + i;
        for (int i = 0; i < size; ++i) pb[i] = -salt - n - i;
        float* po = cgp::local(old).mutable_cpu_data();
        for (int i = 0; i < size; ++i) po[i] = 2 * n + i;
        // a nested region runs inline and must not hand a's memory to anyone
        std::vector<float> tmp(size);
        cgp::for_elements(size, [&](long long b0, long long e0, int) {
          for (long long i = b0; i < e0; ++i) tmp[i] = 1.f;
        });
        Blob<float>& c = cgp::local(col[(l + 2) % 3]);
        float* pc = c.mutable_cpu_data();
        for (int i = 0; i < size; ++i) pc[i] = 7.f;
        if (cgp::local(col[l]).mutable_cpu_data() != pa) ++bad;  // same memory in a region
        double s = 0;
        for (int i = 0; i < size; ++i) {
          if (pa[i] != salt + n + i || pb[i] != -salt - n - i || po[i] != 2 * n + i) ++bad;
          s += pa[i] + pb[i] + tmp[i];
        }
        out[n] = static_cast<float>(s);
      }
    });
    for (int n = 0; n < num; ++n)
      if (out[n] != static_cast<float>(col[0].count())) ++bad;
    if (omp_get_max_threads() > 1 && pad.cpu_data()[1] != 0.5f) ++bad;  // not written
  }
};

// A helper two classes' loops share (cgp::current): the first loop privatizes its scratch
// (each part declares it), the second keeps the member shared and only reads it, a third
// privatizes a padded one copied in. Only the first and third may see thread copies.
struct Helped {
  Blob<float> table, pad;
  std::atomic<int> bad{0};
  explicit Helped(int size) { table.Reshape(size); pad.Reshape(size + 2); }
  float apply(int n, bool write) {
    Blob<float>& t = cgp::current(table, "table");
    float* p = t.mutable_cpu_data();
    float s = 0;
    for (int i = 0; i < t.count(); ++i) {
      if (write) p[i] = static_cast<float>(n + i);
      s += p[i];
    }
    return s;
  }
  float padded(int n) {
    float* p = cgp::current(pad, "pad").mutable_cpu_data();
    const int size = pad.count() - 2;
    for (int i = 1; i <= size; ++i) p[i] = static_cast<float>(n);
    return p[0] + p[size + 1] + p[1];
  }
  void run(int num) {
    const int size = table.count();
    cgp::parallel_for(num, [&](int begin, int end, int) {
      cgp::privatizes("table", false);
      for (int n = begin; n < end; ++n)
        if (apply(n, true) != static_cast<float>(size * n + size * (size - 1) / 2)) ++bad;
    });
    for (int i = 0; i < size; ++i) table.mutable_cpu_data()[i] = 1.f;  // as Reshape would
    cgp::parallel_for(num, [&](int begin, int end, int) {
      for (int n = begin; n < end; ++n)
        if (apply(n, false) != static_cast<float>(size)) ++bad;  // the shared table
    });
    pad.mutable_cpu_data()[0] = pad.mutable_cpu_data()[size + 1] = 0.5f;
    cgp::parallel_for(num, [&](int begin, int end, int) {
      cgp::privatizes("pad", true);
      for (int n = begin; n < end; ++n)
        if (padded(n) != 1.f + n) ++bad;  // the padding as it was before the loop
    });
  }
};

int main(int argc, char** argv) {
  const int num = std::atoi(argv[1]), size = std::atoi(argv[2]), nets = std::atoi(argv[3]);
  if (argc > 4 && std::string(argv[4]) == "helper") {
    Helped h(size);
    for (int round = 0; round < 3; ++round) h.run(num);
    std::printf("bad %d scratch %lld\n", h.bad.load(), cgp::scratch_bytes());
    return 0;
  }
  if (argc > 4 && std::string(argv[4]) == "inapp") {
    // Each thread of the application's own parallel region runs a net of its own: every
    // region runs inline there, on the net's shared Blobs, as the original code does (not
    // on copies made in an earlier call, nor where another class's loop privatized a name).
    std::atomic<int> bad{0};
#pragma omp parallel
    {
      Helped h(size);
      for (int round = 0; round < 3; ++round) {
        h.pad.mutable_cpu_data()[0] = h.pad.mutable_cpu_data()[size + 1] = 0.5f * round;
        cgp::parallel_for(num, [&](int begin, int end, int) {
          cgp::privatizes("pad", true);
          for (int n = begin; n < end; ++n)
            if (h.padded(n) != 1.f * round + n) ++bad;  // this call's border
        });
        cgp::parallel_for(num, [&](int begin, int end, int) {
          cgp::privatizes("table", false);
          for (int n = begin; n < end; ++n) h.apply(n, true);
        });
        for (int i = 0; i < size; ++i) h.table.mutable_cpu_data()[i] = 1.f + round;
        cgp::parallel_for(num, [&](int begin, int end, int) {
          for (int n = begin; n < end; ++n)
            if (h.apply(n, false) != size * (1.f + round)) ++bad;  // the shared table
          if (&cgp::local(h.table) != &h.table) ++bad;
        });
      }
      bad += h.bad.load();
    }
    std::printf("bad %d scratch %lld\n", bad.load(), cgp::scratch_bytes());
    return 0;
  }
  if (argc > 4) {  // "grow": a small layer's regions, then a 16 times larger one's
    Net small(size / 16), big(size);
    for (int round = 0; round < 2; ++round) small.layer(0, num, round);
    for (int round = 0; round < 2; ++round) big.layer(0, num, round);
    std::printf("bad %d scratch %lld\n", small.bad.load() + big.bad.load(),
                cgp::scratch_bytes());
    return 0;
  }
  std::vector<std::unique_ptr<Net> > all;
  for (int k = 0; k < nets; ++k) all.emplace_back(new Net(size));
  std::vector<std::thread> apps;
  for (int k = 0; k < nets; ++k)
    apps.emplace_back([&, k] {
      for (int round = 0; round < 5; ++round)
        for (int l = 0; l < 3; ++l) all[k]->layer(l, num, 1000.f * k + round);
    });
  for (std::thread& t : apps) t.join();
  int bad = 0;
  for (auto& net : all) bad += net->bad.load();
  std::printf("bad %d scratch %lld\n", bad, cgp::scratch_bytes());
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("workspace"), PROGRAM)


def _run(program, num, size, nets, threads, *more, spread=False):
    words = run_program(program, [num, size, nets, *more], threads, force=True, spread=spread)
    return dict(zip(words[::2], words[1::2]))


@pytest.mark.parametrize("threads", [2, 3])
def test_scratch_is_the_largest_region_per_thread_not_the_sum(program, threads):
    size = 4096
    got = _run(program, 24, size, 1, threads)
    assert got["bad"] == "0", got
    per_region = 4 * size * 4          # a region takes four Blobs' data from the workspace
    old_blob = size * 4 * 2            # the Blob without set_cpu_data: its own data and diff
    held = int(got["scratch"])
    # every thread: at most one region's need (a first region may take two blocks, which the
    # next region joins into one), plus the older Blob's own memory
    assert held <= threads * (per_region + 3 * 64 + old_blob), got
    # the old way held every layer's copies: 3 Blobs x (data + diff) per thread
    assert held < threads * 3 * size * 4 * 2, got


@pytest.mark.parametrize("round_", range(10))  # a stress loop: threads scheduled anew
def test_two_nets_in_two_application_threads_never_share_scratch(program, round_):
    got = _run(program, 13, 777, 2, 3)
    assert got["bad"] == "0", got


def test_one_thread_runs_on_the_shared_blobs(program):
    got = _run(program, 5, 100, 1, 1)
    assert got["bad"] == "0" and got["scratch"] == "0", got


@pytest.mark.parametrize("threads", [2, 3])
def test_a_larger_region_replaces_the_free_blocks_it_outgrows(program, threads):
    """The peak held: a thread whose workspace is too small for the next region frees it
    before taking a larger one, so the peak is the larger need, not the two added."""
    size = 4096
    got = _run(program, 24, size, 1, threads, "grow", spread=True)  # every worker takes
    assert got["bad"] == "0", got
    big_region = 4 * size * 4
    small_region = big_region // 16
    old_blobs = (size + size // 16) * 4 * 2  # the Blobs without set_cpu_data, both nets
    workers = threads - 1  # the calling thread writes the shared Blobs, but for the one
    copied_in = size * 4   # copied in (`pad`), which every thread takes a copy of
    need = workers * (big_region + old_blobs) + copied_in
    peak = int(got["scratch"])
    assert need <= peak <= need + threads * 4 * 64, got
    assert small_region > 4 * 64  # without the rule the peak is higher by a small region


@pytest.mark.parametrize("threads,round_", [(t, r) for t in (2, 3) for r in range(5)])
def test_a_helper_two_loops_share_uses_copies_only_where_a_loop_privatizes(program, threads,
                                                                          round_):
    """A stress loop. The helper's member is each thread's copy in the loop whose parts
    declare it (cgp::privatizes), the shared Blob in a loop that keeps it shared (a sibling
    class's: the tenth red team's wrong sums), and a copy of the shared data when declared
    copied in."""
    got = _run(program, 24, 64, 1, threads, "helper", spread=True)
    assert got["bad"] == "0", got


@pytest.mark.parametrize("threads,round_", [(t, r) for t in (2, 3) for r in range(5)])
def test_layers_run_in_the_applications_own_parallel_region_use_their_shared_blobs(
        program, threads, round_):
    """A stress loop (the thirteenth red team). Called from the application's own `omp
    parallel`, one net per thread, a region runs inline: its scratch is the net's shared
    Blob, never a copy made in an earlier call (whose copied-in border would be stale) nor
    a copy a helper hands out because another class's loop privatized that name."""
    got = _run(program, 24, 64, 1, threads, "inapp")
    assert got["bad"] == "0" and got["scratch"] == "0", got
