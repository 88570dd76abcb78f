"""Gold Connection (Sid Sackson, 1992) as a table assistant: the whole game on screen with the
program's dice (``--option mode=screen``, the default) or the keeper of the printed board,
where the players roll real dice and enter them (``--option mode=table``).

The rules engine is pure: all randomness comes from ``self.rng`` (seeded), no clock, no I/O.
Every command is one line (see docs/assistants/gold-connection.md); a refused one raises
:class:`Refused` with the reason in the game's words and changes nothing.

The phases, in the order a game goes:
``players`` → ``start_roll``/``start_place`` (robber stones) → ``arrows`` → per turn
``move`` (at least one step) → ``choose`` (take, plunder, end, or walk on) → ``roll`` →
``chips`` (only when the roll fell short and the chips in hand could make up for it) →
``success`` (walk on or end) … → ``sort`` (lay the deposit into the case) → next turn … ``over``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from tiptoi_sim.assistants.base import AssistantGame, Command, CommandHelp, Refused, split_actor
from tiptoi_sim.assistants.gold_connection import assets as assets_mod
from tiptoi_sim.assistants.gold_connection.case import Bar, Row, TransportCase, auto_row, bar_name
from tiptoi_sim.assistants.gold_connection.odds import chance, describe
from tiptoi_sim.assistants.gold_connection.table import TableMixin
from tiptoi_sim.assistants.session import phrases_for
from tiptoi_sim.core import wording
from tiptoi_sim.core.errors import UserError
from tiptoi_sim.core.numbers import is_whole, parse_whole

MODES = ("screen", "table")


class GoldConnection(TableMixin, AssistantGame):
    game_id = "gold-connection"
    title = "Gold Connection"
    read_only_verbs = frozenset({"scores"})
    commands = [
        CommandHelp("deal SEED", "before the first robber stone: deal the bars into the safes anew from SEED"),
        CommandHelp("mode screen|table", "before the players: the program rolls (screen) or the table enters its dice"),
        CommandHelp("variant on|off", "before the players: end on two 6-series or three 5-series instead of the turn counter"),
        CommandHelp("players NAME[:COLOUR] …", "2 to 4 players, clockwise, the oldest first"),
        CommandHelp("roll | roll D1 D2 | roll N", "roll the dice (on screen) or enter the real dice (at the table)"),
        CommandHelp("place N", "put your robber stone on safe N: one die's value or the sum"),
        CommandHelp("arrow SAFE", "lay your arrow on your robber stone, pointing towards SAFE"),
        CommandHelp("move [N] [via SAFE …]", "move the arrow N safes on (1 if left out); via names the way at a junction"),
        CommandHelp("take BAR …", "take bars from this safe, e.g. take blue2 blue3, then roll"),
        CommandHelp("plunder COLOUR/ROW[:N] …", "take the top bars of rows of the case of the robber standing here, then roll"),
        CommandHelp("chips N", "after a roll that fell short: add N consolation chips"),
        CommandHelp("fail", "after a roll that fell short: keep your chips and take the failure"),
        CommandHelp("end [SAFE]", "end the turn here (SAFE: the arrow's way on a junction); without a roll here first, roll for the distance"),
        CommandHelp("put COLOUR/ROW [VALUE …]", "sorting: lay bars from the deposit onto a row of the case"),
        CommandHelp("auto", "sorting: lay the rest of the deposit the usual way"),
        CommandHelp("scores", "the points so far (changes nothing)"),
        CommandHelp("deal table", "before the first robber stone: the table deals by hand; then safe SAFE BAR …"),
        CommandHelp("safe SAFE [BAR …]", "the bars lying in SAFE, as on the table (same as fix safe)"),
        CommandHelp("fix WHAT …", "correct one fact: safe, chips, case, turn, counter, robber, arrow"),
    ]

    def __init__(self, assets: assets_mod.Assets, *, seed: int = 0, lang: str = "de",
                 options: dict[str, Any] | None = None):
        super().__init__(assets, seed=seed, lang=lang, options=options)
        self.board = assets.board
        self.ed = assets.edition
        self.p = phrases_for(assets.phrases, lang)
        unknown = set(self.options) - {"mode", "variant"}
        if unknown:
            raise UserError(f"gold-connection: unknown option(s) {', '.join(sorted(unknown))}; "
                            "expected mode=screen|table, variant=true|false")
        self.mode = str(self.options.get("mode", "screen"))
        if self.mode not in MODES:
            raise UserError(f"gold-connection: --option mode={self.mode}: expected screen or table")
        variant = self.options.get("variant", False)
        if not isinstance(variant, bool):
            raise UserError(f"gold-connection: --option variant={variant}: expected true or false")
        self.variant = variant
        self.safes: dict[str, list[Bar]] = {}
        self.deal_seed = seed
        self._deal()
        self.players: list[dict[str, Any]] = []
        self.phase = "players"
        self.setup_idx = 0            # whose robber stone / arrow is being placed
        self.start_dice: tuple[int, ...] | None = None
        self.start_options: list[int] = []
        self.first = 0                # who begins (the highest safe)
        self.current = 0
        self.turn_no = 0              # the turn counter's space
        self.supply = self.ed.chip_supply
        self.turn: dict[str, Any] | None = None
        self.last_roll: dict[str, Any] | None = None
        self.result: dict[str, Any] | None = None
        self.rolls = 0                # dice throws the program has made (seeds the next one)
        self.box: list[Bar] = []      # bars off the board while the table enters or fixes safes

    @classmethod
    def load_assets(cls, folder):
        return assets_mod.load_assets(folder)

    # -- words -------------------------------------------------------------------------
    #: template fields that hold a number of consolation chips: said as "1 chip" / "2 chips"
    CHIP_FIELDS = ("chips", "held", "n_chips", "moved", "supply")

    def _t(self, key: str, **kw: Any) -> str:
        for f in self.CHIP_FIELDS:
            if isinstance(kw.get(f), int) and not isinstance(kw.get(f), bool):
                kw[f] = self.chips_text(kw[f])
        if isinstance(kw.get("n_bars"), int):
            kw["n_bars"] = wording.count(kw["n_bars"], self.p.render("word.bar"), self.p.render("word.bars"), self.lang)
        if isinstance(kw.get("short"), int):
            kw["short"] = wording.count(kw["short"], self.p.render("word.pip"), self.p.render("word.pips"), self.lang)
        if isinstance(kw.get("points"), int):
            kw["points"] = wording.count(kw["points"], self.p.render("word.point"), self.p.render("word.points"),
                                         self.lang)
        return self.p.render(key, **kw)

    def chips_text(self, n: int) -> str:
        return wording.count(n, self.p.render("word.chip"), self.p.render("word.chips"), self.lang)

    def _no(self, key: str, **kw: Any) -> Refused:
        return Refused(self._t("refuse." + key, **kw))

    def _colour(self, c: str) -> str:
        return self.p.name(f"colour.{c}")

    def _bar(self, bar: Bar) -> str:
        return self._t("bar", colour=self._colour(bar[0]), value=bar[1])

    def _bars(self, bars: list[Bar]) -> str:
        return ", ".join(self._bar(b) for b in sorted(bars)) if bars else self._t("nothing")

    def _safe(self, sid: str) -> str:
        s = self.board.safes[sid]
        return self._t("safe.junction", id=sid) if s.junction else self._t("safe.numbered", number=s.number)

    def _row(self, row: Row) -> str:
        return self._t("row", colour=self._colour(row[0]), size=row[1])

    @property
    def me(self) -> dict[str, Any]:
        return self.players[self.current]

    # -- the deal ----------------------------------------------------------------------
    def all_bars(self) -> list[Bar]:
        """Every bar of the edition (84 in the box): what the safes, cases, deposit and box hold."""
        return [(c, v) for c in self.ed.colours for v, n in sorted(self.ed.bars_per_value.items())
                for _ in range(n)]

    def _deal(self, rng: random.Random | None = None) -> None:
        bars = self.all_bars()
        (rng or self.rng).shuffle(bars)
        k = self.ed.bars_per_safe
        self.safes = {sid: sorted(bars[i * k:(i + 1) * k]) for i, sid in enumerate(self.board.safes)}

    # -- dispatch ----------------------------------------------------------------------
    def handle(self, cmd: Command) -> list[str]:
        actor, cmd = split_actor(cmd, [p["name"] for p in self.players])
        if cmd.verb in ("fix", "set"):
            return self._cmd_fix(cmd.args)
        if cmd.verb == "scores":  # anyone may ask, any time
            return self._cmd_scores(cmd.args)
        if self.phase == "over":
            raise self._no("over")
        fn = getattr(self, "_cmd_" + cmd.verb, None)
        if fn is None or cmd.verb not in _VERBS:
            raise self._no("unknown", verb=cmd.verb)
        if actor is not None:
            whose = self._whose()
            if whose is None:
                raise self._no("actor_nobody", player=actor)
            if whose != actor:
                raise self._no("actor_turn", player=actor, current=whose)
        if self.box and cmd.verb in _PLAY_VERBS and not (cmd.verb == "roll" and self.phase != "roll"):
            raise self._no("box_full", bars=self._bars(self.box))
        return fn(cmd.args)

    def _need(self, *phases: str) -> None:
        if self.phase not in phases:
            if self.phase == "success" and self.turn and self.turn["must_move"]:
                raise self._no("after_plunder", victim=self._robber_name_here())
            raise self._no("phase." + self.phase)

    def _robber_name_here(self) -> str:
        i = self._robber_at(self.me["arrow"])
        return self.players[i]["name"] if i is not None else ""

    # -- setup -------------------------------------------------------------------------
    def _cmd_deal(self, args) -> list[str]:
        if self.phase not in ("players", "start_roll") or any(p["robber"] for p in self.players):
            raise self._no("deal_late")
        if len(args) == 1 and args[0].lower() in ("table", "hand", "tisch"):
            # the table dealt by hand: every bar into the box, then `safe SAFE BAR …` per safe
            self.box = sorted(self.box + [b for bars in self.safes.values() for b in bars])
            self.safes = {sid: [] for sid in self.board.safes}
            return [self._t("dealt_table", bars=len(self.box))]
        if len(args) != 1 or not is_whole(args[0]):
            raise self._no("usage", usage="deal SEED | deal table")
        self.deal_seed = parse_whole(args[0], field="deal", lo=0, hi=10 ** 9)
        self.box = []
        self._deal(random.Random(self.deal_seed))
        return [self._t("dealt", seed=self.deal_seed)]

    def _cmd_mode(self, args) -> list[str]:
        self._setup_only()
        if len(args) != 1 or args[0].lower() not in MODES:
            raise self._no("usage", usage="mode screen|table")
        self.mode = args[0].lower()
        return [self._t("mode." + self.mode)]

    def _cmd_variant(self, args) -> list[str]:
        self._setup_only()
        if len(args) != 1 or args[0].lower() not in ("on", "off"):
            raise self._no("usage", usage="variant on|off")
        self.variant = args[0].lower() == "on"
        return [self._t("variant." + args[0].lower())]

    def _setup_only(self) -> None:
        if self.phase != "players":
            raise self._no("setup_only")

    def _cmd_players(self, args) -> list[str]:
        self._setup_only()
        ed = self.ed
        if not ed.min_players <= len(args) <= ed.max_players:
            raise self._no("players_count", min=ed.min_players, max=ed.max_players)
        names, colours = [], []
        for a in args:
            name, _, col = a.partition(":")
            if not name or is_whole(name) or name.lower() in ("fix", "set"):
                raise self._no("player_name", name=a)
            if name.lower() in (n.lower() for n in names):
                raise self._no("player_twice", name=name)
            names.append(name)
            colours.append(self._parse_colour(col) if col else None)
        taken = [c for c in colours if c]
        if len(set(taken)) != len(taken):
            raise self._no("colour_twice")
        free = [c for c in ed.colours if c not in taken]
        rows = ed.rows_for(len(names))
        for name, col in zip(names, colours):
            col = col or free.pop(0)
            self.players.append({"name": name, "colour": col, "robber": None, "arrow": None,
                                 "heading": None, "chips": 0, "case": TransportCase(ed.colours, rows)})
        self.phase = "start_roll"
        self.setup_idx = 0
        said = [self._t("players", names=", ".join(f"{p['name']} ({self._colour(p['colour'])})"
                                                     for p in self.players))]
        if len(rows) < len(ed.case_rows):
            said.append(self._t("rows_unused", rows=", ".join(str(r) for r in ed.case_rows if r not in rows)))
        said.append(self._t("start_roll", player=self.players[0]["name"]))
        return said

    def _parse_colour(self, word: str) -> str:
        w = word.lower()
        names = {c: {c, self._colour(c).lower()} for c in self.ed.colours}
        exact = [c for c, ns in names.items() if w in ns]
        if exact:
            return exact[0]
        pref = [c for c, ns in names.items() if any(n.startswith(w) for n in ns)] if w else []
        if len(pref) == 1:
            return pref[0]
        raise self._no("colour", word=word,
                       colours=", ".join(self._colour(c) for c in self.ed.colours))

    def _case_row(self, case: TransportCase, colour: str, size: str, word: str) -> Row:
        """The row ``colour/size`` of ``case``; a row left unused at this player count is refused
        with the rule ("with four players the rows of 4 are not used")."""
        row = (self._parse_colour(colour), parse_whole(size, field="row"))
        if row not in case.heights:
            unused = self.ed.unused_rows.get(len(self.players), ())
            if row[1] in unused:
                raise self._no("row_unused", size=row[1], players=len(self.players))
            raise self._no("row_unknown", word=word)
        return row

    def _safe_free(self, sid: str) -> bool:
        return not any(p["robber"] == sid for p in self.players)

    def _start_roll(self, args) -> list[str]:
        player = self.players[self.setup_idx]
        dice = self._dice(args, allow_choice=True)
        if len(dice) == 1:  # the table entered the value it chose (one die or the sum)
            n = dice[0]
            safe = self.board.by_number(n)
            if not self._safe_free(safe.id):
                raise self._no("start_taken", safe=self._safe(safe.id))
            return self._place(n)
        values = sorted(set(dice) | {sum(dice)})
        free = [v for v in values if self._safe_free(self.board.by_number(v).id)]
        rolled = " + ".join(str(d) for d in dice)
        if not free:
            return [self._t("start_all_taken", player=player["name"], dice=rolled)]
        self.start_dice, self.start_options = tuple(dice), free
        self.phase = "start_place"
        return [self._t("start_rolled", player=player["name"], dice=rolled,
                        options=", ".join(str(v) for v in free))]

    def _cmd_place(self, args) -> list[str]:
        self._need("start_place")
        if len(args) != 1 or not is_whole(args[0]):
            raise self._no("usage", usage="place N")
        n = parse_whole(args[0], field="place", lo=0, hi=99)
        if n not in self.start_options:
            raise self._no("place_option", n=n, options=", ".join(str(v) for v in self.start_options))
        return self._place(n)

    def _place(self, n: int) -> list[str]:
        player = self.players[self.setup_idx]
        sid = self.board.by_number(n).id
        player["robber"] = player["arrow"] = sid
        self.start_dice, self.start_options = None, []
        said = [self._t("placed", player=player["name"], safe=self._safe(sid))]
        self.setup_idx += 1
        if self.setup_idx < len(self.players):
            self.phase = "start_roll"
            said.append(self._t("start_roll", player=self.players[self.setup_idx]["name"]))
            return said
        numbers = [self.board.safes[p["robber"]].number for p in self.players]
        self.first = numbers.index(max(numbers))
        self.setup_idx = self.first
        self.phase = "arrows"
        said.append(self._t("first_player", player=self.players[self.first]["name"],
                            safe=self._safe(self.players[self.first]["robber"])))
        said.append(self._arrow_prompt())
        return said

    def _arrow_prompt(self) -> str:
        p = self.players[self.setup_idx]
        ways = self.board.neighbours[p["robber"]]
        return self._t("arrow_prompt", player=p["name"], ways=self._ways(ways), example=ways[0])

    def _ways(self, ways: list[str]) -> str:
        """The ways an arrow may take, by name: "Tresor 1 oder Kreuzung B" (a bare "1, B" read
        aloud does not say which is a safe and which a junction)."""
        return wording.join_or([self._safe(w) for w in ways], self.lang)

    def _cmd_arrow(self, args) -> list[str]:
        self._need("arrows")
        p = self.players[self.setup_idx]
        ways = self.board.neighbours[p["robber"]]
        if len(args) != 1:
            raise self._no("usage", usage="arrow SAFE")
        way = self._safe_id(args[0])
        if way not in ways:
            raise self._no("arrow_way", safe=self._safe(p["robber"]), ways=self._ways(ways))
        p["heading"] = way
        said = [self._t("arrow_laid", player=p["name"], safe=self._safe(way))]
        self.setup_idx = (self.setup_idx + 1) % len(self.players)
        if self.setup_idx != self.first:
            said.append(self._arrow_prompt())
            return said
        self.current = self.first
        self.turn_no = 1
        said.append(self._begin_turn())
        return said

    def _safe_id(self, word: str) -> str:
        for sid in self.board.safes:
            if sid.lower() == word.lower():
                return sid
        raise self._no("safe_unknown", word=word)

    # -- dice ----------------------------------------------------------------------------
    def _dice(self, args, *, allow_choice: bool = False) -> list[int]:
        """The dice as entered (one number per die), or one number: the sum (or in the starting
        roll the value chosen) — in either mode, since the dice on the table are the truth.
        Without numbers: the program rolls in screen mode; table mode asks for the dice."""
        n, sides = self.ed.dice_count, self.ed.dice_sides
        if self.mode == "screen" and not args:
            # each throw seeded from the game's seed and the throws so far: a game loaded from
            # its state file throws what the original would have thrown
            rng = random.Random(f"{self.seed}:roll:{self.rolls}")
            self.rolls += 1
            return [rng.randint(1, sides) for _ in range(n)]
        if not args:
            raise self._no("table_dice", n=n)
        if not all(is_whole(a) and len(a) <= 2 for a in args):
            raise self._no("dice_bad", sides=sides, n=n)
        vals = [parse_whole(a, field="roll") for a in args]
        if len(vals) == n and all(1 <= v <= sides for v in vals):
            return vals
        if len(vals) == 1:
            lo = 1 if allow_choice else n
            if lo <= vals[0] <= n * sides:
                return vals
        raise self._no("dice_bad", sides=sides, n=n)

    def _cmd_roll(self, args) -> list[str]:
        if self.phase == "start_roll":
            return self._start_roll(args)
        self._need("roll")
        dice = self._dice(args)
        total = sum(dice)
        t = self.turn
        target = t["pending"]["target"]
        shown = " + ".join(str(d) for d in dice) if len(dice) > 1 else str(total)
        self.last_roll = {"player": self.me["name"], "dice": dice, "sum": total, "target": target}
        if total >= target:
            return [self._t("roll_ok", dice=shown, sum=total, target=target)] + self._succeed(0)
        short = target - total
        if self.me["chips"] > 0:  # chips may be spent even on a roll they cannot save
            self.phase = "chips"
            t["rolled"] = total
            return [self._t("roll_short_chips", dice=shown, sum=total, target=target, short=short,
                            chips=self.me["chips"])]
        return [self._t("roll_fail", dice=shown, sum=total, target=target)] + self._fail(0)

    def _cmd_chips(self, args) -> list[str]:
        self._need("chips")
        if len(args) != 1 or not is_whole(args[0]):
            raise self._no("usage", usage="chips N")
        n = parse_whole(args[0], field="chips", lo=0, hi=99)
        if n < 1 or n > self.me["chips"]:
            raise self._no("chips_have", chips=self.me["chips"])
        total = self.turn["rolled"] + n
        target = self.turn["pending"]["target"]
        self.last_roll["chips"] = n
        if total >= target:
            return [self._t("chips_ok", chips=n, sum=total, target=target)] + self._succeed(n)
        return [self._t("chips_short", chips=n, sum=total, target=target)] + self._fail(n)

    def _cmd_fail(self, args) -> list[str]:
        self._need("chips")
        if args:
            raise self._no("usage", usage="fail")
        return self._fail(0)

    def odds(self) -> dict[str, Any] | None:
        """The exact chance of the pending roll: with the dice alone and with the chips in hand."""
        if self.phase != "roll":
            return None
        target = self.turn["pending"]["target"]
        n, sides = self.ed.dice_count, self.ed.dice_sides
        total = sides ** n
        chips = self.me["chips"]
        return {"target": target, "dice": describe(chance(target, count=n, sides=sides), total),
                "chips": chips,
                "with_chips": describe(chance(target, chips=chips, count=n, sides=sides), total)}

    # -- a turn --------------------------------------------------------------------------
    def _begin_turn(self) -> str:
        p = self.me
        self.turn = {"start": p["robber"], "start_heading": p["heading"], "came_from": None,
                     "distance": 0, "used": [p["robber"]], "deposit": [], "pending": None,
                     "must_move": False, "path": [p["robber"]], "rolled": None}
        p["arrow"] = p["robber"]
        self.phase = "move"
        return self._t("turn_begins", counter=self.turn_no, turns=self.ed.turns, player=p["name"],
                       safe=self._safe(p["robber"]))

    def _cmd_move(self, args) -> list[str]:
        self._need("move", "choose", "success")
        args = list(args)
        steps = 1
        if args and is_whole(args[0]):
            steps = parse_whole(args.pop(0), field="move", lo=0, hi=99)
        vias: list[str] = []
        if args:
            if args[0].lower() != "via" or len(args) < 2:
                raise self._no("usage", usage="move [N] [via SAFE …]")
            vias = [self._safe_id(a) for a in args[1:] if a.lower() != "via"]
        if steps < 1:
            raise self._no("move_zero")
        p, t = self.me, self.turn
        here, heading, came = p["arrow"], p["heading"], t["came_from"]
        path = []
        for _ in range(steps):
            if heading is None:  # on a junction the mover chooses between the two ways on
                options = [n for n in self.board.neighbours[here] if n != came]
                if not vias:
                    raise self._no("junction_choice", safe=self._safe(here), ways=" / ".join(options))
                heading = vias.pop(0)
                if heading not in options:
                    raise self._no("junction_way", safe=self._safe(here), way=heading, ways=" / ".join(options))
            came, here = here, heading
            heading = self.board.next_safe(came, here)
            path.append(here)
        if vias:
            raise self._no("via_unused", ways=", ".join(vias))
        p["arrow"], p["heading"] = here, heading
        t["came_from"] = came
        t["distance"] += steps
        t["path"].extend(path)
        t["must_move"] = False
        self.phase = "choose"
        said = [self._t("moved", player=p["name"], safe=self._safe(here), distance=t["distance"])]
        if heading is None:
            said.append(self._t("at_junction", ways=" / ".join(n for n in self.board.neighbours[here] if n != came)))
        return said

    def _robber_at(self, sid: str) -> int | None:
        for i, p in enumerate(self.players):
            if i != self.current and p["robber"] == sid:
                return i
        return None

    def _check_here(self, *, ending: bool = False) -> str:
        here = self.me["arrow"]
        if self._robber_at(here) is not None:
            raise self._no("end_foreign" if ending else "foreign_stone",
                           player=self.players[self._robber_at(here)]["name"])
        if here == self.turn["start"]:
            raise self._no("start_safe")
        if here in self.turn["used"]:
            raise self._no("used_safe", safe=self._safe(here))
        return here

    def _cmd_take(self, args) -> list[str]:
        self._need("choose")
        here = self._check_here()
        if not args:
            raise self._no("take_none")
        bars = [self._parse_bar(a) for a in args]
        have, want = Counter(self.safes[here]), Counter(bars)
        for bar, n in want.items():
            if have[bar] < n:
                raise self._no("not_in_safe", bar=self._bar(bar), safe=self._safe(here))
        target = self.turn["distance"] + sum(v for _c, v in bars)
        self.turn["pending"] = {"kind": "safe", "bars": sorted(bars), "target": target}
        self.phase = "roll"
        return [self._t("take", player=self.me["name"], bars=self._bars(bars), distance=self.turn["distance"],
                        target=target), self._odds_said()]

    def _parse_bar(self, word: str) -> Bar:
        m = re.fullmatch(r"([^\W\d_]+)[-/:]?([0-9]{1,2})", word)
        if not m:
            raise self._no("bar_bad", word=word)
        colour = self._parse_colour(m.group(1))
        value = parse_whole(m.group(2), field="bar")
        if value not in self.ed.bars_per_value:
            raise self._no("bar_bad", word=word)
        return colour, value

    def _odds_said(self) -> str:
        o = self.odds()

        def pct(x: float) -> str:  # 41.7 -> "41,7" where the language writes a decimal comma
            return f"{x:.1f}".replace(".", self._t("decimal_mark"))

        if o["chips"]:
            return self._t("odds_chips", dice=o["dice"]["outcomes"], percent=pct(o["dice"]["percent"]),
                           chips=o["chips"], with_chips=o["with_chips"]["outcomes"],
                           percent_chips=pct(o["with_chips"]["percent"]))
        return self._t("odds", dice=o["dice"]["outcomes"], percent=pct(o["dice"]["percent"]))

    def _cmd_plunder(self, args) -> list[str]:
        self._need("choose")
        here = self.me["arrow"]
        vi = self._robber_at(here)
        if vi is None:
            raise self._no("no_case_here")
        if here in self.turn["used"]:
            raise self._no("plundered_twice", player=self.players[vi]["name"])
        victim = self.players[vi]
        case: TransportCase = victim["case"]
        if case.bar_count() < self.ed.plunder_min_bars:
            raise self._no("too_few_to_plunder", player=victim["name"], n_bars=case.bar_count(),
                           min=self.ed.plunder_min_bars)
        if not args:
            raise self._no("take_none")
        take: Counter = Counter()
        for a in args:
            m = re.fullmatch(r"([^\W\d_]+)/([0-9])(?::([0-9]{1,2}))?", a)
            if not m:
                raise self._no("row_bad", word=a)
            row = self._case_row(case, m.group(1), m.group(2), a)
            take[row] += parse_whole(m.group(3) or "1", field="plunder")
        bars: list[Bar] = []
        for row, k in take.items():
            h = case.heights[row]
            if k > h:
                raise self._no("row_short", row=self._row(row), player=victim["name"], have=h)
            bars.extend((row[0], v) for v in range(h, h - k, -1))  # from the top down
        target = self.turn["distance"] + sum(v for _c, v in bars)
        self.turn["pending"] = {"kind": "plunder", "victim": vi, "rows": {f"{r[0]}/{r[1]}": k for r, k in take.items()},
                                "bars": sorted(bars), "target": target}
        self.phase = "roll"
        return [self._t("plunder", player=self.me["name"], victim=victim["name"], bars=self._bars(bars),
                        distance=self.turn["distance"], target=target), self._odds_said()]

    def _end_heading(self, args) -> str | None:
        """The arrow's way on when a turn ends here: fixed on an ordinary safe, chosen on a junction."""
        here, came = self.me["arrow"], self.turn["came_from"]
        if not self.board.safes[here].junction:
            if args:
                raise self._no("end_no_way", safe=self._safe(here))
            return self.me["heading"]
        options = [n for n in self.board.neighbours[here] if n != came]
        if len(args) != 1:
            raise self._no("end_way", safe=self._safe(here), ways=" / ".join(options))
        way = self._safe_id(args[0])
        if way not in options:
            raise self._no("end_way", safe=self._safe(here), ways=" / ".join(options))
        return way

    def _cmd_end(self, args) -> list[str]:
        self._need("choose", "success")
        if self.phase == "success":
            if self.turn["must_move"]:
                raise self._no("after_plunder", victim=self._robber_name_here())
            heading = self._end_heading(args)
            return self._finish_turn(heading)
        self._check_here(ending=True)
        heading = self._end_heading(args)
        target = self.turn["distance"]
        self.turn["pending"] = {"kind": "end", "bars": [], "target": target, "heading": heading}
        self.phase = "roll"
        return [self._t("end_roll", player=self.me["name"], target=target), self._odds_said()]

    # -- the outcome of a roll -------------------------------------------------------------
    def _spend(self, n: int) -> None:
        self.me["chips"] -= n
        self.supply += n

    def _give_chips(self, player: dict) -> int:
        n = min(self.ed.chips_per_failure, self.ed.chips_max - player["chips"], self.supply)
        n = max(0, n)
        player["chips"] += n
        self.supply -= n
        return n

    def _succeed(self, chips: int) -> list[str]:
        self._spend(chips)
        t, p = self.turn, self.me
        pend = t.pop("pending")
        t["pending"], t["rolled"] = None, None
        here = p["arrow"]
        t["used"].append(here)
        if pend["kind"] == "end":
            return self._finish_turn(pend["heading"])
        if pend["kind"] == "safe":
            for bar in pend["bars"]:
                self.safes[here].remove(bar)
            t["deposit"].extend(pend["bars"])
            self.phase = "success"
            return [self._t("took", player=p["name"], bars=self._bars(pend["bars"]),
                            deposit=self._bars(t["deposit"]))]
        victim = self.players[pend["victim"]]
        for key, k in pend["rows"].items():
            colour, size = key.split("/")
            victim["case"].heights[(colour, parse_whole(size))] -= k
        t["deposit"].extend(pend["bars"])
        t["must_move"] = True
        self.phase = "success"
        return [self._t("plundered", player=p["name"], victim=victim["name"], bars=self._bars(pend["bars"]))]

    def _fail(self, chips: int) -> list[str]:
        # chips spent on a roll that still fails leave first; then the new ones come
        self._spend(chips)
        t, p = self.turn, self.me
        pend = t["pending"]
        here = p["arrow"]
        said = []
        back = list(t["deposit"])
        self.safes[here].extend(back)
        self.safes[here].sort()
        t["deposit"] = []
        # every failed roll gives its roller new chips (after the spent ones left); a failed
        # plunder gives the robbed player theirs as well
        mine = self._give_chips(p) if (pend["kind"] != "plunder" or self.ed.failed_plunder_to == "both") else 0
        if pend["kind"] == "plunder":
            victim = self.players[pend["victim"]]
            got = self._give_chips(victim)
            said.append(self._t("plunder_failed", victim=victim["name"], n_chips=got))
        if mine:
            said.append(self._t("failed", player=p["name"], bars=self._bars(back), safe=self._safe(here),
                                chips=mine, held=p["chips"]))
        else:  # at the limit (or the supply is empty): no new chips
            said.append(self._t("failed_no_chips", player=p["name"], bars=self._bars(back),
                                safe=self._safe(here), held=p["chips"]))
        p["arrow"], p["heading"] = t["start"], t["start_heading"]
        return said + self._next_turn()

    def _finish_turn(self, heading: str | None) -> list[str]:
        p, t = self.me, self.turn
        p["robber"] = p["arrow"]
        p["heading"] = heading
        said = [self._t("turn_ends", player=p["name"], safe=self._safe(p["robber"]),
                        way=self._safe(heading))]
        if not t["deposit"]:
            return said + self._next_turn()
        self.phase = "sort"
        said.append(self._t("sort", bars=self._bars(t["deposit"])))
        return said + self._sort_check()

    # -- sorting into the transport case ---------------------------------------------------
    def _fitting(self) -> list[Bar]:
        case: TransportCase = self.me["case"]
        return [b for b in self.turn["deposit"] if case.fits(b)]

    def _sort_check(self) -> list[str]:
        """Once no bar of the deposit fits any more, the rest goes back to the safe."""
        if self._fitting():
            return []
        t, p = self.turn, self.me
        rest = t["deposit"]
        t["deposit"] = []
        said = []
        if rest:
            self.safes[p["robber"]].extend(rest)
            self.safes[p["robber"]].sort()
            said.append(self._t("sort_back", bars=self._bars(rest), safe=self._safe(p["robber"])))
        said.append(self._t("case_now", player=p["name"], n_bars=p["case"].bar_count(),
                            points=p["case"].score(self.ed.bonus)["total"]))
        return said + self._next_turn()

    def _cmd_put(self, args) -> list[str]:
        self._need("sort")
        if not args:
            raise self._no("usage", usage="put COLOUR/ROW [VALUE …]")
        m = re.fullmatch(r"([^\W\d_]+)/([0-9])", args[0])
        if not m:
            raise self._no("row_bad", word=args[0])
        case: TransportCase = self.me["case"]
        row = self._case_row(case, m.group(1), m.group(2), args[0])
        deposit = Counter(self.turn["deposit"])
        h = case.heights[row]
        if len(args) > 1:
            if not all(is_whole(a) for a in args[1:]):
                raise self._no("usage", usage="put COLOUR/ROW [VALUE …]")
            values = [parse_whole(a, field="put", lo=0, hi=99) for a in args[1:]]
            for i, v in enumerate(values):
                bar = (row[0], v)
                if v != h + 1 + i or v > row[1]:
                    raise self._no("put_order", row=self._row(row), next=h + 1 + i, bar=self._bar(bar))
                if deposit[bar] < 1:
                    raise self._no("not_in_deposit", bar=self._bar(bar))
                deposit[bar] -= 1
        else:
            values = []
            v = h + 1
            while v <= row[1] and deposit[(row[0], v)] > 0:
                deposit[(row[0], v)] -= 1
                values.append(v)
                v += 1
            if not values:
                raise self._no("put_nothing", row=self._row(row), next=h + 1)
        for v in values:
            case.lay(row, (row[0], v))
            self.turn["deposit"].remove((row[0], v))
        said = [self._t("put", row=self._row(row), values=", ".join(str(v) for v in values))]
        return said + self._sort_check()

    def _cmd_auto(self, args) -> list[str]:
        self._need("sort")
        case: TransportCase = self.me["case"]
        said = []
        while True:
            fitting = sorted(self._fitting(), key=lambda b: (b[1], b[0]))
            if not fitting:
                break
            bar = fitting[0]
            row = auto_row(case, bar, Counter(self.turn["deposit"]))
            case.lay(row, bar)
            self.turn["deposit"].remove(bar)
            said.append(self._t("put", row=self._row(row), values=str(bar[1])))
        return said + self._sort_check()

    # -- turns and the end -------------------------------------------------------------------
    def _variant_done(self, p) -> bool:
        return any(p["case"].complete(size) >= n for size, n in self.ed.variant_end.items())

    def _next_turn(self) -> list[str]:
        self.turn = None
        if self.variant:
            done = [p for p in self.players if self._variant_done(p)]
            if done:
                return [self._t("variant_end", player=done[0]["name"])] + self._game_over()
        elif self.turn_no >= self.ed.turns:
            return [self._t("counter_end", turns=self.ed.turns)] + self._game_over()
        self.current = (self.current + 1) % len(self.players)
        self.turn_no += 1
        return [self._begin_turn()]

    def _cmd_scores(self, args) -> list[str]:
        """The points so far (read-only): bars, bonus, total and chips per player."""
        if not self.players:
            raise self._no("phase.players")
        out = []
        for p in self.players:
            sc = p["case"].score(self.ed.bonus)
            out.append(self._t("score_line", player=p["name"], bars=sc["bars"], bonus=sc["bonus"],
                               points=sc["total"], chips=p["chips"]))
        return out

    def _game_over(self) -> list[str]:
        self.phase = "over"
        scores = []
        for p in self.players:
            s = p["case"].score(self.ed.bonus)
            scores.append({"name": p["name"], **s, "chips": p["chips"]})
        best = max((s["total"], s["chips"]) for s in scores)
        winners = [s["name"] for s in scores if (s["total"], s["chips"]) == best]
        self.result = {"scores": scores, "winners": winners}
        said = [self._t("score_line", player=s["name"], bars=s["bars"], bonus=s["bonus"], points=s["total"],
                        chips=s["chips"]) for s in scores]
        if len(winners) == 1:
            said.append(self._t("winner", player=winners[0]))
        else:
            said.append(self._t("winners", players=", ".join(winners)))
        return said

    @property
    def over(self) -> bool:
        return self.phase == "over"

    # -- what the table sees ------------------------------------------------------------------
    def _whose(self) -> str | None:
        if self.phase in ("start_roll", "start_place", "arrows"):
            return self.players[self.setup_idx]["name"]
        if self.phase in ("players", "over"):
            return None
        return self.me["name"]

    def public_state(self) -> dict[str, Any]:
        ed = self.ed
        players = []
        for i, p in enumerate(self.players):
            case: TransportCase = p["case"]
            players.append({
                "seat": i + 1, "name": p["name"], "colour": p["colour"], "robber": p["robber"],
                "arrow": p["arrow"], "heading": p["heading"], "chips": p["chips"],
                "case": case.public(), "bars": case.bar_count(),
                "plunderable": case.bar_count() >= ed.plunder_min_bars,
                "score": case.score(ed.bonus),
            })
        turn = None
        if self.turn is not None:
            t = self.turn
            pend = t["pending"]
            turn = {"distance": t["distance"], "start": t["start"], "path": list(t["path"]),
                    "used": list(t["used"]), "deposit": [bar_name(b) for b in sorted(t["deposit"])],
                    "must_move": t["must_move"],
                    "pending": None if pend is None else {
                        "kind": pend["kind"], "bars": [bar_name(b) for b in pend["bars"]],
                        "target": pend["target"],
                        **({"victim": self.players[pend["victim"]]["name"]} if pend["kind"] == "plunder" else {})},
                    "rolled": t["rolled"]}
            if self.phase in ("move", "choose", "success") and self.me["heading"] is None:
                turn["junction_ways"] = [n for n in self.board.neighbours[self.me["arrow"]] if n != t["came_from"]]
        return {
            "game": self.game_id, "mode": self.mode, "variant": self.variant, "deal_seed": self.deal_seed,
            "phase": self.phase, "player": self._whose(), "expect": self._expect(),
            "counter": {"turn": self.turn_no, "of": ed.turns},
            "players": players,
            "safes": {sid: [bar_name(b) for b in bars] for sid, bars in self.safes.items()},
            "box": [bar_name(b) for b in self.box],
            "chips_supply": self.supply,
            "start": None if self.phase != "start_place" else {"dice": list(self.start_dice),
                                                                 "options": list(self.start_options)},
            "turn": turn, "odds": self.odds(), "last_roll": self.last_roll, "result": self.result,
        }

    def _expect(self) -> list[str]:
        return {"players": ["players"], "start_roll": ["roll"], "start_place": ["place", "roll"],
                "arrows": ["arrow"], "move": ["move"], "choose": ["take", "plunder", "end", "move"],
                "roll": ["roll"], "chips": ["chips", "fail"],
                "success": ["move"] if self.turn and self.turn["must_move"] else ["move", "end"],
                "sort": ["put", "auto"], "over": []}[self.phase]

    def suggestions(self) -> list[str]:
        ph = self.phase
        roll = "roll" if self.mode == "screen" else "roll …"
        if ph == "players":
            return ["players …", "deal …", "mode table" if self.mode == "screen" else "mode screen",
                    "variant off" if self.variant else "variant on"]
        if ph == "start_roll":
            return [roll]
        if ph == "start_place":
            return [f"place {v}" for v in self.start_options]
        if ph == "arrows":
            return [f"arrow {w}" for w in self.board.neighbours[self.players[self.setup_idx]["robber"]]]
        if ph in ("move", "choose", "success"):
            out = []
            if self.me["heading"] is None:
                here = self.me["arrow"]
                ways = [n for n in self.board.neighbours[here] if n != self.turn["came_from"]]
                out += [f"move via {w}" for w in ways]
            else:
                out += ["move", "move 2", "move 3"]
            if ph == "choose":
                here = self.me["arrow"]
                if self._robber_at(here) is not None:
                    out.append("plunder …")
                elif here not in self.turn["used"]:
                    out.append("take …")
                    out.append("end" if self.me["heading"] is not None else "end …")
            if ph == "success" and not self.turn["must_move"]:
                out.append("end" if self.me["heading"] is not None else "end …")
            return out
        if ph == "roll":
            return [roll]
        if ph == "chips":
            short = self.turn["pending"]["target"] - self.turn["rolled"]
            return [f"chips {short}", "fail"]
        if ph == "sort":
            case = self.me["case"]
            rows = sorted({r for b in self._fitting() for r in case.fits(b)})
            return ["auto"] + [f"put {r[0]}/{r[1]}" for r in rows]
        return []

    # -- a game in progress ----------------------------------------------------------------------
    def export_state(self) -> dict[str, Any]:
        from tiptoi_sim.assistants.gold_connection.state import export_state

        return export_state(self)

    @classmethod
    def from_state(cls, assets, state, *, seed=0, lang="de", options=None) -> "GoldConnection":
        from tiptoi_sim.assistants.gold_connection.state import load_state

        return load_state(cls, assets, state, seed=seed, lang=lang, options=options)

    def draw_state(self, surface, rect, state, fonts) -> None:
        from tiptoi_sim.assistants.gold_connection.draw import draw_state

        draw_state(self, surface, rect, state, fonts)


_VERBS = {"mode", "variant", "deal", "players", "roll", "place", "arrow", "move", "take", "plunder", "chips", "fail", "end",
          "put", "auto", "safe", "scores"}
#: the moves of a turn: refused while bars lie in the box (off the board)
_PLAY_VERBS = {"move", "take", "plunder", "end", "roll", "chips", "fail", "put", "auto", "arrow"}
