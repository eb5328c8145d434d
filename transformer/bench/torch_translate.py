"""`bench --compare-torch`, first half: the net's .prototxt (TRAIN phase) and its solver, read by
protobuf with the tree's own caffe.proto (proto_text), as plain layer specs (torch_specs) with
the shapes Caffe would give every top. It needs no torch.

A setting the prototxt leaves out has the tree's default, as in Caffe; one the tree's
caffe.proto has no field for has Caffe's usual default.
"""
from __future__ import annotations

import gzip
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from google.protobuf.message import Message

from .. import proto_text
from ..errors import InputError
from ..proto_text import get, has, values
from .torch_specs import (
    LRN,
    Concat,
    Conv,
    Data,
    Dropout,
    Eltwise,
    Flatten,
    InnerProduct,
    Layer,
    Loss,
    Net,
    Neuron,
    Pair,
    Pool,
    Shape,
)

# Types written by the V1 format (`layers { type: CONVOLUTION }`).
_V1 = {"DATA": "Data", "DUMMY_DATA": "DummyData", "CONVOLUTION": "Convolution",
       "POOLING": "Pooling", "INNER_PRODUCT": "InnerProduct", "RELU": "ReLU",
       "SIGMOID": "Sigmoid", "TANH": "TanH", "DROPOUT": "Dropout", "LRN": "LRN",
       "SOFTMAX_LOSS": "SoftmaxWithLoss", "ACCURACY": "Accuracy", "CONCAT": "Concat",
       "ELTWISE": "Eltwise", "FLATTEN": "Flatten", "SPLIT": "Split", "SILENCE": "Silence"}
_SKIPPED = {"Accuracy", "Silence"}  # no part of training


def translate(net_path: Path, solver_path: Path, data: Optional[str] = None,
              root: Optional[Path] = None) -> Net:
    """The TRAIN-phase net of `net_path` as specs, with the solver's SGD settings; both read
    with the caffe.proto of `root` (default: the tree either file lies in)."""
    schema = proto_text.schema_for(net_path, solver_path, root=root)
    net_msg = schema.read(net_path, "NetParameter")
    solver = schema.read(solver_path, "SolverParameter")
    kind = next((str(get(solver, f)) for f in ("type", "solver_type") if has(solver, f)),
                str(get(solver, "type", "SGD"))).upper()
    if kind not in ("SGD", "NESTEROV"):
        raise InputError(f"{solver_path}: solver type {kind}: --compare-torch times SGD only")
    layers = _layers(net_msg, net_path, data)
    if not any(isinstance(layer, Loss) for layer in layers):
        raise InputError(f"{net_path}: the TRAIN net has no SoftmaxWithLoss layer")
    return Net(get(net_msg, "name") or net_path.stem, layers,
               float(get(solver, "base_lr", 0.01)), float(get(solver, "momentum", 0.0)),
               float(get(solver, "weight_decay", 0.0)), nesterov=kind == "NESTEROV")


def _layers(net_msg: Message, net_path: Path, data: Optional[str]) -> List[Layer]:
    shapes: Dict[str, Shape] = {}
    layers: List[Layer] = []
    for msg in get(net_msg, "layer", []) + get(net_msg, "layers", []):
        if not _in_train(msg):
            continue
        type_ = str(get(msg, "type", ""))
        type_ = _V1.get(type_, type_)
        if type_ in _SKIPPED:
            continue
        name = msg.name or f"layer{len(layers)}"
        bottoms = list(msg.bottom)
        missing = [b for b in bottoms if b not in shapes]
        if missing:
            raise InputError(f"{net_path}: layer {name}: bottom {missing[0]} is produced by "
                             "no earlier layer")
        builder = _BUILDERS.get(type_)
        if builder is None:
            raise InputError(f"{net_path}: layer {name}: type {type_} is not supported by "
                             "--compare-torch")
        ctx = _Ctx(name, type_, msg, bottoms, [shapes[b] for b in bottoms], data, net_path)
        if builder not in (_data, _dummy_data) and not ctx.shapes:
            raise ctx.error("has no bottom")
        layer = builder(ctx)
        shapes.update(zip(layer.tops, layer.shapes))
        layers.append(layer)
    return layers


def _in_train(msg: Message) -> bool:
    def phases(key: str) -> List[str]:
        return [str(get(rule, "phase")) if has(rule, "phase") else ""
                for rule in get(msg, key, [])]
    include, exclude = phases("include"), phases("exclude")
    if "TRAIN" in exclude:
        return False
    return not include or "TRAIN" in include or "" in include


@dataclass
class _Ctx:
    """What a builder gets: the layer's message and the shapes of its bottoms."""
    name: str
    type: str
    msg: Message  # a LayerParameter (or a V1LayerParameter)
    bottoms: List[str]
    shapes: List[Shape]
    data: Optional[str]  # --data
    where: Path

    @property
    def base(self) -> dict:
        return dict(name=self.name, type=self.type, bottoms=self.bottoms,
                    tops=list(self.msg.top))

    def param(self, key: str) -> Optional[Message]:
        """The layer's `key` sub-message (its defaults when unset; None when the tree's
        caffe.proto has no such parameter)."""
        return get(self.msg, key)

    def error(self, text: str) -> InputError:
        return InputError(f"{self.where}: layer {self.name}: {text}")


def _pair(p: Optional[Message], name: str, default: int, axes: str = "") -> Pair:
    """A per-axis setting: `axes_h`/`axes_w` (axes defaults to name), else `name` (one value
    or one per axis)."""
    axes = axes or name
    if has(p, f"{axes}_h") or has(p, f"{axes}_w"):
        return int(get(p, f"{axes}_h", default)), int(get(p, f"{axes}_w", default))
    given = [int(v) for v in values(p, name)]
    if not given:
        return default, default
    return (given[0], given[0]) if len(given) == 1 else (given[0], given[1])


def _learnable(ctx: _Ctx, params: List[Shape]) -> dict:
    """The learnable blobs with their lr_mult and decay_mult (`param {}` or V1 `blobs_lr`)."""
    specs = [p for p in get(ctx.msg, "param", []) if isinstance(p, Message)]
    v1 = [float(v) for v in get(ctx.msg, "blobs_lr", [])]
    lr = [v1[i] if i < len(v1) else float(get(specs[i], "lr_mult", 1.0)) if i < len(specs)
          else 1.0 for i in range(len(params))]
    decay = [float(get(specs[i], "decay_mult", 1.0)) if i < len(specs) else 1.0
             for i in range(len(params))]
    return dict(params=params, lr_mult=lr, decay_mult=decay)


def _data(ctx: _Ctx) -> Layer:
    batch = int(get(ctx.param("data_param"), "batch_size", 0))
    if batch < 1:
        raise ctx.error("data_param.batch_size must be positive")
    (c, h, w), classes = _data_source_shape(ctx)
    crop = int(get(ctx.param("transform_param"), "crop_size", 0))
    if crop:
        h, w = crop, crop
    return Data(**ctx.base, shapes=[(batch, c, h, w), (batch,)][:len(ctx.base["tops"])],
                classes=classes)


def _dummy_data(ctx: _Ctx) -> Layer:
    p = ctx.param("dummy_data_param" if ctx.type == "DummyData" else "input_param")
    dims = [tuple(int(d) for d in s.dim) for s in get(p, "shape", [])]
    if not dims and values(p, "num"):  # DummyData's legacy num/channels/height/width
        legacy = [values(p, k) for k in ("num", "channels", "height", "width")]
        dims = [tuple(int(v[i]) for v in legacy) for i in range(len(legacy[0]))]
    if not dims:
        raise ctx.error("no shape given")
    tops = ctx.base["tops"]
    return Data(**ctx.base, shapes=[dims[min(i, len(dims) - 1)] for i in range(len(tops))])


def _conv(ctx: _Ctx) -> Layer:
    p, x = ctx.param("convolution_param"), ctx.shapes[0]
    if len(x) != 4:
        raise ctx.error("only 2-D convolution is supported")
    k = _pair(p, "kernel_size", 1, "kernel")
    s, pad, dil = _pair(p, "stride", 1), _pair(p, "pad", 0), _pair(p, "dilation", 1)
    out, group = int(get(p, "num_output", 0)), int(get(p, "group", 1))
    bias = bool(get(p, "bias_term", True))
    if out < 1 or group < 1 or x[1] % group or out % group:
        raise ctx.error(f"num_output {out} and {x[1]} input channels must be positive "
                        f"multiples of group {group}")
    hw = [(x[2 + a] + 2 * pad[a] - (dil[a] * (k[a] - 1) + 1)) // s[a] + 1 for a in (0, 1)]
    params = [(out, x[1] // group, k[0], k[1])] + ([(out,)] if bias else [])
    return Conv(**ctx.base, shapes=[(x[0], out, hw[0], hw[1])], **_learnable(ctx, params),
                num_output=out, kernel=k, stride=s, pad=pad, dilation=dil, group=group,
                bias=bias)


def _pool(ctx: _Ctx) -> Layer:
    p, x = ctx.param("pooling_param"), ctx.shapes[0]
    method = str(get(p, "pool", "MAX")).upper()
    if method not in ("MAX", "AVE"):
        raise ctx.error(f"pooling method {method} is not supported by --compare-torch")
    if get(p, "global_pooling", False):
        k, s, pad = (x[2], x[3]), (1, 1), (0, 0)
    else:
        k = _pair(p, "kernel_size", 1, "kernel")
        s, pad = _pair(p, "stride", 1), _pair(p, "pad", 0)
    ceil = str(get(p, "round_mode", "CEIL")).upper() != "FLOOR"
    hw = [pooled(x[2 + a], k[a], s[a], pad[a], ceil) for a in (0, 1)]
    shape = (x[0], x[1], hw[0], hw[1])
    return Pool(**ctx.base, shapes=[shape] * len(ctx.base["tops"]), method=method.lower(),
                kernel=k, stride=s, pad=pad, ceil=ceil)


def pooled(size: int, kernel: int, stride: int, pad: int, ceil: bool) -> int:
    """Caffe's pooled size: ceil (or floor) of the span over the stride, plus one; with
    padding, a last window that would start in the bottom/right padding is dropped."""
    span = size + 2 * pad - kernel
    out = (-(-span // stride) if ceil else span // stride) + 1
    if pad and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _inner_product(ctx: _Ctx) -> Layer:
    p, x = ctx.param("inner_product_param"), ctx.shapes[0]
    axis = int(get(p, "axis", 1)) % len(x)
    out, bias = int(get(p, "num_output", 0)), bool(get(p, "bias_term", True))
    params = [(out, math.prod(x[axis:]))] + ([(out,)] if bias else [])
    return InnerProduct(**ctx.base, shapes=[x[:axis] + (out,)], **_learnable(ctx, params),
                        num_output=out, bias=bias, axis=axis)


def _neuron(ctx: _Ctx) -> Layer:
    slope = float(get(ctx.param("relu_param"), "negative_slope", 0.0))
    return Neuron(**ctx.base, shapes=[ctx.shapes[0]], fn=ctx.type.lower(), negative_slope=slope)


def _dropout(ctx: _Ctx) -> Layer:
    ratio = float(get(ctx.param("dropout_param"), "dropout_ratio", 0.5))
    return Dropout(**ctx.base, shapes=[ctx.shapes[0]], ratio=ratio)


def _lrn(ctx: _Ctx) -> Layer:
    p = ctx.param("lrn_param")
    return LRN(**ctx.base, shapes=[ctx.shapes[0]], size=int(get(p, "local_size", 5)),
               alpha=float(get(p, "alpha", 1.0)), beta=float(get(p, "beta", 0.75)),
               k=float(get(p, "k", 1.0)),
               within_channel=str(get(p, "norm_region", "")).upper() == "WITHIN_CHANNEL")


def _loss(ctx: _Ctx) -> Layer:
    if len(ctx.bottoms) != 2:
        raise ctx.error("SoftmaxWithLoss takes scores and labels")
    weights = [float(v) for v in get(ctx.msg, "loss_weight", [])]
    return Loss(**ctx.base, shapes=[()], weight=weights[0] if weights else 1.0)


def _concat(ctx: _Ctx) -> Layer:
    x = ctx.shapes[0]
    axis = int(get(ctx.param("concat_param"), "axis", 1)) % len(x)
    total = sum(s[axis] for s in ctx.shapes)
    return Concat(**ctx.base, shapes=[x[:axis] + (total,) + x[axis + 1:]], axis=axis)


def _eltwise(ctx: _Ctx) -> Layer:
    p = ctx.param("eltwise_param")
    return Eltwise(**ctx.base, shapes=[ctx.shapes[0]],
                   op=str(get(p, "operation", "SUM")).upper(),
                   coeffs=[float(v) for v in get(p, "coeff", [])])


def _flatten(ctx: _Ctx) -> Layer:
    p, x = ctx.param("flatten_param"), ctx.shapes[0]
    a, b = int(get(p, "axis", 1)) % len(x), int(get(p, "end_axis", -1)) % len(x)
    return Flatten(**ctx.base, shapes=[x[:a] + (math.prod(x[a:b + 1]),) + x[b + 1:]],
                   axis=a, end_axis=b)


def _split(ctx: _Ctx) -> Layer:
    return Layer(**ctx.base, shapes=[ctx.shapes[0]] * len(ctx.base["tops"]))


_BUILDERS = {"Data": _data, "DummyData": _dummy_data, "Input": _dummy_data,
             "Convolution": _conv, "Pooling": _pool, "InnerProduct": _inner_product,
             "ReLU": _neuron, "Sigmoid": _neuron, "TanH": _neuron, "Dropout": _dropout,
             "LRN": _lrn, "SoftmaxWithLoss": _loss, "Concat": _concat, "Eltwise": _eltwise,
             "Flatten": _flatten, "Split": _split}


def _data_source_shape(ctx: _Ctx) -> Tuple[Tuple[int, int, int], int]:
    """Channels, height, width and class count of a Data layer's records, found as
    caffe_src's data layer finds them (--data replaces data_param.source)."""
    p = ctx.param("data_param")
    backend = str(get(p, "backend", "MNIST")).upper()
    source = Path(ctx.data if ctx.data else str(get(p, "source", "")))
    if backend == "CIFAR10":
        return (3, 32, 32), 10
    if backend != "MNIST":
        raise ctx.error(f"Data backend {backend}: --compare-torch knows the record shape of "
                        "MNIST and CIFAR10 only")
    images: Optional[Path] = source if source.is_file() else None
    if source.is_dir():
        prefix = "t10k" if str(get(p, "split", "train")) == "test" else "train"
        for cand in (source / f"{prefix}-images-idx3-ubyte",
                     source / f"{prefix}-images-idx3-ubyte.gz"):
            if cand.is_file():
                images = cand
                break
    if images is None:
        return (1, 28, 28), 10  # MNIST's own size, when the files are not there
    with images.open("rb") as fh:
        gz = fh.read(2) == b"\x1f\x8b"
    with (gzip.open(images, "rb") if gz else images.open("rb")) as fh:
        header = fh.read(16)
    if len(header) < 16 or int.from_bytes(header[:4], "big") != 2051:
        raise ctx.error(f"{images} is not an IDX images file")
    return (1, int.from_bytes(header[8:12], "big"), int.from_bytes(header[12:16], "big")), 10
