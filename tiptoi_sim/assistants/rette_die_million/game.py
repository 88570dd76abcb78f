"""*Rette die Million!*: the program as quizmaster and banker.

A session is a row of runs, one guessing team after the other. A run has up to eight rounds
(the edition's ``rounds``); each round goes through these phases:

``choose``  (pack mode) two cards of the round's kind were drawn and their categories read;
            the team picks one with ``choose 1|2``; the answers and the question are read.
``reading`` (printed-cards mode) the quizmaster reads the box's cards; ``asked`` when done.
``stake``   the team places its chips on the open windows (``put``/``take``/``move``/``stake``/
            ``clear``), may play the joker once per run, and locks in with ``lock`` (all chips
            placed, at least one open window empty). With the time limit on, the front end sends
            ``timeout`` when it runs out: unplaced chips are lost, and if every open window holds
            chips, those on the last open window are lost (the binding ruling).
``locked``  ``reveal`` (pack mode) or ``reveal LETTER`` (cards mode, the right letter from the
            card's back) opens the wrong windows one by one; their money drops out.
``revealed`` the team kept money: ``next`` starts the next round.
Between runs the phase is ``setup``: ``team``, ``mode``, ``pack``, ``timer``, ``start``.

Pure: no clock, no I/O, randomness only from ``self.rng``. The right answer never appears in
:meth:`public_state` before the reveal.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from tiptoi_sim.assistants.base import AssistantGame, Command, CommandHelp, Refused, split_actor
from tiptoi_sim.assistants.rette_die_million.data import Assets, Card, load_assets
from tiptoi_sim.assistants.rette_die_million.deck import CardPool
from tiptoi_sim.assistants.rette_die_million.scoring import RunResult, ranked
from tiptoi_sim.assistants.rette_die_million.table import TableMixin
from tiptoi_sim.core.numbers import is_whole, parse_money, parse_whole
from tiptoi_sim.core import wording
from tiptoi_sim.core.errors import UserError

MODES = ("pack", "cards")
ALL_WORDS = ("all", "alle", "alles", "rest")
OFF_WORDS = ("off", "aus", "no", "nein", "false", "0")
ON_WORDS = ("on", "an", "ein", "yes", "ja", "true")


@dataclass
class Team:
    name: str
    members: tuple[str, ...]
    result: RunResult | None = None


@dataclass
class Run:
    """One team's run through the rounds."""

    team: int                       # index into the session's teams
    quizmaster: str | None          # the person reading (None: nobody else at the table)
    round: int = 1
    chips: int = 0                  # chips the team has in this round (placed or not)
    round_start_chips: int = 0      # chips held when this round began ("money saved")
    stakes: dict[str, int] = field(default_factory=dict)
    joker_used: bool = False
    offered: list[str] = field(default_factory=list)  # pack mode: the two card ids drawn
    chosen: int | None = None       # index into offered of the card being played
    played: str | None = None       # pack mode: id of the card being played
    joker_card: str | None = None   # pack mode: the card that left by the joker (on the joker field)
    joker_round: int | None = None
    typed_category: str | None = None  # cards mode: the category the quizmaster typed with asked
    joker_category: str | None = None  # cards mode: the typed category of the card on the joker field
    timed_out: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def placed(self) -> int:
        return sum(self.stakes.values())

    @property
    def unplaced(self) -> int:
        return self.chips - self.placed


def chips_text(ph, n: int) -> str:
    """``1 Chip`` / ``10 Chips`` in the catalogue's language (the plural rule from CLDR)."""
    return wording.count(n, ph.render("number.chip"), ph.render("number.chips"), ph.lang)


def money_text(ph, amount: int) -> str:
    """Euros the way people say them: "25.000 €" / "€25,000"; whole millions in words:
    "1 Million Euro" / "€1 million"."""
    if amount and amount % 1_000_000 == 0:
        m = amount // 1_000_000
        word = wording.plural(m, ph.render("number.million"), ph.render("number.millions"), ph.lang)
        return ph.render("number.money_millions", n=wording.say_number(m, ph.lang), million=word)
    return ph.render("number.money", amount=wording.say_number(amount, ph.lang))


class RetteDieMillion(TableMixin, AssistantGame):
    game_id = "rette-die-million"
    title = "Rette die Million!"
    commands = [
        CommandHelp("team NAME [MEMBER ...]", "register a guessing team of 1–5 people"),
        CommandHelp("mode pack|cards", "program's question packs, or the box's printed cards (setup)"),
        CommandHelp("pack NAME", "choose the question pack, e.g. de or en (setup)"),
        CommandHelp("timer on|off|SECONDS", "the optional time limit for staking (setup)"),
        CommandHelp("start [TEAM]", "start the next team's run (or the named team's)"),
        CommandHelp("choose 1|2|CATEGORY", "pick one of the two categories (pack mode)"),
        CommandHelp("asked [CATEGORY]", "the quizmaster has read the question (cards mode); the card's category may be typed"),
        CommandHelp("put [N|all] LETTER", "place N chips (default 1; N€ for an amount) on a window"),
        CommandHelp("take [N|all] LETTER", "take N chips back from a window"),
        CommandHelp("move [N|all] FROM TO", "move chips from one window to another"),
        CommandHelp("stake A=N B=N ...", "set the whole stake at once"),
        CommandHelp("clear", "take all chips back from the windows"),
        CommandHelp("joker", "once per run, after the question: play the set-aside card instead"),
        CommandHelp("lock", "lock in the stake"),
        CommandHelp("timeout", "the time ran out (sent by the screen): lock in as the rules say"),
        CommandHelp("reveal [LETTER]", "open the wrong windows (cards mode: give the right letter)"),
        CommandHelp("next", "go on to the next round (or the next team's run)"),
        CommandHelp("repeat", "read the categories or the question again"),
        CommandHelp("scores", "read the scoreboard"),
        CommandHelp("result TEAM won MONEY | out ROUND SAVED", "enter a run played on paper (between runs)"),
        CommandHelp("fix chips N | money AMOUNT | round N | joker used|free | quizmaster NAME | result …",
                    "correct one fact; chips move from or to the shaft"),
        CommandHelp("NAME COMMAND", "the command typed with who does it: the team stakes, the quizmaster reveals"),
    ]

    def __init__(self, assets: Assets, *, seed: int = 0, lang: str = "de",
                 options: dict[str, Any] | None = None):
        super().__init__(assets, seed=seed, lang=lang, options=options)
        self.ed = assets.edition
        self.ph = assets.phrases.get(lang) or assets.phrases["de"]
        self.mode = "pack"
        self.pack_name = lang if lang in assets.packs else sorted(assets.packs)[0]
        self.time_limit: int | None = self.ed.time_limit_seconds if self.ed.time_limit_on else None
        self._apply_options(self.options)
        self.teams: list[Team] = []
        self.pool = CardPool()
        self.phase = "setup"
        self.run: Run | None = None
        self.reveal: dict[str, Any] | None = None  # the last reveal, for the screen
        self._qm_next = 0        # rotation pointer into people()
        self._timer_key = 0      # changes whenever a new countdown starts

    # -- data ---------------------------------------------------------------------
    @classmethod
    def load_assets(cls, folder) -> Assets:
        return load_assets(folder)

    def _apply_options(self, options: dict[str, Any]) -> None:
        """``mode=pack|cards``, ``pack=NAME``, ``timer=SECONDS|on|off`` (``--option``). A bad
        option is a UserError, which the CLI prints as one line."""
        from tiptoi_sim.core.errors import UserError

        for key, value in options.items():
            v = str(value).strip().lower() if not isinstance(value, bool) else ("on" if value else "off")
            if key == "mode":
                if v not in MODES:
                    raise UserError(f"--option mode={value}: expected one of {', '.join(MODES)}")
                self.mode = v
            elif key == "pack":
                if str(value) not in self.assets.packs:
                    raise UserError(f"--option pack={value}: expected one of {', '.join(sorted(self.assets.packs))}")
                self.pack_name = str(value)
            elif key == "timer":
                secs = self._timer_value(v)
                if secs is False:
                    raise UserError(f"--option timer={value}: expected on, off or a number of seconds")
                self.time_limit = secs
            else:
                raise UserError(f"--option {key}: unknown; expected mode, pack or timer")

    def _timer_value(self, v: str) -> int | None | bool:
        """Seconds for ``on``/a number, None for ``off``; False if unreadable."""
        if v in OFF_WORDS:
            return None
        if v in ON_WORDS:
            return self.ed.time_limit_seconds
        if is_whole(v):
            secs = parse_whole(v)
            return secs if 0 < secs <= 3600 else False
        return False

    def draw_rng(self) -> random.Random:
        """The randomness of the next draw, from the seed and the number of cards drawn so far:
        a game entered from a state file (which holds that number) draws what the original would."""
        return random.Random(f"{self.seed}:{self.pool._count}")

    # -- small helpers ------------------------------------------------------------
    #: template fields that hold a number of chips; they are rendered as "1 Chip"/"10 Chips"
    CHIP_FIELDS = ("chips", "left", "on", "have", "moved")

    #: templates whose verb agrees with a count of chips have a ``_one`` twin for exactly one
    #: chip ("1 chip drops out"); the count is ``chips`` unless named here
    ONE_FIELD = {"refuse.take.not_enough": "on"}

    def say(self, key: str, **kw: Any) -> str:
        if kw.get(self.ONE_FIELD.get(key, "chips")) == 1 and self.ph.has(key + "_one"):
            key += "_one"
        for f in self.CHIP_FIELDS:
            if isinstance(kw.get(f), int):
                kw[f] = chips_text(self.ph, kw[f])
        return self.ph.render(key, **kw)

    def refuse(self, key: str, **kw: Any) -> Refused:
        return Refused(self.say(key, **kw))

    def duration(self, seconds: int) -> str:
        return wording.say_duration(seconds, self.lang, short=False)

    def money(self, chips: int) -> str:
        return money_text(self.ph, chips * self.ed.chip_value)

    @property
    def pack(self):
        return self.assets.packs[self.pack_name]

    def card(self, card_id: str) -> Card:
        return self.pack.card(card_id)

    def people(self) -> list[str]:
        seen: dict[str, None] = {}
        for t in self.teams:
            for m in t.members:
                seen.setdefault(m, None)
        return list(seen)

    def open_windows(self) -> tuple[str, ...]:
        assert self.run is not None
        return self.ed.open_windows(self.run.round)

    @property
    def rounds(self) -> int:
        return len(self.ed.rounds)

    @property
    def over(self) -> bool:
        return self.phase == "setup" and bool(self.teams) and all(t.result for t in self.teams)

    # -- dispatch -----------------------------------------------------------------
    _ANY = ("setup", "choose", "reading", "stake", "locked", "revealed")
    _PHASES: dict[str, tuple[str, ...]] = {
        "team": _ANY, "mode": ("setup",), "pack": ("setup",), "timer": ("setup",),
        "result": ("setup",), "fix": _ANY, "set": _ANY,
        "start": ("setup",), "choose": ("choose",), "asked": ("reading",),
        "put": ("stake",), "take": ("stake",), "move": ("stake",), "stake": ("stake",),
        "clear": ("stake",), "lock": ("stake",), "timeout": ("stake",), "joker": ("stake",),
        "reveal": ("locked",), "next": ("revealed", "setup"),
        "repeat": ("setup", "choose", "reading", "stake", "locked", "revealed"),
        "scores": ("setup", "choose", "reading", "stake", "locked", "revealed"),
    }
    read_only_verbs = frozenset({"scores", "punkte", "score", "nochmal"})
    _ALIASES = {"wähle": "choose", "waehle": "choose", "setze": "put", "nimm": "take",
                "verschiebe": "move", "einloggen": "lock", "auflösen": "reveal", "weiter": "next",
                "nochmal": "repeat", "punkte": "scores", "score": "scores", "add": "put"}

    #: what the guessing team does, and what the quizmaster does (``Anna put 10 A``,
    #: ``Carla reveal B``): typed with a name, the rules check that this person may do it
    TEAM_VERBS = frozenset({"choose", "put", "take", "move", "stake", "clear", "joker", "lock"})
    QUIZMASTER_VERBS = frozenset({"asked", "reveal"})

    def handle(self, cmd: Command) -> list[str]:
        actor, cmd = split_actor(cmd, self._actor_names())
        verb = self._ALIASES.get(cmd.verb, cmd.verb)
        method: Callable[[Command], list[str]] | None = getattr(self, f"_cmd_{verb}", None)
        if verb not in self._PHASES or method is None:
            raise self.refuse("refuse.unknown", verb=cmd.verb)
        if self.phase not in self._PHASES[verb]:
            raise self.refuse_when(verb)
        if actor is not None:
            self._check_actor(actor, verb)
        return method(cmd)

    def _actor_names(self) -> list[str]:
        names = [t.name for t in self.teams] + self.people()
        if self.run is not None and self.run.quizmaster:
            names.append(self.run.quizmaster)
        return names

    def _check_actor(self, actor: str, verb: str) -> None:
        """The guessing team chooses and stakes; the quizmaster reads and reveals."""
        r = self.run
        if r is None or self.phase == "setup":
            return
        team = self.teams[r.team]
        in_team = actor.casefold() in {team.name.casefold(), *(m.casefold() for m in team.members)}
        if verb in self.TEAM_VERBS and not in_team:
            raise self.refuse("refuse.actor.team", name=actor, team=team.name)
        if verb in self.QUIZMASTER_VERBS and (in_team or (r.quizmaster and actor.casefold() != r.quizmaster.casefold())):
            raise self.refuse("refuse.actor.quizmaster", name=actor, quizmaster=r.quizmaster or "–")

    def refuse_when(self, verb: str) -> Refused:
        """A command at the wrong moment: the rule that says when it fits, then the missing step."""
        key = f"refuse.when.{verb}"
        if self.mode == "cards" and self.ph.has(key + "_cards"):
            key += "_cards"
        elif self.mode == "pack" and self.ph.has(key + "_pack"):
            key += "_pack"
        team = self.teams[self.run.team].name if self.run is not None else ""
        return Refused(self.say(key, team=team) + " " + self.expected())

    def expected(self) -> str:
        """What the table is expected to do now, in the game's words."""
        r = self.run
        if self.phase == "setup":
            waiting = self._waiting()
            if not self.teams:
                return self.say("expect.no_team")
            if waiting:
                return self.say("expect.start", team=waiting[0].name)
            return self.say("expect.all_played")
        assert r is not None
        if self.phase == "choose":
            return self.say("expect.choose")
        if self.phase == "reading":
            return self.say("expect.reading", answers=self.ed.answers_in(r.round))
        if self.phase == "stake":
            return self.say("expect.stake", chips=r.chips, money=self.money(r.chips))
        if self.phase == "locked":
            return self.say("expect.reveal_cards" if self.mode == "cards" else "expect.reveal")
        return self.say("expect.next", round=r.round + 1)

    def _waiting(self) -> list[Team]:
        return [t for t in self.teams if t.result is None]

    # -- setup --------------------------------------------------------------------
    def _cmd_team(self, cmd: Command) -> list[str]:
        if not cmd.args:
            raise self.refuse("refuse.team.usage")
        name, members = cmd.args[0], tuple(cmd.args[1:]) or (cmd.args[0],)
        if any(t.name.casefold() == name.casefold() for t in self.teams):
            raise self.refuse("refuse.team.exists", team=name)
        if len({m.casefold() for m in members}) != len(members):
            raise self.refuse("refuse.team.twice", team=name)
        if not self.ed.team_min <= len(members) <= self.ed.team_max:
            raise self.refuse("refuse.team.size", min=self.ed.team_min, max=self.ed.team_max,
                              count=len(members))
        self._add_team(name, members)
        return [self.say("team.added", team=name, members=", ".join(members))]

    def _add_team(self, name: str, members: tuple[str, ...]) -> Team:
        team = Team(name, members)
        self.teams.append(team)
        return team

    def _cmd_mode(self, cmd: Command) -> list[str]:
        v = (cmd.arg(0) or "").lower()
        if v not in MODES or len(cmd.args) != 1:
            raise self.refuse("refuse.mode.usage")
        self.mode = v
        return [self.say("mode.cards") if v == "cards" else self.say("mode.pack", title=self.pack.title)]

    def _cmd_pack(self, cmd: Command) -> list[str]:
        name = cmd.arg(0)
        if name not in self.assets.packs or len(cmd.args) != 1:
            raise self.refuse("refuse.pack.unknown", name=name or "", names=", ".join(sorted(self.assets.packs)))
        self.pack_name = name
        said = [self.say("mode.pack", title=self.pack.title)]
        if self.mode != "pack":
            said.append(self.say("pack.cards_mode_note"))
        return said

    def _cmd_timer(self, cmd: Command) -> list[str]:
        v = (cmd.arg(0) or "").lower()
        secs = self._timer_value(v) if len(cmd.args) == 1 else False
        if secs is False:
            raise self.refuse("refuse.timer.usage")
        self.time_limit = secs  # type: ignore[assignment]
        return [self.say("timer.on", time=self.duration(secs)) if secs else self.say("timer.off")]

    def _cmd_start(self, cmd: Command) -> list[str]:
        waiting = self._waiting()
        if not self.teams:
            raise self.refuse("refuse.start.no_team")
        if cmd.args:
            wanted = " ".join(cmd.args).casefold()
            match = [t for t in self.teams if t.name.casefold() == wanted]
            if not match:
                raise self.refuse("refuse.start.unknown_team", team=" ".join(cmd.args),
                                  teams=", ".join(t.name for t in self.teams))
            if match[0].result is not None:
                raise self.refuse("refuse.start.played", team=match[0].name)
            team = match[0]
        elif not waiting:
            raise self.refuse("refuse.start.all_played")
        else:
            team = waiting[0]
        return self._start_run(team)

    def _pick_quizmaster(self, team: Team) -> str | None:
        people = self.people()
        for step in range(len(people)):
            i = (self._qm_next + step) % len(people)
            if people[i] not in team.members:
                self._qm_next = i + 1
                return people[i]
        return None

    def _start_run(self, team: Team) -> list[str]:
        qm = self._pick_quizmaster(team)
        self.run = Run(self.teams.index(team), qm, chips=self.ed.chips)
        self.reveal = None
        said = [self.say("run.start", team=team.name, chips=self.ed.chips, money=self.money(self.ed.chips))]
        if qm:
            said.append(self.say("run.quizmaster_cards" if self.mode == "cards" else "run.quizmaster_pack",
                                 name=qm))
        return said + self._start_round()

    # -- a round --------------------------------------------------------------------
    def _start_round(self) -> list[str]:
        r = self.run
        assert r is not None
        r.round_start_chips = r.chips
        r.stakes = {}
        r.offered, r.chosen, r.played, r.timed_out = [], None, None, False
        r.typed_category = None
        n = self.ed.answers_in(r.round)
        said = [self.say("round.start", round=r.round, rounds=self.rounds, answers=n)]
        if r.round > 1:
            closed = [w for w in self.ed.open_windows(r.round - 1) if w not in self.ed.open_windows(r.round)]
            for w in closed:
                said.append(self.say("round.window_closed", letter=w))
        if self.mode == "cards":
            self.phase = "reading"
            said.append(self.say("round.read_cards", answers=n))
            return said
        cards, reused = self.pool.draw(self.pack.cards[n], 2, self.draw_rng())
        if reused:
            said.append(self.say("cards.reused", answers=n))
        r.offered = [c.id for c in cards]
        self.phase = "choose"
        return said + self._categories()

    def _categories(self) -> list[str]:
        r = self.run
        assert r is not None
        a, b = (self.card(i) for i in r.offered)
        return [self.say("round.categories", first=a.category, second=b.category)]

    def _cmd_choose(self, cmd: Command) -> list[str]:
        r = self.run
        assert r is not None
        arg = " ".join(cmd.args).strip()
        if not arg:
            raise self.refuse("refuse.choose.usage")
        cats = [self.card(i).category for i in r.offered]
        if arg in ("1", "2"):
            idx = parse_whole(arg) - 1
        else:
            # the exact name first: "Planeten" must not be ambiguous next to "Planetenmonde"
            hits = [i for i, c in enumerate(cats) if c.casefold() == arg.casefold()]
            if not hits:
                hits = [i for i, c in enumerate(cats) if c.casefold().startswith(arg.casefold())]
            if len(hits) != 1:
                raise self.refuse("refuse.choose.usage")
            idx = hits[0]
        r.chosen, r.played = idx, r.offered[idx]
        said = [self.say("choose.chosen", category=cats[idx], other=cats[1 - idx])]
        return said + self._read_card() + self._begin_stake()

    def _read_card(self) -> list[str]:
        assert self.run is not None and self.run.played is not None
        c = self.card(self.run.played)
        said = [self.say("read.answers")]
        said += [self.say("read.answer", letter=letter, text=text) for letter, text in c.answers]
        said.append(self.say("read.question", question=c.question))
        return said

    def _cmd_asked(self, cmd: Command) -> list[str]:
        """``asked [CATEGORY]``: the quizmaster has read the question; the category read from the
        printed card may be typed so that the state (and the joker field) shows it."""
        assert self.run is not None
        self.run.typed_category = " ".join(cmd.args).strip() or None
        return self._begin_stake()

    def _begin_stake(self) -> list[str]:
        r = self.run
        assert r is not None
        self.phase = "stake"
        self._timer_key += 1
        said = [self.say("stake.begin", chips=r.chips, money=self.money(r.chips),
                         windows=", ".join(self.open_windows()))]
        if self.time_limit:
            said.append(self.say("stake.time", time=self.duration(self.time_limit)))
        return said

    # -- stakes ---------------------------------------------------------------------
    def _window(self, arg: str) -> str:
        letter = arg.upper()
        if letter not in self.ed.windows:
            raise self.refuse("refuse.window.unknown", letter=arg, windows=", ".join(self.open_windows()))
        if letter not in self.open_windows():
            raise self.refuse("refuse.window.closed", letter=letter, windows=", ".join(self.open_windows()))
        return letter

    @staticmethod
    def _is_letter(arg: str) -> bool:
        return len(arg) == 1 and arg.isalpha()

    def _chips(self, arg: str, available: int) -> int:
        """A chip count: a whole number, ``all``, or an amount in euros (``250000€``,
        ``250.000 €``, ``€250,000``) that must be a whole number of chips."""
        a = arg.strip().lower()
        if a in ALL_WORDS:
            return available
        if is_whole(a):
            n = parse_whole(a, lo=0, hi=10 ** 6)
        else:
            n = self._euros_to_chips(arg)
            if n is None:
                raise self.refuse("refuse.chips.usage", arg=arg)
        if n <= 0:
            raise self.refuse("refuse.chips.usage", arg=arg)
        return n

    def _euros_to_chips(self, arg: str) -> int | None:
        """An amount in euros (``250000€``, ``250.000 €``, ``€250,000``, ``1 Mio``) as chips;
        None if ``arg`` is not an amount; refused if it is no whole number of chips."""
        a = re.sub(r"(?i)\s*(euros?|eur)\s*$", "€", arg.strip())
        if "€" not in a and not re.search(r"(?i)(mio|m|k)$", a):
            return None
        try:
            euros = parse_money(a, field=None, lo=0, hi=10 ** 9)
        except UserError:
            return None
        if euros % self.ed.chip_value:
            raise self.refuse("refuse.chips.amount", arg=arg, chip=self.money(1))
        return euros // self.ed.chip_value

    def _count_and_letters(self, cmd: Command, letters: int, verb: str) -> tuple[str | None, list[str]]:
        """Split ``[N] L1 [L2]`` (the count may also come last); None if no count was given.
        A lone ``€`` word is glued to the count before it (``put 250.000 € A``)."""
        words: list[str] = []
        for w in cmd.args:
            if w in ("€", "EUR", "eur", "Euro", "euro") and words:
                words[-1] += "€"
            else:
                words.append(w)
        count = [w for w in words if not self._is_letter(w)]
        lets = [w for w in words if self._is_letter(w)]
        if len(lets) != letters or len(count) > 1:
            raise self.refuse(f"refuse.{verb}.usage")
        return (count[0] if count else None), [self._window(w) for w in lets]

    def _cmd_put(self, cmd: Command) -> list[str]:
        r = self.run
        assert r is not None
        count, (letter,) = self._count_and_letters(cmd, 1, "put")
        if r.unplaced == 0:
            raise self.refuse("refuse.put.none_left")
        n = self._chips(count, r.unplaced) if count else 1
        if n > r.unplaced:
            raise self.refuse("refuse.put.not_enough", chips=n, left=r.unplaced, money=self.money(r.unplaced))
        r.stakes[letter] = r.stakes.get(letter, 0) + n
        return [self._board_line(letter)]

    def _cmd_take(self, cmd: Command) -> list[str]:
        r = self.run
        assert r is not None
        count, (letter,) = self._count_and_letters(cmd, 1, "take")
        on = r.stakes.get(letter, 0)
        if on == 0:
            raise self.refuse("refuse.take.empty", letter=letter)
        n = self._chips(count, on) if count else 1
        if n > on:
            raise self.refuse("refuse.take.not_enough", letter=letter, chips=n, on=on)
        r.stakes[letter] = on - n
        if not r.stakes[letter]:
            del r.stakes[letter]
        return [self._board_line(letter)]

    def _cmd_move(self, cmd: Command) -> list[str]:
        r = self.run
        assert r is not None
        count, (src, dst) = self._count_and_letters(cmd, 2, "move")
        on = r.stakes.get(src, 0)
        if on == 0:
            raise self.refuse("refuse.take.empty", letter=src)
        if src == dst:
            raise self.refuse("refuse.move.same")
        n = self._chips(count, on) if count else on
        if n > on:
            raise self.refuse("refuse.take.not_enough", letter=src, chips=n, on=on)
        r.stakes[src] = on - n
        if not r.stakes[src]:
            del r.stakes[src]
        r.stakes[dst] = r.stakes.get(dst, 0) + n
        return [self._board_line(dst)]

    def _cmd_stake(self, cmd: Command) -> list[str]:
        r = self.run
        assert r is not None
        if not cmd.args:
            raise self.refuse("refuse.stake.usage")
        new: dict[str, int] = {}
        for word in cmd.args:
            m = re.fullmatch(r"([A-Za-z])\s*[=:]\s*(\S+)", word)
            if not m:
                raise self.refuse("refuse.stake.usage")
            letter = self._window(m.group(1))
            if letter in new:
                raise self.refuse("refuse.stake.twice", letter=letter)
            n = 0 if m.group(2) == "0" else self._chips(m.group(2), r.chips)
            if n:
                new[letter] = n
        total = sum(new.values())
        if total > r.chips:
            raise self.refuse("refuse.stake.too_much", chips=total, have=r.chips, money=self.money(r.chips))
        r.stakes = new
        return [self._board_summary()]

    def _cmd_clear(self, cmd: Command) -> list[str]:
        assert self.run is not None
        self.run.stakes = {}
        return [self.say("stake.cleared", chips=self.run.chips)]

    def _board_line(self, letter: str) -> str:
        r = self.run
        assert r is not None
        on = r.stakes.get(letter, 0)
        if not r.unplaced:
            return self.say("stake.window_done", letter=letter, chips=on, money=self.money(on))
        return self.say("stake.window", letter=letter, chips=on, money=self.money(on),
                        left=r.unplaced, left_money=self.money(r.unplaced))

    def _board_summary(self, *, left: bool = True) -> str:
        r = self.run
        assert r is not None
        parts = [self.say("stake.part", letter=w, chips=r.stakes[w], money=self.money(r.stakes[w]))
                 if r.stakes.get(w) else self.say("stake.part_empty", letter=w) for w in self.open_windows()]
        if not left:
            return "; ".join(parts) + "."
        if not r.unplaced:
            return self.say("stake.summary_done", windows="; ".join(parts))
        return self.say("stake.summary", windows="; ".join(parts), left=r.unplaced,
                        left_money=self.money(r.unplaced))

    def stake_problem(self) -> str | None:
        """Why the current stake may not be locked in, or None if it may."""
        r = self.run
        assert r is not None
        if r.unplaced:
            return self.say("refuse.lock.unplaced", chips=r.unplaced, money=self.money(r.unplaced))
        if all(r.stakes.get(w, 0) for w in self.open_windows()):
            return self.say("refuse.lock.no_empty")
        return None

    def _cmd_lock(self, cmd: Command) -> list[str]:
        problem = self.stake_problem()
        if problem:
            raise Refused(problem)
        self.phase = "locked"
        return [self.say("lock.done", summary=self._board_summary(left=False)), self.expected()]

    def _cmd_timeout(self, cmd: Command) -> list[str]:
        r = self.run
        assert r is not None
        if not self.time_limit:
            raise self.refuse("refuse.timeout.no_timer")
        said = [self.say("timeout.now")]
        if r.unplaced:
            lost = r.unplaced
            said.append(self.say("timeout.unplaced_lost", chips=lost, money=self.money(lost)))
            r.chips -= lost
        opened = self.open_windows()
        if all(r.stakes.get(w, 0) for w in opened):
            last = opened[-1]
            lost = r.stakes.pop(last)
            said.append(self.say("timeout.last_window_lost", letter=last, chips=lost, money=self.money(lost)))
            r.chips -= lost
        r.timed_out = True
        if r.chips == 0:  # nothing on any window: no reveal can save anything
            team = self.teams[r.team]
            self.reveal = None
            said.append(self.say("timeout.out", team=team.name, round=r.round,
                                 saved=self.money(r.round_start_chips)))
            return said + self._end_run(RunResult(team.name, team.members, r.round, 0,
                                                  r.round_start_chips, False))
        self.phase = "locked"
        said += [self.say("lock.done", summary=self._board_summary(left=False)), self.expected()]
        return said

    # -- the joker ------------------------------------------------------------------
    def _cmd_joker(self, cmd: Command) -> list[str]:
        r = self.run
        assert r is not None
        if r.joker_used:
            raise self.refuse("refuse.joker.used")
        r.joker_used = True
        r.joker_round = r.round
        r.stakes = {}  # the chips were placed on the old card's answers
        if self.mode == "cards":
            r.joker_category = r.typed_category
            r.typed_category = None
            self.phase = "reading"
            return [self.say("joker.cards")]
        assert r.chosen is not None
        r.joker_card = r.played
        left = self.card(r.offered[r.chosen]).category
        r.chosen = 1 - r.chosen
        r.played = r.offered[r.chosen]
        said = [self.say("joker.pack", left=left, category=self.card(r.played).category)]
        return said + self._read_card() + self._begin_stake()

    # -- the reveal -----------------------------------------------------------------
    def _cmd_reveal(self, cmd: Command) -> list[str]:
        r = self.run
        assert r is not None
        if self.mode == "cards":
            if len(cmd.args) != 1 or not self._is_letter(cmd.args[0]):
                raise self.refuse("refuse.reveal.letter_needed", windows=", ".join(self.open_windows()))
            right = self._window(cmd.args[0])
            answer = None
        else:
            if cmd.args:
                raise self.refuse("refuse.reveal.letter_known")
            c = self.card(r.played)  # type: ignore[arg-type]
            right, answer = c.right, c.answer_text(c.right)
        steps, said = [], []
        for w in self.open_windows():
            if w == right:
                continue
            on = r.stakes.get(w, 0)
            steps.append({"window": w, "chips": on, "money": on * self.ed.chip_value})
            said.append(self.say("reveal.drop", letter=w, chips=on, money=self.money(on)) if on
                        else self.say("reveal.empty", letter=w))
        kept = r.stakes.get(right, 0)
        said.append(self.say("reveal.right", letter=right, text=answer) if answer
                    else self.say("reveal.right_cards", letter=right))
        self.reveal = {"round": r.round, "right": right, "answer": answer, "steps": steps,
                       "kept_chips": kept, "kept": kept * self.ed.chip_value,
                       "lost_chips": r.round_start_chips - kept}
        r.history.append({"round": r.round, "card": r.played, "joker": r.joker_round == r.round,
                          "stakes": dict(r.stakes), "right": right, "kept": kept,
                          "timed_out": r.timed_out})
        r.chips = kept
        r.stakes = {right: kept} if kept else {}
        team = self.teams[r.team]
        if kept == 0:
            said.append(self.say("reveal.out", team=team.name, round=r.round,
                                 saved=self.money(r.round_start_chips)))
            return said + self._end_run(RunResult(team.name, team.members, r.round, 0,
                                                  r.round_start_chips, False))
        if r.round == self.rounds:
            said.append(self.say("reveal.won", team=team.name, money=self.money(kept), rounds=self.rounds))
            return said + self._end_run(RunResult(team.name, team.members, r.round, kept, kept, True))
        self.phase = "revealed"
        said.append(self.say("reveal.kept", money=self.money(kept), chips=kept))
        return said

    def _end_run(self, result: RunResult) -> list[str]:
        assert self.run is not None
        self.teams[self.run.team].result = result
        self.phase = "setup"
        waiting = self._waiting()
        if waiting:
            return [self.say("run.next_team", team=waiting[0].name)]
        return [self.say("run.all_played")] + self._score_lines()

    def _cmd_next(self, cmd: Command) -> list[str]:
        if self.phase == "setup":
            if not self.teams:
                raise self.refuse("refuse.start.no_team")
            if not self._waiting():
                raise self.refuse("refuse.start.all_played")
            if cmd.args:
                return self._cmd_start(cmd)
            return self._start_run(self._waiting()[0])
        assert self.run is not None
        self.run.round += 1
        return self._start_round()

    # -- reading again, scores ------------------------------------------------------
    def _cmd_repeat(self, cmd: Command) -> list[str]:
        r = self.run
        if self.phase == "choose":
            return self._categories()
        if self.phase in ("stake", "locked") and self.mode == "pack" and r and r.played:
            return self._read_card()
        return [self.expected()]

    def _cmd_scores(self, cmd: Command) -> list[str]:
        return self._score_lines()

    def _score_lines(self) -> list[str]:
        rows = self.scoreboard()
        if not rows:
            return [self.say("scores.none")]
        said = [self.say("scores.title")]
        for row in rows:
            key = "scores.row_won" if row["finished"] else "scores.row_out"
            said.append(self.say(key, place=row["place"], team=row["team"], round=row["round_reached"],
                                 money=self.money(row["chips"]), saved=self.money(row["saved_chips"])))
        return said

    def scoreboard(self) -> list[dict[str, Any]]:
        results = [t.result for t in self.teams if t.result is not None]
        return [{"place": place, "team": r.team, "members": list(r.members),
                 "money": r.chips_after * self.ed.chip_value, "chips": r.chips_after,
                 "round_reached": r.round_reached,
                 "money_saved": r.chips_saved * self.ed.chip_value, "saved_chips": r.chips_saved,
                 "finished": r.finished}
                for place, r in ranked(results)]

    # -- what the table sees ----------------------------------------------------------
    def public_state(self) -> dict[str, Any]:
        r = self.run
        state: dict[str, Any] = {
            "phase": self.phase,
            "expected": self.expected(),
            "mode": self.mode,
            "pack": self.pack_name if self.mode == "pack" else None,
            "time_limit": self.time_limit,
            "chip_value": self.ed.chip_value,
        }
        if r is not None:  # after a run ends its last board stays on show until the next starts
            team = self.teams[r.team]
            opened = self.open_windows()
            card = self.card(r.played) if (self.mode == "pack" and r.played) else None
            answers = dict(card.answers) if card else {}
            state["run"] = {
                "team": team.name, "members": list(team.members), "quizmaster": r.quizmaster,
                "finished": self.phase == "setup",
                "round": r.round, "rounds": self.rounds, "answers": len(opened),
                "chips": r.chips, "money": r.chips * self.ed.chip_value,
                "unplaced": r.unplaced, "unplaced_money": r.unplaced * self.ed.chip_value,
                "joker_used": r.joker_used,
                "joker_card": self.joker_field(),
                "round_start_chips": r.round_start_chips,
                "categories": [self.card(i).category for i in r.offered] if r.offered else None,
                "category": card.category if card else r.typed_category,
                "question": card.question if card else None,
                "windows": [{"letter": w, "open": w in opened, "chips": r.stakes.get(w, 0),
                             "money": r.stakes.get(w, 0) * self.ed.chip_value,
                             "answer": answers.get(w)} for w in self.ed.windows],
                "stake_ok": self.stake_problem() is None if self.phase == "stake" else None,
            }
        state["reveal"] = self.reveal
        state["teams"] = [{"team": t.name, "members": list(t.members),
                           "status": "done" if t.result else
                           ("playing" if r is not None and self.phase != "setup" and self.teams[r.team] is t
                            else "waiting")} for t in self.teams]
        state["scoreboard"] = self.scoreboard()
        if self.mode == "pack":
            state["cards_left"] = {str(k): self.pool.fresh(v) for k, v in self.pack.cards.items()}
        return state

    def joker_field(self) -> dict[str, Any] | None:
        """The card lying on the joker field (None while the joker is unused): with the pack its
        category and question, with the printed cards the category if the quizmaster typed it."""
        r = self.run
        if r is None or not r.joker_used:
            return None
        if r.joker_card:
            c = self.card(r.joker_card)
            return {"round": r.joker_round, "category": c.category, "question": c.question}
        return {"round": r.joker_round, "category": r.joker_category, "question": None}

    # -- a game in progress ------------------------------------------------------------
    def export_state(self) -> dict[str, Any]:
        from tiptoi_sim.assistants.rette_die_million.state import export_state

        return export_state(self)

    @classmethod
    def from_state(cls, assets, state, *, seed=0, lang="de", options=None) -> "RetteDieMillion":
        from tiptoi_sim.assistants.rette_die_million.state import check_loaded, load_state

        g = load_state(cls, assets, state, seed=seed, lang=lang, options=options)
        check_loaded(g, state)
        return g

    def describe_state(self) -> list[str]:
        from tiptoi_sim.assistants.rette_die_million.state import describe

        return describe(self)

    # -- hints for the front ends -------------------------------------------------------
    def suggestions(self) -> list[str]:
        r = self.run
        if self.phase == "setup":
            out = ["team …"]
            if self._waiting():
                out.insert(0, "start")
            out += ["mode cards" if self.mode == "pack" else "mode pack",
                    "timer off" if self.time_limit else "timer on", "scores"]
            return out
        assert r is not None
        if self.phase == "choose":
            return ["choose 1", "choose 2", "repeat"]
        if self.phase == "reading":
            return ["asked"]
        if self.phase == "stake":
            opened = self.open_windows()
            out = []
            if self.stake_problem() is None:
                out.append("lock")
            out += [f"put {w}" for w in opened] + [f"put all {w}" for w in opened if r.unplaced]
            out += [f"take {w}" for w in opened if r.stakes.get(w)]
            if r.stakes:
                out.append("clear")
            if not r.joker_used:
                out.append("joker")
            return out
        if self.phase == "locked":
            if self.mode == "cards":
                return [f"reveal {w}" for w in self.open_windows()]
            return ["reveal"]
        return ["next", "scores"]

    def timer_seconds(self) -> float | None:
        return float(self.time_limit) if (self.phase == "stake" and self.time_limit) else None

    def timer_key(self) -> int | None:
        """Changes whenever a new countdown starts (a question was read, or the joker's card);
        front ends keep a running countdown while it stays the same."""
        return self._timer_key if self.timer_seconds() else None

    # -- the screen (pygame imported only there) ---------------------------------------
    def draw_state(self, surface, rect, state, fonts) -> None:
        from tiptoi_sim.assistants.rette_die_million.panel import draw_state

        draw_state(surface, rect, state, fonts, self.ph)

    def click_state(self, rect, state, pos, button: int = 1) -> str | None:
        from tiptoi_sim.assistants.rette_die_million.panel import click_command

        return click_command(rect, state, pos, button)
