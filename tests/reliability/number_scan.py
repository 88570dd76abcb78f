"""Find every place in the package that could turn text into a number outside
``tiptoi_sim/core/numbers.py``: ``int(x)``/``float(x)`` on something that is not plain
arithmetic, ``.isdigit()``/``.isnumeric()``/``.isdecimal()``, and ``type=int``/``type=float``
(argparse). Used by ``test_number_parsing.py`` against its reviewed allowlist."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tiptoi_sim"
EXEMPT = {"core/numbers.py"}  # the one place that may
_NUMERIC_CALLS = {"round", "len", "sum", "min", "max", "abs", "ceil", "floor", "hypot", "sqrt",
                  "argmin", "argmax", "percentile", "norm", "count_nonzero"}
_ARITH = (ast.Mult, ast.Div, ast.FloorDiv, ast.Sub, ast.Mod, ast.Pow)
_TEXT_TESTS = {"isdigit", "isnumeric", "isdecimal"}


def _numeric(node: ast.AST) -> bool:
    """True for an argument that is plainly arithmetic (pixels, samples), never text."""
    if isinstance(node, ast.Constant):
        return True  # a literal in our own code is not user text
    if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITH):
        return True
    if isinstance(node, ast.UnaryOp):
        return _numeric(node.operand)
    if isinstance(node, ast.Call):
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name in _NUMERIC_CALLS:
            return True
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in ("np", "math"):
            return True
        if isinstance(f, ast.Attribute) and f.attr in ("sum", "mean", "max", "min", "item"):
            return True
    return False


def scan(root: Path = PACKAGE) -> Counter:
    """Counter of (file relative to the package, source text of the use)."""
    found: Counter = Counter()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel in EXEMPT:
            continue
        src = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(src, rel)):
            if isinstance(node, ast.Call):
                f = node.func
                if isinstance(f, ast.Name) and f.id in ("int", "float") and node.args:
                    if not _numeric(node.args[0]):
                        found[(rel, ast.get_source_segment(src, node))] += 1
                elif isinstance(f, ast.Attribute) and f.attr in _TEXT_TESTS:
                    found[(rel, ast.get_source_segment(src, node))] += 1
                for kw in node.keywords:
                    if kw.arg == "type" and isinstance(kw.value, ast.Name) and kw.value.id in ("int", "float"):
                        found[(rel, f"type={kw.value.id}")] += 1
    return found


if __name__ == "__main__":
    for (rel, text), n in sorted(scan().items()):
        print(f"{rel}: {text!r} x{n}")
