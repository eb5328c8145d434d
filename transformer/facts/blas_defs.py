"""The tree's own definitions of the BLAS wrappers a batch-blas split replaces.

A split gemm or gemv does not call the tree's `caffe_cpu_gemm` / `caffe_cpu_gemv`: the
runtime calls cblas_sgemm / dgemm / sgemv / dgemv itself, for float and double only
(templates/runtime.hpp.j2, gemm_raw and gemv_raw). That is the same computation only where
every definition the tree has of the wrapper is Caffe's pass-through to that routine. For
each definition this module records the type it is for (that of its `alpha` parameter) and
how its body differs from Caffe's, compared on the lowered IR, up to the names of the
parameters and locals, `const`, and the order of the two leading-dimension declarations:

    int lda = (TransA == CblasNoTrans) ? K : M;
    int ldb = (TransB == CblasNoTrans) ? N : K;
    cblas_sgemm(CblasRowMajor, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta, C, N);

    cblas_sgemv(CblasRowMajor, TransA, M, N, alpha, A, N, x, 1, beta, y, 1);

(cblas_dgemm / cblas_dgemv for double). The plan (kinds/batch_blas.py) decides from these.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from ..ir import FunctionIR, Node
from .classes import Program
from .mathlib import LIBRARY_SCOPE, TABLE


@dataclass(frozen=True)
class _Standard:
    routine: Dict[str, str]  # the CBLAS routine each type calls
    # leading-dimension locals: name in `args` -> (the Trans parameter tested, its value when
    # that is CblasNoTrans, its value otherwise)
    leading: Dict[str, Tuple[str, str, str]]
    # the routine's arguments: a wrapper parameter (by the table's name for it), a leading
    # local, an integer literal, or else an enumerator
    args: Tuple[str, ...]


STANDARD: Dict[str, _Standard] = {
    "caffe_cpu_gemm": _Standard(
        {"float": "cblas_sgemm", "double": "cblas_dgemm"},
        {"lda": ("TransA", "K", "M"), "ldb": ("TransB", "N", "K")},
        ("CblasRowMajor", "TransA", "TransB", "M", "N", "K", "alpha", "A", "lda", "B", "ldb",
         "beta", "C", "N")),
    "caffe_cpu_gemv": _Standard(
        {"float": "cblas_sgemv", "double": "cblas_dgemv"}, {},
        ("CblasRowMajor", "TransA", "M", "N", "alpha", "A", "N", "x", "1", "beta", "y", "1")),
}


@dataclass
class BlasDefinition:
    """One definition of the wrapper found in the tree (an explicit specialization, an
    overload, or a template whose body serves every type)."""

    where: str  # FILE:LINE
    # the type of its `alpha` parameter, without const (float, double, Dtype ...); '?' when
    # it has another number of parameters
    dtype: str
    differs: str  # how it is not the standard pass-through ('' when it is)


def definitions(program: Program, name: str) -> List[BlasDefinition]:
    """Every definition the tree has of wrapper `name` in namespace caffe (where the calls
    taken for the library's resolve: effects_calls.library_call), each compared with the
    standard form; once per program. Another namespace's function of the name is the
    tree's own, called only where lookup finds it (never split)."""
    key = ("blas_defs", name)
    if key not in program.memo:
        program.memo[key] = [_definition(program, name, fn)
                             for fn in program.functions.get(name, [])
                             # a place lowering could not name ('?') counts, to be safe
                             if fn.scope in (LIBRARY_SCOPE, "?", "")]
    return program.memo[key]


def _definition(program: Program, name: str, fn: FunctionIR) -> BlasDefinition:
    params = TABLE[name].params
    where = f"{fn.file}:{fn.line}"
    if len(fn.params) != len(params):
        return BlasDefinition(where, "?", f"it has {len(fn.params)} parameters")
    dtype = _bare(fn.params[params.index("alpha")].type)
    routine = STANDARD[name].routine.get(dtype, "")
    if not routine:
        return BlasDefinition(where, dtype, f"no CBLAS routine for {dtype}")
    own = program.functions.get(routine)
    if own:
        return BlasDefinition(where, dtype, f"{routine} is the tree's own function "
                                            f"({own[0].file}:{own[0].line})")
    roles = {p.name: role for p, role in zip(fn.params, params)}
    return BlasDefinition(where, dtype, _body_differs(STANDARD[name], routine, roles, fn.body))


def _bare(type_: str) -> str:
    return " ".join(w for w in type_.replace("const", " ").split())


def _body_differs(std: _Standard, routine: str, roles: Dict[str, str],
                  body: Optional[Node]) -> str:
    """'' when the body is the standard one (with the given parameter roles), else why not."""
    stmts = [c.children[0] if c.kind == "expr_stmt" and len(c.children) == 1 else c
             for c in (body.children if body is not None else [])]
    decls: List[Node] = []
    for s in stmts[:-1]:
        decls += s.children if s.kind == "decls" else [s]
    if not stmts or any(d.kind != "decl" for d in decls) or len(decls) != len(std.leading):
        return f"its body is not {_shape(std, routine)}"
    local: Dict[str, str] = {}
    for d in decls:
        role = _leading_role(std, roles, d)
        if not role or role in local.values():
            return f"the declaration of {d.name} is not one of the leading dimensions"
        local[d.name] = role
    call = stmts[-1]
    if call.kind != "call" or call.name != routine:
        return f"it does not end in a call of {routine}"
    args = call.children[1:]
    if len(args) != len(std.args):
        return f"{routine} gets {len(args)} arguments"
    for i, (a, want) in enumerate(zip(args, std.args)):
        if not _argument_is(a, want, roles, local):
            return f"argument {i + 1} of {routine} is `{a.text.strip()}`"
    return ""


def _shape(std: _Standard, routine: str) -> str:
    lead = " and ".join(sorted(std.leading))
    return f"the declarations of {lead} and a call of {routine}" if lead else \
        f"one call of {routine}"


def _leading_role(std: _Standard, roles: Dict[str, str], d: Node) -> str:
    """Which leading dimension declaration `d` is (`int lda = (TransA == CblasNoTrans) ?
    K : M;`), '' when none."""
    if _bare(d.type) != "int" or len(d.children) != 1:
        return ""
    init = d.children[0]
    if init.kind != "cond" or len(init.children) != 3:
        return ""
    test, yes, no = init.children
    if test.kind != "binop" or test.op != "==" or len(test.children) != 2:
        return ""
    for role, (trans, when_no, otherwise) in std.leading.items():
        sides = test.children
        if any(_argument_is(x, trans, roles, {}) and _argument_is(y, "CblasNoTrans", roles, {})
               for x, y in (sides, sides[::-1])) and \
                _argument_is(yes, when_no, roles, {}) and _argument_is(no, otherwise, roles, {}):
            return role
    return ""


def _argument_is(n: Node, want: str, roles: Dict[str, str], local: Dict[str, str]) -> bool:
    """Is expression `n` the standard form's `want`: that parameter, that leading local, that
    integer literal, or that enumerator?"""
    if want.isdigit():
        return n.kind == "lit" and n.text.strip() == want
    if n.kind != "name":
        return False
    if n.ref == "param":
        return roles.get(n.name) == want
    if n.ref == "local":
        return local.get(n.name) == want
    return n.name == want and want not in roles.values() and want not in local.values()
