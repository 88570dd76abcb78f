"""Small value types of a Millions of Dollars game and the parsing of the words people type
(player names or seat numbers, role names in either language, amounts like ``3``, ``3M``, ``$3M``)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from tiptoi_sim.core.numbers import NumberError, is_whole, parse_money, parse_whole

MILLION = 1_000_000

#: words that mean "nobody" in a reveal or a target
NOBODY = ("none", "nobody", "-", "niemand", "keiner", "keine")
#: the word between an amount and its payer in ``leave``
FROM = ("from", "von")
#: the word between a payer and the payee in ``pay`` (optional)
TO = ("to", "an")
#: a player's answer in a vote
YES = ("yes", "ja", "dafuer")
NO = ("no", "nein", "dagegen")
#: words a player may not be called (they mean something in the command language)
RESERVED = set(NOBODY) | set(FROM) | set(TO) | set(YES) | set(NO) | {"all", "alle", "value", "wert"}


@dataclass
class Slot:
    """One role card in this round's heist. A player has one, or two in the three-player
    variant; the program learns ``role`` only when the heist calls and reveals it."""

    owner: int                      # seat index (0-based)
    stake: int                      # what was staked for it (returned on leaving)
    in_heist: bool = True           # False once its player took it out in the negotiation
    role: str | None = None         # role id, once revealed in the heist
    eliminated: str | None = None   # None, "tech" or "duplicate"

    @property
    def still_in(self) -> bool:
        """In the heist and not eliminated: shares the loot and counts for the Driver."""
        return self.in_heist and self.eliminated is None


def fold(word: str) -> str:
    """Lower case without accents, ``ä``/``ae`` alike, for forgiving matching of typed words."""
    w = word.strip().lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        w = w.replace(a, b)
    w = unicodedata.normalize("NFKD", w)
    return "".join(c for c in w if not unicodedata.combining(c))


def parse_amount(word: str) -> int | None:
    """Whole millions as people type them: ``3``, ``3M``, ``$3M``, ``3 Mio`` and ``3000000``
    all mean 3; None for anything else (no number, a fraction of a million, a sign).
    The digits go through :func:`tiptoi_sim.core.numbers.parse_money`."""
    text = word.strip()
    if not text or text[0] in "+-":
        return None
    try:
        n = parse_money(text, lo=0)
    except NumberError:
        return None
    if n >= MILLION:  # "3M", "3 Mio", "3000000": an amount in dollars
        return n // MILLION if n % MILLION == 0 else None
    return n


def parse_count(word: str) -> int | None:
    """A plain count (a number of votes, seconds, a seat): ASCII digits only, else None."""
    return parse_whole(word, lo=0) if is_whole(word.strip()) else None
