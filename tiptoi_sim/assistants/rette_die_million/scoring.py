"""The scoreboard of a session of runs, by the rulebook's order.

"Note the amount of money won in the eighth round … If a team does not make it to the eighth
round, note the round in which the team was eliminated … the team that got furthest does best.
If several teams got equally far, the amount of money saved up to that point decides."

So a run is ranked by the key (round reached, money after the last round, money saved): a team
that got through the last round with money beats one that lost it there; among teams out in
the same round the money saved decides. "Money saved" is the money the team held when the round
it lost began (the binding ruling); for a team that got through, it is its final money.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RunResult:
    team: str
    members: tuple[str, ...]
    round_reached: int   # the round the team was out in, or the last round if it got through
    chips_after: int     # chips after the last round (0 if the team was out)
    chips_saved: int     # chips held when the round it lost began, or chips_after
    finished: bool       # got through the last round with money


def rank_key(r: RunResult) -> tuple[int, int, int]:
    return (r.round_reached, r.chips_after, r.chips_saved)


def ranked(results: list[RunResult]) -> list[tuple[int, RunResult]]:
    """Results best first with their place; equal keys share a place (1, 2, 2, 4)."""
    order = sorted(results, key=rank_key, reverse=True)  # stable: earlier runs first among equals
    out: list[tuple[int, RunResult]] = []
    for i, r in enumerate(order):
        place = out[-1][0] if out and rank_key(out[-1][1]) == rank_key(r) else i + 1
        out.append((place, r))
    return out
