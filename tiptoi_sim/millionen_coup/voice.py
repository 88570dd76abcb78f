"""The pen's words: turns ids and numbers into what a person says, and fills the catalogue's
templates with them.

:class:`Voice` is the only place that renders a phrase of Der Millionen-Coup. Its helpers give
each field the value a template expects (a colour's name, a room's grammatical forms, "eine
Zeiteinheit" / "2 Zeiteinheiten", "noch 1 Minute 30"); :meth:`Voice.text` checks the fields
against the contract (:mod:`tiptoi_sim.millionen_coup.phrase_fields`), renders, and tidies the
result (:func:`tiptoi_sim.core.phrases.tidy`). Plural categories and number formatting come
from Babel's CLDR data through :mod:`tiptoi_sim.core.wording`; the words themselves (the
``count.*`` entries) from the catalogue, so German says "eine Minute" where espeak-ng would
read "1 Minute" as "eins Minute".
"""

from __future__ import annotations

from typing import Any, Iterable

from tiptoi_sim.core.phrases import Forms, Phrases, tidy
from tiptoi_sim.core.wording import join_words, plural_category, say_number
from tiptoi_sim.millionen_coup.phrase_fields import FIELD_KINDS


class PhraseFieldError(KeyError):
    """The code asked for a phrase with fields its contract does not list (a programming error)."""


class Voice:
    """One language's words for one game's data."""

    def __init__(self, phrases: Phrases, contract: dict[str, dict[str, frozenset]], characters: dict | None = None):
        self.phrases = phrases
        self.lang = phrases.lang
        self.contract = contract
        self.characters = characters or {}

    # ------------------------------------------------------------------ rendering
    def text(self, key: str, **values: Any) -> str:
        """The sentence for ``key`` with these field values. The fields must be exactly the
        contract's fields for ``key`` (every template is checked against the contract on load,
        so this cannot fail on a template; it catches code that forgets or invents a field)."""
        want = self.contract.get(key)
        if want is None:
            raise PhraseFieldError(f"{key}: not a phrase of the contract")
        if set(values) != set(want):
            raise PhraseFieldError(f"{key}: given fields {sorted(values)}, the contract says {sorted(want)}")
        for f, v in values.items():
            if FIELD_KINDS[f] == "place" and not isinstance(v, Forms):
                raise PhraseFieldError(f"{key}: field {f} must be a place's forms, got {v!r}")
        return tidy(self.phrases.render(key, **values))

    def word(self, key: str, default: str | None = None) -> str:
        """A plain word of the catalogue (a name, a state)."""
        return self.phrases.name(key, default)

    # ------------------------------------------------------------------ names
    def colour(self, colour: str) -> str:
        return self.word(f"colour.{colour}", colour)

    def colours(self, colours: Iterable[str]) -> str:
        return self.join([self.colour(c) for c in colours])

    def place(self, room: str) -> Forms:
        """A room's forms: ``name``, ``the``, ``dat``, ``at``, ``to``, ``from``."""
        return self.phrases.places[f"room:{room}"]

    def ability(self, ability: str) -> str:
        return self.word(f"ability.{ability}", ability)

    def abilities(self, abilities: Iterable[str]) -> str:
        return self.join([self.ability(a) for a in abilities])

    def can(self, abilities: Iterable[str]) -> str:
        """What someone with these abilities can do: "klettern und Schlösser knacken"."""
        return self.join([self.word(f"can.{a}", a) for a in abilities])

    def plan(self, plan: str) -> str:
        return self.word(f"plan.{plan}.name", plan)

    def action(self, action: str) -> str:
        return self.word(f"action.{action}", action)

    def explore_what(self, field: str) -> str:
        return self.word(f"explore_what.{field}", field)

    def hint(self, action: str) -> str:
        """What to tap as the target of ``action`` ("einen Raum nebenan")."""
        base = action.split(":")[0]
        return self.word(f"target.{base}", self.word("target.walk"))

    def character(self, char_id: str) -> str:
        ch = self.characters.get(char_id)
        return ch.name if ch is not None else char_id

    def join(self, items: list[str]) -> str:
        return join_words(list(items), self.lang)

    def digits(self, digits: Iterable[int]) -> str:
        """A combination as read from a caption: "2, 6, 1"."""
        return ", ".join(str(d) for d in digits)

    # ------------------------------------------------------------------ numbers
    def number(self, n: int | float) -> str:
        return say_number(n, self.lang)

    def count(self, noun: str, n: int | float) -> str:
        """``n`` with its noun from ``count.<noun>.one|other``, by the language's plural rule."""
        category = plural_category(n, self.lang)
        key = f"count.{noun}.{category}"
        if key not in self.phrases.templates:
            key = f"count.{noun}.other"
        return self.phrases.render(key, n=self.number(n))

    def units(self, n: int) -> str:
        """Time units: "eine Zeiteinheit", "2 Zeiteinheiten" / "1 time unit", "2 time units"."""
        return self.count("time_unit", n)

    def duration(self, seconds: float, *, long: bool = False) -> str:
        """A time span the way people say it: "5 Minuten", "eine Minute 30", "20 Sekunden"
        (with ``long``: "eine Minute und 30 Sekunden", for the total time at the start).
        Under ten seconds a fraction is kept ("0,5 Sekunden", for very short test units)."""
        if seconds < 10 and not float(seconds).is_integer():
            return self.count("second", round(float(seconds), 1))
        total = int(seconds + 0.5)
        minutes, secs = divmod(total, 60)
        if minutes == 0:
            return self.count("second", secs)
        if secs == 0:
            return self.count("minute", minutes)
        if long:
            return self.phrases.render("count.minutes_and_seconds", minutes=self.count("minute", minutes),
                                       seconds=self.count("second", secs))
        return self.phrases.render("count.minutes_seconds", minutes=self.count("minute", minutes),
                                   seconds=self.number(secs))
