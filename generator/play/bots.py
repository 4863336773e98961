"""Computer players over the engine API: random, Monte Carlo tree search, and a game's own.

Every bot answers one question, `choose(engine, state, player, rng)`: the
action `player` plays now. On a joint turn that is the player's own part; the
caller (see `choose_turn`) puts the parts together. Bots draw all their
randomness from `rng`, so a seeded game is reproducible, and never read the
clock unless given a time budget, so tests stay deterministic.

Standard library only: these run in the browser under Pyodide.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol

from .api import CHANCE, JOINT, OVER, PLAYER, Engine, IllegalAction, Joint
from .levels import BlunderingBot, find_level, game_attribute, game_levels
from .match import action_notation, draw_outcome


class Bot(Protocol):
    name: str

    def choose(self, engine: Engine, state, player: int, rng: random.Random): ...


def _legal(engine: Engine, state, player: int) -> list:
    actions = engine.legal_actions(state, player)
    if not actions:
        raise IllegalAction("turn", f"player {player} has no legal action now")
    return actions


@dataclass(frozen=True)
class RandomBot:
    """Plays any legal action, each equally likely."""

    name: str = "random"

    def choose(self, engine: Engine, state, player: int, rng: random.Random):
        return rng.choice(_legal(engine, state, player))


@dataclass(frozen=True)
class FunctionBot:
    """A game's own bot: a function fn(engine, state, player, rng) -> action.

    In a game with hidden information the function is given `engine.determinize(state,
    player, rng)`: what its player has seen is as it is, the rest re-dealt at random. So a
    game's bot cannot peek, even by mistake, at a hand it reads: it reads a guess."""

    name: str
    fn: Callable[[Engine, Any, int, random.Random], Any]

    def choose(self, engine: Engine, state, player: int, rng: random.Random):
        if getattr(engine, "hidden_information", False):
            state = engine.determinize(state, player, rng)
        return self.fn(engine, state, player, rng)


def choose_turn(engine: Engine, state, bots: Mapping[int, Bot], rng: random.Random):
    """The whole action for the current turn: one bot's choice, a `Joint` of
    every acting player's choice, or a chance outcome drawn with its probability."""
    turn = engine.turn(state)
    if turn.kind == CHANCE:
        return draw_outcome(engine.chance_outcomes(state), rng)
    if turn.kind == PLAYER:
        return bots[turn.player].choose(engine, state, turn.player, rng)
    if turn.kind == JOINT:
        return Joint(tuple(bots[p].choose(engine, state, p, rng) for p in turn.players))
    raise IllegalAction("game over", "the game is over; nobody acts")


# -- Monte Carlo tree search ---------------------------------------------------
class _Node:
    """Statistics of one tree node, plus caches valid for the state last seen here.

    `value` sums the rewards of the player who chose the move leading here.
    The caches (`state`, `edges`, `next_states`) let a perfect-information
    game skip recomputing legal moves and re-applying actions: they are kept
    only while the node is reached with the very same state object.
    """

    __slots__ = ("visits", "value", "available", "children", "state", "edges", "next_states")

    def __init__(self):
        self.visits = 0
        self.value = 0.0
        self.available = 0
        self.children: dict[str, _Node] = {}
        self.state = None
        self.edges = None
        self.next_states: dict[str, Any] = {}

    def enter(self, state) -> None:
        if self.state is not state:
            self.state, self.edges, self.next_states = state, None, {}


@dataclass(frozen=True)
class MCTSBot:
    """UCT search that sees only what its player sees.

    Each iteration plans on `engine.determinize(state, player, rng)`: hidden
    cards and deck order are re-dealt at random, so the search never peeks
    (information-set MCTS; children are keyed by notation and chosen by UCB
    with availability counts). Chance turns are sampled with their
    probabilities. On a joint turn the searching player's own part is chosen
    by UCB and the other players' parts are sampled at random.

    Budget: `iterations`, and/or `time_limit` in seconds (whichever ends
    first). Rollouts play `rollout` (random by default) for at most
    `rollout_limit` actions. A finished rollout is worth 1 to a sole winner,
    1/k to each of k winners, 0 to losers; one cut short scores
    `evaluate(engine, state, player)` if given, else `draw_value` for everyone.
    """

    iterations: int = 1000
    time_limit: float | None = None
    exploration: float = 1.0
    rollout_limit: int = 200
    rollout: Bot | None = None
    evaluate: Callable[[Engine, Any, int], float] | None = None
    draw_value: float = 0.5
    name: str = "mcts"

    def choose(self, engine: Engine, state, player: int, rng: random.Random):
        turn = engine.turn(state)
        if player not in turn.players:
            raise IllegalAction("turn", f"it is not player {player}'s turn")
        actions = _legal(engine, state, player)
        if len(actions) == 1:
            return actions[0]
        search = _Search(self, engine, player, rng)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            search.iterate(engine.determinize(state, player, rng))
            done += 1
        by_key = {search.key(action): action for action in actions}
        ranked = sorted(
            ((child.visits, child.value, key) for key, child in search.root.children.items() if key in by_key),
            reverse=True,
        )
        return by_key[ranked[0][2]] if ranked else rng.choice(actions)


class _Search:
    """One `MCTSBot.choose` call: the tree, the searching player and a notation memo."""

    def __init__(self, bot: MCTSBot, engine: Engine, me: int, rng: random.Random):
        self.bot, self.engine, self.me, self.rng = bot, engine, me, rng
        self.root = _Node()
        self.policy = _Everyone(bot.rollout or RandomBot())
        self._notations: dict = {}

    def key(self, action) -> str:
        """An action's notation: the tree's edge label, the same in every determinization."""
        try:
            known = self._notations.get(action)
        except TypeError:  # an unhashable action: no memo
            return action_notation(self.engine, action)
        if known is None:
            known = self._notations[action] = action_notation(self.engine, action)
        return known

    def iterate(self, state) -> None:
        """Select and expand down the tree from `state`, roll out, back up."""
        engine = self.engine
        node, path = self.root, [(self.root, None)]
        expanded = False
        while not expanded:
            node.enter(state)
            turn = engine.turn(state)
            if turn.kind == OVER:
                break
            if turn.kind == CHANCE:
                key, action = self._sample_chance(node)
                mover, cacheable = None, True
            elif turn.kind == PLAYER:
                mover = turn.player
                if node.edges is None:
                    node.edges = [(self.key(a), a) for a in _legal(engine, state, mover)]
                key, action, expanded = self._select(node, node.edges)
                cacheable = True
            else:
                key, action, mover, expanded = self._select_joint(node, turn.players)
                cacheable = False  # the other players' parts are sampled afresh each visit
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
            next_state = node.next_states.get(key) if cacheable else None
            if next_state is None:
                next_state, _ = engine.apply(state, action)
                if cacheable:
                    node.next_states[key] = next_state
            path.append((child, mover))
            node, state = child, next_state
        reward = self._rollout(state)
        for visited, mover in path:
            visited.visits += 1
            if mover is not None:
                visited.value += reward(mover)

    def _sample_chance(self, node: _Node):
        if node.edges is None:
            node.edges = [(self.key(o), o, p) for o, p in self.engine.chance_outcomes(node.state)]
        x = self.rng.random() * sum(p for _, _, p in node.edges)
        for key, outcome, p in node.edges:
            x -= p
            if x < 0:
                return key, outcome
        return node.edges[-1][0], node.edges[-1][1]

    def _select(self, node: _Node, edges):
        """An untried action if any (at random), else the best by UCB with
        availability counts; returns (key, action, newly expanded)."""
        children = node.children
        fresh = [edge for edge in edges if edge[0] not in children]
        if fresh:
            key, action = self.rng.choice(fresh)
            for other, _ in edges:
                if other in children:
                    children[other].available += 1
            child = children[key] = _Node()
            child.available = 1
            return key, action, True
        best, best_score = None, -1.0
        c, log = self.bot.exploration, math.log
        for edge in edges:
            child = children[edge[0]]
            child.available += 1
            score = child.value / child.visits + c * math.sqrt(log(child.available) / child.visits)
            if score > best_score:
                best, best_score = edge, score
        return best[0], best[1], False

    def _select_joint(self, node: _Node, players):
        """My part by UCB, the others' parts at random; the child is keyed by my part alone."""
        if node.edges is None:
            node.edges = {p: [(self.key(a), a) for a in _legal(self.engine, node.state, p)] for p in players}
        parts, key, expanded, mover = [], "*", False, None
        for p in players:
            if p == self.me:
                key, action, expanded = self._select(node, node.edges[p])
                mover = p
            else:
                action = self.rng.choice(node.edges[p])[1]
            parts.append(action)
        return key, Joint(tuple(parts)), mover, expanded

    def _rollout(self, state) -> Callable[[int], float]:
        engine, bot, rng = self.engine, self.bot, self.rng
        steps = 0
        while steps < bot.rollout_limit and engine.turn(state).kind != OVER:
            state, _ = engine.apply(state, choose_turn(engine, state, self.policy, rng))
            steps += 1
        result = engine.result(state)
        if result is not None:
            # A shared win (a draw) is worth its share, so a draw beats a loss.
            winners = set(result.winners)
            share = 1.0 / len(winners) if winners else 0.0
            return lambda p: share if p in winners else 0.0
        if bot.evaluate is not None:
            return lambda p: bot.evaluate(engine, state, p)
        return lambda p: bot.draw_value


class _Everyone(dict):
    """A bots mapping that gives the same bot to every seat."""

    def __init__(self, bot: Bot):
        super().__init__()
        self.bot = bot

    def __missing__(self, player: int) -> Bot:
        return self.bot

    def __contains__(self, player) -> bool:
        return True


# -- finding bots by name -------------------------------------------------------
def game_bots(engine: Engine) -> dict[str, Bot]:
    """The bots a game offers in a `BOTS` dict (name -> fn(engine, state, player, rng)),
    in its bots.py or, for a one-file engine, its engine.py."""
    offered = game_attribute(engine, "BOTS") or {}
    return {name: FunctionBot(name, fn) for name, fn in offered.items()}


def bot_names(engine: Engine) -> list[str]:
    """Every name `make_bot` takes: the game's levels, then random, mcts and the game's own bots."""
    return [*(level.name for level in game_levels(engine)), "random", "mcts", *sorted(game_bots(engine))]


def make_bot(engine: Engine, name: str) -> Bot:
    """A bot by name: one of the game's levels (see levels.py), "random", "mcts" or
    "mcts:<iterations>", or one of the game's own."""
    level = find_level(engine, name)
    if level is None:
        return _plain_bot(engine, name)
    inner = _plain_bot(engine, level.bot)
    return BlunderingBot(inner, level.blunders, name=level.name) if level.blunders else inner


def _plain_bot(engine: Engine, name: str) -> Bot:
    if name == "random":
        return RandomBot()
    if name == "mcts" or name.startswith("mcts:"):
        _, _, budget = name.partition(":")
        if budget and not budget.isdigit():
            raise ValueError(f"mcts budget must be a number of iterations, not {budget!r}")
        return MCTSBot(iterations=int(budget)) if budget else MCTSBot()
    own = game_bots(engine)
    if name in own:
        return own[name]
    raise ValueError(f"{engine.name} has no bot {name!r} (known: {', '.join(bot_names(engine))})")
