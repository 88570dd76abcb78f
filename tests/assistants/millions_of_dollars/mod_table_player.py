"""A random but truthful table for whole games of Millions of Dollars: it deals real role cards
(each player distinct roles), turns all but one face up, negotiates (leave, pay, the leader's
vote in both forms, one player's vote, fixes), reveals exactly the roles it dealt at their call
and answers the heist's questions. Now and then it types a line the rules must refuse.

``TablePlayer(seed).line(game)`` gives the next command line for ``game`` (a
``MillionsOfDollars``); then ``commit(accepted)`` tells it whether the game took it (what it
knows about the hidden cards changes only then). ``TablePlayer.seen`` counts the kinds of lines."""

from __future__ import annotations

import random
import shlex
from collections import Counter


class TablePlayer:
    def __init__(self, seed: int, *, noise: float = 0.08, fixes: bool = True):
        self.r = random.Random(seed)
        self.noise = noise
        self.fixes = fixes
        self.truth: dict[int, list[str]] = {}   # seat -> roles still hidden in the heist
        self.round = -1
        self.seen: Counter = Counter()
        self._on_accept = []

    def commit(self, accepted: bool) -> None:
        if accepted:
            for f in self._on_accept:
                f()
        self._on_accept = []

    def line(self, game) -> str:
        self._on_accept = []
        r = self.r
        st = game.public_state()
        names = [p["name"] for p in st["players"]]
        q = [shlex.quote(n) for n in names]
        phase = st["phase"]
        if r.random() < self.noise:
            self.seen["noise"] += 1
            return r.choice(["plan", "negotiate", "timeout", "reveal brute", "target none", "vote 1",
                             f"leave {q[-1]} 99 from {q[0]}", f"pay {q[0]} {q[0]} 1", "fix reserve 3",
                             f"{q[1]} vote yes", f"{q[1]} vote", "faceup brute", "fix leader Nobody",
                             f"target {r.choice(st['roles_in_use'] or ['tech'])}", "plan 12 brute"])
        if phase == "ready":
            if r.random() < 0.3:
                self.seen["typed card"] += 1
                bonus = r.choice(st["roles_in_use"])
                return f"plan {r.randrange(4, 17)} {bonus} {r.randrange(1, 6)} value {r.randrange(4, 15)}"
            return "plan"
        if phase == "planning":
            if st["face_up"] is None:
                self.truth = self._deal(game)
                cards = [role for roles in self.truth.values() for role in roles]
                r.shuffle(cards)
                self.seen["faceup"] += 1
                return "faceup " + " ".join(cards[1:])
            if self.fixes and r.random() < 0.15:
                self.seen["fix loot"] += 1
                return f"fix loot {r.randrange(4, 17)}"
            return "negotiate"
        if phase == "negotiation":
            return self._negotiate(game, st, q)
        if phase == "heist":
            return self._heist(game, st, q)
        return "plan"

    def _deal(self, game) -> dict[int, list[str]]:
        roles = game.roles_in_use()
        truth: dict[int, list[str]] = {}
        for slot in game.slots:
            mine = truth.setdefault(slot.owner, [])
            mine.append(self.r.choice([x for x in roles if x not in mine]))
        return truth

    def _negotiate(self, game, st, q) -> str:
        r = self.r
        n = len(q)
        if st["vote"] is not None:
            voter = r.choice([i for i in range(n) if st["players"][i]["name"] not in st["vote"]["yes"] + st["vote"]["no"]])
            self.seen["one vote"] += 1
            return f"{q[voter]} vote {r.choice(['yes', 'no', 'yes'])}"
        leader = next(i for i, p in enumerate(st["players"]) if p["leader"])
        roll = r.random()
        who = r.randrange(n)
        if roll < 0.3:
            if not st["players"][who]["roles_in"]:
                return f"leave {q[who]}"  # refused: no role left
            # a player with two cards takes one out: its role leaves the truth
            k = r.randrange(len(self.truth[who]))
            self._on_accept.append(lambda: self.truth[who].pop(k))
            self.seen["leave"] += 1
            line = f"{q[who]} leave" if r.random() < 0.5 else f"leave {q[who]}"
            payer = r.randrange(n)
            if payer != who and r.random() < 0.5:
                line += f" {r.randrange(1, 4)} from {q[payer]}"
            return line
        if roll < 0.42:
            other = (who + 1 + r.randrange(n - 1)) % n
            self.seen["pay"] += 1
            return f"{q[who]} pay {q[other]} {r.randrange(1, 4)}" if r.random() < 0.5 else \
                f"pay {q[who]} {q[other]} {r.randrange(1, 4)}"
        if self.fixes and roll < 0.5:
            self.seen["fix"] += 1
            return r.choice([f"fix cash {q[who]} {r.randrange(0, 30)}", f"fix leader {q[who]}",
                             f"fix centre {st['centre'] + r.randrange(0, 4)}"])
        if roll < 0.65:
            self.seen["open vote"] += 1
            return f"{q[leader]} vote" if r.random() < 0.5 else "vote"
        if roll < 0.9:
            self.seen["vote count"] += 1
            return f"vote {r.randrange(n + 1)}"
        self.seen["timeout"] += 1
        return "timeout"

    def _heist(self, game, st, q) -> str:
        r = self.r
        waiting = st["waiting_for"]
        if waiting:
            sugg = [x for x in game.suggestions() if not x.endswith("…")]
            self.seen[waiting] += 1
            return r.choice(sugg)
        role = st["calling"]
        seats = [i for i, roles in self.truth.items() if role in roles and st["players"][i]["roles_in"]]
        # a withdrawn card's role was taken out of the truth when it left
        for i in seats:
            self._on_accept.append(lambda i=i: self.truth[i].remove(role))
        self.seen["reveal"] += 1
        if not seats:
            return f"reveal {role} none"
        if len(seats) == 1 and r.random() < 0.3:
            return f"{q[seats[0]]} reveal {role}"
        return f"reveal {role} " + " ".join(q[i] for i in seats)
