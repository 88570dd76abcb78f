"""The exact chance of a roll: two dice, plus the chips a player may add after seeing them."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from gc_helpers import arrange_safe, run, session, state, two_player_start

from tiptoi_sim.assistants.gold_connection.odds import chance, sum_counts

# the number of the 36 outcomes of two dice that reach each target (textbook table)
REACH = {2: 36, 3: 35, 4: 33, 5: 30, 6: 26, 7: 21, 8: 15, 9: 10, 10: 6, 11: 3, 12: 1, 13: 0}


@pytest.mark.parametrize("target,good", sorted(REACH.items()))
def test_two_dice_reach_the_target(target, good):
    assert chance(target) == Fraction(good, 36)


def test_chips_shift_the_target_and_one_die_works_too():
    for target in range(0, 20):
        for chips in range(0, 6):
            brute = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + b + chips >= target)
            assert chance(target, chips=chips) == Fraction(brute, 36)
    assert chance(4, count=1) == Fraction(1, 2)
    assert dict(sum_counts(2, 6))[7] == 6


@pytest.mark.parametrize("take,target,dice,with_chips,chips", [
    ("red1", 2, "36/36", "36/36", 0),
    ("red3 red4", 8, "15/36", "26/36", 2),
    ("red3 red4 red2", 10, "6/36", "21/36", 3),
])
def test_the_state_shows_both_chances_before_the_roll(take, target, dice, with_chips, chips):
    s = two_player_start(session())
    s.game.players[1]["chips"] = chips
    arrange_safe(s, "1", "red1", "red2", "red3", "red4", "blue1", "blue2")
    run(s, ["move", f"take {take}"])
    o = state(s)["odds"]
    assert (o["target"], o["dice"]["outcomes"], o["with_chips"]["outcomes"], o["chips"]) == \
        (target, dice, with_chips, chips)
    assert o["dice"]["fraction"] == str(Fraction(*map(int, dice.split("/"))))
    res = run(s, ["state"])
    run(s, ["roll 6 6"])
    assert state(s)["odds"] is None            # shown only while a roll is pending
    assert res.state["odds"] == o
