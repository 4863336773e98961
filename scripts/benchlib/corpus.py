"""A seeded corpus of rule pages (~1,600 words each: headings, lists, three
tables, cross-links), written both as a Rulepress site and as a MkDocs project
so the two tools build the same Markdown."""
from __future__ import annotations

import random
from pathlib import Path

WORDS = ("piece board turn player move roll die card hand score token rock troll dwarf "
         "square row column edge corner step push pull throw land chute fall safe zone gold "
         "chest goodie baddie deck draw pass grab dolphin letter round game win lose tie rule "
         "setup phase action attack cover damage heal weapon gadget jam loot respawn").split()
PAGES_PER_GAME = 5


def sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 16))]
    return " ".join(words).capitalize() + "."


def paragraph(rng: random.Random) -> str:
    return " ".join(sentence(rng) for _ in range(rng.randint(4, 7)))


def table(rng: random.Random) -> str:
    head = "| Roll | Effect | Points |\n|---|---|---|\n"
    return head + "".join(f"| {i} | {sentence(rng)} | {rng.randint(0, 9)} |\n" for i in range(1, 7))


def page_body(rng: random.Random, game: str, index: int, games: list[str]) -> str:
    parts = []
    for section in range(6):
        parts.append(f"## Section {section + 1} of part {index + 1}\n")
        parts.append(paragraph(rng) + "\n")
        parts.append("\n".join(f"- {sentence(rng)}" for _ in range(4)) + "\n")
        if section < 3:
            parts.append(table(rng))
        parts.append(paragraph(rng) + "\n")
        if section == 2:
            other = rng.choice(games)
            parts.append(f"See [the first part](p0.md#section-1-of-part-1) and [another game](../{other}/p1.md).\n")
    return "\n".join(parts)


HUGO_CONFIG = 'baseURL = "https://corpus.example/"\ntitle = "Corpus"\ndisableKinds = ["taxonomy", "term", "RSS"]\n'
# the article marked for Pagefind as Rulepress's theme marks its own (not the menu), so that
# Pagefind over Hugo's pages indexes what Rulepress indexes
HUGO_SINGLE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><nav>{{ range .CurrentSection.Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ end }}</nav>
<main data-pagefind-body><h1>{{ .Title }}</h1>{{ .TableOfContents }}{{ .Content }}</main></body></html>
"""
HUGO_LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>
"""


def write_corpus(root: Path, pages: int, seed: int = 1) -> tuple[Path, Path, Path]:
    """Write `pages` pages as games of PAGES_PER_GAME; return the Rulepress site,
    the MkDocs project and the Hugo site, all holding the same Markdown."""
    rng = random.Random(seed)
    count = max(1, pages // PAGES_PER_GAME)
    games = [f"g{n:04d}" for n in range(count)]
    site, mk, hugo = root / "rulepress", root / "mkdocs", root / "hugo"
    (hugo / "layouts/_default").mkdir(parents=True, exist_ok=True)
    (hugo / "hugo.toml").write_text(HUGO_CONFIG)
    (hugo / "layouts/_default/single.html").write_text(HUGO_SINGLE)
    (hugo / "layouts/_default/list.html").write_text(HUGO_LIST)
    (site / "content").mkdir(parents=True, exist_ok=True)
    # pages only, as Hugo and MkDocs make them: no typeset rulebooks (scripts/bench times those apart)
    (site / "content/site.toml").write_text('title = "Corpus"\nrulebooks = false\n')
    (mk / "docs").mkdir(parents=True, exist_ok=True)
    nav = []
    for game in games:
        names = [f"p{i}" for i in range(PAGES_PER_GAME)]
        folder = site / "content" / game
        folder.mkdir(exist_ok=True)
        (folder / "game.toml").write_text(
            f'title = "Game {game}"\ndesigners = ["Bench"]\nsource = "generated"\nlicence = "none"\n'
            f'players = {{ min = 2, max = 4 }}\nsummary = "A generated game."\npages = {["rules", *names[1:]]!r}\n'.replace("'", '"'))
        (mk / "docs" / game).mkdir(exist_ok=True)
        (hugo / "content" / game).mkdir(parents=True, exist_ok=True)
        for i, name in enumerate(names):
            body = page_body(rng, game, i, games)
            # Rulepress calls the first page rules.md; MkDocs keeps p0.md.
            rp_body = body.replace("(p0.md#", "(rules.md#").replace("/p1.md)", "/p1.md)")
            file_name = "rules.md" if i == 0 else f"{name}.md"
            (folder / file_name).write_text(f"---\ntitle: Part {i + 1}\n---\n\n{rp_body}")
            (mk / "docs" / game / f"{name}.md").write_text(f"# Part {i + 1}\n\n{body}")
            (hugo / "content" / game / f"{name}.md").write_text(f"---\ntitle: Part {i + 1}\n---\n\n{body}")
        nav.append(game)
    (mk / "docs/index.md").write_text("# Corpus\n")
    (mk / "mkdocs.yml").write_text("site_name: Corpus\nuse_directory_urls: false\n")
    return site, mk, hugo


def big_page_body(kilobytes: int, seed: int = 1) -> str:
    """A rules page of about `kilobytes` KB, as long rulebooks are written: numbered sections
    (each heading its own id) of paragraphs, lists and tables."""
    rng = random.Random(seed)
    parts, size, section = [], 0, 0
    while size < kilobytes * 1000:
        section += 1
        block = [f"## Rule {section}\n", paragraph(rng) + "\n",
                 "\n".join(f"- {sentence(rng)}" for _ in range(4)) + "\n", paragraph(rng) + "\n"]
        if section % 3 == 0:
            block.append(table(rng))
        text = "\n".join(block) + "\n"
        parts.append(text)
        size += len(text.encode("utf-8"))
    return "".join(parts)
