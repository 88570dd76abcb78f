"""Coup's windows (what the table is waiting for) and the words of its commands. Shared by the
game, its refusal reasons, its state file and ``fix``; see :mod:`.game` for what each window means."""

from __future__ import annotations

SETUP, DEAL, ACTION, OVER = "setup", "deal", "action", "over"
CHALLENGE_CLAIM, PROVE_CLAIM = "challenge_claim", "prove_claim"
BLOCK, CHALLENGE_BLOCK, PROVE_BLOCK = "block", "challenge_block", "prove_block"
REVEAL, EXAMINE = "reveal", "examine"
WINDOWS = (SETUP, DEAL, ACTION, CHALLENGE_CLAIM, PROVE_CLAIM, BLOCK, CHALLENGE_BLOCK, PROVE_BLOCK,
           REVEAL, EXAMINE, OVER)
#: where play goes on after a reveal
CONTINUATIONS = ("end_turn", "claim_stands", "resolve", "block_stands")

#: other words people say for a verb
ALIASES = {"foreign_aid": "aid", "foreignaid": "aid", "ok": "next", "doubt": "challenge", "no": "pass",
           "allow": "pass", "counter": "block", "prove": "show", "lose": "reveal", "keep": "return",
           "swap": "discard", "look": "examine", "lineup": "variant", "set": "fix"}
#: action verbs and the action kind they start
ACTION_VERBS = {"income": "income", "aid": "foreign_aid", "coup": "coup", "tax": "tax",
                "assassinate": "assassinate", "steal": "steal", "exchange": "exchange", "examine": "examine"}
SETUP_VERBS = ("players", "variant", "names", "start")
OTHER_VERBS = ("next", "challenge", "pass", "block", "show", "bluff", "reveal", "return", "discard", "fix")
#: every verb (a player may not be called like one: ``Pass block`` could not be read)
VERBS = frozenset(SETUP_VERBS + OTHER_VERBS + tuple(ACTION_VERBS) + tuple(ALIASES))
