"""Flags from the tree's own build: a header found only where pkg-config says, or only where
the tree's CMake says (with a define its code needs); the missing-header message, its exit
code, and the advice, which never asks for an installed package."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from transformer import missing_headers, tree_flags

ROOT = Path(__file__).resolve().parents[1]

LAYER = """#include "caffe_fixture.hpp"
#include "gadget.h"

namespace caffe {
template <typename Dtype>
class FxGadgetLayer : public Layer<Dtype> {
 protected:
  virtual void Forward_cpu(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top) {
    const Dtype* in = bottom[0]->cpu_data();
    Dtype* out = top[0]->mutable_cpu_data();
    const int num = bottom[0]->shape(0);
    const int dim = bottom[0]->count() / num;
    for (int n = 0; n < num; ++n) {
      for (int i = 0; i < dim; ++i) out[n * dim + i] = kGadgetScale * in[n * dim + i];
    }
  }
};
INSTANTIATE_CLASS(FxGadgetLayer);
}  // namespace caffe
"""
GADGET = "#pragma once\n#ifdef WITH_GADGET\nconst float kGadgetScale = 2;\n#endif\n"


def _tree(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    (tree / "src").mkdir(parents=True)
    shutil.copytree(ROOT / "fixtures" / "include", tree / "include")
    (tree / "src" / "gadget_layer.cpp").write_text(LAYER)
    vendor = tmp_path / "vendor" / "include"
    vendor.mkdir(parents=True)
    (vendor / "gadget.h").write_text(GADGET.replace("#ifdef WITH_GADGET\n", "").replace(
        "#endif\n", ""))
    return tree


def cgp(*args, env=None, cwd=ROOT):
    full = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-m", "transformer", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=full)


@pytest.fixture
def cache(tmp_path):
    return {"CGP_CACHE_DIR": str(tmp_path / "cache")}


def test_a_missing_header_is_named_with_its_includer_and_exit_1(tmp_path, cache):
    tree = _tree(tmp_path)
    r = cgp(tree, "-o", tmp_path / "out", env=dict(cache, PKG_CONFIG_PATH=str(tmp_path / "none")))
    assert r.returncode == 1, r.stdout + r.stderr
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("missing header"))
    assert "src/gadget_layer.cpp" in line and "gadget.h" in line
    assert "included from src/gadget_layer.cpp:2" in line
    assert "syntax errors" not in r.stdout
    # copied unchanged, and said why
    assert (tmp_path / "out" / "src" / "gadget_layer.cpp").read_text() == LAYER


@pytest.mark.skipif(shutil.which("pkg-config") is None, reason="pkg-config is not installed")
def test_pkg_config_supplies_the_include_directory(tmp_path, cache):
    tree = _tree(tmp_path)
    pc = tmp_path / "pc"
    pc.mkdir()
    (pc / "opencv4.pc").write_text(f"Name: opencv4\nDescription: x\nVersion: 4\n"
                                   f"Cflags: -I{tmp_path / 'vendor' / 'include'}\n")
    env = dict(cache, PKG_CONFIG_LIBDIR=str(pc))  # this .pc file only
    r = cgp(tree, "-o", tmp_path / "out", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1 regions rewritten" in r.stdout
    r = cgp("analyze", tree, env=env)
    assert f"pkg-config opencv4 ({tmp_path / 'vendor' / 'include'})" in r.stdout


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed")
def test_the_trees_cmake_supplies_includes_and_defines(tmp_path, cache):
    tree = _tree(tmp_path)
    (tmp_path / "vendor" / "include" / "gadget.h").write_text(GADGET)  # needs WITH_GADGET
    (tree / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.10)\nproject(gadget CXX)\n"
        "include_directories(include ${CMAKE_CURRENT_SOURCE_DIR}/../vendor/include)\n"
        "add_definitions(-DWITH_GADGET)\nadd_library(gadget src/gadget_layer.cpp)\n")
    before = sorted(p.relative_to(tree) for p in tree.rglob("*"))
    env = dict(cache, PKG_CONFIG_PATH=str(tmp_path / "none"))
    r = cgp(tree, "-o", tmp_path / "out", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1 regions rewritten" in r.stdout
    assert sorted(p.relative_to(tree) for p in tree.rglob("*")) == before  # never in the tree
    r = cgp("analyze", tree, env=env)
    assert "a CMake configure of the tree" in r.stdout and "-DWITH_GADGET" in r.stdout
    # the configure's result is cached; its build directory is gone
    cached = list((tmp_path / "cache" / "flags").iterdir())
    assert [p.suffix for p in cached] == [".json"]


def test_compile_commands_of_a_build_give_includes_and_defines(tmp_path):
    entries = [{"directory": str(tmp_path / "b"), "file": "x.cpp",
                "command": "c++ -I../inc -isystem /usr/include/x -DA=1 -DB -o x.o -c x.cpp"},
               {"directory": str(tmp_path / "b"), "arguments": ["c++", "-I", "gen", "-DA=1"]}]
    found = tree_flags.flags_of_commands(entries, skip_under=tmp_path / "b")
    assert found.includes == [str(tmp_path / "inc"), "/usr/include/x"]  # b/gen is skipped
    assert found.defines == ["A=1", "B"]


def test_makefile_config_switches(tmp_path):
    (tmp_path / "Makefile.config").write_text(
        f"CPU_ONLY := 1\nUSE_OPENCV := 0\n# USE_LMDB := 1\n"
        f"INCLUDE_DIRS := $(PYTHON_INCLUDE) {tmp_path} /no/such/dir\n")
    found = tree_flags.from_makefile_config(tmp_path)
    assert found.defines == ["CPU_ONLY"] and found.includes == [str(tmp_path)]
    assert tree_flags.from_makefile_config(tmp_path / "none") is None


def test_advice_never_asks_to_install_an_installed_package(monkeypatch):
    monkeypatch.setattr(missing_headers, "_dpkg_owner",
                        lambda h: ("libhdf5-dev", "/usr/include/hdf5/serial/hdf5.h"))
    text = missing_headers.advice("hdf5.h")
    assert "installed" in text and "-I /usr/include/hdf5/serial" in text
    assert "apt-get install" not in text
    monkeypatch.setattr(missing_headers, "_dpkg_owner", lambda h: None)
    monkeypatch.setattr(missing_headers, "_apt_file_owner", lambda h: "liblmdb-dev")
    assert "apt-get install liblmdb-dev" in missing_headers.advice("lmdb.h")
    monkeypatch.setattr(missing_headers, "_apt_file_owner", lambda h: None)
    assert "apt-get install" not in missing_headers.advice("nothing_like_it.h")


def test_a_file_with_syntax_errors_is_named_with_its_first_error_and_exit_1(tmp_path, cache):
    tree = tmp_path / "tree"
    (tree / "src").mkdir(parents=True)
    shutil.copytree(ROOT / "fixtures" / "include", tree / "include")
    bad = LAYER.replace('#include "gadget.h"\n', "").replace(
        "kGadgetScale * in", "kUndeclared * in + kAlsoUndeclared")
    (tree / "src" / "bad_layer.cpp").write_text(bad)
    (tree / "src" / "good_layer.cpp").write_text(
        LAYER.replace('#include "gadget.h"\n', "").replace("kGadgetScale", "Dtype(2)").replace(
            "FxGadgetLayer", "FxGoodLayer"))
    r = cgp(tree, "-o", tmp_path / "out", "--report", tmp_path / "r.md", env=cache)
    assert r.returncode == 1, r.stdout + r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("syntax errors")]
    line_no = bad.splitlines().index(next(ln for ln in bad.splitlines()
                                          if "kUndeclared" in ln)) + 1
    assert lines == [f"syntax errors, copied unchanged: src/bad_layer.cpp: line {line_no}: "
                     f"use of undeclared identifier 'kUndeclared' (and 1 more errors)"]
    assert "1 regions rewritten" in r.stdout  # the good layer still is
    assert (tmp_path / "out" / "src" / "bad_layer.cpp").read_text() == bad
    assert f"`src/bad_layer.cpp`: line {line_no}: use of undeclared identifier" in \
        (tmp_path / "r.md").read_text()


def test_a_loop_in_a_unit_with_errors_is_rejected_naming_the_first_error(tmp_path, cache):
    # The error is in a header the layer includes (its own file is clean): the loop's
    # rejection is all the user sees of it, so it names the header, the line and the error.
    tree = _tree(tmp_path)
    (tree / "include" / "caffe" / "util").mkdir(parents=True, exist_ok=True)
    helper = ("#pragma once\n#include <vector>\n#include \"nothere_v2.h\"\n"
              "const float kGadgetScale = 2;\n")
    (tree / "include" / "caffe" / "util" / "gadget_util.hpp").write_text(helper)
    (tree / "src" / "gadget_layer.cpp").write_text(
        LAYER.replace('#include "gadget.h"', '#include "caffe/util/gadget_util.hpp"'))
    out = tmp_path / "a.json"
    r = cgp("analyze", tree, "--json", out, env=cache)
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [x for x in json.loads(out.read_text())["loops"] if x["file"] == "src/gadget_layer.cpp"]
    assert [x["reason"] for x in rows] == ["degraded parse"], rows
    assert rows[0]["detail"] == ("the translation unit parsed with errors: "
                                 "include/caffe/util/gadget_util.hpp:3: "
                                 "'nothere_v2.h' file not found")
