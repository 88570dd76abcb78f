"""The data of Rette die Million!: the shipped packs' structure, and located errors for
malformed packs and editions."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml
from rdm_helpers import ASSETS, copy_assets, new_session, ok, play_round, shipped_assets

from tiptoi_sim.assistants.rette_die_million.data import load_assets
from tiptoi_sim.core.errors import DataError

MINIMUM = {4: 30, 3: 20, 2: 6}


@pytest.mark.parametrize("name, lang", [("de", "de"), ("en", "en")])
def test_shipped_pack_structure(name, lang):
    pack = shipped_assets().packs[name]
    assert pack.lang == lang
    ids = [c.id for cards in pack.cards.values() for c in cards]
    assert len(ids) == len(set(ids))
    for kind, minimum in MINIMUM.items():
        cards = pack.cards[kind]
        assert len(cards) >= minimum, (kind, len(cards))
        for c in cards:
            assert [letter for letter, _ in c.answers] == list("ABCD"[:kind]), c.id
            assert all(text.strip() for _, text in c.answers), c.id
            assert len({t.casefold() for _, t in c.answers}) == kind, c.id
            assert c.right in "ABCD"[:kind], c.id
            assert c.category.strip() and c.question.strip().endswith("?"), c.id
        # the right answers are spread over the letters, not always the same one
        counts = Counter(c.right for c in cards)
        assert len(counts) == kind and max(counts.values()) <= len(cards) // kind + 2, counts


def test_both_packs_ask_the_same_facts_with_the_same_right_letters():
    de, en = shipped_assets().packs["de"], shipped_assets().packs["en"]
    for kind in MINIMUM:
        assert [c.right for c in de.cards[kind]] == [c.right for c in en.cards[kind]]


def write_pack(folder: Path, text: str) -> Path:
    p = folder / "packs" / "de.yaml"
    p.write_text(text, encoding="utf-8")
    return p


GOOD_CARD = """      - id: {id}
        category: Test {id}
        question: "Frage?"
        answers: {answers}
        right: A
"""


def pack_text(four_answers="{A: a, B: b, C: c, D: d}", four_id="x4-2") -> str:
    def section(kind, n, answers=None, second_id=None):
        letters = "ABCD"[:n]
        ans = answers or "{" + ", ".join(f"{x}: {x.lower()}" for x in letters) + "}"
        first = GOOD_CARD.format(id=f"x{kind}-1", answers="{" + ", ".join(f"{x}: {x.lower()}" for x in letters) + "}")
        return f"  {kind}:\n" + first + GOOD_CARD.format(id=second_id or f"x{kind}-2", answers=ans)

    return "lang: de\ntitle: T\ncards:\n" + section(4, 4, four_answers, four_id) + section(3, 3) + section(2, 2)


def test_a_category_twice_in_a_section_is_refused_with_its_place(tmp_path):
    folder = copy_assets(tmp_path)
    text = pack_text().replace("category: Test x4-2", "category: test X4-1")
    write_pack(folder, text)
    with pytest.raises(DataError) as e:
        load_assets(folder)
    msg = str(e.value)
    assert "de.yaml:11" in msg and "cards.4[1].category" in msg and "already at line 6" in msg


def test_the_shipped_packs_never_offer_a_category_twice():
    for pack in shipped_assets().packs.values():
        for cards in pack.cards.values():
            names = [c.category.casefold() for c in cards]
            assert len(names) == len(set(names)), pack.name


def test_a_small_valid_pack_loads(tmp_path):
    folder = copy_assets(tmp_path)
    write_pack(folder, pack_text())
    assets = load_assets(folder)
    assert [c.id for c in assets.packs["de"].cards[4]] == ["x4-1", "x4-2"]


@pytest.mark.parametrize("answers, field, words", [
    ("{A: a, B: b, C: null, D: d}", "cards.4[1].answers.C", "missing"),
    ('{A: a, B: b, C: "", D: d}', "cards.4[1].answers.C", "missing"),
    ("{A: a, B: b, D: d}", "cards.4[1].answers", "got 3: answer C missing"),
    ("{A: a, B: b, C: c}", "cards.4[1].answers", "4 answers (A, B, C, D)"),
    ("{A: a, B: b, C: c, D: d, E: e}", "cards.4[1].answers", "got an answer 'E'"),
    ("{A: a, B: b, C: c, D: a}", "cards.4[1].answers", "different texts"),
    ("{A: yes, B: no, C: c, D: d}", "cards.4[1].answers.A", "put it in quotes"),
])
def test_bad_answers_are_refused_with_their_place(tmp_path, answers, field, words):
    folder = copy_assets(tmp_path)
    path = write_pack(folder, pack_text(answers))
    with pytest.raises(DataError) as e:
        load_assets(folder)
    err = e.value
    assert err.field == field and words in err.expected
    assert err.path == str(path)
    # the card with the problem starts on line 10 of the generated pack
    assert err.line is not None and 10 <= err.line <= 13


def test_duplicate_id_is_refused_with_its_place(tmp_path):
    folder = copy_assets(tmp_path)
    write_pack(folder, pack_text(four_id="x4-1"))
    with pytest.raises(DataError) as e:
        load_assets(folder)
    assert e.value.field == "cards.4[1].id" and e.value.line == 10
    assert "duplicate id 'x4-1' (first used at line 5)" in e.value.expected
    assert str(e.value).startswith(str(folder / "packs" / "de.yaml") + ":10: cards.4[1].id")


def test_a_pack_needs_every_kind_and_two_cards_each(tmp_path):
    folder = copy_assets(tmp_path)
    text = pack_text()
    write_pack(folder, text.split("  2:\n")[0])
    with pytest.raises(DataError) as e:
        load_assets(folder)
    assert e.value.field == "cards.2" and "missing" in e.value.expected
    write_pack(folder, text.replace("  3:\n", "  5:\n"))
    with pytest.raises(DataError) as e:
        load_assets(folder)
    assert e.value.field == "cards.5"


def test_a_bad_right_letter_is_refused(tmp_path):
    folder = copy_assets(tmp_path)
    text = pack_text()
    lines = text.splitlines()
    last_right = max(i for i, line in enumerate(lines) if "right:" in line)
    lines[last_right] = "        right: C"
    write_pack(folder, "\n".join(lines) + "\n")
    with pytest.raises(DataError) as e:
        load_assets(folder)
    assert e.value.field == "cards.2[1].right" and "A, B" in e.value.expected


@pytest.mark.parametrize("change, field", [
    (("rounds: [4, 4, 4, 4, 3, 3, 3, 2]", "rounds: [4, 5, 2]"), "rounds[1]"),
    (("chips: 40", "chips: -1"), "chips"),
    (("windows: [A, B, C, D]", "windows: [A, C]"), "windows"),
    (("  seconds: 60", "  seconds: soon"), "time_limit.seconds"),
    (("chip_value: 25000", "chip_valu: 25000"), "chip_valu"),
])
def test_edition_errors_name_their_field_and_line(tmp_path, change, field):
    folder = copy_assets(tmp_path)
    ed = folder / "edition.yaml"
    text = ed.read_text(encoding="utf-8")
    assert change[0] in text
    ed.write_text(text.replace(change[0], change[1]), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_assets(folder)
    assert e.value.field == field and e.value.path == str(ed) and e.value.line


def test_the_edition_is_data(tmp_path):
    folder = copy_assets(tmp_path)
    ed = folder / "edition.yaml"
    text = ed.read_text(encoding="utf-8").replace("chips: 40", "chips: 20").replace(
        "rounds: [4, 4, 4, 4, 3, 3, 3, 2]", "rounds: [4, 3, 2]")
    ed.write_text(text, encoding="utf-8")
    s = new_session("en", assets=load_assets(folder))
    res = ok(s, "team X x", "start")
    assert "Round 1 of 3: 4 answers." in res.said and s.game.run.chips == 20


def test_exhausted_cards_are_said_and_the_oldest_come_back(tmp_path):
    folder = copy_assets(tmp_path)
    data = yaml.safe_load((ASSETS / "packs" / "en.yaml").read_text(encoding="utf-8"))
    data["cards"][4] = data["cards"][4][:3]
    (folder / "packs" / "en.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    s = new_session("en", seed=4, assets=load_assets(folder))
    ok(s, "team X x", "start")
    first = list(s.game.run.offered)
    (fresh,) = [c.id for c in s.game.pack.cards[4] if c.id not in first]
    play_round(s, "RIGHT")
    before = dict(s.game.pool.drawn)
    res = ok(s, "next")
    assert "The cards with 4 answers are used up; I take back the ones asked longest ago." in res.said
    second = set(s.game.run.offered)
    assert fresh in second and len(second & set(first)) == 1
    # the one that came back was the one drawn earliest of round 1's two
    assert (second & set(first)) == {min(first, key=before.__getitem__)}
