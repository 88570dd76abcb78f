"""The rules of Rette die Million!, played through the command language."""

from __future__ import annotations

import pytest
from rdm_helpers import new_session, ok, play_round, play_run, refused, right, wrong


@pytest.fixture
def s():
    session = new_session("de", seed=7)
    ok(session, "team Blau Anna Ben", "team Rot Carla Dora")
    return session


def start_stake(session):
    ok(session, "start", "choose 1")
    return session


# -- the rounds ----------------------------------------------------------------------

def test_eight_rounds_with_4_3_2_answers_and_closed_windows(s):
    ok(s, "start")
    seen = []
    for rnd in range(1, 9):
        st = s.game.public_state()["run"]
        assert st["round"] == rnd
        open_letters = [w["letter"] for w in st["windows"] if w["open"]]
        closed = [w["letter"] for w in st["windows"] if not w["open"]]
        seen.append((len(open_letters), closed))
        # the two cards drawn are of the round's kind
        kinds = {s.game.card(i).kind for i in s.game.run.offered}
        assert kinds == {len(open_letters)}
        play_round(s, "RIGHT")
        if rnd < 8:
            assert s.game.phase == "revealed"
            res = ok(s, "next")
            if rnd == 4:
                assert any("Fenster D wird geschlossen" in t for t in res.said)
            if rnd == 7:
                assert any("Fenster C wird geschlossen" in t for t in res.said)
    assert seen == [(4, [])] * 4 + [(3, ["D"])] * 3 + [(2, ["C", "D"])]
    board = s.game.public_state()["scoreboard"]
    assert board[0]["team"] == "Blau" and board[0]["finished"]
    assert board[0]["money"] == 1_000_000 and board[0]["round_reached"] == 8


def test_categories_then_answers_then_question(s):
    res = ok(s, "start")
    cats = s.game.public_state()["run"]["categories"]
    assert len(cats) == 2
    assert any(cats[0] in t and cats[1] in t for t in res.said)
    res = ok(s, "choose 2")
    card = s.game.card(s.game.run.offered[1])
    said = res.said
    answer_at = [said.index(f"{letter}: {text}.") for letter, text in card.answers]
    question_at = said.index(f"Die Frage: {card.question}")
    assert answer_at == sorted(answer_at) and max(answer_at) < question_at
    st = s.game.public_state()["run"]
    assert st["category"] == card.category and st["question"] == card.question
    assert s.game.phase == "stake"


def test_choose_by_category_name_and_bad_choice(s):
    ok(s, "start")
    cats = s.game.public_state()["run"]["categories"]
    refused(s, "choose 3")
    refused(s, "choose")
    ok(s, f"choose {cats[1][:4]}" if not cats[0].startswith(cats[1][:4]) else "choose 2")
    assert s.game.run.played == s.game.run.offered[1]


def test_right_answer_not_public_before_reveal(s):
    start_stake(s)
    st = s.game.public_state()
    assert "right" not in str(st["run"]) and st["reveal"] is None
    ok(s, f"stake {right(s)}=40", "lock")
    assert s.game.public_state()["reveal"] is None
    ok(s, "reveal")
    assert s.game.public_state()["reveal"]["right"] == right(s)


# -- stakes ----------------------------------------------------------------------------

def test_put_take_move_stake_clear(s):
    start_stake(s)
    ok(s, "put 10 A", "put B 5", "put C")
    run = s.game.public_state()["run"]
    assert [w["chips"] for w in run["windows"]] == [10, 5, 1, 0]
    assert run["unplaced"] == 24 and run["unplaced_money"] == 600_000
    ok(s, "take 4 A", "move 2 B C", "put all D")
    assert [w["chips"] for w in s.game.public_state()["run"]["windows"]] == [6, 3, 3, 28]
    ok(s, "stake A=20 b=10")
    assert [w["chips"] for w in s.game.public_state()["run"]["windows"]] == [20, 10, 0, 0]
    ok(s, "put 250000€ C")  # an amount in euros: 10 chips
    assert s.game.public_state()["run"]["windows"][2]["chips"] == 10
    ok(s, "clear")
    assert s.game.public_state()["run"]["unplaced"] == 40


@pytest.mark.parametrize("line, words", [
    ("put 41 A", "nur noch 40 Chips"),
    ("put 5 E", "Fenster „E“ gibt es nicht"),
    ("put 0 A", "keine Chipzahl"),
    ("put viele A", "keine Chipzahl"),
    ("put 30000€ A", "geht nicht in Chips auf"),
    ("put 5", "So setzt ihr"),
    ("take 1 A", "liegt nichts"),
    ("move 1 A B", "liegt nichts"),
    ("stake A=20 B=30", "ihr habt aber nur 40"),
    ("stake A=20 A=10", "zweimal"),
    ("stake 20", "So setzt ihr alles"),
    ("reveal", "Die Fenster gehen auf, wenn der Einsatz eingeloggt ist."),
])
def test_refused_stake_commands(s, line, words):
    start_stake(s)
    assert words in refused(s, line)


def test_lock_refused_until_all_chips_placed_and_a_window_empty(s):
    start_stake(s)
    assert "noch nicht" in refused(s, "lock").lower()          # nothing placed
    ok(s, "put 39 A")
    reason = refused(s, "lock")
    assert "1 Chip, 25.000 €, liegt auf keinem Fenster" in reason
    ok(s, "put 1 B")
    ok(s, "stake A=10 B=10 C=10 D=10")                         # every open window covered
    assert "Ein Fenster muss frei bleiben" in refused(s, "lock")
    assert s.game.public_state()["run"]["stake_ok"] is False
    ok(s, "take all D", "put all C")
    assert s.game.public_state()["run"]["stake_ok"] is True
    ok(s, "lock")
    assert s.game.phase == "locked"
    assert "Chips kommen auf die Fenster, wenn die Frage gestellt ist" in refused(s, "put 1 A")


def test_closed_window_refused_in_round_5_and_8(s):
    ok(s, "start")
    for _ in range(4):
        play_round(s, "RIGHT")
        ok(s, "next")
    ok(s, "choose 1")
    assert "Fenster D ist in dieser Runde geschlossen" in refused(s, "put 1 D")
    ok(s, f"stake {right(s)}=40", "lock", "reveal", "next")
    for _ in range(2):
        play_round(s, "RIGHT")
        ok(s, "next")
    ok(s, "choose 1")
    assert "geschlossen" in refused(s, "put 1 C")
    ok(s, "put 20 A", "put 20 B")
    assert "frei bleiben" in refused(s, "lock")   # round 8: everything on one window


# -- the reveal ---------------------------------------------------------------------------

def test_reveal_opens_wrong_windows_one_by_one_and_money_drops(s):
    start_stake(s)
    r = right(s)
    w1, w2, w3 = wrong(s)
    ok(s, f"stake {r}=25 {w1}=10 {w2}=5", "lock")
    res = ok(s, "reveal")
    rev = s.game.public_state()["reveal"]
    assert [st["window"] for st in rev["steps"]] == [w1, w2, w3]
    assert [st["money"] for st in rev["steps"]] == [250_000, 125_000, 0]
    assert res.said[:3] == [f"Fenster {w1} öffnet sich … 10 Chips, 250.000 €, fallen durch!",
                            f"Fenster {w2} öffnet sich … 5 Chips, 125.000 €, fallen durch!",
                            f"Fenster {w3} öffnet sich … leer."]
    assert res.said[3].startswith(f"Richtig ist {r}: ")
    assert rev["kept_chips"] == 25 and rev["lost_chips"] == 15
    run = s.game.public_state()["run"]
    assert run["chips"] == 25 and run["money"] == 625_000
    ok(s, "next")
    run = s.game.public_state()["run"]
    assert run["round"] == 2 and run["chips"] == 25
    ok(s, "choose 1")
    assert "nur noch 25 Chips" in refused(s, "put 26 A")


def test_elimination_when_no_money_on_the_right_window(s):
    start_stake(s)
    ok(s, f"stake {right(s)}=20 {wrong(s)[0]}=20", "lock", "reveal", "next")   # round 1 kept 20
    ok(s, "choose 1")
    res = ok(s, f"stake {wrong(s)[0]}=10 {wrong(s)[1]}=10", "lock", "reveal")
    assert any("Team Blau scheidet in Runde 2 aus" in t and "500.000 €" in t for t in res.said)
    assert res.said[-1] == "Als Nächstes spielt Team Rot. Tippe start."
    st = s.game.public_state()
    assert st["phase"] == "setup"
    assert st["scoreboard"] == [{"place": 1, "team": "Blau", "members": ["Anna", "Ben"], "money": 0,
                                 "chips": 0, "round_reached": 2, "money_saved": 500_000,
                                 "saved_chips": 20, "finished": False}]
    assert [t["status"] for t in st["teams"]] == ["done", "waiting"]
    assert "Eine Kategorie wird gewählt, wenn die zwei Karten" in refused(s, "choose 1")


# -- the joker ------------------------------------------------------------------------------

def test_joker_plays_the_set_aside_card_once_per_run(s):
    ok(s, "start")
    assert "Der Joker wird gespielt, wenn die Frage gestellt ist" in refused(s, "joker")       # not before the question was read
    ok(s, "choose 1", "put 10 A")
    first, other = s.game.run.offered
    key = s.game.timer_key()
    res = ok(s, "joker")
    assert s.game.run.played == other
    other_card = s.game.card(other)
    assert f"Die Frage: {other_card.question}" in res.said
    assert s.game.card(first).category in res.said[0]
    run = s.game.public_state()["run"]
    assert run["joker_used"] and run["unplaced"] == 40 and run["question"] == other_card.question
    assert s.game.phase == "stake"
    assert "schon gespielt" in refused(s, "joker")
    ok(s, f"stake {right(s)}=40", "lock", "reveal", "next", "choose 1")
    assert "schon gespielt" in refused(s, "joker")          # once per run, not per round
    assert key is None                                      # no time limit in this session


def test_joker_is_back_for_the_next_run(s):
    ok(s, "start", "choose 1", "joker")
    play_round_after_choose = f"stake {wrong(s)[0]}=40"
    ok(s, play_round_after_choose, "lock", "reveal", "start", "choose 1", "joker")


# -- the time limit ---------------------------------------------------------------------------

def test_timer_off_by_default_and_timeout_refused(s):
    start_stake(s)
    assert s.game.timer_seconds() is None
    assert "kein Zeitlimit" in refused(s, "timeout")


def test_timer_runs_only_while_staking(s):
    ok(s, "timer on")
    assert s.game.timer_seconds() is None
    ok(s, "start")
    assert s.game.timer_seconds() is None                   # choosing a category is not timed
    res = ok(s, "choose 1")
    assert "Ihr habt 1 Minute." in res.said
    assert s.game.timer_seconds() == 60
    key = s.game.timer_key()
    ok(s, "put 3 A")
    assert s.game.timer_key() == key                        # placing chips does not restart it
    ok(s, "joker")
    assert s.game.timer_key() != key                        # a new question: a new countdown
    ok(s, f"stake {right(s)}=40", "lock")
    assert s.game.timer_seconds() is None


def test_timeout_loses_unplaced_chips(s):
    ok(s, "timer 45", "start", "choose 1")
    assert s.game.timer_seconds() == 45
    ok(s, f"put 30 {right(s)}", f"put 4 {wrong(s)[0]}")
    res = ok(s, "timeout")
    assert "6 Chips, 150.000 €, lagen nicht auf einem Fenster und sind verloren." in res.said
    assert s.game.phase == "locked"
    ok(s, "reveal")
    assert s.game.run.chips == 30


@pytest.mark.parametrize("round_no, last", [(1, "D"), (5, "C"), (8, "B")])
def test_timeout_with_every_open_window_covered_loses_the_last_window(s, round_no, last):
    ok(s, "timer on", "start")
    for _ in range(round_no - 1):
        play_round(s, "RIGHT")
        ok(s, "next")
    ok(s, "choose 1")
    opened = s.game.open_windows()
    assert opened[-1] == last
    ok(s, "stake " + " ".join(f"{w}={40 // len(opened) if w != opened[0] else 40 - (len(opened) - 1) * (40 // len(opened))}"
                              for w in opened))
    before = dict(s.game.run.stakes)
    res = ok(s, "timeout")
    assert any(f"auf {last}" in t and "verloren" in t for t in res.said)
    assert s.game.run.stakes == {w: n for w, n in before.items() if w != last}
    assert s.game.run.chips == 40 - before[last]


def test_timeout_with_nothing_placed_loses_everything(s):
    res = ok(s, "timer on", "start", "choose 1", "timeout")
    assert s.game.run.chips == 0
    # no chips on any window: the team is out at once, without a pointless reveal
    assert any("Auf keinem Fenster liegt mehr ein Chip: Team Blau scheidet in Runde 1 aus" in t for t in res.said)
    assert s.game.phase == "setup" and s.game.teams[0].result is not None
    assert "Die Fenster gehen auf" in refused(s, "reveal")
    # the money saved is what the team held when the round began (the ruling)
    assert s.game.public_state()["scoreboard"][0]["money_saved"] == 1_000_000


# -- several teams, rotation, scoreboard ---------------------------------------------------------

def test_quizmaster_rotates_between_runs():
    s = new_session("en", seed=3)
    ok(s, "team Blue Anna Ben", "team Red Carla Dora", "team Green Anna Carla")
    qms = []
    for _ in range(3):
        play_run(s, 0)
        qms.append(s.game.public_state()["run"]["quizmaster"])
    # nobody is quizmaster of their own team, and it is a different person each run
    assert qms[0] not in ("Anna", "Ben") and qms[1] not in ("Carla", "Dora")
    assert qms[2] not in ("Anna", "Carla")
    assert len(set(qms)) == 3
    assert s.game.over
    assert "Every team has played" in refused(s, "start")


def test_scoreboard_order_by_the_rulebook():
    s = new_session("de", seed=11)
    ok(s, "team A1 a", "team B1 b", "team C1 c", "team D1 d", "team E1 e")
    play_run(s, 8, keep_each=30)       # through round 8: 30 chips (its money decides)
    play_run(s, 2)                     # out in round 3 with 40 chips saved
    play_run(s, 2, keep_each=20)       # out in round 3 with 20 saved
    play_run(s, 7)                     # out in round 8 with 40 saved
    play_run(s, 8, keep_each=35)       # through round 8: 35 chips
    board = s.game.public_state()["scoreboard"]
    assert [row["team"] for row in board] == ["E1", "A1", "D1", "B1", "C1"]
    assert [row["money"] for row in board] == [875_000, 750_000, 0, 0, 0]
    assert [row["round_reached"] for row in board] == [8, 8, 8, 3, 3]
    assert [row["money_saved"] for row in board] == [875_000, 750_000, 1_000_000, 1_000_000, 500_000]
    assert [row["place"] for row in board] == [1, 2, 3, 4, 5]
    res = ok(s, "scores")
    assert res.said[1] == "1. Team E1: 875.000 € nach Runde 8."
    assert res.said[4] == "4. Team B1: ausgeschieden in Runde 3, gerettet bis dahin 1 Million Euro."


def test_equal_results_share_a_place():
    s = new_session("en", seed=2)
    ok(s, "team X x", "team Y y", "team Z z")
    play_run(s, 1)
    play_run(s, 1)
    play_run(s, 0)
    assert [(r["place"], r["team"]) for r in s.game.public_state()["scoreboard"]] == [(1, "X"), (1, "Y"), (3, "Z")]


def test_start_a_named_team_and_refusals():
    s = new_session("de")
    assert "kein Team" in refused(s, "start")
    ok(s, "team Blau Anna", "team Rot Ben")
    assert "gibt es nicht" in refused(s, "start Grün")
    ok(s, "start Rot")
    assert s.game.public_state()["run"]["team"] == "Rot"


@pytest.mark.parametrize("line, words", [
    ("team", "So meldet ihr ein Team an"),
    ("team Blau X", "gibt es schon"),
    ("team Grün A B C D E F", "1 bis 5 Personen, nicht 6"),
    ("team Grün A A", "zweimal"),
    ("mode tv", "mode pack"),
    ("pack fr", "es gibt: de, en"),
    ("timer soon", "timer on, timer off"),
    ("choose 1", "Eine Kategorie wird gewählt"),
    ("fly", "Unbekannter Befehl"),
])
def test_refused_setup_commands(s, line, words):
    assert words in refused(s, line)


def test_team_of_one_to_five():
    s = new_session("en")
    ok(s, "team Solo", "team Five A B C D E")
    assert s.game.public_state()["teams"][0]["members"] == ["Solo"]


# -- cards in a session ------------------------------------------------------------------------

def test_no_card_asked_twice_in_a_session():
    s = new_session("en", seed=5)
    for i in range(3):
        ok(s, f"team T{i} p{i}")
    drawn = []
    for _ in range(3):
        ok(s, "start")
        while True:
            drawn += s.game.run.offered
            play_round(s, "RIGHT")
            if s.game.phase != "revealed":
                break
            ok(s, "next")
    assert len(drawn) == 3 * 16 and len(set(drawn)) == len(drawn)
    assert s.game.public_state()["cards_left"] == {"4": 32 - 24, "3": 21 - 18, "2": 7 - 6}


# -- printed cards mode ---------------------------------------------------------------------------

def test_printed_cards_mode():
    s = new_session("de", options={"mode": "cards", "timer": 30})
    ok(s, "team Blau Anna Ben", "team Rot Carla")
    res = ok(s, "start")
    assert s.game.phase == "reading" and any("Quizmaster ist Carla." == t for t in res.said)
    assert "Mit den gedruckten Karten nennt das Team seine Kategorie" in refused(s, "choose 1")
    assert s.game.timer_seconds() is None
    ok(s, "asked")
    assert s.game.timer_seconds() == 30
    ok(s, "stake A=30 C=10", "joker")
    assert s.game.phase == "reading" and s.game.run.stakes == {}
    ok(s, "asked", "stake B=30 C=10", "lock")
    assert "richtige Buchstabe" in s.game.expected() or "richtigen Buchstaben" in s.game.expected()
    assert "Tippe reveal und einen von A, B, C, D" in refused(s, "reveal")
    assert "gibt es nicht" in refused(s, "reveal E")
    res = ok(s, "reveal C")
    assert "Richtig ist C." in res.said and s.game.run.chips == 10
    st = s.game.public_state()
    assert st["run"]["question"] is None and "cards_left" not in st


def test_pack_mode_refuses_a_letter_at_reveal(s):
    start_stake(s)
    ok(s, f"stake {right(s)}=40", "lock")
    assert "tippe nur reveal" in refused(s, "reveal A")


def test_pack_follows_the_language_and_can_be_chosen():
    assert new_session("en").game.pack_name == "en"
    s = new_session("de")
    assert s.game.pack_name == "de"
    ok(s, "pack en", "team X x", "start")
    assert all(i.startswith("en") for i in s.game.run.offered)


def test_help_lists_every_command():
    s = new_session("en")
    said = ok(s, "help").shown
    verbs = {t.split()[0].rstrip(":") for t in said}
    assert {"team", "start", "choose", "put", "take", "lock", "joker", "timeout", "reveal",
            "next", "scores", "undo"} <= verbs
