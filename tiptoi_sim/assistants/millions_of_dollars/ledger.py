"""The money of a game: every dollar is in a player's hand, the centre or the reserve.

:class:`Ledger` is the only place money moves. It holds whole millions per account and a fixed
total set when the game starts; :meth:`Ledger.move` refuses a negative or fractional amount
and an overdraft, so money can neither appear nor vanish, and :meth:`Ledger.check` re-adds all
accounts (the game runs it after every command and refuses a command that breaks it).
"""

from __future__ import annotations

CENTRE = "centre"
RESERVE = "reserve"


def account(seat: int) -> str:
    """The ledger account of the player in ``seat`` (0-based)."""
    return f"player{seat}"


class LedgerError(Exception):
    """A movement of money the ledger does not allow (a programming error, never a rule)."""


class Ledger:
    def __init__(self, balances: dict[str, int]):
        for name, amount in balances.items():
            _check_amount(amount, name)
        self.balances: dict[str, int] = dict(balances)
        self.total: int = sum(balances.values())

    def __getitem__(self, account: str) -> int:
        return self.balances[account]

    def move(self, src: str, dst: str, amount: int) -> int:
        """Move exactly ``amount`` from ``src`` to ``dst``; returns it."""
        _check_amount(amount, f"{src}->{dst}")
        if src not in self.balances or dst not in self.balances:
            raise LedgerError(f"unknown account in {src}->{dst}")
        if self.balances[src] < amount:
            raise LedgerError(f"{src} holds {self.balances[src]}, cannot pay {amount}")
        self.balances[src] -= amount
        self.balances[dst] += amount
        return amount

    def move_up_to(self, src: str, dst: str, amount: int) -> int:
        """Move ``amount`` or as much of it as ``src`` holds; returns what moved."""
        return self.move(src, dst, min(amount, self.balances[src]))

    def check(self) -> str | None:
        """None when every account is a whole, non-negative amount and they add up to the
        total; otherwise what is wrong."""
        for name, amount in self.balances.items():
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                return f"{name} holds {amount!r}"
        s = sum(self.balances.values())
        if s != self.total:
            return f"the accounts add up to {s}, not {self.total}"
        return None


def _check_amount(amount, what: str) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise LedgerError(f"{what}: {amount!r} is not a whole number of millions >= 0")
