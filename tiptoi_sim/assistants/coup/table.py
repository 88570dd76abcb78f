"""What the referee knows of a Coup table: the players' coins and face-up cards, the treasury,
the size of the Court, and the action going on. Hidden cards are never known, only counted.

The money invariant (treasury + every player's coins == the total at the start) is asserted on
every transfer: coins can only move, never appear or vanish.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Player:
    name: str
    coins: int = 0
    hidden: int = 0                                     # face-down cards (influences left)
    revealed: list[str] = field(default_factory=list)   # character ids turned face up, in order

    @property
    def out(self) -> bool:
        return self.hidden == 0


@dataclass
class Action:
    """The action of the current turn and the claims, challenges and blocks on it so far."""

    kind: str
    actor: int
    target: int | None = None
    claim: str | None = None            # character id the actor claims (None for a basic action)
    paid: int = 0                       # coins already paid for it (Coup, Assassin)
    challenger: int | None = None       # who challenged the claim
    blocker: int | None = None
    block_claim: str | None = None
    block_challenger: int | None = None
    #: who has said "pass" in the window that is open now (a window closes when all who may
    #: act have passed, or at once on a plain ``pass``: nobody wants to)
    passed: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class LastAction:
    """The action of the turn just finished: a late ``block``/``challenge`` is refused with the
    rule that applies to it ("Income cannot be blocked", "Too late …")."""

    kind: str
    actor: int
    claim: str | None = None


class Bank:
    """Coins: the treasury and the players' purses, with the total fixed at creation."""

    def __init__(self, total: int):
        self.total = total
        self.treasury = total

    def check(self, players: list[Player]) -> None:
        held = sum(p.coins for p in players)
        assert self.treasury >= 0 and all(p.coins >= 0 for p in players), "negative coins"
        assert self.treasury + held == self.total, f"money not conserved: {self.treasury} + {held} != {self.total}"

    def pay_out(self, players: list[Player], p: Player, n: int) -> int:
        """Give ``p`` up to ``n`` coins from the treasury; returns what was given."""
        n = max(0, min(n, self.treasury))
        self.treasury -= n
        p.coins += n
        self.check(players)
        return n

    def pay_in(self, players: list[Player], p: Player, n: int) -> None:
        """``p`` pays ``n`` coins into the treasury (the caller has checked they can)."""
        assert 0 <= n <= p.coins, f"{p.name} cannot pay {n} with {p.coins}"
        p.coins -= n
        self.treasury += n
        self.check(players)

    def move(self, players: list[Player], src: Player, dst: Player, n: int) -> int:
        """Up to ``n`` coins from ``src`` to ``dst`` (a steal takes at most what there is)."""
        n = max(0, min(n, src.coins))
        src.coins -= n
        dst.coins += n
        self.check(players)
        return n
