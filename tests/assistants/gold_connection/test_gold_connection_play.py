"""Whole games played by random but legal-looking commands (the screen's suggestions plus
random takes, plunders, chips and undos): nothing crashes, no bar and no chip is ever created
or lost, and games reach their end."""

from __future__ import annotations

import random

import pytest
from gc_helpers import session


def _command(g, r: random.Random) -> str:
    cands = [x for x in g.suggestions() if not x.endswith("…")]
    if g.phase in ("roll", "start_roll") and g.mode == "table":
        cands = [f"roll {r.randint(1, 6)} {r.randint(1, 6)}"]
    if g.phase == "choose":
        here = g.me["arrow"]
        bars = g.safes[here]
        if bars:
            cands.append("take " + " ".join(f"{c}{v}" for c, v in r.sample(bars, r.randint(1, min(3, len(bars))))))
        vi = g._robber_at(here)
        if vi is not None:
            rows = [f"{c}/{s}" for (c, s), h in g.players[vi]["case"].heights.items() if h]
            if rows:
                cands.append("plunder " + " ".join(r.sample(rows, min(2, len(rows)))))
        if g.me["heading"] is None:
            cands.append("end " + r.choice([w for w in g.board.neighbours[here] if w != g.turn["came_from"]]))
    if g.phase == "chips":
        cands.append(f"chips {r.randint(1, g.me['chips'])}")
    cands.append(r.choice(["move 3", "end", "auto", "roll", "take red1", "plunder red/6"]))
    return "undo" if r.random() < 0.03 else r.choice(cands)


@pytest.mark.parametrize("seed", range(5))
def test_random_games_keep_every_bar_and_chip(seed):
    r = random.Random(seed)
    s = session(mode=r.choice(["screen", "table"]), seed=seed, variant=seed % 4 == 3, lang=r.choice(["de", "en"]))
    s.execute("players " + " ".join(f"P{i}" for i in range(2 + seed % 3)))
    for _ in range(4000):
        g = s.game
        if g.over:
            break
        s.execute(_command(g, r))
        g = s.game
        total = sum(len(b) for b in g.safes.values()) + sum(p["case"].bar_count() for p in g.players)
        total += len(g.turn["deposit"]) if g.turn else 0
        assert total == 84
        assert g.supply + sum(p["chips"] for p in g.players) == 20
        assert all(0 <= p["chips"] <= 5 for p in g.players)
        robbers = [p["robber"] for p in g.players if p["robber"]]
        assert len(robbers) == len(set(robbers))             # one robber stone per safe
    if not g.variant:
        assert g.over and g.public_state()["result"]["winners"]
