"""Safe YAML loading that remembers where every value came from, and small checkers that turn
a wrong value into a :class:`DataError` naming the file, the line, the field and what was expected.

Only the safe constructors are used: data files cannot construct Python objects.

Limits (a damaged or hostile file is refused quickly, with its line, never a hang or a
traceback): a file larger than :data:`MAX_BYTES` is refused before it is read; a first pass over
the parser's events (libyaml's, when PyYAML has it: about a microsecond per event) refuses
nesting deeper than :data:`MAX_DEPTH`, more than :data:`MAX_ALIASES` aliases, an alias inside
its own anchor, and a document that would expand to more than :data:`MAX_NODES` values (the
"billion laughs" bomb). Only then are the values built, with their lines; a number beyond
:data:`MAX_NUMBER` or a NaN/infinity (``.inf``, ``.nan``) is refused at its line too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from tiptoi_sim.core.errors import DataError

#: the largest data or scenario file we read (the bundled ones are about 12 kB)
MAX_BYTES = 2 * 1024 * 1024
#: deepest nesting of mappings and lists (the bundled data goes 6 deep)
MAX_DEPTH = 50
#: most aliases (``*name``) in one file (the bundled data uses none)
MAX_ALIASES = 100
#: most values a document may hold once its aliases are expanded (the largest bundled file: 1,535;
#: 20,000 values load in about half a second, so even a bad file is refused within a second)
MAX_NODES = 20_000

try:  # libyaml's parser when PyYAML was built with it: ~30x faster events, same marks
    from yaml._yaml import CParser as _EventParser
except ImportError:  # pragma: no cover - pure-Python PyYAML
    from yaml.parser import Parser as _EventParser
    from yaml.reader import Reader as _Reader
    from yaml.scanner import Scanner as _Scanner

    class _PyEvents(_Reader, _Scanner, _EventParser):
        def __init__(self, stream):
            _Reader.__init__(self, stream)
            _Scanner.__init__(self)
            _EventParser.__init__(self)

    _EventParser = _PyEvents  # noqa: F811


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


class _Loader(Composer, _EventParser, SafeConstructor, Resolver):
    """PyYAML's composer and safe constructor over the (fast) event parser."""

    def __init__(self, stream):
        _EventParser.__init__(self, stream)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.name = "<string>"

    def dispose(self):
        pass


def _check_limits(text: str, name: str) -> None:
    """One pass over the events: refuse deep nesting, many aliases and alias bombs early."""
    ev_parser = _EventParser(text)
    depth = 0
    aliases = 0
    expanded = 0                       # values so far, aliases counted as what they expand to
    open_anchors: list[tuple[str | None, int]] = []  # per open collection: its anchor, expanded at start
    sizes: dict[str, int] = {}         # expanded size of each finished anchor
    events = yaml.events

    def line(ev) -> int | None:
        return ev.start_mark.line + 1 if ev.start_mark is not None else None

    while True:
        ev = ev_parser.get_event()
        if ev is None or isinstance(ev, events.StreamEndEvent):
            break
        if isinstance(ev, (events.SequenceStartEvent, events.MappingStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise DataError(name, None, f"nested more than {MAX_DEPTH} levels deep", line(ev))
            open_anchors.append((ev.anchor, expanded))
            expanded += 1
        elif isinstance(ev, (events.SequenceEndEvent, events.MappingEndEvent)):
            depth -= 1
            anchor, start = open_anchors.pop()
            if anchor is not None:
                sizes[anchor] = expanded - start
        elif isinstance(ev, events.ScalarEvent):
            expanded += 1
            if ev.anchor is not None:
                sizes[ev.anchor] = 1
        elif isinstance(ev, events.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise DataError(name, None, f"more than {MAX_ALIASES} aliases (*name)", line(ev))
            if ev.anchor not in sizes:
                if any(a == ev.anchor for a, _ in open_anchors):
                    raise DataError(name, None, f"the alias *{ev.anchor} is inside its own anchor", line(ev))
                continue  # an undefined alias: the composer reports it with its line
            expanded += sizes[ev.anchor]
        if expanded > MAX_NODES:
            raise DataError(name, None, f"more than {MAX_NODES:,} values (aliases expanded); "
                            "is this a data file?", line(ev))


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


#: no number in a data or scenario file needs more (money is at most 10^12, counts far less):
#: a larger one is a typo or an attack (10^20 units made the pen wait for ever)
MAX_NUMBER = 10 ** 12


def _construct_int(loader: _Loader, node: yaml.ScalarNode) -> int:
    value = SafeConstructor.construct_yaml_int(loader, node)
    if abs(value) > MAX_NUMBER:
        raise DataError(loader.name, None, f"the number {node.value[:30]} is too large for a game "
                        f"(at most {MAX_NUMBER:,})", node.start_mark.line + 1)
    return value


def _construct_float(loader: _Loader, node: yaml.ScalarNode) -> float:
    value = SafeConstructor.construct_yaml_float(loader, node)
    if value != value or value in (float("inf"), float("-inf")):
        raise DataError(loader.name, None, f"{node.value[:30]} is not a finite number",
                        node.start_mark.line + 1)
    if abs(value) > MAX_NUMBER:
        raise DataError(loader.name, None, f"the number {node.value[:30]} is too large for a game "
                        f"(at most {MAX_NUMBER:,})", node.start_mark.line + 1)
    return value


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_seq)


def _yaml_error(name: str, text: str, e: Exception) -> DataError:
    """A one-line DataError for a YAML error without marks (a reader or constructor error)."""
    line = None
    pos = getattr(e, "position", None)
    if isinstance(pos, int):
        line = text.count("\n", 0, pos) + 1
    first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    return DataError(name, None, f"not valid YAML ({first[:160]})", line)


def load_yaml_text(text: str, name: str = "<string>") -> Any:
    """Parse YAML text safely into LMap/LList; a syntax error or a text beyond the limits
    (module docstring) becomes a DataError with its line."""
    if len(text) > MAX_BYTES:
        raise DataError(name, None, f"larger than {MAX_BYTES // (1024 * 1024)} MB; is this a data file?")
    try:
        _check_limits(text, name)
        loader = _Loader(text)
    except DataError:
        raise
    except yaml.MarkedYAMLError as e:
        line = e.problem_mark.line + 1 if e.problem_mark else None
        raise DataError(name, None, f"not valid YAML ({e.problem})", line) from None
    except (yaml.YAMLError, ValueError) as e:
        raise _yaml_error(name, text, e) from None
    loader.name = name
    try:
        return loader.get_single_data()
    except DataError:
        raise
    except yaml.MarkedYAMLError as e:
        line = e.problem_mark.line + 1 if e.problem_mark else None
        raise DataError(name, None, f"not valid YAML ({e.problem})", line) from None
    except (yaml.YAMLError, ValueError, OverflowError) as e:
        raise _yaml_error(name, text, e) from None
    except RecursionError:  # pragma: no cover - the depth limit comes first
        raise DataError(name, None, f"nested more than {MAX_DEPTH} levels deep") from None
    finally:
        loader.dispose()


def load_yaml(path: str | Path) -> Any:
    """Load a YAML file safely; a missing or unreadable file is a DataError too."""
    p = Path(path)
    try:
        if p.is_dir():
            raise DataError(p, None, "a folder, not a file")
        with open(p, "rb") as f:
            # stat may lie (a pipe, /dev/zero): read one byte more than allowed and look
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise DataError(p, None, "file not found") from None
    except OSError as e:
        raise DataError(p, None, f"cannot read the file ({e.strerror or e})") from None
    if len(raw) > MAX_BYTES:
        raise DataError(p, None, f"larger than {MAX_BYTES // (1024 * 1024)} MB; is this a data file?")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise DataError(p, None, f"not UTF-8 text (byte {e.start})", line) from None
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


def num(m: Any, key: Any, field: str, parse: Callable[..., Any], *, default: Any = ..., **kw) -> Any:
    """``m[key]`` through one of the :mod:`tiptoi_sim.core.numbers` parsers (``parse_seconds``,
    ``parse_units``...); a refused number becomes a DataError with the file, line and field.
    Without ``default`` the key is required."""
    from tiptoi_sim.core.numbers import NumberError

    if not isinstance(m, dict):
        raise fail(m, field.rsplit(".", 1)[0] if "." in field else field, "a mapping was expected")
    if key not in m or m[key] is None:
        if default is ...:
            raise fail(m, field, "missing; expected a number")
        return default
    try:
        return parse(m[key], field=None, **kw)
    except NumberError as e:
        raise fail(m, field, f"expected {e.expected}, got {m[key]!r}", key) from None


def whole_field(m: Any, key: Any, field: str, lo: int, hi: int, default: int | None = None) -> int:
    """``m[key]`` as a whole number ``lo..hi`` through :func:`tiptoi_sim.core.numbers.parse_whole`
    (a YAML int or ASCII digits); ``default`` when missing (required when ``default`` is None).
    A wrong value is a DataError with the file, line and field."""
    from tiptoi_sim.core.errors import UserError
    from tiptoi_sim.core.numbers import parse_whole

    if not isinstance(m, dict) or key not in m or m[key] is None:
        if default is not None:
            return default
        raise fail(m, field, f"missing; expected a whole number from {lo} to {hi}")
    try:
        return parse_whole(m[key], field=field, lo=lo, hi=hi)
    except UserError as e:
        raise fail(m, field, str(e), key) from None
