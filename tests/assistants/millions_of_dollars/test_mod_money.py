"""The money check: every dollar is in a hand, the centre or the reserve, after every command
of whole games; and a command that would break it is refused and changes nothing."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from conftest import ASSETS, check_money, no, ok
from mod_table_player import TablePlayer

from tiptoi_sim.assistants.millions_of_dollars import ledger as ledger_mod
from tiptoi_sim.assistants.millions_of_dollars.game import MillionsOfDollars
from tiptoi_sim.assistants.millions_of_dollars.ledger import Ledger, LedgerError
from tiptoi_sim.assistants.session import AssistantSession

NAMES = ["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Gus", "Hal"]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_money_adds_up_after_every_command_of_whole_games(players):
    assets = MillionsOfDollars.load_assets(ASSETS)
    for seed in range(2):
        table = TablePlayer(seed * 100 + players)
        s = AssistantSession(MillionsOfDollars(assets, seed=seed, lang="en"))
        ok(s, "players " + " ".join(NAMES[:players]), "start")
        steps = 0
        while not s.game.over:
            steps += 1
            assert steps < 3000, "the game does not end"
            res = s.execute(table.line(s.game))
            assert not res.error, (res.line, res.reason, res.shown)
            table.commit(res.accepted)
            check_money(res.state)
        st = s.game.public_state()
        assert st["winner"] in NAMES and st["centre"] == 0
        assert max(p["cash"] for p in st["players"]) == next(
            p["cash"] for p in st["players"] if p["name"] == st["winner"])
        check_money(s.execute("undo").state)


def test_a_command_that_would_create_money_is_refused_and_changes_nothing(make, monkeypatch):
    s = make(["A", "B", "C", "D"])
    real_move = Ledger.move

    def leaky(self, src, dst, amount):
        real_move(self, src, dst, amount)
        self.balances[dst] += 1     # a bug that creates a million
        return amount

    monkeypatch.setattr(Ledger, "move", leaky)
    reason = no(s, "plan")
    assert "money check" in reason
    monkeypatch.setattr(Ledger, "move", real_move)
    res = ok(s, "plan")
    assert res.state["centre"] == 10 + 8


def test_a_command_that_would_overdraw_is_refused(make, monkeypatch):
    s = make(["A", "B", "C", "D"])
    ok(s, "plan", "faceup brute brute brute", "negotiate")
    # the rules refuse paying more than one has
    assert "only 8 million dollars" in no(s, "leave A 9 from B")
    # and the ledger itself refuses an overdraft even if a rule forgot to check
    monkeypatch.setattr(MillionsOfDollars, "cash", lambda self, seat: 1000)
    assert "money check" in no(s, "leave A 9 from B")


def test_ledger_refuses_bad_amounts():
    led = Ledger({"a": 3, "b": 0})
    for amount in (-1, 1.5, True, 4):
        with pytest.raises(LedgerError):
            led.move("a", "b", amount)
    assert led.move_up_to("a", "b", 10) == 3
    assert led.check() is None and led.total == 3
    led.balances["b"] += 1
    assert "add up" in led.check()
    assert ledger_mod.account(2) == "player2"


def test_every_phrase_the_code_uses_is_in_both_catalogues():
    from tiptoi_sim.core.phrases import load_catalogues

    cats = load_catalogues(ASSETS)
    src = Path(ledger_mod.__file__).parent
    used = set()
    for f in src.glob("*.py"):
        used |= set(re.findall(r'(?:t|refuse)\("([a-z_]+\.[a-z_.]+|money(?:_short)?)"', f.read_text()))
    used |= {f"expect.{p}" for p in ("ready", "planning", "negotiation")}
    used |= {"heist.brute_eliminated", "leave.one_role", "leave.done", "share.player", "share.player_two",
             "end.goal", "end.last_card", "plan.cards", "plan.cards_two"}
    assert len(used) > 60
    for lang in ("de", "en"):
        missing = sorted(k for k in used if not cats[lang].has(k))
        assert not missing, (lang, missing)


def test_suggestions_are_commands_the_game_accepts(make):
    s = make(["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Gus"])
    ok(s, "plan", "faceup tech acrobat brute mentalist brain driver", "negotiate", "vote 4")
    for _ in range(12):
        if s.game.public_state()["phase"] != "heist":
            break
        sugg = [x for x in s.game.suggestions() if not x.endswith("…")]
        # every suggestion is accepted (tried, then undone); then take one naming a player
        for x in sugg:
            ok(s, x, "undo")
        pick = next((x for x in sugg if len(shlex.split(x)) == 3 and not x.endswith("none")), sugg[0])
        ok(s, pick)
    assert s.game.public_state()["phase"] == "ready"
