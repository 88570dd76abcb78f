"""The banker and caller of *Millions of Dollars*: set-up, the bank, the centre, the stakes,
the leader card, the loot cards, the face-up role cards, the negotiation's leaving payments,
side deals and vote, and the end. The heist (calling the roles and applying them) is in
:mod:`.heist`; corrections (``fix``) and state files in :mod:`.table`.

Phases, in the order a round goes (``public_state()["phase"]``):

``setup``        ``players``, ``leader``, ``timer``, then ``start``
``ready``        ``plan`` reveals the next loot card (the program's draw, or the card the table
                 drew, typed in: ``plan 12 brute 5``)
``planning``     role cards go face down, all but one are turned face up: ``faceup ROLE...``;
                 ``negotiate`` starts the talk
``negotiation``  ``leave``, ``pay``, ``vote``; ``timeout`` (sent by the front end's timer) ends it
``heist``        ``reveal ROLE PLAYER...`` per called role, ``target`` when a role needs one
``over``         the game has a winner

Who acts: a line may start with the acting player's name (``C vote yes``, ``B leave``,
``A pay B 2``); the rules decide whether that player may act now.

Money lives in a :class:`Ledger` (players, centre, reserve); after every command the ledger is
re-added and a command that would break the sum is refused, so a mistake can never create or
lose a dollar. Every rule the rulebook leaves open follows the binding rulings in
``shared/spec/table-assistants.md``; the few choices of ours are listed in
``docs/assistants/millions-of-dollars.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tiptoi_sim.assistants.base import AssistantGame, Command, CommandHelp, Refused, split_actor
from tiptoi_sim.assistants.millions_of_dollars.assets import Assets, LootCard, load_assets
from tiptoi_sim.assistants.millions_of_dollars.heist import HeistMixin
from tiptoi_sim.assistants.millions_of_dollars.ledger import CENTRE, RESERVE, Ledger, LedgerError, account
from tiptoi_sim.assistants.millions_of_dollars.model import (
    FROM, NO, NOBODY, RESERVED, TO, YES, Slot, fold, parse_amount, parse_count)
from tiptoi_sim.assistants.millions_of_dollars.table import TableMixin
from tiptoi_sim.assistants.session import phrases_for
from tiptoi_sim.core.errors import UserError
from tiptoi_sim.core.wording import count, join_or, join_words, say_duration, say_number

_OPTIONS = ("timer",)
#: verbs a player's name may stand before (``B leave``); the rest are the whole table's
ACTOR_VERBS = {"leave", "pay", "vote", "reveal", "target"}
#: every word of the command language (no player may be called like one)
VERBS = {"players", "leader", "timer", "start", "plan", "faceup", "up", "negotiate", "leave", "pay",
         "vote", "timeout", "reveal", "target", "fix", "set", "undo", "help", "state", "repeat"}
#: the keyword of a typed loot card's Brain value (``plan 14 tech 3 value 10``)
VALUE = ("value", "wert", "brainvalue", "brain_value")


class MillionsOfDollars(TableMixin, HeistMixin, AssistantGame):
    game_id: ClassVar[str] = "millions-of-dollars"
    title: ClassVar[str] = "Millions of Dollars"
    timer_command: ClassVar[str] = "timeout"
    commands: ClassVar[list[CommandHelp]] = [
        CommandHelp("players NAME NAME NAME...", "seat the players, clockwise (3 or more)"),
        CommandHelp("leader NAME", "who watched a heist movie most recently gets the leader card"),
        CommandHelp("timer SECONDS", "the negotiation time (0: no timer)"),
        CommandHelp("start", "deal $10M each, form the reserve, draw the 5 loot cards"),
        CommandHelp("plan [CASH [ROLE BONUS]... [value BRAIN] | CARD]", "reveal the next loot card (the "
                    "program's draw, or the card the table drew), add its cash, collect the stakes"),
        CommandHelp("faceup ROLE ROLE...", "the role cards turned face up in planning (all but one)"),
        CommandHelp("negotiate [ROLE...]", "start the negotiation (and its timer); the face-up cards "
                    "may be given here"),
        CommandHelp("leave PLAYER [AMOUNT from PAYER]... | PLAYER leave ...", "a player (one role with "
                    "3 players) leaves the heist, takes back the stake and is paid what was agreed"),
        CommandHelp("pay PAYER PAYEE AMOUNT | PAYER pay PAYEE AMOUNT", "a side deal in the negotiation"),
        CommandHelp("vote YES_COUNT | vote NAME... | vote", "the leader calls the vote (the heist starts "
                    "if at least half agree); with no count, each player then votes: NAME vote yes|no"),
        CommandHelp("timeout", "the negotiation time is up: the heist starts"),
        CommandHelp("reveal ROLE PLAYER...|none", "the called role is revealed by these players "
                    "(or nobody); also just: ROLE PLAYER..., or PLAYER reveal ROLE"),
        CommandHelp("target ROLE|PLAYER|none", "the tech's elimination (a face-up role), whose card it "
                    "was, or the mentalist's victim"),
        CommandHelp("fix cash PLAYER AMOUNT | fix centre AMOUNT | fix leader PLAYER | fix faceup ROLE... | "
                    "fix loot ...", "correct one fact; money moves from or to the reserve"),
    ]

    def __init__(self, assets: Assets, *, seed: int = 0, lang: str = "de",
                 options: dict[str, Any] | None = None):
        super().__init__(assets, seed=seed, lang=lang, options=options)
        self.ed = assets.edition
        self.p = phrases_for(assets.phrases, lang)
        for key in self.options:
            if key not in _OPTIONS:
                raise UserError(f"--option {key}: unknown; millions-of-dollars knows: " + ", ".join(_OPTIONS))
        timer = self.options.get("timer", self.ed.negotiation_seconds)
        if not isinstance(timer, int) or isinstance(timer, bool) or timer < 0:
            raise UserError(f"--option timer={timer!r}: expected a whole number of seconds, 0 or more")
        self.timer: int = timer
        self.phase = "setup"
        self.names: list[str] = []
        self.leader = 0
        self.ledger: Ledger | None = None
        self.loot_total = self.ed.loot_cards_per_game
        self.deck: list[str] = []          # the program's draws for the loot cards still to come
        self.card: LootCard | None = None  # the loot card on the table
        self.round = 0                     # loot cards revealed so far
        self.slots: list[Slot] = []
        self.face_up: list[str] | None = None  # role ids turned face up in planning (None: not told)
        self.deals: list[dict[str, Any]] = []  # this round's payments: leaving and side deals
        self.vote: dict[str, Any] | None = None  # an open vote: caller, yes, no (seats)
        self.winner: int | None = None
        self.last_result: list[str] = []   # the last sharing, for the screen
        self._init_heist()

    @classmethod
    def load_assets(cls, folder) -> Assets:
        return load_assets(folder)

    # -- words ----------------------------------------------------------------
    def t(self, key: str, **kw: Any) -> str:
        return self.p.render(key, **kw)

    def money(self, n: int) -> str:
        """Millions of dollars as said: "2 Millionen Dollar", "1 million dollars", "nothing"."""
        if n == 0:
            return self.t("money.none")
        return count(n, self.t("money.one"), self.t("money.other"), self.lang)

    def short(self, n: int) -> str:
        """Millions of dollars as written on the screen and in ``state``: "2 Mio. $", "$2M"."""
        return self.t("money_short", n=say_number(n, self.lang))

    def seconds(self, n: int) -> str:
        return say_duration(n, self.lang, short=False)

    def role_name(self, role_id: str) -> str:
        """The role's label (lists, the screen): "Akrobat", "Acrobat"."""
        return self.ed.role(role_id).names.get(self.lang, role_id)

    def role(self, role_id: str, form: str = "the", cap: bool = False) -> str:
        """The role in a sentence: ``the`` "der Akrobat"/"the acrobat", ``the_acc``
        "den Akrobaten", ``one`` "Akrobat"/"acrobat", ``many`` "Akrobaten"/"acrobats"."""
        word = self.ed.role(role_id).forms[self.lang][form]
        return word[:1].upper() + word[1:] if cap else word

    def roles_list(self, role_ids: list[str]) -> str:
        """Roles in a sentence, a repeated one counted: "tech, 2 drivers and brute"."""
        if not role_ids:
            return "–"
        counts = {r: role_ids.count(r) for r in role_ids}
        words = [self.role(r, "one") if k == 1 else count(k, self.role(r, "one"), self.role(r, "many"), self.lang)
                 for r, k in counts.items()]
        return join_words(words, self.lang)

    def choices(self, role_ids: list[str]) -> str:
        """Roles to choose from: "acrobat, brute or driver"."""
        words = [self.role(r, "one") for r in dict.fromkeys(role_ids)]
        return join_or(words, self.lang) or "–"

    def names_list(self, seats) -> str:
        return join_words([self.names[s] for s in seats], self.lang)

    def card_name(self, card: LootCard) -> str:
        return card.names.get(self.lang, card.id)

    def refuse(self, key: str, **kw: Any) -> Refused:
        return Refused(self.t(key, **kw))

    @property
    def loot(self) -> LootCard | None:
        return self.card

    @property
    def two_roles(self) -> bool:
        return len(self.names) in self.ed.two_roles_with

    @property
    def per_player(self) -> int:
        return 2 if self.two_roles else 1

    def roles_in_use(self) -> list[str]:
        return [r.id for r in self.ed.roles_for(len(self.names))] if self.names else []

    def cash(self, seat: int) -> int:
        return self.ledger[account(seat)] if self.ledger else 0

    def seat_of(self, word: str) -> int:
        """A player by name (any case) or seat number (1 = first seated)."""
        w = word.strip()
        n = parse_count(w)
        if n is not None and 1 <= n <= len(self.names):
            return n - 1
        for i, name in enumerate(self.names):
            if fold(name) == fold(w):
                return i
        raise self.refuse("refuse.no_player", word=word, players=", ".join(self.names) or "–")

    def role_of(self, word: str) -> str | None:
        """A role by id or by its name in either language; None if the word is no role."""
        w = fold(word)
        for r in self.ed.roles:
            if w == fold(r.id) or any(w == fold(n) for n in r.names.values()) \
                    or any(w == fold(f[k]) for f in r.forms.values() for k in ("one", "many")):
                return r.id
        return None

    def amount_of(self, word: str, usage: str) -> int:
        n = parse_amount(word)
        if n is None:
            raise self.refuse("refuse.amount", word=word, usage=usage)
        return n

    # -- the command dispatcher -------------------------------------------------
    def handle(self, cmd: Command) -> list[str]:
        actor_name, cmd = split_actor(cmd, self.names)
        actor = self.names.index(actor_name) if actor_name is not None else None
        verb, args = cmd.verb, list(cmd.args)
        if verb == "set":
            verb = "fix"
        if verb == "up":
            verb = "faceup"
        handler = getattr(self, f"_cmd_{verb}", None) if verb.isidentifier() else None
        if handler is None and self.role_of(verb) is not None:
            handler, args, verb = self._cmd_reveal, [verb] + args, "reveal"
        if handler is None:
            raise self.refuse("refuse.unknown", verb=cmd.verb)
        if self.phase == "over" and handler is not self._cmd_timer:
            raise self.refuse("refuse.over", winner=self.names[self.winner])
        if actor is not None and verb not in ACTOR_VERBS:
            raise self.refuse("refuse.no_actor", name=self.names[actor], verb=verb)
        try:
            said = handler(args, actor)
        except LedgerError as e:
            raise self.refuse("refuse.money_check", problem=str(e)) from None
        problem = self.ledger.check() if self.ledger else None
        if problem:
            # a mistake of the program: the session restores the state from before the command
            raise self.refuse("refuse.money_check", problem=problem)
        return said

    def _need(self, verb: str, *phases: str) -> None:
        """Refuse ``verb`` outside ``phases``, naming the rule of when it happens."""
        if self.phase in phases:
            return
        if self.phase == "setup" and verb not in ("players", "leader", "start"):
            raise self.refuse("refuse.not_started", expected=self.expected())
        key = f"when.{verb}.{self.phase}"
        if not self.p.has(key):
            key = f"when.{verb}"
        raise self.refuse(key, expected=self.expected(), n=self.round)

    # -- set-up -----------------------------------------------------------------
    def check_name(self, name: str) -> str | None:
        """Why ``name`` cannot be a player's name, or None."""
        f = fold(name)
        if not f or parse_count(f) is not None or f in RESERVED or f in VERBS \
                or self.role_of(name) is not None or parse_amount(name) is not None:
            return self.t("refuse.bad_name", name=name)
        return None

    def _cmd_players(self, args: list[str], actor) -> list[str]:
        self._need("players", "setup")
        ed = self.ed
        if not (ed.min_players <= len(args) <= ed.max_players):
            raise self.refuse("refuse.player_count", min=ed.min_players, max=ed.max_players, n=len(args))
        folded = [fold(a) for a in args]
        for a, f in zip(args, folded):
            problem = self.check_name(a)
            if problem:
                raise Refused(problem)
            if folded.count(f) > 1:
                raise self.refuse("refuse.same_name", name=a)
        self.names = [a.strip() for a in args]
        self.leader = 0
        colours = join_words([self.ed.colour_names[self.ed.role(r).colour][self.lang]
                              for r in self.roles_in_use()], self.lang)
        said = [self.t("setup.players", n=len(args), names=self.names_list(range(len(args)))),
                self.t("setup.roles", colours=colours, roles=self.roles_list(self.roles_in_use()))]
        if self.two_roles:
            said.append(self.t("setup.two_roles"))
        return said

    def _cmd_leader(self, args: list[str], actor) -> list[str]:
        self._need("leader", "setup")
        if not self.names:
            raise self.refuse("refuse.players_first")
        if len(args) != 1:
            raise self.refuse("refuse.usage", usage=self.t("usage.leader"))
        self.leader = self.seat_of(args[0])
        return [self.t("setup.leader", name=self.names[self.leader])]

    def _cmd_timer(self, args: list[str], actor) -> list[str]:
        secs = parse_count(args[0]) if len(args) == 1 else None
        if secs is None or secs > 3600:
            raise self.refuse("refuse.usage", usage=self.t("usage.timer"))
        self.timer = secs
        return [self.t("timer.set", time=self.seconds(secs)) if secs else self.t("timer.disabled")]

    def _cmd_start(self, args: list[str], actor) -> list[str]:
        self._need("start", "setup")
        if not self.names:
            raise self.refuse("refuse.players_first")
        ed = self.ed
        balances = {account(i): ed.starting_cash for i in range(len(self.names))}
        balances.update({CENTRE: 0, RESERVE: ed.reserve})
        self.ledger = Ledger(balances)
        self.deck = self.rng.sample([c.id for c in self.assets.loot], self.loot_total)
        self.phase = "ready"
        return [self.t("start.deal", cash=self.money(ed.starting_cash), reserve=self.money(ed.reserve),
                       cards=count(self.loot_total, self.t("word.loot_card"), self.t("word.loot_cards"),
                                   self.lang)),
                self.t("start.leader", name=self.names[self.leader]),
                self.t("expect.ready")]

    # -- planning ---------------------------------------------------------------
    def typed_card(self, args: list[str], usage: str) -> LootCard:
        """The loot card the table drew: a card of the deck by id or name, or
        ``CASH [ROLE BONUS]... [value BRAIN]``."""
        words = fold(" ".join(args))
        for c in self.assets.loot:
            if words == fold(c.id) or any(words == fold(n) for n in c.names.values()):
                return c
        cash = parse_amount(args[0])
        if cash is None:
            raise self.refuse("refuse.loot_syntax", word=args[0], usage=usage)
        bonuses: dict[str, int] = {}
        brain = cash
        rest = args[1:]
        while rest:
            if len(rest) < 2:
                raise self.refuse("refuse.loot_syntax", word=rest[0], usage=usage)
            key, amount = rest[0], parse_amount(rest[1])
            if amount is None:
                raise self.refuse("refuse.loot_syntax", word=rest[1], usage=usage)
            if fold(key) in VALUE:
                brain = amount
            else:
                rid = self.role_of(key)  # a card may name a role not in use: its bonus never applies
                if rid is None:
                    raise self.refuse("refuse.loot_role", word=key, roles=self.roles_list([r.id for r in self.ed.roles]))
                if rid in bonuses:
                    raise self.refuse("refuse.loot_twice", role=self.role(rid, "one"))
                bonuses[rid] = amount
            rest = rest[2:]
        return LootCard("table", self.table_card_names(), cash, bonuses, brain)

    def table_card_names(self) -> dict[str, str]:
        """The name of a loot card typed in from the table, in every language."""
        return {lang: p.render("plan.table_card") for lang, p in self.assets.phrases.items()}

    def _cmd_plan(self, args: list[str], actor) -> list[str]:
        self._need("plan", "ready")
        assert self.ledger is not None
        usage = self.t("usage.plan")
        drawn = self.deck.pop(0) if self.deck else None
        if args:
            card = self.typed_card(args, usage)
        elif drawn is not None:
            card = self.assets.card(drawn)
        else:
            raise self.refuse("refuse.no_deck", usage=usage)
        self.round += 1
        self.card = card
        got = self.ledger.move_up_to(RESERVE, CENTRE, card.cash)
        said = [self.t("plan.loot", n=self.round, of=self.loot_total,
                       card=self.card_name(card),
                       cash=self.money(got))]
        if card.bonuses:
            said.append(self.t("plan.bonuses", bonuses=self.bonus_text(card)))
        if card.brain != card.cash and "brain" in self.roles_in_use():
            said.append(self.t("plan.brain", amount=self.money(card.brain)))
        self.slots = []
        self.face_up = None
        self.deals = []
        self.vote = None
        short: list[str] = []
        for seat in range(len(self.names)):
            for _ in range(self.per_player):
                paid = self.ledger.move_up_to(account(seat), CENTRE, self.ed.stake)
                if paid < self.ed.stake:
                    short.append(self.t("plan.short", name=self.names[seat], paid=self.money(paid)))
                self.slots.append(Slot(seat, paid))
        self._init_heist()
        key = "plan.stakes_two" if self.two_roles else "plan.stakes"
        said.append(self.t(key, stake=self.money(self.ed.stake), centre=self.money(self.ledger[CENTRE])))
        said.extend(short)
        said.append(self.t("plan.cards_two" if self.two_roles else "plan.cards", up=len(self.slots) - 1))
        self.phase = "planning"
        return said

    def bonus_text(self, card: LootCard) -> str:
        return join_words([self.t("plan.bonus", role=self.role(r, "the_acc"), amount=self.money(a))
                           for r, a in card.bonuses.items()], self.lang)

    def parse_face_up(self, args: list[str]) -> list[str]:
        """The face-up role cards: role words, all but one of this round's cards."""
        want = len(self.slots) - 1
        roles = []
        for w in args:
            rid = self.role_of(w)
            if rid is None or rid not in self.roles_in_use():
                raise self.refuse("refuse.faceup_role", word=w, roles=self.roles_list(self.roles_in_use()))
            roles.append(rid)
        if len(roles) != want:
            raise self.refuse("refuse.faceup_count", cards=len(self.slots), up=want, n=len(roles))
        problem = self.reveal_problem(roles)
        if problem:
            raise Refused(problem)
        return roles

    def _cmd_faceup(self, args: list[str], actor) -> list[str]:
        if self.phase in ("negotiation", "heist") and self.face_up is None:
            pass  # not told yet (a game entered in progress): the table may tell it now
        else:
            self._need("faceup", "planning")
        self.face_up = self.parse_face_up(args)
        return [self.t("faceup.done", roles=self.roles_list(self.face_up))]

    def _cmd_negotiate(self, args: list[str], actor) -> list[str]:
        self._need("negotiate", "planning")
        said = []
        if args:
            said += self._cmd_faceup(args, None)
        if self.face_up is None:
            raise self.refuse("refuse.faceup_first", up=len(self.slots) - 1)
        self.phase = "negotiation"
        said.append(self.t("negotiation.start", leader=self.names[self.leader]))
        if self.timer:
            said.append(self.t("negotiation.timer", time=self.seconds(self.timer)))
        return said

    # -- negotiation ------------------------------------------------------------
    def _no_open_vote(self) -> None:
        if self.vote is not None:
            raise self.refuse("refuse.vote_open", names=self.names_list(self.not_voted()))

    def _cmd_leave(self, args: list[str], actor) -> list[str]:
        self._need("leave", "negotiation")
        self._no_open_vote()
        assert self.ledger is not None
        usage = self.t("usage.leave")
        if actor is not None:
            if args and self.role_of(args[0]) is None and parse_amount(args[0]) is None:
                other = self.seat_of(args[0])
                if other != actor:
                    raise self.refuse("refuse.leave_other", name=self.names[actor], other=self.names[other])
                args = args[1:]
            seat = actor
        elif not args:
            raise self.refuse("refuse.usage", usage=usage)
        else:
            seat = self.seat_of(args[0])
            args = args[1:]
        slot = next((s for s in reversed(self.slots) if s.owner == seat and s.in_heist), None)
        if slot is None:
            raise self.refuse("refuse.not_in", name=self.names[seat])
        payments: list[tuple[int, int]] = []
        rest = args
        while rest:
            amount = parse_amount(rest[0])
            if amount is None or amount <= 0:
                raise self.refuse("refuse.leave_syntax", word=rest[0])
            rest = rest[1:]
            if rest and fold(rest[0]) in FROM:
                rest = rest[1:]
            if not rest:
                raise self.refuse("refuse.leave_syntax", word=say_number(amount, self.lang))
            payer = self.seat_of(rest[0])
            rest = rest[1:]
            if payer == seat:
                raise self.refuse("refuse.pay_self", name=self.names[seat])
            payments.append((payer, amount))
        owed: dict[int, int] = {}
        for payer, amount in payments:
            owed[payer] = owed.get(payer, 0) + amount
        for payer, amount in owed.items():
            if self.cash(payer) < amount:
                raise self.refuse("refuse.cannot_pay", name=self.names[payer], amount=self.money(amount),
                                  cash=self.money(self.cash(payer)))
        self.ledger.move(CENTRE, account(seat), slot.stake)
        slot.in_heist = False
        left_in = sum(1 for s in self.slots if s.owner == seat and s.in_heist)
        key = "leave.one_role" if self.two_roles and left_in else "leave.done"
        said = [self.t(key, name=self.names[seat], stake=self.money(slot.stake))]
        for payer, amount in payments:
            self.ledger.move(account(payer), account(seat), amount)
            self.deals.append({"from": self.names[payer], "to": self.names[seat], "amount": amount,
                               "for": "leaving"})
            said.append(self.t("leave.paid", payer=self.names[payer], name=self.names[seat],
                               amount=self.money(amount)))
        said.append(self.t("leave.cash", name=self.names[seat], cash=self.money(self.cash(seat))))
        return said

    def _cmd_pay(self, args: list[str], actor) -> list[str]:
        self._need("pay", "negotiation")
        self._no_open_vote()
        usage = self.t("usage.pay")
        words = [w for w in args if fold(w) not in TO]
        if actor is None:
            if not words:
                raise self.refuse("refuse.usage", usage=usage)
            actor, words = self.seat_of(words[0]), words[1:]
        if len(words) != 2:
            raise self.refuse("refuse.usage", usage=usage)
        a, b = words
        if parse_amount(a) is not None and parse_amount(b) is None:
            a, b = b, a  # "A pay 2 B" as well as "A pay B 2"
        payee = self.seat_of(a)
        amount = self.amount_of(b, usage)
        if payee == actor:
            raise self.refuse("refuse.pay_to_self", name=self.names[actor])
        if amount <= 0:
            raise self.refuse("refuse.pay_nothing")
        if self.cash(actor) < amount:
            raise self.refuse("refuse.cannot_pay", name=self.names[actor], amount=self.money(amount),
                              cash=self.money(self.cash(actor)))
        self.ledger.move(account(actor), account(payee), amount)
        self.deals.append({"from": self.names[actor], "to": self.names[payee], "amount": amount, "for": "deal"})
        return [self.t("pay.done", payer=self.names[actor], name=self.names[payee], amount=self.money(amount)),
                self.t("pay.cash", payer=self.names[actor], payer_cash=self.money(self.cash(actor)),
                       name=self.names[payee], cash=self.money(self.cash(payee)))]

    def not_voted(self) -> list[int]:
        if self.vote is None:
            return []
        return [i for i in range(len(self.names)) if i not in self.vote["yes"] and i not in self.vote["no"]]

    def _cmd_vote(self, args: list[str], actor) -> list[str]:
        self._need("vote", "negotiation")
        n = len(self.names)
        leader = self.names[self.leader]
        answer = None
        if len(args) == 1 and fold(args[0]) in YES:
            answer = True
        elif len(args) == 1 and fold(args[0]) in NO:
            answer = False
        if answer is not None:
            # one player's vote in an open vote (the leader's own may open it)
            if actor is None:
                raise self.refuse("refuse.who_votes")
            said = []
            if self.vote is None:
                if actor != self.leader:
                    raise self.refuse("refuse.only_leader", name=self.names[actor], leader=leader)
                said += self._open_vote()
            if actor not in self.not_voted():
                raise self.refuse("refuse.voted_already", name=self.names[actor])
            self.vote["yes" if answer else "no"].append(actor)
            said.append(self.t("vote.yes" if answer else "vote.no", name=self.names[actor]))
            return said + self._count_votes()
        if actor is not None and actor != self.leader:
            raise self.refuse("refuse.only_leader", name=self.names[actor], leader=leader)
        if not args:
            if self.vote is not None:
                raise self.refuse("refuse.vote_open", names=self.names_list(self.not_voted()))
            return self._open_vote()
        # the whole count at once: a number of hands, or the names of those in favour
        if len(args) == 1 and parse_count(args[0]) is not None:
            yes = parse_count(args[0])
            if yes > n:
                raise self.refuse("refuse.vote_count", n=n, yes=yes)
        elif len(args) == 1 and fold(args[0]) in NOBODY:
            yes = 0
        else:
            seats = [self.seat_of(a) for a in args]
            if len(set(seats)) != len(seats):
                raise self.refuse("refuse.vote_twice")
            yes = len(seats)
        self.vote = None
        said = [self.t("vote.called", leader=leader)]
        if 2 * yes >= n:
            return said + [self.t("vote.passed", yes=yes, n=n)] + self._begin_heist()
        return said + [self.t("vote.failed", yes=yes, n=n)]

    def _open_vote(self) -> list[str]:
        self.vote = {"caller": self.leader, "yes": [], "no": []}
        return [self.t("vote.open", leader=self.names[self.leader], n=len(self.names),
                       half=-(-len(self.names) // 2))]

    def _count_votes(self) -> list[str]:
        n = len(self.names)
        yes, no_ = len(self.vote["yes"]), len(self.vote["no"])
        if 2 * yes >= n:
            self.vote = None
            return [self.t("vote.passed", yes=yes, n=n)] + self._begin_heist()
        if 2 * (n - no_) < n:
            self.vote = None
            return [self.t("vote.failed", yes=yes, n=n)]
        return [self.t("vote.waiting", names=self.names_list(self.not_voted()))]

    def _cmd_timeout(self, args: list[str], actor) -> list[str]:
        self._need("timeout", "negotiation")
        self.vote = None
        return [self.t("negotiation.timeout")] + self._begin_heist()

    def timer_seconds(self) -> float | None:
        return self.timer * 1.0 if self.phase == "negotiation" and self.timer else None

    def timer_key(self):
        """One countdown per negotiation: deals, leaving and a failed vote do not restart it;
        a new round, or setting another time, does."""
        return ("negotiation", self.round, self.timer) if self.timer_seconds() else None

    # -- sharing and the end of a round (called by the heist when the last role is done) ----
    def _share(self) -> list[str]:
        assert self.ledger is not None and self.card is not None
        card = self.card
        still = [s for s in self.slots if s.still_in]
        said: list[str] = []
        if len(still) == 1 and self.ed.role(still[0].role).effect == "tech":
            seat = still[0].owner
            lost = self.ledger.move_up_to(account(seat), RESERVE, self.ed.tech_alone_penalty)
            back = self.ledger.move_up_to(CENTRE, RESERVE, self.ledger[CENTRE])
            said.append(self.t("share.tech_alone", name=self.names[seat], amount=self.money(lost),
                               loot=self.money(back), role=self.role(still[0].role, cap=True)))
        elif not still:
            back = self.ledger.move_up_to(CENTRE, RESERVE, self.ledger[CENTRE])
            said.append(self.t("share.nobody", loot=self.money(back)))
        else:
            for s in still:
                bonus = card.bonuses.get(s.role or "", 0)
                if bonus:
                    got = self.ledger.move_up_to(RESERVE, CENTRE, bonus)
                    said.append(self.t("share.bonus", role=self.role(s.role, "one"), name=self.names[s.owner],
                                       amount=self.money(got)))
            n = len(still)
            pot = self.ledger[CENTRE]
            share = -(-pot // n)  # rounded up
            topped = self.ledger.move_up_to(RESERVE, CENTRE, share * n - pot)
            if topped < share * n - pot:  # the reserve ran dry: share what there is
                share = self.ledger[CENTRE] // n
                said.append(self.t("share.reserve_empty"))
            per_seat: dict[int, int] = {}
            for s in still:
                self.ledger.move(CENTRE, account(s.owner), share)
                per_seat[s.owner] = per_seat.get(s.owner, 0) + 1
            self.ledger.move_up_to(CENTRE, RESERVE, self.ledger[CENTRE])
            roles = count(n, self.t("word.role"), self.t("word.roles"), self.lang)
            if n == 1:
                said.append(self.t("share.alone", loot=self.money(pot + topped), name=self.names[still[0].owner]))
            elif topped:
                said.append(self.t("share.split", loot=self.money(pot + topped), roles=roles,
                                   share=self.money(share), topped=self.money(topped)))
            else:
                said.append(self.t("share.split_exact", loot=self.money(pot), roles=roles, share=self.money(share)))
            if n > 1:
                for seat, k in per_seat.items():
                    key = "share.player_two" if k > 1 else "share.player"
                    said.append(self.t(key, name=self.names[seat], amount=self.money(share * k), k=k))
        self.last_result = list(said)
        return said + self._end_round()

    def _ranking_from(self, first: int) -> list[int]:
        n = len(self.names)
        return [(first + i) % n for i in range(n)]

    def _end_round(self) -> list[str]:
        # the role cards go back to their players: what is left of the round is the loot card
        self.slots, self.face_up, self.deals, self.vote = [], None, [], None
        self._init_heist()
        cash = {i: self.cash(i) for i in range(len(self.names))}
        standings = ", ".join(f"{self.names[i]} {say_number(c, self.lang)}" for i, c in cash.items())
        said = [self.t("end.standings", standings=standings)]
        rich = [i for i, c in cash.items() if c >= self.ed.goal]
        last = self.round >= self.loot_total
        if rich or last:
            pool = rich or list(cash)
            best = max(cash[i] for i in pool)
            # ties: the player nearest the leader clockwise, the leader counting as nearest
            self.winner = next(i for i in self._ranking_from(self.leader) if i in pool and cash[i] == best)
            self.phase = "over"
            key = "end.goal" if rich else "end.last_card"
            said.append(self.t(key, name=self.names[self.winner], cash=self.money(best),
                               goal=self.money(self.ed.goal)))
            return said
        poorest = min(cash.values())
        # ties: nearest the leader clockwise, the leader last
        old = self.leader
        self.leader = next(i for i in self._ranking_from(self.leader + 1) if cash[i] == poorest)
        self.phase = "ready"
        left = self.loot_total - self.round
        cards = count(left, self.t("word.loot_card"), self.t("word.loot_cards"), self.lang)
        key = "end.leader_stays" if self.leader == old else "end.leader"
        said.append(self.t(key, name=self.names[self.leader], cards=cards))
        return said

    # -- what the table sees ------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def expected(self) -> str:
        if self.phase == "setup":
            return self.t("expect.players" if not self.names else "expect.start")
        if self.phase == "heist":
            return self.heist_expected()
        if self.phase == "over":
            return self.t("expect.over", name=self.names[self.winner])
        if self.phase == "planning" and self.face_up is None:
            return self.t("expect.planning", up=len(self.slots) - 1)
        if self.phase == "planning":
            return self.t("expect.planning_told")
        if self.phase == "negotiation" and self.vote is not None:
            return self.t("expect.vote", names=self.names_list(self.not_voted()))
        return self.t(f"expect.{self.phase}")

    def public_state(self) -> dict[str, Any]:
        card = self.card
        players = []
        for i, name in enumerate(self.names):
            mine = [s for s in self.slots if s.owner == i]
            players.append({
                "seat": i + 1, "name": name, "cash": self.cash(i), "leader": i == self.leader,
                "roles_in": sum(1 for s in mine if s.in_heist),
                "staked": sum(s.stake for s in mine if s.in_heist),
                "left": sum(1 for s in mine if not s.in_heist),
                "revealed": [s.role for s in mine if s.role],
                "eliminated": [s.role or "?" for s in mine if s.eliminated],
            })
        state: dict[str, Any] = {
            "phase": self.phase,
            "expected": self.expected(),
            "round": self.round,
            "loot_cards": self.loot_total,
            "loot_cards_left": self.loot_total - self.round,
            "loot": None if card is None else {
                "id": card.id, "name": self.card_name(card), "cash": card.cash,
                "bonuses": dict(card.bonuses), "brain": card.brain},
            "players": players,
            "centre": self.ledger[CENTRE] if self.ledger else 0,
            "reserve": self.ledger[RESERVE] if self.ledger else self.ed.reserve,
            "total": self.ledger.total if self.ledger else None,
            "money_ok": (self.ledger.check() is None) if self.ledger else True,
            "roles_in_use": self.roles_in_use(),
            "two_roles": self.two_roles if self.names else False,
            "face_up": None if self.face_up is None else list(self.face_up),
            "secret_cards": (len(self.slots) - len(self.face_up)) if self.face_up is not None else None,
            "deals": [dict(d) for d in self.deals],
            "vote": None if self.vote is None else {
                "caller": self.names[self.vote["caller"]],
                "yes": [self.names[i] for i in self.vote["yes"]],
                "no": [self.names[i] for i in self.vote["no"]]},
            "timer_seconds": self.timer,
            "winner": None if self.winner is None else self.names[self.winner],
        }
        state.update(self.heist_state())
        return state

    def suggestions(self) -> list[str]:
        if self.phase == "setup":
            return ["players …"] if not self.names else ["start", "leader …", "timer …"]
        if self.phase == "ready":
            return ["plan", "plan …"]
        if self.phase == "planning":
            return ["faceup …"] if self.face_up is None else ["negotiate"]
        if self.phase == "negotiation":
            half = -(-len(self.names) // 2)
            if self.vote is not None:
                return [f"{self.names[i]} vote yes" for i in self.not_voted()][:4] + ["timeout"]
            return [f"vote {half}", "leave …", "pay …", "timeout", f"vote {half - 1}", "vote"]
        if self.phase == "heist":
            return self.heist_suggestions()
        return []

    def draw_state(self, surface, rect, state, fonts) -> None:
        from tiptoi_sim.assistants.millions_of_dollars.panel import draw_state

        draw_state(self, surface, rect, state, fonts)
