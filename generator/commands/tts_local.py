"""Write Tabletop Simulator saves that load from this machine's built output, to try a game on
the table before the site is published: beside each game's published save
(`<game>/exports/tabletop-simulator/<game>.json`, its pictures at the site's base_url), the same
save as `<game>-local.json` with the pictures as files (file:///...). Build first; a build
does not make these (they name a folder of one machine)."""
from __future__ import annotations

from pathlib import Path

from generator.commands import site_argument
from generator.errors import ContentError, ContentErrors
from generator.suggest import command

NAME = "tts-local"
HELP = "write Tabletop Simulator saves whose pictures are this machine's built files"


def add_arguments(parser) -> None:
    site_argument(parser)
    parser.add_argument("-o", "--output", type=Path, help="the built output folder (default: SITE/output)")


def run(args) -> int:
    from generator.content.load import load_site
    from generator.exports.tts import UNPUBLISHED_ROOT, local_save, save_name, site_root_url, unpublished_name
    from generator.urls import export_file

    from generator.build import with_translations

    site = with_translations(load_site(args.site.resolve()))  # a translation's save is its own
    output = (args.output or site.root / "output").resolve()
    site_url = site_root_url(site.base_url, site.path_prefix)
    written = []
    for game in (game for game in site.games if not game.release_of):
        published = output / game.slug / export_file(save_name(game.slug))
        unpublished = output / game.slug / export_file(unpublished_name(game.slug))  # a placeholder base_url's
        for source, root in ((published, site_url), (unpublished, UNPUBLISHED_ROOT)):
            if source.is_file():
                local = source.with_name(Path(save_name(game.slug, local=True)).name)
                local.write_text(local_save(source.read_text(encoding="utf-8"), root, output), encoding="utf-8")
                written.append(local)
                break
    if not written:
        raise ContentErrors([ContentError(output, None, "no Tabletop Simulator saves in the output",
                                          expected=f"a built site with exports on (`{command('build', args.site)}`)",
                                          found="no <game>/exports/tabletop-simulator/<game>.json")])
    for path in written:
        print(f"Wrote {path}")
    print("Put them in Tabletop Simulator's Saved Objects folder (see each game's rules page).")
    return 0
