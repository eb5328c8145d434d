"""What the fast cold parse must not change, and a protoc output that is only ever whole.

parse_files builds two precompiled prefixes (complete, and without function bodies) and
parses the units that lower none of the prefix's bodies with the second. Its units must equal
the ones every unit parsed with the complete prefix gives (the way it was done before), or
without a prefix when the complete one does not build. The generated caffe.pb.h is written
into a temporary directory and renamed into place, so a partial one is never reused.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from transformer import parse, source_tree

BLOB = """#ifndef CAFFE_BLOB_HPP_
#define CAFFE_BLOB_HPP_
namespace caffe {
inline int twice(int x) { return x + x; }
template <typename Dtype>
class Blob {
 public:
  int count() const { return count_; }
  Dtype* mutable_data() {
    for (int i = 0; i < count_; ++i) { sum_ += twice(i); }
    return data_;
  }
 private:
  int count_;
  int sum_;
  Dtype* data_;
};
}  // namespace caffe
#endif
"""

LAYER = """#ifndef CAFFE_LAYER_HPP_
#define CAFFE_LAYER_HPP_
#include "caffe/blob.hpp"
namespace caffe {
template <typename Dtype>
class Layer {
 public:
  virtual ~Layer() {}
  virtual const char* type() const { return ""; }
  virtual void Forward(Blob<Dtype>* top) { top->mutable_data(); }
};
}  // namespace caffe
#endif
"""

SOURCE = """#include "caffe/layer.hpp"
namespace caffe {
template <typename Dtype>
class NAMELayer : public Layer<Dtype> {
 public:
  void Forward(Blob<Dtype>* top) {
    Dtype* out = top->mutable_data();
    for (int n = 0; n < top->count(); ++n) { out[n] = Dtype(K) * n; }
  }
};
template class NAMELayer<float>;
}  // namespace caffe
"""


def make_tree(root: Path, blob: str = BLOB, layer: str = LAYER) -> Path:
    (root / "include" / "caffe").mkdir(parents=True)
    (root / "include" / "caffe" / "blob.hpp").write_text(blob)
    (root / "include" / "caffe" / "layer.hpp").write_text(layer)
    layers = root / "src" / "caffe" / "layers"
    layers.mkdir(parents=True)
    for k, name in enumerate(("Alpha", "Beta", "Gamma", "Delta")):
        (layers / f"{name.lower()}_layer.cpp").write_text(
            SOURCE.replace("NAME", name).replace("K", str(k)))
    return root


def reference_units(tree) -> list:
    """Every unit parsed the way parse_files did it before: with the complete prefix, or
    without one when it does not build."""
    files = tree.sources
    dirs = sorted({a[2:] for f in files for a in tree.args_for(f) if a.startswith("-I")})
    skips = parse.header_owners(files, dirs, tree.root)
    headers = parse.common_headers(files, dirs)
    out = []
    for f in files:
        args = list(tree.args_for(f))
        key = hashlib.sha256(("\0".join(args) + "reference").encode()).hexdigest()
        prefix = parse.build_pch(headers, args, key)
        full_args = args + ["-include-pch", prefix[0]] if prefix else args
        out.append(parse.parse_unit(str(f), str(tree.root), full_args, skips[f]))
    return out


def fast_units(tree, jobs) -> list:
    units = parse.parse_files(tree.sources, tree.root, tree.args_for, tree.digest(), jobs=jobs)
    return [u.to_dict() for u in units]


@pytest.fixture()
def cache(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "cache"
    monkeypatch.setenv("CGP_CACHE_DIR", str(path))
    return path


@pytest.mark.parametrize("jobs", [1, 2])
def test_bodiless_prefix_gives_the_units_of_the_complete_one(tmp_path, cache, jobs):
    tree = source_tree.load(str(make_tree(tmp_path / "tree")))
    reference = reference_units(tree)
    shutil.rmtree(cache)
    got = fast_units(tree, jobs)
    assert got == reference
    assert list(cache.glob("prefix-*-decls.pch")), "the bodiless prefix was not used"
    bodies = {f["name"] for u in got for f in u["functions"] if f["file"].endswith(".hpp")}
    assert {"twice", "count", "mutable_data", "Forward", "type"} <= bodies
    # each header's bodies come from one unit only, and the later units still see its classes
    for unit in got[1:]:
        assert not [f for f in unit["functions"] if f["file"].endswith(".hpp")]
        assert {c["name"] for c in unit["classes"]} >= {"Blob", "Layer"}


@pytest.mark.parametrize("which,old,new", [
    # a body that does not compile: parsed again without the prefix
    ("blob", "return x + x;", "return undeclared_function(x);"),
    # a template body that fails only when instantiated: reported by every unit
    ("layer", 'return "";', "return Dtype::no_such_member;"),
])
def test_errors_in_prefix_bodies_give_the_reference_units(tmp_path, cache, which, old, new):
    text = {"blob": BLOB, "layer": LAYER}[which].replace(old, new)
    tree = source_tree.load(str(make_tree(tmp_path / "tree", **{which: text})))
    reference = reference_units(tree)
    assert all(u["degraded"] for u in reference)
    shutil.rmtree(cache)
    assert fast_units(tree, 2) == reference


def test_second_run_reuses_units_and_prefixes(tmp_path, cache):
    tree = source_tree.load(str(make_tree(tmp_path / "tree")))
    first = fast_units(tree, 2)
    for pch in cache.glob("prefix-*.pch"):
        pch.with_name(pch.name[:-4] + ".files").unlink()  # an older cache had no listing
    for entry in cache.glob("*.json"):
        entry.unlink()
    assert fast_units(tree, 2) == first
    assert fast_units(tree, 2) == first


# --- the generated protobuf header ----------------------------------------------------

PROTO = 'syntax = "proto2";\npackage caffe;\nmessage LayerParameter { optional string name = 1; }\n'


def proto_tree(root: Path) -> Path:
    (root / "include" / "caffe").mkdir(parents=True)
    (root / "include" / "caffe" / "layer.hpp").write_text(
        '#include "caffe/proto/caffe.pb.h"\nnamespace caffe { class Layer {}; }\n')
    (root / "src" / "caffe" / "proto").mkdir(parents=True)
    (root / "src" / "caffe" / "proto" / "caffe.proto").write_text(PROTO)
    (root / "src" / "caffe" / "x_layer.cpp").write_text('#include "caffe/layer.hpp"\n// Layer\n')
    return root


def proto_dir(cache: Path) -> Path:
    return cache / f"proto-{hashlib.sha256(PROTO.encode()).hexdigest()[:24]}"


needs_protoc = pytest.mark.skipif(shutil.which("protoc") is None, reason="protoc not installed")


@needs_protoc
def test_partial_protoc_output_is_not_reused(tmp_path, cache):
    root = proto_tree(tmp_path / "tree")
    header = proto_dir(cache) / "caffe" / "proto" / "caffe.pb.h"
    header.parent.mkdir(parents=True)
    header.write_text("// Generated by the protocol buffer compiler.  DO NOT EDIT!\n#ifndef")
    tree = source_tree.load(str(root))
    assert tree.proto_status == "generated"
    assert "class LayerParameter" in header.read_text()
    assert source_tree.proto_header_complete(proto_dir(cache))
    mtime = header.stat().st_mtime_ns
    assert source_tree.load(str(root)).proto_status == "generated"
    assert header.stat().st_mtime_ns == mtime  # a whole output is reused as it is


def test_interrupted_protoc_leaves_no_header_behind(tmp_path, cache, monkeypatch):
    root = proto_tree(tmp_path / "tree")

    def interrupted(cmd, **kwargs):
        out = Path(next(a for a in cmd if a.startswith("--cpp_out="))[len("--cpp_out="):])
        (out / "caffe.pb.h").write_text("// Generated by the protocol buffer compiler.\n#if")
        raise KeyboardInterrupt

    monkeypatch.setattr(source_tree.shutil, "which",
                        lambda name: "/usr/bin/protoc" if name == "protoc" else None)
    monkeypatch.setattr(source_tree.subprocess, "run", interrupted)
    with pytest.raises(KeyboardInterrupt):
        source_tree.load(str(root))
    assert not proto_dir(cache).exists()
    assert list(cache.iterdir()) == []  # the temporary directory went too

    def failing(cmd, **kwargs):
        out = Path(next(a for a in cmd if a.startswith("--cpp_out="))[len("--cpp_out="):])
        (out / "caffe.pb.h").write_text("partial")
        return subprocess.CompletedProcess(cmd, 1, "", "protoc: killed")

    monkeypatch.setattr(source_tree.subprocess, "run", failing)
    tree = source_tree.load(str(root))
    assert tree.proto_status == "missing"
    assert not proto_dir(cache).exists()


def test_units_json_round_trip_matches_to_dict(tmp_path, cache):
    """The workers' fast conversion of a unit is UnitIR.to_dict() exactly."""
    tree = source_tree.load(str(make_tree(tmp_path / "tree")))
    f = tree.sources[0]
    data = parse.parse_unit(str(f), str(tree.root), tree.args_for(f))
    unit = parse.UnitIR.from_dict(data)
    assert json.dumps(unit.to_dict()) == json.dumps(data)
