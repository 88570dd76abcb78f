"""The banker and caller of *Millions of Dollars*: set-up, the bank, the centre, the stakes,
the leader card, the loot cards, the negotiation's leaving payments and vote, and the end.
The heist (calling the roles and applying them) is in :mod:`.heist`.

Phases, in the order a round goes (``public_state()["phase"]``):

``setup``        ``players``, ``leader``, ``timer``, then ``start``
``ready``        ``plan`` reveals the next loot card (before the 1st and after every round)
``planning``     role cards go face down at the table; ``negotiate`` starts the talk
``negotiation``  ``leave``, ``vote``; ``timeout`` (sent by the front end's timer) ends it
``heist``        ``reveal ROLE PLAYER...`` per called role, ``target`` when a role needs one
``over``         the game has a winner

Money lives in a :class:`Ledger` (players, centre, reserve); after every command the ledger is
re-added and a command that would break the sum is refused, so a mistake can never create or
lose a dollar. Every rule the rulebook leaves open follows the binding rulings in
``shared/spec/table-assistants.md``; the few choices of ours are listed in
``docs/assistants/millions-of-dollars.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tiptoi_sim.assistants.base import AssistantGame, Command, CommandHelp, Refused
from tiptoi_sim.assistants.millions_of_dollars.assets import Assets, LootCard, load_assets
from tiptoi_sim.assistants.millions_of_dollars.heist import HeistMixin
from tiptoi_sim.assistants.millions_of_dollars.ledger import CENTRE, RESERVE, Ledger, LedgerError, account
from tiptoi_sim.assistants.millions_of_dollars.model import FROM, NOBODY, RESERVED, Slot, fold, parse_amount
from tiptoi_sim.assistants.session import phrases_for
from tiptoi_sim.core.errors import UserError

_OPTIONS = ("timer",)


class MillionsOfDollars(HeistMixin, AssistantGame):
    game_id: ClassVar[str] = "millions-of-dollars"
    title: ClassVar[str] = "Millions of Dollars"
    timer_command: ClassVar[str] = "timeout"
    commands: ClassVar[list[CommandHelp]] = [
        CommandHelp("players NAME NAME NAME...", "seat the players, clockwise (3 or more)"),
        CommandHelp("leader NAME", "who watched a heist movie most recently gets the leader card"),
        CommandHelp("timer SECONDS", "the negotiation time (0: no timer)"),
        CommandHelp("start", "deal $10M each, form the reserve, draw the 5 loot cards"),
        CommandHelp("plan", "reveal the next loot card, add its cash, collect the stakes"),
        CommandHelp("negotiate", "the role cards are down: start the negotiation (and its timer)"),
        CommandHelp("leave PLAYER [AMOUNT from PAYER]...", "a player (one role with 3 players) leaves the "
                    "heist, takes back the stake and is paid what was agreed"),
        CommandHelp("vote YES_COUNT | vote NAME...", "the leader's vote: the heist starts if at least half agree"),
        CommandHelp("timeout", "the negotiation time is up: the heist starts"),
        CommandHelp("reveal ROLE PLAYER...|none", "the called role is revealed by these players "
                    "(or nobody); also just: ROLE PLAYER..."),
        CommandHelp("target ROLE|PLAYER|none", "the Tech's elimination, whose Brute it was, or the "
                    "Mentalist's victim"),
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
        self.deck: list[str] = []          # the loot cards of this game, face down, in order
        self.round = 0                     # loot cards revealed so far
        self.slots: list[Slot] = []
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
        return self.t("money", n=n)

    def role_name(self, role_id: str) -> str:
        return self.ed.role(role_id).names.get(self.lang, role_id)

    def card_name(self, card: LootCard) -> str:
        return card.names.get(self.lang, card.id)

    def refuse(self, key: str, **kw: Any) -> Refused:
        return Refused(self.t(key, **kw))

    @property
    def loot(self) -> LootCard | None:
        return self.assets.card(self.deck[self.round - 1]) if self.round else None

    @property
    def two_roles(self) -> bool:
        return len(self.names) in self.ed.two_roles_with

    def roles_in_use(self) -> list[str]:
        return [r.id for r in self.ed.roles_for(len(self.names))] if self.names else []

    def cash(self, seat: int) -> int:
        return self.ledger[account(seat)] if self.ledger else 0

    def seat_of(self, word: str) -> int:
        """A player by name (any case) or seat number (1 = first seated)."""
        w = word.strip()
        if w.isdigit() and 1 <= int(w) <= len(self.names):
            return int(w) - 1
        for i, n in enumerate(self.names):
            if fold(n) == fold(w):
                return i
        raise self.refuse("refuse.no_player", word=word, players=", ".join(self.names) or "–")

    def role_of(self, word: str) -> str | None:
        """A role by id or by its name in either language; None if the word is no role."""
        w = fold(word)
        for r in self.ed.roles:
            if w == fold(r.id) or any(w == fold(n) for n in r.names.values()):
                return r.id
        return None

    # -- the command dispatcher -------------------------------------------------
    def handle(self, cmd: Command) -> list[str]:
        verb, args = cmd.verb, list(cmd.args)
        handler = getattr(self, f"_cmd_{verb}", None) if verb.isidentifier() else None
        if handler is None and self.role_of(verb) is not None:
            handler, args = self._cmd_reveal, [verb] + args
        if handler is None:
            raise self.refuse("refuse.unknown", verb=cmd.verb)
        if self.phase == "over" and handler is not self._cmd_timer:
            raise self.refuse("refuse.over", winner=self.names[self.winner])
        try:
            said = handler(args)
        except LedgerError as e:
            raise self.refuse("refuse.money_check", problem=str(e)) from None
        problem = self.ledger.check() if self.ledger else None
        if problem:
            # a mistake of the program: the session restores the state from before the command
            raise self.refuse("refuse.money_check", problem=problem)
        return said

    def _need(self, *phases: str) -> None:
        if self.phase not in phases:
            raise self.refuse("refuse.phase", expected=self.expected())

    # -- set-up -----------------------------------------------------------------
    def _cmd_players(self, args: list[str]) -> list[str]:
        self._need("setup")
        ed = self.ed
        if not (ed.min_players <= len(args) <= ed.max_players):
            raise self.refuse("refuse.player_count", min=ed.min_players, max=ed.max_players, n=len(args))
        folded = [fold(a) for a in args]
        for a, f in zip(args, folded):
            if f.isdigit() or f in RESERVED or self.role_of(a) is not None or parse_amount(a) is not None:
                raise self.refuse("refuse.bad_name", name=a)
            if folded.count(f) > 1:
                raise self.refuse("refuse.same_name", name=a)
        self.names = [a.strip() for a in args]
        self.leader = 0
        colours = ", ".join(self.ed.colour_names[self.ed.role(r).colour][self.lang] for r in self.roles_in_use())
        said = [self.t("setup.players", n=len(args), names=", ".join(self.names)),
                self.t("setup.roles", colours=colours,
                       roles=", ".join(self.role_name(r) for r in self.roles_in_use()))]
        if self.two_roles:
            said.append(self.t("setup.two_roles"))
        return said

    def _cmd_leader(self, args: list[str]) -> list[str]:
        self._need("setup")
        if not self.names:
            raise self.refuse("refuse.players_first")
        if len(args) != 1:
            raise self.refuse("refuse.usage", usage="leader NAME")
        self.leader = self.seat_of(args[0])
        return [self.t("setup.leader", name=self.names[self.leader])]

    def _cmd_timer(self, args: list[str]) -> list[str]:
        secs = parse_amount(args[0]) if len(args) == 1 and args[0].isdigit() else None
        if secs is None:
            raise self.refuse("refuse.usage", usage="timer SECONDS")
        self.timer = secs
        return [self.t("timer.set", seconds=secs) if secs else self.t("timer.disabled")]

    def _cmd_start(self, args: list[str]) -> list[str]:
        self._need("setup")
        if not self.names:
            raise self.refuse("refuse.players_first")
        ed = self.ed
        balances = {account(i): ed.starting_cash for i in range(len(self.names))}
        balances.update({CENTRE: 0, RESERVE: ed.reserve})
        self.ledger = Ledger(balances)
        self.deck = self.rng.sample([c.id for c in self.assets.loot], ed.loot_cards_per_game)
        self.phase = "ready"
        return [self.t("start.deal", cash=self.money(ed.starting_cash), reserve=self.money(ed.reserve),
                       cards=ed.loot_cards_per_game),
                self.t("start.leader", name=self.names[self.leader]),
                self.t("expect.ready")]

    # -- planning ---------------------------------------------------------------
    def _cmd_plan(self, args: list[str]) -> list[str]:
        self._need("ready")
        assert self.ledger is not None
        self.round += 1
        card = self.loot
        assert card is not None
        self.ledger.move_up_to(RESERVE, CENTRE, card.cash)
        said = [self.t("plan.loot", n=self.round, of=len(self.deck), card=self.card_name(card),
                       cash=self.money(card.cash))]
        if card.bonuses:
            said.append(self.t("plan.bonuses", bonuses=self.bonus_text(card)))
        self.slots = []
        short: list[str] = []
        per_player = 2 if self.two_roles else 1
        for seat in range(len(self.names)):
            for _ in range(per_player):
                paid = self.ledger.move_up_to(account(seat), CENTRE, self.ed.stake)
                if paid < self.ed.stake:
                    short.append(self.t("plan.short", name=self.names[seat], paid=self.money(paid)))
                self.slots.append(Slot(seat, paid))
        self._init_heist()
        said.append(self.t("plan.stakes", stake=self.money(self.ed.stake), centre=self.money(self.ledger[CENTRE])))
        said.extend(short)
        said.append(self.t("plan.cards_two" if self.two_roles else "plan.cards"))
        self.phase = "planning"
        return said

    def bonus_text(self, card: LootCard) -> str:
        return ", ".join(self.t("plan.bonus", role=self.role_name(r), amount=self.money(a))
                         for r, a in card.bonuses.items())

    def _cmd_negotiate(self, args: list[str]) -> list[str]:
        self._need("planning")
        self.phase = "negotiation"
        said = [self.t("negotiation.start", leader=self.names[self.leader])]
        if self.timer:
            said.append(self.t("negotiation.timer", seconds=self.timer))
        return said

    # -- negotiation ------------------------------------------------------------
    def _cmd_leave(self, args: list[str]) -> list[str]:
        self._need("negotiation")
        assert self.ledger is not None
        if not args:
            raise self.refuse("refuse.usage", usage="leave PLAYER [AMOUNT from PAYER]...")
        seat = self.seat_of(args[0])
        slot = next((s for s in reversed(self.slots) if s.owner == seat and s.in_heist), None)
        if slot is None:
            raise self.refuse("refuse.not_in", name=self.names[seat])
        payments: list[tuple[int, int]] = []
        rest = args[1:]
        while rest:
            amount = parse_amount(rest[0])
            if amount is None or amount <= 0:
                raise self.refuse("refuse.leave_syntax", word=rest[0])
            rest = rest[1:]
            if rest and fold(rest[0]) in FROM:
                rest = rest[1:]
            if not rest:
                raise self.refuse("refuse.leave_syntax", word=str(amount))
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
        said = []
        for payer, amount in payments:
            self.ledger.move(account(payer), account(seat), amount)
            said.append(self.t("leave.paid", payer=self.names[payer], name=self.names[seat],
                               amount=self.money(amount)))
        self.ledger.move(CENTRE, account(seat), slot.stake)
        slot.in_heist = False
        left_in = sum(1 for s in self.slots if s.owner == seat and s.in_heist)
        key = "leave.one_role" if self.two_roles and left_in else "leave.done"
        said.insert(0, self.t(key, name=self.names[seat], stake=self.money(slot.stake)))
        said.append(self.t("leave.cash", name=self.names[seat], cash=self.money(self.cash(seat))))
        return said

    def _cmd_vote(self, args: list[str]) -> list[str]:
        self._need("negotiation")
        n = len(self.names)
        if len(args) == 1 and args[0].isdigit():
            yes = int(args[0])
            if yes > n:
                raise self.refuse("refuse.vote_count", n=n, yes=yes)
        elif len(args) == 1 and fold(args[0]) in NOBODY:
            yes = 0
        elif args:
            seats = [self.seat_of(a) for a in args]
            if len(set(seats)) != len(seats):
                raise self.refuse("refuse.vote_twice")
            yes = len(seats)
        else:
            raise self.refuse("refuse.usage", usage="vote YES_COUNT | vote NAME...")
        if 2 * yes >= n:
            return [self.t("vote.passed", yes=yes, n=n)] + self._begin_heist()
        return [self.t("vote.failed", yes=yes, n=n)]

    def _cmd_timeout(self, args: list[str]) -> list[str]:
        self._need("negotiation")
        return [self.t("negotiation.timeout")] + self._begin_heist()

    def timer_seconds(self) -> float | None:
        return float(self.timer) if self.phase == "negotiation" and self.timer else None

    def timer_key(self):
        """One countdown per negotiation: deals, leaving and a failed vote do not restart it;
        a new round, or setting another time, does."""
        return ("negotiation", self.round, self.timer) if self.timer_seconds() else None

    # -- sharing and the end of a round (called by the heist when the last role is done) ----
    def _share(self) -> list[str]:
        assert self.ledger is not None and self.loot is not None
        card = self.loot
        still = [s for s in self.slots if s.still_in]
        said: list[str] = []
        if len(still) == 1 and self.ed.role(still[0].role).effect == "tech":
            seat = still[0].owner
            lost = self.ledger.move_up_to(account(seat), RESERVE, self.ed.tech_alone_penalty)
            back = self.ledger.move_up_to(CENTRE, RESERVE, self.ledger[CENTRE])
            said.append(self.t("share.tech_alone", name=self.names[seat], amount=self.money(lost),
                               loot=self.money(back)))
        elif not still:
            back = self.ledger.move_up_to(CENTRE, RESERVE, self.ledger[CENTRE])
            said.append(self.t("share.nobody", loot=self.money(back)))
        else:
            for s in still:
                bonus = card.bonuses.get(s.role or "", 0)
                if bonus:
                    got = self.ledger.move_up_to(RESERVE, CENTRE, bonus)
                    said.append(self.t("share.bonus", role=self.role_name(s.role), name=self.names[s.owner],
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
            if topped:
                said.append(self.t("share.split", loot=self.money(pot + topped), n=n, share=self.money(share),
                                   topped=self.money(topped)))
            else:
                said.append(self.t("share.split_exact", loot=self.money(pot), n=n, share=self.money(share)))
            for seat, k in per_seat.items():
                key = "share.player_two" if k > 1 else "share.player"
                said.append(self.t(key, name=self.names[seat], amount=self.money(share * k), k=k))
        self.last_result = list(said)
        return said + self._end_round()

    def _ranking_from(self, first: int) -> list[int]:
        n = len(self.names)
        return [(first + i) % n for i in range(n)]

    def _end_round(self) -> list[str]:
        cash = {i: self.cash(i) for i in range(len(self.names))}
        standings = ", ".join(f"{self.names[i]} {self.money(c)}" for i, c in cash.items())
        said = [self.t("end.standings", standings=standings)]
        rich = [i for i, c in cash.items() if c >= self.ed.goal]
        last = self.round >= len(self.deck)
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
        self.leader = next(i for i in self._ranking_from(self.leader + 1) if cash[i] == poorest)
        self.phase = "ready"
        said.append(self.t("end.leader", name=self.names[self.leader], left=len(self.deck) - self.round))
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
        return self.t(f"expect.{self.phase}")

    def public_state(self) -> dict[str, Any]:
        card = self.loot
        players = []
        for i, name in enumerate(self.names):
            mine = [s for s in self.slots if s.owner == i]
            players.append({
                "seat": i + 1, "name": name, "cash": self.cash(i), "leader": i == self.leader,
                "roles_in": sum(1 for s in mine if s.in_heist),
                "staked": sum(s.stake for s in mine if s.in_heist),
                "revealed": [s.role for s in mine if s.role],
                "eliminated": [s.role or "?" for s in mine if s.eliminated],
            })
        state: dict[str, Any] = {
            "phase": self.phase,
            "expected": self.expected(),
            "round": self.round,
            "loot_cards": len(self.deck) or self.ed.loot_cards_per_game,
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
            "timer_seconds": self.timer,
            "winner": None if self.winner is None else self.names[self.winner],
        }
        state.update(self.heist_state())
        return state

    def suggestions(self) -> list[str]:
        if self.phase == "setup":
            return ["players …"] if not self.names else ["start", "leader …", "timer …"]
        if self.phase == "ready":
            return ["plan"]
        if self.phase == "planning":
            return ["negotiate"]
        if self.phase == "negotiation":
            half = -(-len(self.names) // 2)
            return [f"vote {half}", "leave …", "timeout", f"vote {half - 1}"]
        if self.phase == "heist":
            return self.heist_suggestions()
        return []

    def draw_state(self, surface, rect, state, fonts) -> None:
        from tiptoi_sim.assistants.millions_of_dollars.panel import draw_state

        draw_state(self, surface, rect, state, fonts)
