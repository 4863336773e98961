"""The stage protocol (generator/stages.py) stays small and says what it is: at most six hooks
and one flag, listed in its docstring in the order the build calls them; and no stage holds
another (a stage reads what another publishes as a declared product, handed over by the Builder)."""
from __future__ import annotations

import inspect
import re

import pytest

from generator import stages
from generator.build import default_stages
from generator.stages import Stage

MAX_HOOKS = 6
MAX_FLAGS = 1


def hooks(cls: type) -> list[str]:
    """The protocol's hooks: the public methods of `cls`, in the order they are written."""
    return [name for name, value in vars(cls).items() if inspect.isfunction(value) and not name.startswith("_")]


def flags(cls: type) -> list[str]:
    return [name for name, value in vars(cls).items() if isinstance(value, bool)]


def documented_hooks(docstring: str) -> list[str]:
    """The hooks a docstring lists, in its order: each line that starts (indented) with `name(`."""
    return re.findall(r"^    ([a-z_]+)\(", docstring, flags=re.MULTILINE)


def test_the_stage_protocol_has_at_most_six_hooks_and_one_flag():
    assert len(hooks(Stage)) <= MAX_HOOKS, hooks(Stage)
    assert len(flags(Stage)) <= MAX_FLAGS, flags(Stage)


def test_the_protocol_docstring_lists_every_hook_in_the_order_the_class_defines_them():
    assert documented_hooks(stages.__doc__) == hooks(Stage)


def test_the_builder_calls_the_hooks_in_the_documented_order(tmp_path):
    """A stage noting each call: the first call of each hook comes in the docstring's order."""
    from generator.build import build
    from tests.sitefactory import make_site

    calls: list[str] = []

    class Noting(Stage):
        name = "noting"

        def start(self, site, context):
            calls.append("start")
            super().start(site, context)

        def directives(self, site):
            calls.append("directives")
            return {}

        def game_key(self, site, game):
            calls.append("game_key")
            return "one"

        def check(self, site, game):
            calls.append("check")
            return []

        def write_game(self, site, game, output, context):
            calls.append("write_game")
            return super().write_game(site, game, output, context)

        def write_site(self, site, output, context, uses):
            calls.append("write_site")

    build(make_site(tmp_path / "site"), stages=[Noting()], use_cache=False)
    first = sorted(set(calls), key=calls.index)
    assert first == documented_hooks(stages.__doc__)


def documented_flag(docstring: str) -> list[str]:
    return re.findall(r"The one flag: `([a-z_]+)`", docstring)


def test_the_docstring_names_the_one_flag():
    assert documented_flag(stages.__doc__) == flags(Stage)


def test_no_stage_constructor_takes_a_stage():
    for stage in default_stages():
        for parameter in inspect.signature(type(stage).__init__).parameters.values():
            annotation = str(parameter.annotation).lower()
            assert "stage" not in parameter.name.lower() and "stage" not in annotation, (type(stage), parameter)


def holds_a_stage(value, seen: set) -> bool:
    """Whether `value` is a stage, or holds one (in a container, a bound method or an object's
    attributes, followed down). A Directive is the one way a stage's method reaches others (the
    pages and the printed books render the directives of every stage): not followed."""
    if id(value) in seen or isinstance(value, stages.Directive):
        return False
    seen.add(id(value))
    if isinstance(value, Stage):
        return True
    if inspect.ismethod(value):
        return isinstance(value.__self__, Stage)
    if isinstance(value, dict):
        return any(holds_a_stage(item, seen) for item in (*value.keys(), *value.values()))
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(holds_a_stage(item, seen) for item in value)
    if hasattr(value, "__dict__") and type(value).__module__.startswith("generator."):
        return any(holds_a_stage(item, seen) for item in vars(value).values())
    return False


def test_no_stage_attribute_holds_another_stage():
    """Before and after a build of the catalogue's stages on a small site: neither a stage
    nor anything it holds (its product among them) holds a stage."""
    from generator.build import build
    from tests.errors.test_author_messages import KIT
    from tests.sitefactory import make_site
    import tempfile
    from pathlib import Path

    made = default_stages()
    for stage in made:
        assert not any(holds_a_stage(value, set()) for value in vars(stage).values()), type(stage)
    with tempfile.TemporaryDirectory() as folder:
        site = make_site(Path(folder) / "site", **{"content__pebbles__components.toml": KIT})
        build(site, stages=made, use_cache=False)
    for stage in made:
        held = {name for name, value in vars(stage).items() if name != "context" and holds_a_stage(value, set())}
        assert not held, (type(stage), held)
        assert not holds_a_stage(stage.context.products, set()), type(stage)


def test_a_stage_is_handed_only_the_products_it_reads():
    from generator.stagework import start_stages
    from generator.content.load import load_site
    from generator.stages import StageContext, no_templates
    from tests.sitefactory import make_site
    import tempfile
    from pathlib import Path

    made = default_stages()
    with tempfile.TemporaryDirectory() as folder:
        site = load_site(make_site(Path(folder) / "site"))
        start_stages(made, site, StageContext(assets={}, hashes={}, render=no_templates))
    published = {stage.product.name for stage in made if stage.product is not None}
    for stage in made:
        assert set(stage.context.products) == set(stage.reads) & published, type(stage)


def test_a_stage_asking_for_a_product_it_does_not_declare_is_refused():
    """Issue 41.4: a stage reads only what it declares (Stage.reads): the key of a product it
    does not declare is not in its own, so its files would go stale when that product changes."""
    from generator.stages import ProductNotRead, Products

    products = Products("rulebooks", ("kit drawings",), {"kit drawings": "drawings", "export formats": "formats"})
    assert products.get("kit drawings") == "drawings" and products["kit drawings"] == "drawings"
    assert list(products) == ["kit drawings"] and "export formats" not in products
    with pytest.raises(ProductNotRead, match="rulebooks stage reads 'export formats' but declares only"):
        products.get("export formats")
    with pytest.raises(ProductNotRead):
        products["export formats"]
    assert Products("kits", ("export formats",), {}).get("export formats") is None  # declared, not in this build


def test_a_build_refuses_a_stage_reading_a_product_it_does_not_declare(tmp_path):
    """The Builder hands every stage its Products: a stage that reaches for another's product
    without declaring it fails the build, naming the stage and the product."""
    from generator.build import build
    from generator.stages import ProductNotRead
    from tests.errors.test_author_messages import KIT
    from tests.sitefactory import make_site

    class Sneaking(Stage):
        name = "sneaking"

        def game_key(self, site, game):
            return "one"

        def write_game(self, site, game, output, context):
            context.products.get("kit drawings")  # the kit's product, not declared in `reads`
            return super().write_game(site, game, output, context)

    site = make_site(tmp_path / "site", **{"content__pebbles__components.toml": KIT})
    with pytest.raises(ProductNotRead, match="sneaking stage reads 'kit drawings'"):
        build(site, stages=[*default_stages(), Sneaking()], use_cache=False)
    declared = type("Declaring", (Sneaking,), {"name": "declaring", "reads": ("kit drawings",)})
    build(site, stages=[*default_stages(), declared()], use_cache=False)  # declared: read
