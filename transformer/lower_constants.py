"""What a name of a compile-time integer constant holds, read from its declaration while a
unit is lowered (`Node.value`): an enumerator's value, a constant's literal arithmetic, a
table's elements; '?' where it may be anything (a class template's constant, an initializer
that is not literal arithmetic, a literal outside `int`)."""
from __future__ import annotations

import ast
import re
from typing import Dict, Optional

# the cursors of functions (lower_nodes uses them too): a constant declared in one is a local
_FUNCTION_KINDS = {"CXX_METHOD", "FUNCTION_TEMPLATE", "FUNCTION_DECL", "CONSTRUCTOR",
                   "DESTRUCTOR", "CONVERSION_FUNCTION"}


def forget_constants() -> None:
    """Drop the values read so far (keyed by libclang's cursor hash: valid within one unit)."""
    _CONSTANTS.clear()


_CONSTANTS: Dict[int, str] = {}
_TEMPLATES = ("CLASS_TEMPLATE", "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION")
_LITERAL_SUM = re.compile(r"[\d\s()+\-~*uUlL]+")


def constant_value(ref) -> str:
    """What a referenced declaration holds when it is a compile-time integer the walk can
    read without evaluating code: an enumerator, or a const variable of namespace or class
    scope whose initializer is literal arithmetic (`-1`, `0 - 1`, `~0`, a table `{0, -1}`,
    comma-separated). '' otherwise."""
    try:
        key = ref.hash
        if key in _CONSTANTS:
            return _CONSTANTS[key]
        value = ""
        kind = ref.kind.name
        if kind == "ENUM_CONSTANT_DECL":
            value = _enumerator_value(ref)
        elif kind == "VAR_DECL" and _constant_type(ref.type):
            value = _initializer_value(ref)
            parent = ref.semantic_parent
            if parent is not None and parent.kind.name in _TEMPLATES:
                value = "?"  # a class template's constant: a specialization may differ
            if not value and parent is not None and parent.kind.name not in _FUNCTION_KINDS:
                value = "?"  # `integral_constant<int, -1>::value`: a constant of any value
    except (ValueError, AttributeError):  # a libclang that does not know the kind
        return ""
    _CONSTANTS[key] = value
    return value


def _enumerator_value(ref) -> str:
    """An enumerator's value from the literal arithmetic of its enum's initializers (libclang's
    own is 0 for an enum in a class template); '?' when one the walk cannot read comes first."""
    value: Optional[int] = -1
    for e in ref.semantic_parent.get_children():
        if e.kind.name != "ENUM_CONSTANT_DECL":
            continue
        init = _initializer_value(e)
        if init:
            value = int(init)
        elif any(k.kind.is_expression() for k in e.get_children()) or value is None:
            value = None
        else:
            value += 1
        if e == ref:
            break
    return "?" if value is None else str(value)


def _constant_type(t) -> bool:
    """A const integer, or an array of them (`const int[2]`: the const is the array's)."""
    return t.is_const_qualified() or (t.kind.name in ("CONSTANTARRAY", "INCOMPLETEARRAY") and
                                      t.spelling.split()[:1] == ["const"])


def _initializer_value(var) -> str:
    kids = [k for k in var.get_children() if k.kind.is_expression()]
    if not kids:
        return ""
    text = " ".join(t.spelling for t in kids[-1].get_tokens()).strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    values = []
    for part in text.split(","):
        if not part.strip() or not _LITERAL_SUM.fullmatch(part):
            return ""
        v = literal_arithmetic(re.sub(r"(\d)[uUlL]+", r"\1", part))
        if v is None:
            return ""
        if not -2 ** 31 <= v < 2 ** 31:  # `const int k = 4294967295u;` is -1: the type's
            return "?"
        values.append(str(v))
    return ",".join(values)


_ARITHMETIC = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
               ast.Mult: lambda a, b: a * b, ast.USub: lambda a: -a, ast.UAdd: lambda a: a,
               ast.Invert: lambda a: ~a}


def literal_arithmetic(text: str) -> Optional[int]:
    """The value of integer literals combined by + - * ~ and parentheses (None otherwise)."""
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        return None

    def value(n) -> Optional[int]:
        if isinstance(n, ast.Constant) and type(n.value) is int:
            return n.value
        if isinstance(n, ast.UnaryOp) and type(n.op) in _ARITHMETIC:
            a = value(n.operand)
            return None if a is None else _ARITHMETIC[type(n.op)](a)
        if isinstance(n, ast.BinOp) and type(n.op) in _ARITHMETIC:
            a, b = value(n.left), value(n.right)
            return None if a is None or b is None else _ARITHMETIC[type(n.op)](a, b)
        return None
    return value(tree)
