"""Check cases derived from a tree: the layer settings of its nets (read by protobuf with the
tree's caffe.proto), the reading of C++ layer tests, the proposals, and the rule that the
original build judges them (with a stand-in probe)."""
import shutil
from pathlib import Path

import pytest
from support.forks import fork_tree

from transformer import proto_text
from transformer.check import derive, test_setups
from transformer.check.cases import CASES, Case
from transformer.check.test_sources import Call
from transformer.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
CAFFE = proto_text.schema(ROOT / "caffe_src")


@pytest.fixture(scope="module")
def fork_root(tmp_path_factory):
    """A fork of caffe_src that adds widget_param and tile_param, with caffe_src's headers:
    C++ tests written in its src/caffe/test parse with the fork's flags."""
    root = fork_tree(tmp_path_factory.mktemp("fork"))
    shutil.copytree(ROOT / "caffe_src" / "include", root / "include")
    return root


@pytest.fixture(scope="module")
def fork(fork_root):
    """The schema of the fork."""
    return proto_text.schema(fork_root)


@pytest.fixture
def fork_tests(fork_root, tmp_path_factory, monkeypatch):
    """The fork's test directory; parsing the C++ tests written there caches under the
    test's own directory (the fork's generated caffe.pb.h and precompiled headers are its
    alone)."""
    monkeypatch.setenv("CGP_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "fork-cache"))
    path = fork_root / "src" / "caffe" / "test"
    path.mkdir(parents=True, exist_ok=True)
    return path


NET = """
name: "n"  # a comment
layer { name: "data" type: "Input" top: "data" input_param { shape { dim: 1 dim: 3 } } }
layer {
  name: "conv" type: "Convolution" bottom: "data" top: "conv"
  param { lr_mult: 1 } include { phase: TRAIN }
  convolution_param { num_output: 4 kernel_size: 3 weight_filler { type: 'xavier' } }
}
layer { name: "loss" type: "SoftmaxWithLoss" bottom: "conv" top: "loss" loss_weight: 1 }
"""


def test_net_layers_keep_settings_and_drop_wiring():
    layers = list(proto_text.layers(CAFFE.from_text("NetParameter", NET, "net.prototxt")))
    assert layers[1] == ("Convolution", "convolution_param { num_output: 4 kernel_size: 3 "
                                        'weight_filler { type: "xavier" } }')
    assert layers[2] == ("SoftmaxWithLoss", "")
    assert layers[0][0] == "Input"


@pytest.mark.parametrize("text", ["layer { type: \"X\" ", "layer { } }", "{ a: 1 }", "a: "])
def test_malformed_net_text_is_an_input_error(text):
    with pytest.raises(InputError):
        CAFFE.from_text("NetParameter", text, "net.prototxt")


TEST_CPP = r'''
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/layer.hpp"
#include "caffe/test/test_caffe_main.hpp"

namespace caffe {

// the layers under test, as a fork's headers declare them
template <typename Dtype>
class WidgetLayer : public Layer<Dtype> {
 public:
  explicit WidgetLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
};
template <typename Dtype>
class GadgetLayer : public Layer<Dtype> {
 public:
  explicit GadgetLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
};

const int kBatch = 6;
const float kScale = 0.5f;

template <typename Dtype>
class WidgetLayerTest : public CPUDeviceTest<Dtype> {
 protected:
  WidgetLayerTest()
      : blob_bottom_data_(new Blob<Dtype>(kBatch, 3, 4, 5)),
        blob_bottom_label_(new Blob<Dtype>(kBatch, 1, 1, 1)),
        blob_bottom_table_(new Blob<Dtype>(1, 1, 5, 5)),
        blob_top_(new Blob<Dtype>()) {
    for (int i = 0; i < blob_bottom_label_->count(); ++i) {
      blob_bottom_label_->mutable_cpu_data()[i] = caffe_rng_rand() % 5;
    }
    blob_bottom_vec_.push_back(blob_bottom_data_);
    blob_bottom_vec_.push_back(blob_bottom_label_);
    blob_bottom_vec_.push_back(blob_bottom_table_);
    blob_top_vec_.push_back(blob_top_);
  }
  void Helper() {
    LayerParameter layer_param;
    layer_param.add_loss_weight(3);  // a helper's own variable: not the tests'
  }
  Blob<Dtype>* const blob_bottom_data_;
  Blob<Dtype>* const blob_bottom_label_;
  Blob<Dtype>* const blob_bottom_table_;
  Blob<Dtype>* const blob_top_;
  vector<Blob<Dtype>*> blob_bottom_vec_;
  vector<Blob<Dtype>*> blob_top_vec_;
  LayerParameter layer_param_;
};

TYPED_TEST_SUITE(WidgetLayerTest, TestDtypes);

TYPED_TEST(WidgetLayerTest, TestForward) {
  typedef TypeParam Dtype;
  LayerParameter layer_param;
  WidgetParameter* widget_param = layer_param.mutable_widget_param();
  widget_param->set_scale(kScale);
  widget_param->add_size(2);
  widget_param->add_size(3);
  widget_param->set_mode(WidgetParameter_WidgetMode_FAST_PATH);
  widget_param->mutable_weight_filler()->set_type("gaussian");
  layer_param.set_type("Widget");
  for (int i = 0; i < 3; ++i) {
    widget_param->set_axis(i);  // not a literal: left out
  }
  WidgetLayer<Dtype> layer(layer_param);
  layer.SetUp(this->blob_bottom_vec_, this->blob_top_vec_);
}

TYPED_TEST(WidgetLayerTest, TestShared) {
  typedef TypeParam Dtype;
  shared_ptr<Layer<Dtype> > layer(new GadgetLayer<Dtype>(this->layer_param_));
}

}  // namespace caffe
'''


def test_test_setups_read_settings_shapes_and_labels(fork_tests, fork):
    path = fork_tests / "test_widget_layer.cpp"
    path.write_text(TEST_CPP)
    widget, gadget = test_setups.read(test_setups.load(path), path.name, fork)
    line = TEST_CPP.splitlines().index("TYPED_TEST(WidgetLayerTest, TestForward) {") + 1
    assert widget.type == "Widget" and widget.origin == f"test_widget_layer.cpp:{line}"
    assert widget.param == ('widget_param { scale: 0.5 size: 2 size: 3 mode: FAST_PATH '
                            'weight_filler { type: "gaussian" } }')
    # the batch axis is N where it matches the first bottom's; the table keeps its 1
    assert widget.bottoms == ["N,3,4,5", "N,1,1,1:label=5", "1,1,5,5"]
    assert widget.tops == 1
    assert gadget.type == "Gadget" and gadget.param == ""


def test_test_setups_leave_out_shapes_that_are_not_literals(fork_tests, fork):
    path = fork_tests / "test_seq_layer.cpp"
    path.write_text(TEST_CPP.replace("new Blob<Dtype>(1, 1, 5, 5)",
                                     "new Blob<Dtype>(vector<int>(4, 5))"))
    widget = test_setups.read(test_setups.load(path), path.name, fork)[0]
    assert widget.bottoms == [] and widget.param.startswith("widget_param")


def test_test_setups_keep_only_settings_the_trees_caffe_proto_has(fork):
    """caffe_src has no widget_param; a value of the wrong type is no setting either."""
    calls = [Call(0, "layer_param", ["widget_param"], "alias", "w"),
             Call(1, "w", [], "set", "scale", "2"), Call(2, "w", [], "set", "mode", "3.5"),
             Call(3, "layer_param", [], "add", "loss_weight", "0.5"),
             Call(4, "layer_param", ["pooling_param"], "set", "pool", '"max"')]
    assert test_setups.layer_param(calls, "layer_param", {}, fork) == \
        "loss_weight: 0.5 widget_param { scale: 2.0 }"
    assert test_setups.layer_param(calls, "layer_param", {}, CAFFE) == "loss_weight: 0.5"


def test_embedded_nets_are_read_from_string_literals(fork_tests, fork):
    path = fork_tests / "test_net.cpp"
    path.write_text('#include <string>\nconst std::string proto =\n  "layer { "\n'
                    '  "  type: \'Tile\' "  // a comment between the pieces\n'
                    '  "  tile_param { tiles: 2 } "\n  "} ";\n')
    (net,) = test_setups.embedded_nets(test_setups.load(path), fork)
    assert list(proto_text.layers(net)) == [("Tile", "tile_param { tiles: 2 }")]
    # caffe_src's caffe.proto has no tile_param: not a net of that tree
    assert test_setups.embedded_nets(test_setups.load(path), CAFFE) == []


@pytest.mark.parametrize("text,value", [
    ("3", "3"), ("-0.25f", "-0.25"), ("true", "true"), ('"xavier"', '"xavier"'),
    ("PoolingParameter_PoolMethod_MAX", "MAX"), ("LRNParameter_NormRegion_WITHIN_CHANNEL",
                                                  "WITHIN_CHANNEL"),
    ("caffe::EltwiseParameter::PROD", "PROD"), ("Dtype(2)", "2"), ("kTwo", "2"),
    ("i", None), ("n * 2", None), ("kLoop", None),
    # a fixture's members (SSD's tests: `add_min_size(this->min_size_ + 10)`), arithmetic
    ("this->kTwo", "2"), ("this->min_size_+10", "14"), ("kTwo * 3", "6"), ("7 / 2", "3"),
    ("-7 / 2", "-3"), ("1.5 * kTwo", "3.0"), ("1e-6", "1e-6"), ("(kTwo + 1) * 2", "6"),
    ("Dtype(1) / 4", "0.25"), ("kTwo + i", None), ("shared_ ? 1 : kTwo", "1"),
    ("!shared_ ? 1 : kTwo", None), ("kTwo > 1 ? 1 : 2", None),
    ("0 ? caffe::EltwiseParameter::PROD : kTwo", "2"), ("kLoop + 1", None), ("i + 1", None),
    ("kTwo / 0", None), ("kTwo + 0", "2")])
def test_setter_values_resolve_only_literals(text, value):
    consts = {"kTwo": "2", "kLoop": "kLoop", "min_size_": "4", "shared_": "true"}
    assert test_setups.literal(text, consts) == value


def test_blobs_declared_counts_bound_the_proposals():
    contrastive = derive.Blobs(exact_bottoms=3, exact_tops=1)
    assert contrastive.bottom_counts() == [3]
    assert contrastive.fits(3, 1) and not contrastive.fits(2, 1)
    eltwise = derive.Blobs(min_bottoms=2)
    assert eltwise.bottom_counts() == [2, 3] and eltwise.tops(2) == 1
    split = derive.Blobs(exact_bottoms=1, min_tops=1)
    assert split.fits(1, 2)
    sink = derive.Blobs(min_bottoms=1, exact_tops=0)
    assert sink.tops(1) == 0
    same = derive.Blobs(min_bottoms=1, equal=True)
    assert same.tops(2) == 2 and not same.fits(2, 1)


def _sources(tests=(), params=None):
    by_type = {}
    for t in tests:
        by_type.setdefault(t.type, []).append(t)
    return derive.TreeSources(by_type, params or {})


def test_proposals_start_with_the_tests_and_end_forward_only():
    setup = test_setups.TestSetup("Pair", "test_pair.cpp:9", "pair_param { margin: 1 }",
                                  ["N,2,1,1", "N,2,1,1", "N,1,1,1:label=2"], 1)
    got = list(derive.proposals("Pair", derive.Blobs(exact_bottoms=3, exact_tops=1),
                                _sources([setup])))
    first = got[0]
    assert first.param == "pair_param { margin: 1 }" and first.bottoms == setup.bottoms
    assert first.propagate == [1, 1, 0]  # no gradient for the label
    assert [c.propagate for c in got[1:3]] == [[1, 0, 0], [0, 0, 0]]
    assert got[3].forward_only and got[3].name.endswith(".forward")
    assert all(len(c.bottoms) == 3 and c.tops == 1 for c in got)  # what the layer declares
    assert len({c.name for c in got}) == len(got)


class _Judge:
    """The original build, stood in: accepts the set-ups `ok` says it accepts."""
    def __init__(self, ok):
        self.ok, self.seen = ok, []

    def __call__(self, case: Case):
        self.seen.append(case)
        return None if self.ok(case) else "exit -6: Check failed: shape"


def test_hand_cases_win_when_the_original_accepts_them(tmp_path, monkeypatch):
    judge = _Judge(lambda c: True)
    monkeypatch.setattr(derive, "describe", lambda *a: pytest.fail("no need to ask"))
    cases, rejected = derive.cases_for("Pooling", Path("exe"), tmp_path, _sources(), judge)
    assert cases == CASES["Pooling"] and rejected == []


def test_derived_cases_replace_rejected_hand_cases(tmp_path, monkeypatch):
    monkeypatch.setattr(derive, "describe", lambda *a: derive.Blobs(exact_bottoms=1))
    judge = _Judge(lambda c: c.name.endswith(".g0"))  # only the generic image shape fits
    cases, rejected = derive.cases_for("Pooling", Path("exe"), tmp_path,
                                       _sources(params={"Pooling": [("net.prototxt", "p {}")]}),
                                       judge)
    assert [c.bottoms for c in cases] == [["N,3,6,5"], ["N,3,6,5"]]
    assert [c.param for c in cases] == ["p {}", ""]  # one case per distinct setting
    assert len(rejected) >= len(CASES["Pooling"])


def test_a_type_nothing_fits_is_left_with_its_reasons(tmp_path, monkeypatch):
    monkeypatch.setattr(derive, "describe", lambda *a: derive.Blobs(exact_bottoms=2))
    judge = _Judge(lambda c: False)
    cases, rejected = derive.cases_for("Odd", Path("exe"), tmp_path, _sources(), judge)
    assert cases == [] and rejected and "Check failed" in rejected[0]
    assert len(judge.seen) <= derive.MAX_PROPOSALS


def test_data_layers_are_never_driven(tmp_path):
    judge = _Judge(lambda c: True)
    assert derive.cases_for("Data", Path("exe"), tmp_path, _sources(), judge) == ([], [])
    assert judge.seen == []


def test_caffe_src_tests_and_nets_are_read():
    sources = derive.scan(ROOT / "caffe_src")
    assert "Convolution" in sources.tests and "Pooling" in sources.params
    assert any(s.bottoms for s in sources.tests["Convolution"])
