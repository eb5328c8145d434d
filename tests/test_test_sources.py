"""C++ layer tests read by libclang (test_sources, test_units): what the AST reads that a
reading of the text would not (a setter after an `if`, a test's exact line, code the
preprocessor leaves out), a file whose headers are not found, and the cache."""
import shutil
from pathlib import Path

import pytest

from transformer import proto_text
from transformer.check import test_setups, test_units
from transformer.check.test_sources import Facts

ROOT = Path(__file__).resolve().parents[1]

TYPED = r'''
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/layers/softmax_loss_layer.hpp"
#include "caffe/test/test_caffe_main.hpp"

/* a comment over
   several lines, with a test in it:
TYPED_TEST(LossTest, TestInAComment) {
  LayerParameter layer_param;
  SoftmaxWithLossLayer<TypeParam> layer(layer_param);
}
*/

namespace caffe {

template <typename Dtype>
class LossTest : public CPUDeviceTest<Dtype> {
 protected:
  LossTest() : data_(new Blob<Dtype>(4, 5, 1, 1)), label_(new Blob<Dtype>(4, 1, 1, 1)) {
    for (int i = 0; i < label_->count(); ++i) {
      label_->mutable_cpu_data()[i] = static_cast<Dtype>(caffe_rng_rand() % 5);
    }
    blob_bottom_vec_.push_back(data_);
    blob_bottom_vec_.push_back(label_);
    blob_top_vec_.push_back(&loss_);
  }
  Blob<Dtype>* const data_;
  Blob<Dtype>* const label_;
  Blob<Dtype> loss_;
  vector<Blob<Dtype>*> blob_bottom_vec_, blob_top_vec_;
};

TYPED_TEST_SUITE(LossTest, TestDtypes);

TYPED_TEST(LossTest, TestIgnore) {
  for (int ignore = 0; ignore < 2; ++ignore) {
    LayerParameter layer_param;
    if (ignore) layer_param.mutable_loss_param()->set_ignore_label(2);
    SoftmaxWithLossLayer<TypeParam> layer(layer_param);
  }
}

#ifdef USE_CUDNN
TYPED_TEST(LossTest, TestCuDNN) {
  LayerParameter layer_param;
  CuDNNSoftmaxLayer<TypeParam> layer(layer_param);
}
#endif

}  // namespace caffe
'''

PLAIN = r'''
#include <vector>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/layers/pooling_layer.hpp"

namespace caffe {

class PoolingTest : public ::testing::Test {
 protected:
  PoolingTest() : blob_(new Blob<float>(2, 3, 6, 5)) { blob_bottom_vec_.push_back(blob_); }
  Blob<float>* const blob_;
  vector<Blob<float>*> blob_bottom_vec_;
};

TEST_F(PoolingTest, TestMax) {
  LayerParameter layer_param;
  PoolingParameter* pooling_param = layer_param.mutable_pooling_param();
  pooling_param->set_kernel_size(3);
  pooling_param->set_pool(PoolingParameter_PoolMethod_MAX);
  PoolingLayer<float> layer(layer_param);
}

}  // namespace caffe
'''

# No header at all: the types are declared here, and gtest's TEST has its stand-in.
ALONE = r'''
struct PoolingParameter { void set_kernel_size(int); };
struct LayerParameter { PoolingParameter* mutable_pooling_param(); };
template <typename Dtype> class PoolingLayer {
 public:
  explicit PoolingLayer(const LayerParameter& param);
};

TEST(PoolingTest, TestSetup) {
  LayerParameter layer_param;
  layer_param.mutable_pooling_param()->set_kernel_size(3);
  PoolingLayer<float> layer(layer_param);
}
'''


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A tree with caffe_src's headers and caffe.proto, its caches (generated caffe.pb.h,
    precompiled headers, facts) kept under the test's own directory."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CGP_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        root = tmp_path_factory.mktemp("tree")
        shutil.copytree(ROOT / "caffe_src" / "include", root / "include")
        proto = root / "src" / "caffe" / "proto"
        proto.mkdir(parents=True)
        shutil.copy(ROOT / "caffe_src" / "src" / "caffe" / "proto" / "caffe.proto", proto)
        (root / "src" / "caffe" / "test").mkdir()
        yield root


def _write(root: Path, name: str, text: str) -> Path:
    path = root / "src" / "caffe" / "test" / name
    path.write_text(text)
    return path


def test_the_ast_reads_what_the_text_hides(tree):
    """A setter after an `if` counts; the test in a comment and the one the preprocessor
    leaves out (USE_CUDNN is not defined) do not; the origin is the test's own line."""
    path = _write(tree, "test_loss_layer.cpp", TYPED)
    (setup,) = test_setups.read(test_setups.load(path), path.name, proto_text.schema(tree))
    line = TYPED.splitlines().index("TYPED_TEST(LossTest, TestIgnore) {") + 1
    assert setup.type == "SoftmaxWithLoss" and setup.origin == f"test_loss_layer.cpp:{line}"
    assert setup.param == "loss_param { ignore_label: 2 }"
    assert setup.bottoms == ["N,5,1,1", "N,1,1,1:label=5"] and setup.tops == 1


def test_a_plain_test_fixture_reads_the_same(tree):
    path = _write(tree, "test_max_pooling.cpp", PLAIN)
    (setup,) = test_setups.read(test_setups.load(path), path.name, proto_text.schema(tree))
    assert setup.type == "Pooling"
    assert setup.param == "pooling_param { pool: MAX kernel_size: 3 }"
    assert setup.bottoms == ["N,3,6,5"] and setup.tops == 0


def test_a_file_without_headers_still_reads_its_own_code(tmp_path, monkeypatch):
    monkeypatch.setenv("CGP_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "test_alone.cpp"
    path.write_text(ALONE)
    (setup,) = test_setups.read(test_setups.load(path), path.name,
                                proto_text.schema(ROOT / "caffe_src"))
    assert setup.type == "Pooling" and setup.param == "pooling_param { kernel_size: 3 }"
    assert setup.bottoms == []


def test_facts_are_cached_by_content(tree, monkeypatch):
    path = _write(tree, "test_cached_pooling.cpp", PLAIN)
    first = test_units.read(path)
    assert first.tests and first.constructs

    def no_parse(*args):
        raise AssertionError("parsed again")
    monkeypatch.setattr(test_units, "_parse", no_parse)
    assert test_units.read(path) == first
    path.write_text(PLAIN.replace("set_kernel_size(3)", "set_kernel_size(4)"))
    with pytest.raises(AssertionError, match="parsed again"):
        test_units.read(path)


def test_a_file_that_names_no_layer_is_not_parsed(tree, monkeypatch):
    path = _write(tree, "test_blob.cpp", "#include <vector>\nint main() { return 0; }\n")
    monkeypatch.setattr(test_units, "_parse", lambda *a: pytest.fail("parsed"))
    assert test_units.read(path) == Facts()
