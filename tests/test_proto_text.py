"""Prototxt files read by protobuf with the caffe.proto of their own tree: the nets of
caffe_src, a fork's added fields, several trees in one process, the compiled schema cached by
the .proto's content, and the one-line errors (file, line, field) of malformed text."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.forks import fork_tree

from transformer import proto_text
from transformer.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
CAFFE_SRC = ROOT / "caffe_src"
LENET = CAFFE_SRC / "examples" / "mnist" / "lenet_train_test.prototxt"
pytestmark = pytest.mark.skipif(shutil.which("protoc") is None, reason="protoc is not installed")


def test_a_trees_net_is_read_with_its_caffe_proto():
    schema = proto_text.schema_for(LENET)
    assert schema.proto == CAFFE_SRC / "src" / "caffe" / "proto" / "caffe.proto"
    net = schema.read(LENET, "NetParameter")
    assert net.name == "LeNet" and [x.type for x in net.layer][:3] == ["Data", "Data",
                                                                         "Convolution"]
    assert proto_text.get(net.layer[0].include[0], "phase") == "TRAIN"  # enums by name
    kind, conv = list(proto_text.layers(net))[2]  # conv1: its settings, no wiring
    assert kind == "Convolution"
    assert conv.startswith("convolution_param { num_output: 20 kernel_size: 5 ")
    solver = schema.read(LENET.with_name("lenet_solver.prototxt"), "SolverParameter")
    assert proto_text.get(solver, "base_lr") == 0.01  # the float as written, not float32's
    assert proto_text.get(solver, "no_such_field", "absent") == "absent"


def test_the_text_goes_back_to_the_same_message(tmp_path):
    schema = proto_text.schema(CAFFE_SRC)
    net = schema.read(LENET, "NetParameter")
    assert schema.from_text("NetParameter", proto_text.to_text(net), "again") == net
    layer = schema.from_text("LayerParameter", proto_text.one_line(net.layer[2]), "one line")
    assert layer == net.layer[2]


def test_a_fork_and_caffe_src_are_read_in_one_process(tmp_path):
    fork = proto_text.schema(fork_tree(tmp_path / "fork"))
    caffe = proto_text.schema(CAFFE_SRC)
    assert fork is not caffe
    text = 'name: "w" type: "Widget" widget_param { scale: 2 mode: FAST_PATH }'
    widget = fork.from_text("LayerParameter", text, "w.prototxt")
    assert proto_text.get(widget.widget_param, "mode") == "FAST_PATH"
    with pytest.raises(InputError) as err:
        caffe.from_text("LayerParameter", text, "w.prototxt")
    assert str(err.value) == ("w.prototxt:1: field 'widget_param': caffe.LayerParameter has "
                              "no such field")
    # both stay usable, each with its own messages
    assert type(fork.new("LayerParameter")) is not type(caffe.new("LayerParameter"))
    assert fork.read(LENET, "NetParameter").name == caffe.read(LENET, "NetParameter").name


def test_the_schema_is_compiled_once_per_proto_content(tmp_path, monkeypatch):
    monkeypatch.setenv("CGP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(proto_text, "_SCHEMAS", {})
    first = proto_text.schema(fork_tree(tmp_path / "a"))
    cached = list((tmp_path / "cache" / "proto-desc").iterdir())
    assert len(cached) == 1 and cached[0].suffix == ".desc"
    assert proto_text.schema(fork_tree(tmp_path / "b")) is first  # the same .proto
    monkeypatch.setattr(proto_text, "_SCHEMAS", {})  # a new process: protoc is not run again
    monkeypatch.setattr(proto_text.shutil, "which", lambda name: None)
    assert proto_text.schema(tmp_path / "a").new("LayerParameter").DESCRIPTOR.name == \
        "LayerParameter"
    with pytest.raises(InputError, match="protoc is not installed"):
        proto_text.schema(CAFFE_SRC)


CONV = """name: "n"
layer {
  name: "c"
  type: "Convolution"
  convolution_param {
    num_output: 4
    kernal_size: 3
  }
}
"""


@pytest.mark.parametrize("text,message", [
    (CONV, "net.prototxt:7: field 'kernal_size': caffe.ConvolutionParameter has no such field"),
    (CONV.replace("kernal_size: 3", "kernel_size: three"),
     "net.prototxt:7: field 'kernel_size': Couldn't parse integer: three"),
    (CONV.replace('type: "Convolution"', "type: Convolution"),
     "net.prototxt:4: field 'type': Expected string but found: 'Convolution'"),
    ('layer { pooling_param { pool: MAXIMUM } }',
     "net.prototxt:1: field 'pool': Enum type \"caffe.PoolingParameter.PoolMethod\" has no "
     "value named MAXIMUM"),
    (CONV.replace("kernal", "kernel")[:CONV.rindex("}")] + "# the end\n",
     "net.prototxt:2: field 'layer': its '{' is never closed"),
    ('layer { name: "a" convolution_param { num_output: 4 ',
     "net.prototxt:1: field 'convolution_param': its '{' is never closed"),
    ('layer { name: "a" }\n}\n', "net.prototxt:2: '}' closes nothing"),
    ('name: "a"\nname: "b"\n',
     "net.prototxt:2: field 'name': Message type \"caffe.NetParameter\" should not have "
     "multiple \"name\" fields"),
])
def test_malformed_text_is_one_line_naming_file_line_and_field(text, message):
    with pytest.raises(InputError) as err:
        proto_text.schema(CAFFE_SRC).from_text("NetParameter", text, "net.prototxt")
    assert str(err.value) == message


def test_a_file_outside_any_tree_needs_the_tree(tmp_path):
    net = tmp_path / "net.prototxt"
    net.write_text(LENET.read_text())
    assert proto_text.tree_of(net) is None and proto_text.tree_of(LENET) == CAFFE_SRC
    with pytest.raises(InputError, match="not inside a Caffe tree"):
        proto_text.schema_for(net)
    assert proto_text.schema_for(net, LENET).read(net, "NetParameter").name == "LeNet"
    assert proto_text.schema_for(net, root=CAFFE_SRC).read(net, "NetParameter").name == "LeNet"
    with pytest.raises(InputError, match="no src/caffe/proto/caffe.proto"):
        proto_text.schema(tmp_path)
    with pytest.raises(InputError, match="missing.prototxt: No such file"):
        proto_text.schema(CAFFE_SRC).read(tmp_path / "missing.prototxt", "NetParameter")


def test_the_cli_prints_a_malformed_net_as_one_line(tmp_path):
    tree = fork_tree(tmp_path / "tree")
    net = tree / "examples" / "bad.prototxt"
    net.parent.mkdir()
    net.write_text(CONV)
    r = subprocess.run([sys.executable, "-m", "transformer", "bench", str(tree), "--net",
                        str(net), "--work", str(tmp_path / "work")], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    assert r.stderr == (f"cgp-transform: error: {net}:7: field 'kernal_size': "
                        "caffe.ConvolutionParameter has no such field\n")
