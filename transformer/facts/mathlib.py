"""The math library's effects, as one table of data.

Each entry names the arguments a call reads and writes. `mode` is:
  read       the call only reads the argument;
  write      the call overwrites the argument (its old content is not used);
  acc        the call adds into the argument (beta != 0 gemm/gemv, axpy);
  update     the call reads and rewrites the argument elementwise (scal, add_scalar).
`acc_if` names the argument whose non-zero value turns a `write` into an `acc` (beta).
`extent` is the element count written or read, as a formula over argument names, when the
library defines it; `rows`, `cols`, `inner` name the gemm dimensions for splitting.
`rng` marks calls that draw from the global random stream (order dependent).
`returns` is true for calls whose result is a value computed from the arguments.
`elementwise` marks calls whose first argument N counts the elements of every array argument
and whose element i of the output depends only on element i of the inputs. By the library's
contract their arrays are either the same array or disjoint, so the elements can be split
into blocks that run at the same time, with bitwise the same results.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple


@dataclass(frozen=True)
class ArgEffect:
    index: int
    mode: str  # read | write | acc | update
    extent: str = ""
    acc_if: Optional[int] = None


@dataclass(frozen=True)
class CallModel:
    name: str
    params: Tuple[str, ...]
    effects: Tuple[ArgEffect, ...]
    rng: bool = False
    blas: str = ""  # gemm | gemv | '' : calls that may be split by rows or by K
    returns: bool = False
    elementwise: bool = False
    # the parameters by their role: rows, cols, inner (the gemm/gemv dimensions), trans
    # (op(A)), alpha, beta, out (the array written), count (an elementwise call's N)
    roles: Tuple[Tuple[str, str], ...] = ()
    # the runtime's split version of the call, by the dimension the batch is on
    splits: Tuple[Tuple[str, str], ...] = ()

    def array_args(self) -> Tuple[int, ...]:
        return tuple(sorted(e.index for e in self.effects))

    def arrays(self, args: Sequence) -> list:
        """The arguments (of a call's argument list) the call reads or writes as arrays."""
        return [args[i] for i in self.array_args()]

    def param(self, role: str) -> str:
        """The name of the parameter that plays `role` ('' if none)."""
        return dict(self.roles).get(role, "")

    def arg(self, args: Sequence, role: str):
        """The argument (of a call's argument list) that plays `role`; None if none."""
        name = self.param(role)
        return args[self.params.index(name)] if name and len(args) == len(self.params) \
            else None

    def split_function(self, dim: str) -> str:
        """The runtime's function for the call split along `dim` ('' if there is none)."""
        return dict(self.splits).get(dim, "")


def _m(name: str, params: str, effects: List[Tuple], rng: bool = False, blas: str = "",
       returns: bool = False, elementwise: bool = False, roles: Dict[str, str] = None,
       splits: Dict[str, str] = None) -> CallModel:
    names = tuple(p.strip() for p in params.split(",")) if params else ()
    effs = []
    for e in effects:
        arg, mode = e[0], e[1]
        extent = e[2] if len(e) > 2 else ""
        acc_if = names.index(e[3]) if len(e) > 3 and e[3] else None
        effs.append(ArgEffect(names.index(arg), mode, extent, acc_if))
    roles = dict(roles or {})
    if elementwise:
        roles.setdefault("count", names[0])
    return CallModel(name, names, tuple(effs), rng, blas, returns, elementwise,
                     tuple(roles.items()), tuple((splits or {}).items()))


def _im2col_pair(dilation: bool) -> List[CallModel]:
    """im2col_cpu and col2im_cpu, with BVLC's dilation arguments or without (2015 trees)."""
    shape = "channels, height, width, kernel_h, kernel_w, pad_h, pad_w, stride_h, stride_w, " + \
        ("dilation_h, dilation_w, " if dilation else "")
    return [_m("im2col_cpu", f"data_im, {shape}data_col",
               [("data_im", "read", "channels*height*width"), ("data_col", "write")]),
            _m("col2im_cpu", f"data_col, {shape}data_im",
               [("data_col", "read"), ("data_im", "write", "channels*height*width")])]


_ELEMENTWISE_UNARY = ["caffe_sqr", "caffe_sqrt", "caffe_exp", "caffe_log", "caffe_abs",
                      "caffe_cpu_sign", "caffe_cpu_sgnbit", "caffe_cpu_fabs"]
_ELEMENTWISE_BINARY = ["caffe_add", "caffe_sub", "caffe_mul", "caffe_div"]

TABLE: Dict[str, CallModel] = {m.name: m for m in [
    _m("caffe_cpu_gemm", "TransA, TransB, M, N, K, alpha, A, B, beta, C",
       [("A", "read", "M*K"), ("B", "read", "K*N"), ("C", "write", "M*N", "beta")], blas="gemm",
       roles={"rows": "M", "cols": "N", "inner": "K", "trans": "TransA", "alpha": "alpha",
              "beta": "beta", "out": "C"},
       splits={"rows": "gemm_rows", "k": "gemm_k"}),
    # y = alpha op(A) x + beta y, A being M x N: with op(A) = A^T the M rows are contracted
    _m("caffe_cpu_gemv", "TransA, M, N, alpha, A, x, beta, y",
       [("A", "read", "M*N"), ("x", "read"), ("y", "write", "", "beta")], blas="gemv",
       roles={"rows": "M", "cols": "N", "inner": "M", "trans": "TransA", "alpha": "alpha",
              "beta": "beta", "out": "y"},
       splits={"rows": "gemv_rows", "k": "gemv_rows"}),
    _m("caffe_axpy", "N, alpha, X, Y", [("X", "read", "N"), ("Y", "acc", "N")], elementwise=True),
    _m("caffe_cpu_axpby", "N, alpha, X, beta, Y",
       [("X", "read", "N"), ("Y", "write", "N", "beta")], elementwise=True),
    _m("caffe_copy", "N, X, Y", [("X", "read", "N"), ("Y", "write", "N")], elementwise=True),
    _m("caffe_set", "N, alpha, Y", [("Y", "write", "N")], elementwise=True),
    _m("caffe_memset", "N, alpha, X", [("X", "write", "N")]),
    _m("caffe_add_scalar", "N, alpha, X", [("X", "update", "N")], elementwise=True),
    _m("caffe_scal", "N, alpha, X", [("X", "update", "N")], elementwise=True),
    _m("caffe_cpu_scale", "n, alpha, x, y", [("x", "read", "n"), ("y", "write", "n")],
       elementwise=True),
    _m("caffe_powx", "n, a, b, y", [("a", "read", "n"), ("y", "write", "n")], elementwise=True),
    *[_m(n, "n, a, y", [("a", "read", "n"), ("y", "write", "n")], elementwise=True)
      for n in _ELEMENTWISE_UNARY],
    *[_m(n, "N, a, b, y", [("a", "read", "N"), ("b", "read", "N"), ("y", "write", "N")],
         elementwise=True)
      for n in _ELEMENTWISE_BINARY],
    _m("caffe_cpu_dot", "n, x, y", [("x", "read", "n"), ("y", "read", "n")], returns=True),
    _m("caffe_cpu_strided_dot", "n, x, incx, y, incy", [("x", "read"), ("y", "read")],
       returns=True),
    _m("caffe_cpu_asum", "n, x", [("x", "read", "n")], returns=True),
    *_im2col_pair(dilation=True),
    _m("im2col_nd_cpu", "data_im, num_spatial_axes, im_shape, col_shape, kernel_shape, pad, "
       "stride, dilation, data_col", [("data_im", "read"), ("data_col", "write")]),
    _m("col2im_nd_cpu", "data_col, num_spatial_axes, im_shape, col_shape, kernel_shape, pad, "
       "stride, dilation, data_im", [("data_col", "read"), ("data_im", "write")]),
    _m("caffe_rng_uniform", "n, a, b, r", [("r", "write", "n")], rng=True),
    _m("caffe_rng_gaussian", "n, mu, sigma, r", [("r", "write", "n")], rng=True),
    _m("caffe_rng_bernoulli", "n, p, r", [("r", "write", "n")], rng=True),
    _m("caffe_rng_rand", "", [], rng=True, returns=True),
    # the C library's generators: one hidden stream for the whole process
    _m("rand", "", [], rng=True, returns=True),
    _m("random", "", [], rng=True, returns=True),
    _m("drand48", "", [], rng=True, returns=True),
    _m("lrand48", "", [], rng=True, returns=True),
]}

# the namespace Caffe's math library is declared in (every fork's)
LIBRARY_SCOPE = "caffe"
# the entries that are the C library's (declared in the global namespace, also as std::)
C_LIBRARY = frozenset({"rand", "random", "drand48", "lrand48"})

# The same functions as older trees declare them (Caffe before 2016 had no dilation): a call
# is modelled only by the entry with its number of arguments (`model`).
_OLDER = _im2col_pair(dilation=False)
_BY_ARITY: Dict[Tuple[str, int], CallModel] = {
    (m.name, len(m.params)): m for m in list(TABLE.values()) + _OLDER}


def model(name: str, nargs: int) -> Optional[CallModel]:
    """The table's entry for a call of `name` with `nargs` arguments; None when the table
    has no entry of that arity (an argument it lists would be some other argument)."""
    return _BY_ARITY.get((name, nargs))


# Blob methods: accessors that return a buffer (and update the Blob's sync state), and
# methods that only read the shape.
BLOB_BUFFERS = {"cpu_data": ("data", "read"), "mutable_cpu_data": ("data", "write"),
                "cpu_diff": ("diff", "read"), "mutable_cpu_diff": ("diff", "write")}
# Blob's element reads: `b->data_at(n, c, h, w)` reads b's data where `b->offset(n, c, h,
# w)` says.
BLOB_ELEMENTS = {"data_at": "data", "diff_at": "diff"}
BLOB_SHAPE_METHODS = {"count", "offset", "shape", "num", "channels", "height", "width",
                      "num_axes", "CanonicalAxisIndex", "LegacyShape", "shape_string",
                      "size", "empty",
                      # read-only queries on standard containers of shapes and flags
                      "data", "begin", "end", "front", "back"}
# Shape queries whose value is never negative (not `front()`, `back()` or `data()` of a
# container, which hold anything).
NONNEGATIVE_QUERIES = {"count", "offset", "shape", "num", "channels", "height", "width", "num_axes",
                       "size", "empty", "LegacyShape", "CanonicalAxisIndex"}
# Free functions that compute a value from their arguments and touch no memory.
PURE_FUNCTIONS = {"max", "min", "exp", "log", "pow", "sqrt", "abs", "fabs", "tanh", "floor",
                  "ceil", "static_cast", "isnan", "isinf", "expf", "logf", "powf", "sqrtf",
                  "fmax", "fmin", "round", "Dtype", "int", "float", "double",
                  "caffe_sign", "sigmoid", "tanhf", "log1p", "expm1",
                  # the C library's trigonometric, rounding and other functions of values
                  "cos", "sin", "tan", "acos", "asin", "atan", "atan2", "cosh", "sinh",
                  "cosf", "sinf", "tanf", "acosf", "asinf", "atanf", "atan2f", "exp2",
                  "log2", "log10", "cbrt", "hypot", "fmod", "trunc", "floorf", "ceilf",
                  "fabsf", "roundf", "erf", "erff", "isfinite", "signbit", "copysign",
                  # values built from values: a pair, and the standard comparison objects
                  # (a pair holding a pointer is no container a sample owns: stdlib.py)
                  "make_pair", "greater", "less", "greater_equal", "less_equal",
                  "equal_to", "not_equal_to"}
