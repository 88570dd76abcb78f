"""Why a Coup command is refused now: the rule or the missing step, in the game's words.

Every refusal of a command out of place comes from here, so that none is generic: a ``block``
after Income says "Income cannot be blocked", a second ``challenge`` says "Only one player may
challenge a claim", an action while a claim is open names the action still going on, and so on.
A mixin of :class:`~tiptoi_sim.assistants.coup.game.CoupGame`; it reads the game, never changes it.
"""

from __future__ import annotations

from tiptoi_sim.assistants.base import Refused
from tiptoi_sim.assistants.coup.windows import (ACTION, ACTION_VERBS, BLOCK, CHALLENGE_BLOCK, CHALLENGE_CLAIM,
                                                 DEAL, EXAMINE, PROVE_BLOCK, PROVE_CLAIM, REVEAL, SETUP,
                                                 SETUP_VERBS)


class RefusalReasons:
    """The reasons; ``self`` is the game (windows, action, last action, phrases)."""

    def _need(self, verb: str, *windows: str) -> None:
        if self.window not in windows:
            raise Refused(self._why_not(verb))

    def _why_not(self, verb: str) -> str:
        w, act, p = self.window, self.action, self.prompt()
        if w == SETUP:
            if verb == "next":
                return self.t("refuse.not_dealing", prompt=p)
            return self.t("refuse.setup_first", prompt=p)
        if verb in SETUP_VERBS:
            return self.t("refuse.started")
        if w == DEAL:
            return self.t("refuse.deal_first", step=self.deal_index, steps=len(self.deal_steps))
        if verb == "next":
            return self.t("refuse.deal_over", prompt=p)
        if verb == "block":
            return self._why_no_block()
        if verb == "challenge":
            return self._why_no_challenge()
        if w in (PROVE_CLAIM, PROVE_BLOCK):
            who, claim, _ = self._claim_in_question()
            return self.t("refuse.prove_first", player=self.pname(who), character=self.cname(claim))
        if w == REVEAL:
            return self.t("refuse.reveal_first", player=self.pname(self.loser))
        if w == EXAMINE:
            return self.t("refuse.examine_first", actor=self.pname(act.actor), target=self.pname(act.target))
        if verb in ACTION_VERBS:
            return self.t("refuse.busy", deed=self.deed(act.kind, act.actor), prompt=p)
        if verb == "pass":
            return self.t("refuse.pass_action", player=self.pname(self.current), prompt=p)
        if verb in ("show", "bluff"):
            return self.t("refuse.nothing_to_show", prompt=p)
        if verb == "reveal":
            return self.t("refuse.nobody_loses", prompt=p)
        if verb in ("return", "discard"):
            return self.t("refuse.no_look", prompt=p)
        return self.t("refuse.unknown", verb=verb, prompt=p)

    def _cannot_block(self, kind: str, claim: str | None) -> str:
        return self.t(f"refuse.cannot_block.{kind}", character=self.cname(claim) if claim else "")

    def _why_no_block(self) -> str:
        w, act, p = self.window, self.action, self.prompt()
        if w == ACTION:
            last = self.last
            if last is None:
                return self.t("refuse.nothing_to_block", prompt=p)
            if not self.blockable(last.kind):
                return self._cannot_block(last.kind, last.claim)
            return self.t("refuse.too_late_block", deed=self.deed(last.kind, last.actor), prompt=p)
        if w in (CHALLENGE_BLOCK, PROVE_BLOCK):
            return self.t("refuse.block_block", prompt=p)
        if not self.blockable(act.kind):
            return self._cannot_block(act.kind, act.claim)
        if w == CHALLENGE_CLAIM:
            return self.t("refuse.block_early", prompt=p)
        if w == PROVE_CLAIM:
            return self.t("refuse.prove_first", player=self.pname(act.actor), character=self.cname(act.claim))
        if w == REVEAL:
            if self.cont == "claim_stands":  # a challenger is losing: the block window comes next
                return self.t("refuse.reveal_first", player=self.pname(self.loser))
            return self.t("refuse.too_late_block", deed=self.deed(act.kind, act.actor), prompt=p)
        return self.t("refuse.too_late_block", deed=self.deed(act.kind, act.actor), prompt=p)

    def _why_no_challenge(self) -> str:
        w, act, p = self.window, self.action, self.prompt()
        if w == ACTION:
            last = self.last
            if last is None:
                return self.t("refuse.nothing_to_challenge", prompt=p)
            if last.claim is None:
                return self._cannot_challenge(last.kind)
            return self.t("refuse.too_late_challenge", deed=self.deed(last.kind, last.actor), prompt=p)
        if w == PROVE_BLOCK or (w == REVEAL and act.block_challenger is not None):
            return self.t("refuse.one_challenge_block", challenger=self.pname(act.block_challenger),
                          blocker=self.pname(act.blocker), character=self.cname(act.block_claim))
        if w == PROVE_CLAIM or (w in (BLOCK, REVEAL) and act.challenger is not None and act.blocker is None):
            return self.t("refuse.one_challenge", challenger=self.pname(act.challenger),
                          claimer=self.pname(act.actor), character=self.cname(act.claim))
        if act.claim is None and w in (BLOCK, REVEAL):
            return self._cannot_challenge(act.kind)
        if w == BLOCK:
            return self.t("refuse.challenge_closed", actor=self.pname(act.actor),
                          character=self.cname(act.claim), prompt=p)
        if w == REVEAL:
            return self.t("refuse.reveal_first", player=self.pname(self.loser))
        return self.t("refuse.too_late_challenge", deed=self.deed(act.kind, act.actor), prompt=p)

    def _cannot_challenge(self, kind: str) -> str:
        chars = self._or_list([self.cname(c) for c in self.block_characters(kind)])
        return self.t(f"refuse.cannot_challenge.{kind}", characters=chars)

    def _only_target(self) -> str:
        act = self.action
        return self.t(f"refuse.only_target.{act.kind}", target=self.pname(act.target))

