"""The stage contract (generator/stages.py): a stage hands the Builder sections as a template
name and data, and the Builder renders them with the site's templates first; a directive is
declared once with its web and paper renderings; `check` is the build, writing nothing."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import build, default_stages
from generator.site.theme import PACKAGE_THEME
from generator.stages import Directive, GameOutput, Section, Stage
from generator.urls import rules_pdf
from tests.interactive.helpers import copy_fixture

ROOT = Path(__file__).resolve().parents[2]


def test_a_site_override_of_the_rulebook_and_play_section_templates_is_used(tmp_path):
    site = copy_fixture(tmp_path / "site")
    (site / "templates").mkdir()
    for name, mark in (("rulebook-section.html", "Our own rulebook section."),
                       ("play-section.html", "Our own play section.")):
        template = (PACKAGE_THEME / name).read_text()
        (site / "templates" / name).write_text(f"<p>{mark}</p>\n" + template)
    build(site)
    rules = (site / "output/hop/index.html").read_text()  # the rules page
    assert "<p>Our own rulebook section.</p>" in rules
    assert "<p>Our own play section.</p>" in rules
    assert 'class="rulebook-downloads"' in rules and 'data-rp-widget="play"' in rules  # and the theme's own markup


def test_a_game_output_survives_the_build_cache_unchanged():
    """What a stage made is kept between builds as JSON: read back, it is the same."""
    made = GameOutput(sections={"g/rules.html": [Section("kit", "Kit", "kit-section.html", {"kits": [{"a": 1}]})]},
                      files=("g/kit/a.pdf",), cover="g/kit/board.svg", bundle="_play/g.1.zip", runtime="_pyodide/")
    assert GameOutput.from_json(made.to_json()) == made


def test_a_section_without_a_template_is_refused():
    with pytest.raises(ValueError, match="template"):
        Section("kit", "Kit", "", {})


def test_check_runs_the_build_and_leaves_the_site_folder_as_it_was(tmp_path):
    """`check` is the build with an output that writes nothing (issue 27.6): its stages run
    (a kit, a rulebook, widgets) but no output, staging folder or build cache appears."""
    from generator.build import check

    site = copy_fixture(tmp_path / "site")
    before = sorted(path.relative_to(site) for path in site.rglob("*"))
    assert check(site).site.game("hop") is not None
    assert sorted(path.relative_to(site) for path in site.rglob("*") if "__pycache__" not in path.parts) == before
    assert not (tmp_path / "site" / "output").exists()


def paper_note(options: dict, context) -> list:
    """The paper rendering of the test's `note` directive: one paragraph."""
    from generator.paper import Words

    return [Words(f"Printed note: {options['text']}")]


class NoteStage(Stage):
    """A stage with one directive, declared once with its web and paper renderings."""

    name = "notes"

    def directives(self, site) -> dict[str, Directive]:
        return {"note": Directive(lambda options, context: f"<p>Web note: {options['text']}</p>\n",
                                  paper=paper_note)}


def test_a_stage_directive_is_rendered_on_the_page_and_in_the_rulebook_from_its_one_declaration(tmp_path):
    from io import BytesIO

    from pypdf import PdfReader

    site = copy_fixture(tmp_path / "site",
                        {"content/hop/rules.md": ("## A turn\n", "```note\ntext: Mind the gap\n```\n\n## A turn\n")})
    build(site, stages=[*default_stages(), NoteStage()])
    assert "<p>Web note: Mind the gap</p>" in (site / "output/hop/index.html").read_text()
    pdf = PdfReader(BytesIO((site / "output/hop" / rules_pdf("hop", "a4")).read_bytes()))
    assert "Printed note: Mind the gap" in "".join(page.extract_text() for page in pdf.pages)


def test_a_directive_declares_its_paper_rendering_as_a_function_beside_its_web_one():
    with pytest.raises(ValueError, match="is a function"):
        Directive(lambda options, context: "", paper="generator.rulebook.directives:PaperDirectives.table")
    with pytest.raises(ValueError, match="needs its paper rendering"):
        Directive(lambda options, context: "", draws=True)


PAGES_ONLY = """
import sys
from generator.build import build
build(sys.argv[1])
print("reportlab" in sys.modules)
"""


def test_a_site_without_rulebooks_never_imports_reportlab(tmp_path):
    """The paper renderings in the directive registry say what prints (generator/paper.py): reportlab
    is imported only when a book is set."""
    import subprocess
    import sys

    site = copy_fixture(tmp_path / "site")
    site_toml = site / "content/site.toml"
    site_toml.write_text("rulebooks = false\n" + site_toml.read_text())
    done = subprocess.run([sys.executable, "-c", PAGES_ONLY, str(site)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
