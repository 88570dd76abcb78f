"""The conformance table: for each situation, the commands played from the first turn (Alice,
Bob and Carol with 2 coins each, Alice to play, unless the case says otherwise) and the expected
coins, influences, face-up cards, window and who may act next. A line starting with ``!`` must
be refused and change nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

# Alice reaches exactly 10 coins at the start of her fourth turn.
ALICE_TO_10 = ["tax", "pass", "income", "income", "tax", "pass", "income", "income",
               "aid", "pass", "income", "income"]
# Alice to 3 coins, then it is her turn again.
ALICE_TO_3 = ["income", "income", "income"]


@dataclass
class Case:
    name: str
    lines: list[str]
    coins: dict[str, int] = field(default_factory=dict)
    influence: dict[str, int] = field(default_factory=dict)
    revealed: dict[str, list[str]] = field(default_factory=dict)
    window: str | None = None
    may_act: list[str] | None = None
    players: tuple[str, ...] = ("Alice", "Bob", "Carol")
    options: dict = field(default_factory=dict)
    winner: str | None = None
    court: int | None = None
    out: list[str] | None = None


CASES = [
    Case("income", ["income"], coins={"Alice": 3, "Bob": 2}, window="action", may_act=["Bob"]),
    Case("foreign aid unblocked", ["aid", "pass"], coins={"Alice": 4}, window="action", may_act=["Bob"]),
    Case("foreign aid: anyone may block", ["aid"], window="block", may_act=["Bob", "Carol"]),
    Case("9 coins: no forced coup yet",
         ["tax", "pass", "income", "income", "tax", "pass", "income", "income", "income", "income", "income",
          "income"], coins={"Alice": 10}, may_act=["Bob"]),
    Case("forced coup from 10 coins",
         ALICE_TO_10 + ["!income", "!tax", "!aid", "!steal bob", "coup bob"],
         coins={"Alice": 3}, window="reveal", may_act=["Bob"]),
    Case("coup: the target reveals, play goes on",
         ALICE_TO_10 + ["coup bob", "!reveal carol duchess", "reveal bob duchess"],
         coins={"Alice": 3}, influence={"Bob": 1, "Alice": 2}, revealed={"Bob": ["duchess"]},
         window="action", may_act=["Bob"]),
    Case("a coup needs 7 coins", ["!coup bob"], coins={"Alice": 2}, window="action", may_act=["Alice"]),
    Case("a block of a block is refused",
         ["aid", "block bob duchess", "!block carol duchess", "!block alice duchess"],
         coins={"Alice": 2}, window="challenge_block", may_act=["Alice", "Carol"]),
    Case("a block before the challenge window closes is refused",
         ALICE_TO_3 + ["steal bob", "!block bob captain", "pass", "block bob captain"],
         window="challenge_block", may_act=["Alice", "Carol"]),
    Case("claim challenged, card shown: challenger loses, action happens",
         ["tax", "!challenge alice", "challenge bob", "show duchess", "reveal bob captain"],
         coins={"Alice": 5, "Bob": 2}, influence={"Alice": 2, "Bob": 1}, revealed={"Bob": ["captain"]},
         window="action", may_act=["Bob"]),
    Case("claim challenged, card not shown: claimer loses, action fails",
         ["tax", "challenge carol", "!show captain", "bluff", "reveal alice assassin"],
         coins={"Alice": 2}, influence={"Alice": 1, "Carol": 2}, revealed={"Alice": ["assassin"]},
         window="action", may_act=["Bob"]),
    Case("block challenged, blocker bluffed: blocker loses, action happens",
         ["aid", "block bob duchess", "challenge alice", "bluff", "reveal bob captain"],
         coins={"Alice": 4, "Bob": 2}, influence={"Bob": 1, "Alice": 2}, window="action", may_act=["Bob"]),
    Case("block challenged, card shown: challenger loses, action fails",
         ["aid", "block bob duchess", "challenge carol", "show duchess", "reveal carol countess"],
         coins={"Alice": 2}, influence={"Bob": 2, "Carol": 1}, window="action", may_act=["Bob"]),
    Case("block unchallenged: the action fails",
         ["aid", "block carol", "pass"], coins={"Alice": 2, "Carol": 2}, window="action", may_act=["Bob"]),
    Case("Countess blocks the Assassin, no challenge: the 3 coins stay paid",
         ALICE_TO_3 + ["assassinate bob", "pass", "block bob countess", "pass"],
         coins={"Alice": 0, "Bob": 3}, influence={"Bob": 2, "Alice": 2}, window="action", may_act=["Bob"]),
    Case("only the target may block the Assassin, and only with the Countess",
         ALICE_TO_3 + ["assassinate bob", "pass", "!block carol countess", "!block bob duchess",
                       "!block bob captain"],
         coins={"Alice": 0}, window="block", may_act=["Bob"]),
    Case("Countess challenged and shown: challenger loses, coins stay paid",
         ALICE_TO_3 + ["assassinate bob", "pass", "block bob countess", "challenge alice", "show countess",
                       "reveal alice duchess"],
         coins={"Alice": 0}, influence={"Alice": 1, "Bob": 2}, window="action", may_act=["Bob"]),
    Case("Countess bluffed: the target loses two influences and is out",
         ALICE_TO_3 + ["assassinate bob", "pass", "block bob countess", "challenge carol", "bluff",
                       "reveal bob duchess", "reveal bob captain"],
         coins={"Alice": 0, "Bob": 0}, influence={"Bob": 0, "Carol": 2},
         revealed={"Bob": ["duchess", "captain"]}, out=["Bob"], window="action", may_act=["Carol"]),
    Case("Assassin's claim fails a challenge: the 3 coins come back",
         ALICE_TO_3 + ["assassinate bob", "challenge bob", "bluff", "reveal alice captain"],
         coins={"Alice": 3}, influence={"Alice": 1, "Bob": 2}, window="action", may_act=["Bob"]),
    Case("target loses a challenge to a real Assassin, then passes: both influences lost",
         ALICE_TO_3 + ["assassinate bob", "challenge bob", "show assassin", "reveal bob duchess",
                       "pass", "reveal bob captain"],
         coins={"Alice": 0}, influence={"Bob": 0}, out=["Bob"], window="action", may_act=["Carol"]),
    Case("target loses a challenge to a real Assassin and may still block with the Countess",
         ALICE_TO_3 + ["assassinate bob", "challenge bob", "show", "reveal bob duchess",
                       "block bob countess"],
         influence={"Bob": 1}, window="challenge_block", may_act=["Alice", "Carol"]),
    Case("someone else loses a challenge to a real Assassin: the target may block",
         ALICE_TO_3 + ["assassinate bob", "challenge carol", "show", "reveal carol duchess"],
         influence={"Carol": 1, "Bob": 2}, window="block", may_act=["Bob"]),
    Case("assassination goes through: the target reveals one",
         ALICE_TO_3 + ["assassinate bob", "pass", "pass", "reveal bob captain"],
         coins={"Alice": 0}, influence={"Bob": 1}, window="action", may_act=["Bob"]),
    Case("steal from a player with one coin takes one",
         ["steal bob", "pass", "pass", "income", "steal bob", "pass", "pass"],
         coins={"Alice": 4, "Bob": 0, "Carol": 3}, window="action", may_act=["Alice"]),
    Case("steal from a player with no coins takes nothing",
         ["steal bob", "pass", "pass", "income", "steal bob", "pass", "pass", "steal bob", "pass", "pass"],
         coins={"Alice": 4, "Bob": 0, "Carol": 3}, window="action", may_act=["Bob"]),
    Case("only the target blocks a steal; Captain or Ambassador",
         ["steal bob", "pass", "!block carol captain", "!block bob countess", "!block bob",
          "block bob ambassador", "pass"],
         coins={"Alice": 2, "Bob": 2}, window="action", may_act=["Bob"]),
    Case("Ambassador exchange: nothing moves but the turn",
         ["exchange", "pass"], coins={"Alice": 2}, influence={"Alice": 2}, window="action", may_act=["Bob"],
         court=9),
    Case("no Inquisitor in an Ambassador game", ["!examine bob", "!inquisitor bob"], window="action"),
    Case("Inquisitor looks at a card and lets it be replaced",
         ["examine bob", "pass", "!income", "discard"], options={"variant": "inquisitor"},
         coins={"Alice": 2}, influence={"Bob": 2}, window="action", may_act=["Bob"]),
    Case("Inquisitor's look: the Inquisitor decides",
         ["inquisitor bob", "pass"], options={"variant": "inquisitor"}, window="examine", may_act=["Alice"]),
    Case("Inquisitor's look challenged and shown, then the look",
         ["examine bob", "challenge bob", "show inquisitor", "reveal bob duchess", "return"],
         options={"variant": "inquisitor"}, influence={"Bob": 1}, window="action", may_act=["Bob"]),
    Case("an Ambassador block in an Inquisitor game is refused",
         ["steal bob", "pass", "!block bob ambassador", "block bob inquisitor"],
         options={"variant": "inquisitor"}, window="challenge_block", may_act=["Alice", "Carol"]),
    Case("the Countess has no action", ["!countess", "!contessa"], window="action", may_act=["Alice"]),
    Case("a character's name says its action; classic names",
         ["duke", "pass", "captain alice", "pass", "pass"], options={"names": "classic"},
         coins={"Alice": 3, "Bob": 4}),
    Case("the target of an action is another player still in",
         ["!steal alice", "!steal zed", "!assassinate", "!challenge bob"], window="action"),
    Case("the end: the last player with influence wins",
         ["tax", "pass", "tax", "pass", "assassinate bob", "challenge bob", "show", "reveal bob duchess",
          "pass", "reveal bob captain", "!income", "!pass"],
         players=("Alice", "Bob"), coins={"Alice": 2, "Bob": 0}, influence={"Alice": 2, "Bob": 0},
         window="over", may_act=[], winner="Alice", out=["Bob"]),
    Case("an out player is skipped and cannot challenge",
         ALICE_TO_3 + ["assassinate bob", "pass", "block bob countess", "challenge carol", "bluff",
                       "reveal bob duchess", "reveal bob captain", "tax", "!challenge bob", "challenge alice",
                       "show", "reveal alice assassin", "income"],
         coins={"Carol": 6, "Alice": 1}, window="action", may_act=["Carol"]),
    Case("nobody can show or reveal a character whose copies are all face up",
         ["tax", "challenge bob", "bluff", "reveal alice duchess", "tax", "challenge carol", "bluff",
          "reveal bob duchess", "tax", "challenge alice", "bluff", "reveal carol duchess",
          "tax", "challenge bob", "!show duchess", "!show", "bluff", "!reveal alice duchess",
          "!reveal alice jester", "reveal alice captain"],
         revealed={"Alice": ["duchess", "captain"], "Bob": ["duchess"], "Carol": ["duchess"]},
         out=["Alice"], coins={"Alice": 0}, window="action", may_act=["Bob"]),
    Case("seven players: four copies each, court of six", ["income"],
         players=("A1", "B2", "C3", "D4", "E5", "F6", "G7"), coins={"A1": 3}, court=6, may_act=["B2"]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_conformance(case: Case, coup, play):
    s = coup(case.players, options=case.options)
    play(s, case.lines)
    st = s.game.public_state()
    by = {p["name"]: p for p in st["players"]}
    for name, n in case.coins.items():
        assert by[name]["coins"] == n, f"{name}'s coins"
    for name, n in case.influence.items():
        assert by[name]["influence"] == n, f"{name}'s influence"
    for name, cards in case.revealed.items():
        assert by[name]["revealed"] == cards, f"{name}'s face-up cards"
    if case.window:
        assert st["window"] == case.window
    if case.may_act is not None:
        assert st["may_act"] == case.may_act
    if case.winner:
        assert st["winner"] == case.winner and s.game.over
    if case.court is not None:
        assert st["court"] == case.court
    if case.out is not None:
        assert [p["name"] for p in st["players"] if p["out"]] == case.out
