"""What the Builder does with its stages beside calling their hooks: the StageContext it hands
them, starting them (each with the products it reads), the directives of the build, and what
their GameOutputs give the pages (sections rendered from templates, covers, cache entries)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from generator import cache as build_cache
from generator.fingerprint import digest
from generator.stages import Directive, GameOutput, Products, Section, Stage, StageContext

if TYPE_CHECKING:
    from generator.content.model import Site


def stage_context(site: Site, context, hashes: dict[str, str], processes: int | None) -> StageContext:
    """What the stages get from this build: its assets, source hashes, templates and cores."""
    from generator.children import worker_count

    return StageContext(assets=context.assets, hashes=hashes, render=template_renderer(site.root, context.bytecode_dir),
                        workers=processes or worker_count(), notes=context.notes)


def template_renderer(root: Path, bytecode_dir: Path | None) -> Callable[[str, dict], str]:
    """(template name, data) -> text, with the site's templates first; the environment is
    made at the first use (a build whose stages render nothing never makes it)."""
    environment = []

    def render(name: str, data: dict) -> str:
        from generator.site.theme import make_environment, render_in_language

        if not environment:
            environment.append(make_environment(root, bytecode_dir))
        return render_in_language(environment[0].get_template(name), data)

    return render


def start_stages(stages: list[Stage], site: Site, context: StageContext) -> None:
    """Start a build (or check) in every stage, each handed the products it reads (and only
    those). Every directive, its web and paper renderings, goes into `context.directives`: the
    pages' and the printed books'."""
    products = {stage.product.name: stage.product for stage in stages if stage.product is not None}
    for stage in stages:
        stage.start(site, replace(context, products=Products(stage.name, stage.reads, products)))
    context.directives.update(directive_registry(site, stages))


def builtin_directives() -> dict[str, Directive]:
    """The directives every site has, whatever its stages (generator/markdown): data tables and
    the list of a page's clarifications."""
    from generator.markdown.tables import (clarifications_directive, clarifications_on_paper, table_directive,
                                           table_on_paper)

    return {"table": Directive(table_directive, paper=table_on_paper),
            "clarifications": Directive(clarifications_directive, paper=clarifications_on_paper)}


def directive_registry(site: Site, stages: list[Stage]) -> dict[str, Directive]:
    """Every directive of a site built with `stages`, by name: the built-in ones and each stage's."""
    registry = builtin_directives()
    for stage in stages:
        for name, directive in stage.directives(site).items():
            # a bare function is a directive of the web alone
            registry[name] = directive if isinstance(directive, Directive) else Directive(directive)
    return registry


def add_games(stages: list[Stage], site: Site, context, stages_context: StageContext,
              made: dict[tuple[str, str], tuple[str, GameOutput, list[str]]],
              entries: dict[str, build_cache.GameEntry]) -> dict[str, str]:
    """What the stages made (Builder.make_games), given to the pages in the stages' order, and
    each game's entry of the build cache (`entries`). Returns, per game, a key of what the
    stages give its pages (their info: sections, file names), not of their inputs: an edited
    page changes the rulebook's inputs, but not the section that offers it."""
    keys: dict[str, list[str]] = {game.slug: [] for game in site.games}
    for stage in stages:
        for game in site.games:
            if (stage.name, game.slug) not in made:
                continue
            key, game_output, files = made[stage.name, game.slug]
            add_sections(context, game_output, game, stages_context.render)
            info = game_output.to_json()
            keys[game.slug].append(digest(stage.name, json.dumps(info, sort_keys=True)))
            entries[f"{stage.name}/{game.slug}"] = build_cache.GameEntry(key, files, info)
    return {slug: digest(*parts) for slug, parts in keys.items()}


def add_sections(context, made: GameOutput, game, render: Callable[[str, dict], str]) -> None:
    """What a stage's GameOutput gives pages: its sections, each
    rendered from its template, and the game's picture on the index."""
    for url, sections in sorted(made.sections.items()):
        context.sections.setdefault(url, []).extend(
            {"id": section.id, "title": section.title, "html": section_html(section, game, context.site, render)}
            for section in sections)
    if made.cover:
        context.covers[game.slug] = made.cover
    if made.social:
        context.socials[game.slug] = made.social


def section_html(section: Section, game, site: Site, render: Callable[[str, dict], str]) -> str:
    """A stage's section as its page shows it: its template, with its data, the game and the site."""
    return render(section.template, {**section.data, "game": game, "site": site})
