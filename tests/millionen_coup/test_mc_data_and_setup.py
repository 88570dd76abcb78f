"""Loading and checking the game data; the hidden setup; determinism; the simulate command."""

import random
import shutil
from pathlib import Path

import pytest

from mc_helpers import HIDDEN, dumps, play
from tiptoi_sim.cli import main
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.setup import draw_setup, winnable
from tiptoi_sim.paths import assets_dir

SRC = assets_dir() / "millionen_coup"


@pytest.fixture
def assets(tmp_path):
    dst = tmp_path / "millionen_coup"
    shutil.copytree(SRC, dst)
    return dst


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("file,old,new,expect", [
    ("board.yaml", "[door, corridor_2, archive]", "[door, corridor_2, archives]",
     "board.yaml:{line}: connections[12]: unknown room 'archives'"),
    ("board.yaml", "{id: corridor_5, floor: basement, kind: corridor}", "{id: hallway, floor: basement, kind: corridor}",
     "rooms[18].id: a corridor's id must carry its number"),
    ("board.yaml", "{id: garage, floor: basement, kind: room}", "{id: lobby, floor: basement, kind: room}",
     "rooms[19].id: duplicate room id 'lobby'"),
    ("board.yaml", "  - [corridor_1, corridor_2]   # over the roof", "  - [corridor_1, roof]",
     "climb_connections[0]: unknown room 'roof'"),
    ("rules.yaml", "climb:             {ability: climb, basic: 3, upgraded: 2", "climb:             {ability: climb, basic: 5, upgraded: 2",
     "actions.climb.basic: expected a duration of 1 to 4 time units, got 5"),
    ("rules.yaml", "{id: kim, name: Kim, ability: climb}", "{id: kim, name: Kim, ability: flying}",
     "characters[5].ability: expected one of the abilities"),
    ("rules.yaml", "{id: ben, name: Ben, ability: explore}", "{id: max, name: Ben, ability: explore}",
     "characters[6].id: duplicate character id 'max'"),
    ("rules.yaml", "{id: delivery_van, kind: start, room: garage}", "{id: delivery_van, kind: start, room: carport}",
     "plans[1].room: expected a room id"),
    ("phrases.en.yaml", '    walk: "{player} walks {room.to}. That takes {units}."', '    walk: "{player} walks: {units} {where}."',
     "phrases.start.walk: unknown placeholder {{where}}"),
    ("board.yaml", "  - [door, street, lobby]\n", "  - [door, street, lobby\n", "not valid YAML"),
])
def test_malformed_data_is_refused_with_its_place(assets, file, old, new, expect):
    edit(assets / file, old, new)
    with pytest.raises(DataError) as e:
        load_game_data(assets)
    msg = str(e.value)
    assert file in msg
    line = e.value.line
    assert line is not None and line > 0
    assert expect.format(line=line) in msg


def test_validate_command_reports_and_exits_2(assets, capsys):
    assert main(["validate", str(SRC)]) == 0
    edit(assets / "board.yaml", "[door, corridor_2, archive]", "[door, corridor_2, archives]")
    assert main(["validate", str(assets)]) == 2
    err = capsys.readouterr().err
    assert "unknown room 'archives'" in err and "Traceback" not in err


def test_hidden_setup_is_always_valid_and_winnable(data):
    for seed in range(300):
        h = draw_setup(data, random.Random(seed))
        assert winnable(data, h.alarms)
        assert len(set(h.locks.values())) == 6 and h.locks[1] == data.entrance
        assert len(set(h.waypoints)) == 6 and not {"street", "vault"} & set(h.waypoints)
        assert all(data.rooms[w].kind != "lift" for w in h.waypoints)
        assert len({c for c, _ in h.alarms.values()}) == 3 and all(data.rooms[c].kind == "corridor" for c, _ in h.alarms.values())
        assert len({k for _, k in h.alarms.values()}) == 3 and all(data.rooms[k].kind == "room" for _, k in h.alarms.values())
        assert len(set(h.combination)) == 3
        assert sorted(h.blank_digits.values()) == sorted(set(range(10)) - set(h.combination))
        assert len(set(h.blanks.values())) == 7 and all(data.rooms[r].kind == "room" for r in h.blanks.values())
        assert len(set(h.plans)) == 2
    # the draw depends on the seed only
    assert draw_setup(data, random.Random(5)).to_dict() == draw_setup(data, random.Random(5)).to_dict()


def test_winnability_check_follows_the_spec(data):
    # an alarm in corridor_3 whose console sits behind it: nothing can switch it off
    assert not winnable(data, {"A": ("corridor_3", "cloakroom")})
    # the same alarm with its console in the lobby can be switched off first
    assert winnable(data, {"A": ("corridor_3", "lobby")})
    # corridor_5 alarm with the console in the safe deposit room (reachable via corridor_4)
    assert winnable(data, {"A": ("corridor_5", "safe_deposit")})


def test_given_hidden_entries_are_kept_and_the_rest_drawn(data):
    h = draw_setup(data, random.Random(1), {"combination": [1, 2, 3], "waypoints": ["lobby", "garage"]})
    assert h.combination == [1, 2, 3] and h.waypoints[:2] == ["lobby", "garage"] and len(h.waypoints) == 6


BAD_SCENARIOS = [
    ("taps:\n  - {at: 0, tap: [player:red, action:fly, room:lobby]}", 10, "taps[0].tap[1]: unknown tap id 'action:fly'"),
    ("taps:\n  - {at: 0, tap: [player:blue, learn, skill:run]}", 10, "player 'blue' is not in this game"),
    ("taps:\n  - {at: 0, tap: go, when: now}", 10, "taps[0].when: unknown key"),
    ("taps:\n  - {at: -1, tap: go}", 10, "taps[0].at: expected game-clock seconds"),
    ("taps:\n  - {at: 0, tap: room:bathroom}", 10, "unknown tap id 'room:bathroom'"),
]


@pytest.mark.parametrize("taps,line,expect", BAD_SCENARIOS)
def test_bad_scenarios_are_refused_up_front(tmp_path, capsys, taps, line, expect):
    f = tmp_path / "bad.yaml"
    f.write_text(f"setup:\n  seed: 1\n  players: {{red: max}}\n{HIDDEN}\n{taps}\nuntil: end\n", encoding="utf-8")
    assert main(["simulate", str(f)]) == 2
    err = capsys.readouterr().err
    text = f.read_text().splitlines()
    line = next(i + 1 for i, t in enumerate(text) if t.startswith("  - {at"))
    assert f"bad.yaml:{line}:" in err and expect in err and "Traceback" not in err


def test_bad_setup_fields(tmp_path, capsys):
    cases = [("setup:\n  players: {purple: max}\ntaps: []\n", "setup.players.purple: unknown player colour"),
             ("setup:\n  players: {red: bond}\ntaps: []\n", "unknown character 'bond'"),
             ("setup:\n  players: {red: max}\n  hidden: {combination: [1, 1, 2]}\ntaps: []\n", "setup.hidden.combination: 3 distinct digits"),
             ("setup:\n  players: {red: max}\n  hidden: {locks: {2: [lobby, corridor_3]}}\ntaps: []\n", "is not a lockable door"),
             ("setup:\n  players: {red: max}\n  hidden: {alarms: {A: {corridor: corridor_3, console: cloakroom}, B: {corridor: corridor_1, console: lobby}, C: {corridor: corridor_2, console: archive}}}\ntaps: []\n", "the game could not be won"),
             ("setup:\n  players: {red: max}\ntaps: []\nuntil: later\n", "until: expected end or a number"),
             ("setup:\n  players: {red: max}\n  difficulty: insane\ntaps: []\n", "setup.difficulty: expected easy, normal or hard")]
    for text, expect in cases:
        f = tmp_path / "s.yaml"
        f.write_text(text, encoding="utf-8")
        assert main(["simulate", str(f)]) == 2, text
        err = capsys.readouterr().err
        assert expect in err and "Traceback" not in err, (text, err)
    assert main(["simulate", str(tmp_path / "missing.yaml")]) == 2
    assert "file not found" in capsys.readouterr().err


def test_same_data_seed_and_taps_give_the_same_bytes(data, tmp_path, capsys):
    text = (Path(__file__).parent / "scenarios" / "two-players.yaml").read_text(encoding="utf-8")
    a = dumps(play(data, text, with_say=True))
    b = dumps(play(data, text, with_say=True))
    assert a == b and len(a) > 1000
    # without a given hidden setup, the seed decides it, also through the CLI
    f = tmp_path / "seeded.yaml"
    f.write_text("setup: {seed: 42, unit_seconds: 1, players: {red: ben, blue: kim}}\n"
                 "taps: [{at: 0, tap: [player:red, action:explore, explore:general]}, {at: 3, tap: go}]\nuntil: 20\n")
    outs = []
    for i in range(2):
        assert main(["simulate", str(f), "--out", str(tmp_path / f"o{i}.jsonl")]) == 0
        outs.append((tmp_path / f"o{i}.jsonl").read_bytes())
    assert outs[0] == outs[1] and b'"type": "revealed"' in outs[0]


def test_golden_scenarios_line_by_line(data):
    folder = Path(__file__).parent / "scenarios"
    checked = 0
    for sc in sorted(folder.glob("*.yaml")):
        expected = (folder / (sc.stem + ".jsonl")).read_text(encoding="utf-8").splitlines()
        got = dumps(play(data, sc.read_text(encoding="utf-8"))).splitlines()
        for i, (g, e) in enumerate(zip(got, expected)):
            assert g == e, f"{sc.name} line {i + 1}"
        assert len(got) == len(expected), sc.name
        checked += 1
    assert checked >= 2


def test_examples_in_the_repository_run(capsys):
    examples = sorted((Path(__file__).parents[2] / "examples" / "scenarios").glob("*.yaml"))
    assert examples
    for ex in examples:
        assert main(["simulate", str(ex), "--no-say"]) == 0
        assert '"type": "phase"' in capsys.readouterr().out
