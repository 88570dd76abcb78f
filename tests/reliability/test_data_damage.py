"""A damage table for the data: one kind of damage to a copy of ``board_assets/`` per case, each
refused with its file (and line or field), exit status 2, no traceback, through every command
that loads it: ``validate``, ``simulate --assets`` (the pen's data) or ``assist --assets``."""

import shutil
from pathlib import Path

import pytest

from tiptoi_sim.cli import main
from tiptoi_sim.paths import assets_dir

SCENARIO = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "quick-heist.yaml"


def billion_laughs() -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    prev = "a"
    for name in "bcdefghi":
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
        prev = name
    return text


def replace(old: str, new: str):
    def damage(p: Path) -> None:
        text = p.read_text(encoding="utf-8")
        assert old in text, f"{p.name} no longer holds {old!r}: update the damage table"
        p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return damage


def write(content):
    def damage(p: Path) -> None:
        p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return damage


def append(content: str):
    def damage(p: Path) -> None:
        with open(p, "a", encoding="utf-8") as f:
            f.write(content)
    return damage


def remove(p: Path) -> None:
    p.unlink()


def folder(p: Path) -> None:
    p.unlink()
    p.mkdir()


def big(p: Path) -> None:
    with open(p, "a", encoding="utf-8") as f:
        f.write("# " + "x" * (3 * 1024 * 1024) + "\n")


# (game folder, file, damage, what the message must hold besides the file name)
DAMAGE = [
    ("millionen_coup", "phrases.de.yaml", write(billion_laughs()), "more than 20,000 values"),
    ("millionen_coup", "phrases.en.yaml", write("phrases: " + "[" * 50_000), "nest"),
    ("millionen_coup", "phrases.de.yaml", big, "larger than 2 MB"),
    ("millionen_coup", "rules.yaml", replace("normal: 80", "normal: 100000000000000000000"), "too large"),
    ("millionen_coup", "rules.yaml", replace("normal: 80", "normal: 100000"), "difficulties.normal"),
    ("millionen_coup", "rules.yaml", replace("unit_seconds: 30", "unit_seconds: .inf"), "not a finite number"),
    ("millionen_coup", "rules.yaml", replace("unit_seconds: 30", "unit_seconds: .nan"), "not a finite number"),
    ("millionen_coup", "rules.yaml", replace("every: 10", "every: -1"), "announcements.every"),
    ("millionen_coup", "rules.yaml", replace("unit_seconds: 30", "unit_seconds: 30\nunit_seconds: 20"), "duplicate key"),
    ("millionen_coup", "rules.yaml", replace("unit_seconds: 30", "unit_secnods: 30"), "unknown key"),
    ("millionen_coup", "rules.yaml", write(""), "rules"),
    ("millionen_coup", "rules.yaml", append("\n\tbroken: [\n"), "not valid YAML"),
    ("millionen_coup", "board.yaml", write(b"rooms:\n  - \xff\xfe\n"), "not UTF-8"),
    ("millionen_coup", "board.yaml", append("\nx: \x07\n"), "not valid YAML"),
    ("millionen_coup", "board.yaml", remove, "file not found"),
    ("millionen_coup", "board.yaml", folder, "a folder"),
    ("millionen_coup", "layout.yaml", replace("[0.185, 0.013]", "[.nan, 0.013]"), "not a finite number"),
    ("millionen_coup", "phrases.en.yaml", write("lang: en\nphrases: {a: &x [1, *x]}\n"), "inside its own anchor"),
    ("coup", "edition.yaml", replace("starting_coins: 2", "starting_coins: 100000000000000000000"), "too large"),
    ("coup", "phrases.en.yaml", write(billion_laughs()), "more than 20,000 values"),
    ("gold_connection", "edition.yaml", replace("turns: 36", "turns: .inf"), "not a finite number"),
    ("gold_connection", "board.yaml", write("safes: " + "{a: " * 10_000), "nested more than 50"),
    ("millions_of_dollars", "edition.yaml", replace("reserve: 400", "reserve: 100000000000000000000"), "too large"),
    ("millions_of_dollars", "loot.yaml", big, "larger than 2 MB"),
    ("rette_die_million", "packs/de.yaml", write(billion_laughs()), "more than 20,000 values"),
    ("rette_die_million", "edition.yaml", write(b"\xfe\xff\x00c\x00h"), "not UTF-8"),
    ("camera", "check.de.yaml", write(billion_laughs()), "more than 20,000 values"),
    ("camera", "check.en.yaml", replace("Board found, {pixels}", "Board found, {pixles}"), "unknown placeholder {pixles}"),
    ("camera", "check.de.yaml", replace("    sharp:", "    scharf:"), "unknown key"),
]


@pytest.fixture
def assets(tmp_path):
    root = tmp_path / "board_assets"
    shutil.copytree(assets_dir(), root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _refused(capsys, argv, fname: str, expect: str) -> None:
    assert main(argv) == 2, argv
    err = capsys.readouterr().err
    assert fname in err and expect in err, err[-600:]
    assert "Traceback" not in err


@pytest.mark.parametrize("game,fname,damage,expect", DAMAGE,
                         ids=[f"{g}/{f}:{e}" for g, f, _, e in DAMAGE])
def test_damaged_data_is_refused_everywhere(assets, capsys, game, fname, damage, expect):
    damage(assets / game / fname)
    _refused(capsys, ["validate", str(assets)], fname, expect)
    if game == "camera" or (game == "millionen_coup" and fname == "layout.yaml"):
        return  # the layout and the camera's words are for the window and the camera; simulate does not load them
    if game == "millionen_coup":
        _refused(capsys, ["simulate", str(SCENARIO), "--assets", str(assets / game), "--no-say"], fname, expect)
    else:
        gid = game.replace("_", "-")
        _refused(capsys, ["assist", gid, "--assets", str(assets), "--script", "-"], fname, expect)


def test_validate_names_each_game_and_goes_on_after_a_broken_one(assets, capsys):
    replace("normal: 80", "normal: 100000")(assets / "millionen_coup" / "rules.yaml")
    assert main(["validate", str(assets)]) == 2
    cap = capsys.readouterr()
    assert "Der Millionen-Coup (" in cap.err and "difficulties.normal" in cap.err
    for title in ("Rette die Million!", "Coup", "Millions of Dollars", "Gold Connection"):
        assert f"{title} (" in cap.out and ": ok" in cap.out
    assert "The webcam's set-up check (" in cap.out
    assert "1 of 6 folders refused" in cap.err


@pytest.mark.parametrize("content,expect", [(billion_laughs(), "more than 20,000 values"),
                                            ("hotspots: " + "[" * 50_000, "nest"),
                                            ("hotspots:\n  go: [[.inf, 0], [1, 0], [1, 1]]\n", "not a finite number")])
def test_a_damaged_hotspot_overlay_is_refused(tmp_path, capsys, content, expect):
    p = tmp_path / "overlay.yaml"
    p.write_text(content)
    _refused(capsys, ["hotspots", "--hotspots", str(p)], "overlay.yaml", expect)
