"""glog's macros as the walk meets them: which expressions are CHECKs and LOGs (their
expansions are not walked as code), which of their calls run on every pass, and which LOGs
write lines whose order is the order the samples run in."""
from __future__ import annotations

import re
from typing import Set

from .mathlib import BLOB_SHAPE_METHODS, PURE_FUNCTIONS

# glog's own macros (a macro of the tree that only starts like them is walked as code)
ASSERTION = re.compile(
    r"^\s*(D?CHECK(_(EQ|NE|LT|LE|GT|GE|NOTNULL|STREQ|STRNE|STRCASEEQ|STRCASENE|INDEX|BOUND|"
    r"DOUBLE_EQ|NEAR|ERR))?|D?P?LOG(_IF|_EVERY_N|_IF_EVERY_N|_FIRST_N|_ASSERT)?|"
    r"D?VLOG(_IF|_EVERY_N|_IF_EVERY_N)?)\s*\(")
_FATAL_LOG = re.compile(r"^\s*D?P?LOG(_IF)?\s*\(\s*FATAL\b")
# the ones that do not end the process: they write the log, in the order the samples run
_LOGS = re.compile(r"^\s*(D?P?LOG\w*|D?VLOG\w*)\s*\((?!\s*FATAL\b)")
_CALL = re.compile(r"([A-Za-z_]\w*)\s*\(")


def logs_in_order(text: str) -> bool:
    """Is this a LOG that does not end the process (its lines are an output)?"""
    return bool(_LOGS.match(text))


def runs_nothing(name: str) -> bool:
    """A call a CHECK may make that touches nothing: a shape query, a pure function."""
    return name in BLOB_SHAPE_METHODS or name in PURE_FUNCTIONS


def called_in_arguments(text: str) -> Set[str]:
    """The functions a CHECK's or LOG's own arguments call (`CHECK(Take(&t))`: Take), not
    those of a message streamed after it, which runs only when the process ends; none for
    LOG(FATAL), whose every part runs only then."""
    if _FATAL_LOG.match(text):
        return set()
    start, depth = text.index("("), 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return set(_CALL.findall(text[start + 1:i]))
    return set(_CALL.findall(text[start + 1:]))
