"""The pen: turns taps into the login dialogue, Explore mode, Info queries and the three-tap
protocol, drives the rules engine, and adds what the pen says (``say`` events) from the phrase
catalogue of the chosen language.

Sinks receive every event through ``listeners`` (callables taking an :class:`Event`), in order.
Event times are game-clock times: milliseconds since the preparation phase began.

Tap protocol (spec "Hotspots" and "Rules the engine enforces"):
- ``player:X`` (or the character card of a playing character) starts a sequence, dropping an
  unfinished one; then the action (``action:…``, ``learn``, or ``plan:…`` to use a forged plan),
  then the target (three ``digit:`` taps for the combination). The rules are checked when the
  sequence is complete; a refused sequence is one ``action_refused`` event and costs nothing.
- A tap that cannot continue a sequence ends it with a refusal (reason ``bad_sequence``) for
  that player at that instant. Navigation, ``go``, ``info``, ``mode:`` and ``level:`` taps
  cannot continue one either: the unfinished sequence is refused first, then the tap takes
  effect (``player:red``, ``action:explore``, ``go``: red's refusal, then Go).
- Outside a sequence, tapping a thing on the board says what it is.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from tiptoi_sim.core.events import Event
from tiptoi_sim.core.phrases import Phrases
from tiptoi_sim.core.scheduler import Scheduler
from tiptoi_sim.core.taps import Tap
from tiptoi_sim.millionen_coup.data import LETTERS, GameData
from tiptoi_sim.millionen_coup.game import Game, Refusal
from tiptoi_sim.millionen_coup.setup import HiddenSetup, draw_setup
from tiptoi_sim.millionen_coup.taps import all_tap_ids

#: events for front ends only (a click for an accepted tap, the pen's Skip); not part of the
#: spec's event stream, so ``simulate`` leaves them out
UI_ONLY_EVENTS = frozenset({"tap_ack", "skip", "notice"})  # notice: a live tap refused while paused

TARGET_KINDS = ("room", "lock", "console", "alarm", "skill", "plan", "explore", "vault_door", "digit")


class PenSession:
    """One pen. ``start_game`` skips the login dialogue (scenarios do); otherwise the pen starts
    switched off and ``nav:power`` begins the dialogue."""

    def __init__(self, data: GameData, *, seed: int = 0, lang: str = "de",
                 scheduler: Scheduler | None = None, unit_seconds: float | None = None):
        self.data = data
        self.seed = seed
        self.rng = random.Random(seed)
        self.lang = lang
        self.phrases: Phrases = data.phrases[lang]
        self.scheduler = scheduler or Scheduler()
        self.unit_seconds = unit_seconds
        self.listeners: list[Callable[[Event], None]] = []
        self.events: list[Event] = []
        self.keep_events = True
        self.game: Game | None = None
        self.mode = "off"               # off | menu | explore | login | game
        self.login: dict[str, Any] = {"players": {}, "pending": None, "mode": None}
        self.seq: dict[str, Any] | None = None
        self.info_pending = False
        self.last_say: Event | None = None
        self.now = 0                    # scheduler time of the current tap or timer
        self.valid_taps = set(all_tap_ids(data))

    # ------------------------------------------------------------------ output
    def _t(self) -> int:
        origin = self.game.origin if self.game else self.now
        return self.now - origin if self.game else 0

    def _send(self, ev: Event) -> None:
        if self.keep_events:
            self.events.append(ev)
        for fn in self.listeners:
            fn(ev)

    def _on_engine_event(self, type_: str, **fields: Any) -> None:
        if self.game is not None:
            self.now = self.game.now
        if type_ == "say":
            key = fields.pop("key")
            self.say(key, **fields)
            return
        self._send(Event(self._t(), type_, dict(fields)))
        self._say_for(type_, fields)

    def say(self, key: str, player: str | None = None, **params: Any) -> None:
        text = self.phrases.render(key, **self._names(params, player))
        fields: dict[str, Any] = {"text": text, "key": key}
        if player is not None:
            fields["player"] = player
        ev = Event(self._t(), "say", fields)
        self.last_say = ev
        self._send(ev)

    # ------------------------------------------------------------------ names for phrases
    def name(self, tap_or_value: str) -> str:
        p = self.phrases
        kind, _, val = tap_or_value.partition(":")
        if kind == "room":
            return p.name(f"room.{val}", val)
        if kind == "player":
            return p.name(f"colour.{val}", val)
        if kind == "char":
            return self.data.characters[val].name if val in self.data.characters else val
        if kind == "skill":
            return p.name(f"ability.{val}", val)
        if kind == "plan":
            return p.name(f"plan.{val}.name", val)
        if kind == "explore":
            return p.name(f"field.{val}", val)
        if kind == "lock":
            return p.render("thing.lock", n=val)
        if kind == "console":
            return p.render("thing.console", x=val)
        if kind == "alarm":
            return p.render("thing.alarm", x=val)
        if kind == "waypoint":
            return p.render("thing.waypoint", x=val)
        if kind == "digit":
            return val
        if tap_or_value == "vault_door":
            return p.name("thing.vault_door")
        if " " in tap_or_value:
            return " ".join(self.name(x) for x in tap_or_value.split())
        return tap_or_value

    def _names(self, params: dict[str, Any], player: str | None) -> dict[str, Any]:
        out = dict(params)
        if player is not None:
            out["player"] = self.name(f"player:{player}")
        for k in ("room", "target"):
            if isinstance(out.get(k), str):
                v = out[k]
                out[k] = self.name(v if ":" in v or v == "vault_door" or " " in v else f"room:{v}")
        if "ability" in out:
            out["ability"] = self.name(f"skill:{out['ability']}")
        if "plan" in out:
            out["plan"] = self.name(f"plan:{out['plan']}")
        if "field" in out:
            out["field"] = self.name(f"explore:{out['field']}")
        if "action" in out:
            out["action"] = self.phrases.name(f"action.{out['action']}", str(out["action"]))
        return out

    def _say_for(self, type_: str, f: dict[str, Any]) -> None:
        player = f.get("player")
        if type_ == "action_started":
            self.say(f"start.{f['action']}", player, target=f["target"], units=f["units"])
        elif type_ == "action_finished":
            self.say(f"done.{f['action']}", player, target=f["target"])
            if self.game is not None and self.game.tutorial and f["action"] in ("explore", "learn", "forge", "walk"):
                self.say(f"tutorial.after_{f['action']}", player)
        elif type_ == "action_aborted":
            self.say("aborted", player, action=f["action"])
        elif type_ == "phase":
            self.say(f"phase.{f['name']}")
            if self.game is not None and self.game.tutorial:
                self.say(f"tutorial.{f['name']}")  # the tutorial explains each phase
        elif type_ == "revealed":
            w = f["where"]
            if f["field"] == "locks":
                self.say("revealed.locks", player, n=f["item"], a=self.name(f"room:{w[0]}"), b=self.name(f"room:{w[1]}"))
            elif f["field"] == "alarms":
                self.say("revealed.alarms", player, x=f["item"], corridor=self.name(f"room:{w['corridor']}"),
                         console=self.name(f"room:{w['console']}"))
            else:
                self.say(f"revealed.{f['field']}", player, x=f["item"], room=w)
        elif type_ == "guard":
            self.say("guard.enters", room=f["room"])
        elif type_ == "lock_opened":
            self.say("lock_opened", player, n=f["lock"])
        elif type_ == "alarm_off":
            self.say("alarm_off", player, x=f["alarm"])
        elif type_ == "blank":
            self.say("blank", player, digit=f["digit"], room=f["room"])
        elif type_ == "first_digit":
            self.say("first_digit", player, digit=f["digit"])
        elif type_ == "vault":
            self.say("vault.opened" if f["opened"] else "vault.wrong", player)
        elif type_ == "time_left":
            s = f["seconds"]
            if s >= 120 and s % 60 == 0:
                self.say("time_left.minutes", minutes=_fmt(s / 60))
            elif s == 60:
                self.say("time_left.one_minute")
            else:
                self.say("time_left.seconds", seconds=_fmt(s))
        elif type_ == "game_over":
            self.say(f"game_over.{f['result']}.{f['reason']}", player)

    # ------------------------------------------------------------------ speech prefetch
    def likely_phrases(self) -> list[str]:
        """Texts the pen is likely to say, most likely first, for the speech cache to render in
        the background at start: the dialogue, the guard in every room, the time, then every
        colour's moves and their ends."""
        out: list[str] = []
        r = self.phrases.render
        out += [r(k) for k in ("pen.welcome", "login.start", "login.pick_level", "phase.preparation",
                               "phase.execution", "info.what")]
        out += [self.phrases.render("guard.enters", room=self.name(f"room:{room}")) for room in self.data.rooms]
        for k in ("lock_opened",):
            out += [r(k, n=n) for n in range(1, self.data.hidden["locks"] + 2)]
        colours = list(self.game.players) if self.game else list(self.data.colours)
        for colour in colours:
            pname = self.name(f"player:{colour}")
            for room in self.data.rooms:
                target = self.name(f"room:{room}")
                out.append(r("start.walk", player=pname, target=target, units=1))
                out.append(r("done.walk", player=pname, target=target))
        return list(dict.fromkeys(out))

    # ------------------------------------------------------------------ starting a game
    def start_game(self, players: dict[str, str], *, difficulty: str = "normal", tutorial: bool = False,
                   hidden: HiddenSetup | None = None) -> Game:
        """Begin the preparation phase now with these players (colour -> character id).

        Every path starts here (login, ``--players``, scenarios, ``play --taps``), so a game
        begins the same everywhere: the tutorial is announced and played at the tutorial's own
        difficulty (``tutorial.difficulty`` in the rules), whatever level was asked for."""
        if tutorial:
            difficulty = self.data.tutorial.get("difficulty", difficulty)
            self.say("login.tutorial")
        if hidden is None:
            hidden = draw_setup(self.data, self.rng, tutorial=tutorial)
        self.mode = "game"
        self.game = Game(self.data, hidden, players, difficulty=difficulty, unit_seconds=self.unit_seconds,
                         rng=self.rng, scheduler=self.scheduler, emit=self._on_engine_event,
                         tutorial=tutorial, origin_ms=self.now)
        self._on_engine_event("phase", name="preparation")
        return self.game

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.outcome is not None

    # ------------------------------------------------------------------ taps
    def tap(self, tap: Tap) -> None:
        """Handle one tap at scheduler time ``tap.t_ms``."""
        self.now = tap.t_ms
        if self.game is not None:
            self.game.now = tap.t_ms
        tid = tap.id
        if tid not in self.valid_taps:
            self.say("unknown_tap", tap=tid)
            return
        if tid.startswith("nav:"):
            self._nav(tid[4:])
            return
        if self.mode == "off":
            return  # the pen is off: only the power symbol does anything
        if self.mode in ("menu", "explore"):
            self.say_what(tid)
            return
        if self.mode == "login":
            self._login_tap(tid)
            return
        if self.over:
            self.say("game_over.already")
            return
        self._game_tap(tid)

    def _break_sequence(self) -> None:
        """A tap that cannot continue the unfinished sequence ends it with a refusal."""
        if self.seq is not None:
            self._refuse(self.seq["player"], "bad_sequence")

    def _nav(self, what: str) -> None:
        repeat = self.last_say
        if self.mode == "game" and not self.over:
            self._break_sequence()
        self.seq = None
        self.info_pending = False
        if what == "power":
            if self.mode == "off":
                self.mode = "menu"
                self.say("pen.welcome")
            else:
                self.say("pen.already_on")
        elif self.mode == "off":
            return
        elif what == "explore":
            if self.game is None:
                self.mode = "explore"
                self.say("pen.explore_mode")
            else:
                self.say("pen.in_game")
        elif what == "play":
            if self.game is not None and self.over:
                self.game = None  # a new game after the end; the old one's timers are inert
            if self.game is None:
                self.mode = "login"
                self.login = {"players": {}, "pending": None, "mode": None}
                self.say("login.start")
            else:
                self.say("pen.in_game")
        elif what == "info":
            key, player, params = self.tip()
            self.say(key, player, **params)
        elif what == "repeat":
            # what the pen said before this tap (not the refusal of a broken sequence)
            if repeat is not None:
                ev = Event(self._t(), "say", dict(repeat.fields))
                self._send(ev)
        elif what == "skip":
            self._send(Event(self._t(), "skip", {}))

    def say_what(self, tid: str) -> None:
        """Explore mode and taps outside a sequence: say what a thing is."""
        kind, _, val = tid.partition(":")
        if kind == "plan" and val in self.data.plans:
            self.say("what.plan", plan=val, info=self.phrases.render(f"plan.{val}.info"))
        elif kind == "char" and val in self.data.characters:
            ch = self.data.characters[val]
            self.say("what.character", name=ch.name, ability=ch.ability)
        else:
            self.say("what.thing", thing=self.name(tid) if kind in TARGET_KINDS + ("player",) or tid == "vault_door"
                     else self.phrases.name(f"hotspot.{tid}", tid))

    # ------------------------------------------------------------------ login dialogue
    def _login_tap(self, tid: str) -> None:
        lg = self.login
        kind, _, val = tid.partition(":")
        if kind == "player":
            if val in lg["players"]:
                self.say("login.colour_taken", player=val)
                return
            if len(lg["players"]) >= self.data.max_players:
                self.say("live.table_full", max=self.data.max_players)
                return
            lg["pending"] = val
            self.say("login.pick_character", player=val)
        elif kind == "char":
            if lg["pending"] is None:
                self.say("login.tap_board_first")
            elif val in lg["players"].values():
                self.say("login.character_taken", name=self.data.characters[val].name)
            else:
                lg["players"][lg["pending"]] = val
                self.say("login.joined", player=lg["pending"], name=self.data.characters[val].name)
                lg["pending"] = None
        elif kind == "mode":
            if not lg["players"]:
                self.say("login.need_players")
                return
            lg["mode"] = val
            if val == "tutorial":
                self._begin(tutorial=True, difficulty=self.data.tutorial.get("difficulty", "easy"))
            else:
                self.say("login.pick_level")
        elif kind == "level":
            if not lg["players"]:
                self.say("login.need_players")
                return
            if lg["mode"] is None:
                lg["mode"] = "game"
            self._begin(tutorial=False, difficulty=val)
        else:
            self.say("login.hint")

    def _begin(self, *, tutorial: bool, difficulty: str) -> None:
        order = [c for c in self.data.colours if c in self.login["players"]]
        players = {c: self.login["players"][c] for c in order}
        self.login_result = {"players": players, "difficulty": difficulty, "tutorial": tutorial}
        self.start_game(players, difficulty=difficulty, tutorial=tutorial)

    # ------------------------------------------------------------------ in the game
    def _colour_of(self, tid: str) -> str | None:
        kind, _, val = tid.partition(":")
        g = self.game
        if kind == "player":
            return val
        if kind == "char" and g is not None:
            for c, p in g.players.items():
                if p.character == val:
                    return c
        return None

    def _refuse(self, player: str | None, reason: str, **params: Any) -> None:
        self.seq = None
        self._send(Event(self._t(), "action_refused", {"player": player, "reason": reason}))
        self.say(f"refused.{reason}", player, **params)

    def _game_tap(self, tid: str) -> None:
        g = self.game
        kind, _, val = tid.partition(":")
        if tid == "go" or tid == "info" or kind in ("mode", "level"):
            self._break_sequence()
        if tid == "go":
            self.seq = None
            self.info_pending = False
            try:
                g.go()
            except Refusal as r:
                self._refuse(None, r.reason, **r.params)
            return
        if tid == "info":
            self.seq = None
            self.info_pending = True
            self.say("info.what")
            return
        if kind in ("mode", "level"):
            self.seq = None
            self.say("pen.in_game")
            return
        if kind == "plan_slot":
            idx = int(val) - 1
            if idx >= len(g.setup.plans):
                self.say("what.thing", thing=tid)
                return
            tid = f"plan:{g.setup.plans[idx]}"
            kind, val = "plan", g.setup.plans[idx]
        if self.info_pending:
            self.info_pending = False
            key, player, params = self.info(tid)
            self.say(key, player, **params)
            return
        colour = self._colour_of(tid)
        if colour is not None and (self.seq is None or self.seq.get("action") is None or kind == "player" or kind == "char"):
            if colour not in g.players:
                self._refuse(colour, "not_playing")
                return
            self.seq = {"player": colour, "action": None, "digits": []}
            self._send(Event(self._t(), "tap_ack", {"player": colour}))
            return
        if self.seq is None:
            self.say_what(tid)
            return
        seq = self.seq
        if seq["action"] is None:
            if kind == "action":
                seq["action"] = val
            elif tid == "learn":
                seq["action"] = "learn"
            elif kind == "plan":
                seq["action"] = f"plan:{val}"
            else:
                self._refuse(seq["player"], "bad_sequence")
                return
            self._send(Event(self._t(), "tap_ack", {"player": seq["player"]}))
            return
        if seq["action"] == "vault_combination":
            if kind != "digit":
                self._refuse(seq["player"], "bad_sequence")
                return
            seq["digits"].append(tid)
            if len(seq["digits"]) < 3:
                self._send(Event(self._t(), "tap_ack", {"player": seq["player"]}))
                return
            target = " ".join(seq["digits"])
        else:
            if kind not in TARGET_KINDS:
                self._refuse(seq["player"], "bad_sequence")
                return
            target = tid
        self.seq = None
        try:
            g.start_action(seq["player"], seq["action"], target)
        except Refusal as r:
            self._refuse(seq["player"], r.reason, **r.params)

    # ------------------------------------------------------------------ info and tips
    def info(self, tid: str) -> tuple:
        g = self.game
        kind, _, val = tid.partition(":")
        colour = self._colour_of(tid)
        if colour is not None and colour in g.players:
            p = g.players[colour]
            abil = ", ".join(self.name(f"skill:{a}") + ("+" if lvl == "upgraded" else "") for a, lvl in p.abilities.items())
            where = self.name(f"room:{p.room}") if p.room else self.phrases.name("info.off_board")
            return self._info_tuple("info.player", colour, room=where, abilities=abil,
                                    name=self.data.characters[p.character].name)
        if kind == "plan" and val in self.data.plans:
            return self._info_tuple("what.plan", None, plan=val, info=self.phrases.render(f"plan.{val}.info"))
        if tid == "vault_door":
            ruled = sorted(g.setup.blank_digits[n] for n in g.found_blanks)
            first = str(g.setup.combination[0]) if g.first_digit_known else self.phrases.name("info.unknown")
            return self._info_tuple("info.vault", None, ruled=" ".join(map(str, ruled)) or "–", first=first)
        field = {"lock": "locks", "waypoint": "waypoints", "alarm": "alarms", "console": "alarms"}.get(kind)
        if field:
            item = int(val) if field == "locks" and val.isdigit() else val
            if field == "locks" and item == 1:
                return self._info_tuple("info.entrance", None)
            if item in g.revealed[field]:
                w = g.where(field, item)
                if field == "locks":
                    return self._info_tuple("info.lock", None, n=item, a=self.name(f"room:{w[0]}"), b=self.name(f"room:{w[1]}"),
                                            state=self.phrases.name("info.open" if item in g.opened_locks else "info.closed"))
                if field == "waypoints":
                    return self._info_tuple("info.waypoint", None, x=item, room=w)
                return self._info_tuple("info.alarm", None, x=item, corridor=self.name(f"room:{w['corridor']}"),
                                        console=self.name(f"room:{w['console']}"),
                                        state=self.phrases.name("info.off" if item not in g.active_alarms else "info.on"))
            return self._info_tuple("info.not_known", None, thing=self.name(tid))
        return self._info_tuple("what.thing", None, thing=self.name(tid))

    @staticmethod
    def _info_tuple(key: str, player: str | None, **params: Any) -> tuple:
        return (key, player, params)

    def tip(self) -> tuple:
        """A tip that fits the moment (the navigation bar's Info)."""
        g = self.game
        if self.mode in ("off", "menu"):
            return ("tip.menu", None, {})
        if self.mode == "explore":
            return ("tip.explore", None, {})
        if self.mode == "login":
            return ("tip.login", None, {})
        if g.outcome is not None:
            return ("tip.over", None, {})
        if g.phase == "preparation":
            if not any(g.revealed[f] for f in g.revealed):
                return ("tip.prep_explore", None, {})
            return ("tip.prep_go", None, {})
        if not g.vault_open and any(p.room == self.data.vault_anteroom for p in g.players.values()):
            return ("tip.vault", None, {})
        return ("tip.guard", None, {"room": g.guard_room})


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"
