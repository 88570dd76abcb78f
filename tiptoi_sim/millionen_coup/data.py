"""The game's data from ``board_assets/millionen_coup/``, loaded and checked.

Every inconsistency is refused with a :class:`DataError` naming the file, the line, the field
and what was expected (an unknown room in a connection, a corridor without a number, a duration
outside 1–4 units, a duplicate id…). The result is an immutable :class:`GameData`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.nouns import GENDERS, PREPS, ARTICLES_EN, place_forms
from tiptoi_sim.core.numbers import parse_whole
from tiptoi_sim.core.phrases import Forms, Phrases, load_catalogues
from tiptoi_sim.millionen_coup.phrase_fields import phrase_contract
from tiptoi_sim.core.yamlio import LMap, fail, load_yaml, num, only_keys, opt, req
from tiptoi_sim.paths import assets_dir

ROOM_KINDS = ("street", "room", "corridor", "stairs", "lift", "vault")
CONNECTION_KINDS = ("door", "vault_door", "stairs", "lift")
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
CORRIDOR_RE = re.compile(r"^corridor_([0-9]+)$")
LETTERS = "ABCDEF"
PLAN_KINDS = ("start", "use", "pause", "climb")
USE_EFFECTS = ("open_lock_here", "open_lock_anywhere", "alarm_off_anywhere", "alarm_off_at_console")


@dataclass(frozen=True)
class Room:
    id: str
    floor: str
    kind: str


@dataclass(frozen=True)
class Connection:
    kind: str  # door | vault_door | stairs | lift | climb
    a: str
    b: str
    door: frozenset = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        # the unordered pair, computed once: doors are looked up on every move check
        object.__setattr__(self, "door", frozenset((self.a, self.b)))

    def other(self, room: str) -> str:
        return self.b if room == self.a else self.a

    def key(self) -> frozenset:
        return self.door


@dataclass(frozen=True)
class ActionSpec:
    id: str
    ability: str | None
    basic: int
    upgraded: int | None
    phase: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    ability: str


@dataclass(frozen=True)
class Plan:
    id: str
    kind: str
    room: str | None = None
    needs: str | None = None
    effect: str | None = None
    units: int = 0
    pause_units: int = 0
    connection: tuple[str, str] | None = None


@dataclass(frozen=True)
class GameData:
    rooms: dict[str, Room]
    floors: tuple[str, ...]
    connections: tuple[Connection, ...]       # walk connections, in file order
    climb_connections: tuple[Connection, ...]
    entrance: frozenset
    lockable_doors: tuple[frozenset, ...]
    start_room: str
    guard_start: str
    vault_anteroom: str
    vault: str
    unit_seconds: float
    difficulties: dict[str, int]
    announcements: dict
    colours: tuple[str, ...]
    abilities: tuple[str, ...]
    basic_pieces: dict[str, int]
    upgraded_pieces: dict[str, int]
    actions: dict[str, ActionSpec]
    characters: dict[str, Character]
    plans: dict[str, Plan]
    plans_per_game: int
    hidden: dict[str, int]
    tutorial: dict
    max_players: int = 4                      # how many may join one game (login, scenarios)
    phrases: dict[str, Phrases] = field(default_factory=dict)
    folder: str = ""
    # derived: neighbours of each room in connection order, for shortest-path tie rules
    walk_adjacency: dict[str, tuple[Connection, ...]] = field(default_factory=dict)

    @property
    def corridors(self) -> list[str]:
        return [r for r, room in self.rooms.items() if room.kind == "corridor"]

    def room_kind(self, room: str) -> str:
        return self.rooms[room].kind


def _pair(m, key, field_name: str, rooms: dict | None) -> tuple[str, str]:
    v = m[key]
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)):
        raise fail(m, field_name, f"expected two room ids [a, b], got {v!r}", key)
    if rooms is not None:
        for x in v:
            if x not in rooms:
                raise fail(m, field_name, f"unknown room {x!r}; expected one of the rooms listed under rooms", key)
    if v[0] == v[1]:
        raise fail(m, field_name, "a connection needs two different rooms", key)
    return v[0], v[1]


def _load_board(path: Path) -> dict:
    doc = load_yaml(path)
    if not isinstance(doc, LMap):
        raise DataError(path, None, "a mapping with floors, rooms and connections")
    only_keys(doc, ["floors", "rooms", "connections", "climb_connections", "entrance", "lockable_doors",
                    "start_room", "guard_start", "vault_anteroom", "vault"], "")
    floors = req(doc, "floors", list, "floors")
    for i, f in enumerate(floors):
        if not isinstance(f, str) or not ID_RE.match(f):
            raise fail(floors, f"floors[{i}]", "a lower-case id", i)
    rooms_raw = req(doc, "rooms", list, "rooms")
    rooms: dict[str, Room] = {}
    for i, r in enumerate(rooms_raw):
        fld = f"rooms[{i}]"
        if not isinstance(r, dict):
            raise fail(rooms_raw, fld, "a mapping with id, floor and kind", i)
        only_keys(r, ["id", "floor", "kind"], fld)
        rid = req(r, "id", str, f"{fld}.id", check=lambda v: bool(ID_RE.match(v)),
                  expected="a lower-case id like lobby")
        if rid in rooms:
            raise fail(r, f"{fld}.id", f"duplicate room id {rid!r}", "id")
        floor = req(r, "floor", str, f"{fld}.floor", check=lambda v: v in floors,
                    expected="one of the floors: " + ", ".join(floors))
        kind = req(r, "kind", str, f"{fld}.kind", check=lambda v: v in ROOM_KINDS,
                   expected="one of " + ", ".join(ROOM_KINDS))
        if kind == "corridor" and not CORRIDOR_RE.match(rid):
            raise fail(r, f"{fld}.id", f"a corridor's id must carry its number, like corridor_3; got {rid!r}", "id")
        if CORRIDOR_RE.match(rid) and kind != "corridor":
            raise fail(r, f"{fld}.kind", f"{rid} is named as a corridor; expected kind corridor", "kind")
        rooms[rid] = Room(rid, floor, kind)
    numbers = [int(CORRIDOR_RE.match(r).group(1)) for r in rooms if rooms[r].kind == "corridor"]
    if len(set(numbers)) != len(numbers):
        raise fail(rooms_raw, "rooms", "two corridors with the same number")
    conns_raw = req(doc, "connections", list, "connections")
    conns: list[Connection] = []
    seen: set[frozenset] = set()
    for i, c in enumerate(conns_raw):
        fld = f"connections[{i}]"
        if not (isinstance(c, list) and len(c) == 3 and all(isinstance(x, str) for x in c)):
            raise fail(conns_raw, fld, f"expected [kind, room, room] with kind one of {', '.join(CONNECTION_KINDS)}, got {c!r}", i)
        kind, a, b = c
        if kind not in CONNECTION_KINDS:
            raise fail(conns_raw, f"{fld}[0]", f"unknown connection kind {kind!r}; expected one of {', '.join(CONNECTION_KINDS)}", i)
        for x in (a, b):
            if x not in rooms:
                raise fail(conns_raw, fld, f"unknown room {x!r}; expected one of the rooms listed under rooms", i)
        if a == b:
            raise fail(conns_raw, fld, "a connection needs two different rooms", i)
        k = frozenset((a, b))
        if k in seen:
            raise fail(conns_raw, fld, f"duplicate connection {a}–{b}", i)
        seen.add(k)
        conns.append(Connection(kind, a, b))
    climbs_raw = req(doc, "climb_connections", list, "climb_connections")
    climbs = []
    for i, _ in enumerate(climbs_raw):
        a, b = _pair(climbs_raw, i, f"climb_connections[{i}]", rooms)
        climbs.append(Connection("climb", a, b))
    entrance = frozenset(_pair(doc, "entrance", "entrance", rooms))
    if entrance not in seen:
        raise fail(doc, "entrance", "the entrance must be one of the door connections", "entrance")
    lock_raw = req(doc, "lockable_doors", list, "lockable_doors")
    lockable = []
    for i, _ in enumerate(lock_raw):
        k = frozenset(_pair(lock_raw, i, f"lockable_doors[{i}]", rooms))
        kinds = [c.kind for c in conns if c.key() == k]
        if kinds != ["door"]:
            raise fail(lock_raw, f"lockable_doors[{i}]", "expected a door listed under connections", i)
        if k == entrance or k in lockable:
            raise fail(lock_raw, f"lockable_doors[{i}]", "duplicate lockable door (or the entrance)", i)
        lockable.append(k)
    out = {"rooms": rooms, "floors": tuple(floors), "connections": tuple(conns),
           "climb_connections": tuple(climbs), "entrance": entrance, "lockable_doors": tuple(lockable)}
    for key, kind in (("start_room", "street"), ("guard_start", "room"),
                      ("vault_anteroom", "room"), ("vault", "vault")):
        rid = req(doc, key, str, key, check=lambda v: v in rooms, expected="a room id listed under rooms")
        if rooms[rid].kind != kind:
            raise fail(doc, key, f"expected a room of kind {kind}, got {rooms[rid].kind}", key)
        out[key] = rid
    if not any(c.kind == "vault_door" and c.key() == frozenset((out["vault_anteroom"], out["vault"])) for c in conns):
        raise fail(doc, "vault", "expected a vault_door connection between vault_anteroom and vault", "vault")
    return out


def _units(m, key, fld, allow_none=False):
    if allow_none and (key not in m or m[key] is None):
        return None
    return req(m, key, int, fld, check=lambda v: 1 <= v <= 4, expected="a duration of 1 to 4 time units")


def _whole_units(m, key, fld) -> int:
    """A count of time units from 1 to 500: a game lasts at most a few hundred units (a larger
    number would only make the pen wait for ever, or overflow the clock)."""
    return num(m, key, fld, parse_whole, lo=1, hi=500, what="a whole number of time units")


def _load_rules(path: Path, rooms: dict[str, Room]) -> dict:
    doc = load_yaml(path)
    if not isinstance(doc, LMap):
        raise DataError(path, None, "a mapping of the game's rules")
    only_keys(doc, ["unit_seconds", "difficulties", "announcements", "colours", "max_players", "abilities",
                    "pieces", "actions", "characters", "plans", "plans_per_game", "hidden", "tutorial"], "")
    out: dict = {}
    out["unit_seconds"] = float(req(doc, "unit_seconds", float, "unit_seconds", check=lambda v: 0 < v <= 600,
                                    expected="seconds per time unit, more than 0"))
    diffs = req(doc, "difficulties", dict, "difficulties")
    for name in ("easy", "normal", "hard"):
        _whole_units(diffs, name, f"difficulties.{name}")
    only_keys(diffs, ["easy", "normal", "hard"], "difficulties")
    out["difficulties"] = dict(diffs)
    ann = req(doc, "announcements", dict, "announcements")
    for k in ("every", "last_every", "last_window"):
        _whole_units(ann, k, f"announcements.{k}")
    fc = req(ann, "final_countdown", list, "announcements.final_countdown")
    for i, s in enumerate(fc):
        if not isinstance(s, (int, float)) or not 0 < s < 30:
            raise fail(fc, f"announcements.final_countdown[{i}]", "seconds (of a 30 s unit) between 0 and 30", i)
    out["announcements"] = {"every": ann["every"], "last_every": ann["last_every"],
                            "last_window": ann["last_window"], "final_countdown": list(fc)}
    colours = req(doc, "colours", list, "colours")
    if len(colours) != len(set(colours)) or not all(isinstance(c, str) for c in colours):
        raise fail(doc, "colours", "distinct colour names", "colours")
    out["colours"] = tuple(colours)
    abilities = req(doc, "abilities", list, "abilities")
    out["abilities"] = tuple(abilities)
    pieces = req(doc, "pieces", dict, "pieces")
    for lvl in ("basic", "upgraded"):
        pm = req(pieces, lvl, dict, f"pieces.{lvl}")
        for ab in abilities:
            req(pm, ab, int, f"pieces.{lvl}.{ab}", check=lambda v: 0 <= v <= 100, expected="a count of pieces (0 to 100)")
        only_keys(pm, abilities, f"pieces.{lvl}")
    out["basic_pieces"] = dict(pieces["basic"])
    out["upgraded_pieces"] = dict(pieces["upgraded"])
    acts = req(doc, "actions", dict, "actions")
    needed = ["walk", "run", "sneak", "climb", "locks", "electronics", "vault_digit", "vault_combination",
              "explore", "explore_general", "learn", "upgrade", "forge", "guard_step"]
    actions = {}
    for aid in needed:
        a = req(acts, aid, dict, f"actions.{aid}")
        only_keys(a, ["ability", "basic", "upgraded", "phase"], f"actions.{aid}")
        ab = opt(a, "ability", str, f"actions.{aid}.ability", check=lambda v: v in abilities,
                 expected="one of the abilities or null")
        basic = _units(a, "basic", f"actions.{aid}.basic")
        upg = _units(a, "upgraded", f"actions.{aid}.upgraded", allow_none=True)
        if ab is not None and upg is None:
            raise fail(a, f"actions.{aid}.upgraded", "missing; an action that needs an ability has an upgraded duration")
        phase = req(a, "phase", str, f"actions.{aid}.phase", check=lambda v: v in ("preparation", "execution"),
                    expected="preparation or execution")
        actions[aid] = ActionSpec(aid, ab, basic, upg, phase)
    only_keys(acts, needed, "actions")
    out["actions"] = actions
    chars_raw = req(doc, "characters", list, "characters")
    chars = {}
    for i, c in enumerate(chars_raw):
        fld = f"characters[{i}]"
        if not isinstance(c, dict):
            raise fail(chars_raw, fld, "a mapping with id, name and ability", i)
        only_keys(c, ["id", "name", "ability"], fld)
        cid = req(c, "id", str, f"{fld}.id", check=lambda v: bool(ID_RE.match(v)), expected="a lower-case id")
        if cid in chars:
            raise fail(c, f"{fld}.id", f"duplicate character id {cid!r}", "id")
        chars[cid] = Character(cid, req(c, "name", str, f"{fld}.name"),
                               req(c, "ability", str, f"{fld}.ability", check=lambda v: v in abilities,
                                   expected="one of the abilities: " + ", ".join(abilities)))
    out["characters"] = chars
    plans_raw = req(doc, "plans", list, "plans")
    plans = {}
    for i, p in enumerate(plans_raw):
        fld = f"plans[{i}]"
        if not isinstance(p, dict):
            raise fail(plans_raw, fld, "a mapping with id and kind", i)
        only_keys(p, ["id", "kind", "room", "needs", "effect", "units", "pause_units", "connection"], fld)
        pid = req(p, "id", str, f"{fld}.id", check=lambda v: bool(ID_RE.match(v)), expected="a lower-case id")
        if pid in plans:
            raise fail(p, f"{fld}.id", f"duplicate plan id {pid!r}", "id")
        kind = req(p, "kind", str, f"{fld}.kind", check=lambda v: v in PLAN_KINDS, expected="one of " + ", ".join(PLAN_KINDS))
        room = opt(p, "room", str, f"{fld}.room", check=lambda v: v in rooms, expected="a room id")
        if kind == "start" and room is None:
            raise fail(p, f"{fld}.room", "missing; a start plan names its start room")
        needs = opt(p, "needs", str, f"{fld}.needs", check=lambda v: v in abilities, expected="an ability")
        effect = None
        units = 0
        pause = 0
        conn = None
        if kind == "use":
            effect = req(p, "effect", str, f"{fld}.effect", check=lambda v: v in USE_EFFECTS,
                         expected="one of " + ", ".join(USE_EFFECTS))
        if kind in ("use", "pause"):
            units = _units(p, "units", f"{fld}.units")
        if kind == "pause":
            pause = _whole_units(p, "pause_units", f"{fld}.pause_units")
        if kind == "climb":
            conn = _pair(p, "connection", f"{fld}.connection", rooms) if "connection" in p else None
            if conn is None:
                raise fail(p, f"{fld}.connection", "missing; a climb plan names its connection [a, b]")
        plans[pid] = Plan(pid, kind, room, needs, effect, units, pause, conn)
    out["plans"] = plans
    out["plans_per_game"] = req(doc, "plans_per_game", int, "plans_per_game",
                                check=lambda v: 0 <= v <= len(plans), expected="at most the number of plans")
    hidden = req(doc, "hidden", dict, "hidden")
    for k in ("locks", "waypoints", "alarms", "combination_digits", "explore_per_field", "explore_general"):
        req(hidden, k, int, f"hidden.{k}", check=lambda v: 0 < v <= 100, expected="a positive count (at most 100)")
    if hidden["waypoints"] > len(LETTERS) or hidden["combination_digits"] > 9:
        raise fail(hidden, "hidden", "at most 6 waypoints and 9 combination digits")
    out["hidden"] = dict(hidden)
    tut = opt(doc, "tutorial", dict, "tutorial", default={})
    out["tutorial"] = dict(tut)
    out["max_players"] = req(doc, "max_players", int, "max_players", check=lambda v: 1 <= v <= len(colours),
                             expected=f"1 to {len(colours)}")
    return out


def _load_grammar(path: Path, rooms: dict[str, Room]) -> dict[str, dict[str, Forms]]:
    """``grammar.yaml``: every room's noun with its gender and preposition (German) or article
    and preposition (English), for every language; see :mod:`tiptoi_sim.core.nouns`."""
    doc = load_yaml(path)
    if not isinstance(doc, LMap):
        raise DataError(path, None, "a mapping with de and en, each mapping room ids to their grammar")
    only_keys(doc, ["de", "en"], "")
    out: dict[str, dict[str, Forms]] = {}
    for lang in ("de", "en"):
        m = req(doc, lang, dict, lang)
        keys = ["noun", "gender", "prep"] if lang == "de" else ["noun", "article", "prep"]
        for rid in rooms:
            if rid not in m:
                raise fail(m, f"{lang}.{rid}", "missing; every room of board.yaml needs its grammar")
        forms: dict[str, Forms] = {}
        for rid, g in m.items():
            fld = f"{lang}.{rid}"
            if rid not in rooms:
                raise fail(m, fld, "unknown room; expected one of the rooms of board.yaml", rid)
            if not isinstance(g, dict):
                raise fail(m, fld, "a mapping with " + ", ".join(keys), rid)
            only_keys(g, keys, fld)
            noun = req(g, "noun", str, f"{fld}.noun", check=lambda v: bool(v.strip()) and v == v.strip(),
                       expected="the room's name without article")
            prep = req(g, "prep", str, f"{fld}.prep", check=lambda v: v in PREPS[lang],
                       expected="one of " + ", ".join(PREPS[lang]))
            if lang == "de":
                gender = req(g, "gender", str, f"{fld}.gender", check=lambda v: v in GENDERS,
                             expected="m, f or n")
                words = place_forms(lang, noun, gender=gender, prep=prep)
            else:
                article = req(g, "article", str, f"{fld}.article", check=lambda v: v in ARTICLES_EN,
                              expected="the or none")
                if noun.lower().startswith("the "):
                    raise fail(g, f"{fld}.noun", "the noun without its article (article: the adds it)", "noun")
                words = place_forms(lang, noun, article=article, prep=prep)
            forms[rid] = Forms(words, "the")
        out[lang] = forms
    return out


def load_game_data(folder: str | Path | None = None, *, with_phrases: bool = True) -> GameData:
    """Load and check ``board.yaml``, ``rules.yaml`` and the phrase catalogues of a folder."""
    folder = Path(folder) if folder else assets_dir() / "millionen_coup"
    if not folder.is_dir():
        raise DataError(folder, None, "expected a folder with board.yaml, rules.yaml and phrases.*.yaml")
    board = _load_board(folder / "board.yaml")
    rules = _load_rules(folder / "rules.yaml", board["rooms"])
    rooms = board["rooms"]
    hidden = rules["hidden"]
    # consistency between the two files
    if len(board["lockable_doors"]) < hidden["locks"]:
        raise DataError(folder / "rules.yaml", "hidden.locks", f"at most {len(board['lockable_doors'])} (the lockable doors)")
    if len([r for r in rooms.values() if r.kind == "corridor"]) < hidden["alarms"]:
        raise DataError(folder / "rules.yaml", "hidden.alarms", "at most the number of corridors")
    adjacency: dict[str, list[Connection]] = {r: [] for r in rooms}
    for c in board["connections"]:
        adjacency[c.a].append(c)
        adjacency[c.b].append(c)
    phrases: dict[str, Phrases] = {}
    if with_phrases:
        contract = phrase_contract(colours=rules["colours"], abilities=rules["abilities"], plans=rules["plans"])
        phrases = load_catalogues(folder, contract=contract)
        grammar = _load_grammar(folder / "grammar.yaml", rooms)
        for lang, cat in phrases.items():
            cat.places = {f"room:{rid}": forms for rid, forms in grammar[lang].items()}
            # the board's labels: the bare noun ("Kaffeeküche", "coffee kitchen")
            for rid, forms in grammar[lang].items():
                cat.templates[f"room.{rid}"] = forms.name
    return GameData(**board, **rules,
                    phrases=phrases, folder=str(folder),
                    walk_adjacency={r: tuple(cs) for r, cs in adjacency.items()})
