"""Shortest paths on the board with the spec's tie rule: at each room, take the first-listed
connection (in ``board.yaml`` order) that lies on a shortest path to the goal."""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable

from tiptoi_sim.millionen_coup.data import Connection, GameData

Passable = Callable[[Connection], bool]


def distances_to(goal: str, adjacency: dict[str, tuple[Connection, ...]], passable: Passable,
                 allowed_room: Callable[[str], bool] = lambda r: True) -> dict[str, int]:
    """Steps from every room to ``goal`` over passable connections (BFS from the goal)."""
    dist = {goal: 0}
    q = deque([goal])
    while q:
        r = q.popleft()
        for c in adjacency[r]:
            if not passable(c):
                continue
            n = c.other(r)
            if n in dist or not allowed_room(n):
                continue
            dist[n] = dist[r] + 1
            q.append(n)
    return dist


def shortest_path(start: str, goal: str, adjacency: dict[str, tuple[Connection, ...]],
                  passable: Passable, allowed_room: Callable[[str], bool] = lambda r: True) -> list[str] | None:
    """The rooms after ``start`` up to and including ``goal`` (``[]`` if start == goal), or None."""
    if start == goal:
        return []
    dist = distances_to(goal, adjacency, passable, allowed_room)
    if start not in dist:
        return None
    path, here = [], start
    while here != goal:
        for c in adjacency[here]:
            n = c.other(here)
            if passable(c) and dist.get(n) == dist[here] - 1:
                path.append(n)
                here = n
                break
    return path


def reachable(start: str, connections: Iterable[Connection], blocked: Callable[[str], bool]) -> set[str]:
    """Rooms reachable from ``start`` over ``connections`` without entering a blocked room."""
    adj: dict[str, list[str]] = {}
    for c in connections:
        adj.setdefault(c.a, []).append(c.b)
        adj.setdefault(c.b, []).append(c.a)
    seen = {start}
    q = deque([start])
    while q:
        r = q.popleft()
        for n in adj.get(r, ()):
            if n not in seen and not blocked(n):
                seen.add(n)
                q.append(n)
    return seen


def guard_adjacency(data: GameData) -> dict[str, tuple[Connection, ...]]:
    """The guard walks: every walk connection but the vault door, never into street or vault."""
    banned = {data.start_room, data.vault}
    return {r: tuple(c for c in cs if c.kind != "vault_door" and c.other(r) not in banned)
            for r, cs in data.walk_adjacency.items() if r not in banned}
