"""The heist: the roles in use are called in the rulebook's order (the edition's ``roles``
list); as each is called, the players who hold it reveal it and the table types
``reveal ROLE PLAYER...`` (or ``reveal ROLE none``; or ``PLAYER reveal ROLE``). Then, for that role:

- the Tech's elimination first: if the Tech named this role, one card of it is eliminated; when
  several players hold it, the table says whose (``target PLAYER``), and the others stay in;
- a role then held more than once (not counting a card the Tech eliminated) is eliminated
  without effect, except the Brute;
- Tech (alone in its role): the table names the role it eliminates (``target ROLE``), which must
  be a role whose card was turned face up in planning and that is called after the Tech;
- Acrobat: takes its amount from the centre;
- each Brute: takes its amount from the centre, even when eliminated;
- Mentalist: steals its amount from the hand of a player whose Brute, Tech or Acrobat (the
  edition's ``victims``) is still in the heist (``target PLAYER`` or ``target ROLE``);
- Brain: adds the loot card's Brain value from the reserve to the centre;
- Driver: takes its amount from the centre per role still in the heist, itself included.

Reveals must fit the role cards on the table: all but one card were turned face up in planning,
so at most one revealed card may be a role that the face-up cards do not show.

Amounts move with "up to what there is" (a centre or a hand cannot go below zero). Calls after
every role in the heist has been revealed are skipped; the last call refuses to leave a role
unrevealed. When the calls are done the game's sharing runs.

This is a mixin of :class:`~tiptoi_sim.assistants.millions_of_dollars.game.MillionsOfDollars`.
"""

from __future__ import annotations

import shlex
from collections import Counter
from typing import Any

from tiptoi_sim.assistants.base import Refused
from tiptoi_sim.assistants.millions_of_dollars.ledger import CENTRE, RESERVE, account
from tiptoi_sim.assistants.millions_of_dollars.model import NOBODY, Slot, fold
from tiptoi_sim.core.wording import count


class HeistMixin:
    # -- state ------------------------------------------------------------------
    def _init_heist(self) -> None:
        self.calls: list[str] = []        # role ids in calling order
        self.call_i = 0                   # index of the role being called
        self.pending: str | None = None   # "tech_target", "tech_owner" or "mentalist_target"
        self.tech_target: str | None = None  # the role the Tech eliminated, until it is called
        self.tech_owner: int | None = None   # whose card of it, when the table said so at once

    def _begin_heist(self) -> list[str]:
        self.phase = "heist"
        self.calls = self.roles_in_use()
        self.call_i = 0
        self.pending = None
        return [self.t("heist.start")] + self._advance()

    @property
    def calling(self) -> str | None:
        return self.calls[self.call_i] if self.phase == "heist" and self.call_i < len(self.calls) else None

    @property
    def mentalist_slot(self) -> Slot | None:
        return next((s for s in self.slots if s.still_in and s.role
                     and self.ed.role(s.role).effect == "mentalist"), None)

    def _unrevealed(self, seat: int | None = None) -> list[Slot]:
        return [s for s in self.slots if s.in_heist and s.role is None and (seat is None or s.owner == seat)]

    def _holders(self, role_id: str) -> list[Slot]:
        return [s for s in self.slots if s.in_heist and s.role == role_id]

    def _advance(self) -> list[str]:
        """Call the next role, or share the loot when no role is left to reveal."""
        if self.call_i >= len(self.calls) or not self._unrevealed():
            return self._share()
        return [self.t("heist.call", role=self.role(self.calls[self.call_i], "the_acc"))]

    def _next_call(self) -> list[str]:
        self.call_i += 1
        return self._advance()

    def reveal_problem(self, face_up: list[str] | None, extra: list[str] = ()) -> str | None:
        """Why the revealed roles (plus ``extra``) cannot be the cards on the table: all but one
        card were turned face up, so at most one revealed card shows a role the face-up cards
        do not. None when they fit (or the face-up cards were not told)."""
        if face_up is None:
            return None
        revealed = Counter([s.role for s in self.slots if s.role] + list(extra))
        shown = Counter(face_up)
        secret = len(self.slots) - len(face_up)
        over = sum(max(0, k - shown[r]) for r, k in revealed.items())
        if over > secret:
            return self.t("refuse.reveal_not_on_table", face_up=self.roles_list(face_up))
        return None

    # -- reveal -----------------------------------------------------------------
    def _cmd_reveal(self, args: list[str], actor) -> list[str]:
        self._need("reveal", "heist")
        if self.pending:
            raise self.refuse("refuse.target_first", expected=self.heist_expected())
        if not args:
            raise self.refuse("refuse.usage", usage=self.t("usage.reveal"))
        if actor is not None:
            if len(args) != 1:
                raise self.refuse("refuse.usage", usage=self.t("usage.reveal_actor"))
            args = [args[0], self.names[actor]]
        role_id = self.role_of(args[0])
        if role_id is None:
            raise self.refuse("refuse.no_role", word=args[0], roles=self.roles_list(self.calls))
        if role_id not in self.calls:
            raise self.refuse("refuse.role_not_used", role=self.role(role_id, cap=True))
        current = self.calls[self.call_i]
        if role_id != current:
            key = "refuse.already_called" if self.calls.index(role_id) < self.call_i else "refuse.not_yet"
            raise self.refuse(key, role=self.role(role_id), current=self.role(current),
                              role_cap=self.role(role_id, cap=True))
        words = args[1:]
        if not words:
            raise self.refuse("refuse.reveal_who", role=self.role(role_id, "the_acc"), role_id=role_id)
        seats: list[int] = []
        if not (len(words) == 1 and fold(words[0]) in NOBODY):
            for w in words:
                seat = self.seat_of(w)
                if seat in seats:
                    raise self.refuse("refuse.same_role_twice", name=self.names[seat], role=self.role(role_id, "one"))
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
        problem = self.reveal_problem(self.face_up, [role_id] * len(seats))
        if problem:
            raise Refused(problem)
        holders = []
        for seat in seats:
            slot = self._unrevealed(seat)[0]
            slot.role = role_id
            holders.append(slot)
        return self._resolve(role_id, holders)

    def _resolve(self, role_id: str, holders: list[Slot]) -> list[str]:
        if not holders:
            said = [self.t("heist.nobody", role=self.role(role_id, "the_acc"))]
            if self.tech_target == role_id:
                self.tech_target = self.tech_owner = None
            return said + self._next_call()
        said = [self.t("heist.revealed", role=self.role_name(role_id),
                       names=self.names_list([s.owner for s in holders]))]
        if self.tech_target == role_id:
            named = next((s for s in holders if s.owner == self.tech_owner), None)
            if len(holders) > 1 and named is not None:
                # the table said whose card it was when the Tech named it
                self.tech_target = self.tech_owner = None
                named.eliminated = "tech"
                said.append(self.t("heist.eliminated_by_tech", role=self.role(role_id, "one"),
                                   name=self.names[named.owner]))
                return said + self._after_tech(role_id, holders)
            if len(holders) > 1:
                # the Tech pointed at one card: whose was it? the others stay in
                self.pending = "tech_owner"
                return said + [self.heist_expected()]
            self.tech_target = self.tech_owner = None
            holders[0].eliminated = "tech"
            said.append(self.t("heist.eliminated_by_tech", role=self.role(role_id, "one"),
                               name=self.names[holders[0].owner]))
        return said + self._after_tech(role_id, holders)

    def _after_tech(self, role_id: str, holders: list[Slot]) -> list[str]:
        """The called role once the Tech's elimination is settled: duplicates, then the effect."""
        role = self.ed.role(role_id)
        active = [s for s in holders if not s.eliminated]
        if len(active) > 1 and role.effect != "brute":
            for s in active:
                s.eliminated = "duplicate"
            return [self.t("heist.duplicate", role=self.role(role_id, "many"),
                           names=self.names_list([s.owner for s in active]))] + self._next_call()
        said = self._effect(role, holders, active)
        if self.pending:
            return said + [self.heist_expected()]
        return said + self._next_call()

    def _effect(self, role, holders: list[Slot], active: list[Slot]) -> list[str]:
        """Apply a called role's effect (the pending target, if any, is asked afterwards)."""
        led = self.ledger
        if role.effect == "brute":
            said = []
            for s in holders:  # each Brute is paid, even when eliminated
                got = led.move_up_to(CENTRE, account(s.owner), role.amount)
                key = "heist.brute_eliminated" if s.eliminated else "heist.take"
                said.append(self.t(key, name=self.names[s.owner], role=self.role(role.id, "one"),
                                   amount=self.money(got)))
            return said
        if not active:
            return []
        slot = active[0]
        owner = self.names[slot.owner]
        one = self.role(role.id, "one")
        if role.effect == "tech":
            self.pending = "tech_target"
            return []
        if role.effect == "acrobat":
            got = led.move_up_to(CENTRE, account(slot.owner), role.amount)
            return [self.t("heist.take", name=owner, role=one, amount=self.money(got))]
        if role.effect == "mentalist":
            if self._victims():
                self.pending = "mentalist_target"
                return []
            return [self.t("heist.no_victim", role=self.role(role.id, cap=True))]
        if role.effect == "brain":
            got = led.move_up_to(RESERVE, CENTRE, self.card.brain)
            return [self.t("heist.brain", name=owner, role=one, amount=self.money(got))]
        if role.effect == "driver":
            n = sum(1 for s in self.slots if s.still_in)
            got = led.move_up_to(CENTRE, account(slot.owner), role.amount * n)
            roles = count(n, self.t("word.role"), self.t("word.roles"), self.lang)
            return [self.t("heist.driver", name=owner, role=one, roles=roles, amount=self.money(got))]
        raise AssertionError(role.effect)

    def _victims(self) -> list[Slot]:
        thief = self.mentalist_slot
        if thief is None:
            return []
        victims = self.ed.role(thief.role).victims
        return [s for s in self.slots if s.still_in and s.role in victims]

    # -- targets ----------------------------------------------------------------
    def _cmd_target(self, args: list[str], actor) -> list[str]:
        self._need("target", "heist")
        if not self.pending:
            raise self.refuse("refuse.no_target_needed", expected=self.heist_expected())
        if not args:
            raise self.refuse("refuse.usage", usage=self.t("usage.target"))
        if actor is not None:
            chooser = self.mentalist_slot if self.pending == "mentalist_target" else self._tech_slot()
            if chooser is None or chooser.owner != actor:
                who = self.names[chooser.owner] if chooser else "–"
                key = "refuse.not_mentalist" if self.pending == "mentalist_target" else "refuse.not_tech"
                raise self.refuse(key, name=self.names[actor], holder=who)
        if self.pending == "tech_target":
            return self._tech_target(args)
        if self.pending == "tech_owner":
            return self._tech_owner(args)
        return self._mentalist_target(args)

    def _tech_slot(self) -> Slot | None:
        return next((s for s in self.slots if s.in_heist and s.role
                     and self.ed.role(s.role).effect == "tech" and s.eliminated is None), None)

    def tech_choices(self) -> list[str]:
        """The roles the Tech may name: called after it and face up in planning."""
        later = self.calls[self.call_i + 1:]
        return [r for r in later if self.face_up is None or r in self.face_up]

    def _tech_target(self, args: list[str]) -> list[str]:
        if len(args) == 1 and fold(args[0]) in NOBODY:
            self.pending = None
            return [self.t("heist.tech_none")] + self._next_call()
        role_id = self.role_of(args[0])
        owner = self.seat_of(args[1]) if role_id is not None and len(args) == 2 else None
        if role_id is None or len(args) > 2:
            raise self.refuse("refuse.tech_needs_role", roles=self.choices(self.tech_choices()))
        if role_id not in self.calls:
            raise self.refuse("refuse.role_not_used", role=self.role(role_id, cap=True))
        if self.calls.index(role_id) <= self.call_i:
            raise self.refuse("refuse.tech_self", role=self.role(role_id, "the_acc"))
        if self.face_up is not None and role_id not in self.face_up:
            raise self.refuse("refuse.tech_not_face_up", role=self.role(role_id, "one"),
                              face_up=self.roles_list(self.face_up))
        self.tech_target = role_id
        self.tech_owner = owner
        self.pending = None
        if owner is not None:
            said = [self.t("heist.eliminated_by_tech", role=self.role(role_id, "one"), name=self.names[owner])]
        else:
            said = [self.t("heist.tech_target", role=self.role(role_id, "the_acc"))]
        return said + self._next_call()

    def _tech_owner(self, args: list[str]) -> list[str]:
        role_id = self.calls[self.call_i]
        holders = self._holders(role_id)
        seat = self.seat_of(args[0])
        slot = next((s for s in holders if s.owner == seat), None)
        if slot is None or len(args) != 1:
            raise self.refuse("refuse.not_holder", name=self.names[seat], role=self.role(role_id, "one"),
                              names=self.names_list([s.owner for s in holders]))
        slot.eliminated = "tech"
        self.tech_target = self.tech_owner = None
        self.pending = None
        said = [self.t("heist.eliminated_by_tech", role=self.role(role_id, "one"), name=self.names[seat])]
        return said + self._after_tech(role_id, holders)

    def _mentalist_target(self, args: list[str]) -> list[str]:
        victims = self._victims()
        role_id = self.role_of(args[0])
        if role_id is not None and len(args) == 1:
            chosen = [s for s in victims if s.role == role_id]
            if len(chosen) > 1:
                raise self.refuse("refuse.which_player", role=self.role(role_id, "many"),
                                  names=self.names_list([s.owner for s in chosen]))
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
        return [self.t("heist.steal", name=self.names[thief.owner], role=self.role(thief.role, "one"),
                       victim=self.names[victim.owner], victim_role=self.role(victim.role, "one"),
                       amount=self.money(got))] + self._next_call()

    def _victim_text(self, victims: list[Slot]) -> str:
        return ", ".join(f"{self.names[s.owner]} ({self.role(s.role, 'one')})" for s in victims)

    # -- what the table sees ------------------------------------------------------
    def heist_expected(self) -> str:
        if self.pending == "tech_target":
            return self.t("expect.tech_target", roles=self.choices(self.tech_choices()))
        if self.pending == "tech_owner":
            role = self.calls[self.call_i]
            return self.t("expect.tech_owner", role=self.role(role, "many"),
                          names=self.names_list([s.owner for s in self._holders(role)]))
        if self.pending == "mentalist_target":
            return self.t("expect.mentalist_target", victims=self._victim_text(self._victims()))
        role = self.calls[self.call_i]
        return self.t("expect.call", role=self.role(role, cap=True), role_id=role)

    def heist_state(self) -> dict[str, Any]:
        return {"calling": self.calling, "waiting_for": self.pending if self.phase == "heist" else None,
                "tech_target": self.tech_target}

    def heist_suggestions(self) -> list[str]:
        if self.pending == "tech_target":
            return [f"target {r}" for r in self.tech_choices()] + ["target none"]
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
        out = []
        for cand in [names] + [names + [shlex.quote(self.names[i])] for i in seats if i not in forced]:
            if self.reveal_problem(self.face_up, [role] * len(cand)) is None:
                out.append(f"reveal {role} " + (" ".join(cand) if cand else "none"))
        return out + [f"reveal {role} …"]
