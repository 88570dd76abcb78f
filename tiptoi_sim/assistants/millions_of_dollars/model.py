"""Small value types of a Millions of Dollars game and the parsing of the words people type
(player names or seat numbers, role names in either language, amounts like ``3``, ``3M``, ``$3M``)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

#: words that mean "nobody" in a reveal or a target
NOBODY = ("none", "nobody", "-", "niemand", "keiner", "keine")
#: the word between an amount and its payer in ``leave``
FROM = ("from", "von")
#: words a player may not be called (they mean something in the command language)
RESERVED = set(NOBODY) | set(FROM) | {"all", "alle"}


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


_AMOUNT = re.compile(r"^\$?(\d+)\s*(m|mio|mio\.)?$", re.IGNORECASE)


def parse_amount(word: str) -> int | None:
    """``3``, ``3M``, ``$3M`` -> 3 (millions); anything else -> None."""
    m = _AMOUNT.match(word.strip())
    return int(m.group(1)) if m else None
