"""The heist and the sharing of Millions of Dollars, through the command language."""

from __future__ import annotations

from conftest import cash, no, ok

SEVEN = ["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Gus"]
FOUR = SEVEN[:4]


def heist(make, players, faceup, *lines, **card):
    s = make(players, **card)
    ok(s, "plan", "faceup " + faceup, "negotiate", *lines)
    return s


def test_tech_eliminates_a_brute_who_is_paid_mentalist_brain_driver_and_rounding(make):
    s = heist(make, SEVEN, "tech acrobat brute mentalist brain driver", "leave Gus", "vote 4", cash=10, brain=6)
    # centre 10 + 7*2 - 2 = 22
    assert s.game.public_state()["calling"] == "tech"
    ok(s, "reveal tech Anna")
    assert s.game.public_state()["waiting_for"] == "tech_target"
    assert no(s, "reveal acrobat Ben")                     # first the target
    assert no(s, "target tech")                            # not itself
    ok(s, "target brute")
    ok(s, "reveal acrobat Ben")                            # +5 -> centre 17
    res = ok(s, "brute Cara")                              # eliminated by the Tech, paid 2 -> 15
    assert "Cara's brute is eliminated but still takes 2 million dollars from the centre." in res.said
    assert res.state["players"][2]["eliminated"] == ["brute"]
    ok(s, "reveal mentalist Dan")
    assert "only: Anna (tech), Ben (acrobat)" in no(s, "target Cara")  # eliminated: not a victim
    res = ok(s, "target Ben")                              # Ben 13 -> 11, Dan 8 -> 10
    assert "Dan, the mentalist, robs Ben, the acrobat, of 2 million dollars." in res.said
    ok(s, "reveal brain Eva")                              # +6 from the reserve -> centre 21
    res = ok(s, "reveal driver Finn")                      # 5 roles still in: +5 -> centre 16
    assert "Finn, the driver, takes 5 million dollars from the centre, for 5 roles still in the heist." in res.said
    # 16 shared by 5 roles -> 4 each, 4 added from the reserve
    assert "The loot of 20 million dollars is shared by 5 roles: 4 million dollars each (4 million dollars from the reserve to round up)." in res.said
    assert cash(s) == {"Anna": 12, "Ben": 15, "Cara": 10, "Dan": 14, "Eva": 12, "Finn": 17, "Gus": 10}
    st = res.state
    assert st["reserve"] == 400 - 10 - 6 - 4 and st["centre"] == 0
    # poorest: Cara and Gus with 10 million dollars; nearest clockwise after the leader Anna is Cara
    assert [p["name"] for p in st["players"] if p["leader"]] == ["Cara"]


def test_duplicates_are_eliminated_except_brutes(make):
    s = heist(make, SEVEN, "acrobat acrobat brute mentalist driver tech", "leave Anna", "vote 4", cash=10)
    ok(s, "reveal tech none")
    res = ok(s, "reveal acrobat Ben Cara")
    assert "Several acrobats: Ben and Cara are eliminated and have no effect." in res.said
    assert res.state["centre"] == 22
    res = ok(s, "reveal brute Dan Eva")                    # both paid: centre 18
    assert res.state["centre"] == 18 and cash(s)["Dan"] == cash(s)["Eva"] == 10
    ok(s, "reveal mentalist Finn")
    assert "name the player" in no(s, "target brute")      # two Brutes
    ok(s, "target Eva")                                    # Eva 8, Finn 10
    ok(s, "reveal brain none")
    res = ok(s, "reveal driver Gus")                       # Dan, Eva, Finn, Gus: +4 -> 14
    # 14 / 4 -> 4 each (2 from the reserve)
    assert cash(s) == {"Anna": 10, "Ben": 8, "Cara": 8, "Dan": 14, "Eva": 12, "Finn": 14, "Gus": 16}
    assert res.state["reserve"] == 400 - 10 - 2


def test_duplicate_drivers_and_mentalists_have_no_effect(make):
    s = heist(make, SEVEN, "brute mentalist mentalist brain driver driver", "vote 7", cash=10)
    ok(s, "reveal tech none", "reveal acrobat none", "reveal brute Anna")
    res = ok(s, "reveal mentalist Ben Cara")
    assert res.state["waiting_for"] is None
    ok(s, "reveal brain Dan")
    res = ok(s, "reveal driver Eva Finn Gus")
    assert res.state["phase"] == "ready"
    # only Anna (Brute) and Dan (Brain) share: 24 - 2 + 10 = 32 -> 16 each
    assert cash(s)["Anna"] == 8 + 2 + 16 and cash(s)["Dan"] == 8 + 16
    assert cash(s)["Eva"] == cash(s)["Ben"] == 8


def test_tech_points_at_one_of_two_brutes(make):
    s = heist(make, SEVEN, "tech brute driver acrobat mentalist brain", "leave Eva", "leave Finn", "leave Gus", "vote 4", cash=10)
    ok(s, "reveal tech Anna", "target brute", "reveal acrobat none")
    res = ok(s, "reveal brute Ben Cara")
    assert res.state["waiting_for"] == "tech_owner"
    assert no(s, "target Dan")
    ok(s, "target Cara")
    ok(s, "reveal mentalist none", "reveal brain none")
    res = ok(s, "reveal driver Dan")
    # centre 24 - 6 = 18; Brutes 2+2 -> 14; Driver: Anna, Ben, Dan = 3 -> 11; 11/3 -> 4 each
    assert cash(s)["Cara"] == 8 + 2 and cash(s)["Ben"] == 8 + 2 + 4
    assert cash(s)["Dan"] == 8 + 3 + 4 and cash(s)["Anna"] == 8 + 4


def test_tech_alone_loses_five_and_the_loot(make):
    s = heist(make, ["A", "B", "C", "D", "E"], "tech acrobat brute driver", "leave B", "leave C", "leave D", "leave E", "vote 3", cash=10)
    ok(s, "reveal tech A")
    res = ok(s, "target none")                             # nobody else is in: the heist ends
    assert res.state["phase"] == "ready"
    assert cash(s) == {"A": 3, "B": 10, "C": 10, "D": 10, "E": 10}
    assert res.state["reserve"] == 400 - 10 + 5 + 12
    assert "The tech is alone in the heist: A loses 5 million dollars, and the loot of 12 million dollars goes back to the reserve." in res.said
    assert res.state["players"][0]["leader"]


def test_tech_left_alone_by_its_own_elimination(make):
    s = heist(make, ["A", "B", "C", "D", "E"], "tech acrobat brute driver", "leave C", "leave D", "leave E", "vote 3", cash=10)
    ok(s, "reveal tech A", "target acrobat")
    res = ok(s, "reveal acrobat B")                        # eliminated by the Tech
    assert res.state["phase"] == "ready"                   # nothing left to reveal
    assert cash(s)["A"] == 3 and cash(s)["B"] == 8


def test_loot_bonus_per_matching_role_and_rounding_up(make):
    s = heist(make, FOUR, "acrobat brute driver", "timeout", cash=10, bonuses={"brute": 5})
    ok(s, "reveal acrobat Anna")                           # centre 18 -> 13
    ok(s, "reveal brute Ben Cara")                         # -> 9
    res = ok(s, "reveal driver Dan")                       # 4 roles -> 5; +5 +5 bonus -> 15; /4 -> 4
    assert "Loot bonus for Ben's brute: 5 million dollars from the reserve." in res.said
    assert cash(s) == {"Anna": 17, "Ben": 14, "Cara": 14, "Dan": 16}
    assert res.state["reserve"] == 400 - 10 - 10 - 1


def test_call_order_and_reveal_refusals(make):
    s = heist(make, FOUR, "acrobat driver driver", "vote 2")
    assert "not in this game" in no(s, "reveal tech Anna")
    assert "not yet" in no(s, "reveal brute Anna")
    assert no(s, "reveal acrobat Zoe")
    assert no(s, "reveal acrobat Anna Anna")
    assert no(s, "reveal thief Anna")
    assert no(s, "target Anna")                            # no target asked
    ok(s, "reveal acrobat Anna")
    assert "already called" in no(s, "reveal acrobat Ben")
    assert "no hidden role" in no(s, "reveal brute Anna")
    ok(s, "reveal brute none")
    assert "must be revealed now" in no(s, "reveal driver Ben")  # Cara and Dan still hidden
    res = ok(s, "reveal driver Ben Cara Dan")             # three Drivers: all eliminated
    assert "Several drivers: Ben, Cara and Dan are eliminated and have no effect." in res.said
    assert cash(s)["Anna"] == 8 + 5 + 13                   # alone in: the whole centre


def test_role_names_in_german_work_as_commands(make):
    s = heist(make, FOUR, "acrobat brute driver", "vote 2", lang="de")
    ok(s, "akrobat Anna", "reveal Schläger Ben", "fahrer Cara Dan")
    st = s.game.public_state()
    assert st["phase"] == "ready"


def test_three_player_variant_counts_each_role(make):
    s = heist(make, ["A", "B", "C"], "tech acrobat brute mentalist driver", "leave C", cash=10)
    st = s.game.public_state()
    assert [p["roles_in"] for p in st["players"]] == [2, 2, 1]
    assert cash(s) == {"A": 6, "B": 6, "C": 8}
    ok(s, "vote 2")
    ok(s, "reveal tech C", "target none")
    assert no(s, "reveal acrobat A A")
    ok(s, "reveal acrobat A")                              # A 11, centre 15
    ok(s, "reveal brute A")                                # A 13, centre 13
    ok(s, "reveal mentalist B", "target A")                # A 11, B 8
    res = ok(s, "reveal driver B")                         # 5 roles still in: B 13, centre 8
    assert "B, the driver, takes 5 million dollars from the centre, for 5 roles still in the heist." in res.said
    # 8 / 5 -> 2 each (2 from the reserve); A and B get two shares
    assert "A gets 2 shares: 4 million dollars." in res.said
    assert cash(s) == {"A": 15, "B": 17, "C": 10}


def test_three_player_mentalist_robs_own_brute_and_both_roles_leave(make):
    s = heist(make, ["A", "B", "C"], "acrobat brute mentalist driver tech", "leave B", "leave B 1 from C", cash=10)
    assert s.game.public_state()["players"][1]["roles_in"] == 0
    assert no(s, "leave B")
    ok(s, "vote 2", "reveal tech none", "reveal acrobat C", "reveal brute A")
    before = cash(s)["A"]
    res = ok(s, "reveal mentalist A")
    assert res.state["waiting_for"] == "mentalist_target"
    ok(s, "target A brute")
    assert cash(s)["A"] == before                          # robbing oneself changes nothing
    assert "must be revealed now" in no(s, "reveal driver none")
    ok(s, "reveal driver C")
