"""The benchmark's nets (--synthetic-data and the ceiling's batch sizes) and its new figures
(the machine's ceiling, peak memory, private bytes), from measurements given by hand."""
import shutil
from pathlib import Path

import pytest

from transformer.bench import figures, measure, synthetic
from transformer.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "caffe_src" / "examples"
LENET = EXAMPLES / "mnist" / "lenet_train_test.prototxt"


def test_data_layers_of_the_training_phase_only():
    net = synthetic.load(LENET)
    layers = synthetic.data_layers(net)
    assert [(d.type, d.tops, d.batch, d.phase) for d in layers] == \
        [("Data", ["data", "label"], 64, "TRAIN")]
    assert [d.batch for d in synthetic.data_layers(net, "TEST")] == [100]


def test_synthetic_replaces_data_by_dummy_data_of_the_same_shapes(tmp_path):
    net = synthetic.load(LENET)
    shape, source = synthetic.data_shape(LENET, net, None)
    assert shape == [1, 28, 28] and source.endswith("mnist/lenet.prototxt")
    fake = synthetic.synthetic(net, shape)
    (d,) = synthetic.data_layers(fake)
    assert d.type == "DummyData" and d.batch == 64 and d.tops == ["data", "label"]
    param = fake.layer[d.index].dummy_data_param
    shapes = [list(s.dim) for s in param.shape]
    assert shapes == [[64, 1, 28, 28], [64]]
    assert not synthetic.needs_data(fake) and synthetic.needs_data(net)
    # the TEST-phase data layer and every other layer are untouched
    assert len(fake.layer) == len(net.layer) and fake.name == net.name
    assert fake.layer[d.index + 1] == net.layer[d.index + 1] and fake.layer[-1] == net.layer[-1]
    back = synthetic.load(synthetic.write(fake, tmp_path / "n.prototxt"), EXAMPLES.parent)
    assert back == fake


def test_with_batch_sets_every_training_data_layer():
    net = synthetic.load(LENET)
    half = synthetic.with_batch(net, 32)
    assert [d.batch for d in synthetic.data_layers(half)] == [32]
    assert [d.batch for d in synthetic.data_layers(half, "TEST")] == [100]
    fake = synthetic.with_batch(synthetic.synthetic(net, [1, 28, 28]), 16)
    param = fake.layer[synthetic.data_layers(fake)[0].index].dummy_data_param
    shapes = [list(s.dim) for s in param.shape]
    assert shapes == [[16, 1, 28, 28], [16]]
    assert synthetic.with_batch(net, 32) != net  # a copy: the input net is unchanged
    assert synthetic.data_layers(net)[0].batch == 64


def test_the_deployment_net_must_feed_the_same_layers(tmp_path):
    shutil.copy(LENET, tmp_path / "train.prototxt")
    net = synthetic.load(tmp_path / "train.prototxt", EXAMPLES.parent)
    with pytest.raises(InputError, match="--data-shape C,H,W"):
        synthetic.data_shape(tmp_path / "train.prototxt", net, None)
    # a deployment net whose input feeds other layers is not evidence
    (tmp_path / "other.prototxt").write_text(
        'name: "X" layer { name: "data" type: "Input" top: "data" '
        'input_param { shape { dim: 1 dim: 3 dim: 9 dim: 9 } } }\n'
        'layer { name: "fc" type: "InnerProduct" bottom: "data" top: "fc" }\n')
    assert synthetic.deploy_shape(tmp_path / "train.prototxt", net) is None
    # the old input/input_shape form of a deployment net, feeding conv1
    (tmp_path / "deploy.prototxt").write_text(
        'name: "LeNet" input: "data" input_shape { dim: 10 dim: 1 dim: 28 dim: 28 }\n'
        'layer { name: "conv1" type: "Convolution" bottom: "data" top: "conv1" }\n')
    shape, source = synthetic.data_shape(tmp_path / "train.prototxt", net, None)
    assert shape == [1, 28, 28] and source.endswith("deploy.prototxt")
    assert synthetic.data_shape(tmp_path / "train.prototxt", net, [2, 5, 5]) == \
        ([2, 5, 5], "--data-shape")


def test_a_net_of_dummy_data_needs_no_shape():
    net = synthetic.load(EXAMPLES / "test" / "tiny_net.prototxt")
    assert not synthetic.needs_data(net)
    assert synthetic.synthetic(net, [9]) == net
    assert [d.batch for d in synthetic.data_layers(synthetic.with_batch(net, 4))] == [4]


def _measured(cfg, ms, rss=None, private=None):
    m = measure.Measured(cfg)
    m.samples.append(measure.Sample(ms, {"conv": ["Convolution", ms, 0.0]}, rss,
                                    *(private or (None, None))))
    return m


def test_ceiling_and_memory_figures():
    C = measure.Config
    ms = [_measured(C("baseline", "original", 1, None, 1), 10.0, 1000),
          _measured(C("coarse-1", "transformed", 1, 1, 1), 10.0, 1010, (0, 0)),
          _measured(C("blas-2", "original", 2, None, 2), 8.0, 1100),
          _measured(C("ceiling-2", "original", 2, 1, 1, procs=2, batch=32), 6.25, 900),
          _measured(C("coarse-2", "transformed", 2, 2, 1), 6.4, 1500, (4096, 8192))]
    f = figures.derive(ms, [1, 2], {"Convolution"}, full_batch=64)
    one, two = f["rows"]
    assert one["ceiling_speedup"] == 1.0
    assert two["ceiling_speedup"] == pytest.approx(1.6)  # 64 samples in 6.25 ms vs 10 ms
    assert two["coarse_of_ceiling"] == pytest.approx((10 / 6.4) / 1.6)
    assert two["fine_of_ceiling"] == pytest.approx((10 / 8) / 1.6)
    mem = two["memory"]
    assert (mem["original_rss_kb"], mem["blas_rss_kb"], mem["coarse_rss_kb"]) == \
        (1000, 1100, 1500)
    assert mem["coarse_over_original"] == pytest.approx(1.5)
    assert mem["private_bytes"] == {"scratch": 4096, "accumulators": 8192}
    assert mem["private_bytes_per_thread"] == {"scratch": 2048, "accumulators": 4096}
    # an odd batch: 3 processes of 21 samples do 63, not 64
    ms[3] = _measured(C("ceiling-3", "original", 3, 1, 1, procs=3, batch=21), 6.3)
    ms[2] = _measured(C("blas-3", "original", 3, None, 3), 8.0)
    ms[4] = _measured(C("coarse-3", "transformed", 3, 3, 1), 5.0)
    three = figures.derive(ms, [1, 3], {"Convolution"}, full_batch=64)["rows"][1]
    assert three["ceiling_speedup"] == pytest.approx(10 * 63 / (64 * 6.3))
    # no ceiling run (a net without a batch size): no ceiling figures, nothing made up
    no_ceiling = figures.derive([m for m in ms if m.config.procs == 1], [1, 3],
                                {"Convolution"}, full_batch=None)["rows"][1]
    assert "ceiling_speedup" not in no_ceiling and "memory" in no_ceiling


def test_parse_reads_memory_lines():
    s = measure.parse("CGP iter 3.0\nCGP iter 5.0\nCGP iter 4.0\nCGP rss 2048\n"
                      "CGP private 100 200\n")
    assert (s.iteration_ms, s.rss_kb, s.scratch_bytes, s.accumulator_bytes) == \
        (4.0, 2048, 100, 200)
    s = measure.parse("CGP iter 3.0\nCGP rss -1\n")  # no /proc: no figure
    assert s.rss_kb is None and s.scratch_bytes is None and s.timed is None
    s = measure.parse("CGP iter 3.0\nCGP iter 2.0\nCGP timed 2 205.5\n")
    assert s.timed == [2, 205.5]


def test_ceiling_configs_only_above_one_thread():
    cfgs = measure.configs([1, 2, 4], ceiling_nets={2: (32, Path("a")), 4: (16, Path("b"))})
    keys = [c.key for c in cfgs]
    assert keys == ["baseline", "coarse-1", "blas-2", "ceiling-2", "coarse-2", "blas-4",
                    "ceiling-4", "coarse-4"]
    four = cfgs[6]
    assert (four.procs, four.batch, four.net, four.omp, four.blas) == (4, 16, "b", 1, 1)


def _opts(**kw):
    from transformer.bench.run import BenchOptions
    return BenchOptions(path=str(ROOT / "caffe_src"), **kw)


def test_batch_overrides_the_data_layers_and_the_ceiling_splits_it(tmp_path):
    from transformer.bench import nets
    choice = nets.NetChoice("lenet", EXAMPLES / "mnist" / "lenet_solver.prototxt", LENET)
    opts = _opts(synthetic_data=True, batch=6)
    net_file, note, ceiling, full = nets.bench_nets(opts, choice, ROOT / "caffe_src", tmp_path,
                                                    [1, 2, 4])
    assert full == 6 and "batch 6 (--batch; the net says 64)" in note
    net = synthetic.load(net_file, ROOT / "caffe_src")
    (d,) = synthetic.data_layers(net)
    shapes = [list(s.dim) for s in net.layer[d.index].dummy_data_param.shape]
    assert d.type == "DummyData" and shapes == [[6, 1, 28, 28], [6]]
    assert [x.batch for x in synthetic.data_layers(net, "TEST")] == [100]  # TEST untouched
    assert {t: b for t, (b, _) in ceiling.items()} == {2: 3, 4: 1}
    half = synthetic.load(ceiling[2][1], ROOT / "caffe_src")
    assert [x.batch for x in synthetic.data_layers(half)] == [3]
    # a real Data layer's batch_size, too; batch 1 leaves no ceiling to split
    net_file, note, ceiling, full = nets.bench_nets(
        _opts(data=str(tmp_path), batch=1), choice, ROOT / "caffe_src", tmp_path, [1, 2])
    assert full == 1 and ceiling == {}
    assert [x.batch for x in synthetic.data_layers(synthetic.load(net_file, ROOT / "caffe_src"))
            ] == [1]
    assert synthetic.data_layers(synthetic.load(LENET))[0].batch == 64  # the input unchanged


def test_no_batch_keeps_the_net_and_a_bad_batch_is_refused(tmp_path):
    from transformer.bench import nets
    choice = nets.NetChoice("lenet", EXAMPLES / "mnist" / "lenet_solver.prototxt", LENET)
    net_file, note, _, full = nets.bench_nets(_opts(data=str(tmp_path)), choice,
                                              ROOT / "caffe_src", tmp_path, [1, 2])
    assert net_file == LENET and full == 64 and "--batch" not in note
    for bad in (0, -3):
        with pytest.raises(InputError, match="--batch takes a positive number"):
            nets.bench_nets(_opts(data=str(tmp_path), batch=bad), choice, ROOT / "caffe_src",
                            tmp_path, [1, 2])
    nets.check_batch(None)
    nets.check_batch(1)


def test_forward_only_reaches_every_driver_run():
    cfgs = measure.configs([1, 2], ceiling_nets={2: (32, Path("half.prototxt"))},
                           forward_only=True)
    assert [c.key for c in cfgs] == ["baseline", "coarse-1", "blas-2", "ceiling-2", "coarse-2"]
    assert all(c.forward_only for c in cfgs)
    cmd, _ = measure._command(Path("drv"), cfgs[0], Path("s"), Path("n"), None, 2, 1)
    assert cmd[:3] == ["drv", "time", "--forward-only"]
    assert cmd[3:5] == ["--min-ms", str(measure.MIN_RUN_MS)]  # one process: timed long enough
    ranked = measure.Config("r2", "transformed", 1, 1, 1, ranks=2)
    cmd, _ = measure._command(Path("drv"), ranked, Path("s"), Path("n"), None, 2, 1)
    assert "--min-ms" not in cmd  # ranks run the same iterations: no time-based loop
    plain = measure.configs([1, 2])
    assert not any(c.forward_only for c in plain)
    cmd, env = measure._command(Path("drv"), plain[0], Path("s"), Path("n"), None, 2, 1)
    assert "--forward-only" not in cmd and "OMP_NUM_THREADS" not in env
    assert env["OPENBLAS_NUM_THREADS"] == "1"
    torch = measure.configs([2], torch=True, forward_only=True)
    assert not [c for c in torch if c.build == "torch" and c.forward_only]
