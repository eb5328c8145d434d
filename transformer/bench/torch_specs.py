"""`bench --compare-torch`: the layer specs a Caffe net is translated into (torch_translate)
and a torch model is built from (torch_model): per layer its blobs, the shape Caffe gives each
top, its learnable blobs and the settings PyTorch needs. Plain data; neither protobuf nor torch.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import List, Tuple

Shape = Tuple[int, ...]
Pair = Tuple[int, int]


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
