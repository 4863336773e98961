"""How the package is put together, checked on the real tree (imports inside functions
count as much as those at the top):

- no import cycles;
- a stage (a package with a stage.py: kit, rulebook, interactive; build.default_stages
  lists them) never imports another stage, nor `generator.site` or `generator.pagework`:
  what it needs it gets from the Builder;
- `draw` never imports `kit`: kits are drawn with it, not the other way round;
- `play` and `browser` (what runs in the reader's browser, under Pyodide) import only the
  standard library, each other and the few generator modules the bundle ships beside them;
- no function or class runs past its cap without a reason on the line above it.

Each import rule is a function (module, imports) -> violations, so that the tests at the
end can show it failing on a small fixture. Data files are read in one place: see
tests/content/test_tables.py."""
from __future__ import annotations

import ast
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "generator"

STAGES = tuple(sorted(f"generator.{path.parent.name}" for path in PACKAGE.glob("*/stage.py")))
BELOW_STAGES = ("generator.site", "generator.pagework")  # what a stage gets from the Builder instead
# Sideways reaches a stage made before the stage contract (issue 27.1), all removed: a new one
# fails the rule, and this stays empty.
KNOWN_STAGE_REACHES: set[str] = set()

BROWSER_SIDE = ("generator.play", "generator.browser")  # they run in Pyodide
# The generator modules play/ and browser/ may import: those the bundle shipped beside them
# when it was a hand-kept list (the package, plain words for messages, the drawing model and
# its SVG backend). The bundle now follows imports (bundle.runtime_closure): this list is
# what keeps a new import from pulling more of the generator into the browser.
SHIPPED_BESIDE = {
    "generator",
    "generator.errors",
    "generator.draw",
    "generator.draw.bounds",
    "generator.draw.colour",
    "generator.draw.flatten",
    "generator.draw.icons",
    "generator.draw.shapes",
    "generator.draw.svg",
}

FUNCTION_CAP = 60
CLASS_CAP = 300  # the longest class is play/match.py's Match (291 lines)
KNOWN_LONG_CLASSES: set[str] = set()  # the kit loader's _Loader (900 lines) was the last, split in 27.5


# -- reading the tree ------------------------------------------------------------------

def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def python_files() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)


def generator_modules() -> set[str]:
    return {module_name(path) for path in python_files()}


def imports_in(source: str, module: str, modules: set[str], is_package: bool = False) -> set[str]:
    """Every module `source` (the text of `module`) imports, at the top or inside a function:
    a generator module by its own name (`from generator.errors import ContentError` is
    generator.errors), anything else as written (`from os import path` is os)."""
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            targets = [base]
            if base.partition(".")[0] == "generator":
                targets += [f"{base}.{alias.name}" for alias in node.names]  # `from pkg import module`
        else:
            continue
        for target in targets:
            if target.partition(".")[0] == "generator":
                while target and target not in modules:
                    target = target.rpartition(".")[0]
            if target and target != module:
                found.add(target)
    return found


def imports_of(path: Path, modules: set[str]) -> set[str]:
    return imports_in(path.read_text(encoding="utf-8"), module_name(path), modules,
                      is_package=path.name == "__init__.py")


def import_graph() -> dict[str, set[str]]:
    """Generator module -> the generator modules it imports."""
    modules = generator_modules()
    return {module_name(path): {name for name in imports_of(path, modules) if name in modules}
            for path in python_files()}


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


# -- the rules: (module, imports) -> violations ----------------------------------------

def stage_reaches(module: str, imports: set[str]) -> list[str]:
    """A stage's modules import neither another stage nor the site or pagework."""
    home = next((stage for stage in STAGES if within(module, stage)), None)
    if home is None:
        return []
    forbidden = [stage for stage in STAGES if stage != home] + list(BELOW_STAGES)
    return [f"{module} -> {name}" for name in sorted(imports)
            if any(within(name, other) for other in forbidden)]


def draw_reaches_kit(module: str, imports: set[str]) -> list[str]:
    """The drawing model knows nothing of kits."""
    if not within(module, "generator.draw"):
        return []
    return [f"{module} -> {name}" for name in sorted(imports) if within(name, "generator.kit")]


def browser_side_reaches(module: str, imports: set[str]) -> list[str]:
    """What runs in the browser imports the standard library, its own side and what ships with it."""
    if not any(within(module, side) for side in BROWSER_SIDE):
        return []
    outside = []
    for name in sorted(imports):
        if name.partition(".")[0] == "generator":
            ok = name in SHIPPED_BESIDE or any(within(name, side) for side in BROWSER_SIDE)
        else:
            ok = name.partition(".")[0] in sys.stdlib_module_names
        if not ok:
            outside.append(f"{module} -> {name}")
    return outside


def violations(rule) -> set[str]:
    modules = generator_modules()
    return {found for path in python_files() for found in rule(module_name(path), imports_of(path, modules))}


def long_definitions(source: str, where: str = "") -> list[tuple[str, str, int]]:
    """Every function over FUNCTION_CAP lines and class over CLASS_CAP lines in `source`
    without a reason on the line above it ("# long: ..."), as (kind, "where name", lines)."""
    lines = source.splitlines()
    long = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            kind, cap = "function", FUNCTION_CAP
        elif isinstance(node, ast.ClassDef):
            kind, cap = "class", CLASS_CAP
        else:
            continue
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        reason = first > 1 and lines[first - 2].strip().startswith("# long:")
        length = node.end_lineno - node.lineno + 1
        if length > cap and not reason:
            long.append((kind, f"{where} {node.name}".strip(), length))
    return long


def tree_long_definitions(kind: str) -> set[str]:
    return {name for path in python_files()
            for found_kind, name, _ in long_definitions(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
            if found_kind == kind}


# -- the rules on the real tree ----------------------------------------------------------

def test_no_import_cycles_among_generator_modules():
    """Counting imports inside functions too: a cycle hidden in a function is still a cycle."""
    # a package's __init__ importing its own modules is not a cycle of the design
    graph = {m: {t for t in targets if not (m.endswith(".__init__") or t.startswith(m + "."))}
             for m, targets in import_graph().items()}
    assert cycles(graph) == []


def package_of(module: str) -> str:
    """generator.site.pages -> generator.site; a module at the top (generator.build) is its own."""
    return ".".join(module.split(".")[:2])


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Which package imports which, from the modules' imports (inside functions too)."""
    packages: dict[str, set[str]] = {}
    for module, targets in graph.items():
        for target in targets:
            if target.startswith("generator.") and package_of(target) != package_of(module):
                packages.setdefault(package_of(module), set()).add(package_of(target))
    return packages


def test_no_import_cycles_among_generator_packages():
    """Issue 41.4: content -> site -> pagework -> markdown -> content was a cycle of packages made
    by two imports inside functions, which the module graph alone does not show."""
    assert cycles(package_graph(import_graph())) == []


def test_a_package_cycle_made_through_an_import_inside_a_function_is_found():
    modules = {"generator.content.load": textwrap.dedent("""
                   def check():
                       from generator.site.pages import CSP
               """),
               "generator.site.pages": "from generator.content.model import Site\n",
               "generator.content.model": ""}
    graph = {name: imports_in(source, name, set(modules)) for name, source in modules.items()}
    assert cycles(package_graph(graph)) == [["generator.content", "generator.site"]]


# Issue 41.1: the stages hand their work to the jobs module; what else starts a process or a
# thread, and why it is not a stage's work.
STARTS_PROCESSES = {
    "generator/jobs.py": "the build's children: pools, a child, the stages' jobs",
    "generator/site/search.py": "Pagefind's client: one service per core, and a thread writing to each",
    "generator/watchdog.py": "the command line's watcher: the build runs in its child",
    "generator/gamecode.py": "the import probe, when the build runs as a library with no watcher",
    "generator/commands/serve.py": "the dev server's threads and its background build",
}
STARTING = re.compile(r"\bos\.fork\(|\bProcess\(|\bPool\(|Executor\(|\bThread\(|get_context\(")


def test_processes_and_threads_are_started_only_by_the_jobs_module_and_the_named_few():
    found = sorted(str(path.relative_to(ROOT)) for path in python_files()
                   if STARTING.search(path.read_text(encoding="utf-8")))
    assert [path for path in found if path not in STARTS_PROCESSES] == []


def test_the_stages_are_the_packages_with_a_stage_module():
    """The rule's stages are those the build runs (build.default_stages)."""
    tree = ast.parse((PACKAGE / "build.py").read_text(encoding="utf-8"))
    function = next(node for node in ast.walk(tree)
                    if isinstance(node, ast.FunctionDef) and node.name == "default_stages")
    shipped = {node.module.rpartition(".")[0] for node in ast.walk(function) if isinstance(node, ast.ImportFrom)}
    assert set(STAGES) == shipped and len(STAGES) >= 3


def test_stages_never_import_one_another_nor_the_site_nor_pagework():
    assert sorted(violations(stage_reaches) - KNOWN_STAGE_REACHES) == []


def test_every_known_stage_reach_is_still_there():
    """A reach that is gone leaves KNOWN_STAGE_REACHES, so it cannot come back unseen."""
    assert sorted(KNOWN_STAGE_REACHES - violations(stage_reaches)) == []


def test_draw_never_imports_kit():
    assert sorted(violations(draw_reaches_kit)) == []


def test_play_and_browser_import_only_the_standard_library_and_what_ships_with_them():
    assert sorted(violations(browser_side_reaches)) == []


def test_no_function_runs_past_60_lines_without_a_reason_beside_it():
    """A newcomer reads a function at a glance; a longer one says why on the line above it
    ("# long: ...")."""
    assert sorted(tree_long_definitions("function")) == []


def test_no_class_runs_past_300_lines_without_a_reason_beside_it():
    """The same for a class, whose cap is the longest class's today, rounded up."""
    assert sorted(tree_long_definitions("class") - KNOWN_LONG_CLASSES) == []


def test_every_known_long_class_is_still_long():
    """A class split at last leaves KNOWN_LONG_CLASSES, so it cannot grow back unseen."""
    assert sorted(KNOWN_LONG_CLASSES - tree_long_definitions("class")) == []


# -- each rule fails on a small fixture ----------------------------------------------------

FIXTURE_MODULES = {"generator", "generator.kit", "generator.kit.stage", "generator.kit.spec",
                   "generator.rulebook", "generator.rulebook.stage", "generator.rulebook.make",
                   "generator.site", "generator.site.theme", "generator.pagework", "generator.draw",
                   "generator.draw.shapes", "generator.draw.svg", "generator.errors",
                   "generator.play", "generator.play.api", "generator.browser", "generator.browser.session"}


def test_imports_inside_functions_and_relative_ones_are_counted():
    source = textwrap.dedent("""
        import json
        from os import path
        from . import spec

        def pages():
            from generator.rulebook.make import make_pdf
            from ..site.theme import template_cache
            if True:
                import generator.pagework
    """)
    assert imports_in(source, "generator.kit.stage", FIXTURE_MODULES) == {
        "json", "os", "generator.kit", "generator.kit.spec", "generator.rulebook.make",
        "generator.site.theme", "generator.pagework"}


def test_a_stage_importing_another_stage_or_the_site_is_a_violation():
    source = "def cover():\n    from generator.rulebook.stage import RulebookStage\n    import generator.pagework\n"
    imports = imports_in(source, "generator.kit.stage", FIXTURE_MODULES) | {"generator.site.theme"}
    assert stage_reaches("generator.kit.stage", imports) == [
        "generator.kit.stage -> generator.pagework",
        "generator.kit.stage -> generator.rulebook.stage",
        "generator.kit.stage -> generator.site.theme"]
    # any module of a stage's package counts, not only stage.py
    assert stage_reaches("generator.kit.cards", {"generator.rulebook.make"}) == [
        "generator.kit.cards -> generator.rulebook.make"]


def test_a_stage_may_import_its_own_package_and_the_layers_below():
    imports = {"generator.kit.spec", "generator.draw.shapes", "generator.stages", "generator.content.model",
               "generator.markdown.directives", "generator.play.tables", "json"}
    assert stage_reaches("generator.kit.stage", imports) == []
    assert stage_reaches("generator.build", {"generator.kit.stage", "generator.site.theme"}) == []  # not a stage


def test_draw_importing_kit_is_a_violation():
    imports = imports_in("def fit():\n    from generator.kit.spec import Spec\n", "generator.draw.svg", FIXTURE_MODULES)
    assert draw_reaches_kit("generator.draw.svg", imports) == ["generator.draw.svg -> generator.kit.spec"]
    assert draw_reaches_kit("generator.draw.svg", {"generator.draw.shapes", "svgwrite"}) == []
    assert draw_reaches_kit("generator.kit.cards", {"generator.kit.spec"}) == []


def test_play_or_browser_importing_outside_the_standard_library_is_a_violation():
    source = textwrap.dedent("""
        import json
        from generator.play.api import Engine
        from generator.draw.svg import to_svg

        def show():
            import jinja2
            from generator.site.theme import template_cache
            from generator.kit.spec import Spec
    """)
    imports = imports_in(source, "generator.browser.session", FIXTURE_MODULES)
    assert browser_side_reaches("generator.browser.session", imports) == [
        "generator.browser.session -> generator.kit.spec",
        "generator.browser.session -> generator.site.theme",
        "generator.browser.session -> jinja2"]
    assert browser_side_reaches("generator.play.match", {"numpy", "random", "generator.errors"}) == [
        "generator.play.match -> numpy"]
    assert browser_side_reaches("generator.kit.stage", {"jinja2"}) == []  # build-time code may


def test_a_class_over_its_cap_is_a_violation_unless_it_says_why():
    body = "".join(f"    x{i} = {i}\n" for i in range(CLASS_CAP))
    assert long_definitions(f"class Big:\n{body}", "fixture.py") == [("class", "fixture.py Big", CLASS_CAP + 1)]
    assert long_definitions(f"# long: one table of constants\nclass Big:\n{body}") == []
    assert long_definitions("class Small:\n" + "".join(body.splitlines(True)[1:])) == []  # at its cap


def test_a_function_over_its_cap_is_a_violation_unless_it_says_why():
    body = "".join(f"    x{i} = {i}\n" for i in range(FUNCTION_CAP))
    assert long_definitions(f"def big():\n{body}") == [("function", "big", FUNCTION_CAP + 1)]
    assert long_definitions(f"# long: one dispatch table\ndef big():\n{body}") == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_an_import_cycle_is_found_even_through_a_function():
    graph = {"generator.a": {"generator.b"}, "generator.b": {"generator.c"}, "generator.c": {"generator.a"},
             "generator.d": {"generator.a"}}
    assert cycles(graph) == [["generator.a", "generator.b", "generator.c"]]
