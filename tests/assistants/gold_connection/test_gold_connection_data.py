"""board_assets/gold_connection/ is validated on load: a broken file gives a DataError with the
file, the line and the field."""

from __future__ import annotations

import shutil

import pytest
from gc_helpers import ASSETS

from tiptoi_sim.assistants.gold_connection.game import GoldConnection
from tiptoi_sim.core.errors import DataError


def test_the_bundled_data_loads():
    a = GoldConnection.load_assets(ASSETS)
    assert len(a.board.safes) == 14 and sum(s.junction for s in a.board.safes.values()) == 2
    assert sorted(s.number for s in a.board.safes.values() if s.number) == list(range(1, 13))
    assert a.edition.rows_for(4) == (5, 6) and a.edition.rows_for(3) == (4, 5, 6)


def _broken(tmp_path, name, old, new):
    folder = tmp_path / "gc"
    shutil.copytree(ASSETS, folder)
    p = folder / name
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize("name,old,new,field,words", [
    ("board.yaml", '{id: "9", number: 9', '{id: "9", number: 12', "safes", "number 9 is missing"),
    ("board.yaml", '{id: "9", number: 9', '{id: "9", number: 13', "safes[1].number", "1 to 12"),
    ("board.yaml", '{id: A, junction: true, at: [0, 1]}', '{id: A, junction: true, number: 3, at: [0, 1]}',
     "safes[0]", "not both"),
    ("board.yaml", '  - ["9", "2"]\n', '', "ways", "two ways"),
    ("board.yaml", '  - ["9", "2"]\n', '  - ["9", "2"]\n  - ["9", "2"]\n', "ways[2]", "twice"),
    ("board.yaml", '  - ["9", "2"]\n', '  - ["9", "Q"]\n', "ways[1]", "known safe"),
    ("board.yaml", '  - ["9", "6"]\n', '', "walls", "a way or a wall between"),
    ("board.yaml", '  - ["9", "6"]\n', '  - ["9", "2"]\n', "walls[0]", "no way"),
    ("board.yaml", '  - ["2", "11"]\n', '  - ["2", "7"]\n', "ways[2]", "touch"),
    ("board.yaml", 'at: [5, 1]', 'at: [4, 2]', "safes[13].at", "free place"),
    ("edition.yaml", "bars_per_safe: 6", "bars_per_safe: 5", "bars_per_safe", "84 bars"),
    ("edition.yaml", "1: 6, 2: 5", "1: 6, 2: 0", "bars_per_value.2", "≥ 1"),
    ("edition.yaml", "case_rows: [4, 5, 6]", "case_rows: [4, 5, 7]", "case_rows[2]", "row size"),
    ("edition.yaml", "bonus: {5: 5, 6: 10}", "bonus: {5: 5, 7: 10}", "bonus.7", "a key"),
    ("edition.yaml", "failed_plunder_to: both", "failed_plunder_to: nobody", "chips.failed_plunder_to", "robbed or both"),
    ("edition.yaml", "turns: 36", "turns: many", "turns", "whole number"),
    ("edition.yaml", "turns: 36", "turns: 36\nturn: 3", "turn", "unknown key"),
    ("phrases.en.yaml", '  take: "{player} takes {bars}.', '  take: "{player} takes {bar}.', "phrases.take", "placeholders"),
])
def test_broken_data_is_refused_with_its_place(tmp_path, name, old, new, field, words):
    folder = _broken(tmp_path, name, old, new)
    with pytest.raises(DataError) as e:
        GoldConnection.load_assets(folder)
    err = e.value
    assert err.path.endswith(name)
    assert err.field == field, str(err)
    assert words in err.expected, str(err)
    assert err.line is not None or field in ("ways", "safes", "walls", "phrases.take"), str(err)


def test_a_yaml_syntax_error_names_its_line(tmp_path):
    folder = _broken(tmp_path, "board.yaml", "ways:\n", "ways: [\n")
    with pytest.raises(DataError) as e:
        GoldConnection.load_assets(folder)
    assert e.value.path.endswith("board.yaml") and e.value.line and "YAML" in str(e.value)


def test_a_colour_without_a_name_is_refused(tmp_path):
    folder = _broken(tmp_path, "phrases.en.yaml", "    green: green\n", "")
    p = folder / "phrases.de.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("    green: grün\n", ""), encoding="utf-8")
    with pytest.raises(DataError) as e:
        GoldConnection.load_assets(folder)
    assert e.value.field == "phrases.colour.green" and e.value.path.endswith("phrases.de.yaml")
