"""Coup's data is checked on load: a malformed edition or phrase file gives a DataError with
its file, line and field, never a traceback or a silently wrong game."""

from __future__ import annotations

import shutil

import pytest

from tiptoi_sim.assistants.coup.game import CoupGame
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.paths import assets_dir

SRC = assets_dir() / "coup"


def test_bundled_data_loads():
    a = CoupGame.load_assets(SRC)
    assert a.treasury_total == 54 and a.starting_coins == 2 and a.forced_coup_at == 10
    assert a.copies_for(2) == a.copies_for(6) == 3 and a.copies_for(7) == a.copies_for(8) == 4
    assert set(a.lineups) == {"ambassador", "inquisitor"}
    assert a.actions["assassinate"].cost == 3 and a.actions["coup"].cost == 7
    assert a.characters["inquisitor"].powers["exchange"] == {"draw": 1, "return": 1}


# (what to replace, with what, the field named in the error)
BROKEN = [
    ("powers: {tax: {}}", "powers: {taxes: {}}", "characters.duchess.powers.taxes"),
    ("powers: {tax: {}}", "powers: {income: {}}", "characters.duchess.powers.income"),
    ("blocks: [foreign_aid]", "blocks: [income]", "characters.duchess.blocks[0]"),
    ("  inquisitor: [duchess, assassin, captain, countess, inquisitor]",
     "  inquisitor: [duchess, assassin, captain, countess, jester]", "lineups.inquisitor[4]"),
    ("  - {players: [7, 8], copies: 4}", "  - {players: [7, 7], copies: 4}", "copies"),
    ("  coup:        {cost: 7, targeted: true}", "  coup:        {cost: -7, targeted: true}", "actions.coup.cost"),
    ("  income:      {coins: 1}\n", "", "actions.income"),
    ("  - {name: gold, count: 6, value: 5}", "  - {name: gold, count: 6, value: five}", "treasury[1].value"),
    ("default_lineup: ambassador", "default_lineup: jester", "default_lineup"),
    ("    names: {de: Gräfin, en: Countess}", "    names: {de: Gräfin}", "characters.countess.names.en"),
    ("    duchess: {de: Herzog, en: Duke}", "    duchess: {de: Herzog, en: Duke, fr: Duc}", "names.classic.duchess.fr"),
    ("forced_coup_at: 10", "forced_coup_at: 10\nforced_coup: 10", "forced_coup"),
]


@pytest.mark.parametrize("old,new,field", BROKEN, ids=[b[2] for b in BROKEN])
def test_broken_edition_is_located(tmp_path, old, new, field):
    folder = tmp_path / "coup"
    shutil.copytree(SRC, folder)
    path = folder / "edition.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as e:
        CoupGame.load_assets(folder)
    assert e.value.path == str(path)
    assert e.value.field == field
    assert e.value.line is not None and e.value.line > 1


def test_yaml_syntax_error_has_its_line(tmp_path):
    folder = tmp_path / "coup"
    shutil.copytree(SRC, folder)
    (folder / "edition.yaml").write_text("players: {min: 2, max: 8}\nactions: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        CoupGame.load_assets(folder)
    assert "not valid YAML" in str(e.value) and e.value.line is not None


def test_phrase_catalogues_must_agree(tmp_path):
    folder = tmp_path / "coup"
    shutil.copytree(SRC, folder)
    p = folder / "phrases.en.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("{actor} takes {amount} from {target}, now {total}.",
                                                       "{actor} takes {money} coins from {target}."), encoding="utf-8")
    with pytest.raises(DataError) as e:
        CoupGame.load_assets(folder)
    assert e.value.field == "phrases.resolve.steal" and e.value.line is not None
