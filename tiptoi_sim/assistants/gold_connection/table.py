"""Gold Connection at a real table: the hand-dealt board (``deal table`` + ``safe SAFE BAR …``),
corrections of one fact (``fix …``) and the readable ``state``, as a mixin of
:class:`GoldConnection`.

Conservation: the 84 bars are always somewhere — in a safe, in a transport case, in the deposit
of the turn, or in the *box* (off the board, while the table enters or corrects safes); the
consolation chips are in players' hands or in the supply. A correction moves bars from or to the
box and chips from or to the supply, says so, and is refused (naming the rule) when it cannot be
true. The moves of a turn are refused while bars lie in the box.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tiptoi_sim.assistants.gold_connection.case import Bar, TransportCase
from tiptoi_sim.core.numbers import is_whole, parse_whole


class TableMixin:
    # -- where a bar is ---------------------------------------------------------------------
    def where_is(self, bar: Bar) -> str:
        """Where a bar lies now, in words (for a refusal that sends the table there)."""
        for sid, bars in self.safes.items():
            if bar in bars:
                return self._safe(sid)
        for p in self.players:
            if bar in p["case"].bars():
                return self._t("where.case", player=p["name"])
        if self.turn and bar in self.turn["deposit"]:
            return self._t("where.deposit", player=self.me["name"])
        return self._t("where.nowhere")

    def _take_from_box(self, bars: list[Bar]) -> None:
        box = Counter(self.box)
        for b in bars:
            if box[b] < 1:
                raise self._no("fix.not_in_box", bar=self._bar(b), where=self.where_is(b))
            box[b] -= 1
        self.box = sorted(box.elements())

    def _player(self, word: str) -> dict[str, Any]:
        for p in self.players:
            if p["name"].lower() == word.lower():
                return p
        raise self._no("fix.no_player", name=word, players=", ".join(p["name"] for p in self.players) or "–")

    def _at_turn_start(self) -> bool:
        return self.phase == "move" and self.turn is not None and self.turn["distance"] == 0

    # -- commands -----------------------------------------------------------------------------
    def _cmd_safe(self, args) -> list[str]:
        return self._fix_safe(list(args))

    def _cmd_fix(self, args) -> list[str]:
        args = list(args)
        if not args:
            raise self._no("fix.usage")
        what, rest = args[0].lower(), args[1:]
        if what in ("safe", "tresor"):
            return self._fix_safe(rest)
        if not self.players:
            raise self._no("fix.no_players")
        fixes = {"chips": self._fix_chips, "case": self._fix_case, "turn": self._fix_turn,
                 "counter": self._fix_counter, "robber": self._fix_robber, "arrow": self._fix_arrow}
        if what not in fixes:
            raise self._no("fix.usage")
        if self.phase == "over":
            raise self._no("over")
        return fixes[what](rest)

    def _fix_safe(self, rest: list[str]) -> list[str]:
        if not rest:
            raise self._no("fix.usage")
        sid = self._safe_id(rest[0])
        if self.phase == "over":
            raise self._no("over")
        if self.turn and self.turn["pending"] and self.me["arrow"] == sid:
            raise self._no("fix.safe_pending", safe=self._safe(sid))
        new = sorted(self._parse_bar(w) for w in rest[1:])
        old = Counter(self.safes[sid])
        want = Counter(new)
        out = sorted((old - want).elements())
        into = sorted((want - old).elements())
        if not out and not into:
            raise self._no("fix.safe_same", safe=self._safe(sid))
        self.box = sorted(self.box + out)
        self._take_from_box(into)
        self.safes[sid] = new
        said = [self._t("fixed.safe", safe=self._safe(sid), bars=self._bars(new))]
        if out:
            said.append(self._t("fixed.to_box", bars=self._bars(out)))
        if into:
            said.append(self._t("fixed.from_box", bars=self._bars(into)))
        said.append(self._t("fixed.box", bars=self._bars(self.box)) if self.box else self._t("fixed.box_empty"))
        return said

    def _fix_chips(self, rest: list[str]) -> list[str]:
        if len(rest) != 2 or not is_whole(rest[1]):
            raise self._no("fix.usage")
        p = self._player(rest[0])
        n = parse_whole(rest[1], field="chips", lo=0, hi=10 ** 6)
        if n > self.ed.chips_max:
            raise self._no("fix.chips_max", max=self.ed.chips_max)
        delta = n - p["chips"]
        if delta == 0:
            raise self._no("fix.chips_same", player=p["name"], chips=n)
        if delta > self.supply:
            raise self._no("fix.chips_supply", supply=self.supply)
        if self.phase == "chips" and p is self.me and n == 0:
            raise self._no("fix.chips_in_use")
        p["chips"] = n
        self.supply -= delta
        key = "fixed.chips_from_supply" if delta > 0 else "fixed.chips_to_supply"
        return [self._t(key, player=p["name"], chips=n, moved=abs(delta), supply=self.supply)]

    def _fix_case(self, rest: list[str]) -> list[str]:
        if len(rest) != 3 or not is_whole(rest[2]):
            raise self._no("fix.usage")
        p = self._player(rest[0])
        case: TransportCase = p["case"]
        m = re.fullmatch(r"([^\W\d_]+)/([0-9])", rest[1])
        if not m:
            raise self._no("row_bad", word=rest[1])
        row = self._case_row(case, m.group(1), m.group(2), rest[1])
        h = parse_whole(rest[2], field="case", lo=0, hi=99)
        if h > row[1]:
            raise self._no("fix.row_size", row=self._row(row), size=row[1])
        pend = self.turn["pending"] if self.turn else None
        if pend and pend["kind"] == "plunder" and self.players[pend["victim"]] is p:
            raise self._no("fix.case_pending", player=p["name"])
        old = case.heights[row]
        if h == old:
            raise self._no("fix.case_same", row=self._row(row), player=p["name"])
        if h > old:
            self._take_from_box([(row[0], v) for v in range(old + 1, h + 1)])
            moved = [(row[0], v) for v in range(old + 1, h + 1)]
        else:
            moved = [(row[0], v) for v in range(h + 1, old + 1)]
            self.box = sorted(self.box + moved)
        case.heights[row] = h
        said = [self._t("fixed.case", player=p["name"], row=self._row(row), height=h,
                        n_bars=case.bar_count())]
        said.append(self._t("fixed.from_box" if h > old else "fixed.to_box", bars=self._bars(moved)))
        said.append(self._t("fixed.box", bars=self._bars(self.box)) if self.box else self._t("fixed.box_empty"))
        return said

    def _fix_turn(self, rest: list[str]) -> list[str]:
        if len(rest) != 1:
            raise self._no("fix.usage")
        p = self._player(rest[0])
        if not self._at_turn_start():
            raise self._no("fix.turn_start")
        if p is self.me:
            raise self._no("fix.turn_same", player=p["name"])
        self.me["arrow"] = self.me["robber"]
        self.current = self.players.index(p)
        return [self._t("fixed.turn", player=p["name"]), self._begin_turn()]

    def _fix_counter(self, rest: list[str]) -> list[str]:
        if len(rest) != 1 or not is_whole(rest[0]):
            raise self._no("fix.usage")
        if self.turn_no < 1:
            raise self._no("fix.counter_setup")
        n = parse_whole(rest[0], field="counter", lo=1, hi=10 ** 6 if self.variant else self.ed.turns)
        if n == self.turn_no:
            raise self._no("fix.counter_same", turn=n)
        self.turn_no = n
        return [self._t("fixed.counter", turn=n, turns=self.ed.turns)]

    def _fix_robber(self, rest: list[str]) -> list[str]:
        if len(rest) not in (2, 3):
            raise self._no("fix.usage")
        p = self._player(rest[0])
        if not (self._at_turn_start() or self.phase in ("arrows",)) or p["robber"] is None:
            raise self._no("fix.robber_when")
        sid = self._safe_id(rest[1])
        other = next((q for q in self.players if q is not p and q["robber"] == sid), None)
        if other is not None:
            raise self._no("fix.robber_taken", safe=self._safe(sid), player=other["name"])
        ways = self.board.neighbours[sid]
        if len(rest) == 3:
            way = self._safe_id(rest[2])
            if way not in ways:
                raise self._no("arrow_way", safe=self._safe(sid), ways=self._ways(ways))
        elif p["heading"] in ways:
            way = p["heading"]
        elif self.phase == "arrows" and p["heading"] is None:
            way = None
        else:
            raise self._no("fix.robber_way", safe=self._safe(sid), ways=", ".join(ways))
        if sid == p["robber"] and way == p["heading"]:
            raise self._no("fix.robber_same", player=p["name"], safe=self._safe(sid))
        p["robber"] = p["arrow"] = sid
        p["heading"] = way
        said = [self._t("fixed.robber", player=p["name"], safe=self._safe(sid))]
        if self.phase == "move" and p is self.me:
            said.append(self._begin_turn())
        return said

    def _fix_arrow(self, rest: list[str]) -> list[str]:
        if len(rest) != 2:
            raise self._no("fix.usage")
        p = self._player(rest[0])
        if p["robber"] is None or p["heading"] is None:
            raise self._no("fix.arrow_unlaid", player=p["name"])
        if p is self.me and self.turn is not None and not self._at_turn_start():
            raise self._no("fix.robber_when")
        way = self._safe_id(rest[1])
        ways = self.board.neighbours[p["robber"]]
        if way not in ways:
            raise self._no("arrow_way", safe=self._safe(p["robber"]), ways=self._ways(ways))
        if way == p["heading"]:
            raise self._no("fix.arrow_same", player=p["name"], safe=self._safe(way))
        p["heading"] = way
        if self.turn is not None and p is self.me:
            self.turn["start_heading"] = way
        return [self._t("arrow_laid", player=p["name"], safe=self._safe(way))]

    # -- the readable state -----------------------------------------------------------------
    def describe_state(self) -> list[str]:
        lines = []
        if self.turn_no:
            lines.append(self._t("describe.counter", turn=self.turn_no, turns=self.ed.turns))
        whose = self._whose()
        lines.append(self._t("describe.phase", phase=self._t("screen.phase." + self.phase),
                             player=whose or "–"))
        for p in self.players:
            case: TransportCase = p["case"]
            rows = [f"{self._row(r)}: {', '.join(str(v) for v in range(1, h + 1))}"
                    for r, h in case.heights.items() if h]
            moving = self.turn is not None and p is self.me and p["arrow"] != p["robber"]
            if moving:  # mid-turn the arrow is away from the stone
                pos = self._t("describe.moving", robber=self._safe(p["robber"]), arrow=self._safe(p["arrow"]))
            elif p["robber"]:
                pos = self._t("describe.position", robber=self._safe(p["robber"]),
                              way=self._safe(p["heading"]) if p["heading"] else "–")
            else:
                pos = self._t("describe.no_stone")
            lines.append(self._t("describe.player", player=p["name"], colour=self._colour(p["colour"]),
                                 position=pos, chips=p["chips"], n_bars=case.bar_count(),
                                 points=case.score(self.ed.bonus)["total"]))
            if rows:
                lines.append("  " + "; ".join(rows))
        for sid, bars in self.safes.items():
            lines.append(self._t("describe.safe", safe=self._safe(sid), bars=self._bars(bars)))
        lines.append(self._t("describe.supply", chips=self.supply))
        if self.box:
            lines.append(self._t("fixed.box", bars=self._bars(self.box)))
        if self.turn is not None:
            t = self.turn
            lines.append(self._t("describe.turn", distance=t["distance"], bars=self._bars(t["deposit"])))
            if t["pending"]:
                lines.append(self._t("describe.pending", target=t["pending"]["target"]))
        return lines
