"""Coup's state file: a game under way as the table knows it (documented in
docs/assistants/coup.md, "The state file").

:func:`export_state` writes what ``state --yaml`` prints; :func:`game_from_state` reads it back
(or a hand-written one: most fields are optional) and refuses anything inconsistent with a
``DataError`` naming the file, the line and the field. Round trip: the rebuilt game has the same
``public_state()`` and answers every next command the same way. The random generator is only
used at ``start`` (which pile the two-player deal begins with); the piles are part of the state,
so a game that has started needs no generator state, and one still in set-up starts from the
seed like the original.
"""

from __future__ import annotations

from typing import Any

from tiptoi_sim.assistants.base import Refused
from tiptoi_sim.assistants.coup.table import Action, LastAction, Player
from tiptoi_sim.core.errors import DataError, UserError
from tiptoi_sim.core.numbers import parse_whole
from tiptoi_sim.core.yamlio import fail, only_keys, opt, req

KEYS = ["variant", "names", "copies", "window", "players", "turn", "current", "treasury", "court",
        "deal", "action", "loser", "then", "last_action", "winner"]
PLAYER_KEYS = ["name", "coins", "influence", "revealed", "face_up", "face_down"]
ACTION_KEYS = ["kind", "actor", "target", "claim", "paid", "challenger", "blocker", "block_claim",
               "block_challenger", "passed"]


def export_state(g) -> dict[str, Any]:
    """The game as a plain mapping (the ``state:`` part of a state file)."""
    from tiptoi_sim.assistants.coup.game import DEAL, SETUP

    name = g.pname
    st: dict[str, Any] = {"variant": g.lineup_id, "names": g.names_id, "window": g.window}
    if g.window != SETUP:
        st.update(copies=g.copies, court=g.court, treasury=g.bank.treasury)
    if g.window not in (SETUP, DEAL):
        st.update(turn=g.turn, current=name(g.current))
    st["players"] = [{"name": p.name, "coins": p.coins, "influence": p.hidden, "revealed": list(p.revealed)}
                     for p in g.players]
    if g.window == DEAL:
        st["deal"] = {"step": g.deal_index}
        if g.piles:
            st["deal"]["piles"] = list(g.piles)
    act = g.action
    if act is not None:
        opt_name = lambda seat: None if seat is None else name(seat)  # noqa: E731
        st["action"] = {"kind": act.kind, "actor": name(act.actor), "target": opt_name(act.target),
                        "claim": act.claim, "paid": act.paid, "challenger": opt_name(act.challenger),
                        "blocker": opt_name(act.blocker), "block_claim": act.block_claim,
                        "block_challenger": opt_name(act.block_challenger),
                        "passed": [name(i) for i in act.passed]}
    if g.loser is not None:
        st["loser"], st["then"] = name(g.loser), g.cont
    if g.last is not None:
        st["last_action"] = {"kind": g.last.kind, "actor": name(g.last.actor), "claim": g.last.claim}
    if g.winner is not None:
        st["winner"] = name(g.winner)
    return st


def _whole(m, key, field: str, default: int | None, lo: int, hi: int) -> int:
    if not isinstance(m, dict) or key not in m or m[key] is None:
        if default is None:
            raise fail(m, field, f"missing; expected a whole number from {lo} to {hi}")
        return default
    try:
        return parse_whole(m[key], lo=lo, hi=hi)
    except UserError as e:
        raise fail(m, field, str(e), key) from None


def game_from_state(cls, assets, state, *, seed: int = 0, lang: str = "de", options=None):
    from tiptoi_sim.assistants.coup import game as G

    g = cls(assets, seed=seed, lang=lang, options=options)
    if not isinstance(state, dict):
        raise DataError(getattr(state, "path", None), "state", "a mapping with players, coins, whose turn …")
    only_keys(state, KEYS, "state")
    g.lineup_id = opt(state, "variant", str, "state.variant", g.lineup_id, check=lambda v: v in assets.lineups,
                      expected="one of: " + ", ".join(assets.lineups))
    g.names_id = opt(state, "names", str, "state.names", g.names_id, check=lambda v: v in assets.name_variants,
                     expected="one of: " + ", ".join(assets.name_variants))
    window = opt(state, "window", str, "state.window", G.ACTION, check=lambda v: v in G.WINDOWS,
                 expected="one of: " + ", ".join(G.WINDOWS))
    g.window = window
    in_setup = window == G.SETUP

    # -- the players -------------------------------------------------------------------
    plist = req(state, "players", list, "state.players")
    seen: set[str] = set()
    for i, pm in enumerate(plist):
        f = f"state.players[{i}]"
        if isinstance(pm, str):
            pm = {"name": pm}
        if not isinstance(pm, dict):
            raise fail(plist, f, "a mapping with name, coins, influence, revealed", i)
        only_keys(pm, PLAYER_KEYS, f)
        name = req(pm, "name", str, f + ".name")
        if name.lower() in seen:
            raise fail(pm, f + ".name", f"a name not used twice ({name!r} is)", "name")
        if not g.valid_name(name) or name != name.strip() or " " in name:
            raise fail(pm, f + ".name", f"a name that is one word and not a number, a character or a command "
                                        f"(got {name!r})", "name")
        seen.add(name.lower())
        coins = _whole(pm, "coins", f + ".coins", 0 if in_setup else assets.starting_coins, 0, assets.treasury_total)
        up_key = "revealed" if "revealed" in pm else "face_up"
        up = opt(pm, up_key, list, f"{f}.{up_key}", [])
        revealed = []
        for j, word in enumerate(up):
            cid = g._find_character(str(word)) if isinstance(word, str) else None
            if cid is None or cid not in g.lineup:
                raise fail(up, f"{f}.{up_key}[{j}]", "a character of this game: " + ", ".join(g.lineup), j)
            revealed.append(cid)
        hid_key = "influence" if "influence" in pm else "face_down"
        default_hidden = 0 if in_setup else max(0, 2 - len(revealed))
        hidden = _whole(pm, hid_key, f"{f}.{hid_key}", default_hidden, 0, 2)
        if in_setup and (coins or hidden or revealed):
            raise fail(pm, f, "no coins and no cards before start (window: setup)", "name")
        if not in_setup and hidden + len(revealed) != 2:
            raise fail(pm, f, f"two cards in all: influence (face down) {hidden} + revealed (face up) "
                              f"{len(revealed)} make {hidden + len(revealed)}", hid_key if hid_key in pm else "name")
        if not in_setup and hidden == 0 and coins:
            raise fail(pm, f + ".coins", "0 for a player who is out (their coins went back to the treasury)", "coins")
        g.players.append(Player(name, coins, hidden, revealed))
    n = len(g.players)
    if not (in_setup and n == 0) and not assets.min_players <= n <= assets.max_players:
        raise fail(state, "state.players", f"{assets.min_players} to {assets.max_players} players, not {n}", "players")

    # -- coins, cards, the Court ---------------------------------------------------------
    held = sum(p.coins for p in g.players)
    if held > assets.treasury_total:
        raise fail(state, "state.players", f"at most {assets.treasury_total} coins in all (the treasury's "
                                           f"total), not {held}", "players")
    g.bank.treasury = assets.treasury_total - held
    if "treasury" in state and state["treasury"] is not None:
        t = _whole(state, "treasury", "state.treasury", None, 0, assets.treasury_total)
        if t != g.bank.treasury:
            raise fail(state, "state.treasury", f"{g.bank.treasury}: the {assets.treasury_total} coins of the game "
                                                f"minus the players' {held}", "treasury")
    if not in_setup:
        if "copies" in state and state["copies"] is not None:
            g.copies_override = _whole(state, "copies", "state.copies", None, 1, 20)
        try:
            g.copies, g.court, g.out_of_game = g.deck(n)
        except Refused as e:
            raise fail(state, "state.players", e.reason, "players") from None
        if "court" in state and state["court"] is not None:
            c = _whole(state, "court", "state.court", None, 0, 100)
            if c != g.court:
                raise fail(state, "state.court", f"{g.court} (the Court of {n} players with {g.copies} copies "
                                                 f"of each character)", "court")
        for cid in g.lineup:
            if g.revealed_count(cid) > g.copies:
                raise fail(state, "state.players", f"at most {g.copies} face-up cards of {cid}, not "
                                                   f"{g.revealed_count(cid)}", "players")
    elif any(k in state and state[k] is not None for k in ("copies", "court", "turn", "current", "action")):
        k = next(k for k in ("copies", "court", "turn", "current", "action") if k in state and state[k] is not None)
        raise fail(state, f"state.{k}", "nothing before start (window: setup)", k)

    # -- the deal -------------------------------------------------------------------------
    if window == G.DEAL:
        d = req(state, "deal", dict, "state.deal")
        only_keys(d, ["step", "piles"], "state.deal")
        if n == 2:
            piles = opt(d, "piles", list, "state.deal.piles", [1, 2, 3],
                        check=lambda v: len(v) == 3 and all(isinstance(x, int) and not isinstance(x, bool)
                                                            and 1 <= x <= g.copies for x in v) and len(set(v)) == 3,
                        expected=f"three different piles from 1 to {g.copies}")
            g.piles = list(piles)
        g.deal_steps = g.make_deal_steps()
        g.deal_index = _whole(d, "step", "state.deal.step", None, 1, len(g.deal_steps))
        for p in g.players:
            if p.hidden != 2 or p.coins != assets.starting_coins:
                raise fail(state, "state.players", f"every player with 2 cards face down and "
                                                   f"{assets.starting_coins} coins during the deal", "players")
        return g
    if in_setup:
        return g

    # -- whose turn, the action ------------------------------------------------------------
    def seat(m, key, field, *, alive=False, required=True):
        if isinstance(m, list):
            v = m[key] if 0 <= key < len(m) else None
        else:
            v = m.get(key) if isinstance(m, dict) else None
        if v is None:
            if required:
                raise fail(m, field, "missing; expected a player's name", key)
            return None
        s = next((i for i, p in enumerate(g.players) if isinstance(v, str) and p.name.lower() == v.lower()), None)
        if s is None:
            raise fail(m, field, "one of the players: " + ", ".join(p.name for p in g.players), key)
        if alive and g.players[s].out:
            raise fail(m, field, f"a player still in ({g.players[s].name} is out)", key)
        return s

    alive = g.living()
    if window == G.OVER:
        if len(alive) != 1:
            raise fail(state, "state.window", f"over only when one player is left with influence "
                                              f"({len(alive)} are)", "window")
        g.winner = alive[0]
        w = seat(state, "winner", "state.winner", required=False)
        if w is not None and w != g.winner:
            raise fail(state, "state.winner", f"{g.pname(g.winner)}, the last one with influence", "winner")
    elif len(alive) < 2:
        raise fail(state, "state.players", "at least two players with influence while the game goes on "
                                           "(window: over when one is left)", "players")
    g.turn = _whole(state, "turn", "state.turn", 1, 1, 100000)
    cur = seat(state, "current", "state.current", alive=window != G.OVER, required=False)
    g.current = cur if cur is not None else alive[0]
    if "last_action" in state and state["last_action"] is not None:
        la = req(state, "last_action", dict, "state.last_action")
        only_keys(la, ["kind", "actor", "claim"], "state.last_action")
        kind = req(la, "kind", str, "state.last_action.kind", check=lambda v: v in assets.actions,
                   expected="one of: " + ", ".join(assets.actions))
        g.last = LastAction(kind, seat(la, "actor", "state.last_action.actor"), g.claimant(kind)
                            if kind not in G.BASIC_ACTIONS else None)
    needs_action = window not in (G.ACTION, G.OVER)
    if not needs_action:
        for k in ("action", "loser", "then"):
            if state.get(k) is not None:
                raise fail(state, f"state.{k}", f"nothing in the window {window} (only during an action)", k)
        return g
    am = req(state, "action", dict, "state.action")
    only_keys(am, ACTION_KEYS, "state.action")
    kind = req(am, "kind", str, "state.action.kind", check=lambda v: v in assets.actions,
               expected="one of: " + ", ".join(assets.actions))
    rule = assets.actions[kind]
    actor = seat(am, "actor", "state.action.actor", alive=True)
    if actor != g.current:
        raise fail(am, "state.action.actor", f"{g.pname(g.current)}, whose turn it is", "actor")
    target = seat(am, "target", "state.action.target", required=rule.targeted)
    if target is not None and (not rule.targeted or target == actor):
        raise fail(am, "state.action.target", "a target only for a targeted action, never the actor", "target")
    claim = None
    if kind not in G.BASIC_ACTIONS:
        claim = g.claimant(kind)
        if claim is None:
            raise fail(am, "state.action.kind", "an action a character of this game can do", "kind")
    if am.get("claim") is not None and g._find_character(str(am["claim"])) != claim:
        raise fail(am, "state.action.claim", f"{claim} (the character whose action this is)", "claim")
    paid = _whole(am, "paid", "state.action.paid", rule.cost, 0, rule.cost)
    if paid not in (0, rule.cost):
        raise fail(am, "state.action.paid", f"0 or {rule.cost}", "paid")
    act = Action(kind, actor, target, claim, paid)
    act.challenger = seat(am, "challenger", "state.action.challenger", required=False)
    act.blocker = seat(am, "blocker", "state.action.blocker", required=False)
    act.block_challenger = seat(am, "block_challenger", "state.action.block_challenger", required=False)
    if am.get("block_claim") is not None:
        bc = g._find_character(str(am["block_claim"]))
        if bc is None or bc not in g.block_characters(kind):
            raise fail(am, "state.action.block_claim", "a character that blocks this action: "
                       + ", ".join(g.block_characters(kind)), "block_claim")
        act.block_claim = bc
    passed = opt(am, "passed", list, "state.action.passed", [])
    for j in range(len(passed)):
        act.passed.append(seat(passed, j, f"state.action.passed[{j}]"))
    g.action = act
    _check_window(g, state, am, window, kind)
    return g


def _check_window(g, state, am, window: str, kind: str) -> None:
    """The action's fields must fit the window (a challenge before its proof, …)."""
    from tiptoi_sim.assistants.coup import game as G

    act = g.action
    need: list[str] = []
    if window in (G.CHALLENGE_CLAIM, G.PROVE_CLAIM) and act.claim is None:
        raise fail(am, "state.action.kind", f"an action that claims a character in the window {window}", "kind")
    if window == G.PROVE_CLAIM:
        need = ["challenger"]
    if window in (G.BLOCK, G.CHALLENGE_BLOCK, G.PROVE_BLOCK) and not g.blockable(kind):
        raise fail(am, "state.action.kind", f"an action that can be blocked in the window {window}", "kind")
    if window in (G.CHALLENGE_BLOCK, G.PROVE_BLOCK):
        need = ["blocker", "block_claim"] + (["block_challenger"] if window == G.PROVE_BLOCK else [])
    if window == G.EXAMINE and kind != "examine":
        raise fail(am, "state.action.kind", "examine in the window examine", "kind")
    for k in need:
        if am.get(k) is None:
            raise fail(am, f"state.action.{k}", f"missing; the window {window} needs it", "kind")
    if act.blocker is not None:
        if act.blocker == act.actor or g.players[act.blocker].out:
            raise fail(am, "state.action.blocker", "a player still in other than the actor", "blocker")
    if window == G.REVEAL:
        g.loser = None
        v = state.get("loser")
        if v is None:
            raise fail(state, "state.loser", "missing; the window reveal needs the player who loses an influence")
        g.loser = next((i for i, p in enumerate(g.players) if isinstance(v, str) and p.name.lower() == v.lower()
                        and not p.out), None)
        if g.loser is None:
            raise fail(state, "state.loser", "a player still in", "loser")
        g.cont = opt(state, "then", str, "state.then", "end_turn", check=lambda v: v in G.CONTINUATIONS,
                     expected="one of: " + ", ".join(G.CONTINUATIONS))
    elif state.get("loser") is not None or state.get("then") is not None:
        k = "loser" if state.get("loser") is not None else "then"
        raise fail(state, f"state.{k}", "only in the window reveal", k)
