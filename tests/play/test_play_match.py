"""The Match driver: exact replay, chance from the seed, undo/redo, joint turns,
position strings and JSON logs (Rule engines I: "A Match driver records the log,
supports undo/redo by replay, and exports/imports a compact position string")."""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from generator.play import forget_game, load_engine
from generator.play.api import IllegalAction, Joint
from generator.play.match import Match, PositionError, decode_position, rules_version_of
from generator.play.playout import random_playout

TOYS = Path(__file__).parent / "toys"
PIG = load_engine(TOYS / "pig")
TICTACTOE = load_engine(TOYS / "tictactoe")
GUESS = load_engine(TOYS / "guess")


def states_along(match: Match) -> list:
    """Every state of a match, rebuilt by replaying its log into a fresh match."""
    fresh = Match(match.engine, match.players, match.options, match.seed, start=match.start)
    states = [fresh.state]
    for notation in match.log:
        fresh.apply(notation)
        states.append(fresh.state)
    return states


def test_replay_from_seed_and_log_gives_the_same_states_and_events():
    """A game replays exactly from (options, seed, actions): same states, same events."""
    for seed in range(30):
        played = random_playout(PIG, 3, seed).match
        replayed = Match.from_json(PIG, played.to_json())
        assert replayed.log == played.log
        assert replayed.state == played.state
        assert [[e.to_json() for e in step] for step in replayed.events] == \
               [[e.to_json() for e in step] for step in played.events]
        assert replayed.result == played.result


def test_chance_is_drawn_from_the_seed_so_the_same_seed_gives_the_same_game():
    """Chance outcomes come from the match's seeded generator: same seed, same log; another seed, another log."""
    logs = {seed: random_playout(PIG, 2, seed).log for seed in range(20)}
    assert all(random_playout(PIG, 2, seed).log == logs[seed] for seed in range(20))
    assert len(set(logs.values())) > 15


def test_chance_outcomes_follow_their_probabilities():
    """Outcomes are drawn with their probabilities (a fair die: each face about 1/6)."""
    counts: dict[str, int] = {}
    for seed in range(3000):
        match = Match(PIG, 2, seed=seed)
        match.apply("roll")
        match.resolve_chance()
        counts[match.log[-1]] = counts.get(match.log[-1], 0) + 1
    assert sorted(counts) == [f"die {n}" for n in range(1, 7)]
    assert all(abs(n / 3000 - 1 / 6) < 0.03 for n in counts.values())


def test_advance_resolves_chance_until_a_player_must_act():
    """advance() rolls for chance and stops when a player has to choose."""
    match = Match(GUESS, 2, seed=4)
    assert match.turn.kind == "chance"
    drawn = match.advance()
    assert len(drawn) == 1 and drawn[0].startswith("deal ")
    assert match.turn.kind == "joint"
    assert match.advance() == []


def test_undo_of_a_die_roll_rolls_the_same_number_again():
    """Undo cannot re-roll: the chance generator depends on the seed and step only."""
    match = Match(PIG, 2, seed=11)
    match.apply("roll")
    match.resolve_chance()
    first = match.log[-1]
    match.undo()
    match.resolve_chance()
    assert match.log[-1] == first


def test_undo_and_redo_walk_back_and_forth_through_the_log():
    """Undo replays the log minus its last step; redo plays it again; a new move drops the redo list."""
    match = random_playout(PIG, 2, seed=3, max_steps=15).match
    log, states = match.log, states_along(match)
    assert match.undo() == [log[-1]]
    assert match.state == states[-2] and match.log == log[:-1]
    match.undo(3)
    assert match.state == states[-5] and match.can_redo()
    match.redo(2)
    assert match.state == states[-3]
    match.redo(10)
    assert match.log == log and match.state == states[-1] and not match.can_redo()
    match.goto(0)
    assert match.state == states[0] and match.log == []
    match.goto(5)
    assert match.log == log[:5]
    match.undo()
    match.apply("roll" if match.turn.kind == "player" else match.chance_outcomes()[0][0])
    assert not match.can_redo()


def test_an_illegal_action_is_refused_with_its_rule_and_not_recorded():
    """Illegal actions raise IllegalAction naming the rule; the match is unchanged."""
    match = Match(TICTACTOE, 2)
    match.apply("b2")
    with pytest.raises(IllegalAction) as refused:
        match.apply("b2")
    assert refused.value.rule == "T1" and "b2 is already taken" in str(refused.value)
    with pytest.raises(IllegalAction) as unreadable:
        match.apply("z9")
    assert unreadable.value.rule == "notation"
    assert match.log == ["b2"]


def test_a_chance_outcome_that_cannot_happen_is_refused():
    """A fixed outcome must be one of chance_outcomes (no seventh face on a die)."""
    match = Match(PIG, 2)
    match.apply("roll")
    with pytest.raises(IllegalAction) as refused:
        match.apply("die 7")
    assert "possible: die 1" in str(refused.value)
    match.apply("die 4")
    assert match.log == ["roll", "die 4"]


def test_joint_turns_take_one_action_per_player_joined_by_ampersands():
    """A joint action is written 'a & b' in player order; the wrong number of parts is refused."""
    match = Match(GUESS, 2)
    match.apply("deal 2 5")
    with pytest.raises(IllegalAction) as refused:
        match.apply("guess 5")
    assert refused.value.rule == "joint turn"
    match.apply("guess 5 & guess 2")
    assert match.log == ["deal 2 5", "guess 5 & guess 2"]
    assert match.result.winners == (0, 1)
    again = Match(GUESS, 2)
    again.apply("deal 2 5")
    again.apply(Joint(("guess 5", "guess 1")))
    assert again.log[-1] == "guess 5 & guess 1" and again.result.winners == (0,)


def test_position_strings_round_trip_and_are_url_safe():
    """to_position/from_position rebuild the same match (start, options, seed, log)."""
    for seed in range(20):
        match = random_playout(PIG, 2 + seed % 3, seed, options={"target": 15}, max_steps=40).match
        text = match.to_position()
        assert all(ch.isalnum() or ch in "-_." for ch in text)
        back = Match.from_position(PIG, text)
        assert (back.log, back.state, back.seed, back.options, back.players) == \
               (match.log, match.state, match.seed, match.options, match.players)
    joint = Match(GUESS, 2, seed=9)
    joint.apply("deal 2 4")
    joint.apply("guess 4 & guess 1")
    assert Match.from_position(GUESS, joint.to_position()).log == joint.log


def test_position_strings_carry_a_named_setup_or_a_starting_state():
    """A match started from a setup or an arbitrary state reopens from that start."""
    from_setup = Match(TICTACTOE, start="x-to-win")
    from_setup.apply("c1")
    back = Match.from_position(TICTACTOE, from_setup.to_position())
    assert back.start == "x-to-win" and back.result.winners == (0,)
    from_state = Match(TICTACTOE, start={"cells": "X...O....", "player": 0})
    from_state.apply("c3")
    back = Match.from_position(TICTACTOE, from_state.to_position())
    assert back.state.cells == "X...O...X"


def test_position_string_damage_is_reported_clearly():
    """A cut, altered or made-up string raises PositionError that says it is damaged."""
    match = random_playout(PIG, 2, seed=5, max_steps=30).match
    text = match.to_position()
    with pytest.raises(PositionError, match="damaged"):
        Match.from_position(PIG, text[:-6])
    rng = random.Random(1)
    for _ in range(50):
        i = rng.randrange(len("rp1."), len(text))
        swapped = "A" if text[i] != "A" else "B"
        with pytest.raises(PositionError):
            Match.from_position(PIG, text[:i] + swapped + text[i + 1:])
    for garbage in ("", "hello", "rp1.", "rp1.!!!!", "rp9.abc", "https://example.org/#x", "rp1." + "A" * 40):
        with pytest.raises(PositionError):
            Match.from_position(PIG, garbage)


def test_a_position_for_another_game_or_other_rules_is_refused():
    """A foreign game's string names both games; a rules-version change is refused unless allowed."""
    text = Match(TICTACTOE, 2).to_position()
    with pytest.raises(PositionError, match="'Tic-tac-toe', not 'Pig'"):
        Match.from_position(PIG, text)
    played = Match(TICTACTOE, 2, rules_version="toy-1")
    played.apply("a1")
    with pytest.raises(PositionError, match="rules version"):
        Match.from_position(TICTACTOE, played.to_position(), rules_version="toy-2")
    relaxed = Match.from_position(TICTACTOE, played.to_position(), rules_version="toy-2", check_version=False)
    assert relaxed.log == ["a1"]


def test_a_position_whose_log_breaks_the_rules_names_the_step():
    """An impossible log (e.g. edited by hand) fails with the step and the engine's reason."""
    data = Match(TICTACTOE, 2).to_json()
    data["log"] = ["a1", "b1", "a1"]
    with pytest.raises(PositionError, match=r"step 3 \('a1'\).*already taken"):
        Match.from_json(TICTACTOE, data)
    assert decode_position(Match(TICTACTOE, 2).to_position())["g"] == "Tic-tac-toe"


def test_rules_version_defaults_to_a_hash_of_the_engine_source():
    """Without a declared version the match records a hash of the engine file."""
    assert Match(TICTACTOE, 2).rules_version == "toy-1"
    version = Match(PIG, 2).rules_version
    assert len(version) == 12 and all(c in "0123456789abcdef" for c in version)


def test_a_split_engines_rules_version_covers_every_module_its_engine_imports(tmp_path):
    """A game split into modules may keep rules in board.py too: editing any module the
    engine imports changes the version, a module it never imports (the kit's) does not (the
    bundle ships only the imported ones, and the browser hashes what it has); a one-file
    engine's stays the hash of engine.py."""
    folder = tmp_path / "pig-split"
    folder.mkdir()
    source = (TOYS / "pig" / "engine.py").read_text() + "\ntry:\n    from . import board\nexcept ImportError:\n    pass\n"
    (folder / "engine.py").write_text(source)
    engine = load_engine(folder)
    try:
        one_file = rules_version_of(engine)
        assert one_file == hashlib.sha256((folder / "engine.py").read_bytes()).hexdigest()[:12]
        (folder / "board.py").write_text("SIDES = 6\n")
        split = rules_version_of(engine)
        (folder / "board.py").write_text("SIDES = 8\n")
        edited = rules_version_of(engine)
        assert len({one_file, split, edited}) == 3
        (folder / "cardart.py").write_text("INK = 1\n")
        assert rules_version_of(engine) == edited
        assert Match(engine, 2).rules_version == edited
    finally:
        forget_game(folder)


def test_the_log_exports_as_json_and_imports_back():
    """The JSON export is plain JSON and rebuilds the match."""
    match = random_playout(PIG, 2, seed=8, max_steps=25).match
    data = json.loads(match.log_json())
    assert data["game"] == "Pig" and data["log"] == match.log and data["seed"] == 8
    assert Match.from_json(PIG, data).state == match.state


def test_unknown_options_and_player_counts_are_refused():
    """Options the game does not have and player counts outside its range raise IllegalAction."""
    with pytest.raises(IllegalAction, match="no option 'speed'"):
        Match(PIG, 2, {"speed": 3})
    with pytest.raises(IllegalAction, match="2-4 players"):
        Match(PIG, 5)
    with pytest.raises(IllegalAction, match="no setup 'nope'"):
        Match(PIG, start="nope")


def test_an_engine_missing_a_rule_method_fails_when_created_naming_it():
    import pytest

    from generator.play.api import Engine

    class Unfinished(Engine):
        name = "Unfinished"

    with pytest.raises(TypeError, match="apply"):
        Unfinished()


def test_turn_kinds_read_and_serialise_as_words():
    import json

    from generator.play.api import Turn, TurnKind

    turn = Turn("chance")
    assert turn.kind is TurnKind.CHANCE and turn.kind == "chance"
    assert json.dumps({"kind": Turn.of(1).kind}) == '{"kind": "player"}'
