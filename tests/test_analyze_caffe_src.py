"""The decisions issue 3 requires on caffe_src, by class and method, with caffe_src's names."""
import json

import pytest

from transformer import plan


@pytest.fixture(scope="module")
def rows(caffe_src_analysis):
    return caffe_src_analysis.to_json()["loops"]


def pick(rows, cls, method, kind=None, decision=None):
    out = [r for r in rows if r["class"] == cls and r["method"] == method and
           (kind is None or r["kind"] == kind) and (decision is None or r["decision"] == decision)]
    return out


def test_json_schema(caffe_src_analysis):
    data = json.loads(json.dumps(caffe_src_analysis.to_json()))
    assert set(data) >= {"root", "loops", "summary"}
    assert set(data["summary"]) >= {"layers", "parallel", "rejected", "degraded"}
    for r in data["loops"]:
        assert set(r) >= {"file", "line", "class", "method", "kind", "decision", "privatize",
                          "reduce", "induction", "split", "reason"}
        assert r["kind"] in ("batch-loop", "batch-blas", "elementwise", "elementwise-call",
                             "other")
        assert r["decision"] in ("parallel", "rejected")
        assert not r["file"].startswith("/")
        if r["decision"] == "rejected":
            assert r["reason"] in plan.REASONS
    assert data["summary"]["degraded"] == 0


def test_layers_found(caffe_src_analysis):
    layers = set(caffe_src_analysis.layers)
    assert {"ConvolutionLayer", "DeconvolutionLayer", "PoolingLayer", "InnerProductLayer",
            "SoftmaxLayer", "SoftmaxWithLossLayer", "LRNLayer", "ReLULayer", "DropoutLayer",
            "BatchNormLayer"} <= layers
    assert "Layer" not in layers


def test_convolution(rows):
    fwd = pick(rows, "ConvolutionLayer", "Forward_cpu", "batch-loop")
    assert len(fwd) == 1 and fwd[0]["decision"] == "parallel"
    assert fwd[0]["privatize"] == ["col_buffer_"]
    assert fwd[0]["reduce"] == []
    bwd = pick(rows, "ConvolutionLayer", "Backward_cpu", "batch-loop", "parallel")
    reduced = {name for r in bwd for name in r["reduce"]}
    assert {"weight_diff", "bias_diff"} <= reduced
    weight_loop = [r for r in bwd if "weight_diff" in r["reduce"]][0]
    assert weight_loop["privatize"] == ["col_buffer_"]


def test_deconvolution_skip_im2col(rows):
    bwd = [r for r in pick(rows, "DeconvolutionLayer", "Backward_cpu", "batch-loop")
           if "weight_diff" in r["reduce"]]
    assert len(bwd) == 1 and bwd[0]["decision"] == "parallel"
    assert bwd[0]["privatize"] == ["col_buffer_"]


def test_pooling(rows):
    for method in ("Forward_cpu", "Backward_cpu"):
        loops = pick(rows, "PoolingLayer", method, "batch-loop")
        assert len(loops) >= 2
        for r in loops:
            assert r["decision"] == "parallel", r
            assert r["induction"], r


def test_inner_product(rows):
    fwd = pick(rows, "InnerProductLayer", "Forward_cpu", "batch-blas")
    assert fwd and all(r["decision"] == "parallel" and r["split"] for r in fwd)
    assert all(": rows M_" in r["split"][0] for r in fwd)
    bwd = pick(rows, "InnerProductLayer", "Backward_cpu", "batch-blas", "parallel")
    k_split = [r for r in bwd if ": k M_" in r["split"][0]]
    assert k_split and all(r["reduce"] for r in k_split)
    reduced = " ".join(n for r in k_split for n in r["reduce"])
    assert "weight_diff" in reduced and "blobs_[1]" in reduced
    assert any(": rows M_" in r["split"][0] for r in bwd)  # bottom diff


def test_softmax(rows):
    fwd = pick(rows, "SoftmaxLayer", "Forward_cpu", "batch-loop")
    assert len(fwd) == 1 and fwd[0]["decision"] == "parallel"
    assert fwd[0]["privatize"] == ["scale_"]


def test_softmax_with_loss(rows):
    fwd = pick(rows, "SoftmaxWithLossLayer", "Forward_cpu", "batch-loop")
    assert len(fwd) == 1 and fwd[0]["decision"] == "parallel"
    assert "loss" in fwd[0]["reduce"]
    kinds = {d["name"]: d["kind"] for d in fwd[0]["reduce_detail"]}
    assert kinds["loss"] == "scalar"


def test_lrn_across_channels(rows):
    fwd = pick(rows, "LRNLayer", "CrossChannelForward_cpu", "batch-loop")
    assert len(fwd) == 1 and fwd[0]["decision"] == "parallel"
    assert fwd[0]["privatize"] == ["padded_square"]
    detail = fwd[0]["privatize_detail"][0]
    assert detail["copy_in"] is True  # its zero padding is written before the loop


@pytest.mark.parametrize("cls", ["ReLULayer", "SigmoidLayer", "TanHLayer"])
def test_elementwise(rows, cls):
    for method in ("Forward_cpu", "Backward_cpu"):
        loops = pick(rows, cls, method, "elementwise")
        assert len(loops) == 1 and loops[0]["decision"] == "parallel", loops


def test_dropout_rng_stays_sequential(rows):
    rng = [r for r in pick(rows, "DropoutLayer", "Forward_cpu") if r["reason"] == "rng"]
    assert len(rng) == 1 and rng[0]["decision"] == "rejected"
    assert "caffe_rng_bernoulli" in rng[0]["detail"]


def test_batch_norm_statistics_need_a_reduction(rows):
    bn = [r for r in rows if r["class"] == "BatchNormLayer" and r["decision"] == "parallel"]
    assert bn
    for r in bn:
        if r["kind"] == "batch-loop" or any(": k " in s for s in r["split"]):
            assert r["reduce"], r


def test_whole_array_calls_are_split(rows):
    """Pooling's zero fill of the whole bottom diff, and the solver's momentum update and
    the net's clearing of parameter diffs, outside any layer."""
    fill = pick(rows, "PoolingLayer", "Backward_cpu", "elementwise-call", "parallel")
    assert any("caffe_set" in s and "bottom[0]->count()" in s for r in fill for s in r["split"])
    update = pick(rows, "SGDSolver", "ComputeUpdateValue", "elementwise-call", "parallel")
    assert {s.split()[0] for r in update for s in r["split"]} >= {"caffe_cpu_axpby", "caffe_copy"}
    assert pick(rows, "Net", "ClearParamDiffs", "elementwise-call", "parallel")
    # calls inside a loop over samples belong to that loop's plan, not to a plan of their own
    loops = [r for r in rows if r["kind"] in ("batch-loop", "elementwise")]
    calls = [r for r in rows if r["kind"] == "elementwise-call"]
    assert len(calls) > 20
    assert not [(c["file"], c["line"]) for c in calls for lp in loops
                if c["file"] == lp["file"] and lp["start"] < c["start"] < lp["end"]]


def test_every_outermost_loop_is_reported(rows):
    """Loops that are not over the samples get a decision too, with the reason."""
    concat = [r for r in rows if r["class"] == "ConcatLayer" and r["kind"] == "other"]
    assert concat and all(r["reason"] == "not a batch loop" and "bottom.size()" in r["detail"]
                          for r in concat)
    groups = [r for r in rows if r["class"] == "ConvolutionLayer" and
              r["method"] == "forward_cpu_gemm" and r["kind"] == "other"]
    assert [r["detail"] for r in groups] == ["its extent `group_` is not the batch size"]
