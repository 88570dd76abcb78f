"""Safe YAML loading that remembers where every value came from, and small checkers that turn
a wrong value into a :class:`DataError` naming the file, the line, the field and what was expected.

Only ``yaml.SafeLoader`` is used: data files cannot construct Python objects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

from tiptoi_sim.core.errors import DataError


class LMap(dict):
    """A mapping from a YAML file; ``key_lines[key]`` is the 1-based line of each key."""

    path: str | None = None
    line: int | None = None

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.key_lines: dict[Any, int] = {}


class LList(list):
    """A sequence from a YAML file; ``item_lines[i]`` is the 1-based line of each item."""

    path: str | None = None
    line: int | None = None

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.item_lines: list[int] = []


class _Loader(yaml.SafeLoader):
    pass


def _construct_map(loader: _Loader, node: yaml.MappingNode) -> LMap:
    loader.flatten_mapping(node)
    m = LMap()
    m.path = loader.name
    m.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise DataError(loader.name, None, "a mapping key must be a plain value",
                            key_node.start_mark.line + 1) from None
        if key in m:
            raise DataError(loader.name, str(key), "duplicate key", key_node.start_mark.line + 1)
        m[key] = loader.construct_object(value_node, deep=True)
        m.key_lines[key] = key_node.start_mark.line + 1
    return m


def _construct_seq(loader: _Loader, node: yaml.SequenceNode) -> LList:
    seq = LList()
    seq.path = loader.name
    seq.line = node.start_mark.line + 1
    for child in node.value:
        seq.append(loader.construct_object(child, deep=True))
        seq.item_lines.append(child.start_mark.line + 1)
    return seq


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_seq)


def load_yaml_text(text: str, name: str = "<string>") -> Any:
    """Parse YAML text safely into LMap/LList; a syntax error becomes a DataError with its line."""
    loader = _Loader(text)
    loader.name = name
    try:
        return loader.get_single_data()
    except DataError:
        raise
    except yaml.MarkedYAMLError as e:
        line = e.problem_mark.line + 1 if e.problem_mark else None
        raise DataError(name, None, f"not valid YAML ({e.problem})", line) from None
    except yaml.YAMLError as e:
        raise DataError(name, None, f"not valid YAML ({e})") from None
    finally:
        loader.dispose()


def load_yaml(path: str | Path) -> Any:
    """Load a YAML file safely; a missing or unreadable file is a DataError too."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(p, None, "file not found") from None
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(p, None, f"cannot read the file ({e})") from None
    return load_yaml_text(text, str(p))


def line_of(container: Any, key: Any = None) -> int | None:
    """The line of ``container[key]`` (or of the container itself) if known."""
    if key is not None:
        if isinstance(container, LMap):
            return container.key_lines.get(key, container.line)
        if isinstance(container, LList) and isinstance(key, int) and 0 <= key < len(container.item_lines):
            return container.item_lines[key]
    return getattr(container, "line", None)


def path_of(container: Any, default: str | None = None) -> str | None:
    return getattr(container, "path", None) or default


def fail(container: Any, field: str, expected: str, key: Any = None) -> DataError:
    """Build (not raise) the DataError for ``container[key]``, named ``field``."""
    return DataError(path_of(container), field, expected, line_of(container, key))


_TYPE_NAMES = {str: "a text", int: "a whole number", float: "a number", bool: "true or false",
               dict: "a mapping", list: "a list"}


def _type_ok(value: Any, typ) -> bool:
    types = typ if isinstance(typ, tuple) else (typ,)
    for t in types:
        if t is int and isinstance(value, bool):
            continue
        if t is float and isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
        if isinstance(value, t):
            return True
    return False


def type_name(typ) -> str:
    types = typ if isinstance(typ, tuple) else (typ,)
    return " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in types)


def req(m: Any, key: Any, typ, field: str, *, check: Callable[[Any], bool] | None = None,
        expected: str | None = None) -> Any:
    """``m[key]``, required, of type ``typ``, passing ``check``; else a DataError."""
    if not isinstance(m, dict):
        raise fail(m, field.rsplit(".", 1)[0] if "." in field else field, "a mapping was expected")
    if key not in m:
        raise fail(m, field, f"missing; expected {expected or type_name(typ)}")
    return _checked(m, key, typ, field, check, expected)


def opt(m: Any, key: Any, typ, field: str, default: Any = None, *,
        check: Callable[[Any], bool] | None = None, expected: str | None = None) -> Any:
    """``m[key]`` if present (checked like :func:`req`), else ``default``."""
    if not isinstance(m, dict) or key not in m or m[key] is None:
        return default
    return _checked(m, key, typ, field, check, expected)


def _checked(m, key, typ, field, check, expected):
    v = m[key]
    if not _type_ok(v, typ) or (check is not None and not check(v)):
        raise fail(m, field, f"expected {expected or type_name(typ)}, got {v!r}", key)
    return v


def only_keys(m: Any, allowed: Iterable[str], field: str) -> None:
    """Refuse unknown keys in a mapping (typos must not pass silently)."""
    allowed = list(allowed)
    for k in m:
        if k not in allowed:
            prefix = f"{field}." if field else ""
            raise fail(m, f"{prefix}{k}", "unknown key; expected one of: " + ", ".join(allowed), k)
