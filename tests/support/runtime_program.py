"""Build a small C++ program against the runtime header the tool emits (cgp_runtime.hpp),
with OpenMP and OpenBLAS, for the tests that run the runtime's splits directly."""
import os
import subprocess
from pathlib import Path
from typing import List

from transformer.render import Renderer


def build_runtime_program(directory: Path, source: str, deterministic: bool = False,
                          openmp: bool = True) -> Path:
    """The program, against the runtime header (of a --deterministic transform where asked),
    with OpenMP or without."""
    header = Renderer(None, {}, deterministic=deterministic).runtime_header()
    (directory / "cgp_runtime.hpp").write_text(header)
    (directory / "main.cpp").write_text(source)
    exe = directory / "main"
    # --no-as-needed: a program may interpose a CBLAS function and reach OpenBLAS's own
    # through dlsym(RTLD_NEXT), which needs the library loaded
    r = subprocess.run(["g++", "-std=c++17", "-O1"] + (["-fopenmp"] if openmp else []) + [
                        f"-I{directory}",
                        str(directory / "main.cpp"), "-o", str(exe), "-Wl,--no-as-needed",
                        "-lopenblas", "-ldl"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return exe


def run_program(exe: Path, args, threads: int, force: bool = False,
                spread: bool = False) -> List[str]:
    """Run a runtime test program at `threads` OpenMP threads, with the size thresholds
    (CGP_FORCE_PARALLEL) on or off whatever the caller's environment says, and with
    `spread` every thread of a region starting a part before any starts a second
    (CGP_SPREAD_PARTS=1: on a loaded machine a thread may otherwise get no part; without
    it, the caller's environment decides); its words."""
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    env.pop("CGP_FORCE_PARALLEL", None)
    if force:
        env["CGP_FORCE_PARALLEL"] = "1"
    if spread:
        env["CGP_SPREAD_PARTS"] = "1"
    return subprocess.run([str(exe)] + [str(a) for a in args], env=env, capture_output=True,
                          text=True, check=True).stdout.split()


# A Blob with Caffe's interface, for runtime programs (after `#include <vector>`).
BLOB = r"""
// A Blob with Caffe's interface: its data either owned or set from outside.
template <typename Dtype>
class Blob {
 public:
  void Reshape(int count) {
    count_ = count;
    if (count > static_cast<int>(own_.size())) own_.resize(count);
    if (!outside_) data_ = own_.data();
    shape_.assign(1, count);
  }
  void ReshapeLike(const Blob& other) { Reshape(other.count()); }
  int count() const { return count_; }
  const std::vector<int>& shape() const { return shape_; }
  void set_cpu_data(Dtype* data) { data_ = data; outside_ = true; }
  Dtype* mutable_cpu_data() { return data_; }
  const Dtype* cpu_data() const { return data_; }

 private:
  std::vector<Dtype> own_;
  std::vector<int> shape_;
  Dtype* data_ = nullptr;
  bool outside_ = false;
  int count_ = 0;
};
"""
