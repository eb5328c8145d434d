"""`bench --compare-torch`: the prototxt -> layer spec translation (no torch needed), the torch
model built from it (same parameter count and shapes as Caffe's net), the torch timing run
read by the driver's parser, the torch rows of the figures, and the errors."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from transformer.bench import figures, measure, report, torch_model, torch_ref, torch_translate
from transformer.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
CAFFE = ROOT / "caffe_src"
EXAMPLES = CAFFE / "examples"
LENET = (EXAMPLES / "mnist" / "lenet_solver.prototxt",
         EXAMPLES / "mnist" / "lenet_train_test.prototxt")
CIFAR = (EXAMPLES / "cifar10" / "cifar10_quick_solver.prototxt",
         EXAMPLES / "cifar10" / "cifar10_quick_train_test.prototxt")
CIFAR_FULL = (EXAMPLES / "cifar10" / "cifar10_full_solver.prototxt",
              EXAMPLES / "cifar10" / "cifar10_full_train_test.prototxt")


def translate(pair, data=None):
    """The pair's net as specs, read with caffe_src's caffe.proto (nets written under tmp_path
    lie in no tree)."""
    solver, net = pair
    return torch_ref.translate(net, solver, data, CAFFE)


def cgp(*args, env=None):
    return subprocess.run([sys.executable, "-m", "transformer", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, env=env)


def by_name(net):
    return {layer.name: layer for layer in net.layers}


# ---- translation, without torch ------------------------------------------------------------
def test_lenet_specs_follow_caffe():
    net = translate(LENET, str(ROOT / "data" / "fashion-mnist"))
    # the TEST phase's data layer and the accuracy are left out
    assert [x.name for x in net.layers] == ["mnist", "conv1", "pool1", "conv2", "pool2", "ip1",
                                            "relu1", "ip2", "loss"]
    layers = by_name(net)
    assert layers["mnist"].shapes == [(64, 1, 28, 28), (64,)]
    assert layers["conv1"].shapes == [(64, 20, 24, 24)]
    assert layers["pool1"].shapes == [(64, 20, 12, 12)]
    assert layers["pool2"].shapes == [(64, 50, 4, 4)]
    assert layers["ip1"].params == [(500, 800), (500,)]
    assert layers["relu1"].tops == layers["relu1"].bottoms == ["ip1"]  # in place
    assert layers["conv1"].lr_mult == [1.0, 2.0]
    assert net.param_count() == 431080
    assert (net.base_lr, net.momentum, net.weight_decay) == (0.01, 0.9, 0.0005)


def test_cifar10_quick_specs_use_caffe_ceil_pooling():
    net = translate(CIFAR)
    layers = by_name(net)
    assert layers["cifar"].shapes[0] == (100, 3, 32, 32)
    assert [layers[n].shapes[0][2] for n in ("conv1", "pool1", "conv2", "pool2", "conv3",
                                             "pool3")] == [32, 16, 16, 8, 8, 4]
    assert layers["pool2"].method == "ave" and layers["pool2"].ceil
    assert layers["ip1"].params[0] == (64, 64 * 4 * 4)
    assert net.param_count() == 145578
    assert net.weight_decay == 0.004


def test_pooled_size_matches_caffe_rules():
    assert torch_translate.pooled(32, 3, 2, 0, True) == 16  # ceil(29 / 2) + 1
    assert torch_translate.pooled(32, 3, 2, 0, False) == 15  # round_mode: FLOOR
    assert torch_translate.pooled(5, 3, 2, 1, True) == 3  # last window would start in the padding
    assert torch_translate.pooled(8, 3, 2, 1, True) == 5


def test_translation_needs_no_torch():
    code = ("import sys; sys.modules['torch'] = None\n"
            "from pathlib import Path\nfrom transformer.bench import torch_ref\n"
            f"print(torch_ref.translate(Path({str(LENET[1])!r}), Path({str(LENET[0])!r}))"
            ".param_count())")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "431080", r.stderr


NET = """name: "Small"
layer { name: "d" type: "DummyData" top: "data" top: "label"
  dummy_data_param { shape { dim: 4 dim: 6 dim: 9 dim: 9 } shape { dim: 4 } } }
layer { name: "d_test" type: "DummyData" top: "data" top: "label"
  include { phase: TEST } dummy_data_param { shape { dim: 2 dim: 3 dim: 9 dim: 9 } } }
layer { name: "conv" type: "Convolution" bottom: "data" top: "conv"
  convolution_param { num_output: 4 kernel_h: 3 kernel_w: 1 pad: 1 stride: 2 group: 2
                      bias_term: false } }
layer { name: "lrn" type: "LRN" bottom: "conv" top: "lrn"
  lrn_param { local_size: 3 alpha: 0.0001 norm_region: WITHIN_CHANNEL } }
layer { name: "sig" type: "Sigmoid" bottom: "lrn" top: "lrn" }
layer { name: "gpool" type: "Pooling" bottom: "lrn" top: "gpool"
  pooling_param { pool: AVE global_pooling: true } }
layer { name: "ip" type: "InnerProduct" bottom: "gpool" top: "ip"
  inner_product_param { num_output: 5 } }
layer { name: "tanh" type: "TanH" bottom: "ip" top: "ip" }
layer { name: "drop" type: "Dropout" bottom: "ip" top: "ip" dropout_param { dropout_ratio: 0.3 } }
layer { name: "acc" type: "Accuracy" bottom: "ip" bottom: "label" top: "acc" }
layer { name: "loss" type: "SoftmaxWithLoss" bottom: "ip" bottom: "label" top: "loss" }
"""


def small_net(tmp_path, text=NET):
    net = tmp_path / "net.prototxt"
    net.write_text(text)
    solver = tmp_path / "solver.prototxt"
    solver.write_text('net: "net.prototxt"\nbase_lr: 0.1\nmomentum: 0.5\n')
    return solver, net


def test_translation_of_other_layer_kinds(tmp_path):
    net = translate(small_net(tmp_path))
    layers = by_name(net)
    assert list(layers) == ["d", "conv", "lrn", "sig", "gpool", "ip", "tanh", "drop", "loss"]
    conv = layers["conv"]
    assert (conv.kernel, conv.pad, conv.stride, conv.group) == ((3, 1), (1, 1), (2, 2), 2)
    assert conv.shapes == [(4, 4, 5, 6)] and conv.params == [(4, 6 // 2, 3, 1)]
    assert layers["lrn"].within_channel and layers["lrn"].k == 1.0
    assert layers["gpool"].shapes == [(4, 4, 1, 1)]
    assert layers["drop"].ratio == pytest.approx(0.3)
    assert torch_model.label_blobs(net) == {"label": 5}
    assert net.weight_decay == 0.0


def test_unsupported_layer_is_a_one_line_error(tmp_path):
    text = NET.replace('type: "Sigmoid"', 'type: "Crop"')
    with pytest.raises(InputError) as err:
        translate(small_net(tmp_path, text))
    message = str(err.value)
    assert "type Crop is not supported" in message and "sig" in message
    assert "\n" not in message


# ---- the torch model and run ---------------------------------------------------------------
@pytest.mark.parametrize("pair,count", [(LENET, 431080), (CIFAR, 145578), (CIFAR_FULL, None)])
def test_torch_model_matches_caffe_net(pair, count):
    pytest.importorskip("torch")
    net = translate(pair)
    model = torch_ref.TorchNet(net)
    model.check_shapes()  # every top's shape as Caffe computes it
    got = [tuple(p.shape) for p in model.modules.parameters()]
    assert got == [p for layer in net.layers for p in layer.params]
    assert sum(p.numel() for p in model.modules.parameters()) == net.param_count()
    if count:
        assert net.param_count() == count


@pytest.mark.parametrize("channels_last", [True, False])
def test_torch_model_runs_other_layer_kinds(tmp_path, channels_last):
    torch = pytest.importorskip("torch")
    model = torch_ref.TorchNet(translate(small_net(tmp_path)), channels_last=channels_last)
    model.check_shapes()
    loss, _ = model.forward()
    loss.backward()
    assert torch.isfinite(loss)
    assert model.inputs["label"].max() < 5


def test_torch_run_is_read_by_the_driver_parser():
    pytest.importorskip("torch")
    cfg = measure.configs([1], torch=True)[-1]
    assert (cfg.key, cfg.build) == ("torch-1", "torch")
    sample = measure.run_once(None, cfg, LENET[0], LENET[1], str(ROOT / "data" / "fashion-mnist"),
                              2, 1)
    assert sample.iteration_ms > 0 and sample.layers == {}
    r = subprocess.run([sys.executable, "-m", "transformer.bench.torch_ref", "--solver",
                        CIFAR[0], "--threads", "1", "--iterations", "2", "--warmup", "0"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert len([ln for ln in r.stdout.splitlines() if ln.startswith("CGP iter ")]) == 2
    assert measure.parse(r.stdout).iteration_ms > 0


# ---- figures, report, CLI ------------------------------------------------------------------
def _measured(key, build, threads, ms, layers):
    m = measure.Measured(measure.Config(key, build, threads, threads, 1))
    m.samples.append(measure.Sample(ms, layers))
    return m


def test_figures_and_table_with_torch_rows(tmp_path):
    layers = {"conv": ["Convolution", 6.0, 2.0], "data": ["Data", 1.0, 0.0]}
    ms = [_measured("baseline", "original", 1, 10.0, layers),
          _measured("coarse-1", "transformed", 1, 10.0, layers),
          _measured("torch-1", "torch", 1, 15.0, {}),
          _measured("blas-2", "original", 2, 9.0, layers),
          _measured("coarse-2", "transformed", 2, 5.0, layers),
          _measured("torch-2", "torch", 2, 8.0, {})]
    assert ms[2].layer_ms() == {}
    f = figures.derive(ms, [1, 2], {"Convolution"})
    one, two = f["rows"]
    assert one["torch_ms"]["median"] == 15.0 and one["coarse_over_torch"] == pytest.approx(1.5)
    assert two["torch_speedup"] == pytest.approx(10 / 8)
    assert two["coarse_over_torch"] == pytest.approx(8 / 5)
    assert [x["name"] for x in f["layers"]] == ["conv", "data"]
    without = figures.derive([m for m in ms if m.config.build != "torch"], [1, 2],
                             {"Convolution"})
    assert all("torch_ms" not in r for r in without["rows"])
    result = {"net": "lenet", "repeats": 1, "iterations": 2, "figures": f,
              "torch_version": "2.x", "held_back_by": figures.slowest_layers(f)}
    text = report.table(result)
    assert "coarse/torch" in text and "1.60x" in text
    assert "coarse/torch" not in report.table({**result, "figures": without})
    json.dumps(f)
    pytest.importorskip("matplotlib")
    from transformer.bench.plot import plot
    plot(f, "lenet", tmp_path / "p.png")
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"


def test_compare_torch_without_torch_exits_2(tmp_path):
    fake = tmp_path / "fake" / "torch"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text('raise ImportError("no torch here")\n')
    env = dict(os.environ, PYTHONPATH=str(fake.parent))
    r = cgp("bench", "caffe_src", "--compare-torch", "--work", tmp_path / "work", env=env)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip() == ("cgp-transform: error: --compare-torch needs PyTorch: "
                                "pip install torch")
    assert not (tmp_path / "work").exists()  # nothing built


def test_compare_torch_unsupported_layer_exits_2_before_building(tmp_path):
    pytest.importorskip("torch")
    _, net = small_net(tmp_path, NET.replace('type: "TanH"', 'type: "Crop"'))
    r = cgp("bench", "caffe_src", "--compare-torch", "--net", net, "--work", tmp_path / "work")
    assert r.returncode == 2, r.stderr
    # one error line (after the progress lines, such as where the data comes from)
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("cgp-transform: error:")]
    assert len(errors) == 1 and errors == r.stderr.strip().splitlines()[-1:], r.stderr
    assert "type Crop is not supported by --compare-torch" in errors[0]
    # the nets the runs would train were written; nothing was built
    assert {p.name for p in (tmp_path / "work").iterdir()} <= {"bench_solver.prototxt",
                                                                "bench-nets"}
