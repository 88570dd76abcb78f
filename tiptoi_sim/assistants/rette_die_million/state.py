"""The state file of *Rette die Million!*: a session of runs written out (``state --yaml``) and
read back (``assist rette-die-million --from FILE``), documented in
docs/assistants/rette-die-million.md.

Every field is checked with its file, line and field; a state the rules cannot reach is refused
(more chips than the box holds, chips on a closed window, a stake locked in that breaks the
staking rules, a team name twice, a card id not in the pack…). The randomness needs no state of
its own: each draw is seeded from the game's seed and ``draws`` (the cards drawn so far), so a
loaded game draws what the original would have drawn.
"""

from __future__ import annotations

from typing import Any

from tiptoi_sim.assistants.rette_die_million.scoring import RunResult
from tiptoi_sim.core.errors import DataError, UserError
from tiptoi_sim.core.numbers import parse_money, parse_whole
from tiptoi_sim.core.yamlio import fail, only_keys, opt, req
from tiptoi_sim.core.yamlio import whole_field as _whole

PHASES = ("setup", "choose", "reading", "stake", "locked", "revealed")


def export_state(g) -> dict[str, Any]:
    """The game as a plain mapping (see the module docstring)."""
    out: dict[str, Any] = {"mode": g.mode, "pack": g.pack_name,
                           "time_limit": g.time_limit if g.time_limit else "off",
                           "phase": g.phase, "teams": []}
    for t in g.teams:
        team: dict[str, Any] = {"name": t.name, "members": list(t.members)}
        if t.result is not None:
            r = t.result
            team["result"] = ({"won": r.chips_after} if r.finished
                              else {"out_in_round": r.round_reached, "saved": r.chips_saved})
        out["teams"].append(team)
    people = g.people()
    out["last_quizmaster"] = people[g._qm_next - 1] if 0 < g._qm_next <= len(people) else None
    order = sorted(g.pool.drawn, key=lambda cid: g.pool.drawn[cid])
    out["cards_drawn"] = order
    out["draws"] = g.pool._count
    r = g.run
    if r is not None:
        run: dict[str, Any] = {
            "team": g.teams[r.team].name, "quizmaster": r.quizmaster, "round": r.round,
            "chips": r.chips, "round_start_chips": r.round_start_chips,
            "stakes": {w: r.stakes[w] for w in g.ed.windows if r.stakes.get(w)},
            "joker_used": r.joker_used, "joker_round": r.joker_round,
            "timed_out": r.timed_out,
        }
        if g.mode == "pack" or r.offered:
            run["offered"] = list(r.offered)
            run["chosen"] = None if r.chosen is None else r.chosen + 1
            run["joker_card"] = r.joker_card
        run["category"] = r.typed_category
        run["joker_category"] = r.joker_category
        out["run"] = run
    if g.reveal is not None:
        out["reveal"] = {"round": g.reveal["round"], "right": g.reveal["right"], "answer": g.reveal["answer"],
                         "steps": {s["window"]: s["chips"] for s in g.reveal["steps"]},
                         "kept": g.reveal["kept_chips"], "lost": g.reveal["lost_chips"]}
    return out


def _chips(m, key, field, g, *, lo=0, default=None):
    """Chips as a whole number of chips, or money written as euros (``750000 €``, ``1 Mio``)."""
    if key not in m or m[key] is None:
        if default is not None:
            return default
        raise fail(m, field, "missing; expected a number of chips or an amount like 750000 €")
    v = m[key]
    try:
        # a whole number is a count of chips, unless it is at least one chip's worth of euros
        # (25000 and up) or the field is money
        if isinstance(v, int) and not isinstance(v, bool) and key != "money" and v < g.ed.chip_value:
            n = parse_whole(v, field=field, lo=lo, hi=g.ed.chips, what="a number of chips")
        else:
            euros = parse_money(v, field=field, lo=0)
            if euros % g.ed.chip_value:
                raise fail(m, field, f"a whole number of chips of {g.ed.chip_value} €, got {v!r}", key)
            n = euros // g.ed.chip_value
    except UserError as e:
        raise fail(m, field, str(e), key) from None
    if not lo <= n <= g.ed.chips:
        raise fail(m, field, f"{lo} to {g.ed.chips} chips (the box holds {g.ed.chips}), got {v!r}", key)
    return n


def load_state(cls, assets, state, *, seed, lang, options):
    """Build a :class:`RetteDieMillion` from a state mapping; DataError on anything wrong."""
    from tiptoi_sim.assistants.rette_die_million.game import MODES, Run, Team

    if not isinstance(state, dict):
        raise fail(state, "state", "a mapping")
    g = cls(assets, seed=seed, lang=lang, options=options)
    only_keys(state, ["mode", "pack", "time_limit", "phase", "teams", "last_quizmaster", "cards_drawn",
                      "draws", "run", "reveal"], "state")
    g.mode = opt(state, "mode", str, "state.mode", g.mode, check=lambda v: v in MODES,
                 expected="pack or cards")
    g.pack_name = opt(state, "pack", str, "state.pack", g.pack_name, check=lambda v: v in assets.packs,
                      expected="one of the packs: " + ", ".join(sorted(assets.packs)))
    if "time_limit" in state:
        v = state["time_limit"]
        secs = g._timer_value(str(v).lower() if not isinstance(v, bool) else ("on" if v else "off"))
        if secs is False:
            raise fail(state, "state.time_limit", f"off, on or seconds from 1 to 3600, got {v!r}", "time_limit")
        g.time_limit = secs
    # a run without a phase: a round about to be asked (the quizmaster reads, or I draw two cards)
    default_phase = "setup"
    if isinstance(state.get("run"), dict) and "phase" not in state:
        default_phase = "reading" if g.mode == "cards" else "choose"
    phase = opt(state, "phase", str, "state.phase", default_phase, check=lambda v: v in PHASES,
                expected="one of " + ", ".join(PHASES))
    teams = opt(state, "teams", list, "state.teams", [])
    for i, t in enumerate(teams):
        where = f"state.teams[{i}]"
        if not isinstance(t, dict):
            raise fail(teams, where, "a team: name, members and maybe result", i)
        only_keys(t, ["name", "members", "result"], where)
        name = req(t, "name", (str, int), f"{where}.name")
        name = str(name)
        if any(x.name.casefold() == name.casefold() for x in g.teams):
            raise fail(t, f"{where}.name", f"a name not used by another team, got {name!r}", "name")
        members = opt(t, "members", list, f"{where}.members", [name])
        members = tuple(str(x) for x in members)
        if not all(members) or len({m.casefold() for m in members}) != len(members):
            raise fail(t, f"{where}.members", "different names, none empty", "members")
        if not g.ed.team_min <= len(members) <= g.ed.team_max:
            raise fail(t, f"{where}.members", f"{g.ed.team_min} to {g.ed.team_max} people", "members")
        team = Team(name, members)
        res = opt(t, "result", dict, f"{where}.result")
        if res is not None:
            rw = f"{where}.result"
            if "won" in res:
                only_keys(res, ["won"], rw)
                won = _chips(res, "won", f"{rw}.won", g, lo=1)
                team.result = RunResult(name, members, g.rounds, won, won, True)
            else:
                only_keys(res, ["out_in_round", "saved"], rw)
                rnd = _whole(res, "out_in_round", f"{rw}.out_in_round", 1, g.rounds)
                saved = _chips(res, "saved", f"{rw}.saved", g, lo=1)
                team.result = RunResult(name, members, rnd, 0, saved, False)
        g.teams.append(team)
    people = g.people()
    last = opt(state, "last_quizmaster", (str, int), "state.last_quizmaster")
    if last is not None:
        if str(last) not in people:
            raise fail(state, "state.last_quizmaster", "one of the people in the teams: " + ", ".join(people),
                       "last_quizmaster")
        g._qm_next = people.index(str(last)) + 1
    drawn = opt(state, "cards_drawn", list, "state.cards_drawn", [])
    pack = g.pack
    for i, cid in enumerate(drawn):
        try:
            pack.card(str(cid))
        except KeyError:
            raise fail(drawn, f"state.cards_drawn[{i}]", f"a card id of pack {g.pack_name}, got {cid!r}", i) from None
        if str(cid) in g.pool.drawn:
            raise fail(drawn, f"state.cards_drawn[{i}]", f"each card once, got {cid!r} again", i)
        g.pool.drawn[str(cid)] = i + 1
    g.pool._count = _whole(state, "draws", "state.draws", len(drawn), 10 ** 6, default=len(drawn))
    # keep the order of the list but the newest count as large as draws
    shift = g.pool._count - len(drawn)
    for cid in g.pool.drawn:
        g.pool.drawn[cid] += shift
    if (phase == "reading" and g.mode != "cards") or (phase == "choose" and g.mode != "pack"):
        raise fail(state, "state.phase", f"a phase of mode {g.mode}: choose is for the pack, reading for "
                   "the printed cards", "phase")
    g.phase = phase
    run = opt(state, "run", dict, "state.run")
    if phase != "setup" and run is None:
        raise fail(state, "state.run", f"a run in progress for the phase {phase}", "phase")
    if run is not None:
        g.run = _load_run(g, run, Run)
    if phase == "choose" and g.run is not None and not g.run.offered:
        g._start_round()  # no cards given: the round's two cards are drawn now
    if phase == "setup" and g.run is not None and g.teams[g.run.team].result is None:
        raise fail(state, "state.run", "with phase setup, a run of a team that has a result (the last board on show)",
                   "run")
    rev = opt(state, "reveal", dict, "state.reveal")
    if rev is not None:
        g.reveal = _load_reveal(g, rev)
    return g


def _load_run(g, run, Run):
    only_keys(run, ["team", "quizmaster", "round", "chips", "money", "round_start_chips", "stakes",
                    "joker_used", "joker_round", "timed_out", "offered", "chosen", "joker_card",
                    "category", "joker_category"], "state.run")
    name = str(req(run, "team", (str, int), "state.run.team"))
    idx = next((i for i, t in enumerate(g.teams) if t.name.casefold() == name.casefold()), None)
    if idx is None:
        raise fail(run, "state.run.team", "one of the teams: " + ", ".join(t.name for t in g.teams), "team")
    playing = g.phase != "setup"
    if playing and g.teams[idx].result is not None:
        raise fail(run, "state.run.team", f"a team still playing; {name} has a result", "team")
    qm = opt(run, "quizmaster", (str, int), "state.run.quizmaster")
    rnd = _whole(run, "round", "state.run.round", 1, g.rounds)
    key = "money" if "money" in run and "chips" not in run else "chips"
    chips = _chips(run, key, f"state.run.{key}", g, lo=1 if playing else 0)
    start = _chips(run, "round_start_chips", "state.run.round_start_chips", g, lo=1 if playing else 0,
                   default=chips)
    if start < chips:
        raise fail(run, "state.run.round_start_chips",
                   f"at least the team's chips ({chips}): chips are only lost in a round", "round_start_chips")
    r = Run(idx, None if qm is None else str(qm), round=rnd, chips=chips, round_start_chips=start)
    opened = g.ed.open_windows(rnd)
    stakes = opt(run, "stakes", dict, "state.run.stakes", {})
    for w, n in stakes.items():
        if str(w).upper() not in opened:
            raise fail(stakes, f"state.run.stakes.{w}", "an open window of round "
                       f"{rnd}: " + ", ".join(opened), w)
        n = _chips(stakes, w, f"state.run.stakes.{w}", g)
        if n:
            r.stakes[str(w).upper()] = n
    if r.placed > chips:
        raise fail(run, "state.run.stakes", f"at most the team's {chips} chips on the windows, got {r.placed}",
                   "stakes")
    if g.phase in ("choose", "reading") and r.stakes:
        raise fail(run, "state.run.stakes", "no chips on the windows before the question is read", "stakes")
    if g.phase == "locked":
        if r.unplaced or all(r.stakes.get(w) for w in opened):
            raise fail(run, "state.run.stakes", "a locked-in stake: every chip placed, one open window empty",
                       "stakes")
    if g.phase == "revealed" and (len(r.stakes) != 1 or r.placed != chips or rnd == g.rounds):
        raise fail(run, "state.run.stakes",
                   "after a reveal, all the team's chips on the one right window (and a round before the last)",
                   "stakes")
    r.joker_used = opt(run, "joker_used", bool, "state.run.joker_used", False)
    jr = run.get("joker_round")
    r.joker_round = _whole(run, "joker_round", "state.run.joker_round", 1, g.rounds) if jr is not None else (
        rnd if r.joker_used else None)
    r.timed_out = opt(run, "timed_out", bool, "state.run.timed_out", False)
    r.typed_category = opt(run, "category", (str, int), "state.run.category")
    r.joker_category = opt(run, "joker_category", (str, int), "state.run.joker_category")
    if g.mode == "pack" or run.get("offered"):  # a finished pack run stays on show after mode cards
        _load_cards(g, r, run, playing)
    return r


def _card_id(g, m, key, field):
    cid = m[key] if isinstance(m, list) else opt(m, key, (str, int), field)
    if cid is None:
        return None
    if not isinstance(cid, (str, int)) or isinstance(cid, bool):
        raise fail(m, field, f"a card id of pack {g.pack_name}, got {cid!r}", key)
    try:
        g.pack.card(str(cid))
    except KeyError:
        raise fail(m, field, f"a card id of pack {g.pack_name}, got {cid!r}", key) from None
    return str(cid)


def _load_cards(g, r, run, playing):
    kind = g.ed.answers_in(r.round)
    offered = opt(run, "offered", list, "state.run.offered", [])
    needed = g.phase in ("stake", "locked", "revealed") and playing
    if needed and len(offered) != 2:
        raise fail(run, "state.run.offered", "the two card ids drawn this round", "offered")
    for i, cid in enumerate(offered):
        c = _card_id(g, offered, i, f"state.run.offered[{i}]")
        if g.phase in ("choose", "stake", "locked") and g.pack.card(c).kind != kind:
            raise fail(offered, f"state.run.offered[{i}]", f"a card with {kind} answers for round {r.round}", i)
        if c not in g.pool.drawn:
            raise fail(offered, f"state.run.offered[{i}]", "a card listed in state.cards_drawn", i)
    r.offered = [str(c) for c in offered]
    chosen = run.get("chosen")
    if chosen is not None:
        r.chosen = _whole(run, "chosen", "state.run.chosen", 1, 2) - 1
        if len(r.offered) != 2:
            raise fail(run, "state.run.chosen", "1 or 2 of the two offered cards", "chosen")
        r.played = r.offered[r.chosen]
    elif needed:
        raise fail(run, "state.run.chosen", "1 or 2: the offered card being played", "chosen")
    if g.phase == "choose" and r.offered and len(r.offered) != 2:
        raise fail(run, "state.run.offered", "the two card ids drawn this round (or none: I draw them)", "offered")
    r.joker_card = _card_id(g, run, "joker_card", "state.run.joker_card")
    if r.joker_card and not r.joker_used:
        raise fail(run, "state.run.joker_card", "no card on the joker field while joker_used is false",
                   "joker_card")


def _load_reveal(g, rev):
    only_keys(rev, ["round", "right", "answer", "steps", "kept", "lost"], "state.reveal")
    rnd = _whole(rev, "round", "state.reveal.round", 1, g.rounds)
    opened = g.ed.open_windows(rnd)
    right = req(rev, "right", str, "state.reveal.right", check=lambda v: v.upper() in opened,
                expected="an open window of that round: " + ", ".join(opened)).upper()
    steps_in = opt(rev, "steps", dict, "state.reveal.steps", {})
    steps = []
    for w in opened:
        if w == right:
            continue
        n = _chips(steps_in, w, f"state.reveal.steps.{w}", g, default=0) if w in steps_in else 0
        steps.append({"window": w, "chips": n, "money": n * g.ed.chip_value})
    kept = _chips(rev, "kept", "state.reveal.kept", g, default=0) if "kept" in rev else 0
    lost = _whole(rev, "lost", "state.reveal.lost", 0, g.ed.chips, default=0) if "lost" in rev else 0
    answer = opt(rev, "answer", (str, int), "state.reveal.answer")
    return {"round": rnd, "right": right, "answer": answer, "steps": steps, "kept_chips": kept,
            "kept": kept * g.ed.chip_value, "lost_chips": lost}


def check_loaded(g, state) -> None:
    """Refuse a loaded game whose public state cannot even be shown (a last defence)."""
    try:
        g.public_state()
    except Exception as e:  # noqa: BLE001 - turned into a DataError with the file
        raise DataError(getattr(state, "path", None), "state", f"a consistent state ({e})") from None


def describe(g) -> list[str]:
    """The public state as a few readable lines (the terminal's ``state``)."""
    say = g.say
    lines = [say("describe.mode_cards") if g.mode == "cards" else say("describe.mode_pack", title=g.pack.title),
             say("describe.timer_on", time=g.duration(g.time_limit)) if g.time_limit else say("describe.timer_off")]
    r = g.run
    if r is not None and g.phase != "setup":
        team = g.teams[r.team]
        lines.append(say("describe.run", team=team.name, members=", ".join(team.members), round=r.round,
                         rounds=g.rounds, answers=len(g.open_windows()), chips=r.chips, money=g.money(r.chips)))
        if r.quizmaster:
            lines.append(say("describe.quizmaster", name=r.quizmaster))
        cat = g.card(r.played).category if (g.mode == "pack" and r.played) else r.typed_category
        if cat:
            lines.append(say("describe.category", category=cat))
        if r.stakes:
            lines.append(say("describe.windows", windows=g._board_summary(left=False)))
        jf = g.joker_field()
        if jf is None:
            lines.append(say("describe.joker_free"))
        elif jf["category"]:
            lines.append(say("describe.joker_field", category=jf["category"]))
        else:
            lines.append(say("describe.joker_used"))
    elif r is not None:
        lines.append(say("describe.run_over", team=g.teams[r.team].name, round=r.round, rounds=g.rounds))
    for t in g.teams:
        status = "done" if t.result else ("playing" if (r is not None and g.phase != "setup"
                                                        and g.teams[r.team] is t) else "waiting")
        lines.append(say("describe.team", team=t.name, members=", ".join(t.members),
                         status=say(f"describe.{status}")))
    if any(t.result for t in g.teams):
        lines += g._score_lines()
    lines.append(say("describe.now", expected=g.expected()))
    return lines
