"""Phrase catalogues: every text the program speaks or shows, per language, as YAML templates.

A catalogue file maps keys to templates with ``{name}`` placeholders (``str.format`` syntax):

    lang: de
    phrases:
      action.walk.start: "{player} geht nach {room}."

Nested mappings are flattened with dots. Catalogues of one game are checked together on load:
every language has the same keys and each template the same placeholders, so no language can
miss a phrase at play time. Rendering a value that names a key in the catalogue (e.g. a room
id) is the caller's business: use :meth:`Phrases.name` for those.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.yamlio import LMap, fail, load_yaml, req

LANGUAGES = ("de", "en")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


class Phrases:
    """One language's templates."""

    def __init__(self, lang: str, templates: dict[str, str], path: str | None = None):
        self.lang = lang
        self.templates = templates
        self.path = path

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


def load_catalogues(folder: str | Path, stem: str = "phrases") -> dict[str, Phrases]:
    """Load ``{stem}.de.yaml`` and ``{stem}.en.yaml`` from ``folder`` and check them together."""
    folder = Path(folder)
    cats: dict[str, Phrases] = {}
    where: dict[str, dict] = {}
    for lang in LANGUAGES:
        cats[lang], where[lang] = load_catalogue(folder / f"{stem}.{lang}.yaml", lang)
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
