"""The one place where text a user typed or wrote becomes a number.

Every number that comes from a person (a command line, a typed command, a scenario or state
file read as text, an option) goes through one of these parsers. They accept ASCII digits only
(``"²"``, ``"③"`` and ``"١"`` pass ``str.isdigit()`` but are refused here), bound the value to
what the game can mean, and raise :class:`NumberError` naming the field and what was expected.
Nothing else in the program calls ``int()``, ``float()`` or ``isdigit()`` on user text
(``tests/reliability/test_number_parsing.py`` scans the package for it).

``NumberError`` is a :class:`UserError`; front ends that need a rule refusal instead (the table
assistants) catch it and turn ``str(e)`` into their refusal.
"""

from __future__ import annotations

import math
import re

from tiptoi_sim.core.errors import UserError

_WHOLE = re.compile(r"[+-]?[0-9]+\Z", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)(?:[eE][+-]?[0-9]+)?\Z", re.ASCII)
#: longest digit string we look at: protects int() from 100k-character lines
_MAX_LEN = 40


class NumberError(UserError):
    """A value that is not the number expected. ``field`` names where it came from."""

    def __init__(self, field: str | None, value: object, expected: str):
        self.field = field
        self.value = value
        self.expected = expected
        shown = repr(value) if not isinstance(value, str) or len(value) <= 40 else repr(value[:37] + "...")
        where = f"{field}: " if field else ""
        super().__init__(f"{where}{shown} is not {expected}")


def _describe(lo, hi, what: str) -> str:
    lo = f"{lo:g}" if isinstance(lo, float) else lo
    hi = f"{hi:g}" if isinstance(hi, float) else hi
    if lo is not None and hi is not None:
        return f"{what} from {lo} to {hi}"
    if lo is not None:
        return f"{what} of at least {lo}"
    if hi is not None:
        return f"{what} of at most {hi}"
    return what


def parse_whole(value: object, *, field: str | None = None, lo: int | None = None,
                hi: int | None = None, what: str = "a whole number") -> int:
    """A whole number written with ASCII digits (an optional sign), ``lo <= n <= hi``.

    Accepts an ``int`` as it is (YAML already parsed it), but never a ``bool`` or a float.
    """
    expected = _describe(lo, hi, what)
    if isinstance(value, bool):
        raise NumberError(field, value, expected)
    if isinstance(value, int):
        n = value
    elif isinstance(value, str):
        text = value.strip().replace("_", "")
        if len(text) > _MAX_LEN or not _WHOLE.match(text):
            raise NumberError(field, value, expected)
        n = int(text, 10)
    else:
        raise NumberError(field, value, expected)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise NumberError(field, value, expected)
    return n


def parse_decimal(value: object, *, field: str | None = None, lo: float | None = None,
                  hi: float | None = None, what: str = "a number",
                  lo_open: bool = False) -> float:
    """A finite decimal number (``1``, ``0.5``, ``2,5``, ``1e-3``) with ASCII digits only.

    ``lo_open`` makes the lower bound exclusive (``> lo``), for sizes that must be positive.
    NaN and the infinities are always refused.
    """
    if lo is not None and lo_open:
        expected = f"{what} greater than {lo}" + (f" and at most {hi}" if hi is not None else "")
    else:
        expected = _describe(lo, hi, what)
    if isinstance(value, bool):
        raise NumberError(field, value, expected)
    if isinstance(value, (int, float)):
        x = float(value) if not isinstance(value, int) or abs(value) < 10 ** 300 else math.inf
    elif isinstance(value, str):
        text = value.strip().replace("_", "")
        if len(text) > _MAX_LEN or not _DECIMAL.match(text):
            raise NumberError(field, value, expected)
        x = float(text.replace(",", "."))
    else:
        raise NumberError(field, value, expected)
    if not math.isfinite(x):
        raise NumberError(field, value, expected)
    if lo is not None and (x < lo or (lo_open and x <= lo)):
        raise NumberError(field, value, expected)
    if hi is not None and x > hi:
        raise NumberError(field, value, expected)
    return x


def parse_seconds(value: object, *, field: str | None = None, lo: float = 0.0,
                  hi: float = 24 * 3600.0, what: str = "a time in seconds") -> float:
    """A time in seconds: finite, ``lo <= s <= hi`` (a day at most by default)."""
    return parse_decimal(value, field=field, lo=lo, hi=hi, what=what)


#: a time unit of at least 1 ms and at most 5 minutes: what `--unit-seconds` can mean
UNIT_SECONDS_MIN = 0.001
UNIT_SECONDS_MAX = 300.0


def parse_unit_seconds(value: object, *, field: str | None = "unit_seconds") -> float:
    """The length of one time unit in seconds, from 0.001 to 300."""
    return parse_decimal(value, field=field, lo=UNIT_SECONDS_MIN, hi=UNIT_SECONDS_MAX,
                         what="a time unit in seconds")


def parse_units(value: object, *, field: str | None = None, lo: int = 0, hi: int = 500) -> int:
    """A whole number of time units, at most a few hundred (default 0..500)."""
    return parse_whole(value, field=field, lo=lo, hi=hi, what="a whole number of time units")


def parse_money(value: object, *, field: str | None = None, lo: int = 0,
                hi: int = 10 ** 12) -> int:
    """An amount of money as a whole number. Accepts ``1000``, ``1.000``, ``1,000``, ``1 000``,
    ``1000€``, ``$1000``, ``1k``, ``2M`` / ``2 Mio``; always a whole amount, ``lo..hi``."""
    expected = _describe(lo, hi, "an amount of money")
    if isinstance(value, bool):
        raise NumberError(field, value, expected)
    if isinstance(value, int):
        n = value
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > _MAX_LEN:
            raise NumberError(field, value, expected)
        text = text.strip("$€").strip()
        mult = 1
        low = text.lower()
        for suffix, m in ((" mio", 10 ** 6), ("mio", 10 ** 6), ("m", 10 ** 6), ("k", 1000)):
            if low.endswith(suffix):
                text, mult = text[: -len(suffix)].strip(), m
                break
        if mult == 1:
            digits = re.sub(r"(?<=[0-9])[ .,'’](?=[0-9]{3}(?:[ .,'’]|\Z))", "", text)
            if not _WHOLE.match(digits or "x"):
                raise NumberError(field, value, expected)
            n = int(digits, 10)
        else:
            if not _DECIMAL.match(text or "x") or "e" in text.lower():
                raise NumberError(field, value, expected)
            x = float(text.replace(",", ".")) * mult
            if x != int(x):
                raise NumberError(field, value, expected)
            n = int(x)
    else:
        raise NumberError(field, value, expected)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise NumberError(field, value, expected)
    return n


def is_whole(text: str) -> bool:
    """True if ``text`` is a whole number in ASCII digits (no sign): a safe ``isdigit()``."""
    return isinstance(text, str) and len(text) <= _MAX_LEN and re.fullmatch(r"[0-9]+", text, re.ASCII) is not None


def option(parse, **kw):
    """An ``argparse`` ``type=`` for a number option: ``type=option(parse_whole, lo=0)``.

    A refused value becomes argparse's own one-line error (``argument --seed: ...``, exit 2),
    with the bounds in the message."""
    import argparse

    def convert(text: str):
        try:
            return parse(text, **kw)
        except NumberError as e:
            raise argparse.ArgumentTypeError(f"{e.value!r} is not {e.expected}") from None

    convert.__name__ = getattr(parse, "__name__", "number")
    return convert


#: the largest seed an option or a journal may hold (any 63-bit number is a fine seed)
SEED_MAX = 2 ** 63 - 1


def parse_seed(value: object, *, field: str | None = "seed") -> int:
    """A random seed: a whole number from 0 to 2**63-1."""
    return parse_whole(value, field=field, lo=0, hi=SEED_MAX, what="a seed (a whole number)")
