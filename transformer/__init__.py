"""cgp-transform: coarse-grain, per-sample OpenMP parallelization of Caffe-style layers."""

__version__ = "0.1.0"
