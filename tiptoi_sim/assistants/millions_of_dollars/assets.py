"""Loading and validating ``board_assets/millions_of_dollars/``: the edition (roles, colours by
player count, amounts), the loot deck and the phrase catalogues. Every mistake in the data is a
:class:`DataError` naming the file, the line, the field and what was expected.

Amounts are whole millions of dollars (plain integers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.phrases import LANGUAGES, Phrases, load_catalogues
from tiptoi_sim.core.yamlio import LMap, fail, load_yaml, only_keys, opt, req

#: the rules the program knows; a role in the data picks one of them with ``effect``
EFFECTS = ("tech", "acrobat", "brute", "mentalist", "brain", "driver")
#: effects that need an amount in the data
_NEEDS_AMOUNT = {"acrobat", "brute", "mentalist", "driver"}


def _amount(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _positive(v) -> bool:
    return _amount(v) and v > 0


@dataclass(frozen=True)
class Role:
    id: str
    effect: str
    colour: str
    names: dict[str, str]
    amount: int = 0
    victims: tuple[str, ...] = ()
    #: per language: ``one``, ``many`` (no article), ``the`` (subject), ``the_acc`` (object)
    forms: dict[str, dict[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class LootCard:
    id: str
    names: dict[str, str]
    cash: int
    bonuses: dict[str, int]
    brain: int  # what the Brain adds (the card's cash unless the card says otherwise)


@dataclass
class Edition:
    names: dict[str, str]
    min_players: int
    max_players: int
    starting_cash: int
    stake: int
    reserve: int
    goal: int
    loot_cards_per_game: int
    tech_alone_penalty: int
    negotiation_seconds: int
    two_roles_with: tuple[int, ...]
    roles: list[Role]                         # in the rulebook's calling order
    colours_by_players: dict[int, tuple[str, ...]]
    colour_names: dict[str, dict[str, str]]

    def role(self, role_id: str) -> Role:
        return next(r for r in self.roles if r.id == role_id)

    def roles_for(self, players: int) -> list[Role]:
        """The roles in use with this many players, in calling order."""
        colours = self.colours_by_players[players]
        return [r for r in self.roles if r.colour in colours]


@dataclass
class Assets:
    edition: Edition
    loot: list[LootCard]
    phrases: dict[str, Phrases] = field(default_factory=dict)
    folder: str = ""

    def card(self, card_id: str) -> LootCard:
        return next(c for c in self.loot if c.id == card_id)


def _names(m, key, field_name: str) -> dict[str, str]:
    names = req(m, key, dict, field_name)
    for lang in LANGUAGES:
        req(names, lang, str, f"{field_name}.{lang}", check=lambda v: bool(v.strip()),
            expected="a name that is not empty")
    only_keys(names, LANGUAGES, field_name)
    return {lang: str(names[lang]).strip() for lang in LANGUAGES}


FORMS = ("one", "many", "the", "the_acc")


def _forms(rm, field_name: str) -> dict[str, dict[str, str]]:
    """A role's words in sentences, per language (see edition.yaml)."""
    forms = req(rm, "forms", dict, field_name)
    only_keys(forms, LANGUAGES, field_name)
    out: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        m = req(forms, lang, dict, f"{field_name}.{lang}")
        only_keys(m, FORMS, f"{field_name}.{lang}")
        out[lang] = {k: req(m, k, str, f"{field_name}.{lang}.{k}", check=lambda v: bool(v.strip()),
                            expected="a word that is not empty").strip() for k in FORMS}
    return out


def load_edition(path: Path) -> Edition:
    data = load_yaml(path)
    if not isinstance(data, LMap):
        raise DataError(path, None, "a mapping with the edition's fields")
    only_keys(data, ["name", "players", "starting_cash", "stake", "reserve", "goal",
                     "loot_cards_per_game", "tech_alone_penalty", "negotiation_seconds",
                     "two_roles_with_players", "roles", "colours_by_players", "colour_names"], "")
    names = _names(data, "name", "name")
    players = req(data, "players", dict, "players")
    only_keys(players, ["min", "max"], "players")
    lo = req(players, "min", int, "players.min", check=lambda v: v >= 3, expected="a whole number of at least 3")
    hi = req(players, "max", int, "players.max", check=lambda v: v >= lo,
             expected=f"a whole number of at least players.min ({lo})")
    whole = "a whole number of millions, 0 or more"
    pos = "a whole number of millions, more than 0"
    starting = req(data, "starting_cash", int, "starting_cash", check=_positive, expected=pos)
    stake = req(data, "stake", int, "stake", check=_positive, expected=pos)
    reserve = req(data, "reserve", int, "reserve", check=_positive, expected=pos)
    goal = req(data, "goal", int, "goal", check=lambda v: _positive(v) and v > starting,
               expected=f"a whole number of millions above starting_cash ({starting})")
    loot_n = req(data, "loot_cards_per_game", int, "loot_cards_per_game", check=_positive,
                 expected="a whole number, more than 0")
    penalty = req(data, "tech_alone_penalty", int, "tech_alone_penalty", check=_amount, expected=whole)
    secs = opt(data, "negotiation_seconds", int, "negotiation_seconds", 0, check=_amount,
               expected="a whole number of seconds, 0 (no timer) or more")
    two = opt(data, "two_roles_with_players", list, "two_roles_with_players", [])
    for i, n in enumerate(two):
        if not (isinstance(n, int) and lo <= n <= hi):
            raise fail(two, f"two_roles_with_players[{i}]", f"a player count from {lo} to {hi}, got {n!r}", i)

    colour_names_m = req(data, "colour_names", dict, "colour_names")
    colour_names = {str(c): _names(colour_names_m, c, f"colour_names.{c}") for c in colour_names_m}

    roles_l = req(data, "roles", list, "roles")
    roles: list[Role] = []
    seen_ids: set[str] = set()
    seen_colours: set[str] = set()
    for i, rm in enumerate(roles_l):
        f = f"roles[{i}]"
        if not isinstance(rm, dict):
            raise fail(roles_l, f, "a mapping with id, effect, colour and names", i)
        only_keys(rm, ["id", "effect", "colour", "amount", "victims", "names", "forms"], f)
        rid = req(rm, "id", str, f"{f}.id", check=lambda v: v.isidentifier() and v not in seen_ids,
                  expected="a new role id (letters, digits, _)")
        effect = req(rm, "effect", str, f"{f}.effect", check=lambda v: v in EFFECTS,
                     expected="one of " + ", ".join(EFFECTS))
        colour = req(rm, "colour", str, f"{f}.colour",
                     check=lambda v: v in colour_names and v not in seen_colours,
                     expected="a colour of colour_names that no other role has")
        if effect in _NEEDS_AMOUNT:
            amount = req(rm, "amount", int, f"{f}.amount", check=_amount, expected=whole)
        else:
            amount = opt(rm, "amount", int, f"{f}.amount", 0, check=_amount, expected=whole)
        victims = opt(rm, "victims", list, f"{f}.victims", [])
        if effect == "mentalist" and not victims:
            raise fail(rm, f"{f}.victims", "the role ids the Mentalist may rob (a list that is not empty)",
                       "victims")
        roles.append(Role(rid, effect, colour, _names(rm, "names", f"{f}.names"), amount,
                          tuple(str(v) for v in victims), _forms(rm, f"{f}.forms")))
        seen_ids.add(rid)
        seen_colours.add(colour)
    effects = [r.effect for r in roles]
    for e in EFFECTS:
        if effects.count(e) != 1:
            raise fail(data, "roles", f"exactly one role with effect {e!r} (found {effects.count(e)})", "roles")
    for i, r in enumerate(roles):
        for v in r.victims:
            if v not in seen_ids:
                raise fail(roles_l[i], f"roles[{i}].victims", f"role ids of this edition, got {v!r}", "victims")

    cbp_l = req(data, "colours_by_players", list, "colours_by_players")
    cbp: dict[int, tuple[str, ...]] = {}
    for i, em in enumerate(cbp_l):
        f = f"colours_by_players[{i}]"
        if not isinstance(em, dict):
            raise fail(cbp_l, f, "a mapping with players and colours", i)
        only_keys(em, ["players", "colours"], f)
        counts = req(em, "players", list, f"{f}.players")
        colours = req(em, "colours", list, f"{f}.colours")
        for c in colours:
            if c not in seen_colours:
                raise fail(em, f"{f}.colours", f"colours of the roles, got {c!r}", "colours")
        in_use = [r for r in roles if r.colour in colours]
        if not in_use:
            raise fail(em, f"{f}.colours", "at least one role colour", "colours")
        for n in counts:
            if not (isinstance(n, int) and lo <= n <= hi) or n in cbp:
                raise fail(em, f"{f}.players",
                           f"player counts from {lo} to {hi}, each listed once, got {n!r}", "players")
            cbp[n] = tuple(str(c) for c in colours)
    for n in range(lo, hi + 1):
        if n not in cbp:
            raise fail(data, "colours_by_players", f"an entry for {n} players", "colours_by_players")
    return Edition(names, lo, hi, starting, stake, reserve, goal, loot_n, penalty, secs,
                   tuple(two), roles, cbp, colour_names)


def load_loot(path: Path, edition: Edition) -> list[LootCard]:
    data = load_yaml(path)
    if not isinstance(data, LMap):
        raise DataError(path, None, "a mapping with 'cards'")
    only_keys(data, ["cards"], "")
    cards_l = req(data, "cards", list, "cards")
    role_ids = {r.id for r in edition.roles}
    cards: list[LootCard] = []
    seen: set[str] = set()
    for i, cm in enumerate(cards_l):
        f = f"cards[{i}]"
        if not isinstance(cm, dict):
            raise fail(cards_l, f, "a mapping with id, names, cash and bonuses", i)
        only_keys(cm, ["id", "names", "cash", "bonuses", "brain"], f)
        cid = req(cm, "id", str, f"{f}.id", check=lambda v: v.isidentifier() and v not in seen,
                  expected="a new card id (letters, digits, _)")
        cash = req(cm, "cash", int, f"{f}.cash", check=_amount, expected="a whole number of millions, 0 or more")
        bonuses_m = opt(cm, "bonuses", dict, f"{f}.bonuses", {})
        bonuses: dict[str, int] = {}
        for rid in bonuses_m:
            if rid not in role_ids:
                raise fail(bonuses_m, f"{f}.bonuses.{rid}", "a role id of edition.yaml: " + ", ".join(sorted(role_ids)),
                           rid)
            bonuses[str(rid)] = req(bonuses_m, rid, int, f"{f}.bonuses.{rid}", check=_amount,
                                    expected="a whole number of millions, 0 or more")
        brain = opt(cm, "brain", int, f"{f}.brain", cash, check=_amount,
                    expected="a whole number of millions, 0 or more")
        cards.append(LootCard(cid, _names(cm, "names", f"{f}.names"), cash, bonuses, brain))
        seen.add(cid)
    if len(cards) < edition.loot_cards_per_game:
        raise fail(data, "cards", f"at least loot_cards_per_game ({edition.loot_cards_per_game}) cards, "
                   f"got {len(cards)}", "cards")
    return cards


def load_assets(folder: str | Path) -> Assets:
    folder = Path(folder)
    if not folder.is_dir():
        raise DataError(folder, None, "a folder with edition.yaml, loot.yaml and the phrase catalogues")
    edition = load_edition(folder / "edition.yaml")
    loot = load_loot(folder / "loot.yaml", edition)
    phrases = load_catalogues(folder)
    return Assets(edition, loot, phrases, str(folder))
