"""Exact chances of a roll, as fractions: the sum of the dice (plus the chips a player adds
after seeing the roll) must reach the target."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache


@lru_cache(maxsize=None)
def sum_counts(count: int, sides: int) -> tuple[tuple[int, int], ...]:
    """How many of the ``sides**count`` equally likely outcomes give each sum."""
    dist = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for s, n in dist.items():
            for face in range(1, sides + 1):
                nxt[s + face] = nxt.get(s + face, 0) + n
        dist = nxt
    return tuple(sorted(dist.items()))


def chance(target: int, *, chips: int = 0, count: int = 2, sides: int = 6) -> Fraction:
    """P(sum of the dice + chips >= target). Chips are spent after the roll, only when needed,
    so holding ``chips`` means every roll within ``chips`` of the target succeeds."""
    total = sides ** count
    good = sum(n for s, n in sum_counts(count, sides) if s + chips >= target)
    return Fraction(good, total)


def describe(f: Fraction, total: int) -> dict:
    """A chance for the public state: ``"21/36"`` over all outcomes, and a percentage."""
    return {"outcomes": f"{int(f * total)}/{total}", "fraction": str(f), "percent": round(float(f) * 100, 1)}
