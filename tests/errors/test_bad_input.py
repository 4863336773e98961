"""The bad-input suite (issue 16, "Done when"): over a hundred mistakes an author can make in
site.toml, game.toml, pages, data files and components.toml. Every one exits with status 1,
names the file (and the line, where there is one), shows no traceback, and leaves the
previous output byte for byte as it was."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli import main
from tests.sitefactory import make_site

COMPONENTS = """[kit]
papers = ["a4"]
variants = ["print"]

[[board]]
name = "board"
title = "Board"
cell = 20
map = '''
.A.
...
'''
[board.kinds.A]
name = "Home"
label = "H"
fill = "#cfe8c9"

[[deck]]
name = "scores"
title = "Score cards"
data = "scores.csv"
quantity = ""
[deck.front]
title = "Pebble {pebbles}"
value = "{points}"
background = "#3559c7"
[deck.back]
title = "PEBBLES"
pattern = "dots"

[[sheet]]
name = "pad"
title = "Score pad"
columns = ["Player", "Points"]
column_widths = [60, 30]
rows = 4

[[token]]
name = "pebbles"
title = "Pebbles"
size = 18
items = [{ label = "P", count = 4, fill = "#888888" }]
"""

G, R, A, C, K, S = ("content/pebbles/game.toml", "content/pebbles/rules.md", "content/pebbles/reference.md",
                    "content/pebbles/scores.csv", "content/pebbles/components.toml", "content/site.toml")

# (file, change, marker, message): `change` is (old, new) to replace once, or bytes/str for the
# whole file; the error must name the file and, with a marker, the line of the marker's first
# appearance in the changed file.
CASES = {
    # -- site.toml
    "site: title missing": (S, ('title = "Test shelf"\n', ""), None, "missing required key 'title'"),
    "site: title a number": (S, ('title = "Test shelf"', "title = 5"), "title =", "title"),
    "site: base_url javascript": (S, ('"https://games.example/"', '"javascript:alert(1)//"'), "base_url", "https://"),
    "site: base_url without scheme": (S, ('"https://games.example/"', '"games.example"'), "base_url", "https://"),
    "site: base_url ftp": (S, ('"https://games.example/"', '"ftp://games.example/"'), "base_url", "https://"),
    "site: path_prefix without slash": (S, ("base_url", 'path_prefix = "games"\nbase_url'), "path_prefix", "path_prefix"),
    "site: unknown key": (S, ("base_url", 'colour = "red"\nbase_url'), "colour", "unknown key 'colour'"),
    "site: raw_html a string": (S, ("base_url", 'raw_html = "yes"\nbase_url'), "raw_html", "raw_html"),
    "site: rulebooks a string": (S, ("base_url", 'rulebooks = "no"\nbase_url'), "rulebooks", "rulebooks"),
    "site: theme accent not a colour": (S, ("base_url", 'theme = { accent = "blue" }\nbase_url'), "theme", "accent"),
    "site: invalid TOML": (S, ('title = "Test shelf"', 'title = "Test shelf'), "title", "invalid TOML"),
    "site: not UTF-8": (S, b'title = "Caf\xe9"\n', "title", "not UTF-8"),
    # -- game.toml: required keys
    **{f"game: {key} missing": (G, (line + "\n", ""), None, f"missing required key '{key}'") for key, line in (
        ("title", 'title = "Pebbles"'), ("designers", 'designers = ["Ada Example"]'),
        ("source", 'source = "Pebbles house rules"'), ("licence", 'licence = "Free to share."'),
        ("players", "players = { min = 2, max = 4 }"), ("summary", 'summary = "Move pebbles; take the most."'))},
    # -- game.toml: types and values
    "game: ages a word": (G, ("ages = 7", 'ages = "seven"'), "ages =", "wrong type for 'ages'"),
    "game: year a word": (G, ("year = 2020", 'year = "twenty"'), "year =", "year"),
    "game: designers a string": (G, ('designers = ["Ada Example"]', 'designers = "Ada"'), "designers", "designers"),
    "game: players min above max": (G, ("players = { min = 2, max = 4 }", "players = { min = 5, max = 4 }"),
                                    "players", "players"),
    "game: players a number": (G, ("players = { min = 2, max = 4 }", "players = 4"), "players", "players"),
    "game: play_time a string": (G, ("play_time = { min = 10, max = 20 }", 'play_time = "20 min"'), "play_time",
                                 "play_time"),
    "game: accent not a colour": (G, ('accent = "#aa3300"', 'accent = "orange-ish"'), "accent", "accent"),
    "game: unknown key": (G, ("ages = 7", 'ages = 7\ncolour = "red"'), "colour", "unknown key 'colour'"),
    "game: pages lists a missing page": (G, ('pages = ["rules", "reference", "glossary"]',
                                            'pages = ["rules", "reference", "glossary", "faq"]'), None, "faq"),
    "game: a page listed twice": (G, ('pages = ["rules", "reference", "glossary"]',
                                      'pages = ["rules", "reference", "glossary", "reference"]'), "pages",
                                  "page 'reference' is listed twice in pages"),
    "game: a page named index": (G, ('pages = ["rules", "reference", "glossary"]',
                                     'pages = ["rules", "reference", "glossary", "index"]'), "pages",
                                 "page 'index' cannot be a page's name"),
    "game: pages a string": (G, ('pages = ["rules", "reference", "glossary"]', 'pages = "rules"'), "pages", "pages"),
    "game: invalid TOML": (G, ("ages = 7", "ages = = 7"), "ages", "invalid TOML"),
    "game: duplicate key": (G, ("ages = 7", "ages = 7\nages = 8"), "ages = 8", "invalid TOML"),
    "game: data file missing": (G, ('file = "scores.csv"', 'file = "nothing.csv"'), "[data.scores]", "not found"),
    "game: data leads outside": (G, ('file = "scores.csv"', 'file = "../../../etc/passwd"'), "[data.scores]",
                                 "outside the site folder"),
    "game: data column type unknown": (G, ('pebbles = "int"', 'pebbles = "integer"'), "columns", "unknown type"),
    "game: data without file": (G, ('file = "scores.csv"\n', ""), None, "missing required key"),
    "game: data columns missing": (G, ('columns = { pebbles = "int", points = "int" }\n', ""), None,
                                   "missing required key"),
    "game: not UTF-8": (G, b'title = "Pebbl\xe9s"\n', "title", "not UTF-8"),
    # -- pages: front matter
    "page: no front matter": (A, "## Summary\n\nText.\n", None, "front matter"),
    "page: front matter never closed": (A, "---\ntitle: Aid\n\nText.\n", None, "never closed"),
    "page: unclosed quote": (A, '---\ntitle: "Aid\n---\n\nText.\n', "title", "never closed"),
    "page: unclosed list": (A, "---\ntitle: Aid\nsummary: [a, b\n---\n\nText.\n", "summary", "never closed"),
    "page: colon in a value": (A, "---\ntitle: Aid: quick\n---\n\nText.\n", "title", "colon"),
    "page: tab indentation": (A, "---\ntitle: Aid\nclarifications:\n\t- id: C1\n---\n\nText.\n", None, "tab"),
    "page: key twice": (A, "---\ntitle: Aid\ntitle: Again\n---\n\nText.\n", "title: Again", "given twice"),
    "page: front matter a list": (A, "---\n- a\n- b\n---\n\nText.\n", None, "mapping"),
    "page: title a list": (A, "---\ntitle: [a, b]\n---\n\nText.\n", None, "title"),
    "page: unknown front key": (A, "---\ntitle: Aid\ncolour: red\n---\n\nText.\n", "colour", "colour"),
    "page: title missing": (A, "---\nsummary: Aid\n---\n\nText.\n", None, "title"),
    "page: clarifications not a list": (R, ("clarifications:\n  - id: C1\n    tests: [tests/example.py::test_c1]",
                                           "clarifications: yes"), "clarifications", "clarifications"),
    "page: clarification without id": (R, ("  - id: C1\n", "  - idd: C1\n"), None, "id"),
    "page: not UTF-8": (A, b"---\ntitle: Aid\n---\n\nCaf\xe9.\n", "Caf", "not UTF-8"),
    "page: BOM then no front matter": (A, "\ufeff## Summary\n", None, "front matter"),
    # -- pages: links and anchors
    "page: broken link": (A, ("Score [points](rules.md#turns).", "Score [points](ending.md)."), "ending.md",
                          "broken link"),
    "page: missing anchor": (A, ("rules.md#turns", "rules.md#nowhere"), "#nowhere", "missing anchor"),
    "page: missing anchor on the page itself": (A, ("Score [points](rules.md#turns).", "See [below](#nowhere)."),
                                                "#nowhere", "missing anchor"),
    "page: link to another game": (A, ("rules.md#turns", "../chess/rules.md"), "chess", "broken link"),
    "page: link to a missing file": (A, ("rules.md#turns", "kit/pebbles-kit-b5.pdf"), "b5", "broken link"),
    "page: link outside the site": (A, ("rules.md#turns", "../../../../etc/passwd"), "passwd", "link"),
    # -- pages: directives
    "directive: table without data": (A, "---\ntitle: Aid\n---\n\n```table\ncaption: x\n```\n", "```table", "data"),
    "directive: table of a missing table": (A, "---\ntitle: Aid\n---\n\n```table\ndata: nothing\n```\n", "```table",
                                            "no data table 'nothing'"),
    "directive: table unknown option": (A, "---\ntitle: Aid\n---\n\n```table\ndata: scores\nsort: up\n```\n",
                                        "```table", "unknown option 'sort'"),
    "directive: table unknown column": (A, "---\ntitle: Aid\n---\n\n```table\ndata: scores\ncolumns: [score]\n```\n",
                                        "```table", "score"),
    "directive: table headers count": (A, "---\ntitle: Aid\n---\n\n```table\ndata: scores\ncolumns: [pebbles]\n"
                                          "headers: [A, B]\n```\n", "```table", "headers"),
    "directive: options not a mapping": (A, "---\ntitle: Aid\n---\n\n```table\n- data\n```\n", "```table",
                                         "key: value"),
    "directive: invalid YAML": (A, "---\ntitle: Aid\n---\n\n## Summary\n\n```table\ndata: [scores\n```\n",
                                "data: [scores", "YAML"),
    "directive: option twice": (A, "---\ntitle: Aid\n---\n\n## Summary\n\n```table\ndata: scores\ndata:  scores\n```\n",
                                "data:  scores",
                                "given twice"),
    "directive: misspelt": (A, "---\ntitle: Aid\n---\n\n## Summary\n\n```tabel\ndata: scores\n```\n", "```tabel",
                            "unknown directive 'tabel' (did you mean table?)"),
    "heading: id given twice": (A, "---\ntitle: Aid\n---\n\n## Summary {#sum}\n\nText.\n\n## More {#sum}\n", "## More",
                                "the id 'sum' is given to 2 elements of this page"),
    "heading: id Rulepress gives": (A, "---\ntitle: Aid\n---\n\n## Summary {#credits}\n", "## Summary",
                                    "the id 'credits' is one Rulepress gives the page"),
    "attributes: id of two names": (A, "---\ntitle: Aid\n---\n\n## Summary\n\n{id=\"a b\"}\nText.\n", "{id=",
                                    "the id 'a b' is not a plain name"),
    "admonition: misspelt kind": (A, "---\ntitle: Aid\n---\n\n## Summary\n\n::: warnning Mind the gap\nText.\n:::\n",
                                  "::: warnning", "unknown admonition kind 'warnning' (did you mean warning?)"),
    "admonition: kind in capitals": (A, "---\ntitle: Aid\n---\n\n## Summary\n\n::: Note\nText.\n:::\n", "::: Note",
                                     "unknown admonition kind 'Note' (did you mean note?)"),
    "directive: walkthrough without an engine": (A, "---\ntitle: Aid\n---\n\n```walkthrough\nsetup: start\nsteps: []\n```\n",
                                                 "```walkthrough", None),
    "directive: position without an engine": (A, "---\ntitle: Aid\n---\n\n```position\nsetup: start\n```\n",
                                              "```position", None),
    "admonition: clarification without id": (R, ("::: clarification C1 Ties", "::: clarification Ties"), None, None),
    "admonition: clarification not declared": (R, ("::: clarification C1 Ties", "::: clarification C9 Ties"), "C9",
                                               "C9"),
    # -- data files
    "csv: a word in an int column": (C, ("2,5", "two,5"), "two,5", "wrong type in column 'pebbles'"),
    "csv: an empty int cell": (C, ("2,5", ",5"), ",5", "pebbles"),
    "csv: a missing column": (C, "pebbles\n1\n2\n", None, "points"),
    "csv: an extra column": (C, "pebbles,points,extra\n1,2,3\n", None, "extra"),
    "csv: a row too long": (C, ("2,5", "2,5,9"), "2,5,9", None),
    "csv: a row too short": (C, ("2,5", "2"), None, None),
    "csv: empty file": (C, "", None, None),
    "csv: not UTF-8": (C, b"pebbles,points\n1,2\n\xff,5\n", None, "not UTF-8"),
    "csv: a float in an int column": (C, ("2,5", "2.5,5"), "2.5,5", "pebbles"),
    "csv: duplicate header": (C, "pebbles,pebbles\n1,2\n", None, None),
    # -- components.toml
    "kit: invalid TOML": (K, ('title = "Board"', 'title = "Board'), 'title = "Board', "invalid TOML"),
    "kit: unknown table": (K, ("[[token]]", "[[tokens]]"), "[[tokens]]", "unknown key"),
    "kit: unknown key": (K, ("cell = 20", "cell = 20\nsize = 3"), "size = 3", "unknown key 'board[0].size'"),
    "kit: paper unknown": (K, ('papers = ["a4"]', 'papers = ["a5"]'), "papers", "papers"),
    "kit: variant unknown": (K, ('variants = ["print"]', 'variants = ["glossy"]'), "variants", "variants"),
    "kit: colour name undefined": (K, ('background = "#3559c7"', 'background = "sky"'), "background", "colour"),
    "kit: board name not a slug": (K, ('name = "board"', 'name = "The Board"'), 'name = "The Board"', "slug"),
    "kit: two components one name": (K, ('name = "pad"', 'name = "board"'), None, "used by two components"),
    "kit: board map ragged": (K, (".A.\n...", ".A.\n...."), "....", "wrong width"),
    "kit: board map unknown char": (K, (".A.\n...", ".A.\n.Z."), ".Z.", None),
    "kit: board without a map": (K, ("map = '''\n.A.\n...\n'''\n", ""), None, "exactly one of"),
    "kit: board two maps": (K, ("cell = 20", "cell = 20\nrows = 3\ncolumns = 3"), "rows = 3", "exactly one of"),
    "kit: board cell zero": (K, ("cell = 20", "cell = 0"), "cell = 0", "more than 0"),
    "kit: board kind unknown": (K, ('title = "Board"', 'title = "Board"\nkind = "triangles"'), "triangles", "kind"),
    "kit: board drawing missing module": (K, ("cell = 20\nmap = '''\n.A.\n...\n'''", 'cell = 20\ndrawing = "nowhere.board"'),
                                          "drawing =",
                                          "nowhere.py"),
    "kit: board drawing beside a map": (K, ("cell = 20", 'cell = 20\ndrawing = "drawing.board"'), "map =", "has no map"),
    "kit: board drawing not a function name": (K, ("cell = 20\nmap = '''\n.A.\n...\n'''", 'cell = 20\ndrawing = "../x"'),
                                               "drawing =",
                                               "does not name a function"),
    "kit: points board without points": (K, ('title = "Board"\ncell = 20\nmap', 'title = "Board"\nkind = "points"\ncell = 20\nmap'),
                                         None, None),
    "kit: track without spaces": (K, ('title = "Board"\ncell = 20\nmap', 'title = "Board"\nkind = "track"\ncell = 20\nmap'),
                                  None, None),
    "kit: artwork file missing": (K, ('title = "Board"\ncell = 20\nmap', 'title = "Board"\nkind = "artwork"\nart = "x.svg"\ncell = 20\nmap'),
                                  None, None),
    "kit: deck data missing": (K, ('data = "scores.csv"', 'data = "cards.csv"'), 'data = "cards.csv"', "not declared"),
    "kit: deck size unknown": (K, ('title = "Score cards"', 'title = "Score cards"\nsize = "huge"'), "huge",
                               "unknown card size"),
    "kit: deck too big for the paper": (K, ('title = "Score cards"', 'title = "Score cards"\nsize = [300, 400]'),
                                        "size =", "larger than the printable area"),
    "kit: template unknown column": (K, ('value = "{points}"', 'value = "{score}"'), "value =", "column"),
    "kit: template broken": (K, ('value = "{points}"', 'value = "{points"'), "value =", "template"),
    "kit: quantity column missing": (K, ('quantity = ""', 'quantity = "copies"'), "quantity", "copies"),
    "kit: back pattern unknown": (K, ('pattern = "dots"', 'pattern = "plaid"'), "pattern", "pattern"),
    "kit: art with a value": (K, ('value = "{points}"', 'value = "{points}"\nart = "cardart.face"'), None, None),
    "kit: stat in the corner index's place": (K, ('value = "{points}"', 'value = "{points}"\ncorner = "{pebbles}"\n'
                                                  'stats = [{ at = "top-left", label = "P", value = "{points}" }]'),
                                              None, "corner index"),
    "kit: stat corner unknown": (K, ('value = "{points}"', 'value = "{points}"\n'
                                     'stats = [{ at = "middle", label = "P", value = "{points}" }]'), "stats", None),
    "kit: unknown icon": (K + ">" + C, ('value = "{points}"', 'value = "{points}"\nicon = "unicorn"'), "1,2",
                          "unknown icon"),
    "kit: title too long for the card": (K + ">" + C, ('title = "Pebble {pebbles}"',
                                             'title = "Pebble {pebbles} of the very long and winding river valley road"'),
                                         "1,2", "does not fit"),
    "kit: sheet widths count": (K, ("column_widths = [60, 30]", "column_widths = [60, 30, 20]"), None, None),
    "kit: sheet data without fields": (K, ("rows = 4", 'rows = 4\ndata = "scores.csv"'), None, "fields"),
    "kit: token size negative": (K, ("size = 18", "size = -18"), "size = -18", None),
    "kit: token count zero": (K, ("count = 4", "count = 0"), "count", None),
    "kit: token shape unknown": (K, ("size = 18", 'size = 18\nshape = "hex"'), "shape", None),
    "kit: instead without use": (K, ("[[token]]", '[[instead]]\ncomponent = "Dice"\n\n[[token]]'), None,
                                 "missing required key"),
    "kit: edition column unknown": (K, ("[[board]]", '[[edition]]\nname = "short"\ncolumn = "set"\nvalues = ["a"]\n\n[[board]]'),
                                    None, "set"),
    "kit: not UTF-8": (K, b'[kit]\npapers = ["a4"]\n# caf\xe9\n', None, "not UTF-8"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A good site with a kit, built once: each case starts from a copy of it and its output."""
    site = make_site(tmp_path_factory.mktemp("good") / "site", content__pebbles__components__toml=COMPONENTS)
    (site / "content/pebbles/components.toml").write_text(COMPONENTS, encoding="utf-8")
    assert main(["build", str(site), "-q"]) == 0
    return site


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_the_suite_has_over_a_hundred_cases():
    assert len(CASES) >= 100


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_gives_exit_1_with_file_and_line_and_keeps_the_output(case, built, tmp_path, capsys):
    name, change, marker, message = CASES[case]
    name, _, reported = name.partition(">")  # "changed>reported": a data row's error names the data file
    site = Path(shutil.copytree(built, tmp_path / "site", symlinks=True))
    before = snapshot(site / "output")
    path = site / name
    if isinstance(change, bytes):
        path.write_bytes(change)
    elif isinstance(change, str):
        path.write_text(change, encoding="utf-8")
    else:
        text = path.read_text(encoding="utf-8")
        assert change[0] in text, f"the case's text is not in {name}: {change[0]!r}"
        path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    code = main(["build", str(site)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    path = site / reported if reported else path
    assert str(path) in err, err
    if marker is not None:
        data = path.read_bytes()
        line = next(n for n, text in enumerate(data.split(b"\n"), 1) if marker.encode() in text)
        assert f"{path}:{line}" in err, err
    if message is not None:
        assert message.lower() in err.lower(), err
    assert snapshot(site / "output") == before
