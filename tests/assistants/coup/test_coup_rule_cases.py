"""The rule cases: each starts from a state entered directly (as ``--from STATE.yaml`` does) and
drives the documented commands, checking coins, influences, face-up cards, whose turn it is and
the reason of every refusal. Written from the rulebook (coup.da.txt) and the clarifications and
rulings in shared/spec/table-assistants.md; the rule each case stands for is its name."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from coup_tablecases import ABC, drive, session_from, table


@dataclass
class Case:
    name: str
    state: dict
    lines: list[str]
    coins: dict[str, int] = field(default_factory=dict)
    influence: dict[str, int] = field(default_factory=dict)
    revealed: dict[str, list[str]] = field(default_factory=dict)
    window: str | None = None
    may_act: list[str] | None = None
    current: str | None = None
    winner: str | None = None
    treasury: int | None = None
    out: list[str] | None = None
    lang: str = "en"
    options: dict = field(default_factory=dict)


INQ = {"variant": "inquisitor"}
CLASSIC = {"names": "classic"}

CASES = [
    # -- income, foreign aid, Coup -------------------------------------------------------------
    Case("income takes one coin and cannot be blocked or challenged",
         table(*ABC), ["income => Alice takes income: 1 coin, now 3 coins.", "!Bob block => Income cannot be blocked",
                       "!Carol challenge => Income claims no character", "!Carol block duchess => Income cannot be blocked"],
         coins={"Alice": 3}, current="Bob", treasury=47),
    Case("foreign aid: the claim first, the coins only when the block window closes",
         table(*ABC), ["aid => Alice asks for foreign aid: 2 coins."],
         coins={"Alice": 2}, window="block", may_act=["Bob", "Carol"]),
    Case("foreign aid: nobody blocks, then the coins move",
         table(*ABC), ["aid", "pass => Alice takes foreign aid: 2 coins, now 4 coins."], coins={"Alice": 4}, current="Bob"),
    Case("foreign aid: every other player passes one by one",
         table(*ABC), ["aid", "Bob pass => Bob lets it pass.", "!Bob block duchess => Bob has already let it pass",
                       "Carol pass => Alice takes foreign aid"], coins={"Alice": 4}, current="Bob"),
    Case("foreign aid: anyone may block with the Duchess, not the actor",
         table(*ABC), ["aid", "!Alice block duchess => Alice cannot block their own action",
                       "!Carol block captain => The Captain does not block Alice's foreign aid",
                       "Carol block duchess => Carol claims the Duchess and blocks Alice's foreign aid."],
         window="challenge_block", may_act=["Alice", "Bob"]),
    Case("foreign aid blocked, nobody doubts it: the action fails",
         table(*ABC), ["aid", "Carol block", "pass => The block stands: Alice's foreign aid fails."],
         coins={"Alice": 2, "Carol": 2}, current="Bob"),
    Case("foreign aid claims no character: it cannot be challenged",
         table(*ABC), ["aid", "!Bob challenge => Foreign aid claims no character: it cannot be challenged, only blocked by the Duchess."],
         window="block"),
    Case("a block is only blocked never: a block cannot be blocked",
         table(*ABC), ["aid", "Bob block duchess", "!Carol block duchess => A block cannot be blocked"],
         window="challenge_block"),
    Case("the block of foreign aid challenged and shown: the challenger loses, the aid fails",
         table(*ABC), ["aid", "Bob block duchess", "Alice challenge", "Bob show duchess", "reveal Alice captain"],
         coins={"Alice": 2}, influence={"Alice": 1, "Bob": 2}, revealed={"Alice": ["captain"]}, current="Bob"),
    Case("the block of foreign aid was a bluff: the blocker loses, the aid happens",
         table(*ABC), ["aid", "Bob block duchess", "Carol challenge", "Bob bluff => The block fails.",
                       "Bob reveal assassin => Alice takes foreign aid: 2 coins, now 4 coins."],
         coins={"Alice": 4}, influence={"Bob": 1, "Carol": 2}, current="Bob"),
    Case("a Coup costs 7 coins and cannot be blocked or challenged",
         table(("Alice", 8), ("Bob", 2), ("Carol", 2)),
         ["coup Bob => Alice pays 7 coins and launches a Coup against Bob.", "!Bob block => A Coup cannot be blocked",
          "!Bob block countess => A Coup cannot be blocked", "!Carol challenge => A Coup claims no character",
          "Bob reveal duchess", "!Carol block => A Coup cannot be blocked"],
         coins={"Alice": 1}, influence={"Bob": 1}, current="Bob", treasury=49),
    Case("a Coup needs 7 coins", table(("Alice", 6), ("Bob", 2)),
         ["!coup Bob => Alice has only 6 coins, but the Coup costs 7 coins."], window="action", current="Alice"),
    Case("ten coins or more: you must Coup",
         table(("Alice", 10), ("Bob", 2), ("Carol", 2)),
         ["!income => Ten coins or more: you must Coup", "!tax => you must Coup", "!aid", "!steal Bob", "!exchange",
          "coup Carol"], coins={"Alice": 3}, window="reveal", may_act=["Carol"]),
    Case("nine coins: no Coup is forced", table(("Alice", 9), ("Bob", 2)), ["income"], coins={"Alice": 10},
         current="Bob"),
    Case("a player reaching ten must Coup at the start of the next turn",
         table(("Alice", 9), ("Bob", 2)), ["income", "income => Ten coins or more: Alice has 10 coins and must launch a Coup.",
                                           "!Alice income => you must Coup", "coup Bob"], window="reveal"),
    # -- the Duchess -------------------------------------------------------------------------------
    Case("the Duchess's tax: 3 coins when nobody challenges",
         table(*ABC), ["tax => Alice claims the Duchess and wants 3 coins in tax.", "pass => Alice takes 3 coins in tax, now 5 coins."],
         coins={"Alice": 5}, current="Bob"),
    Case("the Duchess's tax cannot be blocked, only challenged",
         table(*ABC), ["tax", "!Bob block duchess => The Duchess's tax cannot be blocked, only challenged",
                       "!Bob block", "pass", "!Bob block => The Duchess's tax cannot be blocked"], current="Bob"),
    Case("the Duke's tax (classic names) cannot be blocked either",
         table(*ABC, names="classic"), ["duke", "!Carol block => The Duke's tax cannot be blocked, only challenged"],
         window="challenge_claim"),
    Case("a challenged Duchess shown: the challenger loses an influence, the tax happens",
         table(*ABC), ["tax", "Bob challenge", "show", "Bob reveal captain"],
         coins={"Alice": 5}, influence={"Alice": 2, "Bob": 1}, revealed={"Bob": ["captain"]}, current="Bob"),
    Case("a challenged Duchess not shown: the claimer loses an influence, the tax fails",
         table(*ABC), ["tax", "challenge Carol", "bluff => Alice's tax fails.", "reveal Alice assassin"],
         coins={"Alice": 2}, influence={"Alice": 1, "Carol": 2}, current="Bob"),
    Case("only one player may challenge a claim",
         table(*ABC), ["tax", "Bob challenge", "!Carol challenge => Only one player may challenge a claim",
                       "!challenge Carol => Only one player may challenge a claim"], window="prove_claim", may_act=["Alice"]),
    Case("after a challenge is settled, nobody else may challenge the same claim",
         table(*ABC), ["steal Bob", "Carol challenge", "show", "!Bob challenge => Only one player may challenge a claim",
                       "reveal Carol duchess", "!Bob challenge => Only one player may challenge a claim: Carol has already"],
         window="block", may_act=["Bob"]),
    Case("after a block's challenge is settled, nobody else may challenge the block",
         table(*ABC), ["aid", "Bob block", "Carol challenge", "show",
                       "!Alice challenge => Only one player may challenge a block: Carol has already challenged Bob's Duchess."],
         window="reveal", may_act=["Carol"]),
    Case("the first to speak challenges: the others may not pass any more",
         table(*ABC), ["tax", "Bob challenge", "!Carol pass => First Alice shows the Duchess"], window="prove_claim"),
    Case("a player cannot challenge their own claim",
         table(*ABC), ["tax", "!Alice challenge => Alice cannot challenge their own claim"], window="challenge_claim"),
    Case("B challenge A names the claimer; any other name is refused",
         table(*ABC), ["tax", "!Bob challenge Carol => Carol has no claim on the table", "Bob challenge Alice"],
         window="prove_claim"),
    Case("a player who let a claim pass cannot challenge it any more",
         table(*ABC), ["tax", "Bob pass", "!Bob challenge => Bob has already let it pass", "Carol challenge"],
         window="prove_claim"),
    Case("once everyone let the claim pass, it is too late to challenge",
         table(*ABC), ["steal Bob", "pass", "!Carol challenge => Too late to challenge: everyone let Alice's Captain pass"],
         window="block"),
    Case("after the action, a challenge is too late",
         table(*ABC), ["tax", "pass", "!Carol challenge => Too late to challenge: Alice's tax is over."], current="Bob"),
    Case("only the challenged player shows or admits",
         table(*ABC), ["tax", "Bob challenge", "!Bob show => Only Alice", "!Carol bluff => Only Alice", "Alice show"],
         window="reveal", may_act=["Bob"]),
    Case("showing another character than the one claimed is refused",
         table(*ABC), ["tax", "Bob challenge", "!show captain => Alice claimed the Duchess, not the Captain"],
         window="prove_claim"),
    # -- the Assassin and the Countess ------------------------------------------------------------
    Case("the Assassin pays 3 when announced; nobody blocks: the target loses an influence",
         table(("Alice", 3), ("Bob", 2), ("Carol", 2)),
         ["assassinate Bob => Alice claims the Assassin, pays 3 coins and wants to assassinate Bob.", "pass",
          "Bob pass => The assassination succeeds.", "reveal Bob duchess"],
         coins={"Alice": 0}, influence={"Bob": 1}, current="Bob", treasury=50),
    Case("the Assassin needs 3 coins", table(("Alice", 2), ("Bob", 2)),
         ["!assassinate Bob => Alice has only 2 coins, but the assassination costs 3 coins."], current="Alice"),
    Case("only the target may block an assassination, and only with the Countess",
         table(("Alice", 3), ("Bob", 2), ("Carol", 2)),
         ["assassinate Bob", "pass", "!Carol block countess => Only the target may block an assassination: that is Bob.",
          "!Bob block duchess => The Duchess does not block Alice's assassination", "Bob block"],
         window="challenge_block", may_act=["Alice", "Carol"]),
    Case("the Countess blocks: the 3 coins stay paid",
         table(("Alice", 3), ("Bob", 2), ("Carol", 2)),
         ["assassinate Bob", "pass", "Bob block countess", "pass => Alice does not get the 3 coins back."],
         coins={"Alice": 0}, influence={"Bob": 2}, current="Bob"),
    Case("the Assassin's claim fails a challenge: the 3 coins come back",
         table(("Alice", 3), ("Bob", 2), ("Carol", 2)),
         ["assassinate Bob", "Carol challenge", "bluff => Alice gets the 3 coins back.", "reveal Alice captain"],
         coins={"Alice": 3}, influence={"Alice": 1, "Bob": 2}, current="Bob"),
    Case("a target who lost a challenge against a real Assassin may still block with the Countess",
         table(("Alice", 3), ("Bob", 2), ("Carol", 2)),
         ["assassinate Bob", "Bob challenge", "show assassin", "!Bob block countess => First Bob turns a card face up",
          "reveal Bob duchess", "Bob block countess"],
         influence={"Bob": 1}, window="challenge_block", may_act=["Alice", "Carol"]),
    Case("a bluffed Countess: the target loses both influences",
         table(("Alice", 3), ("Bob", 2), ("Carol", 2)),
         ["assassinate Bob", "pass", "Bob block countess", "Alice challenge", "bluff", "reveal Bob duchess",
          "reveal Bob captain => Bob has no influence left and is out."],
         coins={"Alice": 0, "Bob": 0}, influence={"Bob": 0}, out=["Bob"], current="Carol", treasury=52),
    Case("a target already out after losing the challenge: nothing more happens",
         table(("Alice", 3), ("Bob", 4, "captain"), ("Carol", 2)),
         ["assassinate Bob", "Bob challenge", "show", "reveal Bob duchess => Bob is out already: nothing more happens."],
         coins={"Alice": 0, "Bob": 0}, out=["Bob"], current="Carol", treasury=52),
    Case("the Countess has no action of her own", table(*ABC), ["!countess => The Countess has no action"],
         current="Alice"),
    # -- the Captain ------------------------------------------------------------------------------
    Case("the Captain steals 2 coins", table(*ABC),
         ["steal Bob", "pass", "pass => Alice takes 2 coins from Bob, now 4 coins."], coins={"Alice": 4, "Bob": 0}),
    Case("a steal takes at most what the target has", table(("Alice", 2), ("Bob", 1)),
         ["captain Bob", "pass", "pass => Alice takes 1 coin from Bob, now 3 coins."], coins={"Alice": 3, "Bob": 0}),
    Case("a steal from a player with no coins is allowed and takes nothing", table(("Alice", 2), ("Bob", 0)),
         ["steal Bob", "pass", "pass => Bob has no coins: Alice gets nothing."], coins={"Alice": 2, "Bob": 0},
         current="Bob"),
    Case("only the target may block a steal", table(*ABC),
         ["steal Bob", "pass", "!Carol block captain => Only the target may block a steal: that is Bob.",
          "!Carol pass => Only the target may block a steal", "Bob block ambassador"], window="challenge_block"),
    Case("a steal is blocked with the Captain or the Ambassador, not the Countess", table(*ABC),
         ["steal Bob", "pass", "!Bob block countess => that takes the Captain or Ambassador",
          "!Bob block => Say which character blocks", "Bob block captain", "pass"], coins={"Alice": 2, "Bob": 2},
         current="Bob"),
    Case("challenges come first: no block while the claim may be challenged", table(*ABC),
         ["steal Bob", "!Bob block captain => Challenges come first", "Carol pass", "Bob pass", "Bob block captain"],
         window="challenge_block"),
    Case("anyone may challenge a block, not only the player it stops", table(*ABC),
         ["steal Bob", "pass", "Bob block captain", "Carol challenge", "Bob bluff", "reveal Bob duchess"],
         coins={"Alice": 4, "Bob": 0}, influence={"Bob": 1}),
    Case("a steal's block challenged and shown: the challenger loses, the steal fails", table(*ABC),
         ["steal Bob", "pass", "Bob block captain", "Alice challenge", "show captain", "reveal Alice countess"],
         coins={"Alice": 2, "Bob": 2}, influence={"Alice": 1}),
    Case("only one player may challenge a block", table(*ABC),
         ["steal Bob", "pass", "Bob block captain", "Alice challenge", "!Carol challenge => Only one player may challenge a block"],
         window="prove_block"),
    Case("the Inquisitor blocks a steal in an Inquisitor game; the Ambassador is not in it",
         table(*ABC, variant="inquisitor"),
         ["steal Bob", "pass", "!Bob block ambassador => The Ambassador is not in this game", "Bob block inquisitor"],
         window="challenge_block"),
    Case("no one can aim at themselves or at a player who is out",
         table(("Alice", 2), ("Bob", 2), ("Carol", 0, "duchess,captain")),
         ["!steal Alice => Alice cannot aim at themselves", "!steal Carol => Carol is out of the game", "!steal Zed",
          "!steal => steal NAME"], current="Alice"),
    # -- Ambassador and Inquisitor -----------------------------------------------------------------
    Case("the Ambassador exchanges two cards with the Court: nothing else moves", table(*ABC),
         ["exchange", "pass => Alice draws 2 cards from the Court, puts 2 cards of their choice back"],
         coins={"Alice": 2}, influence={"Alice": 2}, current="Bob"),
    Case("the Ambassador's exchange cannot be blocked, only challenged", table(*ABC),
         ["exchange", "!Bob block => The Ambassador's exchange cannot be blocked, only challenged."], window="challenge_claim"),
    Case("the Inquisitor exchanges one card", table(*ABC, variant="inquisitor"),
         ["exchange", "pass => Alice draws 1 card from the Court, puts 1 card of their choice back"], current="Bob"),
    Case("the Inquisitor looks at a card; the target chooses which, the Inquisitor decides",
         table(*ABC, variant="inquisitor"),
         ["examine Bob", "pass", "!Bob discard => Only Alice", "!income => First Alice decides about Bob's card",
          "Alice discard => Bob shuffles the card into the Court and draws a new one."], current="Bob"),
    Case("B examine A: the Inquisitor named with the action", table(*ABC, variant="inquisitor", current="Bob"),
         ["!Alice examine Bob => It is Bob's turn, not Alice's.", "Bob examine Alice", "pass", "return"],
         influence={"Alice": 2}, current="Carol"),
    Case("no Inquisitor in an Ambassador game", table(*ABC), ["!examine Bob => The Inquisitor is not in this game"],
         current="Alice"),
    # -- turns, actors, the end --------------------------------------------------------------------
    Case("only the player whose turn it is acts", table(*ABC),
         ["!Bob income => It is Alice's turn, not Bob's.", "!Carol tax", "Alice income"], current="Bob"),
    Case("a player who is out cannot act", table(("Alice", 2), ("Bob", 0, "duchess,captain"), ("Carol", 2)),
         ["income", "tax", "!Bob challenge => Bob is out of the game.", "Alice challenge"], current="Carol",
         window="prove_claim"),
    Case("a player who is out is skipped", table(("Alice", 2), ("Bob", 0, "duchess,captain"), ("Carol", 2)),
         ["income"], current="Carol", may_act=["Carol"]),
    Case("the loser chooses the card; nobody else reveals", table(*ABC),
         ["tax", "Bob challenge", "show", "!reveal Carol duchess => Bob loses the influence, not Carol.",
          "!Carol reveal duchess", "Bob reveal countess"], revealed={"Bob": ["countess"]}),
    Case("a card whose copies are all face up can be neither shown nor revealed",
         table(("Alice", 2, "duchess"), ("Bob", 2, "duchess"), ("Carol", 2, "duchess"), ("Dave", 2)),
         ["tax", "Bob challenge", "!show => All 3 cards Duchess are face up already", "bluff",
          "!reveal Alice duchess => All 3 cards Duchess", "reveal Alice captain"],
         out=["Alice"], current="Bob"),
    Case("the last player with influence wins; then only undo",
         table(("Alice", 8), ("Bob", 2, "captain")),
         ["coup Bob", "reveal Bob duchess => Alice is the only one with influence left and wins the game!",
          "!income => The game is over: Alice has won."], winner="Alice", window="over", out=["Bob"], coins={"Bob": 0},
         treasury=53),
    Case("two players: the Court has 3 cards, each player 2 coins after start dealt",
         {"window": "setup", "players": [{"name": "Ann"}, {"name": "Ben"}]},
         ["start dealt => 3 cards in the Court", "income"], coins={"Ann": 3, "Ben": 2}, current="Ben", treasury=49),
    Case("seven players: four copies of each character, a Court of six",
         table(("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2), ("F", 2), ("G", 2, "duchess")),
         ["tax", "B challenge", "bluff", "reveal A duchess", "income"], revealed={"A": ["duchess"]}, current="C"),
    Case("the treasury runs short: the tax takes what is left",
         table(("Alice", 22), ("Bob", 22), ("Carol", 8), current="Carol"),
         ["!Bob tax => It is Carol's turn, not Bob's.", "tax", "pass => The treasury is empty: Carol gets only 2 coins."],
         coins={"Alice": 22, "Bob": 22, "Carol": 10}, treasury=0, current="Alice"),
    Case("the treasury runs empty: a player gets only what is left",
         table(("Alice", 9), ("Bob", 9), ("Carol", 9), ("Dave", 9), ("Eve", 9), ("Fay", 8)),
         ["tax", "pass => The treasury is empty: Alice gets only 1 coin."], coins={"Alice": 10}, treasury=0),
    # -- German: the same rules in the game's words --------------------------------------------------
    Case("German: income cannot be blocked", table(*ABC), ["income", "!Bob block => Einkommen kann man nicht blocken."],
         lang="de", current="Bob"),
    Case("German: the Duchess's tax", table(*ABC),
         ["tax", "!Bob block => Steuern als Herzogin kann man nicht blocken, nur anzweifeln.",
          "Bob challenge", "!Carol challenge => Nur eine Person darf an einer Behauptung zweifeln"], lang="de"),
    Case("German: foreign aid is blocked with an article", table(*ABC),
         ["aid => Alice bittet um Auslandshilfe: 2 Münzen.",
          "Carol block => Carol gibt sich als Herzogin aus und blockt die Auslandshilfe von Alice.",
          "!Bob block => Ein Block kann nicht geblockt werden.",
          "pass => Der Block gilt: die Auslandshilfe von Alice scheitert."], lang="de", current="Bob"),
    Case("German: a Coup and ten coins", table(("Alice", 10), ("Bob", 2)),
         ["!income => Zehn Münzen oder mehr: du musst einen Coup machen.",
          "coup Bob => Alice zahlt 7 Münzen und macht einen Coup gegen Bob.",
          "!Bob block => Einen Coup kann man nicht blocken."], lang="de", window="reveal"),
    Case("German: only the target blocks a steal", table(*ABC),
         ["steal Bob", "pass", "!Carol block => Nur das Ziel darf einen Diebstahl blocken: das ist Bob."], lang="de"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rule_case(case: Case):
    s = session_from(case.state, lang=case.lang, options=case.options)
    drive(s, case.lines)
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
    if case.current:
        assert st["current"] == case.current
    if case.winner:
        assert st["winner"] == case.winner and s.game.over
    if case.treasury is not None:
        assert st["treasury"] == case.treasury
    if case.out is not None:
        assert [p["name"] for p in st["players"] if p["out"]] == case.out


def test_there_are_many_cases():
    assert len(CASES) >= 60


@pytest.mark.parametrize("name", ["income takes one coin and cannot be blocked or challenged",
                                  "a bluffed Countess: the target loses both influences",
                                  "B examine A: the Inquisitor named with the action",
                                  "German: foreign aid is blocked with an article"])
def test_rule_case_through_the_command_line(name, tmp_path):
    """A few cases exactly as a judge drives them: a state file, ``assist coup --from FILE --script``."""
    import json
    import os
    import subprocess
    import sys

    import yaml

    from tiptoi_sim.paths import REPO_DIR

    case = next(c for c in CASES if c.name == name)
    state = tmp_path / "state.yaml"
    state.write_text(yaml.safe_dump({"game": "coup", "lang": case.lang, "state": case.state}, allow_unicode=True),
                     encoding="utf-8")
    lines = [raw.partition(" => ")[0] for raw in case.lines]
    script = tmp_path / "case.txt"
    script.write_text("\n".join(line.lstrip("!") for line in lines) + "\n", encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "tiptoi_sim", "assist", "coup", "--from", str(state), "--script",
                           str(script)], cwd=REPO_DIR, capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    recs = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [r["accepted"] for r in recs] == [not line.startswith("!") for line in lines]
    for raw, rec in zip(case.lines, recs):
        want = raw.partition(" => ")[2]
        heard = rec["reason"] if not rec["accepted"] else " ".join(rec["said"])
        assert want in heard
    by = {p["name"]: p for p in recs[-1]["state"]["players"]}
    for who, n in case.coins.items():
        assert by[who]["coins"] == n
