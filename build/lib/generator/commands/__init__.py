"""One module per CLI command: NAME, HELP, add_arguments(parser), run(args)."""
from pathlib import Path


def site_argument(parser) -> None:
    parser.add_argument("site", nargs="?", default=".", type=Path,
                        help="the site folder holding content/ (default: the current folder)")
