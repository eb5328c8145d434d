"""`bench --compare-torch`, second half: the layer specs (torch_specs) as torch modules, with
fixed random inputs of the shapes the Caffe data layers would produce, and the SGD optimizer
Caffe's solver settings give. torch is imported only here, where a model is built.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Dict, Tuple

from ..errors import InputError
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
    Pool,
)

if TYPE_CHECKING:
    import torch


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
