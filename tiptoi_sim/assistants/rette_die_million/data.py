"""The data of *Rette die Million!*: the edition (chips, rounds, windows, time limit) and the
question packs, loaded from ``board_assets/rette_die_million/`` and validated on load.

Every problem is a :class:`DataError` naming the file, the line, the field and what was
expected, so a hand-edited pack with a missing answer, a wrong count of answers or a duplicate
id is refused with its place.

Pack format (``packs/<name>.yaml``)::

    lang: de
    title: Eigene Fragen
    cards:
      4:                      # the cards marked "4": four answers A–D
        - id: de4-01
          category: Erdkunde
          question: Welche Stadt ist die Hauptstadt von Australien?
          answers: {A: Sydney, B: Melbourne, C: Canberra, D: Perth}
          right: C
      3: [...]                # three answers A–C
      2: [...]                # two answers A–B

A pack needs a section for every answer count the edition's rounds use, each with at least two
cards (a round draws two).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.phrases import Phrases, load_catalogues
from tiptoi_sim.core.yamlio import LMap, fail, line_of, load_yaml, only_keys, opt, req

LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Edition:
    """Counts and amounts of the box (a house rule changes the YAML, not the code)."""

    chip_value: int          # euros per chip
    chips: int               # chips a team starts a run with
    windows: tuple[str, ...] # window letters on the board, left to right
    rounds: tuple[int, ...]  # open windows (= answers on the card) per round
    team_min: int
    team_max: int
    time_limit_seconds: int  # the default when the time limit is switched on
    time_limit_on: bool      # whether it is on by default

    def answers_in(self, round_no: int) -> int:
        return self.rounds[round_no - 1]

    def open_windows(self, round_no: int) -> tuple[str, ...]:
        return self.windows[: self.answers_in(round_no)]


@dataclass(frozen=True)
class Card:
    id: str
    category: str
    question: str
    answers: tuple[tuple[str, str], ...]  # (letter, text) in letter order
    right: str

    @property
    def kind(self) -> int:
        return len(self.answers)

    def answer_text(self, letter: str) -> str:
        return dict(self.answers)[letter]


@dataclass(frozen=True)
class Pack:
    name: str
    lang: str
    title: str
    cards: dict[int, tuple[Card, ...]]  # answer count -> cards
    path: str

    def card(self, card_id: str) -> Card:
        for cards in self.cards.values():
            for c in cards:
                if c.id == card_id:
                    return c
        raise KeyError(card_id)


@dataclass(frozen=True)
class Assets:
    edition: Edition
    packs: dict[str, Pack]
    phrases: dict[str, Phrases]


def _positive(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def load_edition(path: Path) -> Edition:
    data = load_yaml(path)
    if not isinstance(data, LMap):
        raise DataError(path, None, "a mapping with chip_value, chips, windows, rounds, team, time_limit")
    only_keys(data, ["chip_value", "chips", "currency", "windows", "rounds", "team", "time_limit"], "")
    chip_value = req(data, "chip_value", int, "chip_value", check=_positive, expected="a positive whole number")
    chips = req(data, "chips", int, "chips", check=_positive, expected="a positive whole number")
    windows = req(data, "windows", list, "windows")
    if not 2 <= len(windows) <= len(LETTERS) or any(
            w != LETTERS[i] for i, w in enumerate(windows)):
        raise fail(data, "windows", f"the letters A, B, … in order (2 to {len(LETTERS)}), got {list(windows)!r}",
                   "windows")
    rounds = req(data, "rounds", list, "rounds")
    if not rounds:
        raise fail(data, "rounds", "at least one round", "rounds")
    for i, n in enumerate(rounds):
        if not (_positive(n) and 2 <= n <= len(windows)):
            raise fail(rounds, f"rounds[{i}]", f"the number of answers, 2 to {len(windows)}, got {n!r}", i)
    team = req(data, "team", dict, "team")
    only_keys(team, ["min", "max"], "team")
    tmin = req(team, "min", int, "team.min", check=_positive, expected="a positive whole number")
    tmax = req(team, "max", int, "team.max", check=lambda v: _positive(v) and v >= tmin,
               expected=f"a whole number at least team.min ({tmin})")
    tl = req(data, "time_limit", dict, "time_limit")
    only_keys(tl, ["seconds", "enabled"], "time_limit")
    secs = req(tl, "seconds", int, "time_limit.seconds", check=_positive, expected="a positive whole number")
    on = opt(tl, "enabled", bool, "time_limit.enabled", False)
    return Edition(chip_value, chips, tuple(windows), tuple(rounds), tmin, tmax, secs, on)


def _text(m: Any, key: str, field: str) -> str:
    """A required non-empty text; numbers are accepted as their digits, but YAML's yes/no
    booleans are refused with a hint (they would silently become True/False)."""
    if key not in m or m[key] is None or (isinstance(m[key], str) and not m[key].strip()):
        raise fail(m, field, "missing; expected a text", key if key in m else None)
    v = m[key]
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise fail(m, field, f"expected a text (put it in quotes), got {v!r}", key)
    return str(v).strip()


def load_pack(path: Path, edition: Edition) -> Pack:
    data = load_yaml(path)
    if not isinstance(data, LMap):
        raise DataError(path, None, "a mapping with lang, title and cards")
    only_keys(data, ["lang", "title", "cards"], "")
    lang = req(data, "lang", str, "lang")
    title = opt(data, "title", str, "title", path.stem)
    sections = req(data, "cards", dict, "cards")
    kinds = sorted(set(edition.rounds), reverse=True)
    for k in sections:
        if k not in kinds:
            raise fail(sections, f"cards.{k}",
                       "a section named by an answer count the rounds use: " + ", ".join(map(str, kinds)), k)
    seen: dict[str, int | None] = {}
    cards: dict[int, tuple[Card, ...]] = {}
    for kind in kinds:
        if kind not in sections:
            raise fail(sections, f"cards.{kind}", f"missing; expected the cards with {kind} answers")
        items = sections[kind]
        if not isinstance(items, list) or len(items) < 2:
            raise fail(sections, f"cards.{kind}", "a list of at least two cards (a round draws two)", kind)
        out = []
        categories: dict[str, int | None] = {}  # a round offers two categories: never the same twice
        for i, item in enumerate(items):
            where = f"cards.{kind}[{i}]"
            if not isinstance(item, dict):
                raise fail(items, where, "a card: id, category, question, answers, right", i)
            only_keys(item, ["id", "category", "question", "answers", "right"], where)
            cid = _text(item, "id", f"{where}.id")
            if cid in seen:
                first = seen[cid]
                raise fail(item, f"{where}.id", f"duplicate id {cid!r} (first used at line {first})", "id")
            seen[cid] = line_of(item, "id")
            category = _text(item, "category", f"{where}.category")
            if category.casefold() in categories:
                raise fail(item, f"{where}.category",
                           f"a category not used before in the cards with {kind} answers; "
                           f"{category!r} is already at line {categories[category.casefold()]}", "category")
            categories[category.casefold()] = line_of(item, "category")
            question = _text(item, "question", f"{where}.question")
            answers = req(item, "answers", dict, f"{where}.answers")
            letters = LETTERS[:kind]
            for letter in answers:
                if letter not in letters:
                    raise fail(answers, f"{where}.answers",
                               f"{kind} answers ({', '.join(letters)}) as the section says; "
                               f"got an answer {letter!r}", letter)
            absent = [x for x in letters if x not in answers]
            if absent:
                raise fail(item, f"{where}.answers",
                           f"{kind} answers ({', '.join(letters)}) as the section says, got {len(answers)}: "
                           f"answer {', '.join(absent)} missing", "answers")
            texts = [(x, _text(answers, x, f"{where}.answers.{x}")) for x in letters]
            if len({t.casefold() for _, t in texts}) != len(texts):
                raise fail(item, f"{where}.answers", "different texts for every answer", "answers")
            right = req(item, "right", str, f"{where}.right", check=lambda v: v.strip().upper() in letters,
                        expected="the letter of the right answer: " + ", ".join(letters))
            out.append(Card(cid, category, question, tuple(texts), right.strip().upper()))
        cards[kind] = tuple(out)
    return Pack(path.stem, lang, title, cards, str(path))


def load_assets(folder: str | Path) -> Assets:
    folder = Path(folder)
    edition = load_edition(folder / "edition.yaml")
    pack_dir = folder / "packs"
    files = sorted(pack_dir.glob("*.yaml")) if pack_dir.is_dir() else []
    if not files:
        raise DataError(pack_dir, None, "at least one question pack (<name>.yaml)")
    packs = {p.stem: load_pack(p, edition) for p in files}
    return Assets(edition, packs, load_catalogues(folder))
