"""``fix``: one public fact corrected without undoing what came after it. Coins move from or to
the treasury (the total stays 54), every fix says what moved, is journaled and undoable, and a
fix that would break a rule is refused with the rule."""

from __future__ import annotations

import pytest

from coup_tablecases import ABC, drive, session_from, table


def coins(s) -> dict[str, int]:
    return {p["name"]: p["coins"] for p in s.game.public_state()["players"]}


def test_coins_come_from_the_treasury_and_go_back():
    s = session_from(table(*ABC))
    drive(s, ["fix Bob coins 5 => Fixed: Bob now has 5 coins; the treasury gave 3 coins and now holds 45 coins.",
              "fix Bob coins -4 => Fixed: Bob now has 1 coin; the treasury took back 4 coins and now holds 49 coins.",
              "set Carol coins +1 => Carol now has 3 coins"])
    assert coins(s) == {"Alice": 2, "Bob": 1, "Carol": 3} and s.game.public_state()["treasury"] == 48


@pytest.mark.parametrize("line,reason", [
    ("fix Bob coins 51", "The treasury holds only 48 coins: it cannot give Bob 49 coins more (the game has 54 coins in all)."),
    ("fix Bob coins 2", "Nothing to fix: Bob has 2 coins already."),
    ("fix Bob coins -3", "Bob has only 2 coins: nobody can have fewer than none."),
    ("fix Bob coins lots", "lots is not a number of coins"),
    ("fix Bob coins ③", "③ is not a number of coins"),
    ("fix Dave coins 1", "Dave is out: a player who is out has no coins."),
    ("fix Zed coins 1", "There is no player Zed."),
    ("fix Bob", "Say it like this: fix NAME coins N"),
    ("fix Bob hat 3", "Say it like this: fix NAME coins N"),
    ("fix Bob revealed captain duchess countess", "Bob holds 2 cards: no more of them can be face up."),
    ("fix Bob revealed jester", "There is no character jester."),
    ("fix Bob revealed inquisitor", "The Inquisitor is not in this game."),
    ("fix Alice revealed duchess", "All 3 cards Duchess are face up already"),
    ("fix Alice revealed", "Nothing to fix: Alice's face-up cards are those already."),
    ("fix turn Alice", "Nothing to fix: it is Alice's turn already."),
    ("fix turn Dave", "Dave is out of the game."),
])
def test_a_fix_that_breaks_a_rule_is_refused(line, reason):
    s = session_from(table(("Alice", 2), ("Bob", 2), ("Carol", 2, "duchess"), ("Dave", 0, "duchess,duchess")))
    drive(s, [f"!{line} => {reason}"])


def test_a_card_turned_face_up_by_fix_can_put_a_player_out_and_end_the_game():
    s = session_from(table(("Alice", 4), ("Bob", 3, "captain"), ("Carol", 5)))
    drive(s, ["fix Bob reveal duchess => Fixed: Bob now has face up: Captain and Duchess; no card is left face down.",
              "state"])
    st = s.game.public_state()
    assert st["players"][1]["out"] and st["players"][1]["coins"] == 0 and st["treasury"] == 45
    drive(s, ["!fix Bob reveal duchess => Bob holds 2 cards: no more of them can be face up."])
    res = drive(s, ["fix Carol revealed assassin ambassador"])[0]
    assert res.said[-1] == "Alice is the only one with influence left and wins the game!"
    assert s.game.over and s.game.public_state()["winner"] == "Alice"
    assert s.execute("undo").accepted and not s.game.over


def test_fixing_a_wrong_reveal_and_bringing_a_player_back():
    s = session_from(table(("Alice", 4), ("Bob", 0, "captain,duchess"), ("Carol", 5)))
    drive(s, ["fix Bob revealed captain => Bob is back in the game.", "fix Bob coins 2"])
    st = s.game.public_state()
    assert st["players"][1]["influence"] == 1 and not st["players"][1]["out"]
    assert st["treasury"] == 54 - 4 - 2 - 5


def test_the_current_player_put_out_by_a_fix_passes_the_turn_on():
    s = session_from(table(("Alice", 4, "captain"), ("Bob", 3), ("Carol", 5), current="Alice"))
    res = drive(s, ["fix Alice revealed captain countess"])[0]
    assert res.said[-1] == "So it is Bob's turn now, with 3 coins."
    assert s.game.public_state()["current"] == "Bob"


def test_whose_turn_it_is():
    s = session_from(table(("Alice", 2), ("Bob", 10), ("Carol", 2)))
    res = drive(s, ["fix turn Bob => Fixed: it is Bob's turn, with 10 coins."])[0]
    assert res.said[1] == "Ten coins or more: Bob has 10 coins and must launch a Coup."
    drive(s, ["!income => you must Coup", "coup Carol"])


def test_during_an_action_only_coins_can_be_fixed():
    s = session_from(table(*ABC))
    drive(s, ["steal Bob", "fix Bob coins 1 => Bob now has 1 coin",
              "!fix Bob revealed captain => Face-up cards and the turn are fixed between actions: first finish Alice's steal, or undo it.",
              "!fix turn Carol => first finish Alice's steal", "pass", "pass => Alice takes 1 coin from Bob"])


def test_fix_before_start_and_after_the_end():
    s = session_from({"window": "setup", "players": [{"name": "Ann"}, {"name": "Ben"}]})
    drive(s, ["!fix Ann coins 3 => Start the game first (start, or start dealt)"])
    # During the deal the game has started: the refusal names the deal, not the start.
    drive(s, ["players Ann Ben", "start",
              "!fix Ann coins 3 => The deal comes first (step 1 of 6): say next. After it, fix corrects coins"])
    s = session_from({"window": "setup", "players": [{"name": "Ann"}, {"name": "Ben"}]}, lang="de")
    drive(s, ["players Ann Ben", "start",
              "!fix Ann coins 3 => Erst wird fertig ausgeteilt (Schritt 1 von 6): sagt next. Danach korrigiert fix"])
    s = session_from(table(("Alice", 8), ("Bob", 0, "duchess")))
    drive(s, ["coup Bob", "reveal Bob captain", "!fix Bob revealed duchess => The game is over: Alice has won."])


def test_a_fix_is_journaled_and_undone_like_any_command(tmp_path):
    s = session_from(table(*ABC))
    before = s.game.public_state()
    drive(s, ["fix Alice coins 7", "fix Carol revealed countess", "fix turn Carol"])
    for _ in range(3):
        assert s.execute("undo").accepted
    assert s.game.public_state() == before


def test_german_fix():
    s = session_from(table(*ABC), lang="de")
    drive(s, ["fix Bob coins 3 => Korrigiert: Bob hat jetzt 3 Münzen; die Schatzkammer gab eine Münze dazu und hat jetzt 47 Münzen.",
              "fix Bob revealed kapitän => Korrigiert: Bei Bob liegt jetzt offen: Kapitän; verdeckt: eine Karte.",
              "!fix Bob coins viele => viele ist keine Anzahl Münzen"])


def test_typing_in_a_game_under_way_equals_the_state_file():
    """The doc's way without a file (players, start dealt, fixes) reaches the same table as the
    example state file."""
    from pathlib import Path

    from tiptoi_sim.core.yamlio import load_yaml
    from tiptoi_sim.paths import REPO_DIR

    data = load_yaml(Path(REPO_DIR) / "docs" / "assistants" / "examples" / "coup-table.yaml")
    from_file = session_from(data["state"]).game.public_state()
    s = session_from({"window": "setup", "players": []})
    drive(s, ["players Ann Ben Cy Dee", "start dealt", "fix Ann coins 5", "fix Ben coins 1", "fix Ben revealed captain",
              "fix Cy coins 7", "fix Dee revealed duchess countess => The treasury takes back Dee's 2 coins.",
              "fix turn Cy"])
    typed = s.game.public_state()
    for key in ("players", "treasury", "court", "current", "window", "may_act"):
        assert typed[key] == from_file[key], key
    doc = (Path(REPO_DIR) / "docs" / "assistants" / "coup.md").read_text(encoding="utf-8")
    assert "fix Dee revealed duchess countess\nfix turn Cy\n" in doc
