"""Small pieces: no function in transformer/ is over MAX_LINES lines.

A function's length is end_lineno - lineno + 1 of its def (decorators left out); a nested
function is measured on its own, and also counts in the function around it.
"""
from __future__ import annotations

import ast
from pathlib import Path
from typing import List, Tuple

MAX_LINES = 60
PACKAGE = Path(__file__).resolve().parent.parent / "transformer"


def function_lengths(tree: ast.AST, prefix: str = "") -> List[Tuple[str, int]]:
    """(qualified name, length) of every function under tree, nested ones included."""
    out: List[Tuple[str, int]] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = prefix + node.name
            out.append((name, node.end_lineno - node.lineno + 1))
            out += function_lengths(node, name + ".")
        elif isinstance(node, ast.ClassDef):
            out += function_lengths(node, prefix + node.name + ".")
        else:
            out += function_lengths(node, prefix)
    return out


def test_function_lengths_are_measured_as_documented():
    code = ("@decorator\n"
            "def outer():\n"
            "    def inner():\n"
            "        return 1\n"
            "    return inner\n"
            "class C:\n"
            "    def method(self):\n"
            "        pass\n")
    assert function_lengths(ast.parse(code)) == [("outer", 4), ("outer.inner", 2),
                                                  ("C.method", 2)]


def test_no_function_is_over_the_limit():
    files = sorted(PACKAGE.rglob("*.py"))
    assert files, f"no Python files under {PACKAGE}"
    offenders = []
    for path in files:
        tree = ast.parse(path.read_text(), filename=str(path))
        for name, length in function_lengths(tree):
            if length > MAX_LINES:
                offenders.append(f"{path.relative_to(PACKAGE.parent)} {name} ({length} lines)")
    assert not offenders, (f"functions over {MAX_LINES} lines; split them into smaller ones:\n"
                           + "\n".join(offenders))
