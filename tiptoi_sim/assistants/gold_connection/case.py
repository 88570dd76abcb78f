"""The transport case: per colour a few rows (of 4, 5 and 6), each holding the ascending
series 1, 2, 3, … from its bottom. A row is fully described by its height (how many bars lie
in it). Bars are ``(colour, value)`` pairs; rows are ``(colour, size)``."""

from __future__ import annotations

from collections import Counter

Bar = tuple[str, int]
Row = tuple[str, int]


def bar_name(bar: Bar) -> str:
    return f"{bar[0]}{bar[1]}"


class TransportCase:
    def __init__(self, colours, sizes):
        self.heights: dict[Row, int] = {(c, s): 0 for c in colours for s in sizes}

    def bar_count(self) -> int:
        return sum(self.heights.values())

    def bars(self) -> list[Bar]:
        return [(c, v) for (c, _s), h in self.heights.items() for v in range(1, h + 1)]

    def fits(self, bar: Bar) -> list[Row]:
        """The rows where ``bar`` could be laid now (its value is the row's next number)."""
        c, v = bar
        return [r for r, h in self.heights.items() if r[0] == c and h == v - 1 and r[1] >= v]

    def lay(self, row: Row, bar: Bar) -> None:
        assert bar in [(row[0], self.heights[row] + 1)] and self.heights[row] < row[1]
        self.heights[row] += 1

    def complete(self, size: int) -> int:
        return sum(1 for (c, s), h in self.heights.items() if s == size and h == s)

    def score(self, bonus: dict[int, int]) -> dict:
        values = sum(v for _c, v in self.bars())
        bonus_points = sum(pts * self.complete(size) for size, pts in bonus.items())
        return {"bars": values, "bonus": bonus_points, "total": values + bonus_points}

    def public(self) -> dict:
        return {f"{c}/{s}": h for (c, s), h in self.heights.items()}


def auto_row(case: TransportCase, bar: Bar, deposit: Counter) -> Row | None:
    """Where ``auto`` lays ``bar``: continue the highest started row; between empty rows take
    the smallest one that still holds the whole run of this colour the deposit offers, so a
    run 1-5 fills the row of 5 (bonus) rather than a row of 6 it cannot complete."""
    rows = case.fits(bar)
    if not rows:
        return None
    c, v = bar
    run_top = v
    while deposit[(c, run_top + 1)] > 0:
        run_top += 1
    return sorted(rows, key=lambda r: (-case.heights[r], r[1] < run_top, r[1]))[0]
