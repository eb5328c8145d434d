"""Representative layer set-ups for the equivalence check: data, one entry per configuration.

Each case is a LayerParameter in text format (the fields of caffe.proto), the bottom shapes
with N standing for the batch size, how each bottom is filled, and which bottoms get a
gradient. Shapes follow the nets the layers appear in (LeNet, cifar10_quick), kept small so
that every case runs in milliseconds. A registered type without an entry here gets GENERIC.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List


@dataclass(frozen=True)
class Case:
    name: str          # unique, e.g. "Pooling-max"
    type: str          # the registered layer type
    param: str         # LayerParameter text, without name/type/bottom/top
    bottoms: List[str]  # "N,3,8,8" with an optional fill ":positive" or ":label=C"
    tops: int = 1
    propagate: List[int] = field(default_factory=list)  # empty: every bottom
    inplace: bool = False
    forward_only: bool = False  # the layer's Backward is not implemented

    def param_text(self) -> str:
        bottoms = " ".join(f'bottom: "b{i}"' for i in range(len(self.bottoms)))
        tops = " ".join(f'top: "t{i}"' for i in range(self.tops))
        return f'name: "{self.name}" type: "{self.type}" {bottoms} {tops}\n{self.param}\n'


_G = 'weight_filler { type: "gaussian" std: 0.1 } bias_filler { type: "gaussian" std: 0.1 }'

_CASES = [
    Case("Convolution", "Convolution",
         f"convolution_param {{ num_output: 6 kernel_size: 3 {_G} }}", ["N,3,10,10"]),
    Case("Convolution-group-stride-pad", "Convolution",
         f"convolution_param {{ num_output: 4 kernel_size: 3 stride: 2 pad: 1 group: 2 {_G} }}",
         ["N,4,9,9"]),
    Case("Deconvolution", "Deconvolution",
         f"convolution_param {{ num_output: 3 kernel_size: 3 stride: 2 {_G} }}", ["N,4,5,5"]),
    Case("Pooling-max", "Pooling", "pooling_param { pool: MAX kernel_size: 2 stride: 2 }",
         ["N,3,8,8"]),
    Case("Pooling-max-mask", "Pooling", "pooling_param { pool: MAX kernel_size: 3 stride: 2 }",
         ["N,3,9,9"], tops=2),
    Case("Pooling-ave-pad", "Pooling",
         "pooling_param { pool: AVE kernel_size: 3 stride: 2 pad: 1 }", ["N,3,8,8"]),
    Case("Pooling-stochastic", "Pooling",
         "pooling_param { pool: STOCHASTIC kernel_size: 2 stride: 2 }", ["N,2,6,6:positive"]),
    Case("InnerProduct", "InnerProduct", f"inner_product_param {{ num_output: 10 {_G} }}",
         ["N,4,5,5"]),
    # many outputs against a small batch: the forward and bottom-diff gemms split C's columns
    Case("InnerProduct-wide", "InnerProduct", f"inner_product_param {{ num_output: 300 {_G} }}",
         ["N,40"]),
    # many inputs: the weight gradient and the bottom diff split C's columns
    Case("InnerProduct-wide-input", "InnerProduct",
         f"inner_product_param {{ num_output: 8 {_G} }}", ["N,300"]),
    Case("InnerProduct-transpose", "InnerProduct",
         f"inner_product_param {{ num_output: 7 transpose: true {_G} }}", ["N,20"]),
    Case("ReLU", "ReLU", "", ["N,3,6,6"]),
    Case("ReLU-leaky-inplace", "ReLU", "relu_param { negative_slope: 0.1 }", ["N,3,6,6"],
         inplace=True),
    Case("Sigmoid", "Sigmoid", "", ["N,3,6,6"]),
    Case("TanH", "TanH", "", ["N,3,6,6"]),
    Case("Power", "Power", "power_param { power: 1.5 scale: 0.8 shift: 0.1 }",
         ["N,3,5,5:positive"]),
    Case("Softmax", "Softmax", "", ["N,10,3,3"]),
    Case("SoftmaxWithLoss", "SoftmaxWithLoss", "", ["N,10", "N:label=10"], propagate=[1, 0]),
    Case("SoftmaxWithLoss-spatial-ignore", "SoftmaxWithLoss",
         "loss_param { ignore_label: 2 normalization: VALID }",
         ["N,5,3,4", "N,1,3,4:label=5"], propagate=[1, 0]),
    Case("Accuracy", "Accuracy", "accuracy_param { top_k: 2 }", ["N,10", "N:label=10"],
         tops=2, propagate=[0, 0]),
    Case("LRN-across", "LRN", "lrn_param { local_size: 3 alpha: 0.5 beta: 0.75 }",
         ["N,6,5,5"]),
    Case("LRN-within", "LRN",
         "lrn_param { local_size: 3 alpha: 0.5 beta: 0.75 norm_region: WITHIN_CHANNEL }",
         ["N,3,6,6"]),
    Case("Dropout-inplace", "Dropout", "dropout_param { dropout_ratio: 0.3 }", ["N,3,6,6"],
         inplace=True),
    Case("Eltwise-sum", "Eltwise", "eltwise_param { operation: SUM coeff: 0.5 coeff: -2 }",
         ["N,3,4,4", "N,3,4,4"]),
    Case("Eltwise-prod", "Eltwise", "eltwise_param { operation: PROD }",
         ["N,3,4,4", "N,3,4,4", "N,3,4,4"]),
    Case("Eltwise-max", "Eltwise", "eltwise_param { operation: MAX }",
         ["N,3,4,4", "N,3,4,4"]),
    Case("Concat-channels", "Concat", "concat_param { axis: 1 }", ["N,2,4,4", "N,3,4,4"]),
    Case("Concat-batch", "Concat", "concat_param { axis: 0 }", ["N,2,4,4", "N,2,4,4"]),
    Case("BatchNorm", "BatchNorm", "", ["N,4,5,5"]),
    Case("Flatten", "Flatten", "", ["N,3,4,4"]),
    Case("Split", "Split", "", ["N,3,4,4"], tops=2),
]

CASES: Dict[str, List[Case]] = {}
for _case in _CASES:
    CASES.setdefault(_case.type, []).append(_case)

# Types that need a data source, or have nothing to compute per sample, are never driven.
NOT_DRIVEN = {"Data", "DummyData", "Input", "ImageData", "HDF5Data", "MemoryData",
              "WindowData", "Python"}

