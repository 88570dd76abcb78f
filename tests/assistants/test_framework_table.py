"""The framework's parts for a real table: read-only commands, repeat, state files, refusals
from the number parser, a crashing game never changing state, and journals of games entered
in progress. A tiny counting game stands in for a real one so that the framework is tested
on its own; each real game tests its own state file and fixes."""

from __future__ import annotations

import json

import pytest

from tiptoi_sim.assistants.base import AssistantGame, Command, Refused, split_actor
from tiptoi_sim.assistants.session import AssistantSession, dump_state_file
from tiptoi_sim.core.numbers import parse_whole
from tiptoi_sim.core.yamlio import fail, load_yaml_text, req


class Tally(AssistantGame):
    """Players take chips from a bank; ``fix NAME N`` corrects a count from or to the bank."""

    game_id = "tally"
    title = "Tally"
    read_only_verbs = frozenset({"scores", "sneaky"})

    def __init__(self, assets=None, *, seed=0, lang="en", options=None):
        super().__init__(assets, seed=seed, lang=lang, options=options)
        self.bank = 10
        self.chips = {"A": 0, "B": 0}

    def handle(self, cmd: Command) -> list[str]:
        actor, cmd = split_actor(cmd, list(self.chips))
        if cmd.verb == "take":
            n = parse_whole(cmd.arg(0, ""), field="take", lo=1, hi=self.bank)
            who = actor or "A"
            self.bank -= n
            self.chips[who] += n
            return [f"{who} takes {n}."]
        if cmd.verb == "fix":
            who, n = cmd.arg(0), parse_whole(cmd.arg(1, ""), field="fix", lo=0)
            if who not in self.chips:
                raise Refused(f"There is no player {who}.")
            delta = n - self.chips[who]
            if delta > self.bank:
                raise Refused("The bank does not have that many chips.")
            self.bank -= delta
            self.chips[who] = n
            return [f"{who} now has {n}; the bank {'gives' if delta >= 0 else 'takes back'} {abs(delta)}."]
        if cmd.verb == "scores":
            return [", ".join(f"{k} {v}" for k, v in self.chips.items())]
        if cmd.verb == "sneaky":
            self.bank = 0  # a buggy read-only verb: the session must undo this
            return ["oops"]
        if cmd.verb == "crash":
            self.bank = -99
            raise ZeroDivisionError("boom")
        raise Refused(f"Unknown command {cmd.verb}.")

    def public_state(self):
        return {"bank": self.bank, "chips": dict(self.chips)}

    def export_state(self):
        return {"bank": self.bank, "chips": dict(self.chips)}

    @classmethod
    def from_state(cls, assets, state, *, seed=0, lang="en", options=None):
        g = cls(assets, seed=seed, lang=lang, options=options)
        g.bank = req(state, "bank", int, "state.bank")
        chips = req(state, "chips", dict, "state.chips")
        if g.bank + sum(chips.values()) != 10:
            raise fail(state, "state.chips", "chips and bank adding up to 10", "chips")
        g.chips = dict(chips)
        return g


def test_read_only_commands_are_no_undo_steps_and_no_journal(tmp_path):
    j = tmp_path / "j.jsonl"
    s = AssistantSession(Tally(), j)
    assert s.execute("take 3").accepted
    for line in ("state", "help", "scores", "repeat"):
        assert s.execute(line).accepted, line
    assert s.execute("repeat").said == ["A takes 3."]
    kinds = [json.loads(x)["kind"] for x in j.read_text().splitlines()]
    assert kinds == ["start", "command"]
    assert s.execute("undo").accepted
    assert s.game.public_state() == {"bank": 10, "chips": {"A": 0, "B": 0}}
    assert not s.execute("undo").accepted


def test_state_prints_readable_lines_and_yaml():
    s = AssistantSession(Tally())
    res = s.execute("state")
    assert res.said == [] and "bank: 10" in res.shown
    text = "\n".join(s.execute("state --yaml").shown)
    assert "game: tally" in text and "bank: 10" in text


def test_a_read_only_verb_cannot_change_the_game():
    s = AssistantSession(Tally())
    s.execute("sneaky")
    assert s.game.bank == 10


def test_actor_and_numbers():
    s = AssistantSession(Tally())
    assert s.execute("B take 2").said == ["B takes 2."]
    res = s.execute("take ③")
    assert not res.accepted and "③" in res.reason and s.game.bank == 8


def test_a_crashing_command_is_refused_and_changes_nothing():
    s = AssistantSession(Tally())
    res = s.execute("crash")
    assert not res.accepted and res.error and s.game.bank == 10


def test_state_file_round_trip_and_journal_resume(tmp_path):
    s = AssistantSession(Tally())
    s.execute("take 4")
    s.execute("fix B 2")
    text = dump_state_file(s.game)
    data = load_yaml_text(text, "state.yaml")
    g2 = Tally.from_state(None, data["state"])
    assert g2.public_state() == s.game.public_state()
    j = tmp_path / "j.jsonl"
    s2 = AssistantSession(g2, j, from_state=json.loads(json.dumps(Tally.export_state(g2))))
    s2.execute("take 1")
    resumed = AssistantSession.resume(
        j, lambda g, seed, lang, opts, state=None: Tally.from_state(None, state) if state else Tally())
    assert resumed.game.public_state() == s2.game.public_state()


def test_a_broken_state_file_names_its_line():
    data = load_yaml_text("game: tally\nstate:\n  bank: 9\n  chips: {A: 0, B: 0}\n", "s.yaml")
    with pytest.raises(Exception) as e:
        Tally.from_state(None, data["state"])
    assert "s.yaml:4" in str(e.value) and "adding up to 10" in str(e.value)


def test_every_registered_game_can_be_entered_in_progress():
    """``state --yaml`` and ``--from`` rely on it: no game falls back to the base class."""
    from tiptoi_sim.assistants.registry import GAMES, game_class

    for game_id in GAMES:
        cls = game_class(game_id)
        assert cls.export_state is not AssistantGame.export_state, game_id
        assert cls.from_state.__func__ is not AssistantGame.from_state.__func__, game_id
