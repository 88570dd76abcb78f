"""The session's card pool: which pack cards were drawn, and in which order.

No card is asked twice in one session. When a kind of card runs out, the cards drawn longest
ago come back first (the binding ruling), and the caller says so.
"""

from __future__ import annotations

import random
from typing import Sequence

from tiptoi_sim.assistants.rette_die_million.data import Card


class CardPool:
    def __init__(self) -> None:
        self.drawn: dict[str, int] = {}  # card id -> when it was last drawn (a running count)
        self._count = 0

    def fresh(self, cards: Sequence[Card]) -> int:
        """How many of ``cards`` were never drawn in this session."""
        return sum(1 for c in cards if c.id not in self.drawn)

    def draw(self, cards: Sequence[Card], n: int, rng: random.Random) -> tuple[list[Card], bool]:
        """Draw ``n`` cards of one kind; ``reused`` tells whether old cards had to come back."""
        fresh = [c for c in cards if c.id not in self.drawn]
        if len(fresh) >= n:
            picked, reused = rng.sample(fresh, n), False
        else:
            oldest = sorted((c for c in cards if c.id in self.drawn), key=lambda c: self.drawn[c.id])
            picked, reused = fresh + oldest[: n - len(fresh)], True
            rng.shuffle(picked)
        for c in picked:
            self._count += 1
            self.drawn[c.id] = self._count
        return picked, reused
