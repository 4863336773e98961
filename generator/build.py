"""The pipeline: load -> render pages (and the stages' kits and play bundles) -> write.

Stages plug in through a small protocol (any method may be missing):

    directives(site) -> {name: directive}     fenced-block directives for pages
    prepare(site, context)                   add page sections / head tags
    write(site, output, context)             write files into the staging output

Every page is read and rendered before anything is written, and all content
errors are reported together; the old output stays until the new one is whole.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from generator.content.load import load_site
from generator.content.model import Site
from generator.errors import ContentError, ContentErrors
from generator.markdown.render import RenderedPage, render_pages
from generator.site import pages as site_pages
from generator.site.assets import accent_css, hashed_name
from generator.site.sitemap import sitemap
from generator.site.theme import asset_names, find_asset, make_environment
from generator.write import Output

Progress = Callable[[str], None]


@dataclass
class BuildReport:
    site: Site
    output: Path
    files: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def pages(self) -> int:
        return sum(1 for name in self.files if name.endswith(".html"))

    @property
    def bytes(self) -> int:
        return sum(self.files.values())


def default_stages() -> list:
    """The optional stages that ship with Rulepress (kits, play), in order."""
    from generator.stages import available_stages
    return available_stages()


def check_links(rendered: dict[str, RenderedPage], output: Output | None) -> list[ContentError]:
    errors = []
    for page in rendered.values():
        for link in page.links:
            url, anchor = link["url"], link["anchor"]
            target = rendered.get(url)
            if target is None:
                if url.endswith(".html") or output is None or not output.exists(url):
                    if output is None and not url.endswith(".html"):
                        continue  # non-page files are checked once they are written
                    errors.append(ContentError(page.page.path, link["line"], "broken link",
                                               expected="a page or file of this site", found=link["href"]))
                continue
            if anchor and anchor not in target.anchors:
                errors.append(ContentError(page.page.path, link["line"], f"missing anchor #{anchor}",
                                           expected=f"a heading or id '{anchor}' in {target.page.path.name}",
                                           found=link["href"]))
    return errors


def render(site: Site, stages: list, dev_script: str = "") -> tuple[dict[str, RenderedPage], site_pages.SiteContext]:
    directives = {}
    for stage in stages:
        if hasattr(stage, "directives"):
            directives.update(stage.directives(site))
    rendered, errors = render_pages(site, directives)
    errors += check_links(rendered, None)
    if errors:
        raise ContentErrors(errors)
    context = site_pages.SiteContext(site=site, assets={}, dev_script=dev_script)
    for stage in stages:
        if hasattr(stage, "prepare"):
            stage.prepare(site, context)
    return rendered, context


def write_assets(site: Site, output: Output, context: site_pages.SiteContext) -> None:
    for name in asset_names(site.root):
        data = find_asset(site.root, name).read_bytes()
        target = "assets/" + hashed_name(name, data)
        output.write(target, data)
        context.assets[name] = target
    css = accent_css(site.accent, site.games).encode()
    target = "assets/" + hashed_name("accents.css", css)
    output.write(target, css)
    context.assets["accents.css"] = target


def build(root: Path, output_dir: Path | None = None, *, stages: list | None = None,
          progress: Progress | None = None, dev_script: str = "") -> BuildReport:
    """Build the site in `root` into `output_dir` (default root/output)."""
    started = time.perf_counter()
    say = progress or (lambda message: None)
    root = Path(root)
    output_dir = Path(output_dir) if output_dir else root / "output"
    stages = default_stages() if stages is None else stages
    say("loading content")
    site = load_site(root)
    say("rendering pages")
    rendered, context = render(site, stages, dev_script)
    output = Output(output_dir)
    try:
        write_assets(site, output, context)
        for stage in stages:
            if hasattr(stage, "write"):
                say(f"writing {getattr(stage, 'name', type(stage).__name__)}")
                stage.write(site, output, context)
        say("writing pages")
        env = make_environment(site.root)
        for game in site.games:
            for page in game.pages:
                output.write(page.url, site_pages.render_game_page(env, context, game, rendered[page.url]))
        output.write("index.html", site_pages.render_index(env, context))
        output.write("404.html", site_pages.render_not_found(env, context))
        output.write("sitemap.xml", sitemap(site.base_url, site.path_prefix,
                                            ["index.html", *(p.url for p in site.pages)]))
        errors = check_links(rendered, output)
        if errors:
            raise ContentErrors(errors)
    except BaseException:
        output.abort()
        raise
    output.commit()
    return BuildReport(site=site, output=output_dir, files=dict(sorted(output.files.items())),
                       seconds=time.perf_counter() - started)


def check(root: Path, stages: list | None = None) -> Site:
    """Validate all content and internal links without writing anything."""
    site = load_site(Path(root))
    render(site, default_stages() if stages is None else stages)
    return site
