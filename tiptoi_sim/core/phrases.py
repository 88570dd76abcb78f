"""Phrase catalogues: every text the program speaks or shows, per language, as YAML templates.

A catalogue file maps keys to templates with ``{name}`` placeholders (``str.format`` syntax):

    lang: de
    phrases:
      action.walk.start: "{player} geht nach {room}."

Nested mappings are flattened with dots. Catalogues of one game are checked together on load:
every language has the same keys and each template the same placeholders, so no language can
miss a phrase at play time. Rendering a value that names a key in the catalogue (e.g. a room
id) is the caller's business: use :meth:`Phrases.name` for those.

A placeholder is ``{field}`` or ``{field.form}``: a value with several grammatical forms (a
:class:`Forms`, such as a room's "im Archiv" / "ins Archiv") is asked for one by name. Format
specs, conversions and indexes (``{n:03}``, ``{x!r}``, ``{a[0]}``) are refused on load.

With a *contract* (key -> the fields the code gives, and the forms each field has), loading also
refuses a missing or unknown key and any placeholder the code does not fill, naming the file,
line and key: a catalogue that loads cannot fail at play time. :func:`tidy` is the last step of
every spoken sentence (one space, no doubled punctuation, a capital at each sentence start).
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any, Mapping

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.yamlio import LMap, fail, load_yaml, req

LANGUAGES = ("de", "en")


#: a contract: phrase key -> {field: the forms the placeholder may name ("" for the plain field)}
Contract = Mapping[str, Mapping[str, frozenset]]

_FIELD_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?$")


def placeholders(template: str) -> list[tuple[str, str]]:
    """The ``(field, form)`` pairs of a template (form "" for a plain ``{field}``), in order.
    Raises ValueError for anything but ``{field}`` and ``{field.form}``."""
    out = []
    for _, f, spec, conv in string.Formatter().parse(template):
        if f is None:
            continue
        m = _FIELD_RE.match(f)
        if not m or spec or conv:
            raw = f + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "")
            raise ValueError(f"placeholder {{{raw}}}: expected {{name}} or {{name.form}}")
        out.append((m.group(1), m.group(2) or ""))
    return out


def _fields(template: str) -> set[str]:
    return {f for f, _ in placeholders(template)}


class Forms:
    """A value with named grammatical forms for templates: ``{room.at}`` reads ``forms["at"]``,
    a plain ``{room}`` the default form."""

    __slots__ = ("_forms", "_default")

    def __init__(self, forms: Mapping[str, str], default: str):
        object.__setattr__(self, "_forms", dict(forms))
        object.__setattr__(self, "_default", default)

    def __getattr__(self, name: str) -> str:
        try:
            return object.__getattribute__(self, "_forms")[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> str:
        return self._forms[name]

    def __str__(self) -> str:
        return self._forms[self._default]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Forms({self._forms!r})"

    @property
    def names(self) -> frozenset:
        return frozenset(self._forms)


_SPACES = re.compile(r"[ \t]+")
_SPACE_BEFORE = re.compile(r" +([.,!?:;])")
_DOUBLED = re.compile(r"([.!?])[.!?:]+|([,:;])[.,:;]+")
_SENTENCE_START = re.compile(r"(^|[.!?] )([a-zäöü])")


def tidy(text: str) -> str:
    """A rendered sentence made fit to speak: single spaces, no space before punctuation, no
    doubled punctuation ("Los!." -> "Los!"), and a capital letter at each sentence start
    ("the lobby is…" -> "The lobby is…")."""
    t = _SPACES.sub(" ", text).strip()
    t = _SPACE_BEFORE.sub(r"\1", t)
    t = _DOUBLED.sub(lambda m: m.group(1) or m.group(2), t)
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), t)


class Phrases:
    """One language's templates."""

    def __init__(self, lang: str, templates: dict[str, str], path: str | None = None):
        self.lang = lang
        self.templates = templates
        self.path = path
        #: place id -> its grammatical forms (filled by the game's loader, e.g. from grammar.yaml)
        self.places: dict[str, Forms] = {}

    def has(self, key: str) -> bool:
        return key in self.templates

    def render(self, key: str, **params: Any) -> str:
        """The text for ``key``. A missing key or parameter is a programming error (the
        catalogues are checked against each other on load, not against the code)."""
        return self.templates[key].format(**params)

    def name(self, key: str, default: str | None = None) -> str:
        """The display name stored under ``key`` (e.g. ``room.lobby``), else ``default``."""
        t = self.templates.get(key)
        if t is None:
            if default is None:
                raise KeyError(key)
            return default
        return t


def _flatten(m: Any, prefix: str, out: dict[str, str], lines: dict[str, tuple[Any, Any]]) -> None:
    for k, v in m.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            _flatten(v, key + ".", out, lines)
        elif isinstance(v, (str, int, float)) and not isinstance(v, bool):
            text = str(v)
            try:
                _fields(text)
            except ValueError as e:
                raise fail(m, f"phrases.{key}", f"a template with {{name}} placeholders ({e})", k)
            out[key] = text
            lines[key] = (m, k)
        else:
            raise fail(m, f"phrases.{key}", "a text template or a mapping of them", k)


def load_catalogue(path: str | Path, lang: str | None = None) -> tuple[Phrases, dict]:
    data = load_yaml(path)
    if not isinstance(data, LMap):
        raise DataError(path, None, "a mapping with 'lang' and 'phrases'")
    file_lang = req(data, "lang", str, "lang", check=lambda v: v in LANGUAGES,
                    expected="one of " + ", ".join(LANGUAGES))
    if lang is not None and file_lang != lang:
        raise fail(data, "lang", f"expected {lang!r} (the file's name says so), got {file_lang!r}", "lang")
    phrases_map = req(data, "phrases", dict, "phrases")
    templates: dict[str, str] = {}
    lines: dict[str, tuple[Any, Any]] = {}
    _flatten(phrases_map, "", templates, lines)
    return Phrases(file_lang, templates, str(path)), lines


def load_catalogues(folder: str | Path, stem: str = "phrases", *,
                    contract: Contract | None = None) -> dict[str, Phrases]:
    """Load ``{stem}.de.yaml`` and ``{stem}.en.yaml`` from ``folder`` and check them together
    (and against ``contract`` if given, see :func:`check_contract`)."""
    folder = Path(folder)
    cats: dict[str, Phrases] = {}
    where: dict[str, dict] = {}
    for lang in LANGUAGES:
        cats[lang], where[lang] = load_catalogue(folder / f"{stem}.{lang}.yaml", lang)
        if contract is not None:  # each file on its own first: its own line and key in the message
            check_contract(cats[lang], where[lang], contract)
    ref_lang = LANGUAGES[0]
    ref = cats[ref_lang]
    for lang in LANGUAGES[1:]:
        other = cats[lang]
        for key in ref.templates:
            if key not in other.templates:
                raise DataError(other.path, f"phrases.{key}", f"missing (the {ref_lang} catalogue has it)")
        for key in other.templates:
            if key not in ref.templates:
                m, k = where[lang][key]
                raise fail(m, f"phrases.{key}", f"unknown key (not in the {ref_lang} catalogue)", k)
            a, b = _fields(ref.templates[key]), _fields(other.templates[key])
            if a != b:
                m, k = where[lang][key]
                raise fail(m, f"phrases.{key}",
                           f"expected the placeholders {sorted(a)} as in the {ref_lang} catalogue, got {sorted(b)}", k)
    return cats


def check_contract(cat: Phrases, where: Mapping[str, tuple[Any, Any]], contract: Contract) -> None:
    """Refuse (DataError with file, line and key) a key the contract lacks, a key of the
    contract the catalogue lacks, and a placeholder the contract does not give for its key
    (an unknown field, or a form the field does not have)."""
    for key, template in cat.templates.items():
        m, k = where.get(key, (None, None))
        if key not in contract:
            raise fail(m, f"phrases.{key}", "unknown key: the program never says it (a typo?)", k)
        given = contract[key]
        for f, form in placeholders(template):
            if f not in given:
                have = ", ".join(sorted(given)) or "none"
                raise fail(m, f"phrases.{key}", f"unknown placeholder {{{f}}}; this phrase gets: {have}", k)
            if form not in given[f]:
                forms = ", ".join(f"{{{f}.{x}}}" if x else f"{{{f}}}" for x in sorted(given[f]))
                shown = f"{{{f}.{form}}}" if form else f"{{{f}}}"
                raise fail(m, f"phrases.{key}", f"unknown placeholder {shown}; expected one of {forms}", k)
    for key in contract:
        if key not in cat.templates:
            raise DataError(cat.path, f"phrases.{key}", "missing (the program says this phrase)")
