"""Gold Connection rules through the command language, with the rulebook's own examples."""

from __future__ import annotations

import pytest
from gc_helpers import arrange_case, arrange_safe, player, run, session, state, two_player_start


# -- the deal and the setup ----------------------------------------------------------------
def test_deal_six_to_a_safe_with_all_84_bars():
    s = session()
    st = state(s)
    assert len(st["safes"]) == 14
    assert all(len(b) == 6 for b in st["safes"].values())
    every = sorted(b for bs in st["safes"].values() for b in bs)
    for colour in ("red", "blue", "yellow", "green"):
        for value, n in {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}.items():
            assert every.count(f"{colour}{value}") == n
    # the deal follows the seed: the same seed gives the same vault, `deal N` the vault of N
    assert state(session(seed=5))["safes"] == st["safes"]
    assert state(session(seed=6))["safes"] != st["safes"]
    run(s, ["deal 6"])
    assert state(s)["safes"] == state(session(seed=6))["safes"]


def test_start_rolls_choose_one_die_or_both_and_reroll_when_taken():
    s = session()
    run(s, ["players Anna Ben Carl", "roll 2 4"])
    assert state(s)["start"] == {"dice": [2, 4], "options": [2, 4, 6]}
    run(s, ["!place 5", "place 6", "roll 6 6"])           # Ben: 6 taken -> 12 is the only choice
    assert state(s)["start"]["options"] == [12]
    run(s, ["place 12", "!roll 6", "roll 1 5"])            # Carl: 1 or 5 (6 is taken)
    assert state(s)["start"]["options"] == [1, 5]
    run(s, ["place 1"])
    st = state(s)
    assert [p["robber"] for p in st["players"]] == ["6", "12", "1"]
    # Ben stands on the highest safe: he lays his arrow first and begins, then clockwise
    assert st["phase"] == "arrows" and st["player"] == "Ben"
    run(s, ["!arrow 9", "arrow 6", "!roll 3 3"])
    assert state(s)["player"] == "Carl"
    run(s, ["arrow 8", "arrow A"])
    st = state(s)
    assert st["phase"] == "move" and st["player"] == "Ben" and st["counter"]["turn"] == 1


def test_start_roll_with_every_choice_taken_asks_to_roll_again():
    s = session()
    run(s, ["players Anna Ben", "roll 1 1"])                 # Anna: 1 or 2
    run(s, ["place 2", "roll 1 1"])                         # Ben: 1, 2 -> 1 is free
    assert state(s)["start"]["options"] == [1]
    s3 = session()
    run(s3, ["players Anna Ben Carl", "roll 1 1", "place 1", "roll 1 1", "place 2"])
    res = run(s3, ["roll 1 1"])                             # Carl: 1 and 2 taken
    assert "roll again" in res.said[0].lower()
    assert state(s3)["phase"] == "start_roll" and state(s3)["player"] == "Carl"


def test_four_players_leave_the_row_of_4_empty():
    s = session()
    run(s, ["players A1 B2 C3 D4"])
    assert all("red/4" not in p["case"] and "red/6" in p["case"] for p in state(s)["players"])
    s = session()
    run(s, ["players Anna Ben Carl"])
    assert all("red/4" in p["case"] for p in state(s)["players"])
    run(session(), ["!players Solo", "!players A B C D E", "!players Anna anna"])


# -- moving ------------------------------------------------------------------------------------
def test_junction_choice_and_no_turning_round():
    s = two_player_start(session(), anna=3, ben=8, ben_arrow="B", anna_arrow="10")
    run(s, ["!move 2", "!move 2 via 8", "!move 0", "!move 3 via 5 zz", "!move two"])
    run(s, ["move 1"])                                       # stops on the junction
    assert state(s)["turn"]["junction_ways"] == ["5", "7"]
    run(s, ["!move", "!move via 8", "move via 5", "!move 1 via 11"])
    st = state(s)
    assert player(s, "Ben")["arrow"] == "5" and st["turn"]["distance"] == 2
    run(s, ["!move 4 via 6", "move 5 via 6"])                # 5 -> 11 -> 2 -> 9 -> A, then the corridor
    assert player(s, "Ben")["arrow"] == "6" and state(s)["turn"]["distance"] == 7


# -- the target: the rulebook's examples 1 and 2 ---------------------------------------------------
def test_rulebook_examples_1_and_2_targets():
    s = two_player_start(session())                          # Ben on 8 pointing to 1, begins
    arrange_safe(s, "12", "blue2", "blue3", "red1", "red1", "red2", "green6")
    arrange_safe(s, "6", "blue1", "yellow1", "red4", "red4", "red5", "green5")
    run(s, ["move 2", "take blue2 blue3"])
    st = state(s)
    assert st["turn"]["pending"]["target"] == 7                # 2 + 2 + 3
    assert st["odds"]["dice"]["outcomes"] == "21/36"
    run(s, ["roll 3 4", "move", "take blue1 yellow1"])
    assert state(s)["turn"]["pending"]["target"] == 5          # 3 + 1 + 1: earlier bars not added again
    assert state(s)["turn"]["deposit"] == ["blue2", "blue3"]


def test_taking_needs_the_bars_and_refuses_the_wrong_safes():
    s = two_player_start(session(), anna=6, ben=8, anna_arrow="A")   # Ben 8 -> 1 -> 12 -> 6 (Anna)
    arrange_safe(s, "1", "blue2", "blue3", "red1", "red1", "red2", "green6")
    run(s, ["!take blue2", "move", "!take blue4", "!take pink2", "!take blue", "!take"])
    run(s, ["move 2", "!take red1"])                         # Anna's robber stone stands on 6
    run(s, ["!end", "!plunder red/6"])                       # cannot end there; her case has too few bars


def test_no_safe_twice_in_a_turn_and_not_the_starting_safe():
    s = two_player_start(session(), anna=3, ben=8, ben_arrow="1", anna_arrow="10")
    arrange_safe(s, "1", "red1", "red1", "red2", "red3", "red4", "red5")
    run(s, ["move", "take red1", "roll 1 1"])               # target 2
    run(s, ["!take red1", "move 9 via 9 via 8", "!take red1", "!end"])   # back on the starting safe 8
    run(s, ["move", "!take red2", "!end"])                  # safe 1 again
    assert state(s)["turn"]["distance"] == 11


# -- rolling, chips, failure ----------------------------------------------------------------
def test_chips_after_the_roll_and_failure_rules():
    s = two_player_start(session())
    arrange_safe(s, "1", "red3", "red3", "red4", "blue1", "blue1", "blue2")
    run(s, ["move", "take red3 red4", "!chips 1", "!fail", "!roll 7 1", "!roll 1", "!roll 13"])
    assert state(s)["turn"]["pending"]["target"] == 8
    run(s, ["roll 2 3"])                                    # no chips in hand: fails at once
    st = state(s)
    ben = player(s, "Ben")
    assert ben["chips"] == 2 and st["chips_supply"] == 18
    assert ben["arrow"] == "8" and ben["heading"] == "1"     # back on the stone, same direction
    assert st["safes"]["1"] == ["blue1", "blue1", "blue2", "red3", "red3", "red4"]
    assert st["player"] == "Anna" and st["counter"]["turn"] == 2
    # Anna fails too; then Ben again: he holds 2 chips
    run(s, ["move", "end", "!roll 0 0"])
    assert state(s)["turn"]["pending"]["target"] == 1
    run(s, ["roll 1 1"])                                     # ends on 10
    assert player(s, "Anna")["robber"] == "10"
    run(s, ["move", "take red3 red4"])
    o = state(s)["odds"]
    assert o["target"] == 8 and o["chips"] == 2
    assert o["dice"]["outcomes"] == "15/36" and o["with_chips"]["outcomes"] == "26/36"
    run(s, ["roll 3 3"])                                     # 6: two short, Ben may add chips
    assert state(s)["phase"] == "chips"
    run(s, ["!chips 3", "!chips 0", "chips 2"])
    assert player(s, "Ben")["chips"] == 0 and state(s)["chips_supply"] == 20
    assert state(s)["phase"] == "success" and state(s)["turn"]["deposit"] == ["red3", "red4"]


def test_chips_spent_on_a_failing_roll_leave_first_and_five_at_most():
    s = two_player_start(session())
    s.game.players[1]["chips"] = 4                           # Ben holds 4 (as if after two failures)
    s.game.supply -= 4
    arrange_safe(s, "1", "red3", "red3", "red4", "blue1", "blue1", "blue2")
    run(s, ["move", "take red4 red3", "roll 2 2"])            # target 8, sum 4: 4 short, 4 chips
    assert state(s)["phase"] == "chips"
    run(s, ["chips 1"])                                      # 5: still short -> 4 - 1 = 3, then + 2 = 5
    assert player(s, "Ben")["chips"] == 5 and state(s)["chips_supply"] == 15
    run(s, ["move", "end", "roll 1 1"])                      # Anna
    run(s, ["move", "take red4 red3", "roll 2 2", "fail"])   # Ben holds 5: no more chips
    assert player(s, "Ben")["chips"] == 5


def test_chips_can_reach_a_target_above_12():
    s = two_player_start(session())
    s.game.players[1]["chips"] = 5
    s.game.supply -= 5
    arrange_safe(s, "1", "red6", "red5", "red4", "blue1", "blue1", "blue2")
    run(s, ["move", "take red6 red5 red4"])                   # target 16
    o = state(s)["odds"]
    assert o["dice"]["outcomes"] == "0/36" and o["with_chips"]["outcomes"] == "3/36"
    run(s, ["roll 6 5", "chips 5"])
    assert state(s)["phase"] == "success"


def test_failure_puts_the_whole_deposit_into_the_arrows_safe():
    s = two_player_start(session())
    arrange_safe(s, "1", "red1", "red2", "red3", "blue1", "blue1", "blue2")
    arrange_safe(s, "12", "green1", "green2", "red4", "red4", "red5", "green6")
    run(s, ["move", "take red1 red2", "roll 2 2", "move", "take green1 green2", "roll 1 2"])
    st = state(s)
    assert st["safes"]["1"] == ["blue1", "blue1", "blue2", "red3"]
    assert sorted(st["safes"]["12"]) == sorted(["green1", "green2", "red4", "red4", "red5", "green6", "red1", "red2"])
    assert player(s, "Ben")["robber"] == "8"


def test_ending_without_bars_needs_the_roll_for_the_distance():
    s = two_player_start(session())
    run(s, ["move 2", "end"])
    assert state(s)["turn"]["pending"] == {"kind": "end", "bars": [], "target": 2}
    run(s, ["roll 1 1"])
    ben = player(s, "Ben")
    assert ben["robber"] == "12" and ben["heading"] == "6" and state(s)["player"] == "Anna"


def test_ending_on_a_junction_lays_the_arrow_in_a_chosen_way():
    s = two_player_start(session(), anna=3, ben=8, ben_arrow="B")
    run(s, ["move", "!end", "!end 8", "end 7", "roll 1 2"])
    ben = player(s, "Ben")
    assert ben["robber"] == "B" and ben["heading"] == "7"


# -- sorting: the rulebook's example 3 ---------------------------------------------------------
@pytest.mark.parametrize("how", ["put", "auto"])
def test_rulebook_example_3_green_row(how):
    s = two_player_start(session())
    arrange_case(s, "Ben", green_4=2)                        # green 1 and 2 from an earlier turn
    arrange_safe(s, "1", "green1", "green3", "red1", "red1", "red1", "red2")
    arrange_safe(s, "12", "green3", "green4", "red4", "red4", "red5", "green6")
    run(s, ["move", "take green1 green3", "roll 3 3", "move", "take green3 green4", "roll 6 5", "end"])
    assert state(s)["phase"] == "sort"
    if how == "put":
        run(s, ["!put green/5 3", "!put red/5", "!put green/6 2", "put green/4 3 4", "put green/5"])
    else:
        run(s, ["auto"])
    ben = player(s, "Ben")
    assert ben["case"]["green/4"] == 4 and ben["case"]["green/5"] + ben["case"]["green/6"] == 1
    # the second 3 could not be laid: it went back into the safe where the stone now stands
    assert ben["robber"] == "12" and "green3" in state(s)["safes"]["12"]
    assert state(s)["player"] == "Anna" and state(s)["phase"] == "move"


# -- plundering: the rulebook's example 4 ----------------------------------------------------------
def _plunder_setup():
    s = two_player_start(session(), anna=8, ben=12, ben_arrow="1", anna_arrow="B")  # Ben 12 -> 1 -> 8 (Anna)
    arrange_case(s, "Anna", green_6=4, green_5=2, red_4=4)    # 10 bars
    return s


def test_rulebook_example_4_plunder_from_the_top_and_success():
    s = _plunder_setup()
    run(s, ["move 2", "!plunder green/6:5", "!plunder green/7", "!plunder pink/6", "plunder green/6 green/5"])
    pend = state(s)["turn"]["pending"]
    assert sorted(pend["bars"]) == ["green2", "green4"] and pend["target"] == 2 + 4 + 2
    run(s, ["roll 4 4"])
    anna = player(s, "Anna")
    assert anna["case"]["green/6"] == 3 and anna["case"]["green/5"] == 1 and anna["bars"] == 8
    run(s, ["!end", "!plunder red/4", "move 2 via 5", "end", "roll 2 2"])   # must move on first
    assert player(s, "Ben")["robber"] == "5"
    # a 2 and a 4 of green fit no row of an empty case: they go into the safe where Ben now stands
    assert {"green2", "green4"} <= set(state(s)["safes"]["5"]) and state(s)["player"] == "Anna"


def test_plunder_failure_chips_for_both_and_bars_back():
    s = _plunder_setup()
    arrange_safe(s, "1", "red1", "red1", "red1", "blue1", "blue2", "blue3")
    run(s, ["move", "take red1", "roll 1 1", "move", "plunder green/6:2 red/4", "roll 2 2"])
    st = state(s)
    anna, ben = player(s, "Anna"), player(s, "Ben")
    # every failed roll gives its roller 2 chips, a failed plunder too; the robbed get theirs as well
    assert anna["chips"] == 2 and ben["chips"] == 2 and st["chips_supply"] == 16
    assert anna["case"]["green/6"] == 4 and anna["case"]["red/4"] == 4     # back in the same places
    assert "red1" in st["safes"]["8"]                                     # Ben's deposit: into his arrow's safe
    assert ben["arrow"] == "12" and ben["heading"] == "1"


def test_a_case_below_ten_bars_cannot_be_plundered():
    s = two_player_start(session(), anna=8, ben=12, ben_arrow="1", anna_arrow="B")
    arrange_case(s, "Anna", green_6=4, green_5=2, red_4=3)
    run(s, ["move 2", "!plunder green/6"])


# -- the end -----------------------------------------------------------------------------------------
def test_turn_counter_end_scoring_and_bonuses():
    s = two_player_start(session(turns=3))
    arrange_case(s, "Anna", green_5=5, red_6=6, blue_4=4)     # 15 + 21 + 10 + bonus 5 + 10
    arrange_case(s, "Ben", yellow_6=5)                        # 15, no bonus for an unfinished 6
    run(s, ["move", "end", "roll 1 1"])                      # turn 1 Ben
    run(s, ["move", "end", "roll 1 1"])                      # turn 2 Anna
    assert not s.game.over
    res = run(s, ["move", "end", "roll 1 1"])                # turn 3 Ben: the last one
    assert s.game.over and state(s)["phase"] == "over"
    result = state(s)["result"]
    assert {r["name"]: r["total"] for r in result["scores"]} == {"Anna": 46 + 15, "Ben": 15}
    assert result["winners"] == ["Anna"]
    assert any("Anna" in t for t in res.said)
    run(s, ["!move", "undo"])
    assert not s.game.over


def test_a_tie_goes_to_the_most_chips_then_two_winners():
    s = two_player_start(session(turns=1))
    arrange_case(s, "Anna", green_4=4)
    arrange_case(s, "Ben", red_4=4)
    s.game.players[0]["chips"] = 1
    run(s, ["move", "end", "roll 1 1"])
    assert state(s)["result"]["winners"] == ["Anna"]
    s = two_player_start(session(turns=1))
    arrange_case(s, "Anna", green_4=4)
    arrange_case(s, "Ben", red_4=4)
    run(s, ["move", "end", "roll 1 1"])
    assert sorted(state(s)["result"]["winners"]) == ["Anna", "Ben"]


@pytest.mark.parametrize("rows,take,row,over", [
    ({"red_6": 6, "blue_6": 5}, "blue6", "blue/6", True),
    ({"red_5": 5, "blue_5": 5, "green_5": 4}, "green5", "green/5", True),
    ({"red_6": 5, "blue_6": 5}, "blue6", "blue/6", False),
])
def test_variant_ends_on_two_6_series_or_three_5_series(rows, take, row, over):
    s = two_player_start(session(variant=True, turns=1))      # the turn counter does not end the variant
    arrange_case(s, "Ben", **rows)
    arrange_safe(s, "1", take, "red1", "red1", "red1", "blue1", "yellow1")
    run(s, ["move", f"take {take}", "roll 6 6", "end", f"put {row}"])
    assert s.game.over is over
    if over:
        assert state(s)["result"]["winners"] == ["Ben"]


# -- on screen: the program's dice ---------------------------------------------------------------
def test_screen_mode_rolls_from_the_seed_and_reads_typed_dice_too():
    def play(seed):
        s = session(mode="screen", seed=seed)
        run(s, ["players Anna:green Ben", "!roll 3 9", "roll"])
        return s
    a, b = play(21), play(21)
    assert state(a)["start"] == state(b)["start"]
    assert [p["colour"] for p in state(a)["players"]] == ["green", "red"]
    run(a, [f"place {state(a)['start']['options'][0]}"])
    while state(a)["phase"] in ("start_roll", "start_place"):
        st = state(a)
        run(a, [f"place {st['start']['options'][0]}"] if st["start"] else ["roll"])
    assert state(a)["phase"] == "arrows"
    run(a, [a.game.suggestions()[0]])
    run(a, [a.game.suggestions()[0]])
    run(a, ["move", "!roll"])
    here = a.game.me["arrow"]
    bar = state(a)["safes"][here][0]
    assert a.game._robber_at(here) is None                   # (with this seed the safe is free)
    run(a, [f"take {bar}", "roll"])
    assert state(a)["last_roll"]["sum"] == sum(state(a)["last_roll"]["dice"])
    # the dice on the table are the truth: typed dice count on screen as well
    b = play(22)
    run(b, ["undo", "roll 6 5"])
    assert state(b)["start"]["dice"] == [6, 5]


def test_setup_commands_and_bad_options():
    s = session(mode="screen")
    run(s, ["mode table", "variant on", "!mode paper", "!variant maybe", "players Anna Ben",
            "!mode screen", "!deal x", "deal 12", "roll 5", "!deal 13"])
    assert state(s)["mode"] == "table" and state(s)["variant"] is True
    from tiptoi_sim.core.errors import UserError
    from gc_helpers import assets
    from tiptoi_sim.assistants.gold_connection.game import GoldConnection
    for bad in ({"mode": "paper"}, {"variant": "maybe"}, {"colour": "red"}):
        with pytest.raises(UserError):
            GoldConnection(assets(), seed=1, lang="en", options=bad)


def test_german_names_stones_and_arrows_without_a_genitive_s():
    """Names ending in s, x or z ("Jens", "Max") make no "Jenss" or "Maxs": a stone and an
    arrow are "der Räuberstein von Max"; the arrow's prompt names the ways (safe or junction)
    and gives a command to type."""
    s = session(lang="de")
    said = []
    for line in ["players Max Jens", "roll 3", "roll 8", "arrow 1", "!arrow 4", "arrow 10"]:
        res = run(s, [line])
        said += res.said
    text = " ".join(said)
    assert "Maxs" not in text and "Jenss" not in text
    assert "Der Räuberstein von Max steht auf Tresor 3." in said
    assert "Der Pfeil von Jens zeigt in Richtung Tresor 1." in said
    assert "Jens, lege deinen Pfeil: in Richtung Tresor 1 oder Kreuzung B? Tippe zum Beispiel arrow 1." in said
    assert ("Von Tresor 3 kann der Pfeil in Richtung Kreuzung A oder Tresor 10 zeigen."
            in said)
