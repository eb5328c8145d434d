"""The driver's calls into the Caffe API that changed in 2015 (templates/harness_compat.hpp.j2),
compiled alone against stand-ins of both APIs: a tree with the newer call gets it (Forward(),
learnable_params(), the solver registry), a tree from before gets the older one
(ForwardPrefilled(), params(), GetSolver), and a tree with both gets the newer."""
import shutil
import subprocess

import pytest

from transformer.render import environment

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

STANDINS = r"""
#include <cstdio>
#include <vector>
namespace caffe {
struct SolverParameter {};
template <class D> struct Solver { int api; };
template <class D> struct SolverRegistry {
  static Solver<D>* CreateSolver(const SolverParameter&) { return new Solver<D>{2016}; }
};
template <class D> Solver<D>* GetSolver(const SolverParameter&) { return new Solver<D>{2015}; }
}  // namespace caffe
struct NewNet {  // BVLC since 2016: both calls, the old one deprecated
  int Forward(float* loss = nullptr) { return 2016; }
  int ForwardPrefilled(float* loss = nullptr) { return 2015; }
  std::vector<int> learnable_params() { return {2016}; }
  std::vector<int> params() { return {2015}; }
};
struct OldNet {  // 2015 forks: Forward needs its inputs
  int Forward(const std::vector<int>& bottom, float* loss = nullptr) { return -1; }
  int ForwardPrefilled(float* loss = nullptr) { return 2015; }
  std::vector<int> params() { return {2015}; }
};
namespace {
%s
}  // namespace
int main() {
  NewNet fresh;
  OldNet old;
  caffe::Solver<float>* s = new_solver(caffe::SolverParameter());
  std::printf("%%d %%d %%d %%d %%d\n", forward(fresh, 0), forward(old, 0),
              learnable_params(fresh, 0)[0], learnable_params(old, 0)[0], s->api);
  delete s;
  return 0;
}
"""


def _run(tmp_path, defines):
    src = tmp_path / "compat.cpp"
    src.write_text(STANDINS % environment().get_template("harness_compat.hpp.j2").render())
    exe = tmp_path / "compat"
    subprocess.run(["g++", "-std=c++11", "-Wall", "-Werror", "-Wno-unused-parameter",
                    *defines, str(src), "-o", str(exe)], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split()


def test_the_newer_call_where_the_tree_has_it_and_the_older_elsewhere(tmp_path):
    assert _run(tmp_path, ["-DCGP_HARNESS_SOLVER_REGISTRY=1"]) == \
        ["2016", "2015", "2016", "2015", "2016"]


def test_a_tree_without_the_solver_registry_gets_its_solver_from_get_solver(tmp_path):
    assert _run(tmp_path, [])[-1] == "2015"
