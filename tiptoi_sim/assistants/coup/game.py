"""Coup's referee and banker: a pure state machine driven by one-line commands.

The program never sees a hidden card: the table is the truth. It keeps the coins, the turn, the
face-up cards and the order of claim -> challenge -> block -> challenge of the block, and takes
from the players what was shown when it matters (``show``/``bluff``, ``reveal NAME CHARACTER``).
So there is no separate "table mode": hidden cards are never tracked, in any mode. The deal is
either read out step by step (``start``, for playing with the screen as the dealer) or done by
hand (``start dealt``); a game under way is entered from a state file (:mod:`.statefile`) and
corrected one fact at a time with ``fix`` (:mod:`.fix`).

Windows (``public_state()["window"]``) and who may act in each (``may_act``):

- ``setup``: anyone; ``players …``, ``variant …``, ``names …``, ``start [dealt]``.
- ``deal``: anyone; ``next`` reads the next step of the deal.
- ``action``: the player whose turn it is; one action.
- ``challenge_claim``: every other player still in who has not passed; ``NAME challenge`` or
  ``NAME pass`` (one player), ``pass`` (nobody challenges).
- ``prove_claim``: the claimer; ``show [CHARACTER]`` or ``bluff``.
- ``block``: the target (Assassin, Captain) or anyone else (Foreign aid);
  ``NAME block [CHARACTER]``, ``NAME pass`` or ``pass``.
- ``challenge_block``: everyone still in but the blocker; like ``challenge_claim``.
- ``prove_block``: the blocker; ``show [CHARACTER]`` or ``bluff``.
- ``reveal``: the player losing an influence; ``reveal NAME CHARACTER``.
- ``examine``: the Inquisitor after looking at a card; ``return`` or ``discard``.
- ``over``: nobody; only ``undo``.

Any command may start with the name of the player who acts (``B challenge``, ``C block duchess``,
``B examine A``); the rules check that this player may act now. Every refusal names the rule or
the missing step (:meth:`CoupGame._why_not`).

After a ``reveal`` the game continues where the loss interrupted it (``self.cont``, a plain
string so that snapshots, journals and state files stay trivial).
"""

from __future__ import annotations

from typing import Any, Callable

from tiptoi_sim.assistants.base import AssistantGame, Command, CommandHelp, Refused
from tiptoi_sim.assistants.coup.assets import BASIC_ACTIONS, CoupAssets, load_assets
from tiptoi_sim.assistants.coup.reasons import RefusalReasons
from tiptoi_sim.assistants.coup.table import Action, Bank, LastAction, Player
from tiptoi_sim.assistants.coup.windows import (  # noqa: F401 (re-exported for the state file and fix)
    ACTION, ACTION_VERBS, ALIASES, BLOCK, CHALLENGE_BLOCK, CHALLENGE_CLAIM, CONTINUATIONS, DEAL, EXAMINE,
    OTHER_VERBS, OVER, PROVE_BLOCK, PROVE_CLAIM, REVEAL, SETUP, SETUP_VERBS, VERBS, WINDOWS,
)
from tiptoi_sim.assistants.session import phrases_for
from tiptoi_sim.core.errors import UserError
from tiptoi_sim.core.numbers import is_whole, parse_whole
from tiptoi_sim.core.wording import count, join_or, join_words, say_number

class CoupGame(RefusalReasons, AssistantGame):
    game_id = "coup"
    title = "Coup"
    commands = [
        CommandHelp("players NAME NAME …", "seat 2 to 8 players clockwise; the first named begins"),
        CommandHelp("variant ambassador|inquisitor", "the fifth character (before start)"),
        CommandHelp("names standard|classic", "character names (classic: Duke, Contessa)"),
        CommandHelp("start", "deal; the deal is read out step by step"),
        CommandHelp("start dealt", "the cards are already dealt by hand: the first turn begins"),
        CommandHelp("next", "the next step of the deal"),
        CommandHelp("income", "take 1 coin"),
        CommandHelp("aid", "foreign aid: take 2 coins (the Duchess blocks)"),
        CommandHelp("coup NAME", "pay 7, NAME loses an influence (forced from 10 coins)"),
        CommandHelp("tax", "claim the Duchess: take 3 coins"),
        CommandHelp("assassinate NAME", "claim the Assassin: pay 3, NAME loses an influence"),
        CommandHelp("steal NAME", "claim the Captain: take up to 2 coins from NAME"),
        CommandHelp("exchange", "claim the Ambassador (or Inquisitor): exchange with the Court"),
        CommandHelp("examine NAME", "claim the Inquisitor: look at one of NAME's cards"),
        CommandHelp("NAME challenge", "NAME doubts the claim (or the block) on the table (or: challenge NAME)"),
        CommandHelp("NAME pass", "NAME lets the claim or action pass; plain pass: nobody challenges or blocks"),
        CommandHelp("NAME block [CHARACTER]", "NAME blocks the action claiming CHARACTER (or: block NAME CHARACTER)"),
        CommandHelp("show [CHARACTER]", "the challenged player shows the claimed card"),
        CommandHelp("bluff", "the challenged player does not show it"),
        CommandHelp("reveal NAME CHARACTER", "NAME turns that card face up (loses an influence)"),
        CommandHelp("return | discard", "the Inquisitor gives the card back, or makes it be replaced"),
        CommandHelp("fix NAME coins N|+N|-N", "correct a player's coins (from or to the treasury)"),
        CommandHelp("fix NAME revealed CHARACTER …|none", "correct a player's face-up cards"),
        CommandHelp("fix turn NAME", "correct whose turn it is"),
    ]

    def __init__(self, assets: CoupAssets, *, seed: int = 0, lang: str = "de",
                 options: dict[str, Any] | None = None):
        super().__init__(assets, seed=seed, lang=lang, options=options)
        self.a = assets
        self.ph = phrases_for(assets.phrases, lang)
        for key in self.options:
            if key not in ("variant", "names", "copies"):
                raise UserError(f"coup: unknown option {key!r}; expected variant, names or copies")
        self.lineup_id = str(self.options.get("variant", assets.default_lineup))
        if self.lineup_id not in assets.lineups:
            raise UserError(f"coup: --option variant={self.lineup_id}: expected one of {', '.join(assets.lineups)}")
        self.names_id = str(self.options.get("names", assets.default_names))
        if self.names_id not in assets.name_variants:
            raise UserError(f"coup: --option names={self.names_id}: expected one of "
                            f"{', '.join(assets.name_variants)}")
        copies = self.options.get("copies")
        if copies is not None:
            copies = parse_whole(copies, field="coup: --option copies", lo=1, hi=20)
        self.copies_override: int | None = copies
        self.players: list[Player] = []
        self.bank = Bank(assets.treasury_total)
        self.copies = 0
        self.court = 0
        self.out_of_game = 0
        self.window = SETUP
        self.piles: list[int] = []      # the two-player deal's piles (dealt from, A's, B's)
        self.deal_steps: list[str] = []
        self.deal_index = 0
        self.turn = 0              # 1-based turn number once play has begun
        self.current = 0           # seat of the player whose turn it is
        self.action: Action | None = None
        self.last: LastAction | None = None  # the action of the turn just finished
        self.loser: int | None = None   # who must reveal, in the reveal window
        self.cont = ""                  # where play continues after the reveal
        self.winner: int | None = None

    @classmethod
    def load_assets(cls, folder) -> CoupAssets:
        return load_assets(folder)

    # -- words ------------------------------------------------------------------
    def t(self, key: str, **kw: Any) -> str:
        return self.ph.render(key, **kw)

    def cname(self, cid: str) -> str:
        """A character's name in this game's language and naming variant."""
        renamed = self.a.name_variants.get(self.names_id, {}).get(cid)
        return (renamed or self.a.characters[cid].names)[self.lang]

    def money(self, n: int, case: str = "") -> str:
        """``1 coin`` / ``3 coins`` in the game's language (CLDR plural rules). One is said as a
        word where the language wants it ("eine Münze", dative ``case="dat"``: "einer Münze"):
        a speech engine reads "1 Münze" as "eins Münze"."""
        if n == 1:
            return self.t("noun.coin.single_dat" if case == "dat" else "noun.coin.single")
        return count(n, self.t("noun.coin.one"), self.t("noun.coin.other"), self.lang)

    def cards(self, n: int) -> str:
        if n == 1:
            return self.t("noun.card.single")
        return count(n, self.t("noun.card.one"), self.t("noun.card.other"), self.lang)

    def num(self, n: int) -> str:
        return say_number(n, self.lang)

    def usage_words(self, usage: str) -> str:
        """A command's form with its placeholders in the game's language (CHARACTER / FIGUR)."""
        return usage.replace("CHARACTER", self.t("word.character"))

    def aname(self, kind: str) -> str:
        return self.t(f"action.{kind}")

    def deed(self, kind: str, actor: int, case: str = "nom") -> str:
        """An action with its actor as a sentence part: "Alice's foreign aid" /
        "die Auslandshilfe von Alice" (``case`` "acc": "den Diebstahl von Alice")."""
        return self.t(f"deed.{case}.{kind}", actor=self.pname(actor))

    def pname(self, seat: int | None) -> str:
        return self.players[seat].name if seat is not None else "–"

    def _list(self, items: list[str]) -> str:
        return join_words(items, self.lang)

    def _or_list(self, items: list[str]) -> str:
        return join_or(items, self.lang)

    @property
    def lineup(self) -> list[str]:
        return self.a.lineups[self.lineup_id]

    # -- the contract ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.window == OVER

    def handle(self, cmd: Command) -> list[str]:
        verb = ALIASES.get(cmd.verb, cmd.verb)
        args = list(cmd.args)
        actor = None
        if verb not in VERBS and self._find_character(verb) is None and args:
            nxt = ALIASES.get(args[0].lower(), args[0].lower())
            if nxt in VERBS or self._find_character(nxt) is not None:
                # "B challenge", "C block duchess", "B examine A": the first word names who acts
                actor = self._seat(verb)
                verb, args = nxt, args[1:]
        if self.window == OVER:
            raise Refused(self.t("refuse.game_over", winner=self.pname(self.winner)))
        if actor is not None and self.players[actor].out and verb != "fix" and self.window not in (SETUP, DEAL):
            raise Refused(self.t("refuse.is_out", player=self.pname(actor)))
        if verb == "fix":
            from tiptoi_sim.assistants.coup.fix import fix

            return fix(self, args)
        if verb not in self._verbs():
            verb, args = self._character_verb(verb, args)
        return self._verbs()[verb](actor, args)

    def _verbs(self) -> dict[str, Callable[[int | None, list[str]], list[str]]]:
        v: dict[str, Callable[[int | None, list[str]], list[str]]] = {
            "players": self._players, "variant": self._variant, "names": self._names, "start": self._start,
            "next": self._next, "challenge": self._challenge, "pass": self._pass, "block": self._block,
            "show": self._show, "bluff": self._bluff, "reveal": self._reveal,
            "return": lambda actor, args: self._examined("return", actor, args),
            "discard": lambda actor, args: self._examined("discard", actor, args)}
        for verb, kind in ACTION_VERBS.items():
            v[verb] = (lambda k, vb: lambda actor, args: self._act(k, vb, actor, args))(kind, verb)
        return v

    def _character_verb(self, word: str, args: list[str]) -> tuple[str, list[str]]:
        """``duchess``, ``captain bob``, ``inquisitor`` … as a way to say the character's action."""
        cid = self._find_character(word)
        if cid is None:
            raise Refused(self.t("refuse.unknown", verb=word, prompt=self.prompt()))
        self._require_in_game(cid)
        powers = list(self.a.characters[cid].powers)
        if not powers:
            raise Refused(self.t("refuse.no_power", character=self.cname(cid)))
        if len(powers) > 1:  # the Inquisitor: with a target it looks, without it exchanges
            targeted = [k for k in powers if self.a.actions[k].targeted]
            plain = [k for k in powers if not self.a.actions[k].targeted]
            kind = (targeted or powers)[0] if args else (plain or powers)[0]
        else:
            kind = powers[0]
        verb = next(v for v, k in ACTION_VERBS.items() if k == kind)
        return verb, args

    # -- looking things up -------------------------------------------------------
    def _find_character(self, word: str) -> str | None:
        w = word.strip().lower()
        for cid, ch in self.a.characters.items():
            names = {cid} | {n.lower() for n in ch.names.values()}
            for variant in self.a.name_variants.values():
                if cid in variant:
                    names |= {n.lower() for n in variant[cid].values()}
            if w in names:
                return cid
        return None

    def _character(self, word: str) -> str:
        cid = self._find_character(word)
        if cid is None:
            raise Refused(self.t("refuse.no_character", name=word, characters=self._lineup_names()))
        self._require_in_game(cid)
        return cid

    def _require_in_game(self, cid: str) -> None:
        if cid not in self.lineup:
            raise Refused(self.t("refuse.not_in_game", character=self.cname(cid), characters=self._lineup_names()))

    def _lineup_names(self) -> str:
        return self._list([self.cname(c) for c in self.lineup])

    def _is_player(self, word: str) -> bool:
        try:
            self._seat(word)
        except Refused:
            return False
        return True

    def _seat(self, word: str) -> int:
        """A player by name (any case), unique beginning of a name, or seat number (1 = first)."""
        w = word.strip().lower()
        if is_whole(w):
            n = parse_whole(w, field="seat")
            if 1 <= n <= len(self.players):
                return n - 1
        exact = [i for i, p in enumerate(self.players) if p.name.lower() == w]
        if exact:
            return exact[0]
        starts = [i for i, p in enumerate(self.players) if p.name.lower().startswith(w)] if w else []
        if len(starts) == 1:
            return starts[0]
        if len(starts) > 1:
            raise Refused(self.t("refuse.ambiguous_player", name=word,
                                 names=self._or_list([self.players[i].name for i in starts])))
        raise Refused(self.t("refuse.no_player", name=word, names=self._list([p.name for p in self.players])))

    def living(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.out]

    def revealed_count(self, cid: str) -> int:
        return sum(p.revealed.count(cid) for p in self.players)

    def claimant(self, kind: str) -> str | None:
        """The character in this game whose power is ``kind``."""
        return next((c for c in self.lineup if kind in self.a.characters[c].powers), None)

    def block_characters(self, kind: str) -> list[str]:
        return [c for c in self.lineup if kind in self.a.characters[c].blocks]

    def blockable(self, kind: str) -> bool:
        return self.a.actions[kind].blockers is not None and bool(self.block_characters(kind))

    # -- who may act and what is expected now ------------------------------------
    def may_act(self) -> list[int]:
        w, act = self.window, self.action
        if w in (SETUP, DEAL):
            return list(range(len(self.players)))
        if w == ACTION:
            return [self.current]
        if w == CHALLENGE_CLAIM:
            return [i for i in self.living() if i != act.actor and i not in act.passed]
        if w == PROVE_CLAIM:
            return [act.actor]
        if w == BLOCK:
            return [i for i in self._blockers() if i not in act.passed]
        if w == CHALLENGE_BLOCK:
            return [i for i in self.living() if i != act.blocker and i not in act.passed]
        if w == PROVE_BLOCK:
            return [act.blocker]
        if w == REVEAL:
            return [self.loser]
        if w == EXAMINE:
            return [act.actor]
        return []

    def _blockers(self) -> list[int]:
        act = self.action
        rule = self.a.actions[act.kind]
        if rule.blockers == "target":
            return [act.target] if not self.players[act.target].out else []
        return [i for i in self.living() if i != act.actor]

    def prompt(self) -> str:
        """What the table is waiting for, in words (shown, and repeated by a refusal)."""
        w, act = self.window, self.action
        if w == SETUP:
            return self.t("prompt.setup")
        if w == DEAL:
            return self.t("prompt.deal")
        if w == ACTION:
            p = self.players[self.current]
            if p.coins >= self.a.forced_coup_at:
                return self.t("prompt.action_forced", player=p.name)
            return self.t("prompt.action", player=p.name)
        if w == CHALLENGE_CLAIM:
            return self.t("prompt.challenge_claim", actor=self.pname(act.actor), character=self.cname(act.claim))
        if w == PROVE_CLAIM:
            return self.t("prompt.prove", player=self.pname(act.actor), character=self.cname(act.claim))
        if w == BLOCK:
            chars = self._or_list([self.cname(c) for c in self.block_characters(act.kind)])
            if self.a.actions[act.kind].blockers == "target":
                return self.t("prompt.block_target", target=self.pname(act.target), characters=chars)
            return self.t("prompt.block_anyone", characters=chars)
        if w == CHALLENGE_BLOCK:
            return self.t("prompt.challenge_block", blocker=self.pname(act.blocker),
                          character=self.cname(act.block_claim))
        if w == PROVE_BLOCK:
            return self.t("prompt.prove", player=self.pname(act.blocker), character=self.cname(act.block_claim))
        if w == REVEAL:
            return self.t("prompt.reveal", player=self.pname(self.loser))
        if w == EXAMINE:
            return self.t("prompt.examine", actor=self.pname(act.actor), target=self.pname(act.target))
        return self.t("prompt.over", winner=self.pname(self.winner))

    def _acting(self, seat: int) -> None:
        """Refuse unless ``seat`` may act in the window that is open."""
        allowed = self.may_act()
        if seat in allowed:
            return
        p = self.players[seat]
        if p.out:
            raise Refused(self.t("refuse.is_out", player=p.name))
        act = self.action
        if act is not None and seat in act.passed and self.window in (CHALLENGE_CLAIM, BLOCK, CHALLENGE_BLOCK):
            raise Refused(self.t("refuse.already_passed", player=p.name))
        if self.window == BLOCK and self.a.actions[act.kind].blockers == "target":
            raise Refused(self._only_target())
        raise Refused(self.t("refuse.not_your_say", player=p.name,
                             names=self._list([self.pname(i) for i in allowed])))

    def _nargs(self, args: list[str], lo: int, hi: int, usage: str) -> None:
        """Refuse a command with too few or too many words, showing how it is said."""
        if not lo <= len(args) <= hi:
            raise Refused(self.t("refuse.usage", usage=self.usage_words(usage)))

    def _open(self, window: str) -> None:
        """Open a window; nobody has passed in it yet."""
        self.window = window
        if self.action is not None:
            self.action.passed = []

    # -- set-up ---------------------------------------------------------------------
    def _players(self, actor, args: list[str]) -> list[str]:
        self._need("players", SETUP)
        n = len(args)
        if not self.a.min_players <= n <= self.a.max_players:
            raise Refused(self.t("refuse.player_count", min=self.a.min_players, max=self.a.max_players, count=n))
        seen: set[str] = set()
        for name in args:
            if name.lower() in seen:
                raise Refused(self.t("refuse.duplicate_name", name=name))
            if not self.valid_name(name):
                raise Refused(self.t("refuse.bad_name", name=name))
            seen.add(name.lower())
        self.players = [Player(name) for name in args]
        return [self.t("setup.players", players=count(n, self.t("noun.player.one"), self.t("noun.player.other"),
                                                      self.lang),
                       names=self._list(args), first=args[0])]

    def valid_name(self, name: str) -> bool:
        """A player's name must not read as a number, a character or a command."""
        w = name.strip().lower()
        return bool(w) and not is_whole(w) and self._find_character(w) is None and w not in VERBS \
            and w not in ("turn", "coins", "revealed", "none", "dealt")

    def _variant(self, actor, args: list[str]) -> list[str]:
        self._need("variant", SETUP)
        self._nargs(args, 1, 1, "variant " + "|".join(self.a.lineups))
        choice = args[0].lower()
        if choice not in self.a.lineups:
            cid = self._find_character(choice)  # "variant Inquisitor" by a character's name
            choice = next((lid for lid, m in self.a.lineups.items() if cid and lid == cid), choice)
        if choice not in self.a.lineups:
            raise Refused(self.t("refuse.unknown_choice", name=args[0], choices=self._or_list(list(self.a.lineups))))
        self.lineup_id = choice
        return [self.t("setup.lineup", characters=self._lineup_names())]

    def _names(self, actor, args: list[str]) -> list[str]:
        self._need("names", SETUP)
        self._nargs(args, 1, 1, "names " + "|".join(self.a.name_variants))
        choice = args[0].lower()
        if choice not in self.a.name_variants:
            raise Refused(self.t("refuse.unknown_choice", name=args[0],
                                 choices=self._or_list(list(self.a.name_variants))))
        self.names_id = choice
        return [self.t("setup.lineup", characters=self._lineup_names())]

    def deck(self, n: int) -> tuple[int, int, int]:
        """(copies, Court, cards out of the game) for ``n`` players, or Refused if it cannot be."""
        copies = self.copies_override or self.a.copies_for(n)
        cards = copies * len(self.lineup)
        draw = max((p.get("draw", 0) for c in self.lineup for p in self.a.characters[c].powers.values()), default=0)
        two = n == 2
        court = len(self.lineup) - 2 if two else cards - 2 * n
        if (two and copies < 3) or court < max(1, draw):
            raise Refused(self.t("refuse.deck_small", cards=self.cards(cards), count=n))
        return copies, court, cards - 2 * n - court

    def _start(self, actor, args: list[str]) -> list[str]:
        self._need("start", SETUP)
        self._nargs(args, 0, 1, "start [dealt]")
        dealt = bool(args)
        if dealt and args[0].lower() not in ("dealt", "hand", "ausgeteilt"):
            raise Refused(self.t("refuse.usage", usage=self.usage_words("start, start dealt")))
        n = len(self.players)
        if n == 0:
            raise Refused(self.t("refuse.no_players"))
        self.copies, self.court, self.out_of_game = self.deck(n)
        coins = self.a.starting_coins
        if coins * n > self.bank.treasury:
            raise Refused(self.t("refuse.treasury_small", amount=self.money(self.bank.treasury), count=n))
        for p in self.players:
            p.hidden = 2
            self.bank.pay_out(self.players, p, coins)
        if dealt:  # dealt by hand: the table did it, the program only counts
            said = [self.t("deal.by_hand", court=self.cards(self.court), amount=self.money(coins))]
            self.turn = 0
            self.current = len(self.players) - 1
            return said + self._next_turn()
        if n == 2:
            piles = list(range(1, self.copies + 1))
            self.rng.shuffle(piles)
            self.piles = piles[:3]
        self.deal_steps, self.deal_index = self.make_deal_steps(), 1
        self.window = DEAL
        return [self.t("deal.step", step=1, steps=len(self.deal_steps), text=self.deal_steps[0])]

    def make_deal_steps(self) -> list[str]:
        """The deal read out step by step (from the piles chosen at ``start``)."""
        names = self._lineup_names()
        first, second = (p.name for p in self.players[:2])
        cards = self.copies * len(self.lineup)
        if len(self.players) == 2:
            deal, pa, pb = self.piles
            steps = [self.t("deal.two.piles", characters=names, piles=self.num(self.copies)),
                     self.t("deal.two.deal", pile=deal, first=first, second=second),
                     self.t("deal.two.court", pile=deal, court=self.cards(self.court)),
                     self.t("deal.two.pick", first=first, second=second, pile_a=pa, pile_b=pb),
                     self.t("deal.two.unused", unused=self.cards(self.out_of_game))]
        else:
            steps = [self.t("deal.cards", copies=self.num(self.copies), characters=names, cards=self.cards(cards)),
                     self.t("deal.hands"),
                     self.t("deal.court", court=self.cards(self.court))]
        steps.append(self.t("deal.coins", amount=self.money(self.a.starting_coins)))
        return steps

    def _next(self, actor, args: list[str]) -> list[str]:
        self._need("next", DEAL)
        if self.deal_index < len(self.deal_steps):
            i = self.deal_index
            self.deal_index += 1
            return [self.t("deal.step", step=i + 1, steps=len(self.deal_steps), text=self.deal_steps[i])]
        self.turn = 0
        self.current = len(self.players) - 1  # so that the first named player begins
        return self._next_turn()

    # -- a turn ---------------------------------------------------------------------
    def _next_turn(self) -> list[str]:
        if self.action is not None:
            self.last = LastAction(self.action.kind, self.action.actor, self.action.claim)
        self.action = None
        self.loser = None
        seats = len(self.players)
        nxt = next(s % seats for s in range(self.current + 1, self.current + seats + 1)
                   if not self.players[s % seats].out)
        self.current = nxt
        self.turn += 1
        self.window = ACTION
        p = self.players[nxt]
        said = [self.t("turn.start", turn=self.turn, player=p.name, amount=self.money(p.coins, "dat")) if p.coins
                else self.t("turn.start_broke", turn=self.turn, player=p.name)]
        if p.coins >= self.a.forced_coup_at:
            said.append(self.t("turn.forced", player=p.name, amount=self.money(p.coins)))
        return said

    def _act(self, kind: str, verb: str, who: int | None, args: list[str]) -> list[str]:
        self._need(verb, ACTION)
        rule = self.a.actions[kind]
        if who is not None and who != self.current:
            if self.players[who].out:
                raise Refused(self.t("refuse.is_out", player=self.pname(who)))
            raise Refused(self.t("refuse.wrong_turn", current=self.pname(self.current), player=self.pname(who)))
        actor = self.players[self.current]
        usage = f"{verb} NAME" if rule.targeted else verb
        if kind != "coup" and actor.coins >= self.a.forced_coup_at:
            raise Refused(self.t("refuse.forced_coup", player=actor.name, amount=self.money(actor.coins)))
        claim = None
        if kind not in BASIC_ACTIONS:
            claim = self.claimant(kind)
            if claim is None:
                other = next((c for c in self.a.characters if kind in self.a.characters[c].powers), None)
                if other is not None:  # the Inquisitor's look in an Ambassador game
                    self._require_in_game(other)
                raise Refused(self.t("refuse.no_claimant", action=self.aname(kind), characters=self._lineup_names()))
        self._nargs(args, 1 if rule.targeted else 0, 1 if rule.targeted else 0, usage)
        target = None
        if rule.targeted:
            target = self._seat(args[0])
            if target == self.current:
                raise Refused(self.t("refuse.target_self", player=actor.name))
            if self.players[target].out:
                raise Refused(self.t("refuse.is_out", player=self.players[target].name))
        if actor.coins < rule.cost:
            raise Refused(self.t("refuse.not_enough", player=actor.name, amount=self.money(actor.coins),
                                 action=self.t(f"the.{kind}"), cost=self.money(rule.cost)))
        self.action = act = Action(kind, self.current, target, claim)
        if rule.cost:
            self.bank.pay_in(self.players, actor, rule.cost)
            act.paid = rule.cost
        tname = self.pname(target)
        if kind == "income":
            got = self.bank.pay_out(self.players, actor, rule.coins)
            return [self.t("act.income", actor=actor.name, amount=self.money(got), total=self.money(actor.coins)),
                    *self._short(actor, rule.coins, got)] + self._next_turn()
        if kind == "foreign_aid":
            # the claim first; the coins move only when the block window has closed
            said = [self.t("act.foreign_aid", actor=actor.name, amount=self.money(rule.coins))]
            return said + self._open_block()
        if kind == "coup":
            said = [self.t("act.coup", actor=actor.name, cost=self.money(rule.cost), target=tname)]
            return said + self._lose(target, "end_turn")
        said = [self.t(f"act.claim.{kind}", actor=actor.name, character=self.cname(claim), target=tname,
                       amount=self.money(rule.coins), cost=self.money(rule.cost))]
        self._open(CHALLENGE_CLAIM)
        return said + [self.prompt()]

    def _short(self, actor: Player, wanted: int, got: int) -> list[str]:
        return [self.t("treasury.short", actor=actor.name, amount=self.money(got))] if got < wanted else []

    # -- challenges -----------------------------------------------------------------
    def _challenge(self, actor: int | None, args: list[str]) -> list[str]:
        self._need("challenge", CHALLENGE_CLAIM, CHALLENGE_BLOCK)
        act = self.action
        claimer = act.actor if self.window == CHALLENGE_CLAIM else act.blocker
        usage = "NAME challenge, challenge NAME"
        if actor is None:
            if len(args) != 1:
                raise Refused(self.t("refuse.challenge_who", usage=self.usage_words(usage)))
            who = self._seat(args[0])
        else:
            self._nargs(args, 0, 1, usage)
            who = actor
            if args:  # "B challenge A": A must be the one whose claim is on the table
                named = self._seat(args[0])
                if named != claimer:
                    claim = act.claim if self.window == CHALLENGE_CLAIM else act.block_claim
                    raise Refused(self.t("refuse.claimer_mismatch", name=self.pname(named),
                                         claimer=self.pname(claimer), character=self.cname(claim)))
        if who == claimer:
            raise Refused(self.t("refuse.own_claim", player=self.pname(who)))
        self._acting(who)
        if self.window == CHALLENGE_CLAIM:
            act.challenger, claim = who, act.claim
            self._open(PROVE_CLAIM)
        else:
            act.block_challenger, claim = who, act.block_claim
            self._open(PROVE_BLOCK)
        return [self.t("challenge.made", challenger=self.pname(who), claimer=self.pname(claimer),
                       character=self.cname(claim)), self.prompt()]

    def _claim_in_question(self) -> tuple[int, str, int]:
        act = self.action
        if self.window == PROVE_CLAIM:
            return act.actor, act.claim, act.challenger
        return act.blocker, act.block_claim, act.block_challenger

    def _prover(self, verb: str, actor: int | None) -> tuple[int, str, int]:
        self._need(verb, PROVE_CLAIM, PROVE_BLOCK)
        who, claim, challenger = self._claim_in_question()
        if actor is not None and actor != who:
            raise Refused(self.t("refuse.not_the_claimer", player=self.pname(who), character=self.cname(claim),
                                 name=self.pname(actor)))
        return who, claim, challenger

    def _show(self, actor: int | None, args: list[str]) -> list[str]:
        who, claim, challenger = self._prover("show", actor)
        self._nargs(args, 0, 1, "show [CHARACTER]")
        if args:
            cid = self._character(args[0])
            if cid != claim:
                raise Refused(self.t("refuse.show_other", player=self.pname(who), claimed=self.cname(claim),
                                     character=self.cname(cid)))
        if self.revealed_count(claim) >= self.copies:
            raise Refused(self.t("refuse.all_revealed", copies=self.num(self.copies), character=self.cname(claim)))
        said = [self.t("challenge.shown", player=self.pname(who), character=self.cname(claim)),
                self.t("challenge.lost", player=self.pname(challenger))]
        then = "claim_stands" if self.window == PROVE_CLAIM else "block_stands"
        return said + self._lose(challenger, then)

    def _bluff(self, actor: int | None, args: list[str]) -> list[str]:
        who, claim, _ = self._prover("bluff", actor)
        self._nargs(args, 0, 0, "bluff")
        act = self.action
        said = [self.t("challenge.bluff", player=self.pname(who), character=self.cname(claim))]
        if self.window == PROVE_CLAIM:
            said.append(self.t("claim.fails", deed=self.deed(act.kind, act.actor)))
            if act.paid:  # the Assassin's coins come back when the claim fails a challenge
                self.bank.pay_out(self.players, self.players[act.actor], act.paid)
                said.append(self.t("claim.refund", actor=self.pname(act.actor), amount=self.money(act.paid)))
                act.paid = 0
            return said + self._lose(act.actor, "end_turn")
        said.append(self.t("block.fails", blocker=self.pname(who)))
        return said + self._lose(who, "resolve")

    # -- blocks -----------------------------------------------------------------------
    def _open_block(self) -> list[str]:
        """After the claim stood (or for Foreign aid at once): open the block window, or resolve."""
        act = self.action
        rule = self.a.actions[act.kind]
        if not self.blockable(act.kind):
            return self._resolve()
        if rule.blockers == "target" and self.players[act.target].out:
            return self._resolve()
        self._open(BLOCK)
        return [self.prompt()]

    def _block(self, actor: int | None, args: list[str]) -> list[str]:
        self._need("block", BLOCK)
        act = self.action
        rule = self.a.actions[act.kind]
        usage = "NAME block CHARACTER, block NAME CHARACTER"
        self._nargs(args, 0, 2 if actor is None else 1, usage)
        words = list(args)
        who = actor
        if who is None and words and self._is_player(words[0]) and not self._find_character(words[0]):
            who = self._seat(words.pop(0))
        if who is None:
            if rule.blockers != "target":
                raise Refused(self.t("refuse.block_who", usage=self.usage_words(usage)))
            who = act.target  # only the target may block: "block countess" can only be theirs
        if who == act.actor:
            raise Refused(self.t("refuse.block_own", player=self.pname(who)))
        if rule.blockers == "target" and who != act.target:
            raise Refused(self._only_target())
        self._acting(who)
        can = self.block_characters(act.kind)
        can_names = self._or_list([self.cname(c) for c in can])
        if len(words) > 1:
            raise Refused(self.t("refuse.usage", usage=self.usage_words(usage)))
        if words:
            cid = self._character(words[0])
            if cid not in can:
                raise Refused(self.t("refuse.block_wrong", character=self.cname(cid),
                                     deed=self.deed(act.kind, act.actor, "acc"), characters=can_names))
        elif len(can) == 1:
            cid = can[0]
        else:
            raise Refused(self.t("refuse.block_which", characters=can_names))
        act.blocker, act.block_claim = who, cid
        self._open(CHALLENGE_BLOCK)
        return [self.t("block.made", blocker=self.pname(who), character=self.cname(cid),
                       deed=self.deed(act.kind, act.actor, "acc")), self.prompt()]

    def _pass(self, actor: int | None, args: list[str]) -> list[str]:
        self._need("pass", CHALLENGE_CLAIM, BLOCK, CHALLENGE_BLOCK)
        self._nargs(args, 0, 0 if actor is not None else 1, "pass, NAME pass")
        who = actor if actor is not None else (self._seat(args[0]) if args else None)
        act = self.action
        said = []
        if who is not None:
            self._acting(who)
            act.passed.append(who)
            said.append(self.t("pass.one", player=self.pname(who)))
            if self.may_act():  # others may still challenge or block
                return said + [self.prompt()]
        if self.window == CHALLENGE_CLAIM:
            return said + [self.t("pass.claim")] + self._continue("claim_stands")
        if self.window == BLOCK:
            return said + [self.t("pass.block")] + self._resolve()
        return said + [self.t("pass.block_challenge")] + self._continue("block_stands")

    # -- losing an influence ----------------------------------------------------------
    def _lose(self, seat: int, then: str) -> list[str]:
        if self.players[seat].out:
            return self._continue(then)
        self.loser, self.cont, self.window = seat, then, REVEAL
        return [self.t("lose.ask", player=self.pname(seat)), self.prompt()]

    def _reveal(self, actor: int | None, args: list[str]) -> list[str]:
        self._need("reveal", REVEAL)
        self._nargs(args, 1, 1 if actor is not None else 2, "reveal NAME CHARACTER")
        named = actor
        if len(args) == 2:
            named = self._seat(args[0])
        if named is not None and named != self.loser:
            raise Refused(self.t("refuse.reveal_who", player=self.pname(self.loser), name=self.pname(named)))
        cid = self._character(args[-1])
        if self.revealed_count(cid) >= self.copies:
            raise Refused(self.t("refuse.all_revealed", copies=self.num(self.copies), character=self.cname(cid)))
        p = self.players[self.loser]
        p.hidden -= 1
        p.revealed.append(cid)
        said = [self.t("reveal.done", player=p.name, character=self.cname(cid), left=self.cards(p.hidden))
                if p.hidden else self.t("reveal.last", player=p.name, character=self.cname(cid))]
        said += self.if_out(self.loser)
        if self.window == OVER:
            return said
        then, self.loser, self.cont = self.cont, None, ""
        return said + self._continue(then)

    def if_out(self, seat: int) -> list[str]:
        """If ``seat`` has no hidden card left: their coins go back, and maybe the game ends."""
        p = self.players[seat]
        if not p.out:
            return []
        coins = p.coins
        self.bank.pay_in(self.players, p, coins)  # an eliminated player's coins go back
        said = [self.t("player.out_coins", player=p.name, amount=self.money(coins)) if coins
                else self.t("player.out", player=p.name)]
        alive = self.living()
        if len(alive) == 1:
            if self.action is not None:
                self.last = LastAction(self.action.kind, self.action.actor, self.action.claim)
            self.winner, self.window, self.action, self.loser, self.cont = alive[0], OVER, None, None, ""
            said.append(self.t("game.over", winner=self.pname(alive[0])))
        return said

    def _continue(self, then: str) -> list[str]:
        act = self.action
        if then == "end_turn":
            return self._next_turn()
        if then == "claim_stands":
            return self._open_block()
        if then == "resolve":
            return self._resolve()
        if then == "block_stands":
            said = [self.t("block.stands", deed=self.deed(act.kind, act.actor))]
            if act.paid:
                said.append(self.t("block.paid", actor=self.pname(act.actor), amount=self.money(act.paid)))
            return said + self._next_turn()
        raise AssertionError(f"unknown continuation {then!r}")

    # -- the action happens --------------------------------------------------------------
    def _resolve(self) -> list[str]:
        act = self.action
        kind, rule = act.kind, self.a.actions[act.kind]
        actor = self.players[act.actor]
        if rule.targeted and self.players[act.target].out:
            return [self.t("target.out", target=self.pname(act.target))] + self._next_turn()
        if kind in ("foreign_aid", "tax"):
            got = self.bank.pay_out(self.players, actor, rule.coins)
            return [self.t(f"resolve.{kind}", actor=actor.name, amount=self.money(got),
                           total=self.money(actor.coins)),
                    *self._short(actor, rule.coins, got)] + self._next_turn()
        if kind == "steal":
            target = self.players[act.target]
            got = self.bank.move(self.players, target, actor, rule.coins)
            key = "resolve.steal" if got else "resolve.steal_nothing"
            return [self.t(key, actor=actor.name, target=target.name, amount=self.money(got),
                           total=self.money(actor.coins))] + self._next_turn()
        if kind == "assassinate":
            return [self.t("resolve.assassinate", target=self.pname(act.target))] + self._lose(act.target, "end_turn")
        if kind == "exchange":
            params = self.a.characters[act.claim].powers["exchange"]
            return [self.t("resolve.exchange", actor=actor.name, drawn=self.cards(params["draw"]),
                           returned=self.cards(params["return"]))] + self._next_turn()
        if kind == "examine":
            self._open(EXAMINE)
            return [self.prompt()]
        raise AssertionError(f"no resolution for {kind!r}")

    def _examined(self, verb: str, actor: int | None, args: list[str]) -> list[str]:
        self._need(verb, EXAMINE)
        act = self.action
        if actor is not None and actor != act.actor:
            raise Refused(self.t("refuse.not_inquisitor", actor=self.pname(act.actor), name=self.pname(actor)))
        self._nargs(args, 0, 0, verb)
        return [self.t(f"examine.{verb}", actor=self.pname(act.actor), target=self.pname(act.target))] \
            + self._next_turn()

    # -- what the table sees -------------------------------------------------------------
    def public_state(self) -> dict[str, Any]:
        act = self.action
        return {
            "phase": "setup" if self.window == SETUP else "deal" if self.window == DEAL
            else "over" if self.window == OVER else "play",
            "window": self.window,
            "may_act": [self.pname(i) for i in self.may_act()],
            "prompt": self.prompt(),
            "turn": self.turn,
            "current": self.pname(self.current) if self.turn else None,
            "action": None if act is None else {
                "kind": act.kind, "actor": self.pname(act.actor),
                "target": self.pname(act.target) if act.target is not None else None,
                "claim": act.claim, "paid": act.paid,
                "challenger": self.pname(act.challenger) if act.challenger is not None else None,
                "blocker": self.pname(act.blocker) if act.blocker is not None else None,
                "block_claim": act.block_claim,
                "block_challenger": self.pname(act.block_challenger) if act.block_challenger is not None else None,
                "passed": [self.pname(i) for i in act.passed],
            },
            "players": [{"name": p.name, "seat": i + 1, "coins": p.coins, "influence": p.hidden,
                         "revealed": list(p.revealed), "out": p.out and self.window not in (SETUP,)}
                        for i, p in enumerate(self.players)],
            "treasury": self.bank.treasury,
            "total_coins": self.bank.total,
            "court": self.court,
            "out_of_game": self.out_of_game,
            "variant": self.lineup_id,
            "naming": self.names_id,
            "lineup": list(self.lineup),
            "names": {c: self.cname(c) for c in self.lineup},
            "copies": self.copies,
            "deal_step": self.deal_index if self.window == DEAL else None,
            "winner": self.pname(self.winner) if self.winner is not None else None,
        }

    def describe_state(self) -> list[str]:
        """The public state as a referee would read it out: the turn, each player, the bank."""
        lines = []
        if self.window in (SETUP, DEAL):
            lines.append(self.prompt())
        elif self.window == OVER:
            lines.append(self.t("state.over", winner=self.pname(self.winner)))
        else:
            lines.append(self.t("state.turn", turn=self.turn, player=self.pname(self.current)))
            lines.append(self.prompt())
        for p in self.players:
            up = self._list([self.cname(c) for c in p.revealed])
            if self.window == SETUP:
                lines.append(p.name)
            elif p.out:
                lines.append(self.t("state.player_out", player=p.name, revealed=up))
            elif p.revealed:
                lines.append(self.t("state.player_up", player=p.name, amount=self.money(p.coins),
                                    hidden=self.cards(p.hidden), revealed=up))
            else:
                lines.append(self.t("state.player", player=p.name, amount=self.money(p.coins),
                                    hidden=self.cards(p.hidden)))
        if self.window != SETUP:
            lines.append(self.t("state.bank", treasury=self.money(self.bank.treasury), court=self.cards(self.court)))
        lines.append(self.t("state.lineup", characters=self._lineup_names()))
        return lines

    def suggestions(self) -> list[str]:
        w, act = self.window, self.action
        names = [p.name for p in self.players]
        if w == SETUP:
            return (["start", "start dealt"] if self.players else ["players …"]) + \
                [f"variant {v}" for v in self.a.lineups if v != self.lineup_id] + \
                [f"names {v}" for v in self.a.name_variants if v != self.names_id]
        if w == DEAL:
            return ["next"]
        if w == ACTION:
            actor = self.players[self.current]
            others = [names[i] for i in self.living() if i != self.current]
            if actor.coins >= self.a.forced_coup_at:
                return [f"coup {o}" for o in others]
            plain, targeted = [], []
            for verb, kind in ACTION_VERBS.items():
                rule = self.a.actions[kind]
                if kind not in BASIC_ACTIONS and self.claimant(kind) is None:
                    continue
                if actor.coins < rule.cost:
                    continue
                (targeted if rule.targeted else plain).append(verb)
            return plain + [f"{v} …" for v in targeted] + [f"{v} {o}" for v in targeted for o in others]
        if w in (CHALLENGE_CLAIM, CHALLENGE_BLOCK):
            return ["pass"] + [f"{names[i]} challenge" for i in self.may_act()] + \
                [f"{names[i]} pass" for i in self.may_act()]
        if w in (PROVE_CLAIM, PROVE_BLOCK):
            _, claim, _ = self._claim_in_question()
            return ([f"show {claim}"] if self.revealed_count(claim) < self.copies else []) + ["bluff"]
        if w == BLOCK:
            return ["pass"] + [f"{names[i]} block {c}" for i in self.may_act()
                               for c in self.block_characters(act.kind)] + \
                [f"{names[i]} pass" for i in self.may_act()]
        if w == REVEAL:
            return [f"reveal {names[self.loser]} {c}" for c in self.lineup if self.revealed_count(c) < self.copies]
        if w == EXAMINE:
            return ["return", "discard"]
        return []

    # -- state files ---------------------------------------------------------------------
    def export_state(self) -> dict[str, Any]:
        from tiptoi_sim.assistants.coup.statefile import export_state

        return export_state(self)

    @classmethod
    def from_state(cls, assets, state, *, seed: int = 0, lang: str = "de",
                   options: dict[str, Any] | None = None) -> "CoupGame":
        from tiptoi_sim.assistants.coup.statefile import game_from_state

        return game_from_state(cls, assets, state, seed=seed, lang=lang, options=options)

    def draw_state(self, surface, rect, state, fonts) -> None:
        from tiptoi_sim.assistants.coup.screen import draw_state

        draw_state(self, surface, rect, state, fonts)
