"""What components.toml says about the kit as a whole: `[kit]` (papers, variants,
named colours, players, the set-up picture on the cover) and its `[[edition]]`s,
made from their validated values (generator.kit.schema)."""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from generator.content.schema import Values
from generator.draw import colour as colours
from generator.draw.shapes import Drawing
from generator.gamecode import fresh_engine
from generator.i18n.interface import ngettext
from generator.kit.checks import KitChecks, given
from generator.kit.data import fill
from generator.kit.spec import DEFAULT_PLAYERS, Edition, KitOptions, Player
from generator.play.words import speaking


def kit_options(checks: KitChecks, kit: Values) -> KitOptions:
    """[kit]'s papers, variants and players; its named colours go to `checks` first, as the
    players' colours may name them."""
    for name, value in kit["colours"].items():
        checks.palette[name] = colours.normal(value)
    if isinstance(kit["players"], dict):
        players = players_from_data(checks, kit["players"])
    else:
        players = [Player(player.get("name") or "?", checks.colour(player, "colour")) for player in kit["players"]]
    return KitOptions(tuple(kit["papers"]) or ("a4",), tuple(kit["variants"]) or ("print",),
                      tuple(players) or DEFAULT_PLAYERS)


def players_from_data(checks: KitChecks, table: Values) -> list[Player]:
    """[kit].players from data: a player per row, its name and colour filled from the row."""
    data = checks.data_file(table)
    templates = checks.templates(table, data, data_failed=data is None)
    players = []
    for row in (data.rows if data else ()):
        colour = checks.row_colour(templates["colour"], row, data, table, "colour")
        if colour:
            players.append(Player(fill(templates["name"], row.text), colour))
    return players


def setup_picture(checks: KitChecks, kit: Values) -> tuple[Optional[Drawing], str]:
    """[kit].setup: the start position for its number of players, drawn by the
    game's engine (engine.py's ENGINE: initial_state, then render), and its caption; or
    [kit].cover, a picture of the author's (kit/pictures_parts.py), without a caption."""
    if "cover" in kit.given:
        from generator.kit.pictures_parts import cover_picture

        if "setup" in kit.given:
            checks.source.report(kit.key("cover"), "the cover shows one picture: the set-up or `cover`",
                                 expected="`setup` or `cover`", found="both")
            return None, ""
        return cover_picture(checks, kit), ""
    if "setup" not in kit.given:
        return None, ""
    setup = kit.table("setup")
    players = setup.get("players")
    if not isinstance(players, int):
        return None, ""  # reported by the schema
    try:
        engine = fresh_engine(checks.game_dir)
        with speaking(checks.engine_words):  # the picture's words (its caption, "Red to play") in the kit's language
            drawing = engine.render(engine.initial_state(players))
    except Exception as error:  # the game's own code: any failure is the author's to see
        checks.source.report(setup.key("players"), f"the engine could not draw the start position: "
                                                   f"{type(error).__name__}: {error}",
                             expected="engine.py with ENGINE, whose initial_state(players) and render(state) work",
                             found=f"{players} players")
        return None, ""
    if not isinstance(drawing, Drawing):
        checks.source.report(setup.key("players"), "the engine's render did not return a Drawing",
                             expected="a Drawing", found=type(drawing).__name__)
        return None, ""
    n_ = ngettext(checks.language)
    caption = setup.get("caption") or n_("Set-up for %(num)s player: the start position, as the rules draw it",
                                         "Set-up for %(num)s players: the start position, as the rules draw it",
                                         players) % {"num": players}
    return drawing, caption


def add_ons(checks: KitChecks, editions: tuple[Edition, ...], tables: list) -> tuple[Edition, ...]:
    """Each edition with `adds_to` linked to the edition it adds to (named in the same file)."""
    by_name = {edition.name: edition for edition in editions}
    linked = []
    for edition, table in zip(editions, tables):
        base_name = table.get("adds_to") or ""
        base = by_name.get(base_name)
        if base_name and (base is None or base_name == edition.name):
            checks.source.report(table.key("adds_to"), f"adds_to names no other edition: '{base_name}'",
                                 expected="the name of another [[edition]]: " + ", ".join(
                                     name for name in by_name if name != edition.name), found=base_name)
            base = None
        linked.append(replace(edition, adds_to=base) if base else edition)
    return tuple(linked)


def editions(checks: KitChecks, tables: list) -> tuple[Edition, ...]:
    """The [[edition]]s, each add-on linked to the edition it adds to."""
    return add_ons(checks, tuple(edition(table) for table in tables), tables)


def check_edition_columns(checks: KitChecks, editions: tuple[Edition, ...], tables: list, decks: tuple) -> None:
    """An edition keeps cards by a column: some deck's data must have it."""
    for edition, table in zip(editions, tables):
        if decks and not any(edition.column in deck.data.columns for deck in decks):
            checks.source.report(table.key("column"), f"no deck's data has the column '{edition.column}'",
                                 expected="a column of a deck's data", found=edition.column)


def edition(table: Values) -> Edition:
    name = table.get("name") or "edition"
    return Edition(name, given(table["title"], name.capitalize()), table.get("column") or "",
                   tuple(table.get("values") or ()))

