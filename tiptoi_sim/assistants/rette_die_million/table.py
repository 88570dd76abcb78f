"""*Rette die Million!* at a real table: results of runs played on paper (``result``) and
corrections of one fact (``fix``), as a mixin of :class:`RetteDieMillion`.

Conservation: a team's chips and the shaft under the board always add up to the edition's 40.
A correction of the team's chips says how many came back from the shaft or fell into it, and is
refused (with the rule) when it cannot be true: more chips than the box has, a team with no
chips still playing, chips on a window that is closed in the corrected round.
"""

from __future__ import annotations

from typing import Any

from tiptoi_sim.assistants.base import Command
from tiptoi_sim.assistants.rette_die_million.scoring import RunResult
from tiptoi_sim.core.numbers import is_whole, parse_whole

WON_WORDS = ("won", "through", "gewonnen", "durch")
OUT_WORDS = ("out", "raus", "ausgeschieden")
USED_WORDS = ("used", "gone", "verbraucht", "weg", "on", "yes", "ja")
FREE_WORDS = ("free", "unused", "frei", "off", "no", "nein")
NONE_WORDS = ("none", "nobody", "niemand", "-")


class TableMixin:
    """``result`` and ``fix`` for :class:`RetteDieMillion` (uses its ``say``/``refuse``/``money``)."""

    # -- amounts ----------------------------------------------------------------------
    def amount_to_chips(self, words: list[str], what: str) -> int:
        """Chips from ``N``, ``N chips``, or an amount in euros (``750000``, ``750.000 €``,
        ``1 Mio``). A bare number below one chip's value (25,000) is a count of chips; from
        there on it is euros and must be a whole number of chips."""
        ed = self.ed
        text = " ".join(words).strip()
        low = text.lower()
        for w in (" chips", " chip"):
            if low.endswith(w):
                n = text[: -len(w)].strip()
                if is_whole(n):
                    return parse_whole(n, field=what, lo=0, hi=10 ** 6)
                raise self.refuse("refuse.chips.usage", arg=text)
        if is_whole(text):
            n = parse_whole(text, field=what, lo=0, hi=10 ** 12)
            if n < ed.chip_value:   # less than one chip's worth of euros: a count of chips
                return n
            if n % ed.chip_value == 0:
                return n // ed.chip_value
            raise self.refuse("refuse.chips.amount", arg=text, chip=self.money(1))
        n = self._euros_to_chips(text)
        if n is None:
            raise self.refuse("refuse.chips.usage", arg=text)
        return n

    def _check_box(self, n: int) -> None:
        if n > self.ed.chips:
            raise self.refuse("refuse.fix.too_many", chips=self.ed.chips, money=self.money(self.ed.chips))

    # -- results of runs played on paper ---------------------------------------------------
    def _cmd_result(self, cmd: Command) -> list[str]:
        return self._enter_result(list(cmd.args), overwrite=False)

    def _enter_result(self, args: list[str], *, overwrite: bool) -> list[str]:
        """``TEAM won MONEY`` or ``TEAM out ROUND SAVED``."""
        kinds = [i for i, a in enumerate(args) if a.lower() in WON_WORDS + OUT_WORDS]
        if not kinds or kinds[0] == 0:
            raise self.refuse("refuse.result.usage", rounds=self.rounds)
        k = kinds[0]
        name, kind, rest = " ".join(args[:k]), args[k].lower(), args[k + 1:]
        said: list[str] = []
        team = next((t for t in self.teams if t.name.casefold() == name.casefold()), None)
        if team is not None and team.result is not None and not overwrite:
            raise self.refuse("refuse.result.exists", team=team.name)
        if self.run is not None and self.phase != "setup" and team is self.teams[self.run.team]:
            raise self.refuse("refuse.result.playing", team=team.name)
        if kind in WON_WORDS:
            if not rest:
                raise self.refuse("refuse.result.usage", rounds=self.rounds)
            chips = self.amount_to_chips(rest, "money")
            self._check_box(chips)
            if chips == 0:
                raise self.refuse("refuse.result.won_nothing", rounds=self.rounds)
            result_args = (self.rounds, chips, chips, True)
        else:
            if len(rest) < 2 or not is_whole(rest[0]):
                raise self.refuse("refuse.result.usage", rounds=self.rounds)
            rnd = parse_whole(rest[0], field="round", lo=1, hi=self.rounds)
            saved = self.amount_to_chips(rest[1:], "saved")
            self._check_box(saved)
            if saved == 0:
                raise self.refuse("refuse.result.saved_nothing")
            result_args = (rnd, 0, saved, False)
        if team is None:  # a team that played on paper only: registered with its result
            team = self._add_team(name, (name,))
        team.result = RunResult(team.name, team.members, *result_args)
        if result_args[3]:
            said.append(self.say("result.won", team=team.name, money=self.money(result_args[1]),
                                 rounds=self.rounds))
        else:
            said.append(self.say("result.out", team=team.name, round=result_args[0],
                                 saved=self.money(result_args[2])))
        return said

    # -- fix ---------------------------------------------------------------------------------
    def _cmd_set(self, cmd: Command) -> list[str]:
        return self._cmd_fix(cmd)

    def _cmd_fix(self, cmd: Command) -> list[str]:
        if not cmd.args:
            raise self.refuse("refuse.fix.usage")
        what, rest = cmd.args[0].lower(), list(cmd.args[1:])
        if what == "result":
            if self.phase != "setup":
                raise self.refuse("refuse.fix.result_in_run", team=self.teams[self.run.team].name)
            return self._enter_result(rest, overwrite=True)
        if what in ("chips", "money", "geld"):
            return self._fix_chips(rest, what)
        if what in ("round", "runde"):
            return self._fix_round(rest)
        if what == "joker":
            return self._fix_joker(rest)
        if what == "quizmaster":
            return self._fix_quizmaster(rest)
        raise self.refuse("refuse.fix.usage")

    def _run_for_fix(self) -> Any:
        if self.run is None or self.phase == "setup":
            raise self.refuse("refuse.fix.no_run")
        if self.phase == "locked":
            raise self.refuse("refuse.fix.locked")
        return self.run

    def _fix_chips(self, rest: list[str], what: str) -> list[str]:
        r = self._run_for_fix()
        if not rest:
            raise self.refuse("refuse.fix.usage")
        n = self.amount_to_chips(rest, what)
        self._check_box(n)
        if n == 0:
            raise self.refuse("refuse.fix.no_chips", team=self.teams[r.team].name)
        if self.phase == "stake" and r.placed > n:
            raise self.refuse("refuse.fix.placed", chips=r.placed, money=self.money(r.placed))
        delta = n - r.chips
        if delta == 0:
            raise self.refuse("refuse.fix.same_chips", chips=n, money=self.money(n))
        r.chips = n
        if self.phase == "revealed":
            (right,) = list(r.stakes) or [self.open_windows()[0]]
            r.stakes = {right: n}
            r.round_start_chips = max(r.round_start_chips, n)
        else:
            r.round_start_chips = n  # the money the round began with ("saved" if it is lost)
        key = "fix.chips_from_shaft" if delta > 0 else "fix.chips_to_shaft"
        return [self.say(key, team=self.teams[r.team].name, chips=n, money=self.money(n), moved=abs(delta))]

    def _fix_round(self, rest: list[str]) -> list[str]:
        r = self._run_for_fix()
        if len(rest) != 1 or not is_whole(rest[0]):
            raise self.refuse("refuse.fix.usage")
        n = parse_whole(rest[0], field="round", lo=1, hi=self.rounds)
        old = self.ed.answers_in(r.round)
        new = self.ed.answers_in(n)
        if self.phase in ("choose", "stake") and old != new:
            what = "refuse.fix.round_cards_pack" if self.mode == "pack" else "refuse.fix.round_cards"
            raise self.refuse(what, round=n, answers=new, old=old)
        if self.phase == "revealed" and n == self.rounds:
            raise self.refuse("refuse.fix.round_last", rounds=self.rounds)
        if n == r.round:
            raise self.refuse("refuse.fix.same_round", round=n)
        closed = [w for w in r.stakes if w not in self.ed.open_windows(n)]
        if closed:
            raise self.refuse("refuse.fix.round_window", letter=closed[0], round=n)
        r.round = n
        return [self.say("fix.round", round=n, rounds=self.rounds, answers=new,
                         windows=", ".join(self.open_windows()))]

    def _fix_joker(self, rest: list[str]) -> list[str]:
        r = self._run_for_fix()
        word = " ".join(rest).lower()
        if word in USED_WORDS:
            if r.joker_used:
                raise self.refuse("refuse.fix.joker_same_used")
            r.joker_used, r.joker_round = True, r.round
            return [self.say("fix.joker_used")]
        if word in FREE_WORDS:
            if not r.joker_used:
                raise self.refuse("refuse.fix.joker_same_free")
            if self.mode == "pack" and r.joker_round == r.round and self.phase in ("stake",):
                raise self.refuse("refuse.fix.joker_this_round")
            r.joker_used, r.joker_round, r.joker_card, r.joker_category = False, None, None, None
            return [self.say("fix.joker_free")]
        raise self.refuse("refuse.fix.usage")

    def _fix_quizmaster(self, rest: list[str]) -> list[str]:
        r = self._run_for_fix()
        name = " ".join(rest).strip()
        if not name:
            raise self.refuse("refuse.fix.usage")
        if name.lower() in NONE_WORDS:
            r.quizmaster = None
            return [self.say("fix.no_quizmaster")]
        if name.casefold() in (m.casefold() for m in self.teams[r.team].members):
            raise self.refuse("refuse.fix.quizmaster_in_team", name=name, team=self.teams[r.team].name)
        r.quizmaster = name
        return [self.say("fix.quizmaster", name=name)]
