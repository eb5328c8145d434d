"""The kinds of transformation, one module each, in the manner of LibCST codemods and
clang-tidy checks: what it does (DESCRIPTION), the template it writes with, the rule on the
source form it can write into, its plan and its rendering (kinds/base.py says what each
provides). This registry is the one place they are listed: plan and render look a kind up
here by its NAME.
"""
from __future__ import annotations

from typing import Dict, Type

from .base import Kind
from .batch_blas import BatchBlas
from .batch_loop import BatchLoop
from .elementwise_call import ElementwiseCall
from .elementwise_loop import ElementwiseLoop

KINDS: Dict[str, Type[Kind]] = {k.NAME: k for k in
                                (BatchLoop, ElementwiseLoop, ElementwiseCall, BatchBlas)}


def descriptions() -> Dict[str, str]:
    return {name: k.DESCRIPTION for name, k in KINDS.items()}
