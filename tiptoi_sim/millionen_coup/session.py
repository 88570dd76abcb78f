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
from tiptoi_sim.millionen_coup.phrase_fields import phrase_contract
from tiptoi_sim.millionen_coup.setup import HiddenSetup, draw_setup
from tiptoi_sim.millionen_coup.taps import all_tap_ids
from tiptoi_sim.millionen_coup.voice import Voice

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
        self.voice = Voice(self.phrases, phrase_contract(colours=data.colours, abilities=data.abilities,
                                                         plans=data.plans), data.characters)
        self._reset_speech()

    def _reset_speech(self) -> None:
        """What the pen remembers about its own sentences in one game."""
        self._told: set[tuple[str, str | None]] = set()      # tutorial hints already given
        self._reveals_left: dict[str, int] = {}               # explore items still to be said
        self._blanks_said: set[str] = set()                   # rooms whose blank was announced
        self._plan_in_use: dict[str, str] = {}                # colour -> plan being carried out
        self._street_starters: list[str] = []                 # at Go: who starts in front of the bank

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
            self._say_note(key, fields)
            return
        if type_ == "game_over":
            # the spec lists game_over last: the pen's sentence about it comes first
            self._say_for(type_, fields)
            self._send(Event(self._t(), type_, dict(fields)))
            return
        self._send(Event(self._t(), type_, dict(fields)))
        self._say_for(type_, fields)

    def say(self, key: str, player: str | None = None, **raw: Any) -> None:
        """Say phrase ``key``. ``raw`` are ids and numbers as the engine knows them (a room id,
        a lock number, an ability id…); :meth:`fields` turns them into words. ``player`` is the
        colour the sentence concerns (also put on the event)."""
        self._say_text(key, self.text(key, player, **raw), player)

    def say_parts(self, parts: list[tuple[str, dict[str, Any]]], player: str | None = None) -> None:
        """Several phrases as one ``say`` event (so Repeat repeats all of it); its key is the first's."""
        text = " ".join(self.text(key, player, **raw) for key, raw in parts)
        self._say_text(parts[0][0], text, player)

    def _say_text(self, key: str, text: str, player: str | None) -> None:
        fields: dict[str, Any] = {"text": text, "key": key}
        if player is not None:
            fields["player"] = player
        ev = Event(self._t(), "say", fields)
        self.last_say = ev
        self._send(ev)

    def text(self, key: str, player: str | None = None, **raw: Any) -> str:
        """The sentence for ``key``: the contract's fields from ``raw`` (extra ones are dropped)."""
        return self.voice.text(key, **self.fields(key, player, raw))

    # ------------------------------------------------------------------ words for phrases
    def fields(self, key: str, player: str | None, raw: dict[str, Any]) -> dict[str, Any]:
        """The values of ``key``'s contract fields from raw ids: ``lock`` is ``n``, ``alarm``
        is ``x``; a field the contract does not list for ``key`` is dropped."""
        want = self.voice.contract.get(key, {})
        named = {{"lock": "n", "alarm": "x"}.get(k, k): v for k, v in raw.items()}
        if "player" in want:
            named.setdefault("player", player)
        return {k: self._word(k, v) for k, v in named.items() if k in want}

    def _word(self, field: str, v: Any) -> Any:
        vo = self.voice
        if field in ("room", "a", "b", "corridor", "console"):
            return vo.place(v[5:] if isinstance(v, str) and v.startswith("room:") else v)
        if field == "player":
            return vo.colour(v) if v else ""
        if field == "players":
            return vo.colours(v)
        if field == "name":
            return vo.character(v)
        if field == "units":
            return vo.units(v)
        if field == "time":
            return vo.duration(v)
        if field == "total_time":
            return vo.duration(v, long=True)
        if field == "ability":
            return vo.ability(v)
        if field == "abilities":
            return vo.abilities(v)
        if field == "can":
            return vo.can([v] if isinstance(v, str) else v)
        if field == "plan":
            return vo.plan(v[5:] if v.startswith("plan:") else v)
        if field == "field":
            return vo.explore_what(v)
        if field == "action":
            return vo.plan(v[5:]) if v.startswith("plan:") else vo.action(v)
        if field == "hint":
            return vo.hint(v)
        if field == "digits":
            return vo.digits(v)
        if field == "ruled":
            return vo.join([str(d) for d in v])
        if field == "state":
            return vo.word(f"info.{v}")
        return str(v)

    def name(self, tap_or_value: str) -> str:
        """What a tap id is called (for "what is this" and Info): "Schloss 2", "die Tresortür"."""
        p = self.phrases
        vo = self.voice
        kind, _, val = tap_or_value.partition(":")
        if kind == "room" and f"room:{val}" in p.places:
            return vo.place(val).the
        if kind == "player":
            return vo.colour(val)
        if kind == "char":
            return vo.character(val)
        if kind == "skill":
            return vo.ability(val)
        if kind == "plan":
            return vo.plan(val)
        if kind == "explore":
            return p.name(f"field.{val}", val)
        if kind == "action":
            return vo.action(val)
        if kind == "plan_slot":
            return p.name("thing.plan_slot")
        if kind in ("lock", "console", "alarm", "waypoint", "digit"):
            key = {"lock": "n", "digit": "digit"}.get(kind, "x")
            return p.render(f"thing.{kind}", **{key: val})
        if tap_or_value == "vault_door":
            return p.name("thing.vault_door")
        return p.name(f"hotspot.{tap_or_value}", tap_or_value)

    def _say_note(self, key: str, f: dict[str, Any]) -> None:
        """A sentence the engine asks for (``Game.note``)."""
        player = f.pop("player", None)
        g = self.game
        if key == "go.start_room" and g is not None and player in g.players:
            p = g.players[player]
            plans = self.data.plans
            plan = next((plans[x] for x in p.forged if plans[x].kind == "start"), None)
            if plan is None:
                self._street_starters.append(player)
            elif plan.room == f["room"]:
                self.say("go.start_plan", player, room=f["room"], plan=plan.id)
            else:  # the plan needs an ability the player lacks: the street instead
                self.say("go.start_fallback", player, room=f["room"], plan=plan.id, ability=plan.needs)
            if player == g.colour_order[-1] and self._street_starters:
                # everyone who starts in front of the bank in one sentence, after the plans
                who, self._street_starters = self._street_starters, []
                if len(who) == 1:
                    self.say("go.start_street", who[0], room=self.data.start_room)
                else:
                    self.say("go.start_street_group", None, players=who, room=self.data.start_room)
            return
        self.say(key, player, **f)

    def _say_for(self, type_: str, f: dict[str, Any]) -> None:
        player = f.get("player")
        g = self.game
        if type_ == "action_started":
            action = f["action"]
            raw = self._action_values(player, action, f["target"])
            self.say(f"start.{raw.pop('key')}", player, units=f["units"], **raw)
            if action == "explore" and g is not None and player in g.players and g.players[player].running:
                self._reveals_left[player] = len(g.players[player].running.detail.get("items", ()))
        elif type_ == "action_finished":
            action = f["action"]
            raw = self._action_values(player, action, f["target"])
            self.say(f"done.{raw.pop('key')}", player, **raw)
            if action in ("learn", "forge", "walk"):
                self._tutorial_hint(f"tutorial.after_{action}", player)
        elif type_ == "action_aborted":
            self._reveals_left.pop(player, None)
            self.say("aborted", player, action=f["action"])
        elif type_ == "phase":
            if f["name"] == "preparation" and g is not None:
                self.say("phase.preparation", total_time=g.limit_ms / 1000)
            else:
                self.say(f"phase.{f['name']}")
            if g is not None and g.tutorial:
                self.say(f"tutorial.{f['name']}")  # the tutorial explains each phase
        elif type_ == "revealed":
            w = f["where"]
            field = f["field"]
            if field == "locks":
                self.say("revealed.locks", player, n=f["item"], a=w[0], b=w[1])
            elif field == "alarms":
                self.say("revealed.alarms", player, x=f["item"], corridor=w["corridor"], console=w["console"])
            else:
                self.say(f"revealed.{field}", player, x=f["item"], room=w)
            if player in self._reveals_left:
                self._reveals_left[player] -= 1
                if self._reveals_left[player] <= 0:
                    del self._reveals_left[player]
                    # the placing hint comes after the items it is about
                    self._tutorial_hint("tutorial.after_explore", player)
        elif type_ == "guard":
            self.say("guard.enters", room=f["room"])
        elif type_ == "lock_opened":
            self.say("lock_opened", player, n=f["lock"])
        elif type_ == "alarm_off":
            self.say("alarm_off", player, x=f["alarm"])
        elif type_ == "blank":
            room = f["room"]
            n = g.blank_in_room.get(room) if g is not None else None
            if room in self._blanks_said:
                key = "blank.again"
            elif n is not None and n in g.revealed["blanks"]:
                key = "blank.found_marked"
            else:
                key = "blank.found"
            self._blanks_said.add(room)
            self.say(key, player, digit=f["digit"], room=room)
        elif type_ == "first_digit":
            self.say("first_digit", player, digit=f["digit"])
        elif type_ == "vault":
            self.say("vault.opened" if f["opened"] else "vault.wrong", player)
        elif type_ == "time_left":
            s = f["seconds"]
            self.say("time_left.later" if s >= 60 else "time_left.last", time=s)
        elif type_ == "game_over":
            key = f"game_over.{f['result']}.{f['reason']}"
            caught = [player] if player else []
            if f["reason"] == "guard" and g is not None:
                # everyone visible in the guard's room is caught, not only the one who ended it
                caught += [c for c, p in g.players.items()
                           if c != player and p.room == g.guard_room and not p.hidden]
            room = g.players[player].room if g is not None and player in g.players else None
            self.say(key, player, players=caught, **({"room": room} if room else {}))

    def _action_values(self, player: str, action: str, target: str) -> dict[str, Any]:
        """The phrase family (``key``) and raw fields of an action's start or end."""
        kind, _, val = target.partition(":")
        if action in ("walk", "run", "sneak", "climb"):
            return {"key": action, "room": val}
        if action == "locks":
            return {"key": action, "n": val}
        if action == "electronics":
            return {"key": action, "x": val}
        if action == "vault_combination":
            return {"key": action, "digits": [d.partition(":")[2] for d in target.split()]}
        if action == "explore":
            return {"key": action, "field": val}
        if action == "learn":
            g = self.game
            upgrade = g is not None and player in g.players and g.players[player].abilities.get(val) == "basic"
            return {"key": "upgrade" if upgrade else "learn", "ability": val, "can": val}
        if action == "forge":
            return {"key": action, "plan": val}
        if action == "plan":
            # the target is what the plan works on; the plan itself is in the running action
            # (at the start) and remembered for its end
            g = self.game
            run = g.players[player].running if g is not None and player in g.players else None
            if run is not None and "plan" in run.detail:
                self._plan_in_use[player] = run.detail["plan"]
            return {"key": action, "plan": self._plan_in_use.get(player, val)}
        return {"key": action}

    def _tutorial_hint(self, key: str, player: str | None) -> None:
        """A tutorial explanation, once per game (the hints about a player's own piece or plan
        once per player)."""
        if self.game is None or not self.game.tutorial:
            return
        told = (key, player if key in ("tutorial.after_learn", "tutorial.after_forge") else None)
        if told in self._told:
            return
        self._told.add(told)
        self.say(key, player)

    # ------------------------------------------------------------------ speech prefetch
    def likely_phrases(self) -> list[str]:
        """Texts the pen is likely to say, most likely first, for the speech cache to render in
        the background at start: the dialogue, the guard in every room, the time, then every
        colour's moves and their ends."""
        out: list[str] = []
        t = self.text
        out += [t(k) for k in ("pen.welcome", "login.start", "login.pick_level", "phase.execution", "info.what")]
        out += [t("guard.enters", room=room) for room in self.data.rooms]
        for k in ("lock_opened",):
            out += [t(k, n=n) for n in range(1, self.data.hidden["locks"] + 2)]
        colours = list(self.game.players) if self.game else list(self.data.colours)
        for colour in colours:
            for room in self.data.rooms:
                out.append(t("start.walk", colour, room=room, units=1))
                out.append(t("done.walk", colour, room=room))
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
        self._reset_speech()
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
            self.say("what.character", name=ch.id, can=ch.ability)
        else:
            self.say("what.thing", thing=self.name(tid))

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

    def _refuse(self, player: str | None, reason: str, tried: str | None = None, **params: Any) -> None:
        """Refuse a tap sequence: the event, then the pen says why and what would work.
        ``tried`` is the action the sequence was for (for "tap … instead")."""
        self.seq = None
        self._send(Event(self._t(), "action_refused", {"player": player, "reason": reason}))
        key, raw = self._refusal_phrase(player, reason, tried, params)
        self.say(key, player, **raw)

    def _refusal_phrase(self, player: str | None, reason: str, tried: str | None,
                        params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The phrase of a refusal and its raw fields (the engine's reason, made specific)."""
        g = self.game
        raw = {{"lock": "n", "alarm": "x"}.get(k, k): v for k, v in params.items()}
        key = f"refused.{reason}"
        if reason == "wrong_phase":
            key = "refused.before_go" if g is not None and g.phase == "preparation" else "refused.after_go"
        elif reason == "bad_target":
            raw.update(action=tried or "walk", hint=tried or "walk")
        elif reason == "not_at_vault":
            raw["room"] = self.data.vault_anteroom
        elif reason == "locked" and g is not None and player in g.players:
            n = self._lock_in_the_way(g.players[player].room, raw.get("room"))
            if n is not None:
                key, raw["n"] = "refused.locked_by", n
        if key not in self.voice.contract:
            key = "refused.bad_sequence"  # a reason without a phrase of its own
        elif any(f not in raw and f != "player" for f in self.voice.contract[key]):
            key = "refused.bad_sequence"  # a reason whose fields the engine did not give
        return key, raw

    def _lock_in_the_way(self, here: str | None, there: str | None) -> int | None:
        """The closed lock on the door from ``here`` to ``there``, or (a run of two steps) on a
        door of ``there`` to a room next to ``here``."""
        g = self.game
        closed = {n: door for n, door in g.setup.locks.items() if n not in g.opened_locks}
        for n, door in closed.items():
            if door == frozenset((here, there)):
                return n
        near = {c.other(here) for c in self.data.walk_adjacency.get(here, ())} if here else set()
        for n, door in closed.items():
            if there in door and (door - {there}) & (near | {here}):
                return n
            if here in door and (door - {here}) & {c.other(there) for c in self.data.walk_adjacency.get(there, ())}:
                return n
        return None

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
                self.say("what.empty_plan_slot")
                return
            tid = f"plan:{g.setup.plans[idx]}"
            kind, val = "plan", g.setup.plans[idx]
        if self.info_pending:
            self.info_pending = False
            self.say_info(tid)
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
            self._refuse(seq["player"], r.reason, tried=seq["action"], **r.params)

    # ------------------------------------------------------------------ info and tips
    def info(self, tid: str) -> tuple:
        """What Info and a tap say: ``(key, player, raw fields)`` or, for several sentences in one
        event, ``(key, player, {"parts": [(key, raw), …]})``."""
        g = self.game
        kind, _, val = tid.partition(":")
        colour = self._colour_of(tid)
        if colour is not None and colour in g.players:
            p = g.players[colour]
            can = list(p.abilities)
            if p.room:
                parts = [("info.player", {"name": p.character, "room": p.room, "can": can})]
            else:
                parts = [("info.player_prep", {"name": p.character, "can": can})]
            upgraded = [a for a, lvl in p.abilities.items() if lvl == "upgraded"]
            if upgraded:
                parts.append(("info.upgraded", {"abilities": upgraded}))
            return ("info.player", colour, {"parts": parts})
        if kind == "plan" and val in self.data.plans:
            return ("what.plan", None, {"plan": val, "info": self.phrases.render(f"plan.{val}.info")})
        if tid == "vault_door":
            ruled = sorted(g.setup.blank_digits[n] for n in g.found_blanks)
            parts = [("info.vault_ruled", {"ruled": ruled}) if ruled else ("info.vault_none", {})]
            if g.first_digit_known:
                parts.append(("info.first", {"digit": g.setup.combination[0]}))
            else:
                parts.append(("info.first_unknown", {}))
            return (parts[0][0], None, {"parts": parts})
        field = {"lock": "locks", "waypoint": "waypoints", "alarm": "alarms", "console": "alarms"}.get(kind)
        if field:
            item = int(val) if field == "locks" and val.isdigit() else val
            if field == "locks" and item == 1:
                return ("info.entrance", None, {})
            if item in g.revealed[field]:
                w = g.where(field, item)
                if field == "locks":
                    return ("info.lock", None, {"n": item, "a": w[0], "b": w[1],
                                                "state": "open" if item in g.opened_locks else "closed"})
                if field == "waypoints":
                    return ("info.waypoint", None, {"x": item, "room": w})
                return ("info.alarm", None, {"x": item, "corridor": w["corridor"], "console": w["console"],
                                             "state": "off" if item not in g.active_alarms else "on"})
            return ("info.not_known", None, {"thing": self.name(tid)})
        return ("what.thing", None, {"thing": self.name(tid)})

    def say_info(self, tid: str) -> None:
        key, player, raw = self.info(tid)
        if "parts" in raw:
            self.say_parts(raw["parts"], player)
        else:
            self.say(key, player, **raw)

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
