"""The debrief picture of one game of Der Millionen-Coup, drawn with matplotlib.

Two steps, so that tests can check what is drawn without looking at pixels:

1. :func:`build_model` turns the event stream (docs/scenarios.md) into a :class:`DebriefModel`:
   one :class:`Bar` per action (start to end; cut short at Go or at the end of the game), one
   :class:`Mark` per refusal, reveal, note, first digit and combination, the guard's visits
   room by room (with the waypoint letters when the setup is known), locks and alarms as they
   change, the time announcements, Go, and the end (time, result, reason, who).
2. :func:`draw` draws the model on a matplotlib figure: a timeline with one lane per player, a
   lane for the guard, one for locks and alarms and one for the clock; the end as a
   highlighted line with its cause; beside it the board (``layout.yaml``'s polygons) with each
   player's path and the guard's route. Every artist that stands for a model item carries a
   ``gid`` (``bar:<colour>:<index>``, ``mark:<colour>:<index>``, ``guard:<index>``, ``end``,
   ``go``, ``path:<colour>``, ``guard_route``) so that a test can find it.

The sources (:func:`load_events`): a scenario file (played in virtual time), a saved event
stream (JSON lines from ``simulate``), or a live game's journal (replayed). Labels are German
or English: the picture's own words in ``board_assets/millionen_coup/debrief.<lang>.yaml``,
names of rooms, actions and colours from the pen's phrase catalogues.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from tiptoi_sim.core.errors import DataError, UserError

MOVES = ("walk", "run", "sneak", "climb")
PLAYER_COLOURS = {"red": "#d62728", "blue": "#1f5fbf", "yellow": "#d4a017", "green": "#2ca02c"}
ACTION_SHADES = {"walk": 0.55, "run": 0.75, "sneak": 0.35, "climb": 0.45, "locks": 0.9, "electronics": 0.9,
                 "vault_digit": 0.95, "vault_combination": 0.95, "explore": 0.6, "learn": 0.6, "forge": 0.6, "plan": 0.8}


@dataclass
class Bar:
    player: str
    action: str
    target: str
    start: float          # seconds of game clock
    end: float
    status: str           # finished | aborted (by Go) | cut (the game ended first)
    label: str = ""


@dataclass
class Mark:
    player: str | None
    kind: str             # refused | revealed | blank | first_digit | vault | lock_opened | alarm_off
    t: float
    label: str = ""


@dataclass
class GuardVisit:
    room: str
    start: float
    end: float
    waypoint: str | None = None


@dataclass
class DebriefModel:
    players: list[str]                               # colours in lane order
    characters: dict[str, str] = field(default_factory=dict)
    bars: list[Bar] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    guard: list[GuardVisit] = field(default_factory=list)
    changes: list[Mark] = field(default_factory=list)          # lock_opened / alarm_off, in time order
    announcements: list[tuple[float, float]] = field(default_factory=list)   # (t, seconds left)
    go: float | None = None
    end_t: float | None = None
    result: str | None = None                        # won | lost | None (not over)
    reason: str | None = None
    culprit: str | None = None                       # the player caught, if one was
    limit: float | None = None                       # the clock's limit (seconds), if known
    paths: dict[str, list[tuple[float, str]]] = field(default_factory=dict)   # colour -> (t, room)
    seed: int | None = None

    @property
    def duration(self) -> float:
        ends = [self.end_t or 0.0, self.limit or 0.0] + [b.end for b in self.bars]
        return max(ends) if any(ends) else 60.0


# ---------------------------------------------------------------------- the model
def build_model(events: Iterable[dict[str, Any]], *, characters: dict[str, str] | None = None,
                waypoints: list[str] | None = None, start_rooms: dict[str, str] | None = None,
                limit: float | None = None, seed: int | None = None, street: str = "street",
                guard_start: str = "break_room") -> DebriefModel:
    """The model of what the picture shows, from event dicts (``t`` in seconds, ``type``…).
    ``waypoints`` (rooms A…F) label the guard's waypoints; ``start_rooms`` the paths' starts."""
    evs = [e for e in events if e.get("type") != "say"]
    players: list[str] = []
    order = ("red", "blue", "yellow", "green")
    for e in evs:
        p = e.get("player")
        if p and p not in players:
            players.append(p)
    for c in (characters or {}):
        if c not in players:
            players.append(c)
    players.sort(key=lambda c: order.index(c) if c in order else 9)
    m = DebriefModel(players, dict(characters or {}), seed=seed, limit=limit)
    open_bars: dict[str, Bar] = {}
    guard_room: str | None = None
    wp = list(waypoints or [])
    wp_index = 0
    while wp and wp_index < len(wp) and wp[wp_index] == guard_start:
        wp_index += 1                  # a waypoint he starts on counts as reached (the rules)
    for e in evs:
        t = float(e["t"])
        typ = e["type"]
        p = e.get("player")
        if typ == "phase" and e.get("name") == "execution":
            m.go = t
            for c in players:
                m.paths.setdefault(c, []).append((t, (start_rooms or {}).get(c, street)))
            guard_room = None
        elif typ == "action_started":
            b = Bar(p, e["action"], e.get("target", ""), t, t + 0.0, "running")
            open_bars[p] = b
            m.bars.append(b)
            if e["action"] in MOVES and e.get("target", "").startswith("room:"):
                m.paths.setdefault(p, []).append((t, e["target"][5:]))
        elif typ in ("action_finished", "action_aborted"):
            b = open_bars.pop(p, None)
            if b is not None:
                b.end = t
                b.status = "finished" if typ == "action_finished" else "aborted"
        elif typ == "action_refused":
            m.marks.append(Mark(p, "refused", t, e.get("reason", "")))
        elif typ == "revealed":
            m.marks.append(Mark(p, "revealed", t, f"{e.get('field')} {e.get('item')}"))
        elif typ == "blank":
            m.marks.append(Mark(p, "blank", t, str(e.get("digit"))))
        elif typ == "first_digit":
            m.marks.append(Mark(p, "first_digit", t, str(e.get("digit"))))
        elif typ == "vault":
            m.marks.append(Mark(p, "vault", t, "opened" if e.get("opened") else "wrong"))
        elif typ == "lock_opened":
            m.changes.append(Mark(p, "lock_opened", t, str(e.get("lock"))))
        elif typ == "alarm_off":
            m.changes.append(Mark(p, "alarm_off", t, str(e.get("alarm"))))
        elif typ == "guard":
            if guard_room is not None:
                m.guard[-1].end = t
            guard_room = e["room"]
            letter = None
            if wp and e["room"] == wp[wp_index % len(wp)]:
                letter = "ABCDEF"[wp_index % len(wp)]
                wp_index += 1
            m.guard.append(GuardVisit(e["room"], t, t, letter))
        elif typ == "time_left":
            m.announcements.append((t, float(e["seconds"])))
            if m.limit is None:
                m.limit = t + float(e["seconds"])
        elif typ == "game_over":
            m.end_t, m.result, m.reason, m.culprit = t, e.get("result"), e.get("reason"), e.get("player")
            if e.get("reason") == "time" and m.limit is None:
                m.limit = t
    last = m.end_t if m.end_t is not None else max([float(e["t"]) for e in evs] or [0.0])
    for b in open_bars.values():
        b.end, b.status = last, "cut"
    if m.guard:
        m.guard[-1].end = last
    return m


# ---------------------------------------------------------------------- loading
def load_events(path: str | Path, data=None, *, lang: str = "de") -> tuple[list[dict], dict[str, Any]]:
    """Events and context (characters, waypoints, start rooms, limit, seed) from a scenario
    (``.yaml``/``.yml``), a saved event stream or a journal (JSON lines)."""
    p = Path(path)
    if not p.exists():
        raise UserError(f"{path}: no such file")
    if data is None:
        from tiptoi_sim.millionen_coup.data import load_game_data
        data = load_game_data()
    if p.suffix.lower() in (".yaml", ".yml"):
        from tiptoi_sim.millionen_coup.scenario import load_scenario, run_scenario
        sc = load_scenario(p, data)
        session = run_scenario(sc, data, lang=lang)
        return _from_session(session)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise DataError(p, None, "a scenario (.yaml), an event stream or a journal (JSON lines)") from None
    records = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            if i == len(lines) - 1 and records and records[0].get("kind") == "start":
                break                       # a journal's torn last line
            raise DataError(p, None, "not JSON: one JSON object per line expected", i + 1) from None
        if not isinstance(rec, dict):
            raise DataError(p, None, "one JSON object per line expected", i + 1)
        records.append(rec)
    if not records:
        raise DataError(p, None, "an empty file: no events to draw")
    if records[0].get("kind") == "start":
        return _from_session(_replay_journal(p, data))
    for i, rec in enumerate(records):
        if "type" not in rec or "t" not in rec or not _number(rec["t"]):
            raise DataError(p, None, "an event with 't' (seconds) and 'type' (see docs/scenarios.md)", i + 1)
        if rec["type"] == "time_left" and not _number(rec.get("seconds")):
            raise DataError(p, None, "a time_left event with 'seconds' (a number)", i + 1)
    return records, {}


def _number(v) -> bool:
    """A finite JSON number (not a bool): what an event's times must be."""
    import math
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _replay_journal(p: Path, data):
    """Replay a journal's taps in virtual time (as ``resume_live`` does) and keep the events.
    The journal is read with the pen's own record checks, so a damaged or foreign journal is
    refused with its line."""
    from tiptoi_sim.millionen_coup.live import read_live_journal, replay_journal

    session, _, _, _ = replay_journal(data, read_live_journal(data, p), stop_when_over=True)
    return session


def _from_session(session) -> tuple[list[dict], dict[str, Any]]:
    from tiptoi_sim.millionen_coup.session import UI_ONLY_EVENTS

    events = [e.to_dict() for e in session.events if e.type not in UI_ONLY_EVENTS]
    g = session.game
    ctx: dict[str, Any] = {"seed": session.seed}
    if g is not None:
        ctx.update(context_of_game(g))
    return events, ctx


def context_of_game(g) -> dict[str, Any]:
    """What the picture can say from the engine's game beyond the events."""
    starts = {}
    for c, p in g.players.items():
        plan = next((g.data.plans[x] for x in p.forged if g.data.plans[x].kind == "start"), None)
        room = g.data.start_room
        if plan is not None and (plan.needs is None or plan.needs in p.abilities):
            room = plan.room
        starts[c] = room
    return {"characters": {c: p.character for c, p in g.players.items()}, "waypoints": list(g.setup.waypoints),
            "start_rooms": starts, "limit": g.limit_ms / 1000, "street": g.data.start_room,
            "guard_start": g.data.guard_start}


# ---------------------------------------------------------------------- drawing
class Labels:
    def __init__(self, data, lang: str):
        from tiptoi_sim.core.phrases import load_catalogues

        self.lang = lang
        folder = Path(data.folder)
        if not (folder / f"debrief.{lang}.yaml").exists():     # an assets folder of a user's own
            from tiptoi_sim.paths import assets_dir
            folder = assets_dir() / "millionen_coup"
        self.own = load_catalogues(folder, stem="debrief")[lang]
        self.names = data.phrases.get(lang) if data.phrases else None
        self.data = data

    def __call__(self, key: str, **params: Any) -> str:
        return self.own.render(key, **params)

    def name(self, key: str, default: str) -> str:
        return self.names.name(key, default) if self.names is not None else default

    def room(self, room: str) -> str:
        name = self.name(f"room.{room}", room)
        return name[4:] if self.lang == "en" and name.startswith("the ") else name

    def reason(self, r: str) -> str:
        """A refusal's reason id in a few words (the id itself for one the catalogue lacks)."""
        return self.own.name(f"reason.{r}", r.replace("_", " "))

    def colour(self, c: str) -> str:
        return self.name(f"colour.{c}", c)

    def action(self, a: str) -> str:
        return self.name(f"action.{a}", a)

    def target(self, target: str) -> str:
        kind, _, val = target.partition(":")
        if kind == "room":
            return self.room(val)
        if kind == "skill":
            return self.name(f"ability.{val}", val)
        if kind == "plan":
            return self.name(f"plan.{val}.name", val)
        if kind == "explore":
            return self.name(f"field.{val}", val)
        if kind in ("lock", "console", "alarm"):
            return f"{kind} {val}" if self.lang == "en" else {"lock": "Schloss", "console": "Konsole", "alarm": "Alarm"}[kind] + f" {val}"
        if target.startswith("digit:"):
            return "".join(x[6:] for x in target.split())
        if target == "vault_door":
            return self.name("thing.vault_door", "vault door")
        return target


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def clock_text(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 60}:{s % 60:02d}"


def bar_label(b: Bar, L: Labels) -> str:
    if b.action == "plan":
        text = L.target(b.target) if b.target.startswith("plan:") else f"{L.action('plan')}: {L.target(b.target)}"
    else:
        text = f"{L.action(b.action)} {L.target(b.target)}".strip()
    if b.status == "aborted":
        text = L("aborted", action=text)
    return text


def end_label(m: DebriefModel, L: Labels) -> str:
    if m.result is None or m.end_t is None:
        return L("end.open", time=clock_text(m.duration))
    key = f"end.{m.result}.{m.reason}"
    margin = clock_text(max(0.0, (m.limit or m.end_t) - m.end_t))
    who = L.colour(m.culprit) if m.culprit else ""
    return L(key, time=clock_text(m.end_t), margin=margin, player=who)


def draw(model: DebriefModel, data, layout=None, *, lang: str = "de"):
    """The debrief figure (matplotlib, Agg). Returns the Figure."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Polygon as MplPolygon

    if layout is None:
        from tiptoi_sim.millionen_coup.layout import load_layout
        layout = load_layout(data=data)
    L = Labels(data, lang)
    m = model
    for b in m.bars:
        b.label = bar_label(b, L)
    fig = plt.figure(figsize=(20, 8.5))
    gs = fig.add_gridspec(1, 2, width_ratios=[1.75, 1.0], wspace=0.06)
    ax = fig.add_subplot(gs[0])
    bx = fig.add_subplot(gs[1])
    title = L("title", seed=m.seed) if m.seed is not None else L("title_no_seed")
    fig.suptitle(title, fontsize=14, fontweight="bold")

    # ---- lanes: players (top), guard, locks & alarms, clock
    lanes = list(m.players)
    pitch = 1.8                        # room above each bar for its label
    y_of = {c: i * pitch for i, c in enumerate(lanes)}
    y_guard = len(lanes) * pitch
    y_changes = y_guard + 1.6
    y_clock = y_changes + 1.0
    to_min = 1 / 60
    span = m.duration * to_min        # minutes shown
    x_max = max([(m.end_t or 0) * to_min] + [b.end * to_min for b in m.bars] + [(m.go or 0) * to_min]) * 1.04 + 0.05
    if m.end_t is None and m.limit:
        x_max = max(x_max, m.limit * to_min)
    span = x_max
    for b_i, b in enumerate(m.bars):
        y = y_of.get(b.player, 0)
        base = PLAYER_COLOURS.get(b.player, "#555555")
        width = max((b.end - b.start) * to_min, span * 0.002)
        rect = ax.barh(y, width, left=b.start * to_min, height=0.62, color=base,
                       alpha=ACTION_SHADES.get(b.action, 0.6) if b.status != "aborted" else 0.25,
                       edgecolor="black", linewidth=0.6, hatch="//" if b.status != "finished" else None)[0]
        rect.set_gid(f"bar:{b.player}:{b_i}")
        rect.set_label(b.label)
        fits = width > 0.0075 * len(b.label) * span
        mid = (b.start + (b.end - b.start) / 2) * to_min
        if fits:
            t = ax.text(mid, y, b.label, ha="center", va="center", fontsize=6.5, clip_on=True)
        else:                          # short bars: the label stands upright above the bar
            t = ax.text(mid, y - 0.34, _short(b.label, 26), ha="center", va="bottom", fontsize=5.5, rotation=90,
                        clip_on=True, color="#222222")
        t.set_gid(f"bar_label:{b.player}:{b_i}")
    mark_style = {"refused": ("X", "black"), "revealed": ("D", "#7b3fbf"), "blank": ("o", "#2a8a2a"),
                  "first_digit": ("*", "#b8860b"), "vault": ("P", "#b8860b")}
    for k, mk in enumerate(m.marks):
        y = y_of.get(mk.player, 0) if mk.player else 0
        sym, col = mark_style.get(mk.kind, ("o", "black"))
        art = ax.plot([mk.t * to_min], [y + 0.42], marker=sym, color=col, markersize=7 if mk.kind == "refused" else 5,
                      linestyle="none")[0]
        art.set_gid(f"mark:{mk.player}:{k}")
        text = {"refused": lambda: L("refused", reason=L.reason(mk.label)),
                "revealed": lambda: L("revealed", field=L.name(f"field.{mk.label.split()[0]}", mk.label.split()[0]),
                                      item=mk.label.split()[1]),
                "blank": lambda: L("blank", digit=mk.label),
                "first_digit": lambda: L("first_digit", digit=mk.label),
                "vault": lambda: L("vault_opened" if mk.label == "opened" else "vault_wrong")}[mk.kind]()
        art.set_label(text)
        if mk.kind in ("refused", "first_digit", "vault"):
            ax.text(mk.t * to_min, y + 0.55, _short(text, 28), fontsize=5.5, ha="center", va="top", color=col)
    # guard lane: one segment per room, waypoints lettered
    for k, v in enumerate(m.guard):
        shade = "#9a9a9a" if k % 2 else "#c8c8c8"
        if v.waypoint:
            shade = "#6a6a6a"
        r = ax.barh(y_guard, max((v.end - v.start) * to_min, span * 0.001), left=v.start * to_min, height=0.62, color=shade,
                    edgecolor="white", linewidth=0.5)[0]
        r.set_gid(f"guard:{k}")
        r.set_label(L.room(v.room))
        mid = (v.start + (v.end - v.start) / 2) * to_min
        if v.waypoint:
            ax.text(mid, y_guard, v.waypoint, fontsize=7, ha="center", va="center", color="white",
                    fontweight="bold", clip_on=True)
        ax.text(mid, y_guard - 0.34, _short(L.room(v.room), 18), fontsize=5, ha="center", va="bottom", rotation=90,
                color="#333333", clip_on=True)
    for k, ch in enumerate(m.changes):
        text = L("lock_opened", n=ch.label) if ch.kind == "lock_opened" else L("alarm_off", x=ch.label)
        col = PLAYER_COLOURS.get(ch.player, "#333333")
        art = ax.plot([ch.t * to_min], [y_changes], marker="s" if ch.kind == "lock_opened" else "^", color=col,
                      markersize=7, linestyle="none")[0]
        art.set_gid(f"change:{k}")
        art.set_label(text)
        ax.text(ch.t * to_min, y_changes + (0.4 if k % 2 else -0.4), text, fontsize=6, ha="center", va="center")
    for k, (t, left) in enumerate(m.announcements):
        art = ax.plot([t * to_min], [y_clock], marker="|", color="#444444", markersize=10)[0]
        art.set_gid(f"announce:{k}")
        if left >= 60 and left % 60 == 0:
            ax.text(t * to_min, y_clock - 0.35, L("time_left", minutes=int(left // 60)), fontsize=6, ha="center")
    if m.limit and m.limit * to_min <= x_max:
        ax.axvline(m.limit * to_min, color="#444444", linestyle=":", linewidth=1)
    elif m.limit:
        ax.text(x_max, y_clock, f"{L('clock')} {clock_text(m.limit)} →", fontsize=7, ha="right", va="center")
    if m.go is not None:
        gl = ax.axvline(m.go * to_min, color="#333333", linestyle="--", linewidth=1)
        gl.set_gid("go")
        ax.text(m.go * to_min, -1.3, L("go"), fontsize=8, ha="center", va="bottom", fontweight="bold")
    end_text = end_label(m, L)
    end_colour = "#1a7f1a" if m.result == "won" else "#c01010"
    if m.end_t is not None:
        el = ax.axvline(m.end_t * to_min, color=end_colour, linewidth=2.5)
        el.set_gid("end")
        el.set_label(end_text)
        if m.culprit in y_of:
            ax.plot([m.end_t * to_min], [y_of[m.culprit]], marker="o", markersize=16, markerfacecolor="none",
                    markeredgecolor=end_colour, markeredgewidth=2.5)[0].set_gid("end_player")
    ax.set_title(end_text, color=end_colour if m.end_t is not None else "black", fontsize=11, fontweight="bold")
    names = [f"{L.colour(c)}" + (f" ({data.characters[m.characters[c]].name})" if c in m.characters and m.characters[c] in data.characters else "")
             for c in lanes]
    ax.set_yticks([y_of[c] for c in lanes] + [y_guard, y_changes, y_clock],
                  names + [L("guard"), L("locks_alarms"), L("clock")])
    for tick, c in zip(ax.get_yticklabels(), lanes):
        tick.set_color(PLAYER_COLOURS.get(c, "black"))
    ax.set_ylim(y_clock + 0.7, -1.45)
    ax.set_xlim(0, x_max)
    ax.set_xlabel(L("minutes"))
    ax.grid(axis="x", alpha=0.3)

    # ---- the board
    floor_colours = {"outside": "#e6f0e0", "ground": "#f3ecd9", "upper": "#e3ebf5", "basement": "#ece4f0"}
    for f, poly in layout.floors.items():
        bx.add_patch(MplPolygon(poly, closed=True, facecolor=floor_colours.get(f, "#eeeeee"), edgecolor="#999999", linewidth=0.8))
    for room, poly in layout.room_polygons().items():
        bx.add_patch(MplPolygon(poly, closed=True, facecolor="white", edgecolor="#777777", linewidth=0.6, alpha=0.85))
        cx, cy = layout.centre(f"room:{room}")
        bx.text(cx, cy, _short(L.room(room), 16), fontsize=5.5, ha="center", va="center", color="#666666")
    offsets = {"red": (-0.006, -0.006), "blue": (0.006, -0.006), "yellow": (-0.006, 0.006), "green": (0.006, 0.006)}
    for c, steps in m.paths.items():
        pts = [layout.centre(f"room:{r}") for _, r in steps if f"room:{r}" in layout.hotspots]
        if not pts:
            continue
        dx, dy = offsets.get(c, (0, 0))
        xs = [x + dx for x, _ in pts]
        ys = [y + dy for _, y in pts]
        line = bx.plot(xs, ys, color=PLAYER_COLOURS.get(c, "black"), linewidth=2.2, alpha=0.85, marker="o", markersize=3)[0]
        line.set_gid(f"path:{c}")
        line.set_label(L.colour(c))
        bx.plot(xs[:1], ys[:1], marker="s", color=PLAYER_COLOURS.get(c, "black"), markersize=7)
        bx.plot(xs[-1:], ys[-1:], marker="o", markersize=9, markerfacecolor="white", markeredgecolor=PLAYER_COLOURS.get(c, "black"), markeredgewidth=2)
    gpts = [layout.centre(f"room:{v.room}") for v in m.guard if f"room:{v.room}" in layout.hotspots]
    if gpts:
        start = layout.centre(f"room:{data.guard_start}")
        gpts = [start] + gpts
        line = bx.plot([x for x, _ in gpts], [y for _, y in gpts], color="black", linestyle="--", linewidth=1.3, alpha=0.7)[0]
        line.set_gid("guard_route")
        line.set_label(L("guard_path"))
        for v in m.guard:
            if v.waypoint:
                x, y = layout.centre(f"room:{v.room}")
                bx.text(x, y + 0.02, v.waypoint, fontsize=8, fontweight="bold", ha="center", va="center",
                        bbox={"boxstyle": "circle,pad=0.15", "facecolor": "#333333", "edgecolor": "none"}, color="white")
    if m.culprit and m.paths.get(m.culprit):
        x, y = layout.centre(f"room:{m.paths[m.culprit][-1][1]}")
        bx.plot([x], [y], marker="*", markersize=22, color=end_colour, alpha=0.8)[0].set_gid("end_room")
    xs = [x for poly in list(layout.floors.values()) + list(layout.room_polygons().values()) for x, _ in poly]
    ys = [y for poly in list(layout.floors.values()) + list(layout.room_polygons().values()) for _, y in poly]
    bx.set_xlim(min(xs) - 0.01, max(xs) + 0.01)
    bx.set_ylim(max(ys) + 0.01, min(ys) - 0.01)
    bx.set_aspect(1 / layout.aspect)
    bx.set_xticks([])
    bx.set_yticks([])
    bx.set_title(L("board"), fontsize=11)
    bx.legend(loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=5, fontsize=8, frameon=False)
    return fig


def save(fig, path: str | Path) -> Path:
    """PNG, or SVG (text kept as text) when the name ends in .svg."""
    import matplotlib
    import matplotlib.pyplot as plt

    p = Path(path)
    fmt = "svg" if p.suffix.lower() == ".svg" else "png"
    try:
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "tiptoi-sim"}):
            fig.savefig(p, format=fmt, dpi=110, bbox_inches="tight",
                        metadata={"Date": None} if fmt == "svg" else {"Software": None})
    except OSError as e:
        raise UserError(f"{path}: cannot write the picture ({e.strerror})") from None
    finally:
        plt.close(fig)
    return p


def debrief_file(source: str | Path, out: str | Path, *, lang: str = "de", data=None) -> Path:
    """Draw the debrief picture of a scenario, event stream or journal to ``out``."""
    if data is None:
        from tiptoi_sim.millionen_coup.data import load_game_data
        data = load_game_data()
    events, ctx = load_events(source, data, lang=lang)
    model = build_model(events, **ctx)
    return save(draw(model, data, lang=lang), out)


def debrief_session(session, out: str | Path, *, lang: str = "de", data=None) -> Path:
    """Draw the debrief picture of a pen session that kept its events (after a game)."""
    events, ctx = _from_session(session)
    return save(draw(build_model(events, **ctx), data or session.data, lang=lang), out)


def debrief_sim(sim, out: str | Path, *, lang: str = "de") -> Path:
    """Draw the debrief picture of a :class:`~tiptoi_sim.analysis.runner.Sim` that recorded its events."""
    events = [{"t": t / 1000, "type": typ, **f} for t, typ, f in (sim.events or [])]
    ctx = context_of_game(sim.game)
    return save(draw(build_model(events, seed=sim.seed, **ctx), sim.data, lang=lang), out)
