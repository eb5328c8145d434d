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

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from ..check import prototxt
from ..check.prototxt import Message, unquote
from ..errors import InputError


@dataclass
class DataLayer:
    index: int            # position in the net's top-level fields
    type: str
    tops: List[str]
    batch: int
    phase: Optional[str]  # TRAIN, TEST or None (both)


def load(path: Path) -> Message:
    try:
        return prototxt.parse(path.read_text(errors="replace"))
    except (OSError, ValueError) as e:
        raise InputError(f"{path}: not a readable net definition ({e})") from None


def _fields(layer: Message, name: str) -> List:
    return [v for k, v in layer if k == name]


def _phase(layer: Message) -> Optional[str]:
    for rule in _fields(layer, "include"):
        for k, v in rule:
            if k == "phase":
                return str(v)
    return None


def _batch_of(layer: Message) -> Optional[int]:
    """The batch a data layer produces: its parameters' batch_size, or for DummyData the
    first dimension of its first shape."""
    for key, value in layer:
        if key.endswith("_param") and isinstance(value, list):
            for k, v in value:
                if k == "batch_size":
                    return int(v)
                if key == "dummy_data_param" and k == "shape" and isinstance(v, list):
                    dims = [int(d) for kk, d in v if kk == "dim"]
                    if dims:
                        return dims[0]
    return None


def data_layers(net: Message, phase: str = "TRAIN") -> List[DataLayer]:
    """The data layers a net builds in `phase`."""
    out = []
    for i, (key, layer) in enumerate(net):
        if key != "layer" or not isinstance(layer, list) or _fields(layer, "bottom"):
            continue
        batch = _batch_of(layer)
        got = _phase(layer)
        if batch is not None and got in (None, phase):
            kind = unquote(next(iter(_fields(layer, "type")), ""))
            out.append(DataLayer(i, kind, [unquote(t) for t in _fields(layer, "top")], batch,
                                 got))
    return out


def _first_dim(shape: Message, batch: int) -> Message:
    out, done = [], False
    for k, v in shape:
        if k == "dim" and not done:
            v, done = str(batch), True
        out.append((k, v))
    return out


def _set_batch(layer: Message, batch: int) -> Message:
    out = []
    for key, value in layer:
        if key.endswith("_param") and isinstance(value, list):
            value = [(k, str(batch) if k == "batch_size" else
                      _first_dim(v, batch) if key == "dummy_data_param" and k == "shape" else v)
                     for k, v in value]
        out.append((key, value))
    return out


def with_batch(net: Message, batch: int) -> Message:
    """The net with every training data layer producing `batch` samples."""
    out = copy.deepcopy(net)
    for d in data_layers(net):
        out[d.index] = ("layer", _set_batch(out[d.index][1], batch))
    return out


def _dims(shape: Sequence[int]) -> Message:
    return [("dim", str(d)) for d in shape]


def needs_data(net: Message) -> bool:
    """Whether the net reads a dataset: a training data layer other than DummyData."""
    return any(d.type != "DummyData" for d in data_layers(net))


def synthetic(net: Message, data_shape: Sequence[int]) -> Message:
    """The net with every training data layer replaced by DummyData: its first top shaped
    (batch, *data_shape), the others (labels) (batch,), filled with constants (filled once,
    as a prefetched batch costs a copy, not a generator, per iteration). DummyData layers
    stay as they are."""
    out = copy.deepcopy(net)
    for d in data_layers(net):
        if d.type == "DummyData":
            continue
        old = net[d.index][1]
        layer: Message = [("name", next(iter(_fields(old, "name")), '"data"')),
                          ("type", '"DummyData"')]
        layer += [("top", f'"{t}"') for t in d.tops]
        layer += [("include", inc) for inc in _fields(old, "include")]
        param: Message = []
        for k, _ in enumerate(d.tops):
            value = "0.5" if k == 0 else "0"
            param.append(("data_filler", [("type", '"constant"'), ("value", value)]))
        for k, _ in enumerate(d.tops):
            param.append(("shape", _dims([d.batch] + (list(data_shape) if k == 0 else []))))
        layer.append(("dummy_data_param", param))
        out[d.index] = ("layer", layer)
    return out


def write(net: Message, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "\n".join(f"{k} {{ {prototxt.render(v)} }}" if isinstance(v, list) else
                     f"{k}: {v}" for k, v in net)
    path.write_text(text + "\n")
    return path


# ---- the data shape -----------------------------------------------------------------------

def _input_shapes(net: Message) -> List[Tuple[str, List[int]]]:
    """(top, dims) of a deployment net's inputs: Input layers, or top-level input fields."""
    out = []
    for key, layer in net:
        if key == "layer" and isinstance(layer, list) and \
                unquote(next(iter(_fields(layer, "type")), "")) == "Input":
            tops = [unquote(t) for t in _fields(layer, "top")]
            for param in _fields(layer, "input_param"):
                shapes = [[int(v) for k, v in s if k == "dim"] for s in _fields(param, "shape")]
                out += list(zip(tops, shapes if len(shapes) > 1 else shapes * len(tops)))
    inputs = [unquote(v) for k, v in net if k == "input"]
    shapes = [[int(v) for k, v in s if k == "dim"] for k, s in net if k == "input_shape"]
    dims = [int(v) for k, v in net if k == "input_dim"]
    if inputs and shapes:
        out += list(zip(inputs, shapes))
    elif inputs and dims:
        out += [(name, dims[4 * i:4 * i + 4]) for i, name in enumerate(inputs)]
    return out


def _consumers(net: Message, top: str) -> List[str]:
    names = []
    for key, layer in net:
        if key == "layer" and isinstance(layer, list) and \
                top in (unquote(b) for b in _fields(layer, "bottom")):
            names.append(unquote(next(iter(_fields(layer, "name")), "")))
    return names


def deploy_shape(net_path: Path, net: Message) -> Optional[Tuple[List[int], Path]]:
    """The per-sample shape of the training data top, from the sibling deployment net that
    feeds the same first layers under the same top name; the most layer names in common wins."""
    layers = data_layers(net)
    if not layers or not layers[0].tops:
        return None
    top = layers[0].tops[0]
    consumers = set(_consumers(net, top))
    names = {unquote(v) for k, layer in net if k == "layer" and isinstance(layer, list)
             for kk, v in layer if kk == "name"}
    best = None
    for path in sorted(net_path.parent.glob("*.prototxt")):
        if path.resolve() == net_path.resolve():
            continue
        try:
            other = prototxt.parse(path.read_text(errors="replace"))
        except (OSError, ValueError):
            continue
        for name, dims in _input_shapes(other):
            if name != top or len(dims) < 2 or not consumers & set(_consumers(other, top)):
                continue
            common = len(names & {unquote(v) for k, layer in other
                                  if k == "layer" and isinstance(layer, list)
                                  for kk, v in layer if kk == "name"})
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
