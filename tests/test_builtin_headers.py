"""Builtin headers for the libclang wheel: the resource directory of libclang's own version is
preferred, and the errors another version's intrinsics raise in their own bodies leave a unit
whole, while every other error still degrades it."""
import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from transformer import builtin_headers

ROOT = Path(__file__).resolve().parents[1]

# SSE code in a layer's file (as a CRF or a quantized layer has it), beside a batch loop.
LAYER = """#include <emmintrin.h>
#include "caffe_fixture.hpp"

namespace caffe {
inline void add_saturated(const char* a, const char* b, char* out) {
  __m128i s = _mm_adds_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a)),
                            _mm_loadu_si128(reinterpret_cast<const __m128i*>(b)));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), s);
}

template <typename Dtype>
class FxSseNeighbourLayer : public Layer<Dtype> {
 protected:
  virtual void Forward_cpu(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top) {
    const Dtype* in = bottom[0]->cpu_data();
    Dtype* out = top[0]->mutable_cpu_data();
    const int num = bottom[0]->shape(0);
    const int dim = bottom[0]->count() / num;
    for (int n = 0; n < num; ++n) {
      for (int i = 0; i < dim; ++i) out[n * dim + i] = 2 * in[n * dim + i];
    }
  }
};
INSTANTIATE_CLASS(FxSseNeighbourLayer);
}  // namespace caffe
"""


def test_the_resource_dir_of_libclangs_version_is_preferred():
    dirs = ["/usr/lib/llvm-9/lib/clang/9.0.1", "/usr/lib/llvm-14/lib/clang/14.0.6",
            "/usr/lib/llvm-18/lib/clang/18"]
    assert builtin_headers.resource_dir(dirs, "18") == "/usr/lib/llvm-18/lib/clang/18"
    assert builtin_headers.resource_dir(dirs, "14") == "/usr/lib/llvm-14/lib/clang/14.0.6"
    # none of libclang's version: the newest, compared as numbers (14 after 9)
    assert builtin_headers.resource_dir(dirs[:2], "18") == "/usr/lib/llvm-14/lib/clang/14.0.6"
    assert builtin_headers.resource_dir(dirs[:2], None) == "/usr/lib/llvm-14/lib/clang/14.0.6"
    assert builtin_headers.resource_dir([], "18") is None


def test_only_unknown_builtins_inside_builtin_headers_are_skew():
    header = "/usr/lib/llvm-14/lib/clang/14.0.6/include/emmintrin.h"
    message = "use of undeclared identifier '__builtin_ia32_paddsb128'"
    assert builtin_headers.skewed(header, message)
    # the same message in the tree's own code, or in another system header: a real error
    assert not builtin_headers.skewed("src/caffe/layers/crf_layer.cpp", message)
    assert not builtin_headers.skewed("/usr/include/x86_64-linux-gnu/bits/stdio.h", message)
    # any other error in a builtin header may change what the tree's code means
    assert not builtin_headers.skewed(header, "unknown type name 'size_t'")
    assert not builtin_headers.skewed(header, "use of undeclared identifier 'helper'")


def _analyze(tmp_path, layer: str) -> dict:
    tree = tmp_path / "tree"
    (tree / "src").mkdir(parents=True)
    shutil.copytree(ROOT / "fixtures" / "include", tree / "include")
    (tree / "src" / "sse_layer.cpp").write_text(layer)
    out = tmp_path / "analysis.json"
    env = dict(os.environ, CGP_CACHE_DIR=str(tmp_path / "cache"))
    r = subprocess.run([sys.executable, "-m", "transformer", "analyze", str(tree), "--json",
                        str(out)], cwd=ROOT, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(out.read_text())


def test_an_unknown_builtin_in_the_trees_own_code_still_degrades_its_unit(tmp_path):
    # the same error as the skewed headers raise, but in the layer's file: not ignored
    bad = LAYER.replace("__m128i s = _mm_adds_epi8(", "__m128i s = __builtin_ia32_nosuch128(")
    data = _analyze(tmp_path, bad)
    assert data["degraded_files"] == ["src/sse_layer.cpp"]
    loops = [x for x in data["loops"] if x["file"] == "src/sse_layer.cpp"]
    assert loops and all(x["reason"] == "degraded parse" for x in loops), loops
    assert "__builtin_ia32_nosuch128" in loops[0]["detail"]


@pytest.mark.skipif(not glob.glob("/usr/lib/llvm-*/lib/clang/*/include/emmintrin.h"),
                    reason="no system clang's builtin headers on this machine")
def test_a_layer_file_with_sse_intrinsics_is_analyzed_whole(tmp_path):
    data = _analyze(tmp_path, LAYER)
    assert data["degraded_files"] == []
    loops = [x for x in data["loops"] if x["file"] == "src/sse_layer.cpp"]
    assert loops and all(x["decision"] == "parallel" for x in loops), loops
    errors = [d for d in data["diagnostics"] if d["severity"] in ("error", "fatal")]
    assert errors == []
    skew = [d for d in data["diagnostics"] if d["severity"] == "ignored"]
    if skew:  # the headers are another clang's: said once, in a note
        assert all(builtin_headers.skewed(d["file"], d["message"]) for d in skew)
        assert any("another clang's" in n for n in data["notes"])
