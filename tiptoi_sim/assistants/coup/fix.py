"""``fix`` (alias ``set``): correct one public fact of a Coup table without undoing what came
after it. The forms:

- ``fix NAME coins N`` (or ``+N`` / ``-N``): the player's coins; the difference comes from or
  goes back to the treasury, so the coins stay conserved. Refused when the treasury does not
  hold enough, for a player who is out (an out player has no coins), or when nothing changes.
- ``fix NAME revealed CHARACTER …`` (or ``none``): the player's face-up cards, in order; the
  face-down cards are the rest of the player's two. ``fix NAME reveal CHARACTER`` turns one
  more card face up. A player left with no face-down card is out (their coins go back to the
  treasury, and the last one in wins); one whose card is turned face down again comes back.
- ``fix turn NAME``: whose turn it is (the turn's number stays).

Coins can be fixed at any moment of play; face-up cards and the turn only between actions
(in the ``action`` window), because an action under way depends on them. Every fix says what
moved; a refused fix names the rule it would break and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tiptoi_sim.assistants.base import Refused
from tiptoi_sim.core.numbers import NumberError, parse_whole

if TYPE_CHECKING:
    from tiptoi_sim.assistants.coup.game import CoupGame

USAGE = "fix NAME coins N, fix NAME revealed CHARACTER …|none, fix NAME reveal CHARACTER, fix turn NAME"
COINS = ("coins", "coin", "money", "münzen", "geld")
REVEALED = ("revealed", "faceup", "face-up", "face_up", "up", "offen", "aufgedeckt")
REVEAL_ONE = ("reveal", "lose", "aufdecken")
NONE = ("none", "nothing", "-", "keine")


def fix(g: "CoupGame", args: list[str]) -> list[str]:
    from tiptoi_sim.assistants.coup.game import DEAL, SETUP

    if g.window == SETUP:
        raise Refused(g.t("refuse.fix_before_start", prompt=g.prompt()))
    if g.window == DEAL:
        # The game has started, so "start the game first" would be wrong: the deal is what is left.
        raise Refused(g.t("refuse.fix_during_deal", step=g.deal_index, steps=len(g.deal_steps)))
    if len(args) < 2:
        raise Refused(g.t("refuse.usage", usage=g.usage_words(USAGE)))
    if args[0].lower() == "turn":
        if len(args) != 2:
            raise Refused(g.t("refuse.usage", usage=g.usage_words(USAGE)))
        return fix_turn(g, g._seat(args[1]))
    who = g._seat(args[0])
    what = args[1].lower()
    if what in COINS:
        if len(args) != 3:
            raise Refused(g.t("refuse.usage", usage=g.usage_words(USAGE)))
        return fix_coins(g, who, args[2])
    if what in REVEALED:
        words = args[2:]
        if len(words) == 1 and words[0].lower() in NONE:
            words = []
        return fix_revealed(g, who, [g._character(w) for w in words])
    if what in REVEAL_ONE:
        if len(args) != 3:
            raise Refused(g.t("refuse.usage", usage=g.usage_words(USAGE)))
        return fix_revealed(g, who, g.players[who].revealed + [g._character(args[2])])
    if what == "turn" and len(args) == 2:
        return fix_turn(g, who)
    raise Refused(g.t("refuse.usage", usage=g.usage_words(USAGE)))


def fix_coins(g: "CoupGame", who: int, text: str) -> list[str]:
    from tiptoi_sim.assistants.coup.game import ACTION

    p = g.players[who]
    if p.out:
        raise Refused(g.t("refuse.fix_out_coins", player=p.name))
    try:
        if text.startswith(("+", "-")):
            new = p.coins + parse_whole(text, field="fix coins", lo=-g.bank.total, hi=g.bank.total)
        else:
            new = parse_whole(text, field="fix coins", lo=0, hi=g.bank.total)
    except NumberError:
        raise Refused(g.t("refuse.fix_number", value=text, total=g.num(g.bank.total))) from None
    if new < 0:
        raise Refused(g.t("refuse.fix_negative", player=p.name, amount=g.money(p.coins)))
    delta = new - p.coins
    if delta == 0:
        raise Refused(g.t("refuse.fix_nothing_coins", player=p.name, amount=g.money(p.coins)))
    if delta > g.bank.treasury:
        raise Refused(g.t("refuse.fix_treasury", treasury=g.money(g.bank.treasury), player=p.name,
                          amount=g.money(delta), total=g.money(g.bank.total)))
    if delta > 0:
        g.bank.pay_out(g.players, p, delta)
        said = [g.t("fix.coins_from", player=p.name, amount=g.money(p.coins), moved=g.money(delta),
                    treasury=g.money(g.bank.treasury))]
    else:
        g.bank.pay_in(g.players, p, -delta)
        said = [g.t("fix.coins_to", player=p.name, amount=g.money(p.coins), moved=g.money(-delta),
                    treasury=g.money(g.bank.treasury))]
    if g.window == ACTION and who == g.current and p.coins >= g.a.forced_coup_at:
        said.append(g.t("turn.forced", player=p.name, amount=g.money(p.coins)))
    return said


def _between_actions(g: "CoupGame") -> None:
    from tiptoi_sim.assistants.coup.game import ACTION

    if g.window != ACTION:
        act = g.action
        raise Refused(g.t("refuse.fix_between", deed=g.deed(act.kind, act.actor), prompt=g.prompt()))


def fix_revealed(g: "CoupGame", who: int, new: list[str]) -> list[str]:
    _between_actions(g)
    p = g.players[who]
    cards = p.hidden + len(p.revealed)  # a player always holds two cards, face up or down
    if len(new) > cards:
        raise Refused(g.t("refuse.fix_too_many", player=p.name, cards=g.cards(cards)))
    if new == p.revealed:
        raise Refused(g.t("refuse.fix_nothing_revealed", player=p.name))
    for cid in set(new):
        others = g.revealed_count(cid) - p.revealed.count(cid)
        if others + new.count(cid) > g.copies:
            raise Refused(g.t("refuse.all_revealed", copies=g.num(g.copies), character=g.cname(cid)))
    was_out = p.out
    if len(new) == cards and len([i for i in g.living() if i != who]) == 0:
        raise Refused(g.t("refuse.fix_nobody_left", player=p.name))
    p.revealed = list(new)
    p.hidden = cards - len(new)
    up = g._list([g.cname(c) for c in new])
    if not new:
        said = [g.t("fix.revealed_none", player=p.name, hidden=g.cards(p.hidden))]
    elif p.hidden:
        said = [g.t("fix.revealed", player=p.name, revealed=up, hidden=g.cards(p.hidden))]
    else:
        said = [g.t("fix.revealed_all", player=p.name, revealed=up)]
    if was_out and not p.out:
        said.append(g.t("fix.back_in", player=p.name))
    said += g.if_out(who)
    if g.over:
        return said
    if g.players[g.current].out:  # the player whose turn it was is out now: the next one plays
        seats = len(g.players)
        g.current = next(s % seats for s in range(g.current + 1, g.current + seats + 1)
                         if not g.players[s % seats].out)
        said.append(g.t("fix.turn_moves", player=g.pname(g.current),
                        amount=g.money(g.players[g.current].coins, "dat")))
    return said


def fix_turn(g: "CoupGame", who: int) -> list[str]:
    _between_actions(g)
    p = g.players[who]
    if p.out:
        raise Refused(g.t("refuse.is_out", player=p.name))
    if who == g.current:
        raise Refused(g.t("refuse.fix_nothing_turn", player=p.name))
    g.current = who
    said = [g.t("fix.turn", player=p.name, amount=g.money(p.coins, "dat"))]
    if p.coins >= g.a.forced_coup_at:
        said.append(g.t("turn.forced", player=p.name, amount=g.money(p.coins)))
    return said
