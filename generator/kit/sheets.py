"""Sheets as drawings: score pads (a blank grid), tables pivoted from data (a
scoring table), and lists of data rows (a record), each with a heading and notes.
One drawing is one copy; the imposition packs copies onto pages.

`load_sheet` makes a [[sheet]] of components.toml into a `SheetSpec` from its validated
values, its keys checked against each other, the data and the page. A sheet may be printed in a
font game.toml declares (`font`): its texts are measured and set in it, and checked against it
first, a character it lacks an error at the key's line or the data row's (kit/fonts.py)."""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from generator.content.schema import Values
from generator.draw.fonts import set_in, texts_of
from generator.draw.shapes import Drawing, Line, Rect, Style, Text
from generator.errors import ContentError
from generator.draw import colour as colours
from generator.kit import text as fit
from generator.kit.checks import KitChecks, title_of
from generator.kit.data import fill, template_fields
from generator.kit.fonts import glyph_problem, in_spec_font, named_font
from generator.kit.pictures_parts import sheet_picture
from generator.kit.spec import PAPERS, Pivot, Player, SheetSpec
from generator.play.tables import Table

HEAD_FILL = "#e9e9e9"
RULE = "#555555"
TEXT_INK = "#1a1a1a"


@in_spec_font  # the sheet's own font, if it names one (kit/fonts.py)
def sheet_drawing(spec: SheetSpec, player: Optional[Player] = None, copy: int = 0,
                  ink_saver: bool = False) -> Drawing:
    width = spec.width
    shapes: list = []
    y = 0.0
    heading = spec.heading if player is None else f"{spec.heading} — {player.name}"
    if player is not None:
        band = colours.lighten(player.colour, 0.75) if ink_saver else player.colour
        shapes.append(Rect(0, 0, width, 9.0, Style(fill=band, stroke=player.colour, stroke_width=0.4), rx=1.5))
        shapes.append(fit.line(3, 6.5, heading, size=5.0, max_width=width - 6, fill=colours.ink_on(band),
                               bold=True, role="sheet-heading"))
        y = 12.0
    else:
        shapes.append(fit.line(0, 5.5, heading, size=5.5, max_width=width, fill=TEXT_INK, bold=True,
                               role="sheet-heading"))
        if spec.copies > 1:
            shapes.append(Text(width, 5.5, f"#{copy + 1}", size=3.2, fill="#666666", anchor="end"))
        y = 9.0
    if spec.picture is not None:
        shapes.append(replace(spec.picture, y=round(y, 6)))
        y += spec.picture.h + 3.0
    if spec.pivot is not None and spec.data is not None:
        table, y = pivot_table(spec, y)
    elif spec.fields and spec.data is not None:
        table, y = list_table(spec, y)
    else:
        table, y = grid_table(spec, y)
    shapes += table
    if spec.notes:
        y += 2.0
        for note in spec.notes:
            block = fit.fit_block(note, width, 40.0, size=3.2, min_size=2.4)
            shapes += fit.block_shapes(block, 0, y, anchor="start", fill=TEXT_INK)
            y += block.height + 1.6
    return Drawing(round(width, 3), round(y + 1.0, 3), tuple(shapes), title=heading)


def column_widths(spec: SheetSpec, count: int) -> list[float]:
    if spec.column_widths:
        return list(spec.column_widths)
    if count <= 1:
        return [spec.width]
    unit = spec.width / (count + 2)  # the first column (names, labels) is three shares wide
    return [unit * 3] + [unit] * (count - 1)


def cell_text(x: float, y: float, w: float, h: float, text: str, *, bold: bool = False,
              size: float = 3.4, align: str = "middle") -> list:
    if not text:
        return []
    block = fit.fit_block(text, w - 2.4, h - 1.6, size=size, min_size=2.0, bold=bold)
    top = y + (h - block.height) / 2 - block.size * 0.08
    anchor_x = x + w / 2 if align == "middle" else x + 1.2
    return fit.block_shapes(block, anchor_x, top, anchor=align, fill=TEXT_INK, bold=bold)


def rules(x: float, y: float, widths: list[float], heights: list[float], header_rows: int = 1,
          header_cols: int = 0) -> list:
    """Fills for header cells and the ruled lines of a table."""
    shapes: list = []
    total_w, total_h = sum(widths), sum(heights)
    head_h = sum(heights[:header_rows])
    if header_rows:
        shapes.append(Rect(x, y, total_w, head_h, Style(fill=HEAD_FILL)))
    if header_cols:
        head_w = sum(widths[:header_cols])
        shapes.append(Rect(x, y + head_h, head_w, total_h - head_h, Style(fill=HEAD_FILL)))
    thin = Style(stroke=RULE, stroke_width=0.25)
    cy = y
    for h in heights[:-1]:
        cy += h
        shapes.append(Line(x, cy, x + total_w, cy, thin))
    cx = x
    for w in widths[:-1]:
        cx += w
        shapes.append(Line(cx, y, cx, y + total_h, thin))
    shapes.append(Rect(x, y, total_w, total_h, Style(stroke=RULE, stroke_width=0.5), role="sheet-table"))
    return shapes


def grid_table(spec: SheetSpec, y: float) -> tuple[list, float]:
    headers = list(spec.columns) or ([""] if spec.row_labels else [])
    if spec.row_labels and len(headers) < 2:
        headers.append("")
    if not headers:
        headers = [""]
    widths = column_widths(spec, len(headers))
    body_rows = list(spec.row_labels) + [""] * spec.rows
    has_header = any(headers)
    heights = ([spec.row_height] if has_header else []) + [spec.row_height] * len(body_rows)
    if not heights:
        return [], y
    shapes = rules(0, y, widths, heights, header_rows=1 if has_header else 0,
                   header_cols=1 if spec.row_labels else 0)
    cy = y
    if has_header:
        cx = 0.0
        for text, w in zip(headers, widths):
            shapes += cell_text(cx, cy, w, spec.row_height, text, bold=True)
            cx += w
        cy += spec.row_height
    for label in body_rows:
        shapes += cell_text(0, cy, widths[0], spec.row_height, label, bold=True, align="start")
        cy += spec.row_height
    return shapes, cy


def unique(values) -> list[str]:
    seen: list[str] = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return seen


def pivot_table(spec: SheetSpec, y: float) -> tuple[list, float]:
    pivot, table = spec.pivot, spec.data
    row_keys = unique(r.text[pivot.rows] for r in table.rows)
    col_keys = unique(r.text[pivot.columns] for r in table.rows)
    cells = {(r.text[pivot.rows], r.text[pivot.columns]): r.text[pivot.value] for r in table.rows}
    first = {r.text[pivot.rows]: r for r in table.rows}
    first_col = {r.text[pivot.columns]: r for r in table.rows}
    title_w = 9.0 if pivot.row_title else 0.0
    rh = spec.row_height
    widths = [max(18.0, (spec.width - title_w) * 0.22)]
    rest = spec.width - title_w - widths[0]
    widths += [rest / max(1, len(col_keys))] * len(col_keys)
    shapes: list = []
    if pivot.column_title:
        shapes += cell_text(title_w + widths[0], y, rest, rh * 0.8, pivot.column_title, bold=True)
        y += rh * 0.8
    heights = [rh] * (len(row_keys) + 1)
    x0 = title_w
    shapes += [_shift(s, x0) for s in rules(0, y, widths, heights, header_rows=1, header_cols=1)]
    for i, key in enumerate(col_keys):
        label = fill(pivot.column_format, first_col[key].text) if pivot.column_format else key
        shapes += cell_text(x0 + widths[0] + i * widths[1], y, widths[1], rh, label, bold=True)
    for j, key in enumerate(row_keys):
        cy = y + rh * (j + 1)
        label = fill(pivot.row_format, first[key].text) if pivot.row_format else key
        shapes += cell_text(x0, cy, widths[0], rh, label, bold=True)
        for i, col in enumerate(col_keys):
            shapes += cell_text(x0 + widths[0] + i * widths[1], cy, widths[1], rh, cells.get((key, col), ""),
                                size=4.0)
    if pivot.row_title:
        mid = y + rh + rh * len(row_keys) / 2
        shapes.append(fit.line(title_w * 0.7, mid, pivot.row_title, size=3.8, max_width=rh * len(row_keys),
                               fill=TEXT_INK, anchor="middle", bold=True, rotate=-90))
    return shapes, y + sum(heights)


def _shift(shape, dx: float):
    """Move a table shape right by dx (tables are laid out from x = 0)."""
    if isinstance(shape, Rect):
        return replace(shape, x=shape.x + dx)
    if isinstance(shape, Line):
        return replace(shape, x1=shape.x1 + dx, x2=shape.x2 + dx)
    if isinstance(shape, Text):
        return replace(shape, x=shape.x + dx)
    return shape


def list_table(spec: SheetSpec, y: float) -> tuple[list, float]:
    table = spec.data
    headers = list(spec.columns) or [f.strip("{}") for f in spec.fields]
    widths = column_widths(spec, len(headers))
    rows = [[fill(f, r.text) for f in spec.fields] for r in table.rows]
    shapes: list = []
    if spec.columns_title:
        shapes += cell_text(widths[0], y, sum(widths[1:]), spec.row_height * 0.8, spec.columns_title, bold=True)
        y += spec.row_height * 0.8
    heights = [spec.row_height]
    for row in rows:
        needed = spec.row_height
        for text, w in zip(row, widths):
            block = fit.fit_block(text, w - 2.4, 60.0, size=3.2, min_size=3.2)
            needed = max(needed, block.height + 2.4)
        heights.append(needed)
    shapes += rules(0, y, widths, heights, header_rows=1)
    cx = 0.0
    for text, w in zip(headers, widths):
        shapes += cell_text(cx, y, w, heights[0], text, bold=True)
        cx += w
    cy = y + heights[0]
    for row, h in zip(rows, heights[1:]):
        cx = 0.0
        for text, w in zip(row, widths):
            shapes += cell_text(cx, cy, w, h, text, size=3.2, align="start" if w > 30 else "middle")
            cx += w
        cy += h
    return shapes, cy


# -- from components.toml ---------------------------------------------------------------
def load_sheet(checks: KitChecks, table: Values) -> Optional[SheetSpec]:
    """A [[sheet]]: a blank grid, a table from data (pivoted, or one line per row), or the
    game's own drawing."""
    name = checks.unique_name(table)
    title = title_of(table, name)
    if table["drawing"]:
        if table["picture"]:
            checks.source.report(table.key("picture"), "a sheet the game draws shows no picture",
                                 expected="`drawing`, or a picture on a sheet Rulepress draws", found="both")
        return drawn_sheet(checks, table, name, title)
    data = checks.data_file(table)
    pivot = pivot_spec(checks, table["pivot"], data) if table["pivot"] is not None else None
    fields = template_list(checks, table, data)
    width = check_sheet(checks, table, data, pivot, fields)
    spec = SheetSpec(name, title, table["heading"] or title, tuple(table["columns"]),
                     tuple(table["column_widths"]), table["rows"], tuple(table["row_labels"]),
                     table["row_height"], width, tuple(table["notes"]), table["copies"], table["per_player"],
                     data, pivot, fields, table["columns_title"],
                     picture=sheet_picture(checks, table, width) if table["picture"] else None)
    return in_sheet_font(checks, table, spec)


def drawn_sheet(checks: KitChecks, table: Values, name: str, title: str) -> Optional[SheetSpec]:
    """A sheet the game draws itself: `drawing(player)` per player (or once, with None)."""
    extra = [key for key in ("data", "columns", "fields", "pivot", "rows") if table.get(key)]
    if extra:
        checks.source.report(table.key(extra[0]), f"a sheet with a drawing has no {extra[0]}",
                             expected="drawing, or a table (data, columns, fields, pivot, rows)", found=extra[0])
        return None
    draw = checks.game_function(table, "drawing", "record.sheet")
    if draw is None:
        return None
    drawings = []
    for player in (checks.options.players if table["per_player"] else (None,)):
        drawing = checks.drawn(table, "sheet", draw, player)
        if drawing is None:
            return None
        drawings.append(drawing)
    font = named_font(checks, table)
    if font is not None:  # the game's drawing, its words set in the sheet's font
        drawings = [set_in(drawing, font.ref) for drawing in drawings]
        words = [("drawing", text.text, text.bold) for drawing in drawings for text in texts_of(drawing.shapes)]
        report_glyphs(checks, table.key("font"), glyph_problem(font, words, "the sheet's "))
    return SheetSpec(name, title, table["heading"] or title, copies=table["copies"],
                     per_player=table["per_player"], drawn=tuple(drawings), font=font.ref if font else None)


def in_sheet_font(checks: KitChecks, table: Values, spec: SheetSpec) -> SheetSpec:
    """The sheet in the font its `font` names, its texts checked against it first: what the file
    says at its key's line, what the data fills in at the row's (the first problem of each)."""
    font = named_font(checks, table)
    if font is None:
        return spec
    for at, text in keyed_texts(table, spec, checks.options.players):
        if report_glyphs(checks, at, glyph_problem(font, [text], "the sheet's ")):
            break
    for row in (spec.data.rows if spec.data is not None else ()):
        problem = glyph_problem(font, data_texts(spec, row), "the sheet's ")
        if problem:
            checks.source.errors.append(ContentError(spec.data.path, row.line, problem[0], expected=problem[1],
                                                     found=problem[2]))
            break
    return replace(spec, font=font.ref)


def keyed_texts(table: Values, spec: SheetSpec, players) -> list[tuple[tuple, tuple[str, str, bool]]]:
    """(key path, (where, text, bold)) of each text the file gives the sheet, at the key that gives
    it (the heading for each player, and a copy's number, at `font`'s)."""
    heading = next((key for key in ("heading", "title") if key in table.given), "font")
    keyed = [(table.key(heading), ("heading", spec.heading, True)),
             (table.key("columns_title"), ("title", spec.columns_title, True))]
    keyed += [(table.key("columns") + (i,), ("column", text, True)) for i, text in enumerate(spec.columns)]
    keyed += [(table.key("row_labels") + (i,), ("row label", text, True)) for i, text in enumerate(spec.row_labels)]
    keyed += [(table.key("notes") + (i,), ("note", text, False)) for i, text in enumerate(spec.notes)]
    if not spec.columns:  # the fields' columns named after them
        keyed += [(table.key("fields") + (i,), ("column", field.strip("{}"), True))
                  for i, field in enumerate(spec.fields)]
    if spec.pivot is not None:
        keyed += [(table["pivot"].key(key), ("title", getattr(spec.pivot, key), True))
                  for key in ("row_title", "column_title")]
    each = [("heading", f"{spec.heading} — {player.name}", True) for player in players] if spec.per_player else []
    each += [("copy number", f"#{copy + 1}", False) for copy in range(spec.copies if spec.copies > 1 else 0)]
    return [(at, text) for at, text in keyed + [(table.key("font"), text) for text in each] if text[1]]


def data_texts(spec: SheetSpec, row) -> list[tuple[str, str, bool]]:
    """(where, text, bold) of what one data row sets on the sheet: its line's fields, or its
    pivot's labels (bold) and value."""
    if spec.pivot is None:
        return [("line", fill(field, row.text), False) for field in spec.fields]
    pivot = spec.pivot
    return [("row label", fill(pivot.row_format, row.text) if pivot.row_format else row.text[pivot.rows], True),
            ("column label", fill(pivot.column_format, row.text) if pivot.column_format else row.text[pivot.columns],
             True), ("value", row.text[pivot.value], False)]


def report_glyphs(checks: KitChecks, at: tuple, problem: Optional[tuple[str, str, str]]) -> bool:
    if problem:
        checks.source.report(at, problem[0], expected=problem[1], found=problem[2])
    return bool(problem)


def check_sheet(checks: KitChecks, table: Values, data: Optional[Table], pivot: Optional[Pivot],
                fields: tuple[str, ...]) -> float:
    """A sheet's keys against each other and the page; its width (the sum of its columns' if given)."""
    columns, widths, width = table["columns"], table["column_widths"], table["width"]
    if data is not None and pivot is None and not fields:
        checks.source.report(table.key("data"), "a sheet with data needs `pivot` or `fields` to say how to show it",
                             expected="pivot = {...} or fields = [\"{column}\", ...]", found="neither")
    if data is None and (pivot is not None or fields):
        checks.source.report(table.key("pivot" if pivot is not None else "fields"), "`pivot` and `fields` need `data`",
                             expected="data = \"file.csv\"", found="no data")
    if fields and columns and len(columns) != len(fields):
        checks.source.report(table.key("columns"), "a sheet needs one column title per field",
                             expected=f"{len(fields)} titles", found=f"{len(columns)}")
    if widths:
        count = len(columns) if not fields else len(fields)
        if pivot is None and count and len(widths) != count:
            checks.source.report(table.key("column_widths"), "one width per column",
                                 expected=f"{count} widths", found=f"{len(widths)}")
        width = float(sum(widths))
    narrowest = min(PAPERS[p][1] for p in checks.options.papers) - 16
    if width > narrowest:
        checks.source.report(table.key("width" if not widths else "column_widths"), "the sheet is wider than the page",
                             expected=f"at most {narrowest:g} mm", found=f"{width:g} mm")
    return width


def template_list(checks: KitChecks, table: Values, data: Optional[Table]) -> tuple[str, ...]:
    """`fields`: templates over the data's columns, one per line of the sheet."""
    for index, value in enumerate(table["fields"]):
        unknown = [field for field in template_fields(value) if not data or field not in data.columns]
        if unknown:
            checks.source.report(table.key("fields") + (index,),
                                 "the template uses a column the data does not have",
                                 expected="one of: " + ", ".join(data.columns if data else ()),
                                 found="{" + unknown[0] + "}")
    return tuple(table["fields"])


def pivot_spec(checks: KitChecks, table: Values, data: Optional[Table]) -> Pivot:
    keys = {key: checks.data_column(table, key, data) for key in ("rows", "columns", "value")}
    return Pivot(keys["rows"], keys["columns"], keys["value"], **checks.templates(table, data))

