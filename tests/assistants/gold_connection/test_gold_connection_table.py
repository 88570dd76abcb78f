"""Gold Connection at a real table: rule cases started from a state entered directly (never a
long replay), the state file (errors with file, line and field; the round trip on random whole
games, in this process at every step and in new processes through the CLI), the hand-dealt
board, corrections with ``fix`` (conserving bars and chips), actors, named refusals, and the
docs' example of joining mid-game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml
from gc_helpers import EXAMPLE, assets
from gc_table import dealt_safes, load, p, random_commands, reload, session_from, state

from tiptoi_sim import cli
from tiptoi_sim.assistants.gold_connection.game import GoldConnection
from tiptoi_sim.assistants.session import AssistantSession, dump_state_file
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.yamlio import load_yaml_text
from tiptoi_sim.paths import REPO_DIR

ANNA = dict(name="Anna", colour="red", robber="6", heading="12")
BEN = dict(name="Ben", colour="blue", robber="5", heading="11")
RICH_BEN = dict(name="Ben", colour="blue", robber="12", heading="1",
                case={"green/6": 4, "green/5": 2, "red/6": 4})          # 10 bars: may be plundered


def two(anna=None, ben=None, **kw):
    a = {**ANNA, **(anna or {})}
    b = {**BEN, **(ben or {})}
    return state([p(**a), p(**b)], **kw)


def four(**kw):
    return state([p("Anna", "red", "6", "12"), p("Ben", "blue", "5", "11"), p("Cara", "yellow", "3", "10"),
                  p("Dan", "green", "7", "B")], **kw)


# Each case: a state entered directly, the command lines (``!`` = must be refused, changing
# nothing), and what the last line must say (``said``/``reason`` substrings) and leave (``check``).
CASES = [
    ("rulebook example 1: the target is the distance walked plus the bars taken here",
     two(bars_in={"1": ["blue2", "blue3"]}), ["move 2", "take blue2 blue3"],
     dict(said="roll at least 7", check=lambda st: st["turn"]["pending"]["target"] == 7)),
    ("rulebook example 2: bars taken earlier in the turn are not added again",
     two(bars_in={"1": ["blue2", "blue3"], "8": ["blue1", "yellow1"]}),
     ["move 2", "take blue2 blue3", "roll 4 3", "move", "take blue1 yellow1"],
     dict(check=lambda st: st["turn"]["pending"]["target"] == 5 and st["turn"]["deposit"] == ["blue2", "blue3"])),
    ("chips may be spent on a roll that still fails: they leave first, then 2 new ones come",
     two(anna={"chips": 4}, bars_in={"12": ["red5", "red6"]}), ["move", "take red5 red6", "roll 1 1", "chips 3"],
     dict(said="Still less than 12", check=lambda st: st["players"][0]["chips"] == 3 and st["chips_supply"] == 17
          and st["player"] == "Ben")),
    ("new chips only up to 5",
     two(anna={"chips": 4}, bars_in={"12": ["red5", "red6"]}), ["move", "take red5 red6", "roll 1 1", "fail"],
     dict(said="Anna gets 1 chip and now has 5 chips", check=lambda st: st["players"][0]["chips"] == 5)),
    ("all 5 chips spent on a roll that still fails: then 2 new ones",
     two(anna={"chips": 5}, bars_in={"12": ["red5", "red6"]}), ["move", "take red5 red6", "roll 1 1", "chips 5"],
     dict(said="gets 2 chips and now has 2 chips", check=lambda st: st["players"][0]["chips"] == 2)),
    ("1 of 5 chips spent on a roll that still fails: back up to 5",
     two(anna={"chips": 5}, bars_in={"12": ["red5", "red6"]}), ["move", "take red5 red6", "roll 1 1", "chips 1"],
     dict(said="gets 1 chip and now has 5 chips", check=lambda st: st["players"][0]["chips"] == 5)),
    ("at 5 chips a failure brings none",
     two(anna={"chips": 5}, bars_in={"12": ["red5", "red6"]}), ["move", "take red5 red6", "roll 1 1", "fail"],
     dict(said="Anna already has 5 chips and gets no more", check=lambda st: st["chips_supply"] == 15)),
    ("without chips a short roll fails at once, with 2 chips",
     two(bars_in={"12": ["red5", "red6"]}), ["move", "take red5 red6", "roll 1 1", "!chips 1"],
     dict(reason="First move the arrow", check=lambda st: st["players"][0]["chips"] == 2)),
    ("chips that make a roll succeed bring no new ones",
     two(anna={"chips": 2}, bars_in={"12": ["red1", "red2"]}), ["move", "take red1 red2", "roll 1 1", "chips 2"],
     dict(said="Success", check=lambda st: st["players"][0]["chips"] == 0 and st["turn"]["deposit"] == ["red1", "red2"])),
    ("a failed plunder gives the plunderer 2 chips and the robbed player 2 as well",
     two(anna={"robber": "6", "heading": "12"}, ben=RICH_BEN), ["move", "plunder green/6", "roll 1 1"],
     dict(said="Ben gets 2 chips as consolation", check=lambda st: st["players"][0]["chips"] == 2
          and st["players"][1]["chips"] == 2 and st["chips_supply"] == 16
          and st["players"][1]["case"]["green/6"] == 4)),
    ("rulebook example 4: a plunder takes from the top of the rows",
     two(ben=RICH_BEN), ["move", "plunder green/6 green/5"],
     dict(check=lambda st: st["turn"]["pending"]["bars"] == ["green2", "green4"]
          and st["turn"]["pending"]["target"] == 7)),
    ("after a successful plunder the plunderer may not end there",
     two(ben=RICH_BEN), ["move", "plunder green/6", "roll 6 6", "!end"],
     dict(reason="After a successful plunder the arrow must move on at once")),
    ("after a successful plunder the plunderer may not take bars there either",
     two(ben=RICH_BEN), ["move", "plunder green/6", "roll 6 6", "!take red1"],
     dict(reason="no taking or plundering there")),
    ("after a successful plunder the arrow moves on",
     two(ben=RICH_BEN), ["move", "plunder green/6", "roll 6 6", "move"],
     dict(check=lambda st: st["players"][0]["arrow"] == "1" and st["players"][1]["case"]["green/6"] == 3)),
    ("a case under 10 bars cannot be plundered",
     two(ben={"robber": "12", "heading": "1", "case": {"green/6": 4}}), ["move", "!plunder green/6"],
     dict(reason="Ben has only 4 bars in the case")),
    ("no bars from a safe where another robber stands",
     two(ben={"robber": "12", "heading": "1"}), ["move", "!take red1"],
     dict(reason="Ben's robber stone stands here")),
    ("with four players the rows of 4 are not used: sorting",
     four(bars_in={"12": ["red1"]}), ["move", "take red1", "roll 6 6", "end", "!put red/4"],
     dict(reason="With 4 players the rows of 4 are not used")),
    ("with four players the rows of 4 are not used: a fix",
     four(), ["!fix case Anna red/4 1"], dict(reason="With 4 players the rows of 4 are not used")),
    ("an action typed by another player than the one to move is refused",
     two(), ["!Ben move"], dict(reason="It is Anna's move, not Ben's")),
    ("the player to move may name themselves",
     two(), ["Anna move"], dict(check=lambda st: st["players"][0]["arrow"] == "12")),
    ("dice show 1 to 6",
     two(bars_in={"12": ["red1"]}), ["move", "take red1", "!roll 7 1"], dict(reason="Dice show 1 to 6")),
    ("the sum of the dice may be typed",
     two(bars_in={"12": ["red1"]}), ["move", "take red1", "roll 9"], dict(said="Rolled 9")),
    ("on a junction the turn ends with the arrow's new way",
     two(anna={"robber": "9", "heading": "A"}), ["move", "!end", "end 6", "roll 1 1"],
     dict(check=lambda st: st["players"][0]["robber"] == "A" and st["players"][0]["heading"] == "6")),
    ("the turn that puts the counter on 36 is the last",
     two(counter=36, anna={"case": {"green/5": 2}}, ben={"case": {"blue/5": 2}}), ["move", "end", "roll 6 6"],
     dict(said="The turn counter has reached 36", check=lambda st: st["phase"] == "over")),
    ("a tie goes to the player with more chips",
     two(counter=36, anna={"chips": 3, "case": {"green/5": 2}}, ben={"chips": 1, "case": {"blue/5": 2}}),
     ["move", "end", "roll 6 6"], dict(said="Anna wins", check=lambda st: st["result"]["winners"] == ["Anna"])),
    ("fix chips takes them from the supply and says so",
     two(), ["fix chips Anna 3"], dict(said="from the supply: 3 chips. In the supply: 17 chips",
                                       check=lambda st: st["chips_supply"] == 17)),
    ("fix chips: nobody holds more than 5",
     two(), ["!fix chips Anna 6"], dict(reason="Nobody holds more than 5 chips")),
    ("fix chips: back to the supply",
     two(anna={"chips": 4}), ["fix chips Anna 1"], dict(said="back to the supply: 3 chips",
                                                        check=lambda st: st["chips_supply"] == 19)),
    ("fix turn at the start of a turn",
     two(), ["fix turn Ben", "move"], dict(check=lambda st: st["player"] == "Ben" and st["players"][1]["arrow"] == "11")),
    ("fix turn is refused once the arrow moved",
     two(), ["move", "!fix turn Ben"], dict(reason="only at the start of a turn")),
    ("a bar that lies elsewhere cannot appear in a safe",
     two(safes=dealt_safes(7)), ["!fix safe 9 " + " ".join(dealt_safes(7)["9"] + [dealt_safes(7)["2"][0]])],
     dict(reason="is not in the box: it lies in safe 2")),
    ("the box blocks play until every bar is back in a safe",
     two(safes=dealt_safes(7)), ["fix safe 2 " + " ".join(dealt_safes(7)["2"][1:]), "!move"],
     dict(reason="Bars are still in the box", check=lambda st: st["box"] == [dealt_safes(7)["2"][0]])),
    ("a bar moved from one safe to another through the box",
     two(safes=dealt_safes(7)),
     ["fix safe 2 " + " ".join(dealt_safes(7)["2"][1:]), "fix safe 9 " + " ".join(dealt_safes(7)["9"] + [dealt_safes(7)["2"][0]]),
      "move"], dict(check=lambda st: st["box"] == [] and len(st["safes"]["9"]) == 7 and len(st["safes"]["2"]) == 5)),
    ("fix case takes the bars from the box (fix a safe first)",
     two(safes=dealt_safes(7)), ["!fix case Anna green/6 1"], dict(reason="is not in the box")),
    ("fix robber at the start of a turn",
     two(), ["fix robber Anna 3 10", "move"], dict(check=lambda st: st["players"][0]["arrow"] == "10")),
    ("fix robber refuses a safe with another stone",
     two(), ["!fix robber Anna 5 11"], dict(reason="Ben's robber stone stands on safe 5")),
    ("fix arrow of a player who is not moving",
     two(), ["!fix arrow Ben 5", "fix arrow Ben B"], dict(check=lambda st: st["players"][1]["heading"] == "B")),
    ("the turn counter can be fixed",
     two(counter=4), ["fix counter 35"], dict(said="stands on 35 of 36", check=lambda st: st["counter"]["turn"] == 35)),
    ("scores tell the points so far and change nothing",
     two(anna={"chips": 1, "case": {"green/5": 5}}), ["scores"],
     dict(said="Anna: bars 15, bonus 5, total 20 points (1 chip).", check=lambda st: st["phase"] == "move")),
    ("a correction is undoable",
     two(), ["fix chips Ben 2", "undo"], dict(check=lambda st: st["players"][1]["chips"] == 0 and st["chips_supply"] == 20)),
]


@pytest.mark.parametrize("name, st, lines, expect", CASES, ids=[c[0] for c in CASES])
def test_rule_case(name, st, lines, expect):
    s = session_from(st)
    res = None
    for line in lines:
        refuse = line.startswith("!")
        text = line[1:] if refuse else line
        before = s.game.public_state()
        res = s.execute(text)
        assert not res.error, res.shown
        if refuse:
            assert not res.accepted, f"{text!r} should be refused; said {res.said}"
            assert s.game.public_state() == before
        else:
            assert res.accepted, f"{text!r} was refused: {res.reason}"
    if "said" in expect:
        assert expect["said"] in " ".join(res.said), res.said
    if "reason" in expect:
        assert expect["reason"] in (res.reason or ""), res.reason
    if "check" in expect:
        assert expect["check"](s.game.public_state()), s.game.public_state()
    _assert_conserved(s.game)


def _assert_conserved(g: GoldConnection) -> None:
    have = Counter()
    for bars in g.safes.values():
        have.update(bars)
    for pl in g.players:
        have.update(pl["case"].bars())
    if g.turn:
        have.update(g.turn["deposit"])
    have.update(g.box)
    assert have == Counter(g.all_bars())
    assert g.supply + sum(pl["chips"] for pl in g.players) == g.ed.chip_supply


def test_the_hand_dealt_board_is_entered_safe_by_safe():
    s = AssistantSession(GoldConnection(assets(), seed=1, lang="en", options={"mode": "table"}))
    deal = dealt_safes(3)
    for line in ["deal table", "players Anna Ben", "roll 3", "roll 8"]:
        assert s.execute(line).accepted, line
    assert len(s.game.box) == 84 and not any(s.game.safes.values())
    res = s.execute("arrow 1")
    assert not res.accepted and "Bars are still in the box" in res.reason
    for sid, bars in deal.items():
        res = s.execute(f"safe {sid} " + " ".join(bars))
        assert res.accepted, res.reason
    assert "The box is empty" in res.said[-1]
    assert s.execute("arrow 1").accepted and s.execute("arrow 10").accepted
    assert s.game.public_state()["safes"] == deal and s.game.phase == "move"


@pytest.mark.parametrize("change, field, words", [
    (lambda st: st["players"][1].update(robber="6"), "state.players[1].robber", "without another robber stone"),
    (lambda st: st["players"][0].update(heading="1"), "state.players[0].heading", "a way on from the robber's safe"),
    (lambda st: st["players"][0].update(chips=6), "state.players[0].chips", "from 0 to 5"),
    (lambda st: st["safes"]["9"].append("red1"), "state.safes", "red1: 7 instead of 6"),
    (lambda st: st["safes"]["9"].append("purple1"), "state.safes.9[6]", "a colour (red, blue, yellow, green)"),
    (lambda st: st.update(current="Zoe"), "state.current", "one of the players: Anna, Ben"),
    (lambda st: st.update(phase="dancing"), "state.phase", "one of players"),
    (lambda st: st.update(chips_supply=3), "state.chips_supply", "20: the edition's 20 chips"),
    (lambda st: st.update(colour="red"), "state.colour", "unknown key"),
    (lambda st: st["players"][0].update(case={"red/7": 1}), "state.players[0].case.red/7", "a row like green/6"),
])
def test_a_wrong_state_file_names_file_line_and_field(change, field, words):
    st = two()
    change(st)
    with pytest.raises(DataError) as e:
        load(st, name="table.yaml")
    msg = str(e.value)
    assert "table.yaml:" in msg and field in msg and words in msg, msg


def test_a_state_of_the_players_alone_deals_the_rest_into_the_safes():
    text = """game: gold-connection
state:
  counter: 3
  players:
    - {name: Anna, colour: red, robber: "6", heading: "12", case: {red/6: 4}}
    - {name: Ben, colour: blue, robber: "5", heading: "11", chips: 2}
"""
    data = load_yaml_text(text, "min.yaml")
    g = GoldConnection.from_state(assets(), data["state"], seed=4, lang="en", options={})
    assert g.mode == "table" and g.phase == "move" and g.me["name"] == "Anna" and g.supply == 18
    _assert_conserved(g)
    assert sum(len(b) for b in g.safes.values()) == 80
    red_in_safes = sorted(v for bars in g.safes.values() for c, v in bars if c == "red")
    assert red_in_safes == [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6]   # 21 minus Anna's 1-4
    twin = reload(g)
    assert twin.public_state() == g.public_state()


def test_four_players_cannot_fill_a_row_of_4_in_a_state_file():
    st = four()
    st["players"][0]["case"] = {"red/4": 1}
    with pytest.raises(DataError) as e:
        load(st)
    assert "a row used with 4 players (the rows of 4 are not)" in str(e.value)


def _random_game(seed: int, steps: int, check_every: bool):
    """A random whole game; at every step (or none) the state is saved and loaded, and the
    loaded game must show the same and answer the next command the same."""
    rnd = random.Random(seed)
    mode = "table" if seed % 2 else "screen"
    s = AssistantSession(GoldConnection(assets(), seed=seed, lang=("en", "de")[seed % 2], options={"mode": mode}))
    lines = []
    for step in range(steps):
        line = rnd.choice(random_commands(s.game, rnd))
        if check_every:
            twin = AssistantSession(reload(s.game, as_yaml=step % 10 == 0))
            assert twin.game.public_state() == s.game.public_state()
            a, b = s.execute(line), twin.execute(line)
            assert (a.accepted, a.said, a.reason, a.state) == (b.accepted, b.said, b.reason, b.state), line
        else:
            a = s.execute(line)
        assert not a.error, (line, a.shown)
        lines.append(line)
        if s.game.over:
            break
    return s, lines


@pytest.mark.parametrize("seed", range(4))
def test_round_trip_at_every_step_of_random_games(seed):
    s, lines = _random_game(seed, 160, True)
    assert len(lines) > 20
    _assert_conserved(s.game)


def test_random_games_reach_the_end_and_a_plunder():
    """The generator reaches the deep phases: a finished game, and a plunder (from a rich state)."""
    assert any(_random_game(seed, 400, False)[0].game.over for seed in range(3))
    rich = two(ben=RICH_BEN)
    s = session_from(rich)
    for line in ["move", "plunder green/6", "roll 6 6", "move"]:
        assert s.execute(line).accepted
    twin = AssistantSession(reload(s.game))
    assert twin.game.public_state() == s.game.public_state()
    for line in ["take " + " ".join(f"{c}{v}" for c, v in s.game.safes["1"][:1]), "roll 6 6", "end", "auto"]:
        a, b = s.execute(line), twin.execute(line)
        assert (a.accepted, a.said) == (b.accepted, b.said), line


def _subprocess(args, cwd):
    proc = subprocess.run([sys.executable, "-m", "tiptoi_sim", "assist", "gold-connection", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(x) for x in proc.stdout.splitlines()]


def test_round_trip_through_new_processes(tmp_path):
    """``state --yaml FILE`` saved mid-game and loaded by a new process with ``--from`` shows the
    same public state and gives the same answers to the next commands."""
    for seed, cut in ((3, 40), (4, 90)):
        s, lines = _random_game(seed, 150, False)
        head, tail = lines[:cut], lines[cut:cut + 12]
        orig = AssistantSession(GoldConnection(assets(), seed=seed, lang=("en", "de")[seed % 2],
                                               options={"mode": "table" if seed % 2 else "screen"}))
        for line in head:
            orig.execute(line)
        state_file = tmp_path / f"s{seed}.yaml"
        state_file.write_text(dump_state_file(orig.game), encoding="utf-8")
        expected = [orig.execute(line) for line in tail]
        script = tmp_path / f"t{seed}.txt"
        script.write_text("\n".join(["state --yaml " + str(tmp_path / f"again{seed}.yaml")] + tail) + "\n",
                          encoding="utf-8")
        recs = _subprocess(["--from", str(state_file), "--script", str(script)], REPO_DIR)
        assert recs[0]["accepted"]
        # the state written again by the new process is the one it loaded
        again = yaml.safe_load((tmp_path / f"again{seed}.yaml").read_text(encoding="utf-8"))
        assert again == yaml.safe_load(state_file.read_text(encoding="utf-8"))
        for want, got in zip(expected, recs[1:]):
            assert (want.accepted, want.said, want.reason) == (got["accepted"], got["said"], got["reason"])
            assert json.loads(json.dumps(want.state)) == got["state"]


def test_a_broken_state_file_is_one_clear_line_from_the_cli(tmp_path):
    st = two()
    st["players"][0]["chips"] = 9
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump({"game": "gold-connection", "state": st}, sort_keys=False), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tiptoi_sim", "assist", "gold-connection", "--from", str(f),
                           "--script", "-"], cwd=REPO_DIR, input="", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"{f}:" in proc.stderr and "state.players[0].chips" in proc.stderr


TABLE_DIR = Path(EXAMPLE).parent


def test_the_docs_joining_mid_game_example_runs(capsys):
    state_file = TABLE_DIR / "gold-connection-table.yaml"
    script = TABLE_DIR / "gold-connection-table.txt"
    rc = cli.main(["assist", "gold-connection", "--from", str(state_file), "--script", str(script)])
    assert rc in (0, None)
    recs = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    # the two refusals the example shows on purpose, and nothing else
    assert [r["command"] for r in recs if not r["accepted"]] == ["Ben move", "end"]
    assert "It is Anna's move, not Ben's" in recs[4]["reason"]
    last = recs[-1]["state"]
    assert last["player"] == "Anna" and last["counter"]["turn"] == 17 and last["box"] == []
    assert {pl["name"]: pl["chips"] for pl in last["players"]} == {"Anna": 1, "Ben": 2, "Cara": 2}
    doc = (TABLE_DIR.parent / "gold-connection.md").read_text(encoding="utf-8")
    assert state_file.read_text(encoding="utf-8") in doc and script.read_text(encoding="utf-8") in doc
