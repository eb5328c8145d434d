"""`bench --compare-torch`: the bench's net trained in PyTorch on the CPU, timed like the driver.

Two halves. `translate` reads the net's .prototxt (TRAIN phase) and the solver into plain
layer specs with the shapes Caffe would give every top; it needs no torch. `TorchNet` turns
the specs into torch modules and `time_training` runs forward, backward and an SGD step per
iteration, printing `CGP iter <ms>` as the C++ driver does, so `measure.parse` reads it.

Inputs are fixed random tensors of the shapes the Caffe data layer would produce (the data
is not loaded or transformed per iteration) and the weights start from PyTorch's default
initialization: what is timed is the net's arithmetic and the update. Images and convolution
weights are kept channels-last, the layout PyTorch recommends for convolutions on the CPU
(oneDNN), clearly faster than the default NCHW for LeNet and cifar10_quick here;
`--memory-format contiguous` times NCHW instead.

    python -m transformer.bench.torch_ref --solver S --net N [--data D] --threads T \
        --iterations I --warmup W
"""
from __future__ import annotations

import argparse
import gzip
import math
import re
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple, Union

from ..errors import InputError

if TYPE_CHECKING:  # torch is imported only where a model is built
    import torch

Shape = Tuple[int, ...]
Pair = Tuple[int, int]
Message = Dict[str, List[Union[str, "Message"]]]

# ---- protobuf text format ----------------------------------------------------------------
_TOKEN = re.compile(r'\s+|#[^\n]*|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|[{}<>:;,\[\]]'
                    r'|[^\s{}<>:;,\[\]"\'#]+')


def parse_text(text: str, where: str = "prototxt") -> Message:
    """A protobuf text-format message as nested dicts: field name -> list of values (scalars
    as their text, strings unquoted, sub-messages as dicts)."""
    tokens: List[Tuple[str, int]] = []
    pos, line = 0, 1
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise InputError(f"{where}:{line}: cannot parse {text[pos:pos + 20]!r}")
        tok = m.group(0)
        if not tok[0].isspace() and tok[0] != "#":
            tokens.append((tok, line))
        line += tok.count("\n")
        pos = m.end()
    return _parse_fields(tokens, 0, where, None)[0]


def _parse_fields(tokens: List[Tuple[str, int]], i: int, where: str,
                  close: Optional[str]) -> Tuple[Message, int]:
    msg: Message = {}
    while i < len(tokens):
        name, line = tokens[i]
        if name == close:
            return msg, i + 1
        if not re.match(r"[A-Za-z_][\w.]*$", name):
            raise InputError(f"{where}:{line}: expected a field name, got {name!r}")
        i += 1
        if i < len(tokens) and tokens[i][0] == ":":
            i += 1
        if i >= len(tokens):
            raise InputError(f"{where}:{line}: {name} has no value")
        tok = tokens[i][0]
        if tok in ("{", "<"):
            sub, i = _parse_fields(tokens, i + 1, where, "}" if tok == "{" else ">")
            msg.setdefault(name, []).append(sub)
        elif tok == "[":
            i += 1
            while i < len(tokens) and tokens[i][0] != "]":
                if tokens[i][0] != ",":
                    msg.setdefault(name, []).append(_scalar(tokens[i][0]))
                i += 1
            i += 1
        else:
            msg.setdefault(name, []).append(_scalar(tok))
            i += 1
        if i < len(tokens) and tokens[i][0] in (";", ","):
            i += 1
    if close is not None:
        raise InputError(f"{where}: missing '{close}' at the end")
    return msg, i


def _scalar(tok: str) -> str:
    return tok[1:-1] if tok[:1] in ("'", '"') else tok


def _get(msg: Message, key: str, default=None):
    values = msg.get(key)
    return values[0] if values else default


def _sub(msg: Message, key: str) -> Message:
    value = _get(msg, key, {})
    return value if isinstance(value, dict) else {}


def _num(msg: Message, key: str, default: float) -> float:
    return float(_get(msg, key, default))


def _int(msg: Message, key: str, default: int) -> int:
    return int(float(_get(msg, key, default)))


def _bool(msg: Message, key: str, default: bool) -> bool:
    return str(_get(msg, key, default)).lower() in ("true", "1", "t")


# ---- specs -------------------------------------------------------------------------------
@dataclass
class Layer:
    """One layer of the TRAIN net: its blobs, and the shape Caffe gives each top."""
    name: str
    type: str
    bottoms: List[str]
    tops: List[str]
    shapes: List[Shape]
    params: List[Shape] = field(default_factory=list)  # learnable blobs (weight, bias)
    lr_mult: List[float] = field(default_factory=list)
    decay_mult: List[float] = field(default_factory=list)


@dataclass
class Data(Layer):
    classes: int = 0  # labels lie in [0, classes); 0: as many as the loss's inputs


@dataclass
class Conv(Layer):
    num_output: int = 0
    kernel: Pair = (1, 1)
    stride: Pair = (1, 1)
    pad: Pair = (0, 0)
    dilation: Pair = (1, 1)
    group: int = 1
    bias: bool = True


@dataclass
class Pool(Layer):
    method: str = "max"  # max | ave
    kernel: Pair = (1, 1)
    stride: Pair = (1, 1)
    pad: Pair = (0, 0)
    ceil: bool = True


@dataclass
class InnerProduct(Layer):
    num_output: int = 0
    bias: bool = True
    axis: int = 1


@dataclass
class Neuron(Layer):
    fn: str = "relu"  # relu | sigmoid | tanh
    negative_slope: float = 0.0


@dataclass
class Dropout(Layer):
    ratio: float = 0.5


@dataclass
class LRN(Layer):
    size: int = 5
    alpha: float = 1.0
    beta: float = 0.75
    k: float = 1.0
    within_channel: bool = False


@dataclass
class Loss(Layer):
    weight: float = 1.0


@dataclass
class Concat(Layer):
    axis: int = 1


@dataclass
class Eltwise(Layer):
    op: str = "SUM"  # SUM | PROD | MAX
    coeffs: List[float] = field(default_factory=list)


@dataclass
class Flatten(Layer):
    axis: int = 1
    end_axis: int = -1


@dataclass
class Net:
    name: str
    layers: List[Layer]
    base_lr: float
    momentum: float
    weight_decay: float
    nesterov: bool = False

    def param_count(self) -> int:
        return sum(math.prod(p) for layer in self.layers for p in layer.params)


# Types written by the V1 format (`layers { type: CONVOLUTION }`).
_V1 = {"DATA": "Data", "DUMMY_DATA": "DummyData", "CONVOLUTION": "Convolution",
       "POOLING": "Pooling", "INNER_PRODUCT": "InnerProduct", "RELU": "ReLU",
       "SIGMOID": "Sigmoid", "TANH": "TanH", "DROPOUT": "Dropout", "LRN": "LRN",
       "SOFTMAX_LOSS": "SoftmaxWithLoss", "ACCURACY": "Accuracy", "CONCAT": "Concat",
       "ELTWISE": "Eltwise", "FLATTEN": "Flatten", "SPLIT": "Split", "SILENCE": "Silence"}
_SKIPPED = {"Accuracy", "Silence"}  # no part of training


def translate(net_path: Path, solver_path: Path, data: Optional[str] = None) -> Net:
    """The TRAIN-phase net of `net_path` as specs, with the solver's SGD settings."""
    net_msg = parse_text(net_path.read_text(errors="replace"), str(net_path))
    solver = parse_text(solver_path.read_text(errors="replace"), str(solver_path))
    kind = str(_get(solver, "type", _get(solver, "solver_type", "SGD"))).upper()
    if kind not in ("SGD", "NESTEROV"):
        raise InputError(f"{solver_path}: solver type {kind}: --compare-torch times SGD only")
    shapes: Dict[str, Shape] = {}
    layers: List[Layer] = []
    for msg in net_msg.get("layer", []) + net_msg.get("layers", []):
        if not isinstance(msg, dict) or not _in_train(msg):
            continue
        type_ = str(_get(msg, "type", ""))
        type_ = _V1.get(type_, type_)
        if type_ in _SKIPPED:
            continue
        name = str(_get(msg, "name", f"layer{len(layers)}"))
        bottoms = [str(b) for b in msg.get("bottom", [])]
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
    if not any(isinstance(layer, Loss) for layer in layers):
        raise InputError(f"{net_path}: the TRAIN net has no SoftmaxWithLoss layer")
    return Net(str(_get(net_msg, "name", net_path.stem)), layers,
               _num(solver, "base_lr", 0.01), _num(solver, "momentum", 0.0),
               _num(solver, "weight_decay", 0.0), nesterov=kind == "NESTEROV")


def _in_train(msg: Message) -> bool:
    def phases(key: str) -> List[str]:
        return [str(_get(r, "phase", "")) for r in msg.get(key, []) if isinstance(r, dict)]
    include, exclude = phases("include"), phases("exclude")
    if "TRAIN" in exclude:
        return False
    return not include or "TRAIN" in include or "" in include


@dataclass
class _Ctx:
    """What a builder gets: the layer's message and the shapes of its bottoms."""
    name: str
    type: str
    msg: Message
    bottoms: List[str]
    shapes: List[Shape]
    data: Optional[str]  # --data
    where: Path

    @property
    def base(self) -> dict:
        return dict(name=self.name, type=self.type, bottoms=self.bottoms,
                    tops=[str(t) for t in self.msg.get("top", [])])

    def param(self, key: str) -> Message:
        return _sub(self.msg, key)

    def error(self, text: str) -> InputError:
        return InputError(f"{self.where}: layer {self.name}: {text}")


def _pair(p: Message, name: str, default: int) -> Pair:
    """A per-axis setting: `name_h`/`name_w`, else `name` (one value or one per axis)."""
    if f"{name}_h" in p or f"{name}_w" in p:
        return _int(p, f"{name}_h", default), _int(p, f"{name}_w", default)
    values = [int(float(v)) for v in p.get(name, []) if not isinstance(v, dict)]
    if not values:
        return default, default
    return (values[0], values[0]) if len(values) == 1 else (values[0], values[1])


def _learnable(ctx: _Ctx, params: List[Shape]) -> dict:
    """The learnable blobs with their lr_mult and decay_mult (`param {}` or V1 `blobs_lr`)."""
    specs = [p for p in ctx.msg.get("param", []) if isinstance(p, dict)]
    v1 = [float(v) for v in ctx.msg.get("blobs_lr", []) if not isinstance(v, dict)]
    lr = [v1[i] if i < len(v1) else _num(specs[i], "lr_mult", 1.0) if i < len(specs) else 1.0
          for i in range(len(params))]
    decay = [_num(specs[i], "decay_mult", 1.0) if i < len(specs) else 1.0
             for i in range(len(params))]
    return dict(params=params, lr_mult=lr, decay_mult=decay)


def _data(ctx: _Ctx) -> Layer:
    batch = _int(ctx.param("data_param"), "batch_size", 0)
    if batch < 1:
        raise ctx.error("data_param.batch_size must be positive")
    (c, h, w), classes = _data_source_shape(ctx)
    crop = _int(ctx.param("transform_param"), "crop_size", 0)
    if crop:
        h, w = crop, crop
    return Data(**ctx.base, shapes=[(batch, c, h, w), (batch,)][:len(ctx.base["tops"])],
                classes=classes)


def _dummy_data(ctx: _Ctx) -> Layer:
    p = ctx.param("dummy_data_param" if ctx.type == "DummyData" else "input_param")
    dims = [tuple(int(float(d)) for d in s.get("dim", []))
            for s in p.get("shape", []) if isinstance(s, dict)]
    if not dims and "num" in p:  # DummyData's legacy num/channels/height/width
        dims = [tuple(int(float(p[k][i])) for k in ("num", "channels", "height", "width"))
                for i in range(len(p["num"]))]
    if not dims:
        raise ctx.error("no shape given")
    tops = ctx.base["tops"]
    return Data(**ctx.base, shapes=[dims[min(i, len(dims) - 1)] for i in range(len(tops))])


def _conv(ctx: _Ctx) -> Layer:
    p, x = ctx.param("convolution_param"), ctx.shapes[0]
    if len(x) != 4:
        raise ctx.error("only 2-D convolution is supported")
    k = _pair(p, "kernel_size", 1) if "kernel_size" in p else _pair(p, "kernel", 1)
    s, pad, dil = _pair(p, "stride", 1), _pair(p, "pad", 0), _pair(p, "dilation", 1)
    out, group, bias = _int(p, "num_output", 0), _int(p, "group", 1), _bool(p, "bias_term", True)
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
    method = str(_get(p, "pool", "MAX")).upper()
    if method not in ("MAX", "AVE"):
        raise ctx.error(f"pooling method {method} is not supported by --compare-torch")
    if _bool(p, "global_pooling", False):
        k, s, pad = (x[2], x[3]), (1, 1), (0, 0)
    else:
        k = _pair(p, "kernel_size", 1) if "kernel_size" in p else _pair(p, "kernel", 1)
        s, pad = _pair(p, "stride", 1), _pair(p, "pad", 0)
    ceil = str(_get(p, "round_mode", "CEIL")).upper() != "FLOOR"
    hw = [_pooled(x[2 + a], k[a], s[a], pad[a], ceil) for a in (0, 1)]
    shape = (x[0], x[1], hw[0], hw[1])
    return Pool(**ctx.base, shapes=[shape] * len(ctx.base["tops"]), method=method.lower(),
                kernel=k, stride=s, pad=pad, ceil=ceil)


def _pooled(size: int, kernel: int, stride: int, pad: int, ceil: bool) -> int:
    """Caffe's pooled size: ceil (or floor) of the span over the stride, plus one; with
    padding, a last window that would start in the bottom/right padding is dropped."""
    span = size + 2 * pad - kernel
    out = (-(-span // stride) if ceil else span // stride) + 1
    if pad and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _inner_product(ctx: _Ctx) -> Layer:
    p, x = ctx.param("inner_product_param"), ctx.shapes[0]
    axis = _int(p, "axis", 1) % len(x)
    out, bias = _int(p, "num_output", 0), _bool(p, "bias_term", True)
    params = [(out, math.prod(x[axis:]))] + ([(out,)] if bias else [])
    return InnerProduct(**ctx.base, shapes=[x[:axis] + (out,)], **_learnable(ctx, params),
                        num_output=out, bias=bias, axis=axis)


def _neuron(ctx: _Ctx) -> Layer:
    slope = _num(ctx.param("relu_param"), "negative_slope", 0.0)
    return Neuron(**ctx.base, shapes=[ctx.shapes[0]], fn=ctx.type.lower(), negative_slope=slope)


def _dropout(ctx: _Ctx) -> Layer:
    ratio = _num(ctx.param("dropout_param"), "dropout_ratio", 0.5)
    return Dropout(**ctx.base, shapes=[ctx.shapes[0]], ratio=ratio)


def _lrn(ctx: _Ctx) -> Layer:
    p = ctx.param("lrn_param")
    return LRN(**ctx.base, shapes=[ctx.shapes[0]], size=_int(p, "local_size", 5),
               alpha=_num(p, "alpha", 1.0), beta=_num(p, "beta", 0.75), k=_num(p, "k", 1.0),
               within_channel=str(_get(p, "norm_region", "")).upper() == "WITHIN_CHANNEL")


def _loss(ctx: _Ctx) -> Layer:
    if len(ctx.bottoms) != 2:
        raise ctx.error("SoftmaxWithLoss takes scores and labels")
    weights = [float(v) for v in ctx.msg.get("loss_weight", []) if not isinstance(v, dict)]
    return Loss(**ctx.base, shapes=[()], weight=weights[0] if weights else 1.0)


def _concat(ctx: _Ctx) -> Layer:
    x = ctx.shapes[0]
    axis = _int(ctx.param("concat_param"), "axis", 1) % len(x)
    total = sum(s[axis] for s in ctx.shapes)
    return Concat(**ctx.base, shapes=[x[:axis] + (total,) + x[axis + 1:]], axis=axis)


def _eltwise(ctx: _Ctx) -> Layer:
    p = ctx.param("eltwise_param")
    coeffs = [float(v) for v in p.get("coeff", []) if not isinstance(v, dict)]
    return Eltwise(**ctx.base, shapes=[ctx.shapes[0]],
                   op=str(_get(p, "operation", "SUM")).upper(), coeffs=coeffs)


def _flatten(ctx: _Ctx) -> Layer:
    p, x = ctx.param("flatten_param"), ctx.shapes[0]
    a, b = _int(p, "axis", 1) % len(x), _int(p, "end_axis", -1) % len(x)
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
    backend = str(_get(p, "backend", "MNIST")).upper()
    source = Path(ctx.data if ctx.data else str(_get(p, "source", "")))
    if backend == "CIFAR10":
        return (3, 32, 32), 10
    if backend != "MNIST":
        raise ctx.error(f"Data backend {backend}: --compare-torch knows the record shape of "
                        "MNIST and CIFAR10 only")
    images: Optional[Path] = source if source.is_file() else None
    if source.is_dir():
        prefix = "t10k" if str(_get(p, "split", "train")) == "test" else "train"
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


# ---- torch -------------------------------------------------------------------------------
def label_blobs(net: Net) -> Dict[str, int]:
    """Blob name -> class count, for the inputs that a loss takes as labels."""
    out: Dict[str, int] = {}
    shapes = {t: s for layer in net.layers for t, s in zip(layer.tops, layer.shapes)}
    for layer in net.layers:
        if isinstance(layer, Loss) and len(layer.bottoms) > 1:
            logits = shapes[layer.bottoms[0]]
            out[layer.bottoms[1]] = logits[1] if len(logits) > 1 else 1
    for layer in net.layers:
        if isinstance(layer, Data) and layer.classes:
            for t in layer.tops:
                if t in out:
                    out[t] = min(out[t], layer.classes)
    return out


class TorchNet:
    """The specs as torch modules, with fixed random inputs; `forward()` runs the net."""

    def __init__(self, net: Net, seed: int = 1701, channels_last: bool = True):
        import torch
        from torch import nn
        torch.manual_seed(seed)
        self.net = net
        self.modules = nn.ModuleList([_module(layer) for layer in net.layers])
        self.modules.train()
        if channels_last:
            self.modules.to(memory_format=torch.channels_last)  # 4-D weights only
        labels = label_blobs(net)
        self.inputs: Dict[str, "torch.Tensor"] = {}
        for layer in net.layers:
            if isinstance(layer, Data):
                for top, shape in zip(layer.tops, layer.shapes):
                    if top in labels:
                        self.inputs[top] = torch.randint(0, max(1, labels[top]), shape)
                    else:
                        x = torch.rand(shape)
                        if channels_last and x.dim() == 4:
                            x = x.contiguous(memory_format=torch.channels_last)
                        self.inputs[top] = x

    def forward(self) -> Tuple["torch.Tensor", Dict[str, "torch.Tensor"]]:
        blobs = dict(self.inputs)
        loss = None
        for layer, mod in zip(self.net.layers, self.modules):
            if isinstance(layer, Data):
                continue
            outs = _apply(layer, mod, [blobs[b] for b in layer.bottoms])
            blobs.update(zip(layer.tops, outs))
            if isinstance(layer, Loss):
                term = outs[0] * layer.weight
                loss = term if loss is None else loss + term
        return loss, blobs

    def check_shapes(self) -> None:
        """Every top's shape as Caffe computes it, or an InputError naming the layer."""
        import torch
        with torch.no_grad():
            _, blobs = self.forward()
        for layer in self.net.layers:
            for top, want in zip(layer.tops, layer.shapes):
                got = tuple(blobs[top].shape)
                if got != want:
                    raise InputError(f"layer {layer.name}: PyTorch gives {top} the shape {got}, "
                                     f"Caffe {want}")

    def optimizer(self):
        """SGD with momentum and weight decay, one group per (lr_mult, decay_mult)."""
        import torch
        groups: Dict[Tuple[float, float], list] = {}
        for layer, mod in zip(self.net.layers, self.modules):
            for i, param in enumerate(mod.parameters()):
                key = (layer.lr_mult[i] if i < len(layer.lr_mult) else 1.0,
                       layer.decay_mult[i] if i < len(layer.decay_mult) else 1.0)
                groups.setdefault(key, []).append(param)
        n = self.net
        return torch.optim.SGD(
            [{"params": ps, "lr": n.base_lr * lr, "weight_decay": n.weight_decay * decay}
             for (lr, decay), ps in groups.items()],
            lr=n.base_lr, momentum=n.momentum, weight_decay=n.weight_decay,
            nesterov=n.nesterov and n.momentum > 0)


def _module(layer: Layer):
    from torch import nn
    if isinstance(layer, Conv):
        return nn.Conv2d(layer.params[0][1] * layer.group, layer.num_output, layer.kernel,
                         layer.stride, layer.pad, layer.dilation, layer.group, layer.bias)
    if isinstance(layer, Pool):
        if layer.method == "max":
            return nn.MaxPool2d(layer.kernel, layer.stride, layer.pad, ceil_mode=layer.ceil,
                                return_indices=len(layer.tops) > 1)
        return nn.AvgPool2d(layer.kernel, layer.stride, layer.pad, ceil_mode=layer.ceil,
                            count_include_pad=True)
    if isinstance(layer, InnerProduct):
        return nn.Linear(layer.params[0][1], layer.num_output, layer.bias)
    if isinstance(layer, Neuron):
        if layer.fn == "relu":
            return nn.LeakyReLU(layer.negative_slope) if layer.negative_slope else nn.ReLU()
        return nn.Sigmoid() if layer.fn == "sigmoid" else nn.Tanh()
    if isinstance(layer, Dropout):
        return nn.Dropout(layer.ratio)
    if isinstance(layer, LRN) and not layer.within_channel:
        return nn.LocalResponseNorm(layer.size, layer.alpha, layer.beta, layer.k)
    return nn.Identity()


def _apply(layer: Layer, mod, xs: list) -> list:
    import torch
    import torch.nn.functional as F
    x = xs[0]
    if isinstance(layer, InnerProduct):
        return [mod(x.flatten(layer.axis))]
    if isinstance(layer, Pool) and len(layer.tops) > 1:
        out, index = mod(x)
        return [out, index.to(out.dtype)]
    if isinstance(layer, LRN) and layer.within_channel:
        # x * (k + alpha * mean of x^2 over a size x size window, zero padded)^-beta
        mean = F.avg_pool2d(x * x, layer.size, 1, (layer.size - 1) // 2, count_include_pad=True)
        return [x * (layer.k + layer.alpha * mean).pow(-layer.beta)]
    if isinstance(layer, Loss):
        return [F.cross_entropy(x, xs[1].long())]
    if isinstance(layer, Concat):
        return [torch.cat(xs, layer.axis)]
    if isinstance(layer, Eltwise):
        if layer.op == "PROD":
            return [math.prod(xs[1:], start=x)]
        if layer.op == "MAX":
            return [torch.stack(xs).amax(0)]
        coeffs = layer.coeffs or [1.0] * len(xs)
        return [sum((c * t for c, t in zip(coeffs[1:], xs[1:])), coeffs[0] * x)]
    if isinstance(layer, Flatten):
        return [x.flatten(layer.axis, layer.end_axis)]
    if type(layer) is Layer:  # Split
        return [x] * len(layer.tops)
    return [mod(x)]


def time_training(model: TorchNet, iterations: int, warmup: int, out=sys.stdout) -> List[float]:
    """`warmup` untimed steps, then `iterations` timed ones; one `CGP iter <ms>` line each."""
    opt = model.optimizer()

    def step() -> None:
        opt.zero_grad()
        loss, _ = model.forward()
        loss.backward()
        opt.step()

    for _ in range(warmup):
        step()
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        step()
        times.append((time.perf_counter() - start) * 1000.0)
        out.write(f"CGP iter {times[-1]:.6f}\n")
    out.write(f"CGP rss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\n")  # kB on Linux
    out.flush()
    return times


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m transformer.bench.torch_ref",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--solver", required=True, help="the solver .prototxt (base_lr, momentum, "
                                                    "weight_decay)")
    ap.add_argument("--net", help="the net .prototxt (default: the solver's net)")
    ap.add_argument("--data", help="replaces the Data layers' data_param.source")
    ap.add_argument("--threads", type=int, default=1, help="torch.set_num_threads (default 1)")
    ap.add_argument("--iterations", type=int, default=20, help="timed iterations (default 20)")
    ap.add_argument("--warmup", type=int, default=3, help="untimed iterations (default 3)")
    ap.add_argument("--memory-format", choices=("channels_last", "contiguous"),
                    default="channels_last",
                    help="layout of images and convolution weights (default channels_last)")
    args = ap.parse_args(argv)
    try:
        import torch
        torch.set_num_interop_threads(1)
        torch.set_num_threads(max(1, args.threads))
        solver = Path(args.solver)
        net_path = Path(args.net) if args.net else _net_of(solver)
        model = TorchNet(translate(net_path, solver, args.data),
                         channels_last=args.memory_format == "channels_last")
        model.check_shapes()
        time_training(model, args.iterations, args.warmup)
    except (InputError, OSError) as e:
        sys.stderr.write(f"torch_ref: error: {e}\n")
        return 2
    except RuntimeError as e:  # torch refusing a layer's settings
        first = (str(e).strip().splitlines() or [""])[0]
        sys.stderr.write(f"torch_ref: PyTorch failed: {first}\n")
        return 1
    return 0


def _net_of(solver: Path) -> Path:
    from ..check.train import net_for
    found = net_for(solver)
    if found is None:
        raise InputError(f"the net named by {solver} was not found")
    return found


if __name__ == "__main__":
    sys.exit(main())
