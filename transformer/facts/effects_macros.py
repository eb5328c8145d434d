"""What a CHECK or LOG macro's arguments read and write, for the effect walk (a mixin of
ExprMixin): the nodes a macro expands to all carry its text, so they are read here, one by
one, and the logging machinery they expand to is not followed."""
from __future__ import annotations

from ..ir import Node
from .effects_model import _Frame
from .glog_macros import called_in_arguments, logs_in_order, runs_nothing


class MacroMixin:
    def _macro_arguments(self, frame: _Frame, e: Node, guards, depth: int):
        """The values a CHECK or LOG macro's arguments read (variables of the function, and
        memory through `p[i]` and `*p`) and the writes they make (`LOG_IF(..., ++count_ ==
        1)`); the logging machinery the macro expands to is not followed."""
        # (nodes expanded from a macro all carry the macro's text: no `expr` on them, which
        # would take each for the macro again)
        if logs_in_order(e.text):
            self.eff.unknown_calls.append(f"{e.text.split('(')[0].strip()} at line {e.line}: "
                                          f"the log's lines come in the order samples run")
        spelled = called_in_arguments(e.text)  # not the machinery's calls
        for n in e.walk():
            if n.kind == "assign" and len(n.children) == 2:
                self.assign(frame, n, guards, depth, False)
            elif n.kind == "unop" and n.op not in ("!", "-", "+", "~", "*", "&") and \
                    n.children and n.children[0].kind in ("name", "member", "index"):
                # an operator spelled inside a macro is not known: taken as an increment, and
                # as a dereference too (`CHECK_LT(*sum, x)` reads what sum points to)
                ptr = self.eval_ptr(frame, n.children[0])
                if ptr is not None:
                    self.record(ptr, "read", guards, n.line, frame.fn.file, "*")
                self.increment(frame, n.children[0], "++", "1", guards, False, n.line)
            elif n.kind == "name":
                self._read_name(frame, n, guards, depth)
            elif n.kind in ("index", "unop"):
                self._macro_memory_read(frame, n, guards, depth)
            elif n.kind == "call" and n.children and self._own_method_call(n):
                self.call(frame, n, guards, depth)  # CHECK(this->CountLabel(y))
            elif n.kind == "call" and n.name in spelled and not runs_nothing(n.name):
                self.eff.unknown_calls.append(f"{n.name} in a CHECK or LOG at line {n.line} "
                                              f"(calls there are not followed)")

    def _macro_memory_read(self, frame: _Frame, n: Node, guards, depth: int) -> None:
        """A read of memory in a macro's arguments: `CHECK_LT(sum[0], x)`, `CHECK_GT(*p, 0)`."""
        if n.kind == "index" and len(n.children) == 2:
            p = self.eval_ptr(frame, n.children[0])
            if p is not None:
                p = self.at_index(frame, p, n.children[1])
        elif n.kind == "unop" and n.op == "*" and n.children:
            p = self.eval_ptr(frame, n.children[0])  # no walk of it: the loop above visits it
        else:
            return
        if p is not None:
            via = "[]" if n.kind == "index" else "*"
            self.record(p, "read", guards, n.line, frame.fn.file, via)
        else:
            self._unknown_read(frame, n)
