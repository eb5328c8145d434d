"""Nets for the benchmark: the training net with its data layers replaced by `DummyData` of the
same shapes (--synthetic-data), and the net at another batch size (the machine's ceiling).

A data layer here is a layer without bottoms whose parameters carry a `batch_size` (Data,
ImageData, HDF5Data, WindowData, MemoryData, ...). The shape of what it produces is not in the
training net: it is in the data. It is read from the tree's deployment net of the same model,
a sibling `.prototxt` whose `Input` layer (or `input_shape`/`input_dim`) feeds the same layers
under the same top name: the trained weights fit both, so the shapes agree. `--data-shape`
gives it by hand.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from .. import proto_text
from ..errors import InputError

# A net here is a NetParameter of the tree's own caffe.proto (proto_text).


@dataclass
class DataLayer:
    index: int            # position in the net's `layer` list
    type: str
    tops: List[str]
    batch: int
    phase: Optional[str]  # TRAIN, TEST or None (both)


def load(path: Path, root: Optional[Path] = None) -> Message:
    """The net in path, read with the caffe.proto of `root` (default: the tree path lies
    in); a malformed file is a one-line InputError."""
    return proto_text.schema_for(path, root=root).read(path, "NetParameter")


def _phase(layer: Message) -> Optional[str]:
    for rule in layer.include:
        if proto_text.has(rule, "phase"):
            return str(proto_text.get(rule, "phase"))
    return None


def _params(layer: Message) -> List[Tuple[str, Message]]:
    """The layer's set `*_param` sub-messages, (field name, message) each."""
    return [(fd.name, value) for fd, value in layer.ListFields()
            if fd.name.endswith("_param") and fd.message_type is not None
            and fd.label != FieldDescriptor.LABEL_REPEATED]


def _batch_of(layer: Message) -> Optional[int]:
    """The batch a data layer produces: its parameters' batch_size, or for DummyData the
    first dimension of its first shape."""
    for key, param in _params(layer):
        if proto_text.has(param, "batch_size"):
            return int(param.batch_size)
        if key == "dummy_data_param" and param.shape and param.shape[0].dim:
            return int(param.shape[0].dim[0])
    return None


def data_layers(net: Message, phase: str = "TRAIN") -> List[DataLayer]:
    """The data layers a net builds in `phase`."""
    out = []
    for i, layer in enumerate(net.layer):
        if layer.bottom:
            continue
        batch = _batch_of(layer)
        got = _phase(layer)
        if batch is not None and got in (None, phase):
            out.append(DataLayer(i, layer.type, list(layer.top), batch, got))
    return out


def _copy(msg: Message) -> Message:
    out = type(msg)()
    out.CopyFrom(msg)
    return out


def with_batch(net: Message, batch: int) -> Message:
    """The net with every training data layer producing `batch` samples."""
    out = _copy(net)
    for d in data_layers(net):
        for key, param in _params(out.layer[d.index]):
            if proto_text.has(param, "batch_size"):
                param.batch_size = batch
            if key == "dummy_data_param":
                for shape in param.shape:
                    if shape.dim:
                        shape.dim[0] = batch
    return out


def needs_data(net: Message) -> bool:
    """Whether the net reads a dataset: a training data layer other than DummyData."""
    return any(d.type != "DummyData" for d in data_layers(net))


def synthetic(net: Message, data_shape: Sequence[int]) -> Message:
    """The net with every training data layer replaced by DummyData: its first top shaped
    (batch, *data_shape), the others (labels) (batch,), filled with constants (filled once,
    as a prefetched batch costs a copy, not a generator, per iteration). DummyData layers
    stay as they are."""
    out = _copy(net)
    for d in data_layers(net):
        if d.type == "DummyData":
            continue
        old = net.layer[d.index]
        layer = out.layer[d.index]
        layer.Clear()
        layer.name = old.name or "data"
        layer.type = "DummyData"
        layer.top.extend(d.tops)
        layer.include.extend(old.include)
        param = layer.dummy_data_param
        for k, _ in enumerate(d.tops):
            filler = param.data_filler.add()
            filler.type, filler.value = "constant", 0.5 if k == 0 else 0.0
        for k, _ in enumerate(d.tops):
            param.shape.add().dim.extend([d.batch] + (list(data_shape) if k == 0 else []))
    return out


def write(net: Message, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(proto_text.to_text(net))
    return path


# ---- the data shape -----------------------------------------------------------------------

def _input_shapes(net: Message) -> List[Tuple[str, List[int]]]:
    """(top, dims) of a deployment net's inputs: Input layers, or top-level input fields."""
    out = []
    for layer in net.layer:
        if layer.type == "Input" and proto_text.has(layer, "input_param"):
            shapes = [[int(d) for d in s.dim] for s in layer.input_param.shape]
            tops = list(layer.top)
            out += list(zip(tops, shapes if len(shapes) > 1 else shapes * len(tops)))
    inputs = proto_text.get(net, "input", [])
    shapes = [[int(d) for d in s.dim] for s in proto_text.get(net, "input_shape", [])]
    dims = [int(d) for d in proto_text.get(net, "input_dim", [])]
    if inputs and shapes:
        out += list(zip(inputs, shapes))
    elif inputs and dims:
        out += [(name, dims[4 * i:4 * i + 4]) for i, name in enumerate(inputs)]
    return out


def _consumers(net: Message, top: str) -> List[str]:
    return [layer.name for layer in net.layer if top in layer.bottom]


def deploy_shape(net_path: Path, net: Message) -> Optional[Tuple[List[int], Path]]:
    """The per-sample shape of the training data top, from the sibling deployment net that
    feeds the same first layers under the same top name; the most layer names in common wins.
    The siblings are read with the net's own caffe.proto."""
    layers = data_layers(net)
    if not layers or not layers[0].tops:
        return None
    top = layers[0].tops[0]
    consumers = set(_consumers(net, top))
    names = {layer.name for layer in net.layer if layer.name}
    best = None
    for path in sorted(net_path.parent.glob("*.prototxt")):
        if path.resolve() == net_path.resolve():
            continue
        try:
            other = proto_text.parse_as(net, path.read_text(errors="replace"), str(path))
        except (OSError, InputError):
            continue
        for name, dims in _input_shapes(other):
            if name != top or len(dims) < 2 or not consumers & set(_consumers(other, top)):
                continue
            common = len(names & {layer.name for layer in other.layer if layer.name})
            if best is None or common > best[0]:
                best = (common, dims[1:], path)
    return (best[1], best[2]) if best else None


def data_shape(net_path: Path, net: Message, given: Optional[Sequence[int]]
               ) -> Tuple[List[int], str]:
    """The per-sample data shape and where it came from; an InputError when nothing says."""
    if given:
        return list(given), "--data-shape"
    found = deploy_shape(net_path, net)
    if found is None:
        tops = [d.tops[0] for d in data_layers(net) if d.tops] or ["data"]
        raise InputError(f"--synthetic-data: no deployment net beside {net_path} gives the "
                         f"shape of '{tops[0]}'; give --data-shape C,H,W")
    return found[0], str(found[1])
