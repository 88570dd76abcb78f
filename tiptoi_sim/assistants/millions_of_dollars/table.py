"""Millions of Dollars at a real table: the state file (enter a game in progress), ``fix``
(correct one public fact) and the readable ``state``.

The state file's ``state`` mapping (documented in docs/assistants/millions-of-dollars.md):

``phase``      setup | ready | planning | negotiation | heist | over
``players``    seat order, clockwise: ``name``, ``cash``; in a round also ``left: true`` (every
               card out) or ``cards`` (one per role card: ``in``, ``stake``, ``role``,
               ``eliminated``)
``leader``     a player's name (default: the first)
``round``      loot cards revealed so far; ``loot_cards`` in the game (default 5)
``loot``       the loot card on the table: a card id, or ``{cash, bonuses, brain, name}``
``centre``     millions in the centre; ``reserve`` (default: what is left of the game's money)
``face_up``    the role cards turned face up in planning (all but one)
``deals``      this round's payments ``{from, to, amount, for: leaving|deal}`` (a record only)
``vote``       an open vote: ``{yes: [...], no: [...]}``
``heist``      ``calling`` (the role being called), ``waiting_for``, ``tech_target``
``winner``     once over; ``deck``: the program's draws for the cards still to come; ``timer``

Money is conserved: the players, the centre and the reserve add up to the game's money (the
starting cash of every player plus the edition's reserve). The deck and the timer are stored, so
a loaded game answers every next command as the saved one would (no randomness is left after
``start``).
"""

from __future__ import annotations

from typing import Any

from tiptoi_sim.assistants.millions_of_dollars.assets import LootCard
from tiptoi_sim.assistants.millions_of_dollars.ledger import CENTRE, RESERVE, Ledger, account
from tiptoi_sim.assistants.millions_of_dollars.model import Slot, fold
from tiptoi_sim.core.yamlio import fail, only_keys, opt, req

PHASES = ("setup", "ready", "planning", "negotiation", "heist", "over")
ROUND_PHASES = ("planning", "negotiation", "heist")

def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


class TableMixin:
    # -- fix ----------------------------------------------------------------------
    def _cmd_fix(self, args: list[str], actor) -> list[str]:
        if not args:
            raise self.refuse("refuse.usage", usage=self.t("usage.fix"))
        what, rest = fold(args[0]), args[1:]
        if what in ("cash", "money", "geld"):
            if len(rest) != 2:
                raise self.refuse("refuse.usage", usage=self.t("usage.fix_cash"))
            return self._fix_cash(self.seat_of(rest[0]), rest[1])
        if what in ("centre", "center", "mitte"):
            if len(rest) != 1:
                raise self.refuse("refuse.usage", usage=self.t("usage.fix_centre"))
            return self._fix_centre(rest[0])
        if what in ("leader", "anfuehrer"):
            if len(rest) != 1:
                raise self.refuse("refuse.usage", usage=self.t("usage.fix_leader"))
            return self._fix_leader(self.seat_of(rest[0]))
        if what in ("faceup", "up", "offen"):
            return self._fix_face_up(rest)
        if what in ("loot", "beute"):
            return self._fix_loot(rest)
        if len(args) == 2 and what not in ("reserve",):
            return self._fix_cash(self.seat_of(args[0]), args[1])  # "fix Anna 12"
        if len(args) == 3 and fold(args[1]) in ("cash", "money", "geld"):
            return self._fix_cash(self.seat_of(args[0]), args[2])  # "fix Anna cash 12"
        if what == "reserve":
            raise self.refuse("fix.reserve")
        raise self.refuse("refuse.usage", usage=self.t("usage.fix"))

    def _need_money(self) -> None:
        if self.ledger is None:
            raise self.refuse("fix.no_money")

    def _from_reserve(self, delta: int) -> str:
        """Move ``delta`` (signed) from the reserve; returns the words for it."""
        if delta > 0:
            return self.t("fix.from_reserve", amount=self.money(delta))
        return self.t("fix.to_reserve", amount=self.money(-delta))

    def _fix_cash(self, seat: int, word: str) -> list[str]:
        self._need_money()
        new = self.amount_of(word, self.t("usage.fix_cash"))
        old = self.cash(seat)
        if new == old:
            raise self.refuse("fix.same_cash", name=self.names[seat], cash=self.money(old))
        delta = new - old
        if delta > self.ledger[RESERVE]:
            raise self.refuse("fix.reserve_short", reserve=self.money(self.ledger[RESERVE]), amount=self.money(delta))
        if delta > 0:
            self.ledger.move(RESERVE, account(seat), delta)
        else:
            self.ledger.move(account(seat), RESERVE, -delta)
        return [self.t("fix.cash", name=self.names[seat], cash=self.money(new), old=self.money(old),
                       moved=self._from_reserve(delta))]

    def _fix_centre(self, word: str) -> list[str]:
        self._need_money()
        if self.phase not in ROUND_PHASES:
            raise self.refuse("fix.no_round")
        new = self.amount_of(word, self.t("usage.fix_centre"))
        old = self.ledger[CENTRE]
        staked = sum(s.stake for s in self.slots if s.in_heist)
        if self.phase != "heist" and new < staked:
            raise self.refuse("fix.centre_stakes", staked=self.money(staked))
        if new == old:
            raise self.refuse("fix.same_centre", centre=self.money(old))
        delta = new - old
        if delta > self.ledger[RESERVE]:
            raise self.refuse("fix.reserve_short", reserve=self.money(self.ledger[RESERVE]), amount=self.money(delta))
        if delta > 0:
            self.ledger.move(RESERVE, CENTRE, delta)
        else:
            self.ledger.move(CENTRE, RESERVE, -delta)
        return [self.t("fix.centre", centre=self.money(new), old=self.money(old), moved=self._from_reserve(delta))]

    def _fix_leader(self, seat: int) -> list[str]:
        if not self.names:
            raise self.refuse("refuse.players_first")
        if self.vote is not None:
            raise self.refuse("refuse.vote_open", names=self.names_list(self.not_voted()))
        if seat == self.leader:
            raise self.refuse("fix.same_leader", name=self.names[seat])
        old = self.leader
        self.leader = seat
        return [self.t("fix.leader", name=self.names[seat], old=self.names[old])]

    def _fix_face_up(self, args: list[str]) -> list[str]:
        if self.phase not in ROUND_PHASES:
            raise self.refuse("fix.no_round")
        roles = self.parse_face_up(args)
        if self.tech_target is not None and self.tech_target not in roles:
            raise self.refuse("fix.faceup_tech", role=self.role(self.tech_target, "one"))
        old = self.face_up
        self.face_up = roles
        return [self.t("fix.faceup", roles=self.roles_list(roles),
                       old=self.roles_list(old) if old is not None else "–")]

    def _fix_loot(self, args: list[str]) -> list[str]:
        self._need_money()
        if self.phase not in ROUND_PHASES:
            raise self.refuse("fix.no_round")
        if not args:
            raise self.refuse("refuse.usage", usage=self.t("usage.fix_loot"))
        if self.phase == "heist" and "brain" in self.calls and self.calls.index("brain") < self.call_i:
            raise self.refuse("fix.loot_brain_done")
        card = self.typed_card(args, self.t("usage.fix_loot"))
        old = self.card
        if (card.cash, card.bonuses, card.brain) == (old.cash, old.bonuses, old.brain):
            raise self.refuse("fix.same_loot", cash=self.money(old.cash))
        delta = card.cash - old.cash
        if delta > self.ledger[RESERVE]:
            raise self.refuse("fix.reserve_short", reserve=self.money(self.ledger[RESERVE]), amount=self.money(delta))
        if -delta > self.ledger[CENTRE]:
            raise self.refuse("fix.loot_centre_short", centre=self.money(self.ledger[CENTRE]),
                              amount=self.money(-delta))
        if delta > 0:
            self.ledger.move(RESERVE, CENTRE, delta)
        elif delta < 0:
            self.ledger.move(CENTRE, RESERVE, -delta)
        self.card = card
        said = [self.t("fix.loot", cash=self.money(card.cash), old=self.money(old.cash))]
        if delta:
            key = "fix.loot_more" if delta > 0 else "fix.loot_less"
            said.append(self.t(key, amount=self.money(abs(delta))))
        if card.bonuses:
            said.append(self.t("plan.bonuses", bonuses=self.bonus_text(card)))
        return said

    # -- the readable state ---------------------------------------------------------
    def describe_state(self) -> list[str]:
        t, m = self.t, self.short
        out = [t("show.phase", phase=t(f"show.phase_{self.phase}"), expected=self.expected())]
        if not self.names:
            return out
        if self.ledger is not None:
            out.append(t("show.money", centre=m(self.ledger[CENTRE]), reserve=m(self.ledger[RESERVE]),
                         total=m(self.ledger.total)))
        if self.card is not None and self.phase in ROUND_PHASES:
            c = self.card
            bonus = ", ".join(f"{self.role_name(r)} +{m(a)}" for r, a in c.bonuses.items()) or "–"
            name = self.card_name(c)
            out.append(t("show.loot", n=self.round, of=self.loot_total, name=name, cash=m(c.cash),
                         bonus=bonus, brain=m(c.brain)))
        else:
            out.append(t("show.loot_left", left=self.loot_total - self.round, of=self.loot_total))
        if self.phase in ROUND_PHASES:
            if self.face_up is None:
                out.append(t("show.face_up_unknown"))
            else:
                out.append(t("show.face_up", roles=", ".join(self.role_name(r) for r in self.face_up),
                             secret=len(self.slots) - len(self.face_up)))
        for i, name in enumerate(self.names):
            mark = t("show.leader_mark") if i == self.leader else ""
            parts = []
            for s in (x for x in self.slots if x.owner == i):
                if not s.in_heist:
                    parts.append(t("show.card_left"))
                elif s.role:
                    word = self.role_name(s.role)
                    parts.append(f"{word} ({t('panel.eliminated')})" if s.eliminated else word)
                else:
                    parts.append(t("show.card_in", stake=m(s.stake)))
            cards = ("; " + ", ".join(parts)) if parts and self.phase in ROUND_PHASES else ""
            out.append(f"  {i + 1}. {name}{mark}: {m(self.cash(i))}{cards}")
        for d in self.deals:
            key = "show.deal_leaving" if d["for"] == "leaving" else "show.deal"
            out.append(t(key, payer=d["from"], name=d["to"], amount=m(d["amount"])))
        if self.vote is not None:
            out.append(t("show.vote", leader=self.names[self.vote["caller"]],
                         yes=", ".join(self.names[i] for i in self.vote["yes"]) or "–",
                         no=", ".join(self.names[i] for i in self.vote["no"]) or "–"))
        if self.phase == "heist" and self.tech_target:
            out.append(t("panel.tech_target", role=self.role_name(self.tech_target)))
        if self.winner is not None:
            out.append(t("panel.winner", name=self.names[self.winner]))
        return out

    # -- the state file -----------------------------------------------------------------
    def export_state(self) -> dict[str, Any]:
        st: dict[str, Any] = {"phase": self.phase, "timer": self.timer}
        players = []
        for i, name in enumerate(self.names):
            p: dict[str, Any] = {"name": name}
            if self.ledger is not None:
                p["cash"] = self.cash(i)
            if self.phase in ROUND_PHASES:
                cards = []
                for s in (x for x in self.slots if x.owner == i):
                    c: dict[str, Any] = {"in": s.in_heist, "stake": s.stake}
                    if s.role:
                        c["role"] = s.role
                    if s.eliminated:
                        c["eliminated"] = s.eliminated
                    cards.append(c)
                p["cards"] = cards
            players.append(p)
        st["players"] = players
        if self.names:
            st["leader"] = self.names[self.leader]
        st["round"] = self.round
        st["loot_cards"] = self.loot_total
        if self.card is not None:
            c = self.card
            st["loot"] = {"id": c.id, "cash": c.cash, "bonuses": dict(c.bonuses), "brain": c.brain}
            if c.id == "table" and c.names != self.table_card_names():
                st["loot"]["name"] = c.names.get(self.lang, "")
        if self.ledger is not None:
            st["centre"] = self.ledger[CENTRE]
            st["reserve"] = self.ledger[RESERVE]
            st["deck"] = list(self.deck)
        if self.phase in ROUND_PHASES:
            st["face_up"] = None if self.face_up is None else list(self.face_up)
            st["deals"] = [dict(d) for d in self.deals]
        if self.vote is not None:
            st["vote"] = {"yes": [self.names[i] for i in self.vote["yes"]],
                          "no": [self.names[i] for i in self.vote["no"]]}
        if self.phase == "heist":
            st["heist"] = {"calling": self.calling, "waiting_for": self.pending, "tech_target": self.tech_target}
            if self.tech_owner is not None:
                st["heist"]["tech_target_owner"] = self.names[self.tech_owner]
        if self.winner is not None:
            st["winner"] = self.names[self.winner]
        return st

    @classmethod
    def from_state(cls, assets, state, *, seed: int = 0, lang: str = "de", options=None):
        g = cls(assets, seed=seed, lang=lang, options=options)
        g._load_state(state)
        return g

    def _load_state(self, st) -> None:  # noqa: C901 (one check after another, in file order)
        ed = self.ed
        if not isinstance(st, dict):
            raise fail(st, "state", "a mapping with phase, players, …")
        only_keys(st, ["phase", "timer", "players", "leader", "round", "loot_cards", "loot_cards_left", "loot", "centre",
                       "reserve", "deck", "face_up", "deals", "vote", "heist", "winner"], "state")
        phase = req(st, "phase", str, "state.phase", check=lambda v: v in PHASES,
                    expected="one of " + ", ".join(PHASES))
        self.timer = opt(st, "timer", int, "state.timer", self.timer, check=lambda v: _whole(v) and v <= 3600,
                         expected="a whole number of seconds from 0 to 3600")
        plist = opt(st, "players", list, "state.players", []) if phase == "setup" else \
            req(st, "players", list, "state.players")
        if (plist or phase != "setup") and not (ed.min_players <= len(plist) <= ed.max_players):
            raise fail(st, "state.players", f"{ed.min_players} to {ed.max_players} players, got {len(plist)}",
                       "players")
        names: list[str] = []
        for i, pm in enumerate(plist):
            f = f"state.players[{i}]"
            if isinstance(pm, str) and phase == "setup":
                pm = {"name": pm}
            if not isinstance(pm, dict):
                raise fail(plist, f, "a mapping with name and cash", i)
            only_keys(pm, ["name", "cash", "left", "cards"], f)
            name = str(req(pm, "name", (str, int), f"{f}.name")).strip()
            if self.check_name(name) or fold(name) in [fold(n) for n in names]:
                raise fail(pm, f"{f}.name", "a player's name: no number, role, command word or repeated name, "
                           f"got {name!r}", "name")
            names.append(name)
        self.names = names
        leader = opt(st, "leader", (str, int), "state.leader", None)
        self.leader = self._seat_field(st, "leader", "state.leader") if leader is not None else 0
        self.loot_total = opt(st, "loot_cards", int, "state.loot_cards", ed.loot_cards_per_game,
                              check=lambda v: 1 <= v <= 20,
                              expected="a whole number of loot cards from 1 to 20")
        self.round = opt(st, "round", int, "state.round", 0, check=lambda v: 0 <= v <= 20,
                         expected="loot cards revealed so far, 0 to 20")
        left = opt(st, "loot_cards_left", int, "state.loot_cards_left", None, check=lambda v: 0 <= v <= 20,
                   expected="loot cards still face down, 0 to 20")
        if left is not None:
            if "loot_cards" in st and st["loot_cards"] != self.round + left:
                raise fail(st, "state.loot_cards_left", f"loot_cards − round = {self.loot_total - self.round}",
                           "loot_cards_left")
            self.loot_total = self.round + left
        if self.round > self.loot_total:
            raise fail(st, "state.round", f"loot cards revealed so far, 0 to {self.loot_total}", "round")
        self.phase = phase
        if phase == "setup":
            if self.round:
                raise fail(st, "state.round", "0 before the game starts", "round")
            return
        if phase == "ready" and self.round >= self.loot_total:
            raise fail(st, "state.round", f"fewer than {self.loot_total}: after the last loot card the game is "
                       "over (phase: over, winner: …)", "round")
        if phase in ROUND_PHASES and self.round < 1:
            raise fail(st, "state.round", f"1 to {self.loot_total} during a round (the loot card on the table)",
                       "round")
        # money
        total = len(names) * ed.starting_cash + ed.reserve
        balances: dict[str, int] = {}
        for i, pm in enumerate(plist):
            pm = pm if isinstance(pm, dict) else {}
            balances[account(i)] = req(pm, "cash", int, f"state.players[{i}].cash", check=_whole,
                                       expected="a whole number of millions, 0 or more")
        centre = opt(st, "centre", int, "state.centre", 0, check=_whole, expected="a whole number of millions, 0 or more")
        held = sum(balances.values()) + centre
        reserve = opt(st, "reserve", int, "state.reserve", None, check=_whole,
                      expected="a whole number of millions, 0 or more")
        if reserve is None:
            reserve = total - held
            if reserve < 0:
                raise fail(st, "state.players", f"at most {total} millions in the players' hands and the centre "
                           f"({len(names)} × {ed.starting_cash} + the reserve of {ed.reserve}), got {held}",
                           "players")
        if held + reserve != total:
            raise fail(st, "state.reserve", f"the money conserved: players {sum(balances.values())} + centre "
                       f"{centre} + reserve {reserve} = {held + reserve} millions, but a game of {len(names)} "
                       f"players holds {total} ({len(names)} × {ed.starting_cash} + {ed.reserve})",
                       "reserve" if "reserve" in st else "centre")
        balances.update({CENTRE: centre, RESERVE: reserve})
        self.ledger = Ledger(balances)
        self.ledger.total = total
        if phase in ("ready", "over") and centre:
            raise fail(st, "state.centre", f"0 in phase {phase} (the centre is shared out at the end of "
                       "every round)", "centre")
        # the loot card
        loot = st.get("loot")
        if loot is not None:
            self.card = self._card_field(st)
        elif phase in ROUND_PHASES:
            raise fail(st, "state.loot", "the loot card on the table: a card id or {cash, bonuses, brain}", "loot")
        deck = opt(st, "deck", list, "state.deck", None)
        left = self.loot_total - self.round
        ids = [c.id for c in self.assets.loot]
        if deck is None:
            self.deck = self.rng.sample(ids, min(left, len(ids)))
        else:
            for i, d in enumerate(deck):
                if d not in ids:
                    raise fail(deck, f"state.deck[{i}]", "card ids of loot.yaml", i)
            self.deck = [str(d) for d in deck]
        # this round's cards
        if phase in ROUND_PHASES:
            self._load_cards(plist)
            staked = sum(s.stake for s in self.slots if s.in_heist)
            if phase != "heist" and centre < staked:
                raise fail(st, "state.centre", f"at least the stakes of the roles still in ({staked})", "centre")
            fu = opt(st, "face_up", list, "state.face_up", None)
            if fu is not None:
                roles = []
                for i, w in enumerate(fu):
                    rid = self.role_of(str(w))
                    if rid is None or rid not in self.roles_in_use():
                        raise fail(fu, f"state.face_up[{i}]", "roles in use: " + ", ".join(self.roles_in_use()), i)
                    roles.append(rid)
                if len(roles) != len(self.slots) - 1:
                    raise fail(st, "state.face_up", f"all role cards but one: {len(self.slots) - 1} roles, "
                               f"got {len(roles)}", "face_up")
                self.face_up = roles
                problem = self.reveal_problem(roles)
                if problem:
                    raise fail(st, "state.face_up", "face-up cards that fit the revealed roles (" + problem + ")",
                               "face_up")
            elif phase != "planning" and self.face_up is None:
                self.face_up = None  # not told: the Tech's target is not checked until `faceup`
            self._load_deals(st)
        else:
            for i, pm in enumerate(plist):
                if isinstance(pm, dict) and ("cards" in pm or "left" in pm):
                    key = "cards" if "cards" in pm else "left"
                    raise fail(pm, f"state.players[{i}].{key}", "no role cards outside a round "
                               "(phases planning, negotiation, heist)", key)
            for key in ("face_up", "vote", "heist"):
                if st.get(key) is not None:
                    raise fail(st, f"state.{key}", f"nothing in phase {phase}", key)
        if st.get("vote") is not None:
            self._load_vote(st)
        if phase == "heist":
            self._load_heist(st)
        elif st.get("heist") is not None:
            raise fail(st, "state.heist", f"nothing in phase {phase}", "heist")
        winner = st.get("winner")
        if phase == "over":
            if winner is None:
                raise fail(st, "state.winner", "the winner's name (phase over)", "winner")
            self.winner = self._seat_field(st, "winner", "state.winner")
        elif winner is not None:
            raise fail(st, "state.winner", "no winner before phase over", "winner")

    def _seat_field(self, m, key, field) -> int:
        word = str(m[key])
        for i, n in enumerate(self.names):
            if fold(n) == fold(word):
                return i
        raise fail(m, field, "a player's name: " + ", ".join(self.names) + f", got {word!r}", key)

    def _card_field(self, st) -> LootCard:
        loot = st["loot"]
        ids = {c.id: c for c in self.assets.loot}
        if isinstance(loot, str):
            if loot not in ids:
                raise fail(st, "state.loot", "a card id of loot.yaml, or {cash, bonuses, brain}", "loot")
            return ids[loot]
        if not isinstance(loot, dict):
            raise fail(st, "state.loot", "a card id or a mapping {cash, bonuses, brain}", "loot")
        only_keys(loot, ["id", "name", "cash", "bonuses", "brain"], "state.loot")
        cid = opt(loot, "id", str, "state.loot.id", "table")
        if cid != "table" and cid not in ids:
            raise fail(loot, "state.loot.id", "a card id of loot.yaml (or leave it out)", "id")
        cash = req(loot, "cash", int, "state.loot.cash", check=_whole, expected="a whole number of millions")
        bonuses_m = opt(loot, "bonuses", dict, "state.loot.bonuses", {})
        bonuses = {}
        for k in bonuses_m:
            rid = self.role_of(str(k))
            if rid is None:
                raise fail(bonuses_m, f"state.loot.bonuses.{k}", "a role: " + ", ".join(r.id for r in self.ed.roles), k)
            bonuses[rid] = req(bonuses_m, k, int, f"state.loot.bonuses.{k}", check=_whole,
                               expected="a whole number of millions")
        brain = opt(loot, "brain", int, "state.loot.brain", cash, check=_whole, expected="a whole number of millions")
        if cid != "table":
            base = ids[cid]
            if (base.cash, base.bonuses, base.brain) == (cash, bonuses, brain):
                return base
            cid = "table"
        names = self.table_card_names()
        if loot.get("name"):
            names = {"de": str(loot["name"]), "en": str(loot["name"])}
        return LootCard(cid, names, cash, bonuses, brain)

    def _load_cards(self, plist) -> None:
        roles_in_use = self.roles_in_use()
        heist = self.phase == "heist"
        self.slots = []
        for i, pm in enumerate(plist):
            f = f"state.players[{i}]"
            left = opt(pm, "left", bool, f"{f}.left", False)
            cards = opt(pm, "cards", list, f"{f}.cards", None)
            if cards is None:
                cards = [{"in": not left} for _ in range(self.per_player)]
            elif "left" in pm:
                raise fail(pm, f"{f}.left", "either left or cards, not both", "left")
            if len(cards) != self.per_player:
                raise fail(pm, f"{f}.cards", f"{self.per_player} role card(s) per player with "
                           f"{len(self.names)} players, got {len(cards)}", "cards")
            for j, cm in enumerate(cards):
                cf = f"{f}.cards[{j}]"
                if not isinstance(cm, dict):
                    raise fail(cards, cf, "a mapping with in, stake, role, eliminated", j)
                only_keys(cm, ["in", "stake", "role", "eliminated"], cf)
                slot = Slot(i, opt(cm, "stake", int, f"{cf}.stake", self.ed.stake,
                                   check=lambda v: _whole(v) and v <= self.ed.stake,
                                   expected=f"the stake paid, 0 to {self.ed.stake}"))
                slot.in_heist = opt(cm, "in", bool, f"{cf}.in", True)
                role = cm.get("role")
                if role is not None:
                    rid = self.role_of(str(role))
                    if rid is None or rid not in roles_in_use:
                        raise fail(cm, f"{cf}.role", "a role in use: " + ", ".join(roles_in_use), "role")
                    if not heist or not slot.in_heist:
                        raise fail(cm, f"{cf}.role", "no revealed role before the heist or on a card that left",
                                   "role")
                    slot.role = rid
                el = opt(cm, "eliminated", str, f"{cf}.eliminated", None,
                         check=lambda v: v in ("tech", "duplicate"), expected="tech or duplicate")
                if el is not None and slot.role is None:
                    raise fail(cm, f"{cf}.eliminated", "only a revealed role can be eliminated", "eliminated")
                slot.eliminated = el
                self.slots.append(slot)

    def _load_deals(self, st) -> None:
        deals = opt(st, "deals", list, "state.deals", [])
        self.deals = []
        for i, dm in enumerate(deals):
            f = f"state.deals[{i}]"
            if not isinstance(dm, dict):
                raise fail(deals, f, "a mapping {from, to, amount, for}", i)
            only_keys(dm, ["from", "to", "amount", "for"], f)
            d = {"from": self.names[self._seat_field(dm, "from", f"{f}.from")],
                 "to": self.names[self._seat_field(dm, "to", f"{f}.to")],
                 "amount": req(dm, "amount", int, f"{f}.amount", check=lambda v: _whole(v) and v > 0,
                               expected="a whole number of millions, more than 0"),
                 "for": opt(dm, "for", str, f"{f}.for", "deal", check=lambda v: v in ("leaving", "deal"),
                            expected="leaving or deal")}
            self.deals.append(d)

    def _load_vote(self, st) -> None:
        vm = st["vote"]
        if self.phase != "negotiation":
            raise fail(st, "state.vote", "an open vote only in phase negotiation", "vote")
        if not isinstance(vm, dict):
            raise fail(st, "state.vote", "a mapping {yes: [...], no: [...]}", "vote")
        for flag, word in ((True, "yes"), (False, "no")):  # YAML 1.1 reads a bare yes: as true
            if flag in vm:
                vm[word] = vm.pop(flag)
                if hasattr(vm, "key_lines"):
                    vm.key_lines[word] = vm.key_lines.get(flag)
        only_keys(vm, ["caller", "yes", "no"], "state.vote")
        if vm.get("caller") is not None and self._seat_field(vm, "caller", "state.vote.caller") != self.leader:
            raise fail(vm, "state.vote.caller", "the leader (the leader alone calls the vote)", "caller")
        self.vote = {"caller": self.leader, "yes": [], "no": []}
        for key in ("yes", "no"):
            lst = opt(vm, key, list, f"state.vote.{key}", [])
            for i, w in enumerate(lst):
                seat = self._seat_field(lst, i, f"state.vote.{key}[{i}]")
                if seat in self.vote["yes"] or seat in self.vote["no"]:
                    raise fail(lst, f"state.vote.{key}[{i}]", "each player votes once", i)
                self.vote[key].append(seat)
        n = len(self.names)
        if 2 * len(self.vote["yes"]) >= n or 2 * (n - len(self.vote["no"])) < n:
            raise fail(st, "state.vote", "an undecided vote (a decided one has ended: the heist or more talk)",
                       "vote")

    def _load_heist(self, st) -> None:
        hm = req(st, "heist", dict, "state.heist")
        only_keys(hm, ["calling", "waiting_for", "tech_target", "tech_target_owner"], "state.heist")
        self.calls = self.roles_in_use()
        calling = self.role_of(str(req(hm, "calling", str, "state.heist.calling")))
        if calling not in self.calls:
            raise fail(hm, "state.heist.calling", "the role being called: " + ", ".join(self.calls), "calling")
        self.call_i = self.calls.index(calling)
        waiting = opt(hm, "waiting_for", str, "state.heist.waiting_for", None,
                      check=lambda v: v in ("tech_target", "tech_owner", "mentalist_target"),
                      expected="tech_target, tech_owner or mentalist_target")
        tt = opt(hm, "tech_target", str, "state.heist.tech_target", None)
        if tt is not None:
            rid = self.role_of(tt)
            if rid not in self.calls or self.calls.index(rid) < self.call_i:
                raise fail(hm, "state.heist.tech_target", "a role called from now on (the Tech's elimination "
                           "lasts until that role is called)", "tech_target")
            if self.face_up is not None and rid not in self.face_up:
                raise fail(hm, "state.heist.tech_target", "a role whose card was turned face up", "tech_target")
            self.tech_target = rid
            if hm.get("tech_target_owner") is not None:
                self.tech_owner = self._seat_field(hm, "tech_target_owner", "state.heist.tech_target_owner")
        elif hm.get("tech_target_owner") is not None:
            raise fail(hm, "state.heist.tech_target_owner", "nothing without a tech_target", "tech_target_owner")
        done = set(self.calls[:self.call_i + (1 if waiting else 0)])
        for s in self.slots:
            if s.role is not None and s.role not in done:
                raise fail(hm, "state.heist.calling", f"a role after every revealed one ({self.role_name(s.role)} "
                           "is revealed but not yet called)", "calling")
        # every hidden role must still be revealable in the calls that remain
        remaining = len(self.calls) - self.call_i - (1 if waiting else 0)
        for seat in range(len(self.names)):
            if len(self._unrevealed(seat)) > remaining:
                raise fail(hm, "state.heist.calling", f"a call that leaves {self.names[seat]}'s hidden roles "
                           "enough calls", "calling")
        holders = self._holders(calling)
        ok = {
            None: not holders,
            "tech_target": calling == "tech" or self.ed.role(calling).effect == "tech",
            "tech_owner": self.tech_target == calling and len(holders) > 1,
            "mentalist_target": self.ed.role(calling).effect == "mentalist",
        }[waiting]
        if waiting == "tech_target":
            ok = ok and self._tech_slot() is not None and len(holders) == 1
        if waiting == "mentalist_target":
            ok = ok and self.mentalist_slot is not None and bool(self._victims())
        if not ok:
            raise fail(hm, "state.heist.waiting_for", f"a question that fits the call of {calling} and its "
                       "revealed holders", "waiting_for" if waiting else "calling")
        self.pending = waiting
        if not waiting and not self._unrevealed():
            raise fail(hm, "state.heist.calling", "a role still hidden (when every role is revealed the loot "
                       "is shared and the round ends)", "calling")
