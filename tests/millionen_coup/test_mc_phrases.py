"""The pen's phrases: every template of both catalogues rendered with every room, thing,
character, number 0–100 and time left 0–45 minutes, checked as a listener would; the phrase
contract refuses unknown placeholders (validate and simulate); docs/phrases.md is current."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tiptoi_sim.cli import main
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.phrase_doc import DOC_PATH, build_doc, contract_of, example_raw, render_sample, sessions
from tiptoi_sim.millionen_coup.phrase_fields import sample_values
from tiptoi_sim.paths import assets_dir

ROOT = Path(__file__).resolve().parents[2]
RAW_ID = re.compile(r"\b(digit|room|lock|console|alarm|waypoint|player|char|skill|plan|explore|nav|mode|level|"
                    r"action|plan_slot):\S|[a-z]+_[a-z]+")
DOUBLED_WORD = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
DOUBLED_PUNCT = re.compile(r"[.!?,:;] ?[.!?,:;]")
SMALL_SENTENCE_START = re.compile(r"(?:^|[.!?] )([a-zäöü])")
# a count of one must be singular, every other count plural
WRONG_NUMBER = {
    "de": re.compile(r"(?<![\d,.])\b(?:1|eine?) (?:Zeiteinheiten|Minuten|Sekunden)\b|"
                     r"\b(?:[02-9]|\d\d+) (?:Zeiteinheit|Minute|Sekunde)\b"),
    "en": re.compile(r"(?<![\d,.])\b(?:1|one) (?:time units|minutes|seconds)\b|"
                     r"\b(?:[02-9]|\d\d+) (?:time unit|minute|second)\b"),
}


@pytest.fixture(scope="module")
def data():
    return load_game_data()


def faults(text: str, lang: str) -> list[str]:
    out = []
    if "{" in text or "}" in text:
        out.append("unfilled field")
    if RAW_ID.search(text):
        out.append(f"raw id {RAW_ID.search(text).group(0)!r}")
    m = DOUBLED_WORD.search(text)
    if m and not m.group(1).isdigit():
        out.append(f"doubled word {m.group(0)!r}")
    if DOUBLED_PUNCT.search(text):
        out.append(f"doubled punctuation {DOUBLED_PUNCT.search(text).group(0)!r}")
    if SMALL_SENTENCE_START.search(text):
        out.append("small letter at a sentence start")
    if WRONG_NUMBER[lang].search(text):
        out.append(f"wrong singular/plural {WRONG_NUMBER[lang].search(text).group(0)!r}")
    if text != text.strip() or "  " in text:
        out.append("stray spaces")
    return out


def test_both_catalogues_have_the_same_keys_and_the_contracts(data):
    contract = contract_of(data)
    de, en = data.phrases["de"].templates, data.phrases["en"].templates
    assert set(de) == set(en)
    assert set(contract) <= set(de)


def test_every_phrase_with_every_value_reads_right(data):
    contract = contract_of(data)
    rendered = 0
    problems: list[str] = []
    for lang, session in sessions(data).items():
        for n in range(0, 101):  # counted words, as the pen picks them (CLDR plural category)
            for noun in ("time_unit", "minute", "second"):
                text = session.voice.count(noun, n)
                problems += [f"{lang} count {noun} {n}: {fault}: {text}" for fault in faults(text, lang)
                             if "sentence start" not in fault]  # a part of a sentence
        for key, fields in contract.items():
            if key.startswith("count."):
                continue  # parts of the counts above, never said alone
            base = example_raw(key, contract)
            variants = [base]
            for f in fields:
                variants += [{**base, f: v} for v in sample_values(f, data)]
            for raw in variants:
                text = render_sample(session, key, raw)
                rendered += 1
                for fault in faults(text, lang):
                    problems.append(f"{lang} {key} {raw}: {fault}: {text}")
    assert not problems, "\n".join(problems[:30]) + f"\n… {len(problems)} in all"
    assert rendered > 20000


def test_numbers_and_times_are_said_as_people_say_them(data):
    s = sessions(data)
    de, en = s["de"].voice, s["en"].voice
    assert [de.units(n) for n in (1, 2)] == ["eine Zeiteinheit", "2 Zeiteinheiten"]
    assert [en.units(n) for n in (1, 2)] == ["1 time unit", "2 time units"]
    assert [de.duration(x) for x in (300, 90, 60, 20, 1, 2700, 1600)] == [
        "5 Minuten", "eine Minute 30", "eine Minute", "20 Sekunden", "eine Sekunde", "45 Minuten", "26 Minuten 40"]
    assert [en.duration(x) for x in (300, 90, 1)] == ["5 minutes", "1 minute 30", "1 second"]
    assert de.duration(80, long=True) == "eine Minute und 20 Sekunden"
    assert de.digits([2, 6, 1]) == "2, 6, 1"


def test_rooms_take_their_case_and_article(data):
    s = sessions(data)
    de, en = s["de"], s["en"]
    assert de.text("guard.enters", room="break_room") == "Der Wachmann geht in die Kaffeeküche."
    assert de.text("revealed.blanks", "red", room="security_office").startswith("Eine Niete liegt im Sicherheitsbüro.")
    assert de.text("refused.no_alarm_there", "red", room="lobby") == "In der Schalterhalle ist keine Alarmanlage."
    assert en.text("guard.enters", room="break_room") == "The guard walks into the coffee kitchen."
    assert en.text("refused.too_far", "red", room="lobby").startswith("The lobby is too far")
    assert de.text("go.start_street", "red", room="street") == "Rot, stell deine Figur auf die Straße vor der Bank."


# ---------------------------------------------------------------- the contract refuses bad templates
def _copy_assets(tmp_path: Path) -> Path:
    dst = tmp_path / "millionen_coup"
    shutil.copytree(assets_dir() / "millionen_coup", dst)
    return dst


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_unknown_placeholder_is_refused_by_validate_and_simulate(tmp_path, capsys, lang):
    folder = _copy_assets(tmp_path)
    path = folder / f"phrases.{lang}.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(i for i, t in enumerate(lines) if t.strip().startswith("enters:"))
    lines[i] = lines[i].replace("{room.to}", "{room.to} {hallway}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    where = f"phrases.{lang}.yaml:{i + 1}: phrases.guard.enters: unknown placeholder {{hallway}}"
    with pytest.raises(DataError, match=re.escape(where)):
        load_game_data(folder)
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert where in err and "Traceback" not in err
    scenario = ROOT / "examples" / "scenarios" / "quick-heist.yaml"
    assert main(["simulate", str(scenario), "--assets", str(folder)]) == 2
    err = capsys.readouterr().err
    assert where in err and "Traceback" not in err


@pytest.mark.parametrize("old,new,expect", [
    ('    enters: "Der Wachmann geht {room.to}."', '    enters: "Der Wachmann geht {room.into}."',
     "unknown placeholder {room.into}"),
    ('    enters: "Der Wachmann geht {room.to}."', '    enters: "Der Wachmann geht {room:>5}."',
     "expected {name} or {name.form}"),
    ('    in_game: "Das Spiel läuft schon."', '    in_gaem: "Das Spiel läuft schon."', "in_gaem"),
])
def test_bad_templates_are_refused_with_file_line_and_key(tmp_path, old, new, expect):
    folder = _copy_assets(tmp_path)
    for lang in ("de", "en"):
        p = folder / f"phrases.{lang}.yaml"
        text = p.read_text(encoding="utf-8")
        if lang == "de":
            assert old in text
            text = text.replace(old, new)
        elif "in_gaem" in new:
            text = text.replace("    in_game:", "    in_gaem:")
        p.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_game_data(folder)
    assert expect in str(e.value) and ".yaml:" in str(e.value)


def test_grammar_of_every_room_is_checked(tmp_path):
    folder = _copy_assets(tmp_path)
    p = folder / "grammar.yaml"
    text = p.read_text(encoding="utf-8")
    p.write_text(text.replace("  archive:         {noun: Archiv, gender: n, prep: in}\n", ""), encoding="utf-8")
    with pytest.raises(DataError, match=r"grammar.yaml:\d+: de.archive: missing"):
        load_game_data(folder)
    p.write_text(text.replace("{noun: Archiv, gender: n,", "{noun: Archiv, gender: x,"), encoding="utf-8")
    with pytest.raises(DataError, match=r"grammar.yaml:\d+: de.archive.gender: expected m, f or n"):
        load_game_data(folder)


def test_the_phrase_page_is_current(data):
    page = (ROOT / DOC_PATH).read_text(encoding="utf-8")
    assert page == build_doc(data), "docs/phrases.md is out of date: run scripts/gen_phrases_doc.py"


# ---------------------------------------------------------------- whole games, as a listener hears them
SPEECH = Path(__file__).parent / "scenarios_speech"


def _game(data, path: Path, lang: str) -> list[dict]:
    from mc_helpers import play

    text = path.read_text(encoding="utf-8").replace("setup:\n", f"setup:\n  lang: {lang}\n", 1)
    return play(data, text, with_say=True)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_whole_games_read_right_and_end_with_game_over(data, lang):
    contract = contract_of(data)
    for path in sorted(SPEECH.glob("*.yaml")) + sorted((ROOT / "examples" / "scenarios").glob("*.yaml")):
        ev = _game(data, path, lang)
        says = [e for e in ev if e["type"] == "say"]
        assert says, path.name
        for e in says:
            assert e["key"] in contract, (path.name, e["key"])
            assert not faults(e["text"], lang), (path.name, e["text"], faults(e["text"], lang))
        overs = [i for i, e in enumerate(ev) if e["type"] == "game_over"]
        if overs:
            assert overs == [len(ev) - 1], f"{path.name}: game_over is not the last event"
            assert ev[-2]["type"] == "say" and ev[-2]["key"].startswith("game_over."), path.name


def test_the_tutorial_places_items_then_hints_and_a_catch_names_everyone(data):
    ev = _game(data, SPEECH / "tutorial-double-catch.yaml", "de")
    keys = [e["key"] for e in ev if e["type"] == "say"]
    texts = [e["text"] for e in ev if e["type"] == "say"]
    # the item with where to put it, then the tutorial's hint about it
    assert keys.index("tutorial.after_explore") == keys.index("revealed.alarms") + 1
    assert any(t.endswith("Legt die Alarmanlage A in den Flur 2 und die Konsole A in die Garderobe.") for t in texts)
    assert texts[-1] == "Erwischt! Der Wachmann hat Rot und Blau gesehen. Das Spiel ist verloren."
    # the tutorial is played at its own difficulty (easy: 90 units of 1 s here), said in full
    assert texts[1] == "Ihr habt eine Minute und 30 Sekunden. Die Planungsphase beginnt. Die Zeit läuft!"


def test_refusals_say_why_and_what_would_work(data):
    ev = _game(data, SPEECH / "refusals-and-reveals.yaml", "de")
    said = {e["key"]: e["text"] for e in ev if e["type"] == "say"}
    assert said["refused.locked_by"] == ("Die Tür ist mit Schloss 1 verschlossen: "
                                         "Jemand mit der Fähigkeit Schlösser kann es knacken.")
    assert said["go.start_fallback"].startswith("Blau, für den Plan Dachluke braucht man Klettern")
    assert said["refused.lock_not_here"] == "Schloss 3 ist nicht an einer Tür deines Raums. Geh zuerst zu dieser Tür."
    assert said["refused.missing_ability"] == "Dafür braucht man Schleichen, und das kann Blau nicht."


def test_time_is_said_in_minutes_with_any_unit_length(data):
    from mc_helpers import play

    for unit in (1, 7.5, 20, 30):
        ev = play(data, f"setup: {{seed: 1, unit_seconds: {unit}, players: {{red: max}}}}\ntaps: []\nuntil: end\n",
                  with_say=True)
        times = [e["text"] for e in ev if e["type"] == "say" and e["key"].startswith("time_left.")]
        assert times, unit
        for t in times:
            # "Noch 26 Minuten 40", never "Noch 1600 Sekunden!"
            m = re.fullmatch(r"Noch (?:(?:eine|\d+) Minuten?(?: \d+)?\.|(?:eine|\d+|\d+,\d) Sekunden?!)", t)
            assert m, (unit, t)
            if "Sekunde" in t:
                assert int(re.search(r"\d+", t).group(0) if re.search(r"\d+", t) else 1) < 60


def _random_game(data, lang: str, seed: int):
    """A game of random three-tap sequences (player, action, any target), Go after a while,
    Info and what-is-this taps in between."""
    import random

    from tiptoi_sim.core.taps import Tap
    from tiptoi_sim.millionen_coup.session import PenSession
    from tiptoi_sim.millionen_coup.taps import all_tap_ids

    taps = sorted(all_tap_ids(data))
    actions = [t for t in taps if t.startswith(("action:", "plan:")) or t == "learn"]
    rng = random.Random(seed)
    s = PenSession(data, seed=seed, lang=lang, unit_seconds=1)
    s.start_game({"red": "oliver_crow", "blue": "kim", "yellow": "ben", "green": "mary"}, tutorial=seed % 2 == 1)
    t = 0
    for step in range(400):
        t += rng.choice((0, 300, 1000, 2000))
        s.scheduler.fire_due(t, lambda: s.over)
        if s.over:
            break
        if step == 60:
            seq = ["go"]
        elif rng.random() < 0.1:
            seq = ["info", rng.choice(taps)]
        else:
            seq = [rng.choice(["player:red", "player:blue", "player:yellow", "player:green"]),
                   rng.choice(actions), rng.choice(taps)]
        for tid in seq:
            s.tap(Tap(tid, t))
            if s.over:
                break
    return s


def test_random_games_never_break_a_sentence(data):
    """Random tap sequences in both languages: every refusal and answer renders and reads right,
    and every refusal the engine gives has a phrase that says why (not the generic one)."""
    reasons = set()
    for lang in ("de", "en"):
        for seed in range(20):
            s = _random_game(data, lang, seed)
            refused = None
            for e in s.events:
                if e.type == "action_refused":
                    refused = e.fields["reason"]
                    reasons.add(refused)
                elif e.type == "say":
                    assert not faults(e.fields["text"], lang), (lang, seed, e.fields)
                    if refused not in (None, "bad_sequence"):
                        assert e.fields["key"] != "refused.bad_sequence", (lang, seed, refused)
                    refused = None
    assert len(reasons) >= 10, sorted(reasons)
