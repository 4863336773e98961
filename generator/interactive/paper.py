"""The paper renderings of the interactive directives (generator/paper.py): a walkthrough as a
strip of its steps, a position as its diagram, a play block as a line and a QR code to the
game's Play page. Each replays its block through the build's one replay (replays.py), the one
the page shows."""
from __future__ import annotations

from generator.errors import ContentError
from generator.paper import Diagram, Link, Strip, escape


def walkthrough_on_paper(options: dict, context) -> list:
    replayed = context.replays.walkthrough(options, context)
    walkthrough = replayed.result
    engine = Speaking(replayed.engine, context.replays.words(replayed.game))  # the book draws the steps later
    return [Strip(walkthrough.title, engine, tuple(walkthrough.steps), tuple(step.caption for step in walkthrough))]


def position_on_paper(options: dict, context) -> list:
    replayed = context.replays.position(options, context)
    engine, diagram = Speaking(replayed.engine, context.replays.words(replayed.game)), replayed.result
    drawing = engine_drawing(context, lambda: engine.render(diagram.state, diagram.highlight))
    layouts = (*getattr(engine, "layouts", ()), *getattr(engine, "print_layouts", ()))
    others = tuple(engine_drawing(context, lambda layout=layout: engine.render(diagram.state, diagram.highlight,
                                                                                layout=layout)) for layout in layouts)
    return [Diagram(drawing, diagram.title, diagram.caption, others)]


def play_on_paper(options: dict, context) -> list:
    """One line and a QR code to the game's Play page (a book prints none to a placeholder address)."""
    site = context.site
    where = site.base_url.rstrip("/") + site.path_prefix.rstrip("/") + f"/{context.game.slug}/play.html"
    return [Link(f"Play against the computer at {escape(where)}", where)]


class Speaking:
    """An engine whose drawings are made in a translated game's language (its boards' captions:
    generator/play/words.py); everything else is the engine's own."""

    def __init__(self, engine, words):
        self.engine, self.words = engine, words

    def render(self, *args, **kwargs):
        from generator.play.words import speaking

        with speaking(self.words):
            return self.engine.render(*args, **kwargs)

    def __getattr__(self, name: str):
        if name in ("engine", "words"):  # not set yet (a copy being made): not the engine's
            raise AttributeError(name)
        return getattr(self.engine, name)


def engine_drawing(context, draw):
    """What `draw` (the engine's render) returns; its failure as the page words it, at the block."""
    try:
        return draw()
    except ContentError:
        raise
    except Exception as error:  # a bug in the engine, not in the page: still say where
        raise context.error(f"the engine could not draw this diagram: {type(error).__name__}: {error}") from None
