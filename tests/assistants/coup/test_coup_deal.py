"""The deal, read out step by step: the official two-player deal and the ordinary one."""

from __future__ import annotations

import re


def deal_texts(session, play) -> list[str]:
    said = [play(session, ["start"])[0].said[0]]
    while session.game.public_state()["window"] == "deal":
        said.extend(play(session, ["next"])[0].said)
    return said


def test_two_player_deal_step_by_step(coup, play):
    s = coup(("Alice", "Bob"), deal=False)
    said = deal_texts(s, play)
    steps = [t for t in said if t.startswith("Step ")]
    assert len(steps) == 6 and all(t.startswith(f"Step {i} of 6: ") for i, t in enumerate(steps, 1))
    assert "3 piles, each with one card of every character" in steps[0]
    dealt = re.search(r"Shuffle pile (\d) and deal one card from it face down to Alice and one to Bob", steps[1])
    assert dealt, steps[1]
    pile = dealt.group(1)
    assert f"The other 3 cards of pile {pile} go face down in the middle" in steps[2]
    picks = re.search(r"Alice takes pile (\d) and Bob takes pile (\d)", steps[3])
    assert picks and len({pile, picks.group(1), picks.group(2)}) == 3  # three different piles
    assert "The other 8 cards of those piles leave the game unseen" in steps[4]
    assert "2 coins" in steps[5]
    assert said[-1] == "Turn 1: Alice, with 2 coins."
    st = s.game.public_state()
    assert (st["court"], st["out_of_game"], st["copies"]) == (3, 8, 3)
    assert [p["coins"] for p in st["players"]] == [2, 2] and st["treasury"] == 50
    assert [p["influence"] for p in st["players"]] == [2, 2]
    assert st["window"] == "action" and st["may_act"] == ["Alice"]


def test_two_player_piles_come_from_the_seed(coup, play):
    def piles(seed):
        s = coup(("Alice", "Bob"), seed=seed, deal=False)
        return tuple(re.findall(r"pile (\d)", " ".join(deal_texts(s, play))))

    assert piles(3) == piles(3)
    assert len({piles(seed) for seed in range(12)}) > 1


def test_ordinary_deal_counts(coup, play):
    for players, copies, court in [(("A", "B", "C"), 3, 9), (("A", "B", "C", "D", "E", "F"), 3, 3),
                                   (("A", "B", "C", "D", "E", "F", "G", "H"), 4, 4)]:
        s = coup(players, deal=False)
        said = deal_texts(s, play)
        assert f"Take {copies} cards each of Duchess, Assassin, Captain, Countess and Ambassador: " \
               f"{copies * 5} cards" in said[0]
        assert any(f"The other {court} cards go face down" in t for t in said)
        st = s.game.public_state()
        assert st["court"] == court and st["out_of_game"] == 0
        assert st["treasury"] == 54 - 2 * len(players)


def test_setup_refusals(coup, play):
    s = coup(("Alice", "Bob"), deal=False)
    play(s, ["!players Solo", "!players A B C D E F G H I", "!players Ann ann", "!players Ann 2",
             "!players Ann Duchess", "!variant jester", "!income", "!next",
             "variant inquisitor", "names classic", "players Ann Ben Cy", "start",
             "!players Ann Ben", "!variant ambassador"])
    st = s.game.public_state()
    assert st["lineup"] == ["duchess", "assassin", "captain", "countess", "inquisitor"]
    assert st["names"]["duchess"] == "Duke" and st["names"]["countess"] == "Contessa"
    assert st["window"] == "deal" and st["deal_step"] == 1


def test_german_is_the_default(coup, play):
    s = coup(("Anna", "Ben"), lang="de", deal=False)
    said = deal_texts(s, play)
    assert said[0].startswith("Schritt 1 von 6: Sortiert Herzogin, Assassine, Kapitän, Gräfin und Botschafter")
    res = play(s, ["!coup ben"])[0]
    assert res.reason == "Anna hat nur 2 Münzen, aber der Coup kostet 7 Münzen."
