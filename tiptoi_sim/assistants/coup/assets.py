"""Coup's data: ``board_assets/coup/edition.yaml`` and the phrase catalogues, loaded and checked.

Every mistake in the data is a :class:`DataError` naming the file, the line, the field and what
was expected; nothing is checked later at play time. The action kinds are the only thing the
engine knows by name (:data:`ACTION_KINDS`); their amounts, who may block them and which
character claims or blocks them are data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.phrases import LANGUAGES, Phrases, load_catalogues
from tiptoi_sim.core.yamlio import LMap, fail, load_yaml, only_keys, opt, req

#: the actions the engine implements; their numbers live in the data
ACTION_KINDS = ("income", "foreign_aid", "coup", "tax", "assassinate", "steal", "exchange", "examine")
#: actions anyone may take without claiming a character
BASIC_ACTIONS = ("income", "foreign_aid", "coup")


@dataclass(frozen=True)
class ActionRule:
    kind: str
    coins: int = 0          # taken from the treasury (or, for a steal, at most this from the target)
    cost: int = 0           # paid into the treasury when the action is announced
    targeted: bool = False
    blockers: str | None = None  # None, "anyone" or "target"


@dataclass(frozen=True)
class Character:
    id: str
    names: dict[str, str]                 # lang -> name
    powers: dict[str, dict[str, int]]     # action kind -> parameters (e.g. exchange draw/return)
    blocks: tuple[str, ...]
    colour: tuple[int, int, int]


@dataclass
class CoupAssets:
    folder: str
    min_players: int
    max_players: int
    actions: dict[str, ActionRule]
    forced_coup_at: int
    starting_coins: int
    treasury_coins: list[tuple[str, int, int]]    # (name, count, value)
    characters: dict[str, Character]
    lineups: dict[str, list[str]]
    default_lineup: str
    copies: list[tuple[int, int, int]]            # (min players, max players, copies)
    name_variants: dict[str, dict[str, dict[str, str]]]  # variant -> character -> lang -> name
    default_names: str
    phrases: dict[str, Phrases] = field(default_factory=dict)

    @property
    def treasury_total(self) -> int:
        return sum(count * value for _, count, value in self.treasury_coins)

    def copies_for(self, players: int) -> int | None:
        for lo, hi, n in self.copies:
            if lo <= players <= hi:
                return n
        return None


def _whole_number(m, key, field, *, minimum=0, default=None):
    check = lambda v: v >= minimum  # noqa: E731
    exp = f"a whole number of at least {minimum}"
    if default is None:
        return req(m, key, int, field, check=check, expected=exp)
    return opt(m, key, int, field, default, check=check, expected=exp)


def _lang_names(m, field) -> dict[str, str]:
    if not isinstance(m, dict):
        raise DataError(getattr(m, "path", None), field, "a mapping of language to name")
    only_keys(m, LANGUAGES, field)
    return {lang: req(m, lang, str, f"{field}.{lang}", check=lambda v: bool(v.strip()),
                      expected="a name that is not empty") for lang in LANGUAGES}


def load_edition(path: Path) -> CoupAssets:
    data = load_yaml(path)
    if not isinstance(data, LMap):
        raise DataError(path, None, "a mapping with players, actions, characters, lineups, copies, names")
    only_keys(data, ["players", "actions", "forced_coup_at", "starting_coins", "treasury", "characters",
                     "lineups", "default_lineup", "copies", "names", "default_names"], "")

    pl = req(data, "players", dict, "players")
    only_keys(pl, ["min", "max"], "players")
    lo = _whole_number(pl, "min", "players.min", minimum=2)
    hi = _whole_number(pl, "max", "players.max", minimum=lo)

    acts = req(data, "actions", dict, "actions")
    actions: dict[str, ActionRule] = {}
    for kind in ACTION_KINDS:
        if kind not in acts:
            raise fail(acts, f"actions.{kind}", "missing; every action kind needs an entry "
                       "(" + ", ".join(ACTION_KINDS) + ")")
    for kind, a in acts.items():
        f = f"actions.{kind}"
        if kind not in ACTION_KINDS:
            raise fail(acts, f, "unknown action; expected one of: " + ", ".join(ACTION_KINDS), kind)
        if not isinstance(a, dict):
            raise fail(acts, f, "a mapping (may be empty: {})", kind)
        only_keys(a, ["coins", "cost", "targeted", "blockers"], f)
        actions[kind] = ActionRule(
            kind, coins=_whole_number(a, "coins", f + ".coins", default=0), cost=_whole_number(a, "cost", f + ".cost", default=0),
            targeted=opt(a, "targeted", bool, f + ".targeted", False),
            blockers=opt(a, "blockers", str, f + ".blockers", None,
                         check=lambda v: v in ("anyone", "target"), expected="anyone or target"))
        if actions[kind].blockers == "target" and not actions[kind].targeted:
            raise fail(a, f + ".blockers", "'target' only for an action with targeted: true", "blockers")

    forced = _whole_number(data, "forced_coup_at", "forced_coup_at", minimum=1)
    starting = _whole_number(data, "starting_coins", "starting_coins", minimum=0)

    tre = req(data, "treasury", list, "treasury")
    coins: list[tuple[str, int, int]] = []
    for i, c in enumerate(tre):
        f = f"treasury[{i}]"
        if not isinstance(c, dict):
            raise fail(tre, f, "a mapping with name, count, value", i)
        only_keys(c, ["name", "count", "value"], f)
        coins.append((req(c, "name", str, f + ".name"), _whole_number(c, "count", f + ".count"),
                      _whole_number(c, "value", f + ".value", minimum=1)))

    chars_m = req(data, "characters", dict, "characters")
    characters: dict[str, Character] = {}
    for cid, c in chars_m.items():
        f = f"characters.{cid}"
        if not isinstance(c, dict):
            raise fail(chars_m, f, "a mapping with names, powers, blocks, colour", cid)
        only_keys(c, ["names", "powers", "blocks", "colour"], f)
        names = _lang_names(req(c, "names", dict, f + ".names"), f + ".names")
        pw = req(c, "powers", dict, f + ".powers")
        powers: dict[str, dict[str, int]] = {}
        for kind, params in pw.items():
            if kind not in ACTION_KINDS or kind in BASIC_ACTIONS:
                raise fail(pw, f"{f}.powers.{kind}", "a character action; expected one of: "
                           + ", ".join(k for k in ACTION_KINDS if k not in BASIC_ACTIONS), kind)
            params = params if params is not None else {}
            if not isinstance(params, dict):
                raise fail(pw, f"{f}.powers.{kind}", "a mapping of parameters (may be empty: {})", kind)
            if kind == "exchange":
                only_keys(params, ["draw", "return"], f"{f}.powers.{kind}")
                powers[kind] = {"draw": _whole_number(params, "draw", f"{f}.powers.{kind}.draw", minimum=1),
                                "return": _whole_number(params, "return", f"{f}.powers.{kind}.return", minimum=1)}
            else:
                only_keys(params, [], f"{f}.powers.{kind}")
                powers[kind] = {}
        bl = req(c, "blocks", list, f + ".blocks")
        for i, b in enumerate(bl):
            if b not in actions or actions[b].blockers is None:
                raise fail(bl, f"{f}.blocks[{i}]", "an action that can be blocked; expected one of: "
                           + ", ".join(k for k, a in actions.items() if a.blockers), i)
        col = opt(c, "colour", list, f + ".colour", [128, 128, 128],
                  check=lambda v: len(v) == 3 and all(isinstance(x, int) and 0 <= x <= 255 for x in v),
                  expected="three whole numbers 0-255, e.g. [40, 110, 190]")
        characters[cid] = Character(cid, names, powers, tuple(bl), tuple(col))

    lu = req(data, "lineups", dict, "lineups")
    lineups: dict[str, list[str]] = {}
    for lid, members in lu.items():
        f = f"lineups.{lid}"
        if not isinstance(members, list) or not members:
            raise fail(lu, f, "a list of character ids", lid)
        for i, cid in enumerate(members):
            if cid not in characters:
                raise fail(members, f"{f}[{i}]", "a character id; expected one of: " + ", ".join(characters), i)
        if len(set(members)) != len(members):
            raise fail(lu, f, "each character at most once", lid)
        lineups[lid] = list(members)
    default_lineup = req(data, "default_lineup", str, "default_lineup", check=lambda v: v in lineups,
                         expected="one of the lineups: " + ", ".join(lineups))

    cp = req(data, "copies", list, "copies")
    copies: list[tuple[int, int, int]] = []
    for i, e in enumerate(cp):
        f = f"copies[{i}]"
        if not isinstance(e, dict):
            raise fail(cp, f, "a mapping with players: [min, max] and copies", i)
        only_keys(e, ["players", "copies"], f)
        rng = req(e, "players", list, f + ".players",
                  check=lambda v: len(v) == 2 and all(isinstance(x, int) for x in v) and v[0] <= v[1],
                  expected="[min, max] players")
        copies.append((rng[0], rng[1], _whole_number(e, "copies", f + ".copies", minimum=1)))
    for n in range(lo, hi + 1):
        if not any(a <= n <= b for a, b, _ in copies):
            raise fail(data, "copies", f"an entry for every player count {lo}-{hi}; {n} players has none", "copies")

    nm = opt(data, "names", dict, "names", {})
    variants: dict[str, dict[str, dict[str, str]]] = {"standard": {}}
    for vid, renames in nm.items():
        f = f"names.{vid}"
        if not isinstance(renames, dict):
            raise fail(nm, f, "a mapping of character id to names per language", vid)
        variants[vid] = {}
        for cid, langs in renames.items():
            if cid not in characters:
                raise fail(renames, f"{f}.{cid}", "a character id; expected one of: " + ", ".join(characters), cid)
            variants[vid][cid] = _lang_names(langs, f"{f}.{cid}")
    default_names = opt(data, "default_names", str, "default_names", "standard",
                        check=lambda v: v in variants, expected="one of: " + ", ".join(variants))

    return CoupAssets(str(path.parent), lo, hi, actions, forced, starting, coins, characters, lineups,
                      default_lineup, copies, variants, default_names)


def load_assets(folder: str | Path) -> CoupAssets:
    """Load ``edition.yaml`` and ``phrases.{de,en}.yaml`` from ``folder``."""
    folder = Path(folder)
    assets = load_edition(folder / "edition.yaml")
    assets.phrases = load_catalogues(folder)
    return assets
