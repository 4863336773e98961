"""SPLASH! rule engine: pass cards, collect four of a kind, grab a dolphin.

The rules page (content/splash/rules.md) is the specification; clarifications
C1-C15 there decide what the printed rules leave open, and this module cites
them. Standard library only: it also runs in the browser under Pyodide.

How the real-time game becomes turns
------------------------------------
* The deal is a run of chance steps, one card at a time ("deal 7"): the
  undealt cards are an unordered multiset, so every step lists at most ten
  outcomes with exact probabilities (C4).
* Passing happens in *beats*. A beat is one joint action of all players, in
  seat order: "pass 7 & fake S & grab & pass 3". A player holding four of a
  kind must grab (C6); anyone else passes a card, passes it while feinting
  ("fake 7") or touches a dolphin ("grab").
* A grab by a four-of-a-kind holder starts the race for dolphins. Dolphins
  go first to the four-of-a-kind grabbers, then to the others who grabbed in
  the same beat, then to everybody else; where a group is larger than the
  dolphins left, a chance step names who misses out ("miss P3") (C7).
* A beat with grabs but no four of a kind is a fake-out (C8).
* Advanced play: the dealer's right hand neighbour's card goes to the
  discard pile and the dealer then draws ("draw 7") from the dealer's deck,
  refilled from the shuffled discard pile when empty (C12-C14).

This module holds the rules: actions, the state, how beats, deals, draws
and races resolve, scoring, hidden information, notation and serialisation.
Beside it: board.py (the deck, the cards in play per player count, the score
pad's word, card and seat names, the phases), drawing.py (the table diagram
`render` delegates to) and bots.py (the computer players).

Players are numbered 0..n-1 in code and written P1..Pn. Seats run
clockwise and a player's left neighbour is the next number (C2).
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace as _dataclass_replace
from itertools import combinations
from typing import Any, Mapping

from generator.draw.shapes import Drawing, for_narrow_screen
from generator.play.api import (
    Engine,
    Event,
    IllegalAction,
    Joint,
    Result,
    Turn,
)
from generator.play.words import N_, _

from .board import (
    BEAT,
    DEAL,
    DRAW,
    HIDDEN,
    LETTERS_TO_WIN,
    OVER,
    RACE,
    RANK_INDEX,
    RANK_QTY,
    RANKS,
    SPLASH_RANK,
    WORD,
    deck_for,
    remove_card,
    seat,
    sort_cards,
)
from .drawing import draw_table


# -- rule constants -------------------------------------------------------------
SET_SIZE = 4  # four of a kind
TIE_BREAK_DOLPHINS = 2  # Rules: Tie-breaker
HAND_LIMIT = {"standard": 4, "advanced": 5}

# Rule names used in refusals: a translated page names the section as its rules page heads it.
R_PASSING = "Rules §Passing"
R_GRAB = "Rules §Four of a kind and the grab, C6"
R_RACE = "Rules §The race for dolphins, C7"
R_DEAL = "Rules §Dealing, C4"
R_ADVANCED = "Rules §Advanced play, C13"


# -- words ------------------------------------------------------------------
# Refusals and narration are marked for the game's catalogue (generator/play/words.py): a
# translated Play page shows them in its language. A card goes into a sentence whole ("an 8",
# "a SPLASH! card"), and a sentence that differs by a reason or an outcome is written once per
# case, so that a language need not glue words.

A_CARD = N_("a {rank}")
AN_CARD = N_("an {rank}")  # English says "an 8"; a language with one article writes it as "a {rank}"
# Translators: one SPLASH! card, said inside a sentence ("P1 passes a SPLASH! card to P2.")
A_SPLASH_CARD = N_("a SPLASH! card")
# a letter marked on the score pad, one sentence per reason (Event data keeps the English reason)
MARKS = {"dolphin": N_("{seat} marks {letter} (dolphin)."),
         "fake-out": N_("{seat} marks {letter} (fake-out)."),
         "SPLASH! cards": N_("{seat} marks {letter} (SPLASH! cards).")}
WINS = {"breaks the tie": N_("{seat} breaks the tie and wins!"),
        "spells SPLASH": N_("{seat} spells SPLASH and wins!")}
PILE_NAMES = {"dolphins": N_("the dolphins"), "deck": N_("the deck"), "discard": N_("the discard pile")}


def replace(obj, **changes):
    """`dataclasses.replace`, quick for a SplashState (other dataclasses go to the real one).

    A SplashState has nineteen fields and `dataclasses.replace` re-runs
    `__init__` over all of them; random playouts and tree search apply
    thousands of actions, so states are copied field-dict to field-dict.
    Unknown field names are still refused."""
    if type(obj) is not SplashState:
        return _dataclass_replace(obj, **changes)
    unknown = set(changes) - _STATE_FIELDS
    if unknown:
        raise TypeError(f"SplashState has no field {sorted(unknown)[0]!r}")
    new = object.__new__(SplashState)
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def four_of_a_kind(hand: tuple[str, ...]) -> str | None:
    """The rank the hand holds four of, if any."""
    for rank in RANKS:
        if hand.count(rank) >= SET_SIZE:
            return rank
    return None


# -- actions ----------------------------------------------------------------
@dataclass(frozen=True)
class Pass:
    """Hand one card on: to the left, or in advanced play from the dealer's
    right-hand neighbour to the discard pile. `feint` marks a fake grab."""

    rank: str
    feint: bool = False


@dataclass(frozen=True)
class Grab:
    """Touch a dolphin."""


@dataclass(frozen=True)
class Deal:
    """Chance: the next card dealt is a `rank`."""

    rank: str


@dataclass(frozen=True)
class Draw:
    """Chance (advanced play): the dealer draws a `rank` from the dealer's deck."""

    rank: str


@dataclass(frozen=True)
class Miss:
    """Chance: the race leaves these players of the contested group without a dolphin."""

    players: tuple[int, ...]


# -- state ------------------------------------------------------------------
@dataclass(frozen=True)
class SplashState:
    players: int
    variant: str  # "standard" | "advanced"
    max_beats: int  # C15: the game is drawn when this many beats have passed
    round: int  # 1-based
    dealer: int
    phase: str  # deal | beat | draw | race | over
    hands: tuple[tuple[str, ...], ...]  # each sorted by rank
    deck: tuple[str, ...]  # undealt cards, or the dealer's deck (unordered: C4, C14)
    discard: tuple[str, ...]  # advanced play only
    aside: tuple[str, ...]  # sets left out of this player count (C3)
    letters: tuple[int, ...]  # marks on the score pad; only ever grow
    dolphins: int  # dolphins in the centre at the start of this round
    holders: tuple[int, ...]  # players holding a dolphin, in the order they got one
    first: tuple[int, ...]  # race group 1: four-of-a-kind grabbers (C7)
    quick: tuple[int, ...]  # race group 2: others who grabbed in the same beat (C7)
    tied: tuple[int, ...] = ()  # players in the tie-breaker (C11)
    tie_base: tuple[int, ...] = ()  # everyone's letters when the tie-breaker began
    beats: int = 0  # beats played in the whole game (C15)
    winner: int = -1  # -1: nobody (yet, or a capped draw)

    @property
    def hand_limit(self) -> int:
        return HAND_LIMIT[self.variant]

    def left_of(self, player: int) -> int:
        return (player + 1) % self.players

    def right_of(self, player: int) -> int:
        return (player - 1) % self.players

    def deal_order(self) -> list[int]:
        """Clockwise from the dealer's left, the dealer last (C4)."""
        return [(self.dealer + 1 + i) % self.players for i in range(self.players)]

    def next_to_deal(self) -> int:
        order = self.deal_order()
        return min(order, key=lambda p: (len(self.hands[p]), order.index(p)))


_STATE_FIELDS = frozenset(f.name for f in fields(SplashState))


# -- the engine ---------------------------------------------------------------
class SplashEngine(Engine):
    name = "SPLASH!"
    min_players = 3
    max_players = 6
    option_defaults = {"variant": "standard", "dealer": 0, "max_beats": 3000}

    def player_name(self, state, player: int) -> str:
        return f"P{player + 1}"  # the rules' seat names

    # -- setting up ---------------------------------------------------------
    def initial_state(self, players: int, options: Mapping[str, Any] | None = None) -> SplashState:
        self.check_players(players)
        opts = self.options(options)
        if opts["variant"] not in HAND_LIMIT:
            raise IllegalAction("options", f"variant must be 'standard' or 'advanced', not {opts['variant']!r}")
        if not (isinstance(opts["dealer"], int) and 0 <= opts["dealer"] < players):
            raise IllegalAction("options", f"dealer must be a player number 0..{players - 1}")
        if not (isinstance(opts["max_beats"], int) and opts["max_beats"] > 0):
            raise IllegalAction("options", "max_beats must be a positive whole number")
        state = SplashState(
            players=players,
            variant=opts["variant"],
            max_beats=opts["max_beats"],
            round=0,
            dealer=opts["dealer"],
            phase=DEAL,
            hands=tuple(() for _ in range(players)),
            deck=(),
            discard=(),
            aside=(),
            letters=(0,) * players,
            dolphins=0,
            holders=(),
            first=(),
            quick=(),
        )
        return self._start_round(state, dealer=opts["dealer"])

    def _start_round(self, state: SplashState, dealer: int) -> SplashState:
        in_play, aside = deck_for(state.players, state.variant)
        dolphins = TIE_BREAK_DOLPHINS if state.tied else state.players - 1
        return replace(
            state,
            round=state.round + 1,
            dealer=dealer,
            phase=DEAL,
            hands=tuple(() for _ in range(state.players)),
            deck=in_play,
            discard=(),
            aside=aside,
            dolphins=dolphins,
            holders=(),
            first=(),
            quick=(),
        )

    def setups(self) -> Mapping[str, SplashState]:
        return {
            "four-players-round": self.position(
                ["9 9 9 S", "8 8 10 S", "8 8 10 S", "9 10 10 S"], dealer=3
            ),
            "splash-bonus": self.position(
                ["8 8 9 S", "S S S 9", "8 9 10 10", "8 9 10 10"], dealer=3, letters=[2, 1, 3, 2]
            ),
            "fake-out": self.position(
                ["8 9 10 S", "8 8 9 S", "9 10 10 S", "8 9 10 S"], dealer=3, letters=[1, 1, 0, 2]
            ),
            "tie-breaker": self.position(
                ["8 8 9 10", "7 9 10 S", "7 7 7 S", "8 10 10 S", "8 9 9 S"],
                dealer=1,
                letters=[6, 5, 6, 4, 3],
                tied=[0, 2],
                tie_base=[6, 5, 6, 4, 3],
            ),
            "advanced-round": self.position(
                ["2 2 2 7 S", "3 3 5 7 9", "4 4 6 6 10", "5 8 8 S 10"],
                dealer=0,
                variant="advanced",
                deck="2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 9 10 10 S S",
            ),
        }

    def position(
        self,
        hands: list[str],
        dealer: int = 0,
        variant: str = "standard",
        letters: list[int] | None = None,
        deck: str | None = None,
        discard: str = "",
        tied: list[int] = (),
        tie_base: list[int] | None = None,
        round_no: int = 1,
    ) -> SplashState:
        """A dealt round ready for its first beat, from hands written as ranks
        ("9 9 9 S"). Standard play works out the deck; advanced play takes the
        dealer's deck explicitly. Checks that every card is accounted for."""
        players = len(hands)
        self.check_players(players)
        in_play, aside = deck_for(players, variant)
        hand_cards = tuple(sort_cards(h.split()) for h in hands)
        deck_cards = sort_cards((deck or "").split())
        discard_cards = sort_cards(discard.split())
        everything = sort_cards([c for h in hand_cards for c in h] + list(deck_cards) + list(discard_cards))
        if everything != in_play:
            raise ValueError(f"position does not hold exactly the cards in play: {everything} vs {in_play}")
        state = SplashState(
            players=players,
            variant=variant,
            max_beats=self.option_defaults["max_beats"],
            round=round_no,
            dealer=dealer,
            phase=BEAT,
            hands=hand_cards,
            deck=deck_cards,
            discard=discard_cards,
            aside=aside,
            letters=tuple(letters or [0] * players),
            dolphins=TIE_BREAK_DOLPHINS if tied else players - 1,
            holders=(),
            first=(),
            quick=(),
            tied=tuple(tied),
            tie_base=tuple(tie_base) if tie_base is not None else (),
        )
        if any(len(h) != state.hand_limit for h in hand_cards):
            raise ValueError("every hand of a dealt position must be full")
        return state

    # -- whose turn ------------------------------------------------------------
    def turn(self, state: SplashState) -> Turn:
        if state.phase == BEAT:
            return Turn.joint(range(state.players))
        if state.phase in (DEAL, DRAW, RACE):
            return Turn.chance()
        return Turn.over()

    def legal_actions(self, state: SplashState, player: int) -> list:
        if state.phase != BEAT or not 0 <= player < state.players:
            return []
        hand = state.hands[player]
        if four_of_a_kind(hand):
            return [Grab()]  # C6: a four-of-a-kind holder grabs at once
        ranks = sort_cards(set(hand))
        return [Pass(r) for r in ranks] + [Pass(r, True) for r in ranks] + [Grab()]

    def chance_outcomes(self, state: SplashState) -> list[tuple[Any, float]]:
        if state.phase == DEAL:
            return [(Deal(r), n / len(state.deck)) for r, n in _counts(state.deck)]
        if state.phase == DRAW:
            source = state.deck or state.discard  # C14: the discard pile refills the deck
            return [(Draw(r), n / len(source)) for r, n in _counts(source)]
        if state.phase == RACE:
            group, left = self._contested(state)
            missing = len(group) - left
            options = list(combinations(group, missing))
            return [(Miss(tuple(o)), 1 / len(options)) for o in options]
        return []

    # -- applying ---------------------------------------------------------------
    def apply(self, state: SplashState, action) -> tuple[SplashState, list[Event]]:
        if state.phase == OVER:
            raise IllegalAction("Rules §End of the game", _("the game is over"))
        if state.phase == BEAT:
            if not isinstance(action, Joint):
                raise IllegalAction(R_PASSING, _("every player acts together in a beat: give a joint action"))
            return self._beat(state, action)
        if state.phase == DEAL:
            if not isinstance(action, Deal) or action.rank not in state.deck:
                raise IllegalAction(R_DEAL, _("the next step is dealing a card still in the deck, not {action}").format(
                    action=repr(self.notation(action))))
            return self._deal(state, action.rank)
        if state.phase == DRAW:
            source = state.deck or state.discard
            if not isinstance(action, Draw) or action.rank not in source:
                raise IllegalAction(R_ADVANCED, _("the dealer must draw a card the dealer's deck holds, not {action}").format(
                    action=repr(self.notation(action))))
            return self._draw(state, action.rank)
        if state.phase == RACE:
            legal = [o for o, _chance in self.chance_outcomes(state)]
            if action not in legal:
                raise IllegalAction(R_RACE, _("{action} is not a possible end of this race").format(
                    action=repr(self.notation(action))))
            return self._finish_race(state, action)
        raise IllegalAction("state", f"unknown phase {state.phase!r}")

    def _deal(self, state: SplashState, rank: str):
        player = state.next_to_deal()
        hands = list(state.hands)
        hands[player] = sort_cards(hands[player] + (rank,))
        state = replace(state, hands=tuple(hands), deck=remove_card(state.deck, rank))
        events = [Event("dealt", _("{dealer} deals a card to {seat}.").format(dealer=seat(state.dealer), seat=seat(player)), {"player": player, "rank": rank})]
        if all(len(h) == state.hand_limit for h in state.hands):
            state = self._enter_beat(state)
            events.append(Event("passing", _("The hands are dealt: PASS!"), {}))
        return state, events

    def _enter_beat(self, state: SplashState) -> SplashState:
        if state.beats >= state.max_beats:  # C15
            return replace(state, phase=OVER, winner=-1)
        return replace(state, phase=BEAT)

    def _beat(self, state: SplashState, joint: Joint):
        if len(joint.actions) != state.players:
            raise IllegalAction(R_PASSING, _("a beat needs one action from each of the {count} players").format(
                count=state.players))
        for player, action in enumerate(joint.actions):
            self._check_choice(state, player, action)
        state = replace(state, beats=state.beats + 1)
        events = [
            Event("feinted", _("{seat} lunges at the dolphins without touching one.").format(seat=seat(p)), {"player": p})
            for p, a in enumerate(joint.actions)
            if isinstance(a, Pass) and a.feint
        ]
        grabbers = tuple(p for p, a in enumerate(joint.actions) if isinstance(a, Grab))
        if not grabbers:
            moved, pass_events = self._pass_cards(state, joint)
            return moved, events + pass_events
        complete = tuple(p for p in grabbers if four_of_a_kind(state.hands[p]))
        if not complete:
            fooled, fake_events = self._fake_out(state, grabbers)
            return fooled, events + fake_events
        for p in complete:
            rank = four_of_a_kind(state.hands[p])
            events.append(Event("grabbed", _shows_four(p, rank), {"player": p, "rank": rank}))
        quick = tuple(p for p in grabbers if p not in complete)
        for p in quick:
            events.append(Event("grabbed", _("{seat} dives for a dolphin in the same instant.").format(seat=seat(p)),
                                {"player": p}))
        state = replace(state, first=complete, quick=quick, holders=())
        raced, race_events = self._run_race(state)
        return raced, events + race_events

    def _check_choice(self, state: SplashState, player: int, action) -> None:
        hand = state.hands[player]
        if isinstance(action, Grab):
            return
        if not isinstance(action, Pass):
            raise IllegalAction(R_PASSING, _("{seat} must pass a card or grab, not {action}").format(
                seat=seat(player), action=repr(self.notation(action))))
        if four_of_a_kind(hand):
            raise IllegalAction(R_GRAB, _("{seat} holds four of a kind and must grab a dolphin").format(seat=seat(player)))
        if action.rank not in hand:
            raise IllegalAction(R_PASSING, _("{seat} holds no {rank} to pass").format(seat=seat(player), rank=action.rank))

    def _pass_cards(self, state: SplashState, joint: Joint):
        """Every card moves one seat left at once (advanced: C13)."""
        hands = [remove_card(state.hands[p], a.rank) for p, a in enumerate(joint.actions)]
        discard = state.discard
        events = []
        advanced = state.variant == "advanced"
        discarder = state.right_of(state.dealer)
        for p, a in enumerate(joint.actions):
            if advanced and p == discarder:
                discard = sort_cards(discard + (a.rank,))
                events.append(Event("discarded", _("{seat} puts {card} on the discard pile.").format(seat=seat(p), card=_one(a.rank)),
                                    {"player": p, "rank": a.rank}))
                continue
            to = state.left_of(p)
            hands[to] = sort_cards(hands[to] + (a.rank,))
            events.append(Event("passed", _("{seat} passes {card} to {to}.").format(seat=seat(p), card=_one(a.rank), to=seat(to)),
                                {"player": p, "to": to, "rank": a.rank}))
        state = replace(state, hands=tuple(hands), discard=discard)
        if advanced:
            return replace(state, phase=DRAW), events
        return self._enter_beat(state), events

    def _draw(self, state: SplashState, rank: str):
        events = []
        deck, discard = state.deck, state.discard
        if not deck:  # C14: the discard pile, shuffled, becomes the dealer's deck
            deck, discard = discard, ()
            events.append(Event("reshuffled", _("The dealer's deck is empty: the discard pile is shuffled to make a new one."), {}))
        hands = list(state.hands)
        hands[state.dealer] = sort_cards(hands[state.dealer] + (rank,))
        events.append(Event("drew", _("{seat} draws a {rank} from the dealer's deck.").format(seat=seat(state.dealer), rank=rank),
                            {"player": state.dealer, "rank": rank}))
        state = replace(state, hands=tuple(hands), deck=remove_card(deck, rank), discard=discard)
        return self._enter_beat(state), events

    def _fake_out(self, state: SplashState, touchers: tuple[int, ...]):
        """C8: nobody holds four of a kind, so every touch is early."""
        names = ", ".join(seat(p) for p in touchers)
        events = [Event("fake-out", _("{seats} touched a dolphin with no four of a kind on the table: fake-out!").format(seats=names),
                        {"players": list(touchers)})]
        gainers = [p for p in range(state.players) if p not in touchers]
        state, letter_events = self._award(state, gainers, reason="fake-out")
        events += letter_events
        tie_began = not state.tied
        state, end_events = self._settle(state)
        events += end_events
        if state.phase == OVER:
            return state, events
        if tie_began and state.tied:  # C11: a tie made mid-round starts a fresh tie-breaker round
            dealer = state.left_of(state.dealer)
            state = self._start_round(state, dealer)
            events.append(Event("round", _("Round {round} (tie-breaker): {dealer} deals.").format(round=state.round, dealer=seat(dealer)),
                                {"dealer": dealer}))
            return state, events
        state = self._enter_beat(state)
        events.append(Event("passing", _("The dolphins go back and passing carries on."), {}))
        return state, events

    # -- the race for dolphins (C7) ---------------------------------------------
    def _groups(self, state: SplashState) -> list[tuple[int, ...]]:
        rest = tuple(p for p in range(state.players) if p not in state.first and p not in state.quick)
        return [state.first, state.quick, rest]

    def _contested(self, state: SplashState) -> tuple[tuple[int, ...], int]:
        """The first group with more members still empty-handed than dolphins left."""
        left = state.dolphins - len(state.holders)
        for group in self._groups(state):
            waiting = tuple(p for p in group if p not in state.holders)
            if len(waiting) > left:
                return waiting, left
            left -= len(waiting)
        return (), left

    def _run_race(self, state: SplashState):
        """Hand out dolphins group by group until one group is contested."""
        events = []
        for group in self._groups(state):
            left = state.dolphins - len(state.holders)
            waiting = tuple(p for p in group if p not in state.holders)
            if left == 0 or not waiting:
                continue
            if len(waiting) > left:
                return replace(state, phase=RACE), events
            state = replace(state, holders=state.holders + waiting)
            for p in waiting:
                events.append(Event("dolphin", _holds(p), {"player": p}))
        more_state, more = self._score_round(state)
        return more_state, events + more

    def _finish_race(self, state: SplashState, miss: Miss):
        group, _left = self._contested(state)
        winners = tuple(p for p in group if p not in miss.players)
        state = replace(state, holders=state.holders + winners)
        events = [Event("dolphin", _holds(p), {"player": p}) for p in winners]
        events += [Event("missed", _("{seat} is too slow and misses out.").format(seat=seat(p)), {"player": p})
                   for p in miss.players]
        more_state, more = self._score_round(state)
        return more_state, events + more

    # -- scoring ------------------------------------------------------------------
    def _score_round(self, state: SplashState):
        events = []
        state, letter_events = self._award(state, state.holders, reason="dolphin")
        events += letter_events
        bonus = [p for p in state.holders if state.hands[p].count(SPLASH_RANK) == RANK_QTY[SPLASH_RANK]]
        if bonus:
            state, bonus_events = self._award(state, bonus, reason="SPLASH! cards")
            events += bonus_events
        state, end_events = self._settle(state)
        events += end_events
        if state.phase != OVER:
            dealer = state.left_of(state.dealer)
            state = self._start_round(state, dealer)
            events.append(Event("round", _("Round {round}: {dealer} deals.").format(round=state.round, dealer=seat(dealer)),
                                {"dealer": dealer}))
        return state, events

    def _award(self, state: SplashState, players, reason: str):
        letters = list(state.letters)
        events = []
        for p in players:
            letters[p] += 1
            letter = WORD[letters[p] - 1] if letters[p] <= LETTERS_TO_WIN else "+"
            events.append(Event("letter", _(MARKS[reason]).format(seat=seat(p), letter=letter),
                                {"player": p, "letters": letters[p], "reason": reason}))
        return replace(state, letters=tuple(letters)), events

    def _settle(self, state: SplashState):
        """Decide the winner or a tie after letters were awarded (C10, C11)."""
        if state.tied:
            gains = {p: state.letters[p] - state.tie_base[p] for p in state.tied}
            best = max(gains.values())
            leaders = tuple(p for p in state.tied if gains[p] == best)
            if len(leaders) == 1:
                return self._win(state, leaders[0], "breaks the tie")
            if leaders != state.tied:
                names = ", ".join(seat(p) for p in leaders)
                return replace(state, tied=leaders), [Event("tie", _("The tie narrows to {seats}.").format(seats=names),
                                                            {"players": list(leaders)})]
            return state, []
        spelled = tuple(p for p in range(state.players) if state.letters[p] >= LETTERS_TO_WIN)
        if len(spelled) == 1:
            return self._win(state, spelled[0], "spells SPLASH")
        if len(spelled) > 1:
            names = ", ".join(seat(p) for p in spelled)
            text = _("{seats} spell SPLASH together: tie-breaker rounds with two dolphins.").format(seats=names)
            return replace(state, tied=spelled, tie_base=state.letters), [Event("tie", text, {"players": list(spelled)})]
        return state, []

    def _win(self, state: SplashState, player: int, how: str):
        state = replace(state, phase=OVER, winner=player)
        return state, [Event("won", _(WINS[how]).format(seat=seat(player)), {"player": player})]

    def result(self, state: SplashState) -> Result | None:
        if state.phase != OVER:
            return None
        scores = tuple(float(n) for n in state.letters)
        if state.winner < 0:
            return Result((), scores, _("Drawn: the {limit}-beat limit was reached (C15).").format(limit=state.max_beats))
        return Result((state.winner,), scores, _("{seat} wins.").format(seat=seat(state.winner)))

    # -- hidden information ----------------------------------------------------------
    # Cards are dealt, passed and discarded face down (rules: Passing, C4, C13): a player sees
    # their own hand, the card that reaches them and a hand laid down to claim a dolphin.
    hidden_information = True

    def view(self, state: SplashState, player: int | None) -> SplashState:
        """Every hand but `player`'s (and one laid face up for the race) as face-down cards,
        the dealer's deck and the discard pile as piles of backs."""
        if player is None:
            return state
        shown = self._shown(state)
        hands = tuple(hand if p == player or p in shown else (HIDDEN,) * len(hand)
                      for p, hand in enumerate(state.hands))
        return replace(state, hands=hands, deck=(HIDDEN,) * len(state.deck),
                       discard=(HIDDEN,) * len(state.discard))

    def observation(self, state: SplashState, player: int) -> dict:
        """Public facts plus `player`'s own hand; other hands, the deck and the
        discard pile only as sizes (the full state with the secrets taken out)."""
        seen = self.state_to_json(state)
        del seen["hands"], seen["deck"], seen["discard"]
        seen.update(you=player, hand=list(state.hands[player]), hand_sizes=[len(h) for h in state.hands],
                    deck_size=len(state.deck), discard_size=len(state.discard),
                    shown={seat(p): list(state.hands[p]) for p in self._shown(state)})
        return seen

    def _sees_pass(self, state: SplashState, passer: int, player: int) -> bool:
        """Whether `player` sees the card `passer` hands on: their own, or one that reaches them
        (a card put on the discard pile reaches nobody)."""
        if passer == player:
            return True
        discarder = state.right_of(state.dealer) if state.variant == "advanced" else None
        return passer != discarder and state.left_of(passer) == player

    def view_action(self, state: SplashState, action, player: int | None) -> str:
        if player is None:
            return self.notation(action)
        if isinstance(action, Deal) and state.phase == DEAL:
            to = state.next_to_deal()
            return _("{seat} is dealt {card}").format(seat=seat(to), card=_one(action.rank) if to == player else _("a card"))
        if isinstance(action, Draw) and state.phase == DRAW:
            return _("{seat} draws {card}").format(seat=seat(state.dealer),
                                                   card=_one(action.rank) if state.dealer == player else _("a card"))
        if isinstance(action, Joint) and state.phase == BEAT:
            return " & ".join(self.notation(a) if not isinstance(a, Pass) or self._sees_pass(state, p, player)
                              else (_("fake a card") if a.feint else _("pass a card"))
                              for p, a in enumerate(action.actions))
        return self.notation(action)

    def view_events(self, state: SplashState, action, events, player: int | None) -> list[Event]:
        if player is None:
            return list(events)
        seen = []
        for event in events:
            by = event.data.get("player")
            if event.kind == "dealt" and by != player:
                event = Event(event.kind, event.text, {"player": by})
            elif event.kind == "passed" and not self._sees_pass(state, by, player):
                event = Event(event.kind, _("{seat} passes a card to {to}.").format(seat=seat(by), to=seat(event.data["to"])),
                              {"player": by, "to": event.data["to"]})
            elif event.kind == "discarded" and by != player:
                event = Event(event.kind, _("{seat} puts a card on the discard pile.").format(seat=seat(by)), {"player": by})
            elif event.kind == "drew" and by != player:
                event = Event(event.kind, _("{seat} draws a card from the dealer's deck.").format(seat=seat(by)), {"player": by})
            seen.append(event)
        return seen

    def place_name(self, state: SplashState, cell: str) -> str:
        """ "P2.8" -> "the 8s in P2's hand"; "P3" -> "P3"; the piles by their names."""
        owner, dot, rank = cell.partition(".")
        if dot:
            if rank == HIDDEN:
                return _("the cards in {seat}'s hand").format(seat=owner)
            if rank == SPLASH_RANK:
                return _("the SPLASH! cards in {seat}'s hand").format(seat=owner)
            return _("the {rank}s in {seat}'s hand").format(rank=rank, seat=owner)
        return _(PILE_NAMES[cell]) if cell in PILE_NAMES else cell

    def _shown(self, state: SplashState) -> tuple[int, ...]:
        """Hands laid face up: a four-of-a-kind grabber shows the set while the race is settled."""
        return state.first if state.phase == RACE else ()

    def determinize(self, state: SplashState, player: int, rng) -> SplashState:
        """Re-deal every card `player` cannot see (other hands, the dealer's
        deck, the discard pile) at random, keeping every pile's size. The
        player is assumed not to track the cards they handed on."""
        shown = self._shown(state)
        others = [p for p in range(state.players) if p != player and p not in shown]
        pool = [c for p in others for c in state.hands[p]] + list(state.deck) + list(state.discard)
        pool = list(sort_cards(pool))
        rng.shuffle(pool)
        hands = list(state.hands)
        for p in others:
            size = len(hands[p])
            hands[p], pool = sort_cards(pool[:size]), pool[size:]
        deck, pool = sort_cards(pool[: len(state.deck)]), pool[len(state.deck):]
        return replace(state, hands=tuple(hands), deck=deck, discard=sort_cards(pool))

    # -- notation ------------------------------------------------------------------------
    def notation(self, action) -> str:
        if isinstance(action, Joint):
            return " & ".join(self.notation(a) for a in action.actions)
        if isinstance(action, Pass):
            return f"{'fake' if action.feint else 'pass'} {action.rank}"
        if isinstance(action, Grab):
            return "grab"
        if isinstance(action, Deal):
            return f"deal {action.rank}"
        if isinstance(action, Draw):
            return f"draw {action.rank}"
        if isinstance(action, Miss):
            return "miss " + " ".join(seat(p) for p in action.players)
        raise IllegalAction("notation", f"not a SPLASH! action: {action!r}")

    def parse(self, state: SplashState, text: str):
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction("notation", _("empty action"))
        parts = [p.strip() for p in text.split("&")]
        if len(parts) > 1:
            if len(parts) != state.players:
                raise IllegalAction("notation", _("a beat lists one action per player ({count}), got {found}: {text}").format(
                    count=state.players, found=len(parts), text=repr(text)))
            return Joint(tuple(self._parse_one(state, p) for p in parts))
        return self._parse_one(state, parts[0])

    def _parse_one(self, state: SplashState, text: str):
        words = text.split()
        if not words:
            raise IllegalAction("notation", _("empty action in a beat"))
        verb = words[0].lower()
        if verb == "grab" and len(words) == 1:
            return Grab()
        if verb in ("pass", "fake", "deal", "draw") and len(words) == 2:
            rank = words[1].upper()
            if rank not in RANK_INDEX:
                raise IllegalAction("notation", _("unknown card {card}: cards are {cards}").format(
                    card=repr(words[1]), cards=", ".join(RANKS)))
            if verb in ("pass", "fake"):
                return Pass(rank, verb == "fake")
            return Deal(rank) if verb == "deal" else Draw(rank)
        if verb == "miss" and len(words) >= 2:
            players = []
            for word in words[1:]:
                if not (word[:1] in "Pp" and word[1:].isdigit() and 1 <= int(word[1:]) <= state.players):
                    raise IllegalAction("notation", _("unknown player {word}: players are P1-P{count}").format(
                        word=repr(word), count=state.players))
                players.append(int(word[1:]) - 1)
            return Miss(tuple(sorted(set(players))))
        raise IllegalAction("notation", _("cannot read {text}: expected pass X, fake X, grab, deal X, draw X or miss Pn").format(
            text=repr(text)))

    # -- serialisation ----------------------------------------------------------------------
    def state_to_json(self, state: SplashState) -> dict:
        return {
            "players": state.players,
            "variant": state.variant,
            "max_beats": state.max_beats,
            "round": state.round,
            "dealer": state.dealer,
            "phase": state.phase,
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "discard": list(state.discard),
            "aside": list(state.aside),
            "letters": list(state.letters),
            "dolphins": state.dolphins,
            "holders": list(state.holders),
            "first": list(state.first),
            "quick": list(state.quick),
            "tied": list(state.tied),
            "tie_base": list(state.tie_base),
            "beats": state.beats,
            "winner": state.winner,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> SplashState:
        return SplashState(
            players=int(data["players"]),
            variant=str(data["variant"]),
            max_beats=int(data["max_beats"]),
            round=int(data["round"]),
            dealer=int(data["dealer"]),
            phase=str(data["phase"]),
            hands=tuple(tuple(h) for h in data["hands"]),
            deck=tuple(data["deck"]),
            discard=tuple(data["discard"]),
            aside=tuple(data["aside"]),
            letters=tuple(data["letters"]),
            dolphins=int(data["dolphins"]),
            holders=tuple(data["holders"]),
            first=tuple(data["first"]),
            quick=tuple(data["quick"]),
            tied=tuple(data["tied"]),
            tie_base=tuple(data["tie_base"]),
            beats=int(data["beats"]),
            winner=int(data["winner"]),
        )

    # -- interaction and diagrams -----------------------------------------------------------
    def cells(self, state: SplashState, action) -> tuple[str, ...]:
        """Card cells are "P1.7" (P1's sevens); seats "P1"; and "dolphins",
        "deck", "discard". A bare pass or grab names no player, so only joint
        actions and chance outcomes have cells."""
        if isinstance(action, Joint) and state.phase == BEAT:
            touched: list[str] = []
            discarder = state.right_of(state.dealer) if state.variant == "advanced" else None
            for p, a in enumerate(action.actions):
                if isinstance(a, Pass):
                    target = "discard" if p == discarder else seat(state.left_of(p))
                    touched += [f"{seat(p)}.{a.rank}", target]
                elif isinstance(a, Grab):
                    touched += [seat(p), "dolphins"]
            return tuple(touched)
        if isinstance(action, Deal) and state.phase == DEAL:
            return ("deck", seat(state.next_to_deal()))
        if isinstance(action, Draw) and state.phase == DRAW:
            return ("deck", seat(state.dealer))
        if isinstance(action, Miss):
            return ("dolphins",) + tuple(seat(p) for p in action.players)
        return ()

    def player_cells(self, state: SplashState, player: int, action) -> tuple[str, ...]:
        """One player's part of a beat: a card, then where it goes (the left-hand neighbour, or
        the discard pile for the advanced game's discarder); a fake-out reaches on to the
        dolphins; a grab is the dolphins alone."""
        if state.phase != BEAT or isinstance(action, Joint):
            return self.cells(state, action)
        if isinstance(action, Grab):
            return ("dolphins",)
        if isinstance(action, Pass):
            discarder = state.right_of(state.dealer) if state.variant == "advanced" else None
            target = "discard" if player == discarder else seat(state.left_of(player))
            return (f"{seat(player)}.{action.rank}", target) + (("dolphins",) if action.feint else ())
        return ()

    def move_parts(self, state: SplashState, action, player: int | None = None):
        """A fake-out is made in two parts: the card's bluff at the dolphins, then where the card goes.
        A plain pass is one part (the card, then where it goes), so the dolphins never pass a card."""
        if state.phase != BEAT or player is None or not (isinstance(action, Pass) and action.feint):
            return None
        target = self.player_cells(state, player, action)[1]
        return (("dolphins", "place", _("bluff a grab as you pass")), (target, "place"))

    # a phone held upright: the same table, its words large enough to read at 345 px across
    layouts = ("narrow",)
    # a choice on the board that fits no legal move is refused under the rule for moves
    moves_rule = R_PASSING

    def render(self, state: SplashState, highlight=(), layout: str = "") -> Drawing:
        drawing = draw_table(state, set(highlight))
        return for_narrow_screen(drawing) if layout == "narrow" else drawing


def _counts(cards: tuple[str, ...]) -> list[tuple[str, int]]:
    return [(r, cards.count(r)) for r in RANKS if r in cards]


def _one(rank: str) -> str:
    """One card in words: "an 8", "a 10", "a SPLASH! card"."""
    if rank == SPLASH_RANK:
        return _(A_SPLASH_CARD)
    words = AN_CARD if rank == "8" else A_CARD
    return _(words).format(rank=rank)


def _shows_four(player: int, rank: str) -> str:
    """The grab that ends a round, one sentence for the SPLASH! set and one for the numbers."""
    if rank == SPLASH_RANK:
        return _("{seat} shows four SPLASH! cards and grabs a dolphin. SPLASH!").format(seat=seat(player))
    return _("{seat} shows four {rank}s and grabs a dolphin. SPLASH!").format(seat=seat(player), rank=rank)


def _holds(player: int) -> str:
    return _("{seat} holds a dolphin.").format(seat=seat(player))


ENGINE = SplashEngine()
