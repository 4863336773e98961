"""Read a site folder into the model, validating everything and reporting every
problem at once with its file and line."""
from __future__ import annotations

import hashlib
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from generator.content.base_url import base_url_problem
from generator.content.files import check_inside, read_source, read_text
from generator.content.limits import MAX_DATA_ROWS, page_limits
from generator.content.model import Clarification, Game, Page, Site
from generator.content.releases import Release, date_problem, ordered, version_clash, version_names, version_problem
from generator.content.schema import Field, Problem, Schema, Source, validate
from generator.errors import ContentError, ContentErrors, describe_value, did_you_mean
from generator.play.tables import TYPES, Table, TableSpec, open_table

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MAX_SLUG = 64  # a game's, page's or component's name: file names add to it and stop at 255 bytes
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
CLARIFICATION_ID = re.compile(r"^C[1-9][0-9]*$")
CLARIFICATION_KEYS = ("id", "tests", "title")


def colour(value):
    return None if COLOUR.match(value) else "a colour like #3559c7"


def range_table(value):
    low, high = value.get("min"), value.get("max")
    if not (isinstance(low, int) and isinstance(high, int)) or isinstance(low, bool) or low < 1 or high < low:
        return "a table { min = N, max = M } of whole numbers with 1 <= min <= max"
    if set(value) - {"min", "max"}:
        return "only the keys min and max"
    return None


def column_types(value) -> Problem | None:
    """Every column has one of the types a data cell can hold."""
    for column, kind in value.items():
        if isinstance(kind, str) and kind in TYPES:
            continue
        allowed = ", ".join(f'"{name}" ({words})' for name, words in TYPES.items())
        hint = did_you_mean(kind, TYPES) if isinstance(kind, str) else ""
        return Problem(f"unknown type for column '{column}' in {{key}}", expected=f"one of: {allowed}",
                       found=describe_value(kind), hint=hint)
    return None


SITE_SCHEMA = Schema({
    "title": Field(str, required=True),
    "base_url": Field(str, default="https://example.org/", describe="the site's address, http:// or https://",
                      check=base_url_problem),
    "path_prefix": Field(str, default="/", check=lambda v: None if v.startswith("/") and v.endswith("/") else "a path that starts and ends with /"),
    "language": Field(str, default="en"),
    "description": Field(str, default=""),
    "raw_html": Field(bool, default=False),
    "rulebooks": Field(bool, default=True, describe="true to typeset every game's rules as PDF (the default)"),
    "search": Field(bool, default=True, describe="true to index every game page for the site's search (the default)"),
    "exports": Field(bool, default=True, describe="true to export every game's kit for print-on-demand shops and "
                                                  "virtual tabletops (the default)"),
    "pyodide_url": Field(str, default=""),
    "balance_notes": Field(bool, default=False,
                           describe="true to play the self-play matches of balance pages (off by default: slow)"),
    "game_code_seconds": Field((int, float), default=5,
                               describe="the seconds one call into a game's code may take (5 by default)",
                               check=lambda v: None if not isinstance(v, bool) and 0 < v <= 600
                               else "a number of seconds from more than 0 up to 600"),
    "print_words": Field(list, default=None, items=str,
                         describe="words that make no sense on paper, warned of in what a rulebook prints "
                                  "(a word or phrase, or a /regular expression/)"),
    "strict": Field(bool, default=False,
                    describe="true to make warnings fail the build, as `rulepress build --strict` does"),
    "theme": Field(dict, default=dict, schema=Schema({"accent": Field(str, default="#3559c7", check=colour)})),
})

DATA_SCHEMA = Schema({
    "file": Field(str, required=True, describe="a CSV or TOML file in the game folder"),
    "columns": Field(dict, required=True, check=column_types, describe="a table of column = type"),
    "caption": Field(str, default=""),
    "readers": Field(list, default=None, items=str,
                     describe="the columns readers see when a page's table names none (not layout data)"),
    "translate": Field(list, default=None, items=str,
                       describe="the text columns a translation translates (card names and texts: docs/translations.md)"),
})

RELEASE_SCHEMA = Schema({
    "version": Field(str, required=True, check=version_problem),
    "date": Field(str, required=True, check=date_problem, describe="a date, e.g. 2026-11-26"),
    "summary": Field(str, required=True, describe="one line: what the release changed"),
    "ref": Field(str, default="", describe="the git tag or commit holding the release's sources"),
})

FONT_SCHEMA = Schema({  # a designer's font (generator/draw/fonts.py reads its files)
    "file": Field(str, required=True, describe="a .ttf or .otf file in the game folder, e.g. \"fonts/Display.ttf\""),
    "bold": Field(str, default="", describe="its bold face's file, e.g. \"fonts/Display-Bold.ttf\""),
    "licence": Field(str, required=True, describe="the font's licence, e.g. \"SIL Open Font License 1.1\""),
})

GAME_SCHEMA = Schema({
    "title": Field(str, required=True),
    "designers": Field(list, required=True, items=str, describe="a list of names"),
    "year": Field(int, default=None),
    "source": Field(str, required=True, describe="the title of the source rules"),
    "source_url": Field(str, default=""),
    "licence": Field(str, required=True, describe="the source's licence note"),
    "credit": Field(str, default=""),
    "players": Field(dict, required=True, check=range_table, describe="{ min = N, max = M }"),
    "ages": Field(int, default=None),
    "play_time": Field(dict, default=None, check=range_table, describe="{ min = N, max = M } in minutes"),
    "summary": Field(str, required=True),
    "accent": Field(str, default="#3559c7", check=colour),
    "pages": Field(list, default=lambda: ["rules"], items=str),
    "data": Field(dict, default=dict, schema=Schema({}, entry=Field(dict, schema=DATA_SCHEMA))),
    "engine": Field(dict, default=dict, schema=Schema({
        "files": Field(list, default=list, items=str,
                       describe="the files of the game folder the engine reads besides its modules and [data.*] "
                                "tables (published in the game's Play download)"),
    })),
    "releases": Field(list, default=list, items=Field(dict, schema=RELEASE_SCHEMA),
                      describe="a list of [[releases]] tables (version, date, summary, ref)"),
    "fonts": Field(dict, default=dict, schema=Schema({}, entry=Field(dict, schema=FONT_SCHEMA)),
                   describe="a table of name = { file, bold, licence }"),
    "rulebook": Field(dict, default=dict, schema=Schema({
        "heading_font": Field(str, default="", describe="a font named in [fonts], e.g. \"display\""),
    })),
})

FRONT_MATTER_SCHEMA = Schema({
    "title": Field(str, required=True),
    "summary": Field(str, default=""),
    "glossary": Field(bool, default=False),
    "print": Field(str, default="", check=lambda v: None if v in ("", "one-page") else '"one-page" (pack the page onto one printed side)'),
    "clarifications": Field(list, default=list, items=dict, describe="a list of entries with an id and tests"),
    "only": Field(str, default="", check=lambda v: None if v in ("", "web") else '"web" (the page is left out of the printed rulebook)'),
})


@dataclass
class Known:
    """What the build cache knows, so that loading parses only the files that
    changed since the last build (every key a sha256 of a file's bytes):

    hashes  content file path -> its hash now (from generator.fingerprint.file_hashes)
    front   page file hash -> its front matter (from parse_front_matter, with
            "key": the hash of the front matter's own text, so that an edit
            to a page's body finds its front matter unchanged)
    games   game.toml hash -> its validated values

    Files parsed now are added to `front` and `games`."""

    hashes: dict[str, str] = field(default_factory=dict)
    front: dict[str, dict] = field(default_factory=dict)
    games: dict[str, dict] = field(default_factory=dict)
    read: dict[str, bytes] = field(default_factory=dict)  # bytes of files just hashed: not read twice
    _by_front_text: dict[str, dict] | None = None

    def by_front_text(self) -> dict[str, dict]:
        """Front matters by the hash of their own text (the "key" parse gives them)."""
        if self._by_front_text is None:
            self._by_front_text = {front["key"]: front for front in self.front.values() if front_fits(front)}
        return self._by_front_text


def parse_toml(path: Path, text: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        line, column = (int(match[1]), int(match[2])) if match else (None, None)
        message = re.sub(r"\s*\(at line.*\)$", "", str(error))
        raise ContentError(path, line, "invalid TOML", column=column,
                           expected="valid TOML", found=message) from None


FRONT_MATTER_END = re.compile(r"^[ \t]*---[ \t\r]*$", re.MULTILINE)


def front_matter_bounds(path: Path, text: str) -> tuple[int, int, int, int]:
    """Where the YAML starts and ends, where the body starts (offsets), and the
    body's 1-based line."""
    first = text[:text.find("\n")] if "\n" in text else text
    if first.strip() != "---":
        raise ContentError(path, 1, "missing YAML front matter",
                           expected="a first line '---' opening the front matter (with at least a title)",
                           found=first.strip() or "an empty file")
    # Only the front matter is scanned for its end: pages are long, front matter short.
    end = FRONT_MATTER_END.search(text, len(first) + 1)
    if end is None:
        raise ContentError(path, 1, "front matter is never closed", expected="a line '---' after the front matter", found="end of file")
    body_start = min(end.end() + 1, len(text))  # after the closing line's newline
    return len(first) + 1, end.start(), body_start, text.count("\n", 0, end.start()) + 2


def split_front_matter(path: Path, text: str) -> tuple[dict, int, int]:
    """(front matter, offset where the body starts, 1-based line where it starts)."""
    import yaml  # only when a front matter changed: an edit to a page's text never loads it

    from generator.content.yamlload import load_yaml

    start, end, body_start, body_line = front_matter_bounds(path, text)
    try:
        data = load_yaml(text[start:end]) or {}
    except yaml.YAMLError as error:
        from generator.content.yamlerrors import explain

        problem = explain(error, text[start:end])
        line = problem.line + 2 if problem.line is not None else 1  # the front matter starts on line 2
        column = problem.column + 1 if problem.column is not None else None
        raise ContentError(path, line, f"invalid YAML front matter: {problem.message}", column=column,
                           expected=problem.expected, found=problem.found) from None
    if not isinstance(data, dict):
        raise ContentError(path, 2, "front matter is not a mapping", expected="key: value lines", found=describe_value(data))
    return data, body_start, body_line


def load_page(game: str, path: Path, root: Path, errors: list, known: Known | None = None,
              is_link: bool | None = None) -> Page | None:
    """The page in `path`: its front matter from `known` if the file is unchanged
    since the last build, else parsed; its body is read when first needed.
    `is_link`: whether `path` is a symbolic link, if the caller knows."""
    if is_link if is_link is not None else os.path.islink(path):
        check_inside(path, root)  # a link must not lead outside the site
    source_hash = known.hashes.get(str(path)) if known else None
    front = known.front.get(source_hash) if source_hash else None
    if front is not None and not front_fits(front):
        front = None  # a damaged cache entry: parse the page again
    text = None
    if front is None:
        text, source_hash = read_source(path, known.read if known else None)  # the hash of the text parsed
        _start, _end, body_start, body_line = front_matter_bounds(path, text)
        too_much = page_limits(path, text, body_start, body_line)  # before any stage parses the page
        if too_much:
            errors.extend(too_much)
            return None
        # An edit to the body leaves the front matter as it was: find it by its own text.
        front_key = hashlib.sha256(text[:body_start].encode("utf-8")).hexdigest()
        front = known.by_front_text().get(front_key) if known else None
        if front is None:
            front = parse_front_matter(path, text, errors)
            if front is None:
                return None
            front["key"] = front_key
            if known:
                known.by_front_text()[front_key] = front
        if known:
            known.front[source_hash] = front
    page = Page(game=game, name=path.stem, path=path, title=front["title"], summary=front["summary"],
                glossary=front["glossary"], print_layout=front["print_layout"], only=front.get("only", ""),
                source_hash=source_hash,
                clarifications=tuple(Clarification(cid, tuple(tests)) for cid, tests in front["clarifications"]),
                body_line=front["body_line"], body_start=front["body_start"])
    if text is not None:  # read just now: keep the body rather than read the file again to render it
        page.__dict__["body"] = text[front["body_start"]:]
    return page


FRONT_SHAPE = {"title": str, "summary": str, "glossary": bool, "print_layout": str, "only": str, "clarifications": list,
               "body_line": int, "body_start": int, "key": str}  # what parse_front_matter makes (and load_page adds)


def front_fits(front) -> bool:
    """Whether a cached front matter has the shape parse_front_matter gives it: the build cache
    is checked when used, and an entry that does not fit is parsed again (never trusted). Each
    value of exactly its type (JSON makes no subclasses; a bool is no int here): every build
    checks every page's, so a loop, not a generator per page."""
    if type(front) is not dict or front.keys() != FRONT_SHAPE.keys():
        return False
    for key, kind in FRONT_SHAPE.items():
        if type(front[key]) is not kind:
            return False
    if front["print_layout"] not in ("", "one-page") or front["only"] not in ("", "web") or \
            front["body_line"] < 1 or front["body_start"] < 0:
        return False
    return all(isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], list)
               and all(isinstance(test, str) for test in item[1]) for item in front["clarifications"])


def parse_front_matter(path: Path, text: str, errors: list) -> dict | None:
    """The page's validated front matter as plain JSON values, and where its
    body starts; None if it has no title (the error is in `errors`)."""
    data, body_start, body_line = split_front_matter(path, text)
    source = Source(path, text[:body_start], errors)
    values = validate(data, FRONT_MATTER_SCHEMA, source)
    clarifications = []
    for item in values.get("clarifications") or []:
        problem = clarification_problem(path, source.line_of(("clarifications",)), item)
        if problem:
            errors.append(problem)
            continue
        clarifications.append([item["id"], [str(t) for t in item.get("tests", [])]])
    if "title" not in values:
        return None
    return {"title": values["title"], "summary": values["summary"], "glossary": values["glossary"],
            "print_layout": values.get("print", ""), "only": values.get("only", ""), "clarifications": clarifications,
            "body_line": body_line, "body_start": body_start}


def clarification_problem(path: Path, line: int | None, item: dict) -> ContentError | None:
    """What is wrong with one `clarifications:` entry of the front matter, if anything."""
    unknown = [key for key in item if key not in CLARIFICATION_KEYS]
    if unknown:
        return ContentError(path, line, f"bad clarification entry: unknown key '{unknown[0]}'" + did_you_mean(unknown[0], CLARIFICATION_KEYS),
                            expected="id, tests and optionally title", found=str(unknown[0]))
    cid, tests = item.get("id"), item.get("tests", [])
    if not (isinstance(cid, str) and CLARIFICATION_ID.match(cid)):
        return ContentError(path, line, "bad clarification entry: its id", expected="id: C1, C2, ... in page order",
                            found=describe_value(cid))
    if not isinstance(tests, list):
        return ContentError(path, line, f"bad clarification entry: the tests of {cid}",
                            expected="tests: [a list of test ids]", found=describe_value(tests))
    return None


def load_data(name: str, spec: dict, game_toml: Source, folder: Path, root: Path, errors: list) -> Table | None:
    """The table declared as `[data.<name>]`, read by the one table reader."""
    declaration = TableSpec(name, spec["file"], dict(spec["columns"]), spec.get("caption", ""), game_toml.path,
                            game_toml.line_of(("data", name)), game_toml.line_of(("data", name, "columns")),
                            tuple(spec.get("readers") or ()), tuple(spec.get("translate") or ()))
    for key, named, kinds in (("readers", declaration.readers, TYPES), ("translate", declaration.translate, ("str",))):
        unknown = [column for column in named if declaration.columns.get(column) not in kinds]
        if unknown:
            what = "text column" if key == "translate" else "column"
            errors.append(ContentError(game_toml.path, game_toml.line_of(("data", name, key)),
                                       f"[data.{name}] {key}: no {what} '{unknown[0]}'",
                                       expected=f"{what}s declared in its `columns`: " + ", ".join(
                                           c for c, kind in declaration.columns.items() if kind in kinds),
                                       found=unknown[0]))
            return None
    table, problems = open_table(declaration, folder, root)
    errors.extend(problems)
    if table is not None and len(table.rows) > MAX_DATA_ROWS:  # every stage reads it whole, some row by row
        errors.append(ContentError(table.path, table.rows[MAX_DATA_ROWS].line, f"the data file has "
                                   f"{len(table.rows):,} rows; a data file may have at most {MAX_DATA_ROWS:,}",
                                   expected=f"at most {MAX_DATA_ROWS:,} rows (docs/content.md, Limits)",
                                   found=f"row {MAX_DATA_ROWS + 1:,}"))
        return None
    return table


def load_game(folder: Path, root: Path, errors: list, known: Known | None = None) -> Game | None:
    """One game folder: its settings, pages and data tables (None when it cannot be made)."""
    listing = game_listing(folder, root, errors)
    if listing is None:
        return None
    game_toml = folder / "game.toml"
    found = game_settings(game_toml, listing, known, errors)
    if found is None:
        return None
    values, text = found
    # for lines in messages and data declarations: an unchanged game.toml is read only then
    source = Source(game_toml, text if text is not None else lambda: read_text(game_toml, root), errors)

    def pages_line() -> int | None:  # for messages: the line of `pages =` in game.toml
        return source.line_of(("pages",))

    pages = load_pages(folder, listing, values, root, known, errors, pages_line)
    data = {}
    for name, spec in (values.get("data") or {}).items():
        if "file" in spec and "columns" in spec:
            table = load_data(name, spec, source, folder, root, errors)
            if table:
                data[name] = table
    if pages is None or any(key not in values for key in ("title", "designers", "source", "licence", "players", "summary")):
        return None
    play_time = values.get("play_time")
    return Game(
        slug=folder.name, folder=folder, title=values["title"], designers=tuple(values["designers"]),
        year=values.get("year"), source=values["source"], source_url=values.get("source_url", ""),
        licence=values["licence"], credit=values.get("credit", ""),
        players=(values["players"]["min"], values["players"]["max"]), ages=values.get("ages"),
        play_time=(play_time["min"], play_time["max"]) if play_time else None,
        summary=values["summary"], accent=values.get("accent", "#3559c7"), pages=tuple(pages), data=data,
        releases=game_releases(values.get("releases") or [], source),
        **declared_fonts(values, source, folder),
        files=frozenset(name for name, entry in listing.items() if entry.is_file()),
    )


def declared_fonts(values: dict, source: Source, folder: Path) -> dict:
    """The game's fonts and the rulebook's heading font (Game's `fonts` and `heading_font`)."""
    fonts = {}
    if values.get("fonts"):  # the drawing code only for a game that declares fonts: most declare none
        from generator.draw.fonts import game_fonts

        fonts = game_fonts(values["fonts"], source, folder)
    heading = (values.get("rulebook") or {}).get("heading_font") or ""
    if heading and heading not in fonts:
        if heading not in (values.get("fonts") or {}):  # else its own problem is reported
            source.report(("rulebook", "heading_font"), f"no font '{heading}' in [fonts]",
                          expected="a font game.toml declares: " + (", ".join(sorted(fonts)) or "none yet"),
                          found=heading)
        heading = ""
    return {"fonts": fonts, "heading_font": heading}


def game_releases(listed: list[dict], source: Source) -> tuple[Release, ...]:
    """game.toml's releases, oldest first; a version listed twice (in any case: one folder on
    macOS and Windows) is reported at its second line, one that a file of the game's takes at its own."""
    slug = source.path.parent.name  # a game's folder name is its slug
    seen, releases = {}, []
    for index, entry in enumerate(listed):
        version, at = entry["version"], ("releases", index, "version")
        if version is None:
            continue  # reported by the schema
        first, clash = seen.get(version.casefold()), version_clash(version, slug)
        if first:
            source.report(at, f"release '{version}' is listed twice" + (f" (as '{first}')" if first != version else ""),
                          expected="each version once", found=version)
        elif clash:
            source.report(at, f"release '{version}' cannot have that name: {slug}/{version} is {clash}",
                          expected=f"a version that is not the name of a file or folder of the game's: "
                                   f"{version_names(slug)}", found=version)
        else:
            seen[version.casefold()] = version
            if None not in (entry["date"], entry["summary"]):  # else reported by the schema
                releases.append(Release(version, entry["date"], entry["summary"], entry.get("ref", "")))
    return ordered(releases)


def game_listing(folder: Path, root: Path, errors: list) -> dict[str, os.DirEntry] | None:
    """The folder's entries by name, once it is known to be a game folder inside the site."""
    game_toml = folder / "game.toml"
    if not SLUG.match(folder.name) or len(folder.name) > MAX_SLUG:
        errors.append(ContentError(folder, None, "bad game folder name", expected=f"lowercase letters, digits and "
                                   f"hyphens, at most {MAX_SLUG} of them (the name starts every file name of the game)",
                                   found=folder.name if len(folder.name) <= 80 else f"{folder.name[:60]}... "
                                   f"({len(folder.name)} characters)"))
        return None
    with os.scandir(folder) as entries:  # one listing: no stat per page, no glob
        listing = {entry.name: entry for entry in entries}
    if "game.toml" not in listing or not listing["game.toml"].is_file():
        errors.append(ContentError(game_toml, None, "missing game.toml", expected="a game.toml in every game folder", found="no such file"))
        return None
    try:
        if os.path.islink(folder):  # a real folder inside content/ is inside the site
            check_inside(folder, root)
        if listing["game.toml"].is_symlink():
            check_inside(game_toml, root)
    except ContentError as error:
        errors.append(error)
        return None
    return listing


def game_settings(game_toml: Path, listing: dict, known: Known | None, errors: list) -> tuple[dict, str | None] | None:
    """game.toml's validated values, and its text when it was read. An unchanged
    game.toml is neither read nor parsed: its values are known."""
    toml_hash = known.hashes.get(str(game_toml)) if known else None
    values = known.games.get(toml_hash) if toml_hash else None
    if values is not None:
        return values, None
    try:
        text, toml_hash = read_source(game_toml, known.read if known else None)
        raw = parse_toml(game_toml, text)
    except ContentError as error:
        errors.append(error)
        return None
    values = validate(raw, GAME_SCHEMA, Source(game_toml, text, errors))
    if known:
        known.games[toml_hash] = values
    return values, text


def load_pages(folder: Path, listing: dict, values: dict, root: Path, known: Known | None, errors: list,
               pages_line) -> list[Page] | None:
    """The pages game.toml lists (rules first), each read once; None when the list itself is wrong."""
    game_toml = folder / "game.toml"
    page_names = values.get("pages") or ["rules"]
    if "rules" not in page_names:
        page_names = ["rules", *page_names]
    bad = [name for name in page_names if not SLUG.match(name) or len(name) > MAX_SLUG]
    if bad:
        errors.append(ContentError(game_toml, pages_line(), f"bad page name '{bad[0]}'",
                                   expected=f"page names of lowercase letters, digits and hyphens, at most {MAX_SLUG} "
                                            "(the .md file's name)",
                                   found=bad[0]))
        return None
    twice = sorted({name for name in page_names if page_names.count(name) > 1})
    if twice or "index" in page_names:  # 'index' is where the rules page goes: the two would be one file
        name = twice[0] if twice else "index"
        errors.append(ContentError(game_toml, pages_line(), f"page '{name}' " + (
            "is listed twice in pages" if twice else "cannot be a page's name: the rules page is the game's index"),
                                   expected="each page once, none named index", found=name))
        return None
    pages = []
    for name in page_names:
        path = folder / f"{name}.md"
        if path.name not in listing or not listing[path.name].is_file():
            line = pages_line() if name != "rules" else None
            what = "missing rules.md" if name == "rules" else f"page '{name}' listed in pages has no file"
            errors.append(ContentError(path if name == "rules" else game_toml, line, what,
                                       expected=f"a Markdown file {path.name} in {folder.name}/", found="no such file"))
            continue
        try:
            page = load_page(folder.name, path, root, errors, known, listing[path.name].is_symlink())
        except ContentError as error:
            errors.append(error)
            continue
        if page:
            pages.append(page)
    unlisted = sorted(name[:-3] for name, entry in listing.items()
                      if name.endswith(".md") and entry.is_file() and name[:-3] not in page_names)
    for stem in unlisted:
        errors.append(ContentError(game_toml, pages_line(), f"page {stem}.md is not listed in pages",
                                   expected="every Markdown page named in pages", found=stem))
    return pages


def check_pyodide_url(values, source: Source) -> None:
    """pyodide_url must be a place the pages' CSP lets them load Pyodide from (see content/pyodide_url.py)."""
    from generator.content.pyodide_url import EXPECTED, pyodide_url_problem
    from generator.policy import CSP

    problem = pyodide_url_problem(values["pyodide_url"], values["base_url"], CSP)
    if problem:
        source.report(values.key("pyodide_url"), f"pyodide_url {problem}", expected=EXPECTED,
                      found=describe_value(values["pyodide_url"]))


def load_site(root: Path, known: Known | None = None) -> Site:
    """Load and validate the whole site; raise ContentErrors listing every problem.
    `known`: what the last build parsed, for an incremental build (see Known)."""
    root = Path(root)
    content = root / "content"
    errors: list[ContentError] = []
    site_toml = content / "site.toml"
    if not site_toml.is_file():
        raise ContentErrors([ContentError(site_toml, None, "missing site.toml",
                                          expected="content/site.toml in the site folder", found="no such file")])
    try:
        # content/ and site.toml stay inside the site; then so does every real folder in content/
        text = read_text(site_toml, root)
    except ContentError as error:
        raise ContentErrors([error]) from None
    try:
        raw = parse_toml(site_toml, text)
    except ContentError as error:
        errors.append(error)
        raw = {}
    values = validate(raw, SITE_SCHEMA, Source(site_toml, text, errors)) if raw or not errors else {}
    if values.get("pyodide_url"):
        check_pyodide_url(values, Source(site_toml, text, errors))
    games = []
    for folder in sorted(p for p in content.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))):
        game = load_game(folder, root, errors, known)
        if game:
            games.append(game)
    games.sort(key=lambda game: (game.title.casefold(), game.slug))  # the catalogue reads by title
    if errors:
        raise ContentErrors(errors)
    theme = values.get("theme") or {}
    from generator.gamecode import set_time_limit

    set_time_limit(values["game_code_seconds"])  # every call into the games' code while this site builds
    return Site(
        root=root, title=values["title"], base_url=values["base_url"], path_prefix=values["path_prefix"],
        language=values["language"], description=values["description"], raw_html=values["raw_html"],
        rulebooks=values["rulebooks"], search=values["search"],
        pyodide_url=values["pyodide_url"], accent=theme.get("accent", "#3559c7"), games=tuple(games),
        balance_notes=values["balance_notes"], exports=values["exports"],
        print_words=None if values["print_words"] is None else tuple(values["print_words"]),
        strict=values["strict"],
    )
