"""The state file of Gold Connection: a game written out (``state --yaml``) and read back
(``assist gold-connection --from FILE``), documented in docs/assistants/gold-connection.md.

Every field is checked with its file, line and field, and the whole is checked against the
rules: the 84 bars are each somewhere (safes, cases, the turn's deposit, the box), the chips in
hands and in the supply add up to the edition's 20, no two robber stones share a safe, every
arrow points along a way from its stone, a case row never holds more than its size, whose turn
it is names a player. The program's dice need no state of their own: each throw is seeded from
the game's seed and ``rolls`` (the throws so far), so a loaded game throws what the original would.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tiptoi_sim.assistants.gold_connection.case import TransportCase, bar_name
from tiptoi_sim.core.errors import UserError
from tiptoi_sim.core.numbers import is_whole, parse_whole
from tiptoi_sim.core.yamlio import fail, only_keys, opt, req
from tiptoi_sim.core.yamlio import whole_field as _whole

PHASES = ("players", "start_roll", "start_place", "arrows", "move", "choose", "roll", "chips", "success",
          "sort", "over")
IN_TURN = ("move", "choose", "roll", "chips", "success", "sort")


def _names(bars) -> list[str]:
    return [bar_name(b) for b in sorted(bars)]


def export_state(g) -> dict[str, Any]:
    out: dict[str, Any] = {"mode": g.mode, "variant": g.variant, "deal_seed": g.deal_seed,
                           "phase": g.phase, "counter": g.turn_no, "rolls": g.rolls}
    def heading(i, p):
        # the way the arrow points from the robber stone; mid-turn the mover's arrow is away from
        # it, and the state's turn tells where (the path)
        if g.turn is not None and i == g.current and g.phase != "sort":
            return g.turn["start_heading"]
        return p["heading"]

    out["players"] = [{"name": p["name"], "colour": p["colour"], "robber": p["robber"],
                       "heading": heading(i, p), "chips": p["chips"],
                       "case": {f"{c}/{s}": h for (c, s), h in p["case"].heights.items() if h}}
                      for i, p in enumerate(g.players)]
    if g.players:
        out["current"] = g.players[g.current]["name"]
        out["first"] = g.players[g.first]["name"]
        if g.phase in ("start_roll", "start_place", "arrows"):
            out["setup_player"] = g.players[g.setup_idx]["name"]
    out["safes"] = {sid: _names(bars) for sid, bars in g.safes.items()}
    out["box"] = _names(g.box)
    out["chips_supply"] = g.supply
    if g.phase == "start_place":
        out["start"] = {"dice": list(g.start_dice), "options": list(g.start_options)}
    if g.turn is not None:
        t = g.turn
        pend = t["pending"]
        out["turn"] = {
            "arrow": g.me["arrow"], "start": t["start"], "start_heading": t["start_heading"],
            "came_from": t["came_from"], "distance": t["distance"], "path": list(t["path"]),
            "used": list(t["used"]), "deposit": _names(t["deposit"]), "must_move": t["must_move"],
            "rolled": t["rolled"],
            "pending": None if pend is None else {
                "kind": pend["kind"], "bars": _names(pend["bars"]), "target": pend["target"],
                **({"heading": pend["heading"]} if pend["kind"] == "end" else {}),
                **({"victim": g.players[pend["victim"]]["name"], "rows": dict(pend["rows"])}
                   if pend["kind"] == "plunder" else {})},
        }
    if g.last_roll is not None:
        out["last_roll"] = dict(g.last_roll)
    return out


class _Reader:
    def __init__(self, g):
        self.g = g
        self.ids = list(g.board.safes)

    def safe(self, m, key, field, *, allow_none=False):
        v = m.get(key) if isinstance(m, dict) else m[key]
        if v is None and allow_none:
            return None
        v = str(v) if v is not None else None
        if v not in self.g.board.safes:
            raise fail(m, field, "a safe: " + ", ".join(self.ids) + f"; got {v!r}", key)
        return v

    def bars(self, m, key, field):
        items = m.get(key) if isinstance(m, dict) else m[key]
        if items is None:
            return []
        if not isinstance(items, list):
            raise fail(m, field, "a list of bars like [blue2, red1]", key)
        out = []
        for i, w in enumerate(items):
            b = self.bar(items, i, f"{field}[{i}]")
            out.append(b)
        return sorted(out)

    def bar(self, m, i, field):
        w = m[i]
        ed = self.g.ed
        text = str(w).strip().lower()
        colour = text.rstrip("0123456789").rstrip(" -_/")
        text = colour + text[len(text.rstrip("0123456789")):]
        digits = text[len(colour):]
        if colour not in ed.colours or not digits or len(digits) > 2:
            raise fail(m, field, "a bar: a colour (" + ", ".join(ed.colours) + f") and a value, like blue2; got {w!r}", i)
        value = parse_whole(digits)
        if value not in ed.bars_per_value:
            raise fail(m, field, f"a bar value from {min(ed.bars_per_value)} to {max(ed.bars_per_value)}; got {w!r}", i)
        return colour, value


def load_state(cls, assets, state, *, seed, lang, options):
    if not isinstance(state, dict):
        raise fail(state, "state", "a mapping")
    only_keys(state, ["mode", "variant", "deal_seed", "phase", "counter", "rolls", "players", "current", "first",
                      "setup_player", "safes", "box", "chips_supply", "start", "turn", "last_roll"], "state")
    opts = dict(options or {})
    g = cls(assets, seed=seed, lang=lang, options=opts)
    rd = _Reader(g)
    ed = g.ed
    # a game entered by hand is a game at the table: real dice unless the file says screen
    g.mode = opt(state, "mode", str, "state.mode", str(opts.get("mode", "table")), check=lambda v: v in ("screen", "table"),
                 expected="screen or table")
    g.variant = opt(state, "variant", bool, "state.variant", g.variant)
    g.deal_seed = _whole(state, "deal_seed", "state.deal_seed", 0, 2 ** 63, default=g.deal_seed)
    g.phase = opt(state, "phase", str, "state.phase", "move" if state.get("players") else "players",
                  check=lambda v: v in PHASES, expected="one of " + ", ".join(PHASES))
    # in the variant the game ends on complete rows, and the counter may pass its last space
    g.turn_no = _whole(state, "counter", "state.counter", 0, 10 ** 6 if g.variant else ed.turns, default=0)
    g.rolls = _whole(state, "rolls", "state.rolls", 0, 10 ** 9, default=0)
    players = opt(state, "players", list, "state.players", [])
    if g.phase == "players" and players:
        raise fail(state, "state.phase", "a phase after players: the players are named", "phase")
    if g.phase != "players" and not ed.min_players <= len(players) <= ed.max_players:
        raise fail(state, "state.players", f"{ed.min_players} to {ed.max_players} players", "players")
    rows = ed.rows_for(len(players))
    taken: dict[str, int] = {}
    for i, pm in enumerate(players):
        where = f"state.players[{i}]"
        if not isinstance(pm, dict):
            raise fail(players, where, "a player: name, colour, robber, heading, chips, case", i)
        only_keys(pm, ["name", "colour", "robber", "heading", "chips", "case"], where)
        name = str(req(pm, "name", (str, int), f"{where}.name"))
        if any(p["name"].lower() == name.lower() for p in g.players) or not name.strip():
            raise fail(pm, f"{where}.name", f"a name not used by another player, got {name!r}", "name")
        colour = req(pm, "colour", str, f"{where}.colour", check=lambda v: v in ed.colours,
                     expected="one of " + ", ".join(ed.colours))
        if any(p["colour"] == colour for p in g.players):
            raise fail(pm, f"{where}.colour", f"a colour not used by another player, got {colour!r}", "colour")
        robber = rd.safe(pm, "robber", f"{where}.robber", allow_none=True)
        if robber is not None:
            if robber in taken:
                raise fail(pm, f"{where}.robber", f"a safe without another robber stone ({robber} has "
                           f"{g.players[taken[robber]]['name']}'s)", "robber")
            taken[robber] = i
        heading = rd.safe(pm, "heading", f"{where}.heading", allow_none=True)
        if heading is not None and (robber is None or heading not in g.board.neighbours[robber]):
            raise fail(pm, f"{where}.heading", "a way on from the robber's safe: " +
                       (", ".join(g.board.neighbours[robber]) if robber else "(no robber stone yet)"), "heading")
        chips = _whole(pm, "chips", f"{where}.chips", 0, ed.chips_max, default=0)
        case = TransportCase(ed.colours, rows)
        cm = opt(pm, "case", dict, f"{where}.case", {})
        for key, h in cm.items():
            f = f"{where}.case.{key}"
            colour_s, _, size_s = str(key).partition("/")
            size = parse_whole(size_s) if is_whole(size_s) and len(size_s) < 3 else None
            if colour_s not in ed.colours or size is None or size not in ed.case_rows:
                raise fail(cm, f, "a row like green/6: " + ", ".join(ed.colours) + " / " +
                           ", ".join(map(str, ed.case_rows)), key)
            if (colour_s, size) not in case.heights:
                raise fail(cm, f, f"a row used with {len(players)} players (the rows of {size} are not)", key)
            case.heights[(colour_s, size)] = _whole(cm, key, f, 0, size)
        g.players.append({"name": name, "colour": colour, "robber": robber, "arrow": robber,
                          "heading": heading, "chips": chips, "case": case})
    held = sum(p["chips"] for p in g.players)
    if held > ed.chip_supply:
        raise fail(state, "state.players", f"at most {ed.chip_supply} chips in all hands (the supply), got {held}",
                   "players")
    g.supply = ed.chip_supply - held
    if state.get("chips_supply") is not None:
        sup = _whole(state, "chips_supply", "state.chips_supply", 0, ed.chip_supply)
        if sup != g.supply:
            raise fail(state, "state.chips_supply", f"{g.supply}: the edition's {ed.chip_supply} chips minus the "
                       f"{held} in the players' hands", "chips_supply")
    safes = opt(state, "safes", dict, "state.safes")
    if safes is not None:
        for sid in safes:
            if str(sid) not in g.board.safes:
                raise fail(safes, f"state.safes.{sid}", "a safe: " + ", ".join(rd.ids), sid)
        g.safes = {sid: rd.bars(safes, sid if sid in safes else _int_key(safes, sid), f"state.safes.{sid}")
                   for sid in g.board.safes}
    g.box = rd.bars(state, "box", "state.box")
    names = [p["name"] for p in g.players]

    def who(key, default):
        v = state.get(key)
        if v is None:
            return default
        for i, n in enumerate(names):
            if n.lower() == str(v).lower():
                return i
        raise fail(state, f"state.{key}", "one of the players: " + ", ".join(names), key)

    if g.players:
        numbers = [g.board.safes[p["robber"]].number if p["robber"] else None for p in g.players]
        placed = [n for n in numbers if n is not None]
        default_first = numbers.index(max(placed)) if placed and len(placed) == len(numbers) else 0
        g.first = who("first", default_first)
        g.current = who("current", g.first)
        g.setup_idx = who("setup_player", 0 if g.phase in ("start_roll", "start_place") else g.first)
    _check_phase(g, state, rd)
    if safes is None:
        _deal_the_rest(g)
    _check_bars(g, state)
    lr = opt(state, "last_roll", dict, "state.last_roll")
    if lr is not None:
        only_keys(lr, ["player", "dice", "sum", "target", "chips"], "state.last_roll")
        g.last_roll = {k: (list(v) if isinstance(v, list) else v) for k, v in lr.items()}
    if g.phase == "over":
        g._game_over()
    return g


def _int_key(m, sid):
    """YAML reads an unquoted safe number as an int key."""
    for k in m:
        if str(k) == sid:
            return k
    return sid


def _check_phase(g, state, rd):
    ph = g.phase
    ed = g.ed
    ps = g.players
    if ph in ("start_roll", "start_place"):
        for i, p in enumerate(ps):
            if (p["robber"] is not None) != (i < g.setup_idx) or p["heading"] is not None:
                raise fail(state, "state.players", f"robber stones on the safes of the players before "
                           f"{ps[g.setup_idx]['name']} only, and no arrows yet", "players")
        if ph == "start_place":
            st = req(state, "start", dict, "state.start")
            only_keys(st, ["dice", "options"], "state.start")
            dice = req(st, "dice", list, "state.start.dice")
            options = req(st, "options", list, "state.start.options")
            try:
                g.start_dice = tuple(parse_whole(d, field="state.start.dice", lo=1, hi=ed.dice_sides) for d in dice)
                g.start_options = [parse_whole(o, field="state.start.options", lo=1, hi=12) for o in options]
            except UserError as e:
                raise fail(st, "state.start", str(e), "dice") from None
            if not g.start_options or any(not g._safe_free(g.board.by_number(o).id) for o in g.start_options):
                raise fail(st, "state.start.options", "free safes the dice allow", "options")
        return
    if ph in ("players",):
        return
    if any(p["robber"] is None for p in ps):
        raise fail(state, "state.players", "a robber stone for every player (phase " + ph + ")", "players")
    if ph == "arrows":
        laid = []
        i = g.first
        while i != g.setup_idx:
            laid.append(i)
            i = (i + 1) % len(ps)
        for k, p in enumerate(ps):
            if (p["heading"] is not None) != (k in laid):
                raise fail(state, "state.players", "arrows laid by the players from the first up to "
                           f"{ps[g.setup_idx]['name']} (clockwise) only", "players")
        return
    if g.turn_no < 1:
        raise fail(state, "state.counter", f"the turn counter's space, 1 to {ed.turns}, once play has begun",
                   "counter")
    tm = opt(state, "turn", dict, "state.turn")
    if ph == "over":
        if tm is not None:
            raise fail(state, "state.turn", "no turn once the game is over", "turn")
        for k, p in enumerate(ps):
            if p["heading"] is None:
                raise fail(state, "state.players", "an arrow for every player", "players")
        return
    for k, p in enumerate(ps):
        if p["heading"] is None and k != g.current:
            raise fail(state, "state.players", f"an arrow for every player ({p['name']} has none)", "players")
    if tm is None:
        if ph != "move" or ps[g.current]["heading"] is None:
            raise fail(state, "state.turn", f"the turn in progress (phase {ph})", "phase")
        g._begin_turn()
        return
    _load_turn(g, tm, rd)


def _load_turn(g, tm, rd):
    only_keys(tm, ["arrow", "start", "start_heading", "came_from", "distance", "path", "used", "deposit",
                   "must_move", "rolled", "pending"], "state.turn")
    me = g.players[g.current]
    start = rd.safe(tm, "start", "state.turn.start")
    sorting = g.phase == "sort"  # the turn has ended: the robber stone already stands under the arrow
    if start != me["robber"] and not sorting:
        raise fail(tm, "state.turn.start", f"the robber stone's safe of {me['name']} ({me['robber']})", "start")
    path = opt(tm, "path", list, "state.turn.path", [start])
    for i in range(len(path)):
        rd.safe(path, i, f"state.turn.path[{i}]")
    path = [str(x) for x in path]
    if not path or path[0] != start:
        raise fail(tm, "state.turn.path", "the safes walked this turn, from the robber stone", "path")
    for a, b in zip(path, path[1:]):
        if b not in g.board.neighbours[a]:
            raise fail(tm, "state.turn.path", f"neighbouring safes ({a} and {b} are not)", "path")
    distance = _whole(tm, "distance", "state.turn.distance", 0, 999, default=len(path) - 1)
    if distance != len(path) - 1:
        raise fail(tm, "state.turn.distance", f"the steps of the path ({len(path) - 1})", "distance")
    arrow = path[-1]
    if tm.get("arrow") is not None and str(tm["arrow"]) != arrow:
        raise fail(tm, "state.turn.arrow", f"the end of the path ({arrow})", "arrow")
    came = path[-2] if len(path) > 1 else None
    used = opt(tm, "used", list, "state.turn.used", [start])
    for i in range(len(used)):
        rd.safe(used, i, f"state.turn.used[{i}]")
    used = [str(x) for x in used]
    if start not in used:
        used.insert(0, start)
    t = {"start": start, "start_heading": rd.safe(tm, "start_heading", "state.turn.start_heading", allow_none=True),
         "came_from": came, "distance": distance, "used": used, "deposit": rd.bars(tm, "deposit", "state.turn.deposit"),
         "pending": None, "must_move": opt(tm, "must_move", bool, "state.turn.must_move", False), "path": path,
         "rolled": None}
    if t["start_heading"] is None:
        t["start_heading"] = me["heading"] if distance == 0 else None
    if t["start_heading"] not in g.board.neighbours[start]:
        raise fail(tm, "state.turn.start_heading", "the way the arrow pointed from the robber stone", "start_heading")
    # the arrow's way on: fixed on an ordinary safe, chosen at a junction
    me["arrow"] = arrow
    if sorting:
        if me["robber"] != arrow:
            raise fail(tm, "state.turn.path", f"a path ending at {me['name']}'s robber stone (the turn has ended)",
                       "path")
    elif distance:
        me["heading"] = g.board.next_safe(came, arrow)
    else:
        me["heading"] = t["start_heading"]
    pm = tm.get("pending")
    ph = g.phase
    if ph in ("roll", "chips"):
        if not isinstance(pm, dict):
            raise fail(tm, "state.turn.pending", f"the pending roll (phase {ph}): kind, bars, target", "pending")
        only_keys(pm, ["kind", "bars", "target", "heading", "victim", "rows"], "state.turn.pending")
        kind = req(pm, "kind", str, "state.turn.pending.kind", check=lambda v: v in ("safe", "plunder", "end"),
                   expected="safe, plunder or end")
        bars = rd.bars(pm, "bars", "state.turn.pending.bars")
        target = _whole(pm, "target", "state.turn.pending.target", 1, 999)
        pend = {"kind": kind, "bars": bars, "target": target}
        if kind == "end":
            pend["heading"] = rd.safe(pm, "heading", "state.turn.pending.heading", allow_none=True) or me["heading"]
        if kind == "safe":
            have = Counter(g.safes[arrow])
            if any(have[b] < n for b, n in Counter(bars).items()):
                raise fail(pm, "state.turn.pending.bars", f"bars lying in safe {arrow}", "bars")
        if kind == "plunder":
            names = [p["name"] for p in g.players]
            v = str(req(pm, "victim", (str, int), "state.turn.pending.victim"))
            if v not in names or g.players[names.index(v)]["robber"] != arrow:
                raise fail(pm, "state.turn.pending.victim", "the player whose robber stone is under the arrow", "victim")
            pend["victim"] = names.index(v)
            rows = opt(pm, "rows", dict, "state.turn.pending.rows", {})
            pend["rows"] = {str(k): _whole(rows, k, f"state.turn.pending.rows.{k}", 1, 6) for k in rows}
        t["pending"] = pend
        if ph == "chips":
            t["rolled"] = _whole(tm, "rolled", "state.turn.rolled", 0, target - 1)
    elif pm is not None:
        raise fail(tm, "state.turn.pending", f"no pending roll in phase {ph}", "pending")
    g.turn = t


def _deal_the_rest(g) -> None:
    """No ``safes`` in the file: the bars that are in no case, deposit or box are dealt into the
    safes from the seed (as evenly as they go), so a state may describe only the players."""
    import random

    rest = Counter(g.all_bars())
    for p in g.players:
        rest.subtract(p["case"].bars())
    if g.turn is not None:
        rest.subtract(g.turn["deposit"])
    rest.subtract(g.box)
    if any(n < 0 for n in rest.values()):
        return  # more bars than the edition has: _check_bars names them
    bars = sorted(rest.elements())
    random.Random(f"{g.seed}:deal").shuffle(bars)
    ids = list(g.board.safes)
    g.safes = {sid: sorted(bars[i::len(ids)]) for i, sid in enumerate(ids)}


def _check_bars(g, state):
    """Every bar of the edition exactly once: safes, cases, the deposit and the box."""
    have = Counter()
    for bars in g.safes.values():
        have.update(bars)
    for p in g.players:
        have.update(p["case"].bars())
    if g.turn is not None:
        have.update(g.turn["deposit"])
    have.update(g.box)
    want = Counter(g.all_bars())
    if have != want:
        diffs = []
        for b in sorted(set(have) | set(want)):
            if have[b] != want[b]:
                diffs.append(f"{bar_name(b)}: {have[b]} instead of {want[b]}")
        raise fail(state, "state.safes", "every bar of the edition exactly once in the safes, cases, deposit and "
                   "box; " + "; ".join(diffs[:6]), "safes" if "safes" in state else None)
