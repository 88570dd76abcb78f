"""The heist: the roles in use are called in the rulebook's order (the edition's ``roles``
list); as each is called, the players who hold it reveal it and the table types
``reveal ROLE PLAYER...`` (or ``reveal ROLE none``). Then, for that role:

- a role held more than once is eliminated without effect, except the Brute;
- a role the Tech named is eliminated (if several Brutes hold it, the table says whose card it was);
- Tech (alone in its role): the table names the role it eliminates (``target ROLE``);
- Acrobat: takes its amount from the centre;
- each Brute: takes its amount from the centre, even when eliminated;
- Mentalist: steals its amount from the hand of a player whose Brute, Tech or Acrobat (the
  edition's ``victims``) is still in the heist (``target PLAYER`` or ``target ROLE``);
- Brain: adds the loot card's Brain value from the reserve to the centre;
- Driver: takes its amount from the centre per role still in the heist, itself included.

Amounts move with "up to what there is" (a centre or a hand cannot go below zero). Calls after
every role in the heist has been revealed are skipped; the last call refuses to leave a role
unrevealed. When the calls are done the game's sharing runs.

This is a mixin of :class:`~tiptoi_sim.assistants.millions_of_dollars.game.MillionsOfDollars`.
"""

from __future__ import annotations

import shlex
from typing import Any

from tiptoi_sim.assistants.millions_of_dollars.ledger import CENTRE, RESERVE, account
from tiptoi_sim.assistants.millions_of_dollars.model import NOBODY, Slot, fold


class HeistMixin:
    # -- state ------------------------------------------------------------------
    def _init_heist(self) -> None:
        self.calls: list[str] = []        # role ids in calling order
        self.call_i = 0                   # index of the role being called
        self.pending: str | None = None   # "tech_target", "tech_owner" or "mentalist_target"
        self.tech_target: str | None = None  # the role the Tech eliminated, until it is called
        self.mentalist_slot: Slot | None = None

    def _begin_heist(self) -> list[str]:
        self.phase = "heist"
        self.calls = self.roles_in_use()
        self.call_i = 0
        self.pending = None
        return [self.t("heist.start")] + self._advance()

    @property
    def calling(self) -> str | None:
        return self.calls[self.call_i] if self.phase == "heist" and self.call_i < len(self.calls) else None

    def _unrevealed(self, seat: int | None = None) -> list[Slot]:
        return [s for s in self.slots if s.in_heist and s.role is None and (seat is None or s.owner == seat)]

    def _holders(self, role_id: str) -> list[Slot]:
        return [s for s in self.slots if s.in_heist and s.role == role_id]

    def _advance(self) -> list[str]:
        """Call the next role, or share the loot when no role is left to reveal."""
        if self.call_i >= len(self.calls) or not self._unrevealed():
            return self._share()
        return [self.t("heist.call", role=self.role_name(self.calls[self.call_i]))]

    def _next_call(self) -> list[str]:
        self.call_i += 1
        return self._advance()

    # -- reveal -----------------------------------------------------------------
    def _cmd_reveal(self, args: list[str]) -> list[str]:
        self._need("heist")
        if self.pending:
            raise self.refuse("refuse.target_first", expected=self.heist_expected())
        if not args:
            raise self.refuse("refuse.usage", usage="reveal ROLE PLAYER...|none")
        role_id = self.role_of(args[0])
        if role_id is None:
            raise self.refuse("refuse.no_role", word=args[0],
                              roles=", ".join(self.role_name(r) for r in self.calls))
        if role_id not in self.calls:
            raise self.refuse("refuse.role_not_used", role=self.role_name(role_id))
        current = self.calls[self.call_i]
        if role_id != current:
            key = "refuse.already_called" if self.calls.index(role_id) < self.call_i else "refuse.not_yet"
            raise self.refuse(key, role=self.role_name(role_id), current=self.role_name(current))
        words = args[1:]
        seats: list[int] = []
        if not (len(words) == 1 and fold(words[0]) in NOBODY):
            for w in words:
                seat = self.seat_of(w)
                if seat in seats:
                    raise self.refuse("refuse.same_role_twice", name=self.names[seat], role=self.role_name(role_id))
                if not self._unrevealed(seat):
                    raise self.refuse("refuse.no_hidden_role", name=self.names[seat])
                seats.append(seat)
        # every role still in must be revealed by the last call: a player cannot keep more
        # unrevealed roles than calls remain after this one
        remaining = len(self.calls) - self.call_i - 1
        for seat in range(len(self.names)):
            left = len(self._unrevealed(seat)) - (1 if seat in seats else 0)
            if left > remaining:
                raise self.refuse("refuse.role_unrevealed", name=self.names[seat])
        holders = []
        for seat in seats:
            slot = self._unrevealed(seat)[0]
            slot.role = role_id
            holders.append(slot)
        return self._resolve(role_id, holders)

    def _resolve(self, role_id: str, holders: list[Slot]) -> list[str]:
        role = self.ed.role(role_id)
        name = self.role_name(role_id)
        who = ", ".join(self.names[s.owner] for s in holders)
        if not holders:
            said = [self.t("heist.nobody", role=name)]
            if self.tech_target == role_id:
                self.tech_target = None
            return said + self._next_call()
        said = [self.t("heist.revealed", role=name, names=who)]
        ask_owner = False
        if self.tech_target == role_id:
            self.tech_target = None
            if len(holders) == 1:
                holders[0].eliminated = "tech"
                said.append(self.t("heist.eliminated_by_tech", role=name, name=who))
            elif role.effect == "brute":
                ask_owner = True  # Brutes survive duplicates: which card did the Tech point at?
        if len(holders) > 1 and role.effect != "brute":
            for s in holders:
                s.eliminated = s.eliminated or "duplicate"
            said.append(self.t("heist.duplicate", role=name, names=who))
            return said + self._next_call()
        said.extend(self._effect(role, holders))
        if ask_owner:
            self.pending = "tech_owner"
            said.append(self.heist_expected())
            return said
        if self.pending:
            said.append(self.heist_expected())
            return said
        return said + self._next_call()

    def _effect(self, role, holders: list[Slot]) -> list[str]:
        """Apply a called role's effect (the pending target, if any, is asked afterwards)."""
        led = self.ledger
        name = self.role_name(role.id)
        if role.effect == "brute":
            said = []
            for s in holders:  # each Brute is paid, even when eliminated
                got = led.move_up_to(CENTRE, account(s.owner), role.amount)
                key = "heist.brute_eliminated" if s.eliminated else "heist.take"
                said.append(self.t(key, name=self.names[s.owner], role=name, amount=self.money(got)))
            return said
        slot = holders[0]
        owner = self.names[slot.owner]
        if slot.eliminated:
            return []
        if role.effect == "tech":
            self.pending = "tech_target"
            return []
        if role.effect == "acrobat":
            got = led.move_up_to(CENTRE, account(slot.owner), role.amount)
            return [self.t("heist.take", name=owner, role=name, amount=self.money(got))]
        if role.effect == "mentalist":
            self.mentalist_slot = slot
            if self._victims():
                self.pending = "mentalist_target"
                return []
            return [self.t("heist.no_victim", role=name)]
        if role.effect == "brain":
            got = led.move_up_to(RESERVE, CENTRE, self.loot.brain)
            return [self.t("heist.brain", name=owner, role=name, amount=self.money(got))]
        if role.effect == "driver":
            count = sum(1 for s in self.slots if s.still_in)
            got = led.move_up_to(CENTRE, account(slot.owner), role.amount * count)
            return [self.t("heist.driver", name=owner, role=name, n=count, amount=self.money(got))]
        raise AssertionError(role.effect)

    def _victims(self) -> list[Slot]:
        victims = self.ed.role(self.mentalist_slot.role).victims
        return [s for s in self.slots if s.still_in and s.role in victims]

    # -- targets ----------------------------------------------------------------
    def _cmd_target(self, args: list[str]) -> list[str]:
        self._need("heist")
        if not self.pending:
            raise self.refuse("refuse.no_target_needed")
        if not args:
            raise self.refuse("refuse.usage", usage="target ROLE|PLAYER|none")
        if self.pending == "tech_target":
            return self._tech_target(args)
        if self.pending == "tech_owner":
            return self._tech_owner(args)
        return self._mentalist_target(args)

    def _tech_target(self, args: list[str]) -> list[str]:
        if len(args) == 1 and fold(args[0]) in NOBODY:
            self.pending = None
            return [self.t("heist.tech_none")] + self._next_call()
        role_id = self.role_of(args[0])
        if role_id is None or len(args) != 1:
            raise self.refuse("refuse.tech_needs_role", roles=", ".join(self.role_name(r) for r in self.calls))
        if role_id not in self.calls:
            raise self.refuse("refuse.role_not_used", role=self.role_name(role_id))
        if self.calls.index(role_id) <= self.call_i:
            raise self.refuse("refuse.tech_self", role=self.role_name(role_id))
        self.tech_target = role_id
        self.pending = None
        return [self.t("heist.tech_target", role=self.role_name(role_id))] + self._next_call()

    def _tech_owner(self, args: list[str]) -> list[str]:
        role_id = self.calls[self.call_i]
        holders = self._holders(role_id)
        seat = self.seat_of(args[0])
        slot = next((s for s in holders if s.owner == seat), None)
        if slot is None or len(args) != 1:
            raise self.refuse("refuse.not_holder", name=self.names[seat], role=self.role_name(role_id))
        slot.eliminated = "tech"
        self.pending = None
        return [self.t("heist.eliminated_by_tech", role=self.role_name(role_id), name=self.names[seat])] \
            + self._next_call()

    def _mentalist_target(self, args: list[str]) -> list[str]:
        victims = self._victims()
        role_id = self.role_of(args[0])
        if role_id is not None and len(args) == 1:
            chosen = [s for s in victims if s.role == role_id]
            if len(chosen) > 1:
                raise self.refuse("refuse.which_player", role=self.role_name(role_id),
                                  names=", ".join(self.names[s.owner] for s in chosen))
        else:
            seat = self.seat_of(args[0])
            chosen = [s for s in victims if s.owner == seat]
            if len(args) > 1:
                want = self.role_of(args[1])
                chosen = [s for s in chosen if s.role == want]
        if not chosen:
            raise self.refuse("refuse.no_victim_there", word=" ".join(args), victims=self._victim_text(victims))
        victim = chosen[0]
        thief = self.mentalist_slot
        got = self.ledger.move_up_to(account(victim.owner), account(thief.owner),
                                     self.ed.role(thief.role).amount)
        self.pending = None
        return [self.t("heist.steal", name=self.names[thief.owner], role=self.role_name(thief.role),
                       victim=self.names[victim.owner], victim_role=self.role_name(victim.role),
                       amount=self.money(got))] + self._next_call()

    def _victim_text(self, victims: list[Slot]) -> str:
        return ", ".join(f"{self.names[s.owner]} ({self.role_name(s.role)})" for s in victims)

    # -- what the table sees ------------------------------------------------------
    def heist_expected(self) -> str:
        if self.pending == "tech_target":
            return self.t("expect.tech_target")
        if self.pending == "tech_owner":
            role = self.calls[self.call_i]
            return self.t("expect.tech_owner", role=self.role_name(role),
                          names=", ".join(self.names[s.owner] for s in self._holders(role)))
        if self.pending == "mentalist_target":
            return self.t("expect.mentalist_target", victims=self._victim_text(self._victims()))
        return self.t("expect.call", role=self.role_name(self.calls[self.call_i]))

    def heist_state(self) -> dict[str, Any]:
        return {"calling": self.calling, "waiting_for": self.pending if self.phase == "heist" else None,
                "tech_target": self.tech_target}

    def heist_suggestions(self) -> list[str]:
        if self.pending == "tech_target":
            return [f"target {r}" for r in self.calls[self.call_i + 1:]] + ["target none"]
        if self.pending == "tech_owner":
            return [f"target {shlex.quote(self.names[s.owner])}" for s in self._holders(self.calls[self.call_i])]
        if self.pending == "mentalist_target":
            seen = dict.fromkeys(self.names[s.owner] for s in self._victims())
            return [f"target {shlex.quote(n)}" for n in seen]
        role = self.calls[self.call_i]
        seats = list(dict.fromkeys(s.owner for s in self._unrevealed()))
        # players who would keep more hidden roles than calls remain must be named now
        remaining = len(self.calls) - self.call_i - 1
        forced = [i for i in seats if len(self._unrevealed(i)) > remaining]
        names = [shlex.quote(self.names[i]) for i in forced]
        out = [f"reveal {role} " + (" ".join(names) if names else "none")]
        out += [f"reveal {role} " + " ".join(names + [shlex.quote(self.names[i])]) for i in seats if i not in forced]
        return out + [f"reveal {role} …"]
