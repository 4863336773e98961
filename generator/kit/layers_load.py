"""A deck's own layers, from `[[deck.front.layer]]` of components.toml, filled from each row.

Each layer is checked once against the deck (its kind's keys, its templates' columns, its
`when` columns, a plain colour or focus), each problem at the key's line; then filled per row:
`when` decides whether the row draws it, its templates take the row's values, and its picture is
found and checked for print (kit/pictures.py), a row's problem at the row's line. What comes out
is a `Layer` (kit/layers.py), which the card's face keeps and kit/cards.py draws.

`when` is data, never code: `when = { kind = "event" }` draws the layer on rows whose `kind`
is "event", `when = { kind = ["event", "hazard"] }` on either; several columns must all match.
`unless` is its "not": `unless = { kind = "event" }` draws the layer on every other row.

A text layer's `font` names a font game.toml declares (kit/fonts.py): its text is measured and
set in it, and each row's text is checked against it (a character it lacks is the row's error).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from generator.content.schema import Values
from generator.draw.fonts import GameFont
from generator.draw.inline_icons import icon_expected, known
from generator.draw.preflight import PT_PER_MM
from generator.errors import ContentError
from generator.kit.checks import KitChecks, columns_named
from generator.kit.data import fill, template_fields
from generator.kit.fonts import glyph_problem, named_font
from generator.kit.layers import Frame, Layer
from generator.kit.pictures import PlacementError, found_picture, parse_focus, placement
from generator.kit.schema import BUILT_IN_FONT, LAYER_COMMON_KEYS, LAYER_KIND_KEYS, box_side
from generator.play.tables import Table

COLOURS = ("colour", "band", "stroke")


class LayerTemplate:
    """One [[deck.front.layer]], checked: its templates, when it is drawn, its box and sizes."""

    def __init__(self, index: int, table: Values, values: dict[str, str], font: Optional[GameFont] = None):
        self.index, self.table, self.values, self.font = index, table, values, font
        self.kind = table["kind"]
        box = table["box"]
        self.frame = Frame(box) if isinstance(box, str) else Frame("trim", tuple(box_side(side) for side in box))
        self.when, self.unless = (matching(table[key]) for key in ("when", "unless"))
        sizes = table["size"] if isinstance(table["size"], list) else [table["size"]]
        self.min_size, self.size = sizes[0] / PT_PER_MM, sizes[-1] / PT_PER_MM

    def draws(self, row) -> bool:
        # the source's words: a translated row draws the layers the source's row draws
        def matches(columns: dict) -> bool:
            return all(row.source.get(column, "") in wanted for column, wanted in columns.items())
        return matches(self.when) and not (self.unless and matches(self.unless))

    def templated(self, key: str) -> bool:
        return bool(template_fields(self.values[key]))


def matching(columns: dict) -> dict[str, tuple[str, ...]]:
    """`when` or `unless`: each column with the values it names."""
    return {column: (wanted,) if isinstance(wanted, str) else tuple(wanted) for column, wanted in columns.items()}


def layer_templates(checks: KitChecks, front: Values, data: Optional[Table]) -> Optional[list[LayerTemplate]]:
    """The front's layers, checked; None when one is wrong (reported at its line)."""
    before = len(checks.source.errors)
    out = []
    for index, table in enumerate(front["layer"] or ()):
        if table["kind"] is None:  # missing or not a kind: the schema said so at its line
            continue
        unused_layer_keys(checks, table)
        if table["kind"] != "shape" and not table[table["kind"]]:
            checks.source.report(table.key("kind"), f"a {table['kind']} layer without its {table['kind']}",
                                 expected=f"{table['kind']} = ... in the same [[deck.front.layer]]", found="none")
        values = checks.templates(table, data, data_failed=data is None)
        when_columns(checks, table, data)
        plain_values(checks, table, values)
        out.append(LayerTemplate(index, table, values, layer_font(checks, table)))
    return None if len(checks.source.errors) > before else out


def unused_layer_keys(checks: KitChecks, table: Values) -> None:
    """A key the layer's kind does not read is an error at its line (it would do nothing)."""
    kind = table["kind"]
    reads = LAYER_KIND_KEYS[kind]
    a = "an" if kind == "icon" else "a"
    for key in sorted((table.given & set(table)) - reads - LAYER_COMMON_KEYS):
        checks.source.report(table.key(key), f"`{key}` has no use on {a} {kind} layer",
                             expected=f"the keys {a} {kind} layer reads: "
                                      + ", ".join(sorted(reads | LAYER_COMMON_KEYS)),
                             found=key)


def when_columns(checks: KitChecks, table: Values, data: Optional[Table]) -> None:
    for key in ("when", "unless"):
        for column in table[key]:
            if data and column not in data.columns:
                checks.source.report(table[key].key(column),
                                     f"`{key}` names a column the data does not have: '{column}'",
                                     expected=columns_named(data), found=column)


def layer_font(checks: KitChecks, table: Values) -> Optional[GameFont]:
    """The declared font a text layer names (None for the deck's, or "sans": kit/fonts.py); bold
    text in a font without a bold file is an error at `bold`'s line."""
    if table["kind"] != "text" or table["font"] in ("", BUILT_IN_FONT):
        return None
    font = named_font(checks, table)
    if font is not None and table["bold"] and not font.bold_file:
        checks.source.report(table.key("bold"), f"the font '{font.name}' has no bold file",
                             expected=f"bold = \"...\" in game.toml's [fonts.{font.name}], or bold = false",
                             found="bold = true")
    return font


def plain_values(checks: KitChecks, table: Values, values: dict[str, str]) -> None:
    """A colour or focus without {fields} is checked once, here, at its line."""
    for key in COLOURS:
        value = values[key].strip()
        if value and not template_fields(value) and checks.colour_value(value) is None:
            checks.source.report(table.key(key), f"{key} '{value}' is not a colour",
                                 expected="#rrggbb or a name from [kit].colours", found=value)
    if values["focus"] and not template_fields(values["focus"]):
        try:
            parse_focus(values["focus"])
        except PlacementError as problem:
            checks.source.report(table.key("focus"), "focus is not one it can take", expected=problem.expected,
                                 found=problem.found)


def row_layers(checks: KitChecks, templates: list[LayerTemplate], row, data: Table,
               card: tuple[float, float, float, float]) -> Optional[tuple[Layer, ...]]:
    """The layers `row` draws, filled from it; None when one fails on the row (reported).
    `card`: the deck's width, height, bleed and safe margin, where a picture's box is checked."""
    layers = []
    for template in templates:
        if not template.draws(row):
            continue
        layer = filled_layer(checks, template, row, data, card)
        if isinstance(layer, ContentError):
            checks.source.errors.append(layer)
            return None
        layers.append(layer)
    return tuple(layers)


def filled_layer(checks: KitChecks, template: LayerTemplate, row, data: Table,
                 card: tuple[float, float, float, float]) -> Layer | ContentError:
    table, values, kind = template.table, template.values, template.kind
    text = {key: fill(value, row.text).strip() if key in COLOURS else fill(value, row.text)
            for key, value in values.items()}
    for key in COLOURS:
        if text[key] and checks.colour_value(text[key]) is None:
            return ContentError(data.path, row.line, f"the layer's {key} '{text[key]}' is not a colour",
                                expected="#rrggbb or a name from [kit].colours", found=text[key])
        text[key] = checks.colour_value(text[key]) if text[key] else ""
    number = template.index + 1
    layer = Layer(kind, template.frame, name=f"{kind} layer {number}", role=f"card-layer-{number}",
                  colour=text["colour"], rotate=table["rotate"], text=text["text"], size=template.size,
                  min_size=template.min_size, align=table["align"], valign=table["valign"], bold=table["bold"],
                  wrap=table["wrap"], band=text["band"], icon=text["icon"].strip(), shape=table["shape"],
                  stroke=text["stroke"], stroke_width=table["stroke_width"], radius=table["radius"])
    if template.font is not None:  # its own font: each row's text checked in it
        layer = replace(layer, font=template.font.ref)
        problem = glyph_problem(template.font, [(layer.name, layer.text, layer.bold)], "the card's ")
        if problem:
            return ContentError(data.path, row.line, problem[0], expected=problem[1], found=problem[2])
    if kind == "icon" and len(layer.icon) > 1 and not known(layer.icon):
        return ContentError(data.path, row.line, f"unknown icon '{layer.icon}' in icon layer {number}",
                            found=layer.icon, expected=icon_expected())
    if kind == "picture":
        return layer_picture(checks, template, layer, text, (data.path, row.line), card)
    return layer


def layer_picture(checks: KitChecks, template: LayerTemplate, layer: Layer, text: dict, where: tuple,
                  card: tuple[float, float, float, float]) -> Layer | ContentError:
    """The layer with its picture found, placed in its box and checked for print, or the row's error."""
    try:
        how = placement(template.table["fit"], text["focus"])
    except PlacementError as problem:
        return ContentError(*where, "the layer's focus is not one it can take", expected=problem.expected,
                            found=problem.found)
    box = template.frame.place(*card)
    if text["picture"].strip().lower().endswith(".svg"):  # a drawing's file: vectors, placed as a picture is
        return layer_drawing(checks, text["picture"].strip(), box, how, layer, where)
    picture = found_picture(checks.game_dir, text["picture"].strip(), box, how, layer.role, where, checks.warnings,
                            "the card's picture", f"picture layer {template.index + 1}'s box")
    return picture if isinstance(picture, ContentError) else replace(layer, art=picture)


def spoken_words(layers: tuple[Layer, ...]) -> list[str]:
    """The words of the text layers, for the card's description."""
    from generator.draw.inline_icons import spoken

    return [spoken(layer.text) for layer in layers if layer.kind == "text" and layer.text.strip()]


def layer_drawing(checks: KitChecks, name: str, box, how, layer: Layer, where: tuple) -> Layer | ContentError:
    """The layer with an SVG file drawn into its box (read as board artwork is), or the row's error."""
    from generator.draw.pictures import PictureError, inside
    from generator.draw.svgimport import ArtworkError
    from generator.kit.pictures_svg import svg_art

    try:
        path = inside(checks.game_dir, name)
        if not path.is_file():
            return ContentError(*where, f"no SVG file '{name}' in the game folder",
                                expected="an SVG file in the game folder", found=name)
        return replace(layer, art=svg_art(path, box[2], box[3], how.fit, how.focus, 0))
    except (PictureError, ArtworkError, OSError) as problem:
        return ContentError(*where, f"the card's picture '{name}' cannot be used: {problem}",
                            expected="flat SVG shapes as drawing programs export them (docs/kit.md, artwork)",
                            found=name)
