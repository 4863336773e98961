"""The kits of a clean build made in one child process, forked before the other stages start.

Drawing, preflighting and typesetting the print-and-play kits is a core's worth of work that
reads nothing another stage makes; the build's own process would otherwise do it between the
rulebooks' checks and the pages, while the second core waits for the first rulebook child.
The child checks (preflight) first and sends its errors, then makes each game's files in the
build's staging folder and sends what the pages show of them (GameOutput) with the files'
sizes. The build reads the errors where it checks the kit stage and the rest where it makes the
kit stage's games, so it reports and makes exactly what it would have in one process, byte for
byte. The child dies with the build (PR_SET_PDEATHSIG) and is killed if the build fails.
"""
from __future__ import annotations

from generator.children import die_with_parent, send_failure
from generator.jobs import child


class KitsAhead:
    """One child making `making` (games) after checking `checking`, for a KitStage (`stage`)."""

    def __init__(self, stage, site, output, context, checking: list, making: list):
        self.slugs = {game.slug for game in making}
        self.process, self.reader = child(_make_in_child, stage, site, output, context, checking, making)
        self.checked: list | None = None  # the check's errors, once read
        self.made: dict | None = None  # slug -> (GameOutput, {file: size}), once read

    def errors(self) -> list:
        """The errors of the kits' check (preflight), waiting for them."""
        if self.checked is None:
            kind, found = self._next()
            if kind != "checked":
                raise RuntimeError(f"the kits' child sent {kind!r} where its check was expected")
            self.checked = found
        return self.checked

    def game(self, slug: str) -> tuple:
        """(GameOutput, {file: size}) of a game the child made, waiting for them."""
        if self.made is None:
            if self.errors():
                raise RuntimeError("the kits were not made: their check failed")
            kind, found = self._next()
            if kind != "made":
                raise RuntimeError(f"the kits' child sent {kind!r} where the kits were expected")
            self.made = found
            self.process.join()
        return self.made[slug]

    def _next(self) -> tuple:
        """The child's next message; its failure raised here as the build's own."""
        try:
            kind, found = self.reader.recv()
        except EOFError:
            self.process.join()
            raise RuntimeError(f"making the print-and-play kits stopped (exit status {self.process.exitcode})") from None
        if kind == "failed":
            self.stop()
            raise found
        return kind, found

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.reader.close()


def _make_in_child(stage, site, output, context, checking: list, making: list, pipe) -> None:
    die_with_parent()
    try:
        errors = stage.check_here(site, checking)
        pipe.send(("checked", errors))
        if errors:
            return
        made = {}
        for game in making:
            before = dict(output.files)
            game_output = stage.write_here(site, game, output, context)
            made[game.slug] = (game_output, {rel: size for rel, size in output.files.items()
                                             if before.get(rel) != size})
        pipe.send(("made", made))
    except BaseException as error:
        send_failure(pipe, error)
    finally:
        pipe.close()
