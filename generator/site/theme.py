"""Where templates come from: the site's own `templates/` first, file by file,
then the default theme that ships inside the package."""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_THEME = Path(__file__).resolve().parent.parent / "theme"


def theme_dirs(site_root: Path) -> list[Path]:
    own = site_root / "templates"
    dirs = [own] if own.is_dir() and own.resolve() != PACKAGE_THEME.resolve() else []
    return dirs + [PACKAGE_THEME]


def template_cache() -> Path | None:
    """Where compiled templates are kept, for every site of this user: like
    Python's __pycache__, they depend only on the template's text (Jinja2
    checks it before reuse), so a clean build need not compile them again."""
    from generator.usercache import user_cache

    return user_cache("templates")  # None: nowhere to keep them, compile each time


def make_environment(site_root: Path, bytecode_dir: Path | None = None):
    """The template environment; with `bytecode_dir`, compiled templates are kept
    there between builds (Jinja2 checks each template's source before reuse)."""
    import jinja2  # not at import time: a no-op build never renders a template

    cache = None
    if bytecode_dir is not None:
        bytecode_dir.mkdir(parents=True, exist_ok=True)
        cache = checked_bytecode_cache(jinja2, bytecode_dir)
    env = jinja2.Environment(
        bytecode_cache=cache,
        loader=jinja2.FileSystemLoader([str(d) for d in theme_dirs(site_root)]),
        autoescape=jinja2.select_autoescape(["html", "xml"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.filters["html_attr"] = html_attr
    # English unless a render passes its language's words (generator/i18n/interface.template_words)
    env.install_null_translations(newstyle=True)
    return env


def render_in_language(template, data: dict, language: str | None = None) -> str:
    """`template` rendered with `data`, its interface words in `language` (default: the
    language of the data's game, else its site's: generator/i18n/interface.reader_language)."""
    from generator.i18n.interface import reader_language, template_words

    language = language or reader_language(data.get("game"), data.get("site"))
    return template.render(**{**template_words(language), **data})


def checked_bytecode_cache(jinja2, folder: Path):
    """Jinja2's file cache of compiled templates, each entry checked before use: Jinja2's own
    format unpickles the entry's header and raised on a damaged one (an internal error on every
    build until the file was deleted). Here an entry is a sha256 of the rest, then the template's
    source checksum, then its code: one that does not match is compiled again and stored over."""
    import hashlib
    import marshal

    magic = b"rulepress-template-1\n"

    class Checked(jinja2.FileSystemBytecodeCache):
        def load_bytecode(self, bucket) -> None:
            try:
                with open(self._get_cache_filename(bucket), "rb") as stream:
                    data = stream.read()
            except OSError:
                return
            seal, rest = data[len(magic):len(magic) + 32], data[len(magic) + 32:]
            source, _, code = rest.partition(b"\n")
            if not data.startswith(magic) or seal != hashlib.sha256(rest).digest() or \
                    source != bucket.checksum.encode("utf-8"):
                return  # damaged, or the template changed: compiled again
            try:
                bucket.code = marshal.loads(code)
            except (EOFError, ValueError, TypeError):
                bucket.reset()

        def dump_bytecode(self, bucket) -> None:
            rest = bucket.checksum.encode("utf-8") + b"\n" + marshal.dumps(bucket.code)
            temporary = Path(self._get_cache_filename(bucket) + f".{os.getpid()}.tmp")
            try:
                temporary.write_bytes(magic + hashlib.sha256(rest).digest() + rest)
                temporary.replace(self._get_cache_filename(bucket))  # whole or absent, for a build beside this one
            except OSError:
                temporary.unlink(missing_ok=True)

    return Checked(str(folder), "__rulepress_%s.template")


def html_attr(value):
    """`value` escaped as the standard library escapes HTML (quotes as &quot; and &#x27;), for
    templates that hold attribute values which were written with html.escape."""
    from html import escape

    from markupsafe import Markup

    return Markup(escape(str(value), quote=True))


def find_asset(site_root: Path, name: str) -> Path | None:
    """An asset file (under assets/) with the same override order as templates."""
    for folder in theme_dirs(site_root):
        candidate = folder / "assets" / name
        if candidate.is_file():
            return candidate
    return None


def asset_names(site_root: Path) -> list[str]:
    names = set()
    for folder in theme_dirs(site_root):
        assets = folder / "assets"
        if assets.is_dir():
            names.update(str(p.relative_to(assets)) for p in assets.rglob("*") if p.is_file())
    return sorted(names)
