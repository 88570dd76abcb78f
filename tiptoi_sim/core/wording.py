"""Numbers, plurals, durations and money as people say them, in German and English.

Babel (CLDR data) decides the plural category and the digit grouping, so "1 Chip" / "2 Chips",
"1 time unit" / "2 time units" and "1.000.000" / "1,000,000" follow each language's real rules
instead of hand-written ``if n == 1`` checks. Words themselves (the singular and plural forms of a
noun) come from the caller's phrase catalogue: this module only chooses between them.

Contract: every function is pure and takes ``lang`` ("de" or "en"; anything else falls back to
English rules). Nothing here reads the clock or the environment.
"""

from __future__ import annotations

from functools import lru_cache

from babel import Locale
from babel.numbers import format_decimal


@lru_cache(maxsize=8)
def _locale(lang: str) -> Locale:
    try:
        return Locale.parse(lang)
    except Exception:  # an unknown language code: English rules
        return Locale.parse("en")


def plural_category(n: int | float, lang: str) -> str:
    """CLDR plural category of ``n`` in ``lang``: "one" or "other" for German and English."""
    return _locale(lang).plural_form(abs(n))


def plural(n: int | float, one: str, other: str, lang: str) -> str:
    """``one`` or ``other`` for the count ``n`` (the word only, without the number)."""
    return one if plural_category(n, lang) == "one" else other


def say_number(n: int | float, lang: str) -> str:
    """A number as written for reading aloud: "1.000" (de), "1,000" (en); decimals with the
    language's separator ("2,5" / "2.5")."""
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    return format_decimal(n, locale=_locale(lang))


def count(n: int, one: str, other: str, lang: str) -> str:
    """The number and the noun in agreement: ``count(1, "Chip", "Chips", "de")`` → "1 Chip"."""
    return f"{say_number(n, lang)} {plural(n, one, other, lang)}"


_UNITS = {
    "de": {"minute": ("Minute", "Minuten"), "second": ("Sekunde", "Sekunden"), "and": "und", "or": "oder"},
    "en": {"minute": ("minute", "minutes"), "second": ("second", "seconds"), "and": "and", "or": "or"},
}


def say_duration(seconds: float, lang: str, *, short: bool = True) -> str:
    """A length of time the way people say it.

    Whole seconds (rounded half up). Under a minute: "20 Sekunden" / "1 second". Whole minutes:
    "5 Minuten" / "1 minute". Minutes and seconds: with ``short`` (the default, how people
    count down) "1 Minute 30" / "1 minute 30"; otherwise "1 Minute und 30 Sekunden" /
    "1 minute and 30 seconds".
    """
    words = _UNITS.get(lang, _UNITS["en"])
    total = int(seconds + 0.5) if seconds > 0 else 0
    minutes, secs = divmod(total, 60)
    if minutes == 0:
        return count(secs, *words["second"], lang)
    m = count(minutes, *words["minute"], lang)
    if secs == 0:
        return m
    if short:
        return f"{m} {secs}"
    return f"{m} {words['and']} {count(secs, *words['second'], lang)}"


_CURRENCY = {"de": ("{n} €", "{n} Euro"), "en": ("${n}", "{n} dollars")}


def say_money(amount: int, lang: str, *, symbol: str | None = None) -> str:
    """An amount of money with grouping: "1.000.000 €" (de), "$1,000,000" (en). ``symbol``
    overrides the currency sign (put after the number in German, before it in English)."""
    n = say_number(amount, lang)
    if symbol is None:
        return _CURRENCY.get(lang, _CURRENCY["en"])[0].format(n=n)
    return f"{n} {symbol}" if lang == "de" else f"{symbol}{n}"


def join_words(items: list[str], lang: str) -> str:
    """"A", "A und B", "A, B und C" / "A and B", "A, B and C"."""
    return _join(items, lang, "and")


def join_or(items: list[str], lang: str) -> str:
    """Choices: "A", "A oder B", "A, B oder C" / "A or B", "A, B or C"; "" for none."""
    return _join(items, lang, "or")


def _join(items: list[str], lang: str, word: str) -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_UNITS.get(lang, _UNITS['en'])[word]} {items[-1]}"
