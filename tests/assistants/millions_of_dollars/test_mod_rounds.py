"""Set-up, planning, negotiation and the end of Millions of Dollars, through the command language."""

from __future__ import annotations

import pytest
from conftest import cash, no, ok, up

SEVEN = ["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Gus"]
FOUR = SEVEN[:4]


@pytest.mark.parametrize("n, roles", [
    (3, ["tech", "acrobat", "brute", "mentalist", "driver"]),
    (4, ["acrobat", "brute", "driver"]),
    (5, ["tech", "acrobat", "brute", "driver"]),
    (6, ["tech", "acrobat", "brute", "mentalist", "driver"]),
    (7, ["tech", "acrobat", "brute", "mentalist", "brain", "driver"]),
    (9, ["tech", "acrobat", "brute", "mentalist", "brain", "driver"]),
])
def test_setup_by_player_count(make, n, roles):
    names = [f"P{chr(65 + i)}" for i in range(n)]
    s = make(names, leader=names[1])
    st = s.game.public_state()
    assert st["roles_in_use"] == roles
    assert st["two_roles"] == (n == 3)
    assert [p["cash"] for p in st["players"]] == [10] * n
    assert st["reserve"] == 400 and st["centre"] == 0 and st["total"] == 400 + 10 * n
    assert [p["leader"] for p in st["players"]] == [i == 1 for i in range(n)]
    assert st["phase"] == "ready" and st["loot_cards"] == 5 and len(s.game.deck) == 5


def test_setup_refusals(make):
    s = make(["A", "B", "C"], start=False)
    ok(s, "undo")  # back to no players
    assert "3 to 10" in no(s, "players Anna Ben")
    assert no(s, "players Anna Ben anna")
    assert no(s, "players Anna Ben Brute")       # a role's name
    assert no(s, "players Anna Ben 7")           # a seat number
    assert no(s, "start")                        # no players yet
    ok(s, "players Anna Ben Cara", "leader 3")
    assert s.game.public_state()["players"][2]["leader"]
    assert no(s, "leader Zoe")
    assert no(s, "plan")                         # not started


def test_shipped_deck_draws_five_distinct_cards_by_seed(asset_copy):
    from tiptoi_sim.assistants.millions_of_dollars.game import MillionsOfDollars
    from tiptoi_sim.assistants.session import AssistantSession

    assets = MillionsOfDollars.load_assets(asset_copy)
    assert len(assets.loot) >= 10
    decks = []
    for seed in (1, 1, 2):
        s = AssistantSession(MillionsOfDollars(assets, seed=seed, lang="en"))
        ok(s, "players A B C D", "start")
        decks.append(list(s.game.deck))
    assert decks[0] == decks[1] and len(set(decks[0])) == 5
    assert decks[0] != decks[2]


def test_planning_adds_loot_cash_and_collects_stakes(make):
    s = make(FOUR, cash=12)
    res = ok(s, "plan")
    st = res.state
    assert st["phase"] == "planning" and st["round"] == 1 and st["loot"]["cash"] == 12
    assert st["centre"] == 12 + 4 * 2 and st["reserve"] == 400 - 12
    assert all(p["cash"] == 8 and p["staked"] == 2 and p["roles_in"] == 1 for p in st["players"])
    assert no(s, "leave Anna")                   # not negotiating yet
    assert "faceup" in no(s, "negotiate")
    ok(s, up, "negotiate")
    assert s.game.timer_seconds() == 120.0


def test_three_players_stake_per_role(make):
    s = make(["A", "B", "C"])
    st = ok(s, "plan").state
    assert st["centre"] == 10 + 3 * 4
    assert all(p["cash"] == 6 and p["roles_in"] == 2 for p in st["players"])


def test_leave_returns_stake_and_pays_the_agreed_amounts(make):
    s = make(FOUR)
    ok(s, "plan", up, "negotiate")
    res = ok(s, "leave Dan 3 from Ben 1 from Cara")
    assert cash(s) == {"Anna": 8, "Ben": 5, "Cara": 7, "Dan": 8 + 2 + 3 + 1}
    assert res.state["centre"] == 10 + 6
    assert res.state["players"][3]["roles_in"] == 0
    assert "Ben pays Dan 3 million dollars for leaving." in res.said
    assert "no role left" in no(s, "leave Dan")
    assert "only 5 million dollars" in no(s, "leave Anna 6 from Ben")
    assert "only 5 million dollars" in no(s, "leave Anna 3 from Ben 3 from Ben")  # the sum counts
    assert no(s, "leave Anna 2 from Anna")
    assert no(s, "leave Anna -2 from Ben")
    assert no(s, "leave Anna 2 Ben 3")          # an amount without its payer
    ok(s, "leave Anna $2M Ben")                  # "from" may be left out, $..M understood
    assert cash(s)["Anna"] == 8 + 2 + 2


@pytest.mark.parametrize("players, yes, passes", [
    (4, 2, True), (4, 1, False), (5, 3, True), (5, 2, False), (7, 4, True), (7, 3, False), (3, 2, True),
])
def test_vote_needs_at_least_half_of_all_players(make, players, yes, passes):
    s = make(SEVEN[:players])
    ok(s, "plan", up, "negotiate", "leave Anna")   # a player who left still votes
    res = ok(s, f"vote {yes}")
    assert res.state["phase"] == ("heist" if passes else "negotiation")


def test_vote_by_names_and_refusals(make):
    s = make(FOUR)
    ok(s, "plan", up, "negotiate")
    assert no(s, "vote 5")
    assert no(s, "vote Anna anna")
    assert ok(s, "vote Anna").state["phase"] == "negotiation"
    assert ok(s, "vote none").state["phase"] == "negotiation"
    assert ok(s, "vote Anna Dan").state["phase"] == "heist"


def test_timer_and_timeout(make):
    s = make(FOUR, options={"timer": 45})
    assert s.game.timer_seconds() is None
    ok(s, "plan")
    assert s.game.timer_seconds() is None      # choosing cards is not timed
    ok(s, up, "negotiate")
    assert s.game.timer_seconds() == 45.0
    ok(s, "timer 0")
    assert s.game.timer_seconds() is None
    ok(s, "timer 90")
    assert s.game.timer_seconds() == 90.0
    res = ok(s, s.game.timer_command)
    assert res.state["phase"] == "heist" and res.state["calling"] == "acrobat"
    assert s.game.timer_seconds() is None
    assert no(s, "timeout")


def test_all_leave_loot_goes_back_and_leader_to_poorest(make):
    s = make(FOUR, cash=10)
    ok(s, "plan", up, "negotiate", "leave Anna", "leave Ben 1 from Anna", "leave Cara", "leave Dan")
    res = ok(s, "vote 2")
    st = res.state
    assert st["phase"] == "ready" and st["centre"] == 0 and st["reserve"] == 400
    # Anna is poorest (9): she takes the leader card from herself? She is the leader and the only poorest
    assert cash(s) == {"Anna": 9, "Ben": 11, "Cara": 10, "Dan": 10}
    assert st["players"][0]["leader"]


def test_leader_card_ties_go_nearest_clockwise_leader_last(make):
    s = make(FOUR, leader="Cara")
    ok(s, "plan", up, "negotiate", "leave Anna", "leave Ben", "leave Cara", "leave Dan", "vote 4")
    # everyone has 10 million dollars: nearest clockwise after Cara is Dan
    assert [p["name"] for p in s.game.public_state()["players"] if p["leader"]] == ["Dan"]


@pytest.mark.parametrize("leader, winner", [("Cara", "Anna"), ("Ben", "Ben"), ("Anna", "Anna"), ("Dan", "Anna")])
def test_fifty_million_wins_at_once_ties_nearest_leader(make, leader, winner):
    s = make(FOUR, cash=100, leader=leader)
    ok(s, "plan", up, "negotiate", "leave Cara", "leave Dan", "vote 2",
       "reveal acrobat none")
    res = ok(s, "reveal brute Anna Ben")
    # centre 108 - 4 = 104; Brutes take 2 each; 100 shared by 2 -> 50 each; 8 + 2 + 50 = 60
    assert cash(s)["Anna"] == cash(s)["Ben"] == 60
    assert res.state["phase"] == "over" and res.state["winner"] == winner
    assert s.game.over
    assert "is over" in no(s, "plan")
    ok(s, "undo")
    assert s.game.public_state()["phase"] == "heist"


def test_richest_wins_after_the_fifth_loot_card(make):
    s = make(FOUR, cash=10)
    for rnd in range(1, 6):
        assert s.game.public_state()["phase"] == "ready"
        ok(s, "plan", up, "negotiate")
        if rnd == 5:
            ok(s, "leave Dan 1 from Anna")
        ok(s, "leave Anna", "leave Ben", "leave Cara")
        if rnd < 5:
            ok(s, "leave Dan")
        ok(s, "vote 2")
    st = s.game.public_state()
    assert st["phase"] == "over" and st["winner"] == "Dan" and st["round"] == 5
    assert cash(s) == {"Anna": 9, "Ben": 10, "Cara": 10, "Dan": 11}


def test_last_card_tie_goes_to_the_leader(make):
    s = make(FOUR, cash=10, leader="Ben")
    for _ in range(5):
        ok(s, "plan", up, "negotiate", "leave Anna", "leave Ben", "leave Cara", "leave Dan", "vote 2")
    st = s.game.public_state()
    # the leader card went Ben->Cara->Dan->Anna->Ben; all tied at 10 million dollars: the leader is nearest
    leader = [p["name"] for p in st["players"] if p["leader"]]
    assert st["winner"] == leader[0] == "Ben"


def test_unknown_and_malformed_commands_say_why(make):
    s = make(FOUR)
    assert "help" in no(s, "steal everything")
    assert no(s, "leave")
    assert no(s, "timer soon")
    assert no(s, 'leave "Anna')                 # bad quoting


def test_german_is_the_default(make):
    s = make(FOUR, lang="de")
    res = ok(s, "plan")
    assert any("Beutekarte" in t for t in res.said)
    assert "erst, wenn Beutekarte 1 verteilt ist" in no(s, "plan")


def test_one_countdown_per_negotiation(make):
    s = make(FOUR, options={"timer": 60})
    assert s.game.timer_key() is None
    ok(s, "plan", up, "negotiate")
    key = s.game.timer_key()
    ok(s, "leave Dan 1 from Anna", "vote 1")           # deals and a failed vote: same countdown
    assert s.game.timer_key() == key
    ok(s, "timer 30")                                  # another time: a new countdown
    assert s.game.timer_key() != key and s.game.timer_seconds() == 30.0
    ok(s, "vote 2")
    assert s.game.timer_key() is None
