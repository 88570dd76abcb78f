"""Loading and validating ``board_assets/gold_connection/``: the vault (board.yaml), the pieces
and numbers (edition.yaml) and the phrase catalogues. Every mistake becomes a DataError naming
the file, the line, the field and what was expected."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.phrases import Phrases, load_catalogues
from tiptoi_sim.core.yamlio import LMap, fail, load_yaml, only_keys, opt, req

NUMBERS = range(1, 13)  # the values one die or the sum of two dice can show


@dataclass(frozen=True)
class Safe:
    id: str
    number: int | None  # None for a junction
    junction: bool
    at: tuple[int, int]


@dataclass(frozen=True)
class Board:
    safes: dict[str, Safe]              # by id, in file order
    neighbours: dict[str, tuple[str, ...]]
    walls: tuple[tuple[str, str], ...]

    def by_number(self, n: int) -> Safe | None:
        for s in self.safes.values():
            if s.number == n:
                return s
        return None

    def next_safe(self, came_from: str, here: str) -> str | None:
        """The way on from ``here`` when arriving from ``came_from``: fixed on an ordinary
        safe, ``None`` on a junction (the mover chooses)."""
        if self.safes[here].junction:
            return None
        (on,) = [n for n in self.neighbours[here] if n != came_from]
        return on


@dataclass(frozen=True)
class Edition:
    colours: tuple[str, ...]
    bars_per_value: dict[int, int]
    bars_per_safe: int
    case_rows: tuple[int, ...]
    unused_rows: dict[int, tuple[int, ...]]
    bonus: dict[int, int]
    chip_supply: int
    chips_per_failure: int
    chips_max: int
    failed_plunder_to: str
    turns: int
    plunder_min_bars: int
    dice_count: int
    dice_sides: int
    variant_end: dict[int, int]
    min_players: int
    max_players: int

    def rows_for(self, players: int) -> tuple[int, ...]:
        unused = self.unused_rows.get(players, ())
        return tuple(r for r in self.case_rows if r not in unused)


@dataclass(frozen=True)
class Assets:
    board: Board
    edition: Edition
    phrases: dict[str, Phrases]


def _pair(m, i, field, ids) -> tuple[str, str]:
    v = m[i]
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, (str, int)) for x in v)):
        raise fail(m, f"{field}[{i}]", "a pair of safe ids like [A, \"9\"]", i)
    a, b = str(v[0]), str(v[1])
    for x in (a, b):
        if x not in ids:
            raise fail(m, f"{field}[{i}]", f"a known safe id, got {x!r}", i)
    if a == b:
        raise fail(m, f"{field}[{i}]", "two different safes", i)
    return a, b


def load_board(path: Path) -> Board:
    data = load_yaml(path)
    if not isinstance(data, LMap):
        raise DataError(path, None, "a mapping with safes, ways and walls")
    only_keys(data, ["safes", "ways", "walls"], "")
    safes_l = req(data, "safes", list, "safes")
    safes: dict[str, Safe] = {}
    at_seen: dict[tuple[int, int], str] = {}
    for i, s in enumerate(safes_l):
        f = f"safes[{i}]"
        if not isinstance(s, dict):
            raise fail(safes_l, f, "a mapping with id, number or junction, at", i)
        only_keys(s, ["id", "number", "junction", "at"], f)
        sid = str(req(s, "id", (str, int), f + ".id"))
        if sid in safes:
            raise fail(s, f + ".id", f"a unique id ({sid!r} is used twice)", "id")
        junction = opt(s, "junction", bool, f + ".junction", False)
        number = opt(s, "number", int, f + ".number", None,
                     check=lambda v: v in NUMBERS, expected="a whole number from 1 to 12")
        if junction == (number is not None):
            raise fail(s, f, "either a number (1-12) or junction: true, not both or neither", "id")
        at = req(s, "at", list, f + ".at",
                 check=lambda v: len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v),
                 expected="[column, row], two whole numbers")
        at = (at[0], at[1])
        if at in at_seen:
            raise fail(s, f + ".at", f"a free place in the drawing ({at_seen[at]!r} is there)", "at")
        at_seen[at] = sid
        safes[sid] = Safe(sid, number, junction, at)
    for n in NUMBERS:
        if sum(1 for s in safes.values() if s.number == n) != 1:
            raise fail(safes_l, "safes", f"every number 1-12 exactly once (number {n} is "
                       f"{'missing' if not any(s.number == n for s in safes.values()) else 'doubled'})")
    ways_l = req(data, "ways", list, "ways")
    nb: dict[str, list[str]] = {sid: [] for sid in safes}
    for i in range(len(ways_l)):
        a, b = _pair(ways_l, i, "ways", safes)
        if b in nb[a]:
            raise fail(ways_l, f"ways[{i}]", f"each way once ({a}-{b} is listed twice)", i)
        (ax, ay), (bx, by) = safes[a].at, safes[b].at
        if max(abs(ax - bx), abs(ay - by)) != 1:
            raise fail(ways_l, f"ways[{i}]", f"a way between safes that touch in the drawing ({a} at "
                       f"{list(safes[a].at)}, {b} at {list(safes[b].at)})", i)
        nb[a].append(b)
        nb[b].append(a)
    for sid, s in safes.items():
        want = 3 if s.junction else 2
        if len(nb[sid]) != want:
            kind = "a junction has three ways" if s.junction else \
                "an ordinary safe has two ways (the way on is fixed, no one turns around)"
            raise fail(ways_l, "ways", f"{kind}; safe {sid} has {len(nb[sid])}")
    # connected: from any safe an arrow can reach every other
    first = next(iter(safes))
    seen, todo = {first}, [first]
    while todo:
        for n in nb[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(safes):
        missing = sorted(set(safes) - seen)
        raise fail(ways_l, "ways", f"a connected vault (cannot reach {', '.join(missing)})")
    walls_l = opt(data, "walls", list, "walls", [])
    walls: list[tuple[str, str]] = []
    for i in range(len(walls_l)):
        a, b = _pair(walls_l, i, "walls", safes)
        if b in nb[a]:
            raise fail(walls_l, f"walls[{i}]", f"a wall where there is no way ({a}-{b} is a way)", i)
        (ax, ay), (bx, by) = safes[a].at, safes[b].at
        if abs(ax - bx) + abs(ay - by) != 1:
            raise fail(walls_l, f"walls[{i}]", f"a wall between safes side by side ({a}, {b} do not touch)", i)
        walls.append((a, b))
    wallset = {frozenset(w) for w in walls}
    for a, sa in safes.items():
        for b, sb in safes.items():
            if a < b and abs(sa.at[0] - sb.at[0]) + abs(sa.at[1] - sb.at[1]) == 1:
                if b not in nb[a] and frozenset((a, b)) not in wallset:
                    raise fail(walls_l if walls_l else data, "walls",
                               f"a way or a wall between {a} and {b} (they are side by side)")
    return Board(safes, {k: tuple(v) for k, v in nb.items()}, tuple(walls))


def _int_map(m, key, field, *, keys=None, positive=True) -> dict[int, int]:
    v = req(m, key, dict, field)
    out = {}
    for k, n in v.items():
        if not isinstance(k, int) or isinstance(k, bool) or (keys is not None and k not in keys):
            raise fail(v, f"{field}.{k}", "a key " + (f"from {sorted(keys)}" if keys else "that is a whole number"), k)
        if not isinstance(n, int) or isinstance(n, bool) or n < (1 if positive else 0):
            raise fail(v, f"{field}.{k}", f"a whole number {'≥ 1' if positive else '≥ 0'}, got {n!r}", k)
        out[k] = n
    return out


def load_edition(path: Path, board: Board) -> Edition:
    e = load_yaml(path)
    if not isinstance(e, LMap):
        raise DataError(path, None, "a mapping of the edition's pieces and numbers")
    only_keys(e, ["players", "colours", "bars_per_value", "bars_per_safe", "case_rows", "unused_rows",
                  "bonus", "chips", "turns", "plunder_min_bars", "dice", "variant_end"], "")
    pl = req(e, "players", dict, "players")
    only_keys(pl, ["min", "max"], "players")
    pmin = req(pl, "min", int, "players.min", check=lambda v: v >= 2, expected="a whole number ≥ 2")
    pmax = req(pl, "max", int, "players.max", check=lambda v: v >= pmin, expected=f"a whole number ≥ {pmin}")
    colours = req(e, "colours", list, "colours")
    for i, c in enumerate(colours):
        if not (isinstance(c, str) and c.isalpha() and c.islower()):
            raise fail(colours, f"colours[{i}]", "a colour id in lower-case letters", i)
    if len(set(colours)) != len(colours) or len(colours) < pmax:
        raise fail(e, "colours", f"at least {pmax} different colours (one per player)", "colours")
    dice = req(e, "dice", dict, "dice")
    only_keys(dice, ["count", "sides"], "dice")
    dcount = req(dice, "count", int, "dice.count", check=lambda v: v >= 1, expected="a whole number ≥ 1")
    dsides = req(dice, "sides", int, "dice.sides", check=lambda v: v >= 2, expected="a whole number ≥ 2")
    bpv = _int_map(e, "bars_per_value", "bars_per_value")
    rows = req(e, "case_rows", list, "case_rows")
    for i, r in enumerate(rows):
        if not (isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= max(bpv)):
            raise fail(rows, f"case_rows[{i}]", f"a row size from 1 to {max(bpv)} (the highest bar)", i)
    if len(set(rows)) != len(rows):
        raise fail(e, "case_rows", "different row sizes", "case_rows")
    for v in range(1, max(bpv) + 1):
        if v not in bpv:
            raise fail(e, "bars_per_value", f"a count for every value from 1 to {max(bpv)} (value {v} is missing)",
                       "bars_per_value")
    per_safe = req(e, "bars_per_safe", int, "bars_per_safe", check=lambda v: v >= 1, expected="a whole number ≥ 1")
    total = len(colours) * sum(bpv.values())
    if total != per_safe * len(board.safes):
        raise fail(e, "bars_per_safe", f"all bars spread evenly: {total} bars for {len(board.safes)} safes "
                   f"do not make {per_safe} a safe", "bars_per_safe")
    unused_m = opt(e, "unused_rows", dict, "unused_rows", {})
    unused: dict[int, tuple[int, ...]] = {}
    for k, v in unused_m.items():
        if not (isinstance(k, int) and pmin <= k <= pmax):
            raise fail(unused_m, f"unused_rows.{k}", f"a player count from {pmin} to {pmax}", k)
        if not (isinstance(v, list) and all(x in rows for x in v) and len(v) < len(rows)):
            raise fail(unused_m, f"unused_rows.{k}", f"a list of row sizes from {list(rows)}, leaving one in use", k)
        unused[k] = tuple(v)
    bonus = _int_map(e, "bonus", "bonus", keys=set(rows))
    chips = req(e, "chips", dict, "chips")
    only_keys(chips, ["supply", "per_failure", "max_held", "failed_plunder_to"], "chips")
    supply = req(chips, "supply", int, "chips.supply", check=lambda v: v >= 0, expected="a whole number ≥ 0")
    per_fail = req(chips, "per_failure", int, "chips.per_failure", check=lambda v: v >= 0, expected="a whole number ≥ 0")
    cmax = req(chips, "max_held", int, "chips.max_held", check=lambda v: v >= 0, expected="a whole number ≥ 0")
    fpt = opt(chips, "failed_plunder_to", str, "chips.failed_plunder_to", "robbed",
              check=lambda v: v in ("robbed", "both"), expected="robbed or both")
    turns = req(e, "turns", int, "turns", check=lambda v: v >= 1, expected="a whole number ≥ 1")
    pmb = req(e, "plunder_min_bars", int, "plunder_min_bars", check=lambda v: v >= 1, expected="a whole number ≥ 1")
    variant = _int_map(e, "variant_end", "variant_end", keys=set(rows))
    return Edition(tuple(colours), bpv, per_safe, tuple(rows), unused, bonus, supply, per_fail, cmax, fpt,
                   turns, pmb, dcount, dsides, variant, pmin, pmax)


def load_assets(folder: str | Path) -> Assets:
    folder = Path(folder)
    board = load_board(folder / "board.yaml")
    edition = load_edition(folder / "edition.yaml", board)
    phrases = load_catalogues(folder)
    for lang, cat in phrases.items():
        for c in edition.colours:
            if not cat.has(f"colour.{c}"):
                raise DataError(cat.path, f"phrases.colour.{c}", "the colour's name (the edition lists it)")
    return Assets(board, edition, phrases)
